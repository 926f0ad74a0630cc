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


# -- property: a built tree is the parse, whatever fills the groups ------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

_INSIDE = st.text(alphabet="AB01.5,:-+!$\\x ()[]{}=_^", max_size=12)
_GROUPS = st.one_of(
    _INSIDE.map(lambda s: "(" + s + ")"),
    _INSIDE.map(lambda s: "[" + s + "]"),
    _INSIDE.map(lambda s: "{" + s + "}"),
)
_WORDS = st.sampled_from(["--", "..", "controls", "and", "node", "circle", "rectangle", "to", "|-", "-|", "cycle",
                          "++", "+", "coordinate", "at", "let \\p1=", "in", "edge", "pic", "plot", "grid", "arc",
                          " ", "\n", "x", "\\par"])


@settings(max_examples=300, deadline=None)
@given(items=st.lists(st.one_of(_WORDS, _GROUPS), min_size=1, max_size=8), refills=st.lists(_GROUPS, min_size=8,
                                                                                           max_size=8))
def test_a_built_tree_is_the_parse_of_its_text(items, refills):
    """Texts made of path words and groups with random insides; each text again with other groups of
    the same brackets: whenever the cache builds a tree, it is the parse (or both raise)."""
    cache = SkeletonCache(lambda text: grammar.path_parser().parse(text), grammar._groups_re,
                          ("PAREN", "OPTIONS", "BRACED"), typed=True)
    first = " ".join(items)
    it = iter(refills)
    second = " ".join(next((g for g in it if g[0] == x[0]), x) if x[:1] in "([{" and len(x) > 1 else x
                      for x in items)
    for text in (first, first, second, second):
        try:
            expected = grammar.path_parser().parse(text)
        except UnexpectedInput:
            with pytest.raises(UnexpectedInput):
                cache.tree(text)
            continue
        got = cache.tree(text)
        assert got == expected and _tokens(got) == _tokens(expected)
