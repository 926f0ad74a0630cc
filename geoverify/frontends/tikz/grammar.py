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

__all__ = ["pgfmath_parser", "path_parser", "parse_path", "syntax_error"]


def _load(name: str) -> str:
    return files("geoverify.grammars").joinpath(name).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def pgfmath_parser() -> Lark:
    """The LALR parser of ``grammars/pgfmath.lark``."""
    return Lark(_load("pgfmath.lark"), parser="lalr", lexer="contextual",
                propagate_positions=False, cache=True, maybe_placeholders=False, _plugins=FAST_LALR)


@functools.lru_cache(maxsize=None)
def path_parser() -> Lark:
    """The LALR parser of ``grammars/tikz.lark`` (one TikZ path, without the final ``;``).

    Its trees carry no positions (``meta``): the interpreter reads none (a syntax error
    carries its own), and keeping them costs a tenth of the parse."""
    return Lark(_load("tikz.lark"), parser="lalr", lexer="contextual",
                propagate_positions=False, cache=True, maybe_placeholders=False, _plugins=FAST_LALR)


#: Parsed paths by their text; trees are read, never changed, by the interpreter.
_PATHS: dict = {}
_PATHS_MAX = 20000


def parse_path(text: str):
    """The tree of one TikZ path (:func:`path_parser`), shared by every path of the same text.

    About two paths in five repeat an earlier one word for word (``(A) -- (B)``,
    the nodes a loop or a tkz-euclide macro writes), so each text is parsed once
    per process. The trees are shared: the interpreter only reads them. A text
    that does not parse raises Lark's error each time and is not kept.
    """
    tree = _PATHS.get(text)
    if tree is None:
        tree = path_parser().parse(text)
        if len(_PATHS) >= _PATHS_MAX:
            _PATHS.clear()
        _PATHS[text] = tree
    return tree


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
