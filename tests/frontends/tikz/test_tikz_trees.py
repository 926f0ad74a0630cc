"""Trees (child): TikZ's default growth function, level styles, missing children, edges from parents.

Numbers from latex + dvisvgm (bp, y down) of the same pictures.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline, TextLabel

from tikz_fixtures import close

BP = 72.27 / 72  # pt per bp

TREE = r"""\begin{tikzpicture}[level 1/.style={sibling distance=20mm}, level distance=12mm]
\node[draw] {root}
  child {node[draw] {a}}
  child {node {b} child {node {d}} child {node {e}}}
  child[missing]
  child {node[circle,draw] {c}};
\end{tikzpicture}"""


def _centre(p):
    return (p.points.min(axis=0) + p.points.max(axis=0)) / 2


def test_children_are_spread_by_the_sibling_distance_of_their_level():
    sc = parse_tikz(TREE)
    boxes = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    root, a = boxes[0], boxes[1]
    # TeX: root box centre (19.0508, -65.4160), a's (-65.9903, -31.4004): the first of four
    # children (one missing) sits 1.5 sibling distances left and one level distance down.
    assert close(_centre(a) - _centre(root), (-85.0411 * BP, -34.0156 * BP), tol=3e-3)
    c = [p for p in sc.primitives if isinstance(p, Circle)][0]
    assert c.center[0] - _centre(root)[0] == pytest.approx(1.5 * 20 * 72.27 / 25.4, abs=1e-6)
    assert {t.text for t in sc.primitives if isinstance(t, TextLabel)} == {"root", "a", "b", "c", "d", "e"}


def test_edge_from_parent_joins_the_node_borders():
    sc = parse_tikz(TREE)
    root = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][0]
    edges = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    assert len(edges) == 5  # root-a, root-b, b-d, b-e, root-c; none to the missing child
    # TeX: M6.5234-60.40625 L-59.9805-33.8008, the root box centre at (19.0508, -65.4160)
    e = edges[0].points - _centre(root)
    want = np.array([(6.5234 - 19.0508, -65.4160 + 60.40625), (-59.9805 - 19.0508, -65.4160 + 33.8008)]) * BP
    assert close(e, want, tol=5e-3)


def test_grow_right_puts_the_first_child_below_and_edge_options_apply():
    sc = parse_tikz(r"""\begin{tikzpicture}[grow=right]
    \node {r} child {node {x}} child {node {y} edge from parent[dashed]};\end{tikzpicture}""")
    first, second = [p for p in sc.primitives if isinstance(p, Polyline)]
    # TeX: M-61.25781-14.59375 L-30.3555 .8555 (to x), the dashed one to y rises.
    d = first.points[1] - first.points[0]
    assert close(d, ((61.25781 - 30.3555) * BP, -(14.59375 + 0.8555) * BP), tol=3e-3)
    assert second.points[1][1] > second.points[0][1] and second.style.dash is not None


def test_styles_from_a_pictures_options_end_with_the_picture():
    sc = parse_tikz(TREE + r"\begin{tikzpicture}\node {r} child {node {x}} child {node {y}};\end{tikzpicture}")
    x = [t for t in sc.primitives if isinstance(t, TextLabel) and t.text == "x"][0]
    r = [t for t in sc.primitives if isinstance(t, TextLabel) and t.text == "r"][0]
    assert x.anchor[0] - r.anchor[0] == pytest.approx(-7.5 * 72.27 / 25.4)  # 15 mm apart, not 20 mm


def test_children_nested_eight_levels_deep():
    # each level of children is one more group of braces around the next (TeX: the boxes'
    # south-west corners 42.52 bp = 15 mm apart, the last two children 21.26 bp either side)
    sc = parse_tikz(r"""\begin{tikzpicture}
\node[draw] {1} child { node[draw] {2} child { node[draw] {3} child { node[draw] {4} child { node[draw] {5}
  child { node[draw] {6} child { node[draw] {7} child { node[draw] {8} } child { node[draw] {9} } } } } } } };
\end{tikzpicture}""")
    assert not sc.diagnostics
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    corners = np.array(sorted((tuple(b.min(axis=0)) for b in boxes), key=lambda c: (-c[1], c[0])))
    assert len(corners) == 9
    tex = np.array([(-50.54297, 58.73828), (-50.54297, 16.2187), (-50.54297, -26.3008), (-50.53906, -68.8199),
                    (-50.53906, -111.3399), (-50.53906, -153.8629), (-50.53906, -196.3829),
                    (-71.8008, -238.9019), (-29.2812, -238.9019)]) * BP
    assert close(corners - corners[0], tex - tex[0], tol=0.02)
