"""pgfplots plot handlers and marks against numbers measured from pdfTeX + dvisvgm output.

Every expected number below was read from TeX's own rendering of the same
figure (``latex`` + ``dvisvgm --font-format=woff``, pgfplots 1.18,
``compat=newest``), converted from bp to pt. The axes are 100pt squares
(``scale only axis``) from 0 to 2 without ticks, so data (x, y) is at
(50 x, 50 y) pt.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline, TextLabel

TOL = 0.02  # pt; TeX rounds to sp and dvisvgm prints 4-5 digits
AXIS = (r"\begin{axis}[xtick=\empty,ytick=\empty,xmin=0,xmax=2,ymin=0,ymax=2,scale only axis,"
        r"width=100pt,height=100pt%s]")


def axis(body: str, opts: str = "") -> str:
    return "\\begin{tikzpicture}" + AXIS % opts + body + "\\end{axis}\\end{tikzpicture}"


def test_text_mark_is_its_text_centred_on_the_point():
    # TeX: Q (cmr10, 7.778pt wide, 6.833pt high, 1.944pt deep) at x=-25.8614, baseline
    # -19.5529 bp with the axis' corner at (-71.8008, 27.8242): left 46.111pt, baseline 47.556pt
    sc = parse_tikz(axis(r"\addplot[mark=text, text mark=Q, only marks] coordinates {(1,1)};"))
    (q,) = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert q.text == "Q"
    assert abs(q.box[0] - 46.111) < TOL
    assert abs((q.box[1] + 1.944) - 47.556) < TOL
    assert not any(d.construct == "mark" for d in sc.diagnostics)


def test_mark_list_ends_with_two_text_marks():
    # cycle list name=mark list: its ninth and tenth entries are mark=text with text mark=p, a
    body = "".join(rf"\addplot+[only marks] coordinates {{(1,{k / 10})}};" for k in range(10))
    sc = parse_tikz(axis(body, ",cycle list name=mark list"))
    assert [p.text for p in sc.primitives if isinstance(p, TextLabel)] == ["p", "a"]


def test_ycomb_draws_from_the_zero_level_to_each_point():
    # TeX: one path M-46.8946-21.9883V-46.8946 M-21.9883-21.9883V2.9179 M2.9218-21.9883V-96.7074
    # (bp, y down; the axis' corner at (-71.8008, 27.8242)): from y = 0 (50pt) to each point,
    # the third beyond ymax kept whole (the path is clipped); marks on the two points inside
    sc = parse_tikz(axis(r"\addplot[ycomb, mark=*, mark color=blue] coordinates {(0.5,0.5) (1,-0.5) (1.5,1.5)};",
                         ",ymin=-1,ymax=1"))
    combs = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    segs = sorted(tuple(np.round(p.points.ravel(), 2)) for p in combs)
    assert segs == [(25.0, 50.0, 25.0, 75.0), (50.0, 50.0, 50.0, 25.0), (75.0, 50.0, 75.0, 125.0)]
    assert all(p.clipped for p in combs)  # one path, leaving the axis box
    assert len([p for p in sc.primitives if type(p).__name__ in ("Dot", "Circle")]) == 2
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_quiver_arrows_from_each_point_and_their_ends_widen_the_limits():
    # TeX (enlargelimits=false, 100pt box): paths M-71.8008 27.8243H-51.875,
    # M-31.9493-38.5937L-12.0235-71.8007, M7.8984 27.8243H27.8242 (bp, y down): x runs to
    # 2.5 and y to 1.5 (the ends of (0.5,0), (0.5,0.5), (0.5,0) scaled by 0.5 from u=1, v=x*y)
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[xtick=\empty,ytick=\empty,scale only axis,width=100pt,"
                    r"height=100pt,enlargelimits=false]\addplot[quiver={u=1,v=x*y,scale arrows=0.5},-stealth] "
                    r"coordinates {(0,0) (1,1) (2,0)};\end{axis}\end{tikzpicture}")
    arrows = [p.points for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    expected = [[(0, 0), (20, 0)], [(40, 200 / 3), (60, 100)], [(80, 0), (100, 0)]]
    assert len(arrows) == 3
    for got, want in zip(arrows, expected):
        assert np.allclose(got, want, atol=TOL)
    assert len([p for p in sc.primitives if type(p).__name__ == "Arrow"]) == 3
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_cycle_multi_list_combines_its_lists_the_last_fastest_and_legend_entries_expand_ranges():
    # TeX: plots 1-3 red with a circle, red with a cross, blue with a circle; legend entries
    # {0,...,2} labels them 0, 1, 2 (a pgf \foreach list)
    body = "".join(rf"\addplot coordinates {{(1,{k / 2})}};" for k in range(3))
    sc = parse_tikz(axis(body, r",cycle multi list={red,blue\nextlist mark=*,mark=x},legend entries={0,...,2}"))
    crosses = [p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 2 and
               abs(abs(p.points[1, 0] - p.points[0, 0]) - 2.828) < 0.01]
    assert {p.style.stroke for p in crosses} == {"#ff0000"}  # x marks (main and legend): red only
    circles = [p for p in sc.primitives if type(p).__name__ in ("Dot", "Circle")]
    assert {p.style.stroke for p in circles} == {"#ff0000", "#0000ff"}
    assert [p.text for p in sc.primitives if isinstance(p, TextLabel)] == ["0", "1", "2"]
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_hist_counts_bins_from_xmin_to_xmax_and_draws_interval_bars():
    # TeX (xmin=0, xmax=4, ymin=0, ymax=5, bins=4; values 1,2,2,3,4,4,4): one path of four bars
    # M-71.8008 27.8243H-46.8946H-71.8008Z M-46.8946 27.8243H-21.9883V7.8985H-46.8946Z ...
    # V-12.0273 ... V-51.875 (bp, y down): counts 0, 1, 2, 4 (a value on a bin's start goes
    # to that bin; the last bin keeps the maximum), bars 25pt wide, 20pt per count
    sc = parse_tikz(axis(r"\addplot[hist={bins=4}] coordinates {(0,1) (0,2) (0,2) (0,3) (0,4) (0,4) (0,4)};",
                         ",xmin=0,xmax=4,ymin=0,ymax=5"))
    bars = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][:-1]  # not the box
    heights = [(p[0, 0], p[1, 0], p[2, 1]) for p in bars]
    assert np.allclose(heights, [(0, 25, 0), (25, 50, 20), (50, 75, 40), (75, 100, 80)], atol=TOL)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_hist_with_a_sharp_plot_handler_plots_counts_at_bin_starts():
    # pgfplots: bins=3 over the values' range 1..10 (h = 3): counts 3, 2, 7 at x = 1, 4, 7 and
    # the last count again at 10 (intervals), drawn as a line
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[xtick=\empty,ytick=\empty,ymin=0,ymax=8,scale only axis,"
                    r"width=100pt,height=100pt,enlargelimits=false]"
                    r"\addplot[hist={bins=3,handler/.style={sharp plot}}] table [row sep=\\,y index=0] "
                    r"{data\\ 1\\ 2\\ 1\\ 5\\ 4\\ 10\\ 7\\ 10\\ 9\\ 8\\ 9\\ 9\\};\end{axis}\end{tikzpicture}")
    (line,) = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    assert np.allclose(line.points, [((x - 1) * 100 / 9, y * 100 / 8) for x, y in ((1, 3), (4, 2), (7, 7), (10, 7))],
                       atol=TOL)


def test_area_style_takes_the_bar_cycle_list_and_rectangle_legend_images():
    # TeX: no marks; blue and red areas; legend images M-4.082-59.8984V-65.5664H12.9258V-59.8984Z
    # (bp): 0.6cm x 0.2cm rectangles (17.07 x 5.69 pt) whose left edge is 67.98pt from the box's
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[area style,xtick=\empty,ytick=\empty,scale only axis,"
                    r"width=100pt,height=100pt]\addplot coordinates {(0,1) (1,2) (2,1)} \closedcycle;"
                    r"\addplot coordinates {(0,0.5) (1,1) (2,0.5)} \closedcycle;\legend{a,b}"
                    r"\end{axis}\end{tikzpicture}")
    assert not [p for p in sc.primitives if type(p).__name__ in ("Dot", "Circle")]
    rects = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and len(p.points) == 4
             and abs(np.ptp(p.points[:, 0]) - 17.07) < 0.01]
    assert len(rects) == 2
    assert all(abs(np.ptp(r[:, 1]) - 5.69) < 0.01 for r in rects)
    assert abs(rects[0][:, 0].min() - (71.8008 - 4.0820) * 72.27 / 72) < TOL
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_restrict_y_to_domain_leaves_a_gap_and_no_mark():
    # TeX: (1,3) is outside 0:2: marks at (0,0), (2,1), (3,2) only, one line piece
    # M-8.1523-21.9883L19.5235-63.5001 (bp; the box's corner at (-71.8007, 27.8242)), and the
    # limits come from the other points (y from 0 to 2, enlarged by 10 %)
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[xtick=\empty,ytick=\empty,scale only axis,width=100pt,"
                    r"height=100pt]\addplot[mark=*, restrict y to domain=0:2] coordinates {(0,0) (1,3) (2,1) (3,2)};"
                    r"\end{axis}\end{tikzpicture}")
    pieces = [p.points for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    assert len(pieces) == 1 and np.allclose(pieces[0], [(63.889, 50.0), (91.667, 91.667)], atol=TOL)
    assert len([p for p in sc.primitives if type(p).__name__ in ("Dot", "Circle")]) == 3
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_2d_surf_cells_skip_a_corner_without_colour_and_nodes_near_coords_write_the_index():
    # TeX (shader=flat corner; the point (1,1) has meta nan): three filled cells,
    # M-63.4219 44.4296H-13.6094V-5.3829H-63.4219Z and the ones right of and above it (bp), not
    # the cell whose first corner is (1,1); nodes near coords={[\coordindex]} writes [0] ... [8]
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xtick=\empty,ytick=\empty,scale only axis,width=100pt,height=100pt,enlargelimits=false,
  nodes near coords={[\coordindex]}]
\addplot[surf,shader=flat corner,point meta=explicit] coordinates {
(0,0) [1] (1,0) [2] (2,0) [3]

(0,1) [4] (1,1) [nan] (2,1) [6]

(0,2) [7] (1,2) [8] (2,2) [9]
};
\end{axis}
\end{tikzpicture}""")
    cells = sorted(tuple(p.points.min(axis=0).round(2)) for p in sc.primitives
                   if isinstance(p, Polyline) and p.closed_flag and p.style.fill is not None and len(p.points) == 4)
    assert cells == [(0.0, 0.0), (0.0, 50.0), (50.0, 0.0)]
    assert [p.text for p in sc.primitives if isinstance(p, TextLabel)] == [f"[{k}]" for k in range(9)]
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_2d_patch_table_triangles_and_a_mesh_without_patch_type_is_a_line():
    # TeX: patch table with point meta: triangles 0 1 2 and 2 3 4 (1 2 3 has meta nan and is
    # not drawn), M-71.8008 27.8243L-46.8946-5.3828L-21.9883 27.8243Z ...; a 2D mesh with
    # mesh/rows=2 but no patch type joins its points in order (the segment (2,2)-(0,3) too)
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xtick=\empty,ytick=\empty,scale only axis,width=100pt,height=100pt,enlargelimits=false]
\addplot[patch,table/row sep=\\,patch table with point meta={0 1 2 1\\ 1 2 3 nan\\ 2 3 4 5\\}]
  coordinates {(0,0) (1,1) (2,0) (3,1) (4,0)};
