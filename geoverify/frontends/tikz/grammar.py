"""Lazily built, cached Lark LALR parsers for the TikZ grammars.

The grammar files live in the top-level ``grammars/`` folder, installed as the
resource package ``geoverify.grammars``. Each parser is built once per process
on first use (and cached on disk by Lark), so importing the front-end is cheap;
:mod:`geoverify.frontends.lalr` runs their tables.
"""

from __future__ import annotations

import functools
import re
from importlib.resources import files

from lark import Lark
from lark.exceptions import UnexpectedInput

from geoverify.errors import FigureSyntaxError, SourceLocation
from geoverify.frontends.lalr import FAST_LALR
from geoverify.frontends.skeletons import SkeletonCache

__all__ = ["pgfmath_parser", "path_parser", "parse_path", "syntax_error", "PATH_SKELETONS", "MATH_SKELETONS"]


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

#: The grammar's terminals that hold a balanced group: a coordinate, an option list, braces.
_GROUP_TERMINALS = ("PAREN", "OPTIONS", "BRACED")


@functools.lru_cache(maxsize=None)
def _groups_re() -> re.Pattern:
    """The path grammar's own group terminals (:data:`_GROUP_TERMINALS`) as one pattern, captured."""
    patterns = {t.name: t.pattern.to_regexp() for t in path_parser().terminals}
    return re.compile("(" + "|".join(f"(?:{patterns[name]})" for name in _GROUP_TERMINALS) + ")")


#: Paths by their skeleton: the text outside their groups. At a bracket only the group
#: terminal of that bracket can match (no other terminal starts with one).
PATH_SKELETONS = SkeletonCache(lambda text: path_parser().parse(text), _groups_re, _GROUP_TERMINALS, typed=True)


@functools.lru_cache(maxsize=None)
def _numbers_re() -> re.Pattern:
    """The pgfmath grammar's ``NUMBER`` terminal, captured, where it starts a token: not after a
    letter, digit, ``_`` or ``.`` (inside a function name, a number or a macro's trail)."""
    number = next(t.pattern.to_regexp() for t in pgfmath_parser().terminals if t.name == "NUMBER")
    number = re.sub(r"(?<!\\)\((?!\?)", "(?:", number)    # its own groups must not capture
    return re.compile(r"(?<![A-Za-z0-9_.])(" + number + ")")


#: pgfmath expressions by their skeleton: the text outside their numbers. At a digit or a
#: point that follows none of those characters only ``NUMBER`` can match.
MATH_SKELETONS = SkeletonCache(lambda text: pgfmath_parser().parse(text), _numbers_re, ("NUMBER",), typed=False)


def parse_path(text: str):
    """The tree of one TikZ path (:func:`path_parser`), shared by every path of the same text.

    About two paths in five repeat an earlier one word for word (``(A) -- (B)``,
    the nodes a loop or a tkz-euclide macro writes), so each text is parsed once
    per process. The trees are shared: the interpreter only reads them. A text
    that does not parse raises Lark's error each time and is not kept.

    Nearly all the others differ from an earlier one only inside their groups
    (``(0,0) -- (1,2) node[above] {$A$}`` after ``(3,1) -- (B) node[left] {x}``):
    the corpus' 24745 distinct paths have 770 skeletons. Such a path is built from
    the earlier one's tree (:data:`PATH_SKELETONS`) instead of parsed, at a third
    of the cost.
    """
    tree = _PATHS.get(text)
    if tree is None:
        tree = PATH_SKELETONS.tree(text)
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
