"""Typeset size of TeX text (a label, a node) from Computer Modern font metrics.

Text is measured as TeX sets it in a horizontal box: text mode with the
kerns and ligatures of the font and interword spaces of ``\\fontdimen2``
(plus the extra space after a sentence end); math mode as a list of atoms
(ordinary, operator, binary, relation, open, close, punctuation, inner) with
TeX's spacing table, sub- and superscripts placed by the TeXbook's rule 18
(``sup1``/``sup2``/``sub1``/``sub2``, drops, italic corrections),
fractions by rule 15 and math accents by rule 12. Fonts follow LaTeX's
selection (:class:`~geoverify.frontends.texfonts.LatexFonts`).

Known approximations (each well under a point at 12 pt): ``\\left``/``\\right``
take the normal-size delimiter, radicals the smallest surd, unknown control
sequences the width of an ``x`` (the result is then marked approximate).
"""

from __future__ import annotations

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texsymbols import (ACCENTS, CLASSES, COMPOSITES, DISPLAY_OPS, EM_SPACES, FAMILY_SWITCH,
    IGNORED, MATH_ALPHABETS, MATH_CHARS, MU_SPACES, NULLDELIMITERSPACE, SCRIPTSPACE, SPACING, SWALLOW1, SYMBOLS,
    TEXT_ACCENTS, TEXT_SY, TEXT_SYMBOLS, TEXT_WRAPPERS, WORD_OPERATORS)

__all__ = ["TextBox", "measure", "split_lines"]


class TextBox:
    """Size of a typeset text in points: ``width``, ``height`` (above the baseline),
    ``depth`` (below it) and whether an unknown command was met (``approximate``)."""

    __slots__ = ("width", "height", "depth", "approximate")

    def __init__(self, width=0.0, height=0.0, depth=0.0, approximate=False):
        self.width, self.height, self.depth, self.approximate = width, height, depth, approximate

    def __repr__(self):
        return f"TextBox(w={self.width:.3f}, h={self.height:.3f}, d={self.depth:.3f})"


class _Atom:
    __slots__ = ("cls", "w", "h", "d", "ic", "char", "font", "code", "at")

    def __init__(self, cls, w, h, d, ic=0.0, char=False, font=None, code=0, at=0.0):
        self.cls, self.w, self.h, self.d, self.ic, self.char, self.font = cls, w, h, d, ic, char, font
        self.code, self.at = code, at


class _HList:
    """A horizontal list being built in text mode (kerns and ligatures between characters)."""

    __slots__ = ("w", "h", "d", "last", "last_w", "sf")

    def __init__(self):
        self.w = self.h = self.d = 0.0
        self.last = None  # (font, code, size) of the previous character
        self.last_w = 0.0
        self.sf = 1000

    def char(self, font, code, size, sfcode=1000):
        if self.last is not None and self.last[0] == font and self.last[2] == size:
            lig = tf.ligature(font, self.last[1], code)
            if lig is not None and tf.has_char(font, lig):
                self.w -= self.last_w
                self.last = None
                self.char(font, lig, size, sfcode)
                return
            self.w += tf.kern(font, self.last[1], code, size)
        w, h, d, _ = tf.glyph(font, code, size)
        self.w += w
        self.h = max(self.h, h)
        self.d = max(self.d, d)
        self.last = (font, code, size)
        self.last_w = w
        self.sf = 1000 if sfcode > 1000 and self.sf < 1000 else sfcode

    def box(self, w, h, d):
        self.w += w
        self.h = max(self.h, h)
        self.d = max(self.d, d)
        self.last = None
        self.sf = 1000

    def space(self, w):
        self.w += w
        self.last = None


def _read_group(text: str, i: int) -> tuple[str, int]:
    """Content of a ``{...}`` starting at ``text[i] == '{'``, and the index after it."""
    depth = 0
    j = i
    while j < len(text):
        ch = text[j]
        if ch == "\\":
            j += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1:j], j + 1
        j += 1
    return text[i + 1:], len(text)


