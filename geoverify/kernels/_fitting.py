"""numba kernel: least-squares circle fit.

Private: importing this module compiles (or loads from cache) the kernel.
Use :func:`geoverify.kernels.fit_circle`.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from geoverify.kernels.config import NJIT_OPTIONS

__all__ = ["fit_circle", "GAUSS_NEWTON_STEPS", "COLLINEAR_RTOL"]

#: most Gauss-Newton steps after the algebraic start.
GAUSS_NEWTON_STEPS = 20

#: relative determinant of the scatter matrix under which points count as collinear.
COLLINEAR_RTOL = 1e-12


@njit("float64(float64[:, ::1], float64, float64, float64)", **NJIT_OPTIONS)
def _cost(uv, cu, cv, r):
    total = 0.0
    for i in range(uv.shape[0]):
        du = uv[i, 0] - cu
        dv = uv[i, 1] - cv
        e = math.sqrt(du * du + dv * dv) - r
        total += e * e
    return total


@njit("float64[::1](float64[:, ::1])", **NJIT_OPTIONS)
def fit_circle(points):
    """``[cx, cy, r, rms]``; all NaN for < 3 points, collinear points or NaN input."""
    out = np.full(4, np.nan, dtype=np.float64)
    n = points.shape[0]
    if n < 3:
        return out
    mx = 0.0
    my = 0.0
    for i in range(n):
        mx += points[i, 0]
        my += points[i, 1]
    mx /= n
    my /= n
    # Centre and scale to unit RMS radius so the normal equations are well conditioned.
    s2 = 0.0
    for i in range(n):
        dx = points[i, 0] - mx
        dy = points[i, 1] - my
        s2 += dx * dx + dy * dy
    s = math.sqrt(s2 / n)
    if not (s > 0.0) or not math.isfinite(s):
        return out
    uv = np.empty((n, 2), dtype=np.float64)
    for i in range(n):
        uv[i, 0] = (points[i, 0] - mx) / s
        uv[i, 1] = (points[i, 1] - my) / s
    # Kasa: minimise sum (u^2 + v^2 + A u + B v + C)^2. With centred data the
    # equations for A, B decouple from C, and C = -mean(u^2 + v^2) = -1.
    suu = 0.0
    suv = 0.0
    svv = 0.0
    suz = 0.0
    svz = 0.0
    for i in range(n):
        u = uv[i, 0]
        v = uv[i, 1]
        z = u * u + v * v
        suu += u * u
        suv += u * v
        svv += v * v
        suz += u * z
        svz += v * z
    det = suu * svv - suv * suv
    if not (det > COLLINEAR_RTOL * (suu + svv) * (suu + svv)):
        return out
    big_a = (-suz * svv + svz * suv) / det
    big_b = (-svz * suu + suz * suv) / det
    cu = -0.5 * big_a
    cv = -0.5 * big_b
    r = math.sqrt(cu * cu + cv * cv + 1.0)
    # Gauss-Newton on the geometric residuals |p - c| - r (Kasa is biased for
    # short arcs and noisy data; the geometric fit is not).
    cost = _cost(uv, cu, cv, r)
    for _ in range(GAUSS_NEWTON_STEPS):
        j00 = 0.0
        j01 = 0.0
        j02 = 0.0
        j11 = 0.0
        j12 = 0.0
        j22 = 0.0
        g0 = 0.0
        g1 = 0.0
        g2 = 0.0
        for i in range(n):
            du = uv[i, 0] - cu
            dv = uv[i, 1] - cv
            d = math.sqrt(du * du + dv * dv)
            e = d - r
            # Jacobian row of e w.r.t. (cu, cv, r); a point at the centre has no direction.
            a0 = -du / d if d > 0.0 else 0.0
            a1 = -dv / d if d > 0.0 else 0.0
            j00 += a0 * a0
            j01 += a0 * a1
            j02 -= a0
            j11 += a1 * a1
            j12 -= a1
            j22 += 1.0
            g0 += a0 * e
            g1 += a1 * e
            g2 -= e
        # Solve (J^T J) step = -J^T e by Cramer's rule (3 x 3, symmetric).
        c00 = j11 * j22 - j12 * j12
        c01 = j02 * j12 - j01 * j22
        c02 = j01 * j12 - j02 * j11
        det3 = j00 * c00 + j01 * c01 + j02 * c02
        if not (abs(det3) > 0.0) or not math.isfinite(det3):
            break
        c11 = j00 * j22 - j02 * j02
        c12 = j01 * j02 - j00 * j12
        c22 = j00 * j11 - j01 * j01
        d0 = -(c00 * g0 + c01 * g1 + c02 * g2) / det3
        d1 = -(c01 * g0 + c11 * g1 + c12 * g2) / det3
        d2 = -(c02 * g0 + c12 * g1 + c22 * g2) / det3
        new_cost = _cost(uv, cu + d0, cv + d1, r + d2)
        if not (new_cost <= cost):
            break
        cu += d0
        cv += d1
        r += d2
        done = abs(d0) + abs(d1) + abs(d2) <= 1e-15 * (1.0 + r)
        cost = new_cost
        if done:
            break
    out[0] = mx + s * cu
    out[1] = my + s * cv
    out[2] = s * abs(r)
    out[3] = s * math.sqrt(cost / n)
    return out
