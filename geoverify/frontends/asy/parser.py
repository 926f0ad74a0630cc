"""Parsing Asymptote source into a Lark tree (grammar ``grammars/asy.lark``)."""

from __future__ import annotations

import functools
import importlib.resources

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from geoverify.errors import FigureSyntaxError, SourceLocation
from geoverify.frontends.lalr import FAST_LALR

__all__ = ["get_parser", "parse_source"]


@functools.lru_cache(maxsize=1)
def get_parser() -> Lark:
    """The Asymptote LALR parser, built once (and cached on disk by Lark), run by :mod:`..lalr`'s loop."""
    text = importlib.resources.files("geoverify.grammars").joinpath("asy.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=True, cache=True,
                _plugins=FAST_LALR)


def _context(text: str, line: int, column: int) -> str:
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    src = lines[line - 1]
    start = max(0, column - 60)
    return src[start:start + 120] + "\n" + " " * (column - 1 - start) + "^"


def parse_source(text: str, filename: str | None = None):
    """Parse Asymptote text; syntax errors become :class:`FigureSyntaxError`."""
    try:
        return get_parser().parse(text)
    except UnexpectedInput as e:
        line = getattr(e, "line", None)
        col = getattr(e, "column", None)
        if isinstance(e, UnexpectedToken):
            tok = e.token
            what = "end of input" if tok.type == "$END" else f"'{tok.value}'"
            msg = f"Asymptote syntax error: unexpected {what}"
        elif isinstance(e, UnexpectedCharacters):
            msg = f"Asymptote syntax error: unexpected character {text[e.pos_in_stream]!r}"
        elif isinstance(e, UnexpectedEOF):
            msg = "Asymptote syntax error: unexpected end of input"
        else:  # pragma: no cover - lark adds new kinds rarely
            msg = "Asymptote syntax error"
        if line is None or line < 0:
            lines = text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
        raise FigureSyntaxError(msg, location=SourceLocation(line, col, filename, "syntax"),
                                context=_context(text, line, col)) from None
