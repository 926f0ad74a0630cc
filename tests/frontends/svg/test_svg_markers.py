"""Markers: arrows at path vertices with the direction the drawn head points."""

import numpy as np
import pytest
from svg_fixtures import MARKER_ARROW, parse, to_canvas

from geoverify.scene import Arrow, Dot, Polyline


def _arrows(scene):
    return [(i, p) for i, p in enumerate(scene.primitives) if isinstance(p, Arrow)]


def test_marker_end_tip_and_direction_with_carrier():
    s = parse(MARKER_ARROW.format(orient="auto") +
              '<line x1="10" y1="50" x2="90" y2="50" stroke="black" marker-end="url(#arr)"/>')
    assert isinstance(s.primitives[0], Polyline)
    (_, a), = _arrows(s)
    assert np.allclose(a.tip, to_canvas(90, 50)) and np.allclose(a.direction, [1, 0])
    assert a.position == "end" and a.carrier == 0
    assert a.style.fill == "#000000"


def test_marker_start_auto_start_reverse_points_out_of_the_path():
    s = parse(MARKER_ARROW.format(orient="auto-start-reverse") +
              '<path d="M10 50 L50 10" stroke="black" fill="none" marker-start="url(#arr)" marker-end="url(#arr)"/>')
    arrows = dict((a.position, a) for _, a in _arrows(s))
    fwd = (to_canvas(50, 10) - to_canvas(10, 50)) / np.linalg.norm(to_canvas(50, 10) - to_canvas(10, 50))
    assert np.allclose(arrows["start"].tip, to_canvas(10, 50)) and np.allclose(arrows["start"].direction, -fwd)
    assert np.allclose(arrows["end"].tip, to_canvas(50, 10)) and np.allclose(arrows["end"].direction, fwd)


def test_marker_start_auto_with_forward_head_points_forward():
    # orient="auto" draws the head along the path at the start too: it points into the path.
    s = parse(MARKER_ARROW.format(orient="auto") +
              '<line x1="10" y1="50" x2="90" y2="50" stroke="black" marker-start="url(#arr)"/>')
    (_, a), = _arrows(s)
    assert a.position == "start" and np.allclose(a.direction, [1, 0])


def test_reversed_head_marker_at_start_points_out():
    s = parse('<defs><marker id="back" viewBox="0 0 10 10" refX="0" refY="5" orient="auto">'
              '<path d="M10,0 L0,5 L10,10 z"/></marker></defs>'
              '<line x1="10" y1="50" x2="90" y2="50" stroke="black" marker-start="url(#back)"/>')
    (_, a), = _arrows(s)
    assert np.allclose(a.tip, to_canvas(10, 50)) and np.allclose(a.direction, [-1, 0])


def test_marker_mid_on_inner_vertices_bisects():
    s = parse(MARKER_ARROW.format(orient="auto") +
              '<polyline points="10,90 50,50 90,90" stroke="black" fill="none" marker-mid="url(#arr)"/>')
    (_, a), = _arrows(s)
    assert a.position == "mid" and np.allclose(a.tip, to_canvas(50, 50))
    assert np.allclose(a.direction, [1, 0])  # bisector of up-right and down-right


def test_marker_on_curve_uses_tangent():
    s = parse(MARKER_ARROW.format(orient="auto") +
              '<path d="M10 50 C10 10 90 10 90 50" stroke="black" fill="none" marker-end="url(#arr)"/>')
    (_, a), = _arrows(s)
    assert np.allclose(a.direction, [0, -1])  # arriving downwards on screen = -y in the canvas


def test_fixed_orient_angle():
    s = parse(MARKER_ARROW.format(orient="90") +
              '<line x1="10" y1="50" x2="90" y2="50" stroke="black" marker-end="url(#arr)"/>')
    (_, a), = _arrows(s)
    assert np.allclose(a.direction, [0, -1])  # 90 degrees in user space is screen-down


def test_marker_shorthand_in_css_and_under_transform():
    s = parse('<style>.arrowed { marker: url(#arr) }</style>' + MARKER_ARROW.format(orient="auto") +
              '<g transform="rotate(90 50 50)"><line class="arrowed" x1="10" y1="50" x2="90" y2="50" stroke="black"/></g>')
    arrows = [a for _, a in _arrows(s)]
    assert [a.position for a in arrows] == ["start", "end"]
    assert np.allclose(arrows[1].direction, [0, -1])  # the line now points screen-down


def test_dot_marker_becomes_dot():
    s = parse('<defs><marker id="d" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4">'
              '<circle cx="5" cy="5" r="5"/></marker></defs>'
              '<polyline points="10,10 50,10 50,50" stroke="black" stroke-width="2" fill="none" marker-mid="url(#d)"/>')
    dots = [p for p in s if isinstance(p, Dot)]
    assert len(dots) == 1 and np.allclose(dots[0].center, to_canvas(50, 10))
    # r 5 content units * (4 / 10) * stroke width 2 * 0.75 bp/px
    assert dots[0].radius == pytest.approx(3.0)


def test_markers_on_invisible_path_are_still_drawn():
    s = parse(MARKER_ARROW.format(orient="auto") +
              '<line x1="10" y1="50" x2="90" y2="50" marker-end="url(#arr)"/>')
    assert len(_arrows(s)) == 1 and _arrows(s)[0][1].carrier == 0


def test_tip_beyond_path_end_when_ref_point_is_at_the_base():
    # Penrose style: refX at the head's base (x = 2), point at x = 10; stroke width 2, 6 px per 10 units.
    s = parse('<defs><marker id="p" viewBox="0 0 10 10" refX="2" refY="5" markerWidth="6" markerHeight="6" '
              'orient="auto-start-reverse"><path d="M10 5 0 10 2 5 0 0 10 5z"/></marker></defs>'
              '<line x1="10" y1="50" x2="80" y2="50" stroke="black" stroke-width="2" '
              'marker-start="url(#p)" marker-end="url(#p)"/>')
    arrows = {a.position: a for _, a in _arrows(s)}
    head = (10 - 2) * 0.6 * 2  # content units * (6/10) * stroke width, in px
    assert np.allclose(arrows["end"].tip, to_canvas(80 + head, 50))
    assert np.allclose(arrows["start"].tip, to_canvas(10 - head, 50))
    assert np.allclose(arrows["start"].direction, [-1, 0]) and np.allclose(arrows["end"].direction, [1, 0])
