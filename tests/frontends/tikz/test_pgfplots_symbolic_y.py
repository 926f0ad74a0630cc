"""pgfplots' ``symbolic y coords`` (an ``xbar`` plot of named rows) and ``nodes near
coords align`` (``auto``: ``horizontal`` for ``xbar``: right of a value >= 0, left of a
negative one).

The expected numbers are latex + dvisvgm output of the same axis (bp, y down).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline, TextLabel

BP = 72.27 / 72


def test_symbolic_y_coords_and_horizontal_nodes_near_coords_by_sign():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=-4,xmax=4,axis lines=none,xbar,
  symbolic y coords={no,yes},ytick=data,enlarge y limits=0.5,nodes near coords]
\addplot coordinates {(3,no) (-2,yes)};
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    bars = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    o = np.array([-24.082, -8.36328])  # TeX's canvas point of (0, no): the bars' foot
    mine = np.array([bars[0][0, 0], bars[0][:, 1].mean()])
    # TeX: M-24.082-3.38281H18.4336V-13.34375H-24.082Z M-24.082-60.07418H-52.4297V-70.03518H-24.082Z
    for bar, (x1, y0, y1) in zip(bars, ((18.4336, -3.38281, -13.34375), (-52.4297, -60.07418, -70.03518))):
        t = np.array([(x1, y0), (x1, y1)]) - o
        assert np.allclose(bar[1:3] - mine, np.column_stack([t[:, 0] * BP, -t[:, 1] * BP]), atol=0.02)
    labels = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    # TeX: "3" starts at 21.95bp (west of it 3.333pt from the bar's end), "-2" at -68.68bp (east of it)
    assert np.isclose(labels["$3$"].box[0] - mine[0], (21.9546 + 24.082) * BP, atol=0.05)
    assert np.isclose(labels["$-2$"].box[0] - mine[0], (-68.6793 + 24.082) * BP, atol=0.05)
