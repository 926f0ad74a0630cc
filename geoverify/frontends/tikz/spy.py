"""The ``spy`` library: magnified copies of a scope's drawing (``\\spy on (p) in node ...;``).

A scope or picture with ``spy scope={opts}`` (``spy using outlines={opts}``: its nodes
drawn, ``very thin`` on the spot and ``thick`` around the copy; ``spy using
overlays={opts}``: both filled at opacity 0.2) collects its ``\\spy [opts] on <point>
in node <node>;`` commands and runs them where it ends, after all it drew. Each runs
in a scope with the spy scope's options and then its own, as ``\\tikz@lib@spy@do`` of
``tikzlibraryspy.code.tex`` does (``size``, ``width``, ``height`` are the minimum
sizes; ``magnification=m`` is ``lens={scale=m}``):

- the node ``tikzspyonnode`` at the point (inner and outer sep 0, ``every spy on
  node``), shaped by the inverse of the lens (a third of the size at magnification 3);
- the node ``tikzspyinnode`` (inner and outer sep 0, ``at`` the point, ``every spy in
  node``, then what follows ``in node``: a name, options, its own ``at``); in it, all
  the scope drew, mapped by the node's frame, the lens and a shift by minus the point
  (a plain point read without the scope's transformations, as pgf reads it in the
  fresh picture it draws the copy in; a named point is its canvas position), moved
  off the centre by the inner node's half size when the spy's anchor is a compass
  one; the copy is clipped to the node (kept whole and marked ``clipped``, as a path
  picture's drawing);
- the ``spy connection path`` (``connect spies``: ``\\draw[thin] (tikzspyonnode) --
  (tikzspyinnode);``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.fonts import em as font_em

__all__ = ["SPY_KEYS", "SpyScope", "begin_spy_scope", "finish_spy_scope", "read_spy", "spy_key"]

#: Keys handled here (:func:`spy_key`); ``size``, ``width`` and ``height`` only inside a spy scope.
SPY_KEYS = frozenset({"spy scope", "spy using outlines", "spy using overlays", "lens", "magnification",
                      "spy connection path", "connect spies"})

_OUTLINES = "every spy on node/.style={very thin,draw},every spy in node/.style={thick,draw},"
_OVERLAYS = ("every spy on node/.style={fill,fill opacity=0.2,text opacity=1},"
             "every spy in node/.style={fill,fill opacity=0.2,text opacity=1},")
_CONNECT = "\\draw[thin] (tikzspyonnode) -- (tikzspyinnode);"
_SIZES = {"size": "minimum size", "width": "minimum width", "height": "minimum height"}
# the in node's anchor -> the anchor of the inner node holding the copy (\tikz@spy@anchor)
_OPPOSITE = {"north": "south", "north east": "south west", "east": "west", "south east": "north west",
             "south": "north", "south west": "north east", "west": "east", "north west": "south east"}
_DIRECTION = {"north": (0, 1), "north east": (1, 1), "east": (1, 0), "south east": (1, -1), "south": (0, -1),
              "south west": (-1, -1), "west": (-1, 0), "north west": (-1, 1)}


@dataclass
class SpyScope:
    """A spy scope being drawn: its options, where its drawing starts, its spies."""

    options: str
    first: int
    spies: list = field(default_factory=list)


def spy_key(ctx, st: dict, key: str, val: str | None, apply) -> bool:
    """Apply a key of :data:`SPY_KEYS` (or a spy scope's size key) to ``st``; ``apply(st, text)``
    applies other keys. False for a size key outside a spy scope (not a key there)."""
    if key in _SIZES:
        if not st.get("_spy_sizes"):
            return False
        apply(st, f"{_SIZES[key]}={{{val or ''}}}")
    elif key in ("spy scope", "spy using outlines", "spy using overlays"):
        prefix = {"spy scope": "", "spy using outlines": _OUTLINES, "spy using overlays": _OVERLAYS}[key]
        st["_spy_open"] = prefix + (val or "")
        st["_spy_sizes"] = True
    elif key == "lens":
        st["spy_lens"] = val or ""
    elif key == "magnification":
        st["spy_lens"] = f"scale={{{val or 1}}}"
    elif key == "spy connection path":
        st["spy_path"] = val or ""
    else:  # connect spies
        st["spy_path"] = _CONNECT
    return True


def begin_spy_scope(interp) -> None:
    """Open a spy scope when the scope just begun has a ``spy scope`` key."""
    opts = interp.st.pop("_spy_open", None)
    if opts is not None:
        interp.st["_spy"] = SpyScope(opts, len(interp.scene.primitives))


def read_spy(interp, reader, tok) -> None:
    """``\\spy [opts] on <point> in node <node>;``: collected by the enclosing spy scope."""
    toks, depth = [], 0
    while True:
        t = reader.get()
        if t is None:
            raise FigureSyntaxError("\\spy without its closing ';'", location=interp.loc)
        depth += (t[0] == "{") - (t[0] == "}")
        if t[0] == ";" and depth <= 0:
            break
        toks.append(t)
    from geoverify.frontends.tikz.tex import detokenize
    text = detokenize(interp.expand_all(toks)).strip()
    m = re.fullmatch(r"(?:\[(?P<opts>.*?)\])?\s*on\s*(?P<on>.+?)\s*in\s+node(?P<rest>.*)", text, re.S)
    if m is None:
        raise FigureSyntaxError(f"\\spy {text[:40]}: expected '[options] on <point> in node ...'",
                                location=interp.loc)
    sc = interp.st.get("_spy")
    if sc is None:
        interp.note("UNSUPPORTED", "\\spy outside a spy scope draws nothing", "\\spy", interp.loc)
        return
    sc.spies.append((m.group("opts") or "", m.group("on").strip(), m.group("rest").strip(), interp.loc))


def finish_spy_scope(interp, outer_st: dict | None) -> None:
    """At the end of a scope (state ``interp.st``; ``outer_st`` the enclosing one): run the
    spies of the spy scope it opened."""
    sc = interp.st.get("_spy")
    if sc is None or (outer_st is not None and outer_st.get("_spy") is sc):
        return
    drawn = interp.scene.primitives[sc.first:]
    drawn = [p for p in drawn if p.panel == interp.panel]
    for spy in sc.spies:
        _spy(interp, sc, drawn, *spy)


def _lens(interp, st: dict) -> G.Affine:
    """The lens (an affine map) of ``st``: its keys applied from the identity."""
    lst = dict(st)
    lst["ctm"] = G.IDENTITY
    if st.get("spy_lens"):
        interp.apply_options(lst, st["spy_lens"])
    return lst["ctm"]


def _spy(interp, sc: SpyScope, drawn: list, opts: str, on: str, rest: str, loc) -> None:
    from geoverify.frontends.tikz.coords import evaluate_coordinate
    from geoverify.frontends.tikz.pathpicture import run_with_node
    from geoverify.scene import Scene
    from geoverify.scene.transform import transform_scene
    saved = interp.st
    st = dict(saved)
    st["_spy"] = None
    interp.defs.begin_group()
    interp.st = st
    try:
        interp.apply_options(st, sc.options + ("," + opts if opts else ""))
        lens = _lens(interp, st)
        point = on[1:-1] if on.startswith("(") and on.endswith(")") else on
        p = evaluate_coordinate(interp, point, st).point
        # the spot: at the point, shaped by the inverse lens (\tikz@addtransform of the node)
        # (a shape and minimum sizes given to a scope hold for its nodes, \tikz@shape and pgf's keys:
        # the spy's circle or rectangle and its size)
        shape = f"shape={st.get('shape') or 'rectangle'},"
        for k, key in (("min_width", "minimum width"), ("min_height", "minimum height")):
            if st.get(k):
                shape += f"{key}={st[k]:.5f}pt,"
        nst = interp.node_state(st, shape + "inner sep=0pt,outer sep=0pt,every spy on node")
        inv = G.invert(lens)
        nst["node_ctm"] = G.compose(nst.get("node_ctm", G.IDENTITY), (inv[0], inv[1], inv[2], inv[3], 0.0, 0.0))
        on_node = interp.place_node(nst, "tikzspyonnode", p, "", loc)
        anchor = st.get("anchor") or "center"
        # the copy's window: a node of the figure's own making, placed by TikZ's node syntax
        placed = []
        had = "place_node" in interp.__dict__  # (a pic's own, when the spy scope is in a pic's code)
        outer_place = interp.place_node

        def place(nst2, name, *a, **kw):
            node = outer_place(nst2, name, *a, **kw)
            placed.append(node)
            return node

        interp.place_node = place
        try:
            run_with_node(interp, f"\\node[{shape}inner sep=0pt,outer sep=0pt,at={{{on}}},every spy in node] "
                          f"{rest}{{}};", "tikzspyonnode", on_node, loc)
        finally:
            if had:
                interp.place_node = outer_place
            else:
                del interp.place_node
        if not placed or placed[-1] is None:
            return
        window = placed[-1]
        interp.nodes["tikzspyonnode"] = on_node
        interp.nodes["tikzspyinnode"] = window
        # the point as the fresh picture reads it: without the scope's transformations
        raw = evaluate_coordinate(interp, point, {**st, "ctm": G.IDENTITY}).point
        shift = (0.0, 0.0)
        if anchor in _OPPOSITE:  # the inner node (inner sep .3333em, outer sep .2pt) by its opposite anchor
            d = _DIRECTION[anchor]
            half = 0.3333 * font_em(st.get("font_size", 10.0)) + 0.2
            shift = (-d[0] * half, -d[1] * half)
        c, s = math.cos(math.radians(window.angle)), math.sin(math.radians(window.angle))
        k = window.scale
        frame = (k * c, k * s, -k * s, k * c, window.center[0], window.center[1])
        m = G.compose(G.compose(frame, G.translation(*shift)), G.compose(lens, G.translation(-raw[0], -raw[1])))
        matrix = np.array([[m[0], m[2], m[4]], [m[1], m[3], m[5]], [0.0, 0.0, 1.0]])
        copies = transform_scene(Scene(primitives=drawn), matrix).primitives
        for q in copies:
            q.clipped = True
            interp.scene.add(q)
        if st.get("spy_path"):
            run_with_node(interp, st["spy_path"], "tikzspyinnode", window, loc)
    finally:
        interp.st = saved
        interp.defs.end_group()
