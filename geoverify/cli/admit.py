"""Check task packages for admission (MathVis Appendix E rubric) and print a report per task.

Each rubric field gets pass, fail (with the reason) or needs expert (no automatic
evidence: never a pass). Exit code 0 when every task is admitted (no field
failed), 1 when some task is not, 2 when some input cannot be read.
"""

from __future__ import annotations

import json
import sys

HELP = "check task packages against the admission rubric (schema, mathematics, references, variants)"


def add_arguments(p):
    p.add_argument("tasks", nargs="+", metavar="TASKDIR",
                   help="task folders (a folder holding several tasks is searched recursively)")
    p.add_argument("--json", action="store_true", help="print the JSON report (admission.schema.json)")
    p.add_argument("--out", metavar="FILE", help="also write the JSON report to FILE")
    p.add_argument("--no-gate", action="store_true",
                   help="do not run the real toolchains for the references' technical gate (native parse only)")
    p.add_argument("--no-policy", action="store_true",
                   help="skip the allowed/forbidden transform examples of the equivalent-form policy")
    p.add_argument("-v", "--verbose", action="store_true", help="list every check under its field")


def run(args) -> int:
    from geoverify.admission import AdmissionReport, admit_task
    from geoverify.errors import GeoverifyError
    from geoverify.ir import find_tasks

    report = AdmissionReport(gate=not args.no_gate)
    cache = None
    if not args.no_gate:
        try:
            from geoverify.gate import GateCache

            cache = GateCache()
        except ImportError:
            cache = None
    for arg in args.tasks:
        try:
            dirs = find_tasks(arg)
        except GeoverifyError as exc:
            report.unreadable.append({"path": str(arg), "code": exc.code, "message": exc.message})
            continue
        if not dirs:
            report.unreadable.append({"path": str(arg), "code": "TASK_NOT_FOUND", "message": "no task.json under it"})
        for d in dirs:
            try:
                report.tasks.append(admit_task(d, gate=not args.no_gate, cache=cache, policy=not args.no_policy))
            except GeoverifyError as exc:
                report.unreadable.append({"path": str(d), "code": exc.code, "message": exc.message})
    data = report.validate()
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, ensure_ascii=False)
    if args.json:
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(report.render_text(color=sys.stdout.isatty(), verbose=args.verbose))
    for u in report.unreadable:
        print(f"geoverify admit: {u['path']}: error [{u['code']}]: {u['message']}", file=sys.stderr)
    return report.exit_code()
