"""Plain TeX's ``\\overbrace`` and ``\\underbrace`` for the TeX box model.

``\\overbrace{x}`` is ``\\mathop{\\vbox{\\ialign{...}}}\\limits``: a row with
``\\downbracefill`` 3 pt above the formula (in display style), 3 pt of kern
above that; ``\\underbrace`` is the ``\\vtop`` with ``\\upbracefill`` 3 pt below
and 3 pt of kern under it. The column is as wide as the formula or the four
brace pieces of cmex (``\\braceld``, ``\\bracerd``, ``\\bracelu``, ``\\braceru``,
4.5 pt each at 10 pt) with rules between them. A superscript goes above and a
subscript below as TeX's rule 13a sets limits (clearances
``max(xi9, xi11 - depth)`` above and ``max(xi10, xi12 - height)`` below, ``xi13``
beyond them, from cmex's parameters), each centred on the operator.
Checked against latex + dvisvgm.
"""

from __future__ import annotations

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texlimits import stack_limits
from geoverify.frontends.texscan import RULE, add_glyphs

__all__ = ["brace"]

_LD, _RD, _LU, _RU = 122, 123, 124, 125  # \braceld, \bracerd, \bracelu, \braceru
KERN = 3.0


def _fill(font, at, width, over):
    """Glyphs and height of ``\\downbracefill`` (``over``) or ``\\upbracefill`` ``width`` wide."""
    pw, ph, pd, _ = tf.glyph(font, _LD, at)
    rule = max(width - 4 * pw, 0.0) / 2
    order = (_LD, _RU, _LU, _RD) if over else (_LU, _RD, _LD, _RU)
    xs = (0.0, pw + rule, 2 * pw + rule, 3 * pw + 2 * rule)
    glyphs = []
    for k, (x, code) in enumerate(zip(xs, order)):
        glyphs.append((x, 0.0, font, at, code, pw))
        if k in (0, 2) and rule > 0:
            glyphs.append((x + pw, 0.0, RULE, 0.0, 0, 0.0))
    return glyphs, ph, pd, 4 * pw + 2 * rule


def brace(mm, over: bool, arg: str, sup: str | None, sub: str | None, sizes, lvl: int, cramped: bool):
    """``(width, height, depth, glyphs)`` of ``\\overbrace{arg}`` (``over``) or ``\\underbrace{arg}``
    with the limits ``sup`` and ``sub`` (None when absent).

    Parameters
    ----------
    mm : MathMode
        The typesetter (its ``mlist``, ``pack`` and ``fonts``).
    """
    size = sizes[min(lvl, 2)]
    # the formula in display style, at this size
    w, h, d, g = mm.pack(mm.mlist(arg, sizes, lvl, cramped, True, "mi"), sizes, lvl)
    ex, ex_at = mm.fonts.math_font("ex", size)
    pieces, ph, pd, pw = _fill(ex, ex_at, w, over)
    width = max(w, pw)
    pieces, ph, pd, _ = _fill(ex, ex_at, width, over)
    dx = (width - w) / 2
    glyphs: list | None = []
    if over:  # kern, brace row, kern, formula: the vbox's baseline is the formula's
        height, depth = h + KERN + pd + ph + KERN, d
        add_glyphs(glyphs, pieces, 0.0, h + KERN + pd)
        if g is None:
            glyphs = None
        else:
            add_glyphs(glyphs, g, dx, 0.0)
    else:  # formula, kern, brace row, kern: the vtop's baseline is the formula's
        height, depth = h, d + KERN + ph + pd + KERN
        add_glyphs(glyphs, g, dx, 0.0)
        if g is None:
            glyphs = None
        else:
            add_glyphs(glyphs, pieces, 0.0, -(d + KERN + ph))
    return stack_limits(mm, (width, height, depth, glyphs), sup, sub, sizes, lvl, cramped)
