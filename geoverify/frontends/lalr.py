"""A faster loop over Lark's LALR tables, installed as Lark's ``LALR_Parser`` plugin.

Lark's own loop calls a chain of Python wrappers for every reduction (position
propagation, child filter, single-child expansion). The Asymptote grammar makes
about four reductions per token, most of them by ``?rule`` levels that return
their only child unchanged. This plugin runs the same parse table and builds the
same trees (:class:`lark.Tree` of :class:`lark.Token`, the same ``data``,
``children`` and ``meta`` positions), but reads each rule's wrapper chain once,
so a run of one-child reductions is a single table look-up and positions are
computed only when a tree's ``meta`` is read. Its lexer tries, at each
position, only the terminals that can start with the character there (the
same alternation in the same order, so the same match).

Anything the plugin does not recognise (a transformer, ``ambiguity``, a
position filter) leaves Lark's own loop in charge; syntax errors are raised by
re-running Lark's own loop, so they are Lark's errors exactly.

Usage::

    Lark(text, parser="lalr", ..., _plugins=FAST_LALR)
"""

from __future__ import annotations

import re
import weakref
from bisect import bisect_right
from functools import partial
from operator import itemgetter

from lark import Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import ContextualLexer, LexerState, PatternStr, UnlessCallback
from lark.parse_tree_builder import (ChildFilterLALR, ChildFilterLALR_NoPlaceholders, ExpandSingleChild,
                                     PropagatePositions)
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser import LALR_Parser

try:
    from re import _constants as _opc, _parser as _sre_parse
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_constants as _opc
    import sre_parse as _sre_parse

__all__ = ["FastLALRParser", "FAST_LALR", "SpanMeta", "LazyToken", "LineStarts"]


class SpanMeta:
    """``Tree.meta`` of a parsed tree: the span from its first to its last token.

    The first and last tokens include anonymous ones filtered out of the tree
    (``"("``, keywords), as Lark's ``propagate_positions`` counts them.
    """

    __slots__ = ("_first", "_last")
    empty = False

    def __init__(self, first: Token, last: Token):
        self._first = first
        self._last = last

    line = property(lambda self: self._first.line)
    column = property(lambda self: self._first.column)
    start_pos = property(lambda self: self._first.start_pos)
    end_line = property(lambda self: self._last.end_line)
    end_column = property(lambda self: self._last.end_column)
    end_pos = property(lambda self: self._last.end_pos)
    container_line = line
    container_column = column
    container_start_pos = start_pos
    container_end_line = end_line
    container_end_column = end_column
    container_end_pos = end_pos

    def __repr__(self):
        return f"SpanMeta(line={self.line}, column={self.column}, end_line={self.end_line}, end_column={self.end_column})"


class _Unsupported(Exception):
    """A rule callback this plugin does not reproduce; Lark's loop is used."""


class _NoAction(Exception):
    """No table entry for the token: a syntax error, reported by Lark's loop."""


# rule kinds
_UNIT = 0      # ?a: b         -- the value and its span stay, only the state changes
_WRAP = 1      # a: B, x: y -> z -- a new tree over the one value
_GENERAL = 2


def _rule_plan(rule, callback):
    """What ``callback`` (Lark's wrapper chain for ``rule``) does, as plain data."""
    cb = callback
    positions = False
    if isinstance(cb, PropagatePositions):
        if cb.node_filter is not None:
            raise _Unsupported("propagate_positions filter")
        positions = True
        cb = cb.node_builder
    include = None                    # None: every child, as it is
    tail_nones = 0
    if type(cb) is ChildFilterLALR:
        include = tuple(cb.to_include)
        tail_nones = cb.append_none
        cb = cb.node_builder
    elif type(cb) is ChildFilterLALR_NoPlaceholders:
        include = tuple((i, expand, 0) for i, expand in cb.to_include)
        cb = cb.node_builder
    expand1 = False
    if type(cb) is ExpandSingleChild:
        expand1 = True
        cb = cb.node_builder
    if not (isinstance(cb, partial) and cb.func is Tree and len(cb.args) == 1 and not cb.keywords):
        raise _Unsupported(f"callback of rule {rule}")
    name = cb.args[0]
    size = len(rule.expansion)
    select = None                     # the kept children when no None or splice is added
    if include is not None and not tail_nones and not any(e or n for _, e, n in include):
        if len(include) == size:
            include = None            # a filter that keeps everything
        else:
            select = tuple(i for i, _, _ in include)
    if size == 1 and include is None:
        kind = _UNIT if expand1 else _WRAP
    else:
        kind = _GENERAL
    getter = itemgetter(*select) if select is not None and len(select) > 1 else None
    grow = None                       # "x*" helper rules (x: x y): the kept values appended to the first's children
    if (include and include[0] == (0, True, 0) and not tail_nones and not expand1 and len(include) > 1
            and rule.expansion[0] == rule.origin and all(not e and not n for _, e, n in include[1:])):
        grow = tuple(i - size for i, _, _ in include[1:])
    return positions, (kind, size, str(rule.origin.name), name, include, select, tail_nones,
                       expand1, getter, grow)


