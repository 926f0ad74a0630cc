"""pgfplots' tick label numbers: pgf's ``fixed relative`` format and ``log ticks with fixed point``.

The label texts are those pdflatex + dvisvgm print for the same axes (pgfplots manual,
"Number formatting").
"""

from __future__ import annotations

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
