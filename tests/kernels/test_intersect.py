import numpy as np
import pytest
import shapely

from geoverify.kernels import reference, segment_intersections


def sorted_rows(a):
    a = np.asarray(a).reshape(-1, 2)
    return a[np.lexsort(a.T[::-1])]


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
    assert len(got) == len(expected)
    np.testing.assert_allclose(sorted_rows(got), sorted_rows(expected), atol=1e-9)
