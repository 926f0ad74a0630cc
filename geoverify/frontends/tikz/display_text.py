"""Display math in a node with ``text width``: TeX's vertical list of the paragraph.

A node with ``text width`` sets its text as a paragraph (a ``\\vtop``: its height is
the first line's). ``$$...$$``, ``\\[...\\]``, ``equation*`` and amsmath's ``align*``
in it are displays, placed as TeX's ``init_math``/``after_math`` place them:

- the paragraph before a display is broken into lines; a display at the start of
  the text still leaves the line holding the paragraph's indentation box (empty,
  0 high), and one right after another display leaves no line at all;
- the display's glue above and below is ``\\abovedisplayskip``/``\\belowdisplayskip``
  (10 pt at ``\\normalsize``, as the figure sets them with ``\\setlength``) when the
  display would start left of where the last line ends plus 2 em, else the short
  skips (0 pt and 6 pt); with no line before, always the short ones;
- every box is appended with TeX's interline glue (``\\baselineskip`` between
  baselines, ``\\lineskip`` 1 pt when that would bring boxes closer than 0 pt);
- ``align*`` rows are right/left cell pairs in display style, at least as high
  and deep as the strut, ``\\jot`` (3 pt) more apart than ``\\baselineskip``;
- glue at the end of the text goes (LaTeX's ``\\unskip``).

Glyph positions are not given (the label's runs are not claimed). Checked
against latex + dvisvgm.
"""

from __future__ import annotations

import re

from geoverify.frontends.texfonts import param
from geoverify.frontends.tikz.fonts import TextBox, _selection, baselineskip, measure, wrap

__all__ = ["has_display", "display_box", "display_skips", "DISPLAY_SKIPS"]

_START = re.compile(r"\$\$|\\\[|\\begin\{(align\*?|equation\*?|gather\*?|displaymath)\}")
#: TeX's display skips at \\normalsize (size10.clo), by name; \\small and \\footnotesize set their own
DISPLAY_SKIPS = {"\\abovedisplayskip": 10.0, "\\belowdisplayskip": 10.0, "\\abovedisplayshortskip": 0.0,
                 "\\belowdisplayshortskip": 6.0}
_SMALLER = {9.0: (8.5, 8.5, 0.0, 4.0), 8.0: (6.0, 6.0, 0.0, 3.0)}
JOT = 3.0
LINESKIP = 1.0


def has_display(text: str) -> bool:
    """Whether ``text`` holds display math (cheap test for the node placer)."""
    return ("$$" in text or "\\[" in text or "\\begin{" in text) and _START.search(text) is not None


def _pieces(text: str) -> list[tuple[str, str]]:
    """``("text", src)`` and ``("display" or "align", body)`` in order."""
    out, i = [], 0
    while True:
        m = _START.search(text, i)
        if m is None:
            out.append(("text", text[i:]))
            return out
        out.append(("text", text[i:m.start()]))
        if m.group(0) == "$$":
            j = text.find("$$", m.end())
            end = len("$$")
        elif m.group(0) == "\\[":
            j = text.find("\\]", m.end())
            end = len("\\]")
        else:
            close = "\\end{%s}" % m.group(1)
            j = text.find(close, m.end())
            end = len(close)
        if j < 0:
            j, end = len(text), 0
        kind = "align" if m.group(1) and m.group(1).startswith("align") else "display"
        out.append((kind, text[m.end():j]))
        i = j + end


def _align_rows(body: str, size: float, bold) -> list[tuple[float, float, float]]:
    """(width, height, depth) of each row of an ``align*`` body."""
    from geoverify.frontends.texmatrix import split_cells
    skip = baselineskip(size)
    rows = split_cells(body)
    cells = []
    for row in rows:
        sizes = []
        for k, cell in enumerate(row):
            box, _ = measure("$$" + ("{}" if k % 2 else "") + cell.strip() + "$$", size, bold)
            sizes.append((box.width, box.height, box.depth))
        cells.append(sizes)
    ncol = max((len(r) for r in cells), default=0)
    colw = [max((r[k][0] for r in cells if k < len(r)), default=0.0) for k in range(ncol)]
    width = sum(colw)
    return [(width, max([0.7 * skip] + [c[1] for c in r]), max([0.3 * skip] + [c[2] for c in r])) for r in cells]


