"""Polygonal shapes of ``shapes.geometric``: ``diamond``, ``regular polygon``, ``star``,
``isosceles triangle``, ``trapezium``, ``kite``, ``dart``.

The sizes, corners and anchors follow ``pgflibraryshapes.geometric.code.tex``.
Every point is in the node's own frame with the centre anchor (the middle of the
text box) at the origin, ``shape border rotate`` applied:

- ``path``: the corners of the drawn outline (no outer sep);
- ``border``: the corners the anchors use, pushed out by the outer sep along each
  corner's miter as pgf computes it; a compass or angle anchor is where the ray
  from the centre in that direction leaves this polygon (pgf's ``\\anchorborder``);
- ``anchors``: the shape's named anchors (``apex``, ``left corner``, ``lower side``;
  ``bottom left corner``, ``top side``; ``tip``, ``tail center``, ...; a diamond's
  compass anchors are its corners and the middles of its sides).

A diamond's half diagonals are ``w + aspect h`` and ``w / aspect + h`` for the half
text box ``w`` by ``h`` (``aspect`` 1), at least half the minimum sizes; its path
lies ``0.414213`` outer sep inside the corners the anchors use. A regular polygon
of ``n`` sides has its corners on the circle of radius ``1.41421 max(w, h) /
cos(180/n)`` (at least half the larger minimum size), the first at 90 degrees (odd
``n``) or ``90 - 180/n`` plus ``shape border rotate``; its anchors (``corner k``,
``side k``) lie ``outer sep / sin(90 - 180/n)`` further out. A star's inner
radius is ``1.41421 max(w, h)``, its outer one that times ``star point ratio``
(1.5) or, once a ``star point height`` is given, plus that; the first outer point is at 90 degrees plus
``shape border rotate``; ``outer point k`` and ``inner point k`` lie the outer sep
over half the point's angle further out.

Without ``shape border uses incircle`` pgf rounds ``shape border rotate`` to a
multiple of 90 degrees and swaps the text box's width and height at 90 and 270;
with it, the shape grows around the circle through the corners of the text box
(1.41421 times its larger half size) and turns by the exact angle.
"""

from __future__ import annotations

import math

from geoverify.frontends.tikz.arrowshapes import ARROW_KEYS, ARROW_SHAPES
from geoverify.frontends.tikz.miscshapes import MISC_KEYS, MISC_SHAPES
from geoverify.frontends.tikz.symbolshapes import SYMBOL_KEYS, SYMBOL_SHAPES

__all__ = ["POLYGON_SHAPES", "SHAPE_KEYS", "polygon_shape", "ray_exit"]

#: Shapes built here.
POLYGON_SHAPES = frozenset({"diamond", "regular polygon", "star", "isosceles triangle", "trapezium", "kite",
                            "dart", "magnetic tape", "cylinder"}) | ARROW_SHAPES | MISC_SHAPES | SYMBOL_SHAPES

#: pgf keys of these shapes and their initial values (booleans are flags without value).
SHAPE_KEYS = {"shape border uses incircle": False, "shape border rotate": 0.0, "aspect": 1.0, "shape aspect": 1.0,
              "regular polygon sides": 5.0, "regular polygon rotate": None, "star points": 5.0,
              "star point height": 0.5 * 72.27 / 2.54, "star point ratio": 1.5, "star rotate": None,
              "isosceles triangle apex angle": 45.0, "isosceles triangle stretches": False,
              "trapezium left angle": 60.0, "trapezium right angle": 60.0, "trapezium stretches": False,
              "trapezium stretches body": False, "dart tip angle": 45.0, "dart tail angle": 135.0,
              "kite upper vertex angle": 120.0, "kite lower vertex angle": 60.0,
              "magnetic tape tail": 0.15, "magnetic tape tail extend": 0.0, **ARROW_KEYS,
              **MISC_KEYS, **SYMBOL_KEYS}


def _sin(a):
    return math.sin(math.radians(a))


def _cos(a):
    return math.cos(math.radians(a))


def _tan(a):
    return math.tan(math.radians(a))


def _cot(a):
    return 1.0 / math.tan(math.radians(a))


def _rot(p, a):
    c, s = _cos(a), _sin(a)
    return (c * p[0] - s * p[1], s * p[0] + c * p[1])


