"""``tape`` of ``shapes.symbols``, as ``pgflibraryshapes.symbols.code.tex`` builds it.

In the frame of :mod:`geoverify.frontends.tikz.geoshapes` (centre anchor at the
origin; ``path``/``border``/``anchors``). The body is ``w`` by ``h`` half sizes
(inner seps included). A side bent ``in and out`` or ``out and in`` (``tape bend
top``, ``tape bend bottom``; or ``none``) sits ``b`` (half the ``tape bend height``)
beyond the body and is two elliptic arcs of radii ``0.707106 w`` and ``3.414213 b``,
each over a quarter turn, dipping to the body and rising ``2b`` above it. pgf counts
``b`` for the bottom bend when it checks the minimum height even when that side is
``none``, and places the south corners by the top bend's style; both are kept. The
arcs are drawn through points 2 degrees apart. The border the anchors use runs the
outer sep outside: the sides pushed out, the arcs with radii grown (humps) or
shrunk (dips) by it, the corners where pgf puts them.
"""

from __future__ import annotations

import math

__all__ = ["SYMBOL_SHAPES", "SYMBOL_KEYS", "tape"]

#: Shapes built here.
SYMBOL_SHAPES = frozenset({"tape"})

#: pgf keys of this shape and their initial values (lengths in pt).
SYMBOL_KEYS = {"tape bend top": "in and out", "tape bend bottom": "in and out", "tape bend height": 5.0}

_STYLES = ("in and out", "out and in", "none")


def _style(v) -> str:
    v = str(v).strip("{} ")
    return v if v in _STYLES else "in and out"


def _arc(cx, cy, rx, ry, a0, a1, step=2.0):
    n = max(2, int(math.ceil(abs(a1 - a0) / step)))
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def tape(p: dict, x: float, y: float, min_w: float, min_h: float, outer: float) -> dict:
    """Outline and anchors of a ``tape`` (see the module notes).

    Parameters
    ----------
    p : dict
        Values of the shape keys (:data:`SYMBOL_KEYS`).
    x, y : float
        Half the text box's width and height plus inner seps (pt).
    min_w, min_h : float
        ``minimum width`` and ``minimum height`` (pt).
    outer : float
        The outer sep (pt).

    Returns
    -------
    dict
        ``path``, ``border`` (lists of points) and ``anchors`` (name -> point).
    """
    from geoverify.frontends.tikz.geoshapes import _finish
    top, bottom = _style(p["tape bend top"]), _style(p["tape bend bottom"])
    b = float(p["tape bend height"]) / 2
    y += b * ((top != "none") + 1)  # (pgf tests the bottom against an undefined name: always counted)
    x, y = max(x, min_w / 2), max(y, min_h / 2)
    y -= b * ((top != "none") + (bottom != "none"))
    rx, ry = 0.707106 * x, 3.414213 * b
    half = math.degrees(math.atan2(ry, rx)) / 2 if rx > 0 else 45.0
    cot_in, cot_out = 1 / math.tan(math.radians(45 - half)), 1 / math.tan(math.radians(90 - half))
    k = 0.707106 * ry

    def side(style, sign):
        """The bent side's arcs from left to right (``sign`` 1 top, -1 bottom), drawn and pushed out."""
        if style == "none":
            return [], []
        yb = sign * (y + b)
        left_dips = (style == "in and out") == (sign > 0)  # the left arc dips towards the body
        s_left = 1 if left_dips else -1  # its centre above (+) or below (-) the bend line, seen from outside
        cl = (-x / 2, yb + sign * s_left * k)
        cr = (x / 2, yb - sign * s_left * k)
        a_l = (225, 315) if (sign > 0) == left_dips else (135, 45)
        a_r = (135, 45) if a_l == (225, 315) else (225, 315)
        drawn = _arc(*cl, rx, ry, *a_l)[:-1] + _arc(*cr, rx, ry, *a_r)
        # pushed out: an arc bulging away from the body grows, one bulging in shrinks
        grow_l = outer if a_l == (135, 45) else -outer
        grow_r = outer if a_r == (135, 45) else -outer
        if sign < 0:
            grow_l, grow_r = -grow_l, -grow_r
        # (pgf searches the humps over 5..175 or 185..355 degrees, the dips likewise)
        wide = {(135, 45): (175, 5), (225, 315): (185, 355)}
        pushed = [q for q in _arc(*cl, rx + grow_l, ry + grow_l, *wide[a_l], step=1.0) if -x - outer < q[0] <= 0]
        pushed += [q for q in _arc(*cr, rx + grow_r, ry + grow_r, *wide[a_r], step=1.0) if 0 <= q[0] < x + outer]
        pushed.sort(key=lambda q: q[0])
        return drawn, pushed

    top_drawn, top_pushed = side(top, 1)
    bot_drawn, bot_pushed = side(bottom, -1)
    path = [(-x, 0.0), (-x, y)]
    path += top_drawn if top_drawn else [(x, y)]
    path += [(x, -y)]
    path += bot_drawn[::-1] if bot_drawn else [(-x, -y)]
    xo = x + outer

    def corner(style, for_right, sign):
        if style == "none":
            return sign * (y + outer)
        hump_right = (style == "in and out")
        cot = cot_out if hump_right == for_right else cot_in
        return sign * (y + b + cot * outer)
    ne, nw = (xo, corner(top, True, 1)), (-xo, corner(top, False, 1))
    # pgf places the south corners by the top bend's style (out and in like in and out above)
    bottom_like = {"in and out": "out and in", "out and in": "in and out", "none": "none"}[top]
    se, sw = (xo, corner(bottom_like, True, -1)), (-xo, corner(bottom_like, False, -1))
    border = [se, ne] + top_pushed[::-1] + [nw, sw] + bot_pushed
    anchors = {"north east": ne, "north west": nw, "south east": se, "south west": sw,
               "north": (0.0, (ne[1] + nw[1]) / 2), "south": (0.0, (se[1] + sw[1]) / 2),
               "east": (xo, 0.0), "west": (-xo, 0.0)}
    shape = _finish(path, border, anchors, 0.0)
    arcs = {"in": (rx - outer, ry - outer), "out": (rx + outer, ry + outer)}

    def border_at(dx, dy):
        """pgf's \\anchorborder of the tape for the external point (dx, dy) (see :func:`_tape_border`)."""
        return _tape_border((dx, dy), top, bottom, (ne, nw, se, sw), x, y + b, k, arcs)
    shape["border_at"] = border_at
    return shape


