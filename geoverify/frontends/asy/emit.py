"""Picture -> scene: map recorded drawing commands to canvas primitives (bp, y up).

Canvas coordinates are Asymptote's frame coordinates: user coordinates times
the fitted scaling (no page offset). Pen widths, dot sizes, label offsets and
arrow sizes are absolute (bp), as in Asymptote.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.fitting import FitCache, scaling
from geoverify.frontends.asy.textmetrics import DEFAULT_FONTSIZE, label_scale
from geoverify.frontends.asy.values import Pen, Transform
from geoverify.scene import Arc, Arrow, BezierPath, Circle, Dot, Panel, Polyline, Style, Subpath, TextLabel
from geoverify.scene.graph import visible_view

__all__ = ["emit_picture"]


_DOTFACTOR = [6.0]


def _dotsize(pen) -> float:
    w = pen.width if pen is not None and pen.width is not None else 0.5
    return _DOTFACTOR[0] * w


def _style(pen, fillpen=None):
    stroke = None
    width = 0.0
    dash = None
    opacity = 1.0
    if pen is not None and not pen.invisible:
        stroke = pen.hex
        width = pen.width if pen.width is not None else 0.5
        if pen.dash:
            # Asymptote scales dash patterns by the pen width (default "scale=true").
            dash = tuple(max(d, 0.0) * max(width, 1e-9) for d in pen.dash)
        if pen.opacity is not None:
            opacity = pen.opacity
    fill = None
    if fillpen is not None and not fillpen.invisible:
        fill = fillpen.hex
        if fillpen.opacity is not None and pen is None:
            opacity = fillpen.opacity
    return Style(stroke=stroke, stroke_width=width, dash=dash, fill=fill, opacity=opacity)


@functools.lru_cache(maxsize=1024)
def _fill_style(fill):
    """``Style(stroke=None, fill=fill)`` (a label's, a zero-length path's dot): shared, as
    Styles are frozen and a figure's texts repeat a few colours."""
    return Style(stroke=None, fill=fill)


@functools.lru_cache(maxsize=1024)
def _dot_style(fill):
    """``Style(stroke=None, stroke_width=0.0, fill=fill)`` (a dot's, an arrow head's): shared."""
    return Style(stroke=None, stroke_width=0.0, fill=fill)


def _subpath(p):
    ctrl = np.array([[[a.real, a.imag], [b.real, b.imag], [c.real, c.imag], [d.real, d.imag]]
                     for a, b, c, d in p.segments()], dtype=np.float64)
    if len(ctrl) == 0:
        z = p.z[0]
        ctrl = np.array([[[z.real, z.imag]] * 4], dtype=np.float64)
    return Subpath(ctrl, p.cyclic)


def _shape_primitive(shape, style, loc, name):
    """The Circle or Arc of a path's ``("circle", c, r)`` or ``("arc", c, r, a0, sweep)`` shape, else None."""
    if shape[0] == "circle":
        c = shape[1]
        return Circle(center=(c.real, c.imag), radius=shape[2], style=style, source=loc, name=name)
    if shape[0] == "arc":
        _, c, r, a0, sweep = shape
        if abs(sweep) >= 2 * math.pi - 1e-9:
            return Circle(center=(c.real, c.imag), radius=r, style=style, source=loc, name=name)
        return Arc(center=(c.real, c.imag), rx=r, ry=r, start=a0, sweep=sweep, style=style, source=loc, name=name)
    return None


#: from this many knots on, a polyline's points are mapped with numpy
_LONG_POLYLINE = 32


def _polyline(pts, cyclic, style, loc, name):
    return Polyline(points=pts, closed_flag=cyclic, style=style, source=loc, name=name)


