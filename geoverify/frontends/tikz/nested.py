"""A picture inside node text (``\\node {\\begin{tikzpicture} ... \\end{tikzpicture}};``).

TeX sets the inner picture as a box: as wide and high as its bounding box (pgf's
rules: paths by their points and control points, nodes by their shapes with
their outer sep), with its baseline at the bottom (depth 0). A blank after it
stays in a node with ``align`` (its one line is not ``\\unskip``-ped): an
interword space of the node font right of the picture. The node around it
is sized by that box like any text; the inner drawing is then moved (and turned
and scaled with the node) so that its bounding box fills the node's text box.
The inner picture is typeset inside the node's scope: it keeps the graphic
state there (:data:`INHERITED`: colour -- the node's text colour --, dashes,
arrow tips, rounded corners, opacity, the ``x``/``y``/``z`` vectors, the font,
the node distance; the node text's font is the picture's surrounding font, in
which its nodes' ``em`` inner seps are measured), while ``\\pgfpicture`` resets
the transformation and the line width (0.4pt); the outer node's own drawing and filling are its path's, not
the picture's. Its node names are global but keep the inner picture's
coordinates (pgf has no shift between pictures without ``remember picture``).
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.frontends.tikz.bounding import drawn_extent
from geoverify.frontends.tikz.fonts import interword_space
from geoverify.frontends.tikz.options import DEFAULTS
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize_at
from geoverify.scene import Scene
from geoverify.scene.transform import transform_scene

__all__ = ["is_nested_picture", "place_nested", "INHERITED"]

#: State keys a picture inside a node keeps from the node's scope (TeX groups, not a
#: reset: pgf's picture start resets only the transformation and the line width).
INHERITED = ("color", "dash", "opacity", "draw_opacity", "fill_opacity", "arrow_start", "arrow_end",
             "tip_default", "rounded_corners", "shorten_start", "shorten_end", "xvec", "yvec", "zvec",
             "font_size", "outer_font_size", "bold", "node_distance", "on_grid")

_PICTURE = re.compile(r"^\s*(\\begin\s*\{tikzpicture\}.*\\end\s*\{tikzpicture\}|"
                      r"\\begin\s*\{tikzcd\}.*\\end\s*\{tikzcd\}|\\tikz\b.*?)\s*$", re.S)


def is_nested_picture(text: str) -> bool:
    """Whether node text is one picture (``tikzpicture`` or ``tikzcd`` environment, or ``\\tikz``)."""
    return bool(_PICTURE.match(text)) and text.count("\\begin{tikzpicture}") + text.count("\\begin{tikzcd}") <= 1


def _offset(interp, loc) -> int:
    """Source offset of a location (the inner picture's tokens report the node's place)."""
    try:
        return interp.source._starts[loc.line - 1] + max(loc.column - 1, 0)
    except (AttributeError, IndexError, TypeError):
        return 0


def _inner_state(nst: dict) -> dict:
    """Starting state of a picture inside a node with state ``nst``."""
    st = dict(DEFAULTS)
    for k in INHERITED:
        if k in nst:
            st[k] = nst[k]
    if nst.get("path_arrows"):  # a node draws no tips, its path's are in force
        st["arrow_start"], st["arrow_end"] = nst["path_arrows"]
    if nst.get("text") not in (None, "current"):  # the node text's colour is the current colour
        st["color"] = nst["text"]
    # the node text's font surrounds the picture: its nodes' .3333em inner seps are of that font
    st["outer_font_size"] = nst.get("font_size", st["outer_font_size"])
    st["outer_family"] = nst.get("bold", False)
    return st


def _run_inner(interp, text: str, loc, nst=None):
    """Interpret the inner picture (starting from the node's state ``nst``); return its
    primitives (removed from the scene) and bounding box ``(x0, y0, x1, y1)`` (``None``
    when it draws nothing)."""
    scene = interp.scene
    i0, n0 = len(scene.primitives), len(interp.placed_nodes)
    saved = (interp.st, dict(interp.nodes), dict(interp.named_paths), interp.let_vars)
    interp.st = _inner_state(nst) if nst is not None else dict(DEFAULTS)
    every = interp.defs.get("style:every picture")
    interp.defs.begin_group()
    try:
        if every:
            interp.apply_options(interp.st, every)
        pos = _offset(interp, loc)
        reader = Reader(tokenize_at(text.strip(), pos), interp.defs, interp.budget, interp.source)
        tok = reader.get()
        if tok[0] == "\\begin" and detokenize(reader.read_arg()).strip() == "tikzcd":
            from geoverify.frontends.tikz.tikzcd import run_tikzcd
            run_tikzcd(interp, reader, tok)  # a commutative diagram set in the node (a matrix and its arrows)
        elif tok[0] == "\\begin":
            opts = reader.read_optional()
            if opts:
                interp.apply_options(interp.st, detokenize(interp.expand_all(opts)))
            interp.statements(reader, end_env="tikzpicture")
        else:  # \tikz[options] statement(s)
            opts = reader.read_optional()
            if opts:
                interp.apply_options(interp.st, detokenize(interp.expand_all(opts)))
            reader.skip_spaces()
            nxt = reader.peek()
            if nxt is not None and nxt[0] == "{":
                reader.get()
                body = reader.read_group_body(nxt[1])
                interp.statements(Reader(body, interp.defs, interp.budget, interp.source), None)
            else:
                interp.statements(reader, None)
    finally:
        interp.defs.end_group()
        inner_nodes = {k: v for k, v in interp.nodes.items() if saved[1].get(k) is not v}
        interp.st, interp.nodes, interp.named_paths, interp.let_vars = saved
        # names stay global, at the inner picture's own coordinates: without "remember
        # picture" pgf has no shift between pictures (a one-pass TeX run)
        interp.nodes.update(inner_nodes)
    prims = scene.primitives[i0:]
    del scene.primitives[i0:]
    nodes = interp.placed_nodes[n0:]
    del interp.placed_nodes[n0:]
    # clip boxes of the inner primitives, by position among them (they move with them)
    clips = {i - i0: interp.clip_boxes.pop(i) for i in [j for j in interp.clip_boxes if j >= i0]}
    return prims, drawn_extent(prims, nodes, clip_boxes=clips), clips


def place_nested(interp, nst: dict, name, p, text: str, loc, tangent=None):
    """Place a node whose text is a picture: size it by the picture, draw the picture in it."""
    prims, box, clips = _run_inner(interp, text, loc, nst)
    w, h = (box[2] - box[0], box[3] - box[1]) if box is not None else (0.0, 0.0)
    if nst.get("align") and text[-1:].isspace():
        # with align, TikZ sets a one-line text in a box it does not \unskip: the blank
        # after the picture stays, right of it (tikz@align@end@check)
        w += interword_space(nst["font_size"], nst.get("bold", False))
    nst2 = dict(nst)
    # the picture's size is the node's text size only: its labels and pins see the node's
    # own options (placed after it, as place_node does)
    nst2.update(text_width=w, text_height=h, text_depth=0.0, align="left", labels=(), pins=())
    node = interp.place_node(nst2, name, p, "", loc, tangent=tangent)
    for lab in nst.get("labels", ()):
        interp._label(node, lab, nst, loc, pin=False)
    for pin in nst.get("pins", ()):
        interp._label(node, pin, nst, loc, pin=True)
    if box is None or not prims:
        return node
    # inner point q -> node frame: the box's lower left at the text box's lower left
    c, s = np.cos(np.radians(node.angle)), np.sin(np.radians(node.angle))
    k = node.scale
    lin = k * np.array([[c, -s], [s, c]])
    shift = np.array([box[0] + w / 2, box[1] + h / 2])
    m = np.eye(3)
    m[:2, :2] = lin
    m[:2, 2] = np.asarray(node.center, dtype=float) - lin @ shift
    inner = Scene(unit="pt", source_format="tikz")
    inner.primitives = list(prims)
    j0 = len(interp.scene.primitives)
    interp.scene.primitives.extend(transform_scene(inner, m).primitives)
    for i, cb in clips.items():  # the clip boxes move with their primitives
        q = (m[:2, :2] @ np.array([[cb[0], cb[2], cb[0], cb[2]], [cb[1], cb[1], cb[3], cb[3]]])).T + m[:2, 2]
        interp.clip_boxes[j0 + i] = (float(q[:, 0].min()), float(q[:, 1].min()),
                                     float(q[:, 0].max()), float(q[:, 1].max()))
    return node
