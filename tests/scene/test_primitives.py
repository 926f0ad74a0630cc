import math

import numpy as np
import pytest

from geoverify.scene import Arc, Circle, Polyline, Scene, Subpath, TextLabel, arc_controls, quadratic_controls
from geoverify.scene.transform import similarity_matrix


def _bezier(ctrl, t):
    p0, p1, p2, p3 = ctrl
    return (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t**2 * p2 + t**3 * p3


def test_arc_controls_stay_on_circle():
    ctrl = arc_controls((1.0, 2.0), 5.0, 5.0, 0.3, 2.5)
    for seg in ctrl:
        for t in np.linspace(0, 1, 11):
            p = _bezier(seg, t)
            assert abs(np.hypot(p[0] - 1, p[1] - 2) - 5.0) < 5.0 * 3e-4


def test_quadratic_elevation_is_exact():
    p0, q, p1 = np.array([0.0, 0]), np.array([1.0, 2]), np.array([3.0, 0])
    c = quadratic_controls(p0, q, p1)
    for t in np.linspace(0, 1, 7):
        quad = (1 - t) ** 2 * p0 + 2 * (1 - t) * t * q + t**2 * p1
        assert np.allclose(_bezier(c, t), quad)


def test_straight_detection():
    sp = Polyline(points=[[0, 0], [1, 1], [2, 0]]).subpaths()[0]
    assert sp.is_straight().all()
    curved = Subpath(np.array([[[0, 0], [0, 1], [1, 1], [1, 0]]], dtype=float))
    assert not curved.is_straight().any()


def test_scene_emptiness_and_scale():
    s = Scene()
    assert s.is_empty()
    s.add(Circle(center=(0, 0), radius=1))
    assert not s.is_empty()
    assert s.scale() == pytest.approx(math.hypot(2, 2), rel=1e-6)


def test_transform_scene_similarity():
    s = Scene()
    s.add(Circle(center=(1, 0), radius=2))
    s.add(Arc(center=(0, 0), rx=1, ry=1, start=0.0, sweep=1.0))
    s.add(TextLabel(text="A", anchor=(1, 1)))
    m = similarity_matrix(scale=3, angle=math.pi / 2, tx=10, ty=0)
    t = s.transformed(m)
    assert np.allclose(t.primitives[0].center, [10, 3])
    assert t.primitives[0].radius == pytest.approx(6)
    assert t.primitives[1].rotation == pytest.approx(math.pi / 2)
    assert np.allclose(t.primitives[2].anchor, [7, 3])
    reflected = s.transformed(similarity_matrix(reflect=True))
    assert reflected.primitives[1].sweep == pytest.approx(-1.0)


@pytest.mark.parametrize("n", [2, 5, 16, 17, 300])
def test_polyline_bbox_is_numpys_min_and_max_whatever_the_size(n):
    rng = np.random.default_rng(n)
    pts = rng.normal(size=(n, 2)) * 100
    box = Polyline(points=pts).bbox()
    assert box == (pts[:, 0].min(), pts[:, 1].min(), pts[:, 0].max(), pts[:, 1].max())
    assert all(type(v) is float for v in box)


@pytest.mark.parametrize("pts", [[(1.0, 0.0), (np.nan, 2.0)], [(np.nan, 0.0), (1.0, 2.0)],
                                 [(np.inf, 0.0), (-np.inf, 2.0)]])
def test_polyline_bbox_with_nan_or_inf_is_numpys(pts):
    q = np.asarray(pts)
    expected = (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max())
    assert np.array_equal(Polyline(points=pts).bbox(), expected, equal_nan=True)
