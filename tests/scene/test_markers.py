"""Point markers: dots, small rings and small crosses; large circles and long crossing lines are not."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.markers import point_markers

TIKZ = r"""\begin{tikzpicture}
\fill (0,0) circle (2pt);
\draw (1,0) circle (3pt);
\draw (1.9,-0.1) -- (2.1,0.1) (1.9,0.1) -- (2.1,-0.1);
\draw (0,0) circle (2);
\draw (-1,-1) -- (1,1) (-1,1) -- (1,-1);
\draw (3,0) -- (3.2,0) (3,0.05) -- (3.2,0.05);
\end{tikzpicture}"""


def test_dot_ring_and_cross_are_markers():
    marks = point_markers(parse_tikz(TIKZ))
    cm = 72.27 / 2.54  # TikZ canvas units (pt) per cm
    got = sorted((m.shape, tuple(np.round(m.center / cm, 3))) for m in marks)
    assert got == [("cross", (2.0, 0.0)), ("dot", (0.0, 0.0)), ("ring", (1.0, 0.0))]


def test_cross_has_both_strokes():
    cross = [m for m in point_markers(parse_tikz(TIKZ)) if m.shape == "cross"]
    assert len(cross) == 1 and len(cross[0].primitives) == 2


def test_markers_drawn_over_each_other_mark_one_point():
    # a lattice point plotted grey, then red on top: one marker with both primitives
    sc = parse_tikz(r"""\begin{tikzpicture}
      \fill[gray] (0,0) circle (2pt); \fill[red] (0,0) circle (2pt); \fill (1,0) circle (2pt);
    \end{tikzpicture}""")
    marks = point_markers(sc)
    assert len(marks) == 2 and sorted(len(m.primitives) for m in marks) == [1, 2]
