"""numba kernels: distances from points to polylines.

Private: importing this module compiles (or loads from cache) the kernels.
Use the wrappers in :mod:`geoverify.kernels.distance`.

A polyline with ``n >= 2`` points has ``n - 1`` segments; a 1-point polyline is
one zero-length segment (a point); an empty polyline has no segments and is at
infinite distance. A NaN distance to any segment makes the result NaN, as
``np.min`` would.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from geoverify.kernels.config import NJIT_OPTIONS

__all__ = ["point_polyline_distances", "nearest_polyline", "closest_points", "directed_hausdorff"]


@njit("float64(float64, float64, float64, float64, float64, float64)", **NJIT_OPTIONS)
def _segment_param(px, py, ax, ay, bx, by):
    # Clamped projection parameter of p on segment ab (0 for a zero-length segment).
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
    return t


@njit("float64(float64, float64, float64, float64, float64, float64)", **NJIT_OPTIONS)
def _segment_dist2(px, py, ax, ay, bx, by):
    t = _segment_param(px, py, ax, ay, bx, by)
    ex = px - (ax + t * (bx - ax))
    ey = py - (ay + t * (by - ay))
    return ex * ex + ey * ey


@njit("float64(float64, float64, float64[:, ::1], int64, int64)", **NJIT_OPTIONS)
def _polyline_dist2(px, py, coords, a, b):
    # Squared distance from p to polyline coords[a:b]; inf if empty, NaN if any NaN.
    n = b - a
    if n <= 0:
        return np.inf
    nseg = n - 1 if n >= 2 else 1
    best = np.inf
    for i in range(a, a + nseg):
        j = i + 1 if n >= 2 else i
        d2 = _segment_dist2(px, py, coords[i, 0], coords[i, 1], coords[j, 0], coords[j, 1])
        if d2 != d2:
            return np.nan
        if d2 < best:
            best = d2
    return best


@njit("float64[:, ::1](float64[:, ::1], float64[:, ::1], int64[::1])", **NJIT_OPTIONS)
def point_polyline_distances(points, coords, offsets):
    """(P, M) distances from each point to each polyline."""
    n_pts = points.shape[0]
    n_lines = offsets.shape[0] - 1
    out = np.empty((n_pts, n_lines), dtype=np.float64)
    for p in range(n_pts):
        for m in range(n_lines):
            out[p, m] = math.sqrt(_polyline_dist2(points[p, 0], points[p, 1], coords, offsets[m], offsets[m + 1]))
    return out


@njit("float64[:, ::1](float64[:, ::1], int64[::1])", **NJIT_OPTIONS)
def _bounding_boxes(coords, offsets):
    # (M, 4) xmin, ymin, xmax, ymax; all NaN if the polyline has a NaN, inf-wide if empty.
    n_lines = offsets.shape[0] - 1
    box = np.empty((n_lines, 4), dtype=np.float64)
    for m in range(n_lines):
        x0 = np.inf
        y0 = np.inf
        x1 = -np.inf
        y1 = -np.inf
        for i in range(offsets[m], offsets[m + 1]):
            x = coords[i, 0]
            y = coords[i, 1]
            if x != x or y != y:
                x0 = y0 = x1 = y1 = np.nan
                break
            x0 = min(x0, x)
            y0 = min(y0, y)
            x1 = max(x1, x)
            y1 = max(y1, y)
        box[m, 0] = x0
        box[m, 1] = y0
        box[m, 2] = x1
        box[m, 3] = y1
    return box


@njit("Tuple((int64[::1], float64[::1]))(float64[:, ::1], float64[:, ::1], int64[::1])", **NJIT_OPTIONS)
def nearest_polyline(points, coords, offsets):
    """Index of the nearest polyline (first on ties, first NaN wins as in ``np.argmin``)."""
    n_pts = points.shape[0]
    n_lines = offsets.shape[0] - 1
    index = np.full(n_pts, -1, dtype=np.int64)
    dist = np.full(n_pts, np.inf, dtype=np.float64)
    box = _bounding_boxes(coords, offsets)
    for p in range(n_pts):
        px = points[p, 0]
        py = points[p, 1]
        best = np.inf
        best_m = -1
        for m in range(n_lines):
            if best_m >= 0 and box[m, 0] == box[m, 0]:
                # Skip a polyline whose bounding box is already farther than the
                # best; never one with a NaN, which must win as in np.argmin.
                gx = max(box[m, 0] - px, 0.0, px - box[m, 2])
                gy = max(box[m, 1] - py, 0.0, py - box[m, 3])
                if gx * gx + gy * gy >= best:
                    continue
            d2 = _polyline_dist2(px, py, coords, offsets[m], offsets[m + 1])
            if d2 != d2:
                best = np.nan
                best_m = m
                break
            if d2 < best or best_m < 0:
                best = d2
                best_m = m
        index[p] = best_m
        dist[p] = math.sqrt(best)
    return index, dist


@njit(
    "Tuple((float64[:, :, ::1], float64[:, ::1]))(float64[:, ::1], float64[:, ::1], int64[::1])",
    **NJIT_OPTIONS,
)
def closest_points(points, coords, offsets):
    """Closest point on each polyline and its arc-length fraction."""
    n_pts = points.shape[0]
    n_lines = offsets.shape[0] - 1
    closest = np.full((n_pts, n_lines, 2), np.nan, dtype=np.float64)
    param = np.full((n_pts, n_lines), np.nan, dtype=np.float64)
    # Arc length from the start of its polyline to each vertex.
    cum = np.zeros(coords.shape[0], dtype=np.float64)
    for m in range(n_lines):
        for i in range(offsets[m] + 1, offsets[m + 1]):
            dx = coords[i, 0] - coords[i - 1, 0]
            dy = coords[i, 1] - coords[i - 1, 1]
            cum[i] = cum[i - 1] + math.sqrt(dx * dx + dy * dy)
    for p in range(n_pts):
        px = points[p, 0]
        py = points[p, 1]
        for m in range(n_lines):
            a = offsets[m]
            n = offsets[m + 1] - a
            if n <= 0:
                continue
            total = cum[a + n - 1]
            nseg = n - 1 if n >= 2 else 1
            best = np.inf
            best_i = -1
            best_t = 0.0
            is_nan = False
            for i in range(a, a + nseg):
                j = i + 1 if n >= 2 else i
                ax = coords[i, 0]
                ay = coords[i, 1]
                bx = coords[j, 0]
                by = coords[j, 1]
                t = _segment_param(px, py, ax, ay, bx, by)
                ex = px - (ax + t * (bx - ax))
                ey = py - (ay + t * (by - ay))
                d2 = ex * ex + ey * ey
                if d2 != d2:
                    is_nan = True
                    break
                if d2 < best or best_i < 0:
                    best = d2
                    best_i = i
                    best_t = t
            if is_nan:
                continue
            j = best_i + 1 if n >= 2 else best_i
            ax = coords[best_i, 0]
            ay = coords[best_i, 1]
            bx = coords[j, 0]
            by = coords[j, 1]
            closest[p, m, 0] = ax + best_t * (bx - ax)
            closest[p, m, 1] = ay + best_t * (by - ay)
            if total > 0.0:
                s = (cum[best_i] + best_t * (cum[j] - cum[best_i])) / total
                param[p, m] = min(max(s, 0.0), 1.0)
            else:
                param[p, m] = 0.0
    return closest, param


@njit("float64(float64[:, ::1], float64[:, ::1])", **NJIT_OPTIONS)
def directed_hausdorff(a, b):
    """Max over the vertices of ``a`` of the distance to polyline ``b``."""
    na = a.shape[0]
    nb = b.shape[0]
    # NaN is checked up front because the early exit below may skip it.
    for i in range(na):
        if a[i, 0] != a[i, 0] or a[i, 1] != a[i, 1]:
            return np.nan
    for i in range(nb):
        if b[i, 0] != b[i, 0] or b[i, 1] != b[i, 1]:
            return np.nan
    if na == 0:
        return 0.0
    if nb == 0:
        return np.inf
    nseg = nb - 1 if nb >= 2 else 1
    cmax = 0.0
    start = 0
    for p in range(na):
        px = a[p, 0]
        py = a[p, 1]
        cmin = np.inf
        # Start at the segment that was closest to the previous vertex: along a
        # curve it is usually close again, so the early exit fires at once.
        first = start
        for k in range(nseg):
            i = first + k
            if i >= nseg:
                i -= nseg
            j = i + 1 if nb >= 2 else i
            d2 = _segment_dist2(px, py, b[i, 0], b[i, 1], b[j, 0], b[j, 1])
            if d2 < cmin:
                cmin = d2
                start = i
                if cmin <= cmax:
                    # This vertex cannot raise the maximum any more.
                    break
        if cmin > cmax:
            cmax = cmin
    return math.sqrt(cmax)