def _mapped_points(zs, t):
    """The knots ``t.apply_all(zs)`` as an ``(n, 2)`` array, for a polyline.

    A long one (a plotted graph) is mapped with numpy: the same operations in the same
    order per coordinate, ``(x + xx u) + xy v`` and ``(y + yx u) + yy v``, in float64.
    Only for finite numbers: a NaN already there could come out with another sign bit.
    """
    if len(zs) >= _LONG_POLYLINE:
        uv = pathops.points_xy(zs)
        coefs = (t.x, t.xx, t.xy, t.y, t.yx, t.yy)
        if np.isfinite(uv).all() and all(map(math.isfinite, coefs)):
            x, xx, xy, y, yx, yy = coefs
            u, v = uv[:, 0], uv[:, 1]
            out = np.empty_like(uv)
            with np.errstate(over="ignore", invalid="ignore"):  # inf and NaN as Python makes them, silently
                out[:, 0] = x + xx * u + xy * v
                out[:, 1] = y + yx * u + yy * v
            return out
    return pathops.points_xy(t.apply_all(zs))


def _path_primitive(p, style, loc, name):
    if p.shape is not None:
        prim = _shape_primitive(p.shape, style, loc, name)
        if prim is not None:
            return prim
    if len(p.z) >= 2 and p.is_polyline():
        return _polyline(pathops.points_xy(p.z), p.cyclic, style, loc, name)
    return BezierPath(parts=[_subpath(p)], style=style, source=loc, name=name)


def _mapped_primitive(p, t, style, loc, name):
    """``_path_primitive(p.transformed(t), ...)``, mapping only what the primitive reads.

    Most paths are polylines (every segment built straight: ``is_polyline`` holds whatever
    the coordinates) or circles and arcs kept as shapes; they need only their knots or
    their shape mapped, not the control points (mapping the three lists of every path
    took a quarter of the emitter's time).
    """
    if p.shape is not None:
        shape = t.map_shape(p.shape)
        if shape is not None:
            prim = _shape_primitive(shape, style, loc, name)
            if prim is not None:
                return prim
    elif len(p.z) >= 2 and p.all_straight():
        return _polyline(_mapped_points(p.z, t), p.cyclic, style, loc, name)
    return _path_primitive(p.transformed(t), style, loc, name)


def _draw_paths(scene, it, t, loc):
    """Add the primitives (and arrow heads) of a draw, fill, filldraw or unfill item."""
    kind = it.kind
    pen = it.pen if kind in ("draw", "filldraw") else None
    fillpen = it.fillpen if kind != "draw" else None
    style = _style(pen, fillpen)
    arrows = it.arrow is not None and it.arrow.where and kind in ("draw", "filldraw")
    for p in it.paths:
        if not p.z:
            continue
        if len(p.z) == 1:
            if kind == "draw":
                # a zero-length path draws a dot of the pen's width
                z = t.apply(p.z[0])
                scene.add(Dot(center=(z.real, z.imag), radius=0.5 * style.stroke_width,
                              style=_fill_style(style.stroke), source=loc))
            continue
        if arrows:
            q = p.transformed(t)
            _arrows(scene, q, it.arrow, pen, scene.add(_path_primitive(q, style, loc, it.name)), loc)
        else:
            scene.add(_mapped_primitive(p, t, style, loc, it.name))


