"""Concepts of the ``mindmap`` library and the colour switch of their connection bars.

``concept`` (``tikzlibrarymindmap.code.tex``) is ``circle, fill=<concept color>,
draw=<concept color>``; the colour is read when the node is drawn, so ``concept color``
given before or after ``concept`` colours it. ``to [circle connection bar switch
color=from (a) to (b)]`` between two concepts draws its bar with neither fill nor
stroke, only a shading in it (a path picture): two rectangles filled with ``a`` and
``b`` as high as the larger concept's radius on both sides of the line between the
centres, from the start concept's centre to 1 pt past its border and from 1 pt before
the end concept's border to its centre, in the frame of that line; they are clipped to
the bar (kept whole and marked ``clipped``, as ``\\clip`` does). The to's own path (the
straight line between the borders, which places its nodes) is not drawn. The bar's
shape itself (``circle connection bar``, filled in ``mindmap`` pictures) is reported.
"""

from __future__ import annotations

import math

__all__ = ["MINDMAP_KEYS", "mindmap_key", "switch_bar"]

#: Keys handled here (:func:`mindmap_key`).
MINDMAP_KEYS = frozenset({"concept", "concept color", "circle connection bar switch color"})


def mindmap_key(ctx, st: dict, key: str, val: str | None) -> None:
    """Apply one of :data:`MINDMAP_KEYS` to ``st``."""
    from geoverify.frontends.tikz.colors import parse_color
    if key == "concept":
        st["shape"] = "circle"
        st["concept"] = True
        color = st.get("concept_color", (0.0, 0.0, 0.0))
        st["fill"] = st["draw"] = color
    elif key == "concept color":
        rgb = parse_color((val or "").strip(), ctx.color_table)
        if rgb is None:
            ctx.note("UNSUPPORTED", f"unknown concept color '{val}'", key)
            return
        st["concept_color"] = rgb
        if st.get("concept"):
            st["fill"] = st["draw"] = rgb
    else:
        import re
        m = re.fullmatch(r"\s*from\s*\((.*)\)\s*to\s*\((.*)\)\s*", val or "")
        a = parse_color(m.group(1).strip(), ctx.color_table) if m else None
        b = parse_color(m.group(2).strip(), ctx.color_table) if m else None
        if a is None or b is None:
            ctx.note("UNSUPPORTED", f"cannot read '{key}={val}'", key)
            return
        st["switch_bar"] = (a, b)


def switch_bar(interp, start, end, colors, loc) -> None:
    """The two shading rectangles of a switch-colour bar from node ``start`` to node ``end``."""
    import numpy as np

    from geoverify.frontends.tikz.colors import to_hex
    from geoverify.errors import SourceLocation
    from geoverify.scene.primitives import Polyline, Style
    c0, c1 = start.anchor("center"), end.anchor("center")
    w0, w1 = start.anchor("west"), end.anchor("west")
    rs, re_ = c0[0] - w0[0], c1[0] - w1[0]  # pgf's radii: centre minus west, along x
    dx, dy = c1[0] - c0[0], c1[1] - c0[1]
    n = math.hypot(dx, dy)
    if n <= 0:
        return
    ux, uy = dx / n, dy / n
    s = (c0[0] + rs * ux, c0[1] + rs * uy)
    length = n - rs - re_
    half = 50.0 * 72.27 / 72 * 0.01992528 * max(rs, re_)  # 50 bp scaled by pgf's factor

    def rect(x0, x1):
        return np.array([(s[0] + x * ux - y * uy, s[1] + x * uy + y * ux)
                         for x, y in ((x0, -half), (x1, -half), (x1, half), (x0, half))])

    src = SourceLocation(loc.line, loc.column, loc.file, "circle connection bar")
    for (x0, x1), color in (((-rs, 1.0), colors[0]), ((length - 1.0, length + re_), colors[1])):
        interp.scene.add(Polyline(points=rect(x0, x1), closed_flag=True, clipped=True, panel=interp.panel,
                                  source=src, style=Style(stroke=None, stroke_width=0.0, fill=to_hex(color))))
