"""numba kernel: even-odd point-in-polygon test.

Private: importing this module compiles (or loads from cache) the kernel.
Use :func:`geoverify.kernels.points_in_polygon`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from geoverify.kernels.config import NJIT_OPTIONS

__all__ = ["points_in_polygon"]


@njit("boolean[::1](float64[:, ::1], float64[:, ::1])", **NJIT_OPTIONS)
def points_in_polygon(points, polygon):
    """(P,) even-odd inside flags (W. R. Franklin's crossing test)."""
    n_pts = points.shape[0]
    n = polygon.shape[0]
    out = np.zeros(n_pts, dtype=np.bool_)
    for p in range(n_pts):
        px = points[p, 0]
        py = points[p, 1]
        inside = False
        j = n - 1
        for i in range(n):
            xi = polygon[i, 0]
            yi = polygon[i, 1]
            xj = polygon[j, 0]
            yj = polygon[j, 1]
            # The half-open test (yi > py) != (yj > py) counts a vertex on the
            # ray once and never divides by zero (yi != yj when it holds).
            if (yi > py) != (yj > py):
                if px < (xj - xi) * (py - yi) / (yj - yi) + xi:
                    inside = not inside
            j = i
        out[p] = inside
    return out
