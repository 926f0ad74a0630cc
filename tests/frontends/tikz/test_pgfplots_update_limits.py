"""A plot's own ``sharp plot`` in a ``ybar`` axis draws a line (its handler replaces the
axis' bars); ``update limits=false`` keeps its points out of the axis limits.

The expected numbers are latex + dvisvgm output of the same axis (bp, y down)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72


def test_sharp_plot_in_a_bar_axis_is_a_line_outside_the_limits():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,axis lines=none,ybar,enlargelimits=false,ymin=0]
\addplot[draw=black] coordinates {(1,1) (2,2)};
\addplot[red,sharp plot,update limits=false] coordinates {(0,1.5) (3,1.5)};
\end{axis}
\end{tikzpicture}""")
    assert not sc.diagnostics
    bar1, bar2, line = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    o = np.array([-72.0, 41.382814])  # TeX's canvas point of (1, 0): x from 1 to 2 (the bars alone)
    # TeX: bars M-76.98047 41.382814H-67.01953V-15.3086 and M36.406 41.382814H46.367V-72,
    # the line M-185.387-43.6563H154.773
    want = (np.array([(-185.387, -43.6563), (154.773, -43.6563)]) - o) * (BP, -BP)
    assert np.allclose(line, want, atol=0.01)
    assert np.allclose(bar2[2], (np.array([46.367, -72.0]) - o) * (BP, -BP), atol=0.01)
