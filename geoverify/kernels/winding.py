"""Winding numbers of closed polylines about points."""

from __future__ import annotations

from geoverify.kernels._validate import as_offsets, as_points
from geoverify.kernels.config import ON_CURVE
from geoverify.kernels import reference
from geoverify.kernels.dispatch import use_reference

__all__ = ["ON_CURVE", "winding_numbers"]


def winding_numbers(points, coords, offsets):
    """Winding number of each polyline, closed last-to-first, about each point.

    Parameters
    ----------
    points : (P, 2) float64
        Query points, canvas units.
    coords : (N, 2) float64
        Polyline vertices, canvas units.
    offsets : (M + 1,) int64
        Polyline ``m`` is ``coords[offsets[m]:offsets[m + 1]]``; it is closed by
        joining its last point to its first (an explicit closing copy is harmless).

    Returns
    -------
    (P, M) int64
        Counter-clockwise turns of polyline ``m`` around point ``p`` (y up). The
        sentinel :data:`ON_CURVE` (``np.iinfo(np.int64).min``) marks an
        indeterminate answer: the point lies within ``ON_CURVE_RTOL`` (1e-12)
        times ``max(|coordinate|)`` of the polyline and point, or a NaN is
        involved. An empty polyline gives 0.
    """
    pts = as_points(points, "points")
    xy = as_points(coords, "coords")
    offs = as_offsets(offsets, xy.shape[0], "offsets")
    if use_reference(len(pts) * len(xy)):
        return reference.winding_numbers(pts, xy, offs)
    from geoverify.kernels import _winding

    return _winding.winding_numbers(pts, xy, offs)

