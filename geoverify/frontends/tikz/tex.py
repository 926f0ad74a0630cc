"""The TeX layer: tokens, a scoped definition table and a macro expander.

This is the part of TeX that figures lean on, not TeX itself: category codes
are the default ones, tokens are ``(text, offset)`` tuples (a control sequence
keeps its backslash, every other character is its own token, a run of blanks
is one ``" "`` token, comments are dropped), and only macros the figure
defines are expanded. Undefined control sequences are kept as they are, so
node text like ``$\\alpha$`` survives, and so do TikZ commands, which the
interpreter reads.

Every expansion counts one step of the :class:`~geoverify.frontends.limits.Budget`,
so ``\\def\\x{\\x}\\x`` ends with a :class:`~geoverify.errors.BudgetExceededError`.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from itertools import accumulate, repeat
from operator import itemgetter

from geoverify.errors import BudgetExceededError, FigureSyntaxError, SourceLocation
from geoverify.frontends.limits import Budget
from geoverify.frontends.tikz.conditionals import expand_conditional
from geoverify.frontends.tikz.counters import COUNTER_PREFIXES, expand_counter

__all__ = ["Token", "Source", "Macro", "Definitions", "Reader", "tokenize", "tokenize_at", "detokenize",
           "strip_braces", "split_top", "is_cs", "expanded_text", "parse_param_text", "make_body", "PARAM"]

Token = tuple  # (text, offset)

#: Names of commands (not user macros) that expand or act: conditionals, counters, pgfmath in text.
_EXPANDABLE = ("\\if", "\\else", "\\fi", "\\breakforeach", "\\pgfmathp") + COUNTER_PREFIXES

# The pieces of TeX source: findall gives each whole piece, and its first characters tell them apart.
_PIECES_RE = re.compile(
    r"%[^\n]*(?:\n[ \t]*)?"                    # comment, with the end of line and next indentation
    r"|\\(?:[A-Za-z@]+| |\n)[ \t]*\n?[ \t]*"    # control word or space (+ the blanks TeX skips after it)
    r"|\\."                                    # control symbol: blanks after it count
    r"|\n[ \t]*\n[\s]*"                        # blank line: \par
    r"|[ \t\r\n]+"                             # blanks
    r"|[A-Za-z0-9.]+"                          # a run of letters/digits (split on demand)
    r"|.",
    re.S,
)
_PAR_RE = re.compile(r"\n[ \t]*\n")
_TOKEN_TEXT = itemgetter(0)
_BLANKS = frozenset(" \t\r\n")


@dataclass
class Source:
    """A source text with line lookup. ``offset -> (line, column)``, both 1-based."""

    text: str
    filename: str | None = None
    _starts: list = field(default_factory=list)
    # (offset, construct) -> its SourceLocation: every statement asks for its own once or twice,
    # and code the interpreter writes (tkz-euclide, loops) asks again for the same offsets
    _locations: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self):
        self._starts = [0] + [m.end() for m in re.finditer("\n", self.text)]

    def line_col(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self._starts, offset) - 1
        return i + 1, offset - self._starts[i] + 1

    def offset_of(self, loc) -> int | None:
        """Offset of a location's line and column (None without them)."""
        if loc is None or not loc.line or loc.line > len(self._starts):
            return None
        return self._starts[loc.line - 1] + (loc.column or 1) - 1

    def location(self, offset: int | None, construct: str | None = None) -> SourceLocation:
        """The (immutable, so shared) location of ``offset``, naming ``construct``."""
        key = (offset, construct)
        loc = self._locations.get(key)
        if loc is None:
            if offset is None or offset < 0:
                loc = SourceLocation(None, None, self.filename, construct)
            else:
                line, col = self.line_col(offset)
                loc = SourceLocation(line, col, self.filename, construct)
            self._locations[key] = loc
        return loc

    def context(self, offset: int) -> str:
        line, col = self.line_col(offset)
        start = self._starts[line - 1]
        end = self.text.find("\n", start)
        text = self.text[start:end if end >= 0 else len(self.text)]
        return f"{text}\n{' ' * (col - 1)}^"


def tokenize(text: str, base: int = 0) -> list[Token]:
    """Tokens of ``text``; offsets are ``base`` + position in ``text``.

    Runs of letters and digits stay one token (splitting happens only where a
    macro argument needs a single character), which keeps long figures fast.
    The pieces of :data:`_PIECES_RE` are cut by the regex engine in one call
    (every character starts a match, so their offsets are the running sum of
    their lengths); only comments, control words and blanks need a second look.
    """
    parts = _PIECES_RE.findall(text)
    return _tokens(parts, accumulate(map(len, parts), initial=base))


