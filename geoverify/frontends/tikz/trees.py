"""Trees: ``child`` operations after a node (``tikz.code.tex``, the tree part).

The children of one parent are collected first; child ``i`` of ``n`` is placed
by TikZ's default growth function from the parent's centre::

    polar(grow, level distance) + polar(grow - 90, (n + 1)/2 sibling distance)
                                + polar(grow + 90, i sibling distance)

(``grow'`` swaps the two sideways directions), in the picture's transformation.
``grow`` is ``down`` (-90) by default; ``level distance`` and ``sibling
distance`` are 15 mm. Other growth functions (``grow`` brings back the default):

- ``clockwise from=a`` / ``counterclockwise from=a`` (trees library): child ``i`` at
  ``polar(a -+ (i - 1) sibling angle, level distance)``;
- ``grow cyclic``: the child's frame is rotated by ``(i - (n + 1)/2) sibling angle``
  and the child is ``level distance`` along its x axis (its own children grow in that frame);
- ``children are tokens`` (petri library): pgf's table of token places for 1 to 9
  children, in units of ``token distance`` (1.5 ex), with no edges; a node's ``tokens=n``,
  ``colored tokens={c1,...}`` (``token`` nodes in those colours) and ``structured
  tokens={t1,...}`` (``token`` nodes with those texts) add such children after it;
- ``grow via three points={one child at (a) and two children at (b) and (c)}``
  (trees library): child ``i`` of ``n`` at ``a + (n - 1)(b - a) + (i - 1)(c - b)``.

Children grow from the parent's ``growth parent anchor`` (``center``). A ``grow``
given at the children's own level (their options, ``level`` styles) puts each one
``level distance`` along the direction, without the sideways shift. Options at the
start of a child's body apply to the rest of it (its children).

``sibling angle`` is 20 degrees by default. ``level`` (with the level as ``#1``) and ``level <k>`` styles apply to all children of level k,
then ``every child`` and the child's own options. A child's body starts with
its node (``node [...] (name) {text}`` or ``coordinate``; an empty body is a
coordinate) followed by further path operations, children included; the node
is named ``<parent>-<i>`` unless it has a name. The edge from the parent is
``(parent) -- (child)`` between the node borders (or ``parent anchor`` /
``child anchor``), drawn in the child's style; ``child [missing]`` takes its
place but draws nothing. ``edge from parent [options]`` in a body sets the
edge's options; nodes after it are labels on the edge (midway unless they have a
``pos``). ``edge from parent path`` replaces the edge's path (``\\tikzparentnode``,
``\\tikzchildnode``, ``\\tikzparentanchor``, ``\\tikzchildanchor`` in it).
"""

from __future__ import annotations

import math
import re

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.pathbuild import PathBuilder
from geoverify.frontends.tikz.pgfmath import EX_PT, whole

__all__ = ["add_empty_bodies", "growth_angle", "growth_key", "grow_children", "DIRECTIONS", "GROWTH_KEYS"]

#: TikZ's growth directions in degrees.
DIRECTIONS = {"down": -90.0, "up": 90.0, "left": 180.0, "right": 0.0, "south": -90.0, "north": 90.0,
              "west": 180.0, "east": 0.0, "north east": 45.0, "north west": 135.0, "south east": -45.0,
              "south west": -135.0}

_EDGE = re.compile(r"edge\s+from\s+parent\s*(\[[^\]]*\])?")

#: Keys of the growth functions other than the default (:func:`growth_key`).
GROWTH_KEYS = frozenset({"clockwise from", "counterclockwise from", "grow cyclic", "sibling angle",
                         "children are tokens", "token distance", "grow via three points",
                         "growth parent anchor", "edge from parent path",
                         "tokens", "colored tokens", "structured tokens"})

_THREE = re.compile(r"\s*one child at\s*\((.*)\)\s*and two children at\s*\((.*)\)\s*and\s*\((.*)\)\s*", re.S)

