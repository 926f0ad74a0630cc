"""The verification report of one figure: JSON (``ir_schemas/report.schema.json``) and terminal text."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

__all__ = ["Report", "REPORT_SCHEMA_VERSION"]

REPORT_SCHEMA_VERSION = "1.0"


@dataclass(slots=True)
class Report:
    """Everything ``check`` found about one figure.

    Attributes
    ----------
    task : Task
    figure : str or None
        Figure path (None for code passed as text).
    format : str
    scene_used : str
        ``"native"``, ``"rendered"`` or ``"none"`` (the figure could not be read).
    T_parts : dict
        The four MathVis gate parts: format_correct, compilable, rendered, non_empty.
    scores : Scores
    results : list of PredicateResult
    binding : Binding or None
    diagnostics : list of Diagnostic
        What the front-end skipped or approximated.
    partial : bool
        True when some construct was skipped.
    tech_error : dict or None
        ``{"code", "message", "location"}`` when T = 0.
    """

    task: object
    figure: str | None
    format: str
    scene_used: str
    T_parts: dict
    scores: object
    results: list
    binding: object
    diagnostics: list
    partial: bool
    timings: dict
    engine_version: str
    gate: dict | None = None
    tech_error: dict | None = None
    extra: dict = field(default_factory=dict)

    @property
    def delivered(self) -> bool:
        return self.scores.D == 1

    def to_dict(self) -> dict:
        s = self.scores
        out = {
            "schema_version": REPORT_SCHEMA_VERSION,
            "engine_version": self.engine_version,
            "task": self.task.id,
            "figure": self.figure,
            "format": self.format,
            "scene_used": self.scene_used,
            "T": s.T,
            "T_parts": self.T_parts,
            "H_math": s.H_math,
            "S": s.S,
            "S_raw": s.S_raw,
            "D": s.D,
            "R": s.R,
            "predicates": [r.to_dict() for r in self.results],
            "partial": self.partial,
            "diagnostics": [d.to_dict() for d in self.diagnostics],
            "timings": {k: round(v, 6) for k, v in self.timings.items()},
        }
        if self.tech_error:
            out["tech_error"] = self.tech_error
        if self.gate is not None:
            out["gate"] = self.gate
        if self.binding is not None:
            out["frames"] = [f.to_dict() for f in self.binding.frames.values()]
            out["objects"] = {k: b.to_dict() for k, b in self.binding.objects.items()}
        out.update(self.extra)
        return out

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def render_text(self, color: bool = False) -> str:
        """Readable terminal form."""
        s = self.scores

        def mark(v: str) -> str:
            sym = {"pass": "PASS", "fail": "FAIL", "indeterminate": "????"}[v]
            if not color:
                return sym
            code = {"pass": "32", "fail": "31", "indeterminate": "33"}[v]
            return f"\033[{code}m{sym}\033[0m"

        lines = [
            f"{self.figure or '<figure>'}  [{self.format}, {self.scene_used} scene]  task {self.task.id}",
            f"  T={s.T}  H_math={s.H_math}  S={s.S:.2f} (raw {s.S_raw:.2f})  D={s.D}  R={s.R:.2f}"
            + ("   DELIVERED" if s.D else ""),
        ]
        if self.tech_error:
            lines.append(f"  technical gate: {self.tech_error['code']}: {self.tech_error['message'].splitlines()[0]}")
        agreement = (self.gate or {}).get("scene_agreement")
        if agreement and not agreement["agree"]:
            lines.append(f"  native and rendered scenes disagree: {'; '.join(agreement['problems'][:3])}")
        for r in self.results:
            p = r.predicate
            kind = "hard" if p.kind == "hard" else f"soft w={p.weight:g}"
            code = "" if r.verdict.passed else f" [{p.error_code or 'FAILED'}]"
            lines.append(f"  {mark(r.verdict.verdict)} {p.id:<10} ({kind}){code}: {r.verdict.message}")
        skipped = [d for d in self.diagnostics if d.skipped]
        if skipped:
            lines.append(f"  partial scene: {len(skipped)} construct(s) not interpreted, e.g. {skipped[0]}")
        return "\n".join(lines)
