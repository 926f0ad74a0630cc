"""Laws: transforming the SVG's content transforms the scene the same way.

The scale stays in a range where the dot rule (radius <= 3 bp) decides the same way.
"""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from svg_fixtures import parse

from geoverify.scene import Arc, Arrow, Circle, Dot, Ellipse, Polyline, TextLabel

BODY = (
    '<defs><marker id="m" viewBox="0 0 10 10" refX="10" refY="5" orient="auto"><path d="M0 0L10 5L0 10z"/></marker></defs>'
    '<polygon points="20,80 80,80 50,28" stroke="black" fill="none"/>'
    '<circle cx="50" cy="62" r="17" stroke="blue" fill="none"/>'
    '<circle cx="20" cy="80" r="2"/>'
    '<ellipse cx="30" cy="30" rx="8" ry="4" stroke="black" fill="none"/>'
    '<path d="M60 80 A10 10 0 0 0 70 70" stroke="green" fill="none"/>'
    '<line x1="10" y1="10" x2="40" y2="20" stroke="black" marker-end="url(#m)"/>'
    '<text x="50" y="95" font-size="8" text-anchor="middle">ABC</text>'
)
# Root map of the fixture document: user px -> canvas bp, y flipped.
ROOT = np.array([[0.75, 0, 0], [0, -0.75, 75.0], [0, 0, 1]])


def _key(p):
    if isinstance(p, (Circle, Dot)):
        return [*p.center, p.radius]
    if isinstance(p, Ellipse):
        return [*p.center, p.rx, p.ry]
    if isinstance(p, Arc):
        return [*p.center, p.rx, abs(p.sweep)]
    if isinstance(p, Polyline):
        return list(p.points.ravel())
    if isinstance(p, Arrow):
        return [*p.tip, *p.direction]
    if isinstance(p, TextLabel):
        return [*p.anchor, p.font_size]
    raise AssertionError(type(p))


@settings(max_examples=25, deadline=None)
@given(angle=st.floats(-180, 180), scale=st.floats(0.3, 1.9), tx=st.floats(-50, 50), ty=st.floats(-50, 50))
def test_content_similarity_maps_the_scene(angle, scale, tx, ty):
    plain = parse(BODY)
    moved = parse(f'<g transform="translate({tx} {ty}) rotate({angle}) scale({scale})">{BODY}</g>')
    a = np.radians(angle)
    user = np.array([[scale * np.cos(a), -scale * np.sin(a), tx], [scale * np.sin(a), scale * np.cos(a), ty], [0, 0, 1]])
    expected = plain.transformed(ROOT @ user @ np.linalg.inv(ROOT))
    assert [type(p) for p in moved] == [type(p) for p in expected]
    for got, want in zip(moved, expected):
        assert np.allclose(_key(got), _key(want), atol=1e-6), (got, want)
        assert got.style.stroke_width == want.style.stroke_width or np.isclose(got.style.stroke_width, want.style.stroke_width)
