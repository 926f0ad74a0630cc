"""Report printing shared by the front-end agreement benchmarks (``asy_agreement.py``, ``tikz_agreement.py``).

Records are the per-file dicts those scripts build: ``compiled``, ``ok``, ``cause``,
``native`` ("ok" or the error), ``seconds`` (interpret time, CPU seconds) and ``bytes`` (source size).
"""

from __future__ import annotations

import collections
import math
import statistics
import time


def rate(records) -> tuple[int, int]:
    """(agreeing, compiling) among ``records``."""
    comp = [r for r in records if r.get("compiled")]
    return sum(1 for r in comp if r.get("ok")), len(comp)


def print_rates(records, key: str, width: int = 40) -> None:
    """Agreement per value of ``key`` (source folder, subject)."""
    print(f"\nper {key}:")
    by = collections.defaultdict(list)
    for r in records:
        by[r[key]].append(r)
    for k, rs in sorted(by.items()):
        g, c = rate(rs)
        print(f"  {k:{width}s} {g:5d}/{c:<5d} {100 * g / max(c, 1):5.1f}%  ({len(rs)} files)")


def print_causes(records, title: str, limit: int = 30) -> None:
    """Failure causes of the compiling figures that do not agree, most frequent first."""
    causes = collections.Counter(r["cause"] for r in records if r.get("compiled") and not r.get("ok"))
    print(f"\nfailure causes ({title}), by count:")
    for cause, n in causes.most_common(limit):
        print(f"  {n:5d}  {cause}")


def _speed_line(records) -> str | None:
    """``median ... ms per figure; ... KB/s overall (... at the median)`` of the figures interpreted, or None."""
    times = [r["seconds"] for r in records if r.get("native") == "ok"]
    if not times:
        return None
    nbytes = sum(r["bytes"] for r in records if r.get("native") == "ok")
    median = statistics.median(times)
    return (f"median {1000 * median:.2f} ms per figure; {nbytes / 1000 / max(sum(times), 1e-9):.0f} KB/s of "
            f"source overall ({nbytes / 1000 / max(median * len(times), 1e-9):.0f} KB/s at the median)")


def host_reference_ms(repeat: int = 5) -> float:
    """CPU milliseconds, best of ``repeat``, of a fixed pure-Python workload (dict stores and
    string work, as an interpreter does): how fast this host runs Python right now.

    The interpret speeds are CPU seconds, yet a shared virtual machine's CPU second does more
    or less work as its neighbours load the host (30% apart within an hour, measured); a speed
    is comparable with one of another hour in proportion to this reference."""
    best = math.inf
    for _ in range(repeat):
        t0 = time.process_time()
        table = {}
        for i in range(300_000):
            table[str(i)] = i * 2
        total = 0
        for key, value in table.items():
            total += len(key) + value
        best = min(best, time.process_time() - t0)
    return 1000.0 * best


def print_speed_and_crashes(records, host_ms: tuple[float, float] | None = None) -> None:
    """Median interpret time per figure, KB/s of source (1 KB = 1000 bytes) overall and at the
    median, over all figures and per source, and the figures the native front-end crashed on.

    A few figures that compute much (loops over images, thousands of samples) can weigh more in
    the overall rate than all the others together; the per-source lines show where.

    ``host_ms``: the host reference (:func:`host_reference_ms`) measured just before and just
    after the timing, printed instead of one measured now."""
    line = _speed_line(records)
    if line:
        print(f"\nnative interpret time (CPU): {line}")
        by = collections.defaultdict(list)
        for r in records:
            by[r.get("source", "")].append(r)
        if len(by) > 1:
            for source, rs in sorted(by.items()):
                line = _speed_line(rs)
                if line:
                    print(f"  {source:40s} {line}")
    reference = f"{host_reference_ms():.0f} ms" if host_ms is None else \
        f"{host_ms[0]:.0f} ms before the timing, {host_ms[1]:.0f} ms after it,"
    print(f"host reference: {reference} for a fixed pure-Python workload "
          "(compare runs of different hours by it: the shared host's speed varies)")
    crashes = [r for r in records if r.get("native", "").startswith("CRASH")]
    if crashes:
        print(f"native crashes: {len(crashes)}")
        for r in crashes[:10]:
            print("   ", r["file"], r["native"])
