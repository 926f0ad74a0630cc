"""Markers (``marker-start``, ``marker-mid``, ``marker-end``) to arrows and dots.

A marker is drawn at path vertices: start at the first vertex, end at the last,
mid at every other one (subpath joins included). It becomes:

- a :class:`Dot` when its content is only circles/ellipses (a dot marker);
- otherwise an :class:`Arrow`. Its tip is where the drawn head's point is: the
  vertex moved along the marker's axis by the distance from the marker's
  reference point (``refX``) to the head's point, which is the vertex itself in
  the usual ``refX``-at-the-tip convention (Penrose instead puts ``refX`` at
  the head's base and stops the path short, so the tip lies past the path end).
  The direction is where the drawn shape actually points: the content is inspected once to find which
  end along its x axis is the tip (the narrower end), and the marker's x axis
  is placed as the renderer would place it (``orient="auto"``: the path
  tangent; ``auto-start-reverse``: reversed at the start; an angle: that angle
  in the path's user space). When the content has no tip (a bar, a diamond),
  the conventional direction is used: forward tangent at end and mid
  vertices, backward (out of the path) at the start.

Tangents at a vertex use the first non-degenerate control-point difference, so
cubic segments with coincident control points still get a direction; a mid
vertex uses the bisector of the incoming and outgoing tangents (SVG's rule).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from geoverify.frontends.svg.units import parse_float, parse_length
from geoverify.frontends.svg.viewport import parse_viewbox
from geoverify.scene.primitives import Arrow, Circle, Dot, Ellipse, TextLabel

__all__ = ["MarkerShape", "analyse_marker", "marker_vertices", "marker_primitives"]


@dataclass(frozen=True, slots=True)
class MarkerShape:
    """What a marker's content looks like, in the marker's own coordinates.

    Attributes
    ----------
    kind : str
        ``"dot"``, ``"arrow"`` or ``"empty"``.
    sign : int
        +1 when the tip is at the +x end, -1 at the -x end, 0 when there is none.
    radius : float
        Radius of a dot marker in marker content units.
    content_scale : float
        Marker content units per referencing-element stroke width (or user unit).
    stroke_units : bool
        ``markerUnits="strokeWidth"`` (the default).
    orient : str
    tip_offset : float
        Signed distance along the marker's x axis from the reference point to the
        head's point, in marker content units.
    """

    kind: str
    sign: int
    radius: float
    content_scale: float
    stroke_units: bool
    orient: str
    tip_offset: float = 0.0


def analyse_marker(node, content) -> MarkerShape:
    """Classify a marker from its content primitives.

    Parameters
    ----------
    node : Node
        The ``<marker>`` element.
    content : list of Primitive
        Its children drawn with the identity transform (marker content units, y down).
    """
    a = node.attrs
    orient = a.get("orient", "0").strip()
    stroke_units = a.get("markerUnits", "strokeWidth") != "userSpaceOnUse"
    vb = parse_viewbox(a.get("viewBox"))
    mw = parse_length(a.get("markerWidth"), default=3.0)
    mh = parse_length(a.get("markerHeight"), default=3.0)
    scale = min(mw / vb[2], mh / vb[3]) if vb else 1.0
    drawn = [p for p in content if not isinstance(p, TextLabel)]
    if not drawn:
        return MarkerShape("empty", 0, 0.0, scale, stroke_units, orient)
    if all(isinstance(p, (Circle, Dot, Ellipse)) for p in drawn):
        r = max(p.radius if isinstance(p, (Circle, Dot)) else max(p.rx, p.ry) for p in drawn)
        return MarkerShape("dot", 0, r, scale, stroke_units, orient)
    pts = np.vstack([np.asarray(_points(p)) for p in drawn])
    sign = _tip_sign(pts)
    ref_x = parse_float(a.get("refX"), 0.0) or 0.0
    tip = float(pts[:, 0].max()) if sign > 0 else float(pts[:, 0].min()) if sign < 0 else ref_x
    return MarkerShape("arrow", sign, 0.0, scale, stroke_units, orient, tip - ref_x)


def _points(p):
    if isinstance(p, Dot):
        return p.center[None]
    return np.vstack([sp.controls.reshape(-1, 2) for sp in p.subpaths()])


def _tip_sign(pts: np.ndarray) -> int:
    # The tip is the x-end whose points spread least across y.
    x, y = pts[:, 0], pts[:, 1]
    xmin, xmax = float(x.min()), float(x.max())
    width = xmax - xmin
    height = float(y.max() - y.min())
    if width <= 0:
        return 0
    band = 0.1 * width
    lo = y[x <= xmin + band]
    hi = y[x >= xmax - band]
    spread_lo = float(lo.max() - lo.min()) if lo.size else 0.0
    spread_hi = float(hi.max() - hi.min()) if hi.size else 0.0
    if abs(spread_lo - spread_hi) <= 0.2 * max(height, 1e-12):
        return 0
    return 1 if spread_hi < spread_lo else -1


def _unit(v):
    n = math.hypot(v[0], v[1])
    return v / n if n > 0 else None


def _out_tangent(c):
    for j in (1, 2, 3):
        u = _unit(c[j] - c[0])
        if u is not None:
            return u
    return None


def _in_tangent(c):
    for j in (2, 1, 0):
        u = _unit(c[3] - c[j])
        if u is not None:
            return u
    return None


def marker_vertices(parts) -> list[tuple[str, np.ndarray, np.ndarray]]:
    """Vertices of a canvas outline with their forward directions.

    Parameters
    ----------
    parts : list of Subpath
        Canvas subpaths.

    Returns
    -------
    list of (position, point (2,), direction (2,))
        ``position`` is ``"start"``, ``"mid"`` or ``"end"``.
    """
    out = []
    n_parts = len(parts)
    for si, sp in enumerate(parts):
        c = sp.controls
        k = len(c)
        for v in range(k + 1):
            if v == 0:
                d = _out_tangent(c[0])
            elif v == k:
                d = _in_tangent(c[-1])
            else:
                din, dout = _in_tangent(c[v - 1]), _out_tangent(c[v])
                if din is None or dout is None:
                    d = din if dout is None else dout
                else:
                    d = _unit(din + dout)
                    if d is None:
                        d = dout
            first = si == 0 and v == 0
            last = si == n_parts - 1 and v == k
            pos = "start" if first else "end" if last else "mid"
            point = c[0, 0] if v == 0 else c[v - 1, 3]
            out.append((pos, point.copy(), d if d is not None else np.zeros(2)))
    return out


def marker_primitives(parts, markers: dict, m: np.ndarray, stroke_width_user: float, carrier: int, common: dict):
    """Arrows and dots for the markers of one element.

    Parameters
    ----------
    parts : list of Subpath
        The element's canvas outline.
    markers : dict
        ``{"start" | "mid" | "end": MarkerShape}``.
    m : (3, 3) float64
        The element's user -> canvas map.
    stroke_width_user : float
        The element's stroke width in user units (scales ``strokeWidth`` markers).
    carrier : int
        Scene index of the element's primitive.
    common : dict
        ``source``, ``panel``, ``clipped`` and ``style`` for the new primitives.
    """
    out = []
    lin = m[:2, :2]
    scale = math.sqrt(abs(np.linalg.det(lin)))
    for pos, point, fwd in marker_vertices(parts):
        shape = markers.get(pos)
        if shape is None or shape.kind == "empty":
            continue
        if shape.kind == "dot":
            units = stroke_width_user if shape.stroke_units else 1.0
            out.append(Dot(center=point, radius=shape.radius * shape.content_scale * units * scale, **common))
            continue
        orient = shape.orient
        if orient in ("auto", "auto-start-reverse"):
            axis = -fwd if (orient == "auto-start-reverse" and pos == "start") else fwd
        else:
            ang = math.radians(parse_float(orient.replace("deg", ""), 0.0) or 0.0)
            axis = _unit(lin @ np.array([math.cos(ang), math.sin(ang)]))
        if shape.sign != 0 and axis is not None:
            direction = shape.sign * axis
            units = stroke_width_user if shape.stroke_units else 1.0
            tip = point + axis * (shape.tip_offset * shape.content_scale * units * scale)
        else:
            direction = -fwd if pos == "start" else fwd
            tip = point
        out.append(Arrow(tip=tip, direction=direction, position=pos, carrier=carrier, **common))
    return out
