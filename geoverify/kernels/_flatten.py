"""numba kernel: flatten chains of cubic Bezier segments into polylines.

Private: importing this module compiles (or loads from cache) the kernels.
Use :func:`geoverify.kernels.flatten_subpaths`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from geoverify.kernels.config import NJIT_OPTIONS

__all__ = ["segment_steps", "flatten"]


@njit("float64(float64, float64, float64, float64, float64, float64)", **NJIT_OPTIONS)
def _point_segment_distance(px, py, ax, ay, bx, by):
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
    return math.sqrt(ex * ex + ey * ey)


@njit("int64[::1](float64[:, :, ::1], float64, int64)", **NJIT_OPTIONS)
def segment_steps(controls, tolerance, cap):
    """Number of chords for each segment; see ``flatten.py`` for the bound."""
    k_total = controls.shape[0]
    steps = np.empty(k_total, dtype=np.int64)
    for k in range(k_total):
        x0 = controls[k, 0, 0]
        y0 = controls[k, 0, 1]
        x1 = controls[k, 1, 0]
        y1 = controls[k, 1, 1]
        x2 = controls[k, 2, 0]
        y2 = controls[k, 2, 1]
        x3 = controls[k, 3, 0]
        y3 = controls[k, 3, 1]
        d1 = _point_segment_distance(x1, y1, x0, y0, x3, y3)
        d2 = _point_segment_distance(x2, y2, x0, y0, x3, y3)
        if d1 <= tolerance and d2 <= tolerance:
            steps[k] = 1
            continue
        ax = x0 - 2.0 * x1 + x2
        ay = y0 - 2.0 * y1 + y2
        bx = x1 - 2.0 * x2 + x3
        by = y1 - 2.0 * y2 + y3
        la = math.sqrt(ax * ax + ay * ay)
        lb = math.sqrt(bx * bx + by * by)
        q = 0.75 * max(la, lb) / tolerance
        if q != q:
            # NaN control points: emit the end point only, NaN flows on to the caller.
            steps[k] = 1
        elif q >= float(cap) * float(cap):
            steps[k] = cap
        else:
            n = int(math.ceil(math.sqrt(q)))
            steps[k] = n if n > 1 else 1
    return steps


@njit(
    "Tuple((float64[:, ::1], int64[::1]))(float64[:, :, ::1], int64[::1], boolean[::1], int64[::1])",
    **NJIT_OPTIONS,
)
def flatten(controls, offsets, closed, steps):
    """Polylines of all subpaths, given ``steps`` chords per segment.

    Returns ``(coords (N, 2), out_offsets (S + 1,))``. Two passes: count, then fill.
    """
    n_sub = offsets.shape[0] - 1
    out_offsets = np.zeros(n_sub + 1, dtype=np.int64)
    total = 0
    for s in range(n_sub):
        a = offsets[s]
        b = offsets[s + 1]
        if b > a:
            total += 1
            px = controls[a, 0, 0]
            py = controls[a, 0, 1]
            for k in range(a, b):
                if not (controls[k, 0, 0] == px and controls[k, 0, 1] == py):
                    total += 1
                total += steps[k]
                px = controls[k, 3, 0]
                py = controls[k, 3, 1]
            if closed[s] and not (px == controls[a, 0, 0] and py == controls[a, 0, 1]):
                total += 1
        out_offsets[s + 1] = total

    coords = np.empty((total, 2), dtype=np.float64)
    i = 0
    for s in range(n_sub):
        a = offsets[s]
        b = offsets[s + 1]
        if b <= a:
            continue
        px = controls[a, 0, 0]
        py = controls[a, 0, 1]
        coords[i, 0] = px
        coords[i, 1] = py
        i += 1
        for k in range(a, b):
            x0 = controls[k, 0, 0]
            y0 = controls[k, 0, 1]
            if not (x0 == px and y0 == py):
                # A jump inside a subpath is kept as a straight piece.
                coords[i, 0] = x0
                coords[i, 1] = y0
                i += 1
            n = steps[k]
            for j in range(1, n):
                t = j / n
                mt = 1.0 - t
                b0 = mt * mt * mt
                b1 = 3.0 * mt * mt * t
                b2 = 3.0 * mt * t * t
                b3 = t * t * t
                coords[i, 0] = b0 * x0 + b1 * controls[k, 1, 0] + b2 * controls[k, 2, 0] + b3 * controls[k, 3, 0]
                coords[i, 1] = b0 * y0 + b1 * controls[k, 1, 1] + b2 * controls[k, 2, 1] + b3 * controls[k, 3, 1]
                i += 1
            px = controls[k, 3, 0]
            py = controls[k, 3, 1]
            coords[i, 0] = px
            coords[i, 1] = py
            i += 1
        if closed[s] and not (px == controls[a, 0, 0] and py == controls[a, 0, 1]):
            coords[i, 0] = controls[a, 0, 0]
            coords[i, 1] = controls[a, 0, 1]
            i += 1
    return coords, out_offsets