def _mid(p, q):
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def _rotation(params: dict, x: float, y: float):
    """pgf's border rotation and the half sizes it leaves (see the module notes)."""
    rot = float(params["shape border rotate"])
    if params["shape border uses incircle"]:
        r = 1.41421 * max(x, y)
        return rot, r, r, True
    k = (int(rot % 360.0) + 45) // 90 * 90
    if k in (90, 270):
        x, y = y, x
    return float(k), x, y, False


def polygon_shape(shape: str, params: dict, hw_text: float, hh_text: float, min_w: float, min_h: float,
                  outer: float, line_width: float = 0.0, inner: tuple = (0.0, 0.0)) -> dict:
    """Corners and anchors of ``shape``.

    Parameters
    ----------
    shape : str
        One of :data:`POLYGON_SHAPES`.
    params : dict
        Values of :data:`SHAPE_KEYS` (numbers in degrees, booleans).
    hw_text, hh_text : float
        Half the text box's width plus inner xsep, half its height and depth plus
        inner ysep (pt).
    min_w, min_h : float
        ``minimum width`` and ``minimum height`` (pt).
    outer : float
        The larger of outer xsep and outer ysep (pt).
    line_width : float
        The node's line width (pt); the arrows of ``shapes.arrows`` count half of it
        in their text box.
    inner : (float, float)
        The inner xsep and ysep (pt), which the cylinder's left end measures.

    Returns
    -------
    dict
        ``path``, ``border`` (lists of points) and ``anchors`` (name -> point).
    """
    p = {**SHAPE_KEYS, **params}
    for alias in ("regular polygon rotate", "star rotate"):  # pgf 1.18's names of shape border rotate
        if p[alias] is not None:
            p["shape border rotate"] = p[alias]
    if shape == "diamond":
        return _diamond(p, hw_text, hh_text, min_w, min_h, outer)
    if shape == "regular polygon":
        return _regular_polygon(p, hw_text, hh_text, min_w, min_h, outer)
    if shape == "star":  # the ratio rules unless only a star point height was given
        by_height = "star point height" in params and "star point ratio" not in params
        return _star(p, hw_text, hh_text, min_w, min_h, outer, by_height)
    if shape == "isosceles triangle":
        return _isosceles(p, hw_text, hh_text, min_w, min_h, outer)
    if shape == "trapezium":
        return _trapezium(p, hw_text, hh_text, min_w, min_h, outer)
    if shape == "kite":
        return _kite(p, hw_text, hh_text, min_w, min_h, outer)
    if shape in ARROW_SHAPES:  # shapes.arrows (arrowshapes.py)
        from geoverify.frontends.tikz.arrowshapes import arrow_shape
        return arrow_shape(shape, p, hw_text + line_width / 2, hh_text + line_width / 2, min_w, min_h, outer)
    if shape == "chamfered rectangle":  # shapes.misc (miscshapes.py)
        from geoverify.frontends.tikz.miscshapes import chamfered_rectangle
        return chamfered_rectangle(p, hw_text, hh_text, min_w, min_h, outer)
    if shape == "cylinder":  # cylinder.py
        from geoverify.frontends.tikz.cylinder import cylinder
        return cylinder(p, hw_text, hh_text, inner[0], inner[1], min_w, min_h, outer, line_width)
    if shape == "tape":  # shapes.symbols (symbolshapes.py)
        from geoverify.frontends.tikz.symbolshapes import tape
        return tape(p, hw_text, hh_text, min_w, min_h, outer)
    if shape == "magnetic tape":
        return _magnetic_tape(p, hw_text, hh_text, min_w, min_h, outer)
    return _dart(p, hw_text, hh_text, min_w, min_h, outer)


def _finish(path, border, anchors, rot):
    return {"path": [_rot(q, rot) for q in path], "border": [_rot(q, rot) for q in border],
            "anchors": {k: _rot(q, rot) for k, q in anchors.items()}}


def _diamond(p, x, y, min_w, min_h, outer):
    aspect = float(p["shape aspect"] if "shape aspect" in p and p["shape aspect"] != 1.0 else p["aspect"])
    hx = max(x + aspect * y, min_w / 2) + outer
    hy = max(x / aspect + y, min_h / 2) + outer
    px, py = hx - 1.414213 * outer, hy - 1.414213 * outer
    border = [(hx, 0.0), (0.0, hy), (-hx, 0.0), (0.0, -hy)]
    anchors = {"east": border[0], "north": border[1], "west": border[2], "south": border[3],
               "north east": (hx / 2, hy / 2), "north west": (-hx / 2, hy / 2),
               "south west": (-hx / 2, -hy / 2), "south east": (hx / 2, -hy / 2)}
    return {"path": [(px, 0.0), (0.0, py), (-px, 0.0), (0.0, -py)], "border": border, "anchors": anchors}


