"""Clip regions: which primitives a clip path or a viewport cuts.

Primitives are never cut; they are flagged ``clipped`` when a clip region may
remove part of them. Regions are canvas rectangles ``(xmin, ymin, xmax, ymax)``
when known exactly (an axis-aligned rectangle clip path, a viewport under an
axis-aligned map) and None otherwise, in which case everything under them is
flagged.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.scene.primitives import BezierPath, Circle, Dot, Ellipse, Polyline

__all__ = ["fast_bbox", "clip_box", "clipped_by", "viewport_region"]


def fast_bbox(p) -> tuple[float, float, float, float]:
    """Bounding box ``(xmin, ymin, xmax, ymax)`` without building cubic outlines.

    Circles and ellipses are bounded analytically, polylines by their points,
    Bezier paths by their control points.
    """
    if isinstance(p, (Circle, Dot)):
        (x, y), r = p.center, p.radius
        return (x - r, y - r, x + r, y + r)
    if isinstance(p, Ellipse):
        c, s = math.cos(p.rotation), math.sin(p.rotation)
        hx = math.hypot(p.rx * c, p.ry * s)
        hy = math.hypot(p.rx * s, p.ry * c)
        return (p.center[0] - hx, p.center[1] - hy, p.center[0] + hx, p.center[1] + hy)
    if isinstance(p, Polyline):
        pts = p.points
    elif isinstance(p, BezierPath):
        pts = np.vstack([sp.controls.reshape(-1, 2) for sp in p.parts])
    else:
        return tuple(float(v) for v in p.bbox())
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    return (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))


def clipped_by(box, regions) -> bool:
    """Whether any region may cut the bounding box ``box``."""
    for region in regions:
        if region is None:
            return True
        tol = 1e-6 * max(1.0, abs(region[2] - region[0]), abs(region[3] - region[1]))
        if box[0] < region[0] - tol or box[1] < region[1] - tol or box[2] > region[2] + tol or box[3] > region[3] + tol:
            return True
    return False


def clip_box(regions) -> tuple | None:
    """The box ``(xmin, ymin, xmax, ymax)`` the regions leave visible, or None when one is
    not an axis-aligned rectangle (unknown) or nothing is left."""
    box = None
    for region in regions:
        if region is None:
            return None
        box = tuple(region[:4]) if box is None else (max(box[0], region[0]), max(box[1], region[1]),
                                                      min(box[2], region[2]), min(box[3], region[3]))
    if box is None or box[2] < box[0] or box[3] < box[1]:
        return None
    return box


def viewport_region(m, x, y, w, h, overflow=None) -> tuple:
    """Regions added by a viewport ``(x, y, w, h)`` in the user space of ``m``.

    Returns
    -------
    tuple
        ``()`` when ``overflow`` lets content show outside, ``(rect,)`` for an
        axis-aligned viewport, ``(None,)`` otherwise.
    """
    if overflow in ("visible", "auto"):
        return ()
    if abs(m[0, 1]) > 1e-12 * abs(m[0, 0]) or abs(m[1, 0]) > 1e-12 * abs(m[1, 1]):
        return (None,)
    xs = (m[0, 0] * x + m[0, 2], m[0, 0] * (x + w) + m[0, 2])
    ys = (m[1, 1] * y + m[1, 2], m[1, 1] * (y + h) + m[1, 2])
    return ((min(xs), min(ys), max(xs), max(ys)),)
