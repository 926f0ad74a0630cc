"""Affine maps applied to whole scenes (used for allowed-equivalence checks and alignment)."""

from __future__ import annotations

import copy
import math

import numpy as np

from geoverify.scene.primitives import (
    Arc,
    Arrow,
    BezierPath,
    Circle,
    Dot,
    Ellipse,
    Polyline,
    Subpath,
    TextLabel,
)

__all__ = ["similarity_matrix", "apply_affine", "transform_scene", "matrix_scale"]


def similarity_matrix(scale: float = 1.0, angle: float = 0.0, tx: float = 0.0, ty: float = 0.0, reflect: bool = False) -> np.ndarray:
    """3x3 matrix of ``x -> s R(angle) F x + t`` (F flips y when ``reflect``).

    Returns
    -------
    (3, 3) float64
    """
    c, s = math.cos(angle), math.sin(angle)
    f = -1.0 if reflect else 1.0
    return np.array([[scale * c, -scale * s * f, tx], [scale * s, scale * c * f, ty], [0.0, 0.0, 1.0]])


def apply_affine(matrix: np.ndarray, points) -> np.ndarray:
    """Apply a 3x3 affine matrix to points ``(..., 2)``; returns the same shape."""
    p = np.asarray(points, dtype=np.float64)
    flat = p.reshape(-1, 2)
    out = flat @ matrix[:2, :2].T + matrix[:2, 2]
    return out.reshape(p.shape)


def matrix_scale(matrix: np.ndarray) -> float:
    """Uniform scale factor of a similarity (sqrt of |det| of the linear part)."""
    return float(math.sqrt(abs(np.linalg.det(matrix[:2, :2]))))


def _linear_angle(matrix: np.ndarray) -> tuple[float, bool]:
    a = matrix[:2, :2]
    reflect = np.linalg.det(a) < 0
    return math.atan2(a[1, 0], a[0, 0]), bool(reflect)


def _box_image(matrix: np.ndarray, box) -> tuple[float, float, float, float]:
    """The axis-aligned box around the image of ``box`` ``(xmin, ymin, xmax, ymax)``."""
    corners = apply_affine(matrix, np.array([[box[0], box[1]], [box[2], box[3]], [box[0], box[3]], [box[2], box[1]]]))
    return (float(corners[:, 0].min()), float(corners[:, 1].min()),
            float(corners[:, 0].max()), float(corners[:, 1].max()))


def transform_scene(scene, matrix: np.ndarray):
    """Copy of ``scene`` with every primitive mapped by ``matrix`` (a similarity).

    Non-similar affine maps turn circles into ellipses; this function converts
    circles to ellipses only approximately (by the mean scale), so callers should
    pass similarities.
    """
    matrix = np.asarray(matrix, dtype=np.float64)
    s = matrix_scale(matrix)
    angle, reflect = _linear_angle(matrix)
    out = copy.copy(scene)
    out.primitives = []
    out.panels = list(scene.panels)
    out.diagnostics = list(scene.diagnostics)
    for p in scene.primitives:
        q = copy.copy(p)
        st = p.style
        q.style = type(st)(stroke=st.stroke, stroke_width=st.stroke_width * s,
                           dash=tuple(d * s for d in st.dash) if st.dash else None,
                           fill=st.fill, opacity=st.opacity)
        if isinstance(p, Dot):
            q.center = apply_affine(matrix, p.center)
            q.radius = p.radius * s
        elif isinstance(p, Polyline):
            q.points = apply_affine(matrix, p.points)
        elif isinstance(p, Circle):
            q.center = apply_affine(matrix, p.center)
            q.radius = p.radius * s
        elif isinstance(p, Ellipse):
            q.center = apply_affine(matrix, p.center)
            q.rx, q.ry = p.rx * s, p.ry * s
            q.rotation = (-p.rotation if reflect else p.rotation) + angle
        elif isinstance(p, Arc):
            q.center = apply_affine(matrix, p.center)
            q.rx, q.ry = p.rx * s, p.ry * s
            if reflect:
                q.rotation = -p.rotation + angle
                q.start, q.sweep = -p.start, -p.sweep
            else:
                q.rotation = p.rotation + angle
        elif isinstance(p, BezierPath):
            q.parts = [Subpath(apply_affine(matrix, sp.controls), sp.closed) for sp in p.parts]
        elif isinstance(p, Arrow):
            q.tip = apply_affine(matrix, p.tip)
            d = matrix[:2, :2] @ p.direction
            q.direction = d / max(np.hypot(*d), 1e-300)
        elif isinstance(p, TextLabel):
            q.anchor = apply_affine(matrix, p.anchor)
            b = p.box
            corners = apply_affine(matrix, np.array([[b[0], b[1]], [b[2], b[3]], [b[0], b[3]], [b[2], b[1]]]))
            q.box = np.array([corners[:, 0].min(), corners[:, 1].min(), corners[:, 0].max(), corners[:, 1].max()])
            q.font_size = p.font_size * s
            if p.frame is not None:
                q.frame = matrix[:2, :2] @ p.frame + np.concatenate([np.zeros((2, 2)), matrix[:2, 2:3]], axis=1)
        out.primitives.append(q)
    if scene.view is not None:
        out.view = _box_image(matrix, scene.view)
    out.clips = {i: _box_image(matrix, c) for i, c in scene.clips.items()}
    for panel in out.panels:
        if panel.axis_transform is not None:
            panel.axis_transform = matrix @ panel.axis_transform
    return out
