"""pgfplots' ``scale mode=scale uniformly`` for 3D axes (``axis equal``, ``axis equal image``).

``axis equal`` and ``axis equal image`` set ``unit vector ratio=1 1 1``, which
turns ``scale mode=auto`` into ``scale uniformly``; a ratio of 1 1 1 needs no
further unit rescaling (``pgfplots.scaling.code.tex``,
``\\pgfplots@scaleaxes@to@BB@``):

1. every direction gets the unit ``e_i / r_max`` (``e_i`` the view direction of
   the unit cube, ``r_i`` the axis range, ``r_max`` the largest range of a
   visible direction); the other axes' limits are to grow by ``r_max / r_i``;
2. one common scale ``s`` fits the projected box into ``W`` by ``H``, the
   cheapest of ``change horizontal limits`` (``s`` from the height, x and y
   limits grow by ``R`` found by fixed-point iteration, 9 steps) and
   ``change vertical limits`` (``s = W / w``, the z limits, or y for a
   vertical z, grow) whose limit factors are all at least 1 (cost: their
   sum), else ``units only`` (``s`` from the smaller of ``W``, ``H``);
3. if all limit factors exceed 1.002, the smallest one is moved into the unit;
4. ``unit rescale keep size`` (true for ``axis equal``, false for ``axis
   equal image``): the limit factors widen the limits (both ends of an
   automatic or fully given range, else the automatic end), or are dropped.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["scale_uniformly", "widen_limits"]

_ITER = 9


def _units_only(w, h, W, H):
    return (W / w if W < H else H / h), np.ones(3)


def _vertical(e, w, h, W, H):
    s = W / w
    if abs(e[2, 1]) < 1e-12:
        if abs(e[1, 0]) > 1e-12:
            return _units_only(w, h, W, H)
        d = 1
    elif abs(e[2, 0]) > 1e-12:
        return _units_only(w, h, W, H)
    else:
        d = 2
    M = abs(e[d, 1])
    R = np.ones(3)
    R[d] = (H - s * (h - M)) / (s * M)
    return s, R


def _horizontal(e, w, h, W, H):
    if abs(e[2, 1]) < 1e-12:
        if abs(e[1, 0]) > 1e-12 or abs(e[0, 1]) > 1e-12:
            return _units_only(w, h, W, H)
        s = H / h
        return s, np.array([W / w / s, 1.0, 1.0])
    if abs(e[2, 0]) > 1e-12:
        return _units_only(w, h, W, H)
    M = abs(e[2, 1])
    S = R = 1.0
    for _ in range(_ITER):
        S = H / (R * (h - M) + M)
        R = (W / w) / S
    return S, np.array([R, R, 1.0])


def scale_uniformly(e, ranges, W, H):
    """``(k, L)``: the data unit vectors are ``k * e_i`` and ``L`` the limit factors.

    ``e`` holds the projected directions ``(3, 2)`` of the unit cube, ``ranges``
    the three axis ranges, ``W`` and ``H`` the target box size."""
    e = np.asarray(e, dtype=float)
    r = np.asarray(ranges, dtype=float)
    zero = [math.hypot(*e[i]) < 1e-12 for i in range(3)]
    vis = [i for i in range(3) if not zero[i]]
    arg = max(vis, key=lambda i: (r[i], -i)) if vis else 0
    rmax = r[arg]
    L = np.array([1.0 if zero[i] or i == arg else rmax / r[i] for i in range(3)])
    w = float(np.abs(e[:, 0]).sum())
    h = float(np.abs(e[:, 1]).sum())
    best = None
    for strat in (_horizontal, _vertical):
        s, R = strat(e, w, h, W, H)
        c = L * R
        if np.any(c < 1.0):
            continue
        cost = float(c.sum())
        if best is None or cost < best[0]:
            best = (cost, s, c)
    if best is None:
        s, R = _units_only(w, h, W, H)
        best = (0.0, s, L * R)
    _, s, L = best
    m = 1.0
    if all(L[i] >= 1.002 for i in vis) and vis:
        m = min(L[i] for i in vis)
        L = L / m
    return s / rmax * m, L


def widen_limits(lo, hi, factor, auto_lo, auto_hi):
    """Limits grown by ``factor`` (``\\pgfplots@apply@unit@vector@rescale@keep@size``
    with ``unit rescale keep size=true``)."""
    if abs(factor - 1.0) < 1e-12:
        return lo, hi
    d = (hi - lo) * (factor - 1.0)
    if auto_lo and not auto_hi:
        return lo - d, hi
    if auto_hi and not auto_lo:
        return lo, hi + d
    return lo - d / 2, hi + d / 2
