"""pgf's matrix layout (``pgfmodulematrix.code.tex``), free of TikZ.

A matrix body is split into cells by ``&`` (``\\pgfmatrixnextcell``) and rows
by ``\\\\`` (``\\pgfmatrixendrow``); either may carry ``[<sep list>]``, an extra
column or row separation. Every cell is a small picture measured around its
origin; pgf then:

* clamps a row's height and depth at zero (they start at ``0pt``) but not a
  column's reach left and right of its origins (the first cell's sets it);
* separates column ``j`` from ``j + 1`` by ``column sep`` plus the ``&[...]``
  of the first row that has a cell ``j + 1`` (``\\pgf@matrix@endcell`` defines
  it once, when the column is new), added to the left reach of every cell of
  column ``j + 1``; ``between origins`` in that list makes the separation run
  from origin to origin (column ``j``'s right reach and column ``j + 1``'s left
  reach count as zero from that row on), ``between borders`` undoes it;
* separates row ``i`` from ``i + 1`` by ``row sep`` plus the ``\\\\[...]`` that
  ends row ``i``; ``between origins`` makes that the distance of the baselines
  (row ``i + 1`` then has no height). The last row's separation is dropped.

The matrix's text box is as wide as the columns' reaches and as high as the
rows with their separations; its baseline is the last row's baseline.
"""

from __future__ import annotations

import re

from dataclasses import dataclass

__all__ = ["MatrixBody", "MatrixLayout", "layout", "parse_sep", "split_body"]

_ENDROW = ("\\\\", "\\pgfmatrixendrow")
_NEXTCELL = ("&", "\\pgfmatrixnextcell")
#: the characters :func:`split_body` looks at (the first characters of the words above and braces)
_SPECIAL_CHARS = "{}\\&"
_SPECIAL = re.compile(r"[{}\\&]")


@dataclass(slots=True)
class MatrixBody:
    """A matrix body split into cells.

    Attributes
    ----------
    rows : list of list of str
        The cells' source texts, row by row.
    amp : list of list of str
        For each cell, the ``[...]`` of the ``&`` that ends it (``""`` if none or if a
        ``\\\\`` ends it).
    ends : list of str
        For each row, the ``[...]`` of the ``\\\\`` that ends it.
    """

    rows: list
    amp: list
    ends: list


@dataclass(slots=True)
class MatrixLayout:
    """Cell origins and the text box of a laid-out matrix, points, relative to the
    box's left end of the last row's baseline.

    Attributes
    ----------
    xs : dict
        Column number (from 1) -> x of its origins.
    ys : dict
        Row number (from 1) -> y of its baseline (0 for the last row).
    width, height, depth : float
        The text box: its width, its height above and depth below the last baseline.
    """

    xs: dict
    ys: dict
    width: float
    height: float
    depth: float


def _control_word_at(body: str, i: int, word: str) -> bool:
    if not body.startswith(word, i):
        return False
    k = i + len(word)
    return not (word[-1].isalpha() and k < len(body) and body[k].isalpha())


def _bracket(body: str, i: int) -> tuple[str, int]:
    """The ``[...]`` at or after blanks from ``i`` (as ``\\pgfutil@ifnextchar[``), and where
    reading goes on; ``("", i)`` if none."""
    k = i
    while k < len(body) and body[k] in " \t\n\r":
        k += 1
    if k >= len(body) or body[k] != "[":
        return "", i
    depth, j = 0, k + 1
    while j < len(body):
        ch = body[j]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "]" and depth == 0:
            return body[k + 1:j], j + 1
        j += 1
    return "", i


