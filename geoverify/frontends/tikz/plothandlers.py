"""pgf's plot handlers: the path a handler makes of a stream of points.

Each handler follows its definition in ``pgflibraryplothandlers.code.tex`` (and
``pgfcorepathconstruct`` for ``lineto``/``polygon``/``discard``). Points are pgf
coordinates before the current transformation; the result is a list of path
operations in the same coordinates:

- ``("M", p)``, ``("L", p)``, ``("C", c1, c2, p)``, ``("Z",)``.

Handlers: ``lineto``, ``polygon``, ``discard``, ``curveto`` and ``closedcurve``
(supports at ``0.2775 * tension * (p[i+1] - p[i-1])``), ``constantlineto``,
``constantlinetomarkright``, ``constantlinetomarkmid``, ``jumpmarkleft``,
``jumpmarkright``, ``jumpmarkmid``, ``xcomb``, ``ycomb``, ``polarcomb``,
``ybar``, ``xbar`` (``bar width``, ``bar shift``), ``ybarinterval``,
``xbarinterval`` (``bar interval width``, ``bar interval shift``), and the
marks' ``gaplineto``/``gapcycle`` (``gap around stream point`` 1.5pt). The zero
level of combs and bars is 0pt, pgf's ``\\pgfplot[xy]zerolevelstreamconstant``.

TikZ selects a handler by a key (``smooth``, ``ycomb``, ``ybar interval`` ...,
:data:`TIKZ_HANDLER_KEYS`); the bar keys live in ``/pgf`` (:data:`BAR_KEYS`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from geoverify.frontends.tikz.pgfmath import whole

__all__ = ["BAR_KEYS", "HANDLERS", "TIKZ_HANDLER_KEYS", "BarOptions", "bar_options", "handler_path", "mark_indices",
           "plot_key"]

_TENSION = 0.2775  # \pgfsetplottension: the factor of the difference vector
_GAP = 1.5  # /pgf/gap around stream point, pt

#: The handler names (``\\pgfplothandler<name>``) :func:`handler_path` draws.
HANDLERS = frozenset({
    "lineto", "polygon", "discard", "curveto", "closedcurve", "constantlineto", "constantlinetomarkright",
    "constantlinetomarkmid", "jumpmarkleft", "jumpmarkright", "jumpmarkmid", "xcomb", "ycomb", "polarcomb",
    "ybar", "xbar", "ybarinterval", "xbarinterval", "gaplineto", "gapcycle"})

#: TikZ's plot keys (tikz.code.tex, "Plot options") and the handler each selects.
TIKZ_HANDLER_KEYS = {
    "sharp plot": "lineto", "sharp cycle": "polygon", "smooth": "curveto", "smooth cycle": "closedcurve",
    "xcomb": "xcomb", "ycomb": "ycomb", "polar comb": "polarcomb", "ybar": "ybar", "xbar": "xbar",
    "ybar interval": "ybarinterval", "xbar interval": "xbarinterval", "const plot": "constantlineto",
    "const plot mark left": "constantlineto", "const plot mark right": "constantlinetomarkright",
    "const plot mark mid": "constantlinetomarkmid", "jump mark left": "jumpmarkleft",
    "jump mark right": "jumpmarkright", "jump mark mid": "jumpmarkmid", "only marks": "discard",
}

#: ``/pgf/bar ...`` keys and their initial values (pgflibraryplothandlers).
BAR_KEYS = {"bar width": 10.0, "bar shift": 0.0, "bar interval width": 1.0, "bar interval shift": 0.5}


@dataclass(frozen=True)
class BarOptions:
    """The bar handlers' parameters: widths and shifts in pt, interval ones as fractions."""

    width: float = 10.0
    shift: float = 0.0
    interval_width: float = 1.0
    interval_shift: float = 0.5
    tension: float = 0.5


def _rect(out: list, x: float, y: float, w: float, h: float) -> None:
    """``\\pgfpathrectangle{(x, y)}{(w, h)}``: corner, then counter-clockwise for positive sizes."""
    out += [("M", (x, y)), ("L", (x + w, y)), ("L", (x + w, y + h)), ("L", (x, y + h)), ("Z",)]


