"""tkz-euclide's marks: segment ticks, angle arcs, right-angle squares, filled angles.

Semantics (``tkz-obj-eu-draw-lines.tex``, ``tkz-obj-eu-draw-angles.tex``,
``tkz-lib-eu-marks.tex``):

- ``\\tkzMarkSegment(s)[mark=|, size=4pt, pos=.5, color=black, opts](A,B)``: the
  plot mark ``mark`` of size ``size`` (pgf's ``\\pgfplotmarksize``: half the
  tick's length) at ``pos`` along A->B, its x axis along AB; ``||`` and
  ``|||`` space their ticks 4 and 3 line widths apart;
- ``\\tkzMarkAngle(s)[arc=l, size=1, mark=none, mksize=4pt, mkpos=.5, mkcolor, opts](A,B,C)``:
  ``\\draw[opts, fill=none] (B) ++(a1:size) arc (a1:a2:size)`` from the direction
  of A counter-clockwise to that of C (``size`` in cm when it has no unit);
  ``arc=ll`` draws two arcs at ``size cm -+ 2.5\\pgflinewidth``, ``arc=lll`` three;
  the optional mark sits at ``mkpos`` along the arc;
- ``\\tkzMarkRightAngle(s)[size=.25, opts](A,B,C)``: the square ``(B) --++(s u) --++(s v)
  --++(-s u) -- (B)`` with u, v the unit vectors towards A and C and ``s = size``
  cm; ``german`` draws the arc of radius ``size`` and a ``dotsize`` (3 pt) dot at
  half the radius on the bisector instead;
- ``\\tkzFillAngle(s)[size=1, opts](A,B,C)``: the sector ``(B) -- (a1:size) arc
  (a1:a2:size) -- cycle`` filled with ``black!10``.

Marks on segments are placed on canvas points (named temporary points); the
arcs and squares are written as TikZ relative to the vertex, as the package
writes them, so a scaled picture scales them as TeX does.
"""

from __future__ import annotations

import math

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.tkz_base import (Emitter, fmt, join_options, point, read_optional, read_paren,
                                               run_tikz, split_groups, split_points, tkz_options)
from geoverify.frontends.tikz.tkz_draw import normalize_angles, slope

__all__ = ["HANDLERS", "plot_mark"]

_R = 0.70710678


def plot_mark(name: str, size: float, lw: float):
    """Subpaths of a plot mark in its own frame (points; x along the path).

    Returns a list of ``("line", [(x, y), ...])``, ``("curve", p0, c1, c2, p3)`` and
    ``("circle", radius, filled)`` items, or None for a mark that is not known.
    """
    s = size
    if name in ("none", ""):
        return []
    if name == "|":
        return [("line", [(0, s), (0, -s)])]
    if name == "||":
        return [("line", [(2 * lw, s), (2 * lw, -s)]), ("line", [(-2 * lw, s), (-2 * lw, -s)])]
    if name == "|||":
        return [("line", [(dx, s), (dx, -s)]) for dx in (0.0, -3 * lw, 3 * lw)]
    if name == "s|":
        return [("line", [(-_R * s, -_R * s), (_R * s, _R * s)])]
    if name in ("s||", "s|||"):
        out = [("line", [(-0.75 * s, -s), (0.25 * s, s)]), ("line", [(0, -s), (s, s)])]
        if name == "s|||":
            out.append(("line", [(0.75 * s, -s), (1.75 * s, s)]))
        return out
    if name == "z":
        return [("line", [(0.75 * s, -s), (-0.75 * s, -s), (0.75 * s, s), (-0.75 * s, s)])]
    if name == "s":
        return [("curve", (0, 0), (0, 0), (-s, s), (s, s)), ("curve", (0, 0), (0, 0), (s, -s), (-s, -s))]
    if name == "oo":
        return [("curve", (0, 0), (0, 0), (0.5 * s, s), (s, 0)), ("curve", (0, 0), (0, 0), (-0.5 * s, s), (-s, 0)),
                ("curve", (0, 0), (0, 0), (0.5 * s, -s), (s, 0)), ("curve", (0, 0), (0, 0), (-0.5 * s, -s), (-s, 0))]
    if name == "x":
        return [("line", [(-_R * s, -_R * s), (_R * s, _R * s)]), ("line", [(-_R * s, _R * s), (_R * s, -_R * s)])]
    if name == "+":
        return [("line", [(-s, 0), (s, 0)]), ("line", [(0, s), (0, -s)])]
    if name in ("o", "*"):
        return [("circle", s, name == "*")]
    return None


