"""Shapes of ``shapes.gates.ee`` and ``shapes.gates.ee.IEC`` (the symbols of ``circuits.ee.IEC``).

All lengths in pt, in the node's frame (centre at the origin). The rectangle family
(``rectangle ee``, ``capacitor IEC``, ``ground IEC``, ``battery IEC``, ``breakdown diode
IEC``, ``generic diode IEC``, ``var resistor IEC``) has the rectangle's size: half sizes
``hw = max(w/2 + inner xsep, minimum width/2)``, ``hh`` likewise, the corners
``(±hw, ±hh)`` (outer sep not included) between which each background path is drawn:

- capacitor: the two sides ``x = ±hw``; battery: the left side and the right one
  shortened by a quarter of the height at both ends; ground: the left side, a middle line
  shortened by a sixth at both ends and the right side shortened by a third;
- var resistor: a zigzag on the middle line, one tooth (up by ``hh`` a quarter on, down
  at three quarters, back at the end) per ``4 hh`` while it fits (0.1 pt to spare),
  then a line to the right side;
- generic diode: the triangle ``(-hw, -hh), (-hw, hh), (hw - line width/2, 0)``, in front
  of it the middle line and the code of ``/pgf/generic diode IEC/before background`` in a
  frame at ``(hw, 0)`` scaled by ``hh`` (a bar: ``(0, -1pt) -- (0, 1pt)``);
- breakdown diode: two triangles meeting in the centre, the middle line and a bent bar.

``inductor IEC``, ``make contact IEC``, ``var make contact IEC`` and ``break contact IEC``
stand on the x axis: ``minimum width`` wide and ``minimum height`` high from ``y = 0``
(the inductor: half circles of radius ``minimum height`` side by side while they fit,
then a line; the make contact: a line from ``(-w/2, 0)`` up to ``(w/2, h)``; the break
contact adds a hook at the right fifth; the var make contact starts at a small circle of
radius ``w/12``). Their border is that box, below the axis only 0.5 pt deep (outer sep
added). ``circle ee`` and ``generic circle IEC`` are circles; the latter runs
``/pgf/generic circle IEC/before background`` in a frame at the centre scaled by the
radius. ``direction ee`` (``current direction``) is a box as long as its arrow head, the
head's tip at the box's east side. Every shape has ``input`` and ``output`` anchors at the
ends of its middle line. The annotations of ``circuits.ee`` (``light emitting`` ...) are
drawn after their symbol (:func:`draw_annotations`).
"""

from __future__ import annotations

import math
import re

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.splitting import split_top_level

__all__ = ["EE_SHAPES", "ANNOTATIONS", "ee_shape", "ee_circle_anchors", "emit_ee_front", "draw_annotations"]

#: shape -> the shape its size and border follow: "rectangle", "circle", "axis" (standing on the x axis)
#: or "direction" (direction ee)
EE_SHAPES = {
    "rectangle ee": "rectangle", "capacitor IEC": "rectangle", "ground IEC": "rectangle", "battery IEC": "rectangle",
    "breakdown diode IEC": "rectangle", "generic diode IEC": "rectangle", "var resistor IEC": "rectangle",
    "inductor IEC": "axis", "make contact IEC": "axis", "var make contact IEC": "axis", "break contact IEC": "axis",
    "circle ee": "circle", "generic circle IEC": "circle", "direction ee": "direction",
}


def _lines(*pts, closed=False):
    """One subpath through ``pts``: (list of (4, 2) control lists, closed)."""
    from geoverify.scene.primitives import line_controls
    return ([line_controls(a, b).tolist() for a, b in zip(pts, pts[1:])], closed)


