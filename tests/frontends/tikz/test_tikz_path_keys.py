"""Coordinate systems and path keys: xyz polar cs, tangent cs, current subpath start, insert path,
append after command, parabola's bend pos and parabola height (coords.py, paths.py).

The expected points are pdflatex + dvisvgm's output of the same lines in one picture
(bp, y down) with ``x=1.5cm, y=1cm``, whose canvas origin is at (-29.281251, -15.109375).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Circle, Polyline

from .tikz_fixtures import close

_ORIGIN = (-29.281251, -15.109375)


def _tex(*xy):
    p = np.array(xy, dtype=float).reshape(-1, 2)
    return np.column_stack([(p[:, 0] - _ORIGIN[0]) * 72.27 / 72, (_ORIGIN[1] - p[:, 1]) * 72.27 / 72])


def _scene(body: str):
    sc = parse_tikz(r"\usetikzlibrary{calc}\begin{tikzpicture}[x=1.5cm,y=1cm]" + body + r"\end{tikzpicture}")
    assert not sc.diagnostics, sc.diagnostics
    return sc


def _lines(sc):
    return [p.points for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]


def test_xyz_polar_cs_counts_the_radii_in_the_x_and_y_vectors():
    sc = _scene(r"\draw (0,0) -- (xyz polar cs:angle=30,radius=1) -- (xy polar cs:angle=120,x radius=1,y radius=2);")
    assert close(_lines(sc)[0], _tex(-29.281251, -15.109375, 7.543, -29.2813, -50.543, -64.207), tol=0.01)


def test_tangent_cs_touches_a_circle_node_on_either_side():
    sc = _scene(r"""\coordinate (a) at (3,2);
    \node [circle,draw,minimum size=40pt] (c) at (1,1) {};
    \draw (a) -- (tangent cs:node=c,point={(a)},solution=1) -- (tangent cs:node=c,point={(a)},solution=2);""")
    assert close(_lines(sc)[0], _tex(98.2809, -71.8008, 11.3242, -63.4883, 23.7266, -26.2813), tol=0.01)


def test_current_subpath_start_is_the_last_move_to():
    sc = _scene(r"\draw (0,0) -- (1,0) (0,-1) -- (1,-1) -- (1,-2) -- (current subpath start);")
    assert close(_lines(sc)[-1], _tex(-29.281251, 13.2383, 13.2383, 13.2383, 13.2383, 41.5859, -29.281251, 13.2383),
                 tol=0.01)


def test_insert_path_runs_where_the_key_stands_and_append_after_command_after_the_node():
    sc = _scene(r"""\draw[c/.style={insert path={circle[radius=2pt]}}] (2,-1) -- (3,-2) [c] -- (4,-1);
    \draw node [append after command={(foo)--(1,-3)},draw] (foo) at (0,-3) {foo};""")
    c = [p for p in sc.primitives if isinstance(p, Circle)]
    assert len(c) == 1 and close(c[0].center, _tex(98.2809, 41.5859)[0], tol=0.01) and abs(c[0].radius - 2) < 1e-9
    lines = _lines(sc)
    assert close(lines[0], _tex(55.7578, 13.2383, 98.2809, 41.5859), tol=0.01)
    assert close(lines[1], _tex(98.2809, 41.5859, 140.8009, 13.2383), tol=0.01)
    assert close(lines[2], _tex(-19.1211, 69.9336, 13.2383, 69.9336), tol=0.01)  # from the node's border


def test_parabola_bend_pos_and_height_with_pgfs_control_points():
    sc = _scene(r"""\draw (-1,-4) parabola[bend pos=0.5] bend +(0,2) +(3,0);
    \draw (-1,-5) parabola[parabola height=1cm] +(3,0);""")
    a, b = (p.parts[0].controls for p in sc.primitives if isinstance(p, BezierPath))
    assert close(a.reshape(-1, 2), _tex(-71.8008, 98.2811, -64.625, 85.5231, -39.9102, 41.5859, -8.0195, 41.5859,
                                        -8.0195, 41.5859, 23.8711, 41.5859, 48.582, 85.5231, 55.7578, 98.2811),
                 tol=0.01)
    assert close(b.reshape(-1, 2), _tex(-71.8008, 126.6251, -64.625, 120.2461, -39.9102, 98.2811, -8.0195, 98.2811,
                                        -8.0195, 98.2811, 23.8711, 98.2811, 48.582, 120.2461, 55.7578, 126.6251),
                 tol=0.01)


def test_nodes_between_a_curve_and_its_target_sit_on_the_curve():
    # dvisvgm: curve M-71.800785-43.453125 C...41.5862-43.453125; boxes of a (near start) and b
    # (midway); coordinate m at pos .9 starts the line M33.0542-51.10938V-22.7617
    sc = parse_tikz(r"""\draw (0,0) .. controls (2,1) and (3,1) .. node[near start,draw] {a} node[draw] {b}
    coordinate[pos=.9] (m) (4,0);
    \draw (m) -- +(0,-1);""")
    assert not sc.diagnostics
    o = np.array([-71.800785, -43.453125])

    def tex(*xy):
        p = np.array(xy, dtype=float).reshape(-1, 2) - o
        return p * np.array([72.27 / 72, -72.27 / 72])

    boxes = [p.bbox() for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    assert close(boxes[0], tex(-39.9648, -53.9336, -28.3398, -64.8633).ravel(), tol=0.01)
    assert close(boxes[1], tex(-10.5664, -57.9336, 1.6094, -71.4961).ravel(), tol=0.01)
    assert close(_lines(sc)[0], tex(33.0542, -51.10938, 33.0542, -22.7617), tol=0.01)


def test_parabola_bend_at_end_and_parabola_cycle():
    # dvisvgm: M-71.800785-29.281251C-68.61328-38.84766-57.6289-71.8008-43.4531-71.8008 and
    # M13.2383-71.8008L-15.1055-29.281251C-.9336-29.281251 10.0508-62.2344 13.2383-71.8008Z
    sc = parse_tikz(r"\draw (0,0) parabola[bend at end] (1,1.5); \draw (3,1.5) -- (2,0) parabola cycle;")
    assert not sc.diagnostics
    a, b = (p.parts[0] for p in sc.primitives if isinstance(p, BezierPath))
    o = np.array([-71.800785, -29.281251])

    def tex(*xy):
        return (np.array(xy, dtype=float).reshape(-1, 2) - o) * np.array([72.27 / 72, -72.27 / 72])

    assert close(a.controls.reshape(-1, 2), tex(-71.800785, -29.281251, -68.61328, -38.84766, -57.6289, -71.8008,
                                                -43.4531, -71.8008), tol=0.01)
    assert b.closed
    assert close(b.controls[-1], tex(-15.1055, -29.281251, -.9336, -29.281251, 10.0508, -62.2344, 13.2383, -71.8008),
                 tol=0.01)


def test_a_shift_among_relative_coordinate_options_and_calc_factors_up_to_the_coordinate():
    # +([shift=(135:5pt)] 30:2cm) keeps the options' shift in the relative vector; a calc factor
    # runs up to "*(" (cos(0)*sin(90)*(1,1)). dvisvgm, origin (-71.800785, -23.996093):
    # M-29.2813-23.996093L39.0822-71.8008L-29.2813-66.5195H13.2383
    sc = parse_tikz(r"""\usetikzlibrary{calc}\begin{tikzpicture}[scale=1.5]
    \draw (1,0) -- +([shift=(135:5pt)] 30:2cm) -- ($cos(0)*sin(90)*(1,1)$) -- ($ {2*(1)}*(1,0.5) $);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    o = np.array([-71.800785, -23.996093])
    tex = (np.array([(-29.2813, -23.996093), (39.0822, -71.8008), (-29.2813, -66.5195), (13.2383, -66.5195)]) - o)
    assert close(_lines(sc)[0], tex * np.array([72.27 / 72, -72.27 / 72]), tol=0.01)
