"""Three-valued verdicts with their evidence."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["PASS", "FAIL", "INDETERMINATE", "Verdict", "combine_all", "combine_any", "negate"]

PASS = "pass"
FAIL = "fail"
INDETERMINATE = "indeterminate"


@dataclass(slots=True)
class Verdict:
    """The outcome of one check, with the evidence behind it.

    Attributes
    ----------
    verdict : str
        ``"pass"``, ``"fail"`` or ``"indeterminate"`` (insufficient evidence: never
        converted to a pass).
    message : str
        What was found, in words a person can act on ("AD is not perpendicular to
        BC: angle 81.3 degrees").
    residual : float or None
        The measured deviation (canvas units, degrees, or a count difference; see ``unit``).
    tolerance : float or None
        The tolerance it was compared with, in the same unit.
    unit : str
        ``"canvas"``, ``"deg"``, ``"ratio"``, ``"count"`` or ``""``.
    primitives : list of int
        Scene indices of the primitives the check looked at.
    objects : list of str
        IR objects involved.
    score : float or None
        Soft score in {0, 0.5, 1} when the operation grades (otherwise derived from the verdict).
    op : str
        The operation.
    """

    verdict: str
    message: str = ""
    residual: float | None = None
    tolerance: float | None = None
    unit: str = ""
    primitives: list = field(default_factory=list)
    objects: list = field(default_factory=list)
    score: float | None = None
    op: str = ""
    children: list = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.verdict == PASS

    def soft_score(self) -> float:
        if self.score is not None:
            return self.score
        return 1.0 if self.verdict == PASS else 0.0

    def to_dict(self) -> dict:
        out = {"op": self.op, "verdict": self.verdict, "message": self.message}
        if self.residual is not None:
            out["residual"] = _num(self.residual)
        if self.tolerance is not None:
            out["tolerance"] = _num(self.tolerance)
        if self.unit:
            out["unit"] = self.unit
        if self.primitives:
            out["primitives"] = sorted({int(p) for p in self.primitives})
        if self.objects:
            out["objects"] = list(self.objects)
        if self.score is not None:
            out["score"] = self.score
        if self.children:
            out["children"] = [c.to_dict() for c in self.children]
        return out


def _num(x: float):
    x = float(x)
    if x != x or x in (float("inf"), float("-inf")):
        return str(x)
    return round(x, 6)


def combine_all(children: list[Verdict]) -> Verdict:
    """Conjunction: fail if any fails; indeterminate if none fails and some are indeterminate."""
    verdicts = [c.verdict for c in children]
    v = FAIL if FAIL in verdicts else INDETERMINATE if INDETERMINATE in verdicts else PASS
    msgs = [c.message for c in children if c.verdict == v]
    score = min((c.soft_score() for c in children), default=1.0)
    return Verdict(v, "; ".join(msgs), op="all", children=children, score=score if v != INDETERMINATE else 0.0)


def combine_any(children: list[Verdict]) -> Verdict:
    """Disjunction: pass if any passes; indeterminate if none passes and some are indeterminate."""
    verdicts = [c.verdict for c in children]
    v = PASS if PASS in verdicts else INDETERMINATE if INDETERMINATE in verdicts else FAIL
    if v == PASS:
        msgs = [next(c.message for c in children if c.verdict == PASS)]
    else:
        msgs = [c.message for c in children]
    score = max((c.soft_score() for c in children), default=0.0)
    return Verdict(v, " | ".join(msgs), op="any", children=children, score=score)


def negate(child: Verdict) -> Verdict:
    v = {PASS: FAIL, FAIL: PASS}.get(child.verdict, INDETERMINATE)
    return Verdict(v, f"not ({child.message})", op="not", children=[child])
