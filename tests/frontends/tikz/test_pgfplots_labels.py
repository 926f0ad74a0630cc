"""pgfplots axis descriptions: label and title positions given by their styles' ``at``,
``axis description cs`` and the order of ``tick align`` and ``axis lines``.

The expected numbers are the TikZ semantics; each snippet was compiled with pdflatex and
dvisvgm and the labels and lines agreed with these positions to 0.01 pt.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline, TextLabel

TOL = 0.02  # pt


def _texts(sc):
    return {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}


def _black_lines(sc):
    return [p.points.tolist() for p in sc.primitives
            if isinstance(p, Polyline) and p.style.stroke == "#000000" and len(p.points) == 2]


MIDDLE = r"""\begin{tikzpicture}
\begin{axis}[tick align=inside, axis lines=middle, xlabel=$x$, ylabel=$y$,
  x label style={at={(axis description cs:0.25,-0.1)}, anchor=north},
  ylabel style={at={(0.1,0.5)}},
  title=T, title style={at={(0.75,1)}}]
\addplot[red,domain=0:2] {x};
\draw (axis description cs:1,1) -- (axis description cs:0.5,0.5);
\end{axis}
\end{tikzpicture}"""


def test_label_and_title_styles_place_them_in_axis_description_cs():
    sc = parse_tikz(MIDDLE)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    m = sc.panels[0].axis_transform
    assert np.allclose(m @ [2, 2, 1], [195.0, 162.0, 1.0])  # the box is 195 x 162 from (0,0)
    t = _texts(sc)
    # anchor=north at 1/4 of the width, a tenth of the height under the box (inner + outer sep 3.533)
    x = t["$x$"]
    assert (x.box[0] + x.box[2]) / 2 == pytest.approx(48.75, abs=TOL)
    assert x.box[3] == pytest.approx(-16.2 - 3.533, abs=TOL)
    # a bare (0.1,0.5) is axis description cs too; the middle-axis anchor (north west) stays
    y = t["$y$"]
    assert y.box[0] == pytest.approx(19.5 + 3.533, abs=TOL)
    assert y.box[3] == pytest.approx(81.0 - 3.533, abs=TOL)
    # the title keeps pgfplots' 6pt shift above its at
    title = t["T"]
    assert (title.box[0] + title.box[2]) / 2 == pytest.approx(146.25, abs=TOL)
    assert title.box[1] == pytest.approx(162.0 + 6.0 + 3.533, abs=TOL)
    assert [[195.0, 162.0], [97.5, 81.0]] in _black_lines(sc)


def test_axis_lines_after_tick_align_centre_the_ticks():
    # axis lines=middle brings "every non boxed x axis" (xtick align=center) where it stands:
    # it overrides the tick align=inside before it
    sc = parse_tikz(MIDDLE)
    m = sc.panels[0].axis_transform
    x1 = (m @ [1, 0, 1])[0]
    ticks = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#808080"
             and abs(p.points[0, 0] - x1) < 1e-6]
    assert sorted(ticks[0].points[:, 1]) == pytest.approx([-2.125, 2.125], abs=TOL)
    sc = parse_tikz(MIDDLE.replace("tick align=inside, axis lines=middle", "axis lines=middle, tick align=inside"))
    ticks = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#808080"
             and abs(p.points[0, 0] - x1) < 1e-6]
    assert sorted(ticks[0].points[:, 1]) == pytest.approx([0.0, 4.25], abs=TOL)


def test_axis_description_cs_spans_the_box_as_drawn_on_a_reversed_axis():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[x dir=reverse, xlabel=$x$, xlabel style={at={(axis description cs:0,0)}}]
\addplot[red,domain=0:2] {x};
\draw (axis description cs:0,0) -- (axis description cs:0.5,0.25);
\end{axis}
\end{tikzpicture}""")
    assert [[0.0, 0.0], [97.5, 40.5]] in np.round(_black_lines(sc), 9).tolist()
    x = _texts(sc)["$x$"]
    assert (x.box[0] + x.box[2]) / 2 == pytest.approx(0.0, abs=TOL)
    assert x.box[3] == pytest.approx(-3.533, abs=TOL)


