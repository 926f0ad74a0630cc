"""Path operations and coordinates: each construct's geometry pinned numerically (TeX points)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Arc, BezierPath, Circle, Dot, Ellipse, Polyline

from tikz_fixtures import CM, MM, close, only


def test_circle_default_unit_is_one_centimetre():
    c = only(parse_tikz(r"\draw (0,0) circle (1);"), Circle)
    assert close(c.center, (0, 0)) and c.radius == pytest.approx(28.4528, abs=1e-4)


@pytest.mark.parametrize("code, radius", [
    (r"\draw (1,2) circle[radius=2pt];", 2.0),
    (r"\draw (1,2) circle (5mm);", 5 * MM),
    (r"\draw (1,2) circle [radius=0.5];", 0.5 * CM),
])
def test_circle_syntaxes(code, radius):
    c = only(parse_tikz(code), Circle)
    assert close(c.center, (CM, 2 * CM)) and c.radius == pytest.approx(radius)


def test_ellipse_both_syntaxes():
    for code in (r"\draw (0,0) ellipse (2 and 1);", r"\draw (0,0) ellipse [x radius=2, y radius=1];"):
        e = only(parse_tikz(code), Ellipse)
        assert (e.rx, e.ry) == pytest.approx((2 * CM, CM)) and e.rotation == pytest.approx(0)


def test_line_polygon_and_cycle():
    p = only(parse_tikz(r"\draw (0,0) -- (1,0) -- (1,1) -- cycle;"), Polyline)
    assert p.closed_flag and close(p.points / CM, [(0, 0), (1, 0), (1, 1)])


def test_units_mixed_with_plain_numbers():
    p = only(parse_tikz(r"\draw (0,0) -- (1cm,2) -- (10pt,0pt);"), Polyline)
    assert close(p.points, [(0, 0), (CM, 2 * CM), (10, 0)])


def test_polar_and_relative_coordinates():
    p = only(parse_tikz(r"\draw (30:2) -- ++(1,0) -- +(0,1) -- ++(0,-1);"), Polyline)
    a = (2 * CM * math.cos(math.radians(30)), 2 * CM * math.sin(math.radians(30)))
    b = (a[0] + CM, a[1])
    assert close(p.points, [a, b, (b[0], b[1] + CM), (b[0], b[1] - CM)])


def test_perpendicular_path_operations():
    p = only(parse_tikz(r"\draw (0,0) |- (2,1) -| (3,3);"), Polyline)
    assert close(p.points / CM, [(0, 0), (0, 1), (2, 1), (3, 1), (3, 3)])


def test_rectangle():
    p = only(parse_tikz(r"\draw (0,0) rectangle (2,1);"), Polyline)
    assert p.closed_flag and close(p.points / CM, [(0, 0), (0, 1), (2, 1), (2, 0)])


def test_arc_old_and_new_syntax():
    for code in (r"\draw (1,0) arc (0:90:1);", r"\draw (1,0) arc[start angle=0, end angle=90, radius=1];",
                 r"\draw (1,0) arc[start angle=0, delta angle=90, radius=1cm];"):
        a = only(parse_tikz(code), Arc)
        assert close(a.center, (0, 0)) and a.rx == pytest.approx(CM) and a.ry == pytest.approx(CM)
        assert a.start == pytest.approx(0) and a.sweep == pytest.approx(math.pi / 2)


def test_clockwise_elliptic_arc():
    a = only(parse_tikz(r"\draw (0,1) arc (90:-90:2 and 1);"), Arc)
    assert close(a.center, (0, 0)) and (a.rx, a.ry) == pytest.approx((2 * CM, CM))
    assert a.start == pytest.approx(math.pi / 2) and a.sweep == pytest.approx(-math.pi)


def test_controls_curve():
    b = only(parse_tikz(r"\draw (0,0) .. controls (1,1) and (2,1) .. (3,0);"), BezierPath)
    assert close(b.parts[0].controls[0] / CM, [(0, 0), (1, 1), (2, 1), (3, 0)])


def test_relative_controls_refer_to_start_and_end():
    b = only(parse_tikz(r"\draw (0,0) .. controls +(0,1) and +(0,1) .. (3,0);"), BezierPath)
    assert close(b.parts[0].controls[0] / CM, [(0, 0), (0, 1), (3, 1), (3, 0)])


def _pgf_length(dx):
    # tikzlibrarytopaths measures a horizontal distance as 256 dx / (65536 // 255)
    return 256 * dx / (65536 // 255)


def test_to_with_out_in_looseness():
    b = only(parse_tikz(r"\draw (0,0) to[out=90, in=180, looseness=2] (4,0);"), BezierPath)
    d = 0.3915 * _pgf_length(4) * 2  # cm
    assert close(b.parts[0].controls[0] / CM, [(0, 0), (0, d), (4 - d, 0), (4, 0)], tol=1e-9)


def test_to_between_nodes_leaves_at_the_out_anchor():
    sc = parse_tikz(r"""\node[draw, minimum size=1cm, inner sep=0pt] (A) at (0,0) {};
    \node[draw, minimum size=1cm, inner sep=0pt] (B) at (4,0) {};
    \draw (A) to[out=90, in=90] (B);""")
    b = [p for p in sc.primitives if isinstance(p, BezierPath)][0]
    c = b.parts[0].controls[0]
    top = 0.5 * CM + 0.2  # half size + outer sep (0.5 x 0.4pt)
    assert close(c[0], (0, top)) and close(c[3], (4 * CM, top))
    d = 0.3915 * _pgf_length(4 * CM)
    assert close(c[1], (0, top + d)) and close(c[2], (4 * CM, top + d))


def test_to_bend_left():
    b = only(parse_tikz(r"\draw (0,0) to[bend left=30] (2,0);"), BezierPath)
    d = 0.3915 * _pgf_length(2)
    c30, s30 = math.cos(math.radians(30)), math.sin(math.radians(30))
    assert close(b.parts[0].controls[0] / CM, [(0, 0), (d * c30, d * s30), (2 - d * c30, d * s30), (2, 0)])


def test_bend_between_nodes_runs_from_border_point_to_border_point():
    # tikzlibrarytopaths (relative angles): the curve starts on A's border in the direction 30
    # degrees left of the line to B's centre and ends on B's border 30 degrees right of the way
    # back, not where the borders face the control points; pdflatex+dvisvgm put these ends at
    # (8.634, 4.983) and B's centre + (-11.529, 6.661)
    sc = parse_tikz(r"""\node[draw, minimum width=16pt, minimum height=20pt, inner sep=0pt, outer sep=0pt] (A) at (0,0) {};
    \node[draw, minimum width=23.06pt, minimum height=20pt, inner sep=0pt, outer sep=0pt] (B) at (2,0) {};
    \draw (A) to[bend left] (B);""")
    b = only(sc, BezierPath)
    c = b.parts[0].controls[0]
    t30 = math.tan(math.radians(30))
    assert close(c[0], (8.0, 8.0 * t30), tol=1e-6)
    assert close(c[-1], (2 * CM - 11.53, 11.53 * t30), tol=1e-6)


def test_looseness_alone_makes_to_a_curve_leaving_at_45_degrees():
    # tikzlibrarytopaths: looseness switches to paths to curves; out and in default to 45 and 135
    b = only(parse_tikz(r"\draw (0,0) to[looseness=2] (4,0);"), BezierPath)
    d = 0.3915 * _pgf_length(4) * 2 / math.sqrt(2)
    assert close(b.parts[0].controls[0] / CM, [(0, 0), (d, d), (4 - d, d), (4, 0)], tol=1e-9)


def test_a_moved_node_name_keeps_its_border_and_the_other_end_aims_at_the_moved_centre():
    # ([xshift=2cm]A) -- (B): the line ends on B's border facing A's moved centre, and starts on
    # A's own border facing that end point (tikz@@lineto); latex draws it so
    sc = parse_tikz(r"""\node[draw, minimum size=1cm, inner sep=0pt] (A) at (0,0) {};
    \node[draw, minimum size=1cm, inner sep=0pt] (B) at (0,4) {};
    \draw ([xshift=2cm]A) -- (B);""")
    line = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag][0]
    h = 0.5 * CM + 0.2
    end = (h * 2 / 4, 4 * CM - h)  # B's bottom side, on the ray towards (2cm, 0)
    assert close(line.points[1], end, tol=1e-6)
    assert close(line.points[0], (h * end[0] / end[1], h), tol=1e-6)  # A's top side, facing the end
    ring = only(parse_tikz(r"\node[circle] (A) at (0,0) {}; \draw ([xshift=1cm]A) circle (2pt);"), Circle)
    assert close(ring.center, (CM, 0))


def test_straight_to_is_a_line():
    p = only(parse_tikz(r"\draw (0,0) to (2,1);"), Polyline)
    assert close(p.points / CM, [(0, 0), (2, 1)])


def test_grid_lines_on_multiples_of_step():
    sc = parse_tikz(r"\draw[step=0.5] (0,0) grid (1,1);")
    lines = [p.points / CM for p in sc.primitives]
    assert len(lines) == 6
    xs = sorted({round(l[0, 0], 6) for l in lines if l[0, 0] == l[1, 0]})
    assert xs == [0, 0.5, 1]


def test_plot_expression_samples_domain():
    p = only(parse_tikz(r"\draw[domain=0:2, samples=5] plot (\x, {\x*\x});"), Polyline)
    assert close(p.points / CM, [(x, x * x) for x in (0, 0.5, 1, 1.5, 2)])


def test_plot_coordinates_and_smooth_tension():
    p = only(parse_tikz(r"\draw plot coordinates {(0,0) (1,1) (2,0)};"), Polyline)
    assert close(p.points / CM, [(0, 0), (1, 1), (2, 0)])
    b = only(parse_tikz(r"\draw plot[smooth] coordinates {(0,0) (1,1) (2,0)};"), BezierPath)
    c = b.parts[0].controls / CM
    t = 0.2775 * 0.5  # pgflibraryplothandlers: support = 0.2775 x tension (default 0.5)
    assert close(c[0], [(0, 0), (0, 0), (1 - t * 2, 1), (1, 1)])


def test_calc_partway_distance_rotation_projection():
    sc = parse_tikz(r"""\coordinate (A) at (0,0); \coordinate (B) at (4,0); \coordinate (P) at (1,3);
    \draw ($(A)!0.25!(B)$) -- ($(A)!1cm!(B)$) -- ($(A)!0.5!90:(B)$) -- ($(A)!(P)!(B)$) -- ($(A)+(1,2)$)
          -- ($2*(P)-(B)$);""")
    p = only(sc, Polyline)
    assert close(p.points / CM, [(1, 0), (1, 0), (0, 2), (1, 0), (1, 2), (-2, 6)], tol=1e-9)


def test_named_anchor_and_perpendicular_coordinates():
    sc = parse_tikz(r"""\coordinate (A) at (1,2); \coordinate (B) at (3,5);
    \draw (A |- B) -- (A -| B);""")
    assert close(only(sc, Polyline).points / CM, [(1, 5), (3, 2)])


def test_intersection_of_lines_and_named_paths():
    sc = parse_tikz(r"""\draw[name path=a] (0,0) -- (2,2); \draw[name path=b] (0,2) -- (2,0);
    \path[name intersections={of=a and b, by=X}];
    \fill (X) circle (1pt); \fill (intersection of 0,0--1,1 and 0,1--1,0) circle (1pt);""")
    dots = [p for p in sc.primitives if isinstance(p, Dot)]
    assert close(dots[0].center / CM, (1, 1)) and close(dots[1].center / CM, (0.5, 0.5))


def test_intersection_cs_of_two_lines():
    # tikz.code.tex's intersection cs: the lines through the two given points each, not segments
    sc = parse_tikz(r"""\coordinate (A) at (0,0); \coordinate (B) at (1,1);
    \fill (intersection cs: first line={(A)--(B)}, second line={(3,0)--(3,1)}) circle (1pt);""")
    dot = only(sc, Dot)
    assert close(dot.center / CM, (3, 3))
    sc = parse_tikz(r"\fill (intersection cs: first line={(0,0)--(1,0)}, second line={(0,1)--(1,1)}) circle (1pt);")
    assert any("parallel" in d.message for d in sc.diagnostics)


def test_let_points_and_numbers():
    sc = parse_tikz(r"""\coordinate (A) at (0,0); \coordinate (B) at (3,4);
    \draw let \p1 = ($(B)-(A)$), \n1 = {veclen(\x1,\y1)} in (A) circle (\n1);""")
    assert only(sc, Circle).radius == pytest.approx(5 * CM)


def test_parabola_and_sine():
    b = only(parse_tikz(r"\draw (0,0) parabola (2,4);"), BezierPath)
    ctrl = b.parts[0].controls / CM
    assert close(ctrl[-1][-1], (2, 4))
    # \pgfpathparabola's own control points from the vertex (.5, 0) and (.8875, .775) of the delta,
    # not a quadratic's (pdflatex + dvisvgm draw these)
    assert close(ctrl[-1], [(0, 0), (1, 0), (1.775, 3.1), (2, 4)])
    b = only(parse_tikz(r"\draw (0,0) sin (1,1);"), BezierPath)
    assert close(b.parts[0].controls[0][-1] / CM, (1, 1))


def test_filled_small_circle_is_a_dot():
    d = only(parse_tikz(r"\fill (1,1) circle (2pt);"), Dot)
    assert close(d.center, (CM, CM)) and d.radius == pytest.approx(2.0) and d.style.fill == "#000000"


def test_several_subpaths_and_mixed_path():
    sc = parse_tikz(r"\draw (0,0) -- (1,0) (0,1) circle (0.5) (2,0) -- (3,0) arc (0:90:1) -- (2,2);")
    kinds = [type(p).__name__ for p in sc.primitives]
    assert kinds == ["Polyline", "Circle", "BezierPath"]


def test_clip_marks_but_keeps_geometry():
    sc = parse_tikz(r"\begin{tikzpicture}\clip (0,0) rectangle (1,1); \draw (0,0) -- (2,2); \draw (0.2,0.2) -- (0.8,0.8);\end{tikzpicture}")
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert [l.clipped for l in lines] == [True, False]
    assert close(lines[0].points / CM, [(0, 0), (2, 2)])


def test_every_primitive_has_a_source_location():
    sc = parse_tikz("\\begin{tikzpicture}\n  \\draw (0,0) -- (1,1);\n  \\node at (0,0) {A};\n\\end{tikzpicture}",
                    filename="f.tex")
    for p in sc.primitives:
        assert p.source is not None and p.source.file == "f.tex" and p.source.line in (2, 3)
    assert sc.primitives[0].source.column == 3


def test_loop_above_leaves_and_enters_the_node_at_105_and_75_degrees():
    sc = parse_tikz(r"\node[draw, circle, minimum size=1cm, inner sep=0pt] (q) at (0,0) {}; \path (q) edge[loop above] ();")
    b = [p for p in sc.primitives if isinstance(p, BezierPath)][0]
    c = b.parts[0].controls[0]
    r = 0.5 * CM + 0.2
    assert close(c[0], (r * math.cos(math.radians(105)), r * math.sin(math.radians(105))), tol=1e-6)
    # control distance: 0.3915 x looseness 8 x (pgf) distance of the two border points, at least 5mm
    from geoverify.frontends.tikz.geometry import pgf_veclen
    chord = (2 * r * math.sin(math.radians(15)), 0.0)  # between the 105 and 75 degree anchors
    expected = max(0.3915 * 8 * pgf_veclen(*chord), 5 * MM)
    assert math.hypot(*(c[1] - c[0])) == pytest.approx(expected)
    direction = (c[1] - c[0]) / math.hypot(*(c[1] - c[0]))
    assert close(direction, (math.cos(math.radians(105)), math.sin(math.radians(105))))


@pytest.mark.parametrize("opts,min_distance", [("loop left", True), ("loop left, looseness=8", False),
                                               ("looseness=2, loop left", True)])
def test_looseness_after_a_loop_key_drops_the_loops_min_distance(opts, min_distance):
    # measured with latex (\wd of \tikz \node[inner sep=0pt] (a) {} edge[<opts>] (a);: 15.14, 2.53
    # and 15.14 pt): the loop's min distance=5mm holds unless a looseness comes after the loop key
    sc = parse_tikz(rf"\tikz \node[inner sep=0pt] (a) {{}} edge[{opts}] (a);")
    c = [p for p in sc.primitives if isinstance(p, BezierPath)][0].parts[0].controls[0]
    d = math.hypot(*(c[1] - c[0]))
    # between the 195 and 165 degree anchors of the 1pt minimum size box, outer sep 0.2pt
    chord = 2 * 0.7 * math.tan(math.radians(15))
    assert d == pytest.approx(5 * MM if min_distance else 0.3915 * 8 * chord, rel=5e-3)  # pgf_veclen


def test_shorten_moves_a_curves_end_point_but_not_its_controls():
    # pgf's quick shortening: the end point moves towards the last control point, which stays
    b = only(parse_tikz(r"\draw[shorten >=2pt, shorten <=1pt] (0,0) .. controls (1,1) and (2,1) .. (3,0);"),
             BezierPath)
    c = b.parts[0].controls[0]
    assert close(c[1:3] / CM, [(1, 1), (2, 1)])
    assert close(c[3], (3 * CM - 2 / math.sqrt(2), 2 / math.sqrt(2)), tol=1e-9)
    assert close(c[0], (1 / math.sqrt(2), 1 / math.sqrt(2)), tol=1e-9)


def test_shorten_cuts_an_arc_as_pgfs_cubics():
    # TeX (latex + dvisvgm): M-15.1094-46.28906 C-15.1094-59.1094 -27.7969-71.8008 -37.78516-71.8008
    # for (1,0) arc (0:90:1): the quarter circle is one cubic whose end point moved 2 mm and
    # start 1 mm along the tangents, its controls kept
    b = only(parse_tikz(r"\draw[shorten >=2mm, shorten <=1mm] (1,0) arc (0:90:1);"), BezierPath)
    c = b.parts[0].controls
    assert len(c) == 1
    k = 4 / 3 * math.tan(math.pi / 8) * CM
    assert close(c[0], [(CM, MM), (CM, k), (k, CM), (2 * MM, CM)], tol=1e-9)


def test_shorten_end_moves_the_end_point_back():
    p = only(parse_tikz(r"\draw[shorten >=2pt] (0,0) -- (1,0);"), Polyline)
    assert close(p.points[-1], (CM - 2, 0))


BP = 72.27 / 72  # pt per bp: dvisvgm writes bp


def test_rounded_corners_replace_each_corner_by_pgfs_cubic():
    # TeX (latex + dvisvgm): M-71.800785-43.453125 H-19.0938 C-16.8906-43.453125 -15.1055-45.23828
    # -15.1055-47.4375 V-71.8008, i.e. the line stops 4 pt before the corner and a cubic with
    # controls 0.5523 of the way to the corner turns it.
    p = only(parse_tikz(r"\draw[rounded corners] (0,0) -- (2,0) -- (2,1);"), BezierPath)
    c = p.subpaths()[0].controls
    x0, y0 = -71.800785, -43.453125
    assert len(c) == 3
    assert close(c[0][3], ((-19.0938 - x0) * BP, 0), tol=2e-3)
    assert close(c[1], [((-19.0938 - x0) * BP, 0), ((-16.8906 - x0) * BP, 0),
                        ((-15.1055 - x0) * BP, (y0 + 45.23828) * BP), ((-15.1055 - x0) * BP, (y0 + 47.4375) * BP)],
                 tol=2e-3)
    assert close(c[2][3], (2 * CM, CM))


def test_rounded_corners_on_a_closed_path_round_the_start_too():
    # TeX: M103.2622-43.453125 H121.6442 C124.3982-43.453125 ...: the triangle starts 5 pt along
    # its first side (the start corner is rounded too) and all three corners are cubics.
    p = only(parse_tikz(r"\draw[rounded corners=5pt] (6,0) -- (7,0) -- (6.5,1) -- cycle;"), BezierPath)
    c = p.subpaths()[0].controls
    x0 = -71.800785
    assert p.subpaths()[0].closed and len(c) == 6
    assert close(c[0][0], ((103.2622 - x0) * BP, 0), tol=2e-3) and close(c[-1][3], c[0][0])
    assert close(c[0][3], ((121.6442 - x0) * BP, 0), tol=2e-3)
    assert close(c[1][1], ((124.3982 - x0) * BP, 0), tol=5e-3)


def test_rounded_and_sharp_corners_in_a_path_act_on_the_corners_after_them():
    # pgf marks each segment drawn under rounded corners (\pgfsetcornersarced) and rounds the
    # corner at its end: (1,1) and (3,0) stay sharp, (2,0) and (3,1) turn 4 pt before the corner;
    # in a path scope the option ends with the scope; "-- cycle" rounds the start by its own radius
    p = only(parse_tikz(r"\draw (0,0) -- (1,1) [rounded corners] -- (2,0) -- (3,1) [sharp corners]"
                        r" -- (3,0) -- (2,1);"), BezierPath)
    ends = [tuple(np.round(c[3] / CM, 3)) for c in p.subpaths()[0].controls]
    r = 4 / CM / math.sqrt(2)
    assert ends == [(1, 1), tuple(np.round((2 - r, r), 3)), tuple(np.round((2 + r, r), 3)),
                    tuple(np.round((3 - r, 1 - r), 3)), (3, round(1 - 4 / CM, 3)), (3, 0), (2, 1)]
    q = only(parse_tikz(r"\draw (0,0) -- (1,1) {[rounded corners] -- (2,0) -- (3,1)} -- (3,0) -- (2,1);"),
             BezierPath)
    assert [tuple(np.round(c[3] / CM, 3)) for c in q.subpaths()[0].controls] == ends
    t = only(parse_tikz(r"\draw (0,0) [rounded corners=10pt] -- (1,1) -- (2,1) [sharp corners] -- (2,0)"
                        r" [rounded corners=5pt] -- cycle;"), BezierPath)
    c = t.subpaths()[0].controls
    assert close(c[0][0], (5 / math.sqrt(2), 5 / math.sqrt(2)), tol=1e-6)  # the start, 5 pt round
    assert any(close(s[3], (2 * CM, 0)) for s in c)  # (2,0) is sharp


def test_rounded_corners_of_a_rectangle_node():
    # TeX: \node[draw, rounded corners=3pt] {A}: straight bottom edge from 150.9062 to 159.0432 bp.
    sc = parse_tikz(r"\node[draw, rounded corners=3pt] at (0,0) {A};")
    p = only(sc, BezierPath)
    c = p.subpaths()[0].controls
    assert len(c) == 8
    straight = [s for s in c if abs(s[0][1] - s[3][1]) < 1e-9 and s[0][1] < 0]
    assert len(straight) == 1
    assert abs(straight[0][0][0] - straight[0][3][0]) == pytest.approx((159.0432 - 150.9062) * BP, abs=2e-3)


def test_coordinate_options_shift_a_named_point():
    # TeX draws \draw ([xshift=10em]OG.east) ... from 100 pt right of the anchor (janosh's LSTM
    # figure agrees with latex + dvisvgm within 0.7 bp once this holds).
    sc = parse_tikz(r"""\coordinate (A) at (1,0); \node[draw] (N) at (0,2) {N};
    \draw ([xshift=10pt, yshift=-2pt]A) -- ([xshift=1em]N.east);""")
    line = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag][0]
    n = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][0]
    east = n.points[:, 0].max() + 0.2  # outer sep
    assert close(line.points, [(CM + 10, -2), (east + 10.00003, 2 * CM)], tol=1e-4)


def test_turn_coordinates_follow_the_direction_the_path_arrives_in():
    # [turn] rotates to the last direction and shifts to the last point: after a line its
    # start, after a curve its second control point. pdflatex+dvisvgm (bp, y down):
    # M-71.800785 3.855469L-15.1055-24.49222L.5117-48.14842C16.1289-71.80082 16.1289-71.80082
    # 47.8202-16.91012L86.5432-6.53512
    sc = parse_tikz(r"\draw (0,0) -- (2,1) -- ([turn]30:1cm) .. controls ([turn]0:1cm) .. ([turn]-90:2cm)"
                    r" -- ([turn]1,1);")
    assert not sc.diagnostics
    ctl = only(sc, BezierPath).parts[0].controls
    tex = np.array([(-71.800785, 3.855469), (-15.1055, -24.49222), (.5117, -48.14842), (16.1289, -71.80082),
                    (47.8202, -16.91012), (86.5432, -6.53512)])
    pts = (tex - tex[0]) * np.array([72.27 / 72, -72.27 / 72])
    ends = np.vstack([ctl[0, 0], ctl[:, 3]])
    assert close(ends, pts[[0, 1, 2, 4, 5]], tol=0.01)
    assert close(ctl[2, 1], pts[3], tol=0.01) and close(ctl[2, 2], pts[3], tol=0.01)
    # under a rotation and scaling the turn is taken in the coordinates in force (dvisvgm:
    # M-71.800785 55.308592L-39.1172 20.7852L-29.2383-20.5664L-60.7109-71.8003)
    line = only(parse_tikz(r"\begin{tikzpicture}[rotate=20,scale=1.5] \draw (0,0) -- (1,0.5) -- ([turn]30:1)"
                           r" -- ([turn]1,1); \end{tikzpicture}"), Polyline).points
    tex = np.array([(-71.800785, 55.308592), (-39.1172, 20.7852), (-29.2383, -20.5664), (-60.7109, -71.8003)])
    assert close(line, (tex - tex[0]) * np.array([72.27 / 72, -72.27 / 72]), tol=0.01)


def test_braces_in_a_path_scope_options_and_an_empty_group_is_nothing():
    sc = parse_tikz(r"\draw (0,0) -- (1,0) {[xshift=1cm] -- (1,1)} -- (2,2) {};")
    assert not sc.diagnostics
    p = only(sc, Polyline)
    assert close(p.points / CM, [(0, 0), (1, 0), (2, 1), (2, 2)])


def test_barycentric_cs_is_the_weighted_mean_of_named_points():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \coordinate (a) at (0,0); \coordinate (b) at (4,0); \node (c) at (0,2) {c};
      \draw (barycentric cs:a=1,b=1,c=2) circle (1pt);
    \end{tikzpicture}""")
    assert close(only(sc, Circle).center / CM, (1, 1))


