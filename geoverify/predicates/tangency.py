"""Tangency of a line and a circle, or of two circles.

A line that cuts a circle is a secant however near its centre distance comes to the
radius: cutting in by a depth ``e`` it crosses the circle at ``acos(1 - e / r)`` and
leaves a chord of ``2 sqrt(e (2r - e))``. So a line may fall short of the circle by the
distance tolerance, but cut into it by no more than :data:`CUT_DEPTH_REL` of the radius
as well (about 10 degrees): a line drawn to a point 15 degrees round the circle from the
contact point cut in by 4% of the radius, within 1% of a figure whose circle is small in it.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.predicates.registry import Context, operation
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict

__all__ = ["tangent"]

_LINEAR = ("line", "segment", "ray")

#: A tangent may cut into its circle by this fraction of the radius (a crossing at about 10 degrees).
CUT_DEPTH_REL = 0.015


def _line_distance(c: np.ndarray, p: np.ndarray, q: np.ndarray) -> float:
    d = q - p
    n = float(np.hypot(*d))
    return abs(float(d[0] * (c[1] - p[1]) - d[1] * (c[0] - p[0]))) / n if n else float(np.hypot(*(c - p)))


@operation("tangent")
def tangent(ctx: Context, a: str, b: str, **_) -> Verdict:
    ta, tb = ctx.task.objects[a].type, ctx.task.objects[b].type
    if ta in _LINEAR and tb in _LINEAR:
        return Verdict(INDETERMINATE, "tangency needs at least one circle", objects=[a, b])
    miss = ctx.missing(a, b, need_drawn=True)
    if miss:
        return miss
    tol = max(ctx.dist_tol(a), ctx.dist_tol(b))
    if ta in _LINEAR or tb in _LINEAR:
        line, circ = (a, b) if ta in _LINEAR else (b, a)
        p, q = ctx.obj(line).points
        c, r = ctx.obj(circ).center, ctx.obj(circ).radius
        d = _line_distance(c, p, q)
        res = abs(d - r)
        cuts = d < r and r > 0
        if cuts:
            tol = min(tol, CUT_DEPTH_REL * r)
        ok = res <= tol
        msg = (f"{ctx.name(line)} {'is' if ok else 'is not'} tangent to {ctx.name(circ)}: distance from the centre "
               f"{d:.3g} against radius {r:.3g}")
        if cuts and not ok:
            msg += f"; it cuts the circle, crossing it at {math.degrees(math.acos(d / r)):.0f} degrees"
    else:
        c1, r1 = ctx.obj(a).center, ctx.obj(a).radius
        c2, r2 = ctx.obj(b).center, ctx.obj(b).radius
        d = float(np.hypot(*(c1 - c2)))
        ext, inn = abs(d - (r1 + r2)), abs(d - abs(r1 - r2))
        res = min(ext, inn)
        kind = "externally" if ext <= inn else "internally"
        ok = res <= tol
        msg = (f"{ctx.name(a)} and {ctx.name(b)} {'are' if ok else 'are not'} tangent ({kind}): centre distance {d:.3g}, "
               f"radii {r1:.3g} and {r2:.3g}")
    return Verdict(PASS if ok else FAIL, msg, res, tol, "canvas", ctx.prims(a, b), [a, b])
