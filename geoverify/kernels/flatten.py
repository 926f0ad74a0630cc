"""Flatten cubic Bezier subpaths into polylines within a distance tolerance.

Subdivision count
-----------------
A cubic ``B(t)`` sampled at ``t = j / n`` and joined by chords deviates from
the curve by at most ``h**2 / 8 * max |B''|`` with ``h = 1 / n`` (linear
interpolation error; the Peano kernel of the chord is non-negative with
integral ``(t - a)(b - t) / 2 <= h**2 / 8``, so the bound holds for the
Euclidean norm of a vector curve, not only per coordinate).
``B''(t) = 6 ((1 - t) D0 + t D1)`` with ``D0 = P0 - 2 P1 + P2`` and
``D1 = P1 - 2 P2 + P3``, a convex combination, so ``max |B''| <= 6 L`` with
``L = max(|D0|, |D1|)``. The error is then at most ``0.75 L / n**2``, and
``n = ceil(sqrt(0.75 L / tolerance))`` keeps it under ``tolerance``. Every
polyline vertex lies on the curve, and every curve point ``B(t)`` is within the
bound of the chord point with the same ``t``, so the bound holds both ways
(Hausdorff distance). ``n`` is capped at
:data:`~geoverify.kernels.config.MAX_SEGMENT_SUBDIVISIONS`.

A segment whose inner control points both lie within ``tolerance`` of the chord
``P0 P3`` is emitted as its end points only: the curve lies in the convex hull
of its controls, so within ``tolerance`` of the chord, and its projection
covers the chord, so the chord is within ``tolerance`` of the curve. This
covers exact straight segments (inner controls on the chord).
"""

from __future__ import annotations

import numpy as np

from geoverify.kernels._validate import as_bool_flags, as_controls, as_offsets, as_positive_float
from geoverify.kernels.config import MAX_SEGMENT_SUBDIVISIONS
from geoverify.kernels import reference
from geoverify.kernels.dispatch import use_reference

__all__ = ["flatten_subpaths"]


def flatten_subpaths(controls, offsets, closed, tolerance):
    """Flatten chains of cubic Bezier segments into polylines.

    Parameters
    ----------
    controls : (K, 4, 2) float64
        Cubic Bezier segments, canvas units.
    offsets : (S + 1,) int64
        Subpath ``s`` owns ``controls[offsets[s]:offsets[s + 1]]``.
    closed : (S,) bool
        Whether each subpath is closed.
    tolerance : float
        Largest allowed distance between curve and polyline, canvas units, > 0.

    Returns
    -------
    coords : (N, 2) float64
        Polyline vertices, canvas units.
    out_offsets : (S + 1,) int64
        Subpath ``s`` is ``coords[out_offsets[s]:out_offsets[s + 1]]``. It starts at
        the first control point and ends at the last end point; a closed subpath
        ends with a copy of its first point unless already equal. An empty subpath
        gives no points. If a segment does not start where the previous one ended,
        its start point is inserted (the jump becomes a straight piece).

    Raises
    ------
    InputError
        On bad shapes, offsets or a tolerance that is not finite and > 0.
    """
    ctrl = as_controls(controls, "controls")
    offs = as_offsets(offsets, ctrl.shape[0], "offsets")
    flags = as_bool_flags(closed, offs.shape[0] - 1, "closed")
    tol = as_positive_float(tolerance, "tolerance")
    if use_reference(64 * len(ctrl)):
        return reference.flatten_subpaths(ctrl, offs, flags, tol)
    from geoverify.kernels import _flatten

    steps = _flatten.segment_steps(ctrl, tol, MAX_SEGMENT_SUBDIVISIONS)
    coords, out_offsets = _flatten.flatten(ctrl, offs, flags, steps)
    return coords, out_offsets
