"""The task admission rubric of MathVis Appendix E (Table 4), as data.

Each rubric field gathers automatic checks. A check either *evidences* the
field (it can pass it) or only *screens* it (it can fail the field but its
passing is no evidence: "no ``np.float64(`` in the prompt" says nothing about
whether a solver can reconstruct the figure). A field with a failed check
fails; a field with at least one passed evidence check and no failure passes;
anything else "needs expert", which is never converted to a pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "FIELDS", "FIELD_QUESTIONS", "EXPERT_QUESTIONS", "PASS", "FAIL", "NEEDS_EXPERT", "NOT_EVALUATED", "STATUSES",
    "Check", "FieldResult", "decide_field",
]

PASS = "pass"
FAIL = "fail"
NEEDS_EXPERT = "needs_expert"
#: The field could not be examined because an earlier stage failed (e.g. the task did not load).
NOT_EVALUATED = "not_evaluated"
STATUSES = (PASS, FAIL, NEEDS_EXPERT, NOT_EVALUATED)

#: Rubric field key -> the admission decision question of Table 4.
FIELD_QUESTIONS = {
    "source_consistency": "Does the instantiated question maintain the source proposition, notation, assumptions, "
                          "and directions?",
    "instance_validity": "Are regions, functions, parameters, objects, and conventions clear and mutually consistent?",
    "prompt_sufficiency": "Can a qualified solver reconstruct the required artifact without knowing the "
                          "evaluation-side information?",
    "gold_ir_coverage": "Does the IR contain all objects, relations, formulas, invariants, equivalent forms, and "
                        "prohibited conditions required by the instance?",
    "constraint_validity": "Is each atomic constraint decidable, non-redundant, linked to IR evidence, and correctly "
                           "classified as hard or soft?",
    "reference_artifact_correctness": "Does the executable reference artifact satisfy all hard constraints and "
                                      "expected soft specifications?",
    "equivalent_form_policy": "Does the question accept mathematically equivalent layouts while rejecting "
                              "transformations that alter the proposition?",
}
FIELDS = tuple(FIELD_QUESTIONS)

#: What only a person can answer, per field (listed in every report, whatever the automatic outcome).
EXPERT_QUESTIONS = {
    "source_consistency": "compare the prompt and IR with the source page or original figure",
    "instance_validity": "confirm the conventions (orientation, open/closed sets, units) are the intended ones",
    "prompt_sufficiency": "reconstruct the figure from the prompt alone and record the attempt",
    "gold_ir_coverage": "map each item of the source proposition to an IR field (objects, relations, prohibitions)",
    "constraint_validity": "confirm each hard/soft classification and weight rationale",
    "reference_artifact_correctness": "sign off the rendered references",
    "equivalent_form_policy": "confirm the allowed equivalences match the proposition (e.g. orientation matters?)",
}


@dataclass(slots=True)
class Check:
    """One automatic check of one rubric field.

    Parameters
    ----------
    id : str
        Stable name, e.g. ``"math.zero_count.zeros"``.
    status : str
        ``"pass"``, ``"fail"`` or ``"needs_expert"`` (the check ran but could not decide).
    message : str
        What was found; for a failure, the reason, naming the IR path or file.
    evidence : bool
        True when a pass is evidence for the field; False for a screen that can only fail it.
    details : dict
        JSON-able numbers behind the message (counts, margins, residuals).
    """

    id: str
    status: str
    message: str
    evidence: bool = True
    details: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        out = {"id": self.id, "status": self.status, "message": self.message, "evidence": self.evidence}
        if self.details:
            out["details"] = self.details
        return out


@dataclass(slots=True)
class FieldResult:
    """The outcome of one rubric field for one task."""

    field: str
    status: str
    reason: str
    checks: list[Check]

    def to_dict(self) -> dict:
        return {"status": self.status, "question": FIELD_QUESTIONS[self.field], "reason": self.reason,
                "expert_question": EXPERT_QUESTIONS[self.field], "checks": [c.to_dict() for c in self.checks]}


def decide_field(name: str, checks: list[Check], *, evaluated: bool = True) -> FieldResult:
    """Combine a field's checks into its status (fail > pass-by-evidence > needs expert)."""
    if name not in FIELD_QUESTIONS:
        raise KeyError(f"unknown rubric field {name!r}; expected one of: {', '.join(FIELDS)}")
    if not evaluated:
        why = "; ".join(c.message for c in checks) or "an earlier stage failed"
        return FieldResult(name, NOT_EVALUATED, f"not evaluated: {why}", checks)
    failed = [c for c in checks if c.status == FAIL]
    if failed:
        return FieldResult(name, FAIL, "; ".join(f"[{c.id}] {c.message}" for c in failed), checks)
    undecided = [c for c in checks if c.status == NEEDS_EXPERT]
    evidence = [c for c in checks if c.status == PASS and c.evidence]
    if evidence and not undecided:
        return FieldResult(name, PASS, f"{len(evidence)} automatic check(s) passed", checks)
    if undecided:
        why = "; ".join(f"[{c.id}] {c.message}" for c in undecided)
    else:
        screens = [c.id for c in checks if c.status == PASS]
        why = "no automatic evidence can decide this field" + (f" (screens passed: {', '.join(screens)})" if screens else "") \
            + f"; expert: {EXPERT_QUESTIONS[name]}"
    return FieldResult(name, NEEDS_EXPERT, why, checks)
