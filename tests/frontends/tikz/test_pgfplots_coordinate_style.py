"""``coordinate style/.condition={cond}{style}``: the marks of the points where ``cond`` (in
``x``, ``y``) holds take ``style``; its transformation acts in the mark's scope (pgfplots'
manual: ``scale=3, xshift=4pt`` draws that mark 3 times as large, 12pt to the right; TeX:
centre 11.957bp right of the point, radius 5.977bp)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Dot


def test_a_conditional_coordinate_style_scales_and_shifts_its_mark():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=2,ymin=0,ymax=2,axis lines=none]
\addplot+[only marks,coordinate style/.condition={abs(x-1) < 0.001}{scale=3,xshift=4pt}]
  coordinates {(0.5,0.5) (1,1)};
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    marks = [p for p in sc.primitives if isinstance(p, (Circle, Dot))]
    u = 4 * 72.27 / 2.54 / 2
    assert np.allclose(marks[0].center, (0.5 * u, 0.5 * u)) and np.isclose(marks[0].radius, 2.0)
    assert np.allclose(marks[1].center, (u + 11.957 * 72.27 / 72, u), atol=0.01)
    assert np.isclose(marks[1].radius, 5.977 * 72.27 / 72, atol=0.01)
