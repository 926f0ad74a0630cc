"""``pic`` types of the ``angles`` library: ``angle`` and ``right angle``.

``pic[draw, angle radius=r, angle eccentricity=e, "label"]{angle=A--B--C}``
draws the arc at B from ray BA counter-clockwise to ray BC (radius 5 mm by
default); ``right angle`` draws the two-segment square mark (its side is the
angle radius / sqrt 2 along each ray, pgf's ``right angle`` pic). A quoted
label sits at ``angle eccentricity`` (default 0.6) times the radius on the
bisector.
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.errors import FigureSyntaxError, SourceLocation
from geoverify.frontends.tikz.emit import path_style
from geoverify.frontends.tikz.options import UNITS_PT, split_options
from geoverify.scene.primitives import Arc, Arrow, Polyline, Style

__all__ = ["draw_pic"]


def draw_pic(interp, opts: str, body: str, st: dict, loc) -> None:
    # tikzlibraryangles: pics/angle/.default=A--B--C (right angle has no default)
    body = re.sub(r"^\s*angle\s*$", "angle=A--B--C", body.strip())
    m = re.match(r"\s*(angle|right angle)\s*=\s*(.+)$", body, re.S)
    if not m:
        interp.note("UNSUPPORTED", f"pic '{body.strip()[:40]}' is not interpreted", "pic", loc)
        return
    kind = m.group(1)
    names = [x.strip().strip("()") for x in m.group(2).split("--")]
    if len(names) != 3:
        raise FigureSyntaxError(f"pic {kind}={m.group(2)} needs three points A--B--C")
    from geoverify.frontends.tikz.coords import evaluate_coordinate
    A, B, C = (evaluate_coordinate(interp, n, st).point for n in names)
    pst = dict(st)
    radius = 5 * UNITS_PT["mm"]
    ecc = 0.6
    label = None
    rest = []
    for key, val in split_options(opts):
        if key == "angle radius" and val:
            # \pgfmathsetmacro of the key: a plain number is in points
            radius = interp.number(val, st).value
        elif key == "angle eccentricity" and val:
            ecc = interp.number(val, st).value
        elif key.startswith('"'):
            q = re.match(r'^"(.*)"(.*)$', key + ("=" + val if val else ""), re.S)
            label = (q.group(1), q.group(2).strip()) if q else (key.strip('"'), "")
        else:
            rest.append((key, val))
    pst["draw"] = None
    pst["fill"] = None
    from geoverify.frontends.tikz.options import apply_options
    apply_options(interp.ctx, pst, rest)
    a1 = math.atan2(A[1] - B[1], A[0] - B[0])
    a2 = math.atan2(C[1] - B[1], C[0] - B[0])
    sweep = (a2 - a1) % (2 * math.pi)
    draw = pst["draw"] is not None
    fill = pst["fill"] is not None
    source = SourceLocation(loc.line, loc.column, loc.file, "pic " + kind)
    if draw or fill:
        style = path_style(pst, draw, fill)
        if kind == "angle":
            idx = interp.scene.add(Arc(center=B, rx=radius, ry=radius, start=a1, sweep=sweep, style=style,
                                       source=source, panel=interp.panel))
            # arrow tips of the pic's arc (e.g. pic[draw, ->] {angle=...})
            head = {"fill": style.stroke, "stroke": style.stroke, "stroke_width": style.stroke_width}
            for which, tip_name, ang, sgn in (("end", pst["arrow_end"], a1 + sweep, 1.0),
                                             ("start", pst["arrow_start"], a1, -1.0)):
                if tip_name is None or tip_name.startswith("!"):
                    continue
                tip = (B[0] + radius * math.cos(ang), B[1] + radius * math.sin(ang))
                d = (-math.sin(ang) * sgn, math.cos(ang) * sgn)
                interp.scene.add(Arrow(tip=tip, direction=d, position=which, carrier=idx,
                                       style=Style(**head), source=source, panel=interp.panel))
        else:
            s = radius
            u = (math.cos(a1), math.sin(a1))
            v = (math.cos(a2), math.sin(a2))
            p1 = (B[0] + s * u[0], B[1] + s * u[1])
            p3 = (B[0] + s * v[0], B[1] + s * v[1])
            p2 = (p1[0] + s * v[0], p1[1] + s * v[1])
            interp.scene.add(Polyline(points=np.array([p1, p2, p3]), style=style, source=source, panel=interp.panel))
    if label is not None:
        mid = a1 + sweep / 2
        reach = ecc * radius * (1.4142136 if kind == "right angle" else 1.0)
        p = (B[0] + reach * math.cos(mid), B[1] + reach * math.sin(mid))
        nst = interp.node_state(st, label[1])
        interp.place_node(nst, None, p, label[0], loc)
