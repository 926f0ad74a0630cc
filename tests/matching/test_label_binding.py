"""Which drawn point an SVG text label names."""

import numpy as np

from geoverify.frontends.svg import parse_svg


def _svg(label_x, label_y, dot=(120, 120)):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
            f'<path d="M20 180 L150 60" stroke="black"/><circle cx="{dot[0]}" cy="{dot[1]}" r="2" fill="black"/>'
            f'<text x="{label_x}" y="{label_y}" font-size="12">S</text></svg>')


def test_segment_end_much_nearer_than_a_dot_wins(bound_point):
    # just north-east of the segment's end (150, 60); a dot of another point within the label
    # margin but three times as far (it used to win: any dot in reach did)
    b = bound_point(parse_svg(_svg(151, 58, dot=(172, 64))), "S")
    np.testing.assert_allclose(b.point, 0.75 * np.array([150.0, 140.0]), atol=1e-6)


def test_dot_about_as_near_as_a_vertex_wins(bound_point):
    b = bound_point(parse_svg(_svg(126, 117)), "S")  # beside the dot at (120, 120)
    np.testing.assert_allclose(b.point, 0.75 * np.array([120.0, 80.0]), atol=1e-6)
