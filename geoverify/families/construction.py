"""A format-neutral figure: panels, named points, paths, circles, arcs, texts.

A :class:`Construction` says what a figure shows in mathematical coordinates;
the emitters (:mod:`geoverify.families.emit_svg`, ``emit_tikz``, ``emit_asy``)
write it as an SVG document, a standalone TikZ document or an Asymptote
program, and :mod:`geoverify.families.mutations` breaks it on purpose.

Every item has a ``key`` (unique in the construction) so that mutations can
name what they change. Paths refer to points by name, so moving a point moves
every segment drawn through it, as it would in a real construction.

Page units: one page unit is 1 cm in TikZ (``x=1cm``) and Asymptote
(``unitsize(1cm)``) and :data:`SVG_PX_PER_UNIT` px in SVG. A panel maps its
mathematical coordinates to the page by ``origin + scale * (x, y)``.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field, replace

import numpy as np

from geoverify.errors import InputError

__all__ = [
    "SVG_PX_PER_UNIT", "COLORS", "Style", "Panel", "Point", "Path", "CircleItem", "ArcItem", "Text", "Construction",
    "compass", "path_length_point",
]

SVG_PX_PER_UNIT = 40.0

# Named colours shared by the three emitters (hex, lower case).
COLORS = {
    "black": "#000000", "gray": "#888888", "blue": "#1f4e9c", "red": "#c0392b", "green": "#1e8449",
    "orange": "#d35400", "purple": "#7d3c98", "teal": "#117a65", "brown": "#8e5b2a", "lightblue": "#aec6e8",
    "lightred": "#f2b8b0", "lightgreen": "#b9e4c9", "lightgray": "#dddddd", "yellow": "#f1c40f",
}


@dataclass(frozen=True, slots=True)
class Style:
    """Stroke and fill of an item.

    Parameters
    ----------
    color : str
        A key of :data:`COLORS`.
    width : float
        Stroke width in pt.
    dash : str or None
        ``None``, ``"dashed"`` or ``"dotted"``.
    fill : str or None
        Fill colour (a key of :data:`COLORS`), or None for no fill.
    fill_opacity : float
    """

    color: str = "black"
    width: float = 0.8
    dash: str | None = None
    fill: str | None = None
    fill_opacity: float = 1.0

    def __post_init__(self):
        for c in (self.color, self.fill):
            if c is not None and c not in COLORS:
                raise InputError(f"unknown colour {c!r}; expected one of: {', '.join(COLORS)}")
        if self.dash not in (None, "dashed", "dotted"):
            raise InputError(f"unknown dash {self.dash!r}; expected None, 'dashed' or 'dotted'")


@dataclass(frozen=True, slots=True)
class Panel:
    """A coordinate panel: page position = ``origin + scale * (x, y)`` (page units)."""

    id: str
    origin: tuple = (0.0, 0.0)
    scale: float = 1.0

    def to_page(self, xy) -> np.ndarray:
        p = np.asarray(xy, dtype=np.float64)
        return np.asarray(self.origin, dtype=np.float64) + self.scale * p


@dataclass(slots=True)
class Point:
    """A named point, optionally marked with a dot and labelled.

    ``label_dir`` is the direction (degrees, counter-clockwise from east) in which
    the label sits from the point.
    """

    key: str
    xy: tuple
    panel: str = "main"
    dot: bool = True
    label: str | None = None
    label_dir: float = 45.0
    color: str = "black"
    dot_radius: float = 2.2  # pt


@dataclass(slots=True)
class Path:
    """A polyline through points (names or coordinates), open or closed.

    Parameters
    ----------
    points : list of str or (2,) tuples
    closed : bool
    arrow_end, arrow_start : bool
        Arrow tips at the ends.
    mid_arrows : list of float
        Fractions of the path length where a direction arrow sits.
    smooth : bool
        The points are samples of a smooth curve (emitters keep them as a polyline).
    """

    key: str
    points: list
    panel: str = "main"
    style: Style = field(default_factory=Style)
    closed: bool = False
    arrow_end: bool = False
    arrow_start: bool = False
    mid_arrows: list = field(default_factory=list)
    smooth: bool = False


@dataclass(slots=True)
class CircleItem:
    key: str
    center: object
    radius: float
    panel: str = "main"
    style: Style = field(default_factory=Style)


@dataclass(slots=True)
class ArcItem:
    """A circular arc from ``start_deg`` to ``end_deg`` (counter-clockwise when end > start)."""

    key: str
    center: object
    radius: float
    start_deg: float
    end_deg: float
    panel: str = "main"
    style: Style = field(default_factory=Style)
    arrow_end: bool = False


@dataclass(slots=True)
class Text:
    """A text (TeX source, e.g. ``"$f(C)$"``) at a position or attached to a named point.

    With ``attach`` the text is a point label: it sits in direction ``direction``
    (degrees) from the point; otherwise it is centred at ``at``.
    """

    key: str
    text: str
    at: object = None
    panel: str = "main"
    attach: str | None = None
    direction: float = 45.0
    size: str = "normal"  # "normal" or "small"
    color: str = "black"


def compass(deg: float) -> str:
    """TikZ placement keyword for a direction in degrees (``"above right"`` ...)."""
    names = ["right", "above right", "above", "above left", "left", "below left", "below", "below right"]
    return names[int(round((deg % 360) / 45.0)) % 8]


class Construction:
    """An ordered collection of panels and items.

    Parameters
    ----------
    title : str
        Written as a comment into emitted documents.
    """

    def __init__(self, title: str = ""):
        self.title = title
        self.panels: dict[str, Panel] = {"main": Panel("main")}
        self.items: list = []

    # -- building ---------------------------------------------------
    def panel(self, pid: str, origin=(0.0, 0.0), scale: float = 1.0) -> Panel:
        self.panels[pid] = Panel(pid, tuple(float(v) for v in origin), float(scale))
        return self.panels[pid]

    def _add(self, item):
        if any(it.key == item.key for it in self.items):
            raise InputError(f"duplicate item key {item.key!r} in construction {self.title!r}")
        if item.panel not in self.panels:
            raise InputError(f"item {item.key!r} is in panel {item.panel!r}, which is not declared")
        self.items.append(item)
        return item

    def point(self, key, xy, panel="main", *, dot=True, label=None, label_dir=45.0, color="black") -> Point:
        """A named point; ``label`` (TeX) is written in direction ``label_dir`` from it."""
        p = self._add(Point(key, (float(xy[0]), float(xy[1])), panel, dot, None, label_dir, color))
        if label is not None:
            self._add(Text(f"{key}.label", label, None, panel, attach=key, direction=label_dir))
            p.label = f"{key}.label"
        return p

    def path(self, key, points, panel="main", style=None, **kw) -> Path:
        return self._add(Path(key, list(points), panel, style or Style(), **kw))

    def segment(self, key, a, b, panel="main", style=None, **kw) -> Path:
        return self.path(key, [a, b], panel, style, **kw)

    def polygon(self, key, points, panel="main", style=None, **kw) -> Path:
        return self.path(key, points, panel, style, closed=True, **kw)

    def curve(self, key, fx, fy=None, domain=(0.0, 1.0), n=400, panel="main", style=None, closed=False, **kw) -> Path:
        """A sampled curve ``(fx(t), fy(t))``, or ``fx(t)`` complex when ``fy`` is None."""
        t = np.linspace(domain[0], domain[1], n)
        if fy is None:
            z = np.asarray(fx(t), dtype=complex) * np.ones_like(t)
            pts = np.column_stack([z.real, z.imag])
        else:
            pts = np.column_stack([np.asarray(fx(t)) * np.ones_like(t), np.asarray(fy(t)) * np.ones_like(t)])
        if closed:
            pts = pts[:-1] if np.allclose(pts[0], pts[-1]) else pts
        return self.path(key, [tuple(map(float, p)) for p in pts], panel, style, closed=closed, smooth=True, **kw)

    def circle(self, key, center, radius, panel="main", style=None) -> CircleItem:
        return self._add(CircleItem(key, center, float(radius), panel, style or Style()))

    def arc(self, key, center, radius, start_deg, end_deg, panel="main", style=None, arrow_end=False) -> ArcItem:
        return self._add(ArcItem(key, center, float(radius), float(start_deg), float(end_deg), panel, style or Style(),
                                 arrow_end))

    def text(self, key, text, at, panel="main", size="normal", color="black") -> Text:
        return self._add(Text(key, text, (float(at[0]), float(at[1])), panel, size=size, color=color))

    def label(self, key, text, point, direction=45.0, panel=None) -> Text:
        """A label attached to the named point ``point``."""
        pan = panel or self.get(point).panel
        return self._add(Text(key, text, None, pan, attach=point, direction=float(direction)))

    # -- access -----------------------------------------------------
    def get(self, key: str):
        for it in self.items:
            if it.key == key:
                return it
        raise InputError(f"no item {key!r} in construction {self.title!r}; items: {', '.join(i.key for i in self.items)}")

    def has(self, key: str) -> bool:
        return any(it.key == key for it in self.items)

    def resolve(self, ref) -> np.ndarray:
        """Mathematical coordinates of a point reference (name or coordinates)."""
        if isinstance(ref, str):
            it = self.get(ref)
            if not isinstance(it, Point):
                raise InputError(f"{ref!r} is a {type(it).__name__}, not a point")
            return np.asarray(it.xy, dtype=np.float64)
        return np.asarray(ref, dtype=np.float64)

    def page(self, ref, panel: str) -> np.ndarray:
        """Page coordinates of a point reference in ``panel``."""
        return self.panels[panel].to_page(self.resolve(ref))

    def page_points(self, item) -> np.ndarray:
        """Page coordinates of a path's points, ``(N, 2)``."""
        return np.array([self.page(p, item.panel) for p in item.points]).reshape(-1, 2)

    def text_anchor(self, t: Text) -> np.ndarray:
        """Page point a text is attached to (its point) or centred at."""
        if t.attach is not None:
            return self.page(t.attach, t.panel)
        return self.panels[t.panel].to_page(t.at)

    def bbox(self) -> tuple[float, float, float, float]:
        """Page bounding box of the drawn geometry and text anchors, with a margin."""
        pts = []
        for it in self.items:
            pan = self.panels[it.panel]
            if isinstance(it, Point):
                pts.append(pan.to_page(it.xy))
            elif isinstance(it, Path):
                pts.extend(self.page_points(it))
            elif isinstance(it, (CircleItem, ArcItem)):
                c = self.page(it.center, it.panel)
                r = pan.scale * it.radius
                pts.extend([c - r, c + r])
            elif isinstance(it, Text):
                pts.append(self.text_anchor(it))
        a = np.array(pts).reshape(-1, 2)
        lo, hi = a.min(axis=0), a.max(axis=0)
        m = 0.8
        return float(lo[0] - m), float(lo[1] - m), float(hi[0] + m), float(hi[1] + m)

    def size(self) -> float:
        """Diagonal of the page bounding box of the geometry (no margin), page units."""
        x0, y0, x1, y1 = self.bbox()
        return float(math.hypot(x1 - x0 - 1.6, y1 - y0 - 1.6))

    def copy(self) -> "Construction":
        return copy.deepcopy(self)

    def restyle(self, key: str, **changes):
        it = self.get(key)
        it.style = replace(it.style, **changes)


def path_length_point(pts: np.ndarray, frac: float) -> tuple[np.ndarray, np.ndarray]:
    """Point at fraction ``frac`` of a polyline's length and the unit tangent there."""
    seg = np.diff(pts, axis=0)
    L = np.hypot(seg[:, 0], seg[:, 1])
    cum = np.concatenate([[0.0], np.cumsum(L)])
    s = frac * cum[-1]
    k = int(np.clip(np.searchsorted(cum, s) - 1, 0, len(seg) - 1))
    t = (s - cum[k]) / L[k] if L[k] > 0 else 0.0
    return pts[k] + t * seg[k], seg[k] / (L[k] if L[k] > 0 else 1.0)
