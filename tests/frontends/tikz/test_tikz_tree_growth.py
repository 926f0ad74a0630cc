"""Growth functions of trees other than the default (trees.py): clockwise from, grow cyclic, petri tokens.

Numbers from latex + dvisvgm (child centres relative to their parent's).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Dot, Polyline

from tikz_fixtures import CM, MM, close

EX = 4.30554  # pt, the ex of cmr10


def _centres(sc, cls=Polyline):
    out = []
    for p in sc.primitives:
        if isinstance(p, cls) and (cls is not Polyline or p.closed_flag):
            b = p.bbox()
            out.append(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2))
    return np.array(out)


def test_clockwise_from_places_children_by_sibling_angle_at_level_distance():
    # TeX: child a 36.96 pt right and 21.34 pt up of r (30 degrees, 15 mm), b at -30 degrees
    sc = parse_tikz(r"\node[draw] {r} [clockwise from=30, sibling angle=60] child {node[draw] {a}} "
                    r"child {node[draw] {b}};")
    assert not sc.diagnostics
    got = sorted(map(tuple, _centres(sc)), key=lambda q: -q[1])
    want = [(15 * MM * np.cos(np.radians(30)), 15 * MM * np.sin(np.radians(30))), (0.0, 0.0),
            (15 * MM * np.cos(np.radians(-30)), 15 * MM * np.sin(np.radians(-30)))]
    assert close(got, want, tol=1e-6)


def test_grow_cyclic_turns_the_frame_of_each_child():
    # TeX: a 20.12 pt right and down of r (-45 degrees, 1 cm); a's only child c another 1 cm along -45 degrees
    sc = parse_tikz(r"\node[draw] {r} [grow cyclic, sibling angle=90, level distance=1cm] "
                    r"child {node[draw]{a} child {node[draw] {c}}} child {node[draw] {b}};")
    assert not sc.diagnostics
    d = CM / np.sqrt(2)
    got = sorted(map(tuple, np.round(_centres(sc), 6)))
    assert close(got, sorted([(0.0, 0.0), (d, -d), (2 * d, -2 * d), (d, d)]), tol=1e-5)


def test_children_are_tokens_take_petris_places_without_edges():
    # TeX (petri): three tokens at (0, .57), (-.5, -.306025), (.5, -.306025) token distances (1.5 ex)
    sc = parse_tikz(r"\usetikzlibrary{petri}\node[place] {} [children are tokens] child {node[token]{}} "
                    r"child {node[token]{}} child {node[token]{}};")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    dots = _centres(sc, Dot)
    t = 1.5 * EX
    assert close(dots, [(0, .57 * t), (-.5 * t, -.306025 * t), (.5 * t, -.306025 * t)], tol=1e-6)
    assert not [p for p in sc.primitives if isinstance(p, Polyline)]  # no edges from the place
