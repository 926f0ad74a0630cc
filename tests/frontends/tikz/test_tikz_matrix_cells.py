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
    # one column: origins share x; rows: 4 mm below the first origin, 3 mm above the second;
    # a stroked path reaches half its line width further (pgfcorepathusage; as TeX: 20.04 bp)
    assert close(small.center[0] - big.center[0], 2 * MM)
    assert close(big.center[1] - small.center[1], 7 * MM + 0.2)
    assert close(red.center[1], small.center[1])
    # second column: right of the first column's reach (4 mm and half the line width) by its
    # widest reach to the left, the "Hello" node (half its text and inner sep; its outer sep
    # does not count; wider than the red circle); as TeX: 26.07 bp
    hello = [p for p in sc.primitives if isinstance(p, TextLabel)][0]
    reach = (hello.box[2] - hello.box[0]) / 2 + 3.33333
    assert reach > 3 * MM
    assert close(red.center[0] - big.center[0], 4 * MM + 0.2 + reach, tol=1e-3)


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


def test_plain_cells_of_a_matrix_of_nodes_and_undrawn_cells_without_outer_sep():
    # tikzlibrarymatrix runs a cell starting with \node as written (its own name, no m-1-1),
    # still with the library's anchor=base and the matrix's nodes={...}; an undrawn node reaches
    # as far as its path (outer sep not counted), a drawn one half its line width further.
    # Cells: 2 mm + 1 mm above the base, 1 mm + 1 mm below, 3 mm either side (TeX: 17.207 bp
    # across, 14.371 bp down)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \matrix[matrix of nodes, nodes={text height=2mm, text depth=1mm, text width=4mm, inner sep=1mm}] (m) {
        \node (a) {x}; & y \\ z & \node[draw] (d) {w}; \\ };
      \draw[red] (a.base) -- (m-1-2.base) -- (m-2-1.base);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0].points
    assert close(red[1] - red[0], (6 * MM + 0.2, 0))
    assert close(red[2] - red[1], (-6 * MM - 0.2, -5 * MM - 0.2))
    texts = {p.text for p in sc.primitives if isinstance(p, TextLabel)}
    assert texts == {"x", "y", "z", "w"}


def test_matrix_keys_from_a_style_and_nodes_of_a_scope():
    # row sep and nodes={...} inside a style reach the matrix; nodes={draw} of the scope draws
    # every node in it, the matrix too (TeX: the matrix 35.78 bp wide, 41.25 bp high)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \tikzset{grid/.style={matrix of nodes, row sep=1mm, nodes={minimum size=5mm, inner sep=0pt}}}
      \begin{scope}[nodes={draw, minimum size=3mm}]
        \matrix[grid] (m) { a & b \\ c & d \\ };
        \node (p) at (2,0) {};
      \end{scope}
    \end{tikzpicture}""")
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert len(boxes) == 6
    sizes = sorted((round(float(np.ptp(b[:, 0])), 3), round(float(np.ptp(b[:, 1])), 3)) for b in boxes)
    assert sizes[0] == pytest.approx((3 * MM, 3 * MM), abs=1e-3)  # p: the scope's minimum size
    assert all(s == pytest.approx((5 * MM, 5 * MM), abs=1e-3) for s in sizes[1:5])
    # the matrix: two cells of 5 mm with half their line widths either side and its inner sep;
    # in height also the row sep and the cells' different baselines (TeX's 41.25 bp)
    w = 2 * 5 * MM + 4 * 0.2 + 2 * 3.33333
    assert sizes[5] == pytest.approx((w, 41.25 * 72.27 / 72), abs=0.02)


@pytest.mark.parametrize("cells", [r"1 & 2 \\ 3 & 4 \\",
                                   r"\node{1}; & \node{2}; \\ \node(m-2-1){3}; & \node(m-2-2){4}; \\"])
def test_row_styles_apply_to_their_cells(cells):
    # TeX (matrix of nodes): row 2's cells undrawn and 5 mm: row 1's boxes span y -2.846 .. 17.07 pt,
    # (m-2-1.north west) rectangle (m-2-2.south east) runs from (-17.47, -2.846) to (17.47, -17.47)
    kind = "matrix of nodes, " if "node" not in cells else ""
    sc = parse_tikz(rf"""\begin{{tikzpicture}}
      \matrix[{kind}nodes={{draw, minimum size=7mm}}, row 2/.style={{nodes={{draw=none, minimum size=5mm}}}}]
        (m) at (0,0) {{ {cells} }};
      \draw[red] (m-2-1.north west) rectangle (m-2-2.south east);
    \end{{tikzpicture}}""")
    boxes = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert len(boxes) == 3
    assert close(boxes[0].points[[0, 2]], [(-20.117, -2.846), (-0.2, 17.072)], tol=1e-2)
    assert close(boxes[-1].points[[0, 2]], [(-17.472, -2.846), (17.472, -17.472)], tol=1e-2)


@pytest.mark.parametrize("plain, drop", [("", 15.542), (r"\node {p}; & ", 17.487)])
def test_names_and_options_between_bars_start_a_cell(plain, drop):
    # matrix of nodes: what stands between the bars follows the cell's \node[name=m-i-j], so
    # (name) and [options] come in either order and (c) replaces the name m-1-2 (TeX: "No shape
    # named m-1-2"); TeX's green path: (c) to (d.south) to (e.west) as measured by dvisvgm, in pt
    # (a first column of plain cells: the nodes the library makes are read the same way)
    sc = parse_tikz(rf"""\begin{{tikzpicture}}
      \matrix (m) [matrix of nodes, column sep=5mm, row sep=3mm, nodes={{draw}}]
        {{ {plain}a & |(c)| bb & |[red](d)| c \\ {plain}|(e) [blue]| dd & x & y\\ }};
      \draw[green] (c) -- (d.south) -- (e.west);
      \draw (m-2-{3 if plain else 2}) -- (m-1-{2 if plain else 1});
      \draw (m-1-{3 if plain else 2}) -- (1,1);
    \end{{tikzpicture}}""")
    missing = [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert len(missing) == 1 and f"m-1-{3 if plain else 2}" in str(missing[0])
    green = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#00ff00"][0].points
    assert close(green[1] - green[0], (20.400, -4.846), tol=0.02)
    assert close(green[2] - green[1], (-70.980, -drop), tol=0.02)
    strokes = [p.style.stroke for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    assert strokes.count("#ff0000") == 1 and strokes.count("#0000ff") == 1