def tokenize_at(text: str, pos: int | None) -> list[Token]:
    """Tokens of ``text``, all at source offset ``pos``: code the interpreter writes for a
    command at ``pos`` (``[(t, pos) for t, _ in tokenize(text)]``, without the offsets)."""
    return _tokens(_PIECES_RE.findall(text), repeat(pos))


def _tokens(parts: list[str], offsets) -> list[Token]:
    """The tokens of the pieces ``parts`` of a text, at ``offsets`` (an iterable, one each).

    Each piece's token text comes from :data:`_PIECE_TEXTS` and the pairs are made and the
    comments (text ``""``) dropped by ``map``, ``zip`` and ``filter``: no Python step per piece
    (the corpus' 2.5 MB of source are 1.0 million pieces, 16k of them distinct).
    """
    return list(filter(_TOKEN_TEXT, zip(map(_PIECE_TEXTS.__getitem__, parts), offsets)))


def _piece_text(piece: str) -> str:
    """The text of the token a piece of :data:`_PIECES_RE` makes, or ``""`` for a comment."""
    c = piece[0]
    if c == "\\":
        if len(piece) > 1:
            d = piece[1]
            if d.isalpha() or d == "@":
                return piece.rstrip(" \t\n")  # a control word; the blanks TeX skips after it are dropped
            if d == "\n":
                return " "                    # a control newline is a blank
            if d == " ":
                return "\\ "
        return piece                          # a control symbol (or a lone backslash at the end)
    if c == "%":
        return ""
    if c in _BLANKS:
        return "\\par" if c == "\n" and _PAR_RE.match(piece) else " "
    return piece


class _PieceTextTable(dict):
    """piece -> :func:`_piece_text` of it, filled on demand (process-wide, cleared when over
    ``cap`` entries). Source repeats its pieces (``(``, ``--``, ``\\draw``, blanks, short
    words); comments are not kept (each is read once)."""

    cap = 50_000

    def __missing__(self, piece: str) -> str:
        text = _piece_text(piece)
        if text:
            if len(self) >= self.cap:
                self.clear()
            self[piece] = text
        return text


_PIECE_TEXTS = _PieceTextTable()


def expanded_text(reader: "Reader", tokens) -> str:
    """The text of ``tokens`` with their macros expanded by a reader over them that shares ``reader``'s
    definitions, budget and source (an argument such as ``{\\x+1}`` read as ``"2+1"``)."""
    sub = type(reader)(list(tokens), reader.defs, reader.budget, reader.source)
    out = []
    while True:
        t = sub.get()
        if t is None:
            return "".join(x[0] for x in out)
        if t[0].startswith("\\") and sub.expand(t):
            continue
        out.append(t)


def is_cs(tok: Token) -> bool:
    t = tok[0]
    return len(t) > 1 and t[0] == "\\"


def detokenize(tokens, sep_cs: bool = True) -> str:
    """Text of a token list; a space follows a control word when a letter comes next."""
    if not isinstance(tokens, list):
        tokens = list(tokens)
    text = "".join(map(_TOKEN_TEXT, tokens))
    if not sep_cs or "\\" not in text:  # no control word to separate (most paths and options)
        return text
    parts = []
    prev_word = False
    for t, _ in tokens:
        if prev_word and (t[:1].isalpha() or t[:1] == "@"):
            parts.append(" ")
        parts.append(t)
        prev_word = len(t) > 1 and t[0] == "\\" and t[1:2].isalpha()
    return "".join(parts)


def strip_braces(tokens: list[Token]) -> list[Token]:
    """Remove surrounding blanks and one pair of braces enclosing the whole list."""
    i, j = 0, len(tokens)
    while i < j and tokens[i][0] == " ":
        i += 1
    while j > i and tokens[j - 1][0] == " ":
        j -= 1
    toks = tokens[i:j]
    if len(toks) >= 2 and toks[0][0] == "{" and toks[-1][0] == "}":
        depth = 0
        for k, (t, _) in enumerate(toks):
            if t == "{":
                depth += 1
            elif t == "}":
                depth -= 1
                if depth == 0 and k != len(toks) - 1:
                    return toks
        return toks[1:-1]
    return toks


