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
"""

from __future__ import annotations

import copy

import numpy as np

from geoverify.frontends.tikz import geometry as G

__all__ = ["canvas_key", "begin_canvas", "end_canvas"]


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
