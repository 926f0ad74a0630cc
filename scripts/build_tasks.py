"""Regenerate the bundled task set from the families, deterministically.

Usage: python scripts/build_tasks.py [--out TASKS_DIR] [--only SUBSTRING ...] [--include-rouche-z3] [--verify]

Each family writes ``<out>/<discipline>/<task-id>/`` with task.json, the
references (reference.svg, reference.tex, reference.asy) and variants/.
``tasks/complex-analysis/rouche-z3`` is written by ``scripts/build_rouche.py``
and is left alone unless ``--include-rouche-z3`` is given (the family
reproduces it: same IR and the same verdicts on its variants).
``--verify`` checks every SVG reference and variant and prints mismatches.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=REPO / "tasks")
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--include-rouche-z3", action="store_true")
    ap.add_argument("--verify", action="store_true")
    args = ap.parse_args(argv)

    from geoverify.families.package import write_package
    from geoverify.families.registry import all_packages

    bad = 0
    n = 0
    for pkg in all_packages():
        if pkg.id == "rouche-z3" and not args.include_rouche_z3:
            continue
        if args.only and not any(s in pkg.id for s in args.only):
            continue
        folder = write_package(pkg, args.out)
        n += 1
        print(f"{pkg.discipline}/{pkg.id}: {len(pkg.formats)} references, {sum(len(m.formats) for m in pkg.mutations)} variants")
        if args.verify:
            bad += _verify(folder)
    print(f"{n} task(s) written to {args.out}")
    return 1 if bad else 0


def _verify(folder: Path) -> int:
    import geoverify
    from geoverify.ir import load_task

    task = load_task(folder)
    bad = 0
    for ref in task.references:
        if ref.format != "svg":
            continue
        rep = geoverify.check(ref.path, task)
        if not rep.scores.D:
            bad += 1
            print(f"  reference {ref.path.name}: D = 0")
    for v in task.variants:
        if v.format != "svg":
            continue
        got = {r.predicate.id: r.verdict.verdict for r in geoverify.check(v.path, task).results}
        want = {p.id: v.expect.get(p.id, "pass") for p in task.predicates}
        if got != want:
            bad += 1
            diff = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
            print(f"  variant {v.path.name}: got/want {diff}")
    return bad


if __name__ == "__main__":
    sys.exit(main())
