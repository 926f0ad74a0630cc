"""Limits of a math operator for the TeX box model (TeX's rule 13a, tex.web's make_op).

An operator with limits (``\\sum``, ``\\lim``, ... in display style, or any operator
followed by ``\\limits``) becomes a vbox: the superscript above the operator and
the subscript below, each centred on the widest of the three, the superscript
half the operator's italic correction to the right and the subscript as much to the
left. The superscript's baseline clears the operator's top by
``max(xi9, xi11 - depth)``, the subscript's top its bottom by
``max(xi10, xi12 - height)``, and ``xi13`` of kern is added beyond each (the
parameters of the math extension font, cmex10). Checked against latex + dvisvgm.
"""

from __future__ import annotations

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texscan import add_glyphs

__all__ = ["stack_limits"]


def stack_limits(mm, nucleus, sup, sub, sizes, lvl: int, cramped: bool, delta: float = 0.0):
    """``(width, height, depth, glyphs)`` of an operator box with its limits.

    Parameters
    ----------
    mm : MathMode
        The typesetter (its ``mlist``, ``pack`` and ``fonts``).
    nucleus : tuple
        ``(width, height, depth, glyphs)`` of the operator (pt; glyphs None when unknown).
    sup, sub : str or None
        The limits' TeX source (None when absent), set in script style (the subscript cramped).
    sizes : tuple
        Text, script and scriptscript sizes (pt); ``lvl`` indexes the operator's.
    delta : float
        The operator's italic correction (pt).

    Returns
    -------
    tuple
        Width, height, depth (pt) and glyphs (None when some are unknown) of the box,
        glyphs in the order TeX ships them: superscript, operator, subscript.
    """
    w, height, depth, g = nucleus
    ex, ex_at = mm.fonts.math_font("ex", sizes[min(lvl, 2)])

    def xi(k):
        return tf.param(ex, k, ex_at)

    slvl = lvl + 1
    width = w
    parts = []
    top, bottom = height, depth
    if sup is not None:
        sw, sh, sd, sg = mm.pack(mm.mlist(sup, sizes, slvl, cramped, False, "mi"), sizes, slvl)
        shift = height + max(xi(9), xi(11) - sd) + sd
        parts.append((sw, sg, shift, delta / 2))
        width = max(width, sw)
        top = shift + sh + xi(13)
    parts.append((w, g, 0.0, 0.0))
    if sub is not None:
        bw, bh, bd, bg = mm.pack(mm.mlist(sub, sizes, slvl, True, False, "mi"), sizes, slvl)
        shift = -(depth + max(xi(10), xi(12) - bh) + bh)
        parts.append((bw, bg, shift, -delta / 2))
        width = max(width, bw)
        bottom = -shift + bd + xi(13)
    out: list | None = []
    for pw, pg, y, dx in parts:
        if pg is None:
            out = None
            break
        add_glyphs(out, pg, (width - pw) / 2 + dx, y)
    return width, top, bottom, out
