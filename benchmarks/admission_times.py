"""Time ``admit`` and ``fuzz`` over the bundled task set.

Usage::

    python benchmarks/admission_times.py [--tasks tasks] [--examples 10] [--no-gate] [--out DIR]

Prints, per phase, the wall time for the whole set, per-task medians, which tasks
were not admitted (with the failing fields and reasons) and the fuzz findings.
The gate cache is bypassed unless ``--cache`` is given, so the real toolchains
run once per reference.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", default=str(Path(__file__).resolve().parents[1] / "tasks"))
    ap.add_argument("--examples", type=int, default=10, help="max examples per hypothesis search (fuzz)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-gate", action="store_true", help="native gate only for admit")
    ap.add_argument("--cache", action="store_true", help="use the on-disk gate cache")
    ap.add_argument("--skip-fuzz", action="store_true")
    ap.add_argument("--out", default=None, help="write admission.json and fuzz.json here")
    args = ap.parse_args(argv)

    from geoverify.admission import AdmissionReport, admit_task
    from geoverify.admission.fuzzing import fuzz_task
    from geoverify.ir import find_tasks

    dirs = find_tasks(args.tasks)
    cache = None
    if args.cache and not args.no_gate:
        from geoverify.gate import GateCache

        cache = GateCache()
    report = AdmissionReport(gate=not args.no_gate)
    t0 = time.perf_counter()
    for d in dirs:
        report.tasks.append(admit_task(d, gate=not args.no_gate, cache=cache))
    t_admit = time.perf_counter() - t0
    per = [t.elapsed for t in report.tasks]
    n_refs = sum(len(json.loads((d / "task.json").read_text()).get("references", [])) for d in dirs)
    print(f"admit: {len(dirs)} tasks, {n_refs} references, gate={'real toolchains' if not args.no_gate else 'native'}: "
          f"{t_admit:.1f} s total, median {statistics.median(per):.2f} s/task, max {max(per):.1f} s")
    phases: dict = {}
    for t in report.tasks:
        for k, v in t.timings.items():
            phases[k] = phases.get(k, 0.0) + v
    print("  by phase: " + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(phases.items())))
    bad = [t for t in report.tasks if not t.admitted]
    print(f"  admitted {len(dirs) - len(bad)} of {len(dirs)}")
    for t in bad:
        for f, reason in t.failures().items():
            print(f"  NOT ADMITTED {t.task_id}: {f}: {reason[:300]}")
    fuzz_reports = []
    if not args.skip_fuzz:
        t1 = time.perf_counter()
        for d in dirs:
            fuzz_reports.append(fuzz_task(d, examples=args.examples, seed=args.seed))
        t_fuzz = time.perf_counter() - t1
        calls = sum(r.calls for r in fuzz_reports)
        per = [r.elapsed for r in fuzz_reports]
        print(f"fuzz: {len(dirs)} tasks, {args.examples} examples per search, seed {args.seed}: {t_fuzz:.1f} s total, "
              f"{calls} predicate checks, median {statistics.median(per):.2f} s/task, max {max(per):.1f} s")
        for r in fuzz_reports:
            for f in r.findings:
                print(f"  {f.kind.upper()} {r.task_id} {','.join(f.predicates)} [{f.family}] {f.description[:200]}")
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "admission.json").write_text(json.dumps(report.validate(), indent=1, ensure_ascii=False))
        (out / "fuzz.json").write_text(json.dumps([r.to_dict() for r in fuzz_reports], indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
