"""tkz-euclide's frame and points: ``\\tkzInit``, ``\\tkzClip``, ``\\tkzDefPoint(s)``, ``\\tkzGetPoint(s)``.

Semantics (``tkz-tools-eu-base.tex``, ``tkz-tools-eu-utilities.tex``, ``tkz-obj-eu-points.tex``):

- ``\\tkzInit[xmin=.., xmax=.., ymin=.., ymax=.., xstep=.., ystep=..]`` stores the
  ranges (defaults 0..10, steps 1). When both bounds of an axis have the same
  sign (``sign(xmin) == sign(xmax)``), the axis origin moves to ``xmin`` and the
  range becomes ``0 .. xmax - xmin``; points are then placed at
  ``((x - origin) / step)``.
- ``\\tkzClip[space=s]`` is ``\\clip (xmin/xstep - s, ymin/ystep - s) rectangle
  (xmax/xstep + s, ymax/ystep + s)`` (x/y units).
- ``\\tkzDefPoint[opts](x,y){A}`` (or ``(angle:radius)``) evaluates the
  components with ``\\fpeval`` (radians for ``sin``, degrees for ``sind``) and
  is ``\\coordinate[opts] (A) at ((x - xorigin)/xstep, (y - yorigin)/ystep)``.
- ``\\tkzGetPoint{M}`` names ``tkzPointResult``; ``\\tkzGetPoints{M}{N}`` the first
  and second results.
"""

from __future__ import annotations

import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.splitting import split_top_level
from geoverify.frontends.tikz.tkz_base import (alias_point, define_macro, fmt, init_state, read_group, read_optional, read_paren,
                                               run_tikz)

__all__ = ["HANDLERS", "fp_to_pgfmath"]

_RADIAN_FUNCS = ("sin", "cos", "tan", "sec", "csc", "cot")
_INVERSE_FUNCS = ("asin", "acos", "atan")
_FUNCTION_CALL = re.compile(r"([A-Za-z]+)\s*\(")


def fp_to_pgfmath(text: str) -> str:
    """An ``\\fpeval`` expression in pgfmath's terms (trigonometry in radians there, degrees here).

    ``sind(x)`` -> ``sin(x)``; ``sin(x)`` -> ``sin(deg(x))``; ``asin(x)`` -> ``rad(asin(x))``;
    ``asind(x)`` -> ``asin(x)``; ``csc`` is pgfmath's ``cosec``.
    """
    if "(" not in text:  # no function call: nothing to translate (most coordinates)
        return text
    out = []
    i = 0
    n = len(text)
    while i < n:
        m = _FUNCTION_CALL.match(text, i)
        if not m or (i > 0 and (text[i - 1].isalnum() or text[i - 1] == "\\")):
            out.append(text[i])
            i += 1
            continue
        name = m.group(1)
        j = m.end()  # after "("
        depth = 1
        k = j
        while k < n and depth:
            depth += {"(": 1, ")": -1}.get(text[k], 0)
            k += 1
        inner = fp_to_pgfmath(text[j:k - 1])
        pgfname = "cosec" if name.rstrip("d") == "csc" else name
        if name in _RADIAN_FUNCS:
            out.append(f"{pgfname}(deg({inner}))")
        elif name in _INVERSE_FUNCS:
            out.append(f"rad({name}({inner}))")
        elif name.endswith("d") and name[:-1] in _RADIAN_FUNCS + _INVERSE_FUNCS:
            out.append(f"{pgfname[:-1] if pgfname.endswith('d') else pgfname}({inner})")
        else:
            out.append(f"{name}({inner})")
        i = k
    return "".join(out)


def _fp(interp, text: str) -> float:
    return interp.number(fp_to_pgfmath(text), interp.st).value