def ee_shape(shape: str, nst: dict, text_w: float, text_hd: float, ixs: float, iys: float, outer: float) -> dict:
    """Outline, border and anchors of ``shape`` (a polygon node, as
    :func:`.geoshapes.polygon_shape` gives them) plus ``parts``: the background path's
    subpaths (lists of cubic controls, closed flag), drawn instead of the outline."""
    if EE_SHAPES[shape] == "axis":
        return _axis_shape(shape, nst, outer)
    if shape == "direction ee":
        return _direction_shape(nst)
    hw = max(text_w / 2 + ixs, nst["min_width"] / 2)
    hh = max(text_hd / 2 + iys, nst["min_height"] / 2)
    xa, ya, xb, yb = -hw, -hh, hw, hh
    if shape == "capacitor IEC":
        parts = [_lines((xa, ya), (xa, yb)), _lines((xb, ya), (xb, yb))]
    elif shape == "battery IEC":
        c = 0.25 * (yb - ya)
        parts = [_lines((xa, ya), (xa, yb)), _lines((xb, ya + c), (xb, yb - c))]
    elif shape == "ground IEC":
        c = 0.16666 * (yb - ya)
        parts = [_lines((xa, ya), (xa, yb)), _lines((0.5 * (xa + xb), ya + c), (0.5 * (xa + xb), yb - c)),
                 _lines((xb, ya + 2 * c), (xb, yb - 2 * c))]
    elif shape == "generic diode IEC":
        parts = [_lines((xa, ya), (xa, yb), (xb - 0.5 * nst["line_width"], 0.5 * (ya + yb)), (xa, ya), closed=True)]
    elif shape == "breakdown diode IEC":
        xc, yc = 0.5 * (xa + xb), 0.5 * (ya + yb)
        parts = [_lines((xa, ya), (xc, yc), (xa, yb), (xa, ya), closed=True),
                 _lines((xb, ya), (xc, yc), (xb, yb), (xb, ya), closed=True)]
    elif shape == "var resistor IEC":
        parts = [_lines(*_zigzag(xa, ya, xb, yb))]
    else:  # rectangle ee: the rectangle (the outline itself)
        parts = None
    o = outer
    ex, ey = hw + o, hh + o
    anchors = {"center": (0.0, 0.0), "north": (0.0, ey), "south": (0.0, -ey), "east": (ex, 0.0), "west": (-ex, 0.0),
               "north east": (ex, ey), "north west": (-ex, ey), "south east": (ex, -ey), "south west": (-ex, -ey),
               "input": (-ex, 0.0), "output": (ex, 0.0)}
    poly = {"path": [(hw, hh), (-hw, hh), (-hw, -hh), (hw, -hh)],
            "border": [(ex, ey), (-ex, ey), (-ex, -ey), (ex, -ey)], "anchors": anchors, "ee": (xa, ya, xb, yb)}
    if parts is not None:
        poly["parts"] = parts
    return poly


def _zigzag(xa, ya, xb, yb) -> list:
    """The var resistor's corners (pgflibraryshapes.gates.ee.IEC's loop, 0.1 pt to spare)."""
    yc, h = 0.5 * (ya + yb), 0.5 * (yb - ya)
    pts = [(xa, yc)]
    x = xa
    while h > 0 and x + 4 * h < xb + 0.1:
        pts += [(x + h, yb), (x + 3 * h, ya), (x + 4 * h, yc)]
        x += 4 * h
    pts.append((xb, yc))
    return pts


def _axis_shape(shape: str, nst: dict, outer: float) -> dict:
    """The shapes standing on the x axis (inductor, contacts): their saved anchors are
    ``(w/2 + outer, h + outer)`` and ``(-w/2 - outer, -outer)`` (the contacts' left one
    ``-w/2 - outer/2``, the var make contact's lower one ``w/12 + outer`` deep)."""
    from geoverify.scene.primitives import arc_controls
    w2, h = nst["min_width"] / 2, nst["min_height"]
    if shape == "inductor IEC":
        curves = []
        x = -w2
        while h > 0 and x + 2 * h < w2 + 0.1:
            curves.extend(c.tolist() for c in arc_controls((x + h, 0.0), h, h, math.pi, -math.pi))
            x += 2 * h
        parts = [(curves + (_lines((x, 0.0), (w2, 0.0))[0] if x < w2 else []), False)]
    elif shape == "make contact IEC":
        parts = [_lines((-w2, 0.0), (w2, h))]
    elif shape == "break contact IEC":
        c = 0.2 * (2 * w2)
        parts = [_lines((-w2, 0.0), (w2, h)), _lines((w2, 0.0), (w2 - c, 0.0), (w2 - c, h))]
    else:  # var make contact: a circle of radius w/12 at the left end, the lever from its border
        r = 2 * w2 * 0.083333
        cx = -w2 + r
        d = math.hypot(w2 - cx, h) or 1.0
        circle = ([c.tolist() for c in arc_controls((cx, 0.0), r, r, 0.0, 2 * math.pi)], True)
        parts = [circle, _lines((cx + r * (w2 - cx) / d, r * h / d), (w2, h))]
    ne_x, ne_y = w2 + outer, h + outer
    sw_x = -(w2 + (0.5 * outer if shape != "inductor IEC" else outer))
    sw_y = -outer + (0.083333 * sw_x if shape == "var make contact IEC" else 0.0)
    low = -sw_y + (0.0 if shape == "var make contact IEC" else 0.5)  # the border's depth below the axis
    mx, my = (sw_x + ne_x) / 2, (sw_y + ne_y) / 2
    anchors = {"center": (0.0, 0.0), "north": (mx, ne_y), "south": (mx, sw_y), "east": (ne_x, my),
               "west": (sw_x, my), "north east": (ne_x, ne_y), "north west": (sw_x, ne_y), "south east": (ne_x, sw_y),
               "south west": (sw_x, sw_y), "input": (sw_x, my), "output": (ne_x, my)}
    border = [(ne_x, ne_y), (-ne_x, ne_y), (-ne_x, 0.0), (sw_x, 0.0), (sw_x, -low), (-sw_x, -low), (-sw_x, 0.0),
              (ne_x, 0.0)]
    return {"path": [(w2, h), (-w2, h), (-w2, 0.0), (w2, 0.0)], "border": border, "anchors": anchors,
            "parts": parts}


