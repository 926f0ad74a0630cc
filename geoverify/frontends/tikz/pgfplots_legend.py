"""pgfplots legends: entries from ``\\legend``, ``\\addlegendentry``, ``legend entries``
and ``\\addlegendimage``, laid out in ``legend columns``, positioned by ``legend pos`` /
``legend style={at=..., anchor=...}``.
"""

from __future__ import annotations

import copy
import re

from geoverify.errors import SourceLocation
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.emit import emit_path
from geoverify.frontends.tikz.fonts import FONT_SIZES, em, measure, wrap
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pathbuild import PathBuilder
from geoverify.frontends.tikz.pgfplots_draw import legend_image, legend_image_box

__all__ = ["draw_legend", "entry_options"]


#: ``legend pos=<choice>``: the ``legend style`` each choice appends (pgfplots.code.tex)
_LEGEND_POS = {"north east": {"at": "(0.97,0.97)", "anchor": "north east"},
               "north west": {"at": "(0.03,0.97)", "anchor": "north west"},
               "south east": {"at": "(0.97,0.03)", "anchor": "south east"},
               "south west": {"at": "(0.03,0.03)", "anchor": "south west"},
               "outer north east": {"at": "(1.03,1)", "anchor": "north west"}}


def entry_options(body) -> list:
    """The ``[options]`` of each ``\\addlegendentry[options]{text}`` in an axis body, in order
    (``None`` for an entry without); empty when a ``\\legend`` replaces the entries."""
    out = []
    n = len(body)
    for i, t in enumerate(body):
        if t[0] == "\\legend":
            return []
        if t[0] != "\\addlegendentry":
            continue
        j = i + 1
        while j < n and body[j][0] in (" ", "\n"):
            j += 1
        if j >= n or body[j][0] != "[":
            out.append(None)
            continue
        depth, k = 0, j + 1
        while k < n and not (body[k][0] == "]" and depth == 0):
            depth += {"{": 1, "}": -1}.get(body[k][0], 0)
            k += 1
        out.append("".join(x[0] for x in body[j + 1:k]))
    return out


def split_entry_options(entries: list) -> tuple[list, list]:
    """``(texts, options)`` of ``legend entries`` items: an item may start with its text node's
    ``[options]`` (``[red]$x^2$``, ``{[text width=25pt]Neg. Sign:}``); ``None`` where none."""
    texts, opts = [], []
    for e in entries:
        t = e.strip()
        if t.startswith("{") and t.endswith("}") and t[1:].lstrip().startswith("["):
            t = t[1:-1].strip()
        o = None
        if t.startswith("["):
            depth = 0
            for k, c in enumerate(t):
                depth += {"[": 1, "]": -1, "{": 1, "}": -1}.get(c, 0)
                if depth == 0:
                    o, t = t[1:k], t[k + 1:].strip()
                    break
        texts.append(t)
        opts.append(o)
    return texts, opts


#: ``legend style`` keys that style the legend's frame (a path's draw and fill options)
_FRAME_KEYS = ("draw", "fill", "line width", "ultra thin", "very thin", "thin", "semithick", "thick", "very thick",
               "ultra thick", "solid", "dashed", "dotted", "densely dashed", "loosely dashed", "densely dotted",
               "loosely dotted", "draw opacity", "fill opacity", "opacity")


