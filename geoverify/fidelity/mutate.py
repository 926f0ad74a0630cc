"""Scene-level edits for the fidelity measurements: wrong variants and harmless restylings.

Every function returns a new scene and leaves its input alone. Edits work on
the drawn primitives, so they apply to a figure from any source language:

- :func:`move_point` moves everything drawn at a point (dots, path vertices,
  label anchors, the labels naming it) and keeps straight pieces straight;
- :func:`rotate_points` moves several points about a pivot (a tilted line);
- :func:`scale_round` changes a drawn circle's radius about its centre;
- :func:`swap_labels` exchanges two labels' texts;
- :func:`remove_segment` cuts the straight strokes between two points;
- :func:`restyle` changes colours, widths, dashes, dot and font sizes only.
"""

from __future__ import annotations

import copy
import math

import numpy as np

from geoverify.matching import normalize_text
from geoverify.scene import (
    Arc,
    Arrow,
    BezierPath,
    Circle,
    Dot,
    Ellipse,
    Polyline,
    Scene,
    Style,
    Subpath,
    TextLabel,
    line_controls,
)

__all__ = ["move_point", "rotate_points", "scale_round", "swap_labels", "remove_segment", "restyle"]


def _copy(scene: Scene) -> Scene:
    out = copy.copy(scene)
    out.primitives = list(scene.primitives)
    out.diagnostics = list(scene.diagnostics)
    return out


def _names(lab: TextLabel) -> str:
    from geoverify.fidelity.mine import point_name

    return point_name(normalize_text(lab.text)) or ""


def _move_controls(sp: Subpath, moves: list[tuple[np.ndarray, np.ndarray]], eps: float) -> Subpath:
    c = sp.controls.copy()
    straight = sp.is_straight()
    moved = False
    for k in range(len(c)):
        for end, inner in ((0, 1), (3, 2)):
            for src, delta in moves:
                if np.hypot(*(sp.controls[k, end] - src)) <= eps:
                    c[k, end] = sp.controls[k, end] + delta
                    if not straight[k]:
                        c[k, inner] = sp.controls[k, inner] + delta
                    moved = True
                    break
    if not moved:
        return sp
    for k in np.nonzero(straight)[0]:
        c[k] = line_controls(c[k, 0], c[k, 3])
    return Subpath(c, sp.closed)


def _move_many(scene: Scene, moves: list[tuple[np.ndarray, np.ndarray, str]], eps: float) -> Scene:
    """Apply point moves ``(from (2,), delta (2,), point name)`` to every primitive."""
    out = _copy(scene)
    geo = [(np.asarray(a, float), np.asarray(d, float)) for a, d, _ in moves]
    by_name = {n: np.asarray(d, float) for _, d, n in moves if n}
    for i, p in enumerate(scene.primitives):
        q = None
        if isinstance(p, Dot):
            for src, d in geo:
                if np.hypot(*(p.center - src)) <= eps:
                    q = copy.copy(p)
                    q.center = p.center + d
                    break
        elif isinstance(p, TextLabel):
            d = by_name.get(_names(p))
            if d is None:
                d = next((dd for src, dd in geo if np.hypot(*(p.anchor - src)) <= eps), None)
            if d is not None:
                q = copy.copy(p)
                q.anchor = p.anchor + d
                q.box = p.box + np.array([d[0], d[1], d[0], d[1]])
        elif isinstance(p, Arrow):
            for src, d in geo:
                if np.hypot(*(p.tip - src)) <= eps:
                    q = copy.copy(p)
                    q.tip = p.tip + d
                    break
        elif isinstance(p, Polyline):
            pts = p.points.copy()
            hit = False
            for src, d in geo:
                m = np.hypot(*(p.points - src).T) <= eps
                if m.any():
                    pts[m] = p.points[m] + d
                    hit = True
            if hit:
                q = copy.copy(p)
                q.points = pts
        elif isinstance(p, BezierPath):
            parts = [_move_controls(sp, geo, eps) for sp in p.parts]
            if any(a is not b for a, b in zip(parts, p.parts)):
                q = copy.copy(p)
                q.parts = parts
        if q is not None:
            out.primitives[i] = q
    return out


def move_point(scene: Scene, xy, delta, name: str = "", eps: float | None = None) -> Scene:
    """Move what is drawn at ``xy`` (and the labels named ``name``) by ``delta`` (canvas units)."""
    eps = eps if eps is not None else 1e-6 * scene.scale()
    return _move_many(scene, [(xy, delta, name)], eps)


def rotate_points(scene: Scene, points: dict, pivot, degrees: float, eps: float | None = None) -> Scene:
    """Rotate the named points ``{name: xy}`` (and what is drawn at them) about ``pivot``."""
    eps = eps if eps is not None else 1e-6 * scene.scale()
    a = math.radians(degrees)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    pivot = np.asarray(pivot, float)
    moves = []
    for name, xy in points.items():
        xy = np.asarray(xy, float)
        moves.append((xy, pivot + rot @ (xy - pivot) - xy, name))
    return _move_many(scene, moves, eps)


