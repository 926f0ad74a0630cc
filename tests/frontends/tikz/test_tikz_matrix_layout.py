"""pgf's matrix layout (``matrix_layout``) and the TikZ matrices that use it."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.matrix_layout import layout, parse_sep, split_body
from geoverify.scene import Polyline

from tikz_fixtures import CM, MM, close

NO = (0.0, False)


def test_split_keeps_cell_and_row_separations():
    body = split_body(r" a &[2mm] b \\ [1cm, between origins] c & {x & y \\ z} \pgfmatrixnextcell d \\")
    assert [[c.strip() for c in r] for r in body.rows] == [["a", "b"], ["c", r"{x & y \\ z}", "d"]]
    assert body.amp == [["2mm", ""], ["", "", ""]]
    assert body.ends == ["1cm, between origins", ""]


def test_parse_sep_reads_lists_in_order():
    num = {"1mm": MM, "2mm": 2 * MM}.__getitem__
    assert parse_sep(num, "1mm", "2mm") == pytest.approx((3 * MM, False))
    assert parse_sep(num, "1mm,between origins", "") == (MM, True)
    assert parse_sep(num, "1mm,between origins", "between borders") == (MM, False)


def test_columns_add_reaches_and_separations():
    # column 2 starts at column 1's right reach (3) plus the separation (12) plus its own left
    # reach (5); the box is as wide as the reaches and the separation
    lay = layout([[(-1, -2, 3, 4), (-5, -1, 2, 1)]], [[(12.0, False), NO]], [NO])
    assert lay.xs == {1: 1, 2: 21}
    assert lay.width == 23 and lay.height == 4 and lay.depth == 2


def test_between_origins_columns_and_rows():
    ext = [[(-1, -2, 3, 4), (-5, -1, 2, 1)], [(-1, -1, 1, 1), (-1, -1, 1, 1)]]
    lay = layout(ext, [[(10.0, True), NO], [NO, NO]], [(7.0, True), NO])
    assert lay.xs[2] - lay.xs[1] == 10
    # the baselines 7 apart; the second row has no height, the first keeps its depth
    assert lay.ys == {1: 7, 2: 0} and lay.height == 11


def test_first_row_reaching_a_column_sets_its_separation():
    ext = [[(0, 0, 1, 1)], [(0, 0, 1, 1), (0, 0, 1, 1)], [(0, 0, 1, 1), (0, 0, 1, 1)]]
    lay = layout(ext, [[NO], [(5.0, False), NO], [(50.0, False), NO]], [NO, NO, NO])
    assert lay.xs[2] - lay.xs[1] == 6


def test_column_reach_is_not_clamped_rows_are_and_the_last_row_sep_is_dropped():
    # a cell right of its origin: the column starts there (pgf's minx of the column's cells);
    # a row above its baseline has no depth (rows start at 0pt)
    lay = layout([[(2, 1, 4, 3)], [(2, 1, 4, 3)]], [[NO], [NO]], [(1.0, False), (100.0, False)])
    assert lay.xs == {1: -2} and lay.width == 2
    assert lay.ys == {1: 4, 2: 0} and lay.height == 7 and lay.depth == 0


def _red(sc):
    return [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0].points


def test_cell_separation_between_origins_and_borders():
    # pgf manual (matrices): &[1cm,between origins] with column sep 1mm puts the origins 11 mm
    # apart; &[2mm] adds 2 mm to the column sep between the node borders
    sc = parse_tikz(r"""\begin{tikzpicture}
      \matrix [nodes=draw, column sep=1mm]
      { \node (x) {8}; &[2mm] \node (a) {1}; &[1cm,between origins] \node (b) {6}; \\ };
      \draw [red] (a.center) -- (b.center);
      \draw [blue] (x.east) -- (a.west);
    \end{tikzpicture}""")
    red = _red(sc)
    assert close(red[1] - red[0], (11 * MM, 0))
    blue = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#0000ff"][0].points
    # a drawn node reaches half its line width past its path, as far as its outer sep (0.2 pt)
    assert close(blue[1] - blue[0], (3 * MM, 0))


def test_row_separation_of_a_row_end():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \matrix [row sep=1mm]
      { \coordinate (a); \\[-1mm] \coordinate (b); \\[1cm,between origins] \coordinate (c); \\ };
      \draw [red] (a) -- (b) -- (c);
    \end{tikzpicture}""")
    red = _red(sc)
    assert close(red[1] - red[0], (0, 0)) and close(red[2] - red[1], (0, -CM - MM))


def test_matrix_anchor_of_an_inner_node_and_base_anchor():
    # matrix anchor=<node>.<anchor>: that point of the cell's node lands on the position;
    # anchor=base: the matrix's baseline is its last row's (the cells inherit the anchor)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \matrix [matrix anchor=x.south, row sep=3mm] at (1,1) { \node {a}; & \node (x) {b}; \\ \node {c}; \\ };
      \matrix [anchor=base] at (0,-2) { \node {a}; \\ \node (g) {g}; \\ };
      \draw [red] (x.south) -- (g.base);
    \end{tikzpicture}""")
    red = _red(sc)
    assert close(red[0], (CM, CM)) and close(red[1], (0, -2 * CM))


def test_cells_are_drawn_without_the_surrounding_transformation():
    # \pgf@matrix@startcell resets the transformation: a scaled picture does not scale a cell
    sc = parse_tikz(r"""\begin{tikzpicture}[scale=2]
      \matrix at (1,0) { \draw [red] (0,0) -- (1,0); \\ };
    \end{tikzpicture}""")
    red = _red(sc)
    assert close(np.ptp(red[:, 0]), CM) and close(red.mean(axis=0), (2 * CM, 0))


def test_split_reads_control_symbols_as_text():
    # \& and \{ are no separator and no brace; a \\ inside a group breaks no row
    body = split_body(r"\node {A \& \{B}; & {e \\{f}} \\ g")
    assert [[c.strip() for c in r] for r in body.rows] == [[r"\node {A \& \{B};", r"{e \\{f}}"], ["g"]]
