"""pgfplots axes against numbers measured from pdfTeX + dvisvgm output.

Every expected number below was read from TeX's own rendering of the same
figure (``latex`` + ``dvisvgm --font-format=woff``, pgfplots 1.18,
``compat=newest``), converted from bp to pt.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfplots_marks import mark_outlines
from geoverify.frontends.tikz.pgfplots_ticks import auto_ticks, format_number, snap_step, tick_scale_exponent
from geoverify.scene.primitives import Circle, Dot, Polyline, TextLabel

TOL = 0.02  # pt; TeX rounds to sp and dvisvgm prints 4-5 digits


def fig(body: str) -> str:
    return "\\begin{tikzpicture}\n" + body + "\n\\end{tikzpicture}"


def labels(sc):
    return [p for p in sc.primitives if isinstance(p, TextLabel)]


def lines(sc, color=None, width=None):
    out = [p for p in sc.primitives if isinstance(p, Polyline)]
    if color is not None:
        out = [p for p in out if p.style.stroke == color]
    if width is not None:
        out = [p for p in out if abs(p.style.stroke_width - width) < 1e-9]
    return out


# -- tick rules (pgfplotsticks.code.tex) -------------------------------------------

@pytest.mark.parametrize("lo, hi, length, expected", [
    (-0.1, 1.1, 195, [0, 0.2, 0.4, 0.6, 0.8, 1]),   # \addplot coordinates {(0,0) (1,1)}, x
    (-6, 6, 195, [-6, -4, -2, 0, 2, 4, 6]),         # \addplot {x^2}, x
    (-2.5, 27.5, 162, [0, 10, 20]),                  # \addplot {x^2}, y: raw step 7.5 snaps to 10
    (-0.2, 2.2, 162, [0, 0.5, 1, 1.5, 2]),
    (1, 3, 195, [1, 1.5, 2, 2.5, 3]),                # axis lines=left, domain=1:3
])
def test_automatic_ticks_match_tex(lo, hi, length, expected):
    assert np.allclose(auto_ticks(lo, hi, length), expected)


def test_step_snapping_and_number_format():
    assert [snap_step(h) for h in (0.24, 7.5, 3.4, 1.49, 0.7)] == pytest.approx([0.2, 10, 2, 1, 0.5])
    assert format_number(-6) == "$-6$" and format_number(0.125) == "$0.13$"
    assert format_number(12500) == "$12{,}500$" and format_number(0.2) == "$0.2$"
    assert tick_scale_exponent(0, 25000) == 4 and tick_scale_exponent(-6, 6) == 0
    # TeX (scaled ticks=false): 20,000 stays fixed; 5e-4, 1e-3, 1.5e-3 are printed as 5·10^-4 ...
    assert format_number(0.0005) == "$5\\cdot 10^{-4}$" and format_number(0.0015) == "$1.5\\cdot 10^{-3}$"
    assert format_number(0.001) == "$1\\cdot 10^{-3}$" and format_number(20000) == "$20{,}000$"


# -- the default boxed axis ----------------------------------------------------------

DEFAULT = fig(r"\begin{axis}" "\n" r"\addplot {x^2};" "\n" r"\end{axis}")


def test_default_axis_box_ticks_and_enlarged_limits():
    sc = parse_tikz(DEFAULT)
    box = [p for p in lines(sc, width=0.4) if p.closed_flag][0]
    x0, y0 = box.points[:, 0].min(), box.points[:, 1].min()
    # 240pt x 207pt minus 45pt: TeX's box is 195.010 x 162.000 (bp -> pt)
    assert box.points[:, 0].max() - x0 == pytest.approx(195.0, abs=TOL)
    assert box.points[:, 1].max() - y0 == pytest.approx(162.0, abs=TOL)
    m = sc.panels[0].axis_transform
    # limits -5:5 and 0:25 enlarged by 10 %: x = -6 at the left edge, y = -2.5 at the bottom
    # (pgfplots' samples of -5:5 end at 4.9998401: the limits are within 2e-4 of these)
    assert np.allclose(m @ [-6, -2.5, 1], [x0, y0, 1], atol=0.01)
    ticks = lines(sc, color="#808080", width=0.2)
    # 7 x ticks at bottom and top, 3 y ticks left and right, each 0.15cm = 4.268pt long, inside
    assert len(ticks) == 2 * 7 + 2 * 3
    lengths = [np.hypot(*(t.points[1] - t.points[0])) for t in ticks]
    assert np.allclose(lengths, 4.2679, atol=TOL)
    bottom = sorted(t.points[0, 0] - x0 for t in ticks if abs(t.points[0, 1] - y0) < 1e-6)
    assert np.allclose(bottom, [0, 32.5, 65.0, 97.5, 130.0, 162.5, 195.0], atol=0.01)


def test_default_tick_labels_sit_under_and_left_of_the_box():
    sc = parse_tikz(DEFAULT)
    box = [p for p in lines(sc, width=0.4) if p.closed_flag][0]
    x0, y0 = box.points[:, 0].min(), box.points[:, 1].min()
    texts = {p.text: p for p in labels(sc)}
    assert {"$-6$", "$-4$", "$-2$", "$0$", "$2$", "$4$", "$6$", "$10$", "$20$"} <= set(texts)
    # x labels: baseline 9.977pt under the box (outer sep .2 + inner sep 3.333 + digit height 6.444)
    six = texts["$6$"]
    assert six.box[1] == pytest.approx(y0 - 9.977, abs=TOL)
    assert (six.box[0] + six.box[2]) / 2 == pytest.approx(x0 + 195.0, abs=TOL)
    # y labels: right edge 3.533pt left of the box, centred on the tick
    ten = texts["$10$"]
    assert ten.box[2] == pytest.approx(x0 - 3.533, abs=TOL)
    assert ten.box[1] == pytest.approx(y0 + 12.5 * 5.4 - 3.222, abs=TOL)


def test_cycle_list_marks_and_colors():
    sc = parse_tikz(DEFAULT)
    marks = [p for p in sc.primitives if isinstance(p, (Dot, Circle))]
    assert len(marks) == 25 and all(abs(p.radius - 2.0) < 1e-9 for p in marks)
    assert marks[0].style.fill == "#0000cc" and marks[0].style.stroke == "#0000ff"
    plot = [p for p in lines(sc, color="#0000ff") if len(p.points) == 25]
    assert len(plot) == 1
    # second and fourth cycle entries: red square* (4pt side) and black star (5 spokes)
    assert mark_outlines("square*")[0][1][2] == (2.0, 2.0)
    assert len(mark_outlines("star")) == 5


def test_plots_are_clipped_to_the_box():
    # as TeX's output (and TikZ's \clip): the line is kept whole and marked clipped; what
    # shows (the scene's view) is the axis box
    sc = parse_tikz(fig(r"\begin{axis}[xmin=0,xmax=1,ymin=0,ymax=1,scale only axis,width=100pt,height=100pt]"
                        "\n" r"\addplot[red] coordinates {(0,0) (2,2)};" "\n" r"\end{axis}"))
    red = lines(sc, color="#ff0000")
    assert len(red) == 1 and np.allclose(red[0].points, [[0, 0], [200, 200]]) and red[0].clipped
    assert np.allclose(sc.view, (0, 0, 100, 100))


def test_axis_background_fills_the_box():
    # TeX: a yellow 100pt x 100pt rectangle behind the axis
    sc = parse_tikz(fig(r"""\begin{axis}[xmin=0,xmax=1,ymin=0,ymax=1,scale only axis,width=100pt,height=100pt,
axis background/.style={fill=yellow}]
\addplot[red] coordinates {(0,0) (1,1)};
\end{axis}"""))
    bg = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.fill == "#ffff00"]
    assert len(bg) == 1 and bg[0].style.stroke is None and np.allclose(bg[0].bbox(), (0, 0, 100, 100))
    assert sc.primitives.index(bg[0]) == 0


def test_legend_entries_label_plots_in_order():
    # TeX: one \addlegendentry after the second plot labels the first (red) plot
    sc = parse_tikz(fig(r"""\begin{axis}
