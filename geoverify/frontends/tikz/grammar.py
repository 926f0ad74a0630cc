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
from typing import NamedTuple

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from geoverify.errors import FigureSyntaxError, SourceLocation
from geoverify.frontends.lalr import FAST_LALR, LazyToken, LineStarts

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

#: Instantiation plans (:func:`_plan`) by a path's template: its text with every run of
#: digits replaced by :data:`_MARK`; ``False`` for a template that has none.
_TEMPLATES: dict = {}
_TEMPLATES_MAX = 20000

_DIGIT_RUNS = re.compile(r"([0-9]+)")

#: What stands for a run of digits in a template. A letter (``\w``, like a digit, so that
#: ``\b`` in ``let ... in`` matches alike; not ``\d``, which no terminal reads) that no
#: figure writes: a path that contains it is parsed without a template.
_MARK = "\u02b0"


def parse_path(text: str):
    """The tree of one TikZ path (:func:`path_parser`), shared by every path of the same text.

    About two paths in five repeat an earlier one word for word (``(A) -- (B)``,
    the nodes a loop or a tkz-euclide macro writes), so each text is parsed once
    per process. The trees are shared: the interpreter only reads them. A text
    that does not parse raises Lark's error each time and is not kept.

    Half of the other paths differ from an earlier one only in their numbers
    (``(0,0) -- (1,2)`` after ``(3,1) -- (2,2)``). Digits are read only inside the
    grammar's group terminals (coordinates, options, braces), which match a digit
    wherever they match any other letter, so such a path has the same tree with
    other token texts: it is built from the earlier tree's plan (:func:`_plan`)
    instead of parsed, at a tenth of the cost.
    """
    tree = _PATHS.get(text)
    if tree is None:
        tree = _parse_new(text)
        if len(_PATHS) >= _PATHS_MAX:
            _PATHS.clear()
        _PATHS[text] = tree
    return tree


def _parse_new(text: str):
    """The tree of a path not parsed before: built from its template's plan, or parsed."""
    parts = _DIGIT_RUNS.split(text)
    if len(parts) == 1 or _MARK in text:
        return path_parser().parse(text)
    template = _MARK.join(parts[::2])
    known = _TEMPLATES.get(template)
    if type(known) is _FirstSeen:        # the second path of this template: its plan is worth making
        known = _TEMPLATES[template] = _plan(known.tree, known.parts)
    if known:
        runs = parts[1::2]
        shifts = [0]
        total = 0
        for run in runs:                 # how far the first k runs move the text after them
            total += len(run) - 1
            shifts.append(total)
        return _build(known, runs, shifts, LineStarts(text))
    tree = path_parser().parse(text)
    if known is None:
        if len(_TEMPLATES) >= _TEMPLATES_MAX:
            _TEMPLATES.clear()
        _TEMPLATES[template] = _FirstSeen(tree, parts)
    return tree


class _FirstSeen(NamedTuple):
    """A template met once: the tree of its path and the path split around its runs of digits."""

    tree: Tree
    parts: list


def _plan(tree, parts: list) -> tuple | bool:
    """How to build the tree of any path with the template of ``tree``'s text, as nested tuples.

    A tree is ``(data, (child plans...))``; a token is ``(type, format, first run,
    number of runs, offset in the template)``: its text is ``format`` filled with
    that many runs of digits from ``first run`` on (:meth:`str.format`; a token
    without digits has its text there). ``parts`` is the text split
    around its runs of digits (:data:`_DIGIT_RUNS`). ``False`` when a run is not
    inside one token, which the grammar does not allow, or the tokens are out of order.
    """
    spans = []           # (start, end) of each run in the text
    shifts = [0]         # how far the first k runs move the text after them against the template
    pos = 0
    for k, part in enumerate(parts):
        if k % 2:
            spans.append((pos, pos + len(part)))
            shifts.append(shifts[-1] + len(part) - 1)
        pos += len(part)
    text = "".join(parts)
    state = [0, 0]       # next run, end of the last token

    def visit(node):
        if isinstance(node, Tree):
            children = []
            for child in node.children:
                sub = visit(child)
                if sub is None:
                    return None
                children.append(sub)
            return (node.data, tuple(children))
        if not isinstance(node, Token):
            return None
        start, end = node.start_pos, node.start_pos + len(node)
        if start < state[1] or text[start:end] != node:
            return None
        first = k = state[0]
        if k < len(spans) and spans[k][0] < start:
            return None                  # a run between tokens
        pieces = []
        at = start
        while k < len(spans) and spans[k][1] <= end:
            pieces.append(text[at:spans[k][0]])
            at = spans[k][1]
            k += 1
        if k < len(spans) and spans[k][0] < end:
            return None                  # a run across the token's end
        pieces.append(text[at:end])
        state[0], state[1] = k, end
        fmt = pieces[0] if k == first else "{}".join(p.replace("{", "{{").replace("}", "}}") for p in pieces)
        return (node.type, fmt, first, k - first, start - shifts[first])

    plan = visit(tree)
    if plan is None or state[0] != len(spans):
        return False
    return plan


def _build(plan: tuple, runs: list, shifts: list, lines: LineStarts):
    """The tree of a path from its template's ``plan`` and its own ``runs`` of digits.

    ``shifts[k]`` is how far the first ``k`` runs move the text after them
    against the template, where each run is one character."""
    if len(plan) == 2:
        return Tree(plan[0], [_build(child, runs, shifts, lines) for child in plan[1]])
    type_, fmt, first, count, offset = plan
    value = fmt.format(*runs[first:first + count]) if count else fmt
    token = str.__new__(LazyToken, value)
    token.type = type_
    token.start_pos = offset + shifts[first]
    token.value = value
    token._lines = lines
    return token


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
