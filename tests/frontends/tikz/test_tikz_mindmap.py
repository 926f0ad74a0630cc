"""Mindmap concepts and their switch-colour connection bars (mindmap.py)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

from tikz_fixtures import close

BP = 72.27 / 72  # pt per bp


def test_concepts_and_the_shading_rectangles_of_a_switch_colour_bar():
    # TeX (bp, y down; node a's centre (-62.089844, -31.730468)): a red circle (fill and stroke) whatever the
    # order of concept and concept color; the bar's shading rectangles, clipped to the bar:
    # M-55.51174-46.4922L-65.8594-43.04299L-58.32033-20.4219L-47.97268-23.8711Z fill='#f00' and
    # M6.9219-67.3008L19.1758-71.3867L26.7148-48.7656L14.4609-44.67971Z fill='#00f'
    sc = parse_tikz(r"""\usetikzlibrary{mindmap}
    \node (a) at (0,0) [concept, concept color=red] {A};
    \node (b) at (3,1) [concept color=blue, concept] {Bb};
    \path (a) to[circle connection bar switch color=from (red) to (blue)] (b);""")
    assert not sc.diagnostics
    a, b = [p for p in sc.primitives if isinstance(p, Circle)]
    assert (a.style.fill, a.style.stroke, b.style.fill) == ("#ff0000", "#ff0000", "#0000ff")
    o = np.array([-62.089844, -31.730468])

    def tex(*pts):
        p = np.asarray(pts, dtype=float) - o
        return np.column_stack([p[:, 0], -p[:, 1]]) * BP

    red, blue = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert red.clipped and blue.clipped and red.style.stroke is None
    want_red = tex((-55.51174, -46.4922), (-65.8594, -43.04299), (-58.32033, -20.4219), (-47.97268, -23.8711))
    want_blue = tex((6.9219, -67.3008), (19.1758, -71.3867), (26.7148, -48.7656), (14.4609, -44.67971))
    assert close(sorted(map(tuple, red.points)), sorted(map(tuple, want_red)), tol=1e-2)
    assert close(sorted(map(tuple, blue.points)), sorted(map(tuple, want_blue)), tol=1e-2)
