"""Typeset size of TikZ node text: TeX's box of the text in LaTeX's 10 pt class.

TikZ figures are compiled as ``standalone`` documents (10 pt), so node text is
measured by the shared TeX box model (:mod:`geoverify.frontends.texbox`) with
LaTeX's font selection for that class: ``cmr10``/``cmmi10`` at 10 pt, scripts
in the 7 pt and 5 pt designs, ``\\small`` in ``cmr9`` and so on. Several lines
(``\\\\`` in a node with ``align``) are measured one by one.

When the metric table is missing (not generated yet) every glyph is 0.5 em
wide, 0.7 em high and has no depth: the documented fallback.
"""

from __future__ import annotations

from geoverify.frontends.texbox import TextBox, measure as _measure, split_lines
from geoverify.frontends.texfonts import LatexFonts, metrics_available, param

__all__ = ["TextBox", "measure", "metrics_available", "em", "FONT_SIZES"]

_FONTS = LatexFonts(10)

#: LaTeX size commands at 10 pt (article/standalone), font size in pt.
FONT_SIZES = {"\\" + name: size for name, size in _FONTS.size_commands.items()}


def measure(text: str, size: float = 10.0, bold=False) -> tuple[TextBox, list[float]]:
    """Size of ``text`` typeset at ``size`` points.

    Parameters
    ----------
    text : str
        Node text (TeX source).
    size : float
        Font size in pt.
    bold : bool or str
        ``True`` for bold, or a text family: rm, bf, it, sl, tt, sf.

    Returns
    -------
    box : TextBox
        For several lines (``\\\\``) the height is the first line's and the depth
        reaches the last baseline plus its depth (baselineskip 1.2 x size).
    widths : list of float
        Width of each line (for ``align``).
    """
    family = bold if isinstance(bold, str) else ("bf" if bold else "rm")
    lines = split_lines(text)
    widths = []
    approx = False
    first_h = last_d = 0.0
    for k, src in enumerate(lines):
        box = _measure(src.strip(), size, _FONTS, family)
        widths.append(box.width)
        approx |= box.approximate
        if k == 0:
            first_h = box.height
        last_d = box.depth
    depth = last_d + (len(lines) - 1) * 1.2 * size
    return TextBox(max(widths) if widths else 0.0, first_h, depth, approx), widths


def em(size: float = 10.0, bold=False) -> float:
    """TeX's ``1em`` in pt: the quad (``\\fontdimen6``) of the text font LaTeX selects at ``size``.

    ``inner sep=.3333em`` of a node is measured in the node's font: 10 pt at
    ``\\normalsize`` (cmr10), 11.75 pt at ``\\large`` (cmr12), 9.25 pt at
    ``\\small`` (cmr9). The size itself when the metric table is missing.
    """
    family = bold if isinstance(bold, str) else ("bf" if bold else "rm")
    name, at = _FONTS.text_font(family, size)
    return param(name, 6, at, default=1.0) if metrics_available() else size
