"""The fit library's rotate fit and every fit (placement.py, options.py)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Ellipse, Polyline

from tikz_fixtures import close

BP = 72.27 / 72


def test_rotate_fit_turns_the_node_and_fits_the_turned_frame():
    # pgf manual; TeX (bp, y down, origin (-71.902346, -0.394531)): the red node's outline
    # M-21.6914-71.601584L-61.95703-48.355484L-37.0664-5.242184L3.1992-28.488284Z
    sc = parse_tikz(r"""\begin{tikzpicture}[inner sep=0pt,thick,
      dot/.style={fill=blue,circle,minimum size=3pt}]
      \node[dot] (a) at (1,1) {};
      \node[dot] (b) at (2,2) {};
      \node[dot] (c) at (1,2) {};
      \node[dot] (d) at (1.25,0.25) {};
      \node[dot] (e) at (1.75,1.5) {};
      \node[draw=red, rotate fit=30, fit=(a) (b) (c) (d) (e)] {};
    \end{tikzpicture}""")
    (red,) = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    o = np.array([-71.902346, -0.394531])
    want = np.array([(-21.6914, -71.601584), (-61.95703, -48.355484), (-37.0664, -5.242184), (3.1992, -28.488284)])
    want = np.column_stack([want[:, 0] - o[0], o[1] - want[:, 1]]) * BP
    got = np.asarray(red.points)
    assert close(sorted(map(tuple, np.round(got, 1))), sorted(map(tuple, np.round(want, 1))), tol=0.15)


def test_every_fit_styles_a_fitting_node():
    sc = parse_tikz(r"""\begin{tikzpicture}[every fit/.style={ellipse,draw,inner sep=0pt}]
      \coordinate (a) at (0,0); \coordinate (b) at (2,1);
      \node [fit=(a) (b)] {};
    \end{tikzpicture}""")
    (e,) = [p for p in sc.primitives if isinstance(p, Ellipse)]
    # the ellipse around the 2 cm by 1 cm box: half axes sqrt(2) times the box's half sizes
    assert close(e.center, (28.452756, 14.226378), tol=1e-5)
    assert close((e.rx, e.ry), (np.sqrt(2) * 28.452756, np.sqrt(2) * 14.226378), tol=1e-4)
