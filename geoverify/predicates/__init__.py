"""Predicates: three-valued checks of IR relations on a bound scene.

Importing this package registers every operation of the IR vocabulary.
"""

from geoverify.predicates import arrows, curves, directions, fields, incidence, labels, metric, tangency, topology  # noqa: F401
from geoverify.predicates.evaluate import PredicateResult, evaluate_check, evaluate_predicate
from geoverify.predicates.registry import REGISTRY, Context, operation
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict

__all__ = [
    "FAIL", "INDETERMINATE", "PASS", "REGISTRY", "Context", "PredicateResult", "Verdict",
    "evaluate_check", "evaluate_predicate", "operation",
]