def _regular_polygon(p, x, y, min_w, min_h, outer):
    n = int(p["regular polygon sides"])
    step = 360.0 / n
    radius = max(1.41421 * max(x, y) / _cos(180.0 / n), max(min_w, min_h) / 2)
    reach = radius + outer / _sin(90.0 - 180.0 / n)
    start = (90.0 if n % 2 else 90.0 - step / 2) + float(p["shape border rotate"])

    def corner(k, r):
        a = start + k * step
        return (r * _cos(a), r * _sin(a))

    border = [corner(k, reach) for k in range(n)]
    anchors = {f"corner {k + 1}": border[k] for k in range(n)}
    anchors.update({f"side {k + 1}": _mid(border[k], border[(k + 1) % n]) for k in range(n)})
    return {"path": [corner(k, radius) for k in range(n)], "border": border, "anchors": anchors}


def _star(p, x, y, min_w, min_h, outer, by_height):
    n = int(p["star points"])
    step = 180.0 / n
    ratio = None if by_height else p["star point ratio"]
    inner = 1.41421 * max(x, y)
    natural = inner * float(ratio) if ratio is not None else inner + float(p["star point height"])
    outer_r = max(natural, max(min_w, min_h) / 2)
    if outer_r > natural:  # enlarged to the minimum size: the inner radius follows
        inner = outer_r / float(ratio) if ratio is not None else outer_r - float(p["star point height"])

    def polar(a, r):
        return (r * _cos(a), r * _sin(a))

    tip = _angle_between(polar(step, outer_r), polar(2 * step, inner), polar(0.0, inner))
    notch = _angle_between(polar(step, inner), polar(0.0, outer_r), polar(2 * step, outer_r))
    reach_out = outer_r + outer / _sin(tip / 2)
    reach_in = inner + outer / _sin(notch / 2)
    start = 90.0 + float(p["shape border rotate"])
    path = [polar(start + k * step, outer_r if k % 2 == 0 else inner) for k in range(2 * n)]
    border = [polar(start + k * step, reach_out if k % 2 == 0 else reach_in) for k in range(2 * n)]
    anchors = {}
    for k in range(n):
        anchors[f"outer point {k + 1}"] = border[2 * k]
        anchors[f"inner point {k + 1}"] = border[2 * k + 1]
    return {"path": path, "border": border, "anchors": anchors}


def _isosceles(p, x, y, min_w, min_h, outer):
    half = float(p["isosceles triangle apex angle"]) / 2
    rot, x, y, incircle = _rotation(p, x, y)
    if incircle:
        xa = x + x / _sin(half)
        ya = _tan(half) * xa
    else:
        xa = 2 * x + _cot(half) * y
        ya = _tan(half) * 2 * x + y
    if xa == 0:
        xa = min_h
    stretches = bool(p["isosceles triangle stretches"])
    if ya < min_w / 2:
        ya = min_w / 2
        if stretches:
            half = math.degrees(math.atan(ya / xa))
        else:
            xa = _cot(half) * ya
    if xa < min_h:
        xa = min_h
        if stretches:
            half = math.degrees(math.atan(ya / xa))
        else:
            ya = _tan(half) * xa
    if incircle:  # h' = H sin(a/2) / (1 + sin(a/2))
        off = xa * _sin(half) / (1 + _sin(half))
    else:  # h' = (cos(a/2) (W/2 - h) - 2 w sin(a/2)) / (1 + sin(a/2)) + w
        off = ((ya - y) * _cos(half) - 2 * _sin(half) * x) / (1 + _sin(half)) + x
    apex, left = (xa - off, 0.0), (-off, ya)
    right = (left[0], -left[1])
    apex_a = (apex[0] + outer / _sin(half), 0.0)
    c = _cot((90 - half) / 2)
    left_a = (left[0] - outer, left[1] + c * outer)
    right_a = (left_a[0], -left_a[1])
    anchors = {"apex": apex_a, "left corner": left_a, "right corner": right_a,
               "left side": _mid(left_a, apex_a), "right side": _mid(right_a, apex_a),
               "lower side": _mid(left_a, right_a)}
    return _finish([apex, left, right], [apex_a, left_a, right_a], anchors, rot)


