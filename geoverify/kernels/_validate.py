"""Input checks shared by the public kernel wrappers (pure numpy, no numba).

Every wrapper converts its input here, so the kernels can assume C-contiguous,
writeable float64/int64 arrays of the right shape: kernels are compiled for
exactly those types, and a read-only or strided array would otherwise fail
numba's signature dispatch with an unhelpful ``TypeError``.
"""

from __future__ import annotations

import numpy as np

from geoverify.errors import InputError

__all__ = ["as_float_array", "as_points", "as_controls", "as_offsets", "as_bool_flags", "as_positive_float"]


def as_float_array(value, name: str) -> np.ndarray:
    """Return `value` as a C-contiguous, writeable float64 array."""
    try:
        arr = np.ascontiguousarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"{name} must be an array of numbers; got {type(value).__name__} ({exc})") from None
    if not arr.flags.writeable:
        arr = arr.copy()
    return arr


def as_points(value, name: str) -> np.ndarray:
    """Return `value` as a (N, 2) float64 array; an empty input gives shape (0, 2).

    Raises
    ------
    InputError
        If the array is not (N, 2).
    """
    arr = as_float_array(value, name)
    if arr.size == 0:
        return np.empty((0, 2), dtype=np.float64)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise InputError(f"{name} must have shape (N, 2); got shape {arr.shape}")
    return arr


def as_controls(value, name: str) -> np.ndarray:
    """Return `value` as a (K, 4, 2) float64 array of cubic Bezier control points."""
    arr = as_float_array(value, name)
    if arr.size == 0:
        return np.empty((0, 4, 2), dtype=np.float64)
    if arr.ndim != 3 or arr.shape[1:] != (4, 2):
        raise InputError(f"{name} must have shape (K, 4, 2); got shape {arr.shape}")
    return arr


def as_offsets(value, n_items: int, name: str) -> np.ndarray:
    """Return `value` as (S + 1,) int64 offsets into an array of `n_items` rows.

    Offsets must be integers, start at >= 0, never decrease and end at <= `n_items`.
    """
    arr = np.asarray(value)
    if arr.ndim != 1 or arr.shape[0] < 1:
        raise InputError(f"{name} must be a 1-D array of length >= 1; got shape {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise InputError(f"{name} must hold integers; got dtype {arr.dtype}")
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    if not arr.flags.writeable:
        arr = arr.copy()
    if arr[0] < 0 or arr[-1] > n_items or np.any(np.diff(arr) < 0):
        raise InputError(
            f"{name} must be non-decreasing within [0, {n_items}]; got first {int(arr[0])}, last {int(arr[-1])}"
        )
    return arr


def as_bool_flags(value, n: int, name: str) -> np.ndarray:
    """Return `value` as a (n,) bool array."""
    arr = np.asarray(value)
    if arr.size == 0 and n == 0:
        return np.zeros(0, dtype=np.bool_)
    if arr.shape != (n,):
        raise InputError(f"{name} must have shape ({n},); got shape {arr.shape}")
    if arr.dtype != np.bool_:
        if arr.dtype.kind not in "biu" or np.any((arr != 0) & (arr != 1)):
            raise InputError(f"{name} must hold booleans; got dtype {arr.dtype}")
    arr = np.ascontiguousarray(arr, dtype=np.bool_)
    if not arr.flags.writeable:
        arr = arr.copy()
    return arr


def as_positive_float(value, name: str) -> float:
    """Return `value` as a finite float > 0."""
    try:
        out = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number; got {value!r}") from None
    if not np.isfinite(out) or out <= 0.0:
        raise InputError(f"{name} must be finite and > 0; got {out!r}")
    return out
