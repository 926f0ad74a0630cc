"""``tikzcd`` commutative diagrams (the tikz-cd package, ``tikzlibrarycd.code.tex``).

The diagram is a ``matrix of math nodes``: cells are "asymmetrical rectangles"
(inner xsep 1 ex, inner ysep 0.85 ex) whose centre anchor sits on the math axis
(2.5 pt above the baseline); rows are ``row sep`` apart (normal 1.8 em) and
columns ``column sep`` apart (normal 2.4 em), both measured between cell
borders as pgf's matrix does; empty cells take no room. Each ``\\arrow[...]``
(``\\ar``, ``\\rar`` ...) becomes a path ``(cell) to (target)`` drawn with
tikz-cd's ``every arrow`` (line width 0.4 pt, an arrow tip at the end), and each
quoted label ``"f"`` a node at ``midway`` placed ``auto`` (``'`` swaps the side)
in script size with inner sep 0.5 ex.
"""

from __future__ import annotations

import math
import re

from geoverify.errors import FigureSyntaxError, SourceLocation
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.emit import emit_path
from geoverify.frontends.tikz.fonts import measure
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pathbuild import PathBuilder, segment_point, segment_tangent
from geoverify.frontends.tikz.pgfmath import EM_PT, EX_PT
from geoverify.frontends.tikz.tex import detokenize
from geoverify.scene import TextLabel
from geoverify.scene.primitives import Style

__all__ = ["run_tikzcd"]

_ROW_SEP = {"huge": 3.6, "large": 2.7, "normal": 1.8, "scriptsize": 1.35, "small": 0.9, "tiny": 0.45}
_COL_SEP = {"huge": 4.8, "large": 3.6, "normal": 2.4, "scriptsize": 1.8, "small": 1.2, "tiny": 0.6}
_AXIS = 2.5  # cmsy10 axis height at 10 pt
_ARROW_MACROS = {"\\arrow": "", "\\ar": "", "\\rar": "r", "\\lar": "l", "\\dar": "d", "\\uar": "u",
                 "\\drar": "dr", "\\dlar": "dl", "\\urar": "ur", "\\ular": "ul"}


def _sep(interp, value: str, table: dict) -> float:
    v = value.strip()
    if v in table:
        return table[v] * EM_PT
    r = interp.number(v, interp.st)
    return r.value if r.units else r.value * EM_PT


def _split_cells(tokens):
    """Rows of cells (token lists) of a tikzcd body split at top-level ``\\\\`` and ``&``."""
    rows = [[[]]]
    depth = 0
    for tok in tokens:
        t = tok[0]
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
        if depth == 0 and t == "\\\\":
            rows.append([[]])
            continue
        if depth == 0 and t == "&":
            rows[-1].append([])
            continue
        rows[-1][-1].append(tok)
    if rows and all(not c for c in rows[-1]) and len(rows) > 1:
        rows.pop()
    return rows


def _extract_arrows(cell):
    """(text tokens, arrows) of a cell; an arrow is (options text, position)."""
    text = []
    arrows = []
    i = 0
    n = len(cell)
    while i < n:
        tok = cell[i]
        if tok[0] in _ARROW_MACROS:
            direction = _ARROW_MACROS[tok[0]]
            pos = tok[1]
            i += 1
            while i < n and cell[i][0] == " ":
                i += 1
            opts = ""
            if i < n and cell[i][0] == "[":
                depth = 0
                j = i
                while j < n:
                    if cell[j][0] in ("[", "{"):
                        depth += 1
                    elif cell[j][0] in ("]", "}"):
                        depth -= 1
                        if depth == 0 and cell[j][0] == "]":
                            break
                    j += 1
                opts = detokenize(cell[i + 1:j])
                i = j + 1
            # old syntax: \arrow{r}{f}
            groups = []
            while True:
                k = i
                while k < n and cell[k][0] == " ":
                    k += 1
                if k < n and cell[k][0] == "{" and len(groups) < 2:
                    depth = 0
                    j = k
                    while j < n:
                        if cell[j][0] == "{":
                            depth += 1
                        elif cell[j][0] == "}":
                            depth -= 1
                            if depth == 0:
                                break
                        j += 1
                    groups.append(detokenize(cell[k + 1:j]))
                    i = j + 1
                else:
                    break
            if groups:
                extra = groups[0] + ("," + '"' + groups[1] + '"' if len(groups) > 1 else "")
                opts = extra + ("," + opts if opts else "")
            if direction:
                opts = direction + ("," + opts if opts else "")
            arrows.append((opts, pos))
            continue
        text.append(tok)
        i += 1
    return text, arrows


