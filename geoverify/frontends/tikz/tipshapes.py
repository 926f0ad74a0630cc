"""The geometric arrow tips of pgf's ``arrows.meta`` library, as pgf computes and draws them.

For a tip name, its options as written (``"length=5mm, open, round"``) and the path's
line width, :func:`meta_tip` returns a :class:`TipShape`: the tip's ends (pgf's
``\\pgfarrowssettipend``, ``...backend``, ``...lineend``) and its outline in its own
frame (x towards the tip, y to its left, pt), after ``pgflibraryarrows.meta.code.tex``
(setup and drawing code of Stealth, Latex, Kite, Square, Circle, Computer Modern
Rightarrow and Classical TikZ Rightarrow, and the shorthands Triangle, LaTeX, Diamond,
Turned Square, Rectangle, Ellipse, To) and ``pgfcorearrows.code.tex`` (the order pgf
applies options in, scaling, ``reversed``, ``swap``; its ``to``, :func:`core_to`).

Options are applied in pgf's order: the tip's defaults, then the shorthand's options,
then the options written; ``length``, ``angle``, ``scale*`` and ``sep`` at once, ``width``,
``width'``, ``inset``, ``inset'``, ``line width``, ``line width'`` and the width of
``angle`` afterwards in the order given ("late options"), then ``scale``. A length-like
value is ``dim [a [b]]``: ``dim + a`` line widths (``b``, the inner line's share, only
matters for double lines and is left at 0 here), or for the primed keys ``dim + a``
lengths ``+ b`` line widths.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

__all__ = ["TipShape", "core_to", "direction_ee", "meta_tip", "META_SHAPES"]

_UNIT = {"pt": 1.0, "mm": 72.27 / 25.4, "cm": 72.27 / 2.54, "in": 72.27, "bp": 72.27 / 72, "ex": 4.30554,
         "em": 10.0, "sp": 1 / 65536, "pc": 12.0, "dd": 1238 / 1157, "cc": 14856 / 1157}
_NUM = r"[-+]?\s*(?:\d+\.?\d*|\.\d+)"
_DIM = re.compile(rf"^\s*({_NUM})\s*(pt|mm|cm|in|bp|ex|em|sp|pc|dd|cc)?\s*$")

# name -> (base tip, the shorthand's own options), after the library's /.tip shorthands
_SHORTHANDS = {
    "Triangle": ("Stealth", "inset=+0pt, angle=+60:+2.7pt +3.6"),
    "LaTeX": ("Latex", ""),
    "Rectangle": ("Square", "length=+3pt +4.5,width'=+0pt +.5"),
    "Ellipse": ("Circle", "length=+3.3pt +4.95, width'=+0pt +0.5"),
    "Diamond": ("Kite", "inset'=+0pt .5"),
    "Turned Square": ("Kite", "length=+3pt 4,width'= +0pt 1,inset'= +0pt 0.5"),
    "To": ("Computer Modern Rightarrow", ""),
}
# each tip's defaults (its "defaults = {...}")
_DEFAULTS = {
    "Stealth": "length=+3pt 4.5 .8, width'=+0pt .75, inset'=+0pt 0.325, line width=+0pt 1 1",
    "Latex": "length=+3pt 4.5 .8, width'=+0pt .75, line width=+0pt 1 1",
    "Kite": "length=+3.6pt +5.4, width'=+0pt +0.5, inset'=+0pt 0.25, line width=+0pt 1 1",
    "Square": "length=+2.12132pt +2.828427, width'=+0pt +1, line width=+0pt +1 +1",
    "Circle": "length=+2.39365pt +3.191538, width'=+0pt 1, line width=+0pt 1 1",
    "Computer Modern Rightarrow": "length=+1.6pt 2.2, width'=+0pt 2.096774, line width=0pt 1 1, round",
    "Classical TikZ Rightarrow": "length=+1.05pt 1.925, width'=+0pt 1.9237, line width=0pt 0.8 1, round",
}
#: the tip names this module draws
META_SHAPES = frozenset(_DEFAULTS) | frozenset(_SHORTHANDS)


@dataclass
class TipShape:
    """One arrows.meta tip as pgf sets it up and draws it.

    Attributes
    ----------
    tip_end, back_end, line_end : float
        pgf's ends of the tip in its frame (pt): the tip end goes where the tip list ends
        (less ``sep``), the back end where the next tip inwards ends, and the line stops at
        the line end of the outermost tip.
    sep : float
        Room left after the tip (pt).
    pieces : list of (str, list of (x, y))
        The outline in the tip's frame (after ``reversed`` and ``swap``): ``"L"`` a polyline,
        ``"C"`` a chain of cubics (p0, c1, c2, p1, c1, ...).
    closed : bool
        Whether the outline is closed (filled and/or stroked) or a stroked barb.
    filled : bool
        Whether pgf fills it (``open`` or ``fill=none`` does not).
    line_width : float
        The width pgf strokes the outline with; 0 when only filled.
    fill : str or None
        The ``fill=`` colour written, if any.
    """

    tip_end: float
    back_end: float
    line_end: float
    sep: float = 0.0
    pieces: list = field(default_factory=list)
    closed: bool = True
    filled: bool = True
    line_width: float = 0.0
    fill: str | None = None
    #: Whether pgf counts the drawn tip in the picture's bounding box: arrows.meta's tips are
    #: counted, old-style ones (``\pgfarrowsdeclare``: ``to``, ``direction ee``) are not.
    in_bbox: bool = True

    @property
    def length(self) -> float:
        """Tip end minus back end: the room the tip takes in a tip list."""
        return self.tip_end - self.back_end


def _split(options: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in options:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [p.strip() for p in out if p.strip()]


def _dim(text: str) -> float | None:
    m = _DIM.match(text.strip().lstrip("+"))
    if not m:
        return None
    return float(m.group(1).replace(" ", "")) * _UNIT[m.group(2) or "pt"]


def _num(text: str) -> float | None:
    try:
        return float(text.replace("+", "").strip())
    except ValueError:
        return None


def _params(value: str) -> tuple[float, float, float] | None:
    """pgf's ``\\pgfarrowsthreeparameters``: ``dim [a [b]]``."""
    parts = value.split()
    if not parts or len(parts) > 3:
        return None
    d = _dim(parts[0])
    rest = [_num(p) for p in parts[1:]]
    if d is None or any(r is None for r in rest):
        return None
    rest += [0.0] * (2 - len(rest))
    return d, rest[0], rest[1]