def _next_arg(text: str, i: int) -> tuple[str, int]:
    """The next argument (a group, a control sequence or a character) from ``i``."""
    while i < len(text) and text[i] in " \n\t":
        i += 1
    if i >= len(text):
        return "", i
    if text[i] == "{":
        return _read_group(text, i)
    if text[i] == "\\":
        j = i + 1
        while j < len(text) and text[j].isalpha():
            j += 1
        j = max(j, i + 2)
        return text[i:j], j
    return text[i], i + 1


def _optional(text: str, i: int) -> int:
    """Skip an optional ``[...]`` argument."""
    k = i
    while k < len(text) and text[k] == " ":
        k += 1
    if k < len(text) and text[k] == "[":
        j = text.find("]", k)
        return len(text) if j < 0 else j + 1
    return i


def _control(text: str, i: int) -> tuple[str, int]:
    """The control sequence starting at ``text[i] == '\\\\'`` and the index after it (blanks
    after a control word skipped)."""
    j = i + 1
    while j < len(text) and text[j].isalpha():
        j += 1
    if j == i + 1:
        j = i + 2
    cs = text[i:j]
    if cs[1:].isalpha():
        while j < len(text) and text[j] in " \n\t":
            j += 1
    return cs, j


def _math_end(text: str, i: int, closer: str) -> int:
    """Index of the math-mode closer (``$`` or ``\\)``) from ``i`` (or the end)."""
    depth = 0
    j = i
    while j < len(text):
        ch = text[j]
        if ch == "\\":
            if closer == "\\)" and text.startswith("\\)", j) and depth == 0:
                return j
            j += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "$" and closer == "$" and depth <= 0:
            return j
        j += 1
    return len(text)


