"""A drawn circle's outline follows the circle (regression: it was the square of its Bezier start points)."""

import numpy as np

from geoverify.frontends.svg import parse_svg
from geoverify.matching import extract_features


def test_circle_outline_is_round():
    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                      '<circle cx="100" cy="100" r="50" fill="none" stroke="black"/></svg>')
    rd = extract_features(scene).rounds[0]
    d = np.hypot(*(rd.points - rd.center).T)
    # every outline vertex is on the circle, and the outline is dense enough that a point at
    # 0.9 r in a diagonal direction is inside the polygon (it was outside the square)
    assert np.allclose(d, rd.radius, rtol=1e-9)
    assert len(rd.points) >= 64
    from geoverify.kernels import points_in_polygon

    p = rd.center + 0.9 * rd.radius * np.array([np.cos(np.pi / 4), np.sin(np.pi / 4)])
    assert bool(points_in_polygon(p[None], rd.points)[0])


def test_arc_outline_follows_the_arc():
    """An Arc primitive's outline is sampled along it (it was its Bezier end points: a point on the
    arc at 45 degrees was 0.29 r off a half circle drawn as two quarter-circle pieces)."""
    from geoverify.frontends.asy import parse_asy
    from geoverify.predicates.incidence import _seg_dist  # noqa: F401  (module import check)

    scene = parse_asy("unitsize(1cm); draw(arc((0,0),1,0,180));")
    rd = extract_features(scene).rounds[0]
    d = np.hypot(*(rd.points - rd.center).T)
    assert np.allclose(d, rd.radius, rtol=1e-9)
    ang = np.degrees(np.arctan2(rd.points[:, 1] - rd.center[1], rd.points[:, 0] - rd.center[0]))
    assert ang.min() >= -1e-6 and ang.max() <= 180 + 1e-6
    # dense: consecutive samples at most a few degrees apart
    assert np.abs(np.diff(ang)).max() <= 6.0


def test_tangent_points_and_curve_crossings_are_drawn_points():
    """An incircle's touch points and a smooth curve's crossings with a line are crossings a label can name."""
    from geoverify.frontends.svg import parse_svg
    from geoverify.matching.features import PointKind

    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                      '<circle cx="100" cy="100" r="50" fill="none" stroke="black"/>'
                      '<path d="M20 150 L180 150" stroke="black"/>'
                      '<path d="M20 20 C 60 120, 140 -80, 180 60" fill="none" stroke="black"/>'
                      '<path d="M10 40 L190 40" stroke="black"/></svg>')
    f = extract_features(scene)
    crossings = f.points[f.point_kind == PointKind.INTERSECTION]
    px = 0.75  # the scene is in bp, y up
    # the tangent line y=150 touches the circle at (100, 150) in SVG coordinates: (100, 50) y-up
    assert np.hypot(*(crossings - px * np.array([100.0, 50.0])).T).min() < 1e-6
    # the cubic crosses the line y = 40 (SVG) three times between x = 20 and 180
    on_line = crossings[np.abs(crossings[:, 1] - px * (200 - 40)) < 1e-6]
    assert len(on_line) == 3 and np.all((on_line[:, 0] > px * 20) & (on_line[:, 0] < px * 180))
