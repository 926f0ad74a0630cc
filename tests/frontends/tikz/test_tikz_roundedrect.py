"""``rounded rectangle`` ends (``roundedrect``): convex, concave, none, arc length."""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.roundedrect import rounded_rectangle
from geoverify.scene import BezierPath, Polyline

from tikz_fixtures import close

ISEP = 3.33333


def _outline(rr, steps=64):
    t = np.linspace(0.0, 1.0, steps)[:, None]
    pts = [((1 - t) ** 3) * c[0] + 3 * ((1 - t) ** 2) * t * c[1] + 3 * (1 - t) * t * t * c[2] + t ** 3 * c[3]
           for c in rr.controls()]
    return np.vstack(pts)


@pytest.mark.parametrize("west, reach", [("convex", "chord"), ("concave", "arc"), ("none", None)])
def test_west_end_reaches_by_its_kind(west, reach):
    # pgflibraryshapes.misc: 180 degree ends of radius = half height; a concave end's corners lie
    # r - r cos 90 = r beyond the straight part, a convex one's arc r - r cos(asin(hth / r))
    rr = rounded_rectangle(10.0, 3.0, ISEP, ISEP, 0.0, 0.0, west=west)
    hh = 3.0 + ISEP
    chord = hh - hh * math.cos(math.asin(3.0 / hh))
    assert rr.halfheight == pytest.approx(hh) and rr.radius == pytest.approx(hh)
    extra = {"chord": chord, "arc": hh, None: 0.0}[reach]
    pts = _outline(rr)
    assert pts[:, 0].min() == pytest.approx(-(rr.halfwidth + extra), abs=1e-6)
    assert pts[:, 0].max() == pytest.approx(rr.halfwidth + chord, abs=1e-6)  # the east end stays convex
    assert rr.halfwidth == pytest.approx(10.0 + ISEP)  # the straight part: the text and the inner xsep


def test_concave_end_bulges_in_to_the_straight_part():
    rr = rounded_rectangle(10.0, 3.0, ISEP, ISEP, 0.0, 0.0, west="concave")
    pts = _outline(rr, 400)
    middle = pts[np.abs(pts[:, 1]) < 1e-2]
    assert middle[:, 0].min() == pytest.approx(-rr.halfwidth, abs=1e-3)


def test_node_with_a_straight_left_end_and_its_west_anchor():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node [draw, rounded rectangle, rounded rectangle left arc=none] (n) {Text};
      \draw [red] (n.west) -- (n.east);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code in ("UNSUPPORTED", "APPROXIMATED")]
    outline = [p for p in sc.primitives if isinstance(p, BezierPath)][0]
    ctrl = np.concatenate([sp.controls for sp in outline.parts]).reshape(-1, 2)
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0].points
    assert close(red[0][0], ctrl[:, 0].min() - 0.2, tol=1e-6)  # the outer sep beyond the straight side
    assert red[1][0] > ctrl[:, 0].max()  # the convex east end: its anchor the outer sep beyond the arc
