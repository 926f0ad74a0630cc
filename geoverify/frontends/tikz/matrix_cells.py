"""``\\matrix`` whose cells hold TikZ statements (``\\node {1}; & \\draw ...; \\\\``).

As in pgf's matrix (``pgfmodulematrix.code.tex``): each cell is a small picture
whose origin is the cell's origin, drawn without the surrounding transformation;
its extent is the bounding box of what it draws (nodes by their shape's path,
without outer sep, paths by their points and control points; a stroked path or
outline also by half its line width). The cells are first run once to measure
them (their drawing is discarded), laid out by
:func:`~geoverify.frontends.tikz.matrix_layout.layout` (``row sep``,
``column sep``, ``&[...]``, ``\\\\[...]``, ``between origins``), then run again
at their places. The matrix is a rectangle node around the text box (``inner
sep``, ``outer sep``), its baseline the last row's, placed by ``matrix anchor``
or its ``anchor`` (also ``<cell node>.<anchor>``) and named like any node.
"""

from __future__ import annotations

from itertools import compress
from operator import is_not

import numpy as np

from geoverify.frontends.tikz.fonts import em as font_em
from geoverify.frontends.tikz.matrix_layout import layout, parse_sep
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.positioning import positioned_point
from geoverify.frontends.tikz.tex import Reader, tokenize_at
from geoverify.scene import Polyline, TextLabel
from geoverify.scene.primitives import Arrow

__all__ = ["draw_matrix_node", "matrix_node", "place_cell_matrix"]

_CORNERS = ("north", "south", "east", "west", "north east", "north west", "south east", "south west")


def _cell_state(interp, st: dict, i: int, j: int) -> dict:
    """The state of cell ``(i, j)``: ``st`` with the styles TikZ tries at the start of a cell,
    in its order (``every cell={i}{j}``, ``column j``, ``every odd/even column``, ``row i``,
    ``every odd/even row``, ``row i column j``), those the figure defines."""
    names = ("every cell", f"column {j}", "every odd column" if j % 2 else "every even column", f"row {i}",
             "every odd row" if i % 2 else "every even row", f"row {i} column {j}")
    keys = [n + ("={%d}{%d}" % (i, j) if n == "every cell" else "") for n in names
            if interp.defs.get("style:" + n) is not None]
    if not keys:
        return st
    cst = dict(st)
    interp.apply_options(cst, ",".join(keys))
    return cst


def _run_cell(interp, st, text, loc, offset, measure: bool = True):
    """Run one cell's statements with its origin at canvas ``offset``; return the extent
    ``(xmin, ymin, xmax, ymax)`` relative to the origin (``None`` if it draws nothing, or
    when not ``measure``d) and the indices of the primitives it added."""
    first = len(interp.scene.primitives)
    xs: list = []
    ys: list = []
    real_place = interp.place_node

    def place(*args, **kw):
        node = real_place(*args, **kw)
        if node is not None:
            # a node reaches as far as its shape's path (outer sep not included); a drawn
            # outline adds half its line width, below
            if node.shape != "coordinate":
                outer = node.outer
                node.outer = 0.0  # (its anchors without outer sep: the node itself, for a moment)
                try:
                    for c in _CORNERS:
                        x, y = node.anchor(c)
                        xs.append(x)
                        ys.append(y)
                finally:
                    node.outer = outer
            else:
                xs.append(node.center[0])
                ys.append(node.center[1])
        return node

    saved = interp.st
    interp.st = dict(st)
    # pgf resets the transformation in a cell (\\pgf@matrix@startcell): its picture is not
    # scaled or shifted with the matrix's surroundings, only put at its origin
    interp.st["ctm"] = (1.0, 0.0, 0.0, 1.0, offset[0], offset[1])
    if measure:
        interp.place_node = place
    interp.defs.begin_group()
    try:
        toks = tokenize_at(text, loc)
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.defs.end_group()
        if measure:
            del interp.place_node
        interp.st = saved
    added = list(range(first, len(interp.scene.primitives)))
    if not measure:
        return None, added
    for i in added:
        p = interp.scene.primitives[i]
        if isinstance(p, (TextLabel, Arrow)):
            continue
        try:
            b = p.bbox()
        except NotImplementedError:
            continue
        # pgf grows the picture by half the line width around a stroked path
        h = 0.5 * p.style.stroke_width if p.style is not None and p.style.stroke is not None else 0.0
        xs += (b[0] - h, b[2] + h)
        ys += (b[1] - h, b[3] + h)
    if not xs:
        return None, added
    total = sum(xs) + sum(ys)
    if total - total == 0.0:  # all finite: Python's min and max are numpy's (which also take NaN)
        ox, oy = float(offset[0]), float(offset[1])
        f64 = np.float64
        return (f64(min(xs) - ox), f64(min(ys) - oy), f64(max(xs) - ox), f64(max(ys) - oy)), added
    allp = np.array([xs, ys], dtype=float).T - np.asarray(offset, dtype=float)
    return (allp[:, 0].min(), allp[:, 1].min(), allp[:, 0].max(), allp[:, 1].max()), added