\addplot[mesh,mesh/rows=2] coordinates {(0,2) (1,2) (2,2) (0,3) (1,3) (2,3)};
\end{axis}
\end{tikzpicture}""")
    tris = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and len(p.points) == 3]
    assert len(tris) == 2
    assert np.allclose(tris[0], [(0, 0), (25, 100 / 3), (50, 0)], atol=TOL)
    (line,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    assert len(line) == 6


def _plot_offset(pre: str, opts: str) -> np.ndarray:
    r"""Offset of ``\addplot[opts]`` from the same plot unshifted, in an axis from (0,5) to (10,10),
    8cm by 6cm (data scaled by 10^1 in x, 10^2 in y)."""
    sc = parse_tikz(pre + r"\begin{tikzpicture}\begin{axis}[xmin=0,xmax=10,ymin=5,ymax=10,width=8cm,height=6cm,"
                    r"axis lines=none]\addplot[red," + opts + r"] coordinates {(2,6) (8,8)};"
                    r"\addplot[black] coordinates {(2,6) (8,8)};\end{axis}\end{tikzpicture}")
    a, b = [p.points for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    return a[0] - b[0]


def test_plot_shift_is_in_data_scaled_units_before_compat_1_11_and_axis_cs_after():
    # TeX (dvisvgm, bp): shift={(-1.5,1)} moves the line by (-2.7265, 0.25) in a document without compat,
    # by (-27.2923, -100.1914) with compat=1.18 (axis cs (-1.5,1) less the corner (0,5));
    # xshift=10pt,yshift=5pt by (9.9649, 4.9805)
    bp = 72.27 / 72
    doc = r"\documentclass{article}\usepackage{pgfplots}"  # no compat: pgfplots' backwards compatible mode
    assert np.allclose(_plot_offset(doc, "shift={(-1.5,1)}"), np.array([-2.7265, 0.25]) * bp, atol=TOL)
    assert np.allclose(_plot_offset(r"\pgfplotsset{compat=1.18}", "shift={(-1.5,1)}"),
                       np.array([-27.2923, -100.1914]) * bp, atol=TOL)
    assert np.allclose(_plot_offset(doc, "xshift=10pt,yshift=5pt"), [10.0, 5.0], atol=TOL)
    # a bare picture is taken as compiled with compat=newest
    assert np.allclose(_plot_offset("", "shift={(-1.5,1)}"), np.array([-27.2923, -100.1914]) * bp, atol=TOL)


def test_tiny_legend_images_are_scaled_and_the_text_depth_is_in_the_outer_font():
    # TeX (compat=newest, bp): the legend frame 31.0938 x 12.9258, the image line 13.6055 long
    # (0.6cm scaled by 0.8), its mark of radius 1.5957 (2pt scaled); text depth=0.15em of the
    # normal size font, not of \tiny
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[tiny,xtick=\empty,ytick=\empty]"
                    r"\addplot coordinates {(0,0) (1,1)};\addlegendentry{ab}\end{axis}\end{tikzpicture}")
    bp = 72.27 / 72
    (frame,) = [p.points for p in sc.primitives if p.source and p.source.construct == "legend"]
    assert np.allclose(np.ptp(frame, axis=0), np.array([31.0938, 12.9258]) * bp, atol=TOL)
    line = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.source.construct == "\\addplot"][-1]
    assert abs(np.ptp(line[:, 0]) - 13.6055 * bp) < TOL
    dot = [p for p in sc.primitives if type(p).__name__ == "Dot"][-1]
    assert abs(dot.radius - 1.5957 * bp) < TOL
