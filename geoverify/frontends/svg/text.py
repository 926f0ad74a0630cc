"""Text: ``<text>``/``<tspan>`` elements and runs of TeX glyphs drawn with ``<use>``.

``<text>``: :func:`text_chunks` splits the element into SVG text chunks, one
at every ``<tspan>`` with an absolute ``x`` or ``y`` (``dx``/``dy`` move the
pen), each placed where it says (white space collapsed unless
``xml:space="preserve"``). Each chunk's anchor is its visual centre on its
baseline: the chunk position moved by half the estimated width for
``text-anchor`` start/end, and moved to the baseline for
``dominant-baseline`` middle/central/hanging. The box is estimated: advance
widths from embedded SVG fonts or a small table of typical proportional-font
widths (:func:`advance`), heights from the characters' estimated ink
(:func:`ink_extent`: cap height, x-height, descenders). ``font_size`` is in
canvas units. :func:`glyph_labels` joins chunks into labels (a gap over 0.2 em
is a word space; chunks further apart than ``max_gap`` or off the label's lines
stay labels of their own): dvisvgm writes kerns, word gaps, following lines
and sometimes separate labels of one font as positioned tspans of one element.

Glyph runs: dvisvgm (``--no-fonts``, and Asymptote's SVG output) draws each
character as ``<use href="#g1-65">`` of an outline in ``<defs>``;
svgo-optimised TeX output uses ``<symbol>``s with one unpainted path. Such uses
are collected per parent element and split into labels where the gap between
glyphs exceeds their height (a gap over 0.2 em inside a label is a word
space). The box is the union of the glyph outlines' control points (tight for
TeX glyphs, whose extremes are on-curve points). The text is decoded from
dvisvgm's ``g<font>-<code>`` ids (character codes of the TeX font, exact for
letters and digits of the Computer Modern text and math fonts; a raised narrow
code 48 is read as the prime of the symbol font, not a zero); glyphs without a
code read as U+FFFD.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from geoverify.frontends.svg.units import parse_length, parse_number_list
from geoverify.scene.primitives import TextLabel

__all__ = ["FontMetrics", "Glyph", "GLYPH_ID", "PRIME", "REPLACEMENT", "TextChunk", "advance", "ink_extent", "glyph_char",
           "glyph_labels", "text_chunks", "text_label"]

GLYPH_ID = re.compile(r"^g\d+-(\d+)$")
REPLACEMENT = "\ufffd"
PRIME = "\u2032"
_ASCENT, _DESCENT, _ADVANCE = 0.75, 0.25, 0.5
_WS = re.compile(r"\s+")

# Advance widths in em of a typical proportional text font (Computer Modern and
# Helvetica agree within about 0.05 em): good enough to find word gaps and to
# estimate label boxes.
_NARROW = frozenset("ilj.,;:!'|`")
_SLIM = frozenset("ftr()[]I1- ")
_WIDE = frozenset("mwMW")


def advance(text: str) -> float:
    """Estimated advance width of ``text`` in em."""
    w = 0.0
    for ch in text:
        if ch in _NARROW:
            w += 0.28
        elif ch in _SLIM:
            w += 0.36
        elif ch in _WIDE:
            w += 0.85
        elif ch.isupper():
            w += 0.72
        else:
            w += 0.5
    return w


def glyph_char(ident: str) -> str:
    """The character of a dvisvgm glyph id (``"g1-65"`` -> ``"A"``)."""
    m = GLYPH_ID.match(ident or "")
    if m:
        code = int(m.group(1))
        if 33 <= code < 127:
            return chr(code)
    return REPLACEMENT


def _first(value):
    nums = parse_number_list(value) if value else []
    return nums[0] if nums else None


class FontMetrics:
    """Advance widths of the SVG fonts a document embeds (dvisvgm's default output).

    Parameters
    ----------
    fonts : dict
        ``family -> (units_per_em, default_advance, {character: advance})``.
    """

    __slots__ = ("fonts",)

    def __init__(self, fonts: dict):
        self.fonts = fonts

    @classmethod
    def from_tree(cls, root) -> "FontMetrics":
        """Read every ``<font>`` element below ``root``."""
        fonts = {}
        stack = [root]
        while stack:
            n = stack.pop()
            for c in n.children:
                if isinstance(c, str):
                    continue
                if c.tag != "font":
                    stack.append(c)
                    continue
                units, family, glyphs = 1000.0, c.attrs.get("id"), {}
                default = _num(c.attrs.get("horiz-adv-x"), 0.0)
                for g in c.elements():
                    if g.tag == "font-face":
                        units = _num(g.attrs.get("units-per-em"), 1000.0) or 1000.0
                        family = g.attrs.get("font-family", family)
                    elif g.tag == "glyph" and g.attrs.get("unicode"):
                        glyphs[g.attrs["unicode"]] = _num(g.attrs.get("horiz-adv-x"), default)
                if family:
                    fonts[family.strip().strip("'\"")] = (units, default, glyphs)
        return cls(fonts)

    def __bool__(self) -> bool:
        return bool(self.fonts)

    def advance(self, text: str, family: str | None) -> float:
        """Advance of ``text`` in em; the table estimate (:func:`advance`) for unknown fonts or glyphs."""
        font = self.fonts.get((family or "").split(",")[0].strip().strip("'\"")) if family else None
        if font is None:
            return advance(text)
        units, default, glyphs = font
        total = 0.0
        for ch in text:
            w = glyphs.get(ch)
            total += w / units if w else (default / units if default else advance(ch))
        return total


def _num(value, default):
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


@dataclass(slots=True)
class TextChunk:
    """One text chunk of a ``<text>`` element, in its user space (y down).

    SVG starts a new chunk at every character with an absolute ``x`` or ``y``
    (SVG 1.1, 10.8.3); ``text-anchor`` aligns each chunk on its own.

    Attributes
    ----------
    text : str
    x : float
        Visual centre of the chunk on its baseline.
    base : float
        Baseline y.
    width : float
        Estimated advance width, user units.
    font_size : float
        User units.
    """

    text: str
    x: float
    base: float
    width: float
    font_size: float


def text_chunks(node, inh: dict, vp, metrics: FontMetrics | None = None) -> list[TextChunk]:
    """The positioned runs of a ``<text>`` element, in its user space (y down).

    Every ``x`` or ``y`` on a ``<tspan>`` starts a new chunk at that place (the
    missing coordinate is the pen's); ``dx``/``dy`` move the pen without
    starting one. dvisvgm writes kerns and word gaps, and also several lines or
    unrelated labels of one font, as such positioned ``<tspan>``s, so each
    chunk is placed where it is; joining chunks into labels is the caller's
    business (:func:`glyph_labels`).

    Parameters
    ----------
    node : Node
    inh : dict
        Computed inherited style (font size in user units, anchor, baseline).
    vp : (2,) tuple
        Viewport size in user units.
    metrics : FontMetrics, optional
        Embedded font widths; the width table estimate is used otherwise.

    Returns
    -------
    list of TextChunk
        In document order; blank chunks are left out.
    """
    fs = float(inh.get("font-size", 16.0))
    family = inh.get("font-family")
    if metrics:
        def adv(t):
            return metrics.advance(t, family)
    else:
        adv = advance
    preserve = node.attrs.get("xml:space") == "preserve"
    pen = [_first(node.attrs.get("x")) or 0.0, _first(node.attrs.get("y")) or 0.0]
    dx = _first(node.attrs.get("dx"))
    dy = _first(node.attrs.get("dy"))
    pen[0] += parse_length(dx, font_size=fs, default=0.0) if dx is not None else 0.0
    pen[1] += parse_length(dy, font_size=fs, default=0.0) if dy is not None else 0.0
    anchor = inh.get("text-anchor", "start")
    baseline = inh.get("dominant-baseline", node.attrs.get("alignment-baseline", "auto"))
    if baseline in ("middle", "central"):
        shift = 0.35 * fs
    elif baseline in ("hanging", "text-before-edge", "text-top"):
        shift = _ASCENT * fs
    elif baseline in ("text-after-edge", "text-bottom", "ideographic"):
        shift = -_DESCENT * fs
    else:
        shift = 0.0
    chunks: list[TextChunk] = []
    pieces: list[str] = []
    levels: list[int] = []  # per piece: 1 raised (superscript), -1 lowered (subscript), 0 on the baseline
    start = list(pen)
    shifts = [0.0]  # baseline-shift of the enclosing tspans (up, user units)

    def close():
        text = "".join(pieces)
        marked = _scripts(pieces, levels) if any(levels) else text
        pieces.clear()
        levels.clear()
        if not preserve:
            text, marked = text.strip(), marked.strip()
        if not text.strip():
            return
        text, width = marked, adv(text) * fs
        if anchor == "middle":
            cx = start[0]
        elif anchor == "end":
            cx = start[0] - width / 2.0
        else:
            cx = start[0] + width / 2.0
        chunks.append(TextChunk(text, cx, start[1] + shift, width, fs))

    def walk(n, depth, symbols=False):
        for c in n.children:
            if isinstance(c, str):
                t = c if preserve else _WS.sub(" ", c)
                if symbols:  # TeX's symbol font (matplotlib mathtext's cmsy10): code 48 is the prime
                    t = t.replace("0", PRIME)
                if t.startswith(" ") and pieces and pieces[-1].endswith(" "):
                    t = t[1:]
                pieces.append(t)
                raised = start[1] - pen[1] + shifts[-1]
                levels.append(0 if abs(raised) < 0.15 * fs or abs(raised) > 0.8 * fs else (1 if raised > 0 else -1))
                pen[0] += adv(t) * fs
                continue
            if c.tag not in ("tspan", "textPath", "a") or depth > 32:
                continue
            style = c.attrs.get("style", "")
            if c.attrs.get("display") == "none" or "display:none" in style.replace(" ", ""):
                continue
            cx, cy = _first(c.attrs.get("x")), _first(c.attrs.get("y"))
            if cx is not None or cy is not None:
                close()
                pen[0] = pen[0] if cx is None else cx
                pen[1] = pen[1] if cy is None else cy
            cdx, cdy = _first(c.attrs.get("dx")), _first(c.attrs.get("dy"))
            pen[0] += parse_length(cdx, font_size=fs, default=0.0) if cdx is not None else 0.0
            pen[1] += parse_length(cdy, font_size=fs, default=0.0) if cdy is not None else 0.0
            if cx is not None or cy is not None:
                start[:] = pen
            shifts.append(shifts[-1] + _baseline_shift(c, fs))
            family = (c.attrs.get("font-family", "") + c.attrs.get("style", "")).lower()
            walk(c, depth + 1, symbols or "cmsy" in family)
            shifts.pop()

    walk(node, 0, "cmsy" in str(family or "").lower())
    close()
    return chunks


def order_line(chunks: list[TextChunk]) -> list[TextChunk]:
    """The chunks of one ``<text>`` element in reading order when they make one line.

    matplotlib writes a formula's glyphs as absolutely placed tspans grouped by font (``N``,
    ``P`` in italic first, then ``−`` and ``=``): on one line (baselines within 0.8 em) the
    chunks are read left to right, and one raised (lowered) by 0.2 to 0.8 em is a superscript
    (subscript), as ``^{..}`` (``_{..}``). Several lines keep their order.
    """
    if len(chunks) < 2:
        return chunks
    fs = max(c.font_size for c in chunks)
    # the line's baseline: the one most characters sit on (a tie: the leftmost chunk's)
    left = min(chunks, key=lambda c: c.x - c.width / 2)
    main = max((c.base for c in chunks), key=lambda b: (sum(len(c.text) for c in chunks if abs(c.base - b) < 0.05 * fs),
                                                        abs(b - left.base) < 0.05 * fs))
    if any(abs(c.base - main) > 0.8 * fs for c in chunks):
        return chunks
    out = []
    for c in sorted(chunks, key=lambda c: c.x - c.width / 2):
        raised = main - c.base  # user space is y down
        if abs(raised) >= 0.2 * fs:
            c = TextChunk(("^{" if raised > 0 else "_{") + c.text + "}", c.x, main, c.width, c.font_size)
        out.append(c)
    return out


def _baseline_shift(node, fs: float) -> float:
    """How far a tspan's ``baseline-shift`` raises its text (user units; ``super``/``sub``
    as browsers place them, a third of an em)."""
    value = node.attrs.get("baseline-shift")
    style = node.attrs.get("style", "")
    if "baseline-shift" in style:
        m = re.search(r"baseline-shift\s*:\s*([^;]+)", style)
        value = m.group(1).strip() if m else value
    if not value or value == "baseline":
        return 0.0
    if value == "super":
        return fs / 3.0
    if value == "sub":
        return -fs / 3.0
    if value.endswith("%"):
        try:
            return float(value[:-1]) / 100.0 * fs
        except ValueError:
            return 0.0
    return parse_length(value, font_size=fs, default=0.0)


def _scripts(pieces: list[str], levels: list[int]) -> str:
    """The pieces joined, raised runs as ``^{..}`` and lowered ones as ``_{..}`` (how a label
    writes ``z<tspan baseline-shift="super">3</tspan>`` or a ``dy``-raised exponent)."""
    out, k = [], 0
    while k < len(pieces):
        lvl, j = levels[k], k
        while j < len(pieces) and levels[j] == lvl:
            j += 1
        run = "".join(pieces[k:j])
        out.append(run if lvl == 0 or not run.strip() else ("^{" if lvl > 0 else "_{") + run.strip() + "}")
        k = j
    return "".join(out)


_CAP_HEIGHT, _X_HEIGHT, _INK_DESCENT = 0.7, 0.45, 0.2
_SHORT = frozenset("acemnorsuvwxz.-+=~*:<>")
_TALL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789bdfhiklt!?'\"#%&/\\^")
_DESCENDING = frozenset("gjpqy,;()[]{}|_")


def ink_extent(text: str) -> tuple[float, float]:
    """Estimated ink ascent and descent of ``text`` in em.

    Latin letters, digits and common signs rise to the x-height or the cap height
    and descend only for descenders and brackets; any other character (Greek,
    symbols) keeps the full 0.75 em / 0.25 em of the font's box.
    """
    asc, desc = 0.0, 0.0
    for ch in text:
        if ch.isspace():
            continue
        if ch in _SHORT:
            asc = max(asc, _X_HEIGHT)
        elif ch in _TALL or ch in _DESCENDING:
            asc = max(asc, _CAP_HEIGHT if ch not in "gpqy,;_" else _X_HEIGHT)
            if ch in _DESCENDING:
                desc = max(desc, _INK_DESCENT)
        else:
            asc, desc = max(asc, _ASCENT), max(desc, _DESCENT)
    return (asc, desc) if asc > 0 else (_ASCENT, _DESCENT)


def text_label(text, cx, base, width, fs, m, ink: bool = True, **common) -> TextLabel:
    """A :class:`TextLabel` from user-space text geometry under the map ``m``.

    The box spans the advance width horizontally and vertically the estimated
    ink (:func:`ink_extent`), or with ``ink=False`` the font's whole line (0.75 em
    above the baseline, 0.25 em below: what joining lines into one label needs).
    The anchor is the middle of the baseline. Text that ``m`` turns (rotates, mirrors or
    slants) gets its frame: ``m`` from the text's own coordinates (y up, origin at the
    baseline's left end, user units).
    """
    asc, desc = ink_extent(text) if ink else (_ASCENT, _DESCENT)
    corners = np.array([[cx - width / 2, base - asc * fs], [cx + width / 2, base - asc * fs],
                        [cx - width / 2, base + desc * fs], [cx + width / 2, base + desc * fs]])
    cc = corners @ m[:2, :2].T + m[:2, 2]
    anchor = m[:2, :2] @ np.array([cx, base]) + m[:2, 2]
    scale = float(np.sqrt(abs(np.linalg.det(m[:2, :2]))))
    box = np.array([cc[:, 0].min(), cc[:, 1].min(), cc[:, 0].max(), cc[:, 1].max()])
    frame = None
    if m[0, 1] != 0 or m[1, 0] != 0 or m[0, 0] < 0 or m[1, 1] > 0:  # upright text is x right, y flipped
        frame = m[:2, :2] @ np.array([[1.0, 0.0, cx - width / 2], [0.0, -1.0, base]])
        frame[:, 2] += m[:2, 2]
    return TextLabel(text=text, anchor=anchor, box=box, font_size=fs * scale, frame=frame, **common)



@dataclass(slots=True)
class Glyph:
    """One glyph placed on the canvas.

    Attributes
    ----------
    char : str
    box : (4,) float64
        Canvas bounding box of its outline.
    origin : (2,) float64
        Canvas position of the glyph origin (on the baseline).
    common : dict
        ``style``, ``source``, ``panel``, ``clipped`` of the ``<use>``.
    font_size : float or None
        Known font size in canvas units (a ``<text>`` run); None for outlines.
    """

    char: str
    box: np.ndarray
    origin: np.ndarray
    common: dict
    font_size: float | None = None


_ASCENDERS = frozenset("bdfhklt")
_DESCENDERS = frozenset("gjpqy")


def _ink_height(ch: str) -> float:
    """Height of a character's ink in em, Computer Modern proportions (0.75 when unknown)."""
    if ch.isupper():
        return 0.683
    if ch.isdigit():
        return 0.644
    if ch in _ASCENDERS:
        return 0.694
    if ch in _DESCENDERS:
        return 0.625
    if ch.islower():
        return 0.431
    return 0.75