def run_tikzcd(interp, reader, tok) -> None:
    """Interpret ``\\begin{tikzcd}[options] ... \\end{tikzcd}`` (the ``\\begin`` is read)."""
    loc = interp.location(tok[1], "tikzcd")
    opts = reader.read_optional()
    body = []
    depth = 0
    while True:
        t = reader.get()
        if t is None:
            raise FigureSyntaxError("\\begin{tikzcd} is never ended", location=loc)
        if t[0] == "\\end":
            name = detokenize(reader.read_arg()).strip()
            if name == "tikzcd":
                break
            body.append(t)
            body.extend([("{", t[1])] + [(c, t[1]) for c in name] + [("}", t[1])])
            continue
        body.append(t)
    body = interp.expand_all(body)
    row_sep = _ROW_SEP["normal"] * EM_PT
    col_sep = _COL_SEP["normal"] * EM_PT
    diagram_opts = []
    for key, val in split_options(detokenize(opts)) if opts else []:
        if key in ("row sep", "column sep", "sep") and val:
            if key in ("row sep", "sep"):
                row_sep = _sep(interp, val, _ROW_SEP)
            if key in ("column sep", "sep"):
                col_sep = _sep(interp, val, _COL_SEP)
        elif key in ("ampersand replacement", "cramped", "arrows", "labels", "cells", "execute at end picture",
                     "every arrow/.append style", "every label/.append style", "math mode", "baseline"):
            continue
        else:
            diagram_opts.append((key, val))
    if diagram_opts:
        interp.apply_options(interp.st, diagram_opts)
    rows = _split_cells(body)
    # measure cells
    cells = {}
    ixs, iys = EX_PT, 0.85 * EX_PT
    for i, row in enumerate(rows, start=1):
        for j, cell in enumerate(row, start=1):
            text_toks, arrows = _extract_arrows(cell)
            text = detokenize(text_toks).strip()
            cells[(i, j)] = (text, arrows)
    nrows = len(rows)
    ncols = max((len(r) for r in rows), default=0)
    half_w = {}
    above = {}
    below = {}
    boxes = {}
    for (i, j), (text, _) in cells.items():
        if not text:
            continue
        box, _ = measure("$" + text + "$", interp.st["font_size"])
        hw = box.width / 2 + ixs
        top = box.height + iys - _AXIS  # extent above the centre anchor (math axis)
        bot = box.depth + iys + _AXIS
        boxes[(i, j)] = (box, hw, top, bot)
        half_w[j] = max(half_w.get(j, 0.0), hw)
        above[i] = max(above.get(i, 0.0), top)
        below[i] = max(below.get(i, 0.0), bot)
    xs = {}
    x = 0.0
    prev = None
    for j in range(1, ncols + 1):
        if j in half_w:
            if prev is not None:
                x += half_w[prev] + col_sep + half_w[j]
            prev = j
        xs[j] = x
    ys = {}
    y = 0.0
    prev = None
    for i in range(1, nrows + 1):
        if i in above:
            if prev is not None:
                y -= below[prev] + row_sep + above[i]
            prev = i
        ys[i] = y
    # cells without text sit where their row/column is (empty columns take no room)
    nodes = {}
    m = interp.st["ctm"]
    lw = 0.4
    for (i, j), (text, _) in cells.items():
        cx, cy = G.apply(m, (xs.get(j, 0.0), ys.get(i, 0.0)))
        if (i, j) in boxes:
            box, hw, top, bot = boxes[(i, j)]
            hh = (box.height + box.depth) / 2 + iys
            # box centre relative to the centre anchor (the math axis)
            box_cy = cy + (top - bot) / 2
            node = Node(None, "rectangle", (cx, box_cy), hw, hh, 0.5 * lw, box.height, box.depth,
                        origin_dy=cy - box_cy)
            nodes[(i, j)] = node
            interp.placed_nodes.append(node)  # the picture's bounding box holds its cells (a diagram in a node)
            base = cy - _AXIS
            interp.scene.add(TextLabel(text="$" + text + "$", anchor=(cx, cy),
                                       box=(cx - box.width / 2, base - box.depth, cx + box.width / 2, base + box.height),
                                       font_size=interp.st["font_size"],
                                       style=Style(stroke=None, stroke_width=0.0, fill="#000000"),
                                       source=SourceLocation(loc.line, loc.column, loc.file, "tikzcd cell"),
                                       panel=interp.panel, name=f"{i}-{j}"))
        else:
            nodes[(i, j)] = Node(None, "coordinate", (cx, cy))
    ends = [(n.center[1] + n.half_h, n.center[1] - n.half_h) for n in nodes.values() if n.shape == "rectangle"]
    if ends:  # on a line of text the diagram's baseline is its matrix's centre (measured with latex + dvisvgm)
        interp.prose.baseline = (max(t for t, _ in ends) + min(b for _, b in ends)) / 2
    for (i, j), (_, arrows) in cells.items():
        for opts, pos in arrows:
            _arrow(interp, nodes, i, j, opts, interp.location(pos, "\\arrow"))


