"""Median time of `check` per figure on the bundled tasks, split into parse / match / predicates,
and the wall time of a cold `geoverify check` of one figure (a fresh process, numba cache warm).

Usage: python benchmarks/check_times.py [TASKSET] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from geoverify.evaluation import check_scene
from geoverify.frontends import load_figure
from geoverify.ir import find_tasks, load_task


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("taskset", nargs="?", default=str(Path(__file__).resolve().parents[1] / "tasks"))
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    figures = []
    for tdir in find_tasks(args.taskset):
        task = load_task(tdir)
        for art in list(task.references) + list(task.variants):
            figures.append((task, art.path, art.format))
    if not figures:
        sys.exit("no figures found")
    # warm-up: numba kernels (as `geoverify run` workers do), then every figure once
    from geoverify.kernels.warmup import warmup

    warmup()
    for task, path, fmt in figures:
        try:
            check_scene(load_figure(path, format=fmt), task)
        except Exception as exc:  # noqa: BLE001 - report and go on
            print(f"skip {path}: {exc}", file=sys.stderr)
    parse, match, preds, total = [], [], [], []
    by_format: dict[str, list[float]] = {}
    for _ in range(args.repeat):
        for task, path, fmt in figures:
            t0 = time.perf_counter()
            try:
                scene = load_figure(path, format=fmt)
            except Exception:  # noqa: BLE001
                continue
            t1 = time.perf_counter()
            rep = check_scene(scene, task)
            t2 = time.perf_counter()
            parse.append(t1 - t0)
            match.append(rep.timings["match"])
            preds.append(rep.timings["predicates"])
            total.append(t2 - t0)
            by_format.setdefault(fmt, []).append(t2 - t0)
    ms = lambda xs: 1000 * statistics.median(xs)  # noqa: E731
    print(f"figures: {len(figures)} ({args.repeat} repeats), one process, warm")
    print(f"median per figure: total {ms(total):.2f} ms = parse {ms(parse):.2f} + match {ms(match):.2f} "
          f"+ predicates {ms(preds):.2f} ms")
    for fmt, xs in sorted(by_format.items()):
        print(f"  {fmt:<5} median {ms(xs):.2f} ms  p90 {1000 * sorted(xs)[int(0.9 * (len(xs) - 1))]:.2f} ms  (n={len(xs)})")
    task, path, fmt = figures[0]
    cold = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "geoverify.cli.main", "check", str(path), "--task", str(task.root)],
                       capture_output=True, check=False)
        cold.append(time.perf_counter() - t0)
    print(f"cold `geoverify check` of one figure (fresh process): median {statistics.median(cold):.2f} s")


if __name__ == "__main__":
    main()
