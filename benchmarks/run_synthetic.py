"""Synthetic ``geoverify run`` of 10,000 outputs built from the bundled references and variants.

Usage::

    python benchmarks/run_synthetic.py [--n 10000] [--jobs N] [--tasks tasks] [--gate]

Writes N outputs into a temporary folder (``write_outputs_from_taskset``: spread
evenly over the bundled tasks, three rollouts per synthetic model, half of them
wrong variants, every file made unique by a trailing comment), then verifies them
all with a local process pool into a fresh results file, and builds the
scorecard. It prints:

- throughput: outputs per second, and per worker (= per core when workers = cores);
- latency per output: median and 95th percentile of the records' ``elapsed``;
- peak memory per worker: the largest worker's maximum resident set size
  (``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``, read after the pool is
  shut down, so every worker has been reaped), and the parent's;
- results-file size per output, and the scorecard's time.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    from geoverify.evaluation.run import default_jobs, run_taskset
    from geoverify.evaluation.scorecard import build_scorecard
    from geoverify.evaluation.synthetic import write_outputs_from_taskset

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--tasks", default=str(REPO / "tasks"))
    ap.add_argument("--gate", action="store_true", help="use the real gate (slow: one toolchain run per output)")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        outs = Path(tmp) / "outputs"
        t0 = time.perf_counter()
        n = write_outputs_from_taskset(args.tasks, outs, args.n, seed=0)
        t1 = time.perf_counter()
        print(f"wrote {n} synthetic outputs in {t1 - t0:.1f} s; workers: {args.jobs} "
              f"(cores available: {default_jobs()})")
        results = Path(tmp) / "results.jsonl"
        res = run_taskset(args.tasks, outs, results, gate=args.gate, jobs=args.jobs, progress=args.progress)
        t2 = time.perf_counter()
        size = results.stat().st_size
        card = build_scorecard(res.tasks, res.ordered_records(), models=sorted({j.model for j in res.jobs}),
                               mode=res.mode, n_resamples=2000)
        t3 = time.perf_counter()
    el = sorted(r["elapsed"] for r in res.records.values())
    run_s = res.elapsed
    print(f"verified {res.verified} outputs of {len(res.tasks)} tasks in {run_s:.1f} s [{res.executor}, "
          f"{res.mode}]")
    print(f"throughput: {res.verified / run_s:.1f} outputs/s, {res.verified / run_s / args.jobs:.1f} outputs/s "
          f"per worker")
    print(f"per output: median {1000 * statistics.median(el):.1f} ms, p95 {1000 * el[int(0.95 * (len(el) - 1))]:.1f} ms,"
          f" max {1000 * el[-1]:.0f} ms (in the worker)")
    by_fmt: dict[str, list[float]] = {}
    for r in res.records.values():
        by_fmt.setdefault(r["format"] or "none", []).append(r["elapsed"])
    for fmt, xs in sorted(by_fmt.items()):
        xs.sort()
        print(f"  {fmt:>5}: {len(xs)} outputs, median {1000 * statistics.median(xs):.1f} ms, "
              f"p95 {1000 * xs[int(0.95 * (len(xs) - 1))]:.1f} ms, total {sum(xs):.0f} s")
    print(f"peak RSS: largest worker {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f} MiB, "
          f"parent {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    print(f"results file: {size / 1e6:.1f} MB ({size / max(1, n):.0f} bytes per output)")
    print(f"scorecard of {len(card['models'])} models (2,000 resamples): {t3 - t2:.1f} s")
    errs: dict[str, int] = {}
    for r in res.records.values():
        if r.get("engine_error"):
            first = r["tech_error"]["message"].splitlines()[0][:100] if r.get("tech_error") else "?"
            errs[first] = errs.get(first, 0) + 1
    for msg, k in sorted(errs.items(), key=lambda kv: -kv[1])[:5]:
        print(f"  engine error x{k}: {msg}")
    ok = sum(r["D"] for r in res.records.values())
    print(f"delivered: {ok} of {n} ({100 * ok / max(1, n):.1f}%); engine errors: "
          f"{sum(1 for r in res.records.values() if r.get('engine_error'))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
