"""One description, two outputs: a figure and the Gold IR objects that it must show.

Families in plane geometry describe their points, segments, lines and circles
once with a :class:`Scaffold`; it builds the
:class:`~geoverify.families.construction.Construction` (labels placed away from
the figure's centre) and the matching IR ``objects`` list, so the two cannot
drift apart.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.families.construction import Construction, Style
from geoverify.families.emit_svg import tex_to_unicode

__all__ = ["Scaffold"]


class Scaffold:
    """Points, segments and circles of one frame, with their IR objects.

    Parameters
    ----------
    title : str
    frame : str
        IR frame id (and construction panel id).
    equivalences : list of str
        The frame's allowed equivalences.
    """

    def __init__(self, title: str, frame: str = "plane", equivalences=("translation", "uniform_scaling", "rotation", "reflection"),
                 scale: float = 1.0, origin=(0.0, 0.0)):
        self.c = Construction(title)
        self.frame = frame
        self.c.panel(frame, origin, scale)
        self.equivalences = list(equivalences)
        self.objects: list[dict] = []
        self._points: dict[str, np.ndarray] = {}
        self._label_dirs: dict[str, float] = {}
        self._labels: dict[str, str] = {}

    # -- points -----------------------------------------------------
    def points(self, **coords):
        """Named points: ``points(A=(0, 0), B=(4, 0))`` (labels are added on :meth:`finish`)."""
        for k, v in coords.items():
            self._points[k] = np.asarray(v, dtype=np.float64)

    def label_dir(self, **dirs):
        """Override label directions (degrees) of some points."""
        self._label_dirs.update(dirs)

    def xy(self, name: str) -> np.ndarray:
        return self._points[name]

    # -- drawn objects ----------------------------------------------
    def segment(self, oid, a, b, style=None, *, ir=True, kind="segment", labels=(), **kw):
        self.c.segment(oid, a, b, self.frame, style or Style("black", 0.9), **kw)
        if ir:
            self.objects.append({"id": oid, "type": kind, "frame": self.frame, "through": [a, b], **({"labels": list(labels)} if labels else {})})

    def line(self, oid, a, b, extend=0.35, style=None, labels=()):
        """A line through points a and b, drawn a little beyond both."""
        pa, pb = self.c.resolve(a) if isinstance(a, str) and self.c.has(a) else self._points[a], self._points[b]
        d = pb - pa
        self.c.segment(oid, tuple(pa - extend * d), tuple(pb + extend * d), self.frame, style or Style("black", 0.9))
        self.objects.append({"id": oid, "type": "line", "frame": self.frame, "through": [a, b], **({"labels": list(labels)} if labels else {})})

    def circle(self, oid, center, radius=None, through=None, style=None, labels=(), label_at=None, ir=True):
        """A circle by centre and radius (or a point it passes through)."""
        cxy = self._points[center] if isinstance(center, str) else np.asarray(center, dtype=float)
        r = radius if radius is not None else float(np.hypot(*(self._points[through] - cxy)))
        self.c.circle(oid, tuple(cxy), r, self.frame, style or Style("blue", 1.1))
        if ir:
            obj = {"id": oid, "type": "circle", "frame": self.frame}
            obj["center"] = center if isinstance(center, str) else list(map(float, cxy))
            if through is not None:
                obj["through"] = [through]
            else:
                obj["radius"] = float(radius)
            if labels:
                obj["labels"] = list(labels)
            self.objects.append(obj)
        if label_at is not None and labels:
            u = np.array([math.cos(math.radians(label_at)), math.sin(math.radians(label_at))])
            self.c.text(f"{oid}.label", f"${labels[0]}$", tuple(cxy + (r + 0.35 / self.c.panels[self.frame].scale) * u), self.frame)

    def text(self, oid, tex, at, alternatives=(), ir_text=None, size="normal"):
        """A free text, and its IR text object (matched by normalised content)."""
        self.c.text(oid, tex, at, self.frame, size=size)
        if ir_text is not None:
            alts = list(alternatives)
            # The Unicode spelling SVG uses (\kappa -> κ) is an accepted form of the same text.
            uni = tex_to_unicode(ir_text)
            if uni != ir_text and uni not in alts:
                alts.append(uni)
            self.objects.append({"id": oid, "type": "text", "text": ir_text, **({"alternatives": alts} if alts else {})})

    # -- finishing --------------------------------------------------
    def finish(self, labelled=None, unlabelled=(), marker=True) -> Construction:
        """Add the points (dots and labels) last so they are drawn on top; IR point objects first."""
        names = list(self._points) if labelled is None else list(labelled)
        centre = np.mean([self._points[n] for n in self._points], axis=0)
        geom = _geometry_samples(self.c, self.frame, self._points)
        placed: list[np.ndarray] = []
        pts_objs = []
        for n, xy in self._points.items():
            lab = n in names
            d = self._label_dirs.get(n)
            if d is None and lab:
                d = _clear_direction(xy, centre, geom, placed, self.c.panels[self.frame].scale)
            if lab:
                u = np.array([math.cos(math.radians(d)), math.sin(math.radians(d))])
                placed.append(xy + 0.55 / self.c.panels[self.frame].scale * u)
            self.c.point(n, tuple(xy), self.frame, dot=marker and n not in unlabelled or lab,
                         label=f"${_tex_name(n)}$" if lab else None, label_dir=d)
            obj = {"id": n, "type": "point", "frame": self.frame, "coords": [round(float(xy[0]), 6), round(float(xy[1]), 6)]}
            if lab:
                obj["labels"] = [_tex_name(n)]
            pts_objs.append(obj)
        self.objects = pts_objs + self.objects
        return self.c

    def frames(self) -> list[dict]:
        return [{"id": self.frame, "kind": "plane", "equivalences": self.equivalences}]


def _tex_name(n: str) -> str:
    """``T1`` -> ``T_1`` (TeX), ``A`` -> ``A``."""
    head = n.rstrip("0123456789")
    tail = n[len(head):]
    return f"{head}_{tail}" if tail else head


def _geometry_samples(c: Construction, panel: str, named: dict) -> np.ndarray:
    """Math-coordinate samples of everything drawn in ``panel`` (for label placement)."""
    from geoverify.families.construction import CircleItem, Path, Text

    pts = []
    for it in c.items:
        if it.panel != panel:
            continue
        if isinstance(it, Path):
            p = np.array([named[q] if isinstance(q, str) else q for q in it.points], dtype=float)
            ring = np.vstack([p, p[:1]]) if it.closed else p
            for a, b in zip(ring[:-1], ring[1:]):
                t = np.linspace(0, 1, 12)[:, None]
                pts.append(a + t * (b - a))
        elif isinstance(it, CircleItem):
            th = np.linspace(0, 2 * np.pi, 90)
            ctr = named[it.center] if isinstance(it.center, str) else np.asarray(it.center, dtype=float)
            pts.append(ctr + it.radius * np.column_stack([np.cos(th), np.sin(th)]))
        elif isinstance(it, Text) and it.at is not None:
            pts.append(np.asarray(it.at, dtype=float)[None])
    pts.extend(np.asarray(v, dtype=float)[None] for v in named.values())
    return np.vstack(pts) if pts else np.zeros((0, 2))


def _clear_direction(xy, centre, geom, placed, scale) -> float:
    """Of 16 directions, the one whose label spot is farthest from drawn geometry and other labels."""
    best, arg = -np.inf, 45.0
    away = xy - centre
    for k in range(16):
        ang = 22.5 * k
        u = np.array([math.cos(math.radians(ang)), math.sin(math.radians(ang))])
        spot = xy + 0.55 / scale * u
        others = np.vstack([geom] + [p[None] for p in placed]) if placed else geom
        d = float(np.min(np.hypot(*(others - spot).T))) if len(others) else 1.0
        # slight preference for pointing away from the figure's centre
        bonus = 0.05 / scale * float(u @ away) / (float(np.hypot(*away)) + 1e-9)
        if d + bonus > best:
            best, arg = d + bonus, ang
    return arg
