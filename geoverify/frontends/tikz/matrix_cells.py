"""``\\matrix`` whose cells hold TikZ statements (``\\node {1}; & \\draw ...; \\\\``).

As in pgf's matrix (``pgfmodulematrix.code.tex``): each cell is a small picture
whose origin is the cell's origin; its extent is the bounding box of what it
draws (nodes by their shape's path, without outer sep, paths by their points and
control points; a stroked path or outline also by half its line width).
A column is as wide as its cells reach left and right of their origins, a row
as high as they reach above and below; ``column sep`` / ``row sep`` separate
these extents, or the origins themselves with ``between origins``. The cells
are first run once to measure them (their drawing is discarded), then again at
their places. The matrix is a rectangle node around the cells (``inner sep``,
``outer sep``), placed by its ``anchor`` and named like any node.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.fonts import em as font_em
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.positioning import positioned_point
from geoverify.frontends.tikz.tex import Reader, tokenize
from geoverify.scene import Polyline, TextLabel
from geoverify.scene.primitives import Arrow

__all__ = ["place_cell_matrix"]

_CORNERS = ("north", "south", "east", "west", "north east", "north west", "south east", "south west")


def _sep(interp, nst, value):
    """``(length, between origins)`` of a ``row sep`` / ``column sep`` value."""
    if not value:
        return 0.0, False
    parts = [p.strip() for p in value.split(",")]
    between = "between origins" in parts
    total = 0.0
    for p in parts:
        if p and p not in ("between origins", "between borders"):
            total += interp.number(p, nst).value
    return total, between


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


def _run_cell(interp, st, text, loc, offset):
    """Run one cell's statements with its origin at canvas ``offset``; return the extent
    ``(xmin, ymin, xmax, ymax)`` relative to the origin (``None`` if it draws nothing) and
    the indices of the primitives it added."""
    first = len(interp.scene.primitives)
    boxes = []
    real_place = interp.place_node

    def place(*args, **kw):
        node = real_place(*args, **kw)
        if node is not None:
            # a node reaches as far as its shape's path (outer sep not included); a drawn
            # outline adds half its line width, below
            inner = replace(node, outer=0.0)
            pts = [inner.anchor(c) for c in _CORNERS] if node.shape != "coordinate" else [node.center]
            boxes.append(np.array(pts, dtype=float))
        return node

    saved = interp.st
    interp.st = dict(st)
    interp.st["ctm"] = G.compose((1.0, 0.0, 0.0, 1.0, offset[0], offset[1]), st["ctm"])
    interp.place_node = place
    interp.defs.begin_group()
    try:
        toks = [(t, loc) for t, _ in tokenize(text)]
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.defs.end_group()
        del interp.place_node
        interp.st = saved
    added = list(range(first, len(interp.scene.primitives)))
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
        boxes.append(np.array([[b[0] - h, b[1] - h], [b[2] + h, b[3] + h]]))
    if not boxes:
        return None, added
    allp = np.vstack(boxes) - np.asarray(offset, dtype=float)
    return (allp[:, 0].min(), allp[:, 1].min(), allp[:, 0].max(), allp[:, 1].max()), added


def place_cell_matrix(interp, nst: dict, name, p, rows: list, loc, opts: dict, scope: dict | None = None) -> None:
    """Lay out a matrix of statement cells (``rows``: cell source texts) at canvas ``p``;
    the cells run in state ``scope`` (the path's state by default)."""
    tok_pos = interp.source.offset_of(loc)  # the cells' tokens are re-read from the node text: the matrix's place
    st = dict(interp.st if scope is None else scope)
    style = opts.get("nodes")
    col_sep, col_between = _sep(interp, nst, opts.get("column sep"))
    row_sep, row_between = _sep(interp, nst, opts.get("row sep"))
    interp.defs.begin_group()
    try:
        if style:
            old = interp.defs.get("style:every node")
            interp.defs.set("style:every node", (old + "," + style) if old else style)
        # pass 1: measure each cell at the origin, then forget its drawing (and its counter steps:
        # TeX typesets each cell once)
        counters = {k: v for k, v in interp.defs.table.items() if k.startswith("counter:")}
        extents = {}
        for i, row in enumerate(rows, start=1):
            for j, text in enumerate(row, start=1):
                if not text.strip():
                    continue
                nodes_before, placed_before = dict(interp.nodes), len(interp.placed_nodes)
                ext, added = _run_cell(interp, _cell_state(interp, st, i, j), text, tok_pos, (0.0, 0.0))
                if added:
                    del interp.scene.primitives[added[0]:]
                interp.nodes = nodes_before
                del interp.placed_nodes[placed_before:]
                if ext is not None:
                    extents[(i, j)] = ext
        for k, v in counters.items():
            interp.defs.set(k, v, global_=True)
        if not extents:
            return
        left, right, up, down = {}, {}, {}, {}
        for (i, j), (x0, y0, x1, y1) in extents.items():
            left[j] = max(left.get(j, 0.0), -x0)
            right[j] = max(right.get(j, 0.0), x1)
            up[i] = max(up.get(i, 0.0), y1)
            down[i] = max(down.get(i, 0.0), -y0)
        cols = sorted({j for row in [range(1, len(r) + 1) for r in rows] for j in row})
        nrows = range(1, len(rows) + 1)
        xs, x = {}, 0.0
        for k, j in enumerate(cols):
            if k:
                prev = cols[k - 1]
                x += col_sep if col_between else right.get(prev, 0.0) + col_sep + left.get(j, 0.0)
            xs[j] = x
        ys, y = {}, 0.0
        for k, i in enumerate(nrows):
            if k:
                y -= row_sep if row_between else down.get(i - 1, 0.0) + row_sep + up.get(i, 0.0)
            ys[i] = y
        xmin = min(xs[j] - left[j] for (_, j) in extents)
        xmax = max(xs[j] + right[j] for (_, j) in extents)
        ymin = min(ys[i] - down[i] for (i, _) in extents)
        ymax = max(ys[i] + up[i] for (i, _) in extents)
        # the matrix node: a rectangle around the cells, placed by its anchor
        isep = nst["inner_xsep"] if nst["inner_xsep"] is not None else 0.3333 * font_em(
            nst.get("outer_font_size", 10.0), nst.get("outer_family", False))
        hw, hh = (xmax - xmin) / 2 + isep, (ymax - ymin) / 2 + isep
        outer = nst["outer_sep"] if nst["outer_sep"] is not None else 0.5 * nst["line_width"]
        node = Node(name, "rectangle", (0.0, 0.0), hw, hh, outer)
        p = positioned_point(interp, nst, p)
        anchor = nst["anchor"] or "center"
        try:
            off = node.anchor(anchor)
        except KeyError:
            interp.note("UNSUPPORTED", f"unknown matrix anchor '{anchor}'; the centre is used", "anchor", loc)
            off = (0.0, 0.0)
        node.center = (p[0] - off[0], p[1] - off[1])
        ox = node.center[0] - (xmin + xmax) / 2
        oy = node.center[1] - (ymin + ymax) / 2
        if name:
            interp.nodes[name] = node
        # pass 2: the cells at their places (their names now point there)
        for (i, j) in sorted(extents):
            _run_cell(interp, _cell_state(interp, st, i, j), rows[i - 1][j - 1], tok_pos,
                      (ox + xs[j], oy + ys[i]))
    finally:
        interp.defs.end_group()
    if nst["draw"] is not None or nst["fill"] is not None:
        from geoverify.frontends.tikz.emit import path_style
        c = node.center
        a, b = (c[0] - hw, c[1] - hh), (c[0] + hw, c[1] + hh)
        interp.scene.add(Polyline(points=np.array([a, (b[0], a[1]), b, (a[0], b[1])]), closed_flag=True,
                                  style=path_style(nst, nst["draw"] is not None, nst["fill"] is not None),
                                  source=loc, panel=interp.panel, name=name))
