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
