"""Trees built from an earlier text's tree with the same skeleton (geoverify.frontends.skeletons)."""

import re

import pytest
from lark.exceptions import UnexpectedInput

from geoverify.frontends.skeletons import SkeletonCache
from geoverify.frontends.tikz import grammar


def _tokens(tree):
    return [(t.type, str(t), t.start_pos, t.line, t.column) for t in tree.scan_values(lambda v: True)]


def _counting(parser, monkeypatch):
    parses = []
    real = parser.parse
    monkeypatch.setattr(parser, "parse", lambda text: parses.append(text) or real(text))
    return parses


@pytest.mark.parametrize("texts", [
    ["2*\\x+1", "3*\\x+0.5", "10000*\\x+.25", "1e3*\\x+2E-4"],
    ["atan2(3,4) + sin(30)", "atan2(1.5,2) + sin(0.25)"],
    ["3cm + 2pt", "0.5cm + 17pt"],
    ["90r - 2^-1", "45r - 3^-2"],
    ["{1,2,3}", "{4,5,6}"],
])
def test_expressions_that_differ_in_their_numbers_share_one_parse(texts, monkeypatch):
    cache = grammar.MATH_SKELETONS
    cache.plans.clear()
    parser = grammar.pgfmath_parser()
    fresh = [parser.parse(t) for t in texts]
    parses = _counting(parser, monkeypatch)
    built = [cache.tree(t) for t in texts]
    assert parses == texts[:1]
    for b, f in zip(built, fresh):
        assert b == f and _tokens(b) == _tokens(f)


def test_digits_inside_names_are_not_slots(monkeypatch):
    # "atan2" and "\x2" keep their digits: the skeleton differs, each is parsed
    cache = grammar.MATH_SKELETONS
    cache.plans.clear()
    parser = grammar.pgfmath_parser()
    texts = ["atan2(1,1)", "atan3(1,1)"]
    assert grammar._numbers_re().split("atan2(1,\\x2)") == ["atan2(", "1", ",\\x2)"]
    parses = _counting(parser, monkeypatch)
    for t in texts:
        cache.tree(t)
    assert parses == texts


def test_a_bad_text_raises_each_time_and_leaves_no_plan():
    cache = grammar.MATH_SKELETONS
    cache.plans.clear()
    for _ in range(2):
        with pytest.raises(UnexpectedInput):
            cache.tree("2 * * 3")
    assert not cache.plans


def test_a_slot_pattern_must_capture_exactly_once():
    cache = SkeletonCache(lambda t: None, lambda: re.compile(r"(\d)(\d)"), ("NUMBER",), typed=False)
    with pytest.raises(ValueError, match="one capturing group"):
        cache.tree("12")


def test_typed_skeletons_tell_slot_kinds_apart():
    typed = SkeletonCache(lambda t: None, lambda: re.compile(r"(\(.*?\)|\[.*?\])"), ("X",), typed=True)
    untyped = SkeletonCache(lambda t: None, lambda: re.compile(r"(\(.*?\)|\[.*?\])"), ("X",), typed=False)
    parts_a, parts_b = ["a ", "(1)", " b"], ["a ", "[1]", " b"]
    assert typed._skeleton(parts_a) != typed._skeleton(parts_b)
    assert untyped._skeleton(parts_a) == untyped._skeleton(parts_b)


def test_a_tree_that_is_a_lone_token_is_built_too():
    from lark import Lark

    from geoverify.frontends.lalr import FAST_LALR

    toy = Lark('?start: WORD | NUMBER\nWORD: /[a-z]+/\nNUMBER: /[0-9]+/\n%ignore " "', parser="lalr",
               lexer="contextual", _plugins=FAST_LALR)
    cache = SkeletonCache(toy.parse, lambda: re.compile("([0-9]+)"), ("NUMBER",), typed=False)
    first, second = cache.tree(" 12"), cache.tree(" 345")
    third = cache.tree(" 6")                       # built from the plan of " 12"
    assert (third.type, str(third), third.start_pos) == ("NUMBER", "6", 1)
    assert str(first) == "12" and str(second) == "345"
    assert type(cache.plans[" \0"]) is tuple
