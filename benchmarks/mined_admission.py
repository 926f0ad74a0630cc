#!/usr/bin/env python3
"""Are mined Gold IR drafts admitted? ``geoverify mine`` then ``geoverify admit`` on real references.

For every figure of the corpus folder (``--pattern``, default the geometry blocks)
that the native front-end reads (and, with ``--gate``, that compiles with the real
toolchain) and that shows at least one relation among its labelled points: mine it into a task package (task.json + reference) in a
scratch folder and run the admission checks on it
(:func:`geoverify.admission.admit_task`; ``--gate`` also compiles the reference
with the real toolchain). Prints how many are admitted, the failing rubric
fields ranked by count with an example reason each, and the time per task.

Usage::

    python benchmarks/mined_admission.py ../shared/corpus/asy/math [--limit N] [--jobs 2] [--gate]
        [--every K] [--json out.jsonl]
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def measure(path: str, gate: bool) -> dict:
    from geoverify.admission import admit_task
    from geoverify.fidelity.compare import prepare_figure
    from geoverify.fidelity.package import write_task_package

    rec = {"figure": Path(path).name}
    t0 = time.perf_counter()
    if gate:
        from geoverify.gate import run_gate

        g = run_gate(Path(path).read_text(encoding="utf-8", errors="replace"), "asy" if path.endswith(".asy") else
                     ("svg" if path.endswith(".svg") else "tikz"), dialect="aops")
        if g.T is False:
            rec["skipped"] = "the reference does not compile (real gate)"
            return rec
    fig = prepare_figure(path, dialect="aops")
    if fig.scene is None:
        rec["skipped"] = "native front-end cannot read it"
        return rec
    if not fig.mined.primary():
        rec["skipped"] = "no relation among labelled points"
        return rec
    rec["relations"] = len(fig.mined.primary())
    with tempfile.TemporaryDirectory(prefix="gv-mined-") as tmp:
        write_task_package(fig, path, Path(tmp) / "task")
        try:
            adm = admit_task(Path(tmp) / "task", gate=gate)
        except Exception as exc:  # a crash is a finding: count it, keep going
            rec["error"] = f"{type(exc).__name__}: {exc}"[:300]
            return rec
    rec["admitted"] = adm.admitted
    rec["failures"] = {k: v[:300] for k, v in adm.failures().items()}
    rec["seconds"] = time.perf_counter() - t0
    return rec


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--pattern", default="*geometry*.asy")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--every", type=int, default=1, help="take every K-th file (a spread-out sample)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--gate", action="store_true", help="compile each reference with the real toolchain too")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    files = sorted(str(p) for p in Path(args.corpus).glob(args.pattern))[:: max(args.every, 1)]
    if args.limit:
        files = files[: args.limit]
    if not files:
        print(f"no {args.pattern} under {args.corpus}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    recs = []
    sink = open(args.json, "w", encoding="utf-8") if args.json else None
    with ProcessPoolExecutor(args.jobs) as ex:
        for i, rec in enumerate(ex.map(measure, files, [args.gate] * len(files))):
            recs.append(rec)
            if sink:
                sink.write(json.dumps(rec) + "\n")
                sink.flush()
            if (i + 1) % 25 == 0:
                print(f"  {i + 1}/{len(files)} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    if sink:
        sink.close()
    measured = [r for r in recs if "skipped" not in r]
    errors = [r for r in measured if "error" in r]
    admitted = [r for r in measured if r.get("admitted")]
    print(f"files: {len(recs)}; skipped {len(recs) - len(measured)} "
          f"({collections.Counter(r['skipped'] for r in recs if 'skipped' in r).most_common()})")
    print(f"MINED DRAFTS ADMITTED: {len(admitted)}/{len(measured)}"
          + (f" ({len(errors)} crashed)" if errors else "") + f"  [gate: {'real' if args.gate else 'native'}]")
    fields = collections.Counter()
    example = {}
    for r in measured:
        for k, why in r.get("failures", {}).items():
            fields[k] += 1
            example.setdefault(k, f"{r['figure']}: {why}")
    if fields:
        print("failing rubric fields, by count:")
        for k, n in fields.most_common():
            print(f"  {n:4d}  {k}   e.g. {example[k][:200]}")
    for r in errors[:5]:
        print(f"  crash {r['figure']}: {r['error']}")
    secs = [r["seconds"] for r in measured if "seconds" in r]
    if secs:
        print(f"time per task (mine + admit): median {statistics.median(secs):.2f} s, max {max(secs):.2f} s; "
              f"wall {time.perf_counter() - t0:.0f} s with {args.jobs} processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