def test_axis_description_cs_outside_an_axis_is_reported():
    sc = parse_tikz(r"\begin{tikzpicture}\draw (axis description cs:0,0) -- (1,1);\end{tikzpicture}")
    assert any(d.code == "UNSUPPORTED" and "axis description cs" in d.message for d in sc.diagnostics)


def _bottom_x_ticks(sc):
    """(log10 x, length) of the vertical ticks standing on the bottom edge of a semilogx axis."""
    m = sc.panels[0].axis_transform
    out = []
    for p in sc.primitives:
        if isinstance(p, Polyline) and len(p.points) == 2 and abs(p.points[0, 0] - p.points[1, 0]) < 1e-9 \
                and abs(p.points[0, 1]) < 1e-9:
            out.append((float(np.linalg.solve(m[:2, :2], p.points[0] - m[:2, 2])[0]),
                        float(p.points[1, 1] - p.points[0, 1])))
    return out


def test_xtickten_gives_the_ticks_of_a_log_axis_and_minor_ticks_after_each_entry():
    # limits log10(2) -/+ 10 %: 10^0 and 10^2 fall outside; the uniform list {0,1,2} keeps its
    # minor ticks i x 10^k (i = 1..9) after each entry but the last, inside the limits
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{semilogxaxis}[xtickten={0,1,2}]
\addplot coordinates {(2,0) (50,1)};
\end{semilogxaxis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    ticks = _bottom_x_ticks(sc)
    assert [x for x, n in ticks if n > 4] == pytest.approx([1.0])
    minor = sorted(x for x, n in ticks if n < 4)
    assert minor == pytest.approx(np.log10([2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40, 50, 60]))
    assert "$10^{1}$" in _texts(sc)
    # a list that does not step one decade up has no minor ticks
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{semilogxaxis}[xtickten={2,1}]
\addplot coordinates {(2,0) (50,1)};
\end{semilogxaxis}\end{tikzpicture}""")
    assert [round(x, 9) for x, _ in _bottom_x_ticks(sc)] == [1.0]


def test_std_number_format_switches_to_sci_below_a_tenth_and_sci_subscript():
    from geoverify.frontends.tikz.pgfplots_ticks import format_number
    # pgf's std: scientific below 10^-(precision div 2) and from 10^5
    assert format_number(-0.05) == "$-5\\cdot 10^{-2}$" and format_number(0.5) == "$0.5$"
    assert format_number(0.05, 4) == "$0.05$"
    assert format_number(2e15, sci_style="_{{{}}}") == "$2_{15}$"


def test_axis_number_format_keys_and_scaled_ticks_base_ten():
    # TeX: x labels -5_{-5} .. -1_{-5}, y labels 1_{6} .. 5_{6}
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[/pgf/number format/sci subscript, scaled ticks=false]
\addplot coordinates {(-0.00005,1e6) (-0.00001,5e6)};
\end{axis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert {"$-5_{-5}$", "$-1_{-5}$", "$1_{6}$", "$5_{6}$"} <= set(_texts(sc))
    # scaled ticks=base 10:3: labels are the values times 10^3 and the scale labels say 10^{-3}
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[scaled ticks=base 10:3]
\addplot coordinates {(-0.00005,0.01) (-0.00001,0.05)};
\end{axis}\end{tikzpicture}""")
    t = _texts(sc)
    assert {"$-5\\cdot 10^{-2}$", "$-1\\cdot 10^{-2}$", "$10$", "$50$", "$\\cdot 10^{-3}$"} <= set(t)


@pytest.mark.parametrize("style, label30", [("", "$3\\cdot 10^{1}$"),
                                            (", extra tick style={log identify minor tick positions=false}",
                                             "$10^{1.48}$")])
def test_log_axis_under_two_decades_and_extra_tick_labels(style, label30):
    # 10^0.16 .. 10^1.84 holds one decade tick: pgfplots' fallback steps the exponent by
    # snap(1.68 / 4) = 0.5; extra ticks at i x 10^j print so unless told not to
    sc = parse_tikz(rf"""\begin{{tikzpicture}}\begin{{semilogxaxis}}[extra x ticks={{30,45}}{style}]
\addplot coordinates {{(2,0) (50,1)}};
\end{{semilogxaxis}}\end{{tikzpicture}}""")
    t = _texts(sc)
    assert {"$10^{0.5}$", "$10^{1}$", "$10^{1.5}$", label30, "$10^{1.65}$"} <= set(t)
    assert "$10^{0.2}$" not in t