def scale_round(scene: Scene, owner: int, center, factor: float) -> Scene:
    """Scale the drawn circle (or arc) ``scene.primitives[owner]`` about ``center`` by ``factor``."""
    out = _copy(scene)
    p = copy.copy(scene.primitives[owner])
    c = np.asarray(center, float)
    if isinstance(p, Circle):
        p.radius = p.radius * factor
    elif isinstance(p, (Ellipse, Arc)):
        p.rx, p.ry = p.rx * factor, p.ry * factor
    elif isinstance(p, Polyline):
        p.points = c + factor * (p.points - c)
    elif isinstance(p, BezierPath):
        p.parts = [Subpath(c + factor * (sp.controls - c), sp.closed) for sp in p.parts]
    out.primitives[owner] = p
    return out


def swap_labels(scene: Scene, a: str, b: str) -> Scene:
    """Exchange the texts of the labels naming points ``a`` and ``b``."""
    out = _copy(scene)
    texts = {}
    for i, p in enumerate(scene.primitives):
        if isinstance(p, TextLabel) and _names(p) in (a, b):
            texts.setdefault(_names(p), p.text)
    if len(texts) < 2:
        return out
    for i, p in enumerate(scene.primitives):
        if isinstance(p, TextLabel) and _names(p) in (a, b):
            q = copy.copy(p)
            q.text = texts[b] if _names(p) == a else texts[a]
            out.primitives[i] = q
    return out


def _trim(sp: Subpath, p: np.ndarray, q: np.ndarray, eps: float) -> tuple[list[Subpath], bool]:
    """Pieces of ``sp`` left after cutting out its straight parts that lie on segment pq, and whether any was cut."""
    pq = q - p
    L2 = float(pq @ pq)
    straight = sp.is_straight()
    pieces, cur = [], []
    cut = False

    def flush():
        if cur:
            pieces.append(Subpath(np.asarray(cur), False))
        cur.clear()

    for k, seg in enumerate(sp.controls):
        u, v = seg[0], seg[3]
        on = straight[k] and L2 > 0 and all(abs((x - p)[0] * pq[1] - (x - p)[1] * pq[0]) / math.sqrt(L2) <= eps for x in (u, v))
        if not on:
            cur.append(seg)
            continue
        d = v - u
        dd = float(d @ d)
        if dd == 0:
            continue
        tp, tq = float((p - u) @ d) / dd, float((q - u) @ d) / dd
        lo, hi = max(0.0, min(tp, tq)), min(1.0, max(tp, tq))
        if hi <= lo + 1e-9:
            cur.append(seg)
            continue
        cut = True
        if lo * math.sqrt(dd) > eps:
            cur.append(line_controls(u, u + lo * d))
        flush()
        if (1 - hi) * math.sqrt(dd) > eps:
            cur.append(line_controls(u + hi * d, v))
    flush()
    return pieces, cut


def remove_segment(scene: Scene, p, q, eps: float | None = None) -> Scene:
    """Cut the straight strokes lying on segment pq out of every path (fills of cut paths are dropped)."""
    eps = eps if eps is not None else 1e-4 * scene.scale()
    p, q = np.asarray(p, float), np.asarray(q, float)
    out = _copy(scene)
    for i, prim in enumerate(scene.primitives):
        if not isinstance(prim, (Polyline, BezierPath)):
            continue
        parts = prim.subpaths()
        new, cut = [], False
        for sp in parts:
            pieces, c = _trim(sp, p, q, eps)
            new.extend(pieces)
            cut = cut or c
        if not cut:
            continue
        st = prim.style
        out.primitives[i] = BezierPath(parts=new, style=Style(stroke=st.stroke, stroke_width=st.stroke_width, dash=st.dash,
                                                                fill=None, opacity=st.opacity),
                                       source=prim.source, panel=prim.panel, name=prim.name)
    return out


def restyle(scene: Scene) -> Scene:
    """Same geometry, different look: colours, line widths, dashes, dot sizes and fonts."""
    out = _copy(scene)
    palette = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
    for i, p in enumerate(scene.primitives):
        q = copy.copy(p)
        st = p.style
        colour = palette[i % len(palette)]
        q.style = Style(stroke=colour if st.stroke is not None else None, stroke_width=st.stroke_width * 1.8 + 0.2,
                        dash=(4.0, 2.0) if (i % 3 == 2 and st.stroke is not None) else None,
                        fill=palette[(i + 1) % len(palette)] if st.fill is not None else None, opacity=st.opacity)
        if isinstance(p, Dot):
            q.radius = p.radius * 1.6 + 0.5
        if isinstance(p, TextLabel):
            # A bigger font grows the box about the point it is attached to.
            q.font_size = p.font_size * 1.25
            q.box = np.concatenate([p.anchor + 1.25 * (p.box[:2] - p.anchor), p.anchor + 1.25 * (p.box[2:] - p.anchor)])
        out.primitives[i] = q
    return out
