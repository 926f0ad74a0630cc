"""Which points a figure shows: drawn points hidden by later fills, touch points of lines tangent by eye.

(Crossings are left alone by occlusion: they do not say which strokes made them.)
"""

import numpy as np

from geoverify.frontends.asy import parse_asy
from geoverify.matching import extract_features
from geoverify.matching.features import PointKind


def _has_point(feats, xy, tol=1e-6, kinds=None):
    pts = feats.points if kinds is None else feats.points[np.isin(feats.point_kind, kinds)]
    return bool(len(pts)) and float(np.hypot(*(pts - xy).T).min()) <= tol


_DRAWN = (PointKind.VERTEX, PointKind.DOT)


def test_corner_under_a_later_white_fill_is_hidden():
    s = parse_asy("unitsize(1bp); draw((0,0)--(50,50)--(100,0)); fill((40,30)--(60,30)--(60,60)--(40,60)--cycle, white);")
    f = extract_features(s)
    assert not _has_point(f, np.array([50.0, 50.0]), kinds=_DRAWN)
    assert _has_point(f, np.array([0.0, 0.0]), kinds=_DRAWN)


def test_corner_drawn_after_the_fill_stays():
    s = parse_asy("unitsize(1bp); fill((40,30)--(60,30)--(60,60)--(40,60)--cycle, white); draw((0,0)--(50,50)--(100,0));")
    assert _has_point(extract_features(s), np.array([50.0, 50.0]), kinds=_DRAWN)


def test_line_tangent_by_eye_has_its_touch_point():
    # The line y = 0.995 misses tangency to the unit circle by 0.5% of the radius: it crosses
    # twice, 0.2 apart; the foot of the perpendicular from the centre is a point as well.
    s = parse_asy("unitsize(100bp); draw(unitcircle); draw((-2,0.995)--(2,0.995));")
    f = extract_features(s)
    touch = np.array([0.0, 99.5])
    assert _has_point(f, touch, tol=0.05)
    k = int(np.argmin(np.hypot(*(f.points - touch).T)))
    assert f.point_kind[k] == PointKind.INTERSECTION


def test_line_clearly_crossing_has_no_touch_point():
    s = parse_asy("unitsize(100bp); draw(unitcircle); draw((-2,0.9)--(2,0.9));")
    assert not _has_point(extract_features(s), np.array([0.0, 90.0]), tol=1e-3)
