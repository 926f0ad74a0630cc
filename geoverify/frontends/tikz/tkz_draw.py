"""tkz-euclide's drawing macros: points, segments, lines, polygons, circles, arcs and their set-ups.

Each macro is the TikZ statement the package writes (``tkz-obj-eu-draw-*.tex``):

- ``\\tkzDrawPoint(s)[opts](A,..)``: ``\\node[point style, opts] at (A) {};`` with
  ``size=s`` as ``minimum size=s`` (a 2 pt dot by default);
- ``\\tkzDrawSegment(s)[opts](A,B ..)``: ``\\draw[line style, opts] (A) to (B);``;
- ``\\tkzDrawLine(s)[opts](A,B ..)``: the same with ``add=l and r`` (``.2 and .2``
  unless ``\\tkzSetUpLine`` changed it): the line runs from ``A - l (B - A)`` to
  ``B + r (B - A)`` (a value with a unit is a distance);
- ``\\tkzDrawPolygon(s)`` / ``\\tkzDrawPolySeg``: ``\\draw[line style, line join=round,
  opts] (A)--(B)--...--cycle;``; ``\\tkzFillPolygon``: ``\\fill[opts]``;
- ``\\tkzDrawCircle(s)[opts](O,A)``: ``\\node[draw, circle through=(A), circle style,
  opts] at (O) {};`` (a circle node of radius |OA|, inner and outer sep 0);
  ``\\tkzFillCircle``: ``fill`` instead of ``draw`` and no circle style;
- ``\\tkzDrawArc[towards|rotate|angles|R|R with nodes, delta=d, reverse, opts](O,A)(B)``:
  the arc of centre O from the direction of A (radius |OA|) counter-clockwise
  to the direction of B, widened by ``delta`` degrees at both ends, with
  ``arc style``; ``\\tkzDrawSemiCircle(O,A)``: the half turn from A.
- set-ups: ``\\tkzSetUpPoint``, ``\\tkzSetUpLine``, ``\\tkzSetUpCircle``,
  ``\\tkzSetUpArc``, ``\\tkzSetUpLabel``, ``\\tkzSetUpStyle`` redefine those styles.
"""

from __future__ import annotations

import math

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.tkz_base import (tikz_options, Emitter, fmt, join_options, line_add, point, read_group,
                                               read_optional, read_paren, run_tikz, split_groups, split_points,
                                               tkz_options)

__all__ = ["HANDLERS", "normalize_angles", "slope", "arc_code"]

_CM = 72.27 / 2.54


def slope(a, b) -> float:
    """``\\tkzFindSlopeAngle``: direction of b seen from a, degrees in [0, 360).

    pgf's ``atan2`` treats |dy| < 0.001 pt as horizontal and a zero vector as
    pointing up (90 degrees), so a mark between coincident points still sweeps.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dy) < 0.001:
        return 180.0 if dx < 0 else 0.0 if dx > 0 else (270.0 if dy < 0 else 90.0)
    ang = math.degrees(math.atan2(dy, dx))
    return ang + 360.0 if ang < 0 else ang


def normalize_angles(first: float, second: float) -> tuple[float, float]:
    """``\\tkzNormalizeAngle``: make ``first -> second`` a counter-clockwise sweep."""
    if first > 0:
        if first > second:
            first -= 360.0
    elif first > second:
        second += 360.0
    return first, second


def _opts(text: str) -> str:
    return ", " + text if text else ""


# -- points -------------------------------------------------------------------------
def draw_points(interp, reader, tok) -> None:
    own, rest = tkz_options(read_optional(interp, reader), ("size",))
    names = split_points(read_paren(interp, reader, tok[0]))
    extra = [("minimum size", own["size"])] if own.get("size") else []
    opts = join_options(rest + extra)
    code = "".join(f"\\node[point style{_opts(opts)}] at ({n}) {{}};" for n in names)
    run_tikz(interp, code, tok[1])


def set_up_point(interp, reader, tok) -> None:
    own, _rest = tkz_options(read_optional(interp, reader), ("size", "color", "fill", "shape"))
    cur = dict(interp.defs.get("tkz:point") or {"size": "2", "color": "black", "fill": "black", "shape": "circle"})
    cur.update({k: v for k, v in own.items() if v is not None})
    interp.defs.set("tkz:point", cur)
    interp._define_style("point style", f"draw={cur['color']}, inner sep=0pt, shape={cur['shape']}, "
                                        f"minimum size={cur['size']}, fill={cur['fill']}", False)


# -- segments and lines -------------------------------------------------------------------
def _extension(interp, a, b, amount: str, left: bool):
    """The end of a line extended past ``a`` (away from ``b``) by ``amount``: calc's ``(a)!-amount!(b)``."""
    res = interp.number(amount, interp.st)
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    k = (res.value / d if d else 0.0) if res.units else res.value
    return (a[0] - k * (b[0] - a[0]), a[1] - k * (b[1] - a[1]))