def test_a_paths_pos_places_the_nodes_inside_its_operations():
    # TeX: x and y sit at 0.3 of their segments, z keeps its own pos=.8, w after the
    # coordinate (10,3) stays at that point
    from geoverify.scene import TextLabel
    sc = parse_tikz(r"""\begin{tikzpicture}
      \draw[pos=.3] (0,0) to node {x} (10,0);
      \draw[pos=.3] (0,1) -- node {y} (10,1);
      \begin{scope}[pos=.3] \draw (0,2) -- (10,2) node[pos=.8] {z} -- (10,3) node {w}; \end{scope}
    \end{tikzpicture}""")
    centre = {p.text: ((p.box[0] + p.box[2]) / 2, (p.box[1] + p.box[3]) / 2) for p in sc.primitives
              if isinstance(p, TextLabel)}
    assert close(np.array(centre["x"]) / CM, (3, 0)) and close(np.array(centre["y"]) / CM, (3, 1))
    assert close(np.array(centre["z"]) / CM, (8, 2)) and close(np.array(centre["w"]) / CM, (10, 3))


def test_circle_with_options_takes_no_radius_after_them():
    # tikz.code.tex: after "circle [options]" a "(...)" is the next coordinate, not a radius
    sc = parse_tikz(r"\draw (0,0) circle [radius=.5] (1,0) circle [radius=.25] (2,0) circle (3pt);")
    circles = [p for p in sc.primitives if isinstance(p, (Circle, Dot))]
    assert [round(c.center[0] / CM, 6) for c in circles] == [0, 1, 2]
    assert [round(c.radius, 3) for c in circles] == [round(0.5 * CM, 3), round(0.25 * CM, 3), 3.0]


