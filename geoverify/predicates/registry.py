"""The operation registry: operation name -> implementation.

Implementations register with :func:`operation`; the names must be exactly those
of :data:`geoverify.ir.operations.OPERATIONS` (a test checks both directions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from geoverify.ir import OPERATIONS, Predicate
from geoverify.matching import Binding, BoundObject
from geoverify.predicates.verdict import FAIL, INDETERMINATE, Verdict

__all__ = ["REGISTRY", "operation", "Context"]

REGISTRY: dict[str, Callable] = {}


def operation(name: str):
    """Register the implementation of the check operation ``name``."""
    if name not in OPERATIONS:
        raise KeyError(f"{name!r} is not in the IR's operation vocabulary")

    def deco(fn):
        if name in REGISTRY:
            raise KeyError(f"operation {name!r} registered twice")
        REGISTRY[name] = fn
        fn.operation_name = name
        return fn

    return deco


@dataclass(slots=True)
class Context:
    """What an operation sees: the binding, the predicate and its tolerances."""

    binding: Binding
    predicate: Predicate | None = None
    tolerance_override: float | None = None

    @property
    def task(self):
        return self.binding.task

    @property
    def scene(self):
        return self.binding.scene

    def obj(self, oid: str) -> BoundObject:
        return self.binding.objects[oid]

    def rel_distance(self) -> float:
        if self.tolerance_override is not None:
            return self.tolerance_override
        if self.predicate is not None and self.predicate.tolerance is not None:
            return self.predicate.tolerance
        return self.task.tolerances.distance

    def dist_tol(self, oid: str) -> float:
        """Canvas distance tolerance for checks involving ``oid`` (relative to its frame's size)."""
        return self.binding.frame_tolerance(oid, self.rel_distance())

    @property
    def angle_tol(self) -> float:
        return self.task.tolerances.angle_deg

    @property
    def ratio_tol(self) -> float:
        return self.task.tolerances.length_ratio

    def name(self, oid: str) -> str:
        o = self.task.objects[oid]
        if o.labels:
            from geoverify.matching import normalize_text

            return normalize_text(o.labels[0]) or oid
        return oid

    def missing(self, *oids: str, need_drawn: bool = False, allow_predicted: bool = False) -> Verdict | None:
        """A fail/indeterminate verdict when some object is not located (or not drawn), else None."""
        for oid in oids:
            b = self.obj(oid)
            if b.status == "ambiguous":
                return Verdict(INDETERMINATE, f"{self.name(oid)} cannot be located unambiguously: {b.note}",
                               objects=[oid], primitives=b.primitives)
            # A point placed only by the frame's prediction shows nothing: checking it would compare
            # the IR with itself.
            # (Unless the point is only a reference location, like the centre a curve winds about.)
            predicted_only = b.type == "point" and b.via == "frame" and not b.drawn and not allow_predicted
            if b.status != "bound" or (need_drawn and not b.drawn) or predicted_only:
                why = b.note or "not found in the figure"
                verdict = INDETERMINATE if self.scene.partial else FAIL
                extra = " (the scene is partial: some constructs were not interpreted)" if self.scene.partial else ""
                return Verdict(verdict, f"{self.name(oid)} is not {'drawn' if need_drawn else 'located'}: {why}{extra}",
                               objects=[oid], primitives=b.primitives)
        return None

    def prims(self, *oids: str) -> list[int]:
        out: list[int] = []
        for oid in oids:
            out += list(self.obj(oid).primitives)
        return out


def unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=np.float64)
    n = float(np.hypot(v[0], v[1]))
    return v / n if n > 0 else v