\addplot[red] coordinates {(0,0) (1,1)};
\addplot[blue] coordinates {(0,1) (1,0)};
\addlegendentry{b}
\end{axis}"""))
    images = [p for p in lines(sc) if len(p.points) == 2 and p.points[0, 1] == p.points[1, 1]
              and p.style.stroke in ("#ff0000", "#0000ff")]
    assert [p.style.stroke for p in images] == ["#ff0000"]


def test_smooth_cycle_and_fill_of_a_plot():
    # TeX: the closed smooth curve through the 4 points (controls 0.2775 x 0.5 of the
    # neighbours' difference), filled; a fill on an open plot line fills it too
    sc = parse_tikz(fig(r"""\begin{axis}[xmin=0,xmax=4,ymin=0,ymax=4,scale only axis,width=100pt,height=100pt]
\addplot[smooth cycle, red, fill=yellow] coordinates {(1,1) (3,1) (3,3) (1,3)};
\addplot[blue, fill=green] coordinates {(0,0) (1,0) (1,1)};
\end{axis}"""))
    from geoverify.scene.primitives import BezierPath
    cyc = [p for p in sc.primitives if isinstance(p, BezierPath) and p.style.stroke == "#ff0000"]
    assert len(cyc) == 1 and cyc[0].style.fill == "#ffff00" and cyc[0].closed
    c = cyc[0].subpaths()[0].controls
    assert len(c) == 4 and np.allclose(c[0], [[25, 25], [31.9375, 18.0625], [68.0625, 18.0625], [75, 25]])
    blue = lines(sc, color="#0000ff")
    assert len(blue) == 1 and blue[0].style.fill == "#00ff00"


def test_negative_minor_tick_num_counts_down():
    # TeX: minor x tick num=-3 draws minor ticks at every half step (pgf's {1,...,-3} loop
    # counts down: 1, 0, -1, -2, -3 times a step of 1/(-3+1))
    sc = parse_tikz(fig(r"""\begin{axis}[xmin=0,xmax=3,ymin=0,ymax=1,scale only axis,width=90pt,height=50pt,
ytick=\empty,minor x tick num=-3]
\addplot[red] coordinates {(0,0) (3,1)};
\end{axis}"""))
    ticks = [p for p in lines(sc, color="#808080") if p.points[0, 0] == p.points[1, 0] and p.points[0, 1] < 1]
    assert sorted({round(float(p.points[0, 0]), 6) for p in ticks}) == [0, 15, 30, 45, 60, 75, 90]
    short = [p for p in ticks if abs(np.ptp(p.points[:, 1]) - 0.1 * 72.27 / 2.54) < 1e-6]
    assert sorted({round(float(p.points[0, 0]), 6) for p in short}) == [0, 15, 30, 45, 60, 75, 90]


# -- non-boxed axes ---------------------------------------------------------------------

MIDDLE = fig(r"\begin{axis}[axis lines=middle, xlabel=$x$, ylabel=$y$]" "\n"
             r"\addplot[red,domain=-2:3] {x};" "\n" r"\end{axis}")


def test_axis_lines_middle_arrows_ticks_and_labels():
    sc = parse_tikz(MIDDLE)
    m = sc.panels[0].axis_transform
    # no enlargement: -2..3 fills the 195 x 162 box
    assert np.allclose(m @ [3, 3, 1] - m @ [-2, -2, 1], [195.0, 162.0, 0], atol=TOL)
    from geoverify.scene.primitives import Arrow
    tips = [p.tip for p in sc.primitives if isinstance(p, Arrow)]
    assert len(tips) == 2
    assert np.allclose(sorted(map(tuple, tips)), sorted([tuple((m @ [3, 0, 1])[:2]), tuple((m @ [0, 3, 1])[:2])]))
    ticks = lines(sc, color="#808080")
    # ticks at 0 are hidden by the other axis line; ticks are centred on the line
    assert len(ticks) == 5 + 5
    t = [q for q in ticks if abs(q.points[0, 0] - (m @ [1, 0, 1])[0]) < 1e-6][0]
    assert sorted(t.points[:, 1] - (m @ [0, 0, 1])[1]) == pytest.approx([-2.134, 2.134], abs=TOL)
    texts = {p.text: p for p in labels(sc)}
    # x tick labels 12.111pt under the line (half tick + outer sep + inner sep + height)
    one = [p for p in labels(sc) if p.text == "$1$" and abs((p.box[0] + p.box[2]) / 2 - (m @ [1, 0, 1])[0]) < 0.1]
    assert len(one) == 1 and one[0].box[1] == pytest.approx((m @ [0, 0, 1])[1] - 12.111, abs=TOL)
    # xlabel: south east anchor at the arrow tip; ylabel: north west at the top
    x = texts["$x$"]
    assert x.box[2] == pytest.approx((m @ [3, 0, 1])[0] - 3.533, abs=TOL)
    assert x.box[1] == pytest.approx((m @ [0, 0, 1])[1] + 3.533, abs=TOL)
    y = texts["$y$"]
    assert y.box[0] == pytest.approx((m @ [0, 0, 1])[0] + 3.533, abs=TOL)


@pytest.mark.parametrize("lines_key,enlarged", [("axis lines=none", True), ("axis lines*=left", True),
                                                ("axis lines=left", False)])
def test_hidden_and_starred_axis_lines_keep_the_automatic_enlargement(lines_key, enlarged):
    # pgfplots: only axis x line=bottom/middle/top (unstarred) bring "every non boxed x axis",
    # which sets enlarge x limits=false; "none" hides the axis and keeps enlargelimits=auto
    sc = parse_tikz(fig(rf"\begin{{axis}}[{lines_key}]" "\n" r"\addplot[red,domain=0:1] {x};" "\n" r"\end{axis}"))
    m = sc.panels[0].axis_transform
    left = (m @ [0, 0, 1])[0] - (m @ [-0.1 if enlarged else 0.0, 0, 1])[0]
    assert (m @ [1, 0, 1])[0] - (m @ [0, 0, 1])[0] == pytest.approx(195.0 / (1.2 if enlarged else 1.0), abs=TOL)
    assert left == pytest.approx(195.0 / 1.2 * 0.1 if enlarged else 0.0, abs=TOL)


def test_axis_lines_left_label_positions():
    sc = parse_tikz(fig(r"\begin{axis}[axis lines=left, xlabel=$x$, ylabel=$y$]" "\n"
                        r"\addplot[red,domain=1:3] {x};" "\n" r"\end{axis}"))
    m = sc.panels[0].axis_transform
    x0, y0 = (m @ [1, 1, 1])[:2]
    texts = {p.text: p for p in labels(sc)}
    # TeX: xlabel baseline 23.283pt under the axis line, centred; rotated ylabel baseline 27.254pt left
    x = texts["$x$"]
    assert x.box[1] == pytest.approx(y0 - 23.283, abs=TOL)
    assert (x.box[0] + x.box[2]) / 2 == pytest.approx(x0 + 97.5, abs=TOL)
    y = texts["$y$"]
    assert y.box[0] + 4.306 == pytest.approx(x0 - 27.254, abs=TOL)  # rotated: height to the left


# -- title, grid and legend --------------------------------------------------------------

LEGEND = fig(r"""\begin{axis}[xlabel={$x$}, ylabel={$y$}, title={Hello}, grid=major]
\addplot+[domain=0:1] {x};
\addplot coordinates {(0,0) (1,2)};
\addplot coordinates {(0,1) (1,0)};
\addplot coordinates {(0,1.5) (1,0.5)};
\legend{$a$,$b$,c,dd}
\end{axis}""")


def test_title_grid_and_legend_frame():
    sc = parse_tikz(LEGEND)
    m = sc.panels[0].axis_transform
    left, bottom = (m @ [-0.1, -0.2, 1])[:2]
    right, top = left + 195.0, bottom + 162.0
    texts = {p.text: p for p in labels(sc)}
    assert texts["Hello"].box[1] == pytest.approx(top + 9.533, abs=TOL)
    grid = lines(sc, color="#bfbfbf", width=0.4)
    assert len(grid) == 6 + 5
    frame = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill == "#ffffff"]
    assert len(frame) == 1
    f = frame[0].points
    # TeX: the frame's right edge 4.100pt and top 3.440pt inside the box; 38.582 x 48.499pt
    assert f[:, 0].max() == pytest.approx(right - 4.100, abs=0.03)
    assert f[:, 1].max() == pytest.approx(top - 3.440, abs=0.03)
    assert f[:, 0].max() - f[:, 0].min() == pytest.approx(38.582, abs=0.03)
    assert f[:, 1].max() - f[:, 1].min() == pytest.approx(48.499, abs=0.03)
    # entries are centred in their column; rows 11.125pt apart
    a, b = texts["$a$"], texts["$b$"]
    assert (a.box[0] + a.box[2]) / 2 == pytest.approx((b.box[0] + b.box[2]) / 2, abs=TOL)


# -- styles, sizes, extra ticks ------------------------------------------------------------

SMALL = fig(r"""\pgfplotsset{every axis plot post/.append style={mark=none}}
\begin{axis}[small, enlarge x limits={rel=0.5,upper}, minor x tick num=1, extra y ticks={0.25},
    extra tick style={grid=major}, legend pos=north west]
