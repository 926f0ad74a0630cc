"""amsmath's matrices for the TeX box model: ``matrix``, ``pmatrix`` and ``bmatrix``.

amsmath sets a matrix as an ``array`` of centred columns (``\\arraycolsep``
of 5 pt on both sides of each column, the outer ones cancelled), each row at
least as high and deep as LaTeX's array strut (0.7 and 0.3 of the
baselineskip, taken as 1.2 times the font size as asy's and LaTeX's
``\\fontsize`` give), rows stacked without glue and the whole centred on the
math axis (``\\vcenter``). ``pmatrix`` and ``bmatrix`` put it between
``\\left`` and ``\\right`` delimiters sized by TeX's rule 19
(``\\delimiterfactor`` 901, ``\\delimitershortfall`` 5 pt) from cmex's
successor chain, then its extensible pieces (tex.web's ``var_delimiter``);
amsmath scales cmex with the font size.
"""

from __future__ import annotations

from geoverify.frontends import texfonts as tf

__all__ = ["ARRAYCOLSEP", "ENVIRONMENTS", "delimiter", "needed_size", "split_cells"]

ARRAYCOLSEP = 5.0
DELIMITERFACTOR = 901
DELIMITERSHORTFALL = 5.0

#: cmex codes: successor chain, then the extensible recipe (top, bottom, repeated piece)
_CHAINS = {
    "(": ((0, 16, 18, 32), (48, 64, 66)),
    ")": ((1, 17, 19, 33), (49, 65, 67)),
    "[": ((2, 104, 20, 34), (50, 52, 54)),
    "]": ((3, 105, 21, 35), (51, 53, 55)),
    "\\surd": ((112, 113, 114, 115), (118, 116, 117)),  # the radical's large variants
    "\\{": ((8, 26, 40, 110), (56, 58, 62, 60)),  # braces: an extensible with a middle piece
    "\\}": ((9, 27, 41, 111), (57, 59, 62, 61)),
}

#: environment -> (left, right) delimiters; None for none
ENVIRONMENTS = {"matrix": (None, None), "pmatrix": ("(", ")"), "bmatrix": ("[", "]")}


def split_cells(body: str) -> list[list[str]]:
    """Rows (split at ``\\\\``) of cells (split at ``&``) of an alignment body, outside braces."""
    rows, row, cell = [], [], []
    depth = i = 0
    n = len(body)
    while i < n:
        ch = body[i]
        if ch == "\\" and depth == 0 and body.startswith("\\\\", i):
            row.append("".join(cell))
            rows.append(row)
            row, cell = [], []
            i += 2
            continue
        if ch == "\\":
            cell.append(body[i:i + 2])
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "&" and depth == 0:
            row.append("".join(cell))
            cell = []
        else:
            cell.append(ch)
        i += 1
    row.append("".join(cell))
    rows.append(row)
    while rows and all(not c.strip() for c in rows[-1]):  # a trailing \\ makes no row
        rows.pop()
    return rows


def delimiter(char: str, needed: float, at: float) -> tuple[float, float, float, list]:
    """TeX's delimiter ``char`` of height plus depth at least ``needed`` pt from cmex10 at ``at``.

    Returns its width, height, depth (as set, before centring on the axis) and its
    glyphs (``HList.glyphs`` entries relative to its reference point).
    """
    chain, (top, bot, rep, *mid) = _CHAINS[char]
    font = "cmex10"
    for code in chain:
        w, h, d, ic = tf.glyph(font, code, at)
        if h + d >= needed:
            return w + ic, h, d, [(0.0, 0.0, font, at, code, w)]
    pieces = [tf.glyph(font, c, at) for c in (top, bot, rep, *mid)]
    total = sum(p[1] + p[2] for p in pieces[:2] + pieces[3:])
    n = 0
    while total < needed and pieces[2][1] + pieces[2][2] > 0:
        # a middle piece takes the repeated piece on both sides (tex.web's var_delimiter)
        total += (2 if mid else 1) * (pieces[2][1] + pieces[2][2])
        n += 1
    # stacked top first; the box's height is the top piece's (tex.web's stack_into_box)
    codes = [top] + [rep] * n + (mid + [rep] * n if mid else []) + [bot]
    glyphs, y, prev_d = [], 0.0, None
    for c in codes:
        w, h, d, _ = tf.glyph(font, c, at)
        if prev_d is not None:
            y -= prev_d + h
        glyphs.append((0.0, y, font, at, c, w))
        prev_d = d
    w, h = pieces[0][0] + pieces[0][3], pieces[0][1]
    return w, h, total - h, glyphs


def needed_size(height: float, depth: float, axis: float) -> float:
    """Rule 19: the height plus depth a delimiter around a list of ``height`` and ``depth`` needs."""
    delta1 = max(height - axis, depth + axis)
    return max(delta1 / 500.0 * DELIMITERFACTOR, 2 * delta1 - DELIMITERSHORTFALL)
