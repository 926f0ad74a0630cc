"""Pic types a figure defines itself (``pics/name/.style``, ``name/.pic``): pics.py."""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

from tikz_fixtures import CM, MM, close


def test_pic_types_with_arguments_placed_and_named_like_nodes():
    # checked against TeX: the box pic at the current point (1,0); the rotated one 1 cm right of
    # a.east (positioning places a pic's origin, without an anchor); names inside get the pic's
    # name as prefix and the short name refers to them inside the code
    sc = parse_tikz(r"""\begin{tikzpicture}[
        pics/box/.style n args={2}{code={\draw (0,0) rectangle (#1,#2); \coordinate (-tip) at (#1,#2);
                                         \draw (-tip) circle (1mm);}},
        seagull/.pic={\draw (-1,0) -- (0,0) -- (1,1);}]
      \node[minimum size=1cm, inner sep=0pt, outer sep=0pt] (a) at (0,0) {};
      \draw (1,0) pic (P) {box={2}{1}};
      \pic[right=1cm of a, rotate=90] (Q) {box={1}{0.5}};
      \draw (0,-1) pic[scale=0.5] {seagull};
      \pic at (0,-2) {seagull};
      \draw[red] (P-tip) -- (Q-tip);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    p_box, q_box, gull, gull2, red = lines
    assert close(p_box.min(axis=0), (CM, 0)) and close(p_box.max(axis=0), (3 * CM, CM))
    assert close(q_box.min(axis=0), (CM, 0)) and close(q_box.max(axis=0), (1.5 * CM, CM))
    assert close(gull, [(-0.5 * CM, -CM), (0, -CM), (0.5 * CM, -0.5 * CM)])
    assert close(gull2, [(-CM, -2 * CM), (0, -2 * CM), (CM, -CM)])
    assert close(red, [(3 * CM, CM), (CM, CM)])
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert close(circles[1].center, (CM, CM)) and close(circles[1].radius, MM)


def test_pic_arguments_by_pattern_code_in_scopes_and_unknown_pic_keys():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \tikzset{pics/cell/.style args={#1/#2}{code={\begin{scope}[line width=#2mm]
                 \draw (0,0) rectangle (#1,#1);\end{scope}}, shape=odd}}
      \begin{scope}[scale=3]\pic[xshift=1cm] (c) {cell={2/1}};\end{scope}
    \end{tikzpicture}""")
    box = [p for p in sc.primitives if isinstance(p, Polyline)][0]
    # the scope's scale does not reach into the pic (pgf resets it, as for nodes); its own shift does
    assert close(box.points.min(axis=0), (CM, 0)) and close(box.points.max(axis=0), (3 * CM, 2 * CM))
    assert close(box.style.stroke_width, MM)
    assert [d.construct for d in sc.diagnostics if d.code == "UNSUPPORTED"] == ["pic"]


def test_angle_radius_and_eccentricity_given_to_the_picture_hold_for_its_angle_pics():
    # tikzlibraryangles keeps them as /tikz/ key values: [angle radius=.75cm] on the picture makes
    # every angle's arc 0.75 cm, its quoted label at 0.5 of that; the pic's own key still wins
    from geoverify.scene import Arc
    sc = parse_tikz(r"""\begin{tikzpicture}[angle radius=.75cm, angle eccentricity=.5]
      \coordinate (A) at (1,0); \coordinate (B) at (0,0); \coordinate (C) at (0,1);
      \draw pic[draw, "$\alpha$"] {angle=A--B--C};
      \draw pic[draw, angle radius=3mm] {angle=C--B--A};
    \end{tikzpicture}""")
    arcs = [p for p in sc.primitives if isinstance(p, Arc)]
    assert [round(a.rx / CM, 6) for a in arcs] == [0.75, 0.3]
    lab = next(p for p in sc.primitives if hasattr(p, "text"))
    r = 0.5 * 0.75 * CM
    assert np.allclose(lab.anchor, (r / math.sqrt(2), r / math.sqrt(2)))


def test_a_named_angle_pic_names_its_label_node():
    # tikzlibraryangles puts the quoted label as \node() with name prefix .., so pic (alpha)
    # names it alpha (checked against TeX: the circle is centred on the label, at 0.6 x 5 mm)
    sc = parse_tikz(r"""\tikz {
      \draw (2,0) coordinate (A) -- (0,0) coordinate (B) -- (1,1) coordinate (C)
        pic (alpha) ["$\alpha$", draw] {angle};
      \draw (alpha) circle [radius=5pt];
    }""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    circle = next(p for p in sc.primitives if isinstance(p, Circle))
    r = 0.6 * 5 * MM
    mid = math.radians(22.5)
    assert close(circle.center, (r * math.cos(mid), r * math.sin(mid)))
