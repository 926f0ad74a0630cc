"""``admit``: run every automatic admission check of a task and decide each rubric field."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from geoverify.admission.rubric import FAIL, FIELDS, NOT_EVALUATED, FieldResult, decide_field
from geoverify.admission.structure import (
    constraint_card_checks,
    coverage_checks,
    load_stage,
    prompt_checks,
    read_task_json,
    source_checks,
)

__all__ = ["TaskAdmission", "admit_task"]


@dataclass(slots=True)
class TaskAdmission:
    """The admission outcome of one task.

    Attributes
    ----------
    task_id : str
    path : str
    fields : dict of str to FieldResult
        One per rubric field, in the order of :data:`~geoverify.admission.rubric.FIELDS`.
    elapsed : float
        Wall seconds.
    """

    task_id: str
    path: str
    fields: dict[str, FieldResult]
    elapsed: float = 0.0
    timings: dict = field(default_factory=dict)

    @property
    def admitted(self) -> bool:
        """No field failed and none was left unexamined (needs-expert fields do not block admission)."""
        return all(f.status not in (FAIL, NOT_EVALUATED) for f in self.fields.values())

    def failures(self) -> dict[str, str]:
        return {k: f.reason for k, f in self.fields.items() if f.status == FAIL}

    def to_dict(self) -> dict:
        return {"id": self.task_id, "path": self.path, "admitted": self.admitted, "elapsed": round(self.elapsed, 3),
                "timings": {k: round(v, 3) for k, v in self.timings.items()},
                "fields": {k: f.to_dict() for k, f in self.fields.items()}}


def admit_task(path, *, gate: bool = True, cache=None, policy: bool = True) -> TaskAdmission:
    """Admission checks of one task folder.

    Parameters
    ----------
    path : path-like
        Task folder (or its task.json).
    gate : bool
        Run the real toolchains for the references' technical gate (otherwise only
        the native parse stands for T, and the gate check is absent).
    cache : GateCache, optional
        Gate result cache.
    policy : bool
        Build the positive/negative transform examples of the equivalent-form policy.

    Raises
    ------
    TaskNotFoundError, IRValidationError
        No task.json, or it is not JSON: the input is unreadable.
    """
    t0 = time.perf_counter()
    data, root = read_task_json(path)
    task, checks = load_stage(data, root)
    tid = data.get("id", Path(root).name) if isinstance(data, dict) else Path(root).name
    timings: dict = {}
    if task is None:
        fields = {}
        for name in FIELDS:
            cs = checks.get(name, [])
            fields[name] = decide_field(name, cs) if cs else decide_field(name, [], evaluated=False)
        return TaskAdmission(str(tid), str(root), fields, time.perf_counter() - t0)

    def timed(key, fn, *a, **kw):
        s = time.perf_counter()
        out = fn(*a, **kw)
        timings[key] = timings.get(key, 0.0) + time.perf_counter() - s
        return out

    from geoverify.admission.mathematics import mathematics_checks
    from geoverify.admission.references import policy_checks, reference_checks, variant_checks

    checks.setdefault("instance_validity", [])
    checks["instance_validity"] += timed("mathematics", mathematics_checks, task)
    checks["source_consistency"] = source_checks(task)
    checks["prompt_sufficiency"] = prompt_checks(task)
    checks["gold_ir_coverage"] = coverage_checks(task)
    checks["constraint_validity"] = constraint_card_checks(task)
    checks["reference_artifact_correctness"] = timed("references", reference_checks, task, gate=gate, cache=cache)
    checks["equivalent_form_policy"] = timed("variants", variant_checks, task)
    if policy:
        checks["equivalent_form_policy"] += timed("policy", policy_checks, task)
    fields = {name: decide_field(name, checks.get(name, [])) for name in FIELDS}
    return TaskAdmission(task.id, str(root), fields, time.perf_counter() - t0, timings)
