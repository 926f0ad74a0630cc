"""Scanning TeX source for the box model: groups, arguments, control sequences,
dimensions, and the horizontal list that text mode builds (kerns and ligatures).
"""

from __future__ import annotations

from geoverify.frontends import texfonts as tf

__all__ = ["HList", "RULE", "add_glyphs", "read_group", "next_arg", "optional", "control", "math_end", "dimen",
           "split_lines"]


class HList:
    """A horizontal list being built in text mode (kerns and ligatures between characters).

    ``glyphs`` records where each character goes: ``(x, y, font, at, code, advance)`` in
    pt from the list's reference point (y up); an entry with ``font`` None stands for
    material whose glyphs are not known, one with ``font`` :data:`RULE` for a rule (a run
    of text cannot continue across either).
    """

    __slots__ = ("w", "h", "d", "last", "last_w", "sf", "glyphs")

    def __init__(self):
        self.w = self.h = self.d = 0.0
        self.last = None  # (font, code, size) of the previous character
        self.last_w = 0.0
        self.sf = 1000
        self.glyphs = []

    def char(self, font, code, size, sfcode=1000):
        if self.last is not None and self.last[0] == font and self.last[2] == size:
            lig = tf.ligature(font, self.last[1], code)
            if lig is not None and tf.has_char(font, lig):
                self.w -= self.last_w
                self.last = None
                if self.glyphs and self.glyphs[-1][2] == font:
                    self.glyphs.pop()
                self.char(font, lig, size, sfcode)
                return
            self.w += tf.kern(font, self.last[1], code, size)
        w, h, d, _ = tf.glyph(font, code, size)
        self.glyphs.append((self.w, 0.0, font, size, code, w))
        self.w += w
        self.h = max(self.h, h)
        self.d = max(self.d, d)
        self.last = (font, code, size)
        self.last_w = w
        self.sf = 1000 if sfcode > 1000 and self.sf < 1000 else sfcode

    def box(self, w, h, d, glyphs=None, dx=0.0, dy=0.0):
        """Append a box; ``glyphs`` are its characters (relative to its reference point,
        moved by ``dx``, ``dy``), None when they are not known, :data:`RULE` for a rule."""
        add_glyphs(self.glyphs, glyphs, self.w + dx, dy)
        self.w += w
        self.h = max(self.h, h)
        self.d = max(self.d, d)
        self.last = None
        self.sf = 1000

    def space(self, w):
        self.w += w
        self.last = None


#: ``font`` of an HList entry that stands for a rule (a fraction bar, a vinculum): no glyph
RULE = ""


def add_glyphs(out: list, glyphs, x: float, y: float) -> None:
    """Append ``glyphs`` (HList entries; None for unknown material, :data:`RULE` for a rule)
    moved by ``(x, y)`` to ``out``."""
    if glyphs is None or glyphs == RULE:
        out.append((x, y, glyphs, 0.0, 0, 0.0))
        return
    out.extend((gx + x, gy + y, f, at, c, a) for gx, gy, f, at, c, a in glyphs)


def read_group(text: str, i: int) -> tuple[str, int]:
    """Content of a ``{...}`` starting at ``text[i] == '{'``, and the index after it."""
    depth = 0
    j = i
    while j < len(text):
        ch = text[j]
        if ch == "\\":
            j += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1:j], j + 1
        j += 1
    return text[i + 1:], len(text)


def next_arg(text: str, i: int) -> tuple[str, int]:
    """The next argument (a group, a control sequence or a character) from ``i``."""
    while i < len(text) and text[i] in " \n\t":
        i += 1
    if i >= len(text):
        return "", i
    if text[i] == "{":
        return read_group(text, i)
    if text[i] == "\\":
        j = i + 1
        while j < len(text) and text[j].isalpha():
            j += 1
        j = max(j, i + 2)
        return text[i:j], j
    return text[i], i + 1


def optional(text: str, i: int) -> int:
    """Skip an optional ``[...]`` argument."""
    k = i
    while k < len(text) and text[k] == " ":
        k += 1
    if k < len(text) and text[k] == "[":
        j = text.find("]", k)
        return len(text) if j < 0 else j + 1
    return i


def control(text: str, i: int) -> tuple[str, int]:
    """The control sequence starting at ``text[i] == '\\\\'`` and the index after it (blanks
    after a control word skipped)."""
    j = i + 1
    while j < len(text) and text[j].isalpha():
        j += 1
    if j == i + 1:
        j = i + 2
    cs = text[i:j]
    if cs[1:].isalpha():
        while j < len(text) and text[j] in " \n\t":
            j += 1
    return cs, j


def math_end(text: str, i: int, closer: str) -> int:
    """Index of the math-mode closer (``$`` or ``\\)``) from ``i`` (or the end)."""
    depth = 0
    j = i
    while j < len(text):
        ch = text[j]
        if ch == "\\":
            if closer == "\\)" and text.startswith("\\)", j) and depth == 0:
                return j
            j += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "$" and closer == "$" and depth <= 0:
            return j
        j += 1
    return len(text)


def dimen(arg: str, size: float, mu: float = 0.0) -> float:
    """A TeX dimension in pt (``3pt``, ``0.5em``, ``2mm``, ``-1ex``, ``4mu``); 0 if unreadable."""
    arg = arg.strip().rstrip("*")
    units = {"pt": 1.0, "bp": 72.27 / 72, "mm": 72.27 / 25.4, "cm": 72.27 / 2.54, "in": 72.27,
             "em": size, "ex": 0.43 * size, "mu": mu, "pc": 12.0, "sp": 1 / 65536}
    for u, f in units.items():
        if arg.endswith(u):
            try:
                return float(arg[:-len(u)]) * f
            except ValueError:
                return 0.0
    return 0.0


def split_lines(text: str) -> list[str]:
    """Split ``text`` at top-level ``\\\\`` (skipping an optional ``[2pt]`` after it)."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and text[i + 1:i + 2] == "\\" and depth == 0:
            out.append(text[start:i])
            i += 2
            if i < len(text) and text[i] == "[":
                j = text.find("]", i)
                i = j + 1 if j >= 0 else i
            start = i
            continue
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        i += 1
    out.append(text[start:])
    return out
