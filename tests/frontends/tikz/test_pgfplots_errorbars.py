"""pgfplots' error bars (pgfplots_errorbars.py, the error keys of pgfplots_plots.py).

The expected numbers are latex + dvisvgm output of the same axis (bp, y down), taken
relative to the canvas point of the data point (1, 2) and converted to pt, y up.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72
_AXIS = r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none]
\addplot[draw=none,error bars/.cd,y dir=both,y explicit relative,x dir=plus,x explicit,error mark=triangle*]
  table[y error plus=ep,y error minus=em,x error=ex] {
x y ep em ex
1 2 0.5 0.25 0.5
3 1 0 0.5 0
};
\end{axis}
\end{tikzpicture}"""
_ORIGIN = (-66.9531, -38.8398)  # TeX's canvas point of (1, 2)


def _tex(points):
    t = np.asarray(points, dtype=float) - np.asarray(_ORIGIN)
    return np.column_stack([t[:, 0] * BP, -t[:, 1] * BP])


def _has(lines, origin, tex_points) -> bool:
    want = _tex(tex_points)
    return any(len(q) == len(want) and np.allclose(q - origin, want, atol=0.02) for q in lines)


def test_table_error_columns_relative_errors_and_turned_marks():
    sc = parse_tikz(_AXIS)
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    origin = lines[0][0]  # the first bar starts at the point (1, 2)
    # x plus 0.5 (explicit); its triangle turned by rotate=90 and centred on the end by its box
    assert _has(lines, origin, [(-66.9531, -38.83982), (-52.7813, -38.83982)])
    assert _has(lines, origin, [(-54.27344, -38.839826), (-51.285163, -40.56639), (-51.285163, -37.11326)])
    # y plus 2 * 0.5 and y minus 2 * 0.25 (explicit relative), from y error plus/minus columns
    assert _has(lines, origin, [(-66.9531, -38.8398), (-66.9531, -67.1875)])
    assert _has(lines, origin, [(-66.9531, -38.8398), (-66.9531, -24.6679)])
    assert _has(lines, origin, [(-66.953146, -26.16401), (-65.22658, -23.175732), (-68.67971, -23.175732)])


def test_an_error_of_zero_draws_its_mark_turned_as_an_upward_bar():
    sc = parse_tikz(_AXIS)
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    origin = lines[0][0]
    zero = [(-10.261725, -9.0), (-11.98829, -11.988283), (-8.53516, -11.988283)]
    assert sum(len(q) == 3 and np.allclose(q - origin, _tex(zero), atol=0.02) for q in lines) == 2
    # no line of length zero
    assert not any(len(q) == 2 and np.allclose(q[0], q[1]) for q in lines)


def test_log_axis_error_bars_end_at_the_logarithm_of_their_ends():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{semilogyaxis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=1,ymax=10000,axis lines=none]
\addplot[draw=none,error bars/.cd,y dir=plus,y fixed relative=9] coordinates {(1,10)};
\end{semilogyaxis}
\end{tikzpicture}""")
    bar = [p.points for p in sc.primitives if isinstance(p, Polyline)][0]
    # from log10(10) = 1 to log10(100) = 2: a quarter of the 4cm axis
    assert np.allclose(bar[1] - bar[0], (0.0, 72.27 / 2.54), atol=0.01)
