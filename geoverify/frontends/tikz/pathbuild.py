"""The path under construction: subpaths of lines, curves, arcs and ellipses.

Segments are kept in the form TikZ built them, so that emission can tell a
circle from a polygon:

- ``("L", p0, p1)`` straight segment;
- ``("C", p0, c1, c2, p1)`` cubic Bezier;
- ``("A", center, u, v, t0, t1)`` arc of ``center + u cos t + v sin t``, t in radians;
- ``("E", center, u, v)`` full ellipse (a subpath of its own).

All points are canvas points (TeX pt, y up) as tuples.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.scene.primitives import arc_controls, line_controls

__all__ = ["Subpath", "PathBuilder", "segment_controls", "segment_point", "segment_tangent"]


class Subpath:
    __slots__ = ("segs", "closed", "start", "radii")

    def __init__(self, start):
        self.segs: list[tuple] = []
        self.closed = False
        self.start = start
        # rounded corners: the radius (pt) of the corner at each segment's end, as it was when
        # the segment was added (pgf's specialround tokens); None while every one is 0
        self.radii: list[float] | None = None


def segment_controls(seg) -> np.ndarray:
    """Cubic control points of a segment, ``(K, 4, 2)``."""
    kind = seg[0]
    if kind == "L":
        return line_controls(seg[1], seg[2])[None]
    if kind == "C":
        return np.array([seg[1], seg[2], seg[3], seg[4]], dtype=np.float64)[None]
    if kind == "A":
        c, u, v, t0, t1 = seg[1:]
        return _ellipse_controls(c, u, v, t0, t1)
    if kind == "E":
        c, u, v = seg[1:]
        return _ellipse_controls(c, u, v, 0.0, 2 * math.pi)
    raise AssertionError(kind)


def _ellipse_controls(c, u, v, t0, t1):
    # arc_controls works in a principal frame; a general affine image is the unit
    # circle's cubics mapped by [u v], which is exact for affine maps.
    unit = arc_controls((0.0, 0.0), 1.0, 1.0, t0, t1 - t0)
    M = np.array([[u[0], v[0]], [u[1], v[1]]], dtype=np.float64)
    return unit @ M.T + np.asarray(c, dtype=np.float64)


def segment_point(seg, t: float):
    """Point at parameter ``t`` in [0, 1] (TikZ's ``pos``: time, not arc length)."""
    kind = seg[0]
    if kind == "L":
        p0, p1 = seg[1], seg[2]
        return (p0[0] + t * (p1[0] - p0[0]), p0[1] + t * (p1[1] - p0[1]))
    if kind == "C":
        p0, c1, c2, p1 = seg[1:]
        s = 1 - t
        return tuple(s ** 3 * p0[i] + 3 * s * s * t * c1[i] + 3 * s * t * t * c2[i] + t ** 3 * p1[i] for i in (0, 1))
    if kind == "A":
        c, u, v, t0, t1 = seg[1:]
        a = t0 + t * (t1 - t0)
        return (c[0] + u[0] * math.cos(a) + v[0] * math.sin(a), c[1] + u[1] * math.cos(a) + v[1] * math.sin(a))
    if kind == "E":
        c, u, v = seg[1:]
        a = 2 * math.pi * t
        return (c[0] + u[0] * math.cos(a) + v[0] * math.sin(a), c[1] + u[1] * math.cos(a) + v[1] * math.sin(a))
    raise AssertionError(kind)


def segment_tangent(seg, t: float):
    """Direction of travel at parameter ``t`` (not normalised)."""
    kind = seg[0]
    if kind == "L":
        p0, p1 = seg[1], seg[2]
        return (p1[0] - p0[0], p1[1] - p0[1])
    if kind == "C":
        from geoverify.frontends.tikz.geometry import cubic_tangent
        d = cubic_tangent(np.array(seg[1:], dtype=np.float64), t)
        return (float(d[0]), float(d[1]))
    if kind in ("A", "E"):
        if kind == "A":
            c, u, v, t0, t1 = seg[1:]
        else:
            (c, u, v), t0, t1 = seg[1:], 0.0, 2 * math.pi
        a = t0 + t * (t1 - t0)
        sgn = 1.0 if t1 >= t0 else -1.0
        return (sgn * (-u[0] * math.sin(a) + v[0] * math.cos(a)), sgn * (-u[1] * math.sin(a) + v[1] * math.cos(a)))
    raise AssertionError(kind)


class PathBuilder:
    """Collects the subpaths of one TikZ path."""

    __slots__ = ("subpaths", "current", "radius")

    def __init__(self):
        self.subpaths: list[Subpath] = []
        self.current: Subpath | None = None
        # the rounded corners radius (pt) given to the segments added now; None: not tracked
        # (the path's own rounded corners apply to all its corners when it is drawn)
        self.radius: float | None = None

    def _mark(self, sp: Subpath) -> None:
        """Record the current corner radius for the segment just added to ``sp``."""
        r = self.radius
        if sp.radii is None:
            if not r:
                return
            sp.radii = [0.0] * (len(sp.segs) - 1)
        sp.radii.append(r or 0.0)

    def move_to(self, p) -> None:
        if self.current is not None and not self.current.segs and not self.current.closed:
            self.current.start = p  # a move after a move replaces it
            return
        self.current = Subpath(p)
        self.subpaths.append(self.current)

    def _ensure(self, p0) -> Subpath:
        if self.current is None or self.current.closed:
            self.move_to(p0)
        return self.current

    def add(self, seg) -> None:
        sp = self._ensure(seg[1] if seg[0] in ("L", "C") else seg[1])
        sp.segs.append(seg)
        self._mark(sp)

    def line(self, p0, p1) -> None:
        sp = self._ensure(p0)
        sp.segs.append(("L", tuple(p0), tuple(p1)))
        self._mark(sp)

    def curve(self, p0, c1, c2, p1) -> None:
        sp = self._ensure(p0)
        sp.segs.append(("C", tuple(p0), tuple(c1), tuple(c2), tuple(p1)))
        self._mark(sp)

    def arc(self, center, u, v, t0, t1) -> None:
        start = (center[0] + u[0] * math.cos(t0) + v[0] * math.sin(t0), center[1] + u[1] * math.cos(t0) + v[1] * math.sin(t0))
        sp = self._ensure(start)
        sp.segs.append(("A", tuple(center), tuple(u), tuple(v), t0, t1))
        self._mark(sp)

    def ellipse(self, center, u, v) -> None:
        sp = Subpath(center)
        sp.segs.append(("E", tuple(center), tuple(u), tuple(v)))
        sp.closed = True
        self.subpaths.append(sp)
        self.current = None

    def polyline(self, pts, closed: bool = False) -> None:
        """A new subpath of straight lines through ``pts`` (sequence of (x, y)), closed if asked:
        the segments of :meth:`line` from one to the next, added at once (plots have thousands)."""
        self.move_to(pts[0])
        sp = self.current  # (open after the move: each line would keep adding to it)
        ends = [tuple(p) for p in pts]
        before = len(sp.segs)
        sp.segs.extend([("L", a, c) for a, c in zip(ends, ends[1:])])
        added = len(sp.segs) - before
        r = self.radius
        if added and (sp.radii is not None or r):  # as _mark after each segment
            if sp.radii is None:
                sp.radii = [0.0] * before
            sp.radii.extend([r or 0.0] * added)
        if closed:
            self.close()

    def close(self) -> None:
        sp = self.current
        if sp is None or not sp.segs:
            return
        end = _seg_end(sp.segs[-1])
        if math.hypot(end[0] - sp.start[0], end[1] - sp.start[1]) > 1e-9:
            sp.segs.append(("L", end, tuple(sp.start)))
            self._mark(sp)
        sp.closed = True
        self.current = None

    def last_segment(self):
        for sp in reversed(self.subpaths):
            if sp.segs:
                return sp.segs[-1]
        return None

    def is_empty(self) -> bool:
        return not any(sp.segs for sp in self.subpaths)


def _seg_end(seg):
    if seg[0] == "L":
        return seg[2]
    if seg[0] == "C":
        return seg[4]
    return segment_point(seg, 1.0)
