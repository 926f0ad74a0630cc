import numpy as np
import pytest

from geoverify.errors import InputError
from geoverify.kernels import directed_hausdorff, flatten_subpaths, reference
from geoverify.kernels.config import MAX_SEGMENT_SUBDIVISIONS


def line(p, q):
    p, q = np.asarray(p, float), np.asarray(q, float)
    return np.array([p, p + (q - p) / 3, p + 2 * (q - p) / 3, q])


def bezier(ctrl, t):
    t = np.asarray(t)[:, None]
    mt = 1 - t
    return mt**3 * ctrl[0] + 3 * mt**2 * t * ctrl[1] + 3 * mt * t**2 * ctrl[2] + t**3 * ctrl[3]


def assert_same_as_reference(controls, offsets, closed, tol):
    coords, offs = flatten_subpaths(controls, offsets, closed, tol)
    ref_coords, ref_offs = reference.flatten_subpaths(controls, offsets, closed, tol)
    np.testing.assert_array_equal(offs, ref_offs)
    np.testing.assert_allclose(coords, ref_coords, rtol=1e-14, atol=1e-12, equal_nan=True)
    return coords, offs


def test_straight_segments_give_end_points_only():
    controls = np.array([line((0, 0), (3, 0)), line((3, 0), (3, 4))])
    coords, offs = flatten_subpaths(controls, [0, 2], [False], 0.01)
    np.testing.assert_array_equal(coords, [[0, 0], [3, 0], [3, 4]])
    np.testing.assert_array_equal(offs, [0, 3])


def test_closed_subpath_gets_closing_copy_once():
    tri = np.array([line((0, 0), (1, 0)), line((1, 0), (0, 1))])
    coords, offs = flatten_subpaths(tri, [0, 2], [True], 0.01)
    np.testing.assert_array_equal(coords, [[0, 0], [1, 0], [0, 1], [0, 0]])
    closed_tri = np.concatenate([tri, [line((0, 1), (0, 0))]])
    coords, offs = flatten_subpaths(closed_tri, [0, 3], [True], 0.01)
    np.testing.assert_array_equal(coords, [[0, 0], [1, 0], [0, 1], [0, 0]])


def test_jump_inside_subpath_inserts_start_point():
    controls = np.array([line((0, 0), (1, 0)), line((5, 5), (6, 5))])
    coords, _ = flatten_subpaths(controls, [0, 2], [False], 0.01)
    np.testing.assert_array_equal(coords, [[0, 0], [1, 0], [5, 5], [6, 5]])


def test_empty_inputs():
    coords, offs = flatten_subpaths(np.empty((0, 4, 2)), [0], [], 0.1)
    assert coords.shape == (0, 2) and offs.tolist() == [0]
    controls = np.array([line((0, 0), (1, 0))])
    coords, offs = flatten_subpaths(controls, [0, 0, 1, 1], [True, False, True], 0.1)
    assert offs.tolist() == [0, 0, 2, 2]


@pytest.mark.parametrize("tol", [1.0, 0.1, 1e-3])
def test_polyline_within_tolerance_of_curve(rng, tol):
    for _ in range(20):
        ctrl = rng.normal(size=(4, 2)) * 20
        coords, _ = flatten_subpaths(ctrl[None], [0, 1], [False], tol)
        # Vertices lie on the curve and the polyline stays within tol of it.
        dense = bezier(ctrl, np.linspace(0, 1, 4001))
        # (directed_hausdorff is checked against its brute-force reference elsewhere.)
        assert directed_hausdorff(dense, coords) <= tol * (1 + 1e-9)
        assert directed_hausdorff(coords, dense) <= tol
        np.testing.assert_array_equal(coords[0], ctrl[0])
        np.testing.assert_array_equal(coords[-1], ctrl[3])


def test_circle_quarter_is_fine_but_not_wasteful():
    k = 0.5522847498307936
    ctrl = np.array([[[1.0, 0.0], [1.0, k], [k, 1.0], [0.0, 1.0]]]) * 100
    coords, _ = flatten_subpaths(ctrl, [0, 1], [False], 0.05)
    radius = np.hypot(*coords.T)
    # The cubic itself deviates from the circle by ~0.027% of r.
    assert np.all(np.abs(radius - 100) < 0.03)
    assert 10 <= len(coords) <= 60


def test_subdivision_cap():
    ctrl = np.array([[[0.0, 0.0], [0.0, 1e6], [1e6, 1e6], [1e6, 0.0]]])
    coords, _ = flatten_subpaths(ctrl, [0, 1], [False], 1e-9)
    assert len(coords) == MAX_SEGMENT_SUBDIVISIONS + 1


def test_matches_reference_random(rng):
    for _ in range(30):
        k = int(rng.integers(0, 12))
        controls = rng.normal(size=(k, 4, 2)) * 10
        cuts = np.sort(rng.integers(0, k + 1, size=int(rng.integers(0, 5))))
        offsets = np.concatenate([[0], cuts, [k]]).astype(np.int64)
        closed = rng.random(len(offsets) - 1) < 0.5
        assert_same_as_reference(controls, offsets, closed, float(rng.choice([2.0, 0.2, 0.01])))


def test_matches_reference_degenerate():
    p = np.array([1.0, 2.0])
    segments = [
        np.array([p, p, p, p]),  # zero length
        np.array([[0, 0], [2, 0], [1, 0], [3, 0]], float),  # collinear, non-uniform
        np.array([[0, 0], [5, 0], [4, 0], [3, 0]], float),  # collinear, overshoots the chord
        np.array([[0, 0], [np.nan, 0], [1, 1], [2, 0]]),  # NaN control
    ]
    for seg in segments:
        coords, _ = assert_same_as_reference(seg[None], np.array([0, 1]), np.array([True]), 0.01)
        assert np.all(np.isfinite(coords)) or np.isnan(seg).any()
    overshoot = flatten_subpaths(segments[2][None], [0, 1], [False], 0.01)[0]
    # The overshoot beyond the chord end must survive flattening.
    assert overshoot[:, 0].max() > 3.5


@pytest.mark.parametrize(
    "args",
    [
        (np.zeros((2, 3, 2)), [0, 2], [False], 0.1),
        (np.zeros((2, 4, 2)), [0, 3], [False], 0.1),
        (np.zeros((2, 4, 2)), [1, 0], [False], 0.1),
        (np.zeros((2, 4, 2)), [0.0, 2.0], [False], 0.1),
        (np.zeros((2, 4, 2)), [0, 2], [False, True], 0.1),
        (np.zeros((2, 4, 2)), [0, 2], [False], 0.0),
        (np.zeros((2, 4, 2)), [0, 2], [False], float("nan")),
        ("abc", [0, 2], [False], 0.1),
    ],
)
def test_bad_input_raises(args):
    with pytest.raises(InputError):
        flatten_subpaths(*args)


def test_readonly_and_strided_input():
    controls = np.repeat(np.array([line((0, 0), (1, 1))]), 2, axis=0)[::2]
    controls = np.asfortranarray(controls)
    controls.flags.writeable = False
    coords, _ = flatten_subpaths(controls, np.array([0, 1], dtype=np.int32), np.array([0]), 0.1)
    np.testing.assert_array_equal(coords, [[0, 0], [1, 1]])