def split_top(tokens: list[Token], sep: str) -> list[list[Token]]:
    """Split a token list at ``sep`` tokens that are outside braces, brackets and parentheses."""
    parts: list[list[Token]] = [[]]
    depth = 0
    for tok in tokens:
        t = tok[0]
        if t in "{[(" and len(t) == 1:
            depth += 1
        elif t in "}])" and len(t) == 1:
            depth -= 1
        elif t == sep and depth == 0:
            parts.append([])
            continue
        parts[-1].append(tok)
    return parts


@dataclass(slots=True)
class Macro:
    """A macro: ``params`` is the parameter text as a list of items, each either
    an int (parameter number) or a token text that must match literally; ``body``
    holds tokens and ``("#", n)`` placeholders (n = parameter number)."""

    params: list
    body: list
    optional_default: list | None = None  # \newcommand's optional first argument
    nargs: int = 0


class Definitions:
    """Scoped definitions (macros, TikZ styles, colours), TeX's save stack.

    ``begin_group``/``end_group`` bracket a TeX group or a TikZ scope; a local
    definition is undone when its group ends, a global one is not.
    """

    __slots__ = ("table", "_saves")

    def __init__(self):
        self.table: dict = {}
        self._saves: list[list] = [[]]

    def begin_group(self) -> None:
        self._saves.append([])

    def end_group(self) -> None:
        if len(self._saves) == 1:
            return
        for key, old in reversed(self._saves.pop()):
            if old is _MISSING:
                self.table.pop(key, None)
            else:
                self.table[key] = old

    @property
    def depth(self) -> int:
        return len(self._saves) - 1

    def set(self, key, value, global_: bool = False) -> None:
        if global_:
            for level in self._saves:
                level[:] = [(k, v) for k, v in level if k != key]
        else:
            self._saves[-1].append((key, self.table.get(key, _MISSING)))
        self.table[key] = value

    def get(self, key, default=None):
        return self.table.get(key, default)


_MISSING = object()
_TOKENS, _INDEX = itemgetter(0), itemgetter(1)  # of a reader's stack entry [tokens, index]


