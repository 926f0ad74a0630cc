"""shapes.geometric polygons: isosceles triangle, trapezium, dart (geoverify.frontends.tikz.geoshapes).

Each expected outline is latex + dvisvgm's path for the same node (bp, y down), taken
relative to its first point, so the test pins sizes, corners and anchors (to 0.04 pt:
pgf's fixed-point reciprocals scale the trapezium to ``minimum width`` 5e-4 short).
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import assert_polylines_match_tex

BP = 72.27 / 72

FIGURE = r"""
\node[isosceles triangle, draw] at (0,0) {A};
\node[isosceles triangle, isosceles triangle apex angle=60, draw, minimum height=2cm, rotate=90] at (3,0) {};
\node[trapezium, draw, trapezium left angle=70, trapezium right angle=100, minimum width=2cm] at (0,3) {B};
\node[dart, draw, shape border rotate=90] at (3,3) {C};
\node[dart, draw, shape border uses incircle, shape border rotate=30] at (6,3) {C};
\node[trapezium, draw, shape border uses incircle, shape border rotate=60, line width=2pt] (t) at (6,0) {};
\draw (t.bottom left corner) -- (t.top side) -- (t.north) -- (t.base east);
"""

TEX = [
    [(-16.766, 36.664), (-47.113, 24.094), (-47.113, 49.234)],
    [(44.984, -1.941), (12.254, 54.754), (77.711, 54.754)],
    [(-71.801, -30.199), (-58.57, -66.55), (-15.137, -66.55), (-21.543, -30.199)],
    [(44.984, -71.8), (29.906, -35.406), (44.984, -41.652), (60.058, -35.406)],
    [(150.48, -60.188), (107.207, -54.488), (121.55, -43.484), (123.91, -25.559)],
    [(129.031, 47.777), (123.609, 38.383), (128.304, 30.25), (139.148, 30.25)],
    [(129.031, 49.77), (125.093, 33.82), (130.023, 29.254), (136.597, 36.664)],
]


def _relative_tex(pts):
    a = np.array(pts)
    return np.column_stack([(a[:, 0] - a[0, 0]) * BP, -(a[:, 1] - a[0, 1]) * BP])


@pytest.fixture(scope="module")
def outlines():
    sc = parse_tikz(FIGURE)
    assert not sc.diagnostics
    return [p.points for p in sc.primitives if isinstance(p, Polyline)]


@pytest.mark.parametrize("k", range(len(TEX)))
def test_outline_and_anchors_match_tex(outlines, k):
    native = outlines[k] - outlines[k][0]
    assert np.allclose(native, _relative_tex(TEX[k]), atol=0.04)


def test_shapes_sit_where_tex_puts_them(outlines):
    # the corners of the first triangle relative to the last trapezium's anchor path
    tex = _relative_tex([TEX[6][0], TEX[0][0]])
    assert np.allclose(outlines[0][0] - outlines[6][0], tex[1], atol=0.01)


DIAMONDS = r"""
\node[diamond, draw] (a) at (0,0) {A};
\node[diamond, draw, aspect=2, minimum height=1.5cm, line width=2pt] (b) at (3,0) {Wide};
\node[diamond, draw, rotate=30, minimum width=2cm] (c) at (6,0) {};
\draw (a.north east) -- (b.south west) -- (b.north) -- (b.30) -- (c.east) -- (c.north east);
"""

DIAMONDS_TEX = [
    [(-44.4023, -49.542968), (-58.101561, -63.2422), (-71.8008, -49.542968), (-58.101561, -35.8477)],
    [(54.8906, -49.542968), (26.9375, -70.3906), (-1.0156, -49.542968), (26.9375, -28.6992)],
    [(136.4566, -63.6758), (108.6996, -55.22656), (87.4996, -35.4141), (115.2576, -43.86328)],
    [(-51.11328, -56.53516), (12.2578, -38.418), (26.9375, -71.8008), (43.6056, -59.16797), (136.6996, -63.8164),
     (122.6286, -59.6445)],
]


def test_diamonds_and_their_anchors_match_tex():
    assert_polylines_match_tex(DIAMONDS, DIAMONDS_TEX)


POLYGONS = r"""
\node[regular polygon, draw] (a) at (0,0) {A};
\node[regular polygon, regular polygon sides=6, draw, minimum size=2cm, line width=2pt] (b) at (3,0) {};
\node[regular polygon, regular polygon sides=4, shape border rotate=10, draw, rotate=20] (c) at (6,0) {Text};
\draw (a.corner 2) -- (b.side 3) -- (b.north east) -- (c.corner 1) -- (c.side 4) -- (c.west);
"""

POLYGONS_TEX = [
    [(-59.835939, -58.1992), (-71.5664, -49.67578), (-67.08594, -35.88672), (-52.58594, -35.88672),
     (-48.1016, -49.67578)],
    [(39.3789, -70.4141), (11.0312, -70.4141), (-3.1406, -45.867189), (11.0312, -21.3164), (39.3789, -21.3164),
     (53.5509, -45.867189)],
    [(117.1209, -71.5273), (84.5819, -52.74219), (103.3709, -20.2031), (135.9099, -38.98828)],
    [(-71.8008, -49.75391), (3.082, -33.0938), (43.9059, -64.5664), (117.1949, -71.8008), (126.6879, -55.35938),
     (92.1289, -39.27344)],
]


def test_regular_polygons_and_their_anchors_match_tex():
    assert_polylines_match_tex(POLYGONS, POLYGONS_TEX)


def test_regular_polygon_rotate_is_shape_border_rotate():
    a = parse_tikz(r"\node[regular polygon, regular polygon rotate=10, draw] {};")
    b = parse_tikz(r"\node[regular polygon, shape border rotate=10, draw] {};")
    assert np.allclose(a.primitives[0].points, b.primitives[0].points)


STARS = r"""
\node[star, draw] (a) at (0,0) {A};
\node[star, star points=7, star point ratio=2, draw, minimum size=2cm, line width=2pt] (b) at (3,0) {};
\node[star, star point height=3mm, shape border rotate=10, draw, rotate=20] (c) at (6,0) {Text};
\draw (a.outer point 2) -- (b.inner point 3) -- (b.north east) -- (c.outer point 1) -- (c.inner point 4) -- (c.west);
"""

STARS_TEX = [
    [(-57.273436, -57.625), (-63.13672, -50.73047), (-71.5078, -47.28125), (-66.76172, -39.57422),
     (-66.07031, -30.5469), (-57.273436, -32.67969), (-48.47265, -30.5469), (-47.78125, -39.57422),
     (-43.0352, -47.28125), (-51.40625, -50.73047)],
    [(27.7695, -71.0039), (21.6211, -55.4258), (5.6055, -60.3281), (13.9531, -45.8125), (0.1328, -36.35156),
     (16.6875, -33.82031), (15.4687, -17.1211), (27.7695, -28.4844), (40.0664, -17.1172), (38.8477, -33.82031),
     (55.4023, -36.35156), (41.5859, -45.8125), (49.9293, -60.332), (33.918, -55.4258)],
    [(99.1643, -66.293), (95.6483, -50.29688), (86.1173, -36.98438), (100.2383, -28.6953),
     (109.9573, -15.5156), (122.2033, -26.3867), (137.7383, -31.5586), (131.1833, -46.5625),
     (131.0703, -62.9375), (114.7733, -61.3398)],
    [(-71.8008, -47.37891), (15.6289, -32.97656), (44.9653, -59.8516), (99.0153, -66.5469),
     (131.3833, -46.60547), (90.1253, -34.40234)],
]


def test_stars_and_their_anchors_match_tex():
    assert_polylines_match_tex(STARS, STARS_TEX)


KITES = r"""
\node[kite, draw] (a) at (0,0) {A};
\node[kite, kite upper vertex angle=90, kite lower vertex angle=45, draw, minimum height=2cm,
      line width=2pt] (b) at (3,0) {};