def _add_of(interp, own: dict, default):
    if own.get("add"):
        parts = own["add"].split(" and ")
        if len(parts) != 2:
            raise FigureSyntaxError(f"add={own['add']} is not 'l and r'", location=interp.loc)
        return parts[0].strip(), parts[1].strip()
    return default


def _segments(interp, reader, tok, line: bool) -> None:
    own, rest = tkz_options(read_optional(interp, reader), ("add", "dim"))
    text = read_paren(interp, reader, tok[0])
    groups = split_groups(text) if tok[0].endswith("s") else [split_points(text)]
    if "dim" in own:
        interp.note("UNSUPPORTED", f"{tok[0]} option 'dim' (dimension lines) is not interpreted", tok[0])
    add = _add_of(interp, own, line_add(interp) if line else None)
    opts = join_options(rest)
    em = Emitter(interp)
    code = []
    for g in groups:
        if len(g) != 2:
            raise FigureSyntaxError(f"{tok[0]} needs pairs of points, got '{','.join(g)}'", location=interp.loc)
        if add is None:
            ends = f"({g[0]}) -- ({g[1]})"
        else:
            a, b = point(interp, g[0]), point(interp, g[1])
            p = _extension(interp, a, b, add[0], True)
            q = _extension(interp, b, a, add[1], False)
            ends = f"{em.point(p)} -- {em.point(q)}"
        code.append(f"\\draw[line style{_opts(opts)}] {ends};")
    run_tikz(interp, "".join(code), tok[1])


def draw_segments(interp, reader, tok) -> None:
    _segments(interp, reader, tok, line=False)


def draw_lines(interp, reader, tok) -> None:
    _segments(interp, reader, tok, line=True)


def set_up_line(interp, reader, tok) -> None:
    own, rest = tkz_options(read_optional(interp, reader), ("line width", "color", "style", "add"))
    add = _add_of(interp, own, (".2", ".2"))
    interp.defs.set("tkz:line add", add)
    body = [("line width", own.get("line width") or "0.2pt"), ("color", own.get("color") or "black"),
            (own.get("style") or "solid", None), ("line cap", "round")] + rest
    interp._define_style("line style", join_options(body), True)


def _polygon_path(names) -> str:
    return " -- ".join(f"({n})" for n in names) + " -- cycle"