class _Unsupported(Exception):
    pass


def _apply(options: str, v: dict, late: list, w: float) -> None:
    """Run one option list on the values ``v``; late options are queued in ``late``."""
    for part in _split(options):
        key, eq, val = part.partition("=")
        key, val = key.strip(), val.strip().strip("{}").strip()
        if key in ("length", "sep"):
            p = _params(val if eq else "0.88pt .3 1") if key == "sep" else _params(val)
            if p is None:
                raise _Unsupported(part)
            v[key] = p[0] + p[1] * w
        elif key in ("width", "inset", "line width"):
            p = _params(val)
            if p is None:
                raise _Unsupported(part)
            late.append((key, lambda v, p=p: p[0] + p[1] * w))
        elif key in ("width'", "inset'", "line width'"):
            p = _params(val)
            if p is None:
                raise _Unsupported(part)
            late.append((key[:-1], lambda v, p=p: p[0] + p[1] * v["length"] + p[2] * w))
        elif key == "angle":
            ang, colon, rest = val.partition(":")
            p = _params(rest)
            a = _num(ang)
            if not colon or p is None or a is None:
                raise _Unsupported(part)
            r = p[0] + p[1] * w
            v["length"] = r * math.cos(math.radians(a / 2))
            late.append(("width", lambda v, r=r, a=a: 2 * r * math.sin(math.radians(a / 2))))
        elif key == "angle'":
            a = _num(val)
            if a is None:
                raise _Unsupported(part)
            late.append(("width", lambda v, a=a: 2 * math.tan(math.radians(a / 2)) * v["length"]))
        elif key in ("scale", "scale length", "scale width"):
            s = _num(val)
            if s is None:
                raise _Unsupported(part)
            if key != "scale width":
                v["scale_length"] = s
            if key != "scale length":
                v["scale_width"] = s
        elif key in ("reversed", "swap"):
            v[key] = not v.get(key, False)
        elif key in ("harpoon", "left"):
            v["harpoon"] = val != "false"
        elif key == "right":
            v["harpoon"] = True
            v["swap"] = not v.get("swap", False)
        elif key == "open":
            v["open"] = True
        elif key == "fill":
            v["open"] = val == "none"
            v["fill"] = None if val == "none" else val
        elif key == "round":
            v["round_join"] = v["round_cap"] = True
        elif key == "sharp":
            v["round_join"] = v["round_cap"] = False
        elif key == "line join":
            v["round_join"] = val == "round"
        elif key == "line cap":
            v["round_cap"] = val == "round"
        elif key == "slant":
            s = _num(val)
            if s is None or s != 0:
                raise _Unsupported(part)
        elif key in ("color", "bend", "flex", "flex'", "quick") or not eq:
            continue  # colours (a bare key is a colour), and how the tip follows a curve
        else:
            raise _Unsupported(part)


