#!/usr/bin/env python3
"""Interpret speed of the native Asymptote and TikZ front-ends, without any toolchain.

For every figure it times, in CPU seconds of this process (``time.process_time``,
which a busy shared machine disturbs much less than wall time):

* ``parse``: source -> Lark tree (Asymptote: :func:`geoverify.frontends.asy.parser.parse_source`;
  TikZ: the time spent getting the trees of paths and pgfmath expressions during interpretation,
  parsed or built from an earlier tree with the same skeleton);
* ``total``: the whole front-end call (:func:`~geoverify.frontends.asy.parse_asy`,
  :func:`~geoverify.frontends.tikz.parse_tikz`), parse included.

Each figure is run ``--repeat`` times and its best time kept; figures the
front-end rejects are left out, as in the agreement benchmarks. The TikZ
front-end keeps parsed paths, split option lists and compiled pgfmath expressions for the whole
process (a later figure reuses ``(A) -- (B)``); each repeat of a figure starts
from those caches as they were before its first run (the entries the figure added are
dropped), so a figure is never timed on what it cached itself. It prints the
median time per figure, KB/s overall and at the median (the agreement
benchmarks' figures) and the parse share. The first figure of a run also pays
for loading the grammars and installing the builtins, and the first figure that
needs a module for importing it; ``--warm`` imports every module of the front-end
and runs one figure first so that start-up is left out.

Usage::

    python benchmarks/frontend_speed.py asy ../shared/corpus/asy/math ../shared/corpus/asy/examples [--every 4]
    python benchmarks/frontend_speed.py tikz ../shared/corpus/tikz ../shared/corpus/generated --per-source 110
"""

from __future__ import annotations

import argparse
import collections
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement_report import host_reference_ms  # noqa: E402
from frontend_warmup import import_frontend  # noqa: E402


def _files(kind, roots, every, per_source):
    out = []
    for root in roots:
        files = sorted(Path(root).rglob("*.asy" if kind == "asy" else "*.tex"))
        if per_source:
            groups = collections.defaultdict(list)
            for f in files:
                rel = f.relative_to(root)
                groups[rel.parts[0] if len(rel.parts) > 1 else ""].append(f)
            files = []
            for _, fs in sorted(groups.items()):
                step = max(1, len(fs) / per_source)
                files += [fs[int(i * step)] for i in range(min(len(fs), per_source))]
        out += files[::every]
    return out


def process_caches(kind) -> list:
    """The front-end's process-wide caches (dicts) that a repeat must not inherit from an earlier one."""
    if kind != "tikz":
        return []
    from geoverify.frontends import texfonts
    from geoverify.frontends.tikz import (arrowtips, colors, datavis_axes, grammar, options, pgfmath, pgfplots_domain,
                                          placement, tex, texdimen)

    return [grammar._PATHS, grammar.PATH_SKELETONS.plans, grammar.MATH_SKELETONS.plans, pgfmath._CACHE,
            pgfmath.KNOWN_VALUES, pgfmath.FAILED, options._SPLIT, options._ARROWS, colors._HEX, colors._PARSED, texdimen._SP,
            texdimen._PRINTED, pgfplots_domain._SAMPLES, placement._NODE_SOURCES, placement._MEASURED,
            placement._WRAPPED, placement._EMS, placement._TEXT_STYLES, arrowtips._END_LISTS, tex._PIECE_TEXTS,
            datavis_axes._SPLIT, texfonts._GLYPHS, texfonts._SELECTED]


def _mark(cache: dict) -> tuple:
    """What :func:`_roll_back` needs to drop the entries a figure adds to ``cache``: its size and first key.

    Copying the caches instead (tens of thousands of entries) before every figure made
    young containers that every garbage collection during the figure walked: a tenth of
    the measured time.
    """
    return len(cache), next(iter(cache), None)


def _roll_back(cache: dict, mark: tuple) -> None:
    """Drop the entries added to ``cache`` since ``mark`` (dicts keep insertion order).

    A cache that was cleared meanwhile (it was full) holds only entries of this figure:
    all go, so a repeat never runs on what the figure cached itself.
    """
    size, first = mark
    if next(iter(cache), None) is not first or len(cache) < size:
        cache.clear()
        return
    for key in list(itertools.islice(reversed(cache), len(cache) - size)):
        del cache[key]