class _ParserPosition:
    """The ``parser_state`` Lark's contextual lexer asks for its state."""

    __slots__ = ("stack",)

    def __init__(self, stack):
        self.stack = stack

    @property
    def position(self):
        return self.stack[-1]


def _scanner_info(lexer):
    """(pattern, further patterns, special types, first-character table and its filler) of a Lark basic lexer.

    ``special`` maps the terminal types that need more than a plain token --
    ignored ones, ones that may hold newlines, ones with a callback -- to
    ``(ignored, may hold newlines, callback or keyword dict or None)``.
    """
    scanner = lexer.scanner       # built on first use
    mres = getattr(scanner, "_mres", None)
    if not mres or not all(hasattr(m, "match") for m in mres):
        raise _Unsupported("scanner layout")
    callback = dict(lexer.callback)
    if lexer.ignore_types & callback.keys():
        raise _Unsupported("callbacks on ignored terminals")
    for name, f in callback.items():
        # keywords matched by a name pattern: Lark retypes them by a regex of the keywords; a dict is faster
        keywords = getattr(getattr(f, "scanner", None), "terminals", None)
        if (type(f) is UnlessCallback and keywords and not lexer.g_regex_flags
                and all(isinstance(k.pattern, PatternStr) and not k.pattern.flags for k in keywords)):
            retype: dict = {}
            for k in keywords:                  # the first alternative wins, as in Lark's regex
                retype.setdefault(k.pattern.value, k.name)
            callback[name] = retype
    special = {}
    for name in set(lexer.ignore_types) | set(lexer.newline_types) | set(callback):
        special[name] = (name in lexer.ignore_types, name in lexer.newline_types, callback.get(name))
    dispatch = _dispatch(scanner, lexer.g_regex_flags)
    table, pick = dispatch if dispatch is not None else (None, None)
    return mres[0], tuple(mres[1:]), special, table, pick


# ------------------------------------------------------------------ first-character dispatch
# A lexer's pattern is the alternation of its terminals, tried in order; most of them cannot
# start with the character at hand. For each character met, the alternation of only the
# terminals that can start with it (in the same order) finds the same match, much sooner.

_NEVER = re.compile(r"(?!)")
_CATEGORY_RE = {getattr(_opc, name): esc for name, esc in (
    ("CATEGORY_DIGIT", r"\d"), ("CATEGORY_NOT_DIGIT", r"\D"), ("CATEGORY_SPACE", r"\s"),
    ("CATEGORY_NOT_SPACE", r"\S"), ("CATEGORY_WORD", r"\w"), ("CATEGORY_NOT_WORD", r"\W"))}
_REPEATS = tuple(getattr(_opc, n) for n in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(_opc, n))
_SUBPATTERNS: dict = {}          # (terminal patterns, flags) -> compiled alternation, shared by the lexers
_STARTS: dict = {}               # (terminal pattern, flags, character) -> whether a match may start with it
_DISPATCHES = weakref.WeakKeyDictionary()   # Lark scanner -> its (table, pick)


def _in_class(items, c, flags):
    """Whether ``c`` is in the character class ``items`` (None: cannot tell)."""
    negate = False
    hit = False
    for op, arg in items:
        if op is _opc.NEGATE:
            negate = True
        elif op is _opc.LITERAL:
            hit = hit or c == chr(arg)
        elif op is _opc.RANGE:
            hit = hit or arg[0] <= ord(c) <= arg[1]
        elif op is _opc.CATEGORY and arg in _CATEGORY_RE:
            hit = hit or re.fullmatch(_CATEGORY_RE[arg], c, flags) is not None
        else:
            return None
    return hit != negate


