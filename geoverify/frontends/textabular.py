"""LaTeX's ``tabular`` for the TeX box model.

``\\begin{tabular}[pos]{spec} ... \\end{tabular}`` is an ``\\halign`` in a box: rows
end at ``\\\\`` and cells at ``&``; each cell is set in text mode without its
leading and trailing blanks. Columns ``l``, ``c``, ``r`` are as wide as their widest
cell, ``p{w}`` is ``w`` wide (its text as paragraph lines, ``\\baselineskip`` apart,
top-aligned); every column has ``\\tabcolsep`` (6 pt) on each side unless an
``@{text}`` stands there instead; ``*{n}{spec}`` repeats. A ``|`` is a rule of
``\\arrayrulewidth`` (0.4 pt) that takes no width in LaTeX's own tabular (the kernel
backs up half its width on each side); ``||`` puts ``\\doublerulesep`` (2 pt)
between the two. (The array package gives ``|`` its full width: not modelled.)

Every row holds a strut ``\\arraystretch`` times ``0.7\\baselineskip`` high and
``0.3\\baselineskip`` deep; rows abut (no interline glue). ``\\\\[d]`` deepens the row
to the strut's depth plus ``d`` (a negative ``d`` is a ``\\vskip``). ``\\hline`` is a
rule 0.4 pt high between rows, ``\\hline\\hline`` two of them ``\\doublerulesep`` apart
(backing up 0.4 pt), ``\\cline`` takes no height. The box is centred on the math
axis (``\\vcenter``) by default, hangs from its first item with ``[t]`` (``\\vtop``:
a leading ``\\hline`` gives a height of 0.4 pt) and stands on its last with ``[b]``.
``\\renewcommand{\\arraystretch}{x}`` and ``\\setlength{\\tabcolsep}{d}`` before the
environment (in the same text) are honoured. Other column types (``m``, ``b``,
``>{}``, ``!{}``, packages' types) are not modelled: the caller treats the
environment as unknown. ``\\multicolumn`` is measured as its text in the first
spanned column (approximate). Checked against latex + dvisvgm.
"""

from __future__ import annotations

import re

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texminipage import _baselineskip, minipage
from geoverify.frontends.texscan import RULE, HList, add_glyphs, dimen, next_arg, read_group

__all__ = ["tabular"]

ARRAYRULEWIDTH = 0.4
DOUBLERULESEP = 2.0
TABCOLSEP = 6.0

_HLINE = re.compile(r"\s*\\(hline|cline\s*\{[^}]*\})(?![A-Za-z])")
_ROWEND = re.compile(r"\\\\\s*(?:\[([^\]]*)\])?")


def _spec(spec: str, size: float, ts, sep: float):
    """The preamble as columns ``[align, width or None]``, the width of each gap around
    them (``len(columns) + 1``: rules, ``\\tabcolsep`` or ``@`` material) and the ``@``
    material (an HList or None) of each gap. None when a type is not modelled."""
    # expand *{n}{spec}
    for _ in range(20):
        m = re.search(r"\*\s*\{?\s*(\d+)\s*\}?\s*\{", spec)
        if not m:
            break
        body, end = read_group(spec, m.end() - 1)
        spec = spec[:m.start()] + body * int(m.group(1)) + spec[end:]
    cols, rules, ats = [], [0], [None]
    i, n = 0, len(spec)
    while i < n:
        ch = spec[i]
        if ch in " \n\t":
            i += 1
        elif ch in "lcr":
            cols.append([ch, None])
            rules.append(0)
            ats.append(None)
            i += 1
        elif ch == "p":
            got = _braced_after(spec, i + 1)
            if got is None:
                return None
            arg, i = got
            w = dimen(arg, size)
            if not w:
                return None
            cols.append(["p", w])
            rules.append(0)
            ats.append(None)
        elif ch == "|":
            rules[-1] += 1
            i += 1
        elif ch == "@":
            got = _braced_after(spec, i + 1)
            if got is None:
                return None
            arg, i = got
            if ats[-1] is None:
                ats[-1] = HList()
            ts.text(arg, ats[-1], size, "rm")
        else:
            return None
    if not cols:
        return None
    # width of each gap: the rules' and the @-material's, or \tabcolsep from the columns beside it
    gaps = []
    for k in range(len(cols) + 1):
        r = rules[k]
        g = DOUBLERULESEP * (r - 1) if r > 1 else 0.0
        if ats[k] is not None:
            g += ats[k].w
        else:
            g += (sep if k > 0 else 0.0) + (sep if k < len(cols) else 0.0)
        gaps.append(g)
    return cols, gaps, ats


