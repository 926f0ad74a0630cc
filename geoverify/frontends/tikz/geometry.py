"""Plane geometry for the TikZ evaluator: affine maps, conics, Bezier sampling.

Affine maps are 6-tuples ``(a, b, c, d, e, f)`` meaning
``x' = a x + c y + e``, ``y' = b x + d y + f`` (pgf's own order), kept as
Python floats because the evaluator applies them to one point at a time.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.errors import FigureSyntaxError

__all__ = [
    "IDENTITY", "compose", "apply", "apply_points", "apply_linear", "invert", "translation", "rotation", "scaling",
    "ellipse_axes", "ellipse_arc", "cubic_point", "cubic_tangent", "sample_cubics", "point_at_fraction",
    "line_intersection", "segments_intersections", "pgf_veclen",
]

Affine = tuple

IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def compose(m: Affine, n: Affine) -> Affine:
    """``m o n``: apply ``n`` first, then ``m``."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def apply(m: Affine, p) -> tuple[float, float]:
    x, y = p
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def apply_points(m: Affine, pts, finite: bool = False) -> list:
    """``[apply(m, p) for p in pts]``, the map's entries read once (no call per point: plot
    lines of hundreds of points); ``finite``: a point with a coordinate that is not finite
    maps to None. The same operations in the same order as :func:`apply`; an ``(N, 2)`` array
    is read as a list (Python floats: a tenth of the time of numpy's scalars, the same values)."""
    a, b, c, d, e, f = m
    if type(pts) is np.ndarray:
        pts = pts.tolist()
    if finite:
        isfinite = math.isfinite
        return [(a * x + c * y + e, b * x + d * y + f) if isfinite(x) and isfinite(y) else None for x, y in pts]
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in pts]


def apply_linear(m: Affine, v) -> tuple[float, float]:
    x, y = v
    return (m[0] * x + m[2] * y, m[1] * x + m[3] * y)


def invert(m: Affine) -> Affine:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-300:
        return IDENTITY
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def translation(x: float, y: float) -> Affine:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def rotation(deg: float) -> Affine:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    # exact quarter turns keep right angles exact
    if abs(c) < 1e-15:
        c = 0.0
    if abs(s) < 1e-15:
        s = 0.0
    return (c, s, -s, c, 0.0, 0.0)


def scaling(sx: float, sy: float) -> Affine:
    return (sx, 0.0, 0.0, sy, 0.0, 0.0)


def ellipse_axes(u, v) -> tuple[float, float, float, bool, float]:
    """Principal form of the ellipse ``c + u cos t + v sin t``.

    Parameters
    ----------
    u, v : (2,) array_like
        Conjugate semi-axis vectors (images of the unit x and y radii).

    Returns
    -------
    (rx, ry, rotation, flip, phase)
        Semi-axes, rotation of the rx axis (radians), whether ``t`` runs clockwise
        in the principal frame, and the principal-frame angle of ``t = 0``:
        ``theta(t) = phase + (-t if flip else t)``.
    """
    if not math.isfinite(u[0] + u[1] + v[0] + v[1]):  # (TeX: "Dimension too large")
        raise FigureSyntaxError("a circle, ellipse or arc whose size is not a finite number (too large?)")
    M = np.array([[u[0], v[0]], [u[1], v[1]]], dtype=np.float64)
    if abs(u[0] * v[0] + u[1] * v[1]) < 1e-9 * (1 + abs(M).max() ** 2):
        # already orthogonal: no SVD noise for the common case
        rx, ry = math.hypot(*u), math.hypot(*v)
        rot = math.atan2(u[1], u[0])
        det = u[0] * v[1] - u[1] * v[0]
        return rx, ry, rot, det < 0, 0.0
    U, S, Vt = np.linalg.svd(M)
    if np.linalg.det(U) < 0:
        U[:, 1] *= -1
        Vt[1, :] *= -1
    rot = math.atan2(U[1, 0], U[0, 0])
    flip = np.linalg.det(Vt) < 0
    # theta(t) = angle of Vt @ (cos t, sin t)
    phase = math.atan2(Vt[1, 0], Vt[0, 0])
    return float(S[0]), float(S[1]), rot, bool(flip), phase


def ellipse_arc(center, u, v, t0: float, t1: float):
    """Arc ``c + u cos t + v sin t`` for ``t`` in ``[t0, t1]`` (radians) in principal form.

    Returns
    -------
    (rx, ry, rotation, start, sweep)
    """
    rx, ry, rot, flip, phase = ellipse_axes(u, v)
    if flip:
        return rx, ry, rot, phase - t0, -(t1 - t0)
    return rx, ry, rot, phase + t0, t1 - t0


def cubic_point(c: np.ndarray, t: float) -> np.ndarray:
    """Point of the cubic ``c (4, 2)`` at parameter ``t``."""
    s = 1 - t
    return s ** 3 * c[0] + 3 * s * s * t * c[1] + 3 * s * t * t * c[2] + t ** 3 * c[3]


def cubic_tangent(c: np.ndarray, t: float) -> np.ndarray:
    """Derivative of the cubic at ``t`` (falls back to chords on degenerate ends)."""
    s = 1 - t
    d = 3 * (s * s * (c[1] - c[0]) + 2 * s * t * (c[2] - c[1]) + t * t * (c[3] - c[2]))
    if np.hypot(*d) < 1e-12:
        d = (c[3] - c[0]) if t > 0.5 else (c[3] - c[0])
        if t >= 1 and np.hypot(*(c[3] - c[1])) > 1e-12:
            d = c[3] - c[1] if np.hypot(*(c[3] - c[2])) < 1e-12 else c[3] - c[2]
        elif t <= 0 and np.hypot(*(c[2] - c[0])) > 1e-12:
            d = c[1] - c[0] if np.hypot(*(c[1] - c[0])) > 1e-12 else c[2] - c[0]
    return d


