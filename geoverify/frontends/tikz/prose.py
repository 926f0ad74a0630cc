"""Prose around the pictures of a figure fragment (``Left of picture\\tikz ...;right.``).

A fragment is typeset as ``standalone`` with its ``tikz`` option does (and a document of
that class): every picture ends a page, and text written before it is on its page, in
the same line: its baseline on the bottom of the picture's bounding box, its end at the
picture's left edge, an interword space before it when the source has a blank there (with
the extra space after a sentence's end).
Text after the last picture makes a page of its own.
The picture's edges are pgf's bounding box: what it draws (half the line width around
a stroked path) up to and with the first path that is ``use as bounding box``
(``\\useasboundingbox``), ``trim left`` replacing its left edge. The page keeps no depth
below the line: the picture's bottom is on the baseline even with a ``baseline`` key
(as latex + dvisvgm set ``standalone``'s pages).

A ``standalone`` document without the ``tikz`` (or ``varwidth``) option is one page, one
line: its pictures sit in the line on their baselines (a picture's ``baseline`` key, its
bottom without one; ``tikzcd``'s is 0pt, the diagram centred on the math axis), and text
after a picture follows its right edge on that baseline, in its panel (``\\qquad
$g\\circ f=k\\circ h$`` after a diagram). There, math (``$...$``) and spacing commands
(``\\quad``, ``\\qquad``, ``\\,``, ``~``) are set too.

Only plain words are set (letters, digits, punctuation and blanks, in the text font):
a stretch of text with a command, a group or a paragraph break in it is left out, as
is text in other document classes. What is left out is reported once, as a ``NOTE``
diagnostic quoting its start (the scene stays complete: a caption or a formula beside the
picture is not part of its geometry).
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.bounding import picture_extent
from geoverify.frontends.tikz.fonts import extra_space, interword_space, measure
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.tex import detokenize
from geoverify.scene import Panel
from geoverify.scene.primitives import Style, TextLabel

__all__ = ["Prose"]

_STANDALONE_TIKZ = re.compile(r"\\documentclass\s*\[[^\]]*\btikz\b[^\]]*\]\s*\{standalone\}")
_STANDALONE = re.compile(r"\\documentclass\s*(\[[^\]]*\])?\s*\{standalone\}")
#: spacing commands a line of a standalone page may hold outside math, and their widths (em)
_SKIPS = {"\\quad": 1.0, "\\qquad": 2.0, "\\,": 1 / 6, "\\enspace": 0.5, "\\;": 5 / 18, "\\:": 2 / 9,
          "\\thinspace": 1 / 6, "\\ ": None, "~": None}
_LEADING_SKIP = re.compile(r"^(\\qquad|\\quad|\\enspace|\\thinspace|\\,|\\;|\\:|\\ |~)(?![A-Za-z])(\s*)")
_WORD = re.compile(r"^[A-Za-z0-9.,;:!?'`()\-]+$")
_SIZE = 10.0  # the document's normal font size (standalone's 10pt)
_ALNUM = re.compile(r"[^\W_]")  # a letter or a digit: what counts as text that shows
_QUOTE = 60  # characters of left-out text quoted in the note
_BODY_MAX = 20000  # characters of the text outside the pictures kept as the scene's document text


class Prose:
    """Text between the pictures of one document, and where each picture's box is.

    Parameters
    ----------
    source_text : str
        The whole figure source (its document class decides whether text is set).
    """

    def __init__(self, source_text: str):
        head = source_text[:5000]
        fragment = "\\documentclass" not in head
        plain = _STANDALONE.search(head)
        # one line on one page: standalone without its tikz (pages) or varwidth (paragraphs) option
        self.inline = bool(plain) and not re.search(r"\b(tikz|varwidth|preview|multi)\b", plain.group(1) or "")
        self.enabled = fragment or bool(_STANDALONE_TIKZ.search(head)) or self.inline
        self.in_math = False
        self.after = None  # (right edge, baseline, panel) of the last picture of an inline line
        self.baseline = None  # the next picture's baseline when the environment fixes it (tikzcd: 0pt)
        self.collecting = fragment  # a document's text starts at \begin{document}
        self.tokens: list = []
        self.tainted = False
        self.bound = None  # (box, primitives, nodes) of the picture's use as bounding box path
        self.start = (0, 0)
        self.in_body = fragment  # text outside the pictures shows from here on
        self.shown = 0           # letters and digits of the body's text outside the pictures
        self.set = 0             # ... of the text set as labels
        self.body: list = []     # that text (up to _BODY_MAX characters): document text, the note's quote
        self.body_chars = 0

    # -- collecting ---------------------------------------------------------------
    def begin_document(self) -> None:
        self.collecting = self.enabled
        self.in_body = True
        self.tokens, self.tainted = [], False

    def _count(self, texts) -> None:
        """Letters and digits of body text outside the pictures, set or not; the text kept
        (up to :data:`_BODY_MAX` characters) for the scene's document text and the note."""
        texts = list(texts)
        if self.body_chars < _BODY_MAX:
            piece = "".join(text + " " if text[1:2].isalpha() and text[:1] == "\\" else text for text in texts)
            self.body.append(piece)
            self.body_chars += len(piece)
        # a control sequence's name does not show
        self.shown += len(_ALNUM.findall("".join([text for text in texts if text[:1] != "\\"])))

    def _inline_token(self, tok) -> None:
        """A token of a standalone page's line: math and spacing commands are set too."""
        t = tok[0]
        if t == "$":
            self.in_math = not self.in_math
            self.tokens.append(tok)
        elif self.in_math or t == " " or _WORD.match(t) or t in _SKIPS:
            self.tokens.append(tok)
        else:
            self.tainted = True

    def token(self, tok) -> None:
        """A token the document level did not use: a word or a blank, else the stretch is lost."""
        if self.in_body:
            self._count((tok[0],))
        if not self.collecting:
            return
        if self.inline:
            self._inline_token(tok)
        elif tok[0] == " " or _WORD.match(tok[0]):
            self.tokens.append(tok)
        else:
            self.taint()

    def group(self, tok) -> None:
        """A brace at the document level: part of a formula in an inline line, else a group that spoils the text."""
        if self.collecting and self.inline and self.in_math:
            if self.in_body:
                self._count((tok[0],))
            self.tokens.append(tok)
        else:
            self.taint()

    def words(self, toks) -> None:
        """Tokens of plain text, as :meth:`token` takes them one by one. The tokens of a
        stretch that is tainted are never set, so they are not kept once it is."""
        if self.in_body:
            self._count(tok[0] for tok in toks)
        if not self.collecting or self.tainted:
            return
        if self.inline:
            for tok in toks:
                self._inline_token(tok)
        elif all(t == " " or _WORD.match(t) for t in {tok[0] for tok in toks}):
            self.tokens += toks
        else:
            self.tainted = True

    def taint(self) -> None:
        """Something other than words (a command, a group, \\par) is in the current stretch."""
        if self.collecting:
            self.tainted = True

    def _take(self) -> tuple[str, bool] | None:
        """The current stretch as ``(text, ends with a blank)``; None when it holds none."""
        toks, tainted = self.tokens, self.tainted
        self.tokens, self.tainted = [], False
        if self.in_math:  # a formula left open is not text that can be set
            self.in_math, tainted = False, True
        text = detokenize(toks).strip()
        if not self.collecting or tainted or not text:
            return None
        return text, toks[-1][0] == " "

    # -- pictures -------------------------------------------------------------------
    def begin_picture(self, interp):
        """The text before a picture that starts now (to give to :meth:`end_picture`)."""
        self.bound = None
        self.start = (len(interp.scene.primitives), len(interp.placed_nodes))
        if self.inline and self.after is not None:  # the text since the last picture follows it
            self._set_after(interp, interp.loc)
            return None
        return self._take()

    def bounding_path(self, interp, path) -> None:
        """A path that is ``use as bounding box``: the first one closes the picture's box."""
        if self.bound is not None or path.is_empty():
            return
        from geoverify.frontends.tikz.pathbuild import segment_controls
        ctrl = np.concatenate([segment_controls(s) for sp in path.subpaths for s in sp.segs]).reshape(-1, 2)
        box = (float(ctrl[:, 0].min()), float(ctrl[:, 1].min()), float(ctrl[:, 0].max()), float(ctrl[:, 1].max()))
        self.bound = (box, len(interp.scene.primitives), len(interp.placed_nodes))

    def end_picture(self, interp, before, options: str, loc) -> None:
        """Set ``before`` (from :meth:`begin_picture`) left of the picture that just ended."""
        baseline, self.baseline = self.baseline, None
        if before is None and not self.inline:
            return
        try:
            box = picture_extent(interp, self.start, self.bound)
        except KeyError:  # a node shape without the corner anchors the extent reads
            return
        if box is None:
            return
        # the picture's bottom sits on the line's baseline: standalone's tikz pages keep no
        # depth below it, whatever the picture's baseline key says (measured with latex + dvisvgm)
        left, base = box[0], box[1]
        if self.inline:  # one line: the picture sits on its baseline
            base = _baseline(interp, options, box) if baseline is None else baseline
            self.after = (box[2], base, interp.panel)
            if before is None:
                return
        try:
            for key, val in split_options(options):
                if key.strip() == "trim left" and not (val or "").strip().startswith("("):
                    left = interp.number(val or "0pt", interp.st).value
        except GeoverifyError:
            return
        text, blank = before
        right = left - (_space_after(text) if blank else 0.0)
        _add_label(interp, text, right, base, interp.panel, loc, flush_right=True)
        self.set += len(_ALNUM.findall(text))

    def _set_after(self, interp, loc) -> None:
        """Set the text since the last picture of an inline line after its right edge."""
        blank = bool(self.tokens) and self.tokens[0][0] == " "
        after = self._take()
        right, base, panel = self.after
        self.after = None
        if after is None:
            return
        text = after[0]
        x = right + interword_space(_SIZE) if blank else right
        while True:
            m = _LEADING_SKIP.match(text)
            if not m:
                break
            em = _SKIPS[m.group(1)]
            x += interword_space(_SIZE) if em is None else em * _SIZE
            if m.group(2) and not m.group(1)[1:2].isalpha():  # a blank after a control symbol is a space
                x += interword_space(_SIZE)
            text = text[m.end():]
        if text.strip():
            _add_label(interp, text.strip(), x, base, panel, loc, flush_right=False)
            self.set += len(_ALNUM.findall(text))

    def end_document(self, interp, loc) -> None:
        """Text after the last picture: a page (a panel) of its own. Text that is not set is noted."""
        if self.inline and self.after is not None:
            self._set_after(interp, loc)
        after = self._take()
        if after is not None and interp.scene.panels:
            panel = len(interp.scene.panels)
            interp.scene.panels.append(Panel(panel, name="text"))
            _add_label(interp, after[0], 0.0, 0.0, panel, loc, flush_right=False)
            self.set += len(_ALNUM.findall(after[0]))
        if self.shown > self.set:
            interp.scene.document_text = " ".join("".join(self.body).split())
            quote = interp.scene.document_text[:_QUOTE]
            interp.scene.note("NOTE", f"text outside the pictures is not part of the scene ({self.shown - self.set} "
                                      f"letters and digits; it begins \"{quote}\"): only plain words next to the "
                                      "pictures of a fragment or a tikz standalone document are set", "text", loc)


