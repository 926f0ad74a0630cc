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

import re

from geoverify.frontends.texbox import TextBox, measure as _measure
from geoverify.frontends.texfonts import LatexFonts, metrics_available, param
from geoverify.frontends.texscan import dimen
from geoverify.frontends.tikz.mathbreaks import BIN_PENALTY, REL_PENALTY, math_breaks

__all__ = ["TextBox", "baselineskip", "measure", "metrics_available", "em", "ex", "interword_space", "line_skip",
           "node_lines", "wrap",
           "FONT_SIZES", "BOLD_MATH", "extra_space"]

_FONTS = LatexFonts(10)
#: A family string ends with this when math is in the bold version (``font=\\boldmath``).
BOLD_MATH = "+boldmath"


def _selection(bold) -> tuple[str, LatexFonts]:
    """Text family and font selection (normal or bold math version) of a ``bold`` argument."""
    family = bold if isinstance(bold, str) else ("bf" if bold else "rm")
    if family.endswith(BOLD_MATH):
        return family[:-len(BOLD_MATH)] or "rm", _FONTS.math_version(True)
    return family, _FONTS

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
        ``True`` for bold, or a text family: rm, bf, it, sl, tt, sf; with :data:`BOLD_MATH`
        appended, math is set in the bold version.

    Returns
    -------
    box : TextBox
        For several lines (``\\\\``) the height is the first line's and the depth
        reaches the last baseline plus its depth (:func:`baselineskip` apart).
    widths : list of float
        Width of each line (for ``align``).
    """
    family, fonts = _selection(bold)
    skips: list[str] = []
    lines = node_lines(text, skips=skips)
    widths = []
    approx = False
    first_h = last_d = 0.0
    for k, src in enumerate(lines):
        box = _measure(src.strip(), size, fonts, family)
        widths.append(box.width)
        approx |= box.approximate
        if k == 0:
            first_h = box.height
        last_d = box.depth
    # \\\\[skip] adds its skip to the distance of the baselines (\\vskip between the lines)
    extra = sum(line_skip(s, size, bold) for s in skips[:len(lines) - 1])
    depth = last_d + (len(lines) - 1) * baselineskip(size) + extra
    return TextBox(max(widths) if widths else 0.0, first_h, depth, approx), widths


def line_skip(arg: str, size: float = 10.0, bold=False) -> float:
    """The length of a ``\\\\[<arg>]`` in pt (``em`` and ``ex`` of the text font at ``size``);
    0 for none or one it cannot read."""
    arg = arg.strip()
    if not arg:
        return 0.0
    m = re.fullmatch(r"([-+]?(?:\d+\.?\d*|\.\d+))\s*(em|ex)", arg)
    if m:
        return float(m.group(1)) * (em(size, bold) if m.group(2) == "em" else ex(size, bold))
    return dimen(arg, size)


#: Font declarations: they hold to the end of the enclosing group (and across ``\\\\``).
_DECLARATIONS = set(FONT_SIZES) | {"\\bf", "\\bfseries", "\\it", "\\itshape", "\\tt", "\\ttfamily", "\\sf",
                                   "\\sffamily", "\\rm", "\\rmfamily", "\\sl", "\\slshape", "\\em", "\\sc",
                                   "\\scshape", "\\mdseries", "\\upshape", "\\normalfont", "\\color"}
#: Commands whose braced argument is ordinary paragraph text: a ``\\\\`` in it breaks the line.
_TEXT_GROUPS = {"\\textbf", "\\textit", "\\textsl", "\\textsf", "\\texttt", "\\textrm", "\\textsc", "\\emph",
                "\\textup", "\\textmd", "\\textnormal", "\\textcolor", "\\color"}
_COMMAND = re.compile(r"\\([A-Za-z@]+|.|$)", re.S)
_BEFORE_GROUP = re.compile(r"(\\[A-Za-z]+)\s*(\{[^{}]*\}\s*)?$")


def node_lines(text: str, carry: bool = False, skips: list | None = None) -> list[str]:
    """Node text split into its lines at ``\\\\`` (an optional ``*`` and ``[<skip>]`` after it
    are dropped; with a list ``skips``, each break's skip text, ``""`` for none, is appended to it).

    A ``\\\\`` inside a brace group or a text command's argument (``{\\small a\\\\b}``,
    ``\\textbf{a\\\\b}``) breaks the line too: each line gets the groups still open
    closed at its end and reopened, with their font declarations, at the next line's
    start. Inside math, environments (``tabular``) and other boxes (``\\mbox``,
    ``\\parbox``) it does not break the node's line.

    Parameters
    ----------
    text : str
        Node text (TeX source).
    carry : bool
        Whether font declarations outside any group hold on the next lines: they do in
        a paragraph (a node with ``text width``), not in ``align`` lines, which TikZ
        sets one group each.

    Returns
    -------
    list of str
        The source of each line, balanced in braces.
    """
    if "\\\\" not in text:  # no \\ (a line break) in it: one line (most node texts)
        return [text]
    lines = []
    stack = []  # open groups: [opener, breaks lines, declarations so far]
    top = []    # declarations outside groups
    env = 0
    math = False
    prefix, start, i, n = "", 0, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            cs = _COMMAND.match(text, i).group(0)
            if cs == "\\\\" and not math and env == 0 and all(g[1] for g in stack):
                lines.append(prefix + text[start:i] + "}" * len(stack))
                i += 2
                # \\*[skip]: LaTeX's \@ifstar and \@ifnextchar skip blanks before them
                k = i
                while k < n and text[k] in " \t\n":
                    k += 1
                if k < n and text[k] == "*":
                    i = k = k + 1
                    while k < n and text[k] in " \t\n":
                        k += 1
                skip = ""
                if k < n and text[k] == "[":
                    j = text.find("]", k)
                    if j >= 0:
                        skip, i = text[k + 1:j], j + 1
                if skips is not None:
                    skips.append(skip)
                prefix = ("".join(top) if carry else "") + "".join(g[0] + "".join(g[2]) for g in stack)
                start = i
                continue
            if cs in ("\\begin", "\\end") and not math:
                env += 1 if cs == "\\begin" else -1
            elif cs in _DECLARATIONS:
                decl = cs + " "
                if cs == "\\color":
                    m = re.match(r"\s*\{[^{}]*\}", text[i + len(cs):])
                    decl = cs + (m.group(0) if m else "") + " "
                (stack[-1][2] if stack else top).append(decl)
            i += len(cs)
            continue
        if ch == "$":
            math = not math
        elif ch == "{" and not math:
            m = _BEFORE_GROUP.search(text, start, i)
            if m is None or m.group(1) in _DECLARATIONS and m.group(2) is None:
                stack.append(["{", True, []])
            elif m.group(1) in _TEXT_GROUPS and not (m.group(1) == "\\textcolor" and m.group(2) is None):
                stack.append([m.group(0) + "{", True, []])
            else:
                stack.append(["{", False, []])
        elif ch == "}" and not math and stack:
            stack.pop()
        i += 1
    lines.append(prefix + text[start:])
    return lines


#: LaTeX's \\baselineskip for the size commands of the 10 pt class (size10.clo).
_BASELINESKIP = {5.0: 6.0, 7.0: 8.0, 8.0: 9.5, 9.0: 11.0, 10.0: 12.0, 12.0: 14.0, 14.4: 18.0,
                 17.28: 22.0, 20.74: 25.0, 24.88: 30.0}


def baselineskip(size: float) -> float:
    """Distance in pt between the baselines of lines at ``size`` (1.2 x size for other sizes)."""
    for s, skip in _BASELINESKIP.items():
        if abs(s - size) < 1e-3:
            return skip
    return 1.2 * size


def em(size: float = 10.0, bold=False) -> float:
    """TeX's ``1em`` in pt: the quad (``\\fontdimen6``) of the text font LaTeX selects at ``size``.

    ``inner sep=.3333em`` of a node is measured in the node's font: 10 pt at
    ``\\normalsize`` (cmr10), 11.75 pt at ``\\large`` (cmr12), 9.25 pt at
    ``\\small`` (cmr9). The size itself when the metric table is missing.
    """
    family, _ = _selection(bold)
    name, at = _FONTS.text_font(family, size)
    return param(name, 6, at, default=1.0) if metrics_available() else size


def ex(size: float = 10.0, bold=False) -> float:
    """TeX's ``1ex`` in pt: the x-height (``\\fontdimen5``) of the text font LaTeX selects at
    ``size``: 4.30554 pt in cmr10 (0.430554 of the size when the metric table is missing)."""
    family, _ = _selection(bold)
    name, at = _FONTS.text_font(family, size)
    return param(name, 5, at, default=0.430554) if metrics_available() else 0.430554 * size


def interword_space(size: float = 10.0, bold=False) -> float:
    """TeX's interword space (``\\fontdimen2``) in pt of the text font LaTeX selects at ``size``:
    3.33 pt in cmr10, 5.25 pt in cmtt10."""
    family, fonts = _selection(bold)
    name, at = fonts.text_font(family, size)
    return param(name, 2, at, default=1 / 3) if metrics_available() else size / 3


def extra_space(size: float = 10.0, bold=False) -> float:
    """TeX's extra space (``\\fontdimen7``) in pt, added to a space after a sentence's end
    (space factor 2000 or more: ``.``, ``?``, ``!``, ``:``): 1.11 pt in cmr10."""
    family, fonts = _selection(bold)
    name, at = fonts.text_font(family, size)
    return param(name, 7, at, default=1 / 9) if metrics_available() else size / 9


_FONT_GROUP = re.compile(r"\\(texttt|textbf|textit|textsl|textsf|textrm|textsc|emph|textup)\{([^{}$]*)\}")


def _words(line: str) -> list[str]:
    """``line`` split at spaces outside braces and math (``\\texttt{a b}`` is two words)."""
    line = _FONT_GROUP.sub(lambda m: " ".join(f"\\{m.group(1)}{{{w}}}" for w in m.group(2).split()), line)
    words, depth, math, start, i = [], 0, False, 0, 0
    while i < len(line):
        ch = line[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "$":
            math = not math
        elif ch.isspace() and depth == 0 and not math:
            if line[start:i].strip():
                words.append(line[start:i].strip())
            start = i + 1
        i += 1
    if line[start:].strip():
        words.append(line[start:].strip())
    return words


def wrap(text: str, width: float, size: float = 10.0, bold=False, align=None) -> list[str]:
    """The lines of ``text`` set as a paragraph ``width`` pt wide (a node's ``text width``).

    Lines are filled word by word; a word still fits when the line's natural
    width minus the shrink of its spaces (``\\fontdimen4``, 1.11 pt in cmr10)
    is at most ``width``. TeX chooses breaks over the whole paragraph and may
    hyphenate; for the short texts of nodes the first-fit lines are usually
    its lines. Explicit ``\\\\`` breaks are kept. A line with inline math TeX may break
    (after a relation or a binary operator, :mod:`.mathbreaks`) is broken as TeX's
    paragraph builder does (:func:`_break_paragraph`; ``align`` is the node's ``align``).

    Returns
    -------
    list of str
        One source line each, to be joined with ``\\\\`` for :func:`measure`.
    """
    family, _ = _selection(bold)
    name, at = _FONTS.text_font(family, size)
    shrink = param(name, 4, at) if metrics_available() else 0.0
    width_of = _Widths(size, bold)
    out = []
    skips: list[str] = []
    starts = []  # where each source line's wrapped lines start in out
    for line in node_lines(text, carry=True, skips=skips):
        starts.append(len(out))
        words = _words(line)
        if "$" in line:
            pieces = _math_pieces(words)
            if len(pieces) > len(words):  # inline math TeX may break: its choice of breaks
                out.extend(_break_paragraph(pieces, width, size, bold, align, width_of))
                continue
        cur: list[str] = []
        for word in words:
            trial = " ".join(cur + [word])
            if cur and width_of(trial) - shrink * len(cur) > width + 1e-9:
                out.append(" ".join(cur))
                cur = [word]
            else:
                cur.append(word)
            cut = _hyphen_cut(cur[0], width, width_of) if len(cur) == 1 else None
            while cut is not None:  # a word wider than the line breaks at its explicit hyphens
                out.append(cut[0])
                cur = [cut[1]]
                cut = _hyphen_cut(cut[1], width, width_of)
        out.append(" ".join(cur))
    for k, skip in enumerate(skips[:len(starts) - 1]):  # a \\\\[skip] stays: "\\\\ [skip]" is read so
        if skip:
            out[starts[k + 1]] = f"[{skip}]" + out[starts[k + 1]]
    return out


class _Widths:
    """Widths of texts typeset at one size and font (:func:`measure`), each measured once: a
    paragraph being broken measures its words and candidate lines again and again (each pass
    of :func:`_break_paragraph`, a line's first word for :func:`_hyphen_cut`)."""

    __slots__ = ("size", "bold", "known")

    def __init__(self, size: float, bold):
        self.size, self.bold, self.known = size, bold, {}

    def __call__(self, text: str) -> float:
        w = self.known.get(text)
        if w is None:
            w = self.known[text] = measure(text, self.size, self.bold)[0].width
        return w


def _hyphen_cut(word: str, width: float, width_of: _Widths) -> tuple[str, str] | None:
    """``word`` cut after one of its explicit hyphens (``-`` between letters, or ``\\-``, which
    shows a hyphen only there) when it is wider than ``width``: the longest head that fits, else
    the shortest (an overfull line either way, as TeX's break at \\exhyphenpenalty). None when
    the word fits or has no such hyphen. ``width_of`` measures a text in the paragraph's font."""
    if width_of(word) <= width + 1e-9 or "$" in word:
        return None
    cuts = [m.end() for m in re.finditer(r"(?<=[A-Za-z])-(?=[A-Za-z])|\\-", word)]
    if not cuts:
        return None
    heads = [(word[:k] if not word[:k].endswith("\\-") else word[:k - 2] + "-", word[k:]) for k in cuts]
    fits = [h for h in heads if width_of(h[0]) <= width + 1e-9]
    return fits[-1] if fits else heads[0]


def _math_pieces(words: list[str]) -> list[tuple[str, bool, bool, int | None]]:
    """``words`` cut at the breaks TeX may take in their inline math (:mod:`.mathbreaks`):
    ``(source, starts inside math, ends inside math, penalty of a break after it or None
    at the end of a word)``."""
    pieces = []
    for word in words:
        cuts, math, i = [], False, 0
        while i < len(word):
            if word[i] == "\\":
                i += 2
                continue
            if word[i] == "$":
                math = not math
                if math:
                    j = word.find("$", i + 1)
                    while j > 0 and word[j - 1] == "\\":
                        j = word.find("$", j + 1)
                    if j < 0:
                        break
                    cuts += [(i + 1 + o, p) for o, p in math_breaks(word[i + 1:j])]
                    i, math = j + 1, False
                    continue
            i += 1
        start, inside = 0, False
        for o, p in cuts:
            pieces.append((word[start:o], inside, True, p))
            start, inside = o, True
        pieces.append((word[start:], inside, False, None))
    return pieces


def _badness(t: float, s: float) -> float:
    """tex.web's badness: about 100 (t/s)^3, 10000 at most."""
    if t <= 0:
        return 0.0
    if s <= 0:
        return 10000.0
    return min(10000.0, 100.0 * (t / s) ** 3)


def _break_paragraph(pieces, width, size, bold, align, width_of: _Widths | None = None) -> list[str]:
    """TeX's line breaking (tex.web sections 829-890) of a paragraph whose inline math may
    break: TikZ's ``text centered`` puts ``0pt plus 2em`` on either side of every line
    (``\\parfillskip`` 0), ``text ragged`` only on the right (the last line ends in
    ``fil``); spaces are ``\\spaceskip`` .3333em, rigid; math keeps its glue
    (``\\thickmuskip`` 5mu plus 5mu about relations, ``\\medmuskip`` 4mu plus 2mu minus
    4mu about binary operators). A line costs ``(\\linepenalty + badness)^2`` plus the
    square of its break's penalty; lines worse than ``\\pretolerance`` (100), then
    standalone's ``\\tolerance`` (9999) are not taken; the third pass, with
    ``\\emergencystretch`` (3em), is the final one, where the last active break is forced
    (an overfull line) when nothing else is left. Words are not hyphenated. ``width_of`` measures
    a text at ``size`` in ``bold`` (:class:`_Widths`; the passes measure the same lines)."""
    if width_of is None:
        width_of = _Widths(size, bold)

    def source(i, j):
        parts = [pieces[i][0]]
        for k in range(i + 1, j):
            parts.append(("" if pieces[k - 1][3] is not None else " ") + pieces[k][0])
        t = "".join(parts)
        return ("$" if pieces[i][1] else "") + t + ("$" if pieces[j - 1][2] else "")

    mu = size / 18.0
    side = 2 * size if align == "center" else 0.0
    n = len(pieces)

    def line(i, j, extra=0.0):
        """Badness of the line of pieces ``i..j-1`` (None: overfull)."""
        end = pieces[j - 1][3]
        inner = [pieces[k][3] for k in range(i, j - 1)]
        rels = 2 * inner.count(REL_PENALTY) + (end == REL_PENALTY)
        bins = 2 * inner.count(BIN_PENALTY) + (end == BIN_PENALTY)
        w = width_of(source(i, j)) + (4 * mu if end == BIN_PENALTY else 0.0)
        if w > width + 1e-9:
            return None if w - width > 4 * mu * bins + 1e-9 else _badness(w - width, 4 * mu * bins)
        if j == n and align != "center":
            return 0.0  # \\parfillskip 0pt plus 1fil
        return _badness(width - w, 2 * side + 2 * size * (align != "center") + 5 * mu * rels + 2 * mu * bins + extra)

    prev: dict[int, int] = {}
    for threshold, final, extra in ((100, False, 0.0), (9999, False, 0.0), (9999, True, 3 * size)):
        total = {0: 0.0}  # total demerits of each break taken so far
        active = [0]      # breaks lines may start at, in order
        prev = {}
        for cur in range(1, n + 1):
            pi = 0 if cur == n else (pieces[cur - 1][3] or 0)
            best = None
            for r in list(active):
                b = line(r, cur, extra)
                if b is None or cur == n:
                    if final and best is None and len(active) == 1 and (b is None or b > threshold):
                        d = 0.0  # artificial demerits: the forced, overfull line
                    elif b is None or b > threshold:
                        active.remove(r)
                        continue
                    else:
                        d = (10 + b) ** 2
                    active.remove(r)
                elif b > threshold:
                    continue
                else:
                    d = (10 + b) ** 2 + pi * pi
                if best is None or total[r] + d <= best[0]:
                    best = (total[r] + d, r)
            if best is not None:
                total[cur], prev[cur] = best
                active.append(cur)
            if not active:
                break
        if n in prev:
            break
    if n not in prev:
        return [source(0, n)]
    lines, j = [], n
    while j > 0:
        i = prev[j]
        lines.append(source(i, j))
        j = i
    return lines[::-1]
