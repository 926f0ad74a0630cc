"""Legends of a ``\\datavisualization`` (``label in legend``), laid out as pgf's legend matrix.

``tikzlibrarydatavisualization.code.tex`` puts the entries in a ``\\matrix``
(``row sep=0pt``, ``column sep=.8em``; inner sep .3333em, outer sep half the
line width) placed beside the data visualization's bounding box:
``east outside`` (the default: one column, anchor west .8em right of the box's
east), ``west outside``, ``north/south east/west outside`` (aligned with the data's
own box), ``south outside``/``north outside`` (one row, .5em below/above).

Each entry is a cell whose origin is where the visualizer's sample ends: the
sample (``zig zag label in legend line`` for lines -- from -2em to 0, +-.3ex --,
``straight label in legend line``, ``circular label in legend line`` for closed
paths, one mark for scatter plots) drawn with the visualizer's style, and the
text node in ``\\small`` with struts .75em high and .25em deep, ``inner ysep=1pt``,
``inner xsep=0pt``, its ``mid west`` anchor .333em right of the origin (``text
left``: ``mid east``, .333em left, the sample mirrored). The matrix aligns the
cells of a column at their origins and stacks rows by their extents.
"""

from __future__ import annotations

import math
import re

from geoverify.frontends.tikz.fonts import em, measure
from geoverify.frontends.tikz.pgfplots_marks import mark_outlines

__all__ = ["Legend", "draw_legend", "PLACEMENTS"]

_EM = 10.0  # lengths in the legend's keys are read in the picture's (normal) font
_EX = 4.30554
_SMALL = 9.0
_PAD = 0.3333 * _EM + 0.2  # matrix inner sep + outer sep (half of 0.4 pt)
_SEP = 0.8 * _EM

#: placement -> (layout, label side, anchor of the matrix, where on the boxes)
PLACEMENTS = {
    "east outside": ("column", "right", "west", "east"),
    "west outside": ("column", "left", "east", "west"),
    "north east outside": ("column", "right", "north west", "north east"),
    "south east outside": ("column", "right", "south west", "south east"),
    "north west outside": ("column", "left", "north east", "north west"),
    "south west outside": ("column", "left", "south east", "south west"),
    "south outside": ("row", "right", "north", "south"),
    "north outside": ("row", "right", "south", "north"),
}
_SAMPLES = ("straight label in legend line", "zig zag label in legend line", "circular label in legend line",
            "label in legend one mark", "label in legend three marks")
_COORD_RE = re.compile(r"\(([^(),]*),([^()]*)\)")
#: entry orders of one column or one row: whether the last entry comes first
_STRATEGIES = {
    "down then right": {"column": False, "row": False}, "down then left": {"column": False, "row": True},
    "up then right": {"column": True, "row": False}, "up then left": {"column": True, "row": True},
    "right then down": {"column": False, "row": False}, "left then down": {"column": False, "row": True},
    "right then up": {"column": True, "row": False}, "left then up": {"column": True, "row": True},
}
_ALIASES = {"right": "east outside", "left": "west outside", "above": "north outside", "below": "south outside"}


def _sample(style: str) -> tuple[list, list]:
    """(line points, mark points) of a ``label in legend`` sample style (cell coordinates, pt)."""
    e, x = _EM, _EX
    if style == "straight label in legend line":
        return [(-2 * e, 0.0), (-1.5 * e, 0.0), (-.5 * e, 0.0), (0.0, 0.0)], [(-1.5 * e, 0.0), (-.5 * e, 0.0)]
    if style == "zig zag label in legend line":
        return ([(-2 * e, 0.0), (-1.5 * e, .3 * x), (-.5 * e, -.3 * x), (0.0, 0.0)],
                [(-1.5 * e, .3 * x), (-.5 * e, -.3 * x)])
    if style == "circular label in legend line":
        def at(a):
            return (-e + .9 * e * math.cos(math.radians(a)), .35 * x * math.sin(math.radians(a)))
        return [at(a) for a in range(0, 360, 45)], [at(120), at(-60)]
    if style == "label in legend three marks":
        return [], [(-3 * x, -.3 * x), (-1.5 * x, .3 * x), (0.0, 0.0)]
    return [], [(0.0, 0.0)]  # label in legend one mark


class Legend:
    """The main legend: its placement, the defaults of its samples and its entries."""

    def __init__(self):
        self.placement = "east outside"
        self.side: str | None = None  # label style text left/right when given
        self.reverse = {"column": False, "row": False}  # up then ..., left then ...: the last entry first
        self.defaults = {"path": "zig zag label in legend line", "closed path": "circular label in legend line",
                         "mark": "label in legend one mark"}
        self.entries: list[dict] = []  # visualizer, text, sample style, line and mark coordinates

    def entry(self, dv, name: str, text: str) -> None:
        """A ``label in legend={...}`` of visualizer ``name``."""
        from geoverify.frontends.tikz.datavis_axes import split_keys
        e = {"vis": name, "text": None}
        for k, v in split_keys(text):
            k = k.strip()
            if k == "text":
                e["text"] = v
            elif k in _SAMPLES:
                e["sample"] = k
            elif k in ("label in legend line coordinates", "label in legend mark coordinates"):
                e[k.split()[-2]] = [(dv.number(a), dv.number(b)) for a, b in _COORD_RE.findall(v or "")]
            else:
                dv.note(f"label in legend option '{k}' is not interpreted", "label in legend")
        if e["text"] is not None:
            self.entries.append(e)

    def options(self, dv, text: str) -> None:
        from geoverify.frontends.tikz.datavis_axes import split_keys
        for k, v in split_keys(text or ""):
            k = _ALIASES.get(k.strip(), k.strip())
            if k in PLACEMENTS:
                self.placement = k
            elif k in _STRATEGIES:
                self.reverse = _STRATEGIES[k]
            elif k == "label style" and (v or "").strip() in ("text left", "text right"):
                self.side = v.strip()[5:]
            else:
                dv.note(f"legend option '{k}' is not interpreted", k)


