"""Benchmark the numba kernels against their numpy references.

Usage::

    python benchmarks/kernels.py [--sizes 10 100 500] [--repeat 5]

For each size (number of cubic segments in a figure; real figures have ~10-500)
it prints the best time per call of the numba kernel (public wrapper, input
checks included) and of the numpy reference in ``geoverify.kernels.reference``,
and their ratio. It then prints the cold time of the first call of each public
function in a fresh interpreter (cache load + call; the numba import is timed
separately), after one ``warmup()`` has filled numba's on-disk cache.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import textwrap
import timeit

import numpy as np

import geoverify.kernels as k
from geoverify.kernels import reference as ref
from geoverify.kernels.warmup import warmup


def make_figure(n_segments, rng):
    """Random smooth-ish cubic subpaths of a 200 x 200 canvas, ~5 segments each."""
    ends = np.cumsum(rng.normal(scale=15.0, size=(n_segments + 1, 2)), axis=0) + 100.0
    controls = np.empty((n_segments, 4, 2))
    controls[:, 0] = ends[:-1]
    controls[:, 3] = ends[1:]
    controls[:, 1] = ends[:-1] + rng.normal(scale=8.0, size=(n_segments, 2))
    controls[:, 2] = ends[1:] + rng.normal(scale=8.0, size=(n_segments, 2))
    # Every third segment is straight, as in real figures.
    straight = np.arange(n_segments) % 3 == 0
    controls[straight, 1] = controls[straight, 0] + (controls[straight, 3] - controls[straight, 0]) / 3
    controls[straight, 2] = controls[straight, 0] + 2 * (controls[straight, 3] - controls[straight, 0]) / 3
    cuts = np.arange(0, n_segments, 5)
    offsets = np.concatenate([cuts, [n_segments]]).astype(np.int64)
    closed = np.arange(len(offsets) - 1) % 2 == 0
    return controls, offsets, closed


def cases(n_segments, rng):
    controls, offsets, closed = make_figure(n_segments, rng)
    tol = 0.05
    coords, out_offsets = k.flatten_subpaths(controls, offsets, closed, tol)
    points = rng.uniform(0, 200, size=(50, 2))
    first = coords[out_offsets[0] : out_offsets[1]]
    half = len(coords) // 2
    a, b = coords[:half], coords[half:]
    circle = np.column_stack([np.cos(np.linspace(0, 3, 200)), np.sin(np.linspace(0, 3, 200))]) * 50
    circle += rng.normal(scale=0.2, size=circle.shape)
    grid = rng.uniform(0, 200, size=(1000, 2))
    yield "flatten_subpaths", (controls, offsets, closed, tol), f"K={n_segments} -> N={len(coords)}"
    ragged = (points, coords, out_offsets)
    desc = f"P=50 M={len(out_offsets) - 1} N={len(coords)}"
    for name in ("point_polyline_distances", "nearest_polyline", "closest_points_on_polylines", "winding_numbers"):
        yield name, ragged, desc
    yield "points_in_polygon", (grid, coords), f"P=1000 N={len(coords)}"
    yield "polyline_lengths", (coords, out_offsets), f"N={len(coords)}"
    yield "resample_polyline", (first, 200), f"N={len(first)} n=200"
    yield "directed_hausdorff", (a, b), f"N={len(a)} M={len(b)}"
    yield "segment_intersections", (a, b), f"N={len(a)} M={len(b)}"
    yield "fit_circle", (circle,), "N=200"


def best_time(func, args, repeat):
    timer = timeit.Timer(lambda: func(*args))
    number, total = timer.autorange()
    if total / number > 0.2:
        # A slow reference call: one more run is enough to see the ratio.
        repeat = 1
    return min(timer.repeat(repeat=repeat, number=number)) / number


def cold_times():
    """Seconds of the first call of each public function in a fresh interpreter."""
    code = textwrap.dedent(
        """
        import time
        start = time.perf_counter()
        import numpy as np
        import geoverify.kernels as k
        import_time = time.perf_counter() - start
        start = time.perf_counter()
        import numba
        numba_time = time.perf_counter() - start
        pts = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])
        calls = {
            "flatten_subpaths": lambda: k.flatten_subpaths(np.zeros((1, 4, 2)), [0, 1], [False], 0.1),
            "point_polyline_distances": lambda: k.point_polyline_distances(pts, pts, [0, 3]),
            "winding_numbers": lambda: k.winding_numbers(pts, pts, [0, 3]),
            "points_in_polygon": lambda: k.points_in_polygon(pts, pts),
            "resample_polyline": lambda: k.resample_polyline(pts, 5),
            "segment_intersections": lambda: k.segment_intersections(pts, pts),
            "fit_circle": lambda: k.fit_circle(pts),
        }
        print(f"import geoverify.kernels (with numpy): {import_time * 1e3:.1f} ms")
        print(f"import numba (paid once, by the first kernel call): {numba_time * 1e3:.1f} ms")
        for i, (name, call) in enumerate(calls.items()):
            t0 = time.perf_counter()
            call()
            # Whichever kernel loads first also pays numba's one-time code-generator set-up.
            note = " (includes numba's one-time JIT set-up)" if i == 0 else ""
            print(f"first call {name}: {(time.perf_counter() - t0) * 1e3:.1f} ms{note}")
        """
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    compile_times = warmup()
    print("warmup() seconds per kernel module (compile, or cache load):")
    print("  " + ", ".join(f"{name} {secs:.2f}" for name, secs in compile_times.items()))
    rng = np.random.default_rng(0)
    header = f"{'function':<28} {'size':<26} {'numba':>10} {'numpy ref':>10} {'speed-up':>9}"
    for n_segments in args.sizes:
        print(f"\n== figure with {n_segments} cubic segments ==")
        print(header)
        for name, call_args, desc in cases(n_segments, rng):
            fast = best_time(getattr(k, name), call_args, args.repeat)
            slow = best_time(getattr(ref, name), call_args, args.repeat)
            print(f"{name:<28} {desc:<26} {fast * 1e6:>8.1f}us {slow * 1e6:>8.1f}us {slow / fast:>8.1f}x")
    print("\nCold start in a fresh process (numba cache already filled):")
    print(textwrap.indent(cold_times(), "  "), end="")


if __name__ == "__main__":
    main()
