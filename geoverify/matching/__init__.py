"""Matching: bind Gold IR objects to drawn primitives and fit each frame's transform."""

from geoverify.matching.binding import Binding, BoundObject, bind, coverage, covered_points
from geoverify.matching.features import Features, extract_features
from geoverify.matching.frames import FrameFit, fit_transform, transform_points
from geoverify.matching.ir_geometry import KnownGeometry, known_geometry, sample_known, zeros_and_poles
from geoverify.matching.text import formula_equivalent, normalize_text, text_matches

__all__ = [
    "Binding", "BoundObject", "Features", "FrameFit", "KnownGeometry", "bind", "coverage", "covered_points",
    "extract_features", "fit_transform", "formula_equivalent", "known_geometry", "normalize_text",
    "sample_known", "text_matches", "transform_points", "zeros_and_poles",
]
