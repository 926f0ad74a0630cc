"""Lazily built, cached Lark LALR parsers for the TikZ grammars.

The grammar files live in the top-level ``grammars/`` folder, installed as the
resource package ``geoverify.grammars``. Each parser is built once per process
on first use (and cached on disk by Lark), so importing the front-end is cheap;
:mod:`geoverify.frontends.lalr` runs their tables.
"""

from __future__ import annotations

import functools
from importlib.resources import files

from lark import Lark
from lark.exceptions import UnexpectedInput

from geoverify.errors import FigureSyntaxError, SourceLocation
from geoverify.frontends.lalr import FAST_LALR

__all__ = ["pgfmath_parser", "path_parser", "syntax_error"]


def _load(name: str) -> str:
    return files("geoverify.grammars").joinpath(name).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def pgfmath_parser() -> Lark:
    """The LALR parser of ``grammars/pgfmath.lark``."""
    return Lark(_load("pgfmath.lark"), parser="lalr", lexer="contextual",
                propagate_positions=False, cache=True, maybe_placeholders=False, _plugins=FAST_LALR)


@functools.lru_cache(maxsize=None)
def path_parser() -> Lark:
    """The LALR parser of ``grammars/tikz.lark`` (one TikZ path, without the final ``;``)."""
    return Lark(_load("tikz.lark"), parser="lalr", lexer="contextual",
                propagate_positions=True, cache=True, maybe_placeholders=False, _plugins=FAST_LALR)


def syntax_error(err: UnexpectedInput, text: str, what: str, location: SourceLocation | None,
                 line: int | None = None, column: int | None = None) -> FigureSyntaxError:
    """A :class:`FigureSyntaxError` for a Lark error, with the offending line and a caret."""
    try:
        context = err.get_context(text, span=60)
    except Exception:  # get_context needs a position; some errors carry none
        context = None
    loc = location
    if loc is not None and line is not None:
        loc = SourceLocation(line, column, loc.file, loc.construct)
    return FigureSyntaxError(f"cannot parse {what}: {type(err).__name__.replace('Unexpected', 'unexpected ')}"
                             f" {str(err).splitlines()[0]}", location=loc, context=context)
