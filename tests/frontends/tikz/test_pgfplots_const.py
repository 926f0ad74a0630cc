"""pgfplots' step plots halfway between points: ``const plot mark mid`` and ``jump mark mid``.

The expected numbers are latex + dvisvgm output of the same axis (bp, y down), taken
relative to the canvas point of (0, 0) and converted to pt, y up.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72
_ORIGIN = (-72.0, 13.234375)  # TeX's canvas point of (0, 0)


def _tex(points):
    t = np.asarray(points, dtype=float) - np.asarray(_ORIGIN)
    return np.column_stack([t[:, 0] * BP, -t[:, 1] * BP])


def test_const_plot_mark_mid_and_jump_mark_mid_step_halfway():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none]
\addplot[const plot mark mid] coordinates {(0,1) (2,3) (3,2)};
\addplot[jump mark mid] coordinates {(0,0) (2,1) (4,0)};
\end{axis}
\end{tikzpicture}""")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    step, *jumps = lines  # axis lines=none: no box
    origin = jumps[0][0]
    # TeX: M-72-15.1094H-43.6562V-71.8008H-15.3086H-1.1367V-43.457H13.0352 (the point (2,3) kept)
    want = _tex([(-72, -15.1094), (-43.6562, -15.1094), (-43.6562, -71.8008), (-15.3086, -71.8008),
                 (-1.1367, -71.8008), (-1.1367, -43.457), (13.0352, -43.457)])
    assert np.allclose(step - origin, want, atol=0.01)
    # TeX: M-72 13.23H-43.66 M-43.66-15.11H-15.31H13.04 M13.04 13.23H41.38: no rises
    assert [len(j) for j in jumps] == [2, 3, 2]
    assert np.allclose(jumps[1][[0, -1]] - origin, _tex([(-43.6562, -15.1094), (13.0352, -15.1094)]), atol=0.01)
    assert np.allclose(jumps[2] - origin, _tex([(13.0352, 13.234375), (41.383, 13.234375)]), atol=0.01)


def test_axis_const_plot_stacked_areas_step_both_ways():
    """``const plot`` among the axis options holds for every plot (a TikZ key of the axis'
    scope); a stacked ``\\closedcycle`` goes back along the steps of the plot below."""
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none,
  const plot,stack plots=y]
\addplot[draw=black] coordinates {(0,1) (1,2) (3,1)} \closedcycle;
\addplot[draw=black] coordinates {(0,1) (1,0.5) (3,1)} \closedcycle;
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    origin = np.array([-72.0, -0.9375])  # TeX's canvas point of (0, 0), bp
    tex = [  # latex + dvisvgm, bp, y down
        [(-72, -29.285146), (-43.6562, -29.285146), (-43.6562, -57.628946), (13.0352, -57.628946),
         (13.0352, -29.285146), (13.0352, -0.9375), (-72, -0.9375)],
        [(-72, -57.628946), (-43.6562, -57.628946), (-43.6562, -71.800746), (13.0352, -71.800746),
         (13.0352, -57.628946), (13.0352, -29.285146), (13.0352, -57.628946), (-43.6562, -57.628946),
         (-43.6562, -29.285146), (-72, -29.285146)],
    ]
    got = lines  # (the axis' (0, 0) is the picture's origin)
    for path in tex:
        t = np.asarray(path, dtype=float) - origin
        want = np.column_stack([t[:, 0] * BP, -t[:, 1] * BP])
        assert any(len(g) == len(want) and np.allclose(g, want, atol=0.01) for g in got)