def meta_tip(name: str, options: str, line_width: float) -> TipShape | None:
    """The tip ``name`` with ``options`` on a path of ``line_width`` (pt), or None when the
    tip or one of its options is not known here."""
    extra = ""
    if name in _SHORTHANDS:
        name, extra = _SHORTHANDS[name]
    if name not in _DEFAULTS:
        return None
    w = line_width
    v: dict = {"length": 0.0, "width": 0.0, "inset": 0.0, "line width": w, "sep": 0.0,
               "scale_length": 1.0, "scale_width": 1.0}
    late: list = []
    try:
        _apply(_DEFAULTS[name], v, late, w)
        _apply(extra, v, late, w)
        _apply(options, v, late, w)
    except _Unsupported:
        return None
    for key, fn in late:
        v[key] = fn(v)
    v["length"] *= v["scale_length"]
    v["inset"] *= v["scale_length"]
    v["width"] *= v["scale_width"]
    if v["length"] <= 0 and name != "Computer Modern Rightarrow" or v["width"] <= 0:
        return None
    shape = _SETUP[name](v, w)
    if shape is None:
        return None
    shape.sep = v["sep"]
    shape.fill = v.get("fill")
    if v.get("swap"):
        shape.pieces = [(k, [(x, -y) for x, y in pts]) for k, pts in shape.pieces]
    if v.get("reversed"):
        # pgf's \pgf@arrows@handle@reverse: the ends swap and change sign, the drawing is mirrored
        shape.tip_end, shape.back_end = -shape.back_end, -shape.tip_end
        shape.line_end = -shape.line_end
        shape.pieces = [(k, [(-x, y) for x, y in pts]) for k, pts in shape.pieces]
    return shape


def _paint(v: dict, alw: float) -> dict:
    opened = bool(v.get("open"))
    return {"filled": not opened, "line_width": alw if (opened or alw > 0) else 0.0}


def _stealth(v: dict, w: float) -> TipShape:
    length, width, inset = v["length"], v["width"], v["inset"]
    harpoon, reversed_, rj = v.get("harpoon", False), v.get("reversed", False), v.get("round_join", False)
    alw = min(v["line width"], 0.25 * (length - inset))
    xc = 0.5 * math.sqrt(4 * (length / width) ** 2 + 1) * alw  # front miter
    xa = length / width * alw  # extra harpoon miter
    y_tip = math.atan2(length, 0.5 * width)
    y_in = math.atan2(inset, 0.5 * width)
    half = 0.5 * (y_tip - y_in)
    yc = 0.5 * alw / math.tan(half) if half > 0 else 0.0
    ang = y_in + half
    back_miter, top_miter = math.sin(ang) * yc, math.cos(ang) * yc
    if inset == 0:
        back_miter = 0.5 * alw
    inset_miter = 0.5 * math.sqrt(4 * (inset / width) ** 2 + 1) * alw
    a = length - xc - back_miter
    b = 0.5 * width - top_miter
    back_end = back_miter - 0.5 * alw if rj else 0.0
    if harpoon:
        line_end = inset + inset_miter + 0.5 * alw
    elif reversed_:
        line_end = a + back_miter - 0.25 * alw
    else:
        line_end = inset + inset_miter - 0.25 * alw
    tip_end = a + back_miter + 0.5 * alw if rj else length + (xa if harpoon else 0.0)
    ins = inset + inset_miter
    pts = [(a + back_miter, 0.0), (back_miter, b), (ins, 0.0)]
    if not harpoon:
        pts.append((back_miter, -b))
    pts.append(pts[0])
    return TipShape(tip_end, back_end, line_end, pieces=[("L", pts)], **_paint(v, alw))


def _latex(v: dict, w: float) -> TipShape:
    length, width = v["length"], v["width"]
    harpoon, reversed_, rj = v.get("harpoon", False), v.get("reversed", False), v.get("round_join", False)
    alw = min(v["line width"], 0.2 * length)
    q = length / width
    xc = math.sqrt(9 * q * q + 1) * alw
    xa = q * alw
    a = length - 0.5 * xc - 0.5 * alw
    back_end = -0.5 * alw
    line_end = a - 0.5 * w if reversed_ else 0.0
    if rj:
        tip_end = a + 0.5 * alw
    else:
        tip_end = length - 0.5 * alw + (1.5 * xa if harpoon else 0.0)
    nx, ny = 0.3 * length, 0.2333333 * width
    n = math.hypot(nx, ny)
    b = -0.5 * ((ny / n + 1) / (nx / n)) * alw + 0.5 * width
    pts = [(a, 0.0), (0.877192 * a, 0.077922 * b), (0.337381 * a, 0.519480 * b), (0.0, b)]
    pieces = [("C", pts)]
    if harpoon:
        pieces.append(("L", [(0.0, b), (0.0, 0.0), (a, 0.0)]))
    else:
        pieces.append(("L", [(0.0, b), (0.0, -b)]))
        pieces.append(("C", [(0.0, -b), (0.337381 * a, -0.519480 * b), (0.877192 * a, -0.077922 * b), (a, 0.0)]))
    return TipShape(tip_end, back_end, line_end, pieces=pieces, **_paint(v, alw))