\addplot coordinates {(0,0) (1,1)

(2,0) (3,1)};
\legend{$a$}
\end{axis}""")


def test_small_size_enlarge_upper_extra_ticks_and_pgfplotsset():
    sc = parse_tikz(SMALL)
    box = [p for p in lines(sc, color="#000000", width=0.4) if p.closed_flag and p.style.fill is None][0]
    x0, y0 = box.points.min(axis=0)
    # small: width 6.5cm, height from the 240:207 ratio, minus 45pt each (TeX: 139.941 x 114.514)
    assert box.points[:, 0].max() - x0 == pytest.approx(139.941, abs=TOL)
    assert box.points[:, 1].max() - y0 == pytest.approx(114.514, abs=TOL)
    ticks = lines(sc, color="#808080")
    bottom_x = sorted(t.points[0, 0] - x0 for t in ticks
                      if t.points[0, 0] == t.points[1, 0] and abs(min(t.points[:, 1]) - y0) < 1e-6)
    # x: 0..3 widened by half the range at the top only -> 0..4.5; majors 0..4, minors at the halves
    # (the one at 4.5 included)
    assert bottom_x == pytest.approx([0, 15.55, 31.1, 46.65, 62.2, 77.74, 93.29, 108.84, 124.39, 139.94], abs=0.02)
    # extra y tick 0.25 with its grid line (33.399pt above the bottom in TeX)
    grid = lines(sc, color="#bfbfbf")
    assert len(grid) == 1 and grid[0].points[0, 1] - y0 == pytest.approx(33.399, abs=TOL)
    # an empty line in 'coordinates' interrupts the plot; mark=none from \pgfplotsset
    assert len(lines(sc, color="#0000ff")) == 2 + 1  # two pieces and the legend image
    assert not [p for p in sc.primitives if isinstance(p, (Dot, Circle))]
    # legend pos=north west: at (0.03, 0.97) of the box
    frame = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.fill == "#ffffff"][0]
    assert frame.points[:, 0].min() - x0 == pytest.approx(4.399, abs=TOL)
    assert y0 + 114.514 - frame.points[:, 1].max() == pytest.approx(3.635, abs=TOL)


def test_legend_pos_after_a_preamble_legend_style_wins():
    # legend pos appends to every axis legend like legend style: the later key wins over the
    # \pgfplotsset before it (TeX: the frame's corner 6.051pt left of, 5.062pt above the box's)
    sc = parse_tikz(r"""\pgfplotsset{every axis legend/.append style={at={(0,0)},anchor=north east}}
""" + fig(r"""\begin{axis}[legend pos=south east]
\addplot coordinates {(0,0) (1,1)};
\legend{$a$}
\end{axis}"""))
    box = [p for p in lines(sc, color="#000000", width=0.4) if p.closed_flag and p.style.fill is None][0].points
    frame = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.fill == "#ffffff"][0].points
    assert box[:, 0].max() - frame[:, 0].max() == pytest.approx(6.051, abs=TOL)
    assert frame[:, 1].min() - box[:, 1].min() == pytest.approx(5.062, abs=TOL)


def test_a_scaled_picture_scales_the_axis_texts_and_marks_too():
    # pgfplots draws the axis into a box the picture's scale=0.5 scales as a whole: texts at
    # half size, their offsets and the marks too (TeX, pt from the box's south-west corner:
    # x tick label 0 at (-1.249, -4.990), y tick label 1 at (-4.266, 89.700), xlabel at
    # (94.021, -10.576); marks of radius 1pt)
    sc = parse_tikz(r"""\begin{tikzpicture}[scale=0.5]
