"""Structural admission checks: loading, symbol table, coverage, the constraint card, prompt screens.

Loading is staged so that each defect lands on its rubric field: a predicate
naming a missing object is a Gold-IR coverage defect, an unknown operation is a
constraint-validity defect (the constraint is not decidable), and any other
schema violation is an instance-validity defect.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from geoverify.admission.rubric import FAIL, PASS, Check
from geoverify.errors import IRValidationError, TaskNotFoundError, UnknownObjectError, UnknownPredicateError
from geoverify.ir import OPERATIONS, Task, task_from_dict

__all__ = ["read_task_json", "load_stage", "coverage_checks", "constraint_card_checks", "prompt_checks",
           "source_checks", "REF_FIELDS"]

#: Object fields naming other objects (kept in step with the loader's list).
REF_FIELDS = ("through", "center", "vertices", "of", "boundary", "within", "from", "to")

# Code artefacts that leak into prompts written by generators (repr of numpy scalars, unformatted fields).
_PROMPT_ARTEFACTS = [
    (re.compile(r"\bnp\.\w+\("), "a numpy repr"),
    (re.compile(r"\barray\("), "a numpy array repr"),
    (re.compile(r"\b(None|nan|NaN|inf)\b"), "a Python/float special value"),
    # {name} left by str.format, but not TeX groups (\begin{pmatrix}, \frac{a}{b}, x^{n}).
    (re.compile(r"(?<!\\begin)(?<!\\end)(?<![\\\w}^_])\{[A-Za-z_][A-Za-z0-9_]*\}"), "an unformatted template field"),
    (re.compile(r"\d\.\d{7,}"), "a number with 7+ decimals (float noise)"),
]


def read_task_json(path) -> tuple[dict, Path]:
    """Parsed task.json and its folder.

    Raises
    ------
    TaskNotFoundError
        No task.json there.
    IRValidationError
        Not JSON (unreadable input).
    """
    p = Path(path)
    file = p / "task.json" if p.is_dir() else p
    if not file.is_file():
        raise TaskNotFoundError(f"no task.json at {file}")
    try:
        return json.loads(file.read_text(encoding="utf-8")), file.parent.resolve()
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise IRValidationError(f"{file} is not readable JSON: {exc}") from None


def load_stage(data: dict, root: Path) -> tuple[Task | None, dict[str, list[Check]]]:
    """Validate and build the task; on failure, a check on the field the defect belongs to.

    Returns
    -------
    task : Task or None
    checks : dict of field -> list of Check
    """
    checks: dict[str, list[Check]] = {}
    try:
        task = task_from_dict(data, root=root)
    except UnknownObjectError as exc:
        where = exc.path or ""
        fld = "gold_ir_coverage" if where.startswith("predicates") else "instance_validity"
        what = "a predicate names an object the IR does not define" if fld == "gold_ir_coverage" \
            else "an object refers to an object the IR does not define"
        checks[fld] = [Check("ir.references", FAIL, f"{what}: {exc.message}", details={"path": where})]
        return None, checks
    except UnknownPredicateError as exc:
        checks["constraint_validity"] = [Check("card.decidable", FAIL, f"a constraint is not decidable: {exc.message}",
                                               details={"path": exc.path or ""})]
        return None, checks
    except IRValidationError as exc:
        checks["instance_validity"] = [Check("ir.schema", FAIL, f"the task is not valid: {exc.message}",
                                             details={"path": exc.path or ""})]
        return None, checks
    checks["instance_validity"] = [Check("ir.schema", PASS, "task.json is valid against task.schema.json; every "
                                         "reference between objects, frames and artifacts resolves")]
    return task, checks


def _refs(obj) -> list[str]:
    out = []
    for fld in REF_FIELDS:
        v = obj.data.get(fld)
        for x in (v if isinstance(v, list) else [v]):
            if isinstance(x, str):
                out.append(x)
    return out


def coverage_checks(task: Task) -> list[Check]:
    """Every object is used by a predicate (directly or through an object that is); frames hold objects."""
    used = set()
    for p in task.predicates:
        used |= p.objects()
        # An arrow names its ends through the IR, a region its boundary: follow them below.
    frontier = list(used)
    while frontier:
        oid = frontier.pop()
        for r in _refs(task.objects[oid]):
            if r not in used:
                used.add(r)
                frontier.append(r)
    unused = [o.id for o in task.objects.values() if o.id not in used]
    out = []
    if unused:
        paths = ", ".join(f"{oid} ({task.objects[oid].path})" for oid in unused)
        out.append(Check("ir.objects_used", FAIL, f"IR object(s) used by no predicate, directly or through another "
                                                  f"object: {paths}", details={"unused": unused}))
    else:
        out.append(Check("ir.objects_used", PASS, f"all {len(task.objects)} IR objects are used by some predicate",
                         evidence=False))
    empty = [f for f in task.frames if not task.objects_in(f)]
    if empty and len(task.frames) > 1:
        out.append(Check("ir.frames_used", FAIL, f"frame(s) with no objects: {', '.join(empty)}"))
    out.append(Check("ir.predicates_resolve", PASS, "every predicate names existing objects of accepted types",
                     evidence=False))
    return out


def constraint_card_checks(task: Task) -> list[Check]:
    """Decidability, links to IR evidence, non-redundancy and hard/soft bookkeeping of the card."""
    out = []
    out.append(Check("card.decidable", PASS, f"all {len(task.predicates)} predicates use registered operations"))
    seen: dict[str, str] = {}
    dup = []
    for p in task.predicates:
        key = json.dumps(p.check.to_dict(), sort_keys=True)
        if key in seen:
            dup.append(f"{p.id} repeats {seen[key]}")
        seen.setdefault(key, p.id)
    if dup:
        out.append(Check("card.non_redundant", FAIL, f"redundant constraints (identical checks): {'; '.join(dup)}"))
    else:
        out.append(Check("card.non_redundant", PASS, "no two predicates have the same check"))
    no_code = [p.id for p in task.predicates if not p.error_code]
    if no_code:
        out.append(Check("card.error_codes", FAIL, f"predicate(s) without an error code: {', '.join(no_code)}"))
    else:
        out.append(Check("card.error_codes", PASS, "every predicate has an error code"))
    if not task.hard:
        out.append(Check("card.hard", FAIL, "the card has no hard constraint, so H_math is vacuous"))
    bad_soft = [p.id for p in task.soft if not p.weight or p.weight <= 0]
    if bad_soft:
        out.append(Check("card.soft_weights", FAIL, f"soft predicate(s) without a positive weight: {', '.join(bad_soft)}"))
    # Only objects-free checks may be object-free (labels_readable); others must link to IR evidence.
    unlinked = [p.id for p in task.predicates if not p.objects() and
                any(n.op not in ("labels_readable",) for n in p.check.walk() if n.op in OPERATIONS)]
    if unlinked:
        out.append(Check("card.linked", FAIL, f"predicate(s) linked to no IR object: {', '.join(unlinked)}"))
    return out


def prompt_checks(task: Task) -> list[Check]:
    """Screens of the prompt: only defects are decidable automatically."""
    found = []
    for rx, what in _PROMPT_ARTEFACTS:
        m = rx.search(task.prompt)
        if m:
            found.append(f"{what} {m.group(0)!r} at character {m.start()}")
    if found:
        return [Check("prompt.artefacts", FAIL, "the prompt contains generator artefacts a solver cannot read as "
                                                "mathematics: " + "; ".join(found), evidence=False)]
    return [Check("prompt.artefacts", PASS, "no code artefacts in the prompt", evidence=False)]


def source_checks(task: Task) -> list[Check]:
    src = (task.raw.get("source") or "").strip()
    if not src:
        return [Check("source.named", FAIL, "the task names no source, so source consistency cannot be reviewed",
                      evidence=False)]
    return [Check("source.named", PASS, f"source: {src}", evidence=False)]


