"""``cylinder`` of ``shapes.geometric``, as ``pgflibraryshapes.geometric.code.tex`` builds it.

In the frame of :mod:`geoverify.frontends.tikz.geoshapes` (centre anchor at the
origin; ``path``/``border``/``anchors``; ``shape border rotate`` rounded to quarter
turns, or exact with ``shape border uses incircle``). The cylinder lies along x: its
ends are half ellipses of radii ``aspect h`` and ``h`` (``shape aspect``; ``h`` at least
half the ``minimum width``), the text reaching into the left end as far as its inner
sep allows; the length (with half the line width) grows to the ``minimum height``.
The outline is the body with both ends; the back half of the right end is drawn as a
second, open path. Anchors and border points follow pgf: the sides pushed out by the
outer sep, the ends' radii grown by it, border points on the ends found by pgf's
search along the arcs. Arcs are drawn through points 2 degrees apart.
"""

from __future__ import annotations

import math

__all__ = ["cylinder"]


def _arc(cx, cy, rx, ry, a0, a1, step=2.0):
    n = max(2, int(math.ceil(abs(a1 - a0) / step)))
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def cylinder(p: dict, x: float, y: float, ixs: float, iys: float, min_w: float, min_h: float, outer: float,
             line_width: float) -> dict:
    """Outline, anchors and border of a ``cylinder`` (see the module notes).

    Parameters
    ----------
    p : dict
        Values of the shape keys (geoshapes' ``SHAPE_KEYS``).
    x, y : float
        Half the text box's width and height plus inner seps (pt).
    ixs, iys : float
        The inner xsep and ysep (pt).
    min_w, min_h : float
        ``minimum width`` (across) and ``minimum height`` (along), pt.
    outer : float
        The outer sep (pt).
    line_width : float
        The node's line width (pt).

    Returns
    -------
    dict
        ``path``, ``border``, ``anchors``, ``open`` (the back half of the right end)
        and ``border_at`` (pgf's border point for an external point).
    """
    from geoverify.frontends.tikz.geoshapes import _finish
    from geoverify.frontends.tikz.symbolshapes import _angle, _line_and_arc, _lines
    yc = iys
    if p["shape border uses incircle"]:
        rot = float(p["shape border rotate"])
        x = y = 1.414213 * max(x, y)
    else:
        rot = float((int(float(p["shape border rotate"]) % 360.0) + 45) // 90 * 90)
        if rot in (90.0, 270.0):
            x, y, yc = y, x, ixs
    xa, ya = x, y
    rx, ry = float(p["shape aspect"]) * ya, ya
    if ry < min_w / 2:
        ry = ya = min_w / 2
    xb = math.cos(math.asin(max(-1.0, min(1.0, (ry - yc) / ry)))) * rx if ry > 0 else 0.0
    length = line_width / 2 + 2 * xa + 3 * rx - xb
    if length < min_h:
        xa += (min_h - length) / 2
    top_x, bottom_x = xa + rx + line_width / 2, -xa + xb
    big_x, big_y = rx + outer, ry + outer
    path = _arc(bottom_x, 0.0, rx, ry, 90, 270) + _arc(top_x, 0.0, rx, ry, -90, 90)
    back = _arc(top_x, 0.0, rx, ry, 90, 270)
    before_top, after_bottom = (top_x, ya + outer), (bottom_x, ya + outer)
    border = _arc(bottom_x, 0.0, big_x, big_y, 90, 270) + _arc(top_x, 0.0, big_x, big_y, -90, 90)
    anchors = {"shape center": ((rx + line_width / 2 + xb) / 2, 0.0), "before top": before_top,
               "top": (top_x + big_x, 0.0), "after top": (top_x, -(ya + outer)),
               "before bottom": (bottom_x, -(ya + outer)), "bottom": (bottom_x - big_x, 0.0),
               "after bottom": after_bottom}
    shape = _finish(path, border, anchors, rot)
    shape["open"] = [_finish(back, [], {}, rot)["path"]]
    c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))

    def border_at(dx, dy):
        """pgf's \\anchorborder of the cylinder for the external point (dx, dy), from the centre."""
        ext = (c * dx + s * dy, -s * dx + c * dy)  # into the unturned cylinder
        o = (0.0, 0.0)
        phi = _angle(ext)
        flip_ab, flip_bt = (after_bottom[0], -after_bottom[1]), (before_top[0], -before_top[1])
        if phi < _angle(after_bottom):
            if phi < _angle(before_top):
                q = _line_and_arc(ext, o, (top_x, 0.0), big_x, big_y, 0.0, 90.0)
            else:
                q = _lines(after_bottom, before_top, o, ext)
        elif phi > _angle(flip_ab):
            if phi > _angle(flip_bt):
                q = _line_and_arc(ext, o, (top_x, 0.0), big_x, big_y, 270.0, 360.0)
            else:
                q = _lines(flip_ab, flip_bt, o, ext)
        else:
            q = _line_and_arc(ext, o, (bottom_x, 0.0), big_x, big_y, 90.0, 270.0)
        return (c * q[0] - s * q[1], s * q[0] + c * q[1])
    shape["border_at"] = border_at
    return shape