#: petri's token places (``\tikz@def@grow@tokens``): n children -> (x, y) per child, in token distances.
_TOKEN_PLACES = {
    1: [(0, 0)], 2: [(-.5, 0), (.5, 0)], 3: [(0, .57), (-.5, -.306025), (.5, -.306025)],
    4: [(-.5, .5), (.5, .5), (-.5, -.5), (.5, -.5)],
    5: [(0, .85), (-.808398, .26266), (.808398, .26266), (-.499617, -.687664), (.499617, -.687664)],
    6: [(-1, .5), (0, .5), (1, .5), (-1, -.5), (0, -.5), (1, -.5)],
    7: [(0, 1), (-1, .5), (0, 0), (1, .5), (-1, -.5), (0, -1), (1, -.5)],
    8: [(-.5, 1), (.5, 1), (-1, 0), (0, 0), (1, 0), (-1, -1), (0, -1), (1, -1)],
    9: [(-1, 1), (0, 1), (1, 1), (-1, 0), (0, 0), (1, 0), (-1, -1), (0, -1), (1, -1)],
}


def growth_key(ctx, st: dict, key: str, val: str | None) -> None:
    """Apply one of :data:`GROWTH_KEYS` to ``st``."""
    if key == "sibling angle":
        st["sibling_angle"] = float(ctx.number(val, st).value)
    elif key == "token distance":
        st["token_distance"] = float(ctx.number(val, st).value)  # a plain number is in pt
    elif key in ("tokens", "colored tokens", "structured tokens"):
        # petri: the tokens are the node's children (append after command), placed by children are tokens
        if key == "tokens":
            n = whole(ctx.number(val or "0", st).value, rounded=True)
            items, node = (f"1,...,{n}", "node[token]{}") if n > 0 else (None, None)
        elif key == "colored tokens":
            items, node = val or "", "node[token,\\tikzpetritokencolor]{}"
        else:
            items, node = val or "", "node[token]{\\tikzpetritokencolor}"
        if items is not None:
            text = f"[children are tokens] child foreach \\tikzpetritokencolor in {{{items}}} {{{node}}}"
            st["append_after_command"] = (st.get("append_after_command") or ()) + (text,)
    elif key in ("clockwise from", "counterclockwise from"):
        st["growth"] = (key, float(ctx.number(val, st).value))
    elif key == "growth parent anchor":  # children grow from this anchor of the parent
        st["growth_parent_anchor"] = (val or "center").strip()
    elif key == "edge from parent path":
        st["edge_from_parent_path"] = val
    elif key == "grow via three points":
        m = _THREE.fullmatch(val or "")
        if m is None:
            ctx.note("UNSUPPORTED", f"cannot read 'grow via three points={val}'", key)
            return
        # the points in the coordinates in force, untransformed (the growth shift is transformed)
        local = {**st, "ctm": G.IDENTITY}
        st["growth"] = (key, tuple(ctx.point(m.group(k), local) for k in (1, 2, 3)))
    else:  # grow cyclic, children are tokens
        st["growth"] = (key, 0.0)


# (a body-less child with options may be followed by the path's options: "child[missing] [fork down]")
_BARE_CHILD = re.compile(r"\bchild\s*(?:\[[^\[\]]*\](?=\s*(?:child\b|\}|;|$|\[))|(?=\s*(?:child\b|\}|;|$)))")


def add_empty_bodies(text: str) -> str:
    """``child[missing]`` (no body) -> ``child[missing]{}``, which the path grammar reads."""
    return _BARE_CHILD.sub(lambda m: m.group(0) + "{}", text) if "child" in text else text


def growth_angle(ctx, val: str, st: dict) -> float:
    """``grow=down`` / ``grow=30`` -> degrees."""
    v = (val or "").strip()
    if v in DIRECTIONS:
        return DIRECTIONS[v]
    return float(ctx.number(v, st).value)


def _polar(angle: float, r: float):
    a = math.radians(angle)
    return (r * math.cos(a), r * math.sin(a))