def test_tick_label_templates_print_the_tick_number():
    # TeX: y labels "0 m" .. "1,000 m" (the number in math mode), x labels [0], [0.5], ... [2]
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[yticklabel={$\pgfmathprintnumber{\tick}$\,m}, xticklabel={[\pgfmathprintnumber\tick]}]
\addplot coordinates {(0,0) (2,1000)};
\end{axis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert {"$0$\\,m", "$1{,}000$\\,m", "[$0.5$]", "[$2$]"} <= set(_texts(sc))
    # \tick shown raw is pgfplots' internal text (1.0000000000): reported, the number printed
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[xticklabel={(\tick)}]
\addplot coordinates {(0,0) (2,1000)};
\end{axis}\end{tikzpicture}""")
    assert any(d.code == "UNSUPPORTED" and d.construct == "ticklabel" for d in sc.diagnostics)
    assert "$0.5$" in _texts(sc)


def test_tick_label_template_on_a_log_axis_computes_from_the_natural_log():
    # pgfplots: on a log axis \tick is ln(tick position); TeX prints 0.01, 0.1, 1 at the ticks
    # 10^-2, 10^-1, 10^0 for exp(\tick) (and -4.61, -2.3, 0 for \tick itself)
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[xmode=log, xmin=0.01, xmax=1,
  xticklabel=\pgfmathparse{exp(\tick)}\pgfmathprintnumber{\pgfmathresult},
  xticklabel style={/pgf/number format/.cd,fixed}]
\addplot[domain=0.01:1] {x};
\end{axis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    texts = _texts(sc)
    assert {"$0.01$", "$0.1$", "$1$"} <= set(texts)
    assert not [t for t in texts if "10^" in t]
    m = sc.panels[0].axis_transform
    # each label centred under its tick (anchor=north): 0.1 halfway along the x axis
    x_mid = (m @ [-1.0, 0.0, 1])[0]
    box = texts["$0.1$"].box
    assert (box[0] + box[2]) / 2 == pytest.approx(x_mid, abs=TOL)
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[xmode=log, xmin=0.01, xmax=1,
  xticklabel={$\pgfmathprintnumber{\tick}$}]
\addplot[domain=0.01:1] {x};
\end{axis}\end{tikzpicture}""")
    assert {"$-4.61$", "$-2.3$", "$0$"} <= set(_texts(sc))


def test_axis_line_shift_moves_the_lines_ticks_and_tick_labels_outwards():
    # TeX: each of the four box edges 10pt outside the box, as long as the box; ticks and
    # tick labels move with them
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[axis line shift=10pt]
\addplot coordinates {(0,0) (2,1)};
\end{axis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    m = sc.panels[0].axis_transform
    (x0, y0), (x1, y1) = (m @ [-0.2, -0.1, 1])[:2], (m @ [2.2, 1.1, 1])[:2]
    edges = sorted(np.round(q, 6).tolist() for q in _black_lines(sc))
    assert edges == sorted(np.round(e, 6).tolist() for e in (
        [[x0, y0 - 10], [x1, y0 - 10]], [[x0, y1 + 10], [x1, y1 + 10]],
        [[x0 - 10, y0], [x0 - 10, y1]], [[x1 + 10, y0], [x1 + 10, y1]]))
    zero = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "$0$"]
    assert min(p.box[3] for p in zero) == pytest.approx(y0 - 10 - 3.533, abs=TOL)
    # a number without unit is in units of the other direction: 0.1 in y under a left x axis
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[axis lines=left, axis x line shift=0.1]
\addplot coordinates {(0,0) (2,1)};
\end{axis}\end{tikzpicture}""")
    m = sc.panels[0].axis_transform
    ys = {round(q[0][1], 6) for q in _black_lines(sc) if abs(q[0][1] - q[1][1]) < 1e-9}
    assert ys == {round((m @ [0, -0.1, 1])[1], 6)}


def test_legend_entry_options_text_width_and_natural_depth():
    # TeX: "Neg." and "Sign:" on two lines 12pt apart, left-aligned in a 25pt box centred in the
    # legend's text column (the column as wide as the box)
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}
\addplot coordinates {(0,0) (1,1)}; \addlegendentry{$x$}
\addplot coordinates {(0,1) (1,0)}; \addlegendentry[text width=25pt,text depth=]{Neg. Sign:}
\end{axis}\end{tikzpicture}""")
    t = _texts(sc)
    x, neg = t["$x$"], t["Neg. Sign:"]
    # TeX (bp -> pt): the box's left edge 12.06pt left of the x glyph's centre (12.41pt of the
    # $x$ box's), the first baseline 12.24pt under the $x$ one
    assert neg.box[0] == pytest.approx((x.box[0] + x.box[2]) / 2 - 12.41, abs=0.15)
    assert neg.anchor[1] == pytest.approx(x.anchor[1] - 12.24, abs=0.15)


