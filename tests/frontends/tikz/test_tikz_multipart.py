"""``circle solidus`` (shapes.multipart) as pgf builds it: anchors pdfTeX reported
(``\\pgfgetlastxy`` after ``\\path (a.north)``), the circle and the solidus dvisvgm drew."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

BP = 72.27 / 72.0


def test_circle_solidus_anchors_and_outline_match_pgf():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node [circle solidus, draw, inner sep=2pt] (a) at (1,1) {ABC \nodepart{lower} x};
      \draw (a.north) -- (a.base) -- (a.east) -- (a.30);
      \node [circle solidus] (b) at (5,0) {A \nodepart{lower} B};
    \end{tikzpicture}""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    path = [p for p in lines if len(p.points) == 4][0]
    assert np.asarray(path.points) == pytest.approx(np.array(
        [[28.45274, 54.76033], [28.45274, 38.08032], [54.76033, 28.45274], [51.23584, 41.60573]]), abs=0.02)
    (circle,) = [p for p in sc.primitives if isinstance(p, Circle)]
    assert circle.radius == pytest.approx(26.0095 * BP, abs=0.01)
    # the solidus is stroked also when the node is not drawn (node b has no circle)
    solidi = [np.asarray(p.points) for p in lines if len(p.points) == 2]
    assert len(solidi) == 2
    # dvisvgm (bp, y down, origin at the picture's corner): the two solidi have the same size
    assert solidi[0][1] - solidi[0][0] == pytest.approx(np.array([22.5586, 22.5586]) * BP, abs=0.02)
    assert solidi[1][1] - solidi[1][0] == pytest.approx(np.array([17.031, 17.03516]) * BP, abs=0.02)
    assert [lab.text for _, lab in sc.labels] == ["ABC", "x", "A", "B"]