def _may_start(seq, c, flags):
    """(may a match of ``seq`` start with ``c``, may it be empty): conservative, True when unsure."""
    may = False
    for op, arg in seq:
        if op is _opc.LITERAL:
            return may or c == chr(arg), False
        if op is _opc.NOT_LITERAL:
            return may or c != chr(arg), False
        if op is _opc.ANY:
            return True, False
        if op is _opc.IN:
            return may or _in_class(arg, c, flags) is not False, False
        if op is _opc.AT:
            continue                     # zero width
        if op is _opc.BRANCH:
            results = [_may_start(s, c, flags) for s in arg[1]]
            m, empty = any(r[0] for r in results), any(r[1] for r in results)
        elif op is _opc.SUBPATTERN:
            if arg[1] & re.IGNORECASE:
                return True, True
            m, empty = _may_start(arg[3], c, flags)
        elif op in _REPEATS:
            m, empty = _may_start(arg[2], c, flags)
            empty = empty or arg[0] == 0
        elif op is getattr(_opc, "ATOMIC_GROUP", None):
            m, empty = _may_start(arg, c, flags)
        else:
            return True, True            # look-arounds, back references, ...
        may = may or m
        if not empty:
            return may, False
    return may, True


def _dispatch(scanner, flags):
    """``(table, pick)``: ``pick(c)`` is the compiled alternation of the scanner's terminals that
    may start with ``c``, remembered in ``table``; one per scanner (parser states share scanners).

    None when the scanner is not one plain ``re`` alternation of its terminals.
    """
    try:
        return _DISPATCHES[scanner]
    except KeyError:
        pass
    except TypeError:       # pragma: no cover - a scanner without weak references
        return _new_dispatch(scanner, flags)
    out = _DISPATCHES[scanner] = _new_dispatch(scanner, flags)
    return out


def _new_dispatch(scanner, flags):
    terminals = getattr(scanner, "terminals", None)
    mres = scanner._mres
    if (not terminals or len(mres) != 1 or getattr(scanner, "use_bytes", True) or scanner.re_ is not re
            or flags & re.IGNORECASE):
        return None
    parts = [f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals]
    if "|".join(parts) != mres[0].pattern:
        return None
    try:
        parsed = [_sre_parse.parse(p, flags) for p in parts]
    except Exception:       # pragma: no cover - the pattern compiled once already
        return None
    if any(p.state.flags & re.IGNORECASE for p in parsed):
        return None
    table: dict = {}

    def pick(c):
        keep = []
        for part, tree in zip(parts, parsed):
            key = (part, flags, c)
            may = _STARTS.get(key)
            if may is None:
                may = _STARTS[key] = any(_may_start(tree, c, flags))
            if may:
                keep.append(part)
        keep = tuple(keep)
        if len(keep) == len(parts):
            mre = mres[0]
        elif not keep:
            mre = _NEVER
        else:
            key = (keep, flags)
            mre = _SUBPATTERNS.get(key)
            if mre is None:
                mre = _SUBPATTERNS[key] = re.compile("|".join(keep), flags)
        table[c] = mre
        return mre

    return table, pick


class LineStarts:
    """Where the lines of a text start, found the first time a token's line is asked for.

    Positions are read only for diagnostics, so the lexer records a token's offset
    alone and :class:`LazyToken` derives its line and column here (``bisect`` over
    the offsets that follow a ``"\\n"``, as Lark's line counter counts them).
    """

    __slots__ = ("text", "_starts", "_last")

    def __init__(self, text: str):
        self.text = text
        self._starts = None
        self._last = (-1, None)

    def line_column(self, pos: int) -> tuple[int, int]:
        """``(line, column)``, both from 1, of the character offset ``pos``.

        The last answer is kept: a location reads the line and then the column of one token.
        """
        last = self._last
        if last[0] == pos:
            return last[1]
        starts = self._starts
        if starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._starts = starts
        k = bisect_right(starts, pos)
        out = k, pos - starts[k - 1] + 1
        self._last = (pos, out)
        return out


class LazyToken(Token):
    """A :class:`lark.Token` of the fast lexer: ``line``, ``column``, ``end_*`` computed when read.

    The same values as Lark's token (``end_pos = start_pos + len(value)``; the end
    line and column are those of ``end_pos``); setting four slots instead of eight
    is a sixth of the parse time.
    """

    __slots__ = ("_lines",)

    line = property(lambda self: self._lines.line_column(self.start_pos)[0])
    column = property(lambda self: self._lines.line_column(self.start_pos)[1])
    end_pos = property(lambda self: self.start_pos + len(self.value))
    end_line = property(lambda self: self._lines.line_column(self.end_pos)[0])
    end_column = property(lambda self: self._lines.line_column(self.end_pos)[1])

    def __reduce__(self):
        # a plain Token: its positions are stored, not derived
        return (Token, (self.type, self.value, self.start_pos, self.line, self.column, self.end_line,
                        self.end_column, self.end_pos))

    def eager(self) -> Token:
        """A plain :class:`lark.Token` with the same type, value and positions (for callbacks that copy tokens)."""
        return Token(self.type, self.value, self.start_pos, self.line, self.column, self.end_line, self.end_column,
                     self.end_pos)


