"""TikZ coordinates inside a pgfplots log axis: from ``compat=1.11`` a bare ``(a,b)`` is
``axis cs``, so its values are taken logarithmically on a log axis (as ``axis cs:`` always is).

The snippet was compiled with pdflatex and dvisvgm (``compat=newest``); the asserted points are
TeX's, as fractions of the axis box.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline

LOGLOG = r"""\begin{tikzpicture}
\begin{loglogaxis}[xmin=1, xmax=1e4, ymin=1e-2, ymax=1e2]
\draw[red] (10,100) -- (1000,0.1);
\draw[blue] (axis cs:100,1) -- (axis cs:1e4,1e-2);
\end{loglogaxis}
\end{tikzpicture}"""


def _line(sc, stroke):
    (p,) = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == stroke]
    return p.points


def test_bare_and_axis_cs_coordinates_are_logarithmic_on_log_axes():
    sc = parse_tikz(LOGLOG)
    assert not [d for d in sc.diagnostics if d.code in ("UNSUPPORTED", "APPROXIMATED")]
    box = np.array([195.0, 162.0])  # the default axis box
    # TeX (box 194.27 x 161.4 from (24.18, 11.63)): red from (48.57, 161.4) to (145.7, 40.35),
    # blue from (97.14, 80.7) to (194.27, 0)
    assert _line(sc, "#ff0000") / box == pytest.approx(np.array([[0.25, 1.0], [0.75, 0.25]]), abs=1e-3)
    assert _line(sc, "#0000ff") / box == pytest.approx(np.array([[0.5, 0.5], [1.0, 0.0]]), abs=1e-3)


def test_a_non_positive_coordinate_on_a_log_axis_is_reported():
    sc = parse_tikz(LOGLOG.replace("(1000,0.1)", "(1000,0)"))
    assert [d for d in sc.diagnostics if d.code == "UNSUPPORTED" and "log axis" in d.message]


def test_a_log_x_axis_samples_expressions_logarithmically_and_trailing_options_keep_the_cycle_list():
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{semilogxaxis}
\addplot expression [domain=1:10000, samples=5] {x};
\end{semilogxaxis}\end{tikzpicture}""")
    from geoverify.scene.primitives import Dot
    dots = sorted(p.center[0] for p in sc.primitives if isinstance(p, Dot))
    # TeX: the five marks (cycle list: options after "expression" are not the plot's own)
    # at x = 1, 10, ..., 10^4, evenly spaced (40.47 pt apart on a 194.27 pt wide box)
    assert len(dots) == 5
    assert np.diff(dots) / 195.0 == pytest.approx([40.47 / 194.27] * 4, abs=1e-3)