def place_cell_matrix(interp, nst: dict, name, p, body, loc, opts: dict, scope: dict | None = None,
                      anchor: tuple | None = None) -> None:
    """Lay out a matrix of statement cells (``body``: a
    :class:`~geoverify.frontends.tikz.matrix_layout.MatrixBody` of cell source texts) at
    canvas ``p``; the cells run in state ``scope`` (the path's state by default). ``anchor``
    is ``(anchor, shift)`` as ``\\pgfmatrix`` takes them (``shift``: ``None`` or ``(cell node,
    its anchor)``); by default TikZ's ``matrix anchor`` or ``anchor``, where ``<node>.<anchor>``
    is the ``text`` anchor shifted by that point (``\\tikz@matrix@split``)."""
    tok_pos = interp.source.offset_of(loc)  # the cells' tokens are re-read from the node text: the matrix's place
    st = dict(interp.st if scope is None else scope)
    style = opts.get("nodes")

    def number(text):
        return interp.number(text, nst).value

    rows = body.rows
    amp = [[parse_sep(number, opts.get("column sep"), a) for a in row] for row in body.amp]
    ends = [parse_sep(number, opts.get("row sep"), e) for e in body.ends]
    interp.defs.begin_group()
    try:
        if style:
            old = interp.defs.get("style:every node")
            interp.defs.set("style:every node", (old + "," + style) if old else style)
        # pass 1: measure each cell at the origin, then forget its drawing (and its counter steps:
        # TeX typesets each cell once); its nodes are kept, relative to its origin, for a
        # matrix anchor "<node>.<anchor>"
        counters = {k: v for k, v in interp.defs.table.items() if k.startswith("counter:")}
        extents, measured, drawn = [], {}, set()
        for i, row in enumerate(rows, start=1):
            extents.append([])
            for j, text in enumerate(row, start=1):
                ext = None
                if text.strip():
                    nodes_before, placed_before = dict(interp.nodes), len(interp.placed_nodes)
                    ext, added = _run_cell(interp, _cell_state(interp, st, i, j), text, tok_pos, (0.0, 0.0))
                    if added:
                        del interp.scene.primitives[added[0]:]
                    for k, v in _changed(interp.nodes, nodes_before):
                        measured[k] = (i, j, v)
                    interp.nodes = nodes_before
                    del interp.placed_nodes[placed_before:]
                    drawn.add((i, j))
                extents[-1].append(ext if ext is not None else (0.0, 0.0, 0.0, 0.0))
        for k, v in counters.items():
            interp.defs.set(k, v, global_=True)
        if not drawn:
            return
        lay = layout(extents, amp, ends)
        if anchor is None:
            a = (opts.get("matrix anchor") or nst["anchor"] or "center").strip()
            target, _, inner = a.rpartition(".")
            anchor = ("text", (target.strip(), inner.strip())) if target else (a, None)
        node = matrix_node(interp, nst, name, p, lay, anchor, measured, loc)
        bx, by = node.anchor("text")
        # pass 2: the cells at their places (their names now point there)
        for (i, j) in sorted(drawn):
            _run_cell(interp, _cell_state(interp, st, i, j), rows[i - 1][j - 1], tok_pos,
                      (bx + lay.xs[j], by + lay.ys[i]), measure=False)
    finally:
        interp.defs.end_group()
    draw_matrix_node(interp, nst, node, loc)