def _angle(v) -> float:
    if abs(v[0]) < 1e-12 and abs(v[1]) < 1e-12:
        return 90.0
    return math.degrees(math.atan2(v[1], v[0])) % 360.0


def _lines(p1, p2, p3, p4):
    """The intersection of the lines p1 p2 and p3 p4 (p1 if they are parallel)."""
    d1 = (p2[0] - p1[0], p2[1] - p1[1])
    d2 = (p4[0] - p3[0], p4[1] - p3[1])
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-12:
        return p1
    t = ((p3[0] - p1[0]) * d2[1] - (p3[1] - p1[1]) * d2[0]) / den
    return (p1[0] + t * d1[0], p1[1] + t * d1[1])


def _line_and_arc(p1, p2, c, rx, ry, s, e):
    """``\\pgfmathpointintersectionoflineandarc``: a bisection over the arc's angles from
    ``s`` to ``e`` for the point seen from ``p2`` in the direction from ``p2`` to ``p1``
    (written out as pgf runs it, so it fails where pgf's fails: seen from an external
    point near the centre, a dip's points lie the other way)."""
    x = _angle((p1[0] - p2[0], p1[1] - p2[1]))
    ss, ee = s % 360.0, e % 360.0
    if ee < ss:
        x = (x + 180.0) % 360.0
    best, n = 360.0, (s + e) / 2
    for _ in range(64):
        p = (s + e) / 2
        if abs(p - s) < 1.0 / 65536:
            break
        pt = (c[0] + rx * math.cos(math.radians(p)), c[1] + ry * math.sin(math.radians(p)))
        q = _angle((pt[0] - p2[0], pt[1] - p2[1]))
        if ee < ss:
            q = (q + 180.0) % 360.0
        if x > 335.0 and q < 45.0:
            q += 360.0
        found = abs(x - q) < 1e-9
        if not found:
            if x < q:
                e = p
            else:
                s = p
        if abs(x - q) < best:
            best, n = abs(x - q), p
        if found:
            break
    return (c[0] + rx * math.cos(math.radians(n)), c[1] + ry * math.sin(math.radians(n)))


def _tape_border(ext, top, bottom, corners, x, yb, k, arcs):
    """The tape's border point for the external point ``ext`` (relative to the centre), as
    pgf's ``\\anchorborder`` finds it: the sides by line intersections, a bent side on the
    pushed arc of its half (humps grown, searched from the centre; dips shrunk, searched
    from the external point)."""
    ne, nw, se, sw = corners
    o = (0.0, 0.0)
    phi = _angle(ext)
    upper, lower = (5.0, 175.0), (185.0, 355.0)  # the halves of the ellipse pgf searches

    def hump(half, cx, cy):
        return _line_and_arc(ext, o, (cx, cy), *arcs["out"], *half)

    def dip(half, cx, cy):
        return _line_and_arc(o, ext, (cx, cy), *arcs["in"], *half)
    if phi < _angle(nw):
        if phi < 90.0:
            if phi < _angle(ne):
                return _lines(ext, o, ne, se)
            if top == "in and out":
                return hump(upper, x / 2, yb - k)
            if top == "out and in":
                return dip(lower, x / 2, yb + k)
            return _lines(ext, o, ne, nw)
        if top == "in and out":
            return dip(lower, -x / 2, yb + k)
        if top == "out and in":
            return hump(upper, -x / 2, yb - k)
        return _lines(ext, o, ne, nw)
    if phi > _angle(sw):
        if phi > 270.0:
            if phi > _angle(se):
                return _lines(ext, o, ne, se)
            if bottom == "in and out":
                return dip(upper, x / 2, -yb - k)
            if bottom == "out and in":
                return hump(lower, x / 2, -yb + k)
            return _lines(ext, o, se, sw)
        if bottom == "in and out":
            return hump(lower, -x / 2, -yb + k)
        if bottom == "out and in":
            return dip(upper, -x / 2, -yb - k)
        return _lines(ext, o, se, sw)
    return _lines(ext, o, nw, sw)