\node[kite, shape border uses incircle, shape border rotate=30, draw] (c) at (6,0) {Text};
\draw (a.upper vertex) -- (b.left vertex) -- (b.lower right side) -- (c.lower vertex) -- (c.north) -- (c.right vertex);
"""

KITES_TEX = [
    [(-58.921875, -63.6133), (-71.8008, -56.17578), (-58.921875, -33.8633), (-46.0391, -56.17578)],
    [(26.1211, -70.793), (9.5195, -54.1875), (26.1211, -14.1055), (42.7223, -54.1875)],
    [(100.3163, -71.5977), (85.5003, -45.9375), (129.9453, -20.2773), (129.9453, -71.5977)],
    [(-58.921875, -63.8438), (8.3438, -54.42188), (35.0078, -32.9609), (130.1443, -19.9297),
     (111.1643, -71.8008), (130.1443, -71.7969)],
]


def test_kites_and_their_anchors_match_tex():
    assert_polylines_match_tex(KITES, KITES_TEX, atol=0.015)


@pytest.mark.parametrize("opts", ["star, star points=0", "isosceles triangle, isosceles triangle apex angle=0",
                                  "dart, dart tip angle=0"])
def test_parameters_that_give_no_shape_are_reported_not_a_crash(opts):
    sc = parse_tikz(rf"\begin{{tikzpicture}}\node[{opts}, draw] (n) {{x}};\draw (n.east) -- (2,0);\end{{tikzpicture}}")
    assert any(d.code == "UNSUPPORTED" and "give no shape" in d.message for d in sc.diagnostics)
    assert len(sc.primitives) >= 2


def test_kite_vertex_angles_sets_both_angles():
    # pgf's kite vertex angles: "a and b" sets the upper and the lower angle, one value both
    # (the separate keys are pinned to TeX above)
    def outline(opts):
        sc = parse_tikz(r"\node[kite, draw, %s] {B};" % opts)
        assert not sc.diagnostics
        return sc.primitives[0].points
    assert np.allclose(outline("kite vertex angles=90 and 45"),
                       outline("kite upper vertex angle=90, kite lower vertex angle=45"))
    assert np.allclose(outline("kite vertex angles=60"),
                       outline("kite upper vertex angle=60, kite lower vertex angle=60"))
    assert not np.allclose(outline("kite vertex angles=60"), outline(""))
