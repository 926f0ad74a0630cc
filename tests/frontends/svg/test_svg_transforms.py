"""Transforms, units and viewports: nested groups, viewBox, use/symbol, nested svg."""

import math

import numpy as np
import pytest
from svg_fixtures import only, parse, to_canvas

from geoverify.frontends.svg import parse_svg
from geoverify.scene import Circle, Polyline


def _circle(body, **kw):
    return only(parse(body, **kw), Circle)


RING = 'stroke="black" fill="none"'


def test_nested_group_transforms_compose_outer_first():
    c = _circle(f'<g transform="translate(10,0)"><g transform="scale(2)">'
                f'<circle cx="5" cy="5" r="1" {RING}/></g></g>')
    assert np.allclose(c.center, to_canvas(20, 10)) and c.radius == pytest.approx(1.5)


def test_transform_list_applies_right_to_left():
    c = _circle(f'<circle transform="translate(10 0) rotate(90)" cx="5" cy="0" r="1" {RING}/>')
    assert np.allclose(c.center, to_canvas(10, 5))


def test_rotate_about_point_and_matrix():
    c = _circle(f'<circle transform="rotate(180 50 50)" cx="40" cy="50" r="1" {RING}/>')
    assert np.allclose(c.center, to_canvas(60, 50))
    c = _circle(f'<circle transform="matrix(1 0 0 1 5 6)" cx="1" cy="1" r="1" {RING}/>')
    assert np.allclose(c.center, to_canvas(6, 7))


def test_stroke_width_scales_with_transform():
    c = _circle('<g transform="scale(3)"><circle cx="5" cy="5" r="1" stroke="black" stroke-width="2" fill="none"/></g>')
    assert c.style.stroke_width == pytest.approx(2 * 3 * 0.75)


@pytest.mark.parametrize("width,height,scale", [("100pt", "100pt", 1.0), ("2in", "2in", 1.44), ("50mm", "50mm", 72 / 25.4 / 2)])
def test_document_units(width, height, scale):
    s = parse_svg(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 100 100">'
                  f'<circle cx="0" cy="0" r="10" {RING}/></svg>')
    c = only(s, Circle)
    assert c.radius == pytest.approx(10 * scale)
    h_bp = 100 * scale
    assert np.allclose(c.center, [0, h_bp])
    assert s.unit == "bp" and s.source_format == "svg"


def test_no_viewbox_user_units_are_px():
    c = _circle(f'<circle cx="10" cy="10" r="4" {RING}/>', width="200", height="80", viewbox=None)
    assert np.allclose(c.center, [7.5, 0.75 * 70]) and c.radius == pytest.approx(3)


def test_viewbox_scaling_and_offset():
    c = _circle(f'<circle cx="-40" cy="10" r="2" {RING}/>', width="200", height="100", viewbox="-50 0 100 50")
    # scale 2 px per user unit: x = (-40 + 50) * 2 = 20 px, y = 20 px.
    assert np.allclose(c.center, [15, 0.75 * (100 - 20)]) and c.radius == pytest.approx(3)


@pytest.mark.parametrize("par,expected_x", [
    ("xMidYMid meet", 50 + 10),  # scale 1 fits height; 100 px spare width centred
    ("xMinYMid meet", 10),
    ("xMaxYMax meet", 100 + 10),
])
def test_preserve_aspect_ratio_meet(par, expected_x):
    c = _circle(f'<circle cx="10" cy="10" r="5" {RING}/>', width="200", height="100", viewbox="0 0 100 100",
                extra=f' preserveAspectRatio="{par}"')
    assert np.allclose(c.center, [0.75 * expected_x, 0.75 * 90]) and c.radius == pytest.approx(3.75)


def test_preserve_aspect_ratio_none_stretches():
    s = parse('<circle cx="10" cy="10" r="5" stroke="black" fill="none"/>', width="200", height="100",
              viewbox="0 0 100 100", extra=' preserveAspectRatio="none"')
    e = s.primitives[0]
    assert type(e).__name__ == "Ellipse" and (e.rx, e.ry) == pytest.approx((7.5, 3.75))


def test_preserve_aspect_ratio_slice():
    c = _circle(f'<circle cx="50" cy="50" r="5" {RING}/>', width="200", height="100", viewbox="0 0 100 100",
                extra=' preserveAspectRatio="xMidYMid slice"')
    # slice: scale 2 (fills width), the viewBox centre maps to the viewport centre.
    assert np.allclose(c.center, [75, 37.5]) and c.radius == pytest.approx(7.5)


def test_missing_height_follows_viewbox_aspect():
    c = _circle(f'<circle cx="0" cy="0" r="5" {RING}/>', width="200", height=None, viewbox="0 0 100 50")
    assert np.allclose(c.center, [0, 75])  # height 100 px


def test_use_with_x_y_and_transform():
    c = _circle(f'<defs><circle id="c" cx="1" cy="2" r="3" {RING}/></defs>'
                '<use href="#c" x="10" y="20" transform="scale(2)"/>')
    # transform first (outer), then the x/y translation: 2 * (1 + 10), 2 * (2 + 20).
    assert np.allclose(c.center, to_canvas(22, 44)) and c.radius == pytest.approx(4.5)


def test_xlink_href_use_and_inherited_style_from_use():
    c = _circle('<defs><circle id="c" cx="5" cy="5" r="3"/></defs>'
                '<use xlink:href="#c" fill="none" stroke="#ff0000"/>')
    assert c.style.stroke == "#ff0000" and c.style.fill is None


def test_use_of_symbol_with_viewbox():
    c = _circle(f'<defs><symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" {RING}/></symbol></defs>'
                '<use href="#s" x="20" y="20" width="40" height="40"/>')
    assert np.allclose(c.center, to_canvas(40, 40)) and c.radius == pytest.approx(15)


def test_symbol_not_drawn_without_use():
    assert len(parse(f'<symbol id="s"><circle cx="5" cy="5" r="5" {RING}/></symbol>')) == 0


def test_nested_svg_viewport():
    c = _circle(f'<svg x="10" y="10" width="20" height="20" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1" {RING}/></svg>')
    assert np.allclose(c.center, to_canvas(20, 20)) and c.radius == pytest.approx(7.5)


def test_defs_content_not_drawn_and_order_kept():
    s = parse(f'<defs><circle id="c" cx="5" cy="5" r="1" {RING}/></defs>'
              '<line x1="0" y1="0" x2="1" y2="1" stroke="black"/><use href="#c"/>')
    assert [type(p).__name__ for p in s] == ["Polyline", "Circle"]


def test_canvas_rotation_of_polyline():
    p = only(parse('<g transform="rotate(-90 50 50)"><line x1="50" y1="50" x2="60" y2="50" stroke="black"/></g>'), Polyline)
    # rotate(-90) on screen is counter-clockwise on screen: +x becomes -y (screen), i.e. up in the canvas.
    d = p.points[1] - p.points[0]
    assert math.atan2(d[1], d[0]) == pytest.approx(math.pi / 2)
