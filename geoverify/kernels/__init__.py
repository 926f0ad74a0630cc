"""numba kernels on flat arrays: flattening, distances, winding, fitting.

Each public function checks and converts its input, then calls a compiled
kernel from a private module (``_flatten``, ``_distance``, ...) that it imports
on first call, so importing this package compiles nothing and does not import
numba. ``geoverify warmup`` (:func:`geoverify.kernels.warmup.warmup`) compiles
or loads all kernels at once. :mod:`geoverify.kernels.reference` holds a plain
numpy version of every kernel for tests and benchmarks.
"""

from geoverify.kernels.config import ON_CURVE
from geoverify.kernels.distance import (
    closest_points_on_polylines,
    directed_hausdorff,
    nearest_polyline,
    point_polyline_distances,
)
from geoverify.kernels.fitting import fit_circle
from geoverify.kernels.flatten import flatten_subpaths
from geoverify.kernels.intersect import segment_intersections
from geoverify.kernels.polygon import points_in_polygon
from geoverify.kernels.resample import polyline_lengths, resample_polyline
from geoverify.kernels.winding import winding_numbers

__all__ = [
    "ON_CURVE",
    "flatten_subpaths",
    "point_polyline_distances",
    "nearest_polyline",
    "closest_points_on_polylines",
    "winding_numbers",
    "points_in_polygon",
    "polyline_lengths",
    "resample_polyline",
    "directed_hausdorff",
    "segment_intersections",
    "fit_circle",
]
