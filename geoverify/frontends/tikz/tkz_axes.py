"""The grid and axes of tkz-base (loaded by tkz-fct) and tkz-euclide: ``\\tkzGrid``,
``\\tkzDrawX``/``\\tkzDrawY``, ``\\tkzLabelX``/``\\tkzLabelY`` and their pairs
``\\tkzAxeX``, ``\\tkzAxeY``, ``\\tkzAxeXY``, ``\\tkzDrawXY``, ``\\tkzLabelXY``.

As ``tkz-obj-grids.tex`` and ``tkz-obj-axes.tex`` (4.2c) write them, in the
``\\tkzInit`` frame (one unit of ``xstep`` per centimetre, ``xa``..``xb``):

- the grid: ``\\draw[color, line width=0.4pt] (xa,ya) grid (xb,yb)`` (colour gray),
  with ``sub`` first a grid of ``subxstep``/``subystep`` (0.2) in ``color!50`` at 0.75 pt;
- an axis: a line from ``xa - left space`` (0) to ``xb + right space`` (0.5) in the
  ``xaxe style`` (``>=latex, ->``), its label (``$x$``) at the end in the ``xlabel
  style`` (``below=3pt, inner sep=1pt, outer sep=0pt``); ticks 0.8 pt wide from 2 pt
  above to 2 pt below at every unit from ``trunc(xa)`` to ``trunc(xb)`` (to the
  decimals of ``xstep``);
- the labels: at every ``step`` (``xstep``), a node in the label style, filled with the
  background (white), below the tick's lower end, showing ``pos * xstep + origin`` as
  ``$\\numprint{..}$`` (an integer without decimals) after a space (``\\tkz@showgrad``
  ends a line before it); ``orig=false`` leaves out the
  label at 0 (the first one when ``\\tkzInit`` moved the origin).

``\\tkzAxeXY`` draws both axes, then labels both (``swap``: the labels first).
``trig`` and ``frac`` labels are reported and left out.
"""

from __future__ import annotations

import math

from geoverify.frontends.tikz.tkz_base import fmt, init_state, join_options, read_optional, run_tikz, tkz_options

__all__ = ["HANDLERS"]

_STYLES = {
    "xlabel style": "below=3pt, inner sep=1pt, outer sep=0pt",
    "ylabel style": "left=3pt, inner sep=1pt, outer sep=0pt",
    "xaxe style": ">=latex, ->",
    "yaxe style": ">=latex, ->",
}

_AXIS_KEYS = ("color", "label", "step", "noticks", "trig", "frac", "orig", "np off", "swap", "tickwd", "tickup",
              "tickdn", "ticklt", "tickrt", "right space", "left space", "up space", "down space")


def _styles(interp) -> None:
    for name, body in _STYLES.items():
        if interp.defs.get("style:" + name) is None:
            interp._define_style(name, body, False)


def _decimals(step: float) -> int:
    """``\\tkz@getdecimal``: how many decimals ``step`` is written with."""
    text = f"{step:.6f}".rstrip("0").rstrip(".")
    return len(text.split(".")[1]) if "." in text else 0


def _trunc(v: float, n: int) -> float:
    f = 10 ** n
    return math.trunc(v * f + (1e-9 if v >= 0 else -1e-9)) / f


def _range(a: float, step: float, b: float) -> list[float]:
    """``\\foreach`` over ``{a, a+step, ..., b}``."""
    if step == 0:
        return [a]
    n = int(math.floor((b - a) / step + 1e-9))
    return [a + k * step for k in range(max(n, -1) + 1)]


def _number(interp, text, default: float) -> float:
    if text is None or not str(text).strip():
        return default
    return interp.number(str(text), interp.st).value


def _dim(interp, text, default: float) -> float:
    if text is None or not str(text).strip():
        return default
    return interp.number(str(text), interp.st).value


