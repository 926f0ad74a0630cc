"""Path data: every command, absolute and relative, and the primitive chosen."""

import math

import numpy as np
import pytest
from svg_fixtures import only, parse, to_canvas

from geoverify.frontends.svg.pathdata import arc_endpoint_to_center, parse_path_data
from geoverify.scene import Arc, BezierPath, Circle, Dot, Ellipse, Polyline


def _path(d, **attrs):
    extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return parse(f'<path d="{d}" stroke="black" fill="none" {extra}/>')


def _bezier(t, c):
    c = np.asarray(c)
    return ((1 - t) ** 3 * c[0] + 3 * (1 - t) ** 2 * t * c[1] + 3 * (1 - t) * t ** 2 * c[2] + t ** 3 * c[3])


@pytest.mark.parametrize("d", [
    "M10 10 L20 10 L20 30 Z",
    "m10 10 l10 0 l0 20 z",
    "M10 10 H20 V30 Z",
    "m10 10 h10 v20 z",
    "M10 10 20 10 20 30 Z",        # implicit lineto after moveto
    "m10 10 10 0 0 20z",           # implicit relative lineto
    "M10,10L20,10,20,30z",
    "M 10 10 L 20 10 L 20 30 L 10 10 Z",  # explicit return to start
])
def test_straight_commands_give_one_closed_polyline(d):
    p = only(_path(d), Polyline)
    assert p.closed_flag
    assert np.allclose(p.points, [to_canvas(10, 10), to_canvas(20, 10), to_canvas(20, 30)])


@pytest.mark.parametrize("d", ["M0 0 C10 0 20 10 20 20", "m0 0 c10 0 20 10 20 20"])
def test_cubic(d):
    p = only(_path(d), BezierPath)
    c = p.parts[0].controls
    assert c.shape == (1, 4, 2)
    assert np.allclose(c[0], [to_canvas(0, 0), to_canvas(10, 0), to_canvas(20, 10), to_canvas(20, 20)])


@pytest.mark.parametrize("d", ["M0 0 C0 10 10 10 10 0 S20 -10 20 0", "m0 0 c0 10 10 10 10 0 s10 -10 10 0"])
def test_smooth_cubic_reflects_previous_control(d):
    c = only(_path(d), BezierPath).parts[0].controls
    assert c.shape == (2, 4, 2)
    assert np.allclose(c[1, 1], to_canvas(10, -10))  # reflection of (10, 10) about (10, 0)
    assert np.allclose(c[1, 2], to_canvas(20, -10))


def test_smooth_cubic_without_previous_cubic_uses_current_point():
    c = only(_path("M0 0 L5 0 S10 10 20 0"), BezierPath).parts[0].controls
    assert np.allclose(c[1, 1], to_canvas(5, 0))


@pytest.mark.parametrize("d", ["M0 0 Q10 20 20 0", "m0 0 q10 20 20 0"])
def test_quadratic_is_elevated_exactly(d):
    c = only(_path(d), BezierPath).parts[0].controls[0]
    q = [to_canvas(0, 0), to_canvas(10, 20), to_canvas(20, 0)]
    for t in np.linspace(0, 1, 11):
        quad = (1 - t) ** 2 * q[0] + 2 * (1 - t) * t * q[1] + t ** 2 * q[2]
        assert np.allclose(_bezier(t, c), quad, atol=1e-12)


@pytest.mark.parametrize("d", ["M0 0 Q10 20 20 0 T40 0", "m0 0 q10 20 20 0 t20 0"])
def test_smooth_quadratic_reflects_control(d):
    last = only(_path(d), BezierPath).parts[0].controls[-1]
    p0, q, p1 = to_canvas(20, 0), to_canvas(30, -20), to_canvas(40, 0)
    assert np.allclose(last, [p0, p0 + 2 / 3 * (q - p0), p1 + 2 / 3 * (q - p1), p1])


def test_implicit_repeats_of_curves():
    c = only(_path("M0 0 C1 1 2 1 3 0 4 -1 5 -1 6 0"), BezierPath).parts[0].controls
    assert c.shape == (2, 4, 2)
    assert np.allclose(c[1, 3], to_canvas(6, 0))


