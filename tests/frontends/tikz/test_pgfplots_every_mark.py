"""``every mark`` (``\\tikzset{every mark/.append style={scale=2}}``) scales pgfplots' marks:
TeX draws the square mark of ``mark size`` 2pt as an 8pt square
(``M-64.0273-72H-72V-64.0313H-64.0273Z``, bp), the line width kept."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline


def test_every_mark_scale_scales_the_marks():
    sc = parse_tikz(r"""\tikzset{every mark/.append style={scale=2}}
\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none]
\addplot[mark=square] coordinates {(1,1)};
\end{axis}
\end{tikzpicture}""")
    assert not sc.diagnostics
    (mark,) = [p for p in sc.primitives if isinstance(p, Polyline)]
    side = mark.points.max(axis=0) - mark.points.min(axis=0)
    assert np.allclose(side, 7.9727 * 72.27 / 72, atol=0.01)
    assert np.allclose(mark.points.mean(axis=0), 4 * 72.27 / 2.54 / 4, atol=0.01)
    assert mark.style.stroke_width == 0.4
