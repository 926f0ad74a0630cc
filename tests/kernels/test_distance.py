import numpy as np
import pytest

from geoverify.errors import InputError
from geoverify.kernels import (
    closest_points_on_polylines,
    directed_hausdorff,
    nearest_polyline,
    point_polyline_distances,
    reference,
)

from .conftest import random_ragged

L_SHAPE = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 4.0]])


def test_known_distances_to_segments_not_vertices():
    pts = np.array([[2.0, 1.0], [5.0, 2.0], [-3.0, -4.0], [4.0, 0.0], [1.0, 0.0]])
    d = point_polyline_distances(pts, L_SHAPE, [0, 3])
    np.testing.assert_allclose(d[:, 0], [1.0, 1.0, 5.0, 0.0, 0.0])


def test_point_and_empty_polylines():
    coords = np.array([[3.0, 4.0]])
    d = point_polyline_distances([[0.0, 0.0]], coords, [0, 0, 1])
    assert d.tolist() == [[np.inf, 5.0]]


def test_closest_point_and_arc_length_fraction():
    closest, param = closest_points_on_polylines([[2.0, 1.0], [5.0, 4.0], [-1, -1], [4.0, 2.0]], L_SHAPE, [0, 3])
    np.testing.assert_allclose(closest[:, 0], [[2, 0], [4, 4], [0, 0], [4, 2]])
    np.testing.assert_allclose(param[:, 0], [0.25, 1.0, 0.0, 0.75])


def test_closest_on_degenerate_polylines():
    coords = np.array([[1.0, 1.0], [2.0, 2.0], [2.0, 2.0]])
    closest, param = closest_points_on_polylines([[0.0, 0.0]], coords, [0, 0, 1, 3])
    assert np.isnan(closest[0, 0]).all() and np.isnan(param[0, 0])
    np.testing.assert_array_equal(closest[0, 1], [1, 1])
    assert param[0, 1] == 0.0
    np.testing.assert_array_equal(closest[0, 2], [2, 2])
    assert param[0, 2] == 0.0  # zero-length polyline


def test_nearest_polyline_ties_and_no_polylines():
    coords = np.array([[-1.0, 1.0], [1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
    index, dist = nearest_polyline([[0.0, 0.0], [0.0, 0.9]], coords, [0, 2, 4])
    assert index.tolist() == [0, 0] and np.allclose(dist, [1.0, 0.1])
    index, dist = nearest_polyline([[0.0, 0.0]], np.empty((0, 2)), [0])
    assert index.tolist() == [-1] and dist.tolist() == [np.inf]


def test_nan_propagates():
    coords = np.array([[0.0, 0.0], [np.nan, 1.0], [5.0, 5.0], [6.0, 5.0]])
    d = point_polyline_distances([[0.0, 0.0], [np.nan, 0.0]], coords, [0, 2, 4])
    assert np.isnan(d[0, 0]) and np.isfinite(d[0, 1]) and np.isnan(d[1]).all()
    index, dist = nearest_polyline([[5.0, 5.0]], coords, [0, 2, 4])
    assert index[0] == 0 and np.isnan(dist[0])  # like np.argmin
    # A NaN polyline after an exact hit still wins (bounding-box pruning must not skip it).
    index, dist = nearest_polyline([[5.0, 5.0]], coords[[2, 3, 0, 1]], [0, 2, 4])
    assert index[0] == 1 and np.isnan(dist[0])
    closest, param = closest_points_on_polylines([[5.0, 5.0]], coords, [0, 2, 4])
    assert np.isnan(closest[0, 0]).all() and np.isnan(param[0, 0]) and param[0, 1] == 0.0
    assert np.isnan(directed_hausdorff(coords[2:], coords))


@pytest.mark.parametrize("seed", range(5))
def test_matches_reference_random(seed):
    rng = np.random.default_rng(seed)
    coords, offsets = random_ragged(rng, 40)
    # Include points exactly on vertices and on segment midpoints.
    pts = np.concatenate([rng.normal(size=(20, 2)) * 12, coords[::3], (coords[:-1] + coords[1:])[::4] / 2])
    np.testing.assert_allclose(
        point_polyline_distances(pts, coords, offsets), reference.point_polyline_distances(pts, coords, offsets)
    )
    index, dist = nearest_polyline(pts, coords, offsets)
    ref_index, ref_dist = reference.nearest_polyline(pts, coords, offsets)
    np.testing.assert_array_equal(index, ref_index)
    np.testing.assert_allclose(dist, ref_dist)
    closest, param = closest_points_on_polylines(pts, coords, offsets)
    ref_closest, ref_param = reference.closest_points_on_polylines(pts, coords, offsets)
    np.testing.assert_allclose(closest, ref_closest, equal_nan=True)
    np.testing.assert_allclose(param, ref_param, equal_nan=True, atol=1e-15)
    finite = np.isfinite(param)
    assert np.all((param[finite] >= 0) & (param[finite] <= 1))
    # The closest point is at the reported distance.
    d = point_polyline_distances(pts, coords, offsets)
    gap = np.hypot(*(closest - pts[:, None, :]).transpose(2, 0, 1))
    np.testing.assert_allclose(gap[finite], d[finite], atol=1e-12)


def test_empty_points():
    coords, offsets = random_ragged(np.random.default_rng(0), 3)
    assert point_polyline_distances(np.empty((0, 2)), coords, offsets).shape == (0, 3)
    assert closest_points_on_polylines([], coords, offsets)[0].shape == (0, 3, 2)


@pytest.mark.parametrize("seed", range(5))
def test_directed_hausdorff_matches_brute_force(seed):
    rng = np.random.default_rng(seed)
    a = np.cumsum(rng.normal(size=(int(rng.integers(1, 60)), 2)), axis=0)
    b = np.cumsum(rng.normal(size=(int(rng.integers(1, 60)), 2)), axis=0)
    assert directed_hausdorff(a, b) == pytest.approx(reference.directed_hausdorff(a, b), rel=1e-14)
    assert directed_hausdorff(b, a) == pytest.approx(reference.directed_hausdorff(b, a), rel=1e-14)


def test_directed_hausdorff_laws():
    seg = np.array([[0.0, 0.0], [10.0, 0.0]])
    vertices_off = np.array([[0.0, 1.0], [5.0, 3.0], [10.0, 1.0]])
    assert directed_hausdorff(seg, seg[::-1]) == 0.0
    assert directed_hausdorff(vertices_off, seg) == 3.0
    # Segment-based: the far vertex of seg is close to the middle of vertices_off's segments.
    assert directed_hausdorff(seg, vertices_off) == 1.0
    assert directed_hausdorff(np.empty((0, 2)), seg) == 0.0
    assert directed_hausdorff(seg, np.empty((0, 2))) == np.inf


@pytest.mark.parametrize("bad", [np.zeros((3, 3)), np.zeros(5), np.zeros((2, 2, 2))])
def test_bad_shapes(bad):
    with pytest.raises(InputError):
        point_polyline_distances(bad, np.zeros((2, 2)), [0, 2])
    with pytest.raises(InputError):
        directed_hausdorff(bad, np.zeros((2, 2)))


def test_bad_offsets():
    with pytest.raises(InputError):
        point_polyline_distances([[0, 0]], np.zeros((2, 2)), [0, 3])
    with pytest.raises(InputError):
        nearest_polyline([[0, 0]], np.zeros((2, 2)), [[0, 2]])