def glyph_labels(glyphs: list[Glyph], max_gap: float = 0.5) -> list[TextLabel]:
    """Group consecutive glyphs (or text runs) into labels.

    A new label starts when the next glyph is further from the current one than
    the larger glyph height, horizontally or vertically; text runs, which know
    their font size, also split when the horizontal gap exceeds ``max_gap`` em.
    A gap over 0.2 em (text runs; about 0.2 em from the ink height for glyphs)
    and a run that starts a new line (baseline lower by more than half an em,
    pen back to the left) join with a space.

    Parameters
    ----------
    glyphs : list of Glyph
        In drawing order; boxes and origins in canvas units (y up).
    max_gap : float
        Largest horizontal gap between text runs of one label, in em
        (``math.inf``: runs on neighbouring lines always join).

    Returns
    -------
    list of TextLabel
    """
    labels: list[TextLabel] = []
    run: list[Glyph] = []

    def flush():
        if not run:
            return
        boxes = np.array([g.box for g in run])
        box = np.array([boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max()])
        heights = boxes[:, 3] - boxes[:, 1]
        base = run[0].origin[1]
        sizes = [g.font_size for g in run if g.font_size is not None]
        if not sizes:
            # Ink height over the character's height in em (Computer Modern proportions).
            sizes = [float(h) / _ink_height(g.char.strip()[-1:] or "x") for g, h in zip(run, heights) if h > 0]
        fs = max(sizes) if sizes else 10.0
        text = "".join(g.char for g in run)
        labels.append(TextLabel(text=text, anchor=np.array([(box[0] + box[2]) / 2.0, base]), box=box,
                                font_size=fs, **run[0].common))
        run.clear()

    run_height = run_left = run_right = 0.0
    for g in glyphs:
        h_g = g.box[3] - g.box[1]
        if run:
            prev = run[-1]
            h = max(prev.box[3] - prev.box[1], h_g, 1e-9)
            gap_x = g.box[0] - prev.box[2]
            back_x = prev.box[0] - g.box[2]
            gap_y = max(g.box[1] - prev.box[3], prev.box[1] - g.box[3])
            # Text runs know their font size: runs of one label touch or sit a word space
            # apart, so split beyond half an em; outlines only know their ink height.
            sized = bool(prev.font_size and g.font_size)
            em = max(prev.font_size, g.font_size) if sized else max(run_height, h_g) / 0.7
            limit = max_gap * em if sized else h
            if prev.origin[1] - g.origin[1] > 0.5 * em and gap_x < 0:
                # The next line: it must lie under the label so far.
                if gap_y > 0.5 * h or g.box[0] > run_right + limit or g.box[2] < run_left - limit:
                    flush()
                    run_height = 0.0
                else:
                    g = Glyph(" " + g.char, g.box, g.origin, g.common, g.font_size)
            elif gap_x > limit or back_x > 0.5 * h or gap_y > 0.5 * h:
                flush()
                run_height = 0.0
            elif gap_x > 0.2 * em:
                # A word space (em ~ tallest glyph / 0.7 for outlines).
                g = Glyph(" " + g.char, g.box, g.origin, g.common, g.font_size)
            if (g.char == "0" and g.box[1] - prev.box[1] > 0.3 * (prev.box[3] - prev.box[1])
                    and g.box[2] - g.box[0] < 0.55 * h_g):
                # Code 48 of TeX's symbol font is the prime; raised and narrow, it is not a zero.
                g = Glyph(PRIME, g.box, g.origin, g.common, g.font_size)
        if not run:
            run_left, run_right = g.box[0], g.box[2]
        run.append(g)
        run_height = max(run_height, h_g)
        run_left, run_right = min(run_left, g.box[0]), max(run_right, g.box[2])
    flush()
    return labels
