"""pgfplots' interval bars: ``ybar interval`` as a plot's handler and as the axis' style,
``xbar interval``, ``x tick label as interval`` and ``xticklabel interval boundaries``.

The expected numbers are latex + dvisvgm output of the same axes (bp, y down), taken
relative to TeX's canvas point of (0, 0) and converted to pt, y up.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline, TextLabel

BP = 72.27 / 72


def _pt(points, origin):
    t = np.asarray(points, dtype=float) - np.asarray(origin, dtype=float)
    return np.column_stack([t[:, 0] * BP, -t[:, 1] * BP])


def _has(lines, want):
    return any(len(q) == len(want) and np.allclose(q, want, atol=0.01) for q in lines)


_AXIS = r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,%s]
%s
\end{axis}
\end{tikzpicture}"""


def test_axis_ybar_interval_shares_each_interval_and_labels_it_with_its_ends():
    sc = parse_tikz(_AXIS % ("ybar interval=0.8,xticklabel interval boundaries,ytick=\\empty",
                             "\\addplot coordinates {(0,1) (1,2) (3,1)};\n\\addplot coordinates {(0,2) (1,3) (3,3)};"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    o = (-71.800831, 45.734384)
    # TeX: the first plot's bars 0.4 of each interval wide, centred at 1/4 of it; the second's at 3/4
    for bar in ([(-70.38286, 45.734384), (-59.0469, 45.734384), (-59.0469, 17.3867), (-70.38286, 17.3867)],
                [(-40.6211, 45.734384), (-17.9454, 45.734384), (-17.9454, -10.957), (-40.6211, -10.957)],
                [(-56.211, 45.734384), (-44.8711, 45.734384), (-44.8711, -10.957), (-56.211, -10.957)],
                [(-12.2735, 45.734384), (10.4023, 45.734384), (10.4023, -39.3047), (-12.2735, -39.3047)]):
        assert _has(lines, _pt(bar, o))
    # xtick=data, xmajorgrids (lines at x = 0, 1, 3), ticks outside (below the box and above it)
    assert _has(lines, _pt([(-43.457, 45.734384), (-43.457, -67.6485)], o))
    assert _has(lines, _pt([(13.2343, 45.734384), (13.2343, 49.98438)], o))
    assert _has(lines, _pt([(13.2343, -67.6485), (13.2343, -71.9025)], o))
    # the labels between their ticks, none for the last tick
    labels = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert [t.text for t in labels] == ["$0$ -- $1$", "$1$ -- $3$"]
    centres = [(t.box[0] + t.box[2]) / 2 for t in labels]
    assert np.allclose(centres, [0.5 * 28.4528, 2 * 28.4528], atol=0.05)


def test_plot_ybar_interval_is_only_the_handler():
    """``\\addplot+[ybar interval]``: the TikZ handler (full intervals, the plot's cycle
    colour and marks), without the axis style's ticks."""
    sc = parse_tikz(_AXIS % ("axis lines=none", "\\addplot+[ybar interval] coordinates {(0,1) (1,2) (3,1)};"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    u = 4 * 72.27 / 2.54 / 4  # one unit
    assert _has(lines, np.array([(0, 0), (u, 0), (u, u), (0, u)]))
    assert _has(lines, np.array([(u, 0), (3 * u, 0), (3 * u, 2 * u), (u, 2 * u)]))
    assert not _has(lines, np.array([(3 * u, 0), (4 * u, 0), (4 * u, u), (3 * u, u)]))


def test_axis_xbar_interval_bars_run_along_x():
    # TeX: M-72 13.23H-43.66V-15.11H-72Z M-72-15.11H-15.31V-71.80H-72Z (bars from x = 0)
    sc = parse_tikz(_AXIS % ("xbar interval,axis lines=none", "\\addplot coordinates {(1,0) (2,1) (3,3)};"))
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    u = 4 * 72.27 / 2.54 / 4
    assert _has(lines, np.array([(0, 0), (u, 0), (u, u), (0, u)]))
    assert _has(lines, np.array([(0, u), (2 * u, u), (2 * u, 3 * u), (0, 3 * u)]))