def _fast_tokens(lexer_thread, states, cache):
    """The tokens of Lark's contextual lexer, read with the lexer of the parser state ``states[-1]``.

    The same patterns, order and positions as ``ContextualLexer.lex``; no
    match raises :class:`_NoAction` (Lark's loop then reports the error).
    Tokens are :class:`LazyToken`: their lines and columns are found when read.
    """
    lexers = lexer_thread.lexer.lexers
    text = lexer_thread.state.text
    src, pos, end = text.text, lexer_thread.state.line_ctr.char_pos, text.end
    lines = LineStarts(src)
    new = str.__new__
    while pos < end:
        state = states[-1]
        info = cache.get(state)
        if info is None:
            info = cache[state] = _scanner_info(lexers[state])
        mre, more, special, table, pick = info
        if table is not None:
            c = src[pos]
            mre = table.get(c) or pick(c)
        m = mre.match(src, pos, end)
        if m is None:
            # Lark splits the pattern when it has too many groups for one regex
            for mre in more:
                m = mre.match(src, pos, end)
                if m:
                    break
            else:
                raise _NoAction()
        value = m[0]
        type_ = m.lastgroup
        kind = special.get(type_)
        if kind is not None:
            if kind[0]:             # ignored (white space, comments)
                pos += len(value)
                continue
            f = kind[2]
            if f is not None and type(f) is dict:
                type_ = f.get(value, type_)
                f = None
        else:
            f = None
        t = new(LazyToken, value)
        t.type = type_
        t.start_pos = pos
        t.value = value
        t._lines = lines
        pos += len(value)
        yield t if f is None else f(t.eager())