def _mark_code(interp, name: str, size: float, at, direction: float, colour: str, opts: str, em) -> str:
    """``\\draw`` of one plot mark at canvas point ``at``, its x axis at ``direction`` degrees."""
    st = dict(interp.st)
    if opts:
        interp.apply_options(st, opts)
    items = plot_mark(name, size, st["line_width"])
    if items is None:
        interp.note("UNSUPPORTED", f"tkz mark '{name}' is not interpreted", "mark")
        return ""
    if not items:
        return ""
    c, s = math.cos(math.radians(direction)), math.sin(math.radians(direction))

    def P(q):
        return em.point((at[0] + c * q[0] - s * q[1], at[1] + s * q[0] + c * q[1]))
    parts = []
    filled = False
    for it in items:
        if it[0] == "line":
            parts.append(" -- ".join(P(q) for q in it[1]))
        elif it[0] == "curve":
            _, p0, c1, c2, p3 = it
            parts.append(f"{P(p0)} .. controls {P(c1)} and {P(c2)} .. {P(p3)}")
        else:
            parts.append(f"{P((0, 0))} circle[radius={fmt(it[1])}pt]")
            filled = it[2]
    cmd = "\\filldraw" if filled else "\\draw"
    o = join_options([("color", colour)] + ([(opts, None)] if opts else []))
    return f"{cmd}[{o}] " + " ".join(parts) + ";"


def _length(interp, text: str) -> float:
    res = interp.number(text, interp.st)
    return res.value if res.units else res.value * 72.27 / 2.54


def mark_segments(interp, reader, tok) -> None:
    own, rest = tkz_options(read_optional(interp, reader), ("mark", "size", "pos", "color"))
    arg = read_paren(interp, reader, tok[0])
    groups = split_groups(arg) if tok[0].endswith("s") else [split_points(arg)]
    size = _length(interp, own.get("size") or "4pt")
    frac = interp.number(own["pos"], interp.st).value if own.get("pos") else 0.5
    opts = join_options(rest)
    em = Emitter(interp)
    code = []
    for g in groups:
        if len(g) != 2:
            raise FigureSyntaxError(f"{tok[0]} needs pairs of points, got '{','.join(g)}'", location=interp.loc)
        a, b = point(interp, g[0]), point(interp, g[1])
        at = (a[0] + frac * (b[0] - a[0]), a[1] + frac * (b[1] - a[1]))
        code.append(_mark_code(interp, own.get("mark") or "|", size, at, slope(a, b), own.get("color") or "black",
                               opts, em))
    run_tikz(interp, "".join(code), tok[1])


_ANGLE_KEYS = ("arc", "size", "mark", "mksize", "mkcolor", "mkpos", "delta", "reverse", "type", "towards",
               "rotate", "angles", "R", "R with nodes", "diameter")


def mark_angles(interp, reader, tok) -> None:
    own, rest = tkz_options(read_optional(interp, reader), _ANGLE_KEYS)
    arg = read_paren(interp, reader, tok[0])
    groups = split_groups(arg) if tok[0].endswith("s") else [split_points(arg)]
    size = own.get("size") or "1"
    arcs = own.get("arc") or "l"
    opts = join_options(rest + [("fill", "none")])
    # "size cm" as the package writes it: a size with a unit of its own keeps it
    unit = "" if interp.number(size, interp.st).units else "cm"
    em = Emitter(interp)
    code = []
    for g in groups:
        if len(g) != 3:
            raise FigureSyntaxError(f"{tok[0]} needs three points, got '{','.join(g)}'", location=interp.loc)
        b = point(interp, g[1])
        first, second = normalize_angles(slope(b, point(interp, g[0])), slope(b, point(interp, g[2])))
        inner, outer = f"{size}{unit}-2.5\\pgflinewidth", f"{size}{unit}+2.5\\pgflinewidth"
        radii = {"l": [size], "ll": [inner, outer], "lll": [size, inner, outer]}.get(arcs)
        if radii is None:
            interp.note("UNSUPPORTED", f"{tok[0]} arc={arcs} is not interpreted (l, ll, lll are)", tok[0])
            radii = [size]
        for r in radii:
            code.append(f"\\draw[{opts}] ({g[1]}) ++({fmt(first)}:{r}) arc[start angle={fmt(first)}, "
                        f"end angle={fmt(second)}, radius={r}];")
        mark = own.get("mark") or "none"
        if mark != "none":
            frac = interp.number(own["mkpos"], interp.st).value if own.get("mkpos") else 0.5
            ang = first + frac * (second - first)
            rad = _length(interp, size)
            at = (b[0] + rad * math.cos(math.radians(ang)), b[1] + rad * math.sin(math.radians(ang)))
            code.append(_mark_code(interp, mark, _length(interp, own.get("mksize") or "4pt"), at, ang + 90.0,
                                   own.get("mkcolor") or "black", "", em))
    run_tikz(interp, "".join(code), tok[1])


