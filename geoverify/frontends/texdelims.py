"""Delimiters of fixed size for the TeX box model: ``\\big``, ``\\Big``, ``\\bigg``, ``\\Bigg``.

LaTeX sets ``\\big(`` as ``\\left(\\vbox to8.5pt{}\\right.`` in an ``\\hbox``
(``\\Big`` 11.5 pt, ``\\bigg`` 14.5 pt, ``\\Bigg`` 17.5 pt): the delimiter is
TeX's rule 19 size for that box (``\\delimiterfactor`` 901,
``\\delimitershortfall`` 5 pt), taken from the delimiter's small variant in its
text font and then cmex's successor chain (the first one large enough; a bar is
built from its extensible piece), centred on the math axis. The ``l``, ``r``
and ``m`` forms make an opening, closing or relation atom, the bare form an
ordinary one.
"""

from __future__ import annotations

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texmatrix import DELIMITERFACTOR, DELIMITERSHORTFALL

__all__ = ["BIG", "DELIMITERS", "big_delimiter"]

#: command -> (height of the strut it matches in pt, atom class)
BIG = {}
for _name, _h in (("big", 8.5), ("Big", 11.5), ("bigg", 14.5), ("Bigg", 17.5)):
    BIG["\\" + _name] = (_h, "o")
    BIG["\\" + _name + "l"] = (_h, "open")
    BIG["\\" + _name + "r"] = (_h, "close")
    BIG["\\" + _name + "m"] = (_h, "r")

#: delimiter -> (small variant: family and code, cmex successor chain, cmex extensible piece or None)
DELIMITERS = {
    "(": (("rm", 40), (0, 16, 18, 32), None), ")": (("rm", 41), (1, 17, 19, 33), None),
    "[": (("rm", 91), (2, 104, 20, 34), None), "]": (("rm", 93), (3, 105, 21, 35), None),
    "\\lbrack": (("rm", 91), (2, 104, 20, 34), None), "\\rbrack": (("rm", 93), (3, 105, 21, 35), None),
    "\\{": (("sy", 102), (8, 110, 26, 40), None), "\\}": (("sy", 103), (9, 111, 27, 41), None),
    "\\lbrace": (("sy", 102), (8, 110, 26, 40), None), "\\rbrace": (("sy", 103), (9, 111, 27, 41), None),
    "\\langle": (("sy", 104), (10, 68, 28, 42), None), "\\rangle": (("sy", 105), (11, 69, 29, 43), None),
    "|": (("sy", 106), (), 12), "\\vert": (("sy", 106), (), 12), "\\lvert": (("sy", 106), (), 12),
    "\\rvert": (("sy", 106), (), 12), "\\|": (("sy", 107), (), 13), "\\Vert": (("sy", 107), (), 13),
    "\\lVert": (("sy", 107), (), 13), "\\rVert": (("sy", 107), (), 13),
}


def big_delimiter(fonts, cs: str, delim: str, size: float, axis: float):
    """The atom ``cs`` (a :data:`BIG` command) makes of ``delim`` (a :data:`DELIMITERS` key).

    Parameters
    ----------
    fonts : LatexFonts
        Font selection.
    cs : str
        ``\\big``, ``\\bigl``, ``\\Bigr`` and so on.
    delim : str
        The delimiter.
    size : float
        Font size of the current style, pt.
    axis : float
        Height of the math axis, pt.

    Returns
    -------
    tuple
        ``(class, width, height, depth, glyphs)``; glyphs relative to the atom's reference point.
    """
    strut, cls = BIG[cs]
    delta1 = max(strut - axis, axis)
    needed = max(delta1 / 500.0 * DELIMITERFACTOR, 2 * delta1 - DELIMITERSHORTFALL)
    (fam, code), chain, piece = DELIMITERS[delim]
    font, at = fonts.math_font(fam, size)
    w, h, d, ic = tf.glyph(font, code, at)
    glyphs = [(0.0, 0.0, font, at, code, w)]
    if h + d < needed:
        ex, ex_at = fonts.math_font("ex", size)
        for c in chain:
            w, h, d, ic = tf.glyph(ex, c, ex_at)
            glyphs = [(0.0, 0.0, ex, ex_at, c, w)]
            if h + d >= needed:
                break
        else:
            if piece is not None:  # a bar: copies of its piece stacked down from the top
                w, ph, pd, ic = tf.glyph(ex, piece, ex_at)
                n = 1
                while n * (ph + pd) < needed:
                    n += 1
                glyphs = [(0.0, -k * (ph + pd), ex, ex_at, piece, w) for k in range(n)]
                h, d = ph, n * (ph + pd) - ph
    # centred on the axis (the \left delimiter's shift)
    half = (h + d) / 2.0
    shift = half - h + axis  # upward move of the glyphs
    glyphs = [(x, y + shift, f, a, c, adv) for x, y, f, a, c, adv in glyphs]
    return cls, w + ic, half + axis, half - axis, glyphs
