"""Per-output scores exactly as MathVis Appendix F (and the constraint card of its section 4.8).

- ``T``: technical gate, 1 when the figure is in the right format, parses or
  compiles, renders and is non-empty (natively: parsed and non-empty).
- ``H_math``: 1 when every hard predicate passes (indeterminate is not a pass).
- ``S``: weighted soft score in [0, 1]; each soft predicate scores 0, 0.5 or 1 and
  weights are normalised within the task. Soft scores are credited only once
  every hard constraint passes (section 4.8), so ``S = H_math * T * S_raw``;
  ``S_raw`` (the uncredited aggregate) is reported for diagnosis. A task with no
  soft predicates has ``S_raw = 1``.
- ``D = T * H_math * 1[S = 1]``: strict delivery.
- ``R``: rubric score, the weighted mean satisfaction over all predicates (hard
  predicates weigh their ``weight``, 1 by default) (F.5, before the x10).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["Scores", "compute_scores"]


@dataclass(frozen=True, slots=True)
class Scores:
    T: int
    H_math: int
    S: float
    S_raw: float
    D: int
    R: float

    def to_dict(self) -> dict:
        return asdict(self)


def compute_scores(results, T: bool) -> Scores:
    """Scores of one output from its predicate results (``PredicateResult`` list) and gate."""
    t = 1 if T else 0
    hard = [r for r in results if r.predicate.kind == "hard"]
    soft = [r for r in results if r.predicate.kind == "soft"]
    h = 1 if t and all(r.score == 1.0 for r in hard) else 0
    wsum = sum(r.predicate.weight for r in soft)
    s_raw = (sum(r.predicate.weight * r.score for r in soft) / wsum) if wsum > 0 else 1.0
    s_raw = s_raw if t else 0.0
    s = s_raw * h
    d = 1 if (t and h and s >= 1.0 - 1e-12) else 0
    rw = sum(r.predicate.weight for r in results)
    r = (sum(r.predicate.weight * r.score for r in results) / rw) if (rw > 0 and t) else 0.0
    return Scores(T=t, H_math=h, S=round(s, 10), S_raw=round(s_raw, 10), D=d, R=round(r, 10))