def split_body(body: str) -> MatrixBody:
    """Split a matrix body into rows and cells, keeping the ``&[...]`` and ``\\\\[...]``
    separations (braces hide ``&`` and ``\\\\``)."""
    rows, amp, ends = [], [], []
    cur, cur_amp, cell, depth, i = [], [], [], 0, 0
    n = len(body)
    while i < n:
        ch = body[i]
        if ch not in _SPECIAL_CHARS:  # a run of plain characters: no brace, separator or control symbol
            m = _SPECIAL.search(body, i)
            j = m.start() if m else n
            cell.append(body[i:j])
            i = j
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "\\" and (depth or not body.startswith("\\\\", i)) and body[i + 1:i + 2] \
                and not body[i + 1].isalpha():
            cell.append(body[i:i + 2])  # a control symbol (\&, \{, \\ in a group): no separator, no brace
            i += 2
            continue
        if depth == 0 and ch in "\\&":  # (every separator word starts with one of these)
            word = next((w for w in _ENDROW if _control_word_at(body, i, w)), None)
            if word is not None:
                cur.append("".join(cell))
                cur_amp.append("")
                opt, i = _bracket(body, i + len(word))
                rows.append(cur)
                amp.append(cur_amp)
                ends.append(opt)
                cur, cur_amp, cell = [], [], []
                continue
            word = next((w for w in _NEXTCELL if _control_word_at(body, i, w)), None)
            if word is not None:
                cur.append("".join(cell))
                opt, i = _bracket(body, i + len(word))
                cur_amp.append(opt)
                cell = []
                continue
        cell.append(ch)
        i += 1
    if "".join(cell).strip() or cur:
        cur.append("".join(cell))
        cur_amp.append("")
        rows.append(cur)
        amp.append(cur_amp)
        ends.append("")
    return MatrixBody(rows, amp, ends)


def parse_sep(number, *values: str) -> tuple[float, bool]:
    """A separation as ``\\pgf@matrix@addtolength`` reads its lists in order: lengths add up,
    ``between origins`` sets the fixed flag, ``between borders`` clears it.

    Parameters
    ----------
    number : callable
        Text of a length -> points.
    values : str
        Comma lists (``row sep``'s value, then the ``\\\\[...]``'s).

    Returns
    -------
    (float, bool)
        The length, points, and whether it runs between origins.
    """
    total, fixed = 0.0, False
    for value in values:
        for part in (value or "").split(","):
            part = part.strip()
            if not part:
                continue
            if part == "between origins":
                fixed = True
            elif part == "between borders":
                fixed = False
            else:
                total += number(part)
    return total, fixed


def layout(extents: list, amp: list, ends: list) -> MatrixLayout:
    """Lay out measured cells as pgf's matrix does.

    Parameters
    ----------
    extents : list of list of (float, float, float, float)
        Per row, per cell: ``(minx, miny, maxx, maxy)`` of the cell's picture around its
        origin, points; ``(0, 0, 0, 0)`` for a cell that draws nothing.
    amp : list of list of (float, bool)
        Per row, per cell: the separation (``column sep`` and the ``&[...]``) after it,
        from :func:`parse_sep`.
    ends : list of (float, bool)
        Per row: the separation (``row sep`` and the ``\\\\[...]``) after it.

    Returns
    -------
    MatrixLayout
    """
    col_sep, max0_from, min0_from = {}, {}, {}
    minx, maxx = {}, {}
    heights, depths = [], []
    ncols = 0
    for i, row in enumerate(extents):
        zero_height = i > 0 and ends[i - 1][1]
        h = d = 0.0
        for j, (x0, y0, x1, y1) in enumerate(row, start=1):
            if j >= ncols and j < len(row) and j + 1 not in col_sep:
                sep, fixed = amp[i][j - 1]
                col_sep[j + 1] = sep
                if fixed:
                    max0_from.setdefault(j, i)
                    min0_from[j + 1] = i
            if j in max0_from and i >= max0_from[j]:
                x1 = 0.0
            if j in min0_from and i >= min0_from[j]:
                x0 = 0.0
            if zero_height:
                y1 = 0.0
            if j > 1:
                x0 -= col_sep.get(j, 0.0)
            h, d = max(h, y1), max(d, -y0)
            if j > ncols:
                minx[j], maxx[j], ncols = x0, x1, j
            else:
                minx[j], maxx[j] = min(minx[j], x0), max(maxx[j], x1)
        heights.append(h)
        depths.append(d)
    xs, x = {}, 0.0
    for j in range(1, ncols + 1):
        xs[j] = x - minx[j]
        x += maxx[j] - minx[j]
    n = len(extents)
    ys = {n: 0.0}
    for i in range(n - 1, 0, -1):  # rows from 1; ends[i - 1] ends row i
        sep, fixed = ends[i - 1]
        ys[i] = ys[i + 1] + (sep if fixed else depths[i - 1] + sep + heights[i])
    height = (ys[1] + heights[0]) if n else 0.0
    return MatrixLayout(xs, ys, x, height, depths[-1] if n else 0.0)
