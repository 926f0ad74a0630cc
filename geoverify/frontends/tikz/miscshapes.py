"""``chamfered rectangle`` of ``shapes.misc``, as ``pgflibraryshapes.misc.code.tex`` builds it.

In the frame of :mod:`geoverify.frontends.tikz.geoshapes` (centre anchor at the
origin; ``path``/``border``/``anchors``). The half text box ``w`` by ``h`` (inner seps
included) is the rectangle the chamfers cut through: the chamfer at a corner runs
through it, at ``90 - angle`` degrees (``chamfered rectangle angle``, kept within 1..89)
to the horizontal, from ``ysep`` above the box (``xc = ysep cot`` inside it) down to
``xsep`` beside it (``yc = xsep tan`` below its top); each is cut back to the box's half
size. A corner not in ``chamfered rectangle corners`` is square at ``(w + xsep, h +
ysep)``. Minimum sizes grow ``w`` and ``h``. The anchors lie where the sides pushed
out by the outer sep meet the chamfer lines pushed out (at a square corner too, as pgf
computes them); a chamfered corner's compass anchor is the middle of its pushed chamfer's
ends, a square one's the corner pushed out diagonally.

pgf reads the corner names its own way: ``north east`` and ``top left`` name the
north east corner, ``south east``/``bottom right``, ``south west``/``bottom left``,
``north west``/``top right``; ``chamfer all`` (the initial value) chamfers all four.
"""

from __future__ import annotations

import math

__all__ = ["MISC_SHAPES", "MISC_KEYS", "chamfered_rectangle"]

#: Shapes built here.
MISC_SHAPES = frozenset({"chamfered rectangle"})

_EX = 4.30554  # 1ex of the default font (cmr10), pt

#: pgf keys of this shape and their initial values (angle in degrees, lengths in pt).
MISC_KEYS = {"chamfered rectangle angle": 45.0, "chamfered rectangle xsep": 0.666 * _EX,
             "chamfered rectangle ysep": 0.666 * _EX, "chamfered rectangle corners": "chamfer all"}

_CORNER_NAMES = {"north east": "ne", "top left": "ne", "south east": "se", "bottom right": "se",
                 "south west": "sw", "bottom left": "sw", "north west": "nw", "top right": "nw"}


def _corners(spec: str) -> set:
    if "chamfer all" in spec:
        return {"ne", "se", "sw", "nw"}
    return {_CORNER_NAMES[c.strip()] for c in spec.strip("{} ").split(",") if c.strip() in _CORNER_NAMES}


def chamfered_rectangle(p: dict, x: float, y: float, min_w: float, min_h: float, outer: float) -> dict:
    """Corners and anchors of a ``chamfered rectangle`` (see the module notes).

    Parameters
    ----------
    p : dict
        Values of the shape keys (:data:`MISC_KEYS`).
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
    cut = _corners(str(p["chamfered rectangle corners"]))
    t = math.radians(90.0 - min(max(float(p["chamfered rectangle angle"]), 1.0), 89.0))
    tan, cot = math.tan(t), 1.0 / math.tan(t)
    xb = float(p["chamfered rectangle xsep"])
    yc = tan * xb
    if yc > y:
        yc, xb = y, cot * y
    yb = float(p["chamfered rectangle ysep"])
    xc = cot * yb
    if xc > x:
        xc, yb = x, tan * x
    if x + xb < min_w / 2:
        x = min_w / 2 - xb
    if y + yb < min_h / 2:
        y = min_h / 2 - yb

    def corner(sx, sy, name):
        return (sx * x, sy * y) if name in cut else (sx * (x + xb), sy * (y + yb))
    # pgf's background path: each corner between its two chamfer ends (on a line when cut)
    path = [(x + xb, y - yc), corner(1, 1, "ne"), (x - xc, y + yb),
            (-x + xc, y + yb), corner(-1, 1, "nw"), (-x - xb, y - yc),
            (-x - xb, -y + yc), corner(-1, -1, "sw"), (-x + xc, -y - yb),
            (x - xc, -y - yb), corner(1, -1, "se"), (x + xb, -y + yc)]
    # a chamfer cut back to the half size meets the next one: no side between them
    path = [q for k, q in enumerate(path) if k == 0 or math.dist(q, path[k - 1]) > 1e-9]
    if math.dist(path[0], path[-1]) < 1e-9:
        path.pop()
    # the chamfer ends pushed out: where the sides pushed out by the outer sep meet the
    # pushed chamfer line (at a square corner too), from the angles pgf measures between
    # the chamfer and the side (a side of no length, the chamfer cut back to the half
    # size, points at 90 degrees for pgf)
    before, after = (x + xb, y - yc), (x - xc, y + yb)
    chamfer = (after[0] - before[0], after[1] - before[1])
    alpha = (_angle((0.0, -2 * (y - yc))) - _angle(chamfer)) % 360.0
    alpha = alpha - 180.0 if alpha > 180.0 else alpha
    b_ne = _pushed(before, outer, alpha, 0.0, 90.0 - alpha / 2)
    alpha = (_angle((-chamfer[0], -chamfer[1])) - _angle((-2 * (x - xc), 0.0))) % 360.0
    alpha = alpha - 270.0 if alpha > 270.0 else alpha
    a_ne = _pushed(after, outer, alpha, 90.0, alpha / 2)
    b_sw, a_sw = (-b_ne[0], -b_ne[1]), (-a_ne[0], -a_ne[1])
    before_nw, after_nw = (a_sw[0], a_ne[1]), (b_sw[0], b_ne[1])
    before_se, after_se = (a_ne[0], a_sw[1]), (b_ne[0], b_sw[1])

    def compass(name, before, after, sx, sy):
        if name in cut:
            return _mid(before, after)
        return (sx * (x + xb + outer), sy * (y + yb + outer))
    ne, nw = compass("ne", b_ne, a_ne, 1, 1), compass("nw", before_nw, after_nw, -1, 1)
    sw, se = compass("sw", b_sw, a_sw, -1, -1), compass("se", before_se, after_se, 1, -1)
    border = [b_ne, ne, a_ne, before_nw, nw, after_nw, b_sw, sw, a_sw, before_se, se, after_se]
    anchors = {"before north east": b_ne, "north east": ne, "after north east": a_ne,
               "before north west": before_nw, "north west": nw, "after north west": after_nw,
               "before south west": b_sw, "south west": sw, "after south west": a_sw,
               "before south east": before_se, "south east": se, "after south east": after_se,
               "north": (0.0, a_ne[1]), "south": (0.0, a_sw[1]), "east": (b_ne[0], 0.0), "west": (b_sw[0], 0.0)}
    return _finish(path, border, anchors, 0.0)


def _angle(v) -> float:
    """pgf's angle of a vector in [0, 360) degrees (90 for no vector)."""
    if abs(v[0]) < 1e-9 and abs(v[1]) < 1e-9:
        return 90.0
    return math.degrees(math.atan2(v[1], v[0])) % 360.0


def _pushed(q, outer, alpha, acute_dir, obtuse_dir):
    """``q`` moved out by the outer sep at a corner of ``alpha`` degrees between a side and
    the chamfer: ``outer / sin(alpha)`` towards ``acute_dir`` below 90 degrees, else
    ``outer / sin(alpha / 2)`` towards ``obtuse_dir``."""
    if alpha < 90.0:
        d, a = outer / math.sin(math.radians(alpha)), acute_dir
    else:
        d, a = outer / math.sin(math.radians(alpha / 2)), obtuse_dir
    return (q[0] + d * math.cos(math.radians(a)), q[1] + d * math.sin(math.radians(a)))


def _mid(a, b):
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
