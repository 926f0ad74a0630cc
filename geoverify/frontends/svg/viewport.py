"""Transforms and viewports: ``transform=""``, ``viewBox`` and ``preserveAspectRatio``.

Matrices are 3x3 float64 affine maps acting on column vectors ``(x, y, 1)``.
Transform lists are parsed with ``svgelements.Matrix`` (memoised by text).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import svgelements

from geoverify.frontends.svg.units import parse_number_list

__all__ = [
    "IDENTITY",
    "parse_transform",
    "translate",
    "viewbox_matrix",
    "parse_viewbox",
    "linear_scale",
    "is_similarity",
]

IDENTITY = np.eye(3)


@lru_cache(maxsize=4096)
def _transform_tuple(text: str) -> tuple[float, ...] | None:
    try:
        m = svgelements.Matrix(text)
    except Exception:  # svgelements raises assorted errors on malformed lists
        return None
    vals = (float(m.a), float(m.b), float(m.c), float(m.d), float(m.e), float(m.f))
    if not all(math.isfinite(v) for v in vals):
        return None
    return vals


def parse_transform(text: str | None) -> np.ndarray | None:
    """The matrix of a ``transform`` attribute, or None when absent or malformed.

    Returns
    -------
    (3, 3) float64 or None
    """
    if not text or not text.strip():
        return None
    vals = _transform_tuple(text.strip())
    if vals is None:
        return None
    a, b, c, d, e, f = vals
    return np.array([[a, c, e], [b, d, f], [0.0, 0.0, 1.0]])


def translate(tx: float, ty: float) -> np.ndarray:
    """``(3, 3)`` translation."""
    return np.array([[1.0, 0.0, tx], [0.0, 1.0, ty], [0.0, 0.0, 1.0]])


def parse_viewbox(text: str | None) -> tuple[float, float, float, float] | None:
    """``(min_x, min_y, width, height)``, or None when absent or invalid (non-positive size)."""
    vals = parse_number_list(text)
    if len(vals) != 4 or vals[2] <= 0 or vals[3] <= 0:
        return None
    return tuple(vals)


def viewbox_matrix(viewbox, width: float, height: float, par: str | None = None, x: float = 0.0, y: float = 0.0) -> np.ndarray:
    """Map a viewBox onto the viewport ``(x, y, width, height)``.

    Parameters
    ----------
    viewbox : (4,) tuple
        ``(min_x, min_y, vb_width, vb_height)``.
    width, height : float
        Viewport size in the parent's user units.
    par : str, optional
        ``preserveAspectRatio`` value (default ``xMidYMid meet``).
    x, y : float
        Viewport origin.

    Returns
    -------
    (3, 3) float64
    """
    vx, vy, vw, vh = viewbox
    sx, sy = width / vw, height / vh
    words = (par or "xMidYMid meet").split()
    if words and words[0] == "defer":
        words = words[1:]
    align = words[0] if words else "xMidYMid"
    mode = words[1] if len(words) > 1 else "meet"
    tx, ty = x - vx * sx, y - vy * sy
    if align != "none":
        s = min(sx, sy) if mode != "slice" else max(sx, sy)
        sx = sy = s
        tx, ty = x - vx * s, y - vy * s
        extra_w, extra_h = width - vw * s, height - vh * s
        if "xMid" in align:
            tx += extra_w / 2.0
        elif "xMax" in align:
            tx += extra_w
        if "YMid" in align:
            ty += extra_h / 2.0
        elif "YMax" in align:
            ty += extra_h
    return np.array([[sx, 0.0, tx], [0.0, sy, ty], [0.0, 0.0, 1.0]])


def linear_scale(m: np.ndarray) -> float:
    """Length scale of an affine map: ``sqrt(|det|)`` of its linear part."""
    return math.sqrt(abs(m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]))


def is_similarity(m: np.ndarray, rel_tol: float = 1e-9) -> bool:
    """Whether the linear part is a rotation/reflection times a uniform scale."""
    a, c, b, d = m[0, 0], m[0, 1], m[1, 0], m[1, 1]
    n1 = a * a + b * b
    n2 = c * c + d * d
    dot = a * c + b * d
    s = max(n1, n2, 1e-300)
    return abs(n1 - n2) <= rel_tol * s and abs(dot) <= rel_tol * s