def emit_picture(pic, scene, budget=None):
    """Add the picture's primitives to ``scene``; returns the ``(sx, sy)`` scaling."""
    cache = FitCache()  # sizing pairs and label boxes, measured once for the fitting and the drawing
    sx, sy = scaling(pic, _dotsize, cache)  # dot items carry their own size
    items = pic.items
    if any(it.kind == "deferred" for it in items):
        # graph axes: drawn now that the scaling and the frame's bounds are known
        from geoverify.frontends.asy.deferred import realize_deferred

        items, sx, sy = realize_deferred(pic, sx, sy, _dotsize, cache)
    t = Transform(0.0, 0.0, sx, 0.0, 0.0, sy)
    scene.panels[0] = Panel(0, None, np.array([[sx, 0, 0], [0, sy, 0], [0, 0, 1.0]]))
    clip_from = 0
    clip_boxes = {}  # primitive index -> box of the clips that cut it
    for it in items:
        loc = it.location
        kind = it.kind
        if kind == "unfill":
            # unfill draws nothing: it erases its region from what was drawn before (asy clips it)
            for p in it.paths:
                if p.z:
                    _unfill_under(scene, 0j, pathops.bbox(p.transformed(t)))
            continue
        if kind in ("draw", "fill", "filldraw"):
            _draw_paths(scene, it, t, loc)
        elif kind == "clip":
            zs = [z for p in it.paths for z in t.apply_all(p.z)]
            box = (min(z.real for z in zs), min(z.imag for z in zs), max(z.real for z in zs),
                   max(z.imag for z in zs)) if zs else None
            for i in range(clip_from, len(scene.primitives)):
                scene.primitives[i].clipped = True
                if box is not None:
                    old = clip_boxes.get(i, box)
                    clip_boxes[i] = (max(box[0], old[0]), max(box[1], old[1]), min(box[2], old[2]), min(box[3], old[3]))
        elif kind == "dot":
            z = t.apply(it.position)
            pen = it.pen
            scene.add(Dot(center=(z.real, z.imag), radius=0.5 * (it.size or _dotsize(pen)),
                          style=_dot_style(pen.hex if pen else "#000000"), source=loc))
        elif kind == "label":
            _label(scene, it, t.apply(it.position), cache.label(it), loc)
        if budget is not None:
            budget.check_primitives(len(scene.primitives))
    visible_view(scene, clip_boxes)
    return sx, sy


def _label(scene, it, z, geom, loc):
    """Add a label item at canvas point ``z``, placed by its :class:`LabelGeometry` ``geom``."""
    x0, y0, x1, y1 = geom.extent
    fs = it.pen.fontsize if it.pen is not None and it.pen.fontsize else DEFAULT_FONTSIZE
    fs *= label_scale(it.transform)
    box = (z.real + x0, z.imag + y0, z.real + x1, z.imag + y1)
    if it.filltype == "UnFill":
        _unfill_under(scene, z, geom.box)
    a, b, c, d, e, f = geom.frame
    frame = ((a, b, z.real + c), (d, e, z.imag + f))
    scene.add(TextLabel(text=it.text, anchor=(z.real, z.imag), box=box, font_size=fs, frame=frame,
                        style=_fill_style(it.pen.hex if it.pen else "#000000"), source=loc))


def _unfill_under(scene, z, box):
    """A label with ``UnFill`` erases its padded box from what was drawn before it
    (asy clips them with the box's complement): those primitives are clipped."""
    x0, y0, x1, y1 = z.real + box[0], z.imag + box[1], z.real + box[2], z.imag + box[3]
    for prim in scene.primitives:
        bx0, by0, bx1, by1 = prim.bbox()
        if bx0 <= x1 and bx1 >= x0 and by0 <= y1 and by1 >= y0:
            prim.clipped = True


def _arrows(scene, p, spec, pen, carrier, loc):
    width = pen.width if pen is not None and pen.width is not None else 0.5
    style = _dot_style(pen.hex if pen else "#000000")
    L = p.length
    for where in spec.where:
        at = getattr(spec, "at", None)
        if at is not None and where in ("end", "start"):  # a head at a time on the path
            tm = min(max(float(at), 0.0), float(L))
            tip = pathops.point(p, tm)
            d = pathops.direction(p, tm) * (1 if where == "end" else -1)
            where = where if tm in (0.0, float(L)) else "mid"
        elif where == "end":
            tip = p.z[-1] if not p.cyclic else p.z[0]
            d = pathops.direction(p, L)
        elif where == "start":
            tip = p.z[0]
            d = -pathops.direction(p, 0)
        else:
            tm = pathops.arctime(p, 0.5 * pathops.arclength(p))
            tip = pathops.point(p, tm)
            d = pathops.direction(p, tm)
        if d == 0:
            continue
        scene.add(Arrow(tip=(tip.real, tip.imag), direction=(d.real, d.imag), position=where, carrier=carrier,
                        style=style, source=loc))