def _kite(v: dict, w: float) -> TipShape | None:
    length, width, inset = v["length"], v["width"], v["inset"]
    if v.get("harpoon"):
        return None
    reversed_, rj = v.get("reversed", False), v.get("round_join", False)
    alw = min(v["line width"], 0.4 * length, 0.4 * width)
    xc = 0.5 * math.sqrt(4 * ((length - inset) / width) ** 2 + 1) * alw  # front miter
    yc = 0.5 * math.sqrt(4 * (inset / width) ** 2 + 1) * alw  # back miter
    half_w = 0.5 * width
    t_front = math.atan2(length - inset, half_w)
    t_back = math.atan2(inset, half_w)
    half = 0.5 * (t_front + t_back)
    r = 1.414213 if abs(math.degrees(half) - 45) < 1e-9 else 1 / math.sin(half)
    r *= 0.5 * alw
    ang = -t_back - math.pi / 2 + half
    xb, yb = math.cos(ang) * r, math.sin(ang) * r
    a = length - xc
    b = half_w + yb
    back_end = inset / width * alw - 0.5 * alw if rj else 0.0
    line_end = a - w + alw if reversed_ else yc + w - alw
    tip_end = a + 0.5 * alw if rj else length
    ins = inset + xb
    pts = [(a, 0.0), (ins, b), (yc, 0.0), (ins, -b), (a, 0.0)]
    return TipShape(tip_end, back_end, line_end, pieces=[("L", pts)], **_paint(v, alw))


def _square(v: dict, w: float) -> TipShape | None:
    length, width = v["length"], v["width"]
    if v.get("harpoon"):
        return None
    alw = min(v["line width"], 0.5 * length)
    line_end = length - 0.5 * alw if v.get("reversed") else 0.5 * alw
    x0, x1, h = 0.5 * alw, length - 0.5 * alw, 0.5 * width - 0.5 * alw
    pts = [(x1, h), (x0, h), (x0, -h), (x1, -h), (x1, h)]
    return TipShape(length, 0.0, line_end, pieces=[("L", pts)], **_paint(v, alw))


def _circle(v: dict, w: float) -> TipShape | None:
    length, width = v["length"], v["width"]
    if v.get("harpoon"):
        return None
    alw = min(v["line width"], 0.5 * length)
    line_end = length - 0.5 * alw if v.get("reversed") else 0.5 * alw
    cx, rx, ry = 0.5 * length, 0.5 * length - 0.5 * alw, 0.5 * width - 0.5 * alw
    k = 0.5522847498  # pgf's quarter-ellipse cubic
    quads = [((1, 0), (1, k), (k, 1), (0, 1)), ((0, 1), (-k, 1), (-1, k), (-1, 0)),
             ((-1, 0), (-1, -k), (-k, -1), (0, -1)), ((0, -1), (k, -1), (1, -k), (1, 0))]
    pts = []
    for quad in quads:
        seg = [(cx + rx * x, ry * y) for x, y in quad]
        pts += seg if not pts else seg[1:]
    return TipShape(length, 0.0, line_end, pieces=[("C", pts)], **_paint(v, alw))


def _cm_rightarrow(v: dict, w: float) -> TipShape | None:
    length, width = v["length"], v["width"]
    harpoon, rj = v.get("harpoon", False), v.get("round_join", False)
    alw = v["line width"]
    a = length - alw
    b = width - alw
    if a <= 0 or b <= 0:
        return None
    if rj:
        tip_end = 0.5 * alw
    else:
        q = a / b
        xc = 0.5 * math.sqrt(49.44662 * q * q + 1) * alw
        tip_end = xc + (3.51591 * q * alw if harpoon else 0.0)
    line_end = 0.5 * alw if v.get("reversed") and harpoon else -0.5 * alw
    back_end = -a - 0.5 * alw
    upper = [(-a, 0.5 * b), (-0.81731 * a, 0.2 * b), (-0.41019 * a, 0.05833333 * b), (0.0, 0.0)]
    if harpoon:
        pieces = [("C", upper), ("L", [(0.0, 0.0), ((0.5 if v.get("reversed") else -1.0) * alw, 0.0)])]
    else:
        pieces = [("C", upper + [(-0.41019 * a, -0.05833333 * b), (-0.81731 * a, -0.2 * b), (-a, -0.5 * b)])]
    return TipShape(tip_end, back_end, line_end, pieces=pieces, closed=False, filled=False, line_width=alw)


