"""``\\matrix``: ``matrix of nodes`` and ``matrix of math nodes`` (tikzlibrarymatrix),
and matrices of statements.

A cell of a matrix of nodes becomes ``\\node[name=<matrix>-<row>-<column>]
<|node syntax|> {text};`` (``$text$`` in a matrix of math nodes; an empty cell
an empty node under ``nodes in empty cells``), its anchor ``base`` from the
library's ``cells={anchor=base}`` unless ``every node``, ``nodes={...}`` or its
own options change it. A cell that starts with a path command (``\\node (a)
{1};``, ``\\draw ...;``) is run as written (the library's "plain" cells), so a
node there keeps its own name. All cells run in the matrix's scope and are laid
out as pgf's matrix lays out cell pictures
(:mod:`~geoverify.frontends.tikz.matrix_cells`).
"""

from __future__ import annotations

import re

from geoverify.frontends.tikz.matrix_cells import place_cell_matrix
from geoverify.frontends.tikz.matrix_layout import MatrixBody, split_body

__all__ = ["cell_codes", "place_matrix"]

#: a cell starting with one of these is run as written (tikzlibrarymatrix's check for \tikz@signal@path)
_PLAIN_CELL = re.compile(r"\s*\\(?:node|draw|path|fill|filldraw|coordinate|pic|shade|shadedraw|clip|matrix|"
                         r"pattern|useasboundingbox)(?![A-Za-z@])")


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
    """Lay out a matrix (of nodes, of math nodes or of statements) at canvas point ``p``."""
    opts = dict(nst.get("matrix_keys") or {})
    math_mode = "matrix of math nodes" in opts
    if opts.get("ampersand replacement"):
        body = body.replace(opts["ampersand replacement"].strip(), "&")
    parts = split_body(body)
    if "matrix of nodes" not in opts and not math_mode:
        place_cell_matrix(interp, nst, name, p, cell_codes(parts, opts), loc, opts, scope=_cell_scope(nst))
        return
    _place_plain_cells(interp, nst, name, p, parts, loc, opts, math_mode)


def cell_codes(parts: MatrixBody, opts: dict) -> MatrixBody:
    """The cells with ``execute at begin cell`` / ``execute at end cell`` around a cell that
    holds something and ``execute at empty cell`` for one that does not (TikZ's
    ``\\pgfmatrixbegincode``, ``\\pgfmatrixendcode``, ``\\pgfmatrixemptycode``); a
    ``\\bgroup`` / ``\\egroup`` the codes open and close are the braces around the cell."""
    begin, end = opts.get("execute at begin cell") or "", opts.get("execute at end cell") or ""
    empty = opts.get("execute at empty cell") or ""
    if not (begin or end or empty):
        return parts

    def brace(code):
        return re.sub(r"\\bgroup(?![A-Za-z])\s*", "{", re.sub(r"\\egroup(?![A-Za-z])\s*", "}", code))

    rows = [[brace(begin) + c + brace(end) if c.strip() else brace(empty) for c in row] for row in parts.rows]
    return MatrixBody(rows, parts.amp, parts.ends)


def _place_plain_cells(interp, nst, name, p, parts, loc, opts, math_mode) -> None:
    """A matrix of nodes: every cell becomes statements (a node cell
    ``\\node[name=<matrix>-<row>-<column>, <|options|>] {text};``, an empty one
    ``\\node[name=<matrix>-<row>-<column>] {};`` under ``nodes in empty cells``, a plain
    cell as written) laid out by :func:`~geoverify.frontends.tikz.matrix_cells.place_cell_matrix`
    in the matrix's scope."""
    empty_nodes = "nodes in empty cells" in opts and opts["nodes in empty cells"].strip() != "false"
    out = []
    for i, row in enumerate(parts.rows, start=1):
        cells = []
        for j, raw in enumerate(row, start=1):
            text = raw.strip()
            if not text and empty_nodes:
                cells.append(f"\\node[name={name}-{i}-{j}]{{}};" if name else "\\node{};")
                continue
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
    # the library's cells={anchor=base}: the cells' scope sets the anchor, which every node,
    # nodes={...} and the cell's own options may change
    scope = _cell_scope(nst)
    scope["anchor"] = "base"
    place_cell_matrix(interp, nst, name, p, MatrixBody(out, parts.amp, parts.ends), loc, opts, scope=scope)


def _cell_scope(nst: dict) -> dict:
    """The state cells run in: the matrix's options (pgf runs them in the matrix's scope),
    not its drawing."""
    scope = dict(nst)
    scope["draw"] = scope["fill"] = None
    scope.pop("matrix", None)
    return scope
