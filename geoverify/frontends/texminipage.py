"""LaTeX's ``minipage`` for the TeX box model.

``\\begin{minipage}[pos][height][inner pos]{width} ... \\end{minipage}`` is a box
``width`` wide (``0.9\\textwidth``: the article class's text width, 345 pt in the
10 pt class, 360 and 390 pt in the 11 and 12 pt ones) holding its text as
paragraphs without indentation or paragraph skip. Lines end at ``\\\\`` and
paragraph ends (``\\par``, a blank line); baselines are ``\\baselineskip`` apart
unless the lines would come closer than ``\\lineskiplimit`` (0 pt), then
``\\lineskip`` (1 pt) separates them. A line wider than ``width`` would be broken
by TeX: the box is then marked approximate. ``\\centering``, ``\\raggedleft`` place
the lines. The box is centred on the math axis by default (``\\vcenter``), on its
first line's baseline with ``[t]`` and its last's with ``[b]``; a given
``height`` is not modelled (approximate). Checked against latex + dvisvgm.
"""

from __future__ import annotations

import re

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texscan import HList, add_glyphs, dimen, next_arg

__all__ = ["minipage", "text_width"]

#: ``\\textwidth`` of the article class (LaTeX's standard classes) by class size
_TEXTWIDTH = {10: 345.0, 11: 360.0, 12: 390.0}
#: ``\\baselineskip`` of LaTeX's sizes in the 10 pt class (size10.clo); 1.2 times the size otherwise
_BASELINESKIP = {5.0: 6.0, 7.0: 8.0, 8.0: 9.5, 9.0: 11.0, 10.0: 12.0, 12.0: 14.0, 14.4: 18.0,
                 17.28: 22.0, 20.74: 25.0, 24.88: 30.0}
_WIDTHS = re.compile(r"^\s*([-+]?[\d.]*)\s*\\(textwidth|linewidth|columnwidth|hsize)\s*$")
_BREAKS = re.compile(r"\\\\(?:\[[^\]]*\])?|\\par(?![A-Za-z])|\n\s*\n")


def text_width(fonts) -> float:
    """``\\textwidth`` (and ``\\linewidth``) in pt for the class ``fonts`` stands for."""
    return _TEXTWIDTH.get(fonts.class_size, 345.0)


def _width(arg: str, size: float, fonts) -> float | None:
    m = _WIDTHS.match(arg)
    if m:
        factor = float(m.group(1)) if m.group(1) not in ("", "+", "-", ".") else 1.0
        return factor * text_width(fonts)
    w = dimen(arg, size)
    return w if w or arg.strip().startswith("0") else None


def _baselineskip(size: float, fonts) -> float:
    if fonts.class_size == 10:
        for s, skip in _BASELINESKIP.items():
            if abs(s - size) < 1e-3:
                return skip
    return 1.2 * size


def _lines(body: str) -> list[str]:
    """The body cut at ``\\\\``, ``\\par`` and blank lines outside braces and environments."""
    out, depth, env, start, i = [], 0, 0, 0, 0
    n = len(body)
    while i < n:
        ch = body[i]
        if ch == "\\":
            if depth == 0 and env == 0:
                m = _BREAKS.match(body, i)
                if m:
                    out.append(body[start:i])
                    i = start = m.end()
                    continue
            if body.startswith("\\begin", i):
                env += 1
            elif body.startswith("\\end", i):
                env -= 1
            i += 2
            continue
        if ch == "\n" and depth == 0 and env == 0:
            m = _BREAKS.match(body, i)
            if m:
                out.append(body[start:i])
                i = start = m.end()
                continue
        depth += 1 if ch == "{" else -1 if ch == "}" else 0
        i += 1
    out.append(body[start:])
    return [line for line in out if line.strip()] or [""]


def minipage(ts, s: str, i: int, size: float, family: str):
    """The minipage whose arguments start at ``s[i]`` (after ``\\begin{minipage}``).

    Returns
    -------
    tuple or None
        ``(width, height, depth, glyphs, index after \\end{minipage})``; None when the
        width cannot be read (the caller treats the environment as unknown).
    """
    pos = "c"
    opts = []
    k = i
    while True:
        while k < len(s) and s[k] in " \n\t":
            k += 1
        if k < len(s) and s[k] == "[":
            e = s.find("]", k)
            if e < 0:
                return None
            opts.append(s[k + 1:e].strip())
            k = e + 1
            continue
        break
    if opts and opts[0][:1] in ("t", "b", "c"):
        pos = opts[0][:1]
    if len(opts) > 1 and opts[1]:
        ts.approx = True  # a fixed height (and its inner position) is not modelled
    arg, k = next_arg(s, k)
    width = _width(arg, size, ts.fonts)
    if width is None:
        return None
    end = "\\end{minipage}"
    depth_env, j = 1, k
    while True:
        e = s.find(end, j)
        if e < 0:
            return None
        b = s.find("\\begin{minipage}", j, e)
        if b >= 0:
            depth_env += 1
            j = b + 16
            continue
        depth_env -= 1
        if depth_env == 0:
            break
        j = e + len(end)
    body = s[k:e]
    align = "l"
    for cs, a in (("\\centering", "c"), ("\\raggedleft", "r")):
        if cs in body:
            body, align = body.replace(cs, ""), a
    body = body.replace("\\raggedright", "").replace("\\noindent", "")
    skip = _baselineskip(size, ts.fonts)
    rows = []
    for line in _lines(body):
        hl = HList()
        ts.text(line.strip(), hl, size, family)
        if hl.w > width + 1e-6:
            ts.approx = True  # TeX would break this line
        rows.append(hl)
    glyphs: list | None = []
    y, prev_d, total = 0.0, None, 0.0
    bases = []
    for hl in rows:
        if prev_d is not None:
            gap = skip - prev_d - hl.h
            y -= (prev_d + hl.h + (gap if gap >= 0 else 1.0))
        bases.append(y)
        prev_d = hl.d
    top_h = rows[0].h
    total = top_h - bases[-1] + rows[-1].d
    if pos == "t":
        height = top_h
    elif pos == "b":
        height = total - rows[-1].d
    else:
        font, at = ts.fonts.math_font("sy", size)
        height = tf.param(font, 22, at) + total / 2
    for hl, base in zip(rows, bases):
        dx = {"l": 0.0, "c": (width - hl.w) / 2, "r": width - hl.w}[align]
        if glyphs is not None:
            add_glyphs(glyphs, hl.glyphs, dx, height - top_h + base)
    return width, height, total - height, glyphs, e + len(end)
