"""Drawn primitives of a scene, in canvas coordinates.

Canvas coordinates have y pointing up. The unit is stated by the front-end on
the :class:`~geoverify.scene.graph.Scene` (``"bp"`` for SVG and Asymptote,
``"pt"`` for TikZ). Every primitive carries its :class:`Style`, the
:class:`~geoverify.errors.SourceLocation` of the construct that drew it and the
panel it belongs to.

Curved geometry has one common exact form, the :class:`Subpath`: a chain of
cubic Bezier segments, ``controls (K, 4, 2) float64``. Straight segments are
cubics with their inner control points on the chord; quadratic segments are
degree-elevated exactly. Circles, ellipses and arcs are also kept analytically
because tangency and radius checks want the exact values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import IntEnum

import numpy as np

from geoverify.errors import SourceLocation

__all__ = [
    "PrimitiveKind",
    "Style",
    "Subpath",
    "Primitive",
    "Dot",
    "Polyline",
    "Circle",
    "Ellipse",
    "Arc",
    "BezierPath",
    "Arrow",
    "TextLabel",
    "line_controls",
    "quadratic_controls",
    "arc_controls",
]


class PrimitiveKind(IntEnum):
    """Kind codes used in the flat arrays handed to kernels."""

    DOT = 0
    POLYLINE = 1
    CIRCLE = 2
    ELLIPSE = 3
    ARC = 4
    BEZIER = 5
    ARROW = 6
    TEXT = 7


@dataclass(frozen=True, slots=True)
class Style:
    """How a primitive is painted.

    Parameters
    ----------
    stroke : str or None
        Stroke colour as ``"#rrggbb"``; None when the outline is not painted.
    stroke_width : float
        Line width in canvas units.
    dash : tuple of float or None
        Dash pattern in canvas units; None for a solid line.
    fill : str or None
        Fill colour as ``"#rrggbb"``; None when not filled.
    opacity : float
        Overall opacity in [0, 1].
    """

    stroke: str | None = "#000000"
    stroke_width: float = 0.4
    dash: tuple[float, ...] | None = None
    fill: str | None = None
    opacity: float = 1.0

    @property
    def stroked(self) -> bool:
        return self.stroke is not None and self.stroke_width > 0 and self.opacity > 0

    @property
    def filled(self) -> bool:
        return self.fill is not None and self.opacity > 0

    @property
    def visible(self) -> bool:
        return self.stroked or self.filled

    def to_dict(self) -> dict:
        return {
            "stroke": self.stroke,
            "stroke_width": self.stroke_width,
            "dash": list(self.dash) if self.dash else None,
            "fill": self.fill,
            "opacity": self.opacity,
        }


def line_controls(p0, p1) -> np.ndarray:
    """Cubic control points of a straight segment.

    Returns
    -------
    (4, 2) float64
    """
    p0 = np.asarray(p0, dtype=np.float64)
    p1 = np.asarray(p1, dtype=np.float64)
    return np.stack([p0, p0 + (p1 - p0) / 3.0, p0 + 2.0 * (p1 - p0) / 3.0, p1])


def quadratic_controls(p0, q, p1) -> np.ndarray:
    """Exact degree elevation of a quadratic Bezier segment to a cubic.

    Returns
    -------
    (4, 2) float64
    """
    p0, q, p1 = (np.asarray(v, dtype=np.float64) for v in (p0, q, p1))
    return np.stack([p0, p0 + 2.0 / 3.0 * (q - p0), p1 + 2.0 / 3.0 * (q - p1), p1])


def arc_controls(center, rx, ry, start, sweep, rotation=0.0) -> np.ndarray:
    """Cubic approximation of an elliptical arc (error < 3e-4 of the radius).

    Parameters
    ----------
    center : (2,) array_like
    rx, ry : float
        Semi-axes.
    start, sweep : float
        Start angle and signed sweep, radians, measured in the ellipse's own frame
        (counter-clockwise positive, y up).
    rotation : float
        Rotation of the ellipse's x-axis, radians.

    Returns
    -------
    (K, 4, 2) float64
        K = ceil(|sweep| / (pi/2)) segments.
    """
    cx, cy = float(center[0]), float(center[1])
    n = max(1, int(math.ceil(abs(sweep) / (math.pi / 2) - 1e-9)))
    step = sweep / n
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    cr, sr = math.cos(rotation), math.sin(rotation)
    out = np.empty((n, 4, 2), dtype=np.float64)

    def to_canvas(u, v):
        x, y = rx * u, ry * v
        return cx + cr * x - sr * y, cy + sr * x + cr * y

    for i in range(n):
        a0 = start + i * step
        a1 = a0 + step
        c0, s0, c1, s1 = math.cos(a0), math.sin(a0), math.cos(a1), math.sin(a1)
        pts = ((c0, s0), (c0 - k * s0, s0 + k * c0), (c1 + k * s1, s1 - k * c1), (c1, s1))
        for j, (u, v) in enumerate(pts):
            out[i, j] = to_canvas(u, v)
    return out


@dataclass(slots=True)
class Subpath:
    """One connected piece of a path.

    Parameters
    ----------
    controls : (K, 4, 2) float64
        Cubic Bezier control points; segment k ends where segment k+1 starts.
    closed : bool
        Whether the subpath is closed (``Z``, ``cycle``, ``--cycle``).
    """

    controls: np.ndarray
    closed: bool = False

    def __post_init__(self):
        self.controls = np.asarray(self.controls, dtype=np.float64).reshape(-1, 4, 2)

    @property
    def start(self) -> np.ndarray:
        return self.controls[0, 0]

    @property
    def end(self) -> np.ndarray:
        return self.controls[-1, 3]

    def is_straight(self, rel_tol: float = 1e-6) -> np.ndarray:
        """Which segments are straight (inner control points on the chord).

        Returns
        -------
        (K,) bool
        """
        c = self.controls
        chord = c[:, 3] - c[:, 0]
        length = np.hypot(chord[:, 0], chord[:, 1])
        scale = np.maximum(length, 1e-12)
        out = np.ones(len(c), dtype=bool)
        for j in (1, 2):
            d = c[:, j] - c[:, 0]
            cross = np.abs(chord[:, 0] * d[:, 1] - chord[:, 1] * d[:, 0]) / scale
            along = (chord[:, 0] * d[:, 0] + chord[:, 1] * d[:, 1]) / scale
            out &= (cross <= rel_tol * np.maximum(scale, 1.0)) & (along >= -1e-9 * scale) & (along <= length * (1 + 1e-9) + 1e-12)
        return out

    def vertices(self) -> np.ndarray:
        """Segment end points, ``(K + 1, 2)``."""
        c = self.controls
        return np.vstack([c[:, 0], c[-1:, 3]])


@dataclass(slots=True, kw_only=True)
class Primitive:
    """Base of all drawn primitives.

    Parameters
    ----------
    style : Style
    source : SourceLocation or None
        The construct that drew this primitive.
    panel : int
        Index of the panel (sub-figure) this primitive belongs to.
    name : str or None
        A name the source gave it (TikZ ``name path``/node name, Asymptote variable).
    clipped : bool
        True when a clip region cuts it (the geometry is kept whole).
    """

    style: Style = field(default_factory=Style)
    source: SourceLocation | None = None
    panel: int = 0
    name: str | None = None
    clipped: bool = False

    kind = PrimitiveKind.BEZIER

    def subpaths(self) -> list[Subpath]:
        """Exact cubic form of the outline (empty for dots and text)."""
        return []

    def bbox(self) -> tuple[float, float, float, float]:
        """``(xmin, ymin, xmax, ymax)`` of the control polygon (a superset of the curve)."""
        pts = [sp.controls.reshape(-1, 2) for sp in self.subpaths()]
        if not pts:
            raise NotImplementedError
        allp = np.vstack(pts)
        return (float(allp[:, 0].min()), float(allp[:, 1].min()), float(allp[:, 0].max()), float(allp[:, 1].max()))

    @property
    def closed(self) -> bool:
        sps = self.subpaths()
        return bool(sps) and all(sp.closed for sp in sps)

    def describe(self) -> str:
        """Short human-readable description for evidence lists."""
        where = f" at {self.source}" if self.source is not None and self.source.line is not None else ""
        nm = f" '{self.name}'" if self.name else ""
        return f"{type(self).__name__.lower()}{nm}{where}"


@dataclass(slots=True, kw_only=True)
class Dot(Primitive):
    """A dot or point marker.

    Parameters
    ----------
    center : (2,) float64
    radius : float
        Visual radius in canvas units (0 for a marker without size).
    """

    center: np.ndarray
    radius: float = 0.0
    kind = PrimitiveKind.DOT

    def __post_init__(self):
        self.center = np.asarray(self.center, dtype=np.float64).reshape(2)

    def bbox(self):
        x, y = self.center
        r = self.radius
        return (x - r, y - r, x + r, y + r)


@dataclass(slots=True, kw_only=True)
class Polyline(Primitive):
    """Straight segments through consecutive points.

    Parameters
    ----------
    points : (N, 2) float64
        N >= 2 vertices.
    closed_flag : bool
        True for a polygon (last vertex joined to the first).
    """

    points: np.ndarray
    closed_flag: bool = False
    kind = PrimitiveKind.POLYLINE

    def __post_init__(self):
        self.points = np.asarray(self.points, dtype=np.float64).reshape(-1, 2)

    def subpaths(self):
        p = self.points
        if len(p) < 2:
            return [Subpath(line_controls(p[0], p[0])[None], self.closed_flag)]
        q = np.vstack([p, p[:1]]) if self.closed_flag else p
        a, b = q[:-1], q[1:]
        ctrl = np.stack([a, a + (b - a) / 3.0, a + 2.0 * (b - a) / 3.0, b], axis=1)
        return [Subpath(ctrl, self.closed_flag)]

    def bbox(self):
        p = self.points
        if len(p) <= 16:
            # a few vertices: Python's min and max over the lists are four times numpy's reductions
            xs, ys = p[:, 0].tolist(), p[:, 1].tolist()
            total = sum(xs) + sum(ys)
            if total == total:       # no NaN (whose place in a list would decide Python's min and max)
                return (min(xs), min(ys), max(xs), max(ys))
        return (float(p[:, 0].min()), float(p[:, 1].min()), float(p[:, 0].max()), float(p[:, 1].max()))

    def edges(self) -> np.ndarray:
        """Straight edges, ``(E, 2, 2)``: ``edges[e] = (start, end)``."""
        p = self.points
        q = np.vstack([p, p[:1]]) if self.closed_flag and len(p) > 2 else p
        return np.stack([q[:-1], q[1:]], axis=1)


@dataclass(slots=True, kw_only=True)
class Circle(Primitive):
    """A full circle. ``center (2,) float64``, ``radius`` in canvas units."""

    center: np.ndarray
    radius: float
    kind = PrimitiveKind.CIRCLE

    def __post_init__(self):
        self.center = np.asarray(self.center, dtype=np.float64).reshape(2)
        self.radius = float(self.radius)

    def subpaths(self):
        return [Subpath(arc_controls(self.center, self.radius, self.radius, 0.0, 2 * math.pi), True)]


@dataclass(slots=True, kw_only=True)
class Ellipse(Primitive):
    """A full ellipse. ``rotation`` of the rx axis in radians, counter-clockwise."""

    center: np.ndarray
    rx: float
    ry: float
    rotation: float = 0.0
    kind = PrimitiveKind.ELLIPSE

    def __post_init__(self):
        self.center = np.asarray(self.center, dtype=np.float64).reshape(2)

    def subpaths(self):
        return [Subpath(arc_controls(self.center, self.rx, self.ry, 0.0, 2 * math.pi, self.rotation), True)]


@dataclass(slots=True, kw_only=True)
class Arc(Primitive):
    """An arc of an ellipse (a circle when ``rx == ry``).

    Parameters
    ----------
    center : (2,) float64
    rx, ry : float
    start, sweep : float
        Start angle and signed sweep in radians, counter-clockwise positive; the
        sign of ``sweep`` is the direction of traversal.
    rotation : float
        Rotation of the rx axis, radians.
    """

    center: np.ndarray
    rx: float
    ry: float
    start: float
    sweep: float
    rotation: float = 0.0
    kind = PrimitiveKind.ARC

    def __post_init__(self):
        self.center = np.asarray(self.center, dtype=np.float64).reshape(2)

    def subpaths(self):
        return [Subpath(arc_controls(self.center, self.rx, self.ry, self.start, self.sweep, self.rotation), False)]


@dataclass(slots=True, kw_only=True)
class BezierPath(Primitive):
    """A general path: one or more subpaths of cubic segments."""

    parts: list[Subpath]
    kind = PrimitiveKind.BEZIER

    def subpaths(self):
        return self.parts


@dataclass(slots=True, kw_only=True)
class Arrow(Primitive):
    """An arrow tip, at a path end or in the middle of a path.

    Parameters
    ----------
    tip : (2,) float64
        Where the tip points to.
    direction : (2,) float64
        Unit vector of the direction the arrow points.
    position : str
        ``"end"``, ``"start"`` or ``"mid"`` along the path that carries it.
    carrier : int or None
        Index in the scene of the primitive that carries the arrow.
    """

    tip: np.ndarray
    direction: np.ndarray
    position: str = "end"
    carrier: int | None = None
    kind = PrimitiveKind.ARROW

    def __post_init__(self):
        self.tip = np.asarray(self.tip, dtype=np.float64).reshape(2)
        d = np.asarray(self.direction, dtype=np.float64).reshape(2)
        n = float(np.hypot(d[0], d[1]))
        self.direction = d / n if n > 0 else d

    def bbox(self):
        x, y = self.tip
        return (x, y, x, y)


@dataclass(slots=True, kw_only=True)
class TextLabel(Primitive):
    """A text label.

    Parameters
    ----------
    text : str
        The text as written in the source (TeX markup kept, e.g. ``"$f(C)$"``).
    anchor : (2,) float64
        The point the label is attached to (TikZ node/label target, Asymptote
        ``label`` position, SVG text position when nothing better is known).
    box : (4,) float64
        Bounding box ``(xmin, ymin, xmax, ymax)`` of the typeset text.
    font_size : float
        Font size in canvas units.
    frame : (2, 3) float64 or None
        Affine map from the typeset text's own coordinates (y up, origin at the
        left end of its baseline, units of the front-end's text measure) to the
        canvas, when the front-end knows it: a rotated or scaled label says so
        here. None when unknown.
    """

    text: str
    anchor: np.ndarray
    box: np.ndarray | None = None
    font_size: float = 10.0
    frame: np.ndarray | None = None
    kind = PrimitiveKind.TEXT

    def __post_init__(self):
        self.anchor = np.asarray(self.anchor, dtype=np.float64).reshape(2)
        if self.frame is not None:
            self.frame = np.asarray(self.frame, dtype=np.float64).reshape(2, 3)
        if self.box is None:
            w = 0.5 * self.font_size * max(1, len(self.text))
            x, y = self.anchor
            self.box = np.array([x - w / 2, y - self.font_size / 2, x + w / 2, y + self.font_size / 2])
        else:
            self.box = np.asarray(self.box, dtype=np.float64).reshape(4)

    @property
    def center(self) -> np.ndarray:
        b = self.box
        return np.array([(b[0] + b[2]) / 2, (b[1] + b[3]) / 2])

    def bbox(self):
        return tuple(float(v) for v in self.box)