def _curveto(pts: list, t: float, first: str) -> list:
    """pgf's curve-to handler: the ends' outer supports sit on the ends."""
    out = [(first, pts[0])]
    n = len(pts)
    for i in range(n - 1):
        p1, p2 = pts[i], pts[i + 1]
        if i == 0:
            c1 = p1
        else:
            p0 = pts[i - 1]
            c1 = (p1[0] + t * (p2[0] - p0[0]), p1[1] + t * (p2[1] - p0[1]))
        if i == n - 2:
            c2 = p2
        else:
            p3 = pts[i + 2]
            c2 = (p2[0] - t * (p3[0] - p1[0]), p2[1] - t * (p3[1] - p1[1]))
        out.append(("C", c1, c2, p2))
    return out


def _closedcurve(pts: list, t: float) -> list:
    """pgf's closed-curve handler: every point gets supports from its two neighbours; the
    path starts at the second point and ends with the curve from the first to the second."""
    n = len(pts)
    if n < 3:
        return [("M", pts[1])] if n == 2 else []
    ext = [pts[-1]] + pts + [pts[0], pts[1]]
    out = [("M", pts[1])]
    for i in list(range(2, n + 1)) + [1]:
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        c1 = (p1[0] + t * (p2[0] - p0[0]), p1[1] + t * (p2[1] - p0[1]))
        c2 = (p2[0] - t * (p3[0] - p1[0]), p2[1] - t * (p3[1] - p1[1]))
        out.append(("C", c1, c2, p2))
    out.append(("Z",))
    return out


def _bars(pts: list, handler: str, bars: BarOptions) -> list:
    out: list = []
    if handler == "ybar":
        for x, y in pts:
            _rect(out, x - 0.5 * bars.width + bars.shift, 0.0, bars.width, y)
    elif handler == "xbar":
        for x, y in pts:
            _rect(out, 0.0, y - 0.5 * bars.width + bars.shift, x, bars.width)
    else:  # an interval bar for each pair of neighbours, as high as the left one
        vertical = handler == "ybarinterval"
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            a0, a1, h = (x0, x1, y0) if vertical else (y0, y1, x0)
            span = a1 - a0
            w = bars.interval_width * span
            c = a0 + bars.interval_shift * span - 0.5 * w
            if vertical:
                _rect(out, c, 0.0, w, h)
            else:
                _rect(out, 0.0, c, h, w)
    return out


def handler_path(points: list, handler: str, bars: BarOptions = BarOptions(), join: bool = False) -> list:
    """The path operations plot handler ``handler`` makes of ``points``.

    Parameters
    ----------
    points : list of (float, float)
        The stream's points, pgf coordinates before the transformation.
    handler : str
        A name of :data:`HANDLERS`.
    bars : BarOptions
        Bar widths and shifts, and the curve tension.
    join : bool
        The first point is reached by a line (``-- plot``) rather than a move.

    Returns
    -------
    list of tuple
        ``("M", p)``, ``("L", p)``, ``("C", c1, c2, p)`` and ``("Z",)`` operations.
    """
    pts = [(float(x), float(y)) for x, y in points]
    if not pts or handler == "discard":
        return []
    first = "L" if join else "M"
    out: list = []
    if handler == "curveto":
        return _curveto(pts, _TENSION * bars.tension, first) if len(pts) > 1 else [(first, pts[0])]
    if handler == "closedcurve":
        return _closedcurve(pts, _TENSION * bars.tension)
    if handler in ("ybar", "xbar", "ybarinterval", "xbarinterval"):
        return _bars(pts, handler, bars)
    if handler in ("xcomb", "ycomb", "polarcomb"):
        for x, y in pts:
            base = (0.0, 0.0) if handler == "polarcomb" else (0.0, y) if handler == "xcomb" else (x, 0.0)
            out += [("M", base), ("L", (x, y))]
        return out
    if handler in ("gaplineto", "gapcycle"):
        seq = pts + [pts[0]] if handler == "gapcycle" and len(pts) > 1 else pts
        for (x0, y0), (x1, y1) in zip(seq, seq[1:]):
            n = math.hypot(x1 - x0, y1 - y0)
            ux, uy = ((x1 - x0) / n, (y1 - y0) / n) if n else (0.0, 0.0)
            out += [("M", (x0 + _GAP * ux, y0 + _GAP * uy)), ("L", (x1 - _GAP * ux, y1 - _GAP * uy))]
        return out
    out.append((first, pts[0]))
    last = pts[0]
    for p in pts[1:]:
        xm = 0.5 * (last[0] + p[0])
        if handler == "constantlineto":
            out += [("L", (p[0], last[1])), ("L", p)]
        elif handler == "constantlinetomarkright":
            out += [("L", (last[0], p[1])), ("L", p)]
        elif handler == "constantlinetomarkmid":
            out += [("L", (xm, last[1])), ("L", (xm, p[1])), ("L", p)]
        elif handler == "jumpmarkleft":
            out += [("L", (p[0], last[1])), ("M", p)]
        elif handler == "jumpmarkright":
            out += [("M", (last[0], p[1])), ("L", p)]
        elif handler == "jumpmarkmid":
            out += [("L", (xm, last[1])), ("M", (xm, p[1])), ("L", p)]
        else:  # lineto, polygon
            out.append(("L", p))
        last = p
    if handler == "polygon":
        out.append(("Z",))
    return out