def _env_end(s: str, k: int, name: str) -> int:
    """Index of the ``\\end{name}`` closing the environment whose body starts at ``k``."""
    end, begin = "\\end{" + name + "}", "\\begin{" + name + "}"
    depth, j = 1, k
    while True:
        e = s.find(end, j)
        if e < 0:
            return -1
        b = s.find(begin, j, e)
        if b >= 0:
            depth += 1
            j = b + len(begin)
            continue
        depth -= 1
        if depth == 0:
            return e
        j = e + len(end)


def _split(body: str, sep: str) -> list[str]:
    """``body`` cut at a top-level ``sep`` (``&``) or row end (``\\\\``) outside groups and environments."""
    out, depth, env, start, i, n = [], 0, 0, 0, 0, len(body)
    while i < n:
        ch = body[i]
        if ch == "\\":
            if body.startswith("\\begin", i):
                env += 1
            elif body.startswith("\\end", i):
                env -= 1
            elif sep == "\\\\" and body[i + 1:i + 2] == "\\" and depth == 0 and env == 0:
                m = _ROWEND.match(body, i)
                out.append((body[start:i], m.group(1)))
                i = start = m.end()
                continue
            i += 2
            continue
        if ch == sep and depth == 0 and env == 0:
            out.append((body[start:i], None))
            i = start = i + 1
            continue
        depth += 1 if ch == "{" else -1 if ch == "}" else 0
        i += 1
    out.append((body[start:], None))
    return out


