"""Least-squares circle fit."""

from __future__ import annotations

from geoverify.kernels._validate import as_points
from geoverify.kernels import reference
from geoverify.kernels.dispatch import use_reference

__all__ = ["fit_circle"]


def fit_circle(points):
    """Fit a circle to points.

    An algebraic (Kasa) fit on centred, scaled points gives the start; up to 20
    Gauss-Newton steps then minimise the geometric residuals ``|p - c| - r``,
    each step kept only if it lowers their sum of squares.

    Parameters
    ----------
    points : (N, 2) float64
        Points on or near the circle, canvas units.

    Returns
    -------
    cx, cy, r, rms_residual : float
        Centre, radius and root-mean-square of ``|p - c| - r``, canvas units. All
        NaN for fewer than 3 points, (nearly) collinear points (scatter matrix
        determinant under 1e-12 relative), coincident points or NaN input.
    """
    pts = as_points(points, "points")
    if use_reference(40 * len(pts)):
        cx, cy, r, rms = reference.fit_circle(pts)
        return float(cx), float(cy), float(r), float(rms)
    from geoverify.kernels import _fitting

    cx, cy, r, rms = _fitting.fit_circle(pts)
    return float(cx), float(cy), float(r), float(rms)