def _direction_shape(nst: dict) -> dict:
    """``direction ee``: a box from ``x = -d`` to 0 (``d`` the direction ee arrow's length,
    ``nst["ee_arrow"]``, 4 pt unless set), ``minimum height`` high, no outer sep; behind it the
    middle line, in front the arrow head (\\pgfarrowdraw: its tip at the origin): the triangle
    ``(-d, ±0.38268d), (0, 0)``. The frame is centred on the box (its centre anchor)."""
    d = nst.get("ee_arrow") or 4.0
    h = nst["min_height"] / 2
    c = d / 2  # the shape's origin in the centred frame
    parts = [_lines((-c, 0.0), (c, 0.0)),
             _lines((c - d, 0.38268343 * d), (c, 0.0), (c - d, -0.38268343 * d), (c - d, 0.38268343 * d), closed=True)]
    anchors = {"center": (0.0, 0.0), "north": (0.0, h), "south": (0.0, -h), "east": (c, 0.0), "west": (-c, 0.0),
               "north east": (c, h), "north west": (-c, h), "south east": (c, -h), "south west": (-c, -h),
               "input": (-c, 0.0), "output": (c, 0.0)}
    box = [(c, h), (-c, h), (-c, -h), (c, -h)]
    return {"path": box, "border": box, "anchors": anchors, "parts": parts}


def ee_circle_anchors(radius: float, outer: float) -> dict:
    """``input`` and ``output`` of ``circle ee`` and ``generic circle IEC``: the ends of the
    horizontal diameter, outer sep included."""
    return {"input": (-(radius + outer), 0.0), "output": (radius + outer, 0.0)}


def emit_ee_front(interp, node, nst: dict, loc) -> None:
    """The before background path of the generic IEC shapes and the breakdown diode: the
    middle line of a diode, then the shape's code in its frame (the node's frame shifted
    to the diode's tip or the circle's centre, scaled by the half height or the radius),
    stroked in the node's line width and colour."""
    shape = nst["shape"]
    code = nst.get("ee_before_background") or ""
    if shape in ("generic diode IEC", "breakdown diode IEC"):
        xa, ya, xb, yb = node.extra["poly"]["ee"]
        yc = 0.5 * (ya + yb)
        tip = xb if shape == "generic diode IEC" else 0.5 * (xa + xb)
        scale = 0.5 * (yb - ya)
        line = f"\\pgfpathmoveto{{\\pgfqpoint{{{(xa - tip) / scale:.6f}pt}}{{0pt}}}}" \
               f"\\pgfpathlineto{{\\pgfqpoint{{{(xb - tip) / scale:.6f}pt}}{{0pt}}}}\\pgfusepathqstroke"
        if shape == "breakdown diode IEC":
            code = "\\pgfpathmoveto{\\pgfqpoint{-.5pt}{-1pt}}\\pgfpathlineto{\\pgfqpoint{0pt}{-1pt}}" \
                   "\\pgfpathlineto{\\pgfqpoint{0pt}{1pt}}\\pgfpathlineto{\\pgfqpoint{.5pt}{1pt}}\\pgfusepathqstroke"
        code = line + code
        origin = (tip, yc)
    elif shape == "generic circle IEC":
        scale, origin = node.half_w, (0.0, 0.0)
    else:
        return
    if not code.strip() or scale <= 0:
        return
    from geoverify.frontends.tikz.pathpicture import run_with_node
    ca, sa, k = math.cos(math.radians(node.angle)), math.sin(math.radians(node.angle)), node.scale
    frame = G.compose((k * ca, k * sa, -k * sa, k * ca, node.center[0], node.center[1]),
                      G.compose(G.translation(*origin), G.scaling(scale, scale)))
    saved = interp.st
    d = nst["draw"]
    interp.st = {**saved, "line_width": nst["line_width"], "dash": nst["dash"], "opacity": nst["opacity"],
                 "color": (nst.get("draw_color") or nst["color"]) if d in (None, "current") else d,
                 "draw_color": None, "fill": None, "arrow_start": None, "arrow_end": None}
    try:
        run_with_node(interp, "{" + code + "}", "pgf@ee@shape", node, loc, frame)
    finally:
        interp.st = saved