def _grown(cst: dict, growth: tuple, i: int, n: int, ld: float) -> tuple[float, float]:
    """Offset of child ``i`` of ``n`` from its parent under a growth function other than the default."""
    kind, start = growth
    angle = cst.get("sibling_angle", 20.0)
    if kind == "clockwise from":
        return _polar(start - angle * (i - 1), ld)
    if kind == "counterclockwise from":
        return _polar(start + angle * (i - 1), ld)
    if kind == "grow cyclic":
        return _polar(angle * (i - (n + 1) / 2), ld)
    if kind == "grow via three points":  # tikzlibrarytrees: one + (n-1)(left-one) + (i-1)(right-left)
        one, left, right = start
        return tuple(one[k] + (n - 1) * (left[k] - one[k]) + (i - 1) * (right[k] - left[k]) for k in (0, 1))
    x, y = _TOKEN_PLACES[n][i - 1] if n in _TOKEN_PLACES else (0.0, 0.0)  # pgf has no place beyond 9
    d = cst.get("token_distance", 1.5 * EX_PT)
    return (x * d, y * d)


def _braced_body(tok) -> str:
    t = str(tok).strip()
    return t[1:-1] if t.startswith("{") and t.endswith("}") else t


def grow_children(walker, items, level: int) -> None:
    """Place the children ``items`` (``child`` parse trees) of ``walker``'s last node."""
    from lark import Token

    from geoverify.frontends.tikz.grammar import path_parser
    from geoverify.frontends.tikz.paths import PathWalker

    interp = walker.interp
    parent = walker.last_node
    if parent is None:
        interp.note("UNSUPPORTED", "child without a parent node is not interpreted", "child", walker.loc)
        return
    base = dict(walker.st)
    base["grow_special"] = False  # set when a grow key is given at the children's level
    if interp.defs.get("style:level"):  # level/.style={sibling distance=50mm/#1}
        interp.apply_options(base, f"level={level}")
    if interp.defs.get(f"style:level {level}"):
        interp.apply_options(base, f"level {level}")
    n = len(items)
    for i, item in enumerate(items, start=1):
        cst = dict(base)
        cst["missing"] = False
        if interp.defs.get("style:every child"):
            interp.apply_options(cst, "every child")
        opts = [c for c in item.children if isinstance(c, Token) and str(c).startswith("[")]
        if opts:
            interp.apply_options(cst, str(opts[0])[1:-1])
        if cst.get("missing"):
            continue
        ld = cst.get("level_distance", 15 * 72.27 / 25.4)
        growth = cst.get("growth")
        if growth is None:
            grow = cst.get("grow", -90.0)
            sd = cst.get("sibling_distance", 15 * 72.27 / 25.4)
            left, right = grow - 90.0, grow + 90.0
            if cst.get("grow_swap"):
                left, right = right, left
            parts = [_polar(grow, ld), _polar(left, (n + 1) / 2 * sd), _polar(right, i * sd)]
            if cst.get("grow_special"):  # tikz@grow@direction: grow given at this level, no sideways shift
                parts = parts[:1]
            off = (sum(p[0] for p in parts), sum(p[1] for p in parts))
        else:
            off = _grown(cst, growth, i, n, ld)
        off = G.apply_linear(cst["ctm"], off)
        if growth is not None and growth[0] == "grow cyclic":  # the child's frame turns with it
            cst["ctm"] = G.compose(cst["ctm"], G.rotation(cst.get("sibling_angle", 20.0) * (i - (n + 1) / 2)))
        origin = _growth_origin(interp, parent, cst.get("growth_parent_anchor"), walker.loc)
        pos = (origin[0] + off[0], origin[1] + off[1])
        body = _braced_body(item.children[-1]).strip()
        edge_opts, edge_nodes = "", ""
        m = _top_edge(body)
        if m:
            edge_opts = (m.group(1) or "[]")[1:-1]
            body, edge_nodes = body[:m.start()], body[m.end():].strip()  # nodes on the edge (labels)
        lead = ""
        if body.startswith("["):  # "child {[level distance=5mm] child ...}": options for the body's path
            depth = 0
            for k, ch in enumerate(body):
                depth += (ch == "[") - (ch == "]")
                if depth == 0:
                    lead, body = body[:k + 1] + " ", body[k + 1:].strip()
                    break
        if not re.match(r"(node|coordinate)\b", body):
            body = "coordinate " + body
        body = lead + body
        name = f"{parent.name}-{i}" if parent.name else None
        child_walker = PathWalker(interp, dict(cst), walker.loc)
        child_walker.cur = child_walker.ref = pos
        child_walker.tree_level = level
        child_walker.default_name = name
        try:
            tree = path_parser().parse(body)
        except Exception:  # noqa: BLE001 - a body the path grammar cannot read
            interp.note("UNSUPPORTED", f"cannot parse the child '{body[:30]}'", "child", walker.loc)
            continue
        child_walker.run(tree)
        node = child_walker.first_node
        walker.edges.extend(child_walker.edges)
        if node is None or (growth is not None and growth[0] == "children are tokens"):
            continue  # tokens have no edge from their parent
        est = dict(cst)
        est["draw"] = est["draw"] or "current"  # edge from parent/.style={draw}
        if interp.defs.get("style:edge from parent"):
            interp.apply_options(est, "edge from parent")
        if edge_opts:
            interp.apply_options(est, edge_opts)
        pa, ca = cst.get("parent_anchor"), cst.get("child_anchor")
        a = parent.anchor(pa) if pa and pa != "border" else None
        b = node.anchor(ca) if ca and ca != "border" else None
        start = a if a is not None else (parent.border_toward(b if b is not None else node.center)
                                         if parent.shape != "coordinate" else parent.center)
        end = b if b is not None else (node.border_toward(start) if node.shape != "coordinate" else node.center)
        if est.get("edge_from_parent_path") or edge_nodes:
            _edge_path(walker, est, parent, node, (pa, ca), (start, end), edge_nodes)
            continue
        edge = PathBuilder()
        edge.line(start, end)
        walker.edges.append((edge, est))