def _arrow(interp, nodes, i, j, opts: str, loc) -> None:
    di = dj = 0
    rest = []
    labels = []
    ends = {}  # quiver's from=1-1, to=1-2 (row-column of the cells; tikz-cd 1.0)
    for key, val in split_options(opts):
        if val is None and re.fullmatch(r"[rlud]+", key):
            di += key.count("d") - key.count("u")
            dj += key.count("r") - key.count("l")
            continue
        if key.strip() in ("from", "to") and val is not None and re.fullmatch(r"\s*\d+-\d+\s*", val):
            r, c = (int(x) for x in val.strip().split("-"))
            ends[key.strip()] = (r, c)
            continue
        if key.startswith('"'):
            m = re.match(r'^"(.*)"(.*)$', key + ("=" + val if val is not None else ""), re.S)
            if m:
                labels.append((m.group(1), m.group(2).strip()))
            continue
        rest.append((key, val))
    a = ends.get("from", (i, j))
    b = ends.get("to", (a[0] + di, a[1] + dj) if "from" in ends else (i + di, j + dj))
    src, dst = nodes.get(a), nodes.get(b)
    if src is None or dst is None:
        interp.note("UNSUPPORTED", f"tikzcd arrow from cell {i}-{j} points outside the diagram", "\\arrow", loc)
        return
    st = dict(interp.st)
    st["draw"] = "current"
    st["line_width"] = 0.4
    st["arrow_start"], st["arrow_end"] = None, ">"
    tips = {"hook": ("!hook", ">"), "hook'": ("!hook", ">"), "two heads": (None, ">>"), "tail": ("!tail", ">"),
            "maps to": ("!bar", ">"), "dash": (None, None), "no head": (None, None), "Rightarrow": (None, ">"),
            "Leftarrow": ("<", None), "leftarrow": ("<", None), "equal": (None, None), "leftrightarrow": ("<", ">"),
            "Leftrightarrow": ("<", ">"), "squiggly": (None, ">"), "harpoon": (None, ">"), "harpoon'": (None, ">"),
            "phantom": None, "rightarrow": (None, ">"), "to head": (None, ">"), "mapsto": ("!bar", ">")}
    shift = 0.0
    own = []
    for key, val in rest:
        if key in tips:
            if tips[key] is None:
                st["draw"] = None
            else:
                st["arrow_start"], st["arrow_end"] = tips[key]
        elif key in ("shift left", "shift right"):
            r = interp.number(val, st) if val else None
            amount = (r.value if r.units else r.value * 0.56 * EX_PT) if r else 0.56 * EX_PT
            shift += amount if key == "shift left" else -amount
        elif key in ("crossing over", "description", "near start", "near end", "start anchor", "end anchor",
                     "from", "to", "bend left", "bend right", "loop left", "loop right", "dashed", "dotted"):
            own.append((key, val))
        else:
            own.append((key, val))
    if own:
        interp.apply_options(st, own)
    a, b = src.ref_point, dst.ref_point
    if shift:
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy) or 1.0
        off = (-dy / n * shift, dx / n * shift)
        a = (a[0] + off[0], a[1] + off[1])
        b = (b[0] + off[0], b[1] + off[1])
        src = Node(None, "coordinate", src.border_toward(b)) if src.shape != "coordinate" else src
        dst = Node(None, "coordinate", dst.border_toward(a)) if dst.shape != "coordinate" else dst
        from_pt, to_pt = (src.center[0] + off[0], src.center[1] + off[1]), (dst.center[0] + off[0], dst.center[1] + off[1])
        src, dst = Node(None, "coordinate", from_pt), Node(None, "coordinate", to_pt)
    from geoverify.frontends.tikz.paths import PathWalker
    walker = PathWalker(interp, st, loc)
    builder = PathBuilder()
    walker.path = builder
    ctrl = walker._to_curve(st, src.ref_point, dst.ref_point, None if src.shape == "coordinate" else src,
                            None if dst.shape == "coordinate" else dst)
    if ctrl is None:
        s = src.border_toward(dst.ref_point)
        e = dst.border_toward(src.ref_point)
        builder.move_to(s)
        builder.line(s, e)
    else:
        c1, c2, first, second = ctrl  # a bent arrow runs between the bent border points
        s = first or src.border_toward(c1)
        e = second or dst.border_toward(c2)
        builder.move_to(s)
        builder.curve(s, c1, c2, e)
    if st["draw"] is not None:
        emit_path(interp.scene, builder, st, draw=True, fill=False, source=loc, panel=interp.panel)
    seg = builder.last_segment()
    for text, lopts in labels:
        pos = 0.5
        swap = False
        desc = False
        extra = []
        for key, val in split_options(lopts) if lopts else []:
            if key == "'":
                swap = True
            elif key == "description":
                desc = True
            elif key in ("near start", "near end", "very near start", "very near end", "at start", "at end"):
                pos = {"near start": 0.25, "near end": 0.75, "very near start": 0.125, "very near end": 0.875,
                       "at start": 0.0, "at end": 1.0}[key]
            elif key == "pos" and val:
                pos = interp.number(val, st).value
            elif key == "swap":
                swap = True
            else:
                extra.append((key, val))
        if lopts.startswith("'"):
            swap = True
        p = segment_point(seg, pos)
        tangent = segment_tangent(seg, pos)
        nst = interp.node_state(st, "")
        nst["font_size"] = 7.0
        nst["inner_xsep"] = nst["inner_ysep"] = 0.5 * EX_PT
        if not desc:
            nst["auto"] = "left"
            nst["swap"] = swap
        else:
            nst["anchor"] = "center"
        if extra:
            interp.apply_options(nst, extra)
        text = text.strip()
        if text.startswith("{") and text.endswith("}"):
            text = text[1:-1]
        interp.place_node(nst, None, p, "$" + text + "$", loc, tangent=tangent)