def _classical_rightarrow(v: dict, w: float) -> TipShape | None:
    length, width = v["length"], v["width"]
    if v.get("harpoon"):
        return None
    alw = v["line width"]
    a = length - alw
    b = width - alw
    if a <= 0 or b <= 0:
        return None
    if v.get("round_join"):
        tip_end = a + 0.5 * alw
    else:
        tip_end = a + 0.5 * math.sqrt(40.96 * (a / b) ** 2 + 1) * alw
    line_end = a - (0.25 if v.get("reversed") else 0.6) * w
    pts = [(0.0, 0.5 * b), (0.066666 * a, 0.3125 * b), (0.8 * a, 0.03125 * b), (a, 0.0),
           (0.8 * a, -0.03125 * b), (0.066666 * a, -0.3125 * b), (0.0, -0.5 * b)]
    return TipShape(tip_end, -0.5 * alw, line_end, pieces=[("C", pts)], closed=False, filled=False,
                    line_width=alw)


_SETUP = {"Stealth": _stealth, "Latex": _latex, "Kite": _kite, "Square": _square, "Circle": _circle,
          "Computer Modern Rightarrow": _cm_rightarrow, "Classical TikZ Rightarrow": _classical_rightarrow}


def core_to(options: str, line_width: float) -> TipShape | None:
    """pgfcorearrows' ``to`` (TikZ's ``>`` without arrows.meta): a stroked curve, 0.8 line widths
    thick, with a = 0.28 pt + 0.3 line widths; its tip end 0.21 pt + 0.625 line widths ahead of
    its origin, its back end 0.84 pt + 1.3 line widths behind, the line end at the origin. Its
    drawing takes no length or width; ``reversed``, ``swap`` and ``sep`` apply."""
    w = line_width
    v: dict = {"sep": 0.0}
    for part in _split(options):
        key, eq, val = part.partition("=")
        key = key.strip()
        if key in ("reversed", "swap"):
            v[key] = not v.get(key, False)
        elif key == "sep":
            p = _params(val.strip() if eq else "0.88pt .3 1")
            if p is None:
                return None
            v["sep"] = p[0] + p[1] * w
        elif key not in ("color", "bend", "flex", "flex'", "quick") and eq:
            return None  # length, width ... do not change this tip; its other keys are not known here
    a = 0.28 + 0.3 * w
    pts = [(-3 * a, 4 * a), (-2.75 * a, 2.5 * a), (0.0, 0.25 * a), (0.75 * a, 0.0),
           (0.0, -0.25 * a), (-2.75 * a, -2.5 * a), (-3 * a, -4 * a)]
    shape = TipShape(0.21 + 0.625 * w, -0.84 - 1.3 * w, 0.0, sep=v["sep"], pieces=[("C", pts)], closed=False,
                     filled=False, line_width=0.8 * w, in_bbox=False)
    if v.get("reversed"):
        shape.tip_end, shape.back_end = -shape.back_end, -shape.tip_end
        shape.pieces = [(k, [(-x, y) for x, y in q]) for k, q in shape.pieces]
    return shape


_SETUP = {"Stealth": _stealth, "Latex": _latex, "Kite": _kite, "Square": _square, "Circle": _circle,
          "Computer Modern Rightarrow": _cm_rightarrow, "Classical TikZ Rightarrow": _classical_rightarrow}


def direction_ee(length: float, line_width: float) -> TipShape:
    """The circuits libraries' ``direction ee`` (pgflibraryshapes.gates.ee, an old-style arrow):
    a triangle ``length`` long and 0.765 lengths wide, filled and stroked with round joins,
    centred on its origin; the line stops there, half a length short of the tip (``length`` is
    the arrow option the ``annotation arrow`` and ``current direction arrow`` styles set)."""
    h = 0.5 * length
    pts = [(-h, 0.38268343237 * length), (h, 0.0), (-h, -0.38268343237 * length), (-h, 0.38268343237 * length)]
    return TipShape(h, -h, 0.0, pieces=[("L", pts)], closed=True, filled=True, line_width=line_width,
                    in_bbox=False)