\begin{axis}[width=15cm, height=8cm, xlabel=$x$, xmin=0, xmax=1, ymin=0, ymax=1, xtick={0,1}, ytick={0,1}]
\addplot coordinates {(0,0) (1,1)};
\end{axis}
\end{tikzpicture}""")
    box = [p for p in lines(sc, color="#000000") if p.closed_flag and p.style.fill is None][0].points
    x0, y0 = box.min(axis=0)
    texts = labels(sc)
    assert all(t.font_size == pytest.approx(5.0) for t in texts)
    # left edge and baseline (the digits and x have no depth)
    at = sorted((round(t.box[0] - x0, 3), round(t.box[1] - y0, 3)) for t in texts)
    assert at[0] == pytest.approx((-4.266, -1.611), abs=TOL)  # y tick label 0, centred on its tick
    assert at[1] == pytest.approx((-4.266, 89.700), abs=TOL)
    assert at[2] == pytest.approx((-1.249, -4.990), abs=TOL)
    assert at[3] == pytest.approx((94.021, -10.576), abs=TOL)
    assert sorted(p.radius for p in sc.primitives if isinstance(p, (Dot, Circle))) == pytest.approx([1.0, 1.0])


def test_minor_ticks_stop_at_the_last_major_tick_for_data_limits():
    # TeX draws 14 minor x ticks with limits from the data and 16 with xmin/xmax given
    body = r"\begin{axis}[minor tick num=3,enlargelimits=false%s]" "\n" r"\addplot[domain=-5:5] {x};" \
           "\n" r"\end{axis}"
    for extra, n in (("", 14), (",xmin=-5,xmax=5", 16)):
        sc = parse_tikz(fig(body % extra))
        m = sc.panels[0].axis_transform
        y0 = (m @ [0, -5, 1])[1]
        minor = [t for t in lines(sc, color="#808080") if t.points[0, 0] == t.points[1, 0]
                 and abs(min(t.points[:, 1]) - y0) < 1e-6 and abs(np.ptp(t.points[:, 1]) - 2.845) < 0.01]
        assert len(minor) == n


def test_semilogy_axis_decades_labels_and_minor_ticks():
    sc = parse_tikz(fig(r"\begin{semilogyaxis}" "\n" r"\addplot coordinates {(0,1) (1,10) (2,1000) (3, 50000)};"
                        "\n" r"\end{semilogyaxis}"))
    m = sc.panels[0].axis_transform  # maps (x, log10 y)
    y0 = (m @ [0, 0, 1])[1]
    # TeX: 10^0 .. 10^5 are 28.729pt apart; the box spans log10 y from -0.47 to 5.169 (10 % added)
    assert (m @ [0, 1, 1])[1] - y0 == pytest.approx(28.729, abs=TOL)
    box = [p for p in lines(sc, width=0.4) if p.closed_flag][0]
    assert y0 - box.points[:, 1].min() == pytest.approx(92.282 - 78.779, abs=TOL)
    texts = [p for p in labels(sc) if p.text.startswith("$10^")]
    assert [p.text for p in texts] == [f"$10^{{{k}}}$" for k in range(6)]
    # minor ticks at 2..9 x 10^k below the last decade: the first one (0.4) 11.433pt under 10^0
    minor = sorted(y0 - t.points[0, 1] for t in lines(sc, color="#808080")
                   if abs(np.ptp(t.points[:, 0]) - 2.845) < 0.01 and t.points[:, 0].min() == box.points[:, 0].min())
    assert max(d for d in minor if d > 0) == pytest.approx(90.212 - 78.779, abs=TOL)
    assert len(minor) == 51  # TeX: 102 on both sides (2..10 x 10^k, none on the last decade 10^5)


# -- bars ------------------------------------------------------------------------------------

YBAR = fig(r"""\begin{axis}[ybar, symbolic x coords={a,b,c}, xtick=data, nodes near coords, legend pos=north west]
\addplot coordinates {(a,3) (b,2) (c,4)};
\addplot coordinates {(a,1) (b,5) (c,2)};
\legend{one,two}
\end{axis}""")


def test_ybar_bars_side_by_side_with_outside_ticks():
    sc = parse_tikz(YBAR)
    m = sc.panels[0].axis_transform
    x0, foot = (m @ [0, 0.6, 1])[:2]  # y limits 1..5 widened by 10 %: the bars stand on the box
    bars = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.stroke == "#0000ff"]
    assert len(bars) == 3 + 2  # and the legend's two bars (blue!30!white fill)
    assert bars[0].style.fill is not None
    b = bars[0].points
    # TeX: 10pt wide, centred 6pt left of x=a (bar shift auto with 2pt between two plots), 81pt high
    assert np.ptp(b[:, 0]) == pytest.approx(10.0, abs=TOL) and b[:, 0].mean() == pytest.approx(x0 - 6.0, abs=TOL)
    assert b[:, 1].min() == pytest.approx(foot, abs=TOL) and np.ptp(b[:, 1]) == pytest.approx(81.0, abs=TOL)
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.stroke == "#ff0000"]
    assert red[0].points[:, 0].mean() == pytest.approx(x0 + 6.0, abs=TOL)
    # xtick=data with the symbolic names, ticks outside the box (4.268pt below it)
    texts = {p.text: p for p in labels(sc)}
    assert {"a", "b", "c"} <= set(texts)
    ticks = [t for t in lines(sc, color="#808080") if abs(t.points[0, 0] - x0) < 1e-6]
    assert min(t.points[:, 1].min() for t in ticks) == pytest.approx(foot - 4.268, abs=TOL)


def test_nodes_near_coords_and_bar_legend():
    sc = parse_tikz(YBAR)
    m = sc.panels[0].axis_transform
    x0, top = (m @ [0, 3, 1])[:2]
    three = [p for p in labels(sc) if p.text == "$3$" and abs(p.box[1] - top - 3.533) < 0.05]
    # TeX: baseline 3.532pt above the bar, centred on it (6pt left of a)
    assert len(three) == 1 and (three[0].box[0] + three[0].box[2]) / 2 == pytest.approx(x0 - 6.0, abs=TOL)
    frame = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.fill == "#ffffff"][0].points
    assert np.ptp(frame[:, 0]) == pytest.approx(34.958, abs=0.03)
    assert np.ptp(frame[:, 1]) == pytest.approx(27.130, abs=0.03)


def test_inline_table_declared_functions_and_symbolic_meta():
    sc = parse_tikz(fig(r"""\begin{axis}[declare function={C=4; square(\t)=(\t)^2 + C;}, nodes near coords]
\addplot+[samples=3, domain=0:2] {square(x)};
\addplot+[only marks, point meta=explicit symbolic] table [meta=label] {
    x    y   label
    0.5  2   t1
    1.5  3   t2
};
\end{axis}"""))
    m = sc.panels[0].axis_transform
    plot = [p for p in lines(sc, color="#0000ff") if len(p.points) == 3][0]
    # square(x) = x^2 + 4 at 0, 1, 2
    assert np.allclose(plot.points, [(m @ [x, x * x + 4, 1])[:2] for x in (0, 1, 2)])
    texts = {p.text: p for p in labels(sc)}
    assert {"t1", "t2", "$8$"} <= set(texts)
    # the meta text sits above its point (anchor south: outer sep .2 + inner sep 3.333)
    t2 = texts["t2"]
    assert (t2.box[0] + t2.box[2]) / 2 == pytest.approx((m @ [1.5, 3, 1])[0], abs=TOL)
    assert t2.box[1] == pytest.approx((m @ [1.5, 3, 1])[1] + 3.533, abs=TOL)


def test_legend_cells_anchor_west_and_a_thin_space_in_an_entry():
    # legend style={cells={anchor=west}} aligns the texts on the left (what legend cell align=left
    # sets); "\," in an entry is a control symbol, not a comma between entries
    sc = parse_tikz(fig(r"""\begin{axis}[legend style={cells={anchor=west}}]