def _plot_points(sc):
    m = sc.panels[0].axis_transform
    out = []
    for p in sc.primitives:
        if isinstance(p, Polyline) and p.style.stroke not in ("#000000", "#808080") and len(p.points) > 2:
            out.append(np.round(np.linalg.solve(m[:2, :2], (p.points - m[:2, 2]).T).T, 9).tolist())
    return out


def test_axis_filter_code_runs_per_coordinate():
    # TeX: an empty \pgfmathresult drops the point and the line joins its neighbours;
    # \pgfmathparse sets a new value; \coordindex counts each plot from 0
    body = r"\addplot coordinates {(0,0) (1,1) (2,0) (3,1)};"
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[x filter/.code={\ifnum\coordindex=2 \def\pgfmathresult{}\fi}]"
                    + body + r"\end{axis}\end{tikzpicture}")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert _plot_points(sc) == [[[0, 0], [1, 1], [3, 1]]]
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[x filter/.code={\pgfmathparse{2*\pgfmathresult}}]"
                    + body + r"\end{axis}\end{tikzpicture}")
    assert _plot_points(sc) == [[[0, 0], [2, 1], [4, 0], [6, 1]]]
    # code that draws is reported and the filter left out
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[x filter/.code={\draw (0,0)--(1,1);}]"
                    + body + r"\end{axis}\end{tikzpicture}")
    assert any(d.code == "UNSUPPORTED" and d.construct == "x filter/.code" for d in sc.diagnostics)
    assert _plot_points(sc) == [[[0, 0], [1, 1], [2, 0], [3, 1]]]


def _red_line_data(sc):
    m = sc.panels[0].axis_transform
    line = next(p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000")
    return np.linalg.solve(m[:2, :2], (line.points - m[:2, 2]).T).T


def test_after_end_axis_bare_coordinates_are_in_data_scaled_units():
    # pgfplots' T(v) = 10^E (v - lower data limit): x limits -10..300 (given, widest) in an
    # 8cm axis: E = 3 - 3 = 0; y data 0.001..0.003: E = 3 - (-2) = 5. TeX draws (0,0) -- (3,0.7)
    # from (-10, 0.001) to (-7, 0.001007); axis cs keeps the axis' map there
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[xmin=-10, xmax=300, width=8cm,
    after end axis/.code={\draw[red] (0,0) -- (3,0.7); \draw[green] (axis cs:100,0.002) -- (axis cs:200,0.003);}]
\addplot coordinates {(12,0.001) (250,0.003)};\end{axis}\end{tikzpicture}""")
    assert np.allclose(_red_line_data(sc), [[-10, 0.001], [-7, 0.001007]], rtol=1e-9, atol=1e-12)
    m = sc.panels[0].axis_transform
    green = next(p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#00ff00")
    assert np.allclose(green.points, [(m @ [100, 0.002, 1])[:2], (m @ [200, 0.003, 1])[:2]])
    # data 0..1 with a 240pt width: E = 2 (0 does not count for the order); (50,50) is (0.5, ...)
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[after end axis/.code={\draw[red] (0,0) -- (50,50);}]
\addplot coordinates {(0,1) (1,2)};\end{axis}\end{tikzpicture}""")
    assert np.allclose(_red_line_data(sc), [[0, 1], [0.5, 1.5]])


