"""Import laziness, warm-up and the NUMBA_DISABLE_JIT fallback (each in a fresh interpreter)."""

import os
import subprocess
import sys
import textwrap

import pytest

from geoverify.kernels.warmup import KERNEL_MODULES, warmup


def run_python(code, **env):
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_import_compiles_nothing():
    out = run_python(
        f"""
        import sys
        import geoverify
        import geoverify.kernels
        from geoverify.kernels import reference, warmup, config
        compiled = {sorted(KERNEL_MODULES.values())!r}
        loaded = [m for m in compiled if m in sys.modules]
        print("numba" in sys.modules, loaded)
        """
    )
    assert out.strip() == "False []"


def test_first_call_loads_only_its_kernel_module():
    out = run_python(
        """
        import sys
        from geoverify.kernels import polyline_lengths
        polyline_lengths([[0.0, 0.0], [3.0, 4.0]], [0, 2])
        print(sorted(m for m in sys.modules if m.startswith("geoverify.kernels._") and m != "geoverify.kernels._validate"))
        """
    )
    assert out.strip() == "['geoverify.kernels._resample']"


def test_warmup_reports_every_module():
    timings = warmup()
    assert set(timings) == set(KERNEL_MODULES)
    assert all(isinstance(t, float) and t >= 0.0 for t in timings.values())


@pytest.mark.parametrize("jit", ["0", "1"])
def test_all_kernels_match_reference(jit):
    # With NUMBA_DISABLE_JIT=1 the kernels run as plain Python (coverage runs).
    out = run_python(
        """
        import numpy as np
        import geoverify.kernels as k
        from geoverify.kernels import reference as ref

        rng = np.random.default_rng(3)
        controls = rng.normal(size=(5, 4, 2)) * 10
        args = (controls, np.array([0, 2, 2, 5]), np.array([True, False, True]), 0.1)
        got, want = k.flatten_subpaths(*args), ref.flatten_subpaths(*args)
        assert np.array_equal(got[1], want[1]) and np.allclose(got[0], want[0])
        coords, offsets = got
        pts = np.concatenate([rng.normal(size=(7, 2)) * 10, coords[:3], [[np.nan, 0.0]]])
        for name in ["point_polyline_distances", "closest_points_on_polylines", "nearest_polyline",
                     "winding_numbers"]:
            a, b = getattr(k, name)(pts, coords, offsets), getattr(ref, name)(pts, coords, offsets)
            for x, y in zip(a if isinstance(a, tuple) else [a], b if isinstance(b, tuple) else [b]):
                assert np.allclose(x, y, equal_nan=True), name
        line = coords[offsets[0]:offsets[1]]
        assert np.array_equal(k.points_in_polygon(pts, line), ref.points_in_polygon(pts, line))
        assert np.allclose(k.polyline_lengths(coords, offsets), ref.polyline_lengths(coords, offsets))
        assert np.allclose(k.resample_polyline(line, 20), ref.resample_polyline(line, 20))
        other = coords[offsets[2]:offsets[3]]
        assert np.isclose(k.directed_hausdorff(line, other), ref.directed_hausdorff(line, other))
        assert np.allclose(k.segment_intersections(line, other), ref.segment_intersections(line, other))
        circle = np.column_stack([np.cos(np.arange(9.0)), np.sin(np.arange(9.0))]) * 4 + 1
        assert np.allclose(k.fit_circle(circle), ref.fit_circle(circle))
        import numba
        print(numba.config.DISABLE_JIT)
        """,
        NUMBA_DISABLE_JIT=jit,
    )
    assert out.strip() == jit