def sample_cubics(controls: np.ndarray, per_segment: int = 32) -> tuple[np.ndarray, np.ndarray]:
    """Dense samples of a chain of cubics and their cumulative arc length.

    Parameters
    ----------
    controls : (K, 4, 2) float64

    Returns
    -------
    points : (K * per_segment + 1, 2) float64
    length : (K * per_segment + 1,) float64
    """
    t = np.linspace(0.0, 1.0, per_segment + 1)[:-1]
    s = 1 - t
    w = np.stack([s ** 3, 3 * s * s * t, 3 * s * t * t, t ** 3], axis=1)  # (n, 4)
    pts = np.einsum("nj,kjd->knd", w, controls).reshape(-1, 2)
    pts = np.vstack([pts, controls[-1, 3][None]])
    seg = np.hypot(*np.diff(pts, axis=0).T)
    return pts, np.concatenate([[0.0], np.cumsum(seg)])


def point_at_fraction(controls: np.ndarray, frac: float) -> tuple[np.ndarray, np.ndarray]:
    """Point and unit tangent at a fraction of the arc length of a cubic chain.

    Returns
    -------
    point, direction : (2,) float64
    """
    per = 64
    pts, length = sample_cubics(controls, per)
    total = length[-1]
    if total <= 0:
        return controls[0, 0].copy(), np.array([1.0, 0.0])
    target = min(max(frac, 0.0), 1.0) * total
    i = int(np.searchsorted(length, target, side="right") - 1)
    i = min(max(i, 0), len(pts) - 2)
    k, j = divmod(i, per)
    seg_len = length[i + 1] - length[i]
    local = (target - length[i]) / seg_len if seg_len > 0 else 0.0
    t = (j + local) / per
    if k >= len(controls):
        k, t = len(controls) - 1, 1.0
    c = controls[k]
    d = cubic_tangent(c, t)
    n = np.hypot(*d)
    return cubic_point(c, t), (d / n if n > 0 else np.array([1.0, 0.0]))


def line_intersection(p1, p2, p3, p4):
    """Intersection of the lines p1p2 and p3p4 (infinite lines), or None when parallel."""
    x1, y1 = p1
    x2, y2 = p2
    x3, y3 = p3
    x4, y4 = p4
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if abs(den) < 1e-12:
        return None
    a = x1 * y2 - y1 * x2
    b = x3 * y4 - y3 * x4
    return ((a * (x3 - x4) - (x1 - x2) * b) / den, (a * (y3 - y4) - (y1 - y2) * b) / den)


def segments_intersections(pa: np.ndarray, pb: np.ndarray) -> list[tuple[float, float, float, float]]:
    """Crossings of two polylines ``(N, 2)`` and ``(M, 2)``.

    Returns
    -------
    list of (x, y, sa, sb)
        Points with their arc-length positions along each polyline, sorted by ``sa``.
    """
    out = []
    if len(pa) < 2 or len(pb) < 2:
        return out
    a0, a1 = pa[:-1], pa[1:]
    b0, b1 = pb[:-1], pb[1:]
    la = np.concatenate([[0.0], np.cumsum(np.hypot(*(a1 - a0).T))])
    lb = np.concatenate([[0.0], np.cumsum(np.hypot(*(b1 - b0).T))])
    # bounding-box prefilter
    amin = np.minimum(a0, a1)
    amax = np.maximum(a0, a1)
    bmin = np.minimum(b0, b1)
    bmax = np.maximum(b0, b1)
    ov = ((amin[:, None, 0] <= bmax[None, :, 0] + 1e-9) & (bmin[None, :, 0] <= amax[:, None, 0] + 1e-9)
          & (amin[:, None, 1] <= bmax[None, :, 1] + 1e-9) & (bmin[None, :, 1] <= amax[:, None, 1] + 1e-9))
    for i, j in zip(*np.nonzero(ov)):
        p, r = a0[i], a1[i] - a0[i]
        q, s = b0[j], b1[j] - b0[j]
        den = r[0] * s[1] - r[1] * s[0]
        if abs(den) < 1e-14:
            continue
        qp = q - p
        t = (qp[0] * s[1] - qp[1] * s[0]) / den
        u = (qp[0] * r[1] - qp[1] * r[0]) / den
        if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
            x, y = p + t * r
            sa = la[i] + t * (la[i + 1] - la[i])
            sb = lb[j] + u * (lb[j + 1] - lb[j])
            if not any(abs(x - o[0]) < 1e-6 and abs(y - o[1]) < 1e-6 for o in out):
                out.append((float(x), float(y), float(sa), float(sb)))
    out.sort(key=lambda o: o[2])
    return out


def pgf_veclen(dx: float, dy: float) -> float:
    """Length of (dx, dy) as pgf computes it (tikzlibrarytopaths' to-distance, the circle shape's radius).

    pgf divides by the larger normalised component scaled to 1/255 steps, which
    makes the result up to ~0.5 % longer than the Euclidean length; reproducing
    it keeps ``to`` curves on TeX's own control points.
    """
    ax, ay = abs(dx), abs(dy)
    n = math.hypot(ax, ay)
    if n == 0:
        return 0.0
    nx, ny = ax / n, ay / n
    big, comp = (nx, ax) if nx > ny else (ny, ay)
    count = int(big * 65536) // 255
    if count == 0:
        return comp
    return 256.0 * comp / count
