"""Compile (or load from numba's cache) every numerical kernel once, and report the time."""

from __future__ import annotations

HELP = "compile the numba kernels once (later runs load them from the cache)"


def add_arguments(p):
    pass


def run(args) -> int:
    from geoverify.kernels.warmup import warmup

    times = warmup()
    for name, sec in times.items():
        print(f"{name:<24} {sec * 1000:8.1f} ms")
    print(f"{'total':<24} {sum(times.values()) * 1000:8.1f} ms")
    return 0