class Reader:
    """A token stream with push-back and expansion of user macros.

    Parameters
    ----------
    tokens : list of Token
    defs : Definitions
        Where macros live (keys are control sequence names with backslash).
    budget : Budget
    source : Source
    """

    __slots__ = ("_stack", "defs", "budget", "source", "last_pos", "conds")

    def __init__(self, tokens, defs: Definitions, budget: Budget, source: Source):
        self._stack = [[tokens, 0]]
        self.defs = defs
        self.budget = budget
        self.source = source
        self.last_pos = 0
        self.conds: list[bool] = []  # open conditionals: True if this reader chose the branch

    # -- raw access ----------------------------------------------------
    def get(self) -> Token | None:
        stack = self._stack
        while stack:
            top = stack[-1]
            toks, i = top
            if i < len(toks):
                top[1] = i + 1
                tok = toks[i]
                self.last_pos = tok[1]
                return tok
            stack.pop()
        return None

    def read_plain(self, out: list, stops=frozenset()) -> Token | None:
        """Append to ``out`` the tokens that come next up to the first that needs a look (its
        text in ``stops`` or holding a backslash: a control sequence), and return that one
        (read), or None at the end.

        This is :meth:`get` written out for runs of tokens: most of a path or an argument is
        plain characters and words, read here straight from the token list on top of the
        stack. A token with a backslash anywhere goes back to the caller, which treats it
        as before (only a leading one makes a control sequence)."""
        stack = self._stack
        append = out.append
        while stack:
            top = stack[-1]
            toks, i = top
            n = len(toks)
            start = i
            while i < n:
                tok = toks[i]
                i += 1
                t = tok[0]
                if t in stops or "\\" in t:
                    top[1] = i
                    self.last_pos = tok[1]
                    return tok
                append(tok)
            top[1] = n
            if n > start:
                self.last_pos = toks[-1][1]
            stack.pop()
        return None

    def peek(self) -> Token | None:
        for toks, i in reversed(self._stack):
            if i < len(toks):
                return toks[i]
        return None

    def push(self, tokens) -> None:
        """Read ``tokens`` next (a copy of them: the caller may change its list)."""
        if tokens:
            self._push_list(list(tokens))

    def _push_list(self, tokens: list) -> None:
        """Read the non-empty list ``tokens`` next, as it is: a reader never changes a list it
        reads, so a macro's body is read in place (a long one is not copied at each use)."""
        stack = self._stack
        if stack and stack[-1][1] >= len(stack[-1][0]):
            stack.pop()
        stack.append([tokens, 0])
        if len(stack) > 50 * self.budget.limits.max_depth:
            raise BudgetExceededError(
                f"macro expansion nests deeper than {50 * self.budget.limits.max_depth} levels "
                "(50 x Limits.max_depth; runaway recursion?)", location=self.source.location(self.last_pos))

    def at_end(self) -> bool:
        return self.peek() is None

    def skip_spaces(self) -> None:
        while True:
            t = self.peek()
            if t is None or t[0] not in (" ", "\\par"):
                return
            self.get()

    def get_char(self) -> Token | None:
        """The next single-character token (splits a letter/digit run)."""
        tok = self.get()
        if tok is not None and len(tok[0]) > 1 and tok[0][0] != "\\":
            self.push([(tok[0][1:], tok[1] + 1)])
            tok = (tok[0][0], tok[1])
        return tok

    def error(self, message: str, pos: int | None = None) -> FigureSyntaxError:
        p = self.last_pos if pos is None else pos
        return FigureSyntaxError(message, location=self.source.location(p), context=self.source.context(p))

    def read_group_body(self, open_pos: int) -> list[Token]:
        """Tokens up to the ``}`` matching an already read ``{`` (braces inside kept).

        The token lists on the stack are scanned in place and their stretches taken as
        slices (:meth:`get` written out: loop bodies and node texts are read this way)."""
        out = []
        depth = 1
        limit = self.budget.limits.max_bytes
        stack = self._stack
        while stack:
            top = stack[-1]
            toks, i = top
            n = len(toks)
            start = i
            while i < n:
                t = toks[i][0]
                if t == "{":
                    depth += 1
                elif t == "}":
                    depth -= 1
                    if depth == 0:
                        out += toks[start:i]
                        if len(out) > limit:
                            raise self.error("group too long", open_pos)
                        top[1] = i + 1
                        self.last_pos = toks[i][1]
                        return out
                i += 1
            out += toks[start:n]
            if len(out) > limit:
                raise self.error("group too long", open_pos)
            top[1] = n
            if n > start:
                self.last_pos = toks[-1][1]
            stack.pop()
        raise self.error("unbalanced braces: '{' is never closed", open_pos)

    def read_arg(self) -> list[Token]:
        """An undelimited macro argument: a brace group (without braces) or one token."""
        self.skip_spaces()
        tok = self.get_char()
        if tok is None:
            raise self.error("a macro argument is missing at the end of the input")
        if tok[0] == "{":
            return self.read_group_body(tok[1])
        if tok[0] == "}":
            raise self.error("unbalanced braces: unexpected '}'", tok[1])
        return [tok]

    def read_optional(self) -> list[Token] | None:
        """A ``[...]`` argument (brackets nested in braces ignored), or None."""
        self.skip_spaces()
        t = self.peek()
        if t is None or t[0] != "[":
            return None
        open_tok = self.get()
        out = []
        depth = 0
        while True:
            tok = self.get()
            if tok is None:
                raise self.error("'[' is never closed", open_tok[1])
            t = tok[0]
            if t == "{":
                depth += 1
            elif t == "}":
                depth -= 1
            elif t == "]" and depth == 0:
                return out
            elif t == "[" and depth == 0:
                depth_b = 1
                out.append(tok)
                while depth_b:
                    tok = self.get()
                    if tok is None:
                        raise self.error("'[' is never closed", open_tok[1])
                    if tok[0] == "[":
                        depth_b += 1
                    elif tok[0] == "]":
                        depth_b -= 1
                    out.append(tok)
                continue
            out.append(tok)

    def read_delimited(self, close: str, open_: str) -> list[Token]:
        """Tokens up to a matching ``close`` (``open_`` nests), braces respected."""
        out = []
        depth = 0
        level = 0
        start = self.last_pos
        while True:
            tok = self.get()
            if tok is None:
                raise self.error(f"'{open_}' is never closed by '{close}'", start)
            t = tok[0]
            if t == "{":
                depth += 1
            elif t == "}":
                depth -= 1
            elif depth == 0 and t == open_:
                level += 1
            elif depth == 0 and t == close:
                if level == 0:
                    return out
                level -= 1
            out.append(tok)

    # -- macros --------------------------------------------------------
    def expand(self, tok: Token) -> bool:
        """If ``tok`` is a user macro, expand it in place and return True; a TeX
        conditional (:mod:`geoverify.frontends.tikz.conditionals`) is acted on likewise."""
        m = self.defs.table.get(tok[0])
        if m is None or not isinstance(m, Macro):
            if tok[0].startswith(_EXPANDABLE):
                if tok[0].startswith(COUNTER_PREFIXES):  # LaTeX counters (counters.py)
                    return expand_counter(self, tok)
                if tok[0].startswith("\\pgfmathp"):  # in node text (textmath.py)
                    from geoverify.frontends.tikz.textmath import expand_text_math
                    return expand_text_math(self, tok)
                return expand_conditional(self, tok)
            return False
        self.budget.step(1, None)
        if self.budget.steps % 256 == 0:
            # the tokens still to read (a runaway recursion's stack is deep: counted in C)
            stack = self._stack
            self.budget.check_array(sum(map(len, map(_TOKENS, stack))) - sum(map(_INDEX, stack)))
        if m.nargs and (self.peek() or ("}",))[0] == "}":
            # a macro with arguments named as a key's value (character command=\cmd}) is used
            # later, with its arguments: it stays as it is
            return False
        args = self._read_args(m, tok)
        if m.nargs == 0 and not m.params:
            if m.body:
                self._push_list(m.body)
            return True
        body = []
        for item in m.body:
            if item[0] == PARAM:
                k = item[1] - 1
                if k >= len(args):
                    raise self.error(f"{tok[0]} uses parameter #{k + 1} but takes only {len(args)}", tok[1])
                body.extend(args[k])
            else:
                body.append(item)
        if body:
            self._push_list(body)
        return True

    def _read_args(self, m: Macro, tok: Token) -> list[list[Token]]:
        args: list[list[Token]] = []
        params = m.params
        if m.optional_default is not None:
            opt = self.read_optional()
            args.append(m.optional_default if opt is None else opt)
            for _ in range(m.nargs - 1):
                args.append(self.read_arg())
            return args
        i = 0
        n = len(params)
        while i < n:
            item = params[i]
            if isinstance(item, str):  # literal prefix token text
                self.skip_spaces() if item != " " else None
                nxt = self.get_char()
                if nxt is None or nxt[0] != item:
                    raise self.error(f"use of {tok[0]} does not match its definition (expected '{item}')", tok[1])
                i += 1
                continue
            # parameter: collect its delimiter
            j = i + 1
            delim = []
            while j < n and isinstance(params[j], str):
                delim.append(params[j])
                j += 1
            if not delim:
                args.append(self.read_arg())
            else:
                args.append(self._read_until(delim, tok))
            i = j
        return args

    def _read_until(self, delim: list[str], tok: Token) -> list[Token]:
        out: list[Token] = []
        depth = 0
        k = len(delim)
        while True:
            t = self.get_char()
            if t is None:
                raise self.error(f"runaway argument of {tok[0]}: '{''.join(delim)}' never comes", tok[1])
            out.append(t)
            if t[0] == "{":
                depth += 1
            elif t[0] == "}":
                depth -= 1
            elif depth == 0 and len(out) >= k and [x[0] for x in out[-k:]] == delim:
                arg = out[:-k]
                return strip_braces(arg) if arg and arg[0][0] == "{" else arg


