"""Figure code out of a model's response, following the MathVis output contract.

The contract asks the model for code only: a complete standalone TikZ (LaTeX)
document or a complete SVG document (Asymptote for AoPS-style tasks). Responses do
not always obey, so the rules are:

1. Nothing but whitespace: no output (``code == "TECH_NO_OUTPUT"``).
2. Fenced blocks (three or more backticks or tildes, closed by the same fence).
   The info string names the language: ``latex``, ``tex``, ``tikz`` -> TikZ;
   ``svg``, ``xml``, ``html`` -> SVG; ``asy``, ``asymptote`` -> Asymptote; anything
   else, or none, is decided from the block's content. A fence that is opened and
   never closed means the response was cut off: TECH_FORMAT.
3. Among the blocks holding figure code (restricted to ``preferred`` when that
   format occurs), the **last complete document** wins (a TikZ block with
   ``\\documentclass``, ``\\begin{document}`` and ``\\end{document}``; an SVG block
   with ``<svg`` and ``</svg>``; any Asymptote block): when a response shows a draft
   and then a corrected version, the correction comes last. Without a complete
   document, the last block with figure code (a bare ``tikzpicture``, an
   unfinished document) is returned, and the gate then reports what is wrong with it.
   Blocks without figure code (a shell command, prose) are ignored; when only such
   blocks exist there is no output.
4. No fences: a raw document in the text. TikZ from ``\\documentclass`` to
   ``\\end{document}``; SVG from ``<?xml``/``<svg`` to ``</svg>``; a bare
   ``tikzpicture`` environment; AoPS ``[asy] ... [/asy]``. A document that starts
   but never ends (``\\documentclass`` without ``\\end{document}``, ``<svg``
   without ``</svg>``) is cut off: TECH_FORMAT.
5. With ``preferred="asy"`` and none of the above, the whole response is taken as
   Asymptote when it looks like code (``draw(``, ``size(`` ... ).
6. Otherwise: no output.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from geoverify.errors import FigureFormatError, NoFigureError

__all__ = ["ExtractedFigure", "extract_figure", "no_output_error", "LANGUAGE_TAGS"]

#: Fence info string -> format.
LANGUAGE_TAGS = {
    "latex": "tikz", "tex": "tikz", "tikz": "tikz", "context": "tikz", "pgf": "tikz",
    "svg": "svg", "xml": "svg", "html": "svg", "svg+xml": "svg",
    "asy": "asy", "asymptote": "asy",
}

_FENCE_OPEN = re.compile(r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)$")
_DOCCLASS = re.compile(r"\\documentclass\b")
_BEGIN_DOC = re.compile(r"\\begin\s*\{document\}")
_END_DOC = re.compile(r"\\end\s*\{document\}")
_TIKZ_PIC = re.compile(r"\\begin\s*\{tikzpicture\}(?:.|\n)*?\\end\s*\{tikzpicture\}")
_TIKZ_ANY = re.compile(r"\\begin\s*\{tikzpicture\}|\\tikz\b|\\usetikzlibrary|\\draw\b|\\documentclass\b")
_SVG_OPEN = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]")
_SVG_CLOSE = re.compile(r"</(?:[A-Za-z_][\w.-]*:)?svg\s*>")
_XML_DECL = re.compile(r"<\?xml[^>]*\?>")
_AOPS = re.compile(r"\[asy\](.*?)\[/asy\]", re.IGNORECASE | re.DOTALL)
_AOPS_OPEN = re.compile(r"\[asy\]", re.IGNORECASE)
_ASY_TOKENS = re.compile(r"\b(?:draw|filldraw|fill|label|dot|size|unitsize|pair|path|import)\s*[\(a-z]")


@dataclass(frozen=True, slots=True)
class ExtractedFigure:
    """The figure code found in a response.

    Parameters
    ----------
    text : str
        The code, without fences.
    fmt : str
        ``"tikz"``, ``"svg"`` or ``"asy"``.
    how : str
        Which rule found it: ``"fenced:<tag>"`` (``"fenced:"`` for no tag),
        ``"raw-document"``, ``"raw-picture"``, ``"aops-tag"``, ``"whole-response"``.
    complete : bool
        Whether it is a complete document (see the module docstring).
    """

    text: str
    fmt: str
    how: str
    complete: bool = True


def no_output_error(message: str) -> NoFigureError:
    """The error for a response with nothing to judge (code TECH_NO_OUTPUT)."""
    return NoFigureError(message)


@dataclass(slots=True)
class _Block:
    info: str
    body: str
    line: int


def _fenced_blocks(response: str) -> list[_Block]:
    lines = response.split("\n")
    blocks: list[_Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE_OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        fence = m.group("fence")
        info = m.group("info").strip().split()[0].lower() if m.group("info").strip() else ""
        close = re.compile(r"^[ \t]{0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        for j in range(i + 1, len(lines)):
            if close.match(lines[j]):
                blocks.append(_Block(info, "\n".join(lines[i + 1 : j]), i + 1))
                i = j + 1
                break
        else:
            raise FigureFormatError(
                f"code fence opened at line {i + 1} ({fence}{info}) is never closed: the response is cut off"
            )
    return blocks


def _classify(body: str, info: str) -> str | None:
    tagged = LANGUAGE_TAGS.get(info.lstrip("{.").rstrip("}"))
    if tagged == "svg" and not _SVG_OPEN.search(body):
        tagged = None
    if tagged:
        return tagged
    if _SVG_OPEN.search(body):
        return "svg"
    if _TIKZ_ANY.search(body):
        return "tikz"
    if _ASY_TOKENS.search(body) and ";" in body:
        return "asy"
    return None


def _complete(body: str, fmt: str) -> bool:
    if fmt == "tikz":
        return bool(_DOCCLASS.search(body) and _BEGIN_DOC.search(body) and _END_DOC.search(body))
    if fmt == "svg":
        return bool(_SVG_OPEN.search(body) and (_SVG_CLOSE.search(body) or re.search(r"<svg[^>]*/>", body)))
    return bool(body.strip())


def _raw(response: str, preferred: str | None) -> ExtractedFigure | None:
    found: list[tuple[int, ExtractedFigure]] = []
    m = _DOCCLASS.search(response)
    if m:
        end = _END_DOC.search(response, m.end())
        if end is None:
            raise FigureFormatError(
                "\\documentclass without \\end{document}: the TikZ document is cut off"
            )
        found.append((m.start(), ExtractedFigure(response[m.start() : end.end()], "tikz", "raw-document")))
    m = _SVG_OPEN.search(response)
    if m:
        start = m.start()
        decl = None
        for decl_m in _XML_DECL.finditer(response, 0, start):
            decl = decl_m
        if decl is not None and re.fullmatch(r"\s*(?:<!--.*?-->\s*)*", response[decl.end() : start], re.DOTALL):
            start = decl.start()
        closes = list(_SVG_CLOSE.finditer(response, m.end()))
        if not closes:
            raise FigureFormatError("<svg> without </svg>: the SVG document is cut off")
        # The outermost document ends at the last closing tag (nested <svg> are allowed).
        found.append((start, ExtractedFigure(response[start : closes[-1].end()], "svg", "raw-document")))
    if not found:
        m = _TIKZ_PIC.search(response)
        if m:
            found.append((m.start(), ExtractedFigure(m.group(), "tikz", "raw-picture", complete=False)))
        elif re.search(r"\\begin\s*\{tikzpicture\}", response):
            raise FigureFormatError("\\begin{tikzpicture} without \\end{tikzpicture}: the picture is cut off")
    aops = _AOPS.findall(response)
    if aops:
        found.append((response.lower().rfind("[asy]"), ExtractedFigure(aops[-1].strip("\n"), "asy", "aops-tag")))
    elif _AOPS_OPEN.search(response):
        raise FigureFormatError("[asy] without [/asy]: the Asymptote code is cut off")
    if not found:
        return None
    if preferred:
        same = [f for f in found if f[1].fmt == preferred]
        if same:
            found = same
    return max(found, key=lambda f: f[0])[1]


def extract_figure(response: str, preferred: str | None = None) -> ExtractedFigure:
    """Find the figure code in a model's response (rules in the module docstring).

    Parameters
    ----------
    response : str
        The model's whole answer.
    preferred : {"tikz", "svg", "asy"}, optional
        The format the task asked for; breaks ties between blocks of several formats.

    Returns
    -------
    ExtractedFigure

    Raises
    ------
    geoverify.errors.FigureFormatError
        ``code == "TECH_FORMAT"`` when the code is cut off (an unclosed fence or
        document); ``code == "TECH_NO_OUTPUT"`` when there is no figure code at all.
    """
    if response is None or not response.strip():
        raise no_output_error("the response is empty")
    blocks = _fenced_blocks(response)
    if blocks:
        candidates = []
        for b in blocks:
            fmt = _classify(b.body, b.info)
            if fmt is None or not b.body.strip():
                continue
            if fmt == "asy":
                body = re.sub(r"\[/?asy\]", "", b.body, flags=re.IGNORECASE)
            else:
                body = b.body
            candidates.append(ExtractedFigure(body.strip("\n"), fmt, f"fenced:{b.info}", _complete(body, fmt)))
        if preferred and any(c.fmt == preferred for c in candidates):
            candidates = [c for c in candidates if c.fmt == preferred]
        complete = [c for c in candidates if c.complete]
        if complete:
            return complete[-1]
        if candidates:
            return candidates[-1]
        # Only non-figure blocks: a raw document may still stand outside them.
    raw = _raw(response, preferred)
    if raw is not None:
        return raw
    if preferred == "asy" and _ASY_TOKENS.search(response) and ";" in response:
        return ExtractedFigure(response.strip(), "asy", "whole-response")
    raise no_output_error("no figure code in the response (no code block, document or picture)")
