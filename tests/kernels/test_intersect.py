import numpy as np
import pytest
import shapely

from geoverify.kernels import reference, segment_intersections


def assert_same_points(got, expected, atol=1e-9):
    """Same number of points and each point of one set has a partner in the other."""
    got = np.asarray(got).reshape(-1, 2)
    expected = np.asarray(expected).reshape(-1, 2)
    assert len(got) == len(expected)
    if len(got):
        gaps = np.hypot(*(got[:, None, :] - expected[None, :, :]).transpose(2, 0, 1))
        assert gaps.min(axis=1).max() <= atol and gaps.min(axis=0).max() <= atol


def test_crossing():
    got = segment_intersections([[0.0, 0.0], [2.0, 2.0]], [[0.0, 2.0], [2.0, 0.0]])
    np.testing.assert_allclose(got, [[1.0, 1.0]])


def test_touching_end_point_counts():
    got = segment_intersections([[0.0, 0.0], [2.0, 0.0]], [[1.0, 0.0], [1.0, 3.0]])
    np.testing.assert_allclose(got, [[1.0, 0.0]])


def test_crossing_through_shared_vertex_reported_once():
    a = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    b = np.array([[1.0, 3.0], [1.0, -1.0]])
    np.testing.assert_allclose(segment_intersections(a, b), [[1.0, 1.0]])
    np.testing.assert_allclose(segment_intersections(b, a), [[1.0, 1.0]])


def test_collinear_overlap_gives_midpoint():
    got = segment_intersections([[0.0, 0.0], [4.0, 0.0]], [[3.0, 0.0], [6.0, 0.0]])
    np.testing.assert_allclose(got, [[3.5, 0.0]])


def test_parallel_and_disjoint_give_nothing():
    assert segment_intersections([[0.0, 0.0], [4.0, 0.0]], [[0.0, 1.0], [4.0, 1.0]]).shape == (0, 2)
    assert segment_intersections([[0.0, 0.0], [4.0, 0.0]], [[5.0, 0.0], [6.0, 0.0]]).shape == (0, 2)
    assert segment_intersections([[0.0, 0.0], [1.0, 1.0]], [[0.0, 1.0], [0.4, 0.6]]).shape == (0, 2)


def test_degenerate_inputs():
    on = segment_intersections([[1.0, 0.0]], [[0.0, 0.0], [2.0, 0.0]])
    np.testing.assert_allclose(on, [[1.0, 0.0]])
    assert segment_intersections([[1.0, 0.1]], [[0.0, 0.0], [2.0, 0.0]]).shape == (0, 2)
    assert segment_intersections(np.empty((0, 2)), [[0.0, 0.0], [2.0, 0.0]]).shape == (0, 2)
    assert segment_intersections([[0.0, np.nan], [1.0, 1.0]], [[0.0, 1.0], [1.0, 0.0]]).shape == (0, 2)
    # A repeated vertex (zero-length segment) on the crossing does not duplicate it.
    a = np.array([[0.0, 0.0], [1.0, 1.0], [1.0, 1.0], [2.0, 2.0]])
    np.testing.assert_allclose(segment_intersections(a, [[0.0, 2.0], [2.0, 0.0]]), [[1.0, 1.0]])


@pytest.mark.parametrize("seed", range(5))
def test_matches_reference_random(seed):
    rng = np.random.default_rng(seed)
    a = np.round(rng.normal(size=(15, 2)) * 3)  # rounding makes touching and overlap common
    b = np.round(rng.normal(size=(15, 2)) * 3)
    got = segment_intersections(a, b)
    np.testing.assert_allclose(got, reference.segment_intersections(a, b), atol=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_generic_crossings_agree_with_shapely(seed):
    rng = np.random.default_rng(seed)
    a = rng.normal(size=(20, 2))
    b = rng.normal(size=(20, 2))
    got = segment_intersections(a, b)
    inter = shapely.intersection(shapely.LineString(a), shapely.LineString(b))
    expected = shapely.get_coordinates(inter)
    assert_same_points(got, expected)


@pytest.mark.parametrize("seed", range(5))
def test_symmetric_and_on_both_polylines(seed):
    # Law: swapping the polylines gives the same set of points, each on both polylines.
    from geoverify.kernels import point_polyline_distances

    rng = np.random.default_rng(100 + seed)
    a = np.round(rng.normal(size=(12, 2)) * 3)
    b = np.round(rng.normal(size=(12, 2)) * 3)
    ab = segment_intersections(a, b)
    ba = segment_intersections(b, a)
    assert_same_points(ab, ba)
    d = point_polyline_distances(ab, np.concatenate([a, b]), [0, len(a), len(a) + len(b)])
    assert np.all(d <= 1e-9)
