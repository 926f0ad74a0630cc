"""Gate time per figure and format on a sample of corpus figures, and the cache-hit speed-up.

Usage::

    python benchmarks/gate_times.py --per-format 10 [--seed 1] [--corpus ../shared/corpus] [--json out.json]

For each format a seeded random sample of corpus figures (``asy/math`` runs in the
AoPS dialect, other Asymptote files in the plain one; pgf manual examples get the
preamble their ``codeexample`` comment names) goes through
:func:`geoverify.gate.run_gate` twice with a fresh on-disk cache: the first run is a
miss (real toolchains), the second a hit. Prints one line per figure (seconds,
T, error code, engine) and per format the median and mean miss time, the pass rate,
and the mean hit time with the speed-up (mean miss / mean hit).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from geoverify.gate import GateCache, available_toolchains, run_gate

REPO = Path(__file__).resolve().parents[1]
SUFFIX = {"svg": ".svg", "tikz": ".tex", "asy": ".asy"}


_CODEEXAMPLE = re.compile(r"^%\s*codeexample options:.*?preamble=\{", re.MULTILINE)


def with_manual_preamble(text: str) -> str:
    """Corpus preambles: pgf/pgfplots manual examples name theirs in a comment (put in
    front); tkz-euclide examples ``\\input`` a file that is not there (replaced).

    Corpus-specific (the gate itself never reads comments): without it most manual
    examples fail for a missing library, which measures the corpus, not the gate.
    """
    if text.lstrip().startswith("\\input{preamble-standalone.ltx}"):
        # tkz-euclide's examples read a preamble file the corpus does not hold.
        return text.replace("\\input{preamble-standalone.ltx}",
                            "\\documentclass[border=2pt]{standalone}\\usepackage{tkz-euclide}", 1)
    m = _CODEEXAMPLE.search(text)
    if not m:
        return text
    depth, i = 1, m.end()
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    preamble = text[m.end():i - 1]
    return preamble + "\n" + text if "\\documentclass" not in text else text


def sample(corpus: Path, fmt: str, n: int, rng: random.Random) -> list[Path]:
    folder = corpus / fmt
    if not folder.is_dir():
        return []
    paths = sorted(p for p in folder.rglob("*" + SUFFIX[fmt]) if p.is_file() and p.stat().st_size < 500_000)
    return rng.sample(paths, min(n, len(paths)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-format", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--format", action="append", choices=list(SUFFIX))
    parser.add_argument("--json", type=Path, help="write per-figure rows here")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"corpus not found at {args.corpus}", file=sys.stderr)
        return 2
    print("toolchains:", json.dumps({k: v for k, v in available_toolchains().items() if v}))
    rng = random.Random(args.seed)
    rows = []
    with tempfile.TemporaryDirectory(prefix="geoverify-bench-cache-") as cache_dir:
        cache = GateCache(cache_dir)
        for fmt in args.format or list(SUFFIX):
            files = sample(args.corpus, fmt, args.per_format, rng)
            misses, hits, passed, codes = [], [], 0, collections.Counter()
            for path in files:
                text = path.read_text(encoding="utf-8", errors="replace")
                if fmt == "tikz":
                    text = with_manual_preamble(text)
                dialect = "aops" if fmt == "asy" and "/math/" in str(path) else "plain"
                t0 = time.perf_counter()
                res = run_gate(text, fmt, dialect=dialect, cache=cache)
                miss = time.perf_counter() - t0
                t0 = time.perf_counter()
                hit_res = run_gate(text, fmt, dialect=dialect, cache=cache)
                hit = time.perf_counter() - t0
                cached = hit_res.details.get("cache") == "hit"
                misses.append(miss)
                if cached:
                    hits.append(hit)
                passed += res.T is True
                codes[res.error_code or "pass"] += 1
                rel = path.relative_to(args.corpus)
                print(f"{fmt:4} {miss:7.2f} s  hit {hit * 1000:7.2f} ms{'' if cached else ' (not cached)'}  "
                      f"T={res.T!s:5} {res.error_code or '':22} {res.details.get('engine', '')}  {rel}", flush=True)
                rows.append({"fmt": fmt, "file": str(rel), "miss_s": miss, "hit_s": hit if cached else None,
                             "T": res.T, "error_code": res.error_code, "details": res.details})
            if misses:
                speedup = statistics.mean(misses) / statistics.mean(hits) if hits else float("nan")
                print(f"== {fmt}: n={len(misses)} pass={passed}/{len(misses)} miss median={statistics.median(misses):.2f} s "
                      f"mean={statistics.mean(misses):.2f} s max={max(misses):.2f} s; "
                      f"hit mean={statistics.mean(hits) * 1000 if hits else float('nan'):.2f} ms; "
                      f"speed-up x{speedup:.0f}; outcomes {dict(codes)}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
