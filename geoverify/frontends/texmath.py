"""Math mode of the TeX box model: atoms, their spacing, scripts, fractions, radicals, accents.

A formula is read into a list of atoms (ordinary, operator, binary, relation,
open, close, punctuation, inner) and packed with TeX's spacing table (TeXbook
ch. 18); sub- and superscripts follow rule 18 (``sup1``/``sup2``/``sup3``,
``sub1``/``sub2``, drops, italic corrections), fractions rule 15, radicals
rule 11 and accents rule 12, with the parameters of the fonts LaTeX selects.
:class:`MathMode` is mixed into the text-mode typesetter of
:mod:`geoverify.frontends.texbox` (``\\text`` goes back to text mode).
"""

from __future__ import annotations

import re

from geoverify.frontends import texfonts as tf
from geoverify.frontends.texarrows import EXT_ARROWS, ext_arrow, over_arrow
from geoverify.frontends.texbraces import brace
from geoverify.frontends.texdelims import BIG, DELIMITERS, big_delimiter
from geoverify.frontends.texlimits import stack_limits
from geoverify.frontends.texmatrix import ARRAYCOLSEP, ENVIRONMENTS, delimiter, needed_size, split_cells
from geoverify.frontends.texscan import RULE, HList, add_glyphs, control, dimen, next_arg, optional, read_group
from geoverify.frontends.texsymbols import (ACCENTS, CLASSES, COMPOSITES, DISPLAY_OPS, EM_SPACES, IGNORED,
    MATH_ALPHABETS, MATH_CHARS, MU_SPACES, NULLDELIMITERSPACE, SCRIPTSPACE, SPACING, SWALLOW1, SYMBOLS,
    TEXT_WRAPPERS, WORD_OPERATORS, LIMIT_WORDS)
from geoverify.frontends.texsymbols import TEXT_ONLY_CHARS

__all__ = ["MathMode"]


class _Atom:
    """One atom of a math list: class, size, and its glyphs (``HList.glyphs`` entries relative
    to its reference point; None when they are not known, ``[]`` for glue)."""

    __slots__ = ("cls", "w", "h", "d", "ic", "char", "font", "code", "at", "glyphs", "limits")

    def __init__(self, cls, w, h, d, ic=0.0, char=False, font=None, code=0, at=0.0, glyphs=None, limits=None):
        self.cls, self.w, self.h, self.d, self.ic, self.char, self.font = cls, w, h, d, ic, char, font
        # an operator's limits: True (\limits), False (\nolimits), None (in display style only)
        self.code, self.at, self.limits = code, at, limits
        if glyphs is None and char:
            glyphs = [(0.0, 0.0, font, at, code, w)]
        elif glyphs is None and cls is None:
            glyphs = []
        self.glyphs = glyphs


#: Arguments a macro takes along when it is a script's whole field (``x_\text{max}``)
_MACRO_ARGS = {**{cs: 1 for cs in TEXT_WRAPPERS}, **{cs: 1 for cs in MATH_ALPHABETS}, **{cs: 1 for cs in ACCENTS},
               "\\sqrt": 1, "\\frac": 2, "\\dfrac": 2, "\\tfrac": 2, "\\binom": 2, "\\textcolor": 2,
               "\\nicefrac": 2}

#: mathtools' overlaps: the share of the content's width left of the (empty) box
_LAPS = {"\\mathrlap": 0.0, "\\mathclap": 0.5, "\\mathllap": 1.0}

#: The ``font`` of a marker atom for a style change (``code`` is the new script level).
_STYLE = "style"


#: ``\\left``/``\\right`` delimiters sized from cmex's chains (texmatrix), and their names
_SIZED = {"(", ")", "[", "]", "\\{", "\\}", "."}
_DELIM_NAMES = {"\\lbrack": "[", "\\rbrack": "]", "\\lbrace": "\\{", "\\rbrace": "\\}"}
#: the small variant of each (family, code): TeX tries it before cmex's chain
_SMALL = {"(": ("rm", 40), ")": ("rm", 41), "[": ("rm", 91), "]": ("rm", 93), "\\{": ("sy", 102),
          "\\}": ("sy", 103)}
_LEFT_RIGHT = re.compile(r"\\(left|right)(?![A-Za-z@])")
_HRULE = re.compile(r"\\hrule\s+height\s*([-+.\w]+)\s+depth\s*([-+.\w]+)\s+width\s*([-+.\w]+)")


def _find_all(s: str, sub: str):
    k = s.find(sub)
    while k >= 0:
        yield k
        k = s.find(sub, k + 1)