def _angle_between(o, a, b) -> float:
    """Unsigned angle at ``o`` between the rays to ``a`` and ``b``, degrees."""
    u = math.atan2(a[1] - o[1], a[0] - o[0])
    v = math.atan2(b[1] - o[1], b[0] - o[0])
    d = abs(math.degrees(v - u)) % 360.0
    return 360.0 - d if d > 180.0 else d


def _trapezium(p, x, y, min_w, min_h, outer):
    rot, x, y, _ = _rotation(p, x, y)
    left = float(p["trapezium left angle"]) % 360.0
    right = float(p["trapezium right angle"]) % 360.0
    xa = _cot(left) * 2 * y if left else 0.0
    xb = _cot(right) * 2 * y if right else 0.0
    stretches, body = bool(p["trapezium stretches"]), bool(p["trapezium stretches body"])
    if y < min_h / 2:
        if stretches or body:
            y = min_h / 2
        else:
            f = (min_h / 2) / y
            y, x, xa, xb = min_h / 2, x * f, xa * f, xb * f
    total = 2 * x + abs(xa) + abs(xb)
    if total < min_w:
        if body:
            x += (min_w - total) / 2
        else:
            f = min_w / total
            x, xa, xb = x * f, xa * f, xb * f
            if not stretches:
                y *= f
    ll = (-x - max(xa, 0.0), -y)
    ul = (-x + min(xa, 0.0), y)
    ur = (x - min(xb, 0.0), y)
    lr = (x + max(xb, 0.0), -y)

    def miter(o, a, b, sx, sy):
        t = _tan(_angle_between(o, a, b) / 2)
        return (o[0] + sx * outer / t, o[1] + sy * outer)

    llb = miter(ll, lr, ul, -1, -1)
    ulb = miter(ul, ll, ur, -1, 1)
    urb = miter(ur, ul, lr, 1, 1)
    lrb = miter(lr, ur, ll, 1, -1)
    anchors = {"bottom left corner": llb, "top left corner": ulb, "top right corner": urb,
               "bottom right corner": lrb, "left side": _mid(llb, ulb), "right side": _mid(lrb, urb),
               "top side": _mid(ulb, urb), "bottom side": _mid(llb, lrb)}
    return _finish([ll, ul, ur, lr], [llb, ulb, urb, lrb], anchors, rot)


def _kite(p, x, y, min_w, min_h, outer):
    hu = float(p["kite upper vertex angle"]) / 2
    hl = float(p["kite lower vertex angle"]) / 2
    rot, x, y, incircle = _rotation(p, x, y) if p["shape border uses incircle"] else \
        _rotation(p, 2 * x, 2 * y)
    if incircle:
        ya = x / _sin(hu)
        yb = x / _sin(hl)
        dy = -(x / _sin(hu + hl) * (_sin(hu) + _sin(hl)) * _cos(hu)) / _sin(hu) + x / _sin(hu)
        ya, yb = ya - dy, yb + dy
        xa = _tan(hu) * ya
    else:
        ya = y / _sin(hu + hl) * _cos(hu) * _sin(hl)
        yb = y - ya
        dy = 0.5 * y - ya
        xa = 0.5 * x + _tan(hu) * ya
        ya += 0.5 * x / _tan(hu)
        yb += 0.5 * x / _tan(hl)
    if ya + yb < min_h:
        f = min_h / (ya + yb)
        xa, ya, yb = xa * f, ya * f, yb * f
    if 2 * xa < min_w:
        f = min_w / (2 * xa)
        xa, ya, yb = xa * f, ya * f, yb * f
    top, bottom, left, right = (0.0, dy + ya), (0.0, dy - yb), (-xa, dy), (xa, dy)
    m = outer / _sin((180 - hl - hu) / 2)
    a = (hu - hl) / 2
    top_b = (0.0, top[1] + outer / _sin(hu))
    bottom_b = (0.0, bottom[1] - outer / _sin(hl))
    right_b = (right[0] + m * _cos(a), right[1] + m * _sin(a))
    left_b = (left[0] + m * _cos(180 - a), left[1] + m * _sin(180 - a))
    anchors = {"upper vertex": top_b, "lower vertex": bottom_b, "left vertex": left_b, "right vertex": right_b,
               "upper left side": _mid(top_b, left_b), "lower left side": _mid(bottom_b, left_b),
               "upper right side": _mid(top_b, right_b), "lower right side": _mid(bottom_b, right_b)}
    return _finish([top, left, bottom, right], [top_b, left_b, bottom_b, right_b], anchors, rot)


