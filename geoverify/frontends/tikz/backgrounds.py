"""The ``backgrounds`` library's frames and grids: ``framed``, ``gridded``, ``show background ...``.

As ``tikzlibrarybackgrounds.code.tex`` does at the end of the picture, the
picture's bounding box (pgf's: path points and node shapes, see
:func:`~geoverify.frontends.tikz.bounding.drawn_extent`) is enlarged by the inner
frame sep (``1ex`` each way; ``tight background`` 0, ``loose background`` 2ex) and,
with the transformation reset,

- ``framed`` / ``show background rectangle`` draws
  ``\\path[background rectangle] (min) rectangle (max)`` (the style is ``draw``
  unless the figure sets it);
- ``gridded`` / ``show background grid`` draws ``\\path[background grid] (min) grid
  (max)`` (style ``help lines,draw``);
- ``show background top/bottom/left/right`` draws that side, reaching the outer frame
  sep (``0ex``) beyond the corners (style ``draw``).

The frame is drawn after the picture (pgf puts it on the background layer: the
order of primitives is not geometry). ``on background layer`` on a scope therefore
changes nothing but applies ``every on background layer``.
"""

from __future__ import annotations

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.tex import Reader, tokenize_at

__all__ = ["BACKGROUND_KEYS", "background_key", "draw_backgrounds"]

_SHOW = {"framed": "rectangle", "show background rectangle": "rectangle", "gridded": "grid",
         "show background grid": "grid", "show background top": "top", "show background bottom": "bottom",
         "show background left": "left", "show background right": "right"}
_SEPS = {"inner frame sep": ("frame_xsep", "frame_ysep"), "inner frame xsep": ("frame_xsep",),
         "inner frame ysep": ("frame_ysep",), "outer frame sep": ("outer_frame_xsep", "outer_frame_ysep"),
         "outer frame xsep": ("outer_frame_xsep",), "outer frame ysep": ("outer_frame_ysep",)}
_PRESETS = {"tight background": "0pt", "loose background": "2ex"}
#: the keys this module reads (options.py hands them over)
BACKGROUND_KEYS = frozenset(_SHOW) | frozenset(_SEPS) | frozenset(_PRESETS) | {"on background layer"}
_DEFAULT_STYLES = {"rectangle": "draw", "grid": "help lines,draw", "top": "draw", "bottom": "draw",
                   "left": "draw", "right": "draw"}


def background_key(ctx, st: dict, key: str, val: str | None) -> None:
    """Apply one of :data:`BACKGROUND_KEYS` to the state ``st``.

    ``on background layer`` (a scope's key) puts the scope's drawing on the background
    layer, drawn before the main one: the order of primitives is not geometry, so only its
    style ``every on background layer`` is applied."""
    if key == "on background layer":
        every = ctx.style("every on background layer")
        if every and every[0]:
            from geoverify.frontends.tikz.options import apply_options
            apply_options(ctx, st, every[0], 1)
        return
    if key in _SHOW:
        kind = _SHOW[key]
        shown = st.get("backgrounds") or ()
        if kind not in shown:
            st["backgrounds"] = shown + (kind,)
        return
    if key in _PRESETS:
        key, val = "inner frame sep", _PRESETS[key]
    if val is None:
        return
    r = ctx.number(val, st)
    for field in _SEPS[key]:
        st[field] = r.value


def _picture_extent(interp, start):
    """pgf's picture bounding box since ``start``: :func:`drawn_extent`'s, and a stroked path
    adds half its line width all round (pgfcorepathusage)."""
    from geoverify.frontends.tikz.bounding import drawn_extent
    from geoverify.scene import TextLabel
    from geoverify.scene.primitives import Arrow
    prims = interp.scene.primitives[start.prims:]
    clips = {i - start.prims: c for i, c in interp.clip_boxes.items() if i >= start.prims}
    box = drawn_extent([], interp.placed_nodes[start.nodes:], interp.panel)
    box = list(box) if box is not None else None
    for i, p in enumerate(prims):
        if isinstance(p, (TextLabel, Arrow)) or p.panel != interp.panel:
            continue
        b = drawn_extent([p], [], None, {0: clips[i]} if i in clips else None, interp.bbox_proxies)
        if b is None:
            continue
        proxy = interp.bbox_proxies.get(id(p))
        w = proxy[1] if proxy is not None else (p.style.stroke_width / 2 if p.style.stroke else 0.0)
        b = (b[0] - w, b[1] - w, b[2] + w, b[3] + w)
        box = list(b) if box is None else [min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]),
                                           max(box[3], b[3])]
    return box


def draw_backgrounds(interp, start, pos: int | None) -> None:
    """Draw the frames and grids the picture's options ask for (``start`` is the
    :class:`~geoverify.frontends.tikz.bounding.LocalBox` taken when the picture began,
    ``pos`` where the picture begins in the source)."""
    from geoverify.frontends.tikz.pgfmath import UNITS_PT
    st = interp.picture_st
    extent = _picture_extent(interp, start)
    if extent is None:
        return
    ex = UNITS_PT["ex"]
    xs, ys = st.get("frame_xsep", ex), st.get("frame_ysep", ex)
    oxs, oys = st.get("outer_frame_xsep", 0.0), st.get("outer_frame_ysep", 0.0)
    x0, y0, x1, y1 = extent[0] - xs, extent[1] - ys, extent[2] + xs, extent[3] + ys
    pieces = {"rectangle": f"({x0}pt,{y0}pt) rectangle ({x1}pt,{y1}pt)",
              "grid": f"({x0}pt,{y0}pt) grid ({x1}pt,{y1}pt)",
              "top": f"({x0 - oxs}pt,{y1}pt) -- ({x1 + oxs}pt,{y1}pt)",
              "bottom": f"({x0 - oxs}pt,{y0}pt) -- ({x1 + oxs}pt,{y0}pt)",
              "left": f"({x0}pt,{y0 - oys}pt) -- ({x0}pt,{y1 + oys}pt)",
              "right": f"({x1}pt,{y0 - oys}pt) -- ({x1}pt,{y1 + oys}pt)"}
    code = []
    for kind in st["backgrounds"]:
        name = "background " + kind
        style = name if interp.defs.get("style:" + name) is not None else _DEFAULT_STYLES[kind]
        code.append(f"\\path[{style}] {pieces[kind]};")
    saved = interp.st
    interp.st = dict(st)
    interp.st["ctm"] = G.IDENTITY  # \pgftransformreset
    interp.st.pop("backgrounds", None)
    try:
        toks = tokenize_at("".join(code), pos)
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.st = saved
