"""Direction predicates: the traversal direction shown by arrows, arrows between objects."""

from __future__ import annotations

import numpy as np

from geoverify.kernels import point_polyline_distances
from geoverify.predicates.registry import Context, operation
from geoverify.predicates.topology import region_polyline
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict

__all__ = ["traversal_direction", "arrow_between", "arrows_on"]


def arrows_on(ctx: Context, oid: str, poly: np.ndarray, tol: float):
    """Arrows carried by the object's primitives or with their tip on its outline."""
    out = []
    for i, a in ctx.scene.arrows:
        # The tip must be on the object's outline: a primitive that only touches the
        # object (a second vector from the same origin) is among its primitives but
        # its arrow says nothing about this object's direction.
        d = point_polyline_distances(a.tip[None], poly, np.array([0, len(poly)]))[0, 0]
        if d <= tol:
            out.append((i, a))
    return out


@operation("traversal_direction")
def traversal_direction(ctx: Context, curve: str, orientation: str, point: str | None = None, **_) -> Verdict:
    miss = ctx.missing(curve, need_drawn=True) or (ctx.missing(point, allow_predicted=True) if point else None)
    if miss:
        return miss
    poly = region_polyline(ctx, curve)
    if poly is None:
        b = ctx.obj(curve)
        poly = b.points if b.points is not None else None
    if poly is None:
        return Verdict(INDETERMINATE, f"{ctx.name(curve)} has no outline to carry arrows", objects=[curve])
    tol = ctx.dist_tol(curve) * 2
    arrows = arrows_on(ctx, curve, poly, tol)
    if not arrows:
        return Verdict(FAIL, f"no arrow on {ctx.name(curve)} shows its direction", objects=[curve],
                       primitives=ctx.prims(curve))
    senses = []
    if orientation in ("ccw", "cw"):
        c = ctx.obj(point).point if point else poly.mean(axis=0)
        for _, a in arrows:
            r = a.tip - c
            senses.append(np.sign(r[0] * a.direction[1] - r[1] * a.direction[0]))
        want = 1.0 if orientation == "ccw" else -1.0
    else:
        # forward = the order of the IR's parametrisation, as predicted by the frame's transform
        fit = ctx.binding.frames.get(ctx.task.objects[curve].frame)
        g = ctx.binding.known.get(curve)
        if g is None or fit is None or not fit.determined:
            return Verdict(INDETERMINATE, "the parametrisation of the curve is not known in canvas coordinates",
                           objects=[curve])
        from geoverify.matching import transform_points

        pred = transform_points(fit.matrix, g.points)
        for _, a in arrows:
            k = int(np.argmin(np.hypot(*(pred - a.tip).T)))
            k0, k1 = max(k - 1, 0), min(k + 1, len(pred) - 1)
            tangent = pred[k1] - pred[k0]
            senses.append(np.sign(float(tangent @ a.direction)))
        want = 1.0 if orientation == "forward" else -1.0
    good = sum(1 for s in senses if s == want)
    bad = len(senses) - good
    ok = bad == 0 and good > 0
    msg = (f"{good} arrow(s) on {ctx.name(curve)} show the {orientation} direction" if ok
           else f"{bad} of {len(senses)} arrow(s) on {ctx.name(curve)} point against the {orientation} direction")
    return Verdict(PASS if ok else FAIL, msg, float(bad), 0.0, "count", ctx.prims(curve) + [i for i, _ in arrows], [curve])


@operation("arrow_between")
def arrow_between(ctx: Context, arrow: str, **_) -> Verdict:
    obj = ctx.task.objects[arrow]
    src, dst = obj.data["from"], obj.data["to"]
    miss = ctx.missing(src, dst)
    if miss:
        return miss
    b = ctx.obj(arrow)
    if b.status != "bound":
        return Verdict(FAIL, f"no arrow drawn from {ctx.name(src)} to {ctx.name(dst)}", objects=[arrow, src, dst])
    if obj.labels:
        carrier = ctx.scene.primitives[b.primitives[0]]
        poly = np.vstack([sp.vertices() for sp in carrier.subpaths()])
        margin = ctx.task.tolerances.label_margin * ctx.binding.features.scale
        labs = [ctx.scene.primitives[i] for i in b.labels]
        near = [lab for lab in labs
                if point_polyline_distances(lab.anchor[None], poly, np.array([0, len(poly)]))[0, 0] <= margin + lab.font_size]
        if not near:
            return Verdict(FAIL, f"the arrow from {ctx.name(src)} to {ctx.name(dst)} is not labelled {ctx.name(arrow)}",
                           objects=[arrow], primitives=b.primitives)
    return Verdict(PASS, f"arrow {ctx.name(arrow)} is drawn from {ctx.name(src)} to {ctx.name(dst)}",
                   b.residual, None, "canvas", b.primitives, [arrow, src, dst])
