"""Arrow shapes of ``shapes.arrows``: ``single arrow`` and ``double arrow``.

The sizes, corners and anchors follow ``pgflibraryshapes.arrows.code.tex``, in the
frame of :mod:`geoverify.frontends.tikz.geoshapes` (centre anchor at the origin,
``shape border rotate`` applied, ``path``/``border``/``anchors``).

The half text box is ``w`` by ``h`` (inner seps and half the line width included;
with ``shape border uses incircle`` both are 1.41421 times the larger). The arrow
points along x: its head reaches ``xb = h cot(tip angle / 2)`` beyond the body and
``head extend`` above and below it, scaled up so the head's half width is at least
half the ``minimum width``; the length (body plus one head, or plus two) is at least
the ``minimum height``. ``head indent`` moves the head's back corners towards the tip.
The anchors lie the outer sep further out, where the sides pushed out by it meet.
"""

from __future__ import annotations

import math

__all__ = ["ARROW_SHAPES", "ARROW_KEYS", "arrow_shape", "offset_polygon"]

#: Shapes built here.
ARROW_SHAPES = frozenset({"single arrow", "double arrow"})

#: pgf keys of these shapes and their initial values (angles in degrees, lengths in pt).
ARROW_KEYS = {"single arrow tip angle": 90.0, "single arrow head extend": 0.25 * 72.27 / 2.54,
              "single arrow head indent": 0.0, "double arrow tip angle": 90.0,
              "double arrow head extend": 0.25 * 72.27 / 2.54, "double arrow head indent": 0.0}


def offset_polygon(path, d: float):
    """The corners of the closed polygon ``path`` with every side pushed outwards by
    ``d`` (each corner where its two pushed sides meet: pgf's mitred outer sep)."""
    n = len(path)
    area = sum(path[i][0] * path[(i + 1) % n][1] - path[(i + 1) % n][0] * path[i][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0  # the outward normal's side of each edge (counter-clockwise: right)

    def pushed(i):
        (x1, y1), (x2, y2) = path[i], path[(i + 1) % n]
        ln = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = sign * (y2 - y1) / ln, -sign * (x2 - x1) / ln
        return (x1 + d * nx, y1 + d * ny), (x2 - x1, y2 - y1)

    out = []
    for i in range(n):
        (p, u), (q, v) = pushed(i - 1), pushed(i)
        den = u[0] * v[1] - u[1] * v[0]
        if abs(den) < 1e-12:  # straight on: the corner moves along the normal
            out.append(q)
            continue
        t = ((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / den
        out.append((p[0] + t * u[0], p[1] + t * u[1]))
    return out


def arrow_shape(shape: str, p: dict, x: float, y: float, min_w: float, min_h: float, outer: float) -> dict:
    """Corners and anchors of a ``single arrow`` or ``double arrow``.

    Parameters
    ----------
    shape : str
        One of :data:`ARROW_SHAPES`.
    p : dict
        Values of the shape keys (:data:`ARROW_KEYS` and geoshapes' ``SHAPE_KEYS``).
    x, y : float
        Half the text box's width and height plus inner seps and half the line width (pt).
    min_w, min_h : float
        ``minimum width`` (across the arrow) and ``minimum height`` (along it), pt.
    outer : float
        The outer sep (pt).

    Returns
    -------
    dict
        ``path``, ``border`` (lists of points) and ``anchors`` (name -> point).
    """
    from geoverify.frontends.tikz.geoshapes import _finish, _rotation
    prefix = "single arrow " if shape == "single arrow" else "double arrow "
    half = float(p[prefix + "tip angle"]) / 2
    if not 0 < half < 90:
        raise ValueError(f"{prefix}tip angle must lie between 0 and 180 degrees")
    cot = math.cos(math.radians(half)) / math.sin(math.radians(half))
    rot, x, y, _ = _rotation(p, x, y)
    xb = y * cot
    yc = float(p[prefix + "head extend"])
    xc = yc + y
    if xc < min_w / 2:  # the head as wide as the minimum width
        f = (min_w / 2) / xc
        y, xc, yc, xb = y * f, xc * f, yc * f, xb * f
    xc = (xc - y) * cot
    indent = float(p[prefix + "head indent"])
    if shape == "single arrow":
        xa = (max(2 * x + xb, min_h) - xb) / 2
    else:
        xa = max(2 * (x + xb), min_h) / 2 - xb
    tip, before_tip, before_head = (xa + xb, 0.0), (xa - xc, y + yc), (xa - xc + indent, y)
    if shape == "single arrow":
        after_tail = (-xa, y)
        path = [tip, before_tip, before_head, after_tail, _flip(after_tail), _flip(before_head), _flip(before_tip)]
        border = offset_polygon(path, outer)
        anchors = {"tip": border[0], "before tip": border[1], "before head": border[2], "after tail": border[3],
                   "before tail": border[4], "after head": border[5], "after tip": border[6],
                   "tail": ((border[3][0] + border[4][0]) / 2, 0.0)}
    else:
        path = [tip, before_tip, before_head, _mirror(before_head), _mirror(before_tip), _mirror(tip),
                _mirror(_flip(before_tip)), _mirror(_flip(before_head)), _flip(before_head), _flip(before_tip)]
        border = offset_polygon(path, outer)
        anchors = {"tip 1": border[0], "before tip 1": border[1], "before head 1": border[2],
                   "after tip 1": border[9], "after head 1": border[8], "tip 2": border[5],
                   "before head 2": border[7], "before tip 2": border[6], "after tip 2": border[4],
                   "after head 2": border[3]}
    return _finish(path, border, anchors, rot)


def _flip(q):
    return (q[0], -q[1])


def _mirror(q):
    return (-q[0], q[1])
