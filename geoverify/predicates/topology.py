"""Topological predicates: inside/outside, winding numbers, markers counted in a region."""

from __future__ import annotations

import numpy as np

from geoverify.kernels import ON_CURVE, point_polyline_distances, winding_numbers
from geoverify.predicates.incidence import distance_to_object
from geoverify.predicates.registry import Context, operation
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict
from geoverify.scene.markers import point_markers

__all__ = ["inside", "outside", "winding_number", "region_inside", "count_inside", "markers_all_or_none", "region_polyline"]


def region_polyline(ctx: Context, oid: str) -> np.ndarray | None:
    """Closed canvas polyline of a drawn closed object (circle, curve, polygon, region)."""
    b = ctx.obj(oid)
    if b.curve is not None:
        return b.curve
    if b.center is not None and b.radius is not None:
        th = np.linspace(0, 2 * np.pi, 361)
        return b.center + b.radius * np.column_stack([np.cos(th), np.sin(th)])
    return None


def _winding(poly: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return winding_numbers(np.asarray(pts, dtype=np.float64).reshape(-1, 2), poly, np.array([0, len(poly)]))[:, 0]


def _membership(ctx: Context, point: str, region: str, want_inside: bool) -> Verdict:
    miss = ctx.missing(point, region)
    if miss:
        return miss
    poly = region_polyline(ctx, region)
    if poly is None:
        return Verdict(INDETERMINATE, f"{ctx.name(region)} has no closed outline", objects=[point, region])
    bp = ctx.obj(point)
    pts = bp.points if bp.type == "point_set" else bp.point[None]
    if pts is None or len(pts) == 0:
        return Verdict(FAIL, f"no drawn points of {ctx.name(point)}", objects=[point, region])
    tol = ctx.dist_tol(region)
    w = _winding(poly, pts)
    near = [distance_to_object(ctx, p, region) <= tol for p in pts]
    if any(near) or np.any(w == ON_CURVE):
        return Verdict(INDETERMINATE, f"{ctx.name(point)} is on the boundary of {ctx.name(region)} (within {tol:.3g})",
                       objects=[point, region], primitives=ctx.prims(point, region))
    inside_mask = w != 0
    ok = bool(np.all(inside_mask)) if want_inside else bool(not np.any(inside_mask))
    where = "inside" if want_inside else "outside"
    n_bad = int(np.sum(~inside_mask)) if want_inside else int(np.sum(inside_mask))
    msg = (f"{ctx.name(point)} is {where} {ctx.name(region)}" if ok
           else f"{n_bad} of {len(pts)} point(s) of {ctx.name(point)} are not {where} {ctx.name(region)}")
    return Verdict(PASS if ok else FAIL, msg, float(n_bad), 0.0, "count", ctx.prims(point, region), [point, region])


@operation("inside")
def inside(ctx: Context, point: str, region: str, **_) -> Verdict:
    return _membership(ctx, point, region, True)


@operation("outside")
def outside(ctx: Context, point: str, region: str, **_) -> Verdict:
    return _membership(ctx, point, region, False)


def _arrow_sense(ctx: Context, curve: str, poly: np.ndarray) -> int:
    """+1 when the arrows on the curve run along its path's order, -1 against it, 0 when none or mixed."""
    from geoverify.predicates.arrows import arrows_on

    senses = set()
    for _, a in arrows_on(ctx, curve, poly, ctx.dist_tol(curve) * 2):
        k = int(np.argmin(np.hypot(*(poly - a.tip).T)))
        tangent = poly[min(k + 1, len(poly) - 1)] - poly[max(k - 1, 0)]
        s = np.sign(float(tangent @ a.direction))
        if s:
            senses.add(int(s))
    return senses.pop() if len(senses) == 1 else 0


@operation("winding_number")
def winding_number(ctx: Context, curve: str, point: str, value: int | None = None, **_) -> Verdict:
    miss = ctx.missing(curve, need_drawn=True) or ctx.missing(point, allow_predicted=True)
    if miss:
        return miss
    poly = region_polyline(ctx, curve)
    p = ctx.obj(point).point
    if distance_to_object(ctx, p, curve) <= ctx.dist_tol(curve) * 0.25:
        return Verdict(INDETERMINATE, f"{ctx.name(point)} lies on {ctx.name(curve)}: winding number undefined",
                       objects=[curve, point])
    gap = float(np.hypot(*(poly[0] - poly[-1])))
    if gap > ctx.dist_tol(curve):
        return Verdict(FAIL, f"{ctx.name(curve)} is not closed (its ends are {gap:.3g} apart)", gap,
                       ctx.dist_tol(curve), "canvas", ctx.prims(curve), [curve, point])
    w = int(_winding(poly, p[None])[0])
    if w == ON_CURVE:
        return Verdict(INDETERMINATE, f"{ctx.name(point)} lies on {ctx.name(curve)}", objects=[curve, point])
    # The orientation a reader sees is the arrows', not the order the path happens to be
    # written in (an image traced for t from 2*pi down to 0 is the same drawn set): the
    # winding number is signed by the arrows on the curve, and with no arrow (or arrows
    # both ways) only the number of turns is compared.
    sense = _arrow_sense(ctx, curve, poly)
    if sense:
        w *= sense
    unoriented = value is not None and not sense
    ok = (w != 0) if value is None else (abs(w) == abs(int(value)) if unoriented else w == int(value))
    want = "nonzero" if value is None else str(value)
    msg = f"{ctx.name(curve)} winds {w} time(s) about {ctx.name(point)}; expected {want}"
    if unoriented:
        msg += " (no arrow shows its orientation: the number of turns is compared)"
    return Verdict(PASS if ok else FAIL, msg, float(w), None, "count", ctx.prims(curve, point), [curve, point])


@operation("region_inside")
def region_inside(ctx: Context, region: str, container: str, **_) -> Verdict:
    miss = ctx.missing(region, container, need_drawn=True)
    if miss:
        return miss
    inner, outer = region_polyline(ctx, region), region_polyline(ctx, container)
    if inner is None or outer is None:
        return Verdict(INDETERMINATE, "a region has no closed outline", objects=[region, container])
    w = _winding(outer, inner)
    out = inner[w == 0]
    depth = 0.0
    if len(out):
        d = point_polyline_distances(np.ascontiguousarray(out, dtype=np.float64), np.ascontiguousarray(outer, dtype=np.float64),
                                     np.array([0, len(outer)], dtype=np.int64))
        depth = float(d.max())
    tol = ctx.dist_tol(region)
    ok = depth <= tol
    msg = (f"{ctx.name(region)} {'lies' if ok else 'does not lie'} inside {ctx.name(container)}"
           + ("" if not len(out) else f": its outline reaches {depth:.3g} beyond (tolerance {tol:.3g})"))
    return Verdict(PASS if ok else FAIL, msg, depth, tol, "canvas", ctx.prims(region, container), [region, container])


@operation("count_inside")
def count_inside(ctx: Context, region: str, count: int, markers: str | None = None, **_) -> Verdict:
    miss = ctx.missing(region, need_drawn=True)
    if miss:
        return miss
    poly = region_polyline(ctx, region)
    marks = point_markers(ctx.scene)
    if markers is not None:
        prims = set(ctx.obj(markers).primitives)
        marks = [m for m in marks if prims.intersection(m.primitives)]
    if not marks:
        n = 0
        idx = []
    else:
        pts = np.array([m.center for m in marks])
        w = _winding(poly, pts)
        inside = np.nonzero((w != 0) & (w != ON_CURVE))[0]
        idx = [i for k in inside for i in marks[k].primitives]
        n = len(inside)
    ok = n == int(count)
    what = f"markers of {ctx.name(markers)}" if markers else "point markers"
    msg = f"{n} {what} drawn inside {ctx.name(region)}; expected {count}"
    verdict = PASS if ok else FAIL
    if not ok and ctx.scene.partial:
        # A construct left uninterpreted (a conditional, a loop) may add or hide markers.
        verdict = INDETERMINATE
        msg += " (the scene is partial: some constructs were not interpreted)"
    return Verdict(verdict, msg, float(abs(n - int(count))), 0.0, "count",
                   ctx.prims(region) + idx, [region] + ([markers] if markers else []))


def _outline_or_prediction(ctx: Context, region: str) -> tuple[np.ndarray | None, str]:
    """The region's drawn closed outline, else where its frame puts the IR's (and which it is)."""
    b = ctx.obj(region)
    if b.status == "bound":
        poly = region_polyline(ctx, region)
        if poly is not None:
            return poly, "drawn"
    from geoverify.matching import known_geometry, transform_points

    obj = ctx.task.objects[region]
    boundary = ctx.task.objects.get(obj.data.get("boundary", region), obj)
    g = ctx.binding.known.get(boundary.id) or known_geometry(ctx.task, boundary, ctx.binding.known)
    fit = ctx.binding.frames.get(boundary.frame)
    if g is None or fit is None or not fit.determined:
        return None, ""
    if g.kind == "circle":
        th = np.linspace(0, 2 * np.pi, 361)
        pts = g.points[0] + g.radius * np.column_stack([np.cos(th), np.sin(th)])
    elif g.kind == "curve" and g.closed:
        pts = g.points
    else:
        return None, ""
    return transform_points(fit.matrix, pts), "predicted by its frame"


# A point marker counted in a region is at most this fraction of the region's size.
_MARKER_OF_REGION = 0.2


def _extent(scene, prims) -> float:
    """Largest side of the box around the given primitives."""
    boxes = []
    for i in prims:
        try:
            boxes.append(scene.primitives[i].bbox())
        except NotImplementedError:
            continue
    if not boxes:
        return 0.0
    b = np.asarray(boxes)
    return float(max(b[:, 2].max() - b[:, 0].min(), b[:, 3].max() - b[:, 1].min()))


@operation("markers_all_or_none")
def markers_all_or_none(ctx: Context, region: str, markers: str, **_) -> Verdict:
    """No point markers drawn inside the region, or exactly the set's, at its points.

    Markers that another IR object is bound to (a dot at the origin labelled ``0``, a circle
    drawn so small it looks like a ring) are not the set's; markers on the region's outline are not inside it. A region that is not drawn
    is where its frame puts it; when the frame is not determined either, no marker is known
    to be inside and the check passes.
    """
    poly, how = _outline_or_prediction(ctx, region)
    if poly is None:
        # No marker is known to be inside: whatever else the check asks decides (the
        # region's own checks report it missing).
        return Verdict(PASS, f"{ctx.name(region)} is neither drawn nor placed by its frame: no markers are "
                       f"known to be inside it", objects=[region, markers])
    others = {i for oid, b in ctx.binding.objects.items()
              if oid != markers and b.status == "bound" for i in b.primitives}
    # A marker is small beside the region (in a figure drawn a few points wide the axes' cross
    # is marker-sized too).
    size = float(np.hypot(*(poly.max(axis=0) - poly.min(axis=0))))
    marks = [m for m in point_markers(ctx.scene) if not others.intersection(m.primitives)
             and _extent(ctx.scene, m.primitives) <= _MARKER_OF_REGION * size]
    tol = ctx.dist_tol(markers)
    if marks:
        pts = np.array([m.center for m in marks])
        w = _winding(poly, pts)
        d = point_polyline_distances(np.ascontiguousarray(pts, dtype=np.float64), np.ascontiguousarray(poly, dtype=np.float64),
                                     np.array([0, len(poly)], dtype=np.int64))[:, 0]
        marks = [m for m, wk, dk in zip(marks, w, d) if wk != 0 and wk != ON_CURVE and dk > tol]
    where = f"inside {ctx.name(region)} ({how})"
    prims = [i for m in marks for i in m.primitives]
    if not marks:
        return Verdict(PASS, f"no markers of {ctx.name(markers)} drawn {where}", 0.0, 0.0, "count",
                       ctx.prims(region), [region, markers])
    from geoverify.matching import known_geometry, transform_points

    obj = ctx.task.objects[markers]
    g = ctx.binding.known.get(markers) or known_geometry(ctx.task, obj, ctx.binding.known)
    fit = ctx.binding.frames.get(obj.frame)
    if g is None or fit is None or not fit.determined:
        return Verdict(INDETERMINATE, f"{len(marks)} markers drawn {where}; where {ctx.name(markers)} lies is not known",
                       objects=[region, markers], primitives=prims)
    want = transform_points(fit.matrix, g.points).reshape(-1, 2)
    got = np.array([m.center for m in marks])
    # One to one, nearest pairs first: a marker serves one point.
    d = np.hypot(got[:, None, 0] - want[None, :, 0], got[:, None, 1] - want[None, :, 1])
    placed, used_g, used_w = 0, set(), set()
    for k in np.argsort(d, axis=None):
        i, j = divmod(int(k), len(want))
        if i in used_g or j in used_w or d[i, j] > 3 * tol:
            continue
        used_g.add(i)
        used_w.add(j)
        placed += 1
    ok = len(marks) == len(want) and placed == len(want)
    msg = (f"{len(marks)} markers drawn {where}, {placed} of them at the {len(want)} points of {ctx.name(markers)}"
           + ("" if ok else "; markers, when drawn, must mark every point and only those"))
    verdict = PASS if ok else FAIL
    if not ok and ctx.scene.partial:
        verdict = INDETERMINATE
        msg += " (the scene is partial: some constructs were not interpreted)"
    return Verdict(verdict, msg, float(len(marks) + len(want) - 2 * placed), 0.0, "count",
                   ctx.prims(region) + prims, [region, markers])
