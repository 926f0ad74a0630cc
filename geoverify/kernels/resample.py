"""Polyline lengths and resampling at equal arc-length steps."""

from __future__ import annotations

import operator

from geoverify.errors import InputError
from geoverify.kernels._validate import as_offsets, as_points
from geoverify.kernels import reference
from geoverify.kernels.dispatch import use_reference

__all__ = ["polyline_lengths", "resample_polyline"]


def polyline_lengths(coords, offsets):
    """Length of each polyline.

    Parameters
    ----------
    coords : (N, 2) float64
        Polyline vertices, canvas units.
    offsets : (M + 1,) int64
        Polyline ``m`` is ``coords[offsets[m]:offsets[m + 1]]``.

    Returns
    -------
    (M,) float64
        Sum of segment lengths, canvas units; 0 for polylines of fewer than 2 points.
    """
    xy = as_points(coords, "coords")
    offs = as_offsets(offsets, xy.shape[0], "offsets")
    if use_reference(len(xy)):
        return reference.polyline_lengths(xy, offs)
    from geoverify.kernels import _resample

    return _resample.polyline_lengths(xy, offs)


def resample_polyline(coords, n):
    """Resample a polyline at `n` points equally spaced by arc length.

    Parameters
    ----------
    coords : (N, 2) float64
        Polyline vertices, canvas units, N >= 1.
    n : int
        Number of output points, >= 0.

    Returns
    -------
    (n, 2) float64
        The first point is ``coords[0]``, the last ``coords[-1]`` (for n >= 2);
        point ``k`` is at arc length ``k * L / (n - 1)``. A polyline of zero
        length gives copies of its first point; a NaN makes every point NaN.

    Raises
    ------
    InputError
        If `coords` is empty or not (N, 2), or `n` is not a non-negative integer.
    """
    xy = as_points(coords, "coords")
    try:
        count = operator.index(n)
    except TypeError:
        raise InputError(f"n must be an integer; got {n!r}") from None
    if count < 0:
        raise InputError(f"n must be >= 0; got {count}")
    if xy.shape[0] == 0:
        raise InputError("coords must hold at least one point to resample; got 0")
    if use_reference(len(xy) + count):
        return reference.resample_polyline(xy, count)
    from geoverify.kernels import _resample

    return _resample.resample_polyline(xy, count)
