"""Clipping: primitives under a clip-path are kept whole and flagged when the clip cuts them."""

from svg_fixtures import parse

CLIP_RECT = '<clipPath id="c"><rect x="0" y="0" width="50" height="50"/></clipPath>'
CLIP_CIRCLE = '<clipPath id="k"><circle cx="25" cy="25" r="25"/></clipPath>'


def test_primitive_crossing_rect_clip_is_flagged_and_kept_whole():
    s = parse(CLIP_RECT + '<g clip-path="url(#c)"><line x1="10" y1="10" x2="90" y2="10" stroke="black"/>'
                          '<circle cx="20" cy="20" r="5" stroke="black" fill="none"/></g>')
    line, circle = s.primitives
    assert line.clipped and line.points[1][0] == 0.75 * 90  # geometry not cut
    assert not circle.clipped  # wholly inside the clip rectangle


def test_non_rectangular_clip_flags_everything():
    s = parse(CLIP_CIRCLE + '<circle clip-path="url(#k)" cx="25" cy="25" r="2" stroke="black" fill="none"/>')
    assert s.primitives[0].clipped


def test_clip_content_not_drawn_and_clip_under_transform():
    s = parse(CLIP_RECT + '<g transform="translate(100 0)"><g clip-path="url(#c)">'
                          '<circle cx="20" cy="20" r="5" stroke="black" fill="none"/></g></g>', width="200",
              viewbox="0 0 200 100")
    assert len(s) == 1 and not s.primitives[0].clipped  # the clip moves with the user space


def test_object_bounding_box_clip_flags():
    s = parse('<clipPath id="o" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath>'
              '<rect clip-path="url(#o)" width="10" height="10"/>')
    assert s.primitives[0].clipped


def test_missing_clip_reference_flags_conservatively():
    s = parse('<rect clip-path="url(#nothing)" width="10" height="10"/>')
    assert s.primitives[0].clipped


def test_outermost_viewport_clips():
    s = parse('<line x1="10" y1="10" x2="150" y2="10" stroke="black"/><line x1="0" y1="0" x2="100" y2="100" stroke="black"/>')
    assert s.primitives[0].clipped and not s.primitives[1].clipped


def test_nested_svg_clips_unless_overflow_visible():
    body = ('<svg x="30" y="30" width="20" height="20"{}><circle cx="10" cy="10" r="15" stroke="black" fill="none"/>'
            '<circle cx="10" cy="10" r="5" stroke="black" fill="none"/></svg>')
    big, small = parse(body.format("")).primitives
    assert big.clipped and not small.clipped
    big, small = parse(body.format(' overflow="visible"')).primitives
    assert not big.clipped


def test_glyph_labels_inside_the_canvas_are_not_clipped():
    from svg_fixtures import DVISVGM_GLYPHS

    assert not any(p.clipped for p in parse(DVISVGM_GLYPHS))


def test_non_finite_geometry_is_skipped_with_a_warning():
    s = parse('<circle cx="1e400" cy="5" r="1"/><circle cx="5" cy="5" r="1"/>')
    assert len(s) == 1 and any(d.code == "WARNING" and "non-finite" in d.message for d in s.diagnostics)


def test_non_finite_radius_and_path():
    s = parse('<circle cx="5" cy="5" r="1e400"/><path d="M0 0 L1e999 5" stroke="black"/>')
    assert len(s) == 0 and len([d for d in s.diagnostics if d.code == "WARNING"]) == 2


def test_non_finite_basic_shapes():
    s = parse('<line x1="0" y1="0" x2="1e999" y2="1" stroke="black"/><polygon points="0 0 1e999 1 2 2" stroke="black"/>'
              '<rect x="1e999" width="5" height="5"/>')
    assert len(s) == 0 and len([d for d in s.diagnostics if d.code == "WARNING"]) == 3
