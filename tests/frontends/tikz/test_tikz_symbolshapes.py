"""shapes.symbols: tape (geoverify.frontends.tikz.symbolshapes).

The expected anchors are latex + dvisvgm's path through them (bp, y down): compass
corners by each bend style (and pgf's south corners placed by the top bend), the north
and south middles, numeric anchors on the pushed arcs, including the angles where pgf's
search over a dip fails and returns the same point each time.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

TAPES = r"""
\node[tape, draw] (a) at (0,0) {Tape};
\node[tape, draw, tape bend top=out and in, tape bend bottom=none, minimum width=2cm, line width=2pt] (b) at (3,0) {x};
\node[tape, draw, tape bend=out and in, tape bend height=1cm, minimum height=2cm] (c) at (6,0) {y};
\node[tape, draw, tape bend top=none, rotate=30] (d) at (0,3) {Tape};
\draw (a.north east) -- (a.north west) -- (a.south west) -- (a.south east) -- (a.north) -- (a.60) -- (b.north east)
  -- (b.south west) -- (b.north) -- (b.110) -- (c.north west) -- (c.south) -- (c.south east) -- (c.250) -- (c.80)
  -- (d.north east) -- (d.south west) -- (d.north) -- (d.mid west) -- (d.-70);
"""

TAPES_TEX = [(30.5821, -49.9609), (1.9570, -50.3203), (1.9570, -29.4453), (30.5821, -29.0898), (16.2696, -50.1406),
             (23.6954, -52.5703), (130.6524, -51.6563), (71.9648, -27.7539), (101.3087, -51.0039),
             (96.6095, -52.6211), (180.1993, -60.4922), (186.3474, -16.7070), (192.5003, -18.9141),
             (180.1993, -22.8086), (193.3163, -90.3281), (24.7188, -138.7344), (7.8204, -110.7539),
             (12.3204, -131.5781), (4.0195, -117.3359), (26.3242, -121.4375)]

BP = 72.27 / 72


def test_tape_anchors_match_tex():
    sc = parse_tikz(TAPES)
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    tex = np.array(TAPES_TEX)
    expected = np.column_stack([(tex[:, 0] - tex[0, 0]) * BP, -(tex[:, 1] - tex[0, 1]) * BP])
    assert np.allclose(lines[-1] - lines[-1][0], expected, atol=0.01)


def test_tape_outline_reaches_the_bends_tex_draws():
    # the first tape's path in dvisvgm's SVG: x from 2.1564 to 30.3829 bp, the top hump's
    # curve peaks 0.75 of the way to its controls (49.8868 + 0.75 * 3.3203) and the bottom
    # one dips to 29.5196 - 0.75 * 3.3203
    sc = parse_tikz(TAPES)
    a = [p.points for p in sc.primitives if isinstance(p, Polyline)][0] / BP
    assert np.allclose(np.ptp(a[:, 0]), 30.3829 - 2.1564, atol=0.01)
    assert np.allclose(np.ptp(a[:, 1]), (49.8868 + 0.75 * 3.3203) - (29.5196 - 0.75 * 3.3203), atol=0.01)


def test_forbidden_signs_are_circles_with_their_slash():
    # latex + dvisvgm (bp, y down): the slash joins the circle's path at 45 degrees (outer sep
    # left out), up to the right or, for the correct sign, down to the right, turned with the
    # node; a sign that is only filled has no slash
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[forbidden sign, draw, line width=2pt] (a) at (0,0) {No};
      \node[correct forbidden sign, draw, rotate=30, outer sep=3pt] (b) at (3,0) {Yes};
      \node[forbidden sign, fill=red] (c) at (5,0) {F};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert np.allclose([c.radius / BP for c in circles], [11.6387, 12.7064, 9.4064], atol=0.002)
    slashes = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    tex = [[(4.4064, -6.4844), (20.8635, -22.9415)], [(109.9494, -11.4258), (85.4025, -18.0040)]]
    centres = [(12.633957, -14.713932), (97.674975, -14.7139575)]
    assert len(slashes) == 2
    for native, t, c, circle in zip(slashes, tex, centres, circles):
        rel = (np.array(t) - c) * BP * [1, -1]
        assert np.allclose(native - circle.center, rel, atol=0.01)
