"""``\\matrix`` with statements in its cells (not ``matrix of nodes``)."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline, TextLabel

from tikz_fixtures import CM, MM, close


def test_cells_with_nodes_rows_between_origins_and_named_cells():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \matrix [draw,row sep={1cm,between origins},nodes=draw]
      { \node (a) {123}; & \node {1}; \\
        \node (b) {12};  & \node {12}; \\ };
      \draw [red] (a.center) -- (b.center);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0]
    assert close(red.points[0] - red.points[1], (0, CM))  # origins 1 cm apart, one column
    labels = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    # the second column starts right of the widest first cell ("123"), node borders touching
    boxes = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.stroke == "#000000"]
    assert len(boxes) == 5  # four drawn cells and the matrix
    outer = max(boxes, key=lambda p: np.ptp(p.points[:, 0]))
    cells = [b for b in boxes if b is not outer]
    assert close(outer.points[:, 0].min() + 3.33333 + 0.2, min(b.points[:, 0].min() for b in cells), tol=1e-3)
    assert "123" in labels


def test_ampersand_replacement_and_cells_measured_by_their_drawing():
    sc = parse_tikz(r"""\tikz
      \matrix [ampersand replacement=\&]
      { \draw (0,0) circle [radius=4mm]; \& \node {Hello}; \\
        \draw (0.2,0) circle [radius=2mm]; \& \fill[red] (0,0) circle [radius=3mm]; \\ };""")
    c = sorted((p for p in sc.primitives if isinstance(p, Circle)), key=lambda p: -p.radius)
    big, red, small = c
    # one column: origins share x; rows: 4 mm below the first origin, 3 mm above the second
    assert close(small.center[0] - big.center[0], 2 * MM)
    assert close(big.center[1] - small.center[1], 7 * MM)
    assert close(red.center[1], small.center[1])
    # second column: right of the first column's reach (4 mm) by its widest reach to the left,
    # the "Hello" node (half its text, inner sep, outer sep; wider than the red circle)
    hello = [p for p in sc.primitives if isinstance(p, TextLabel)][0]
    reach = (hello.box[2] - hello.box[0]) / 2 + 3.33333 + 0.2
    assert reach > 3 * MM
    assert close(red.center[0] - big.center[0], 4 * MM + reach, tol=1e-3)


def test_matrix_anchor_and_positioning():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \matrix (m) [draw, anchor=north west, inner sep=0pt, outer sep=0pt] at (0,0) { \draw (0,0) rectangle (1,1); \\ };
      \node[draw, inner sep=0pt, outer sep=0pt, minimum size=1cm] (k) at (3,0) {};
      \matrix (n) [draw, inner sep=0pt, outer sep=0pt, left=1cm of k] { \draw (0,0) rectangle (1,1); \\ };
    \end{tikzpicture}""")
    rects = [p for p in sc.primitives if isinstance(p, Polyline)]
    box = rects[1]  # the matrix outline (after its cell)
    assert close(box.points[:, 0].min(), 0) and close(box.points[:, 1].max(), 0)
    last = rects[-1]
    assert close(last.points[:, 0].max(), 3 * CM - 0.5 * CM - CM)
    assert close(last.points[:, 1].mean(), 0)


def test_matrix_of_nodes_is_a_named_node_placed_by_its_anchor():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \matrix (m) [matrix of nodes, anchor=south west, draw] at (1,1) { a & b \\ c & d \\ };
      \draw[red] (m.south west) -- (m.north east);
      \node[right=1cm of m] (r) {r};
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code in ("UNSUPPORTED", "APPROXIMATED")]
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0].points
    assert close(red[0], (CM, CM))
    outline = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][0].points
    assert close(outline.min(axis=0), (CM + 0.2, CM + 0.2))  # outer sep between anchor and outline
    assert close(red[1], outline.max(axis=0) + 0.2)
    r = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "r"][0]
    assert r.box[0] == pytest.approx(red[1][0] + CM + 3.3333 + 0.2, abs=0.01)