def draw_polygons(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    text = read_paren(interp, reader, tok[0])
    groups = split_groups(text) if tok[0] == "\\tkzDrawPolygons" else [split_points(text)]
    code = "".join(f"\\draw[line style, line join=round{_opts(opts)}] {_polygon_path(g)};" for g in groups)
    run_tikz(interp, code, tok[1])


def draw_poly_seg(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    names = split_points(read_paren(interp, reader, tok[0]))
    run_tikz(interp, f"\\draw[line style{_opts(opts)}] " + " -- ".join(f"({n})" for n in names) + ";", tok[1])


def fill_polygon(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    names = split_points(read_paren(interp, reader, tok[0]))
    run_tikz(interp, f"\\fill[{opts}] {_polygon_path(names)};", tok[1])


def clip_polygon(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    names = split_points(read_paren(interp, reader, tok[0]))
    if opts.strip():
        interp.note("UNSUPPORTED", f"\\tkzClipPolygon[{opts}] (a clip outside the polygon) is not interpreted",
                    tok[0])
        return
    run_tikz(interp, f"\\clip {_polygon_path(names)};", tok[1])


# -- circles and arcs -----------------------------------------------------------------------
def _circle_node(interp, centre: str, through: str, mode: str, opts: str, pos) -> str:
    o, a = point(interp, centre), point(interp, through)
    size = 2 * math.hypot(a[0] - o[0], a[1] - o[1])
    style = ", circle style" if mode == "draw" else ""
    return (f"\\node[{mode}, shape=circle, inner sep=0pt, outer sep=0pt, minimum size={fmt(size)}pt"
            f"{style}{_opts(opts)}] at ({centre}) {{}};")


def draw_circles(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    text = read_paren(interp, reader, tok[0])
    groups = split_groups(text) if tok[0].endswith("s") else [split_points(text)]
    mode = "fill" if tok[0].startswith("\\tkzFill") else "draw"
    code = []
    for g in groups:
        if len(g) != 2:
            raise FigureSyntaxError(f"{tok[0]} needs (centre,point), got '{','.join(g)}'", location=interp.loc)
        code.append(_circle_node(interp, g[0], g[1], mode, opts, tok[1]))
    run_tikz(interp, "".join(code), tok[1])


def clip_circle(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    o_name, a_name = split_points(read_paren(interp, reader, tok[0]))[:2]
    if opts.strip():
        interp.note("UNSUPPORTED", f"\\tkzClipCircle[{opts}] (a clip outside the circle) is not interpreted", tok[0])
        return
    o, a = point(interp, o_name), point(interp, a_name)
    r = math.hypot(a[0] - o[0], a[1] - o[1])
    run_tikz(interp, f"\\clip ({o_name}) circle[radius={fmt(r)}pt];", tok[1])


def arc_code(interp, centre, radius: float, first: float, second: float, style: str, opts: str) -> str:
    """``\\draw[shift={(O)}, style, opts] (a1:r) arc (a1:a2:r)`` on canvas points."""
    em = Emitter(interp)
    start = (centre[0] + radius * math.cos(math.radians(first)), centre[1] + radius * math.sin(math.radians(first)))
    return (f"\\draw[{style}{_opts(opts)}] {em.point(start)} arc[start angle={fmt(first)}, "
            f"end angle={fmt(second)}, radius={fmt(radius)}pt];")


_ARC_KEYS = ("towards", "rotate", "angles", "R", "R with nodes", "type", "delta", "reverse",
             "diameter", "arc", "size", "mark", "mkpos", "mksize", "mkcolor")


def draw_arc(interp, reader, tok) -> None:
    own, rest = tkz_options(read_optional(interp, reader), _ARC_KEYS)
    args = split_points(read_paren(interp, reader, tok[0]))
    if tok[0] == "\\tkzDrawSemiCircle":
        o, a = point(interp, args[0]), point(interp, args[1])
        first = slope(o, a)
        first, second = normalize_angles(first, slope(o, (2 * o[0] - a[0], 2 * o[1] - a[1])))
        r = math.hypot(a[0] - o[0], a[1] - o[1])
        run_tikz(interp, arc_code(interp, o, r, first, second, "arc style", join_options(rest)), tok[1])
        return
    second_arg = split_points(read_paren(interp, reader, tok[0]))
    kind = own.get("type") or next((k for k in ("towards", "rotate", "angles", "R with nodes", "R") if k in own),
                                   "towards")
    o = point(interp, args[0])
    if kind == "towards":
        a = point(interp, args[1])
        r = math.hypot(a[0] - o[0], a[1] - o[1])
        first, second = slope(o, a), slope(o, point(interp, second_arg[0]))
    elif kind == "rotate":
        a = point(interp, args[1])
        r = math.hypot(a[0] - o[0], a[1] - o[1])
        first = slope(o, a)
        turn = interp.number(second_arg[0], interp.st).value
        first, second = (first, first + turn) if turn > 0 else (first + turn, first)
    elif kind == "angles":
        a = point(interp, args[1])
        r = math.hypot(a[0] - o[0], a[1] - o[1])
        first, second = (interp.number(v, interp.st).value for v in second_arg[:2])
    elif kind == "R":
        r = _radius(interp, args[1])
        first, second = (interp.number(v, interp.st).value for v in second_arg[:2])
    else:  # R with nodes
        r = _radius(interp, args[1])
        first, second = slope(o, point(interp, second_arg[0])), slope(o, point(interp, second_arg[1]))
    first, second = normalize_angles(first, second)
    delta = interp.number(own["delta"], interp.st).value if own.get("delta") else 0.0
    first, second = first - delta, second + delta
    if "reverse" in own and own["reverse"] in (None, "true"):
        first, second = second, first
    run_tikz(interp, arc_code(interp, o, r, first, second, "arc style", join_options(rest)), tok[1])


def _radius(interp, text: str) -> float:
    """A radius argument: a length, or a number of centimetres (x/y units)."""
    res = interp.number(text, interp.st)
    return res.value if res.units else res.value * _CM


def _set_up_style(style: str, defaults: dict):
    """``\\tkzSetUpCircle`` and its kind: ``color``, ``line width`` and ``style`` over the
    package's defaults (``style=dashed`` is the style ``dashed``), the other keys added."""
    def handler(interp, reader, tok) -> None:
        own, rest = tkz_options(read_optional(interp, reader), tuple(defaults))
        vals = dict(defaults)
        vals.update({k: v for k, v in own.items() if v is not None})
        body = [("color", vals["color"]), ("line width", vals["line width"]), (vals["style"], None)]
        interp._define_style(style, join_options(body + rest), False)
    return handler


_MAIN_LINE = {"color": "black", "line width": "0.2pt", "style": "solid"}
_OTHER_LINE = {"color": "black!50", "line width": "0.2pt", "style": "solid"}


def set_up_label(interp, reader, tok) -> None:
    interp._define_style("label style", read_optional(interp, reader), False)


def set_up_style(interp, reader, tok) -> None:
    """``\\tkzSetUpStyle[opts]{name}``: ``\\tikzset{name/.style={opts}}``."""
    opts = tikz_options(read_optional(interp, reader))
    name = read_group(interp, reader)
    interp._define_style(name, opts, False)


HANDLERS = {
    "\\tkzDrawPoint": draw_points,
    "\\tkzDrawPoints": draw_points,
    "\\tkzSetUpPoint": set_up_point,
    "\\tkzDrawSegment": draw_segments,
    "\\tkzDrawSegments": draw_segments,
    "\\tkzDrawLine": draw_lines,
    "\\tkzDrawLines": draw_lines,
    "\\tkzSetUpLine": set_up_line,
    "\\tkzDrawPolygon": draw_polygons,
    "\\tkzDrawPolygons": draw_polygons,
    "\\tkzDrawPolySeg": draw_poly_seg,
    "\\tkzFillPolygon": fill_polygon,
    "\\tkzClipPolygon": clip_polygon,
    "\\tkzDrawCircle": draw_circles,
    "\\tkzDrawCircles": draw_circles,
    "\\tkzFillCircle": draw_circles,
    "\\tkzFillCircles": draw_circles,
    "\\tkzClipCircle": clip_circle,
    "\\tkzDrawArc": draw_arc,
    "\\tkzDrawSemiCircle": draw_arc,
    "\\tkzSetUpCircle": _set_up_style("circle style", _OTHER_LINE),
    "\\tkzSetUpArc": _set_up_style("arc style", _MAIN_LINE),
    "\\tkzSetUpCompass": _set_up_style("compass style", _OTHER_LINE),
    "\\tkzSetUpLabel": set_up_label,
    "\\tkzSetUpStyle": set_up_style,
}
