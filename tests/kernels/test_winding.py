import numpy as np
import pytest

from geoverify.kernels import ON_CURVE, points_in_polygon, reference, winding_numbers

from .conftest import random_ragged

SQUARE = np.array([[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]])


def test_orientation_and_outside():
    coords = np.concatenate([SQUARE, SQUARE[::-1]])
    w = winding_numbers([[1.0, 1.0], [3.0, 1.0], [1.0, -0.5]], coords, [0, 4, 8])
    assert w.tolist() == [[1, -1], [0, 0], [0, 0]]


def test_doubly_wound_and_explicit_closing_copy():
    t = np.linspace(0, 4 * np.pi, 200, endpoint=False)
    circle2 = np.column_stack([np.cos(t), np.sin(t)])
    closed_square = np.concatenate([SQUARE, SQUARE[:1]])
    coords = np.concatenate([circle2, closed_square])
    w = winding_numbers([[-0.1, 0.2], [1.0, 1.0]], coords, [0, 200, 205])
    assert w.tolist() == [[2, 0], [0, 1]]


@pytest.mark.parametrize("point", [[0.0, 0.0], [2.0, 2.0], [1.0, 0.0], [2.0, 1.3], [0.0, 1e-13]])
def test_on_edges_and_vertices_is_indeterminate(point):
    assert winding_numbers([point], SQUARE, [0, 4])[0, 0] == ON_CURVE


def test_just_off_the_curve_is_decided():
    w = winding_numbers([[1.0, 1e-9], [1.0, -1e-9]], SQUARE, [0, 4])
    assert w.tolist() == [[1], [0]]


def test_nan_is_indeterminate_and_empty_is_zero():
    coords = np.concatenate([SQUARE, [[np.nan, 0.0]]])
    w = winding_numbers([[1.0, 1.0], [np.nan, 1.0]], coords, [0, 4, 5, 5])
    assert w.tolist() == [[1, ON_CURVE, 0], [ON_CURVE, ON_CURVE, 0]]
    assert winding_numbers(np.empty((0, 2)), SQUARE, [0, 4]).shape == (0, 1)


def test_single_point_polyline():
    w = winding_numbers([[1.0, 1.0], [0.0, 0.0]], [[1.0, 1.0]], [0, 1])
    assert w.tolist() == [[ON_CURVE], [0]]


@pytest.mark.parametrize("seed", range(5))
def test_matches_reference_random(seed):
    rng = np.random.default_rng(seed)
    coords, offsets = random_ragged(rng, 8, max_len=12)
    # Integer grids make points on edges, on vertices and level with vertices common.
    coords = np.round(coords / 5)
    pts = np.concatenate([np.round(rng.normal(size=(60, 2)) * 2), coords[::2], rng.normal(size=(20, 2)) * 3])
    np.testing.assert_array_equal(
        winding_numbers(pts, coords, offsets), reference.winding_numbers(pts, coords, offsets)
    )


@pytest.mark.parametrize("seed", range(3))
def test_odd_winding_iff_even_odd_inside(seed):
    rng = np.random.default_rng(seed)
    poly = rng.normal(size=(9, 2))
    pts = rng.normal(size=(300, 2))
    w = winding_numbers(pts, poly, [0, 9])[:, 0]
    inside = points_in_polygon(pts, poly)
    decided = w != ON_CURVE
    assert decided.all()
    np.testing.assert_array_equal(inside[decided], (w[decided] % 2) == 1)


@pytest.mark.parametrize("seed", range(3))
def test_reversal_negates_and_translation_preserves(seed):
    # Laws: reversing a curve negates its winding numbers; moving curve and points
    # together changes nothing.
    rng = np.random.default_rng(50 + seed)
    coords, offsets = random_ragged(rng, 6, max_len=10, allow_empty=False)
    pts = rng.normal(size=(100, 2)) * 10
    w = winding_numbers(pts, coords, offsets)
    reversed_coords = np.concatenate([coords[a:b][::-1] for a, b in zip(offsets[:-1], offsets[1:])])
    w_rev = winding_numbers(pts, reversed_coords, offsets)
    decided = w != ON_CURVE
    np.testing.assert_array_equal(w_rev[decided], -w[decided])
    shift = np.array([3.25, -7.5])
    np.testing.assert_array_equal(winding_numbers(pts + shift, coords + shift, offsets)[decided], w[decided])
