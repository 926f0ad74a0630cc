"""numba kernel: intersection points of two polylines.

Private: importing this module compiles (or loads from cache) the kernel.
Use :func:`geoverify.kernels.segment_intersections`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from geoverify.kernels.config import MERGE_RTOL, NJIT_OPTIONS, ON_CURVE_RTOL

__all__ = ["segment_intersections"]


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


@njit("UniTuple(float64, 3)(float64, float64, float64, float64, float64, float64, float64, float64, float64)", **NJIT_OPTIONS)
def _pair(px, py, rx, ry, qx, qy, sx, sy, eps):
    """Intersection of segments p + t r and q + u s: (found, x, y); found is 0.0 or 1.0."""
    rr = rx * rx + ry * ry
    ss = sx * sx + sy * sy
    wx = qx - px
    wy = qy - py
    if rr == 0.0 or ss == 0.0:
        # A zero-length segment is a point: it meets the other segment if within eps.
        if rr == 0.0:
            cx, cy, ax, ay, bx, by = px, py, qx, qy, qx + sx, qy + sy
        else:
            cx, cy, ax, ay, bx, by = qx, qy, px, py, px + rx, py + ry
        if _segment_dist2(cx, cy, ax, ay, bx, by) <= eps * eps:
            return 1.0, cx, cy
        return 0.0, 0.0, 0.0
    lr = math.sqrt(rr)
    ls = math.sqrt(ss)
    rxs = rx * sy - ry * sx
    if abs(rxs) > ON_CURVE_RTOL * lr * ls:
        t = (wx * sy - wy * sx) / rxs
        u = (wx * ry - wy * rx) / rxs
        # Slack of eps in distance so that a crossing at a shared vertex is not
        # lost to rounding; the duplicate it may create is merged afterwards.
        st = eps / lr
        su = eps / ls
        if -st <= t <= 1.0 + st and -su <= u <= 1.0 + su:
            t = min(max(t, 0.0), 1.0)
            return 1.0, px + t * rx, py + t * ry
        return 0.0, 0.0, 0.0
    # Parallel: intersect only if collinear (q within eps of the line of r).
    if abs(wx * ry - wy * rx) / lr > eps:
        return 0.0, 0.0, 0.0
    t0 = (wx * rx + wy * ry) / rr
    t1 = ((wx + sx) * rx + (wy + sy) * ry) / rr
    lo = max(0.0, min(t0, t1))
    hi = min(1.0, max(t0, t1))
    if lo <= hi + eps / lr:
        t = 0.5 * (lo + hi)
        t = min(max(t, 0.0), 1.0)
        return 1.0, px + t * rx, py + t * ry
    return 0.0, 0.0, 0.0


@njit("float64[:, ::1](float64[:, ::1], float64[:, ::1])", **NJIT_OPTIONS)
def segment_intersections(a, b):
    """(Q, 2) intersection points, in order of (segment of a, segment of b), merged."""
    na = a.shape[0]
    nb = b.shape[0]
    empty = np.empty((0, 2), dtype=np.float64)
    if na == 0 or nb == 0:
        return empty
    scale = 0.0
    for i in range(na):
        scale = max(scale, abs(a[i, 0]), abs(a[i, 1]))
    for i in range(nb):
        scale = max(scale, abs(b[i, 0]), abs(b[i, 1]))
    if scale != scale:
        # NaN input: no reliable intersection exists.
        return empty
    eps = ON_CURVE_RTOL * scale
    merge2 = (MERGE_RTOL * scale) ** 2
    nseg_a = na - 1 if na >= 2 else 1
    nseg_b = nb - 1 if nb >= 2 else 1
    cap = 16
    buf = np.empty((cap, 2), dtype=np.float64)
    count = 0
    for i in range(nseg_a):
        i1 = i + 1 if na >= 2 else i
        px = a[i, 0]
        py = a[i, 1]
        rx = a[i1, 0] - px
        ry = a[i1, 1] - py
        # A meeting point may lie eps outside each segment, hence 2 eps of slack.
        axmin = min(px, px + rx) - 2.0 * eps
        axmax = max(px, px + rx) + 2.0 * eps
        aymin = min(py, py + ry) - 2.0 * eps
        aymax = max(py, py + ry) + 2.0 * eps
        for j in range(nseg_b):
            j1 = j + 1 if nb >= 2 else j
            qx = b[j, 0]
            qy = b[j, 1]
            sx = b[j1, 0] - qx
            sy = b[j1, 1] - qy
            # Bounding-box reject before any division.
            if max(qx, qx + sx) < axmin or min(qx, qx + sx) > axmax:
                continue
            if max(qy, qy + sy) < aymin or min(qy, qy + sy) > aymax:
                continue
            found, x, y = _pair(px, py, rx, ry, qx, qy, sx, sy, eps)
            if found == 0.0:
                continue
            dup = False
            for k in range(count):
                dx = buf[k, 0] - x
                dy = buf[k, 1] - y
                if dx * dx + dy * dy <= merge2:
                    dup = True
                    break
            if dup:
                continue
            if count == cap:
                cap *= 2
                grown = np.empty((cap, 2), dtype=np.float64)
                grown[:count] = buf[:count]
                buf = grown
            buf[count, 0] = x
            buf[count, 1] = y
            count += 1
    return buf[:count].copy()
