"""Presence and shape: is an object drawn, and does it have the IR's geometry."""

from __future__ import annotations

import numpy as np

from geoverify.predicates.registry import Context, operation
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict

__all__ = ["drawn", "matches_geometry"]


@operation("drawn")
def drawn(ctx: Context, object: str, **_) -> Verdict:
    miss = ctx.missing(object, need_drawn=True)
    if miss:
        return miss
    b = ctx.obj(object)
    return Verdict(PASS, f"{ctx.name(object)} is drawn", primitives=b.primitives, objects=[object])


@operation("matches_geometry")
def matches_geometry(ctx: Context, object: str, **_) -> Verdict:
    b = ctx.obj(object)
    fit = ctx.binding.frames.get(ctx.task.objects[object].frame)
    g = ctx.binding.known.get(object)
    if g is None:
        from geoverify.matching import known_geometry

        g = known_geometry(ctx.task, ctx.task.objects[object], ctx.binding.known)
    if g is None:
        return Verdict(INDETERMINATE, f"the IR gives no coordinates for {ctx.name(object)}", objects=[object])
    miss = ctx.missing(object, need_drawn=b.type != "point")
    if miss:
        return miss
    if fit is None or not fit.determined:
        return Verdict(INDETERMINATE, f"the frame of {ctx.name(object)} cannot be fitted (no located objects with known coordinates)",
                       objects=[object])
    tol = ctx.dist_tol(object)
    if b.type == "point_set":
        n_want = len(g.points)
        n_found = 0 if b.points is None else len(b.points)
        ok = n_found == n_want and (b.residual or 0.0) <= 3 * tol
        msg = f"{n_found} of {n_want} points of {ctx.name(object)} are drawn at their positions"
        return Verdict(PASS if ok else FAIL, msg, b.residual, 3 * tol, "canvas", b.primitives, [object])
    if b.type == "point":
        from geoverify.matching import transform_points

        res = float(np.hypot(*(transform_points(fit.matrix, g.points[0]) - b.point)))
    elif b.type in ("circle", "arc"):
        from geoverify.matching import transform_points

        res = float(np.hypot(*(transform_points(fit.matrix, g.points[0]) - b.center))) + abs(fit.scale * g.radius - b.radius)
    elif b.type == "polygon":
        # A polygon is its vertices: compare them, wherever its sides are drawn.
        from geoverify.matching import transform_points

        pred = transform_points(fit.matrix, g.points[:-1])
        res = float(np.max(np.hypot(*(pred - b.points).T)))
    else:
        res = b.residual if b.residual is not None else fit.residuals.get(object)
        if res is None:
            return Verdict(INDETERMINATE, f"no drawn curve could be compared with {ctx.name(object)}", objects=[object])
    ok = res <= tol
    msg = (f"{ctx.name(object)} {'has' if ok else 'does not have'} the required geometry: deviation {res:.3g} "
           f"(tolerance {tol:.3g}, {ctx.rel_distance():.1%} of its frame)")
    return Verdict(PASS if ok else FAIL, msg, res, tol, "canvas", b.primitives, [object])
