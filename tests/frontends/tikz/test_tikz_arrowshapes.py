"""shapes.arrows: single arrow and double arrow (geoverify.frontends.tikz.arrowshapes).

The expected outlines are latex + dvisvgm's paths for the same figure (bp, y down); the
last path joins anchors of every node (tip, before/after head and tip, tail, numbered
anchors of the double arrow, compass and mid anchors), so sizes, minimum sizes, head
extend, tip angle, head indent, line width, border rotation and outer sep are all pinned.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.arrowshapes import offset_polygon

from tikz_fixtures import assert_polylines_match_tex

ARROWS = r"""
\node[single arrow, draw] (a) at (0,0) {Go};
\node[single arrow, draw, single arrow head extend=3mm, single arrow tip angle=60, single arrow head indent=1mm,
      minimum height=2.5cm, line width=2pt] (b) at (3,0) {};
\node[single arrow, draw, shape border rotate=90, minimum width=1.5cm] (c) at (6,0) {Up};
\node[double arrow, draw] (d) at (0,3) {Left or right};
\node[double arrow, draw, double arrow head indent=1mm, double arrow tip angle=120, shape border uses incircle,
      shape border rotate=30] (e) at (4,3) {x};
\draw (a.tip) -- (b.before head) -- (b.after tip) -- (b.tail) -- (c.tip) -- (c.north east) -- (d.tip 2)
  -- (d.after head 1) -- (e.before tip 2) -- (e.north) -- (a.mid east);
"""

ARROWS_TEX = [
    [(55.7345, -15.1992), (41.7227, -29.2071), (41.7227, -22.1211), (28.9688, -22.1211), (28.9688, -8.2734),
     (41.7227, -8.2734), (41.7227, -1.1874)],
    [(163.1016, -15.1992), (140.8945, -28.0195), (143.7305, -19.5156), (92.2345, -19.5156), (92.2345, -10.8789),
     (143.7305, -10.8789), (140.8945, -2.3749)],
    [(208.9685, -35.5429), (187.7106, -14.2852), (196.5156, -14.2852), (196.5156, -7.3047), (221.4255, -7.3047),
     (221.4255, -14.2852), (230.2305, -14.2852)],
    [(77.2969, -100.2382), (62.2617, -115.2734), (62.2617, -108.1876), (15.5157, -108.1876), (15.5157, -115.2734),
     (0.4806, -100.2382), (15.5157, -85.2031), (15.5157, -92.2891), (62.2617, -92.2891), (62.2617, -85.2031)],
    [(164.1565, -107.0977), (148.3756, -116.2074), (154.3716, -111.4882), (141.4846, -104.0507),
     (140.3986, -111.6055), (140.3986, -93.3790), (156.1796, -84.2656), (150.1835, -88.9882),
     (163.0666, -96.4257), (164.1565, -88.8710)],
    [(56.0157, -15.1992), (142.3476, -20.5117), (139.1216, -0.1992), (91.2383, -15.1992), (208.9685, -35.8282),
     (219.2856, -25.5117), (0.1993, -100.2382), (62.0626, -92.0898), (158.4886, -82.7031), (152.2776, -114.1835),
     (54.7579, -13.9375)],
]


def test_arrows_and_their_anchors_match_tex():
    assert_polylines_match_tex(ARROWS, ARROWS_TEX)


def test_offset_polygon_pushes_every_side_out_in_either_orientation():
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    out = [(-0.5, -0.5), (1.5, -0.5), (1.5, 1.5), (-0.5, 1.5)]
    assert np.allclose(offset_polygon(square, 0.5), out)
    assert np.allclose(offset_polygon(square[::-1], 0.5), out[::-1])


def test_a_tip_angle_that_gives_no_arrow_is_reported():
    sc = parse_tikz(r"\node[single arrow, single arrow tip angle=180, draw] {A};")
    assert any(d.code == "UNSUPPORTED" and d.construct == "single arrow" for d in sc.diagnostics)
