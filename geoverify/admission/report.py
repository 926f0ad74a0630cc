"""Admission reports: JSON (``ir_schemas/admission.schema.json``) and terminal text."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from geoverify.admission.rubric import FAIL, FIELDS, NEEDS_EXPERT, NOT_EVALUATED, PASS

__all__ = ["AdmissionReport", "ADMISSION_SCHEMA_VERSION"]

ADMISSION_SCHEMA_VERSION = "1.0"
_MARK = {PASS: "pass", FAIL: "FAIL", NEEDS_EXPERT: "needs expert", NOT_EVALUATED: "not evaluated"}
_COLOR = {PASS: "\x1b[32m", FAIL: "\x1b[31m", NEEDS_EXPERT: "\x1b[33m", NOT_EVALUATED: "\x1b[35m"}


@dataclass(slots=True)
class AdmissionReport:
    """Admission outcomes of a set of tasks, plus inputs that could not be read.

    Attributes
    ----------
    tasks : list of TaskAdmission
    unreadable : list of dict
        ``{"path", "code", "message"}`` per input that is not a readable task.
    gate : bool
        Whether the real toolchains decided the references' gate.
    """

    tasks: list = field(default_factory=list)
    unreadable: list = field(default_factory=list)
    gate: bool = True

    @property
    def admitted(self) -> bool:
        return not self.unreadable and all(t.admitted for t in self.tasks)

    def exit_code(self) -> int:
        """0 every task admitted, 1 some task not admitted, 2 some input unreadable."""
        if self.unreadable:
            return 2
        return 0 if self.admitted else 1

    def to_dict(self) -> dict:
        from geoverify import __version__

        return {
            "schema_version": ADMISSION_SCHEMA_VERSION,
            "engine_version": __version__,
            "gate": self.gate,
            "fields": list(FIELDS),
            "tasks": [t.to_dict() for t in self.tasks],
            "unreadable": list(self.unreadable),
            "summary": {
                "tasks": len(self.tasks),
                "admitted": sum(t.admitted for t in self.tasks),
                "not_admitted": [t.task_id for t in self.tasks if not t.admitted],
                "unreadable": len(self.unreadable),
            },
        }

    def validate(self) -> dict:
        """The JSON form, validated against admission.schema.json (raises IRValidationError)."""
        from geoverify.ir import validate_against_schema

        data = self.to_dict()
        validate_against_schema(data, "admission")
        return data

    def render_text(self, *, color: bool = False, verbose: bool = False) -> str:
        lines = []
        for t in self.tasks:
            head = "ADMITTED" if t.admitted else "NOT ADMITTED"
            lines.append(f"{t.task_id}: {head}  ({t.path}, {t.elapsed:.1f} s)")
            for name, f in t.fields.items():
                mark = _MARK[f.status]
                if color:
                    mark = f"{_COLOR[f.status]}{mark}\x1b[0m"
                reason = f.reason if (f.status != PASS or verbose) else f.reason
                wrapped = textwrap.shorten(reason, 400 if f.status == FAIL else 160, placeholder=" ...")
                lines.append(f"  {name:<32} {mark}: {wrapped}")
                if verbose:
                    for c in f.checks:
                        lines.append(f"      - [{c.status}] {c.id}: {textwrap.shorten(c.message, 200)}")
        for u in self.unreadable:
            lines.append(f"{u['path']}: UNREADABLE [{u['code']}]: {u['message']}")
        n = len(self.tasks)
        k = sum(t.admitted for t in self.tasks)
        lines.append(f"{k} of {n} task(s) admitted" + (f", {len(self.unreadable)} unreadable" if self.unreadable else ""))
        return "\n".join(lines)