def tabular(ts, s: str, i: int, size: float, family: str):
    """The tabular whose arguments start at ``s[i]`` (after ``\\begin{tabular}``).

    Returns
    -------
    tuple or None
        ``(width, height, depth, glyphs, index after \\end{tabular})``; None when the
        preamble cannot be read (the caller treats the environment as unknown).
    """
    k = i
    while k < len(s) and s[k] in " \n\t":
        k += 1
    pos = "c"
    if k < len(s) and s[k] == "[":
        e = s.find("]", k)
        if e < 0:
            return None
        pos = (s[k + 1:e].strip() or "c")[:1]
        k = e + 1
        while k < len(s) and s[k] in " \n\t":
            k += 1
    if k >= len(s) or s[k] != "{":
        return None
    spec, k = read_group(s, k)
    e = _env_end(s, k, "tabular")
    if e < 0:
        return None
    layout = _spec(spec, size, ts, getattr(ts, "tabcolsep", TABCOLSEP))
    if layout is None:
        return None
    cols, gaps, ats = layout
    stretch = getattr(ts, "arraystretch", 1.0)
    skip = _baselineskip(size, ts.fonts)
    strut_h, strut_d = 0.7 * skip * stretch, 0.3 * skip * stretch

    # items from top to bottom: ("rule", height) or ("row", cells, extra depth)
    items: list = []
    rows = _split(s[k:e], "\\\\")
    for n_row, (text, extra) in enumerate(rows):
        rules = 0
        while True:
            m = _HLINE.match(text)
            if not m:
                break
            text = text[m.end():]
            if m.group(1) == "hline":
                if rules:  # \hline\hline: \doublerulesep apart, backing up the rule's height
                    items.append(("skip", DOUBLERULESEP - ARRAYRULEWIDTH))
                items.append(("rule", ARRAYRULEWIDTH))
                rules += 1
        if not text.strip() and extra is None and n_row == len(rows) - 1:
            break  # nothing after the last \\
        cells = []
        for c, (cell, _) in enumerate(_split(text, "&")):
            cell = cell.strip()
            if c >= len(cols):
                return None  # more cells than columns: LaTeX stops with an error
            hl = HList()
            col = cols[c]
            if cell.startswith("\\multicolumn"):  # its text, in the first spanned column
                ts.approx = True
                _, j = next_arg(cell, 12)
                _, j = next_arg(cell, j)
                cell, _ = next_arg(cell, j)
                col = ["l", None]
            fonts = ts.fonts  # a cell is a group
            if col[0] == "p" and cell:  # a \vtop \hsize w wide: a minipage[t]
                r = minipage(ts, "[t]{%.5fpt}" % col[1] + cell + "\\end{minipage}", 0, size, family)
                if r is None:
                    return None
                hl.box(r[0], r[1], r[2], r[3])
            else:
                ts.text(cell, hl, size, family)
            ts.fonts = fonts
            cells.append(hl)
        d = None
        if extra is not None and extra.strip():
            d = dimen(extra, size)
        items.append(("row", cells, d))
    widths = [c[1] if c[0] == "p" else 0.0 for c in cols]
    for it in items:
        if it[0] == "row":
            for c, hl in enumerate(it[1]):
                if cols[c][0] != "p":
                    widths[c] = max(widths[c], hl.w)
    width = sum(gaps) + sum(widths)
    # vertical layout, y down from the top
    glyphs: list | None = []
    y = 0.0
    first_h = last_d = 0.0
    for n_it, it in enumerate(items):
        if it[0] == "skip":
            y += it[1]
            last_d = 0.0
            continue
        if it[0] == "rule":
            if n_it == 0:
                first_h = it[1]
            add_glyphs(glyphs, RULE, 0.0, -(y + it[1]))
            y += it[1]
            last_d = 0.0
            continue
        cells, extra = it[1], it[2]
        h = max([strut_h] + [c.h for c in cells])
        d = max([strut_d] + [c.d for c in cells])
        if extra is not None:
            if extra > 0:
                d = max(d, strut_d + extra)
        if n_it == 0:
            first_h = h
        base = y + h
        x = 0.0
        for c in range(len(cols)):
            if ats[c] is not None:  # the @ material ends its gap
                add_glyphs(glyphs, ats[c].glyphs, x + gaps[c] - ats[c].w, -base)
            x += gaps[c]
            if c < len(cells):
                hl = cells[c]
                free = widths[c] - hl.w
                dx = {"l": 0.0, "p": 0.0, "c": free / 2, "r": free}[cols[c][0]]
                add_glyphs(glyphs, hl.glyphs, x + dx, -base)
            x += widths[c]
        if ats[-1] is not None:
            add_glyphs(glyphs, ats[-1].glyphs, x + gaps[-1] - ats[-1].w, -base)
        y = base + d
        last_d = d
        if extra is not None and extra < 0:
            y += extra
            last_d = 0.0
    total = y
    if pos == "t":
        height = first_h
    elif pos == "b":
        height = total - last_d
    else:
        font, at = ts.fonts.math_font("sy", size)
        height = tf.param(font, 22, at) + total / 2
    glyphs = [(gx, gy + height, f, at, code, a) for gx, gy, f, at, code, a in glyphs]
    return width, height, total - height, glyphs, e + len("\\end{tabular}")


def _braced_after(spec: str, j: int):
    """``(argument, index after it)`` of the ``{...}`` group at ``spec[j:]`` (blanks skipped); None without one."""
    n = len(spec)
    while j < n and spec[j] in " \n\t":
        j += 1
    if j >= n or spec[j] != "{":
        return None
    return read_group(spec, j)
