"""amsmath's extensible arrows for the TeX box model: ``\\xrightarrow`` and ``\\xleftarrow``.

amsmath builds ``\\xrightarrow[below]{above}`` as a relation whose nucleus is
an operator with limits (``\\ext@arrow``): the arrow (``\\relbar``, centred
``\\cleaders`` of ``\\mkern-2mu\\relbar\\mkern-2mu``, ``\\rightarrow``, all in
display style, the bars smashed) is stretched to the width of the wider
label in script style padded by 5 mu and 9 mu (9 and 5 for the left arrow);
the labels, with 3 mu after (before) them, sit above and below it by TeX's
rule 13a (``big_op_spacing`` 1 to 5 of cmex), each centred on the arrow.
"""

from __future__ import annotations

import math

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texscan import add_glyphs, next_arg

__all__ = ["EXT_ARROWS", "arrow_fill", "ext_arrow", "over_arrow"]

#: command -> (mu before and after a label inside the arrow's width, mu before and after a
#: label as a limit, whether the head points right)
EXT_ARROWS = {"\\xrightarrow": ((5, 9), (0, 3), True), "\\xleftarrow": ((9, 5), (3, 0), False)}

_MINUS, _RIGHT, _LEFT = 0, 33, 32  # cmsy codes


def _label(mm, arg, sizes, lvl, cramped):
    """Width, height, depth and glyphs of ``arg`` in the style of level ``lvl``."""
    return mm.pack(mm.mlist(arg, sizes, lvl, cramped, False, "mi"), sizes, lvl)


def arrow_fill(mm, sizes, lvl, right, width):
    """amsmath's ``\\arrowfill@`` in the style of level ``lvl``: a bar (or head), ``-7mu``,
    centred ``\\cleaders`` of ``\\mkern-2mu\\relbar\\mkern-2mu``, ``-7mu``, the head (or
    bar), set to ``width`` or its natural width if wider. The bars are smashed: the fill is
    as high and deep as the head. Returns ``(width, height, depth, glyphs)``."""
    font, at = mm.fonts.math_font("sy", sizes[min(lvl, 2)])
    bar_w = tf.glyph(font, _MINUS, at)[0]
    head_w, head_h, head_d, _ = tf.glyph(font, _RIGHT if right else _LEFT, at)
    mu = mm._sy(sizes, lvl, 6) / 18.0
    width = max(width, bar_w + head_w - 14 * mu)
    first_w, first_code = (bar_w, _MINUS) if right else (head_w, _LEFT)
    last_w, last_code = (head_w, _RIGHT) if right else (bar_w, _MINUS)
    arrow = [(0.0, 0.0, font, at, first_code, first_w)]
    span = width - first_w - last_w + 14 * mu
    piece = bar_w - 4 * mu
    n = max(0, math.floor(span / piece + 1e-9)) if piece > 0 else 0
    x = first_w - 7 * mu + (span - n * piece) / 2.0
    for _ in range(n):
        arrow.append((x - 2 * mu, 0.0, font, at, _MINUS, bar_w))
        x += piece
    arrow.append((width - last_w, 0.0, font, at, last_code, last_w))
    return width, head_h, max(head_d, 0.0), arrow


def over_arrow(mm, cs, arg, sizes, lvl, display):
    """amsmath's ``\\overrightarrow`` (``\\overleftarrow``) of ``arg``: ``\\mathpalette``
    sets a ``\\vbox`` of an ``\\ialign`` in the current style, the arrow fill over the
    argument (uncramped, centred) with no interline glue; the column is as wide as the
    wider of the two. Returns ``(width, height, depth, glyphs)`` of the ordinary atom."""
    w, h, d, g = mm.pack(mm.mlist(arg, sizes, lvl, False, display, "mi"), sizes, lvl)
    width, ah, ad, arrow = arrow_fill(mm, sizes, lvl, cs == "\\overrightarrow", w)
    glyphs = []
    add_glyphs(glyphs, arrow, 0.0, h + ad)
    add_glyphs(glyphs, g, (width - w) / 2.0, 0.0)
    return width, h + ad + ah, d, glyphs


def ext_arrow(mm, cs, s, i, sizes, lvl, cramped):
    """The relation ``cs`` (an :data:`EXT_ARROWS` command) with its arguments from ``s[i:]``.

    Parameters
    ----------
    mm : MathMode
        The typesetter (``mlist``, ``pack``, ``fonts``).
    cs : str
        ``\\xrightarrow`` or ``\\xleftarrow``.
    s : str
        The formula; ``s[i:]`` starts with the optional label below and the label above.
    sizes : tuple of float
        Text, script and script-script sizes of the formula.
    lvl : int
        Current style level (0 text, 1 script, 2 script script).
    cramped : bool
        Whether the current style is cramped.

    Returns
    -------
    tuple
        ``(width, height, depth, glyphs, index after the arguments)``.
    """
    (pad_l, pad_r), (lim_l, lim_r), right = EXT_ARROWS[cs]
    below = ""
    k = i
    while k < len(s) and s[k] in " \n\t":
        k += 1
    if k < len(s) and s[k] == "[":
        j = s.find("]", k)
        below, i = (s[k + 1:j], j + 1) if j >= 0 else (s[k + 1:], len(s))
    above, i = next_arg(s, i)
    # the rows of \tw@: both labels in \scriptstyle, padded; then the arrow's natural width
    mu1 = mm._sy(sizes, 1, 6) / 18.0
    rows = [_label(mm, t, sizes, 1, False)[0] + (pad_l + pad_r) * mu1 for t in (above, below)]
    width, nh, nd, arrow = arrow_fill(mm, sizes, 0, right, max(rows))
    # rule 13a: the limits (sup and sub style) over and under the nucleus, all centred
    slvl = min(lvl + 1, 2)
    mus = mm._sy(sizes, slvl, 6) / 18.0
    ex, ex_at = mm.fonts.math_font("ex", sizes[min(lvl, 2)])
    xi = {k: tf.param(ex, k, ex_at) for k in (9, 10, 11, 12, 13)}
    height, depth = nh, nd
    limits = []
    for text, up in ((above, True), (below, False)):
        if not text.strip():
            continue
        w, h, d, g = _label(mm, text, sizes, slvl, cramped or not up)
        w += (lim_l + lim_r) * mus
        if up:
            lift = nh + max(xi[9], xi[11] - d) + d
            height = lift + h + xi[13]
        else:
            lift = -(nd + max(xi[10], xi[12] - h) + h)
            depth = -lift + d + xi[13]
        limits.append((w, lift, g, up))
    total = max([width] + [w for w, _, _, _ in limits])
    # TeX ships the limit above first, then the arrow, then the one below
    glyphs = []
    for w, lift, g, up in limits:
        if up:
            add_glyphs(glyphs, g, (total - w) / 2.0 + lim_l * mus, lift)
    add_glyphs(glyphs, arrow, (total - width) / 2.0, 0.0)
    for w, lift, g, up in limits:
        if not up:
            add_glyphs(glyphs, g, (total - w) / 2.0 + lim_l * mus, lift)
    return total, height, depth, glyphs, i
