"""Basic shapes: geometry in canvas units (bp, y up)."""

import math

import numpy as np
import pytest
from svg_fixtures import only, parse, to_canvas

from geoverify.frontends.svg import DOT_MAX_RADIUS
from geoverify.scene import BezierPath, Circle, Dot, Ellipse, Polyline


def test_circle_maps_to_canvas_bp_with_y_up():
    c = only(parse('<circle cx="10" cy="20" r="5" stroke="black" fill="none"/>'), Circle)
    assert np.allclose(c.center, [7.5, 60.0])
    assert c.radius == pytest.approx(3.75)
    assert c.source.line == 1 and c.source.construct == "<circle>" and c.source.file == "t.svg"


def test_line():
    p = only(parse('<line x1="10" y1="10" x2="90" y2="50" stroke="black"/>'), Polyline)
    assert np.allclose(p.points, [to_canvas(10, 10), to_canvas(90, 50)])
    assert not p.closed_flag


def test_polyline_and_polygon():
    s = parse('<polyline points="0,0 10,0 10,10" stroke="red" fill="none"/>'
              '<polygon points="20 20, 30 20 30 30" stroke="blue" fill="none"/>')
    a, b = s.primitives
    assert isinstance(a, Polyline) and not a.closed_flag
    assert np.allclose(a.points, [to_canvas(0, 0), to_canvas(10, 0), to_canvas(10, 10)])
    assert isinstance(b, Polyline) and b.closed_flag and len(b.points) == 3
    assert np.allclose(b.points[2], to_canvas(30, 30))


def test_rect_is_closed_polyline():
    p = only(parse('<rect x="10" y="20" width="30" height="40" stroke="black" fill="none"/>'), Polyline)
    assert p.closed_flag and len(p.points) == 4
    xs, ys = p.points[:, 0], p.points[:, 1]
    assert (xs.min(), xs.max()) == pytest.approx((7.5, 30.0))
    assert (ys.min(), ys.max()) == pytest.approx((30.0, 60.0))


def test_rounded_rect_is_bezier_with_round_corners():
    p = only(parse('<rect x="0" y="0" width="40" height="20" rx="5" stroke="black" fill="none"/>'), BezierPath)
    assert p.closed
    ctrl = p.parts[0].controls
    # Every point of every corner lies on a circle of radius 5 px = 3.75 bp around its centre.
    corner_center = to_canvas(35, 5)
    ends = ctrl[:, 3]
    near = ends[np.hypot(*(ends - corner_center).T) < 4]
    assert len(near) >= 2
    assert np.allclose(np.hypot(*(near - corner_center).T), 3.75, rtol=1e-9)


def test_ellipse_and_equal_radii_ellipse():
    s = parse('<ellipse cx="50" cy="50" rx="20" ry="10" stroke="black" fill="none"/>'
              '<ellipse cx="50" cy="50" rx="8" ry="8" stroke="black" fill="none"/>')
    e, c = s.primitives
    assert isinstance(e, Ellipse) and e.rx == pytest.approx(15) and e.ry == pytest.approx(7.5)
    assert math.isclose(math.cos(2 * e.rotation), 1.0, abs_tol=1e-12)
    assert isinstance(c, Circle) and c.radius == pytest.approx(6)


def test_circle_under_nonuniform_scale_becomes_ellipse():
    e = only(parse('<g transform="scale(2,1)"><circle cx="10" cy="10" r="5" stroke="black" fill="none"/></g>'), Ellipse)
    assert np.allclose(e.center, to_canvas(20, 10))
    assert e.rx == pytest.approx(7.5) and e.ry == pytest.approx(3.75)
    assert abs(math.sin(e.rotation)) < 1e-12


def test_circle_under_skew_is_exact_ellipse():
    e = only(parse('<g transform="skewX(30)"><circle cx="0" cy="0" r="10" stroke="black" fill="none"/></g>'), Ellipse)
    # Every outline point must be the skewed image of a circle point.
    t = math.tan(math.radians(30))
    pts = np.array([[10 * math.cos(a) + t * 10 * math.sin(a), 10 * math.sin(a)] for a in np.linspace(0, 6, 25)])
    canvas = np.array([to_canvas(x, y) for x, y in pts])
    c, s = math.cos(e.rotation), math.sin(e.rotation)
    d = canvas - e.center
    u = (c * d[:, 0] + s * d[:, 1]) / e.rx
    v = (-s * d[:, 0] + c * d[:, 1]) / e.ry
    assert np.allclose(u ** 2 + v ** 2, 1.0, atol=1e-9)


