"""Mutation accuracy over the bundled task set: do the mutants fail the predicates they
should, and do the untouched references pass?

For every task, every reference (each format) and every variant: the per-predicate
verdicts against the expected ones (a variant's ``expect``; everything else must
pass). Prints confusion counts per predicate kind (hard / soft) and per mutation
operator, where "positive" means "expected to fail".

Usage: python benchmarks/mutation_accuracy.py [TASKSET]
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from geoverify.evaluation import check
from geoverify.ir import find_tasks, load_task
from geoverify.kernels.warmup import warmup


def main() -> None:
    taskset = sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parents[1] / "tasks")
    warmup()
    by_kind: dict[str, Counter] = defaultdict(Counter)
    by_op: dict[str, Counter] = defaultdict(Counter)
    refs = Counter()
    t0 = time.perf_counter()
    n = 0
    for tdir in find_tasks(taskset):
        task = load_task(tdir)
        kinds = {p.id: p.kind for p in task.predicates}
        for ref in task.references:
            rep = check(ref.path, task, format=ref.format)
            refs["delivered" if rep.scores.D == 1 else "not delivered"] += 1
            n += 1
        for var in task.variants:
            rep = check(var.path, task, format=var.format)
            n += 1
            got = {r.predicate.id: r.verdict.verdict for r in rep.results}
            for pid, verdict in got.items():
                want_fail = var.expect.get(pid, "pass") != "pass"
                did_fail = verdict != "pass"
                cell = ("TP" if did_fail else "FN") if want_fail else ("FP" if did_fail else "TN")
                by_kind[kinds[pid]][cell] += 1
                by_op[var.path.stem.rsplit(".", 1)[0]][cell] += 1
    el = time.perf_counter() - t0
    print(f"{n} figures checked in {el:.1f} s")
    print(f"untouched references: {refs['delivered']} delivered (D = 1), {refs['not delivered']} not")
    print("\nconfusion per predicate kind (positive = expected to fail)")
    print(f"{'kind':<8}{'TP':>8}{'FN':>8}{'FP':>8}{'TN':>8}")
    for kind, c in sorted(by_kind.items()):
        print(f"{kind:<8}{c['TP']:>8}{c['FN']:>8}{c['FP']:>8}{c['TN']:>8}")
    print("\nconfusion per variant name (all tasks and formats)")
    print(f"{'variant':<32}{'TP':>6}{'FN':>6}{'FP':>6}{'TN':>7}")
    for op, c in sorted(by_op.items()):
        print(f"{op:<32}{c['TP']:>6}{c['FN']:>6}{c['FP']:>6}{c['TN']:>7}")


if __name__ == "__main__":
    main()