def _baseline(interp, options: str, box) -> float:
    """A picture's baseline on its line: its ``baseline`` key (a length; 0pt without a value),
    else the bottom of its box (a coordinate as the value is not read: the bottom too)."""
    try:
        for key, val in split_options(options):
            if key.strip() == "baseline":
                val = (val or "0pt").strip()
                if val.startswith("(") or val.startswith("{("):
                    return box[1]
                return interp.number(val, interp.st).value
    except GeoverifyError:
        pass
    return box[1]


def _space_after(text: str) -> float:
    """The blank after ``text``: an interword space, with the font's extra space after a
    sentence's end (``\\nonfrenchspacing``: ``.?!:`` set the space factor to 2000 or more,
    but not right after a capital letter, which keeps it at 1000; ``)`` and quotes pass it on)."""
    t = text.rstrip(")'\"")
    end = len(t) >= 1 and t[-1] in ".?!:" and not (len(t) >= 2 and t[-2].isupper())
    return interword_space(_SIZE) + (extra_space(_SIZE) if end else 0.0)


def _add_label(interp, text: str, x: float, base: float, panel: int, loc, flush_right: bool) -> None:
    box, _ = measure(text, _SIZE)
    x0 = x - box.width if flush_right else x
    rect = np.array([x0, base - box.depth, x0 + box.width, base + box.height])
    interp.scene.add(TextLabel(text=text, anchor=(rect[:2] + rect[2:]) / 2, box=rect, font_size=_SIZE,
                               style=Style(stroke=None, stroke_width=0.0, fill="#000000"), source=loc,
                               panel=panel))
