"""Marks a figure draws to state relations: right-angle marks and equal-length ticks.

Both are found from the shape of small strokes, whatever the source language:

- a right-angle mark is an open path of two equal, perpendicular, short legs
  (``rightanglemark`` of olympiad.asy, a hand-drawn corner); the angle's vertex is
  the fourth corner of the little square;
- a tick is an isolated short straight stroke crossing a segment near its middle
  (``pathticks``, ``\\draw[decorate]`` hash marks); a segment's tick count says
  which other segments it equals;
- a dimension line is a lone straight stroke capped at both ends by short bars
  across it (``|<-- 16 -->|`` beside a side, with its length as a label): it
  states a length and is no part of the geometry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import copy

import numpy as np

from geoverify.scene import Polyline, Scene, Style

__all__ = ["RightAngleMark", "Tick", "find_dimension_lines", "find_right_angle_marks", "find_ticks",
           "without_marks"]

# A mark's legs are shorter than this fraction of the figure size.
_MARK_MAX_REL = 0.12
# Legs equal to this ratio, at 90 degrees to this many degrees.
_MARK_LEG_RATIO = 0.12
_MARK_ANGLE_DEG = 4.0
# A tick is a lone straight stroke shorter than this fraction of the figure size.
_TICK_MAX_REL = 0.07
# A dimension line's end bar is centred on the line's end to this fraction of the bar's
# length, across it to this many degrees, and at most this fraction of the line's length.
_BAR_CENTRE_REL = 0.15
_BAR_ANGLE_DEG = 10.0
_BAR_MAX_OF_LINE = 0.5


@dataclass(frozen=True, slots=True)
class RightAngleMark:
    """A right-angle mark: ``vertex (2,)`` and the unit directions ``d1, d2 (2,)`` of its legs."""

    vertex: np.ndarray
    d1: np.ndarray
    d2: np.ndarray
    size: float
    owner: int


@dataclass(frozen=True, slots=True)
class Tick:
    """A tick: ``mid (2,)`` its midpoint, ``direction (2,)`` unit, ``length`` canvas units."""

    mid: np.ndarray
    direction: np.ndarray
    length: float
    owner: int


def _stroke_polylines(scene: Scene):
    """``(owner, points (N, 2))`` of every visible subpath made only of straight pieces."""
    for idx, prim in scene.outlines():
        if not prim.style.stroked:
            continue
        if isinstance(prim, Polyline):
            pts = prim.points
            if prim.closed_flag and len(pts) > 2:
                continue
            yield idx, pts
            continue
        for sp in prim.subpaths():
            if sp.closed or not sp.is_straight().all():
                continue
            yield idx, sp.vertices()


def _dedupe(pts: np.ndarray, eps: float) -> np.ndarray:
    keep = [pts[0]]
    for p in pts[1:]:
        if np.hypot(*(p - keep[-1])) > eps:
            keep.append(p)
    return np.asarray(keep)


def find_right_angle_marks(scene: Scene, scale: float) -> list[RightAngleMark]:
    """Right-angle marks drawn in ``scene`` (open two-leg paths, see the module docstring)."""
    out = []
    for owner, pts in _stroke_polylines(scene):
        pts = _dedupe(np.asarray(pts, dtype=float), 1e-9 * scale)
        if len(pts) != 3:
            continue
        p0, p1, p2 = pts
        a, b = p0 - p1, p2 - p1
        la, lb = float(np.hypot(*a)), float(np.hypot(*b))
        if min(la, lb) <= 0 or max(la, lb) > _MARK_MAX_REL * scale:
            continue
        if abs(la - lb) > _MARK_LEG_RATIO * max(la, lb):
            continue
        cos = float(a @ b) / (la * lb)
        if abs(math.degrees(math.acos(max(-1.0, min(1.0, cos)))) - 90.0) > _MARK_ANGLE_DEG:
            continue
        v = p0 + p2 - p1
        d1, d2 = p0 - v, p2 - v
        out.append(RightAngleMark(v, d1 / np.hypot(*d1), d2 / np.hypot(*d2), 0.5 * (la + lb), owner))
    return out


def find_ticks(scene: Scene, scale: float) -> list[Tick]:
    """Short lone straight strokes (tick candidates) of ``scene``."""
    out = []
    for owner, pts in _stroke_polylines(scene):
        pts = _dedupe(np.asarray(pts, dtype=float), 1e-9 * scale)
        if len(pts) != 2:
            continue
        d = pts[1] - pts[0]
        n = float(np.hypot(*d))
        if n <= 0 or n > _TICK_MAX_REL * scale:
            continue
        out.append(Tick(0.5 * (pts[0] + pts[1]), d / n, n, owner))
    return out


def _lone_segments(scene: Scene, scale: float):
    """``(owner, a (2,), b (2,))`` of every primitive that draws one straight segment and nothing else."""
    subpaths = {}
    for owner, pts in _stroke_polylines(scene):
        subpaths.setdefault(owner, []).append(pts)
    for owner, parts in subpaths.items():
        if len(parts) != 1 or len(scene.primitives[owner].subpaths()) != 1:
            continue
        pts = _dedupe(np.asarray(parts[0], dtype=float), 1e-9 * scale)
        if len(pts) == 2:
            yield owner, pts[0], pts[1]


def find_dimension_lines(scene: Scene, scale: float) -> list[tuple[int, int, int]]:
    """Dimension lines of ``scene``: ``(line, bar, bar)`` primitive indices each.

    A dimension line is a lone straight segment whose two ends are each the centre
    of a short lone straight bar across it (see the module docstring).
    """
    segs = list(_lone_segments(scene, scale))
    bars = [(o, a, b) for o, a, b in segs if 0 < float(np.hypot(*(b - a))) <= _TICK_MAX_REL * scale]
    if len(bars) < 2:
        return []
    cos_max = math.sin(math.radians(_BAR_ANGLE_DEG))
    out = []
    for owner, a, b in segs:
        d = b - a
        n = float(np.hypot(*d))
        if n <= 0:
            continue
        u = d / n
        caps = []
        for end in (a, b):
            found = None
            for bo, ba, bb in bars:
                if bo == owner:
                    continue
                e = bb - ba
                m = float(np.hypot(*e))
                if m > _BAR_MAX_OF_LINE * n:
                    continue
                if float(np.hypot(*(0.5 * (ba + bb) - end))) > _BAR_CENTRE_REL * m:
                    continue
                if abs(float(e @ u)) / m > cos_max:
                    continue
                found = bo
                break
            if found is None:
                break
            caps.append(found)
        if len(caps) == 2:
            out.append((owner, caps[0], caps[1]))
    return out


def without_marks(scene: Scene) -> Scene:
    """A copy of ``scene`` whose right-angle marks and dimension lines are invisible (indices unchanged).

    A mark annotates geometry; its corners are not points anyone labels. Matching
    that sees them can bind a label to a mark's corner instead of the crossing the
    label names (in SVG, where labels are placed by proximity). So can the end of a
    dimension line's bar, drawn just beside the corner whose side it measures.
    """
    s = scene.scale()
    marks = {m.owner for m in find_right_angle_marks(scene, s)}
    marks.update(o for dim in find_dimension_lines(scene, s) for o in dim)
    if not marks:
        return scene
    out = copy.copy(scene)
    out.primitives = list(scene.primitives)
    for i in marks:
        q = copy.copy(scene.primitives[i])
        q.style = Style(stroke=None, stroke_width=0.0, fill=None)
        out.primitives[i] = q
    return out
