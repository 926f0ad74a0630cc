"""Small calls in a cold process run the numpy reference; large ones and warm processes run numba."""

import os
import subprocess
import sys

SCRIPT = """
import sys, numpy as np
from geoverify.kernels import point_polyline_distances
pts = np.zeros((%d, 2)); coords = np.random.default_rng(0).normal(size=(%d, 2)); offs = np.array([0, len(coords)])
point_polyline_distances(pts, coords, offs)
print('numba' in sys.modules)
"""


def run(p, n, **env):
    e = {k: v for k, v in os.environ.items() if k != "GEOVERIFY_KERNELS"}
    e.update(env)
    out = subprocess.run([sys.executable, "-c", SCRIPT % (p, n)], capture_output=True, text=True, env=e, check=True)
    return out.stdout.strip() == "True"


def test_small_cold_call_stays_on_numpy():
    assert run(5, 100) is False


def test_large_call_loads_numba():
    assert run(3000, 1000) is True  # 3e6 pairs > SMALL_WORK


def test_environment_forces_a_side():
    assert run(5, 100, GEOVERIFY_KERNELS="numba") is True
    assert run(3000, 1000, GEOVERIFY_KERNELS="numpy") is False