def best_of(run, repeat: int, caches: list, counter=None):
    """Run ``run()`` ``repeat`` times, each from the process-wide ``caches`` as they were before the first.

    Returns ``(result of the first run, the smallest CPU seconds of a run, how much
    counter() grew in that run)``; an exception of any run propagates.
    """
    marks = [_mark(c) for c in caches]
    result = best = grown = None
    for k in range(repeat):
        if k:
            for cache, mark in zip(caches, marks):
                _roll_back(cache, mark)
        c0 = counter() if counter is not None else 0.0
        t0 = time.process_time()
        out = run()
        t = time.process_time() - t0
        if k == 0:
            result = out
        if best is None or t < best:
            best, grown = t, (counter() - c0 if counter is not None else 0.0)
    return result, best, grown


def _runner(kind):
    """(run(text, path) -> None, parse seconds spent so far)."""
    from geoverify.errors import GeoverifyError

    spent = [0.0]

    def timed(fn):
        def wrapper(*args, **kwargs):
            t0 = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - t0
        return wrapper

    if kind == "asy":
        from geoverify.frontends import asy
        from geoverify.frontends.asy import parser

        parser.parse_source = timed(parser.parse_source)

        def run(text, path):
            dialect = "aops" if "math" in path.parts[:-1] else "plain"
            asy.parse_asy(text, filename=str(path), dialect=dialect)
    else:
        from geoverify.frontends.tikz import grammar, parse_tikz

        # a new path or expression is parsed, or built from the tree of an earlier one with
        # its skeleton (geoverify.frontends.skeletons): both are the grammars' share
        for cache in (grammar.PATH_SKELETONS, grammar.MATH_SKELETONS):
            cache.tree = timed(cache.tree)

        def run(text, path):
            parse_tikz(text, filename=str(path))
    return run, spent, GeoverifyError


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kind", choices=["asy", "tikz"])
    ap.add_argument("corpus", nargs="+")
    ap.add_argument("--every", type=int, default=1, help="take every n-th file of each folder")
    ap.add_argument("--per-source", type=int, default=0, help="at most this many files per source folder")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept")
    ap.add_argument("--warm", action="store_true",
                    help="import the front-end's modules and run one figure first (grammar load, builtins)")
    args = ap.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))

    files = _files(args.kind, args.corpus, args.every, args.per_source)
    run, spent, GeoverifyError = _runner(args.kind)
    if args.warm and files:
        import_frontend(args.kind)
        try:
            run(files[0].read_text(encoding="utf-8", errors="replace"), files[0])
        except Exception:
            pass
    times, parses, sizes = [], [], []
    failed = 0
    caches = process_caches(args.kind)
    for path in files:
        raw = path.read_bytes()
        text = raw.decode("utf-8", "replace")
        try:
            _, best, best_parse = best_of(lambda: run(text, path), args.repeat, caches, lambda: spent[0])
        except (GeoverifyError, RecursionError):
            failed += 1
            continue
        except Exception:  # a crash: left out here, the agreement benchmarks count it
            failed += 1
            continue
        times.append(best)
        parses.append(best_parse)
        sizes.append(len(raw))
    if not times:
        print("no figure interpreted")
        return 1
    total, nbytes, med = sum(times), sum(sizes), statistics.median(times)
    print(f"{args.kind}: {len(times)} figures interpreted ({failed} rejected), {nbytes / 1000:.0f} KB of source")
    print(f"interpret time (CPU, best of {args.repeat}): median {1000 * med:.2f} ms per figure; "
          f"{nbytes / 1000 / total:.0f} KB/s of source overall ({nbytes / 1000 / (med * len(times)):.0f} KB/s "
          f"at the median)")
    print(f"parse: {100 * sum(parses) / total:.0f}% of the time, {nbytes / 1000 / max(sum(parses), 1e-9):.0f} KB/s")
    print(f"host reference: {host_reference_ms():.0f} ms for a fixed pure-Python workload "
          "(compare runs of different hours by it: the shared host's speed varies)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