@pytest.mark.parametrize("key, width", [("very thick", 1.2), ("line width=2pt", 2.0)])
def test_line_width_among_the_axis_options_widens_axis_lines_and_plots(key, width):
    # TeX: the axis lines and the plot take the scope's width; ticks keep "very thin" (0.2pt)
    sc = parse_tikz(rf"\begin{{tikzpicture}}\begin{{axis}}[{key}, axis lines=left]"
                    r"\addplot coordinates {(0,0) (1,1)};\end{axis}\end{tikzpicture}")
    widths = {(q.style.stroke, round(q.style.stroke_width, 6)) for q in sc.primitives
              if isinstance(q, Polyline)}
    assert ("#000000", width) in widths or ("#000000", round(width, 6)) in widths
    assert ("#808080", 0.2) in widths
    assert any(p.style.stroke == "#0000ff" and abs(p.style.stroke_width - width) < 1e-9
               for p in sc.primitives if hasattr(p, "style"))


def test_legend_style_font_sizes_the_entries():
    # TeX (\small): frame 54.249pt wide, baselines 10.251pt and 22.0pt under its top
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[legend style={font=\small}]
\addplot coordinates {(0,0) (1,1)}; \addlegendentry{$x$ line}
\addplot coordinates {(0,1) (1,0)}; \addlegendentry{second}
\end{axis}\end{tikzpicture}""")
    frame = next(p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill == "#ffffff")
    (x0, y0), (x1, y1) = frame.points.min(axis=0), frame.points.max(axis=0)
    assert x1 - x0 == pytest.approx(54.249, abs=0.02)
    t = _texts(sc)
    assert y1 - t["$x$ line"].anchor[1] == pytest.approx(10.251, abs=0.05)
    assert y1 - t["second"].anchor[1] == pytest.approx(22.0, abs=0.15)


def test_surf_and_mesh_legend_images_are_pgfplots_lattice():
    # pgfplots' mesh legend: a 3 x 3 lattice at scale 0.4; TeX's frame is 35.446 x 35.012pt
    # (pgf's boxes leave out the stroke) and the first patch starts 3pt right of its left edge
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[legend pos=outer north east]
\addplot3[surf,samples=3,domain=0:1] {x*y}; \addlegendentry{s}
\addplot3[mesh,samples=3,domain=0:1] {x+y}; \addlegendentry{m}
\end{axis}\end{tikzpicture}""")
    assert not any("legend images" in d.message for d in sc.diagnostics)
    frame = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill == "#ffffff"][-1]
    assert frame.points.max(axis=0) - frame.points.min(axis=0) == pytest.approx([35.446, 35.012], abs=0.02)
    x0, y1 = frame.points[:, 0].min(), frame.points[:, 1].max()
    quads = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and len(p.points) == 4
             and p.points[:, 0].min() > x0]
    assert len(quads) == 8
    assert np.allclose(quads[0].points - [x0, y1],
                       [[3.0, -9.155], [8.035, -14.269], [11.556, -10.692], [6.522, -5.065]], atol=0.01)


@pytest.mark.parametrize("cls, text_width", [("", 345.0), (r"\documentclass[12pt]{standalone}", 390.0)])
def test_textwidth_and_linewidth_are_the_document_class_lengths(cls, text_width):
    # TeX (article/standalone 10pt): width=0.5\textwidth, height=0.4*\linewidth give a box of
    # 172.5 - 45 by 138 - 45 pt; at 12pt \textwidth is 390pt
    fig = r"\begin{tikzpicture}\begin{axis}[width=0.5\textwidth, height=0.4*\linewidth]" \
          r"\addplot coordinates {(0,0) (1,1)};\end{axis}\end{tikzpicture}"
    if cls:
        fig = cls + r"\usepackage{pgfplots}\begin{document}" + fig + r"\end{document}"
    m = parse_tikz(fig).panels[0].axis_transform
    assert (m @ [1.1, 1.1, 1] - m @ [-0.1, -0.1, 1])[:2] == pytest.approx(
        [0.5 * text_width - 45, 0.4 * text_width - 45], abs=1e-6)


