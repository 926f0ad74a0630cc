"""pgfplots' error bars, drawn as ``/pgfplots/error bars/draw error bar`` does.

Each bar is ``\\draw p -- q node[pos=1, sloped, allow upside down] {\\tikz[<error mark
options>]{\\pgfuseplotmark{<error mark>}}}`` (``pgfplots.code.tex``): a line from the point
to the bar's end and the ``error mark`` (``-`` unless set) at the end, turned by its
options (``rotate=90`` unless set) and then by the bar's direction, its outline's box
centred on the end. A bar of length 0 shows its mark only, turned as a bar upwards. The bar's ends come from
:func:`~geoverify.frontends.tikz.pgfplots_plots._error_bars` (NaN: no bar on that side).
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.emit import emit_path
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pathbuild import PathBuilder
from geoverify.frontends.tikz.pgfplots_marks import mark_outlines

__all__ = ["draw_error_bars"]


def _mark_pieces(interp, plot):
    """The error mark's outline pieces at the origin, turned by ``error mark options``."""
    keys = getattr(plot, "error_keys", None) or {}
    mark = (keys.get("error mark") or "-").strip()
    opts = keys.get("error mark options")
    opts = "rotate=90" if opts is None else opts
    angle, scale = 0.0, 1.0
    for k, v in split_options(opts):
        if k == "rotate" and v:
            angle += interp.number(v, plot.st).value
        elif k == "scale" and v:
            scale *= interp.number(v, plot.st).value
        elif k in ("xscale", "yscale", "xshift", "yshift", "shift", "xslant", "yslant", "cm"):
            interp.note("APPROXIMATED", f"error mark option '{k}' is not applied to the mark", k, plot.loc)
    if mark in ("none", ""):
        return [], angle
    pieces = mark_outlines(mark, 2.0 * scale)
    if pieces is None:
        interp.note("UNSUPPORTED", f"error mark '{mark}' is not interpreted", "error mark", plot.loc)
        return [], angle
    return pieces, angle


def _placed(pieces, angle: float, at):
    """Polylines of ``pieces`` turned by ``angle`` degrees, their box centred on ``at``."""
    rot = G.rotation(angle)
    outlines = []
    for kind, *data in pieces:
        if kind == "circle":
            r = data[0]
            n = 32
            q = [(r * math.cos(2 * math.pi * k / n), r * math.sin(2 * math.pi * k / n)) for k in range(n)]
            outlines.append((q, True))
        else:
            outlines.append(([G.apply(rot, p) for p in data[0]], bool(data[1])))
    allp = np.array([p for q, _ in outlines for p in q], dtype=float)
    centre = (allp.min(axis=0) + allp.max(axis=0)) / 2 if len(allp) else np.zeros(2)
    return [([(at[0] + p[0] - centre[0], at[1] + p[1] - centre[1]) for p in q], closed) for q, closed in outlines]


def draw_error_bars(interp, plot, full) -> None:
    """The error bars of ``plot`` (data to canvas by ``full``)."""
    st = dict(plot.st, dash=None, fill=None, arrow_start=None, arrow_end=None)
    pieces, angle = _mark_pieces(interp, plot)
    keys = getattr(plot, "error_keys", None) or {}
    mark = (keys.get("error mark") or "-").strip()
    mst = dict(st, fill="current") if mark.endswith("*") else st
    for (x, y), e in zip(plot.points, plot.errors):
        if not (math.isfinite(x) and math.isfinite(y)):
            continue
        p = G.apply(full, (x, y))
        for q_data, size in (((x - e[0], y), e[0]), ((x + e[1], y), e[1]), ((x, y - e[2]), e[2]),
                             ((x, y + e[3]), e[3])):
            if not math.isfinite(size):
                continue
            q = G.apply(full, q_data)
            b = PathBuilder()
            b.move_to(p)
            b.line(p, q)
            emit_path(interp.scene, b, st, draw=True, fill=False, source=plot.loc, panel=interp.panel)
            # sloped at pos=1: the direction of the bar (pgf normalises a zero vector to (0, 1))
            slope = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) if (q[0], q[1]) != (p[0], p[1]) else 90.0
            for outline, closed in _placed(pieces, angle + slope, q):
                b = PathBuilder()
                b.polyline(outline, closed)
                emit_path(interp.scene, b, mst, draw=True, fill=closed and mark.endswith("*"), source=plot.loc,
                          panel=interp.panel)