class MathMode:
    """Math-mode methods; the host class provides ``fonts``, ``approx``, ``text`` and ``text_control``."""

    def formula(self, s: str, size: float, display: bool = False) -> tuple[float, float, float, list]:
        """``(width, height, depth, glyphs)`` of a formula in text (or display) style at text size ``size``."""
        sizes = self.fonts.math_sizes(size)
        atoms = self.mlist(s, sizes, 0, False, display, "mi")
        w, h, d, glyphs = self.pack(atoms, sizes, 0)
        if any(not any(s.startswith(e + "}", k + 7) for e in ENVIRONMENTS) for k in _find_all(s, "\\begin{")):
            glyphs = None  # other environments (arrays, cases) are not modelled: no glyph is known
        return w, h, d, glyphs

    def _sy(self, sizes, lvl, k):
        font, at = self.fonts.math_font("sy", sizes[min(lvl, 2)])
        return tf.param(font, k, at)

    def _theta(self):
        font, at = self.fonts.math_font("ex", 10.0)
        return tf.param(font, 8, at, 0.04)

    def hpack(self, atoms, sizes, lvl):
        """Width, height and depth of an atom list with TeX's inter-atom spacing."""
        return self.pack(atoms, sizes, lvl)[:3]

    def pack(self, atoms, sizes, lvl):
        """Width, height, depth and glyphs (``HList.glyphs`` entries) of an atom list."""
        w = h = d = 0.0
        glyphs = []
        mu = self._sy(sizes, lvl, 6) / 18.0
        prev = None
        # a binary atom after nothing, an operator, a relation, an opening or a punctuation is
        # ordinary; so is one before a relation, a closing, a punctuation or the end (rule 5, 6)
        for k, a in enumerate(atoms):
            if a.font == _STYLE:  # \scriptstyle and friends: spacing of the new style from here on
                lvl = a.code
                mu = self._sy(sizes, lvl, 6) / 18.0
                continue
            if a.cls == "b":
                nxt = next((b.cls for b in atoms[k + 1:] if b.font != _STYLE), None)
                if prev is None or prev in ("b", "op", "r", "open", "p") or nxt in (None, "r", "close", "p"):
                    a.cls = "o"
            if prev is not None and a.cls in CLASSES and prev in CLASSES:
                sp = SPACING[prev][CLASSES.index(a.cls)]
                if sp < 0:
                    sp = -sp if lvl == 0 else 0
                w += sp * mu
            add_glyphs(glyphs, a.glyphs, w, 0.0)
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
        return w, h, d, glyphs

    def relsize(self, arg, larger, sizes, lvl, cramped, display, alphabet):
        """Atoms of relsize's ``\\mathlarger{arg}`` (``larger``) or ``\\mathsmaller{arg}``.

        One Ord atom (relsize.sty's \\rs@make...choice in a group), the argument one style
        up or down: script to text, text to display (same size); in display style
        ``\\mathlarger`` sets an ``\\mbox{\\larger $\\displaystyle arg$}``: the text size
        times 1.2, snapped to the class's nearest size command, at most its largest. ``\\mathsmaller`` goes display to text, text to script,
        script to scriptscript.
        """
        if larger and display and lvl == 0:
            table = sorted(self.fonts.size_commands.values())
            want = 1.2 * sizes[0]
            size = min(min(table, key=lambda v: abs(v - want)), table[-1])
            sizes, display = self.fonts.math_sizes(size), True
        elif larger:
            lvl, display = max(lvl - 1, 0), lvl == 0
        elif display:
            display = False
        else:
            lvl = min(lvl + 1, 2)
        # the \bgroup ... \egroup around the choice makes the result one Ord atom
        w, h, d, g = self.pack(self.mlist(arg, sizes, lvl, cramped, display, alphabet), sizes, lvl)
        return [_Atom("o", w, h, d, glyphs=g)]

    def glyph_atom(self, family, code, size, cls="o"):
        font, at = self.fonts.math_font(family, size)
        if not tf.has_char(font, code):
            self.approx = True
        w, h, d, ic = tf.glyph(font, code, at)
        return _Atom(cls, w, h, d, ic, True, font, code, at)

    def unknown_atom(self, size):
        """Stand-in for something not modelled: the size of an ``x``, glyphs unknown."""
        a = self.glyph_atom("mi", ord("x"), size)
        a.glyphs = None
        return a

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
                inner, i = read_group(s, i)
                sub = self.mlist(inner, sizes, lvl, cramped, display, alphabet)
                w, h, d, g = self.pack(sub, sizes, lvl)
                atoms.append(_Atom("o", w, h, d, glyphs=g))
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
                cs, j = control(s, i)
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
            if ch in TEXT_ONLY_CHARS:
                continue
            self.approx = True
            atoms.append(self.unknown_atom(size))
        if alphabet == "op" and atoms:
            w, h, d, g = self.pack(atoms, sizes, lvl)
            return [_Atom("op", w, h, d, glyphs=g)]
        return atoms

    def math_control(self, cs, s, i, atoms, sizes, lvl, cramped, display, alphabet):
        size = sizes[min(lvl, 2)]
        mu = self._sy(sizes, lvl, 6) / 18.0
        if cs == "\\begin":
            name, j = next_arg(s, i)
            end = "\\end{%s}" % name.strip()
            k = s.find(end, j)
            if name.strip() in ENVIRONMENTS and k >= 0:
                atoms.append(self.matrix(name.strip(), s[j:k], sizes, lvl))
                return k + len(end)
        if cs in ("\\vcentcolon", "\\coloneqq", "\\eqqcolon"):
            # mathtools: \\vcentcolon is \\mathrel{\\mathop\\ordinarycolon}, the colon centred on
            # the axis (make_op); \\coloneqq adds \\mathrel{\\mkern-1.2mu}= (\\eqqcolon: = first)
            font, at = self.fonts.math_font("rm", size)
            cw, ch, cd, _ = tf.glyph(font, 58, at)
            lift = self._sy(sizes, lvl, 22) - (ch - cd) / 2.0
            glyphs = []
            if cs == "\\vcentcolon":
                glyphs.append((0.0, lift, font, at, 58, cw))
                w, h, d = cw, ch + lift, max(cd - lift, 0.0)
            else:
                ew, eh, ed, _ = tf.glyph(font, 61, at)
                kern = -1.2 * self._sy(sizes, lvl, 6) / 18.0
                first, second = ((58, cw, lift), (61, ew, 0.0)) if cs == "\\coloneqq" else ((61, ew, 0.0), (58, cw, lift))
                glyphs.append((0.0, first[2], font, at, first[0], first[1]))
                glyphs.append((first[1] + kern, second[2], font, at, second[0], second[1]))
                w, h, d = cw + ew + kern, max(ch + lift, eh), max(cd - lift, ed, 0.0)
            atoms.append(_Atom("r", w, h, d, glyphs=glyphs))
            return i
        if cs in COMPOSITES:
            cls, w, h, d = COMPOSITES[cs]
            if cs in ("\\neq", "\\ne"):  # \not over =: the slash's height and depth
                font, at = self.fonts.math_font("sy", size)
                _, h, d, _ = tf.glyph(font, 54, at)
                h, d = h / at, d / at
            atoms.append(_Atom(cls, w * size, h * size, d * size))
            return i
        if cs in EXT_ARROWS:
            w, h, d, g, i = ext_arrow(self, cs, s, i, sizes, lvl, cramped)
            atoms.append(_Atom("r", w, h, d, glyphs=g))
            return i
        if cs == "\\notin":
            atoms.append(self.notin(sizes, lvl))
            return i
        if cs in SYMBOLS:
            fam, code, cls = SYMBOLS[cs]
            if fam == "ex":  # a large operator, centred on the axis (its display variant in display style)
                font, at = self.fonts.math_font("ex", size)
                w, h, d, ic = tf.glyph(font, DISPLAY_OPS.get(code, code) if display and lvl == 0 else code, at)
                axis = self._sy(sizes, lvl, 22)
                half = (h + d) / 2.0
                g = [(0.0, d - (half - axis), font, at, DISPLAY_OPS.get(code, code) if display and lvl == 0 else code, w)]
                ic = ic if code in (82, 72) else 0.0
                # LaTeX's \int and \oint are \intop\nolimits, \ointop\nolimits
                atoms.append(_Atom("op", w + ic, half + axis, half - axis, ic, glyphs=g,
                                   limits=False if code in (82, 72) else None))
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
            atoms.append(_Atom(None, 0.0, 0.0, 0.0, font=_STYLE, code=new, glyphs=[]))
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
            atoms.append(_Atom("o", 0.36 * tf.param(font, 6, at, 1.0), 0.4, 0.0, glyphs=[(0.0, 0.0, RULE, 0.0, 0, 0.0)]))
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
        if cs == "\\ddots":  # plain TeX: text dots raised 7pt, 4pt, 1pt, 2mu apart (1mu at the ends)
            font, at = self.fonts.text_font("rm", size)
            dw, dh, _, _ = tf.glyph(font, 46, at)
            g = [(mu + k * (dw + 2 * mu), 7.0 - 3.0 * k, font, at, 46, dw) for k in range(3)]
            atoms.append(_Atom("inner", 6 * mu + 3 * dw, 14.0 + dh, 0.0, glyphs=g))
            return i
        if cs == "\\vdots":
            atoms.append(_Atom("o", 0.277779 * size, 0.75 * size + 0.1 * size, 0.0))
            return i
        if cs[1:] in WORD_OPERATORS:
            sub = self.mlist(cs[1:], sizes, lvl, cramped, display, "op")
            for a in sub:  # LaTeX: \lim, \max, ... take limits in display style; \sin, \log, ... \nolimits
                a.limits = None if cs[1:] in LIMIT_WORDS else False
            atoms.extend(sub)
            return i
        if cs in ("\\limits", "\\nolimits", "\\displaylimits") and atoms and atoms[-1].cls == "op":
            atoms[-1].limits = {"\\limits": True, "\\nolimits": False}.get(cs)
            return i
        if cs in ("\\frac", "\\dfrac", "\\tfrac", "\\cfrac", "\\over", "\\binom", "\\dbinom", "\\tbinom"):
            num, i = next_arg(s, i)
            den, i = next_arg(s, i)
            atoms.append(self.fraction(num, den, sizes, lvl, cramped,
                                       display or cs in ("\\dfrac", "\\cfrac", "\\dbinom"),
                                       cs in ("\\tfrac", "\\tbinom"), "binom" in cs))
            return i
        if cs in ("\\nicefrac", "\\unitfrac"):
            atom, i = self.nicefrac(s, optional(s, i), sizes, lvl, cramped)
            atoms.append(atom)
            return i
        if cs == "\\sqrt":
            k = optional(s, i)
            arg, i = next_arg(s, k)
            atoms.append(self.radical(arg, sizes, lvl, display))
            return i
        if cs in ("\\mathlarger", "\\mathsmaller"):
            arg, i = next_arg(s, i)
            atoms.extend(self.relsize(arg, cs == "\\mathlarger", sizes, lvl, cramped, display, alphabet))
            return i
        if cs in ("\\boldsymbol", "\\bm"):
            # amsbsy: the argument in the bold math version (\\mathversion{bold}) in an \\hbox;
            # a single math character keeps its class (\\math@atom), anything else is an Ord
            arg, i = next_arg(s, i)
            normal = self.fonts
            self.fonts = normal.math_version(True)
            try:
                xs = self.mlist(arg, sizes, lvl, cramped, display, alphabet)
                cls = xs[0].cls if len(xs) == 1 and xs[0].char and xs[0].cls in CLASSES else "o"
                w, h, d, g = self.pack(xs, sizes, lvl)
            finally:
                self.fonts = normal
            atoms.append(_Atom(cls, w, h, d, glyphs=g))
            return i
        if cs in ("\\overrightarrow", "\\overleftarrow"):
            arg, i = next_arg(s, i)
            w, h, d, glyphs = over_arrow(self, cs, arg, sizes, lvl, display)
            atoms.append(_Atom("o", w, h, d, glyphs=glyphs))
            return i
        if cs in ACCENTS:
            arg, i = next_arg(s, i)
            # tex.web's make_math_accent: scripts of an accented single character go on the
            # character, and the accent over both (it keeps its place over the character)
            j = i
            while j < len(s) and s[j] == " ":
                j += 1
            scripted = None
            if j < len(s) and s[j] in "^_'" and ACCENTS[cs] is not None:
                xs = self.mlist(arg, sizes, lvl, cramped, display, alphabet)
                if len(xs) == 1 and xs[0].char:
                    inner = [xs[0]]
                    i = self.scripts(s, j, inner, sizes, lvl, cramped, display)
                    scripted = inner[0]
            atoms.append(self.accent(cs, arg, sizes, lvl, display, alphabet, scripted))
            return i
        if cs in ("\\underbrace", "\\overbrace"):  # an operator with limits (texbraces)
            arg, i = next_arg(s, i)
            limits = {"^": None, "_": None}
            while True:
                j = i
                while j < len(s) and s[j] == " ":
                    j += 1
                if j >= len(s) or s[j] not in "^_":
                    break
                lim, i = next_arg(s, j + 1)
                for _ in range(_MACRO_ARGS.get(lim, 0) if lim.startswith("\\") else 0):
                    more, i = next_arg(s, i)
                    lim += "{" + more + "}"
                limits[s[j]] = lim
            w, h, d, g = brace(self, cs == "\\overbrace", arg, limits["^"], limits["_"], sizes, lvl, cramped)
            atoms.append(_Atom("op", w, h, d, glyphs=g))
            return i
        if cs == "\\underline":
            arg, i = next_arg(s, i)
            sub = self.mlist(arg, sizes, lvl, cramped, display, alphabet)
            w, h, d, g = self.pack(sub, sizes, lvl)
            t = self._theta()
            atoms.append(_Atom("o", w, h, d + 3 * t + t + t, glyphs=g if cs == "\\underline" else None))
            return i
        if cs in _LAPS:  # mathtools: a box of no width, its content right of, around or left of it
            i = optional(s, i)
            arg, i = next_arg(s, i)
            w, h, d, g = self.pack(self.mlist(arg, sizes, lvl, cramped, display, alphabet), sizes, lvl)
            glyphs = []
            add_glyphs(glyphs, g, -_LAPS[cs] * w, 0.0)
            atoms.append(_Atom("o", 0.0, h, d, glyphs=glyphs))
            return i
        if cs in MATH_ALPHABETS:
            if cs == "\\operatorname" and s.startswith("*", i):  # limits: the same size without scripts
                i += 1
            arg, i = next_arg(s, i)
            alph = MATH_ALPHABETS[cs]
            atoms.extend(self.mlist(arg, sizes, lvl, cramped, display, alph))
            return i
        if cs in ("\\rm", "\\bf", "\\it", "\\sf", "\\tt", "\\cal", "\\mit"):
            return i, lvl, display, {"\\mit": "mi", "\\cal": "cal"}.get(cs, cs[1:])
        if cs in TEXT_WRAPPERS or cs in ("\\textcolor",):
            if cs == "\\textcolor":
                _, i = next_arg(s, i)
            arg, i = next_arg(s, i)
            fam = TEXT_WRAPPERS.get(cs) or "rm"
            # \text follows the math style's size; \mbox stays at the text size
            hsize = sizes[0] if cs in ("\\mbox", "\\hbox", "\\fbox", "\\makebox") else size
            hl = HList()
            self.text_control(cs, "{" + arg + "}", 0, hl, hsize, fam) if cs == "\\fbox" else \
                self.text(arg, hl, hsize, fam)
            atoms.append(_Atom("o", hl.w, hl.h, hl.d, glyphs=hl.glyphs))
            return i
        if cs in ("\\phantom", "\\hphantom", "\\vphantom", "\\mathstrut"):
            # \mathstrut is plain TeX's \vphantom( (the height and depth of a parenthesis)
            arg, i = ("(", i) if cs == "\\mathstrut" else next_arg(s, i)
            sub = self.mlist(arg, sizes, lvl, cramped, display, alphabet)
            w, h, d = self.hpack(sub, sizes, lvl)
            atoms.append(_Atom("o", 0.0 if cs in ("\\vphantom", "\\mathstrut") else w, 0.0 if cs == "\\hphantom" else h,
                               0.0 if cs == "\\hphantom" else d, glyphs=[]))
            return i
        if cs in ("\\mathop", "\\mathbin", "\\mathrel", "\\mathopen", "\\mathclose", "\\mathpunct",
                  "\\mathord", "\\mathinner"):
            arg, i = next_arg(s, i)
            sub = self.mlist(arg, sizes, lvl, cramped, display, alphabet)
            w, h, d, g = self.pack(sub, sizes, lvl)
            cls = {"\\mathop": "op", "\\mathbin": "b", "\\mathrel": "r", "\\mathopen": "open",
                   "\\mathclose": "close", "\\mathpunct": "p", "\\mathord": "o", "\\mathinner": "inner"}[cs]
            atoms.append(_Atom(cls, w, h, d, glyphs=g))
            return i
        if cs in ("\\hspace", "\\kern", "\\mkern", "\\hskip", "\\mskip"):
            arg, i = next_arg(s, i)
            atoms.append(_Atom(None, dimen(arg, size, mu), 0.0, 0.0))
            return i
        if cs in SWALLOW1:
            if cs == "\\color":
                i = optional(s, i)
            _, i = next_arg(s, i)
            return i
        if cs in BIG:
            tok, j = next_arg(s, i)
            if tok.strip() in DELIMITERS:
                # set in an \\hbox of its own: a formula in text style, whatever the style here
                cls, w, h, d, g = big_delimiter(self.fonts, cs, tok.strip(), sizes[0], self._sy(sizes, 0, 22))
                atoms.append(_Atom(cls, w, h, d, glyphs=g))
                return j
        if cs == "\\left":
            k = self._left_right(s, i, atoms, sizes, lvl, cramped, display, alphabet)
            if k is not None:
                return k
        if cs == "\\vcenter":
            arg, j = next_arg(s, i)
            m = _HRULE.fullmatch(arg.strip())
            if m:  # \vcenter{\hrule height a depth b width c}: a strut of a + b centred on the axis
                a, b, c = (dimen(m.group(k), size) for k in (1, 2, 3))
                axis = self._sy(sizes, lvl, 22)
                atoms.append(_Atom("o", c, axis + (a + b) / 2, (a + b) / 2 - axis, glyphs=[]))
                return j
        if cs in ("\\left", "\\right") or cs in BIG:
            # the delimiter that follows is set at its normal size; "." is the null delimiter
            k = i
            while k < len(s) and s[k] == " ":
                k += 1
            if s.startswith(".", k):
                atoms.append(_Atom(None, NULLDELIMITERSPACE, 0.0, 0.0))
                return k + 1
            if cs in ("\\left", "\\right"):
                # TeX may take a larger delimiter from another font: its glyph is not known
                tok, j = next_arg(s, k)
                sub = self.mlist(tok, sizes, lvl, cramped, display, alphabet)
                for a in sub:
                    a.glyphs = None
                atoms.extend(sub)
                return j
            return i
        if cs in ("\\(", "\\)", "\\[", "\\]"):
            return i
        if cs in IGNORED:
            return i
        if cs[1:] in self.fonts.size_commands or cs == "\\\\":
            return i
        self.approx = True
        atoms.append(self.unknown_atom(size))
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
            arg, i = next_arg(s, i + 1)
            # a script "_\text{max}": TeX expands the macro, which takes its arguments along
            nargs = _MACRO_ARGS.get(arg, 0) if arg.startswith("\\") else 0
            for _ in range(nargs):
                more, i = next_arg(s, i)
                arg += "{" + more + "}"
            if kind == "^":
                sup = arg
            else:
                sub = arg
            while i < n and s[i] == " ":
                i += 1
        if primes:
            sup = "\\prime" * primes + ("" if sup is None else sup)
        nucleus = atoms.pop() if atoms and atoms[-1].cls is not None else _Atom("o", 0.0, 0.0, 0.0)
        if nucleus.cls == "op" and (nucleus.limits or (nucleus.limits is None and display and lvl == 0)):
            # rule 13a: limits above and below (texlimits.py)
            w, h, d, g = stack_limits(self, (nucleus.w, nucleus.h, nucleus.d, nucleus.glyphs), sup, sub, sizes,
                                      lvl, cramped, nucleus.ic)
            atoms.append(_Atom("op", w, h, d, glyphs=g, limits=True))
            return i
        slvl = lvl + 1
        is_char = nucleus.char
        h, d = nucleus.h, nucleus.d
        if is_char:
            u = v = 0.0
        else:
            u = h - self._sy(sizes, slvl, 18)
            v = d + self._sy(sizes, slvl, 19)
        delta = nucleus.ic if is_char else 0.0
        base = nucleus.w
        if nucleus.cls == "op" and not is_char and nucleus.ic:
            # tex.web's make_op: the integral's italic correction leaves the nucleus and goes
            # between the nucleus and the superscript
            delta = nucleus.ic
            base = nucleus.w - delta
        width = base + (delta if sub is None else 0.0)
        top = nucleus.h
        bot = nucleus.d
        sw = 0.0
        xh = abs(self._sy(sizes, lvl, 5))
        gx = gy = None
        if sup is not None:
            xs = self.mlist(sup, sizes, slvl, cramped, False, "mi")
            wx, hx, dx, gx = self.pack(xs, sizes, slvl)
            wx += SCRIPTSPACE
            p = self._sy(sizes, lvl, 13 if display else 15 if cramped else 14)
            u = max(u, p, dx + xh / 4.0)
        if sub is not None:
            ys = self.mlist(sub, sizes, slvl, True, False, "mi")
            wy, hy, dy, gy = self.pack(ys, sizes, slvl)
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
        # TeX sets the nucleus, then the superscript (after the italic correction), then the subscript
        glyphs = []
        add_glyphs(glyphs, nucleus.glyphs, 0.0, 0.0)
        if sup is not None:
            add_glyphs(glyphs, gx, base + delta, u)
        if sub is not None:
            add_glyphs(glyphs, gy, base, -v)
        atoms.append(_Atom(nucleus.cls if nucleus.cls is not None else "o", width + sw, top, bot, glyphs=glyphs))
        return i

    def _left_right(self, s, i, atoms, sizes, lvl, cramped, display, alphabet):
        """``\\left<d> ... \\right<d>`` (``i`` after ``\\left``) with both delimiters among
        ``( ) [ ] \\{ \\} .``: the inner list as an inner atom between delimiters sized by rule 19
        from cmex (:func:`~geoverify.frontends.texmatrix.delimiter`), centred on the axis; the
        index after the right delimiter, or None for other delimiters (set at normal size)."""
        left, j = next_arg(s, i)
        depth, k = 1, j
        for m in _LEFT_RIGHT.finditer(s, j):
            depth += 1 if m.group(1) == "left" else -1
            if depth == 0:
                k = m.start()
                break
        else:
            return None
        right, e = next_arg(s, k + len("\\right"))
        left, right = _DELIM_NAMES.get(left.strip(), left.strip()), _DELIM_NAMES.get(right.strip(), right.strip())
        if left not in _SIZED or right not in _SIZED:
            return None
        inner = self.mlist(s[j:k], sizes, lvl, cramped, display, alphabet)
        w, h, d, g = self.pack(inner, sizes, lvl)
        axis = self._sy(sizes, lvl, 22)
        need = needed_size(h, d, axis)
        at = sizes[min(lvl, 2)]
        glyphs: list | None = []
        x, h_all, d_all = 0.0, h, d
        for char in (left, right):
            if char == ".":
                x += NULLDELIMITERSPACE
            else:
                # tex.web's var_delimiter: the small variant (roman, this size) when it is big
                # enough, else cmex's chain
                family, code = _SMALL[char]
                font, fat = self.fonts.math_font(family, at)
                dw, dh, dd, ic = tf.glyph(font, code, fat)
                if dh + dd >= need:
                    dw, dg = dw + ic, [(0.0, 0.0, font, fat, code, dw)]
                else:
                    dw, dh, dd, dg = delimiter(char, need, at)
                y = axis - (dh - dd) / 2
                if glyphs is not None:
                    add_glyphs(glyphs, dg, x, y)
                x += dw
                h_all, d_all = max(h_all, y + dh), max(d_all, dd - y)
            if char is left:
                if g is None:
                    glyphs = None
                elif glyphs is not None:
                    add_glyphs(glyphs, g, x, 0.0)
                x += w
        atoms.append(_Atom("inner", x, h_all, d_all, glyphs=glyphs))
        return e

    def matrix(self, env, body, sizes, lvl):
        """amsmath's ``matrix``/``pmatrix``/``bmatrix`` (:mod:`geoverify.frontends.texmatrix`)."""
        cells = [[self.pack(self.mlist(c, sizes, lvl, False, False, "mi"), sizes, lvl) for c in row]
                 for row in split_cells(body)]
        ncol = max(len(r) for r in cells)
        colw = [max((r[j][0] for r in cells if j < len(r)), default=0.0) for j in range(ncol)]
        strut_h, strut_d = 0.84 * sizes[0], 0.36 * sizes[0]  # 0.7 and 0.3 of a 1.2 size baselineskip
        heights = [max([strut_h] + [c[1] for c in r]) for r in cells]
        depths = [max([strut_d] + [c[2] for c in r]) for r in cells]
        total = sum(heights) + sum(depths)
        axis = self._sy(sizes, lvl, 22)
        top = axis + total / 2  # \vcenter
        h_all, d_all = top, total - top
        need = needed_size(top, total - top, axis)
        at = sizes[min(lvl, 2)]
        left, right = ENVIRONMENTS[env]
        glyphs = []
        x = 0.0
        if left:
            w, h, d, g = delimiter(left, need, at)
            y = axis - (h - d) / 2  # centred on the axis
            add_glyphs(glyphs, g, 0.0, y)
            x = w
            h_all, d_all = max(h_all, y + h), max(d_all, d - y)
        base = top
        for r, row in enumerate(cells):
            base -= heights[r]
            cx = x
            for j, (w, h, d, g) in enumerate(row):
                add_glyphs(glyphs, g, cx + (colw[j] - w) / 2, base)
                cx += colw[j] + 2 * ARRAYCOLSEP
            base -= depths[r]
        x += sum(colw) + 2 * ARRAYCOLSEP * (ncol - 1)
        if right:
            w, h, d, g = delimiter(right, need, at)
            y = axis - (h - d) / 2
            add_glyphs(glyphs, g, x, y)
            x += w
            h_all, d_all = max(h_all, y + h), max(d_all, d - y)
        return _Atom("inner" if left else "o", x, h_all, d_all, glyphs=glyphs)

    def fraction(self, num, den, sizes, lvl, cramped, display, text_style, binom=False):
        """Rule 15: numerator over denominator with a rule on the axis."""
        style = lvl
        if text_style:
            display = False
        part = style if display and lvl == 0 else style + 1  # D -> T parts, T -> S parts
        a = self.mlist(num, sizes, part, cramped, False, "mi")
        b = self.mlist(den, sizes, part, True, False, "mi")
        wa, ha, da, ga = self.pack(a, sizes, part)
        wb, hb, db, gb = self.pack(b, sizes, part)
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
        left = NULLDELIMITERSPACE
        glyphs = []
        if binom:  # normal-size parentheses instead of null delimiters
            font, at = self.fonts.math_font("rm", sizes[min(lvl, 2)])
            left = tf.glyph(font, 40, at)[0]
            w = max(wa, wb) + 2 * left
            add_glyphs(glyphs, None, 0.0, 0.0)
        # numerator and denominator centred over each other (TeX's \hss on both sides)
        add_glyphs(glyphs, ga, left + (max(wa, wb) - wa) / 2, u)
        add_glyphs(glyphs, RULE, left, 0.0)
        add_glyphs(glyphs, gb, left + (max(wa, wb) - wb) / 2, -v)
        # LaTeX's \frac braces its \over: the fraction is an ordinary atom
        return _Atom("o", w, ha + u, db + v, glyphs=glyphs)

    def radical(self, arg, sizes, lvl, display):
        """Rule 11 with the smallest surd (cmsy's radical sign)."""
        xs = self.mlist(arg, sizes, lvl, True, display, "mi")
        w, h, d, g = self.pack(xs, sizes, lvl)
        t = self._theta()
        phi = abs(self._sy(sizes, lvl, 5)) if display and lvl == 0 else t
        clr = t + phi / 4.0
        font, at = self.fonts.math_font("sy", sizes[min(lvl, 2)])
        sw, sh, sd, _ = tf.glyph(font, 112, at)
        surd = [(0.0, 0.0, font, at, 112, sw)]
        if sh + sd < h + d + clr + t:
            # too short: the radical's large variants in cmex (tex.web's var_delimiter)
            ex, ex_at = self.fonts.math_font("ex", sizes[min(lvl, 2)])
            sw, sh, sd, surd = delimiter("\\surd", h + d + clr + t, ex_at)
        # the surd's height is the rule thickness; a deep surd centres the radicand
        rule = sh
        if sd > h + d + clr:
            clr = (clr + sd - h - d) / 2.0
        # the surd is raised by h + clr (tex.web's make_radical), then come the rule and the radicand
        glyphs = []
        add_glyphs(glyphs, surd, 0.0, h + clr)
        glyphs.append((sw, h + clr, RULE, 0.0, 0, 0.0))
        add_glyphs(glyphs, g, sw, 0.0)
        # TeX's overbar: the rule and a kern of its thickness above the clearance
        return _Atom("o", sw + w, h + clr + 2 * rule, max(d, sd - h - clr), glyphs=glyphs)

    def nicefrac(self, s, i, sizes, lvl, cramped):
        """nicefrac.sty's ``\\nicefrac{a}{b}`` in math: ``a`` in script style raised by the
        difference of the heights of an M in the two styles, ``\\mkern-2mu/\\mkern-1mu``,
        then ``b`` in script style (script script style in scripts). Returns the atom and
        the index after the arguments."""
        num, i = next_arg(s, i)
        den, i = next_arg(s, i)
        nl = 1 if lvl == 0 else 2
        m_here = self.glyph_atom("mi", ord("M"), sizes[min(lvl, 1)]).h
        m_there = self.glyph_atom("mi", ord("M"), sizes[nl]).h
        lift = m_here - m_there
        wn, hn, dn, gn = self.pack(self.mlist(num, sizes, nl, cramped, False, "mi"), sizes, nl)
        wd, hd, dd, gd = self.pack(self.mlist(den, sizes, nl, cramped, False, "mi"), sizes, nl)
        slash = self.glyph_atom("mi", 61, sizes[min(lvl, 2)])
        mu = self._sy(sizes, lvl, 6) / 18.0
        glyphs = []
        add_glyphs(glyphs, gn, 0.0, lift)
        x = wn - 2 * mu
        add_glyphs(glyphs, slash.glyphs, x, 0.0)
        x += slash.w + slash.ic - mu
        add_glyphs(glyphs, gd, x, 0.0)
        return _Atom("o", x + wd, max(hn + lift, slash.h, hd), max(dn - lift, slash.d, dd), glyphs=glyphs), i

    def notin(self, sizes, lvl):
        """LaTeX's ``\\notin``: a relation of ``\\in`` overlaid (``\\ooalign``) with
        ``\\hfil\\mkern1mu/\\hfil`` in a box of the wider of the two; the alignment is a
        ``\\vtop`` of both rows on one baseline, as high as the slash's row and as deep as
        the ``\\in``'s."""
        size = sizes[min(lvl, 2)]
        member = self.glyph_atom("sy", 50, size, "r")
        slash = self.glyph_atom("mi", 61, size)
        mu = self._sy(sizes, lvl, 6) / 18.0
        w = max(member.w, mu + slash.w)
        glyphs = []
        add_glyphs(glyphs, slash.glyphs, mu + (w - mu - slash.w) / 2.0, 0.0)
        add_glyphs(glyphs, member.glyphs, 0.0, 0.0)
        return _Atom("r", w, slash.h, member.d, glyphs=glyphs)

    def accent(self, cs, arg, sizes, lvl, display, alphabet, scripted=None):
        """The accent atom over ``arg`` (rule 12); ``scripted`` is the accented character
        with the scripts that followed the accent, when there were any."""
        xs = self.mlist(arg, sizes, lvl, True, display, alphabet)
        w, h, d, g = self.pack(xs, sizes, lvl)
        acc = ACCENTS[cs]
        if acc is None:  # \overline: kern 3 theta, rule theta, kern theta above the nucleus
            t = self._theta()
            glyphs = [(0.0, h + 3 * t, RULE, 0.0, 0, 0.0)]
            add_glyphs(glyphs, g, 0.0, 0.0)
            return _Atom("o", w, h + 5 * t, d, glyphs=glyphs)
        font, at = self.fonts.math_font(acc[0], sizes[min(lvl, 2)])
        aw, ah, ad, aic = tf.glyph(font, acc[1], at)
        xh = tf.param(font, 5, at)
        delta = min(h, xh)
        # tex.web's make_math_accent: the accent first, centred (plus the skew of a single
        # character's kern with the skew character), its bottom delta below the nucleus's top
        skew = 0.0
        if len(xs) == 1 and xs[0].char:
            skew = tf.kern(xs[0].font, xs[0].code, 127 if xs[0].font.startswith("cmmi") else 48, xs[0].at)
        # (tex.web's char_box counts the accent's italic correction in its width)
        glyphs = [(skew + (w - aw - aic) / 2, h - delta + ad, font, at, acc[1], aw)]
        if scripted is not None:
            add_glyphs(glyphs, scripted.glyphs, 0.0, 0.0)
            return _Atom("o", scripted.w, max(scripted.h, ah + h - delta), scripted.d, glyphs=glyphs)
        add_glyphs(glyphs, g, 0.0, 0.0)
        return _Atom("o", w, max(h, ah + h - delta), d, glyphs=glyphs)
