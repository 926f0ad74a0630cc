"""Vector fields: the short arrows of a field plot point the way the field does."""

from __future__ import annotations

import numpy as np

from geoverify.predicates.registry import Context, operation
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict
from geoverify.scene.primitives import Polyline

__all__ = ["field_arrows", "FIELD_ARROW_MAX", "FIELD_ANGLE_DEG"]

#: Longest field arrow, as a fraction of its frame's size (axes and long vectors are not field arrows).
FIELD_ARROW_MAX = 0.25
#: Largest angle, degrees, between a field arrow and the field at its middle.
FIELD_ANGLE_DEG = 30.0
#: Where the field is weaker than this fraction of its largest value at the arrows, its direction is
#: not compared (the centre of a rotation, a sink).
_WEAK = 0.05


def _straight_arrows(ctx: Context, longest: float):
    """``(tail, tip, direction)`` of each arrow drawn at the end of a short straight stroke, canvas units."""
    out = []
    for _, a in ctx.scene.arrows:
        carrier = ctx.scene.primitives[a.carrier] if a.carrier is not None and a.carrier >= 0 else None
        if not isinstance(carrier, Polyline) or carrier.closed_flag or len(carrier.points) != 2:
            continue
        p, q = carrier.points
        tail = p if np.hypot(*(p - a.tip)) >= np.hypot(*(q - a.tip)) else q
        if float(np.hypot(*(a.tip - tail))) > longest or a.position == "mid":
            continue
        out.append((tail, np.asarray(a.tip, dtype=np.float64), np.asarray(a.direction, dtype=np.float64)))
    return out


@operation("field_arrows")
def field_arrows(ctx: Context, field: str, at: str, count: int = 8, **_) -> Verdict:
    """At least ``count`` field arrows follow ``field`` (u + iv as a function of z = x + iy) in the frame of ``at``.

    An arrow is a short straight stroke with a head at its end (at most
    :data:`FIELD_ARROW_MAX` of the frame's size); the field is evaluated at its
    middle, mapped back through the frame's transform. It agrees when it points
    within :data:`FIELD_ANGLE_DEG` of the field; a field plot may have a few
    stray arrows, but not more than a tenth of those compared.
    """
    from geoverify.matching import transform_points
    from geoverify.matching.ir_geometry import function_of

    fit = ctx.binding.frames.get(ctx.task.objects[at].frame)
    if fit is None or not fit.determined:
        return Verdict(INDETERMINATE, "the frame's transform is not determined: the field cannot be placed", objects=[at])
    size = ctx.binding.frame_size(ctx.task.objects[at].frame)
    arrows = _straight_arrows(ctx, FIELD_ARROW_MAX * size)
    if not arrows:
        if ctx.scene.partial:  # a construct left uninterpreted (a loop, an unknown pen) may draw them
            return Verdict(INDETERMINATE, "no field arrows are drawn (the scene is partial: some constructs "
                           "were not interpreted)", 0.0, float(count), "count", objects=[at])
        return Verdict(FAIL, "no field arrows are drawn", 0.0, float(count), "count", objects=[at])
    inv = np.linalg.inv(fit.matrix)
    mids = np.array([0.5 * (t + h) for t, h, _ in arrows])
    ir = transform_points(inv, mids).reshape(-1, 2)
    f = function_of(field, "z")
    w = np.asarray(f(ir[:, 0] + 1j * ir[:, 1]), dtype=complex) * np.ones(len(ir))
    vec = np.column_stack([w.real, w.imag]) @ fit.matrix[:2, :2].T  # the field's direction on the canvas
    mag = np.hypot(*vec.T)
    strong = mag > _WEAK * float(np.nanmax(mag)) if np.isfinite(mag).any() else np.zeros(len(mag), bool)
    dirs = np.array([d for _, _, d in arrows])
    cos = np.einsum("ij,ij->i", dirs, vec) / np.maximum(mag * np.hypot(*dirs.T), 1e-300)
    agree = strong & (cos >= np.cos(np.radians(FIELD_ANGLE_DEG)))
    n, good = int(strong.sum()), int(agree.sum())
    bad = n - good
    ok = good >= count and bad <= 0.1 * n
    msg = (f"{good} of {n} field arrows follow the field {field}" + ("" if ok else
           f"; {bad} point more than {FIELD_ANGLE_DEG:g} degrees off" if bad > 0.1 * n else f"; expected at least {count}"))
    verdict = PASS if ok else FAIL
    if not ok and bad <= 0.1 * n and ctx.scene.partial:  # too few, and what was not interpreted may draw more
        verdict = INDETERMINATE
        msg += " (the scene is partial: some constructs were not interpreted)"
    return Verdict(verdict, msg, float(bad), 0.1 * n, "count", objects=[at])