def mark_right_angles(interp, reader, tok) -> None:
    own, rest = tkz_options(read_optional(interp, reader), ("size", "german", "dotsize", "norm tkz code"))
    arg = read_paren(interp, reader, tok[0])
    groups = split_groups(arg) if tok[0].endswith("s") else [split_points(arg)]
    size = interp.number(own["size"], interp.st).value if own.get("size") else 0.25
    opts = join_options(rest)
    code = []
    for g in groups:
        if len(g) != 3:
            raise FigureSyntaxError(f"{tok[0]} needs three points, got '{','.join(g)}'", location=interp.loc)
        a, b, c = (point(interp, n) for n in g)
        if "german" in own:
            first, second = normalize_angles(slope(b, a), slope(b, c))
            mid = (first + second) / 2
            dot = own.get("dotsize") or "3 pt"
            code.append(f"\\draw[{opts}] ({g[1]}) ++({fmt(first)}:{fmt(size)}) arc[start angle={fmt(first)}, "
                        f"end angle={fmt(second)}, radius={fmt(size)}];")
            code.append(f"\\path ({g[1]}) --+ ({fmt(mid)}:{fmt(size / 2)}) node[fill, circle, minimum size={dot}, "
                        f"inner sep=0 pt{', ' + opts if opts else ''}] {{}};")
            continue
        k = 28.45274 * size
        u = _unit(a, b)
        v = _unit(c, b)
        code.append(f"\\draw[{opts}] ({g[1]}) --++({fmt(k * u[0])}pt,{fmt(k * u[1])}pt) "
                    f"--++({fmt(k * v[0])}pt,{fmt(k * v[1])}pt) --++({fmt(-k * u[0])}pt,{fmt(-k * u[1])}pt) "
                    f"-- ({g[1]});")
    run_tikz(interp, "".join(code), tok[1])


def _unit(p, origin):
    dx, dy = p[0] - origin[0], p[1] - origin[1]
    n = math.hypot(dx, dy)
    if n == 0:
        raise FigureSyntaxError("a right-angle mark on a side of length 0")
    return dx / n, dy / n


def fill_angles(interp, reader, tok) -> None:
    own, rest = tkz_options(read_optional(interp, reader), ("size",))
    arg = read_paren(interp, reader, tok[0])
    groups = split_groups(arg) if tok[0].endswith("s") else [split_points(arg)]
    size = own.get("size") or "1"
    opts = join_options([("fill", "black!10")] + rest)
    code = []
    for g in groups:
        if len(g) != 3:
            raise FigureSyntaxError(f"{tok[0]} needs three points, got '{','.join(g)}'", location=interp.loc)
        b = point(interp, g[1])
        first, second = normalize_angles(slope(b, point(interp, g[0])), slope(b, point(interp, g[2])))
        code.append(f"\\path[{opts}] ({g[1]}) -- ++({fmt(first)}:{size}) arc[start angle={fmt(first)}, "
                    f"end angle={fmt(second)}, radius={size}] -- cycle;")
    run_tikz(interp, "".join(code), tok[1])


HANDLERS = {
    "\\tkzMarkSegment": mark_segments,
    "\\tkzMarkSegments": mark_segments,
    "\\tkzMarkAngle": mark_angles,
    "\\tkzMarkAngles": mark_angles,
    "\\tkzMarkRightAngle": mark_right_angles,
    "\\tkzMarkRightAngles": mark_right_angles,
    "\\tkzFillAngle": fill_angles,
    "\\tkzFillAngles": fill_angles,
}