def draw_legend(axis) -> None:
    """Draw the legend of ``axis`` (a :class:`~geoverify.frontends.tikz.pgfplots.Axis`): a
    matrix of (image, text) cells in a white box with a black frame, placed and sized as
    pgfplots does (``every axis legend``: cells centred, ``inner xsep`` 3pt, ``inner ysep``
    2pt, text nodes with 2pt inner sep and 0.15em depth; images placed by their origin)."""
    texts = [t for t in (axis.legend_texts or [])]
    given = list(getattr(axis, "legend_options", None) or [])
    if len(given) != len(texts):
        given = [None] * len(texts)
    pairs = [(p, t, o) for p, t, o in zip([p for p in axis.plots if not p.forget], texts, given) if t]
    if axis.flag("reverse legend") or axis.flag("legend reversed"):  # the entries from the last one up
        pairs.reverse()
    entries = [(p, t) for p, t, _ in pairs]
    eopts = [o for _, _, o in pairs]
    if not entries:
        return
    kv = axis.kv
    # every axis legend: at (0.98, 0.98), anchor north east; legend style and legend pos
    # append to it (legend pos: 0.03 from the sides, pgfplots.code.tex), the last one wins
    opts = {"at": "(0.98,0.98)", "anchor": "north east"}
    for k, v in axis.opts:
        if k in ("every axis legend/.append style", "every axis legend/.style", "legend style"):
            for sk, sv in split_options(v or ""):
                opts.update(_LEGEND_POS.get((sv or "").strip(), {}) if sk == "legend pos" else {sk: sv})
        elif k == "legend pos":
            opts.update(_LEGEND_POS.get((v or "").strip(), {}))
    if kv.get("legend columns"):
        opts["legend columns"] = kv["legend columns"]
    at, anchor = (0.98, 0.98), "north east"
    if opts.get("at"):
        try:
            t = opts["at"].strip().strip("()")
            at = tuple(float(axis.interp.number(v, axis.st).value) for v in t.split(","))
        except Exception:  # noqa: BLE001
            axis.interp.note("APPROXIMATED", "legend position not understood", "legend style", axis.loc)
    if opts.get("anchor"):
        anchor = opts["anchor"].strip()
    ncol = 1
    if opts.get("legend columns"):
        try:
            ncol = int(float(opts["legend columns"]))
        except ValueError:
            ncol = 1
    if ncol <= 0:
        ncol = len(entries)
    # legend style={font=..}: the entries' size (text depth=0.15em of it)
    font = (opts.get("font") or "").strip()
    size = 10.0
    for cs in re.findall(r"\\[A-Za-z]+", font):
        size = FONT_SIZES.get(cs, size)
    depth = 0.15 * em(10.0)  # text depth=0.15em: set after the box, in the font around the node
    post = dict(split_options(kv.get("legend image post style") or ""))
    if "mark" in post:  # legend image post style={mark=*}: the images get that mark
        mk = (post["mark"] or "").strip()
        entries = [(copy.copy(p), t) for p, t in entries]
        for p, _ in entries:
            p.mark = None if mk == "none" else mk
            p.__dict__.pop("_mark_cache", None)
            if p.mark_st is None or (p.mark.endswith("*") and p.mark_st.get("fill") is None):
                p.mark_st = dict(p.st, fill="current")
    # every legend image post/.append style={scale=..} (the size style tiny's 0.8): the images scaled
    iscale = 1.0
    for key in ("every legend image post/.style", "every legend image post/.append style", "legend image post style"):
        sc = dict(split_options(kv.get(key) or "")).get("scale")
        if sc and sc.strip():
            iscale *= axis.interp.number(sc, axis.st).value
    # \addlegendentry[options]: the entry's text node takes them; a text width makes it a
    # paragraph that wide (first-fit lines), text depth= (empty) gives it its natural depth
    cells = []
    depths = []
    for (p, t), o in zip(entries, eopts):
        w = None
        d = depth
        if o:
            ov = dict(split_options(o))
            if ov.get("text width"):
                w = axis.interp.number(ov["text width"], axis.st).value
            if "text depth" in ov:
                d = axis.interp.number(ov["text depth"], axis.st).value if (ov["text depth"] or "").strip() \
                    else None
        if w is not None:
            box, _ = measure("\\\\".join(wrap(t, w, size)), size)
            width = w
        else:
            box, _ = measure(t, size)
            width = box.width
        d = box.depth if d is None else d
        depths.append(d)
        # the image is placed by its origin on the row's centre line, its box centred in its cell
        cells.append((p, t, width, box.height, legend_image_box(p, iscale)))
    grid = [cells[k:k + ncol] for k in range(0, len(cells), ncol)]
    ncol = min(ncol, len(cells))
    iws = [max(r[c][4][2] - r[c][4][0] for r in grid if c < len(r)) for c in range(ncol)]
    tws = [max(r[c][2] for r in grid if c < len(r)) + 4.0 for c in range(ncol)]
    dgrid = [depths[k:k + ncol] for k in range(0, len(depths), ncol)]
    halves = []
    for row, drow in zip(grid, dgrid):
        up = down = 0.0
        for (_, _, _, h, ib), d in zip(row, drow):
            th = (h + d) / 2 + 2.0
            up, down = max(up, th, ib[3]), max(down, th, -ib[1])
        halves.append((up, down))
    width = 3.0 + sum(iws) + sum(tws) + 3.0
    height = 2.0 + sum(u + d for u, d in halves) + 2.0
    ax, ay = axis.P(axis.xmin + at[0] * (axis.xmax - axis.xmin), axis.ymin + at[1] * (axis.ymax - axis.ymin))
    fx = 1.0 if "east" in anchor else 0.0 if "west" in anchor else 0.5
    fy = 1.0 if "north" in anchor else 0.0 if "south" in anchor else 0.5
    out = 0.2
    x0 = ax - fx * (width + 2 * out) + out
    y1 = ay + (1 - fy) * (height + 2 * out) - out
    # frame
    fst = dict(axis.interp.st)
    fst.update(draw="current", fill=(1.0, 1.0, 1.0), dash=None, arrow_start=None, arrow_end=None)
    fst["color"], fst["line_width"] = (0.0, 0.0, 0.0), 0.4
    frame = ",".join(k if v is None else f"{k}={{{v}}}" for k, v in opts.items() if k in _FRAME_KEYS)
    if frame:  # legend style={draw=none, fill=none, thick, ...}
        axis.interp.apply_options(fst, frame)
    m = axis.interp.st["ctm"]
    b = PathBuilder()
    corners = [(x0, y1 - height), (x0 + width, y1 - height), (x0 + width, y1), (x0, y1)]
    q = [G.apply(m, c) for c in corners]
    b.move_to(q[0])
    for u, v in zip(q, q[1:]):
        b.line(u, v)
    b.close()
    src = SourceLocation(axis.loc.line, axis.loc.column, axis.loc.file, "legend")
    if fst.get("draw") is not None or fst.get("fill") is not None:
        emit_path(axis.interp.scene, b, fst, draw=fst.get("draw") is not None, fill=fst.get("fill") is not None,
                  source=src, panel=axis.interp.panel)
    y = y1 - 2.0
    code = []
    ogrid = [eopts[k:k + ncol] for k in range(0, len(eopts), ncol)]
    for row, drow, orow, (up, down) in zip(grid, dgrid, ogrid, halves):
        yc = y - up
        x = x0 + 3.0
        for c, ((p, t, w, h, ib), d, extra) in enumerate(zip(row, drow, orow)):
            icx = x + iws[c] / 2
            legend_image(axis.interp, p, (icx - (ib[0] + ib[2]) / 2, yc), m, iscale)
            base = yc - (h - d) / 2
            align = (kv.get("legend cell align") or "center").strip()
            # legend style={cells={anchor=west}} is what legend cell align=left sets
            cell_anchor = (dict(split_options(opts.get("cells") or "")).get("anchor") or "").strip()
            align = {"west": "left", "east": "right", "center": "center"}.get(cell_anchor, align)
            if align == "left":
                tx, anc = x + iws[c] + 2.0, "base west"
            elif align == "right":
                tx, anc = x + iws[c] + tws[c] - 2.0, "base east"
            else:
                tx, anc = x + iws[c] + tws[c] / 2, "base"
            extra = "," + ",".join(k if v is None else f"{k}={{{v}}}" for k, v in split_options(extra)
                                   if k not in ("text depth",)) if extra else ""
            if font:
                extra = f",font={{{font}}}" + extra
            code.append(f"\\node[anchor={anc},inner sep=0pt{extra}] at ({tx:.5f}pt,{base:.5f}pt) {{{t}}};")
            x += iws[c] + tws[c]
        y -= up + down
    axis.tikz("\n".join(code))
