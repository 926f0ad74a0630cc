"""numba kernel: winding numbers of closed polylines.

Private: importing this module compiles (or loads from cache) the kernel.
Use :func:`geoverify.kernels.winding_numbers`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from geoverify.kernels.config import NJIT_OPTIONS, ON_CURVE, ON_CURVE_RTOL

__all__ = ["winding_numbers"]


@njit("float64(float64, float64, float64, float64, float64, float64)", **NJIT_OPTIONS)
def _segment_dist2(px, py, ax, ay, bx, by):
    dx = bx - ax
    dy = by - ay
    l2 = dx * dx + dy * dy
    t = 0.0
    if l2 > 0.0:
        t = ((px - ax) * dx + (py - ay) * dy) / l2
        if t < 0.0:
            t = 0.0
        elif t > 1.0:
            t = 1.0
    ex = px - (ax + t * dx)
    ey = py - (ay + t * dy)
    return ex * ex + ey * ey


@njit("int64[:, ::1](float64[:, ::1], float64[:, ::1], int64[::1])", **NJIT_OPTIONS)
def winding_numbers(points, coords, offsets):
    """(P, M) winding numbers; ``ON_CURVE`` on the curve or for NaN input."""
    n_pts = points.shape[0]
    n_lines = offsets.shape[0] - 1
    out = np.zeros((n_pts, n_lines), dtype=np.int64)
    # Largest |coordinate| of each polyline (NaN if it holds a NaN) and its bounding box.
    scale = np.zeros(n_lines, dtype=np.float64)
    box = np.empty((n_lines, 4), dtype=np.float64)
    for m in range(n_lines):
        s = 0.0
        x0 = np.inf
        y0 = np.inf
        x1 = -np.inf
        y1 = -np.inf
        for i in range(offsets[m], offsets[m + 1]):
            x = coords[i, 0]
            y = coords[i, 1]
            if x != x or y != y:
                s = np.nan
                break
            s = max(s, abs(x), abs(y))
            x0 = min(x0, x)
            y0 = min(y0, y)
            x1 = max(x1, x)
            y1 = max(y1, y)
        scale[m] = s
        box[m, 0] = x0
        box[m, 1] = y0
        box[m, 2] = x1
        box[m, 3] = y1
    for p in range(n_pts):
        px = points[p, 0]
        py = points[p, 1]
        for m in range(n_lines):
            a = offsets[m]
            n = offsets[m + 1] - a
            if n <= 0:
                continue
            sm = scale[m]
            if sm != sm or px != px or py != py:
                out[p, m] = ON_CURVE
                continue
            eps = ON_CURVE_RTOL * max(sm, abs(px), abs(py))
            eps2 = eps * eps
            if px < box[m, 0] - eps or px > box[m, 2] + eps or py < box[m, 1] - eps or py > box[m, 3] + eps:
                # Clearly outside the bounding box: not on the curve and not surrounded.
                continue
            wn = 0
            on_curve = False
            for k in range(n):
                i = a + k
                j = a + k + 1 if k + 1 < n else a
                x0 = coords[i, 0]
                y0 = coords[i, 1]
                x1 = coords[j, 0]
                y1 = coords[j, 1]
                if _segment_dist2(px, py, x0, y0, x1, y1) <= eps2:
                    on_curve = True
                    break
                # Sunday's crossing rule: upward edges with p strictly left count
                # +1, downward edges with p strictly right count -1.
                cross = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)
                if y0 <= py:
                    if y1 > py and cross > 0.0:
                        wn += 1
                elif y1 <= py and cross < 0.0:
                    wn -= 1
            out[p, m] = ON_CURVE if on_curve else wn
    return out