def parse_param_text(tokens: list[Token]) -> tuple[list, int]:
    """Parameter text of ``\\def`` -> (items, number of parameters)."""
    items: list = []
    n = 0
    i = 0
    flat = []
    for t in tokens:  # split letter runs: delimiters match single characters
        if len(t[0]) > 1 and t[0][0] != "\\":
            flat.extend((c, t[1] + k) for k, c in enumerate(t[0]))
        else:
            flat.append(t)
    while i < len(flat):
        t = flat[i][0]
        if t == "#" and i + 1 < len(flat) and flat[i + 1][0].isdigit():
            n += 1
            items.append(n)
            i += 2
            continue
        items.append(t)
        i += 1
    return items, n


PARAM = "\x00#"  # text of a parameter placeholder in a macro body: (PARAM, n)


def make_body(tokens: list[Token]) -> list:
    """Replace ``#n`` by ``(PARAM, n)`` placeholders and ``##`` by ``#`` in a macro body."""
    out = []
    i = 0
    n = len(tokens)
    while i < n:
        t = tokens[i]
        if t[0] == "#" and i + 1 < n:
            nxt = tokens[i + 1][0]
            if nxt[:1].isdigit():
                out.append((PARAM, int(nxt[0])))
                if len(nxt) > 1:
                    out.append((nxt[1:], tokens[i + 1][1] + 1))
                i += 2
                continue
            if nxt == "#":
                out.append(t)
                i += 2
                continue
        out.append(t)
        i += 1
    return out
