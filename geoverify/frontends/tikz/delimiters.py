"""``left delimiter``, ``right delimiter``, ``above delimiter``, ``below delimiter`` (matrix library).

As ``tikzlibrarymatrix.code.tex`` writes them (``append after command``), each is a
node placed after the matrix: ``outer sep=0pt, inner sep=0pt, draw=none,
fill=none``, anchored at a corner of the matrix (a left one's south east at the
matrix's south west, a right one's south west at its south east, an above one
rotated by -90 with its south east at the north west, a below one rotated with
its south west at the south west), styled ``every delimiter`` and ``every left
delimiter`` (...), whose text is ``$\\left(\\vcenter{\\hrule height h/2 depth h/2
width 0pt}\\right.$`` with ``h`` the matrix's height (its width for above and
below): a delimiter TeX sizes to the matrix.
"""

from __future__ import annotations

from geoverify.frontends.tikz.pgfmath import format_number
from geoverify.frontends.tikz.tex import Reader, tokenize_at

__all__ = ["DELIMITER_KEYS", "place_delimiters"]

DELIMITER_KEYS = frozenset({"left delimiter", "right delimiter", "above delimiter", "below delimiter"})

#: side -> (own anchor, matrix anchor, extra keys, extent from, extent to, axis of the extent)
_SIDES = {
    "left": ("south east", "south west", "", "south", "north", 1),
    "right": ("south west", "south east", "", "south", "north", 1),
    "above": ("south east", "north west", "rotate=-90", "west", "east", 0),
    "below": ("south west", "south west", "rotate=-90", "west", "east", 0),
}


#: delimiters written as control words, so that the node text's braces stay balanced
_NAMES = {"\\{": "\\lbrace", "\\}": "\\rbrace"}


def place_delimiters(interp, name: str, delimiters, pos: int | None) -> None:
    """Place the delimiter nodes of the node ``name`` (``delimiters``: ``(side, text)`` pairs),
    a matrix or any other node."""
    node = interp.nodes.get(name)
    if node is None:
        return
    code = []
    for side, char in delimiters:
        own, at, extra, a, b, axis = _SIDES[side]
        h = abs(node.anchor(b)[axis] - node.anchor(a)[axis])
        half = format_number(h / 2)
        char = _NAMES.get(char, char)
        left, right = (char, ".") if side in ("left", "above") else (".", char)
        styles = [s for s in ("every delimiter", f"every {side} delimiter")
                  if interp.defs.get("style:" + s) is not None]
        opts = ",".join(x for x in ("outer sep=0pt,inner sep=0pt,draw=none,fill=none", f"anchor={own}",
                                    extra, *styles) if x)
        code.append(f"\\node[{opts}] at ({name}.{at}) "
                    f"{{$\\left{left}\\vcenter{{\\hrule height {half}pt depth {half}pt width0pt}}\\right{right}$}};")
    toks = tokenize_at("".join(code), pos)
    saved = interp.st
    interp.st = dict(saved)
    interp.st.pop("delimiters", None)  # (a scope's delimiters are not the delimiter nodes' own)
    try:
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.st = saved
