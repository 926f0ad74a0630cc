"""Compile or load every numba kernel once (``geoverify warmup``)."""

from __future__ import annotations

import importlib
import time

__all__ = ["KERNEL_MODULES", "warmup"]

#: private modules holding ``@njit`` kernels, by short name. Importing one
#: compiles its kernels (explicit signatures) or loads them from numba's cache.
KERNEL_MODULES = {
    "flatten": "geoverify.kernels._flatten",
    "distance": "geoverify.kernels._distance",
    "winding": "geoverify.kernels._winding",
    "polygon": "geoverify.kernels._polygon",
    "resample": "geoverify.kernels._resample",
    "intersect": "geoverify.kernels._intersect",
    "fitting": "geoverify.kernels._fitting",
}


def warmup() -> dict[str, float]:
    """Compile (first run) or load from cache (later runs) every kernel module.

    Returns
    -------
    dict of str to float
        Seconds spent per kernel module, keyed by the short names of
        :data:`KERNEL_MODULES`. A module already imported in this process costs ~0.
    """
    timings: dict[str, float] = {}
    for short, module in KERNEL_MODULES.items():
        start = time.perf_counter()
        importlib.import_module(module)
        timings[short] = time.perf_counter() - start
    return timings
