"""through library: ``circle through=(B)``."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

from tikz_fixtures import CM, close


def test_circle_through_is_a_circle_node_around_its_position_through_the_point():
    # minimum size 2 veclen(B - at) with pgf's veclen, no inner or outer sep: pdflatex+dvisvgm draw
    # both circles with radius 36.133 pt (B - A = (1.25 cm, 0.25 cm)); D.north and D.east lie on it
    sc = parse_tikz(r"""\begin{tikzpicture}
    \coordinate (A) at (0,0); \coordinate (B) at (1.25,0.25);
    \node [draw] (D) at (A) [circle through=(B)] {};
    \node [draw] at (B) [circle through={(A)}] {};
    \draw (D.north) -- (D.east);
    \end{tikzpicture}""")
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert len(circles) == 2
    assert close(circles[0].center, (0, 0)) and close(circles[1].center, (1.25 * CM, 0.25 * CM))
    assert all(abs(c.radius - 36.133) < 0.01 for c in circles)
    line = [p for p in sc.primitives if isinstance(p, Polyline)][0]
    r = circles[0].radius
    assert close(line.points, [(0, r), (r, 0)])


def test_a_label_of_a_circle_through_node_is_not_a_circle_through_itself():
    # a label is a node made after its node, outside its options: "label=left:$D$" sits left of
    # the circle (radius 36.133 pt) as "$A$" sits left of the point A, not grown to the circle's size
    # (the pgf manual's Euclid tutorial: latex + dvisvgm set D 37.19 pt left of A)
    sc = parse_tikz(r"""\begin{tikzpicture}
    \coordinate [label=left:$A$] (A) at (0,0); \coordinate (B) at (1.25,0.25);
    \node [draw, circle through=(B), label=left:$D$] at (A) {};
    \end{tikzpicture}""")
    a, d = (p.box for p in sc.primitives if hasattr(p, "text"))
    assert abs((d[2] - d[0]) - (a[2] - a[0])) < 1.5  # "D" is 1.06 pt wider than "A"
    assert abs((a[2] - d[2]) - 36.133) < 0.01
