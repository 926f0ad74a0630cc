"""Shared numba options and constants for the kernels.

This module imports nothing from numba, so the public wrappers may read its
constants without compiling anything.

Why these options
-----------------
- ``cache=True``: kernels are compiled with explicit signatures when their
  private module is imported; the on-disk cache turns later imports into a
  cache load (see ``geoverify warmup``).
- ``nogil=True``: callers may run checks of several figures in threads.
- ``fastmath=False``: predicates must see NaN and infinities, so ``nnan`` and
  ``ninf`` are excluded on principle; we go further and switch off every
  flag (``contract``/``reassoc`` included) so that each kernel agrees with its
  numpy reference to the last bit on ties (closest segment, points exactly on
  an edge), which the tests rely on. Change it here, and only here.

Each private kernel module keeps its own small scalar helpers instead of
importing them from a sibling ``@njit`` module: numba's cache of a caller is
not invalidated when a callee in another file changes, which would leave
stale machine code after an edit.
"""

from __future__ import annotations

import numpy as np

__all__ = ["FASTMATH", "NJIT_OPTIONS", "MAX_SEGMENT_SUBDIVISIONS", "ON_CURVE", "ON_CURVE_RTOL", "MERGE_RTOL"]

#: fastmath flags for every kernel; never include ``nnan`` or ``ninf``.
FASTMATH = False

#: keyword arguments passed to every ``numba.njit`` in ``geoverify.kernels``.
NJIT_OPTIONS = {"cache": True, "nogil": True, "fastmath": FASTMATH}

#: cap on the number of chords one cubic segment is flattened into.
MAX_SEGMENT_SUBDIVISIONS = 1024

#: winding number returned for a point on (within ``ON_CURVE_RTOL`` of) the curve.
ON_CURVE = int(np.iinfo(np.int64).min)

#: relative distance under which a point counts as on a curve (winding numbers)
#: or two segments as collinear (intersections).
ON_CURVE_RTOL = 1e-12

#: relative distance under which two intersection points are reported once.
MERGE_RTOL = 1e-9
