import numpy as np
import pytest
import shapely

from geoverify.errors import InputError
from geoverify.kernels import points_in_polygon, reference

CONCAVE = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [2.0, 1.0], [0.0, 4.0]])


def test_concave_polygon():
    pts = [[1.0, 0.5], [2.0, 2.0], [3.5, 3.0], [5.0, 1.0], [2.0, 0.999]]
    assert points_in_polygon(pts, CONCAVE).tolist() == [True, False, True, False, True]


def test_self_overlap_even_odd():
    # A pentagram: the central pentagon is covered twice, so it is outside by even-odd.
    ang = np.pi / 2 + np.arange(5) * 4 * np.pi / 5
    star = np.column_stack([np.cos(ang), np.sin(ang)])
    assert points_in_polygon([[0.0, 0.0], [0.0, 0.8]], star).tolist() == [False, True]


def test_degenerate_inputs():
    assert points_in_polygon([[0.5, 0.5]], [[0.0, 0.0], [1.0, 1.0]]).tolist() == [False]
    assert points_in_polygon([[0.5, 0.5]], np.empty((0, 2))).tolist() == [False]
    assert points_in_polygon([[np.nan, 0.5]], CONCAVE).tolist() == [False]
    assert points_in_polygon(np.empty((0, 2)), CONCAVE).shape == (0,)
    with pytest.raises(InputError):
        points_in_polygon([[0.0, 0.0, 0.0]], CONCAVE)


@pytest.mark.parametrize("seed", range(4))
def test_matches_reference(seed):
    rng = np.random.default_rng(seed)
    poly = np.round(rng.normal(size=(12, 2)) * 3)
    # Rounded points hit vertices, edges and vertex levels of the rounded polygon.
    pts = np.concatenate([np.round(rng.normal(size=(400, 2)) * 3), poly, (poly + np.roll(poly, 1, axis=0)) / 2])
    np.testing.assert_array_equal(points_in_polygon(pts, poly), reference.points_in_polygon(pts, poly))


@pytest.mark.parametrize("seed", range(4))
def test_simple_polygon_agrees_with_shapely(seed):
    rng = np.random.default_rng(seed)
    # Star-shaped around the origin, hence simple: even-odd inside == shapely contains.
    ang = np.sort(rng.uniform(0, 2 * np.pi, size=15))
    rad = rng.uniform(0.3, 2.0, size=15)
    poly = np.column_stack([rad * np.cos(ang), rad * np.sin(ang)])
    pts = rng.uniform(-2, 2, size=(500, 2))
    shape = shapely.Polygon(poly)
    far = shapely.distance(shapely.points(pts), shape.exterior) > 1e-9
    expected = shapely.contains_xy(shape, pts[:, 0], pts[:, 1])
    np.testing.assert_array_equal(points_in_polygon(pts, poly)[far], expected[far])
