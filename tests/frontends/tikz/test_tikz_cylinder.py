"""shapes.geometric: cylinder (geoverify.frontends.tikz.cylinder).

The expected anchors are latex + dvisvgm's path through them (bp, y down): the named
anchors (before top, top, after top, before bottom, bottom, after bottom, shape
center), compass and mid anchors and numeric border points, for a plain cylinder, one
turned upright with an aspect, a minimum height and a thick line, and one turned by 30
degrees around its incircle with a minimum width.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72

CYLINDERS = r"""
\node[cylinder, draw] (a) at (0,0) {ABC};
\node[cylinder, draw, shape border rotate=90, shape aspect=.5, minimum height=2cm, line width=2pt] (b) at (3,0) {B};
\node[cylinder, draw, shape border uses incircle, shape border rotate=30, minimum width=1cm] (c) at (6,0) {x};
\draw (a.before top) -- (a.top) -- (a.after top) -- (a.before bottom) -- (a.bottom) -- (a.after bottom)
  -- (a.shape center) -- (a.north east) -- (a.20) -- (a.170) -- (b.north) -- (b.before top) -- (b.west)
  -- (b.mid east) -- (b.-60) -- (c.top) -- (c.north) -- (c.200) -- (c.after bottom) -- (c.10);
"""

ANCHORS_TEX = [(36.6134, -32.5900), (43.5353, -25.6681), (36.6134, -18.7423), (7.1212, -18.7423),
               (0.1993, -25.6681), (7.1212, -32.5900), (21.8672, -25.6681), (22.4337, -32.5900),
               (34.5314, -32.5900), (0.7109, -28.2775), (100.5470, -58.6877), (92.7031, -54.2658),
               (92.6993, -25.6681), (108.3946, -24.4064), (108.3946, -12.0783), (207.7928, -38.4885),
               (185.5858, -42.2658), (174.5858, -21.6642), (175.8007, -36.6135), (210.6207, -30.0822)]


def _lines():
    sc = parse_tikz(CYLINDERS)
    assert not sc.diagnostics
    return [p for p in sc.primitives if isinstance(p, Polyline)]


def test_cylinder_anchors_match_tex():
    line = _lines()[-1].points
    tex = np.array(ANCHORS_TEX)
    expected = np.column_stack([(tex[:, 0] - tex[0, 0]) * BP, -(tex[:, 1] - tex[0, 1]) * BP])
    assert np.allclose(line - line[0], expected, atol=0.01)


def test_cylinder_outline_and_back_arc_match_tex():
    # the first cylinder in dvisvgm's SVG (pt from its centre): the body from x = -8.417
    # (after bottom) to 21.186 (before top), 6.75 either side; the ends reach -15.164 and
    # 27.934; the back arc of the right end turns at 14.438
    body, back = _lines()[:2]
    assert body.closed_flag and not back.closed_flag
    centre = body.points[0] - (-8.417, 6.75)
    rel, brel = body.points - centre, back.points - centre
    assert np.allclose([rel[:, 0].min(), rel[:, 0].max(), rel[:, 1].min(), rel[:, 1].max()],
                       [-15.164, 27.934, -6.75, 6.75], atol=0.004)
    assert np.allclose([brel[0], brel[-1]], [(21.186, 6.75), (21.186, -6.75)], atol=0.004)
    assert np.isclose(brel[:, 0].min(), 14.438, atol=0.006)
