"""Size and placement of Asymptote labels, from TeX's font metrics.

asy typesets every label with LaTeX in ``\\documentclass[12pt]{article}``
after ``\\fontsize{s}{1.2s}\\selectfont`` (``s`` the pen's font size in TeX
points; asy's default pen is 12 pt), measures the box with ``\\wd``, ``\\ht``
and ``\\dp`` and converts it to bp. The box is computed here by the shared
TeX box model (:mod:`geoverify.frontends.texbox`) with LaTeX's 12 pt font
selection, so widths, heights and depths are TeX's own.

Placement (``plain_Label.asy`` and ``drawlabel.cc`` of asy 2.85, checked
against asy's output): a label at ``z`` with alignment ``a`` is moved to
``S = z + a * labelmargin``, ``labelmargin = 0.28 fontsize + 0.5 linewidth``;
its box (width ``w``, height ``h + d``) then has its lower-left corner at
``S + (A.x w, A.y (h + d))`` with ``A = a / (2 max(|a.x|, |a.y|)) - (1/2, 1/2)``
(``A = (-1/2, -1/2)`` for ``a = 0``). The baseline is ``d`` above the box's
bottom. For ``size()`` fitting asy pads that box by ``0.1 fontsize + 0.3`` bp
on every side.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from geoverify.frontends.texbox import GlyphRun, TextBox, glyph_runs, measure
from geoverify.frontends.texfonts import LatexFonts

__all__ = ["DEFAULT_FONTSIZE", "text_box", "text_runs", "text_size", "text_depth", "label_fuzz", "label_corners",
           "label_frame", "label_extent", "label_box", "label_geometry", "LabelGeometry", "label_scale"]

_PT = 72.0 / 72.27  # bp per TeX point
#: asy's default font size, 12 TeX points, in bp
DEFAULT_FONTSIZE = 12.0 * _PT
_FONTS = LatexFonts(12)


@functools.lru_cache(maxsize=4096)
def text_box(text: str, fontsize: float = DEFAULT_FONTSIZE) -> TextBox:
    """TeX's box of ``text`` in bp for a pen of font size ``fontsize`` bp."""
    if not text:
        return TextBox()
    box = measure(text, fontsize / _PT, _FONTS)
    return TextBox(box.width * _PT, box.height * _PT, box.depth * _PT, box.approximate)


@functools.lru_cache(maxsize=4096)
def text_runs(text: str, fontsize: float = DEFAULT_FONTSIZE) -> tuple[GlyphRun, ...]:
    """Where TeX sets the characters of ``text`` (:func:`~geoverify.frontends.texbox.glyph_runs`),
    in bp from the label's reference point (left end of its baseline), y up."""
    if not text:
        return ()
    return tuple(GlyphRun(r.x * _PT, r.y * _PT, r.text, r.size * _PT, r.joined)
                 for r in glyph_runs(text, fontsize / _PT, _FONTS))


def text_size(text: str, fontsize: float = DEFAULT_FONTSIZE) -> tuple[float, float]:
    """``(width, height + depth)`` of the typeset text in bp."""
    b = text_box(text, fontsize)
    return b.width, b.height + b.depth


def text_depth(text: str, fontsize: float = DEFAULT_FONTSIZE) -> float:
    """Depth below the baseline of the typeset text, bp."""
    return text_box(text, fontsize).depth


def _pen_sizes(pen) -> tuple[float, float]:
    fs = pen.fontsize if pen is not None and pen.fontsize else DEFAULT_FONTSIZE
    lw = pen.width if pen is not None and pen.width is not None else 0.5
    return fs, lw


def label_fuzz(fontsize: float = DEFAULT_FONTSIZE) -> float:
    """asy's padding of a label's box in its frame bounds (``drawlabel.cc``), bp."""
    return 0.1 * fontsize + 0.3


def _placement(text, align: complex, pen, transform):
    """``(p, w, v, lin, fs, depth)``: the lower-left corner ``p`` of a label's box relative to
    its (scaled) position, the box's width ``w``, height ``v`` and depth, the linear part
    ``lin`` of its transform and the pen's font size (see :func:`label_corners`)."""
    fs, lw = _pen_sizes(pen)
    b = text_box(text, fs)
    w, v = b.width, b.height + b.depth
    lin = transform.linear if transform is not None else _identity
    a = align
    if transform is not None and align != 0 and transform.det() != 0:
        a = transform.inverse().linear(align)
    ar, ai = abs(a.real), abs(a.imag)
    m = ai if ai > ar else ar  # max(ar, ai), as the builtin picks
    if m > 0:
        a = a * (0.5 / m)
    corner = complex((a.real - 0.5) * w, (a.imag - 0.5) * v)
    p = align * (0.28 * fs + 0.5 * lw) + lin(corner)
    if transform is not None:
        p += complex(transform.x, transform.y)
    return p, w, v, lin, fs, b.depth


