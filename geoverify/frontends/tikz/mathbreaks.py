"""Where TeX may break inline math in a paragraph (a node's ``text width``).

TeX's ``mlist_to_hlist`` (tex.web section 767) puts a penalty after a relation
(``\\relpenalty`` 500) and after a binary operator (``\\binoppenalty`` 700) at the
outer level of a formula, unless the next atom is a relation or the operator is the
formula's last; a binary operator that TeX turns into an ordinary atom (at the start,
after an operator, a relation, an opening or a punctuation) gets none. Nothing inside
braces or ``\\left..\\right`` breaks. The glue after a taken break is discarded.
"""

from __future__ import annotations

import re

from geoverify.frontends.texsymbols import COMPOSITES, MATH_CHARS, SYMBOLS

__all__ = ["BIN_PENALTY", "REL_PENALTY", "math_breaks"]

REL_PENALTY, BIN_PENALTY = 500, 700
_TOKEN = re.compile(r"\\([A-Za-z@]+|.)|[{}]|\S", re.S)


def _cls(tok: str) -> str:
    if tok in MATH_CHARS:
        return MATH_CHARS[tok][2]
    if tok in SYMBOLS:
        return SYMBOLS[tok][2]
    if tok in COMPOSITES:
        return COMPOSITES[tok][0]
    return "o"


def math_breaks(formula: str) -> list[tuple[int, int]]:
    """``(offset, penalty)`` of each break TeX may take in ``formula`` (the source between
    the dollars): the offset is just after the relation or binary operator."""
    marks = []  # (end offset, class) of each atom at the outer level
    depth = left = 0
    script = False   # in the script after an outer ^ or _
    closing = False  # the delimiter after the outer \\right: the end of an inner atom
    for m in _TOKEN.finditer(formula):
        tok = m.group(0)
        if closing:
            closing = False
            marks.append((m.end(), "inner", tok))
        elif script and depth == 0 and tok != "{":  # a script of one token
            script = False
        elif tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
            if depth == 0 and left == 0 and not script:  # a group: an ordinary atom
                marks.append((m.end(), "o", tok))
            script = script and depth > 0
        elif tok == "\\left":
            left += 1
        elif tok == "\\right":
            left -= 1
            closing = depth == 0 and left == 0
        elif depth == 0 and left == 0 and tok not in ("^", "_"):
            marks.append((m.end(), _cls(tok), tok))
        elif marks and depth == 0 and left == 0:  # ^ or _ at the outer level
            marks[-1] = (marks[-1][0], "o", "")  # a scripted symbol: no break modelled
            script = True
    out = []
    prev = None
    for k, (end, cls, _) in enumerate(marks):
        if cls == "b" and (prev is None or prev in ("b", "op", "r", "open", "p")):
            cls = "o"
        nxt = marks[k + 1][1] if k + 1 < len(marks) else None
        if cls in ("b", "r") and nxt is not None and nxt != "r" and not (cls == "b" and nxt in ("close", "p")):
            out.append((end, REL_PENALTY if cls == "r" else BIN_PENALTY))
        prev = cls
    return out
