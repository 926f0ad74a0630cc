"""Display math in text width nodes (display_text.py) against latex + dvisvgm."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72


def test_display_math_in_text_width_nodes_sizes_them_as_tex():
    sc = parse_tikz(r"""\begin{tikzpicture}[every node/.style={draw,anchor=north,inner sep=0pt}]
    \setlength{\abovedisplayskip}{0pt}
    \node[text width=1cm, align=center] at (0,0) {$$\mathbf{x}_0$$  $$P_0$$};
    \node[text width=1.4cm, align=center] at (3,0) {$$k \leftarrow k + 1$$};
    \node[text width=1cm, align=center] at (6,0) {$x$};
    \node[text width=6cm, align=center] at (0,-4) {\begin{align*} a &= b\\ c &= d \end{align*}};
    \end{tikzpicture}""")
    sizes = [np.ptp(p.points, axis=0) for p in sc.primitives if isinstance(p, Polyline)]
    # TeX (bp): an empty line, the display 12 pt below it, \belowdisplayskip (10 pt: the first
    # display is not short), the second display short; a display alone; align* rows 15 pt apart
    # with strut depth 3.6 pt below the last
    tex = [(28.3438, 35.3672), (39.6831, 12.7852), (28.348, 4.2891), (170.0781, 30.488)]
    assert len(sizes) == 4
    for got, want in zip(sizes, tex):
        assert np.allclose(got, np.array(want) * BP, atol=6e-3)
