"""Plain numpy versions of every kernel, for tests and benchmarks.

These are written for obviousness, not speed: vectorised over points and
segments, one polyline at a time. They follow the same documented rules as the
public functions (see each function there) and the same floating-point
formulas, so on ties (closest segment, points on edges) they give the same
answer to the last bit. Inputs are assumed already checked (no validation).
"""

from __future__ import annotations

import numpy as np

from geoverify.kernels.config import MAX_SEGMENT_SUBDIVISIONS, MERGE_RTOL, ON_CURVE, ON_CURVE_RTOL

__all__ = [
    "flatten_subpaths",
    "point_polyline_distances",
    "nearest_polyline",
    "closest_points_on_polylines",
    "winding_numbers",
    "points_in_polygon",
    "polyline_lengths",
    "resample_polyline",
    "directed_hausdorff",
    "segment_intersections",
    "fit_circle",
]


def _as_points(x):
    arr = np.asarray(x, dtype=np.float64)
    return arr.reshape(-1, 2) if arr.size else np.empty((0, 2))


def _segments(line):
    """(a (S, 2), b (S, 2)) segment end points; a 1-point polyline is one zero-length segment."""
    if len(line) == 1:
        return line, line
    return line[:-1], line[1:]


def _project(points, a, b):
    """Clamped parameters t (P, S) and squared distances (P, S) of points on segments."""
    d = b - a
    l2 = d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]
    wx = points[:, None, 0] - a[None, :, 0]
    wy = points[:, None, 1] - a[None, :, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(l2 > 0.0, (wx * d[:, 0] + wy * d[:, 1]) / np.where(l2 > 0.0, l2, 1.0), 0.0)
    t = np.where(t < 0.0, 0.0, np.where(t > 1.0, 1.0, t))
    ex = points[:, None, 0] - (a[None, :, 0] + t * d[None, :, 0])
    ey = points[:, None, 1] - (a[None, :, 1] + t * d[None, :, 1])
    return t, ex * ex + ey * ey


def flatten_subpaths(controls, offsets, closed, tolerance):
    """Reference for :func:`geoverify.kernels.flatten_subpaths`."""
    ctrl = np.asarray(controls, dtype=np.float64).reshape(-1, 4, 2)
    p0, p1, p2, p3 = ctrl[:, 0], ctrl[:, 1], ctrl[:, 2], ctrl[:, 3]
    # Straight if both inner controls are within tolerance of the chord.
    _, d1 = _project_pairs(p1, p0, p3)
    _, d2 = _project_pairs(p2, p0, p3)
    straight = (np.sqrt(d1) <= tolerance) & (np.sqrt(d2) <= tolerance)
    dd0 = p0 - 2.0 * p1 + p2
    dd1 = p1 - 2.0 * p2 + p3
    big_l = np.maximum(np.sqrt((dd0**2).sum(axis=1)), np.sqrt((dd1**2).sum(axis=1)))
    with np.errstate(invalid="ignore"):
        q = 0.75 * big_l / tolerance
        cap = MAX_SEGMENT_SUBDIVISIONS
        n = np.where(np.isnan(q), 1.0, np.where(q >= float(cap) ** 2, cap, np.ceil(np.sqrt(np.where(np.isnan(q), 0, q)))))
    steps = np.where(straight, 1, np.maximum(n, 1)).astype(np.int64)

    pieces = []
    out_offsets = [0]
    for s in range(len(offsets) - 1):
        a, b = int(offsets[s]), int(offsets[s + 1])
        if b > a:
            pts = [ctrl[a, 0][None]]
            prev = ctrl[a, 0]
            for k in range(a, b):
                if not np.array_equal(ctrl[k, 0], prev):
                    pts.append(ctrl[k, 0][None])
                t = np.arange(1, steps[k]) / steps[k]
                mt = 1.0 - t
                basis = np.stack([mt * mt * mt, 3.0 * mt * mt * t, 3.0 * mt * t * t, t * t * t], axis=1)
                inner = (
                    basis[:, 0:1] * ctrl[k, 0]
                    + basis[:, 1:2] * ctrl[k, 1]
                    + basis[:, 2:3] * ctrl[k, 2]
                    + basis[:, 3:4] * ctrl[k, 3]
                )
                pts.append(inner)
                pts.append(ctrl[k, 3][None])
                prev = ctrl[k, 3]
            if closed[s] and not np.array_equal(prev, ctrl[a, 0]):
                pts.append(ctrl[a, 0][None])
            pieces.append(np.concatenate(pts))
        out_offsets.append(out_offsets[-1] + (len(pieces[-1]) if b > a else 0))
    coords = np.concatenate(pieces) if pieces else np.empty((0, 2))
    return coords, np.asarray(out_offsets, dtype=np.int64)


def _project_pairs(p, a, b):
    """Row-wise clamped parameter and squared distance of p[i] on segment a[i] b[i]."""
    d = b - a
    l2 = (d * d).sum(axis=1)
    w = p - a
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(l2 > 0.0, (w * d).sum(axis=1) / np.where(l2 > 0.0, l2, 1.0), 0.0)
    t = np.where(t < 0.0, 0.0, np.where(t > 1.0, 1.0, t))
    e = p - (a + t[:, None] * d)
    return t, (e * e).sum(axis=1)


def _lines(coords, offsets):
    return [coords[offsets[m] : offsets[m + 1]] for m in range(len(offsets) - 1)]


def point_polyline_distances(points, coords, offsets):
    """Reference for :func:`geoverify.kernels.point_polyline_distances`."""
    points, coords = _as_points(points), _as_points(coords)
    out = np.full((len(points), len(offsets) - 1), np.inf)
    for m, line in enumerate(_lines(coords, offsets)):
        if len(line) and len(points):
            _, d2 = _project(points, *_segments(line))
            out[:, m] = np.sqrt(d2.min(axis=1))
    return out


def nearest_polyline(points, coords, offsets):
    """Reference for :func:`geoverify.kernels.nearest_polyline`."""
    dist = point_polyline_distances(points, coords, offsets)
    if dist.shape[1] == 0:
        return np.full(len(dist), -1, dtype=np.int64), np.full(len(dist), np.inf)
    index = np.argmin(dist, axis=1).astype(np.int64)
    return index, dist[np.arange(len(dist)), index]


def closest_points_on_polylines(points, coords, offsets):
    """Reference for :func:`geoverify.kernels.closest_points_on_polylines`."""
    points, coords = _as_points(points), _as_points(coords)
    n_pts, n_lines = len(points), len(offsets) - 1
    closest = np.full((n_pts, n_lines, 2), np.nan)
    param = np.full((n_pts, n_lines), np.nan)
    for m, line in enumerate(_lines(coords, offsets)):
        if not len(line) or not n_pts:
            continue
        a, b = _segments(line)
        t, d2 = _project(points, a, b)
        best = np.argmin(d2, axis=1)  # first minimum, or first NaN
        rows = np.arange(n_pts)
        tb = t[rows, best]
        cp = a[best] + tb[:, None] * (b[best] - a[best])
        seg_len = np.sqrt(((b - a) ** 2).sum(axis=1)) if len(line) > 1 else np.zeros(1)
        cum = np.concatenate([[0.0], np.cumsum(seg_len)])
        total = cum[len(line) - 1] if len(line) > 1 else 0.0
        start = cum[best]
        end = cum[best + 1] if len(line) > 1 else cum[best]
        if total > 0.0:
            s = np.clip((start + tb * (end - start)) / total, 0.0, 1.0)
        else:
            s = np.zeros(n_pts)
        bad = np.isnan(d2[rows, best])
        cp[bad] = np.nan
        s[bad] = np.nan
        closest[:, m] = cp
        param[:, m] = s
    return closest, param


def winding_numbers(points, coords, offsets):
    """Reference for :func:`geoverify.kernels.winding_numbers`."""
    points, coords = _as_points(points), _as_points(coords)
    out = np.zeros((len(points), len(offsets) - 1), dtype=np.int64)
    for m, line in enumerate(_lines(coords, offsets)):
        if not len(line) or not len(points):
            continue
        a = line
        b = np.roll(line, -1, axis=0)
        px, py = points[:, 0:1], points[:, 1:2]
        cross = (b[:, 0] - a[:, 0]) * (py - a[:, 1]) - (px - a[:, 0]) * (b[:, 1] - a[:, 1])
        up = (a[:, 1] <= py) & (b[:, 1] > py) & (cross > 0.0)
        down = (a[:, 1] > py) & (b[:, 1] <= py) & (cross < 0.0)
        wn = up.sum(axis=1) - down.sum(axis=1)
        scale = np.maximum(np.abs(line).max(), np.abs(points).max(axis=1))
        _, d2 = _project(points, a, b)
        with np.errstate(invalid="ignore"):
            on = (d2 <= ((ON_CURVE_RTOL * scale) ** 2)[:, None]).any(axis=1)
        on |= np.isnan(points).any(axis=1) | np.isnan(line).any()
        out[:, m] = np.where(on, ON_CURVE, wn)
    return out


def points_in_polygon(points, polygon):
    """Reference for :func:`geoverify.kernels.points_in_polygon`."""
    points, polygon = _as_points(points), _as_points(polygon)
    xi, yi = polygon[:, 0], polygon[:, 1]
    xj, yj = np.roll(xi, 1), np.roll(yi, 1)
    px, py = points[:, 0:1], points[:, 1:2]
    straddle = (yi > py) != (yj > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        x_cross = (xj - xi) * (py - yi) / (yj - yi) + xi
    crossings = (straddle & (px < x_cross)).sum(axis=1)
    return crossings % 2 == 1


def polyline_lengths(coords, offsets):
    """Reference for :func:`geoverify.kernels.polyline_lengths`."""
    coords = _as_points(coords)
    return np.array([np.sqrt((np.diff(line, axis=0) ** 2).sum(axis=1)).sum() for line in _lines(coords, offsets)])


def resample_polyline(coords, n):
    """Reference for :func:`geoverify.kernels.resample_polyline` (``np.interp`` on arc length)."""
    coords = _as_points(coords)
    cum = np.concatenate([[0.0], np.cumsum(np.sqrt((np.diff(coords, axis=0) ** 2).sum(axis=1)))])
    total = cum[-1]
    if not np.isfinite(total):
        return np.full((n, 2), np.nan)
    if n == 1:
        return coords[:1].copy()
    s = total * np.arange(n) / max(n - 1, 1)
    out = np.stack([np.interp(s, cum, coords[:, 0]), np.interp(s, cum, coords[:, 1])], axis=1)
    if n >= 2:
        out[-1] = coords[-1]
    return out


def directed_hausdorff(a, b):
    """Reference for :func:`geoverify.kernels.directed_hausdorff` (no early exit)."""
    a, b = _as_points(a), _as_points(b)
    if np.isnan(a).any() or np.isnan(b).any():
        return float("nan")
    if not len(a):
        return 0.0
    if not len(b):
        return float("inf")
    _, d2 = _project(a, *_segments(b))
    return float(np.sqrt(d2.min(axis=1).max()))


def segment_intersections(coords_a, coords_b):
    """Reference for :func:`geoverify.kernels.segment_intersections` (all pairs at once)."""
    pa, pb = _as_points(coords_a), _as_points(coords_b)
    if not len(pa) or not len(pb):
        return np.empty((0, 2))
    scale = max(np.abs(pa).max(), np.abs(pb).max())
    if np.isnan(scale):
        return np.empty((0, 2))
    eps = ON_CURVE_RTOL * scale
    a0, a1 = _segments(pa)
    b0, b1 = _segments(pb)
    # Grids (I, J) over segment pairs, i major.
    p = a0[:, None, :]
    r = (a1 - a0)[:, None, :]
    q = b0[None, :, :]
    s = (b1 - b0)[None, :, :]
    rr = (r**2).sum(-1)
    ss = (s**2).sum(-1)
    w = q - p
    shape = (len(a0), len(b0))
    found = np.zeros(shape, dtype=bool)
    pts = np.full(shape + (2,), np.nan)

    # Zero-length segments are points.
    pt_a = np.broadcast_to(rr == 0.0, shape)
    pt_b = np.broadcast_to(ss == 0.0, shape) & ~pt_a
    _, d2a = _project(a0, b0, b1)  # a's start on b's segments
    _, d2b = _project(b0, a0, a1)  # b's start on a's segments
    hit_a = pt_a & (d2a <= eps * eps)
    hit_b = pt_b & (d2b.T <= eps * eps)
    found |= hit_a | hit_b
    pts[hit_a] = np.broadcast_to(p, shape + (2,))[hit_a]
    pts[hit_b] = np.broadcast_to(q, shape + (2,))[hit_b]

    proper = ~(pt_a | pt_b)
    with np.errstate(divide="ignore", invalid="ignore"):
        lr = np.broadcast_to(np.sqrt(rr), shape)
        ls = np.broadcast_to(np.sqrt(ss), shape)
        rxs = r[..., 0] * s[..., 1] - r[..., 1] * s[..., 0]
        crossing = proper & (np.abs(rxs) > ON_CURVE_RTOL * lr * ls)
        t = (w[..., 0] * s[..., 1] - w[..., 1] * s[..., 0]) / rxs
        u = (w[..., 0] * r[..., 1] - w[..., 1] * r[..., 0]) / rxs
        st, su = eps / lr, eps / ls
        hit = crossing & (t >= -st) & (t <= 1.0 + st) & (u >= -su) & (u <= 1.0 + su)
        tc = np.clip(t, 0.0, 1.0)
        cross_pts = p + tc[..., None] * r
        found |= hit
        pts[hit] = cross_pts[hit]

        parallel = proper & ~crossing & (np.abs(w[..., 0] * r[..., 1] - w[..., 1] * r[..., 0]) / lr <= eps)
        t0 = (w[..., 0] * r[..., 0] + w[..., 1] * r[..., 1]) / rr
        t1 = ((w[..., 0] + s[..., 0]) * r[..., 0] + (w[..., 1] + s[..., 1]) * r[..., 1]) / rr
        lo = np.maximum(0.0, np.minimum(t0, t1))
        hi = np.minimum(1.0, np.maximum(t0, t1))
        overlap = parallel & (lo <= hi + eps / lr)
        mid = np.clip(0.5 * (lo + hi), 0.0, 1.0)
        mid_pts = p + mid[..., None] * r
        found |= overlap
        pts[overlap] = mid_pts[overlap]

    candidates = pts[found]  # boolean indexing walks the grid in i-major order
    kept: list[np.ndarray] = []
    merge2 = (MERGE_RTOL * scale) ** 2
    for c in candidates:
        if not any(((c - k) ** 2).sum() <= merge2 for k in kept):
            kept.append(c)
    return np.array(kept).reshape(-1, 2)


def fit_circle(points):
    """Reference for :func:`geoverify.kernels.fit_circle` (``lstsq`` + Gauss-Newton with ``solve``)."""
    pts = _as_points(points)
    nan4 = (np.nan,) * 4
    if len(pts) < 3 or np.isnan(pts).any():
        return nan4
    mean = pts.mean(axis=0)
    centred = pts - mean
    scale = np.sqrt((centred**2).sum(axis=1).mean())
    if not scale > 0.0:
        return nan4
    uv = centred / scale
    scatter = uv.T @ uv
    if not np.linalg.det(scatter) > 1e-12 * np.trace(scatter) ** 2:
        return nan4
    # Kasa: u^2 + v^2 + A u + B v + C = 0 in the least-squares sense.
    design = np.column_stack([uv, np.ones(len(uv))])
    (big_a, big_b, big_c), *_ = np.linalg.lstsq(design, -(uv**2).sum(axis=1), rcond=None)
    c = np.array([-big_a / 2, -big_b / 2])
    r = np.sqrt(c @ c - big_c)

    def cost(c, r):
        return float(((np.sqrt(((uv - c) ** 2).sum(axis=1)) - r) ** 2).sum())

    current = cost(c, r)
    for _ in range(20):
        diff = uv - c
        d = np.sqrt((diff**2).sum(axis=1))
        e = d - r
        jac = np.column_stack([-diff / d[:, None], -np.ones(len(uv))])
        try:
            step = np.linalg.solve(jac.T @ jac, -jac.T @ e)
        except np.linalg.LinAlgError:
            break
        new = cost(c + step[:2], r + step[2])
        if not new <= current:
            break
        c, r, current = c + step[:2], r + step[2], new
        if np.abs(step).sum() <= 1e-15 * (1.0 + r):
            break
    cx, cy = mean + scale * c
    return float(cx), float(cy), float(scale * abs(r)), float(scale * np.sqrt(current / len(uv)))