def test_to_path_given_by_the_figure_continues_the_path():
    # TeX (latex + dvisvgm): to path={-| (\tikztotarget)} draws M-71.800785 69.929684 H-15.1055 V41.5859
    from tikz_fixtures import assert_polylines_match_tex
    assert_polylines_match_tex(r"\begin{tikzpicture}\draw[to path={-| (\tikztotarget)}] (0,0) to (2,1);"
                               r"\end{tikzpicture}",
                               [[(-71.800785, 69.929684), (-15.1055, 69.929684), (-15.1055, 41.5859)]])


def test_to_path_nodes_and_tonodes_are_placed_as_tikz_places_them():
    from geoverify.scene import Circle, Polyline, TextLabel
    bp = 72.27 / 72
    # TeX: from a node, the line leaves its border (48.5082, 63.00781) for (98.2812, 13.2383) bp, the
    # node's rectangle centred at (41.5877, 69.93164); "at start"/"at end" nodes sit on the ends
    sc = parse_tikz(r"""\begin{tikzpicture}\node[draw] (a) at (4,0) {A};
    \draw[to path={-- (\tikztotarget) node[at start,draw,circle,inner sep=0pt,minimum size=4pt] {}
      node[at end,draw,circle,inner sep=0pt,minimum size=4pt] {} \tikztonodes}] (a) to (6,2);
    \end{tikzpicture}""")
    line = next(p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 2)
    centre = np.array([4 * CM, 0.0])
    want = [((48.5082 - 41.5877) * bp, -(63.00781 - 69.93164) * bp), ((98.2812 - 41.5877) * bp, -(13.2383 - 69.93164) * bp)]
    assert np.allclose(line.points - centre, want, atol=5e-3)
    circles = sorted(p.center[0] for p in sc.primitives if isinstance(p, Circle))
    assert np.allclose(circles, [line.points[0][0], line.points[1][0]], atol=1e-6)
    # \tikztonodes are labels: at pos .5 of the operation before them (the curve's middle), the
    # text 46.9778 bp right of and 17.6936 bp above the curve's start
    sc = parse_tikz(r"\begin{tikzpicture}\draw (0,2) to[to path={.. controls +(1,0) and +(1,0) .. "
                    r"(\tikztotarget) \tikztonodes}] node[above]{x} (2,3);\end{tikzpicture}")
    lab = only(sc, TextLabel)
    assert np.allclose(lab.box[:2], [46.9778 * bp, 2 * CM + 17.6936 * bp], atol=5e-3)  # x has no depth


