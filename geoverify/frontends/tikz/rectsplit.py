"""``rectangle split`` nodes (``shapes.multipart``): parts, split lines, part anchors.

Following ``pgflibraryshapes.multipart.code.tex``: the node text is cut at
``\\nodepart{two}``, ``\\nodepart{three}`` ... into ``rectangle split parts``
parts (4 unless set); an empty part is a box of rules, ``1ex`` wide and ``1ex`` high;
``rectangle split empty part width/height/depth`` add a rule to it (so a width adds
to the 1ex, a height or depth counts when larger), or it is left out with
``rectangle split ignore empty parts``.

- horizontal: the parts stand side by side, each as wide as its text, their boxes
  centred in the height of the tallest (largest height plus largest depth, at
  least ``minimum height`` less the inner seps); consecutive parts are
  ``inner xsep + line width + inner xsep`` apart;
- vertical: the parts stack, each as wide as the widest (``minimum width`` less
  the inner seps), centred; consecutive boxes are ``inner ysep + line width +
  inner ysep`` apart and half a line width more is added at the top and bottom.

The outline is the rectangle around them (inner seps; ``outer sep`` beyond for
the anchors) with a split line between parts; ``rectangle split part fill``
fills each part's cell. Part anchors: ``one`` (the text origin of the part),
``one north``/``south`` (horizontal), ``one west``/``east`` (vertical), ``one
split`` with ``north``/``south`` or ``west``/``east``; an anchor the layout
does not define falls back to the shape's anchor of the same side, as pgf.
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.frontends.tikz.colors import parse_color, to_hex
from geoverify.frontends.tikz.emit import path_style
from geoverify.frontends.tikz.fonts import em as font_em
from geoverify.frontends.tikz.fonts import measure, wrap
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.options import split_top_level
from geoverify.frontends.tikz.positioning import settle_node
from geoverify.scene import Polyline, TextLabel
from geoverify.scene.primitives import Style

__all__ = ["PART_NAMES", "split_parts", "place_split_node"]

PART_NAMES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
              "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
              "twenty")
_EX = 4.30554  # 1ex of cmr10 at 10 pt
#: the library's other names of the first parts' boxes (\pgfnodepartsecondbox ...)
_ALIASES = {"text": "one", "second": "two", "third": "three", "fourth": "four"}


def split_parts(text: str, n: int) -> list[str]:
    """The texts of ``n`` parts (``\\nodepart{name}`` starts a part; before it: part one)."""
    parts = {"one": ""}
    cur = "one"
    pos = 0
    for m in re.finditer(r"\\nodepart\s*\{\s*([a-z]+)\s*\}", text):
        parts[cur] = parts.get(cur, "") + text[pos:m.start()]
        cur = _ALIASES.get(m.group(1), m.group(1))
        pos = m.end()
    parts[cur] = parts.get(cur, "") + text[pos:]
    return [parts.get(PART_NAMES[i], "").strip() for i in range(n)]


def _layout(sizes, horizontal, ignore, lw, ixs, iys, oxs, oys, minw, minh, aligns=()):
    """Part text origins, SW and NE (outer sep included) and split positions, in the frame
    whose origin is part one's text origin. ``sizes``: ``(w, h, d)`` per part, ``None`` when
    ignored; ``aligns``: ``rectangle split part align`` per part (the last repeats; center)."""
    aligns = list(aligns) or ["center"]
    aligns += [aligns[-1]] * len(sizes)
    real = [s for s in sizes if s is not None] or [(0.0, 0.0, 0.0)]
    maxw = max(s[0] for s in real)
    H = max(s[1] for s in real)
    D = max(s[2] for s in real)
    total = H + D
    if minw - 2 * ixs > maxw:
        maxw = minw - 2 * ixs
    if minh - 2 * iys > total:
        total = minh - 2 * iys
    origins: list = [None] * len(sizes)
    anchors: dict = {}
    splits = []  # (part index, position along the split axis)
    last = None
    if horizontal:
        x = 0.0
        y0 = None
        for i, s in enumerate(sizes):
            if s is None:
                origins[i] = origins[last] if last is not None else (0.0, 0.0)
                continue
            w, h, d = s
            y = {"bottom": d, "top": total - h, "base": (total - H + D) / 2}.get(aligns[i], (total - h + d) / 2)
            if y0 is None:
                y0 = y
                x = 0.0
            else:
                x += sizes[last][0] + 2 * ixs + lw
            origins[i] = (x, y - y0)
            last = i
        y0 = y0 or 0.0
        ne = (origins[last][0] + sizes[last][0] + ixs + oxs, total - y0 + iys + oys)
        sw = (-ixs - oxs, -y0 - iys - oys)
        c = ((sw[0] + ne[0]) / 2, (sw[1] + ne[1]) / 2)
        for i, s in enumerate(sizes):
            if s is None:
                continue
            nm = PART_NAMES[i]
            mid = origins[i][0] + s[0] / 2
            anchors[nm + " north"] = (mid, ne[1])
            anchors[nm + " south"] = (mid, sw[1])
            if i < len(sizes) - 1:
                xs = origins[i][0] + s[0] + ixs + lw / 2
                anchors[nm + " split north"] = (xs, ne[1])
                anchors[nm + " split south"] = (xs, sw[1])
                anchors[nm + " split"] = (xs, c[1])
                splits.append((i, xs))
    else:
        y = 0.0
        x0 = None
        for i, s in enumerate(sizes):
            if s is None:
                origins[i] = origins[last] if last is not None else (0.0, 0.0)
                continue
            w, h, d = s
            x = {"left": 0.0, "right": maxw - w}.get(aligns[i], (maxw - w) / 2)
            if x0 is None:
                x0 = x
                y = 0.0
            else:
                y -= sizes[last][2] + 2 * iys + lw + h
            origins[i] = (x - x0, y)
            last = i
        x0 = x0 or 0.0
        first = next(s for s in sizes if s is not None) if any(s is not None for s in sizes) else (0, 0, 0)
        ne = (maxw - x0 + ixs + oxs, first[1] + iys + oys + lw / 2)
        sw = (-x0 - ixs - oxs, origins[last][1] - sizes[last][2] - iys - oys - lw / 2)
        c = ((sw[0] + ne[0]) / 2, (sw[1] + ne[1]) / 2)
        for i, s in enumerate(sizes):
            if s is None:
                continue
            nm = PART_NAMES[i]
            ym = origins[i][1] + s[1] / 2 - s[2] / 2
            anchors[nm + " west"] = (sw[0], ym)
            anchors[nm + " east"] = (ne[0], ym)
            if i < len(sizes) - 1:
                ys = origins[i][1] - s[2] - iys - lw / 2
                anchors[nm + " split west"] = (sw[0], ys)
                anchors[nm + " split east"] = (ne[0], ys)
                anchors[nm + " split"] = (c[0], ys)
                splits.append((i, ys))
    for i in range(len(sizes)):
        anchors[PART_NAMES[i]] = origins[i] if origins[i] is not None else (0.0, 0.0)
    return origins, sw, ne, anchors, splits


def place_split_node(interp, nst: dict, name, p, text: str, loc):
    """Build a ``rectangle split`` node at canvas point ``p`` (by its anchor) and draw it."""
    rs = nst.get("rect_split") or {}
    n = int(rs.get("parts", 4))
    horizontal = bool(rs.get("horizontal"))
    ignore = bool(rs.get("ignore empty"))
    texts = split_parts(text, n)
    fs = nst["font_size"]
    em = font_em(nst.get("outer_font_size", 10.0), nst.get("outer_family", False))
    ixs = nst["inner_xsep"] if nst["inner_xsep"] is not None else 0.3333 * em
    iys = nst["inner_ysep"] if nst["inner_ysep"] is not None else 0.3333 * em
    outer = nst["outer_sep"] if nst["outer_sep"] is not None else 0.5 * nst["line_width"]
    lw = nst["line_width"]
    sizes = []
    # the library's rules (1ex wide, 1ex high, set when it is loaded) and those the keys added
    empty = (_EX + rs.get("empty part width", 0.0), max(_EX, rs.get("empty part height", 0.0)),
             rs.get("empty part depth", 0.0))
    tw = nst.get("text_width")
    labels = []  # per part: (text, x of its box in the part, width of its box)
    for k, t in enumerate(texts):
        if not t:
            sizes.append(None if ignore else empty)
            labels.append(None)
            continue
        if tw is not None:
            # each part a \\vbox of the text width, its lines broken and aligned by the part's own
            # style (every text node part, every two node part, ...)
            pst = dict(nst)
            style = interp.defs.get(f"style:every {'text' if k == 0 else PART_NAMES[k]} node part")
            if style:
                interp.apply_options(pst, style)
            t = " \\\\ ".join(wrap(t, tw, fs, nst.get("bold", False), pst.get("align")))
            box, _ = measure(t, fs, nst.get("bold", False))
            sizes.append((tw, box.height, box.depth))
            x = {"center": (tw - box.width) / 2, "right": tw - box.width}.get(pst.get("align"), 0.0)
            labels.append((t, x, box.width))
            continue
        box, _ = measure(t, fs, nst.get("bold", False))
        sizes.append((box.width, box.height, box.depth))
        labels.append((t, 0.0, box.width))
    origins, sw, ne, anchors, splits = _layout(sizes, horizontal, ignore, lw, ixs, iys, outer, outer,
                                               nst.get("min_width") or 0.0, nst.get("min_height") or 0.0,
                                               rs.get("part align") or ())
    c = ((sw[0] + ne[0]) / 2, (sw[1] + ne[1]) / 2)
    hw, hh = (ne[0] - sw[0]) / 2 - outer, (ne[1] - sw[1]) / 2 - outer
    node = Node(name, "rectangle", (0.0, 0.0), hw, hh, outer)
    node.extra["anchors"] = {k: (x - c[0], y - c[1]) for k, (x, y) in anchors.items()}
    node.extra["shape_anchors"] = {"text": (-c[0], -c[1])}  # pgf's text anchor: the frame's origin
    settle_node(interp, node, nst, p, loc, "rectangle split")
    interp.placed_nodes.append(node)  # its shape (with the outer sep) counts in a picture's box
    ox, oy = node.center[0] - c[0], node.center[1] - c[1]  # canvas of the origin frame
    common = {"source": loc, "panel": interp.panel, "name": name}
    draw, fill = nst["draw"] is not None, nst["fill"] is not None
    x0, y0, x1, y1 = sw[0] + outer + ox, sw[1] + outer + oy, ne[0] - outer + ox, ne[1] - outer + oy
    fills = [f.strip() for f in split_top_level(rs.get("part fill", ""))] if rs.get("part fill") else []
    if fills:
        cuts = [x0 if horizontal else y1] + [v + (ox if horizontal else oy) for _, v in splits] + \
            [x1 if horizontal else y0]
        for k in range(len(cuts) - 1):
            color = fills[min(k, len(fills) - 1)]
            if color == "none":
                continue
            a, b = cuts[k], cuts[k + 1]
            pts = [(a, y0), (b, y0), (b, y1), (a, y1)] if horizontal else [(x0, b), (x1, b), (x1, a), (x0, a)]
            st = dict(nst)
            st["fill"] = parse_color(color, interp.colors)
            interp.scene.add(Polyline(points=np.array(pts), closed_flag=True, style=path_style(st, False, True),
                                      **common))
    if draw or (fill and not fills):
        interp.scene.add(Polyline(points=np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]), closed_flag=True,
                                  style=path_style(nst, draw, fill and not fills), **common))
    if draw and rs.get("draw splits", True):
        for _, v in splits:
            seg = [(v + ox, y0), (v + ox, y1)] if horizontal else [(x0, v + oy), (x1, v + oy)]
            interp.scene.add(Polyline(points=np.array(seg), style=path_style(nst, True, False), **common))
    color = nst.get("text") or nst["color"]
    for lab, s, o in zip(labels, sizes, origins):
        if lab is None or s is None:
            continue
        t, bx, by = lab[0], o[0] + ox + lab[1], o[1] + oy
        interp.scene.add(TextLabel(text=t, anchor=(bx, by), box=np.array([bx, by - s[2], bx + lab[2], by + s[1]]),
                                   font_size=fs, style=Style(stroke=None, stroke_width=0.0, fill=to_hex(color),
                                                             opacity=nst["opacity"]), **common))
    return node