def _cell(dv, vis, entry: dict, legend: Legend, side: str):
    """(code drawing the cell at origin (ox, oy), extents xmin, xmax, ymin, ymax) of one entry."""
    kind = "mark" if vis.handler == "none" else ("closed path" if "cycle" in vis.handler else "path")
    line, marks = _sample(entry.get("sample") or legend.defaults[kind])
    line, marks = entry.get("line", line), entry.get("mark", marks)
    text = entry["text"]
    flip = -1.0 if side == "left" else 1.0
    line = [(flip * a, b) for a, b in line]
    marks = [(flip * a, b) for a, b in marks]
    opts, mark, size = dv.drawing_style(vis)
    st = dict(dv.interp.st)
    dv.interp.apply_options(st, opts)
    half = st["line_width"] / 2
    box, _ = measure(text, _SMALL)
    e9 = em(_SMALL)
    h, d = max(.75 * e9, box.height) + 1.0, max(.25 * e9, box.depth) + 1.0
    base = -0.5 * _EX  # the mid anchor is .5ex above the baseline
    gap = .333 * _EM + 0.1666 * _EM  # xshift and the outer sep
    reach = 0.0  # how far a mark reaches from its point (its outline's box)
    for kind, *data in (mark_outlines(mark, size) or [("circle", size)]) if mark and marks else ():
        reach = max([reach, data[0]] if kind == "circle" else [reach] + [abs(c) for q in data[0] for c in q])
    ext = [(a, b, half) for a, b in line] + [(a, b, reach + half) for a, b in (marks if mark else ())]
    xmin = min([a - r for a, _, r in ext] + [gap if side == "right" else -gap - box.width])
    xmax = max([a + r for a, _, r in ext] + [gap + box.width if side == "right" else -gap])
    ymin = min([b - r for _, b, r in ext] + [base - d])
    ymax = max([b + r for _, b, r in ext] + [base + h])

    def draw(ox, oy, code):
        if line:
            from geoverify.frontends.tikz.datavis import path_code
            code.append(path_code(opts, vis.handler, [(ox + a, oy + b) for a, b in line]))
        if mark:
            dv.marks(mark, size, opts, [(ox + a, oy + b) for a, b in marks], code)
        anchor = "base west" if side == "right" else "base east"
        x = ox + (gap if side == "right" else -gap)
        code.append(f"\\node[font=\\small,inner xsep=0pt,inner ysep=1pt,outer sep=0pt,anchor={anchor},"
                    f"text height={h - 1.0!r}pt,text depth={d - 1.0!r}pt] at ({x!r}pt,{oy + base!r}pt) {{{text}}};")

    return draw, (xmin, xmax, ymin, ymax)


def draw_legend(dv, legend: Legend, box, data_box, code: list[str]) -> None:
    """Code of the legend beside ``box`` (the visualization's extent; ``data_box`` the data's)."""
    layout, side, _, _ = PLACEMENTS[legend.placement]
    side = legend.side or side
    cells = []
    for entry in legend.entries:
        vis = dv.visualizers.get(entry["vis"])
        if vis is not None:
            cells.append(_cell(dv, vis, entry, legend, side))
    if not cells:
        return
    if legend.reverse[layout]:
        cells.reverse()
    box = box or (0.0, 0.0, 0.0, 0.0)  # nothing drawn: pgf's box is the origin
    x0, y0, x1, y1 = box
    db = data_box or box
    if layout == "column":
        left = max(-c[1][0] for c in cells)   # the column: origins aligned
        right = max(c[1][1] for c in cells)
        height = sum(c[1][3] - c[1][2] for c in cells)
        if side == "right" and legend.placement.endswith("east outside"):
            ox = x1 + _SEP + _PAD + left
        else:
            ox = x0 - _SEP - _PAD - right
        if legend.placement.startswith("north"):
            top = db[3] - _PAD
        elif legend.placement.startswith("south"):
            top = db[1] + _PAD + height
        else:
            top = (y0 + y1) / 2 + height / 2
        for draw, (_, _, ymin, ymax) in cells:
            oy = top - ymax
            draw(ox, oy, code)
            top = oy + ymin
    else:
        width = sum(c[1][1] - c[1][0] for c in cells) + _SEP * (len(cells) - 1)
        up = max(c[1][3] for c in cells)
        down = max(-c[1][2] for c in cells)
        oy = (y0 - 5.0 - _PAD - up) if legend.placement == "south outside" else (y1 + 5.0 + _PAD + down)
        x = (x0 + x1) / 2 - width / 2
        for draw, (xmin, xmax, _, _) in cells:
            draw(x - xmin, oy, code)
            x += xmax - xmin + _SEP
