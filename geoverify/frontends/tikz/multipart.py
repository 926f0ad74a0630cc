"""``circle solidus`` and ``circle split`` of ``shapes.multipart`` as
``pgflibraryshapes.multipart.code.tex`` builds them.

The node has the parts ``text`` and ``lower`` (``\\nodepart{lower}``). With the text
part's box ``wd``, ``ht``, ``dp`` at the origin (its left end on the baseline),
``s = (wd + ht + dp) / 2``:

- the centre is at ``(s + 0.3536 lw + inner xsep, ht - s - 0.3536 lw - inner ysep)``;
- the lower part's box starts at ``(s + (ht' + dp' - wd') / 2 + 0.7071 lw + 2 inner
  xsep, ht - s - (ht' - dp' + wd') / 2 - 0.7071 lw - 2 inner ysep)``;
- the radius is ``0.7071`` the larger ``wd + ht + dp`` of the parts plus ``lw / 2`` and
  ``veclen(2 inner xsep, 2 inner ysep)``, at least half the minimum sizes; the circle
  is drawn at it (the anchors lie the outer sep further out);
- the solidus, stroked whether or not the node is drawn (the shape's "before
  background" path), runs at 45 degrees through the centre, ``0.437 (radius - lw /
  2)`` along each axis.

Anchors are the circle's (``base`` on the text part's baseline); ``lower`` is not
modelled (reported as an unknown anchor).

``circle split`` (the automata library's ``state with output``): with the lower part's
box ``wd'``, ``ht'``, ``dp'``,

- the centre is at ``(wd / 2, -inner ysep - dp - lw / 2)``, the lower part's box at
  ``((wd - wd') / 2, -2 inner ysep - ht' - lw - dp)``;
- the radius is the length of ``(max(wd, wd') / 2 + inner xsep, 2 max((ht + dp) / 2,
  (ht' + dp') / 2) + lw / 2 + 2 inner ysep)``, at least half the minimum sizes; the
  circle is drawn at it;
- the horizontal line through the centre, stroked whether or not the node is drawn,
  reaches ``radius - lw / 2`` to each side.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz.colors import to_hex
from geoverify.frontends.tikz.emit import path_style
from geoverify.frontends.tikz.fonts import em as font_em
from geoverify.frontends.tikz.fonts import measure
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.positioning import settle_node
from geoverify.scene import Circle, Polyline, TextLabel
from geoverify.scene.primitives import Style

__all__ = ["place_circle_solidus", "place_circle_split", "MULTIPART_SHAPES"]

MULTIPART_SHAPES = frozenset({"circle solidus", "circle split"})


def _parts(text: str) -> tuple[str, str]:
    """The ``text`` and ``lower`` parts (``\\nodepart{text}`` may restart the first)."""
    import re
    parts = {"text": "", "lower": ""}
    cur, pos = "text", 0
    for m in re.finditer(r"\\nodepart\s*\{\s*([a-z]+)\s*\}", text):
        parts[cur] = parts.get(cur, "") + text[pos:m.start()]
        cur, pos = m.group(1), m.end()
    parts[cur] = parts.get(cur, "") + text[pos:]
    return parts["text"].strip(), parts["lower"].strip()


def _two_part_setup(nst: dict, text: str):
    """What both two-part circles start from: ``(font size, inner xsep, inner ysep, outer sep,
    line width, (upper, lower) texts, their ((width, height, depth), ...) boxes)``."""
    fs = nst["font_size"]
    em = font_em(nst.get("outer_font_size", 10.0), nst.get("outer_family", False))
    ixs = nst["inner_xsep"] if nst["inner_xsep"] is not None else 0.3333 * em
    iys = nst["inner_ysep"] if nst["inner_ysep"] is not None else 0.3333 * em
    outer = nst["outer_sep"] if nst["outer_sep"] is not None else 0.5 * nst["line_width"]
    texts = _parts(text)
    boxes = []
    for t in texts:
        if t:
            box, _ = measure(t, fs, nst.get("bold", False))
            boxes.append((box.width, box.height, box.depth))
        else:
            boxes.append((0.0, 0.0, 0.0))
    return fs, ixs, iys, outer, nst["line_width"], texts, boxes


def _draw_two_part_circle(interp, nst: dict, name, node, r: float, divider, origin, texts, boxes,
                          lower_at, fs: float, loc) -> None:
    """Draw a settled two-part circle: its outline (when drawn or filled), the ``divider``
    ``(2, 2)`` line and the two texts, the upper at ``origin`` and the lower ``lower_at`` from it."""
    common = {"source": loc, "panel": interp.panel, "name": name}
    draw, fill = nst["draw"] is not None, nst["fill"] is not None
    if draw or fill:
        interp.scene.add(Circle(center=node.center, radius=r, style=path_style(nst, draw, fill), **common))
    interp.scene.add(Polyline(points=np.asarray(divider, dtype=float), style=path_style(nst, True, False), **common))
    color = nst.get("text") or nst["color"]
    for txt, (w, h, d), (bx, by) in zip(texts, boxes, ((0.0, 0.0), lower_at)):
        if not txt or w + h + d == 0:
            continue
        bx, by = bx + origin[0], by + origin[1]
        interp.scene.add(TextLabel(text=txt, anchor=(bx, by), box=np.array([bx, by - d, bx + w, by + h]),
                                   font_size=fs, style=Style(stroke=None, stroke_width=0.0, fill=to_hex(color),
                                                             opacity=nst["opacity"]), **common))


def place_circle_solidus(interp, nst: dict, name, p, text: str, loc):
    """Build a ``circle solidus`` node at canvas point ``p`` (by its anchor) and draw it."""
    fs, ixs, iys, outer, lw, texts, boxes = _two_part_setup(nst, text)
    (wd, ht, dp), (wl, hl, dl) = boxes
    s = 0.5 * (wd + ht + dp)
    cx, cy = s + 0.3536 * lw + ixs, ht - s - 0.3536 * lw - iys
    lx = s + 0.5 * (hl + dl - wl) + 0.7071 * lw + 2 * ixs
    ly = ht - s - 0.5 * (hl - dl + wl) - 0.7071 * lw - 2 * iys
    r = 0.7071 * max(wd + ht + dp, wl + hl + dl) + 0.5 * lw + math.hypot(2 * ixs, 2 * iys)
    r = max(r, 0.5 * (nst.get("min_width") or 0.0), 0.5 * (nst.get("min_height") or 0.0))
    # base = centre y - (h - d) / 2 of the node's text: the text part's baseline at y = 0
    node = Node(name, "circle", (0.0, 0.0), r, r, outer, max(2 * cy, 0.0), max(-2 * cy, 0.0))
    settle_node(interp, node, nst, p, loc, "circle solidus")
    t = 0.437 * (r - 0.5 * lw)
    c = node.center
    _draw_two_part_circle(interp, nst, name, node, r, [(c[0] - t, c[1] - t), (c[0] + t, c[1] + t)],
                          (c[0] - cx, c[1] - cy), texts, boxes, (lx, ly), fs, loc)
    return node


def place_circle_split(interp, nst: dict, name, p, text: str, loc):
    """Build a ``circle split`` node at canvas point ``p`` (by its anchor) and draw it."""
    fs, ixs, iys, outer, lw, texts, boxes = _two_part_setup(nst, text)
    (wd, ht, dp), (wl, hl, dl) = boxes
    cx, cy = 0.5 * wd, -iys - dp - 0.5 * lw
    lx, ly = 0.5 * (wd - wl), -2 * iys - hl - lw - dp
    r = math.hypot(0.5 * max(wd, wl) + ixs, 2 * max(0.5 * (ht + dp), 0.5 * (hl + dl)) + 0.5 * lw + 2 * iys)
    r = max(r, 0.5 * (nst.get("min_width") or 0.0), 0.5 * (nst.get("min_height") or 0.0))
    node = Node(name, "circle", (0.0, 0.0), r, r, outer, max(2 * cy, 0.0), max(-2 * cy, 0.0))
    settle_node(interp, node, nst, p, loc, "circle split")
    t = r - 0.5 * lw
    c = node.center
    _draw_two_part_circle(interp, nst, name, node, r, [(c[0] - t, c[1]), (c[0] + t, c[1])],
                          (c[0] - cx, c[1] - cy), texts, boxes, (lx, ly), fs, loc)
    return node
