"""Which ``<use>`` elements draw TeX glyphs, and the glyph's character and outline box.

A use is a glyph when its target sits in ``<defs>`` (or an SVG ``<font>``), is
unpainted (no stroke, class or transform of its own, not ``fill="none"``), is
small (under 40 user units; TeX glyphs are under 10 at 10 pt) and is either

- a ``<path>`` with a dvisvgm glyph id ``g<font>-<code>``, or any path in a
  document made by dvisvgm, or
- a ``<symbol>`` without viewBox holding exactly one ``<path>`` (svgo-optimised
  TeX output).

A reusable drawing (a point marker, an arrowhead) fails at least one test: it
is painted, large, a circle, or a symbol with a viewBox.
"""

from __future__ import annotations

from geoverify.frontends.svg.pathdata import path_bbox
from geoverify.frontends.svg.text import GLYPH_ID, glyph_char

__all__ = ["glyph_info", "glyph_use_ok"]


def glyph_info(target, dvisvgm: bool):
    """``(char, user-space bbox)`` of a glyph definition, or False."""
    path = None
    tid = target.attrs.get("id", "")
    in_defs = False
    p = target.parent
    while p is not None:
        if p.tag in ("defs", "font"):
            in_defs = True
            break
        p = p.parent
    if not in_defs:
        return False
    if target.tag == "path":
        if GLYPH_ID.match(tid) or dvisvgm:
            path = target
    elif target.tag == "symbol" and "viewBox" not in target.attrs:
        kids = target.elements()
        if len(kids) == 1 and kids[0].tag == "path":
            path = kids[0]
    if path is None:
        return False
    for n in (target, path):
        a = n.attrs
        if any(k in a for k in ("stroke", "class", "transform", "marker-start", "marker-end")):
            return False
        if a.get("fill") == "none" or "stroke" in a.get("style", ""):
            return False
    box = path_bbox(path.attrs.get("d", ""))
    if box is None:
        return False
    x0, y0, x1, y1 = box
    # Glyphs are small (TeX: under 10 units at 10 pt); a large reusable path is a drawing.
    if max(x1 - x0, y1 - y0) > 40.0:
        return False
    return _by_shape(glyph_char(tid), tid, x1 - x0, y1 - y0), (float(x0), float(y0), float(x1), float(y1))


def _by_shape(char: str, ident: str, w: float, h: float) -> str:
    """The character of a TeX glyph whose code means another one in the symbol font (cmsy),
    told by its outline: dvisvgm's ids give the code, not the font. Code 0 is a capital
    Gamma in the text and math italic fonts and the minus sign in cmsy (a flat bar); code
    106 is ``j`` there and the bar ``|`` in cmsy (a thin upright stroke, no dot)."""
    m = GLYPH_ID.match(ident or "")
    if m is None or w <= 0 or h <= 0:
        return char
    code = int(m.group(1))
    if code == 0 and h < 0.2 * w:
        return "\u2212"
    if code == 106 and w < 0.2 * h:
        return "|"
    return char


def glyph_use_ok(node) -> bool:
    # A use that paints a stroke draws an outline, not a character.
    s = node.attrs.get("stroke")
    return s is None or s == "none"