def _grid(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    own, rest = tkz_options(opts, ("color", "sub", "subxstep", "subystep", "ratio", "line width"))
    st = init_state(interp)
    color = own.get("color") or "gray"
    lw = own.get("line width") or "0.4pt"
    corners = f"({fmt(st['xa'])},{fmt(st['ya'])}) grid ({fmt(st['xb'])},{fmt(st['yb'])})"
    code = []
    if "sub" in own and own["sub"] in (None, "true"):
        sx = _number(interp, own.get("subxstep"), 0.2) / st["xstep"]
        sy = _number(interp, own.get("subystep"), 0.2) / st["ystep"]
        code.append(f"\\draw[xstep={fmt(sx)}cm, ystep={fmt(sy)}cm, color={color}!50, line width=0.75pt] {corners};")
    extra = join_options(rest)
    code.append(f"\\draw[color={color}, line width={lw}{', ' + extra if extra else ''}] {corners};")
    run_tikz(interp, "\n".join(code), tok[1])


def _axis(interp, opts: str, which: str, draw: bool, labels: bool, pos) -> None:
    """One axis (``which`` x or y): its line and ticks (``draw``), its labels (``labels``)."""
    _styles(interp)
    own, rest = tkz_options(opts, _AXIS_KEYS)
    st = init_state(interp)
    x = which == "x"
    a, b = (st["xa"], st["xb"]) if x else (st["ya"], st["yb"])
    unit = st["xstep"] if x else st["ystep"]
    origin = st["xorigin"] if x else st["yorigin"]
    dec = _decimals(unit)
    color = own.get("color") or "black"
    extra = join_options(rest)
    extra = ", " + extra if extra else ""
    if own.get("trig") not in (None, "0") or own.get("frac") not in (None, "0"):
        interp.note("UNSUPPORTED", "tkz axis labels with trig/frac are not drawn", "\\tkzAxe" + which.upper())
        labels = False
    tick_a = _dim(interp, own.get("tickup" if x else "tickrt"), 2.0)
    tick_b = _dim(interp, own.get("tickdn" if x else "ticklt"), 2.0)
    code = []

    def at(p: float, q: str) -> str:
        return f"({fmt(p)},{q})" if x else f"({q},{fmt(p)})"

    if draw:
        lo = a - _number(interp, own.get("left space" if x else "down space"), 0.0)
        hi = b + _number(interp, own.get("right space" if x else "up space"), 0.5)
        label = own.get("label")
        label = ("$x$" if x else "$y$") if label is None else label
        code.append(f"\\draw[{which}axe style, color={color}{extra}] {at(lo, '0')} -- {at(hi, '0')} "
                     f"node[{which}label style{extra}] {{{label}}};")
        if not ("noticks" in own and own["noticks"] in (None, "true")):
            wd = own.get("tickwd") or "0.8pt"
            for p in _range(_trunc(a, dec), 1.0, _trunc(b, dec)):
                end = f"(0pt,{fmt(tick_a)}pt) -- (0pt,{fmt(-tick_b)}pt)" if x else \
                    f"({fmt(tick_a)}pt,0pt) -- ({fmt(-tick_b)}pt,0pt)"
                shift = f"({fmt(p)},0)" if x else f"(0,{fmt(p)})"
                code.append(f"\\draw[color={color}, line width={wd}, shift={{{shift}}}] {end};")
    if labels:
        lo, hi = _trunc(a, dec), _trunc(b, dec)
        step = _number(interp, own.get("step"), unit) / unit
        shown_zero = own.get("orig") not in ("false",)
        moved = st["xorigin"] != 0 or st["yorigin"] != 0  # tkz's "NO" frame
        for p in _range(lo, step, hi):
            p = _trunc(p, dec)
            if not shown_zero and abs(p - (lo if moved else 0.0)) < 1e-9:
                continue
            grad = _trunc(p * unit + origin, dec)
            text = str(int(round(grad))) if abs(grad - round(grad)) < 1e-9 else fmt(grad)
            end = f"(0pt,{fmt(tick_a)}pt) -- (0pt,{fmt(-tick_b)}pt)" if x else \
                f"({fmt(tick_a)}pt,0pt) -- ({fmt(-tick_b)}pt,0pt)"
            shift = f"({fmt(p)},0)" if x else f"(0,{fmt(p)})"
            # \tkz@showgrad leaves the space after a line's end before the formula (a
            # trailing one, after \tkz@Yresult's formula, TikZ takes off)
            text = f"\\space${text}$"
            code.append(f"\\path[shift={{{shift}}}] {end} node[{which}label style, fill=white{extra}] {{{text}}};")
    run_tikz(interp, "\n".join(code), pos)


def _macro(which: str, draw: bool, labels: bool):
    def handler(interp, reader, tok):
        opts = read_optional(interp, reader)
        for w in which:
            _axis(interp, opts, w, draw, labels, tok[1])
    return handler


def _axe_xy(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    own, _ = tkz_options(opts, ("swap",))
    if "swap" in own and own["swap"] in (None, "true"):
        order = (("x", False, True), ("y", False, True), ("x", True, False), ("y", True, False))
    else:
        order = (("x", True, False), ("y", True, False), ("x", False, True), ("y", False, True))
    for w, draw, labels in order:
        _axis(interp, opts, w, draw, labels, tok[1])


def _axe(which: str):
    def handler(interp, reader, tok):
        opts = read_optional(interp, reader)
        if which == "x":  # \tkzAxeX labels first; \tkzAxeY draws first
            _axis(interp, opts, "x", False, True, tok[1])
            _axis(interp, opts, "x", True, False, tok[1])
        else:
            _axis(interp, opts, "y", True, False, tok[1])
            _axis(interp, opts, "y", False, True, tok[1])
    return handler


HANDLERS = {
    "\\tkzGrid": _grid,
    "\\tkzDrawX": _macro("x", True, False),
    "\\tkzDrawY": _macro("y", True, False),
    "\\tkzLabelX": _macro("x", False, True),
    "\\tkzLabelY": _macro("y", False, True),
    "\\tkzDrawXY": _macro("xy", True, False),
    "\\tkzLabelXY": _macro("xy", False, True),
    "\\tkzAxeX": _axe("x"),
    "\\tkzAxeY": _axe("y"),
    "\\tkzAxeXY": _axe_xy,
}