def test_a_node_or_coordinate_between_the_dots_and_controls_sits_on_the_curve():
    # ".. coordinate (m) controls a and b .. c" (the pgf manual's base-paths example): like a node
    # after the second "..", midway along the curve: t = 1/2 of (0,0) (0,1) (1,1) (1,0) is (0.5, 0.75)
    sc = parse_tikz(r"\tikz \draw (0,0) .. coordinate (m) controls (0,1) and (1,1) .. (1,0) (m) circle (1pt);")
    assert not sc.diagnostics
    c = only(sc, Circle)
    assert close(c.center, (0.5 * CM, 0.75 * CM))


def test_save_path_and_use_path_draw_a_path_built_before():
    # save path=\p keeps the path (canvas points) built by a \path that draws nothing; use path=\p
    # puts it into a later path, which draws it with its own options
    sc = parse_tikz(r"""\begin{tikzpicture}
      \path[save path=\pathA] (0,1) -- (1,0) -- (1,1);
      \draw[blue][use path=\pathA];
      \draw[use path=\pathA] -- (2,2);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    a, b = [p.points / CM for p in sc.primitives]
    assert np.allclose(a, [[0, 1], [1, 0], [1, 1]])
    assert np.allclose(b, [[0, 1], [1, 0], [1, 1], [2, 2]])


@pytest.mark.parametrize("path", ["(0,0) -- (1e308,0)", "(0,0) -- +(1e308,0) grid (1,1)", "(0,0) -- ++(1e308,1e308)"])
def test_a_coordinate_beyond_floats_skips_its_statement_with_a_note(path):
    """TeX stops with "Dimension too large"; here the statement is skipped and noted (a NaN
    grid made ``math.ceil`` raise a ValueError, found by fuzz/run.py)."""
    sc = parse_tikz("\\begin{tikzpicture}\\draw (0,0) -- (1,1);\\draw " + path + ";\\end{tikzpicture}")
    assert len(sc.primitives) == 1
    assert any("not a finite number" in d.message for d in sc.diagnostics)


def test_a_pos_node_first_on_its_path_sits_at_the_origin():
    """``\\draw node[midway] {a} (1,1) -- (2,2);``: no segment yet, so the node goes where a node
    without a position goes, the origin, as TeX puts it (latex + dvisvgm); it was a TypeError
    of a None point (found by fuzz/run.py --seed 31)."""
    sc = parse_tikz(r"\begin{tikzpicture}\draw node[midway] {$a$} (1,1) -- (2,2);\end{tikzpicture}")
    (label,) = [p for p in sc.primitives if hasattr(p, "text")]
    assert np.allclose(label.anchor, (0.0, 0.0), atol=1e-9)


def test_a_curve_angle_beyond_floats_skips_its_statement():
    sc = parse_tikz(r"\begin{tikzpicture}\draw (0,0) to[out=1e400, in=40] (1,1);\end{tikzpicture}")
    assert not sc.primitives
    assert any("not a finite number" in d.message for d in sc.diagnostics)


def test_a_power_of_the_plot_variable_reads_its_text():
    # the plot variable is a macro: \x^2 with \x = -2 is -2^2 = -4 (checked against TeX: the
    # curve goes down on the left); (\x)^2 and \x*\x are 4
    sc = parse_tikz(r"""\begin{tikzpicture}
      \draw plot[domain=-2:2, samples=5] (\x, {\x^2});
      \draw plot[domain=-2:2, samples=5] (\x, {(\x)^2});
      \draw plot[domain=-1:1, samples=3, variable=\t] ({\t*\t}, {-\t^3});
    \end{tikzpicture}""")
    bare, grouped, other = [p.points / CM for p in sc.primitives]
    assert np.allclose(bare[:, 1], [-4, -1, 0, 1, 4])
    assert np.allclose(grouped[:, 1], [4, 1, 0, 1, 4])
    assert np.allclose(other, [(1, 1), (0, 0), (1, -1)])  # -\t^3 at -1 reads --1^3 = 1


def test_let_points_are_kept_before_the_transformation():
    # checked against TeX: in a picture with scale=2, let \p1=(1,0) in (\x1,\y1+1cm) ends at
    # (2cm, 2cm) (the point is taken back through the transformation, its use transformed again)
    sc = parse_tikz(r"""\begin{tikzpicture}[scale=2]
      \coordinate (A) at (1,0);
      \draw let \p1=(A) in (0,1) -- (\x1,\y1+1cm);
      \draw let \p1=(A) in (0,0) -- (\x1/2,\y1/2);
    \end{tikzpicture}""")
    first, half = [p.points / CM for p in sc.primitives]
    assert np.allclose(first, [(0, 2), (2, 2)]) and np.allclose(half, [(0, 0), (1, 0)])