@pytest.mark.parametrize("d", ["M10 50 A40 40 0 0 1 90 50", "m10 50 a40 40 0 0 1 80 0", "M10,50A40,40,0,0,1,90,50"])
def test_arc_becomes_analytic_arc(d):
    a = only(_path(d), Arc)
    assert np.allclose(a.center, to_canvas(50, 50))
    assert a.rx == pytest.approx(30) and a.ry == pytest.approx(30)
    # sweep-flag 1 goes through the top of the screen (y = 10), i.e. the canvas top.
    mid = a.start + a.sweep / 2
    top = a.center + 30 * np.array([math.cos(mid + a.rotation), math.sin(mid + a.rotation)])
    assert np.allclose(top, to_canvas(50, 10), atol=1e-9)
    assert abs(a.sweep) == pytest.approx(math.pi)


def test_arc_compact_flags_and_large_arc():
    # "0 0180 0": large-arc 0, sweep 1, then x = 80 (flags written without separators).
    a = only(_path("M10 50a40 40 0 0180 0"), Arc)
    assert np.allclose(a.center, to_canvas(50, 50)) and abs(a.sweep) == pytest.approx(math.pi)
    small = only(_path("M50 10a40 40 0 0 0 10 0"), Arc)
    large = only(_path("M50 10a40 40 0 1 0 10 0"), Arc)
    assert abs(small.sweep) < math.pi < abs(large.sweep)
    assert abs(small.sweep) + abs(large.sweep) == pytest.approx(2 * math.pi)


def test_arc_cubic_outline_is_exact_within_tolerance():
    a = only(_path("M10 50 A40 20 30 0 1 90 50"), Arc)
    sp = a.subpaths()[0]
    # End points exact; outline on the ellipse within 1e-3 relative.
    c, s = math.cos(a.rotation), math.sin(a.rotation)
    for seg in sp.controls:
        for t in np.linspace(0, 1, 7):
            d = _bezier(t, seg) - a.center
            u = (c * d[0] + s * d[1]) / a.rx
            v = (-s * d[0] + c * d[1]) / a.ry
            assert math.hypot(u, v) == pytest.approx(1.0, abs=1e-3)


def test_arc_radius_correction_when_too_small():
    arc = arc_endpoint_to_center(0, 0, 1, 1, 0, 0, 1, 10, 0)
    assert arc.rx == pytest.approx(5) and arc.cx == pytest.approx(5) and arc.cy == pytest.approx(0, abs=1e-12)


def test_arc_zero_radius_is_a_line():
    p = only(_path("M0 0 A0 5 0 0 1 10 0"), Polyline)
    assert np.allclose(p.points, [to_canvas(0, 0), to_canvas(10, 0)])


def test_two_half_arcs_make_a_circle():
    c = only(_path("M10 50 A40 40 0 0 1 90 50 A40 40 0 0 1 10 50 Z"), Circle)
    assert np.allclose(c.center, to_canvas(50, 50)) and c.radius == pytest.approx(30)


def test_full_arc_ellipse():
    e = only(_path("M10 50 A40 20 0 0 1 90 50 A40 20 0 0 1 10 50Z"), Ellipse)
    assert (e.rx, e.ry) == pytest.approx((30, 15))


def test_four_cubic_circle_is_recognised_and_small_filled_one_is_a_dot():
    k = 4 / 3 * math.tan(math.pi / 8) * 10
    d = (f"M60 50 C60 {50 + k} {50 + k} 60 50 60 C{50 - k} 60 40 {50 + k} 40 50 "
         f"C40 {50 - k} {50 - k} 40 50 40 C{50 + k} 40 60 {50 - k} 60 50Z")
    c = only(_path(d), Circle)
    assert np.allclose(c.center, to_canvas(50, 50)) and c.radius == pytest.approx(7.5)
    small = d.replace("60", "52").replace("40", "48")  # not a circle any more: mixed radii
    assert not isinstance(only(_path(small)), (Circle, Dot))
    dot = only(parse(f'<path transform="translate(50 50) scale(0.2) translate(-50 -50)" d="{d}"/>'), Dot)
    assert dot.radius == pytest.approx(1.5)


def _polylines(scene):
    return [p for p in scene.primitives if isinstance(p, Polyline)]


