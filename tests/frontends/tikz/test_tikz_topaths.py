"""tikzlibrarytopaths' keys (paths.py): line to, move to, relative, distances, controls.

Numbers from latex + dvisvgm (the pgf manual's examples; bp, y down, the picture's origin first).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Polyline

from tikz_fixtures import close

BP = 72.27 / 72


def _tex(origin, *pts):
    p = np.asarray(pts, dtype=float) - origin
    return np.column_stack([p[:, 0], -p[:, 1]]) * BP


def _curves(sc):
    return [c for p in sc.primitives if isinstance(p, BezierPath) for sp in p.parts for c in sp.controls]


def test_line_to_and_move_to():
    # TeX: M-71.800785-71.800785H-43.4531M-15.1055-71.800785H13.2383 (no line from (1,0) to (2,0))
    sc = parse_tikz(r"\tikz \draw (0,0) to[line to] (1,0) to[move to] (2,0) to[line to] (3,0);")
    segs = sorted(tuple(map(tuple, np.round(p.points, 3))) for p in sc.primitives if isinstance(p, Polyline))
    o = np.array([-71.800785, -71.800785])
    want = [tuple(map(tuple, np.round(_tex(o, a, b), 3))) for a, b in
            (((-71.800785, -71.800785), (-43.4531, -71.800785)), ((-15.1055, -71.800785), (13.2383, -71.800785)))]
    assert len(segs) == 2 and close(segs, want, tol=0.02)


def test_relative_out_and_in_turn_with_the_line_to_the_target():
    # TeX: M-71.800785-15.109375C-63.98438-22.92578-51.2695-22.92578-43.4531-15.109375
    # C-43.4531-30.8047-30.8047-43.4531-15.1055-43.4531C-22.9219-51.2695-22.9219-63.9844-15.1055-71.8008
    sc = parse_tikz(r"""\begin{tikzpicture}[out=45,in=135,relative]
      \draw (0,0) to (1,0) to (2,1) to (2,2);
    \end{tikzpicture}""")
    o = np.array([-71.800785, -15.109375])
    want = _tex(o, (-71.800785, -15.109375), (-63.98438, -22.92578), (-51.2695, -22.92578), (-43.4531, -15.109375),
                (-43.4531, -15.109375), (-43.4531, -30.8047), (-30.8047, -43.4531), (-15.1055, -43.4531),
                (-15.1055, -43.4531), (-22.9219, -51.2695), (-22.9219, -63.9844), (-15.1055, -71.8008))
    assert close(np.vstack(_curves(sc)), want, tol=0.02)


def test_distance_sets_both_control_distances():
    # TeX: each curve from (0,0) to (k,0) has its controls 1 cm away at 45 and 135 degrees:
    # M-71.800785-51.757811C-51.7578-71.8008-63.5-71.8008-43.4531-51.757811 ...
    sc = parse_tikz(r"""\begin{tikzpicture}[out=45,in=135,distance=1cm]
      \draw (0,0) to (1,0) (0,0) to (2,0) (0,0) to (3,0);
    \end{tikzpicture}""")
    o = np.array([-71.800785, -51.757811])
    want = _tex(o, (-71.800785, -51.757811), (-51.7578, -71.8008), (-63.5, -71.8008), (-43.4531, -51.757811),
                (-71.800785, -51.757811), (-51.7578, -71.8008), (-35.1523, -71.8008), (-15.1055, -51.757811),
                (-71.800785, -51.757811), (-51.7578, -71.8008), (-6.8047, -71.8008), (13.2383, -51.757811))
    assert close(np.vstack(_curves(sc)), want, tol=0.02)


def test_controls_are_the_given_points_the_second_relative_to_the_target():
    # TeX: M-71.800785-43.453125C-71.800785-71.8008 13.2383-71.8008 13.2383-43.453125
    sc = parse_tikz(r"\tikz \draw (0,0) to [controls=+(90:1) and +(90:1)] (3,0);")
    o = np.array([-71.800785, -43.453125])
    want = _tex(o, (-71.800785, -43.453125), (-71.800785, -71.8008), (13.2383, -71.8008), (13.2383, -43.453125))
    assert close(np.vstack(_curves(sc)), want, tol=0.02)
