"""Time ``geoverify run`` over the bundled task set and example outputs.

Usage::

    python benchmarks/run_bundled.py [--tasks tasks] [--outputs examples/outputs] [--jobs N] [--no-gate]

Runs the whole bundled evaluation twice into fresh results files: with native
scenes (T decided natively: parsed and non-empty) and with the real gate
(``--gate``: pdflatex + dvisvgm, asy, rsvg-convert, sandboxed). Each figure
includes worker start-up and numba cache loading (what a user waits for), then
the scorecard (9,999 bootstrap resamples). It prints wall time, outputs per
second, outputs per second per worker, and the scorecard's time; with the gate,
also how many outputs the gate judged differently from the native check.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def one_run(tasks, outputs, jobs, gate):
    from geoverify.evaluation.run import run_taskset
    from geoverify.evaluation.scorecard import build_scorecard

    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        res = run_taskset(tasks, outputs, Path(tmp) / "results.jsonl", gate=gate, jobs=jobs, progress=False)
        t1 = time.perf_counter()
        card = build_scorecard(res.tasks, res.ordered_records(), models=sorted({j.model for j in res.jobs}),
                               mode=res.mode)
        t2 = time.perf_counter()
    return res, card, t1 - t0, t2 - t1


def main(argv=None) -> int:
    from geoverify.evaluation.run import default_jobs

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tasks", default=str(REPO / "tasks"))
    ap.add_argument("--outputs", default=str(REPO / "examples" / "outputs"))
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--no-gate", action="store_true", help="skip the real-gate run")
    args = ap.parse_args(argv)
    print(f"cores available: {default_jobs()}, workers: {args.jobs}, python {sys.version.split()[0]}")
    rows = {}
    for gate in ([False] if args.no_gate else [False, True]):
        res, card, run_s, card_s = one_run(args.tasks, args.outputs, args.jobs, gate)
        n = len(res.jobs)
        label = "real gate" if gate else "native"
        rows[label] = res
        print(f"{label:>9}: {n} outputs of {len(res.tasks)} tasks in {run_s:.1f} s = {n / run_s:.2f} outputs/s "
              f"({n / run_s / args.jobs:.2f} per worker) [{res.executor}]; scorecard {card_s:.2f} s")
        dpsr = {m["model"]: m["metrics"]["D-PSR"]["value"] for m in card["models"]}
        print(f"{'':>9}  D-PSR: " + ", ".join(f"{k} {v:.1f}" for k, v in dpsr.items()))
    if "real gate" in rows:
        nat = {r["output"]: r for r in rows["native"].records.values()}
        diff = [r for r in rows["real gate"].records.values() if r["T"] != nat[r["output"]]["T"]]
        gated = [r for r in rows["real gate"].records.values() if "gate" in r]
        unavailable = sum(1 for r in gated if r["gate"]["T"] is None)
        print(f"gate vs native: T differs on {len(diff)} output(s); the gate ran on {len(gated)} "
              f"(the others failed before it: no code, cut-off response), toolchain unavailable for {unavailable}")
        for r in diff[:10]:
            msg = (r.get("tech_error") or {}).get("message", "").strip().splitlines()
            print(f"  {r['output']}: gate T={r['T']} {r['error_codes']}, native T={nat[r['output']]['T']} "
                  f"{nat[r['output']]['error_codes']}" + (f": {msg[0][:120]}" if msg else ""))
    kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"peak RSS of the largest worker: {kb / 1024:.0f} MiB; parent: "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