\addplot coordinates {(0,0) (1,1)};
\addplot coordinates {(0,1) (1,2)};
\legend{$x$,$-x \, \ln(x)$}
\end{axis}"""))
    texts = {p.text: p for p in labels(sc)}
    assert "$-x \\, \\ln(x)$" in texts and "$x$" in texts
    assert texts["$x$"].box[0] == pytest.approx(texts["$-x \\, \\ln(x)$"].box[0], abs=TOL)


def test_fpu_products_with_zero_are_zero():
    # pgfplots' fpu: ln(0) is -inf and zero times anything is zero, so -x*ln(x) starts at (0,0)
    sc = parse_tikz(fig(r"\begin{axis}\addplot[red, domain=0:1, samples=3] {-x*ln(x)};\end{axis}"))
    m = sc.panels[0].axis_transform
    red = lines(sc, color="#ff0000")
    assert np.allclose(red[0].points[0], (m @ [0, 0, 1])[:2], atol=TOL)


def test_legend_in_one_row():
    sc = parse_tikz(fig(r"""\begin{axis}[legend columns=-1, legend style={at={(0.5,1.03)},anchor=south}]
\addplot coordinates {(0,0) (1,1)};
\addplot coordinates {(0,1) (1,2)};
\addplot coordinates {(0,2) (1,3)};
\legend{$l_1$,long,c}
\end{axis}"""))
    m = sc.panels[0].axis_transform
    frame = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.fill == "#ffffff"][0].points
    # TeX: 100.665 x 16.448, centred over the box, its bottom 0.03 * 162 + 0.2 above it
    assert np.ptp(frame[:, 0]) == pytest.approx(100.665, abs=0.05)
    assert np.ptp(frame[:, 1]) == pytest.approx(16.448, abs=TOL)
    cx = (m @ [0.5, 0, 1])[0]
    assert frame[:, 0].mean() == pytest.approx(cx, abs=TOL)
    assert frame[:, 1].min() == pytest.approx((m @ [0, 3.3, 1])[1] + 0.03 * 162 + 0.2, abs=TOL)
    texts = {p.text: p for p in labels(sc)}
    # entries side by side: image (0.6cm + line), then text with 2pt inner sep
    assert texts["long"].box[0] - texts["$l_1$"].box[2] == pytest.approx(2 + 17.472 + 2, abs=0.05)


def test_xbar_with_bar_width_in_axis_units_and_data_ticks():
    sc = parse_tikz(fig(r"""\begin{axis}[xbar=0pt, bar width=2, width=7cm, height=12cm, minor y tick num=4,
    ytick=data, enlargelimits=0.15, grid=both, tickpos=left]
\addplot coordinates {(10,5) (15,10) (5,15) (24,20) (30,25)};
\addplot coordinates {(3,5) (5,10) (15,15) (20,20) (35,25)};
\end{axis}"""))
    box = [p for p in lines(sc, color="#000000", width=0.4) if p.closed_flag and p.style.fill is None][0].points
    x0, y0 = box.min(axis=0)
    blue = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag
            and p.style.stroke == "#0000ff"]
    red = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag
           and p.style.stroke == "#ff0000"]
    # TeX: bars 2 y-units (22.803pt) thick from x=0 (6.669pt right of the box), the first plot below
    assert blue[0][:, 0].min() - x0 == pytest.approx(6.669, abs=TOL)
    assert sorted(blue[0][:, 1] - y0) == pytest.approx([11.398] * 2 + [34.202] * 2, abs=TOL)
    assert sorted(red[0][:, 1] - y0) == pytest.approx([34.202] * 2 + [57.006] * 2, abs=TOL)
    # ytick=data: majors at 5..25, 4 minor ticks between each (16), ticks on the left only
    # TeX: 4 x ticks (0..30) at the bottom only, 5 + 16 y ticks on the left; a grid line at each
    assert len(lines(sc, color="#808080")) == 4 + 5 + 16
    assert len(lines(sc, color="#bfbfbf")) == 4 + 5 + 16


def test_reversed_x_post_scale_const_plot_and_expression_options():
    sc = parse_tikz(fig(r"""\begin{axis}[x dir=reverse, y post scale=1.2]
\addplot+[const plot mark right, mark=none] coordinates {(0,0) (1,1) (2,0.5)};
\addplot[red] expression [domain=0:2, samples=3] {x/2};
\end{axis}"""))
    box = [p for p in lines(sc, color="#000000", width=0.4) if p.closed_flag][0].points
    x0, y0 = box.min(axis=0)
    # TeX: 195 x 194.4 (162 * 1.2); x = 0 sits 178.755pt right of the left edge (x grows leftwards)
    assert np.ptp(box[:, 1]) == pytest.approx(194.4, abs=TOL)
    m = sc.panels[0].axis_transform
    assert (m @ [0, 0, 1])[0] - x0 == pytest.approx(178.755, abs=TOL)
    assert (m @ [2, 0, 1])[0] - x0 == pytest.approx(16.252, abs=TOL)
    step = [p for p in lines(sc, color="#0000ff")][0].points
    # const plot mark right: up first, then across (TeX: V, H, V, H)
    assert np.allclose(step, [(m @ [x, y, 1])[:2] for x, y in ((0, 0), (0, 1), (1, 1), (1, 0.5), (2, 0.5))])
    red = lines(sc, color="#ff0000")[0].points
    assert len(red) == 3 and np.allclose(red[-1], (m @ [2, 1, 1])[:2])
    # ticks point into the box on both sides although the data direction is reversed
    right = [t for t in lines(sc, color="#808080") if abs(t.points[:, 0].max() - (x0 + 195)) < 1e-6
             and t.points[0, 1] == t.points[1, 1]]
    assert right and all(t.points[:, 0].min() == pytest.approx(x0 + 195 - 4.268, abs=TOL) for t in right)


def test_scaled_ticks_labels():
    sc = parse_tikz(fig(r"\begin{axis}" "\n" r"\addplot coordinates {(0,0) (20000,0.001)};" "\n" r"\end{axis}"))
    box = [p for p in lines(sc, color="#000000", width=0.4) if p.closed_flag][0].points
    x0, y0 = box.min(axis=0)
    texts = {p.text: p for p in labels(sc)}
    # tick labels show value / 10^e: 0..2 on x (e = 4), 0..1 on y (e = -3)
    assert {"$0.5$", "$2$", "$0.8$"} <= set(texts)
    # TeX: x label 167.295pt right of the box's left edge, baseline 27.138pt under the box;
    # y label 3.014pt right of the box's left edge, baseline 5.301pt above its top
    xs, ys = texts["$\\cdot 10^{4}$"], texts["$\\cdot 10^{-3}$"]
    # (the native width of "\cdot 10^{4}" is 0.85pt larger than TeX's: centred, so 0.43pt off)
    assert xs.box[0] - x0 == pytest.approx(167.295, abs=0.5)
    assert y0 - xs.box[1] == pytest.approx(27.138, abs=0.6)  # native superscript box 0.5pt lower
    assert ys.box[0] - x0 == pytest.approx(3.014, abs=0.3)
    assert ys.box[1] - (y0 + 162) == pytest.approx(5.301, abs=0.5)


def test_closedcycle_cycle_and_left_aligned_legend():
    sc = parse_tikz(fig(r"""\begin{axis}[legend cell align=left]