def display_box(text: str, width: float, size: float, bold=False, skips: dict | None = None) -> TextBox:
    """The text box of a ``text width`` node whose text holds display math.

    Parameters
    ----------
    text : str
        Node text.
    width : float
        ``text width`` in pt.
    size : float
        Font size in pt.
    bold : bool or str
        Text family, as for :func:`~geoverify.frontends.tikz.fonts.measure`.
    skips : dict, optional
        The display skips the figure set (``{"\\\\abovedisplayskip": pt, ...}``).
    """
    family, fonts = _selection(bold)
    above, below, short_above, short_below = _SMALLER.get(size, tuple(DISPLAY_SKIPS.values()))
    if skips:
        above = skips.get("\\abovedisplayskip", above)
        below = skips.get("\\belowdisplayskip", below)
        short_above = skips.get("\\abovedisplayshortskip", short_above)
        short_below = skips.get("\\belowdisplayshortskip", short_below)
    skip = baselineskip(size)
    name, at = fonts.text_font(family, size)
    quad = param(name, 6, at, 1.0)
    items: list = []  # ("box", h, d) / ("glue", g)
    state = {"prev_d": None}
    approx = False

    def box(h, d, bskip=skip, lskip=LINESKIP, limit=0.0):
        if state["prev_d"] is not None:
            g = bskip - state["prev_d"] - h
            items.append(("glue", g if g >= limit else lskip))
        items.append(("box", h, d))
        state["prev_d"] = d

    pieces = _pieces(text)
    after_display = False
    pre = None
    for k, (kind, src) in enumerate(pieces):
        if kind == "text":
            if src.strip():
                lines = wrap(src.strip(), width, size, bold)
                last_w = 0.0
                for line in lines:
                    b, _ = measure(line, size, bold)
                    approx |= b.approximate
                    box(b.height, b.depth)
                    last_w = b.width
                pre = last_w + 2 * quad
            elif not after_display and k + 1 < len(pieces):
                box(0.0, 0.0)  # the line of the paragraph's (empty) indentation box
                pre = 2 * quad
            else:
                pre = None  # an empty paragraph between displays makes no line
            continue
        if kind == "align":
            rows = _align_rows(src, size, bold)
            dw = max((r[0] for r in rows), default=0.0)
        else:
            b, _ = measure("$$" + src + "$$", size, bold)
            approx |= b.approximate
            rows = [(b.width, b.height, b.depth)]
            dw = b.width
        d = max((width - dw) / 2, 0.0)
        short = pre is None or d > pre
        items.append(("glue", short_above if short else above))
        for r, (_, h, dd) in enumerate(rows):
            if r == 0:
                box(h, dd)
            else:  # \openup\jot: baselineskip, lineskip and lineskiplimit each a jot more
                box(h, dd, skip + JOT, LINESKIP + JOT, JOT)
        items.append(("glue", short_below if short else below))
        after_display = True
        pre = None
    while items and items[-1][0] == "glue":
        items.pop()
    while items and items[0][0] == "glue":  # glue before the first box: the vtop's top is the box
        items.pop(0)
    if not items:
        return TextBox(width, 0.0, 0.0, approx)
    height = items[0][1]
    total = sum(it[1] + it[2] if it[0] == "box" else it[1] for it in items)
    return TextBox(width, height, total - height, approx)


def display_skips(interp) -> dict:
    """The display skips the figure set with ``\\setlength`` (pt), by name."""
    from geoverify.errors import GeoverifyError
    from geoverify.frontends.tikz.tex import detokenize
    out = {}
    for name in DISPLAY_SKIPS:
        macro = interp.defs.get(name)
        body = getattr(macro, "body", None)
        if body is None:
            continue
        try:
            out[name] = interp.number(detokenize(body), interp.st).value
        except GeoverifyError:
            continue
    return out
