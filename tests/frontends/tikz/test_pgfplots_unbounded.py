"""pgfplots' unbounded coordinates: ``inf``/``nan`` values, left out with ``unbounded
coords=discard`` (the default: the line goes on past them), a gap with ``jump``.

The expected numbers are latex + dvisvgm output of the same axis (bp, y down).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72


def test_unbounded_points_are_discarded_by_default_and_jumped_over_on_request():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none]
\addplot[black] coordinates {(0,1) (1,inf) (2,2) (3,nan) (4,1)};
\addplot[black,unbounded coords=jump] coordinates {(0,3) (1,inf) (2,4) (3,3) (4,3)};
\end{axis}
\end{tikzpicture}""")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    o = np.array([-72.0, 41.378857])  # TeX's canvas point of (0, 0)
    # TeX: M-72 13.0351L-15.3086-15.3125L41.383 13.0351 and M-15.3086-72.0004L13.0352-43.6563H41.383
    # (the lone (0,3) before the jump draws nothing)
    tex = [[(-72, 13.0351), (-15.3086, -15.3125), (41.383, 13.0351)],
           [(-15.3086, -72.0004), (13.0352, -43.6563), (41.383, -43.6563)]]
    assert len(lines) == 2
    for got, want in zip(lines, tex):
        t = np.asarray(want) - o
        assert np.allclose(got, np.column_stack([t[:, 0] * BP, -t[:, 1] * BP]), atol=0.01)
