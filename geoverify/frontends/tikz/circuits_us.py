"""US and CDH logic gates (``pgflibraryshapes.gates.logic.US.code.tex``; ``circuits.logic.US`` and ``.CDH``).

All lengths in pt in the node's frame (centre at the origin). A gate's size is its half
side ``s``: the text box's half sizes plus inner sep, at least ``(n + 1) max(inverted
radius + line width, input sep/2)`` for ``n`` inputs, made square, at least half the
minimum height, and at least ``0.4 minimum width`` (and, nand) or ``0.366025 minimum
width`` (the others); ``halfwidth = halfheight = s + outer sep``.

- and, nand (US): the back ``x = -7s/6``, straight to ``x = s/3``, a half circle of radius
  ``s`` round ``(s/3, 0)``; output at ``x = 4s/3 + outer sep``;
- or, nor (US): the front two arcs of radius ``2s`` from ``(-s/6, ±s)`` meeting at the tip
  ``x = -s/6 + 2s cos 30``, the back two arcs of radius ``2s`` bulging to ``x = -0.899s``;
- xor, xnor (US): the or gate's front on an elliptic back (radii 3.1111s and 2.6667s, from
  -22 to 22 degrees) and a tail: the or gate's back arc s/3 further left;
- not, buffer (US): a triangle from the tip to ``x = -5s/6``, ``7s/6`` high, one input;
- and, nand (CDH): the or gate's front on the and gate's straight back.

Input ``k`` sits ``s - 2ks/(n + 1)`` above the centre, on the back (an or gate's: on its
arc, less the outer sep); an inverted input or output is a circle of the inverted radius
just outside, the anchor beyond it. The border is the outline's polygon pushed out by the
outer sep (pgf intersects the arcs; the polygon follows them within their sampling).
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz.circuits import gate_length

__all__ = ["US_SHAPES", "us_gate_shape"]

_SIN30, _COS30 = 0.5, 0.866025
_INPUT_SEP = 0.125 * 72.27 / 2.54  # pt, pgf's logic gate input sep

#: shape -> (front: "and" half circle or "or" arcs, back: "flat" or "curved", inverted output)
US_SHAPES = {
    "and gate US": ("and", "flat", False), "nand gate US": ("and", "flat", True),
    "or gate US": ("or", "curved", False), "nor gate US": ("or", "curved", True),
    "and gate CDH": ("or", "flat", False), "nand gate CDH": ("or", "flat", True),
    "not gate US": ("not", "flat", True), "buffer gate US": ("not", "flat", False),
    "xor gate US": ("or", "xor", False), "xnor gate US": ("or", "xor", True),
}


def _half_side(shape, nst, text_w, text_hd, ixs, iys, n, inv) -> float:
    x, y = ixs + text_w / 2, iys + text_hd / 2
    y = max(y, (n + 1) * max(inv + nst["line_width"], 0.5 * gate_length(nst, "gate_input_sep", _INPUT_SEP)))
    x = y = max(x, y)
    y = max(y, nst["min_height"] / 2)
    if shape.startswith(("and gate US", "nand gate US")):
        if 2.5 * x < nst["min_width"]:
            x = 0.4 * nst["min_width"]
    elif x + 1.732051 * y < nst["min_width"]:
        x = 0.366025 * nst["min_width"]
    return max(x, y)


def _arc(cx, cy, r, a0, a1, k=8):
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / k)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / k))) for i in range(k + 1)]


def _outline(front: str, back: str, s: float, grow: float = 0.0, tip_out: float = 0.0) -> tuple[list, list]:
    """The outline as cubic segments (lists of 4 points) and as a polygon, the gate of half
    side ``s``, its arcs' radii and sides moved out by ``grow`` (a not gate's tip by
    ``1.154701 tip_out``: pgf draws it from the tip anchor, outer sep included)."""
    from geoverify.scene.primitives import arc_controls, line_controls
    h = s + grow
    segs, poly = [], []
    if front == "not":  # a triangle from the tip to x = -5s/6, 7s/6 high
        tip, x0, y0 = -s / 6 + 2 * _COS30 * s + 1.154701 * tip_out, -5 * s / 6 - grow, 7 * s / 6 + grow
        pts = [(tip, 0.0), (x0, y0), (x0, -y0), (tip, 0.0)]
        return [line_controls(a, b).tolist() for a, b in zip(pts, pts[1:])], pts[:3]
    if front == "and":
        start = (s / 3, h)
        segs += [c.tolist() for c in arc_controls((s / 3, 0.0), h, h, math.pi / 2, -math.pi)]
        poly += _arc(s / 3, 0.0, h, 90, -90)
        end = (s / 3, -h)
    else:  # two arcs of radius 2s: from (-s/6, s) down to the tip, and on to (-s/6, -s)
        r = 2 * s + grow
        start = (-s / 6, h)
        segs += [c.tolist() for c in arc_controls((-s / 6, h - r), r, r, math.pi / 2, -math.pi / 3)]
        segs += [c.tolist() for c in arc_controls((-s / 6, r - h), r, r, -math.pi / 6, -math.pi / 3)]
        poly += _arc(-s / 6, h - r, r, 90, 30) + _arc(-s / 6, r - h, r, -30, -90)[1:]
        end = (-s / 6, -h)
    left = -7 * s / 6 - grow
    segs.append(line_controls(end, (left, -h)).tolist())
    poly.append((left, -h))
    if back == "flat":
        segs.append(line_controls((left, -h), (left, h)).tolist())
    elif back == "xor":  # an elliptical arc (radii 3.11111s and 2.66666s) from -22 to 22 degrees
        rx, ry, a = 1.166666 * 2.66666 * s, 2.66666 * s, math.radians(22)
        cx, cy = left - rx * math.cos(a), -h + ry * math.sin(a)
        segs += [c.tolist() for c in arc_controls((cx, cy), rx, ry, -a, 2 * a)]
        poly += [(cx + rx * math.cos(t), cy + ry * math.sin(t)) for t in np.linspace(-a, a, 9)[1:]]
        segs.append(line_controls(tuple(segs[-1][3]), start).tolist())
        return segs, poly
    else:  # arcs of radius 2s round (-7s/6 - 2s cos 30, 0)
        r = 2 * s
        cx = left - r * _COS30
        segs += [c.tolist() for c in arc_controls((cx, 0.0), r, r, -math.pi / 6, math.pi / 3)]
        poly += _arc(cx, 0.0, r, -30, 30)[1:]
    poly.append((left, h))
    segs.append(line_controls((left, h), start).tolist())
    return segs, poly


def us_gate_shape(shape: str, nst: dict, text_w: float, text_hd: float, ixs: float, iys: float,
                  outer: float) -> dict:
    """Outline, border and anchors of a US or CDH gate (a polygon node, as
    :func:`.geoshapes.polygon_shape` gives them) plus ``parts``: the outline and the circles
    of its inverted inputs and output (cubic controls, closed flags), drawn as one path."""
    from geoverify.scene.primitives import arc_controls
    front, back, inverted_out = US_SHAPES[shape]
    inputs = nst.get("gate_inputs") or ("n", "n")
    if front == "not":  # one input
        inputs = inputs[:1]
    n = len(inputs)
    inv = gate_length(nst, "gate_inverted_radius", 2.0)
    lw = nst["line_width"]
    s = _half_side(shape, nst, text_w, text_hd, ixs, iys, n, inv)
    o = outer
    segs, path = _outline(front, back, s, 0.0, o if front == "not" else 0.0)
    parts = [(segs, True)]
    if back == "xor":  # the tail: an arc of radius 2s round (-3.232051s, 0), from -30 to 30 degrees
        parts.append(([c.tolist() for c in arc_controls((-3.232051 * s, 0.0), 2 * s, 2 * s, -math.pi / 6,
                                                          math.pi / 3)], False))

    def circle(cx, cy):
        parts.append(([c.tolist() for c in arc_controls((cx, cy), inv, inv, 0.0, 2 * math.pi)], True))

    anchors = {"center": (0.0, 0.0), "north": (0.0, s + o), "south": (0.0, -s - o), "west": (-7 * s / 6 - o, 0.0)}
    for k, kind in enumerate(inputs, start=1):
        yk = s - k * 2 * s / (n + 1)
        if front == "not":
            x = -5 * s / 6 - o
            cx = -5 * s / 6 - 0.5 * lw - inv
        elif back == "flat":
            x = -7 * s / 6 - o
            cx = -7 * s / 6 - 0.5 * lw - inv
        else:  # on the back arc (pgf: its radius less half a line width; less the outer sep), an xor gate's tail
            rb = 2 * s - 0.5 * lw
            cos = math.cos(math.asin(max(-1.0, min(1.0, yk / rb))))
            tail = s / 3 if back == "xor" else 0.0
            x = -7 * s / 6 - _COS30 * 2 * s + cos * rb + 0.5 * lw - o - tail
            cx = -7 * s / 6 - _COS30 * 2 * s + cos * rb - inv - tail
        if kind == "i":
            x -= inv + (inv + 0.5 * lw)
            circle(cx, yk)
        anchors[f"input {k}"] = (x, yk)
    if front == "not":
        anchors["input"] = anchors["input 1"]
    tip = s / 3 + s if front == "and" else -s / 6 + 2 * _COS30 * s
    # east: the tip anchor (outer sep included), a not or buffer gate's 2.350943 outer seps further
    anchors["east"] = (tip + o if front == "and" else tip + (3.505644 if front == "not" else 1.154701) * o, 0.0)
    if inverted_out:
        circle(tip + inv + 0.5 * lw, 0.0)
        anchors["output"] = (tip + inv + (inv + 0.5 * lw) + o, 0.0)
    else:
        anchors["output"] = anchors["east"]
    west = (-5 * s / 6 if front == "not" else -7 * s / 6) - o
    anchors["west"] = (west, 0.0)
    anchors.update({"north west": (west, s + o), "south west": (west, -s - o),
                    "north east": (anchors["east"][0] * 0.707106, 0.707106 * (s + o)),
                    "south east": (anchors["east"][0] * 0.707106, -0.707106 * (s + o))})
    border = _outline(front, back, s, o, o)[1] if o else path
    return {"path": path, "border": border, "anchors": anchors, "parts": parts}
