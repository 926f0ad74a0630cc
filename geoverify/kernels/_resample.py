"""numba kernels: polyline lengths and arc-length resampling.

Private: importing this module compiles (or loads from cache) the kernels.
Use the wrappers in :mod:`geoverify.kernels.resample`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from geoverify.kernels.config import NJIT_OPTIONS

__all__ = ["polyline_lengths", "resample_polyline"]


@njit("float64[::1](float64[:, ::1], int64[::1])", **NJIT_OPTIONS)
def polyline_lengths(coords, offsets):
    """(M,) lengths of the polylines."""
    n_lines = offsets.shape[0] - 1
    out = np.zeros(n_lines, dtype=np.float64)
    for m in range(n_lines):
        total = 0.0
        for i in range(offsets[m] + 1, offsets[m + 1]):
            dx = coords[i, 0] - coords[i - 1, 0]
            dy = coords[i, 1] - coords[i - 1, 1]
            total += math.sqrt(dx * dx + dy * dy)
        out[m] = total
    return out


@njit("float64[:, ::1](float64[:, ::1], int64)", **NJIT_OPTIONS)
def resample_polyline(coords, n):
    """(n, 2) points equally spaced by arc length; ``coords`` must be non-empty."""
    n_in = coords.shape[0]
    out = np.empty((n, 2), dtype=np.float64)
    if n == 0:
        return out
    cum = np.zeros(n_in, dtype=np.float64)
    for i in range(1, n_in):
        dx = coords[i, 0] - coords[i - 1, 0]
        dy = coords[i, 1] - coords[i - 1, 1]
        cum[i] = cum[i - 1] + math.sqrt(dx * dx + dy * dy)
    total = cum[n_in - 1]
    if not math.isfinite(total):
        out[:, :] = np.nan
        return out
    out[0, 0] = coords[0, 0]
    out[0, 1] = coords[0, 1]
    j = 0
    for k in range(1, n):
        if k == n - 1:
            # Exact end point, not one rounded by k * total / (n - 1).
            out[k, 0] = coords[n_in - 1, 0]
            out[k, 1] = coords[n_in - 1, 1]
            continue
        s = total * k / (n - 1)
        while j < n_in - 2 and cum[j + 1] < s:
            j += 1
        if n_in == 1:
            out[k, 0] = coords[0, 0]
            out[k, 1] = coords[0, 1]
            continue
        seg = cum[j + 1] - cum[j]
        f = (s - cum[j]) / seg if seg > 0.0 else 0.0
        f = min(max(f, 0.0), 1.0)
        out[k, 0] = coords[j, 0] + f * (coords[j + 1, 0] - coords[j, 0])
        out[k, 1] = coords[j, 1] + f * (coords[j + 1, 1] - coords[j, 1])
    return out