\addplot[blue, domain=1:3, samples=3] {x} \closedcycle;
\addplot[red] coordinates {(1,1) (2,3) (3,2)} --cycle;
\legend{a,long}
\end{axis}"""))
    m = sc.panels[0].axis_transform
    blue = [p for p in lines(sc, color="#0000ff") if p.closed_flag][0].points
    # TeX: down to y = 0 clamped to the axis (ymin = 0.8 here), back to the first x, closed
    assert np.allclose(blue, [(m @ [x, y, 1])[:2] for x, y in ((1, 1), (2, 2), (3, 3), (3, 0.8), (1, 0.8))])
    red = [p for p in lines(sc, color="#ff0000") if p.closed_flag][0].points
    assert np.allclose(red, [(m @ [x, y, 1])[:2] for x, y in ((1, 1), (2, 3), (3, 2))])
    texts = {p.text: p for p in labels(sc)}
    assert texts["a"].box[0] == pytest.approx(texts["long"].box[0], abs=1e-6)  # both at the cell's left


def test_ticks_just_outside_the_data_and_at_a_left_axis_crossing():
    # TeX: sin sampled 40 times reaches only 0.9995, yet the ticks at -1 and 1 are drawn; with the
    # y axis on the left the middle x axis hides neither tick at 0; the legend image gets mark=*
    sc = parse_tikz(fig(r"""\begin{axis}[axis y line=left, axis x line=middle, legend image post style={mark=*}]
\addplot[blue, domain=-5:5, samples=40] {sin(deg(x))};
\addlegendentry{s}
\end{axis}"""))
    ticks = lines(sc, color="#808080")
    vertical = [t for t in ticks if t.points[0, 0] == t.points[1, 0]]
    horizontal = [t for t in ticks if t.points[0, 1] == t.points[1, 1]]
    assert len(vertical) == 5 and len(horizontal) == 5
    texts = [p.text for p in labels(sc)]
    assert texts.count("$0$") == 2 and "$-1$" in texts and "$1$" in texts
    assert len([p for p in sc.primitives if isinstance(p, (Dot, Circle))]) == 1


@pytest.mark.parametrize("top, minor", [("0.18", 46), ("0.083", 41)])
def test_log_minor_ticks_follow_pgfplots_tick_list(top, minor):
    # TeX: 92 minor y ticks (both sides) for ymax = 0.18: 2..10 x 10^k (the tenth on the next
    # major), and 2..4 x 10^-1 because the tick list reaches 10^0; with 0.083 it stops at 10^-1
    # (82 ticks, none on the list's last entry)
    sc = parse_tikz(fig(r"\begin{semilogyaxis}" "\n" r"\addplot coordinates {(0.5,1e-5) (1.5,%s)};" % top +
                        "\n" r"\end{semilogyaxis}"))
    short = [t for t in lines(sc, color="#808080") if abs(np.ptp(t.points[:, 0]) - 2.845) < 0.01]
    assert len(short) == 2 * minor


def test_log_tick_distance_and_every_axis_post():
    sc = parse_tikz(fig(r"""\begin{semilogyaxis}[every axis post/.style={xmin=0,xmax=2}, xmin=-5, ytick distance=100]
\addplot coordinates {(0.5,1e-5) (1.5,0.18)};
\end{semilogyaxis}"""))
    texts = [p.text for p in labels(sc)]
    # TeX: every second decade from 10^-5 (nearer to ymin than 10^-6); x limits 0..2 from the post style
    assert [t for t in texts if t.startswith("$10")] == ["$10^{-5}$", "$10^{-3}$", "$10^{-1}$"]
    assert "$0.5$" in texts and "$-4$" not in texts
    assert not [t for t in lines(sc, color="#808080") if abs(np.ptp(t.points[:, 0]) - 2.845) < 0.01]


def test_log_plot_exponent_style_and_extra_ticks_on_a_log_axis():
    sc = parse_tikz(fig(r"""\begin{semilogyaxis}[log plot exponent style/.style={/pgf/number format/fixed zerofill,
    /pgf/number format/precision=1}, domain=-5:10, extra y ticks={45}]
\addplot {exp(x)};
\end{semilogyaxis}"""))
    texts = [p.text for p in labels(sc)]
    # TeX: the exponents printed with the style, the extra tick as a power too (log10 45 = 1.65)
    assert [t for t in texts if t.startswith("$10^")] == [f"$10^{{{k}.0}}$" for k in range(-2, 5)] + ["$10^{1.7}$"]


def test_tick_list_ranges_and_skewed_unit_vectors_are_noted():
    sc = parse_tikz(fig(r"""\begin{axis}[xtick={-1.5,-1,...,1.5}, xmin=-2, xmax=2, x={(1cm,0.1cm)}]
\addplot coordinates {(-1,1) (1,1)};
\end{axis}"""))
    texts = [p.text for p in labels(sc)]
    assert texts[:7] == ["$-1.5$", "$-1$", "$-0.5$", "$0$", "$0.5$", "$1$", "$1.5$"]
    assert any(d.code == "UNSUPPORTED" and "unit vector" in d.message for d in sc.diagnostics)


def test_stacked_bars_and_stacked_closed_plots():
    sc = parse_tikz(fig(r"""\begin{axis}[ybar stacked]
\addplot coordinates {(0,1) (1,2)};
\addplot coordinates {(0,2) (1,1)};
\end{axis}"""))
    box = [p for p in lines(sc, color="#000000", width=0.4) if p.closed_flag][0].points
    x0, y0 = box.min(axis=0)
    blue = [p.points for p in lines(sc, color="#0000ff") if p.closed_flag]
    red = [p.points for p in lines(sc, color="#ff0000") if p.closed_flag]
    # TeX: at x=0 blue from the box bottom to 13.5pt, red on top of it to 148.5pt; centred 16.25pt
    # from the left; the x ticks stay inside the box
    assert sorted(set(np.round(blue[0][:, 1] - y0, 3))) == pytest.approx([0, 13.5], abs=TOL)
    assert sorted(set(np.round(red[0][:, 1] - y0, 3))) == pytest.approx([13.5, 148.5], abs=TOL)
    assert red[0][:, 0].mean() - x0 == pytest.approx(16.25, abs=TOL)
    assert min(t.points[:, 1].min() for t in lines(sc, color="#808080")) >= y0 - 1e-9
    sc = parse_tikz(fig(r"""\begin{axis}[stack plots=y]
