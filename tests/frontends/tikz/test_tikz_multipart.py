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


def test_circle_split_of_a_state_with_output_matches_tex():
    # pgf manual (automata); TeX (dvisvgm, bp, y down, origin (-59.347656, -15.207031)): the circle about
    # (-2.6523, -15.207031) of radius 15.6406, the line M-18.0977-15.207031H12.7891, the lower part "00"
    # starting at (-7.635219, -5.267238)
    from geoverify.scene import TextLabel
    sc = parse_tikz(r"""\usetikzlibrary{automata}
    \begin{tikzpicture}
      \node[state with output] at (2,0) {$q_1$ \nodepart{lower} $00$};
    \end{tikzpicture}""")
    o = np.array([-59.347656, -15.207031])

    def tex(x, y):
        return np.array([x - o[0], o[1] - y]) * BP

    (circle,) = [p for p in sc.primitives if isinstance(p, Circle)]
    (line,) = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert circle.center == pytest.approx(tex(-2.6523, -15.207031), abs=0.01)
    assert circle.radius == pytest.approx(15.6406 * BP, abs=0.01)
    assert np.asarray(line.points) == pytest.approx(np.array([tex(-18.0977, -15.207031), tex(12.7891, -15.207031)]),
                                                    abs=0.01)
    lower = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "$00$"][0]
    assert (lower.box[0], lower.box[1]) == pytest.approx(tuple(tex(-7.635219, -5.267238)), abs=0.02)
