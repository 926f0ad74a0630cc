"""Metric predicates: equal lengths."""

from __future__ import annotations

import numpy as np

from geoverify.predicates.registry import Context, operation
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict

__all__ = ["equal_length"]


@operation("equal_length")
def equal_length(ctx: Context, a: str, b: str, **_) -> Verdict:
    miss = ctx.missing(a, b)
    if miss:
        return miss
    la = float(np.hypot(*np.subtract(*ctx.obj(a).points)))
    lb = float(np.hypot(*np.subtract(*ctx.obj(b).points)))
    top = max(la, lb)
    if top == 0:
        return Verdict(INDETERMINATE, "both segments have zero length", objects=[a, b])
    ratio = abs(la - lb) / top
    tol = ctx.ratio_tol
    ok = ratio <= tol
    msg = f"{ctx.name(a)} and {ctx.name(b)} {'have' if ok else 'do not have'} equal length: {la:.4g} against {lb:.4g}"
    return Verdict(PASS if ok else FAIL, msg, ratio, tol, "ratio", ctx.prims(a, b), [a, b])
