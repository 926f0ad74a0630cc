"""The TikZ path grammar's shared parse trees (geoverify.frontends.tikz.grammar.parse_path)."""

import dataclasses
import json

import numpy as np
import pytest
from lark.exceptions import UnexpectedInput

from geoverify.frontends.tikz import grammar, parse_tikz

_FIGURE = r"""\begin{tikzpicture}
\coordinate (A) at (0,0); \coordinate (B) at (2,1);
\foreach \i in {1,2,3} { \draw (A) -- (B) node[midway, above] {$m$}; \draw (\i,0) circle (0.5); }
\draw[->] (A) to[bend left] (B);
\draw (A) -- (B);
\end{tikzpicture}"""


def _plain(v):
    if isinstance(v, np.ndarray):
        return v.tolist()
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


def _scene_json(text):
    scene = parse_tikz(text)
    assert len(scene.primitives) > 5
    return json.dumps([_plain(p) for p in scene.primitives] + [d.to_dict() for d in scene.diagnostics],
                      sort_keys=True, default=str)


def test_a_path_text_is_parsed_once_and_its_tree_shared():
    text = "(A) -- (B) node[midway] {x}"
    assert grammar.parse_path(text) is grammar.parse_path(text)
    assert grammar.parse_path(text) is not grammar.parse_path(text + " ")


def test_a_path_that_does_not_parse_raises_every_time_and_is_not_kept():
    bad = "(A) -- -- ("
    for _ in range(2):
        with pytest.raises(UnexpectedInput):
            grammar.parse_path(bad)
    assert bad not in grammar._PATHS


def test_shared_trees_give_the_same_scene_as_fresh_ones(monkeypatch):
    """The interpreter only reads the trees: a figure run on shared trees draws what fresh trees draw."""
    grammar._PATHS.clear()
    first = _scene_json(_FIGURE)      # repeated paths inside the figure come from the cache
    again = _scene_json(_FIGURE)      # every path from the cache
    import geoverify.frontends.tikz.interpreter as interpreter

    monkeypatch.setattr(interpreter, "parse_path", lambda text: grammar.path_parser().parse(text))
    fresh = _scene_json(_FIGURE)
    assert first == again == fresh


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(grammar, "_PATHS_MAX", 3)
    grammar._PATHS.clear()
    for i in range(10):
        grammar.parse_path(f"({i},0) -- (0,{i})")
    assert 1 <= len(grammar._PATHS) <= 3


def _tokens(tree):
    return [(t.type, str(t), t.start_pos, t.line, t.column) for t in tree.scan_values(lambda v: True)]


def _parse_paths(texts, monkeypatch):
    """``(texts Lark parsed, parse_path's trees, fresh parses)`` of ``texts`` read in order from empty tables."""
    grammar._PATHS.clear()
    grammar.PATH_SKELETONS.plans.clear()
    parser = grammar.path_parser()
    fresh = [parser.parse(t) for t in texts]
    parses = []
    real_parse = parser.parse
    monkeypatch.setattr(parser, "parse", lambda text: parses.append(text) or real_parse(text))
    return parses, [grammar.parse_path(t) for t in texts], fresh


# Paths that differ only inside their groups (coordinates, options, braces), each list sharing a skeleton.
_SAME_SKELETON = [
    [r"(0,0) -- (1,2) node[above] {$A_1$}", r"(13,0.5) -- (B) node[left, red] {$x$}"],
    [r"[thick,->] (0,0) -- ++(3,0) node[right] {$x$}", r"[dashed] (A.north) -- ++(3,444) node[right] {}"],
    [r"(A1) -- (B12) -- cycle", r"(A3) -- (B4) -- cycle", r"($(A)!0.5!(B)$) -- (1:2) -- cycle"],
    [r"plot coordinates {(0,1) (2,3) (4,5)}", r"plot coordinates {(10,11)}"],
    ["(0,0)\n  .. controls (1,1) and (2,2) ..\n  (3,0)", "(50,0)\n  .. controls (1,71) and (2,2) ..\n  (30000,10)"],
    [r"(0,0) node[draw, minimum size=1cm] {text {with} 2 braces}", r"(1,1) node[draw] {\{ escaped \}}"],
    [r"coordinate (a) at (1,1)", r"coordinate (bb) at ($(a)+(2,3)$)"],
]


@pytest.mark.parametrize("texts", _SAME_SKELETON, ids=lambda t: t[0][:24])
def test_a_path_built_from_its_skeleton_is_the_tree_a_parse_gives(texts, monkeypatch):
    """The second path of a skeleton is built from the first one's plan, not parsed; it is the same
    tree, with the same token types, texts and positions, as parsing it."""
    parses, built, fresh = _parse_paths(texts, monkeypatch)
    assert parses == texts[:1]                     # only the first was parsed
    for b, f in zip(built, fresh):
        assert b == f and _tokens(b) == _tokens(f)


@pytest.mark.parametrize("texts", [
    # "let ... in" reads over its coordinates: a group that is not a token of its own
    [r"let \p1=(1in,2) in (\p1) circle (3pt)", r"let \p1=(2, 3) in (\p1) circle (1pt)"],
    # what stands between "at" and "(" is dropped as one token, brackets and all
    [r"coordinate (a) at x[1](b)", r"coordinate (c) at x[2](d)"],
])
def test_a_skeleton_whose_groups_are_not_tokens_is_parsed_each_time(texts, monkeypatch):
    parses, built, fresh = _parse_paths(texts, monkeypatch)
    assert parses == texts
    for b, f in zip(built, fresh):
        assert b == f and _tokens(b) == _tokens(f)


def test_paths_with_the_skeleton_mark_or_without_groups_are_parsed():
    grammar._PATHS.clear()
    grammar.PATH_SKELETONS.plans.clear()
    for text in ["", "(A) -- (B) node {\0}", "(0,0) node {1\0}", "(1,1) node {2\0}"]:
        assert grammar.parse_path(text) == grammar.path_parser().parse(text)
    assert len(grammar.PATH_SKELETONS.plans) == 0


def test_a_broken_path_with_the_skeleton_of_a_good_one_still_fails():
    grammar._PATHS.clear()
    grammar.PATH_SKELETONS.plans.clear()
    grammar.parse_path("(1,2) -- (3,4)")
    grammar.parse_path("(5,6) -- (7,8)")
    for bad in ["(1,2) -- -- (3,4)", "(1,2) -- (3,4"]:
        with pytest.raises(UnexpectedInput):
            grammar.parse_path(bad)


def test_the_skeleton_table_is_bounded(monkeypatch):
    monkeypatch.setattr(grammar.PATH_SKELETONS, "max_size", 3)
    grammar.PATH_SKELETONS.plans.clear()
    for i in range(10):
        grammar.parse_path(f"({i},0) {'-- (1,1) ' * i}")
    assert 1 <= len(grammar.PATH_SKELETONS.plans) <= 3