def test_several_straight_subpaths_give_one_polyline_each():
    # as TikZ and Asymptote sources give them (two crossing strokes are a cross marker)
    s = _path("M0 0 L10 0 M0 10 L10 10 M0 20 h10")
    lines = _polylines(s)
    assert len(lines) == 3 == len(s.primitives)
    assert np.allclose(lines[2].points[-1], to_canvas(10, 20))


def test_subpaths_with_a_general_curve_stay_one_bezier_path():
    p = only(_path("M0 0 C5 10 10 10 15 0 M0 20 L10 20"), BezierPath)
    assert len(p.parts) == 2 and p.parts[1].is_straight().all() and not p.parts[0].is_straight().all()


def test_two_circles_in_one_path_are_two_circles_and_a_ring_stays_one_region():
    two = _path("M20 10 A10 10 0 1 0 0 10 A10 10 0 1 0 20 10 Z M60 10 A10 10 0 1 0 40 10 A10 10 0 1 0 60 10 Z")
    assert len([p for p in two.primitives if isinstance(p, Circle)]) == 2
    ring = parse('<path d="M20 10 A10 10 0 1 0 0 10 A10 10 0 1 0 20 10 Z M15 10 A5 5 0 1 0 5 10 A5 5 0 1 0 15 10 Z" '
                 'fill="red" fill-rule="evenodd"/>')
    assert len(ring.primitives) == 1 and isinstance(ring.primitives[0], BezierPath)


def test_command_after_close_starts_at_subpath_start():
    lines = _polylines(_path("M10 10 L20 10 L20 20 Z L0 0"))
    assert len(lines) == 2
    assert np.allclose(lines[1].points[0], to_canvas(10, 10))
    assert lines[0].closed_flag and not lines[1].closed_flag


def test_relative_moveto_after_close_is_relative_to_start():
    lines = _polylines(_path("M10 10 l10 0 l0 10 z m5 5 l1 0"))
    assert np.allclose(lines[1].points[0], to_canvas(15, 15))


def test_malformed_path_draws_up_to_error_with_warning():
    s = _path("M0 0 L10 10 L20 # 30")
    p = only(s, Polyline)
    assert np.allclose(p.points[-1], to_canvas(10, 10))
    assert any(d.code == "WARNING" for d in s.diagnostics)


def test_path_must_start_with_moveto():
    sps, err = parse_path_data("L10 10")
    assert sps == [] and "moveto" in err


def test_exponent_numbers():
    p = only(_path("M1e1 1E1 L2e+1 1e1 L2.0e1,3e1"), Polyline)
    assert np.allclose(p.points, [to_canvas(10, 10), to_canvas(20, 10), to_canvas(20, 30)])


@pytest.mark.parametrize("d", [
    "M6.6-6.7H.5L.3-4.5H.6C.7-6.1 .9-6.4 2.4-6.4V0Z",
    "M0 0C5 -3 10 0 10 0S25 5 30 0L30 10Z",
    "m1 1h5v5z",              # relative: goes through the full parser
    "M0 0A5 5 0 0 1 10 0",    # arc: idem
])
def test_path_bbox_matches_parsed_control_points(d):
    from geoverify.frontends.svg.pathdata import path_bbox

    pts = np.vstack([sp.array().reshape(-1, 2) for sp in parse_path_data(d)[0]])
    assert np.allclose(path_bbox(d), [pts[:, 0].min(), pts[:, 1].min(), pts[:, 0].max(), pts[:, 1].max()])


def test_four_cubic_rotated_ellipse_is_recognised():
    k = 4 / 3 * math.tan(math.pi / 8)
    ang = math.radians(30)
    u = np.array([20 * math.cos(ang), 20 * math.sin(ang)])
    v = np.array([-8 * math.sin(ang), 8 * math.cos(ang)])
    c = np.array([50.0, 50.0])
    frames = ((u, v), (v, -u), (-u, -v), (-v, u))
    d = f"M{c[0] + u[0]} {c[1] + u[1]}" + "".join(
        "C{} {} {} {} {} {}".format(*(c + ui + k * vi), *(c + vi + k * ui), *(c + vi)) for ui, vi in frames) + "Z"
    e = only(_path(d), Ellipse)
    assert np.allclose(e.center, to_canvas(50, 50))
    assert (e.rx, e.ry) == pytest.approx((15, 6))
    assert math.degrees(e.rotation) == pytest.approx(-30)  # clockwise on screen = negative in the canvas
