"""shapes.misc: chamfered rectangle (geoverify.frontends.tikz.miscshapes).

The expected outlines are latex + dvisvgm's paths for the same figure (bp, y down); the
last path joins anchors of every node, so the chamfer angle and seps (also cut back to
the half size, where pgf measures an angle against a side of no length), chosen
corners, minimum sizes, line width, rotation and the outer sep are pinned.
"""

from __future__ import annotations

from tikz_fixtures import assert_polylines_match_tex

CHAMFERED = r"""
\node[chamfered rectangle, draw] (a) at (0,0) {STOP};
\node[chamfered rectangle, draw, chamfered rectangle angle=30, chamfered rectangle xsep=4pt, line width=2pt]
  (b) at (3,0) {abc};
\node[chamfered rectangle, draw, chamfered rectangle corners={north east, south west}, chamfered rectangle sep=5pt,
      minimum width=2cm, minimum height=1cm] (c) at (6,0) {};
\node[chamfered rectangle, draw, chamfered rectangle corners=north west, chamfered rectangle ysep=1cm, rotate=20]
  (d) at (0,3) {gh};
\draw (a.north east) -- (b.before north east) -- (b.after south west) -- (b.north) -- (c.north west)
  -- (c.south east) -- (c.after north east) -- (c.before south east) -- (d.north west) -- (d.after north west)
  -- (d.mid east) -- (d.30) -- (a.south);
"""

CHAMFERED_TEX = [
    [(39.8126, -18.4375), (36.9571, -21.2930), (34.0978, -24.1524), (5.9142, -24.1524), (3.0547, -21.2930),
     (0.1993, -18.4375), (0.1993, -10.7032), (3.0547, -7.8438), (5.9142, -4.9883), (34.0978, -4.9883),
     (36.9571, -7.8438), (39.8126, -10.7032)],
    [(119.8906, -14.5704), (115.9767, -21.3516), (114.3281, -24.2071), (95.7656, -24.2071), (94.1172, -21.3516),
     (90.2031, -14.5704), (94.1172, -7.7891), (95.7656, -4.9336), (114.3281, -4.9336), (115.9767, -7.7891)],
    [(218.4341, -22.1016), (215.1130, -25.4219), (211.7930, -28.7422), (168.3830, -28.7422), (161.7380, -28.7422),
     (161.7380, -22.1016), (161.7380, -7.0391), (165.0631, -3.7188), (168.3830, -0.3984), (211.7930, -0.3984),
     (218.4341, -0.3984), (218.4341, -7.0391)],
    [(29.0782, -108.1172), (25.1680, -118.8630), (14.4219, -114.9530), (9.2931, -103.9570), (7.5859, -100.2969),
     (10.9336, -91.1016), (14.8438, -80.3555), (25.5899, -84.2656), (36.3360, -88.1797), (32.4259, -98.9258)],
    [(37.0978, -21.4336), (120.8871, -14.8360), (95.1915, -3.9375), (105.0470, -25.2031), (161.5391, -28.9414),
     (218.6331, -0.1992), (211.8750, -28.9414), (211.8750, -0.1992), (10.9024, -107.7383), (7.3712, -100.3047),
     (31.0587, -103.2656), (28.6407, -109.9023), (20.0079, -4.7891)],
]


def test_chamfered_rectangles_and_their_anchors_match_tex():
    assert_polylines_match_tex(CHAMFERED, CHAMFERED_TEX)