def test_rotated_ellipse_rotation_is_canvas_counter_clockwise():
    e = only(parse('<ellipse transform="rotate(30)" cx="0" cy="0" rx="20" ry="10" stroke="black" fill="none"/>'), Ellipse)
    # rotate(30) is clockwise on screen (y down), so -30 degrees in the y-up canvas.
    assert math.degrees(e.rotation) == pytest.approx(-30)


def test_dot_rule_small_filled_circle():
    s = parse('<circle cx="10" cy="10" r="2"/><circle cx="50" cy="50" r="2" fill="none" stroke="black"/>'
              '<circle cx="80" cy="80" r="10"/>')
    d, ring, disk = s.primitives
    assert isinstance(d, Dot) and d.radius == pytest.approx(1.5) and np.allclose(d.center, to_canvas(10, 10))
    assert isinstance(ring, Circle)  # not filled: a small circle, not a dot
    assert isinstance(disk, Circle)  # filled but 7.5 bp > DOT_MAX_RADIUS
    assert DOT_MAX_RADIUS == 3.0


def test_dot_rule_limit_is_in_canvas_units():
    # r = 4 px = 3 bp exactly: still a dot; 4.1 px is not.
    s = parse('<circle cx="10" cy="10" r="4"/><circle cx="30" cy="10" r="4.1"/>')
    assert isinstance(s.primitives[0], Dot) and isinstance(s.primitives[1], Circle)


def test_dot_rule_grows_with_a_figure_given_by_its_viewbox_alone():
    # 1000 units (750 bp) shown as large as a page allows: a dot of 8 units is a dot there,
    # as one of 2.4 units is in a 300-unit figure; with a fixed size it is a 6 bp disc.
    body = '<circle cx="100" cy="100" r="8"/><circle cx="500" cy="500" r="300" fill="none" stroke="black"/>'
    free = parse(body, width=None, height=None, viewbox="0 0 1000 1000")
    fixed = parse(body, width="1000", height="1000", viewbox="0 0 1000 1000")
    assert [type(p) for p in free.primitives] == [Dot, Circle]
    assert [type(p) for p in fixed.primitives] == [Circle, Circle]
    # a figure no larger than the nominal display keeps the fixed limit
    small = parse('<circle cx="10" cy="10" r="4.1"/>', width=None, height=None, viewbox="0 0 100 100")
    assert isinstance(small.primitives[0], Circle)


def test_invisible_and_degenerate_shapes_are_not_emitted():
    s = parse('<rect width="10" height="10" fill="none"/><circle r="0" cx="1" cy="1"/>'
              '<rect width="0" height="5"/><line x1="0" y1="0" x2="5" y2="5"/>')
    assert len(s) == 0


def test_percentage_lengths():
    c = only(parse('<circle cx="50%" cy="25%" r="10%" stroke="black" fill="none"/>'), Circle)
    assert np.allclose(c.center, to_canvas(50, 25))
    assert c.radius == pytest.approx(7.5)


def test_polyline_returning_to_start_is_closed():
    p = only(parse('<polyline points="0,0 10,0 10,10 0,0" stroke="black" fill="none"/>'), Polyline)
    assert p.closed_flag and len(p.points) == 3
    p = only(parse('<polyline points="0,0 10,0 0,0" stroke="black" fill="none"/>'), Polyline)
    assert not p.closed_flag  # a segment drawn there and back is not a polygon


def test_zero_length_round_capped_stroke_is_a_dot():
    s = parse('<path d="M10 10 h0" stroke="red" stroke-width="6" stroke-linecap="round"/>'
              '<line x1="20" y1="20" x2="20" y2="20" stroke="black" stroke-width="4" stroke-linecap="round"/>'
              '<path d="M30 30 h0" stroke="black" stroke-width="6"/>')
    d1, d2 = [p for p in s if isinstance(p, Dot)]
    assert np.allclose(d1.center, to_canvas(10, 10)) and d1.radius == pytest.approx(2.25) and d1.style.fill == "#ff0000"
    assert d2.radius == pytest.approx(1.5)
    assert len(s) == 3  # the butt-capped one draws nothing visible but stays a (degenerate) polyline
