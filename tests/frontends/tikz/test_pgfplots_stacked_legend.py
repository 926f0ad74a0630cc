"""pgfplots' ``ybar stacked``/``xbar stacked`` use the ``single ybar legend`` (``single
xbar legend``): one bar, 6pt wide, to 0.8em (yshift -0.2em; the x bar raised 0.2ex).

The expected numbers are latex + dvisvgm output of the same axes (bp, y down), taken
relative to the legend box's lower left corner.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72

_AXIS = r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none,%s,
  legend style={at={(0,0)},anchor=south west,draw=none}]
\addplot[draw=black] coordinates {(1,1) (2,2)};
\legend{a}
\end{axis}
\end{tikzpicture}"""


@pytest.mark.parametrize("key, box, bar", [
    # TeX: legend box M-71.999951-15.308594H-50.6796V-30.3555; bar M-68.81253-20.19533H-62.83596V-28.16408
    ("ybar stacked", (-71.999951, -15.308594, -50.6796, -30.3555), (-68.81253, -20.19533, -62.83596, -28.16408)),
    # TeX: legend box M-71.800781-15.109325H-48.4883V-28.8632; bar M-68.613265-19.85544H-60.64061V-25.83591
    ("xbar stacked", (-71.800781, -15.109325, -48.4883, -28.8632), (-68.613265, -19.85544, -60.64061, -25.83591)),
])
def test_stacked_bars_have_a_single_bar_legend(key, box, bar):
    sc = parse_tikz(_AXIS % key)
    polys = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    frame, image = polys[2], polys[3]  # two bars, the legend's box, its image
    lo = frame.min(axis=0)
    want = np.array([(bar[0] - box[0]) * BP, (box[1] - bar[1]) * BP, (bar[2] - box[0]) * BP, (box[1] - bar[3]) * BP])
    got = np.concatenate([image.min(axis=0) - lo, image.max(axis=0) - lo])
    assert np.allclose(got, want, atol=0.02)
    assert np.allclose(frame.max(axis=0) - lo, [(box[2] - box[0]) * BP, (box[1] - box[3]) * BP], atol=0.02)