\addplot+[fill] coordinates {(0,1) (1,1)} \closedcycle;
\addplot+[fill] coordinates {(0,1) (1,1)} \closedcycle;
\end{axis}"""))
    m = sc.panels[0].axis_transform
    upper = [p.points for p in lines(sc, color="#ff0000") if p.closed_flag and len(p.points) == 4][0]
    # the second area is closed along the first plot's line, not down to the axis
    assert np.allclose(upper, [(m @ [x, y, 1])[:2] for x, y in ((0, 2), (1, 2), (1, 1), (0, 1))])


def test_error_bars_explicit_and_fixed():
    sc = parse_tikz(fig(r"""\begin{axis}
\addplot+[error bars/.cd, y dir=both, y explicit] coordinates {(0,0) +- (0,0.5) (1,1) +- (0,0.2)};
\end{axis}"""))
    m = sc.panels[0].axis_transform
    box = [p for p in lines(sc, color="#000000", width=0.4) if p.closed_flag][0].points
    # TeX: the limits hold the bars (y from -0.5 to 1.2, widened by 10 %): -0.5 is 13.5pt above the bottom
    assert (m @ [0, -0.5, 1])[1] - box[:, 1].min() == pytest.approx(13.5, abs=TOL)
    blue = [p.points for p in lines(sc, color="#0000ff") if len(p.points) == 2]
    # per end: a line from the point and a 4pt cross bar (error mark=-)
    assert len(blue) == 1 + 4 * 2
    bar = [b for b in blue if np.allclose(b[:, 1], (m @ [0, 0.5, 1])[1])][0]
    assert np.ptp(bar[:, 0]) == pytest.approx(4.0)
    sc = parse_tikz(fig(r"""\begin{axis}
\addplot+[error bars/.cd, x dir=plus, x fixed=0.5] coordinates {(0,0) (1,1)};
\end{axis}"""))
    assert len([p for p in lines(sc, color="#0000ff") if len(p.points) == 2]) == 1 + 2 * 2


def test_log_basis_two_and_samples_at():
    sc = parse_tikz(fig(r"""\begin{semilogyaxis}[log basis y=2, samples at={-2,...,3}]
\addplot {2^x};
\end{semilogyaxis}"""))
    texts = [p.text for p in labels(sc)]
    # TeX: x ticks -2..3, y ticks 2^-2 .. 2^3, 12 tick marks each way (both sides), no minor ticks
    assert [t for t in texts if t.startswith("$2^")] == [f"$2^{{{k}}}$" for k in (-2, -1, 0, 1, 2, 3)]
    assert len(lines(sc, color="#808080")) == 24
    plot = [p for p in lines(sc, color="#0000ff") if len(p.points) == 6]
    assert len(plot) == 1  # one sample per listed x


def test_addlegendimage_entries():
    sc = parse_tikz(fig(r"""\begin{axis}