def _changed(nodes: dict, before: dict):
    """The ``(name, node)`` items of ``nodes`` that ``before`` does not hold (the same node
    object), in order. The names are compared without a Python loop: a big matrix has many
    cells, and each sees every node named before it."""
    return compress(nodes.items(), map(is_not, map(before.get, nodes), nodes.values()))


def matrix_node(interp, nst: dict, name, p, lay, anchor: tuple, measured: dict, loc) -> Node:
    """The matrix's node: a rectangle around the laid-out text box (``inner sep``, ``outer
    sep``, minimum sizes), its ``anchor[0]`` at ``p`` less the shift ``anchor[1]`` (a cell
    node's anchor, ``measured``: name -> (row, column, node measured at the cell's origin),
    taken from the text box's origin, as ``\\pgfmatrix`` measures it), named."""
    em = font_em(nst.get("outer_font_size", 10.0), nst.get("outer_family", False))
    isx = nst["inner_xsep"] if nst["inner_xsep"] is not None else 0.3333 * em
    isy = nst["inner_ysep"] if nst["inner_ysep"] is not None else 0.3333 * em
    hw = max(lay.width / 2 + isx, 0.5 * (nst.get("min_width") or 0.0))
    hh = max((lay.height + lay.depth) / 2 + isy, 0.5 * (nst.get("min_height") or 0.0))
    outer = nst["outer_sep"] if nst["outer_sep"] is not None else 0.5 * nst["line_width"]
    node = Node(name, "rectangle", (0.0, 0.0), hw, hh, outer, text_height=lay.height, text_depth=lay.depth,
                extra={"inner_xsep": hw - lay.width / 2})
    p = positioned_point(interp, nst, p)
    which, shift = anchor
    try:
        off = node.anchor(which)
    except KeyError:
        interp.note("UNSUPPORTED", f"unknown matrix anchor '{which}'; the centre is used", "anchor", loc)
        off = (0.0, 0.0)
    if shift is not None:
        hit = measured.get(shift[0])
        try:
            i, j, cell = hit
            ax, ay = cell.anchor(shift[1])
            off = (off[0] + lay.xs[j] + ax, off[1] + lay.ys[i] + ay)
        except (TypeError, KeyError):
            interp.note("UNSUPPORTED", f"matrix anchor: no anchor '{shift[1]}' of a cell node '{shift[0]}'; "
                        "it is not used", "anchor", loc)
    node.center = (p[0] - off[0], p[1] - off[1])
    if name:
        interp.nodes[name] = node
    return node


def draw_matrix_node(interp, nst: dict, node: Node, loc) -> None:
    """Stroke and fill the matrix's rectangle, as its node's path (after its cells)."""
    if nst["draw"] is None and nst["fill"] is None:
        return
    from geoverify.frontends.tikz.emit import path_style
    c, hw, hh = node.center, node.half_w, node.half_h
    a, b = (c[0] - hw, c[1] - hh), (c[0] + hw, c[1] + hh)
    interp.scene.add(Polyline(points=np.array([a, (b[0], a[1]), b, (a[0], b[1])]), closed_flag=True,
                              style=path_style(nst, nst["draw"] is not None, nst["fill"] is not None),
                              source=loc, panel=interp.panel, name=node.name))