def tkz_init(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    st = dict(init_state(interp))
    for key, val in split_options(opts):
        if key in ("xmin", "xmax", "ymin", "ymax", "xstep", "ystep") and val is not None:
            st[key] = _fp(interp, val)
    st["xorigin"] = st["yorigin"] = 0.0
    xmin, xmax, ymin, ymax = st["xmin"], st["xmax"], st["ymin"], st["ymax"]

    def sign(v):
        return (v > 0) - (v < 0)
    if sign(xmin) == sign(xmax) or sign(ymin) == sign(ymax):  # tkz's "NO" case
        if sign(xmin) == sign(xmax):
            xmin, xmax, st["xorigin"] = 0.0, xmax - xmin, xmin
        if sign(ymin) == sign(ymax):
            ymin, ymax, st["yorigin"] = 0.0, ymax - ymin, ymin
    st.update(xa=xmin / st["xstep"], xb=xmax / st["xstep"], ya=ymin / st["ystep"], yb=ymax / st["ystep"])
    interp.defs.set("tkz:init", st)


def tkz_clip(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    st = init_state(interp)
    space = 0.0
    for key, val in split_options(opts):
        if key == "space" and val:
            space = _fp(interp, val)
        else:
            interp.note("UNSUPPORTED", f"\\tkzClip option '{key}' is not interpreted", "\\tkzClip")
    run_tikz(interp, f"\\clip ({fmt(st['xa'] - space)},{fmt(st['ya'] - space)}) rectangle "
                     f"({fmt(st['xb'] + space)},{fmt(st['yb'] + space)});", tok[1])


def _place(interp, opts: str, coord: str, name: str, pos) -> None:
    st = init_state(interp)
    parts = _split_coord(coord)
    if len(parts) == 2:
        x, y = _fp(interp, parts[0]), _fp(interp, parts[1])
    else:
        m = re.match(r"^(.*?):(.*)$", coord)
        if not m:
            raise FigureSyntaxError(f"\\tkzDefPoint({coord}) is neither (x,y) nor (angle:radius)",
                                    location=interp.loc)
        import math
        a, r = _fp(interp, m.group(1)), _fp(interp, m.group(2))
        x, y = r * math.cos(math.radians(a)), r * math.sin(math.radians(a))
    xa = (x - st["xorigin"]) / st["xstep"]
    ya = (y - st["yorigin"]) / st["ystep"]
    o = f"[{opts}]" if opts else ""
    run_tikz(interp, f"\\coordinate{o} ({name}) at ({fmt(xa)},{fmt(ya)});", pos)


def _split_coord(text: str) -> list[str]:
    return [p.strip() for p in split_top_level(text)]


def tkz_def_point(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    coord = read_paren(interp, reader, tok[0])
    name = read_group(interp, reader)
    _place(interp, opts, coord, name, tok[1])


def tkz_def_points(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    body = read_group(interp, reader)
    for item in _split_coord(body):
        if not item:
            continue
        bits = item.split("/")
        if len(bits) != 3:
            raise FigureSyntaxError(f"\\tkzDefPoints item '{item}' is not x/y/name", location=interp.loc)
        _place(interp, opts, f"{bits[0]},{bits[1]}", bits[2].strip(), tok[1])


def tkz_def_shift_point(interp, reader, tok) -> None:
    """``\\tkzDefShiftPoint[A](coord){B}``: ``coord`` (TikZ) in a scope shifted to A
    (``\\tkzDefShiftPointCoord[x,y](coord){B}``: shifted by ``(x,y)``)."""
    origin = read_optional(interp, reader)
    coord = read_paren(interp, reader, tok[0])
    name = read_group(interp, reader)
    run_tikz(interp, f"\\begin{{scope}}[shift={{({origin})}}]\\coordinate ({name}) at ({coord});\\end{{scope}}", tok[1])


def tkz_rename_point(interp, reader, tok) -> None:
    old = read_paren(interp, reader, tok[0])
    new = read_group(interp, reader)
    alias_point(interp, new, old)


def _getter(*results):
    def get(interp, reader, tok) -> None:
        for res in results:
            name = read_group(interp, reader)
            alias_point(interp, name, res)
    return get


def tkz_get_length(interp, reader, tok) -> None:
    """``\\tkzGetLength{name}``: ``\\name`` is the last length result (a number)."""
    name = read_group(interp, reader)
    value = interp.defs.get("tkz:length")
    if value is None:
        raise FigureSyntaxError("\\tkzGetLength without a length computed before", location=interp.loc)
    define_macro(interp, name, fmt(value), tok[1])


HANDLERS = {
    "\\tkzInit": tkz_init,
    "\\tkzClip": tkz_clip,
    "\\tkzDefPoint": tkz_def_point,
    "\\tkzDefPoints": tkz_def_points,
    "\\tkzDefShiftPoint": tkz_def_shift_point,
    "\\tkzDefShiftPointCoord": tkz_def_shift_point,
    "\\tkzRenamePoint": tkz_rename_point,
    "\\tkzGetPoint": _getter("tkzPointResult"),
    "\\tkzGetPoints": _getter("tkzFirstPointResult", "tkzSecondPointResult"),
    "\\tkzGetFirstPoint": _getter("tkzFirstPointResult"),
    "\\tkzGetSecondPoint": _getter("tkzSecondPointResult"),
    "\\tkzGetLength": tkz_get_length,
}
