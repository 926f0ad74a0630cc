"""pgfplots' tick label numbers: pgf's ``fixed relative`` format and ``log ticks with fixed point``.

The label texts are those pdflatex + dvisvgm print for the same axes (pgfplots manual,
"Number formatting").
"""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfplots_ticks import format_number
from geoverify.scene.primitives import TextLabel


def test_fixed_relative_rounds_to_significant_digits():
    assert format_number(0.000123456, precision=3, relative=True) == "$0.000123$"
    assert format_number(27182.8, precision=3, relative=True) == "$27{,}200$"
    assert format_number(1e-5, precision=3, relative=True) == "$0.00001$"
    assert format_number(-0.5, precision=1, relative=True) == "$-0.5$"
    assert format_number(0.0, precision=3, relative=True) == "$0$"


def test_log_ticks_with_fixed_point_print_the_decades_as_numbers():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{loglogaxis}[log ticks with fixed point]
\addplot coordinates {(5, 8.3e-02) (9217, 3.26e-06)};
\addplot coordinates {(7, 8.4e-02) (47103, 8.4e-06)};
\end{loglogaxis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    texts = [p.text for p in sc.primitives if isinstance(p, TextLabel)]
    # TeX: 10, 100, 1,000, 10,000, 100,000 under the box; 0.00001 ... 0.1 left of it
    assert texts == ["$10$", "$100$", "$1{,}000$", "$10{,}000$", "$100{,}000$",
                     "$0.00001$", "$0.0001$", "$0.001$", "$0.01$", "$0.1$"]


def _texts(sc):
    return [p.text for p in sc.primitives if isinstance(p, TextLabel)]


def test_scaled_ticks_real_divides_the_labels_and_names_the_factor():
    # TeX (pgfplots manual, tick options): 0, 0.5, 1, 1.5, 2 under the box and the label $\cdot \pi$
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xtick={0,1.5708,...,10}, domain=0:2*pi, scaled x ticks={real:3.1415},
    xtick scale label code/.code={$\cdot \pi$}]
\addplot {sin(deg(x))};
\end{axis}
\end{tikzpicture}""")
    texts = _texts(sc)
    assert texts[:5] == ["$0$", "$0.5$", "$1$", "$1.5$", "$2$"]
    assert "$\\cdot\\pi$" in texts  # (the options are detokenized)
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scaled y ticks=real:3, ytick={0,3,6}, xtick=\empty]
\addplot coordinates {(0,0) (1,6)};
\end{axis}
\end{tikzpicture}""")
    assert _texts(sc) == ["$0$", "$1$", "$2$", "$\\cdot 3$"]


def test_scaled_ticks_manual_maps_the_values_with_its_code():
    # TeX: the y labels 0, 0.5, ..., 2 (the values less 65535, one decimal) and $+65\,535$ above
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scaled y ticks=manual:{$+65\,535$}{\pgfmathparse{#1-65535}},
    yticklabel style={/pgf/number format/fixed, /pgf/number format/precision=1}, xtick=\empty]
\addplot coordinates {(0, 65535) (13, 65535) (14, 65536) (15, 65537) (30, 65537)};
\end{axis}
\end{tikzpicture}""")
    texts = _texts(sc)
    assert texts[:5] == ["$0$", "$0.5$", "$1$", "$1.5$", "$2$"]
    assert texts[-1] == "$+65\\,535$"


def test_minor_tick_list_places_minor_ticks_and_grid_lines():
    # TeX (manual, tick options: minor xtick={-3,1}, grid=minor): minor grid lines at x = -3 and 1 only
    from geoverify.scene.primitives import Polyline
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xmin=-5,xmax=5,ymin=0,ymax=1,minor xtick={-3,1},grid=minor]
\end{axis}
\end{tikzpicture}""")
    grid = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#bfbfbf"]
    assert sorted(round(g[0][0], 3) for g in grid) == [39.0, 117.0]  # (x + 5) / 10 of 195 pt
    assert all(abs(g[0][0] - g[1][0]) < 1e-9 and abs(g[1][1] - g[0][1] - 162.0) < 1e-6 for g in grid)


TICK_NAMES = r"""\begin{tikzpicture}
\begin{axis}[symbolic x coords={a,T,g}, xticklabel style={name=tick no \ticknum}, xtick=data%s]
\addplot coordinates {(a,0) (T,1) (g,2)};
\end{axis}
\draw [red] (tick no 0.base) -- (tick no 2.base);
\end{tikzpicture}"""


@pytest.mark.parametrize("strut, base", [("", -7.835), (",typeset ticklabels with strut", -11.936)])
def test_tick_labels_named_by_ticknum_and_set_with_struts(strut, base):
    # TeX (manual, tick options): the labels a, T, g are nodes "tick no 0".."tick no 2" under the box;
    # pdflatex + dvisvgm: their base line 7.835pt under the box, 11.936pt with struts (8.4pt high)
    from geoverify.scene.primitives import Polyline
    sc = parse_tikz(TICK_NAMES % strut)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    (red,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    assert red[0][0] == pytest.approx(16.26, abs=0.02) and red[1][0] == pytest.approx(178.76, abs=0.02)
    assert red[0][1] == pytest.approx(base, abs=0.01) and red[1][1] == pytest.approx(base, abs=0.01)


def test_inner_axis_line_style_sets_the_middle_lines_arrows():
    # pgfplots manual (axis lines): every inner x axis line/.append style={|->>} gives the middle x line
    # two heads at its end (and a bar at its start) instead of the default -stealth
    from geoverify.scene.primitives import Arrow
    tex = r"""\begin{tikzpicture}
\begin{axis}[axis x line=middle, axis y line=middle, xmin=-1, xmax=1, ymin=-1, ymax=1%s]
\end{axis}
\end{tikzpicture}"""
    plain = parse_tikz(tex % "")
    styled = parse_tikz(tex % ",every inner x axis line/.append style={|->>}")
    def x_heads(sc):  # the arrow heads on the middle x line (y = 81)
        return sorted(round(float(p.tip[0]), 2) for p in sc.primitives
                      if isinstance(p, Arrow) and abs(p.tip[1] - 81) < 1e-6)
    assert x_heads(plain) == [195.0]
    assert x_heads(styled) == [193.18, 195.0]  # >>: the second head one head length back


def test_axis_x_discontinuity_parallel_breaks_the_line_with_two_bars():
    # pdflatex + dvisvgm (manual, axis discontinuity=parallel): the x line runs 4pt, breaks for two
    # bars 16pt long at 4pt and 8pt, then goes on to its end
    from geoverify.scene.primitives import Polyline
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[axis x line=bottom, axis x discontinuity=parallel, axis y line=left,
    xmin=360, xmax=600, ymin=0, ymax=7, enlargelimits=false]
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    black = sorted((p.points.round(2).tolist() for p in sc.primitives
                    if isinstance(p, Polyline) and p.style.stroke == "#000000"), key=lambda q: (q[0][0], q[0][1]))
    assert black == [[[0.0, 0.0], [4.0, 0.0]], [[0.0, 0.0], [0.0, 162.0]], [[4.0, 8.0], [4.0, -8.0]],
                     [[8.0, 0.0], [195.0, 0.0]], [[8.0, 8.0], [8.0, -8.0]]]
