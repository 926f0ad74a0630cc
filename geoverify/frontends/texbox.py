"""Typeset size of TeX text (a label, a node) from Computer Modern font metrics.

Text is measured as TeX sets it in a horizontal box: text mode with the
kerns and ligatures of the font and interword spaces of ``\\fontdimen2``
(plus the extra space after a sentence end); math mode as a list of atoms
(ordinary, operator, binary, relation, open, close, punctuation, inner) with
TeX's spacing table, sub- and superscripts placed by the TeXbook's rule 18
(``sup1``/``sup2``/``sub1``/``sub2``, drops, italic corrections),
fractions by rule 15 and math accents by rule 12. Fonts follow LaTeX's
selection (:class:`~geoverify.frontends.texfonts.LatexFonts`).

:func:`glyph_runs` tells where the characters go: runs of characters of one
font on one baseline (a fraction's numerator and denominator, a radical sign,
scripts, accents), placed as TeX places them (checked against dvisvgm's output).

Math mode lives in :mod:`geoverify.frontends.texmath`, scanning in
:mod:`geoverify.frontends.texscan`. Known approximations (each well under a point at 12 pt): ``\\left``/``\\right``
take the normal-size delimiter, radicals the smallest surd, unknown control
sequences the width of an ``x`` (the result is then marked approximate).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texmath import MathMode
from geoverify.frontends.texminipage import minipage
from geoverify.frontends.textabular import tabular
from geoverify.frontends.texscan import RULE, HList, control, dimen, math_end, next_arg, optional, read_group, split_lines
from geoverify.frontends.texsymbols import (EM_SPACES, FAMILY_SWITCH, IGNORED, SWALLOW1, SYMBOLS, TEXT_ACCENTS,
    TEXT_SY, TEXT_SYMBOLS, TEXT_WRAPPERS)

__all__ = ["GlyphRun", "TextBox", "glyph_runs", "measure", "split_lines"]


class GlyphRun(NamedTuple):
    """A run of characters TeX sets one after another in one font on one baseline.

    ``x``, ``y`` (pt, y up) is where the first character's origin sits relative to
    the box's reference point (left end of the baseline); ``text`` holds the
    characters, U+FFFD for those without a plain reading (symbols, ligatures).
    An empty ``text`` marks where material the model does not set glyph by
    glyph begins (an unknown command, an environment): its characters are unknown.
    ``size`` is the font's size in pt. ``joined`` says the run starts exactly
    where the previous character of the same font ends, on another baseline (a
    radical sign after a minus sign): DVI-to-SVG converters write only the new
    ``y`` there and leave ``x`` to the font's advance.
    """

    x: float
    y: float
    text: str
    size: float = 0.0
    joined: bool = False


class TextBox:
    """Size of a typeset text in points: ``width``, ``height`` (above the baseline),
    ``depth`` (below it) and whether an unknown command was met (``approximate``)."""

    __slots__ = ("width", "height", "depth", "approximate")

    def __init__(self, width=0.0, height=0.0, depth=0.0, approximate=False):
        self.width, self.height, self.depth, self.approximate = width, height, depth, approximate

    def __repr__(self):
        return f"TextBox(w={self.width:.3f}, h={self.height:.3f}, d={self.depth:.3f})"


#: the characters :meth:`_Typesetter.text` does more with than set them (math, groups, blanks,
#: control sequences, the soft hyphen, the straight quote)
_TEXT_SPECIAL = frozenset('${} \n\t~\\\u00ad"')
#: TeX's space factor codes of the punctuation (plain.tex's \frenchspacing off); upper case
#: letters have 999, the other characters 1000
_SFCODES = {".": 3000, "?": 3000, "!": 3000, ":": 2000, ";": 1500, ",": 1250}


class _Typesetter(MathMode):
    """Measures one text with a font selection (:class:`~geoverify.frontends.texfonts.LatexFonts`)."""

    def __init__(self, fonts):
        self.fonts = fonts
        self.approx = False

    # -- text mode ---------------------------------------------------------------------

    def text(self, s: str, hl: HList, size: float, family: str) -> None:
        i, n = 0, len(s)
        while i < n:
            ch = s[i]
            if ch not in _TEXT_SPECIAL:  # (most characters: none of the tests below but the last holds)
                font, at = self.fonts.text_font(family, size)
                code = ord(ch)
                if code > 127 or not tf.has_char(font, code):
                    self.approx = True  # an x's size; not the glyph TeX sets
                    hl.box(*tf.glyph(font, ord("x"), at)[:3], None)
                    i += 1
                    continue
                sf = _SFCODES.get(ch)
                hl.char(font, code, at, sf if sf is not None else 999 if ch.isupper() else 1000)
                i += 1
                continue
            if ch == "$" or s.startswith("\\(", i):
                start = i + (1 if ch == "$" else 2)
                display = ch == "$" and s[start:start + 1] == "$"
                if display:
                    start += 1
                j = math_end(s, start, "$" if ch == "$" else "\\)")
                w, h, d, g = self.formula(s[start:j], size, display)
                hl.box(w, h, d, g)
                i = j + (1 if ch == "$" else 2) + (1 if display else 0)
                continue
            if ch == "{":
                inner, i = read_group(s, i)
                # a group keeps its own size, family and math version; kerning stops at its boundary
                fonts = self.fonts
                self.text(inner, hl, size, family)
                self.fonts = fonts
                continue
            if ch == "}":
                i += 1
                continue
            if ch in " \n\t~":
                while i < n and s[i] in " \n\t":
                    i += 1
                tie = ch == "~"
                if tie:
                    i += 1
                font, at = self.fonts.text_font(family, size)
                extra = tf.param(font, 7, at) if hl.sf >= 2000 and not tie else 0.0
                hl.space(tf.param(font, 2, at, 1 / 3) + extra)
                hl.sf = 1000
                continue
            if ch == "\\":
                cs, j = control(s, i)
                i = self.text_control(cs, s, j, hl, size, family)
                if isinstance(i, tuple):  # a declaration changes the rest of the group
                    i, size, family = i
                continue
            if ch == "\u00ad":  # a soft hyphen: LaTeX's utf8 input reads it as \-
                i += 1
                continue
            font, at = self.fonts.text_font(family, size)
            code = ord(ch)
            if ch == '"':
                code = 34
            elif code > 127 or not tf.has_char(font, code):
                self.approx = True  # an x's size; not the glyph TeX sets
                hl.box(*tf.glyph(font, ord("x"), at)[:3], None)
                i += 1
                continue
            sf = 3000 if ch in ".?!" else 2000 if ch == ":" else 1500 if ch == ";" else 1250 if ch == "," else (
                999 if ch.isupper() else 1000)
            hl.char(font, code, at, sf)
            i += 1

    def _logo(self, latex, hl, size, family, font, at):
        """LaTeX's logos (ltlogos): ``T\\kern-.1667em\\lower.5ex\\hbox{E}\\kern-.125emX``, and
        for \\LaTeX first ``L\\kern-.36em``, an A at the script size hung from the height
        of a T, ``\\kern-.15em``."""
        em, ex = tf.param(font, 6, at, 1.0), tf.param(font, 5, at, 0.43)
        if latex:
            hl.char(font, ord("L"), at)
            hl.space(-0.36 * em)
            ht = tf.glyph(font, ord("T"), at)[1]
            afont, aat = self.fonts.text_font(family, self.fonts.math_sizes(size)[1])
            wa, ha, _, _ = tf.glyph(afont, ord("A"), aat)
            hl.box(wa, ht, 0.0, [(0.0, 0.0, afont, aat, ord("A"), wa)], dy=ht - ha)
            hl.space(-0.15 * em)
        hl.char(font, ord("T"), at)
        hl.space(-0.1667 * em)
        we, he, de, _ = tf.glyph(font, ord("E"), at)
        hl.box(we, he - 0.5 * ex, de + 0.5 * ex, [(0.0, 0.0, font, at, ord("E"), we)], dy=-0.5 * ex)
        hl.space(-0.125 * em)
        hl.char(font, ord("X"), at)

    def _scalebox(self, s, i, hl, size, family):
        """graphicx's ``\\scalebox{h}[v]{text}``: the text's box and characters scaled by ``h``
        across and ``v`` (``h`` when not given) up and down."""
        fh, i = next_arg(s, i)
        k = i
        while k < len(s) and s[k] in " \n\t":
            k += 1
        fv = fh
        if k < len(s) and s[k] == "[":
            j = s.find("]", k)
            fv, i = (s[k + 1:j], j + 1) if j >= 0 else (fh, len(s))
        arg, i = next_arg(s, i)
        sub = HList()
        self.text(arg, sub, size, family)
        try:
            sx, sy = float(fh), float(fv)
        except ValueError:  # a factor TeX computes: its size is not modelled
            self.approx = True
            hl.box(sub.w, sub.h, sub.d, None)
            return i
        glyphs = [(x * sx, y * sy, font, at * sx if font else at, code, adv * sx)
                  for x, y, font, at, code, adv in sub.glyphs]
        # a negative factor mirrors the box: its reference point stays on the left
        hl.box(abs(sub.w * sx), sub.h * sy if sy >= 0 else -sub.d * sy, sub.d * sy if sy >= 0 else -sub.h * sy,
               glyphs if sx > 0 and sy > 0 else None)
        return i

    def text_control(self, cs, s, i, hl, size, family):
        """Handle a control sequence in text mode; returns the next index, or
        ``(index, size, family)`` for a declaration."""
        fonts = self.fonts
        if cs == "\\\\":
            return optional(s, i)
        if cs == "\\-":  # a discretionary hyphen: nothing where the line does not break
            return i
        if cs in ("\\textsuperscript", "\\textsubscript"):
            # LaTeX: {\ensuremath{^{\mbox{\fontsize\sf@size ...}}}}, a script on an empty nucleus
            arg, i = next_arg(s, i)
            w, h, d, g = self.formula(("{}^" if cs == "\\textsuperscript" else "{}_") + "{\\text{" + arg + "}}", size)
            hl.box(w, h, d, g)
            return i
        if cs == "\\rule":  # LaTeX: \hbox{\vrule width w height h+r depth -r}
            j = optional(s, i)
            raise_ = s[i:j].strip()[1:-1] if j > i else ""
            i = j
            w, i = next_arg(s, i)
            h, i = next_arg(s, i)
            r = dimen(raise_, size) if raise_ else 0.0
            w, h = dimen(w, size), dimen(h, size) + r
            hl.box(w, max(h, 0.0), max(-r, 0.0), RULE if h > -r and w > 0 else [])
            return i
        m = re.match(r"\s*(to|spread)\s*([^{]*)\{", s[i:]) if cs == "\\hbox" else None
        if m:  # \hbox to <dimen>{..}, \hbox spread <dimen>{..}: the content at the left (glue not stretched)
            arg, j = next_arg(s, i + m.end() - 1)
            sub = HList()
            self.text(arg, sub, size, family)
            given = dimen(m.group(2), size)
            if re.search(r"\\(hfil|hfill|hss|hfilneg)(?![A-Za-z])", arg):
                self.approx = True  # the glue's stretch is not modelled
            hl.box(given if m.group(1) == "to" else sub.w + given, sub.h, sub.d, sub.glyphs)
            return j
        if cs[1:] in fonts.size_commands:
            return i, fonts.size_commands[cs[1:]], family
        if cs == "\\fontsize":
            a, i = next_arg(s, i)
            _, i = next_arg(s, i)
            try:
                size = float(a.replace("pt", "").strip())
            except ValueError:
                pass
            return i, size, family
        if cs in FAMILY_SWITCH:
            fam = FAMILY_SWITCH[cs]
            return i, size, ("bfit" if {fam, family} == {"bf", "it"} else fam)
        if cs in TEXT_WRAPPERS:
            i = optional(s, i)
            i = optional(s, i)
            arg, i = next_arg(s, i)
            fam = TEXT_WRAPPERS[cs]
            fam = family if fam is None else ("bfit" if {fam, family} == {"bf", "it"} else fam)
            if cs == "\\emph" and family == "it":
                fam = "rm"
            if cs == "\\fbox":  # \fboxsep 3pt and \fboxrule 0.4pt on each side
                sub = HList()
                self.text(arg, sub, size, fam)
                hl.box(sub.w + 6.8, sub.h + 3.4, sub.d + 3.4, sub.glyphs, 3.4)
                return i
            self.text(arg, hl, size, fam)
            if fam in ("it", "bfit") and family not in ("it", "bfit") and hl.last is not None:
                hl.w += tf.glyph(hl.last[0], hl.last[1], hl.last[2])[3]  # LaTeX's automatic \/
            return i
        if cs in ("\\textcolor", "\\colorbox"):
            _, i = next_arg(s, i)
            arg, i = next_arg(s, i)
            self.text(arg, hl, size, family)
            return i
        if cs in SWALLOW1:
            if cs == "\\color":
                i = optional(s, i)
            _, i = next_arg(s, i)
            return i
        if cs in ("\\hspace", "\\hspace*", "\\kern", "\\hskip"):
            arg, i = next_arg(s, i)
            hl.space(dimen(arg, size))
            return i
        if cs == "\\scalebox":
            return self._scalebox(s, i, hl, size, family)
        if cs in ("\\rlap", "\\clap", "\\llap"):  # a box of no width, its text right of, around or left of it
            arg, i = next_arg(s, i)
            sub = HList()
            self.text(arg, sub, size, family)
            share = {"\\rlap": 0.0, "\\clap": 0.5, "\\llap": 1.0}[cs]
            hl.box(0.0, sub.h, sub.d, sub.glyphs, -share * sub.w)
            return i
        if cs in ("\\phantom", "\\hphantom", "\\vphantom", "\\raisebox", "\\underline"):
            if cs == "\\raisebox":
                _, i = next_arg(s, i)
            arg, i = next_arg(s, i)
            sub = HList()
            self.text(arg, sub, size, family)
            if cs == "\\underline":  # a rule 3 theta below, theta thick, theta of kern under it
                hl.box(sub.w, sub.h, sub.d + 5 * self._theta(), sub.glyphs)
                return i
            # a phantom sets no glyph; \raisebox's shift is not modelled (its glyphs are unknown)
            hl.box(0.0 if cs == "\\vphantom" else sub.w, 0.0 if cs == "\\hphantom" else sub.h,
                   0.0 if cs == "\\hphantom" else sub.d, None if cs == "\\raisebox" else [])
            return i
        font, at = fonts.text_font(family, size)
        if cs in EM_SPACES:
            hl.space(EM_SPACES[cs] * tf.param(font, 6, at, 1.0))
            return i
        if cs in ("\\ ", "\\space"):
            hl.space(tf.param(font, 2, at, 1 / 3))
            return i
        if cs in ("\\,", "\\thinspace"):
            hl.space(at / 6)
            return i
        if cs in ("\\!", "\\negthinspace"):
            hl.space(-at / 6)
            return i
        if cs == "\\_":  # LaTeX: a kern of .06em and a .3em rule, .4pt thick
            hl.box(0.36 * tf.param(font, 6, at, 1.0), 0.4, 0.0, RULE)
            return i
        if cs in TEXT_SYMBOLS:
            hl.char(font, TEXT_SYMBOLS[cs], at)
            return i
        if cs in TEXT_SY:
            sy, sat = fonts.math_font("sy", size)
            hl.char(sy, TEXT_SY[cs], sat)
            return i
        if cs in ("\\ldots", "\\dots", "\\textellipsis"):
            for _ in range(3):
                hl.char(font, 46, at)
                hl.space(tf.param(font, 3, at))
            return i
        if cs in TEXT_ACCENTS:
            arg, i = next_arg(s, i)
            sub = HList()
            self.text(arg, sub, size, family)
            hl.box(sub.w, sub.h + (0.25 * at if cs not in ("\\c", "\\d", "\\b", "\\k") else 0.0), sub.d, None)
            return i
        if cs == "\\vdots":  # a \vbox of three dots, as in math (it needs no math mode)
            w, h, d, g = self.formula(cs, size)
            hl.box(w, h, d, g)
            return i
        if cs in ("\\LaTeX", "\\TeX"):
            self._logo(cs == "\\LaTeX", hl, size, family, font, at)
            return i
        if cs == "\\strut":  # \vrule height .7\baselineskip depth .3\baselineskip width 0 (baselineskip 1.2 size)
            hl.box(0.0, 0.84 * size, 0.36 * size, [])
            return i
        if cs == "\\begin" and s.startswith("{minipage}", i):  # texminipage
            r = minipage(self, s, i + len("{minipage}"), size, family)
            if r is not None:
                hl.box(r[0], r[1], r[2], r[3])
                return r[4]
        if cs == "\\begin" and s.startswith("{tabular}", i):  # textabular
            r = tabular(self, s, i + len("{tabular}"), size, family)
            if r is not None:
                hl.box(r[0], r[1], r[2], r[3])
                return r[4]
        if cs in ("\\renewcommand", "\\setlength"):  # \arraystretch, \tabcolsep for a tabular
            name, j = next_arg(s, i)
            value, j = next_arg(s, j)
            if name.strip() == "\\arraystretch":
                try:
                    self.arraystretch = float(value)
                    return j
                except ValueError:
                    pass
            elif name.strip() == "\\tabcolsep" and cs == "\\setlength":
                self.tabcolsep = dimen(value, size)
                return j
        if cs in ("\\boldmath", "\\unboldmath"):  # the math version, to the end of the group
            self.fonts = fonts.math_version(cs == "\\boldmath")
            return i
        if cs == "\\ensuremath":  # in text its argument is set as math (in math it is a plain group)
            arg, j = next_arg(s, i)
            w, h, d, g = self.formula(arg, size)
            hl.box(w, h, d, g)
            return j
        if cs in IGNORED or cs in ("\\hline", "\\newline", "\\linebreak"):
            return i
        if cs in SYMBOLS:  # a math symbol outside math: TeX would stop; measure it as math
            w, h, d, g = self.formula(cs, size)
            hl.box(w, h, d, g)
            self.approx = True
            return i
        self.approx = True
        hl.box(*tf.glyph(font, ord("x"), at)[:3], None)
        return i


def measure(text: str, size: float, fonts=None, family: str = "rm") -> TextBox:
    """Size in pt of ``text`` set in an ``\\hbox`` at ``size`` pt.

    Parameters
    ----------
    text : str
        TeX source (text mode; ``$...$`` and ``\\(...\\)`` switch to math).
    size : float
        Font size in pt (``\\fontsize{size}``).
    fonts : LatexFonts, optional
        Font selection; the 10 pt class by default.
    family : str
        Starting text family: rm, bf, it, sl, tt or sf.
    """
    ts = _Typesetter(fonts if fonts is not None else tf.LatexFonts(10))
    hl = HList()
    ts.text(text, hl, size, family)
    return TextBox(hl.w, hl.h, hl.d, ts.approx)


_REPLACEMENT = "\ufffd"
_PLAIN_FONTS = ("cmr", "cmmi", "cmbx", "cmti", "cmsl", "cmss", "cmtt", "cmbsy", "cmcsc")


def _char(font: str, code: int) -> str:
    """The character a glyph of a Computer Modern font reads as (U+FFFD when not plain)."""
    ch = chr(code) if 33 <= code < 127 else ""
    if ch.isalnum() and font.startswith(_PLAIN_FONTS) and not font.startswith("cmsy"):
        return ch
    if ch and font.startswith(("cmr", "cmbx", "cmti", "cmsl", "cmss", "cmtt")) and ch in "+=()[]!?;:,.-/*'`":
        return ch
    return _REPLACEMENT


def glyph_runs(text: str, size: float, fonts=None, family: str = "rm", gap: float = 0.01) -> list[GlyphRun]:
    """Where TeX sets the characters of ``text`` in an ``\\hbox``, as runs.

    A run ends where the next character has another font or size, another
    baseline, or does not follow the previous one's advance (a kern, glue, a
    rule or material whose glyphs are not modelled lies between): a DVI-to-SVG
    converter such as dvisvgm starts a new positioned text chunk at each of
    those places, so every run here starts where such a chunk starts.

    Parameters
    ----------
    text : str
        TeX source, as for :func:`measure`.
    size : float
        Font size in pt.
    fonts : LatexFonts, optional
        Font selection; the 10 pt class by default.
    family : str
        Starting text family.
    gap : float
        Smallest horizontal jump (pt) that ends a run.

    Returns
    -------
    list of GlyphRun
        In the order TeX ships the characters out; positions in pt, y up, from
        the box's reference point.
    """
    ts = _Typesetter(fonts if fonts is not None else tf.LatexFonts(10))
    hl = HList()
    ts.text(text, hl, size, family)
    runs: list[GlyphRun] = []
    prev = None
    for x, y, font, at, code, adv in hl.glyphs:
        if font is None and (prev is not None or not runs or runs[-1].text):
            runs.append(GlyphRun(x, y, ""))
        if not font:
            prev = None
            continue
        ch = _char(font, code)
        follows = (prev is not None and prev[2] == font and prev[3] == at and abs(prev[0] + prev[5] - x) < gap)
        if follows and abs(prev[1] - y) < 1e-6:
            r = runs[-1]
            runs[-1] = GlyphRun(r.x, r.y, r.text + ch, r.size, r.joined)
        else:
            runs.append(GlyphRun(x, y, ch, at, follows))
        prev = (x, y, font, at, code, adv)
    return runs