def test_starred_ticklabel_cs_is_on_the_tick_label_edge_moved_along_its_outer_normal():
    # TeX (compat=newest, 8cm x 6cm, bp): from the box's lower left corner, xticklabel* cs:0.5
    # is (90.9687, 0) away, yticklabel* cs:0.5,3pt is (-2.9922, 62.6211); on a centred axis or
    # outside an axis the cs is reported
    body = (r"\draw (axis description cs:0,0) -- (xticklabel* cs:0.5);"
            r"\draw (axis description cs:0,0) -- (yticklabel* cs:0.5,3pt);")
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[width=8cm,height=6cm,xmin=0,xmax=10,ymin=0,ymax=10,"
                    r"clip=false]" + body + r"\end{axis}\end{tikzpicture}")
    a, b = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.source.construct == "\\draw"]
    bp = 72.27 / 72
    assert np.allclose(a[1] - a[0], np.array([90.9687, 0.0]) * bp, atol=0.02)
    assert np.allclose(b[1] - b[0], np.array([-2.9922, 62.6211]) * bp, atol=0.02)
    sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[axis lines=middle]" + body + r"\end{axis}\end{tikzpicture}")
    assert any(d.code == "UNSUPPORTED" and "ticklabel* cs" in d.message for d in sc.diagnostics)


def test_before_compat_1_3_a_y_label_is_centred_35pt_left_of_its_position():
    # TeX (a document without compat, dvisvgm): ylabel style={at={(1.25,0.5)}} on an axis with
    # axis y line*=right puts "weight", rotated, with its centre 34.81bp (35pt) left of
    # axis description cs:1.25,0.5 -- pgfplots' ylabel absolute (xshift=-35pt, rotate=90)
    sc = parse_tikz(r"\documentclass{article}\usepackage{pgfplots}\begin{document}\begin{tikzpicture}"
                    r"\begin{axis}[xmin=0,xmax=10,ymin=0,ymax=10,width=8cm,height=6cm,ylabel={weight},"
                    r"ylabel style={at={(1.25,0.5)}},axis y line*=right,axis x line=none]"
                    r"\draw (axis description cs:1.25,0.5) circle (1pt);\end{axis}\end{tikzpicture}\end{document}")
    t = _texts(sc)["weight"]
    (c,) = [p.center for p in sc.primitives if type(p).__name__ == "Circle"]
    assert (t.box[0] + t.box[2]) / 2 == pytest.approx(c[0] - 35.0, abs=0.1)
    assert (t.box[1] + t.box[3]) / 2 == pytest.approx(c[1], abs=0.1)


def test_y_label_turned_back_upright_is_anchored_on_its_side_facing_the_axis():
    # pgfplots' anchor=near ticklabel is computed after every rotation: ylabel style={rotate=-90}
    # undoes the label's rotate=90 and the anchor becomes east (TeX: the label's right edge
    # 3.333pt + 3.333pt left of the tick labels, upright, centred on the box's height)
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[width=6cm, ylabel=$y$, ylabel style={rotate=-90}]
\addplot coordinates {(0,0) (1,2) (3,1)};
\end{axis}\end{tikzpicture}""")
    y = _texts(sc)["$y$"]
    assert y.frame is None or abs(y.frame[1, 0]) < 1e-9
    assert y.box[2] == pytest.approx(-15.399, abs=TOL)
    assert (y.box[1] + y.box[3]) / 2 == pytest.approx(51.12, abs=0.05)


def test_legend_style_draw_none_and_fill_none_leave_no_frame():
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[width=6cm, legend style={draw=none, fill=none}]
\addplot coordinates {(0,0) (1,2) (3,1)};
\addlegendentry{data}
\end{axis}\end{tikzpicture}""")
    boxes = [p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4]
    assert len(boxes) == 1  # the axis box only
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[width=6cm, legend style={draw=red, thick}]
\addplot coordinates {(0,0) (1,2) (3,1)};
\addlegendentry{data}
\end{axis}\end{tikzpicture}""")
    frame = [p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4 and p.style.stroke == "#ff0000"]
    assert len(frame) == 1 and frame[0].style.stroke_width == pytest.approx(0.8)


@pytest.mark.parametrize("opts, shown", [
    ("axis x line=none, axis y line=none", set()),  # pgfplots: axis x line=none is hide x axis
    ("axis lines=none", set()),
    ("hide y axis", {"$x$"}),
    ("axis lines*=none", {"$x$", "$y$"}),  # the starred form only removes the lines
    ("hide axis, hide x axis=false", {"$x$"}),
])
def test_hidden_axes_have_no_label(opts, shown):
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[xlabel=$x$, ylabel=$y$, %s]
\addplot coordinates {(0,0) (2,1)};
\end{axis}\end{tikzpicture}""" % opts)
    assert {t for t in _texts(sc) if t in ("$x$", "$y$")} == shown
