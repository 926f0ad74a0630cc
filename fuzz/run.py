"""Fuzz the native front-ends: N generated inputs per format, counts printed.

Usage::

    python fuzz/run.py --examples 10000            # all three front-ends, fast sampler
    python fuzz/run.py --examples 500 --format svg --seed 7
    python fuzz/run.py --examples 200 --engine hypothesis   # from_lark (slow, the reference)

Each example goes through ``geoverify.frontends.parse_figure``; the law is that only
documented :class:`geoverify.errors.GeoverifyError` subclasses come out (see
``fuzz/harness.py``). Prints, per front-end, the number of examples, how many
parsed (OK) and how many ended with each error code, and UNDOCUMENTED failures,
whose first tracebacks are written to ``fuzz/crashes/<fmt>-<n>.txt`` (and the slowest input,
when it took over :data:`SLOW_SECONDS`, to ``fuzz/crashes/<fmt>-slowest.txt``). Exit status
1 when any undocumented failure was found.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402


def run_format_fast(fmt: str, examples: int, seed: int | None) -> harness.Tally:
    """N inputs from :func:`harness.fast_inputs` (grammar sampler, SVG trees, mutated corpus)."""
    import random

    tally = harness.Tally(fmt)
    gen = harness.fast_inputs(fmt, random.Random(seed if seed is not None else 20261129))
    for _, text in zip(range(examples), gen):
        harness.check_one(text, fmt, tally)
    return tally


def run_format(fmt: str, examples: int, seed: int | None) -> harness.Tally:
    """N examples drawn by hypothesis (``from_lark`` on our grammars, SVG trees, mutated corpus)."""
    from hypothesis import HealthCheck, given, settings, seed as hseed

    tally = harness.Tally(fmt)
    strategy = harness.strategy_for(fmt)
    if strategy is None or not harness.frontend_available(fmt):
        return tally

    @settings(max_examples=examples, deadline=None, database=None, derandomize=seed is None,
              suppress_health_check=list(HealthCheck), phases=["generate"])
    @given(strategy)
    def one(text):
        harness.check_one(text, fmt, tally)

    if seed is not None:
        one = hseed(seed)(one)
    one()
    return tally


#: An input that takes this long is kept for a look (fuzz/crashes/<format>-slowest.txt).
SLOW_SECONDS = 2.0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000, help="examples per front-end")
    parser.add_argument("--format", choices=harness.FORMATS, action="append",
                        help="front-end(s) to fuzz; all by default")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: fixed)")
    parser.add_argument("--engine", choices=["fast", "hypothesis"], default="fast",
                        help="fast: own grammar sampler (thousands per minute); hypothesis: from_lark "
                             "(the reference generator, 0.1-0.7 s per example)")
    args = parser.parse_args(argv)
    crashes = Path(__file__).resolve().parent / "crashes"
    bad = 0
    for fmt in args.format or harness.FORMATS:
        if not harness.frontend_available(fmt):
            print(f"{fmt}: front-end not importable yet; skipped", flush=True)
            continue
        start = time.monotonic()
        runner = run_format_fast if args.engine == "fast" else run_format
        tally = runner(fmt, args.examples, args.seed)
        elapsed = time.monotonic() - start
        codes = ", ".join(f"{k}={v}" for k, v in sorted(tally.outcomes.items()))
        undocumented = tally.outcomes.get("UNDOCUMENTED", 0)
        print(f"{fmt}: {tally.examples} examples in {elapsed:.1f} s; undocumented={undocumented}; "
              f"slowest={tally.slowest:.2f} s; {codes}", flush=True)
        if tally.slowest >= SLOW_SECONDS:
            crashes.mkdir(exist_ok=True)
            (crashes / f"{fmt}-slowest.txt").write_text(
                f"{tally.slowest:.2f} s (outcome as counted above)\n--- input ---\n" + tally.slowest_text, encoding="utf-8")
            print(f"  its slowest input is in {crashes / (fmt + '-slowest.txt')}", flush=True)
        if undocumented:
            bad += undocumented
            crashes.mkdir(exist_ok=True)
            for i, (text, tb) in enumerate(tally.undocumented):
                (crashes / f"{fmt}-{i}.txt").write_text(tb + "\n--- input ---\n" + text, encoding="utf-8")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