#: circuits.ee's annotations: (label distance in units, anchor the frame starts at, TikZ edges in units ``u``);
#: a primed annotation is mirrored below the symbol (tikzlibrarycircuits.ee.code.tex)
ANNOTATIONS = {
    "direction info": (0.5, None, "(-1.25u,.3333u) edge (1.25u,.3333u)"),
    "light emitting": (1.75, None, "(-.2u,.65u) edge ++(45:1.25u) (.2u,.25u) edge ++(45:1.25u)"),
    # (shifted by (135:1.25u))
    "light dependent": (1.75, None,
                        "(-.683883u,1.533883u) edge ++(-45:1.25u) (-1.083883u,1.133883u) edge ++(-45:1.25u)"),
    "adjustable": (1.5, "center", "(-1.5u,-1.5u) edge (1.5u,1.5u)"),
    "adjustable'": (1.5, "center", "(-1.5u,1.5u) edge (1.5u,-1.5u)"),
}


_BARE_ARROWS = re.compile(r"^\{?\s*(<?)\s*-\s*(>?)\s*\}?$")


def _with_tip(option: str, tip: str) -> str:
    """A bare arrow spec (``<-``, ``{->}``, ``<->``) with ``tip`` for its ends; other options as given."""
    m = _BARE_ARROWS.match(option)
    if not m or not (m.group(1) or m.group(2)):
        return option
    return f"{tip if m.group(1) else ''}-{tip if m.group(2) else ''}"


def draw_annotations(interp, node, nst: dict, loc) -> None:
    """The annotations of a symbol (``nst["circuit_annotations"]``: (name, options)), drawn
    after it as ``circuit declare annotation`` does: from its north anchor (a primed one from
    its south, mirrored) in the picture's frame, with the ``annotation arrow`` (``->`` whose
    head is ``.4u + .3 line width`` long) after ``every circuit annotation`` and ``every <name>``
    (when defined) and before the given options; labels among them (``volt=3``) are the
    symbol's labels at the annotation's label distance."""
    from geoverify.frontends.tikz.pathpicture import run_with_node
    u = nst.get("circuit_unit", 7.0)
    m = nst["ctm"]
    for name, opts in nst.get("circuit_annotations") or ():
        primed = name.endswith("'") and name not in ANNOTATIONS
        base = name[:-1] if primed else name
        _, at, path = ANNOTATIONS[base]
        origin = node.anchor(at or ("south" if primed else "north"))
        frame = (m[0], m[1], m[2], m[3], origin[0], origin[1])
        if primed:
            frame = G.compose(frame, G.scaling(1.0, -1.0))
        path = re.sub(r"(-?[\d.]+)u\b", lambda g: f"{float(g.group(1)) * u:.5f}pt", path)
        styles = [k for k in ("every circuit annotation", f"every {name}") if interp.defs.get("style:" + k)]
        # annotation arrow: >=direction ee, its length .4u + .3 line width (\pgfsetarrowoptions);
        # an arrow spec given (direction info={<-}) takes that tip for its < and >
        tip = f"{{direction ee[length={0.4 * u + 0.3 * nst.get('line_width', 0.4):.5f}pt]}}"
        given = [_with_tip(o.strip(), tip) for o in split_top_level(opts) if o.strip()]
        keys = ",".join(styles + [">=direction ee", f"-{tip}"] + given)
        draw = f"\\path[{keys}] {path};"  # (each edge a path with its tip)
        run_with_node(interp, draw, "pgf@ee@annotated", node, loc, frame)
        if opts.strip():  # its labels (volt=3, info=..): the symbol's, the label distance the annotation's
            dist = ANNOTATIONS[base][0] * u
            lst = {**nst, "labels": (), "label_distance": dist}
            if nst.get("path_state") is not None:  # (labels take the state around their node)
                lst["path_state"] = {**nst["path_state"], "label_distance": dist}
            interp.apply_options(lst, opts)
            for lab in lst["labels"]:
                if primed:  # (pgf shifts them in the mirrored frame)
                    interp.note("UNSUPPORTED", f"the labels of annotation '{name}' are not drawn", name, loc)
                    continue
                interp._label(node, lab, lst, loc, pin=False)
