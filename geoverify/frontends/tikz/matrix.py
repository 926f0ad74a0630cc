"""``\\matrix[matrix of nodes]`` and ``matrix of math nodes`` (tikzlibrarymatrix).

Cells are nodes with ``anchor=base`` (the library's ``cells={anchor=base}``),
named ``<matrix>-<row>-<column>``, styled by ``nodes={...}`` and a leading
``|[options]|``. As in pgf's matrix, a row's height and depth are the largest
extents of its cells above and below their origins, a column's width the
largest extents left and right, and ``row sep`` / ``column sep`` (default 0)
separate those extents. The cells' bounding box is centred on the matrix's
position (its anchor must be ``center``; others are noted as approximated)
and, for a drawn matrix, outlined with the matrix's inner sep.

A cell that starts with a path command (``\\node (a) {1};``, ``\\draw ...;``)
is not wrapped in a node: tikzlibrarymatrix runs it as written (its "plain"
cells), so the node keeps its own name and no ``<matrix>-<row>-<column>`` is
made. A matrix with such cells is laid out as a matrix of statements whose
other cells are written as the nodes the library makes; all cells run in the
matrix's scope (its options, ``anchor=base`` from ``cells``, ``nodes``).
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.frontends.tikz.fonts import em as font_em
from geoverify.scene import Polyline

__all__ = ["place_matrix"]

#: a cell starting with one of these is run as written (tikzlibrarymatrix's check for \tikz@signal@path)
_PLAIN_CELL = re.compile(r"\s*\\(?:node|draw|path|fill|filldraw|coordinate|pic|shade|shadedraw|clip|matrix|"
                         r"pattern|useasboundingbox)(?![A-Za-z@])")


def _split(body: str) -> list[list[str]]:
    rows, cur, cell, depth, i = [], [], [], 0, 0
    while i < len(body):
        ch = body[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if depth == 0 and body.startswith("\\\\", i):
            cur.append("".join(cell))
            rows.append(cur)
            cur, cell = [], []
            i += 2
            if body[i:i + 1] == "[":  # \\[2pt]
                j = body.find("]", i)
                i = j + 1 if j >= 0 else i
            continue
        if depth == 0 and ch == "&":
            cur.append("".join(cell))
            cell = []
            i += 1
            continue
        cell.append(ch)
        i += 1
    if "".join(cell).strip() or cur:
        cur.append("".join(cell))
        rows.append(cur)
    return rows


def cell_prefix(text: str) -> tuple[str, str, str | None]:
    """Split ``|<node syntax>|`` off the start of a cell of a matrix of nodes: (the cell's
    text, its options, its name). tikzlibrarymatrix writes what stands between the bars
    after the cell's ``\\node[name=<matrix>-<row>-<column>]``, so ``[options]`` and a
    ``(name)`` (which replaces the ``<matrix>-<row>-<column>`` name) may come in any order."""
    if not text.startswith("|"):
        return text, "", None
    opts, name, i, n = [], None, 1, len(text)
    while i < n:
        ch = text[i]
        if ch == "|":
            return text[i + 1:].strip(), ",".join(opts), name
        if ch.isspace():
            i += 1
            continue
        close = {"[": "]", "(": ")"}.get(ch)
        if close is None:
            break
        depth, j = 0, i
        while j < n:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0 and text[j] == close:
                break
            j += 1
        if j >= n:
            break
        if ch == "[":
            opts.append(text[i + 1:j])
        else:
            name = text[i + 1:j].strip()
        i = j + 1
    return text, "", None


def place_matrix(interp, nst: dict, name: str | None, p, body: str, loc) -> None:
    """Lay out a matrix of nodes at canvas point ``p``."""
    opts = dict(nst.get("matrix_keys") or {})
    math_mode = "matrix of math nodes" in opts
    if opts.get("ampersand replacement"):
        body = body.replace(opts["ampersand replacement"].strip(), "&")
    if "matrix of nodes" not in opts and not math_mode:
        from geoverify.frontends.tikz.matrix_cells import place_cell_matrix
        place_cell_matrix(interp, nst, name, p, _split(body), loc, opts, scope=_cell_scope(nst))
        return

    def sep(key):
        v = opts.get(key)
        if not v:
            return 0.0
        v = v.split(",")[0].replace("between origins", "").strip()
        r = interp.number(v, nst)
        return r.value if r.units else r.value

    col_sep, row_sep = sep("column sep"), sep("row sep")
    rows = _split(body)
    if any(_PLAIN_CELL.match(cell) for row in rows for cell in row):
        _place_plain_cells(interp, nst, name, p, rows, loc, opts, math_mode)
        return
    from geoverify.frontends.tikz.matrix_cells import _cell_state
    cells = {}
    for i, row in enumerate(rows, start=1):
        for j, raw in enumerate(row, start=1):
            text, extra, own = cell_prefix(raw.strip())
            if not text and not extra and own is None:
                continue
            if math_mode and text:
                text = "$" + text + "$"
            # the matrix's nodes={...} are in its state (nodes_style), applied by node_state
            # cells={anchor=base} comes before the cell's own options (and over the matrix's anchor)
            cst = interp.node_state({**_cell_state(interp, nst, i, j), "ctm": nst["ctm"], "anchor": "base"}, extra)
            cells[(i, j)] = (cst, text, own)
    # measure each cell as a node at the origin
    from geoverify.frontends.tikz.placement import measure_node
    geo = {k: measure_node(interp, cst, text) for k, (cst, text, _) in cells.items()}
    left, right, up, down = {}, {}, {}, {}
    for (i, j), g in geo.items():
        # a cell reaches as far as its node's path (not its outer sep) and, drawn, half its line width
        cst = cells[(i, j)][0]
        lw = cst["line_width"]
        grow = (0.5 * lw if cst["draw"] is not None else 0.0) - (cst["outer_sep"] if cst["outer_sep"] is not None
                                                                 else 0.5 * lw)
        hw, top, bottom = (v + grow for v in g)
        left[j] = max(left.get(j, 0.0), hw)
        right[j] = max(right.get(j, 0.0), hw)
        up[i] = max(up.get(i, 0.0), top)
        down[i] = max(down.get(i, 0.0), bottom)
    xs, x, prev = {}, 0.0, None
    for j in sorted(left):
        if prev is not None:
            x += right[prev] + col_sep + left[j]
        xs[j] = x
        prev = j
    ys, y, prev = {}, 0.0, None
    for i in sorted(up):
        if prev is not None:
            y -= down[prev] + row_sep + up[i]
        ys[i] = y
        prev = i
    if not xs or not ys:
        return
    xmin = min(xs[j] - left[j] for j in xs)
    xmax = max(xs[j] + right[j] for j in xs)
    ymin = min(ys[i] - down[i] for i in ys)
    ymax = max(ys[i] + up[i] for i in ys)
    # the matrix is a rectangle node around its cells: placed by its anchor, named
    from geoverify.frontends.tikz.nodes import Node
    from geoverify.frontends.tikz.positioning import positioned_point
    isep = nst["inner_xsep"] if nst["inner_xsep"] is not None else 0.3333 * font_em(
        nst.get("outer_font_size", 10.0), nst.get("outer_family", False))
    outer = nst["outer_sep"] if nst["outer_sep"] is not None else 0.5 * nst["line_width"]
    node = Node(name, "rectangle", (0.0, 0.0), (xmax - xmin) / 2 + isep, (ymax - ymin) / 2 + isep, outer)
    p = positioned_point(interp, nst, p)
    try:
        off = node.anchor(nst["anchor"] or "center")
    except KeyError:
        interp.note("UNSUPPORTED", f"unknown matrix anchor '{nst['anchor']}'; the centre is used", "anchor", loc)
        off = (0.0, 0.0)
    node.center = (p[0] - off[0], p[1] - off[1])
    if name:
        interp.nodes[name] = node
    ox, oy = node.center[0] - (xmin + xmax) / 2, node.center[1] - (ymin + ymax) / 2
    for (i, j), (cst, text, own) in cells.items():
        cname = own if own is not None else f"{name}-{i}-{j}" if name else None
        interp.place_node(cst, cname, (ox + xs[j], oy + ys[i]), text, loc)
    if nst["draw"] is not None:
        from geoverify.frontends.tikz.emit import path_style
        a, b = (ox + xmin - isep, oy + ymin - isep), (ox + xmax + isep, oy + ymax + isep)
        interp.scene.add(Polyline(points=np.array([a, (b[0], a[1]), b, (a[0], b[1])]), closed_flag=True,
                                  style=path_style(nst, True, nst["fill"] is not None), source=loc,
                                  panel=interp.panel, name=name))


def _place_plain_cells(interp, nst, name, p, rows, loc, opts, math_mode) -> None:
    """A matrix of nodes with plain cells: every cell becomes statements (its node
    cells ``\\node[name=<matrix>-<row>-<column>, <|options|>] {text};``) laid out by
    :func:`~geoverify.frontends.tikz.matrix_cells.place_cell_matrix` in the matrix's scope."""
    from geoverify.frontends.tikz.matrix_cells import place_cell_matrix
    out = []
    for i, row in enumerate(rows, start=1):
        cells = []
        for j, raw in enumerate(row, start=1):
            text = raw.strip()
            if not text or _PLAIN_CELL.match(text):
                cells.append(text)
                continue
            text, extra, own = cell_prefix(text)
            if math_mode and text:
                text = "$" + text + "$"
            cname = f"name={name}-{i}-{j}," if name else ""
            own = f" ({own})" if own is not None else ""
            cells.append(f"\\node[{cname}{extra}]{own}{{{text}}};")
        out.append(cells)
    # the library's cells={anchor=base}: the default of every node in a cell
    place_cell_matrix(interp, nst, name, p, out, loc, {**opts, "nodes": "anchor=base"}, scope=_cell_scope(nst))


def _cell_scope(nst: dict) -> dict:
    """The state cells run in: the matrix's options (pgf runs them in the matrix's scope),
    not its drawing."""
    scope = dict(nst)
    scope["draw"] = scope["fill"] = None
    scope.pop("matrix", None)
    return scope