def _identity(z):
    return z


def _corners(p, w, v, lin, pad):
    """The four corners of the placed box, padded by ``pad``, counter-clockwise from the lower left."""
    return [p + lin(complex(x, y)) for x, y in ((-pad, -pad), (w + pad, -pad), (w + pad, v + pad), (-pad, v + pad))]


def _bbox(corners):
    xs = [c.real for c in corners]
    ys = [c.imag for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _box(p, w, v, lin, pad):
    """``_bbox(_corners(p, w, v, lin, pad))``: the placed box's bounds."""
    if lin is _identity:
        # no transform (most labels): the corners are p + (x, y), added componentwise, so
        # their bounds come directly; min/max of the two distinct values pick as over the
        # four corners do (the first of equal ones, NaN as there)
        x0, x1 = p.real + -pad, p.real + (w + pad)
        y0, y1 = p.imag + -pad, p.imag + (v + pad)
        # min(a, b) and max(a, b) as the builtins pick them (b only when strictly beyond a)
        return (x1 if x1 < x0 else x0, y1 if y1 < y0 else y0, x1 if x1 > x0 else x0, y1 if y1 > y0 else y0)
    return _bbox(_corners(p, w, v, lin, pad))


def label_corners(text, align: complex, pen, transform=None, pad: float = 0.0) -> list[complex]:
    """Corners of a label's box, padded by ``pad``, relative to its (scaled) position, bp.

    ``transform`` is the label's own transform (``scale(0.8)*"$A$"``, a
    :class:`~geoverify.frontends.asy.values.Transform`) or ``None``: the
    alignment is taken in the box's frame (``inverse(T)*align``) and the box is
    mapped by ``T``, whose shift moves the label in bp (``drawlabel.cc``).
    """
    return _corners(*_placement(text, align, pen, transform)[:4], pad)


def _frame(p, lin, depth):
    """The text frame of a box placed at ``p``: its origin is the first unpadded corner, raised by the depth."""
    if lin is _identity:
        # no transform: the same sums written out (complex addition is componentwise;
        # lin(1.0) is 1.0, lin(1j) is 1j)
        return 1.0, 0.0, (p.real + -0.0) + 0.0, 0.0, 1.0, (p.imag + -0.0) + depth
    origin = p + lin(complex(-0.0, -0.0)) + lin(complex(0.0, depth))
    ex, ey = lin(1.0), lin(1j)
    return ex.real, ey.real, origin.real, ex.imag, ey.imag, origin.imag


def label_frame(text, align: complex, pen, transform=None) -> tuple[float, float, float, float, float, float]:
    """Where a label's text goes: the affine map ``(a, b, c, d, e, f)`` taking a point
    ``(x, y)`` of the typeset box (bp at the pen's font size, y up, origin at the left end
    of the baseline) to ``(a x + b y + c, d x + e y + f)`` relative to the scaled label
    position, bp."""
    p, _, _, lin, _, depth = _placement(text, align, pen, transform)
    return _frame(p, lin, depth)


def label_extent(text, align: complex, pen, transform=None):
    """Box ``(x0, y0, x1, y1)`` of the typeset text relative to the scaled label position, bp."""
    return _box(*_placement(text, align, pen, transform)[:4], 0.0)


def label_box(text, align: complex, pen, transform=None):
    """Padded frame box ``(x0, y0, x1, y1)`` relative to the scaled label position, bp (for ``size()``)."""
    p, w, v, lin, fs, _ = _placement(text, align, pen, transform)
    return _box(p, w, v, lin, label_fuzz(fs))


class LabelGeometry(NamedTuple):
    """A label's :func:`label_extent`, :func:`label_box` and :func:`label_frame` together."""

    extent: tuple[float, float, float, float]
    box: tuple[float, float, float, float]
    frame: tuple[float, float, float, float, float, float]


def label_geometry(text, align: complex, pen, transform=None) -> LabelGeometry:
    """:func:`label_extent`, :func:`label_box` and :func:`label_frame` of one label, placed once
    (the same arithmetic as the three calls, a third of the work)."""
    p, w, v, lin, fs, depth = _placement(text, align, pen, transform)
    return LabelGeometry(_box(p, w, v, lin, 0.0), _box(p, w, v, lin, label_fuzz(fs)), _frame(p, lin, depth))


def label_scale(transform) -> float:
    """The factor by which a label's transform scales its text (1 without one)."""
    return abs(transform.det()) ** 0.5 if transform is not None else 1.0