def _dart(p, x, y, min_w, min_h, outer):
    tip = float(p["dart tip angle"]) / 2
    tail = float(p["dart tail angle"]) / 2
    rot, x, y, incircle = _rotation(p, x, y)
    xa = _cot(tip) * x + x if incircle else _cot(tip) * y + 2 * x
    ya = xa / _sin(tail - tip) * _sin(tip) * _cos(tip)
    xb = _cot(tip) * ya
    xc = xb - xa
    if xb < min_h:
        f = min_h / xb
        xa, xc, ya, x = xa * f, xc * f, ya * f, x * f
    if ya < min_w / 2:
        f = (min_w / 2) / ya
        ya, xa, xc, x = min_w / 2, xa * f, xc * f, x * f
    tip_p, tail_c = (xa - x, 0.0), (-x, 0.0)
    left, right = (-x - xc, ya), (-x - xc, -ya)
    a = (tail - tip) / 2
    m = outer / _sin(a)
    mx, my = _cos(a + 90 - tail) * m, _sin(a + 90 - tail) * m
    tip_b = (tip_p[0] + outer / _sin(tip), 0.0)
    tail_b = (tail_c[0] - outer / _sin(tail), 0.0)
    left_b, right_b = (left[0] - mx, left[1] + my), (right[0] - mx, right[1] - my)
    anchors = {"tip": tip_b, "tail center": tail_b, "left tail": left_b, "right tail": right_b,
               "left side": _mid(tip_b, left_b), "right side": _mid(tip_b, right_b)}
    return _finish([tip_p, left, tail_c, right], [tip_b, left_b, tail_b, right_b], anchors, rot)


def _magnetic_tape(p, x, y, min_w, min_h, outer):
    """``magnetic tape`` of ``shapes.symbols``: a circle (radius as a circle node's,
    1.414213 the larger text box side plus inner seps, halved) without the arc from 270
    degrees to where the tail's top meets it; the tail runs along the bottom to
    ``radius + tail extend`` and is ``tail`` times the radius high. The arcs are drawn
    through points 2 degrees apart (chords within 0.0002 radius of pgf's curves)."""
    r = 0.5 * max(1.414213 * 2 * max(x, y), min_w, min_h)
    th = min(max(float(p["magnetic tape tail"]), 0.0), 1.0) * r
    te = max(float(p["magnetic tape tail extend"]), 0.0)
    start = -math.degrees(math.asin((r - th) / r)) if r > 0 else 0.0

    def arc(rad):
        n = max(2, int(math.ceil((270.0 - start) / 2.0)))
        return [(rad * _cos(start + (270.0 - start) * i / n), rad * _sin(start + (270.0 - start) * i / n))
                for i in range(n + 1)]
    path = arc(r) + [(r + te, -r), (r + te, -r + th)]
    big = r + outer
    border = arc(big) + [(r + te + outer, -big), (r + te + outer, -r + th + outer)]
    anchors = {"tail east": (r + te + outer, -big + outer + th / 2), "tail south east": (r + te + outer, -big),
               "tail north east": (r + te + outer, -big + 2 * outer + th), "south east": (big, -big),
               "east": (big, 0.0), "south": (0.0, -big)}
    return _finish(path, border, anchors, 0.0)


def ray_exit(polygon, dx: float, dy: float, origin=(0.0, 0.0)):
    """Where the ray from ``origin`` in direction (dx, dy) leaves ``polygon`` (its
    farthest crossing; ``origin`` itself if none)."""
    best, ox, oy = None, origin[0], origin[1]
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((x1 - ox) * ey - (y1 - oy) * ex) / den
        s = ((x1 - ox) * dy - (y1 - oy) * dx) / den
        if t >= 0 and -1e-9 <= s <= 1 + 1e-9 and (best is None or t > best):
            best = t
    if best is None:
        return origin
    return (ox + best * dx, oy + best * dy)
