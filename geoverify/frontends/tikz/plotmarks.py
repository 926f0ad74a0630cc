"""TikZ's plot marks: ``plot[mark=...]`` draws a mark at each plot point.

As ``\\tikz@@@plot`` does: after the path, in a scope with the ``every mark`` style
(``mark options``), ``\\pgfplothandlermark`` (or ``...marklisted`` for ``mark
indices``) shifts the coordinate system to each point (the transformation in force
stays, so ``scale`` scales the marks) and draws ``\\pgfuseplotmark``: pgf's outline
at ``mark size`` (2pt), filled and stroked for the ``*`` marks, stroked for the
others (:func:`~geoverify.frontends.tikz.pgfplots_marks.mark_outlines`). Marks other
than ``*``, ``x``, ``+`` need the ``plotmarks`` library; without it pgf draws nothing.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.emit import DOT_MAX_RADIUS, path_style
from geoverify.frontends.tikz.pgfmath import whole
from geoverify.frontends.tikz.pgfplots_marks import mark_outlines
from geoverify.frontends.tikz.plothandlers import mark_indices
from geoverify.scene.primitives import Circle, Dot, Ellipse, Polyline

__all__ = ["CORE_MARKS", "draw_plot_marks"]

#: The marks pgf defines without the plotmarks library (``ball`` is TikZ's own).
CORE_MARKS = ("*", "x", "+", "ball")


def _listed(interp, st: dict) -> set[int] | None:
    text = st.get("mark_indices")
    if not text:
        return None
    from geoverify.frontends.tikz.interpreter import expand_list
    return {whole(interp.number(v, st).value, rounded=True) for v in expand_list(interp, text)}


def draw_plot_marks(interp, pts, st: dict, loc) -> None:
    """Draw ``st["mark"]`` at the canvas points ``pts`` of a plot."""
    mark = str(st.get("mark") or "").strip()
    if not mark or mark == "none":
        return
    if mark not in CORE_MARKS and "plotmarks" not in interp.libraries:
        interp.note("NOTE", f"plot mark '{mark}' needs the plotmarks library, which the figure does not load: "
                    "pgf draws nothing", "mark", loc)
        return
    size = float(st.get("mark_size") or 2.0)
    pieces = mark_outlines(mark, size)
    if pieces is None:
        interp.note("UNSUPPORTED", f"plot mark '{mark}' is not interpreted", "mark", loc)
        return
    mst = dict(st)
    if st.get("mark_options"):
        interp.apply_options(mst, st["mark_options"])
    filled = mark.endswith("*")
    lin = mst["ctm"][:4] + (0.0, 0.0)
    det = abs(lin[0] * lin[3] - lin[1] * lin[2])
    similar = abs(lin[0] - lin[3]) < 1e-9 and abs(lin[1] + lin[2]) < 1e-9
    indices = mark_indices(len(pts), int(st.get("mark_repeat", 1)), int(st.get("mark_phase", 1)), _listed(interp, st))
    for i in indices:
        p = pts[i]
        for kind, *data in pieces:
            fill = filled and (kind == "circle" or bool(data[1]))
            style = path_style(mst, True, fill)
            if kind == "circle":
                r = data[0] * math.sqrt(det)
                if similar:
                    cls = Dot if fill and r <= DOT_MAX_RADIUS else Circle
                    interp.scene.add(cls(center=p, radius=r, style=style, source=loc, panel=interp.panel))
                else:
                    rx, ry, rot, _, _ = G.ellipse_axes(G.apply_linear(lin, (data[0], 0.0)),
                                                       G.apply_linear(lin, (0.0, data[0])))
                    interp.scene.add(Ellipse(center=p, rx=rx, ry=ry, rotation=rot, style=style, source=loc,
                                             panel=interp.panel))
                continue
            q, closed = data
            outline = np.array([(p[0] + v[0], p[1] + v[1]) for v in (G.apply_linear(lin, a) for a in q)])
            interp.scene.add(Polyline(points=outline, closed_flag=bool(closed), style=style, source=loc,
                                      panel=interp.panel))
