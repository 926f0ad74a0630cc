"""Choosing between a numba kernel and its numpy reference for one call.

Loading numba and its cached machine code costs about a second per process,
which dominates a single cold ``geoverify check`` of a small figure. So, until
some kernel module has been loaded (by :func:`geoverify.kernels.warmup.warmup`,
which ``geoverify run`` workers call, or by one large input), calls whose work is
small run the numpy reference instead: same results (the tests compare them),
no start-up cost. Once numba is loaded, every call uses it.

``GEOVERIFY_KERNELS=numba`` or ``=numpy`` in the environment forces one side.
"""

from __future__ import annotations

import os
import sys

__all__ = ["SMALL_WORK", "use_reference", "jit_loaded"]

#: Element pairs (points x segments, ...) below which a cold process stays on numpy.
SMALL_WORK = 2_000_000


_LOADED = False


def jit_loaded() -> bool:
    """True when any numba kernel module is already imported in this process."""
    global _LOADED
    if not _LOADED:
        from geoverify.kernels.warmup import KERNEL_MODULES

        _LOADED = any(m in sys.modules for m in KERNEL_MODULES.values())
    return _LOADED


def use_reference(work: int) -> bool:
    """Whether a call of about ``work`` elementary operations should run the numpy reference.

    True when forced by ``GEOVERIFY_KERNELS=numpy``, or when the work is small and no
    numba kernel module is loaded yet; False when forced by ``GEOVERIFY_KERNELS=numba``.
    """
    forced = os.environ.get("GEOVERIFY_KERNELS", "").lower() if "GEOVERIFY_KERNELS" in os.environ else ""
    if forced == "numpy":
        return True
    if forced == "numba":
        return False
    return work <= SMALL_WORK and not jit_loaded()
