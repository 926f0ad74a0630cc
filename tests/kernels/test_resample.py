import numpy as np
import pytest

from geoverify.errors import InputError
from geoverify.kernels import polyline_lengths, reference, resample_polyline

from .conftest import random_ragged


def test_known_lengths():
    coords = np.array([[0.0, 0.0], [3.0, 4.0], [3.0, 0.0], [7.0, 7.0]])
    assert polyline_lengths(coords, [0, 3, 4, 4]).tolist() == [9.0, 0.0, 0.0]


@pytest.mark.parametrize("seed", range(4))
def test_lengths_match_reference(seed):
    coords, offsets = random_ragged(np.random.default_rng(seed), 10)
    np.testing.assert_allclose(polyline_lengths(coords, offsets), reference.polyline_lengths(coords, offsets))


def test_resample_is_equally_spaced_with_exact_ends():
    coords = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 0.0], [1.0, 3.0]])
    out = resample_polyline(coords, 9)
    np.testing.assert_allclose(out, [[0, 0], [0.5, 0], [1, 0], [1, 0.5], [1, 1], [1, 1.5], [1, 2], [1, 2.5], [1, 3]])
    assert out[-1].tolist() == [1.0, 3.0]


@pytest.mark.parametrize("seed", range(4))
def test_resample_matches_reference(seed):
    rng = np.random.default_rng(seed)
    coords = np.cumsum(rng.normal(size=(int(rng.integers(2, 40)), 2)), axis=0)
    coords[rng.integers(0, len(coords))] = coords[0]  # a repeated vertex somewhere
    for n in (0, 1, 2, 7, 100):
        np.testing.assert_allclose(resample_polyline(coords, n), reference.resample_polyline(coords, n), atol=1e-12)
    out = resample_polyline(coords, 50)
    np.testing.assert_allclose(polyline_lengths(out, [0, 50]), reference.polyline_lengths(coords, [0, len(coords)]), rtol=0.5)


def test_resample_degenerate():
    assert resample_polyline([[2.0, 3.0]], 3).tolist() == [[2, 3]] * 3
    assert resample_polyline([[2.0, 3.0], [2.0, 3.0]], 2).tolist() == [[2, 3]] * 2
    assert np.isnan(resample_polyline([[0.0, 0.0], [np.nan, 1.0]], 4)).all()
    assert resample_polyline([[0.0, 0.0], [1.0, 1.0]], 0).shape == (0, 2)


@pytest.mark.parametrize("args", [(np.empty((0, 2)), 3), ([[0.0, 0.0]], -1), ([[0.0, 0.0]], 2.5), ([[0.0]], 2)])
def test_resample_bad_input(args):
    with pytest.raises(InputError):
        resample_polyline(*args)
