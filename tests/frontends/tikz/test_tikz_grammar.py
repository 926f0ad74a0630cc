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
