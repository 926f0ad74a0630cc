"""Distances from points to polylines, closest points, directed Hausdorff distance.

Polylines come in the ragged layout ``coords (N, 2)`` plus ``offsets (M + 1,)``:
polyline ``m`` is ``coords[offsets[m]:offsets[m + 1]]``. A 1-point polyline is a
point; an empty polyline is infinitely far away. A NaN coordinate makes every
distance that involves it NaN, so predicates see it.
"""

from __future__ import annotations

import numpy as np

from geoverify.kernels._validate import as_offsets, as_points
from geoverify.kernels import reference
from geoverify.kernels.dispatch import use_reference

__all__ = ["point_polyline_distances", "nearest_polyline", "closest_points_on_polylines", "directed_hausdorff"]


def _ragged(points, coords, offsets):
    pts = as_points(points, "points")
    xy = as_points(coords, "coords")
    offs = as_offsets(offsets, xy.shape[0], "offsets")
    return pts, xy, offs


def point_polyline_distances(points, coords, offsets):
    """Distance from each point to each polyline.

    Parameters
    ----------
    points : (P, 2) float64
        Query points, canvas units.
    coords : (N, 2) float64
        Polyline vertices, canvas units.
    offsets : (M + 1,) int64
        Polyline ``m`` is ``coords[offsets[m]:offsets[m + 1]]``.

    Returns
    -------
    (P, M) float64
        Smallest Euclidean distance (to segments, not only vertices); ``inf`` for
        an empty polyline, NaN if a NaN is involved.
    """
    pts, xy, offs = _ragged(points, coords, offsets)
    if use_reference(len(pts) * len(xy)):
        return reference.point_polyline_distances(pts, xy, offs)
    from geoverify.kernels import _distance

    return _distance.point_polyline_distances(pts, xy, offs)


def nearest_polyline(points, coords, offsets):
    """Nearest polyline to each point.

    Parameters
    ----------
    points, coords, offsets
        As in :func:`point_polyline_distances`.

    Returns
    -------
    index : (P,) int64
        Index of the nearest polyline; the first one on ties; -1 if there are no
        polylines. A NaN distance wins (as in ``np.argmin``).
    distance : (P,) float64
        Its distance; ``inf`` if there are no polylines.
    """
    pts, xy, offs = _ragged(points, coords, offsets)
    if use_reference(len(pts) * len(xy)):
        return reference.nearest_polyline(pts, xy, offs)
    from geoverify.kernels import _distance

    return _distance.nearest_polyline(pts, xy, offs)


def closest_points_on_polylines(points, coords, offsets):
    """Closest point on each polyline and where it lies along the polyline.

    Parameters
    ----------
    points, coords, offsets
        As in :func:`point_polyline_distances`.

    Returns
    -------
    closest : (P, M, 2) float64
        Closest point on polyline ``m`` to point ``p`` (the first segment on ties);
        NaN for an empty polyline or when a NaN is involved.
    param : (P, M) float64
        Arc length from the start of the polyline to the closest point, divided by
        the polyline's length, in [0, 1]; 0 for a polyline of zero length.
    """
    pts, xy, offs = _ragged(points, coords, offsets)
    if use_reference(len(pts) * len(xy)):
        return reference.closest_points_on_polylines(pts, xy, offs)
    from geoverify.kernels import _distance

    return _distance.closest_points(pts, xy, offs)


def directed_hausdorff(a, b):
    """Directed Hausdorff distance from polyline `a` to polyline `b`.

    Parameters
    ----------
    a : (N, 2) float64
        Polyline whose vertices are measured, canvas units.
    b : (M, 2) float64
        Polyline measured against (its segments, not only its vertices).

    Returns
    -------
    float
        ``max`` over the vertices of `a` of the distance to `b`. The distance from
        the continuous polyline `a` can exceed this by at most half of `a`'s
        longest segment (distance is 1-Lipschitz), so resample `a` finely
        (:func:`~geoverify.kernels.resample_polyline`) when that matters.
        0.0 if `a` is empty, ``inf`` if only `b` is empty, NaN if either has a NaN.
    """
    pa = as_points(a, "a")
    pb = as_points(b, "b")
    if use_reference(len(pa) * len(pb)):
        return float(reference.directed_hausdorff(pa, pb))
    from geoverify.kernels import _distance

    return float(_distance.directed_hausdorff(pa, pb))