def _top_edge(body: str):
    """The match of ``edge from parent [options]`` outside the body's braces (a grandchild's is its own)."""
    for m in _EDGE.finditer(body):
        head = body[:m.start()]
        if head.count("{") == head.count("}") and head.count("[") == head.count("]"):
            return m
    return None


def _growth_origin(interp, parent, anchor, loc):
    """Where the children grow from: the parent's ``growth parent anchor`` (its centre by default)."""
    if not anchor or anchor == "center":
        return parent.center
    try:
        return parent.anchor(anchor)
    except KeyError:
        interp.note("UNSUPPORTED", f"unknown growth parent anchor '{anchor}'; the centre is used",
                    "growth parent anchor", loc)
        return parent.center


def _edge_path(walker, est, parent, node, anchors, ends, edge_nodes) -> None:
    """An edge from the parent with nodes on it, or along ``edge from parent path``.

    TikZ appends the nodes to the path as labels, so a node without ``pos`` sits
    midway (the default path is written ``(start) -- nodes (end)`` for that)."""
    from geoverify.frontends.tikz.grammar import path_parser
    from geoverify.frontends.tikz.paths import PathWalker

    interp = walker.interp
    custom = est.get("edge_from_parent_path")
    if custom:
        names = []
        for nd in (parent, node):
            name = nd.name or f"tree node {id(nd)}"
            interp.nodes.setdefault(name, nd)
            names.append(name)
        text = custom.strip()
        text = text[1:-1] if text.startswith("{") and text.endswith("}") else text
        for macro, value in (("\\tikzparentnode", names[0]), ("\\tikzchildnode", names[1]),
                             ("\\tikzparentanchor", "." + anchors[0] if anchors[0] and anchors[0] != "border" else ""),
                             ("\\tikzchildanchor", "." + anchors[1] if anchors[1] and anchors[1] != "border" else "")):
            text = re.sub(re.escape(macro) + r"(?![A-Za-z@])\s*", lambda _m, v=value: v, text)
        text += " " + edge_nodes
        st = dict(est)
    else:  # the points are canvas points already
        (sx, sy), (ex, ey) = ends
        text = f"({sx:.6f}pt,{sy:.6f}pt) -- {edge_nodes} ({ex:.6f}pt,{ey:.6f}pt)"
        st = {**est, "ctm": G.IDENTITY}
    ew = PathWalker(interp, st, walker.loc)
    try:
        ew.run(path_parser().parse(text))
    except Exception:  # noqa: BLE001 - a path the grammar cannot read
        interp.note("UNSUPPORTED", f"cannot parse the edge from parent '{text[:40]}'", "edge from parent",
                    walker.loc)
        return
    walker.edges.append((ew.path, est))
