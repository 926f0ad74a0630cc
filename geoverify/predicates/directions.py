"""Angle predicates: parallel, perpendicular, angle value."""

from __future__ import annotations

import math

import numpy as np

from geoverify.predicates.registry import Context, operation
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict

__all__ = ["parallel", "perpendicular", "angle_value", "line_angle_deg"]


def line_angle_deg(u: np.ndarray, v: np.ndarray) -> float | None:
    """Unsigned angle between two directions, in [0, 90] degrees for lines; None if degenerate."""
    nu, nv = float(np.hypot(*u)), float(np.hypot(*v))
    if nu == 0 or nv == 0:
        return None
    c = abs(float(u @ v)) / (nu * nv)
    return math.degrees(math.acos(min(1.0, c)))


def _directions(ctx: Context, a: str, b: str):
    miss = ctx.missing(a, b)
    if miss:
        return None, miss
    pa, pb = ctx.obj(a).points, ctx.obj(b).points
    ang = line_angle_deg(pa[1] - pa[0], pb[1] - pb[0])
    if ang is None:
        return None, Verdict(INDETERMINATE, "a line is degenerate (its two points coincide)", objects=[a, b])
    return ang, None


@operation("parallel")
def parallel(ctx: Context, a: str, b: str, **_) -> Verdict:
    ang, miss = _directions(ctx, a, b)
    if miss:
        return miss
    tol = ctx.angle_tol
    ok = ang <= tol
    msg = f"{ctx.name(a)} {'is' if ok else 'is not'} parallel to {ctx.name(b)}: angle {ang:.1f} degrees"
    return Verdict(PASS if ok else FAIL, msg, ang, tol, "deg", ctx.prims(a, b), [a, b])


@operation("perpendicular")
def perpendicular(ctx: Context, a: str, b: str, **_) -> Verdict:
    ang, miss = _directions(ctx, a, b)
    if miss:
        return miss
    tol = ctx.angle_tol
    dev = 90.0 - ang
    ok = dev <= tol
    msg = f"{ctx.name(a)} {'is' if ok else 'is not'} perpendicular to {ctx.name(b)}: angle {ang:.1f} degrees"
    return Verdict(PASS if ok else FAIL, msg, dev, tol, "deg", ctx.prims(a, b), [a, b])


@operation("angle_value")
def angle_value(ctx: Context, vertex: str, degrees: float, **kw) -> Verdict:
    a, b = kw["from"], kw["to"]
    miss = ctx.missing(vertex, a, b)
    if miss:
        return miss
    v = ctx.obj(vertex).point
    u, w = ctx.obj(a).point - v, ctx.obj(b).point - v
    nu, nw = float(np.hypot(*u)), float(np.hypot(*w))
    if nu == 0 or nw == 0:
        return Verdict(INDETERMINATE, "the angle is degenerate (a side has zero length)", objects=[vertex, a, b])
    ang = math.degrees(math.acos(max(-1.0, min(1.0, float(u @ w) / (nu * nw)))))
    dev = abs(ang - float(degrees))
    tol = ctx.angle_tol
    ok = dev <= tol
    name = f"angle {ctx.name(a)}{ctx.name(vertex)}{ctx.name(b)}"
    msg = f"{name} is {ang:.1f} degrees; {'as required' if ok else f'expected {float(degrees):g}'}"
    return Verdict(PASS if ok else FAIL, msg, dev, tol, "deg", ctx.prims(vertex, a, b), [vertex, a, b])