class _Typesetter:
    """Measures one text with a font selection (:class:`~geoverify.frontends.texfonts.LatexFonts`)."""

    def __init__(self, fonts):
        self.fonts = fonts
        self.approx = False

    # -- text mode ---------------------------------------------------------------------

    def text(self, s: str, hl: _HList, size: float, family: str) -> None:
        i, n = 0, len(s)
        while i < n:
            ch = s[i]
            if ch == "$" or s.startswith("\\(", i):
                start = i + (1 if ch == "$" else 2)
                display = ch == "$" and s[start:start + 1] == "$"
                if display:
                    start += 1
                j = _math_end(s, start, "$" if ch == "$" else "\\)")
                w, h, d = self.formula(s[start:j], size, display)
                hl.box(w, h, d)
                i = j + (1 if ch == "$" else 2) + (1 if display else 0)
                continue
            if ch == "{":
                inner, i = _read_group(s, i)
                # a group keeps its own size and family; kerning stops at its boundary
                self.text(inner, hl, size, family)
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
                cs, j = _control(s, i)
                i = self.text_control(cs, s, j, hl, size, family)
                if isinstance(i, tuple):  # a declaration changes the rest of the group
                    i, size, family = i
                continue
            font, at = self.fonts.text_font(family, size)
            code = ord(ch)
            if ch == '"':
                code = 34
            elif code > 127 or not tf.has_char(font, code):
                self.approx = True
                code = ord("x")
            sf = 3000 if ch in ".?!" else 2000 if ch == ":" else 1500 if ch == ";" else 1250 if ch == "," else (
                999 if ch.isupper() else 1000)
            hl.char(font, code, at, sf)
            i += 1

    def text_control(self, cs, s, i, hl, size, family):
        """Handle a control sequence in text mode; returns the next index, or
        ``(index, size, family)`` for a declaration."""
        fonts = self.fonts
        if cs == "\\\\":
            return _optional(s, i)
        if cs[1:] in fonts.size_commands:
            return i, fonts.size_commands[cs[1:]], family
        if cs == "\\fontsize":
            a, i = _next_arg(s, i)
            _, i = _next_arg(s, i)
            try:
                size = float(a.replace("pt", "").strip())
            except ValueError:
                pass
            return i, size, family
        if cs in FAMILY_SWITCH:
            fam = FAMILY_SWITCH[cs]
            return i, size, ("bfit" if {fam, family} == {"bf", "it"} else fam)
        if cs in TEXT_WRAPPERS:
            i = _optional(s, i)
            i = _optional(s, i)
            arg, i = _next_arg(s, i)
            fam = TEXT_WRAPPERS[cs]
            fam = family if fam is None else ("bfit" if {fam, family} == {"bf", "it"} else fam)
            if cs == "\\emph" and family == "it":
                fam = "rm"
            if cs == "\\fbox":  # \fboxsep 3pt and \fboxrule 0.4pt on each side
                sub = _HList()
                self.text(arg, sub, size, fam)
                hl.box(sub.w + 6.8, sub.h + 3.4, sub.d + 3.4)
                return i
            self.text(arg, hl, size, fam)
            if fam in ("it", "bfit") and family not in ("it", "bfit") and hl.last is not None:
                hl.w += tf.glyph(hl.last[0], hl.last[1], hl.last[2])[3]  # LaTeX's automatic \/
            return i
        if cs in ("\\textcolor", "\\colorbox"):
            _, i = _next_arg(s, i)
            arg, i = _next_arg(s, i)
            self.text(arg, hl, size, family)
            return i
        if cs in SWALLOW1:
            if cs == "\\color":
                i = _optional(s, i)
            _, i = _next_arg(s, i)
            return i
        if cs in ("\\hspace", "\\hspace*", "\\kern", "\\hskip"):
            arg, i = _next_arg(s, i)
            hl.space(_dimen(arg, size))
            return i
        if cs in ("\\phantom", "\\hphantom", "\\vphantom", "\\raisebox", "\\underline"):
            if cs == "\\raisebox":
                _, i = _next_arg(s, i)
            arg, i = _next_arg(s, i)
            sub = _HList()
            self.text(arg, sub, size, family)
            if cs == "\\underline":  # a rule 3 theta below, theta thick, theta of kern under it
                hl.box(sub.w, sub.h, sub.d + 5 * self._theta())
                return i
            hl.box(0.0 if cs == "\\vphantom" else sub.w, 0.0 if cs == "\\hphantom" else sub.h,
                   0.0 if cs == "\\hphantom" else sub.d)
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
            hl.box(0.36 * tf.param(font, 6, at, 1.0), 0.4, 0.0)
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
            arg, i = _next_arg(s, i)
            sub = _HList()
            self.text(arg, sub, size, family)
            hl.box(sub.w, sub.h + (0.25 * at if cs not in ("\\c", "\\d", "\\b", "\\k") else 0.0), sub.d)
            return i
        if cs in ("\\LaTeX", "\\TeX"):
            self.text("LaTeX" if cs == "\\LaTeX" else "TeX", hl, size, family)
            return i
        if cs in IGNORED or cs in ("\\hline", "\\newline", "\\linebreak"):
            return i
        if cs in SYMBOLS:  # a math symbol outside math: TeX would stop; measure it as math
            w, h, d = self.formula(cs, size)
            hl.box(w, h, d)
            self.approx = True
            return i
        self.approx = True
        hl.char(font, ord("x"), at)
        return i

    # -- math mode ---------------------------------------------------------------------

    def formula(self, s: str, size: float, display: bool = False) -> tuple[float, float, float]:
        """``(width, height, depth)`` of a formula in text (or display) style at text size ``size``."""
        sizes = self.fonts.math_sizes(size)
        atoms = self.mlist(s, sizes, 0, False, display, "mi")
        return self.hpack(atoms, sizes, 0)

    def _sy(self, sizes, lvl, k):
        font, at = self.fonts.math_font("sy", sizes[min(lvl, 2)])
        return tf.param(font, k, at)

    def _theta(self):
        font, at = self.fonts.math_font("ex", 10.0)
        return tf.param(font, 8, at, 0.04)

    def hpack(self, atoms, sizes, lvl):
        """Width, height and depth of an atom list with TeX's inter-atom spacing."""
        w = h = d = 0.0
        mu = self._sy(sizes, lvl, 6) / 18.0
        prev = None
        # a binary atom after nothing, an operator, a relation, an opening or a punctuation is
        # ordinary; so is one before a relation, a closing, a punctuation or the end (rule 5, 6)
        for k, a in enumerate(atoms):
            if a.cls == "b":
                nxt = atoms[k + 1].cls if k + 1 < len(atoms) else None
                if prev is None or prev in ("b", "op", "r", "open", "p") or nxt in (None, "r", "close", "p"):
                    a.cls = "o"
            if prev is not None and a.cls in CLASSES and prev in CLASSES:
                sp = SPACING[prev][CLASSES.index(a.cls)]
                if sp < 0:
                    sp = -sp if lvl == 0 else 0
                w += sp * mu
            w += a.w
            if a.char:
                # rule 17 and TeX's make_ord: two characters of one font kern; a character of a
                # text font (one with an interword space) followed by another loses its italic
                # correction, every other character keeps it
                nxt = atoms[k + 1] if k + 1 < len(atoms) else None
                if nxt is not None and nxt.char and nxt.font == a.font and nxt.at == a.at:
                    w += tf.kern(a.font, a.code, nxt.code, a.at)
                    if tf.param(a.font, 2, a.at) == 0.0:
                        w += a.ic
                else:
                    w += a.ic
            h = max(h, a.h)
            d = max(d, a.d)
            if a.cls in CLASSES:
                prev = a.cls
        return w, h, d

    def glyph_atom(self, family, code, size, cls="o"):
        font, at = self.fonts.math_font(family, size)
        if not tf.has_char(font, code):
            self.approx = True
        w, h, d, ic = tf.glyph(font, code, at)
        return _Atom(cls, w, h, d, ic, True, font, code, at)

    def mlist(self, s, sizes, lvl, cramped, display, alphabet):
        atoms: list[_Atom] = []
        i, n = 0, len(s)
        size = sizes[min(lvl, 2)]
        while i < n:
            ch = s[i]
            if ch in " \n\t":
                i += 1
                continue
            if ch in "^_'":
                i = self.scripts(s, i, atoms, sizes, lvl, cramped, display)
                continue
            if ch == "{":
                inner, i = _read_group(s, i)
                sub = self.mlist(inner, sizes, lvl, cramped, display, alphabet)
                w, h, d = self.hpack(sub, sizes, lvl)
                atoms.append(_Atom("o", w, h, d))
                continue
            if ch == "}" or ch == "&":
                i += 1
                continue
            if ch == "~":
                font, at = self.fonts.text_font("rm", size)
                atoms.append(_Atom(None, tf.param(font, 2, at, 1 / 3), 0.0, 0.0))
                i += 1
                continue
            if ch == "\\":
                cs, j = _control(s, i)
                r = self.math_control(cs, s, j, atoms, sizes, lvl, cramped, display, alphabet)
                if isinstance(r, tuple):
                    i, lvl, display, alphabet = r
                    size = sizes[min(lvl, 2)]
                else:
                    i = r
                continue
            i += 1
            if ch.isalpha() or ch.isdigit():
                fam = alphabet
                if alphabet in ("mi", "op") and ch.isdigit():
                    fam = "rm"
                if alphabet == "op":
                    fam = "rm"
                if alphabet == "cal":
                    fam = "sy" if ch.isupper() else "mi"
                atoms.append(self.glyph_atom(fam, ord(ch), size))
                continue
            if ch in MATH_CHARS:
                fam, code, cls = MATH_CHARS[ch]
                atoms.append(self.glyph_atom(fam, code, size, cls))
                continue
            self.approx = True
            atoms.append(self.glyph_atom("mi", ord("x"), size))
        if alphabet == "op" and atoms:
            w, h, d = self.hpack(atoms, sizes, lvl)
            return [_Atom("op", w, h, d)]
        return atoms

    def math_control(self, cs, s, i, atoms, sizes, lvl, cramped, display, alphabet):
        size = sizes[min(lvl, 2)]
        mu = self._sy(sizes, lvl, 6) / 18.0
        if cs in COMPOSITES:
            cls, w, h, d = COMPOSITES[cs]
            if cs in ("\\neq", "\\ne"):  # \not over =: the slash's height and depth
                font, at = self.fonts.math_font("sy", size)
                _, h, d, _ = tf.glyph(font, 54, at)
                h, d = h / at, d / at
            atoms.append(_Atom(cls, w * size, h * size, d * size))
            return i
        if cs in SYMBOLS:
            fam, code, cls = SYMBOLS[cs]
            if fam == "ex":  # a large operator, centred on the axis (its display variant in display style)
                font, at = self.fonts.math_font("ex", size)
                w, h, d, ic = tf.glyph(font, DISPLAY_OPS.get(code, code) if display and lvl == 0 else code, at)
                axis = self._sy(sizes, lvl, 22)
                half = (h + d) / 2.0
                atoms.append(_Atom("op", w + (ic if code in (82, 72) else 0.0), half + axis, half - axis))
                return i
            atoms.append(self.glyph_atom(fam, code, size, cls))
            return i
        if cs == "\\vdots":  # plain TeX: three text dots 4pt apart under a 6pt kern
            font, at = self.fonts.text_font("rm", size)
            dw, dh, _, _ = tf.glyph(font, 46, at)
            atoms.append(_Atom("o", dw, 14.0 + dh, 0.0))
            return i
        if cs in ("\\displaystyle", "\\textstyle", "\\scriptstyle", "\\scriptscriptstyle"):
            new = {"\\displaystyle": 0, "\\textstyle": 0, "\\scriptstyle": 1, "\\scriptscriptstyle": 2}[cs]
            return i, new, cs == "\\displaystyle", alphabet
        if cs in MU_SPACES:
            atoms.append(_Atom(None, MU_SPACES[cs] * mu, 0.0, 0.0))
            return i
        if cs in EM_SPACES:  # \quad is an em of the current (text) font
            font, at = self.fonts.text_font("rm", size)
            atoms.append(_Atom(None, EM_SPACES[cs] * tf.param(font, 6, at, 1.0), 0.0, 0.0))
            return i
        if cs == "\\_":
            font, at = self.fonts.text_font("rm", size)
            atoms.append(_Atom("o", 0.36 * tf.param(font, 6, at, 1.0), 0.4, 0.0))
            return i
        if cs in ("\\ ", "\\space"):
            font, at = self.fonts.text_font("rm", size)
            atoms.append(_Atom(None, tf.param(font, 2, at, 1 / 3), 0.0, 0.0))
            return i
        if cs in ("\\ldots", "\\dots", "\\cdots", "\\dotsc", "\\dotsb"):
            fam, code = ("sy", 1) if cs in ("\\cdots", "\\dotsb") else ("mi", 58)
            g = self.glyph_atom(fam, code, size)
            atoms.append(_Atom("inner", 3 * g.w + 2 * 3 * mu, g.h, g.d))
            return i
        if cs in ("\\vdots", "\\ddots"):
            atoms.append(_Atom("o" if cs == "\\vdots" else "inner",
                               (0.277779 if cs == "\\vdots" else 1.33) * size, 0.75 * size + 0.1 * size, 0.0))
            return i
        if cs[1:] in WORD_OPERATORS:
            sub = self.mlist(cs[1:], sizes, lvl, cramped, display, "op")
            atoms.extend(sub)
            return i
        if cs in ("\\frac", "\\dfrac", "\\tfrac", "\\cfrac", "\\over", "\\binom", "\\dbinom", "\\tbinom"):
            num, i = _next_arg(s, i)
            den, i = _next_arg(s, i)
            atoms.append(self.fraction(num, den, sizes, lvl, cramped,
                                       display or cs in ("\\dfrac", "\\cfrac", "\\dbinom"),
                                       cs in ("\\tfrac", "\\tbinom"), "binom" in cs))
            return i
        if cs == "\\sqrt":
            k = _optional(s, i)
            arg, i = _next_arg(s, k)
            atoms.append(self.radical(arg, sizes, lvl, display))
            return i
        if cs in ACCENTS:
            arg, i = _next_arg(s, i)
            atoms.append(self.accent(cs, arg, sizes, lvl, display, alphabet))
            return i
        if cs in ("\\underline", "\\underbrace", "\\overbrace"):
            arg, i = _next_arg(s, i)
            sub = self.mlist(arg, sizes, lvl, cramped, display, alphabet)
            w, h, d = self.hpack(sub, sizes, lvl)
            t = self._theta()
            atoms.append(_Atom("o", w, h, d + 3 * t + t + t))
            return i
        if cs in MATH_ALPHABETS:
            arg, i = _next_arg(s, i)
            alph = MATH_ALPHABETS[cs]
            atoms.extend(self.mlist(arg, sizes, lvl, cramped, display, alph))
            return i
        if cs in ("\\rm", "\\bf", "\\it", "\\sf", "\\tt", "\\cal", "\\mit"):
            return i, lvl, display, {"\\mit": "mi", "\\cal": "cal"}.get(cs, cs[1:])
        if cs in TEXT_WRAPPERS or cs in ("\\textcolor",):
            if cs == "\\textcolor":
                _, i = _next_arg(s, i)
            arg, i = _next_arg(s, i)
            fam = TEXT_WRAPPERS.get(cs) or "rm"
            # \text follows the math style's size; \mbox stays at the text size
            hsize = sizes[0] if cs in ("\\mbox", "\\hbox", "\\fbox", "\\makebox") else size
            hl = _HList()
            self.text_control(cs, "{" + arg + "}", 0, hl, hsize, fam) if cs == "\\fbox" else \
                self.text(arg, hl, hsize, fam)
            atoms.append(_Atom("o", hl.w, hl.h, hl.d))
            return i
        if cs in ("\\phantom", "\\hphantom", "\\vphantom"):
            arg, i = _next_arg(s, i)
            sub = self.mlist(arg, sizes, lvl, cramped, display, alphabet)
            w, h, d = self.hpack(sub, sizes, lvl)
            atoms.append(_Atom("o", 0.0 if cs == "\\vphantom" else w, 0.0 if cs == "\\hphantom" else h,
                               0.0 if cs == "\\hphantom" else d))
            return i
        if cs in ("\\mathop", "\\mathbin", "\\mathrel", "\\mathopen", "\\mathclose", "\\mathpunct",
                  "\\mathord", "\\mathinner"):
            arg, i = _next_arg(s, i)
            sub = self.mlist(arg, sizes, lvl, cramped, display, alphabet)
            w, h, d = self.hpack(sub, sizes, lvl)
            cls = {"\\mathop": "op", "\\mathbin": "b", "\\mathrel": "r", "\\mathopen": "open",
                   "\\mathclose": "close", "\\mathpunct": "p", "\\mathord": "o", "\\mathinner": "inner"}[cs]
            atoms.append(_Atom(cls, w, h, d))
            return i
        if cs in ("\\hspace", "\\kern", "\\mkern", "\\hskip", "\\mskip"):
            arg, i = _next_arg(s, i)
            atoms.append(_Atom(None, _dimen(arg, size, mu), 0.0, 0.0))
            return i
        if cs in SWALLOW1:
            if cs == "\\color":
                i = _optional(s, i)
            _, i = _next_arg(s, i)
            return i
        if cs in ("\\left", "\\right", "\\bigl", "\\bigr", "\\big", "\\Bigl", "\\Bigr", "\\Big"):
            # the delimiter that follows is set at its normal size; "." is the null delimiter
            k = i
            while k < len(s) and s[k] == " ":
                k += 1
            if s.startswith(".", k):
                atoms.append(_Atom(None, NULLDELIMITERSPACE, 0.0, 0.0))
                return k + 1
            return i
        if cs in ("\\(", "\\)", "\\[", "\\]"):
            return i
        if cs in IGNORED:
            return i
        if cs[1:] in self.fonts.size_commands or cs == "\\\\":
            return i
        self.approx = True
        atoms.append(self.glyph_atom("mi", ord("x"), size))
        return i

    def scripts(self, s, i, atoms, sizes, lvl, cramped, display):
        """Attach the sub/superscripts at ``s[i:]`` to the last atom (rule 18)."""
        sup = sub = None
        primes = 0
        n = len(s)
        while i < n and s[i] in "^_'":
            if s[i] == "'":
                primes += 1
                i += 1
                continue
            kind = s[i]
            arg, i = _next_arg(s, i + 1)
            if kind == "^":
                sup = arg
            else:
                sub = arg
            while i < n and s[i] == " ":
                i += 1
        if primes:
            sup = "\\prime" * primes + ("" if sup is None else sup)
        nucleus = atoms.pop() if atoms and atoms[-1].cls is not None else _Atom("o", 0.0, 0.0, 0.0)
        slvl = lvl + 1
        is_char = nucleus.char
        h, d = nucleus.h, nucleus.d
        if is_char:
            u = v = 0.0
        else:
            u = h - self._sy(sizes, slvl, 18)
            v = d + self._sy(sizes, slvl, 19)
        delta = nucleus.ic if is_char else 0.0
        width = nucleus.w + (delta if sub is None else 0.0)
        top = nucleus.h
        bot = nucleus.d
        sw = 0.0
        xh = abs(self._sy(sizes, lvl, 5))
        if sup is not None:
            xs = self.mlist(sup, sizes, slvl, cramped, False, "mi")
            wx, hx, dx = self.hpack(xs, sizes, slvl)
            wx += SCRIPTSPACE
            p = self._sy(sizes, lvl, 13 if display else 15 if cramped else 14)
            u = max(u, p, dx + xh / 4.0)
        if sub is not None:
            ys = self.mlist(sub, sizes, slvl, True, False, "mi")
            wy, hy, dy = self.hpack(ys, sizes, slvl)
            wy += SCRIPTSPACE
            if sup is None:
                v = max(v, self._sy(sizes, lvl, 16), hy - 4.0 * xh / 5.0)
                sw = wy
                bot = max(bot, dy + v)
                top = max(top, hy - v)
            else:
                v = max(v, self._sy(sizes, lvl, 17))
                t = self._theta()
                if (u - dx) - (hy - v) < 4 * t:
                    v = 4 * t - (u - dx) + hy
                    psi = 4.0 * xh / 5.0 - (u - dx)
                    if psi > 0:
                        u += psi
                        v -= psi
                sw = max(wx + delta, wy)
                bot = max(bot, dy + v)
                top = max(top, hx + u)
        if sup is not None and sub is None:
            sw = wx
            top = max(top, hx + u)
            bot = max(bot, dx - u)
        atoms.append(_Atom(nucleus.cls if nucleus.cls is not None else "o", width + sw, top, bot))
        return i

    def fraction(self, num, den, sizes, lvl, cramped, display, text_style, binom=False):
        """Rule 15: numerator over denominator with a rule on the axis."""
        style = lvl
        if text_style:
            display = False
        part = style if display and lvl == 0 else style + 1  # D -> T parts, T -> S parts
        a = self.mlist(num, sizes, part, cramped, False, "mi")
        b = self.mlist(den, sizes, part, True, False, "mi")
        wa, ha, da = self.hpack(a, sizes, part)
        wb, hb, db = self.hpack(b, sizes, part)
        t = 0.0 if binom else self._theta()
        if display and lvl == 0:
            u, v, phi = self._sy(sizes, lvl, 8), self._sy(sizes, lvl, 11), 3 * (t if t else self._theta())
        else:
            u, v, phi = self._sy(sizes, lvl, 9), self._sy(sizes, lvl, 12), (t if t else self._theta())
        if binom:
            u = self._sy(sizes, lvl, 10) if not (display and lvl == 0) else u
            clr = (7 if display and lvl == 0 else 3) * self._theta()
            if (u - da) - (hb - v) < clr:
                k = (clr - ((u - da) - (hb - v))) / 2.0
                u += k
                v += k
        else:
            axis = self._sy(sizes, lvl, 22)
            if (u - da) - (axis + t / 2) < phi:
                u += phi - ((u - da) - (axis + t / 2))
            if (axis - t / 2) - (hb - v) < phi:
                v += phi - ((axis - t / 2) - (hb - v))
        w = max(wa, wb) + 2 * NULLDELIMITERSPACE
        if binom:  # normal-size parentheses instead of null delimiters
            font, at = self.fonts.math_font("rm", sizes[min(lvl, 2)])
            w = max(wa, wb) + 2 * tf.glyph(font, 40, at)[0]
        # LaTeX's \frac braces its \over: the fraction is an ordinary atom
        return _Atom("o", w, ha + u, db + v)

    def radical(self, arg, sizes, lvl, display):
        """Rule 11 with the smallest surd (cmsy's radical sign)."""
        xs = self.mlist(arg, sizes, lvl, True, display, "mi")
        w, h, d = self.hpack(xs, sizes, lvl)
        t = self._theta()
        phi = abs(self._sy(sizes, lvl, 5)) if display and lvl == 0 else t
        clr = t + phi / 4.0
        font, at = self.fonts.math_font("sy", sizes[min(lvl, 2)])
        sw, sh, sd, _ = tf.glyph(font, 112, at)
        # the surd's height is the rule thickness; a deep surd centres the radicand
        rule = sh
        if sd > h + d + clr:
            clr = (clr + sd - h - d) / 2.0
        # TeX's overbar: the rule and a kern of its thickness above the clearance
        return _Atom("o", sw + w, h + clr + 2 * rule, max(d, sd - h - clr))

    def accent(self, cs, arg, sizes, lvl, display, alphabet):
        xs = self.mlist(arg, sizes, lvl, True, display, alphabet)
        w, h, d = self.hpack(xs, sizes, lvl)
        acc = ACCENTS[cs]
        if acc is None:  # \overline: kern 3 theta, rule theta, kern theta above the nucleus
            t = self._theta()
            return _Atom("o", w, h + 5 * t, d)
        font, at = self.fonts.math_font(acc[0], sizes[min(lvl, 2)])
        _, ah, _, _ = tf.glyph(font, acc[1], at)
        xh = tf.param(font, 5, at)
        delta = min(h, xh)
        return _Atom("o", w, max(h, ah + h - delta), d)


