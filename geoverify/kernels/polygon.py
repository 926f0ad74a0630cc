"""Point-in-polygon test (even-odd rule)."""

from __future__ import annotations

from geoverify.kernels._validate import as_points
from geoverify.kernels import reference
from geoverify.kernels.dispatch import use_reference

__all__ = ["points_in_polygon"]


def points_in_polygon(points, polygon):
    """Whether each point is inside a polygon, by the even-odd rule.

    Parameters
    ----------
    points : (P, 2) float64
        Query points, canvas units.
    polygon : (N, 2) float64
        Polygon vertices; the last vertex is joined to the first (a closing copy
        of the first vertex is harmless).

    Returns
    -------
    (P,) bool
        True inside. Points exactly on an edge get an arbitrary but deterministic
        answer (use :func:`~geoverify.kernels.winding_numbers` to detect them).
        NaN points are outside; fewer than 3 vertices enclose nothing.
    """
    pts = as_points(points, "points")
    poly = as_points(polygon, "polygon")
    if use_reference(len(pts) * len(poly)):
        return reference.points_in_polygon(pts, poly)
    from geoverify.kernels import _polygon

    return _polygon.points_in_polygon(pts, poly)
