"""``patch, patch type=rectangle`` in a 2D axis: each four consecutive points are one closed
quadrilateral (TeX draws all four edges: pgfplots' manual, "Rectangle from patch input")."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline


def test_rectangle_patches_are_closed_quadrilaterals_of_four_points():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=3,ymin=0,ymax=3,axis lines=none]
\addplot[patch,patch type=rectangle] coordinates {(0,0) (1,0) (1,1) (0,1) (2,2) (3,2) (3,3) (2,3) (0,3)};
\end{axis}
\end{tikzpicture}""")
    patches = [p for p in sc.primitives if isinstance(p, Polyline)]
    u = 4 * 72.27 / 2.54 / 3
    assert len(patches) == 2 and all(p.closed_flag for p in patches)
    assert np.allclose(patches[0].points, np.array([(0, 0), (1, 0), (1, 1), (0, 1)]) * u)
    assert np.allclose(patches[1].points, np.array([(2, 2), (3, 2), (3, 3), (2, 3)]) * u)