def _dimen(arg: str, size: float, mu: float = 0.0) -> float:
    """A TeX dimension in pt (``3pt``, ``0.5em``, ``2mm``, ``-1ex``, ``4mu``); 0 if unreadable."""
    arg = arg.strip().rstrip("*")
    units = {"pt": 1.0, "bp": 72.27 / 72, "mm": 72.27 / 25.4, "cm": 72.27 / 2.54, "in": 72.27,
             "em": size, "ex": 0.43 * size, "mu": mu, "pc": 12.0, "sp": 1 / 65536}
    for u, f in units.items():
        if arg.endswith(u):
            try:
                return float(arg[:-len(u)]) * f
            except ValueError:
                return 0.0
    return 0.0


def split_lines(text: str) -> list[str]:
    """Split ``text`` at top-level ``\\\\`` (skipping an optional ``[2pt]`` after it)."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and text[i + 1:i + 2] == "\\" and depth == 0:
            out.append(text[start:i])
            i += 2
            if i < len(text) and text[i] == "[":
                j = text.find("]", i)
                i = j + 1 if j >= 0 else i
            start = i
            continue
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        i += 1
    out.append(text[start:])
    return out


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
    hl = _HList()
    ts.text(text, hl, size, family)
    return TextBox(hl.w, hl.h, hl.d, ts.approx)