class FastLALRParser(LALR_Parser):
    """Lark's ``LALR_Parser`` with a faster loop for plain tree building (see module docstring)."""

    _fast = None
    _lex_cache = None

    def _tables(self):
        fast = self._fast
        if fast is None:
            try:
                fast = self._build_tables()
            except _Unsupported:
                fast = False
            self._fast = fast
        return fast

    def _build_tables(self):
        table = self.parser.parse_table
        callbacks = self.parser.callbacks
        rule_index: dict = {}
        plans = []
        actions = {}
        gotos = {}
        flags = set()
        for state, row in table.states.items():
            act = actions[state] = {}
            go = gotos[state] = {}
            for sym, (action, arg) in row.items():
                if action is Shift:
                    if sym.isupper() or sym.startswith("$"):
                        act[sym] = arg
                    else:
                        go[sym] = arg
                else:
                    k = rule_index.get(arg)
                    if k is None:
                        positions, plan = _rule_plan(arg, callbacks[arg])
                        flags.add(positions)
                        k = rule_index[arg] = len(plans)
                        plans.append(plan)
                    act[sym] = ~k
        if len(flags) > 1:
            raise _Unsupported("positions on some rules only")
        return actions, gotos, plans, bool(flags and flags.pop()), {}

    def parse(self, lexer, start, on_error=None):
        fast = self._tables() if on_error is None else False
        if not fast:
            return super().parse(lexer, start, on_error)
        text = lexer.state.text
        try:
            return self._parse_fast(fast, lexer, start)
        except _Unsupported:
            self._lex_cache = False          # a lexer this plugin does not reproduce: Lark's from now on
        except (_NoAction, UnexpectedInput):
            pass
        # Lark's own loop on a fresh lexer state (it raises Lark's exact error).
        return super().parse(type(lexer)(lexer.lexer, LexerState(text)), start)

    def _token_stream(self, lexer, states):
        if self._lex_cache is None:
            self._lex_cache = {} if type(lexer.lexer) is ContextualLexer and hasattr(lexer.state.text, "end") else False
        if self._lex_cache is False:
            return lexer.lex(_ParserPosition(states))
        return _fast_tokens(lexer, states, self._lex_cache)

    def _parse_fast(self, fast, lexer, start):
        actions, gotos, plans, positions, runs = fast
        table = self.parser.parse_table
        end_state = table.end_states[start]
        states = [table.start_states[start]]
        values = []
        firsts = []     # per stack entry: first token of its span (None: no tokens)
        lasts = []      # per stack entry: last token of its span

        def reduce(plan):
            _, size, origin, name, include, select, tail_nones, expand1, getter, grow = plan
            first = last = None
            if grow is not None and values[-size].data != name:
                grow = None
            if size:
                if grow is not None:
                    # as Lark does, the list of the first value's children grows in place;
                    # so does its tree here, which nothing else holds
                    value = values[-size]
                    value.children.extend([values[i] for i in grow])
                children = values[-size:]
                del values[-size:]
                del states[-size:]
                if positions:
                    first = firsts[-size]
                    if first is None:
                        for first in firsts[-size:]:
                            if first is not None:
                                break
                    last = lasts[-1]
                    if last is None:
                        for last in reversed(lasts[-size:]):
                            if last is not None:
                                break
                    del firsts[-size:]
                    del lasts[-size:]
            else:
                children = []
            if grow is not None:
                value._meta = None if first is None else SpanMeta(first, last)
            else:
                if getter is not None:
                    children = list(getter(children))
                elif select is not None:
                    children = [children[select[0]]] if select else []
                elif include is not None:
                    children = _filtered(children, include, tail_nones)
                if expand1 and len(children) == 1:
                    value = children[0]
                    if isinstance(value, Tree):
                        if first is not None and (value._meta is None or value._meta.empty):
                            value._meta = SpanMeta(first, last)
                    elif isinstance(value, Token):
                        first = last = value
                    else:
                        first = last = None
                else:
                    value = Tree(name, children, None if first is None else SpanMeta(first, last))
            states.append(gotos[states[-1]][origin])
            values.append(value)
            if positions:
                firsts.append(first)
                lasts.append(last)

        def top_run(below, top, ttype):
            # Every one-child reduction that follows from ``top`` over ``below`` on ``ttype``: the
            # state after them, the names of the trees they wrap the value in (innermost first),
            # and the action that comes next (a shift, a general reduction or None).
            names = []
            while True:
                a = actions[top].get(ttype)
                if a is None or a >= 0:
                    break
                plan = plans[~a]
                if plan[0] is _GENERAL:
                    break
                if plan[0] is _WRAP:
                    names.append(plan[3])
                top = gotos[below][plan[2]]
            return top, tuple(names), a

        for token in self._token_stream(lexer, states):
            ttype = token.type
            while True:
                top = states[-1]
                a = actions[top].get(ttype)
                if a is None:
                    raise _NoAction()
                if a < 0:
                    plan = plans[~a]
                    if plan[0] is not _GENERAL:
                        # a run of one-child reductions: the state below and the span stay;
                        # remembered per (state below, top state, token type)
                        key = (states[-2], top, ttype)
                        run = runs.get(key)
                        if run is None:
                            run = runs[key] = top_run(states[-2], top, ttype)
                        states[-1], names, a = run
                        if names:
                            value = values[-1]
                            first = firsts[-1] if positions else None
                            if first is None:
                                for name in names:
                                    value = Tree(name, [value], None)
                            else:
                                last = lasts[-1]
                                for name in names:
                                    value = Tree(name, [value], SpanMeta(first, last))
                            values[-1] = value
                        if a is None:
                            raise _NoAction()
                        if a >= 0:
                            states.append(a)
                            values.append(token)
                            if positions:
                                firsts.append(token)
                                lasts.append(token)
                            break
                        plan = plans[~a]
                    reduce(plan)
                    continue
                states.append(a)
                values.append(token)
                if positions:
                    firsts.append(token)
                    lasts.append(token)
                break
        # end of input: reduce until the start rule is complete
        while True:
            a = actions[states[-1]].get("$END")
            if a is None or a >= 0:
                raise _NoAction()
            plan = plans[~a]
            if plan[0] is _UNIT:
                states[-1] = gotos[states[-2]][plan[2]]
            else:
                reduce(plan)
            if states[-1] == end_state:
                return values[-1]


def _filtered(raw, include, tail_nones):
    """The children a rule keeps of its ``raw`` values: Lark's child filter (placeholders, inlined ``_rule``s)."""
    children = []
    for i, expand, nones in include:
        if nones:
            children += [None] * nones
        if expand:
            if children:
                children += raw[i].children
            else:       # "x*" helper rules: grow the list in place, as Lark does
                children = raw[i].children
        else:
            children.append(raw[i])
    if tail_nones:
        children += [None] * tail_nones
    return children


#: ``_plugins`` argument of :class:`lark.Lark` that installs :class:`FastLALRParser`.
FAST_LALR = {"LALR_Parser": FastLALRParser}
