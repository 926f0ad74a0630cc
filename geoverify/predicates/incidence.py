"""Incidence predicates: point on object, collinear, concyclic, midpoint."""

from __future__ import annotations

import math

import numpy as np

from geoverify.kernels import fit_circle, point_polyline_distances
from geoverify.predicates.registry import Context, operation
from geoverify.predicates.verdict import FAIL, PASS, Verdict

__all__ = ["point_on", "collinear", "concyclic", "midpoint", "distance_to_object"]


def _seg_dist(p, a, b, clamp_lo: bool, clamp_hi: bool) -> float:
    d = b - a
    L2 = float(d @ d)
    if L2 == 0:
        return float(np.hypot(*(p - a)))
    t = float((p - a) @ d) / L2
    if clamp_lo:
        t = max(t, 0.0)
    if clamp_hi:
        t = min(t, 1.0)
    return float(np.hypot(*(a + t * d - p)))


def distance_to_object(ctx: Context, p: np.ndarray, oid: str) -> float:
    """Canvas distance from point ``p`` to the drawn geometry of object ``oid``."""
    b = ctx.obj(oid)
    t = b.type
    if t in ("line", "segment", "ray"):
        a, c = b.points
        return _seg_dist(p, a, c, t in ("segment", "ray"), t == "segment")
    if t == "circle" or (t == "region" and b.center is not None and b.closed):
        return abs(float(np.hypot(*(p - b.center))) - b.radius)
    if b.curve is not None:
        return float(point_polyline_distances(p[None], b.curve, np.array([0, len(b.curve)]))[0, 0])
    if b.point is not None:
        return float(np.hypot(*(p - b.point)))
    return math.inf


@operation("point_on")
def point_on(ctx: Context, point: str, on: str, **_) -> Verdict:
    miss = ctx.missing(point) or ctx.missing(
        on, need_drawn=ctx.task.objects[on].type in ("circle", "arc", "parametric_curve", "image_curve", "region"))
    if miss:
        return miss
    p = ctx.obj(point).point
    d = distance_to_object(ctx, p, on)
    tol = ctx.dist_tol(on)
    ok = d <= tol
    msg = f"{ctx.name(point)} {'lies' if ok else 'does not lie'} on {ctx.name(on)}: off by {d:.3g} (tolerance {tol:.3g})"
    return Verdict(PASS if ok else FAIL, msg, d, tol, "canvas", ctx.prims(point, on), [point, on])


def _located_points(ctx: Context, points):
    miss = ctx.missing(*points)
    if miss:
        return None, miss
    return np.array([ctx.obj(p).point for p in points]), None


@operation("collinear")
def collinear(ctx: Context, points, **_) -> Verdict:
    pts, miss = _located_points(ctx, points)
    if miss:
        return miss
    c = pts.mean(axis=0)
    _, s, vt = np.linalg.svd(pts - c)
    normal = vt[-1]
    d = float(np.abs((pts - c) @ normal).max())
    tol = ctx.dist_tol(points[0])
    ok = d <= tol
    names = "".join(ctx.name(p) for p in points) if all(len(ctx.name(p)) == 1 for p in points) else ", ".join(ctx.name(p) for p in points)
    msg = f"{names} {'are' if ok else 'are not'} collinear: largest deviation {d:.3g} (tolerance {tol:.3g})"
    return Verdict(PASS if ok else FAIL, msg, d, tol, "canvas", ctx.prims(*points), list(points))


@operation("concyclic")
def concyclic(ctx: Context, points, **_) -> Verdict:
    pts, miss = _located_points(ctx, points)
    if miss:
        return miss
    if len(pts) < 4:
        return Verdict(PASS, "three or fewer points always lie on a circle", objects=list(points))
    cx, cy, r, _ = fit_circle(pts)
    tol = ctx.dist_tol(points[0])
    if not np.isfinite(r):
        return Verdict(FAIL, "the points are collinear, not concyclic", objects=list(points))
    d = float(np.abs(np.hypot(pts[:, 0] - cx, pts[:, 1] - cy) - r).max())
    ok = d <= tol
    msg = f"points {'are' if ok else 'are not'} concyclic: largest deviation {d:.3g} from the best circle (tolerance {tol:.3g})"
    return Verdict(PASS if ok else FAIL, msg, d, tol, "canvas", ctx.prims(*points), list(points))


@operation("midpoint")
def midpoint(ctx: Context, point: str, segment: str, **_) -> Verdict:
    miss = ctx.missing(point, segment)
    if miss:
        return miss
    a, b = ctx.obj(segment).points
    m = 0.5 * (a + b)
    d = float(np.hypot(*(ctx.obj(point).point - m)))
    tol = ctx.dist_tol(segment)
    ok = d <= tol
    msg = f"{ctx.name(point)} {'is' if ok else 'is not'} the midpoint of {ctx.name(segment)}: off by {d:.3g} (tolerance {tol:.3g})"
    return Verdict(PASS if ok else FAIL, msg, d, tol, "canvas", ctx.prims(point, segment), [point, segment])


