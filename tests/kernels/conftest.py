"""Shared sample data for the kernel tests."""

from __future__ import annotations

import numpy as np
import pytest


def random_ragged(rng, n_lines, max_len=8, allow_empty=True):
    """Random polylines in ragged layout: (coords (N, 2), offsets (M + 1,)).

    Lengths include 0 (if allowed) and 1 so the degenerate cases are always exercised.
    """
    low = 0 if allow_empty else 1
    lengths = rng.integers(low, max_len + 1, size=n_lines)
    offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    coords = rng.normal(size=(int(offsets[-1]), 2)) * 10.0
    return coords, offsets


@pytest.fixture
def rng():
    return np.random.default_rng(20261129)


@pytest.fixture(autouse=True)
def force_numba_kernels(monkeypatch):
    """Kernel tests compare the numba kernels with the references: never let small
    inputs fall back to the references (see geoverify.kernels.dispatch)."""
    monkeypatch.setenv("GEOVERIFY_KERNELS", "numba")
