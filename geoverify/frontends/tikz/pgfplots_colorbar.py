"""pgfplots' ``colorbar`` and ``colorbar horizontal``: a second, small axis next to the
parent axis (``pgfplots.code.tex``, ``every colorbar``).

- ``colorbar`` (right): 0.5 cm wide, as high as the parent's box, its north-west
  corner 0.3 cm right of the parent's bounding box (tick labels included) at the
  height of the box's top; y runs over ``point meta min``..``point meta max``
  (default: the range of the plots' meta values, the last coordinate of
  ``mesh``/``surf`` plots) with automatic ticks, labelled on the right;
- ``colorbar horizontal``: 0.5 cm high, as wide as the parent's box, its north-west
  corner 0.3 cm below the bounding box under the box's left end; x ticks below.

The bar's colour shading is recorded as a filled rectangle; ``colorbar style``
options apply to the small axis.
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.errors import GeoverifyError

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.bounding import drawn_extent
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pgfplots_options import usable_range

__all__ = ["COLORBAR_KEYS", "COLORMAP_KEYS", "draw_colorbar", "meta_range"]

#: axis keys that choose colour maps and how values are mapped to them: colours only, the
#: drawn geometry (colour bar included) does not change (the colours are noted as approximated)
COLORMAP_KEYS = {"colormap", "colormap name", "colormap access", "point meta rel", "colormap/viridis",
                 "colormap/hot", "colormap/hot2", "colormap/cool", "colormap/jet", "colormap/bluered",
                 "colormap/greenyellow", "colormap/blackwhite", "colormap/redyellow", "colormap/violet"}

#: axis keys read here (and the colour map keys)
COLORBAR_KEYS = {"colorbar", "colorbar horizontal", "colorbar style", "point meta min",
                 "point meta max"} | COLORMAP_KEYS

_CM = 72.27 / 2.54


def meta_range(axis):
    """``(min, max)`` of the colour data (``point meta``) of an axis' plots, or None."""
    interp, kv = axis.interp, axis.kv
    vals = []
    for p in axis.plots:
        if not len(p.points):
            continue
        col = p.points[:, -1]
        vals.append(col[np.isfinite(col)])
    v = np.concatenate(vals) if vals else np.zeros(0)
    lo = interp.number(kv["point meta min"], axis.st).value if kv.get("point meta min") else \
        (float(v.min()) if len(v) else None)
    hi = interp.number(kv["point meta max"], axis.st).value if kv.get("point meta max") else \
        (float(v.max()) if len(v) else None)
    if lo is None or hi is None:
        return None
    lo, hi, _ = usable_range(lo, hi)
    return lo, hi


def draw_colorbar(axis, first_prim: int, first_node: int) -> None:
    """Draw the colour bar of ``axis`` (already drawn: its primitives start at
    ``first_prim``, its nodes at ``first_node``)."""
    from geoverify.frontends.tikz.pgfplots import Axis
    interp, kv = axis.interp, axis.kv
    horizontal = "colorbar horizontal" in kv and (kv["colorbar horizontal"] or "true").strip() != "false"
    if not horizontal and (kv.get("colorbar") or "true").strip() == "false":
        return
    for k in ("colorbar left", "colorbar right", "colorbar sampled", "colorbar/width", "colorbar shift"):
        if k in kv:
            interp.note("UNSUPPORTED", f"'{k}' is not interpreted (the bar is drawn on the default side)", k,
                        axis.loc)
    rng = meta_range(axis)
    if rng is None:
        interp.note("UNSUPPORTED", "colorbar without colour data is not drawn", "colorbar", axis.loc)
        return
    ext = drawn_extent(interp.scene.primitives[first_prim:], interp.placed_nodes[first_node:], interp.panel)
    inv = G.invert(axis.st["ctm"])
    if ext is None:
        return
    corners = [G.apply(inv, (ext[0], ext[1])), G.apply(inv, (ext[2], ext[3]))]
    right = max(c[0] for c in corners)
    bottom = min(c[1] for c in corners)
    lo, hi = rng
    if horizontal:
        x, y = axis.ox, bottom - 0.3 * _CM
        ckv = {"xmin": repr(lo), "xmax": repr(hi), "ymin": "0", "ymax": "1", "width": f"{axis.W}pt",
               "height": f"{0.5 * _CM}pt", "ytick": "\\empty", "xticklabel pos": "left"}
    else:
        x, y = right + 0.3 * _CM, axis.oy + axis.H
        ckv = {"xmin": "0", "xmax": "1", "ymin": repr(lo), "ymax": repr(hi), "width": f"{0.5 * _CM}pt",
               "height": f"{axis.H}pt", "xtick": "\\empty", "yticklabel pos": "right"}
    ckv.update({"scale only axis": None, "enlargelimits": "false", "anchor": "north west"})
    ckv.pop("at", None)
    styles: dict = {}
    opts = list(ckv.items())
    style = kv.get("colorbar style") or ""
    # the parent's box size, as pgfplots provides it to the colour bar's options
    style = re.sub(r"\\pgfkeysvalueof\{/pgfplots/parent axis (width|height)\}",
                   lambda m: f"{axis.W if m.group(1) == 'width' else axis.H:.5f}pt", style)
    for k, v in split_options(style):
        if k.endswith(" style"):
            styles[k] = (styles.get(k, "") + "," + (v or "")).strip(",")
        ckv[k] = v
        opts.append((k, v))
    for a, up in (("x", "top"), ("y", "right")):  # upper/lower: pgfplots' aliases of top/right
        v = (ckv.get(a + "ticklabel pos") or "").strip()
        if v in ("upper", "lower"):
            ckv[a + "ticklabel pos"] = up if v == "upper" else {"top": "bottom", "right": "left"}[up]
    if ckv.get("at"):
        # colorbar style={at={(a,b)}}: the parent's axis description cs (fractions of its box)
        m = re.fullmatch(r"\s*\(\s*([-+0-9.eE]+)\s*,\s*([-+0-9.eE]+)\s*\)\s*", ckv["at"])
        if m:
            x, y = axis.ox + float(m.group(1)) * axis.W, axis.oy + float(m.group(2)) * axis.H
        else:
            interp.note("UNSUPPORTED", f"colorbar at={ckv['at']} is not interpreted (drawn at the default place)",
                        "colorbar style", axis.loc)
            ckv["anchor"] = "north west"
    ckv["at"] = f"({x:.5f}pt,{y:.5f}pt)"
    bar = Axis(interp, ckv, styles, "axis", axis.loc, axis.pos)
    bar.opts = opts
    first = len(interp.scene.primitives)
    try:
        bar.run([])
    except GeoverifyError as err:
        del interp.scene.primitives[first:]
        interp.note("UNSUPPORTED", f"colorbar not drawn: {err.message}", "colorbar style", axis.loc)
        return
    # the shading: a filled rectangle under the box
    from geoverify.frontends.tikz.emit import path_style
    from geoverify.scene.primitives import Polyline
    st = dict(interp.st)
    st.update(fill="current", draw=None, dash=None)
    st["color"] = (0.5, 0.5, 0.5)
    m = axis.st["ctm"]
    box = [(bar.ox, bar.oy), (bar.ox + bar.W, bar.oy), (bar.ox + bar.W, bar.oy + bar.H), (bar.ox, bar.oy + bar.H)]
    interp.scene.add(Polyline(points=np.array([G.apply(m, q) for q in box]), closed_flag=True,
                              style=path_style(st, False, True), source=axis._src("colorbar"), panel=interp.panel))
