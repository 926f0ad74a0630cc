"""Evaluating a predicate's check expression against a binding."""

from __future__ import annotations

from dataclasses import dataclass

from geoverify.ir import CheckExpr, Predicate
from geoverify.matching import Binding
from geoverify.predicates.registry import REGISTRY, Context
from geoverify.predicates.verdict import INDETERMINATE, Verdict, combine_all, combine_any, negate

__all__ = ["PredicateResult", "evaluate_check", "evaluate_predicate"]


@dataclass(slots=True)
class PredicateResult:
    """A predicate's verdict and score, as the report shows it."""

    predicate: Predicate
    verdict: Verdict

    @property
    def score(self) -> float:
        """Hard: 1 or 0. Soft: 0, 0.5 or 1; indeterminate scores 0 (never a pass)."""
        if self.predicate.kind == "hard":
            return 1.0 if self.verdict.passed else 0.0
        if self.verdict.verdict == INDETERMINATE:
            return 0.0
        s = self.verdict.soft_score()
        return 0.0 if s < 0.25 else 0.5 if s < 0.75 else 1.0

    def to_dict(self) -> dict:
        p = self.predicate
        v = self.verdict
        return {
            "id": p.id,
            "kind": p.kind,
            "verdict": v.verdict,
            "score": self.score,
            "weight": p.weight,
            "error_code": None if v.passed else (p.error_code or "PREDICATE_FAILED"),
            "question": p.question,
            "message": v.message,
            "evidence": v.to_dict(),
        }


def evaluate_check(expr: CheckExpr, ctx: Context) -> Verdict:
    """Evaluate one check expression node (recursively for all/any/not)."""
    if expr.op == "all":
        return combine_all([evaluate_check(c, ctx) for c in expr.children])
    if expr.op == "any":
        return combine_any([evaluate_check(c, ctx) for c in expr.children])
    if expr.op == "not":
        return negate(evaluate_check(expr.children[0], ctx))
    fn = REGISTRY[expr.op]
    args = dict(expr.args)
    override = args.pop("tolerance", None)
    sub = Context(ctx.binding, ctx.predicate, override if override is not None else ctx.tolerance_override)
    try:
        verdict = fn(sub, **args)
    except (ArithmeticError, ValueError, IndexError) as exc:
        # Degenerate geometry (NaN, empty arrays): not evidence either way.
        verdict = Verdict(INDETERMINATE, f"could not evaluate {expr.op}: {type(exc).__name__}: {exc}")
    verdict.op = expr.op
    return verdict


def evaluate_predicate(pred: Predicate, binding: Binding) -> PredicateResult:
    return PredicateResult(pred, evaluate_check(pred.check, Context(binding, pred)))
