"""Fuzz a task's predicates with hypothesis, starting from its reference figure.

Allowed transforms (the frames' equivalences, re-stylings, reorderings) must
keep every predicate passing; perturbations of bound objects (moved, resized,
deleted, relabelled, labels swapped, arrows reversed) and forbidden transforms
must make the predicates that depend on them fail. Each predicate found too
loose or too strict is reported with its minimal (shrunk) example, written as an
SVG figure under --out. Exit code 0 when nothing is found, 1 when something is,
2 on unreadable input.
"""

from __future__ import annotations

import json
import sys

HELP = "search for too-loose and too-strict predicates of a task (hypothesis)"


def add_arguments(p):
    p.add_argument("tasks", nargs="+", metavar="TASKDIR", help="task folders (searched recursively)")
    p.add_argument("--examples", type=int, default=20, metavar="N",
                   help="max examples of each hypothesis search (default 20)")
    p.add_argument("--out", metavar="DIR", default="fuzz-out",
                   help="folder for the minimal examples (SVG) and fuzz-report.json (default fuzz-out)")
    p.add_argument("--seed", type=int, metavar="S", help="make the run reproducible")
    p.add_argument("--all-references", action="store_true", help="fuzz every reference format, not only the first")
    p.add_argument("--json", action="store_true", help="print the JSON report")


def run(args) -> int:
    from pathlib import Path

    from geoverify.admission.fuzzing import fuzz_task
    from geoverify.errors import InputError
    from geoverify.ir import find_tasks

    if args.examples < 1:
        raise InputError(f"--examples must be at least 1, got {args.examples}")
    reports = []
    for arg in args.tasks:
        for d in find_tasks(arg):
            reports.append(fuzz_task(d, examples=args.examples, seed=args.seed, out=args.out,
                                     all_references=args.all_references))
    data = {"schema_version": "1.0", "examples": args.examples, "seed": args.seed,
            "tasks": [r.to_dict() for r in reports]}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "fuzz-report.json").write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    if args.json:
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for r in reports:
            print(r.render_text())
        n = sum(len(r.findings) for r in reports)
        print(f"{n} finding(s) in {len(reports)} task(s); report: {out / 'fuzz-report.json'}")
    return 0 if all(r.clean for r in reports) else 1