\addplot coordinates {(0,0) (1,1)}; \addlegendentry{a}
\addlegendimage{empty legend} \addlegendentry{note}
\addlegendimage{red, mark=square*} \addlegendentry{b}
\end{axis}"""))
    texts = {p.text: p for p in labels(sc)}
    assert {"a", "note", "b"} <= set(texts)
    frame = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.fill == "#ffffff"][0].points
    # TeX: a 46.54 x 38.05pt frame; the empty image takes no room, the red one is a line and a square
    assert np.ptp(frame[:, 0]) == pytest.approx(46.54, abs=0.2)
    assert np.ptp(frame[:, 1]) == pytest.approx(38.05, abs=0.2)
    red = lines(sc, color="#ff0000")
    assert len(red) == 2 and any(p.closed_flag for p in red)


def _curve(sc):
    return max((p for p in sc.primitives if isinstance(p, Polyline)), key=lambda p: len(p.points)).points


def test_definitions_in_the_axis_body_hold_for_the_plots_after_them():
    plain = parse_tikz(fig("\\begin{axis}[domain=0:2]\\addplot {x^2};\\end{axis}"))
    body = "\\begin{axis}[domain=0:2]\n\\def\\k{2}\\def\\f#1{x^#1}\n\\addplot {\\f{\\k}};\n\\end{axis}"
    sc = parse_tikz(fig(body))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert np.allclose(_curve(sc), _curve(plain))
    # the axis is a group: its definitions end with it
    sc = parse_tikz(fig(body + "\n\\draw (0,0) -- (\\k,0);"))
    assert any("\\k" in d.message for d in sc.diagnostics)


def test_named_plots_intersect_and_each_name_intersections_key_counts():
    sc = parse_tikz(fig(
        "\\begin{axis}[domain=0:1,samples=11]\n\\addplot[name path=A] {x};\n\\addplot[name path=B] {1-x};\n"
        "\\addplot[draw=none,name path=C] {0.25};\n\\draw (axis cs:0.5,0.5) circle (1pt);\n"
        "\\draw (axis cs:0.75,0.25) circle (2pt);\n\\end{axis}\n"
        "\\draw[name intersections={of=A and B,name=i},name intersections={of=B and C,name=j}] "
        "(i-1) circle (3pt) (j-1) circle (4pt);"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    centre = {round(c.radius, 3): c.center for c in sc.primitives if isinstance(c, Circle)}
    assert np.allclose(centre[3.0], centre[1.0], atol=1e-6)
    assert np.allclose(centre[4.0], centre[2.0], atol=1e-6)


def test_smooth_and_tension_on_the_axis_hold_for_every_plot():
    coords = "\\addplot coordinates {(0,0) (1,1) (2,0) (3,1)};"
    own = parse_tikz(fig("\\begin{axis}\\addplot[smooth,tension=0.2] coordinates {(0,0) (1,1) (2,0) (3,1)};"
                         "\\end{axis}"))
    sc = parse_tikz(fig("\\begin{axis}[smooth,tension=0.2]" + coords + "\\end{axis}"))
    sharp = parse_tikz(fig("\\begin{axis}" + coords + "\\end{axis}"))
    assert len(_curve(sharp)) == 4 and len(_curve(sc)) > 4
    assert np.allclose(_curve(sc), _curve(own))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_set_layers_changes_only_the_drawing_order():
    plain = parse_tikz(fig("\\begin{axis}\\addplot coordinates {(0,0) (1,1)};\\end{axis}"))
    sc = parse_tikz(fig("\\pgfplotsset{set layers}\\begin{axis}[set layers]\\addplot coordinates {(0,0) (1,1)};"
                        "\\end{axis}"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert np.allclose(_curve(sc), _curve(plain))


def test_pgfmathdeclarefunction_is_usable_in_plots():
    decl = "\\pgfmathdeclarefunction{gauss}{2}{%\n  \\pgfmathparse{1/(sqrt(2*pi*#2))*exp(-((x-#1)^2)/(2*#2))}%\n}\n"
    sc = parse_tikz(decl + fig("\\begin{axis}[domain=0:4]\\addplot {gauss(2,0.5)};\\end{axis}"))
    ref = parse_tikz(fig("\\begin{axis}[domain=0:4]\\addplot {1/(sqrt(2*pi*0.5))*exp(-((x-2)^2)/(2*0.5))};"
                         "\\end{axis}"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert np.allclose(_curve(sc), _curve(ref))


def test_spaced_label_style_keys_style_the_labels():
    plain = parse_tikz(fig("\\begin{axis}[xlabel=$x$,xlabel style={yshift=-5pt}]\\addplot {x};\\end{axis}"))
    sc = parse_tikz(fig("\\begin{axis}[xlabel=$x$,x label style={yshift=-5pt}]\\addplot {x};\\end{axis}"))
    bare = parse_tikz(fig("\\begin{axis}[xlabel=$x$]\\addplot {x};\\end{axis}"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    box = {n: [p for p in labels(s) if p.text == "$x$"][0].box for n, s in (("a", plain), ("b", sc), ("c", bare))}
    assert np.allclose(box["a"], box["b"]) and box["b"][1] == pytest.approx(box["c"][1] - 5, abs=1e-6)


def test_number_format_keys_in_tick_label_styles():
    from geoverify.frontends.tikz.pgfplots_ticks import split_number_format
    fmt, rest = split_number_format("/pgf/number format/.cd, fixed, fixed zerofill, precision=1, /tikz/red")
    assert fmt == {"fixed": True, "zerofill": True, "precision": 1} and rest == "/tikz/red"
    assert format_number(0.0005, 4, fixed=True) == "$0.0005$" and format_number(1, 1, zerofill=True) == "$1.0$"
    sc = parse_tikz(fig("\\begin{axis}[xmin=0,xmax=1,ymin=0,ymax=1,x tick label style={/pgf/number format/fixed,"
                        "/pgf/number format/fixed zerofill,/pgf/number format/precision=1}]"
                        "\\addplot coordinates {(0,0) (1,1)};\\end{axis}"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    texts = [p.text for p in labels(sc)]
    assert "$0.0$" in texts and "$1.0$" in texts and "$0.2$" in texts and "$1$" in texts  # y keeps the default


def test_given_limits_clip_the_points_that_set_the_others():
    # clip limits: with ymax=4 the point (3,9) does not count for x, so x runs over 0:2,
    # enlarged to -0.2:2.2 (TeX: the ticks at x = 0 and 2 sit 1/12 and 11/12 along the
    # 195pt box); y runs from 0 - 0.4 up to the given 4 (y = 0 is 1/11 up the box)
    sc = parse_tikz(fig(r"\begin{axis}[ymax=4] \addplot coordinates {(0,0) (1,1) (2,4) (3,9)}; \end{axis}"))
    box = [p for p in lines(sc, width=0.4) if p.closed_flag][0]
    x0, y0 = box.points[:, 0].min(), box.points[:, 1].min()
    m = sc.panels[0].axis_transform
    assert np.allclose(m @ [-0.2, -0.4, 1], [x0, y0, 1])
    assert np.allclose(m @ [2.2, 4, 1], [x0 + 195.0, y0 + 162.0, 1], atol=TOL)


def test_mark_list_cycle_and_pentagon_mark():
    # TeX (cycle list name=mark list, eight one-point plots): circle, square, triangle, star,
    # diamond, otimes, |, pentagon; the pentagon's corners at 90, 18, -54, 234, 162 degrees on
    # the 2pt mark size (M25.336-60.344 L27.2305-58.9688 ...: 1.902pt = 2 cos 18 right of the top)
    body = "".join(rf"\addplot coordinates {{(0,{k})}};" for k in range(8))
    sc = parse_tikz(fig(r"\begin{axis}[cycle list name=mark list, xtick=\empty, ytick=\empty]" + body
                        + r"\end{axis}"))
    assert not any("cycle list" in d.message for d in sc.diagnostics)
    pent = mark_outlines("pentagon*")[0][1]
    assert np.allclose(pent[:2], [(0, 2), (2 * np.cos(np.radians(18)), 2 * np.sin(np.radians(18)))])
    shapes = [len(p.points) for p in lines(sc) if p.closed_flag and len(p.points) in (3, 4, 5)]
    assert shapes[:4] == [4, 3, 4, 5]  # square, triangle, diamond, pentagon (then the axis box)


def test_code_handlers_on_axis_keys_are_reported_and_styles_are_not():
    # (a filter that draws is not read; \pgfmathparse{#1*2} is: test_pgfplots_filters.py)
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[x filter/.code={\draw (0,0) circle (1pt);},
        my style/.style={red}, every axis plot/.append style={thick}]
    \addplot coordinates {(0,0) (1,1)};
    \end{axis}\end{tikzpicture}""")
    unsupported = [d.construct for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert "x filter/.code" in unsupported
    assert not any("style" in c for c in unsupported)


@pytest.mark.parametrize("axis_opts, plot", [("ymin=3,ymax=1", r"\addplot {x};"),
                                             ("zmin=3,zmax=1", r"\addplot3[surf,samples=5] {x};")])
def test_limits_the_wrong_way_round_give_an_empty_unit_axis_not_a_crash(axis_opts, plot):
    # pdflatex accepts ymin=3,ymax=1 silently and labels the axis 0, 0.2, ..., 1
    sc = parse_tikz(rf"\begin{{tikzpicture}}\begin{{axis}}[{axis_opts}]{plot}\end{{axis}}\end{{tikzpicture}}")
    assert sc.primitives
    assert all(np.isfinite(sp.controls).all() for p in sc.primitives for sp in p.subpaths())
    if "ymin" in axis_opts:
        assert {"$0$", "$1$"} <= {p.text for p in sc.primitives if isinstance(p, TextLabel)}


def test_a_transformation_given_to_a_plot_is_reported_not_silently_dropped():
    scene = parse_tikz(r"""\begin{tikzpicture}\begin{axis}
\addplot[red, rotate=10] coordinates {(1,2) (2,3)};
\addplot[blue] coordinates {(1,1) (2,2)};
\end{axis}\end{tikzpicture}""")
    notes = [d for d in scene.diagnostics if d.skipped]
    assert len(notes) == 1 and "'rotate'" in notes[0].message and notes[0].location.line == 2


def test_current_axis_names_the_axis_box_inside_and_after_the_axis():
    # pgfplots defines current axis (its box's anchors) without a name= key
    sc = parse_tikz(r"""\begin{tikzpicture}
      \begin{axis}[width=6cm, height=4cm, scale only axis]
        \addplot coordinates {(0,0) (1,1)};
        \node (in) at (current axis.north east) {};
      \end{axis}
      \draw (current axis.south west) -- (current axis.north east);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    line = sc.primitives[-1].points
    cm = 72.27 / 2.54
    assert np.allclose(line[1] - line[0], (6 * cm, 4 * cm), atol=1e-3)
