"""``transform canvas`` given to a scope.

TikZ's ``transform canvas={...}`` (``\\pgflowlevel``) transforms the canvas: everything the
scope draws (coordinates, line widths, text) is mapped by the transformation, which starts
from the identity (``\\pgflowlevel`` resets the coordinate transformation first) and acts
after the scope's own coordinate transformation (``shift``, ``scale``, ... map the
points first). The nodes' anchors are still recorded without it, so names used after the
scope refer to where the nodes would be without the canvas transformation.

A similarity given to a scope is modelled so: the primitives the scope adds are mapped at
its end (:func:`geoverify.scene.transform.transform_scene`, exact for similarities).
Other canvas transformations (and ``transform canvas`` on a path or node) are applied as
an ordinary transformation and reported as approximated (``options.py``).

The views library's ``meet={(a) (b) at (c) (d)}`` (also ``view``) and ``slice={...}`` on a
scope are such canvas transformations (``\\pgfviewboxscope``, ``pgfsys.code.tex``): the box
of ``a`` and ``b`` is scaled uniformly about its centre and moved to the centre of the box
of ``c`` and ``d`` (``rectangle`` may stand between two points; without ``at`` the boxes
are one), so that it fits inside that box (``meet``: the smaller of the two ratios of the
boxes' widths and heights, as pgf picks it by their aspect ratios) or covers it (``slice``:
the larger). Nothing is clipped (dvisvgm's output keeps it all).
"""

from __future__ import annotations

import copy

import numpy as np

from geoverify.frontends.tikz import geometry as G

__all__ = ["canvas_key", "begin_canvas", "end_canvas", "view_key"]


def canvas_key(ctx, st: dict, val: str, apply) -> bool:
    """Record the canvas transformation ``val`` of a scope being opened (``apply(state, keys)``
    applies keys); False, changing nothing, when it is not a similarity."""
    tmp = dict(st)
    tmp["ctm"] = G.IDENTITY
    tmp.pop("_scope_opening", None)
    apply(tmp, val)
    a, b, c, d, _, _ = m = tmp["ctm"]
    if abs(a * a + b * b - c * c - d * d) > 1e-9 or abs(a * c + b * d) > 1e-9 or a * a + b * b < 1e-18:
        return False
    st["_canvas_open"] = G.compose(st.get("_canvas_open", G.IDENTITY), m)
    return True


def view_key(ctx, st: dict, key: str, val: str) -> bool:
    """``meet``/``view``/``slice={(a) (b) at (c) (d)}`` of a scope being opened: its canvas
    transformation (see the module docstring); False when the value is not such points."""
    points, rest, depth, start = [], [], 0, None
    for i, ch in enumerate(val or ""):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                points.append(val[start + 1:i])
        elif depth == 0:
            rest.append(ch)
    words = "".join(rest).split()
    if len(points) not in (2, 4) or [w for w in words if w not in ("at", "rectangle")] or \
            (len(points) == 4) != ("at" in words):
        return False
    pts = [ctx.point(p, st) for p in points]
    r0, r1 = pts[0], pts[1]
    s0, s1 = (pts[2], pts[3]) if len(pts) == 4 else (r0, r1)
    wr, hr = abs(r1[0] - r0[0]), abs(r1[1] - r0[1])
    ws, hs = abs(s1[0] - s0[0]), abs(s1[1] - s0[1])
    if min(wr, hr, ws, hs) <= 0:
        return False
    wider = ws / hs > wr / hr  # the target box's aspect ratio against the source's
    scale = hs / hr if wider != (key == "slice") else ws / wr
    cr = ((r0[0] + r1[0]) / 2, (r0[1] + r1[1]) / 2)
    cs = ((s0[0] + s1[0]) / 2, (s0[1] + s1[1]) / 2)
    m = (scale, 0.0, 0.0, scale, cs[0] - scale * cr[0], cs[1] - scale * cr[1])
    st["_canvas_open"] = G.compose(st.get("_canvas_open", G.IDENTITY), m)
    return True


def begin_canvas(interp) -> None:
    """Start collecting what the scope just opened draws under its canvas transformation."""
    m = interp.st.pop("_canvas_open")
    interp.st["_canvas"] = (m, len(interp.scene.primitives))


def end_canvas(interp) -> None:
    """Map what the scope drew by its canvas transformation (the scope is ending)."""
    from geoverify.scene.transform import transform_scene
    m, start = interp.st["_canvas"]
    prims = interp.scene.primitives
    if start >= len(prims) or m == G.IDENTITY:
        return
    sub = copy.copy(interp.scene)
    sub.primitives = prims[start:]
    sub.panels = []
    sub.view = None
    a, b, c, d, e, f = m
    mapped = transform_scene(sub, np.array([[a, c, e], [b, d, f], [0.0, 0.0, 1.0]]))
    prims[start:] = mapped.primitives
