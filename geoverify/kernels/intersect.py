"""Intersection points of two polylines (for crossing and tangency counts)."""

from __future__ import annotations

from geoverify.kernels._validate import as_points
from geoverify.kernels import reference
from geoverify.kernels.dispatch import use_reference

__all__ = ["segment_intersections"]


def segment_intersections(coords_a, coords_b):
    """Points where polyline `coords_a` meets polyline `coords_b`.

    Parameters
    ----------
    coords_a : (N, 2) float64
        First polyline, canvas units (a 1-point polyline is a point).
    coords_b : (M, 2) float64
        Second polyline.

    Returns
    -------
    (Q, 2) float64
        Intersection points, in order of the segment of `coords_a`, then of
        `coords_b`. Rules:

        - Every pair of segments gives at most one point. Segments that cross or
          touch (within ``ON_CURVE_RTOL`` = 1e-12 times the largest
          ``|coordinate|``) give their meeting point.
        - A collinear overlap of two segments gives one point: the midpoint of the
          overlap. An overlap spanning several segment pairs gives one midpoint
          per pair.
        - Points closer than ``MERGE_RTOL`` = 1e-9 times the largest
          ``|coordinate|`` are reported once (the first found), so a crossing at
          a shared vertex is not counted twice. Two genuine crossings closer than
          that are also merged.
        - NaN input gives no points.

        Between flattened curves a tangency may show as 0, 1 or 2 nearby points
        (the chords cut or miss the other curve); decide tangency from distances
        (:func:`~geoverify.kernels.point_polyline_distances`), not from this count alone.
    """
    pa = as_points(coords_a, "coords_a")
    pb = as_points(coords_b, "coords_b")
    if use_reference(len(pa) * len(pb)):
        return reference.segment_intersections(pa, pb)
    from geoverify.kernels import _intersect

    return _intersect.segment_intersections(pa, pb)
