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

#: Instantiation plans (:func:`_plan`) by a path's skeleton (:func:`_skeleton`); a
#: :class:`_FirstSeen` for a skeleton met once, ``False`` for one that has no plan.
_TEMPLATES: dict = {}
_TEMPLATES_MAX = 20000

#: The grammar's terminals that hold a balanced group: a coordinate, an option list, braces.
_GROUP_TERMINALS = ("PAREN", "OPTIONS", "BRACED")


def parse_path(text: str):
    """The tree of one TikZ path (:func:`path_parser`), shared by every path of the same text.

    About two paths in five repeat an earlier one word for word (``(A) -- (B)``,
    the nodes a loop or a tkz-euclide macro writes), so each text is parsed once
    per process. The trees are shared: the interpreter only reads them. A text
    that does not parse raises Lark's error each time and is not kept.

    Nearly all the others differ from an earlier one only inside their groups
    (``(0,0) -- (1,2) node[above] {$A$}`` after ``(3,1) -- (B) node[left] {x}``):
    the corpus' 24745 distinct paths have 770 skeletons (:func:`_skeleton`). Such a
    path has the earlier one's tree with other group tokens, so it is built from
    that tree's plan (:func:`_plan`) instead of parsed, at a fifth of the cost.
    """
    tree = _PATHS.get(text)
    if tree is None:
        tree = _parse_new(text)
        if len(_PATHS) >= _PATHS_MAX:
            _PATHS.clear()
        _PATHS[text] = tree
    return tree


@functools.lru_cache(maxsize=None)
def _groups_re() -> re.Pattern:
    """The grammar's own group terminals (:data:`_GROUP_TERMINALS`) as one pattern, captured."""
    patterns = {t.name: t.pattern.to_regexp() for t in path_parser().terminals}
    return re.compile("(" + "|".join(f"(?:{patterns[name]})" for name in _GROUP_TERMINALS) + ")")


def _skeleton(parts: list) -> str:
    """The skeleton of a path split around its groups (``parts``: outside text, group, outside, ...):
    the text outside the groups with each group as a NUL character and its opening bracket.

    Why two paths with one skeleton lex alike: the lexer meets the same outside text, and
    at a bracket only the group terminal of that bracket can match (no other terminal
    starts with one), with the same pattern that found the group here. A terminal
    that would reach into a group from outside (``let ... in`` over a coordinate) makes
    the group not a token of its own, and :func:`_plan` then refuses the skeleton.
    """
    out = [parts[0]]
    for k in range(1, len(parts), 2):
        out.append("\0")
        out.append(parts[k][0])
        out.append(parts[k + 1])
    return "".join(out)


def _parse_new(text: str):
    """The tree of a path not parsed before: built from its skeleton's plan, or parsed."""
    if "\0" in text:                    # the skeleton's mark: such a text has no skeleton
        return path_parser().parse(text)
    parts = _groups_re().split(text)
    if len(parts) == 1:                  # no group ("cycle"): nothing to share
        return path_parser().parse(text)
    key = _skeleton(parts)
    known = _TEMPLATES.get(key)
    if type(known) is _FirstSeen:        # the second path of this skeleton: its plan is worth making
        known = _TEMPLATES[key] = _plan(known.tree, known.parts)
    if known:
        starts = [0]
        at = 0
        for part in parts:
            at += len(part)
            starts.append(at)
        return _build(known, parts, starts, LineStarts(text))
    tree = path_parser().parse(text)
    if known is None:
        if len(_TEMPLATES) >= _TEMPLATES_MAX:
            _TEMPLATES.clear()
        _TEMPLATES[key] = _FirstSeen(tree, parts)
    return tree


class _FirstSeen(NamedTuple):
    """A skeleton met once: the tree of its path and the path split around its groups."""

    tree: Tree
    parts: list


def _plan(tree, parts: list) -> tuple | bool:
    """How to build the tree of any path with the skeleton of ``tree``'s text, as nested tuples.

    ``parts`` is the text split around its groups (outside text at even indices, groups
    at odd ones). A tree is ``(data, (child plans...))``; a token is ``(type, part,
    offset in the part, text)``, its text None for a group (the new path's group). ``False``
    when the tokens are not the groups and pieces of outside text, in order.
    """
    starts = [0]
    for part in parts:
        starts.append(starts[-1] + len(part))
    text = "".join(parts)
    state = [0, 0]       # the part the last token lies in, the end of the last token
    covered = set()      # groups that are tokens

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
        k = state[0]
        while k < len(parts) and starts[k + 1] <= start:
            k += 1
        if k >= len(parts) or end > starts[k + 1]:
            return None                  # across a part's end
        state[0], state[1] = k, end
        if k % 2:                        # in a group: the whole group
            if start != starts[k] or end != starts[k + 1] or node.type not in _GROUP_TERMINALS:
                return None
            covered.add(k)
            return (node.type, k, 0, None)
        return (node.type, k, start - starts[k], str(node))

    plan = visit(tree)
    if plan is None or len(covered) != len(parts) // 2:
        return False
    return plan


def _build(plan: tuple, parts: list, starts: list, lines: LineStarts):
    """The tree of a path from its skeleton's ``plan``, its ``parts`` (as in :func:`_plan`)
    and where each part starts (``starts``)."""
    if len(plan) == 2:
        return Tree(plan[0], [_build(child, parts, starts, lines) for child in plan[1]])
    type_, k, offset, value = plan
    if value is None:
        value = parts[k]
    token = str.__new__(LazyToken, value)
    token.type = type_
    token.start_pos = starts[k] + offset
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