def mark_indices(n: int, repeat: int = 1, phase: int = 1, listed=None) -> list[int]:
    """The 0-based indices of the points that get a mark: pgf's mark handler counts
    from ``repeat - phase`` and marks when the count reaches ``repeat`` (so points
    ``phase, phase + repeat, ...``, 1-based); ``\\pgfplothandlermarklisted`` marks the
    1-based indices ``listed`` (counted the same way, with the default phase 1)."""
    count = repeat - phase
    out = []
    for i in range(n):
        count += 1
        if listed is not None:
            if count in listed:
                out.append(i)
        elif count >= repeat:
            count = 0
            out.append(i)
    return out


def bar_options(st: dict) -> BarOptions:
    """The bar and tension parameters in force in graphic state ``st``."""
    bars = st.get("plot_bars") or {}
    return BarOptions(width=bars.get("bar width", 10.0), shift=bars.get("bar shift", 0.0),
                      interval_width=bars.get("bar interval width", 1.0),
                      interval_shift=bars.get("bar interval shift", 0.5), tension=float(st.get("tension", 0.5)))


def plot_key(ctx, st: dict, key: str, val) -> bool:
    """Apply one of TikZ's plot keys to ``st``; False when ``key`` is not one.

    A handler key sets ``plot_handler`` (and ``smooth``/``closed_plot``, which pgfplots
    reads); ``bar ...`` keys go to ``plot_bars``; ``mark size``, ``mark options``,
    ``mark repeat``, ``mark phase`` and ``mark indices`` to the like-named entries;
    ``no marks``/``no markers`` clear the mark.
    """
    if key in TIKZ_HANDLER_KEYS and val is None:
        handler = TIKZ_HANDLER_KEYS[key]
        st["plot_handler"] = handler
        st["smooth"] = handler in ("curveto", "closedcurve")
        st["closed_plot"] = handler in ("closedcurve", "polygon")
        return True
    if key in ("no marks", "no markers") and val is None:
        st["mark"] = None
        return True
    if val is None:
        return False
    if key in BAR_KEYS:
        value = ctx.number(val, st).value
        st["plot_bars"] = {**(st.get("plot_bars") or {}), key: value}
        return True
    if key == "mark size":
        st["mark_size"] = ctx.number(val, st).value
    elif key == "mark options":
        st["mark_options"] = val
    elif key in ("mark repeat", "mark phase"):
        st["mark_" + key.split()[1]] = whole(ctx.number(val, st).value, rounded=True)
    elif key == "mark indices":
        st["mark_indices"] = val
    else:
        return False
    return True
