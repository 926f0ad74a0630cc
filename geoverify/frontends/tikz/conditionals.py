"""TeX conditionals met while expanding: ``\\ifnum``, ``\\ifodd``, ``\\ifdim``,
``\\iftrue``/``\\iffalse`` with ``\\else``/``\\fi``, ifthen's ``\\ifthenelse``, etoolbox's
``\\iftoggle{name}{true}{false}`` and pgffor's ``\\breakforeach``.

A conditional reads its operands with expansion (``\\ifnum\\x>1`` after
``\\foreach \\x``), then keeps one branch: the tokens of a false branch are
skipped up to the matching ``\\else`` or ``\\fi`` (conditionals nested in it are
counted, whatever their kind); an ``\\else`` met while reading a true branch skips
to its ``\\fi``; a ``\\fi`` ends a branch. Numbers are TeX integers (optional
signs, decimal digits); ``\\ifdim`` lengths are a decimal number and a unit.

``\\ifthenelse{test}{then}{else}`` (ifthen) evaluates ``a<b``, ``a=b``, ``a>b``
(integers), ``\\equal{a}{b}`` (the expanded texts), ``\\isodd{n}``,
``\\lengthtest{a<b}``, ``\\NOT``, ``\\AND``, ``\\OR`` and ``\\(``...``\\)`` groups.
A conditional it cannot read stays as written (the interpreter then reports the
command as not interpreted); one never ended by ``\\fi`` is a syntax error.
"""

from __future__ import annotations

import re

__all__ = ["CONDITIONALS", "expand_conditional"]

_UNITS = {"pt": 1.0, "cm": 72.27 / 2.54, "mm": 72.27 / 25.4, "in": 72.27, "bp": 72.27 / 72, "pc": 12.0,
          "dd": 1238 / 1157, "cc": 12 * 1238 / 1157, "sp": 1 / 65536}

#: The conditionals :func:`expand_conditional` evaluates.
CONDITIONALS = frozenset({"\\ifnum", "\\ifodd", "\\ifdim", "\\iftrue", "\\iffalse", "\\ifthenelse",
                          "\\iftoggle"})


class _Unreadable(Exception):
    """Operands that are not known here (``\\coordindex`` in a pgfplots filter)."""


def expand_conditional(reader, tok) -> bool:
    """Act on ``tok`` (a ``\\if...``, ``\\else``, ``\\fi`` or ``\\breakforeach`` that is
    no user macro) just read from ``reader``; False leaves it to the caller, as is.

    A conditional whose operands are not known here (an undefined command, a
    register) stays as it was written, ``\\else`` and ``\\fi`` included, and so
    does a conditional of another kind (``\\ifx``, ``\\newif`` switches).
    """
    t = tok[0]
    conds = reader.conds
    if t == "\\fi":
        if conds and conds.pop():
            return True
        return False
    if t == "\\else":
        if conds and conds[-1]:  # the end of a chosen true branch: drop the false one
            conds.pop()
            _skip(reader, tok, stop_at_else=False)
            return True
        return False
    if t == "\\breakforeach":
        reader.defs.set("\\breakforeach", True, global_=True)  # read by the \foreach loop
        return True
    if t not in CONDITIONALS:
        if _is_if(t):
            conds.append(False)
        return False
    seen: list = []
    try:
        if t == "\\iftoggle":
            args = [reader.read_arg() for _ in range(3)]
            seen = [x for a in args for x in [("{", tok[1])] + a + [("}", tok[1])]]
            value = reader.defs.get("toggle:" + "".join(x[0] for x in _expanded(reader, args[0])).strip())
            if value is None:  # a toggle never made with \newtoggle
                reader.push(seen)
                return False
            reader.push(args[1] if value else args[2])
            return True
        if t == "\\ifthenelse":
            args = [reader.read_arg() for _ in range(3)]
            seen = [x for a in args for x in [("{", tok[1])] + a + [("}", tok[1])]]
            cond = _Test(reader, _expanded(reader, args[0]), tok).run()
            reader.push(args[1] if cond else args[2])
            return True
        if t == "\\iftrue":
            cond = True
        elif t == "\\iffalse":
            cond = False
        elif t == "\\ifodd":
            cond = _number(reader, tok, seen) % 2 == 1
        else:
            dim = t == "\\ifdim"
            a = _dimension(reader, tok, seen) if dim else _number(reader, tok, seen)
            rel = _relation(reader, tok, seen)
            b = _dimension(reader, tok, seen) if dim else _number(reader, tok, seen)
            cond = a < b if rel == "<" else a > b if rel == ">" else a == b
    except _Unreadable:
        reader.push(seen)
        if t != "\\ifthenelse":
            conds.append(False)
        return False
    if cond:
        conds.append(True)
    else:
        _skip(reader, tok, stop_at_else=True)
        conds.append(True)  # (a false branch ended by \else runs to its \fi)
    return True


def _is_if(name: str) -> bool:
    """A TeX conditional's name (``\\ifx``, a ``\\newif`` switch); ``\\iff`` is the math arrow."""
    return name.startswith("\\if") and name != "\\iff"


def _skip(reader, tok, stop_at_else: bool) -> bool:
    """Drop tokens up to the matching ``\\fi`` (or ``\\else`` when ``stop_at_else``);
    True if an ``\\else`` ended them."""
    depth = 0
    while True:
        t = reader.get()
        if t is None:
            raise reader.error(f"{tok[0]} is never ended by \\fi", tok[1])
        name = t[0]
        if _is_if(name) and name != "\\ifthenelse" and reader.defs.get(name) is None:
            depth += 1
        elif name == "\\fi":
            if depth == 0:
                return False
            depth -= 1
        elif name == "\\else" and depth == 0 and stop_at_else:
            return True


def _next(reader, seen: list):
    """The next single-character token after expanding macros (recorded in ``seen``);
    a command that does not expand here makes the conditional unreadable."""
    while True:
        t = reader.get_char()
        if t is None:
            return None
        if t[0].startswith("\\"):
            # (\breakforeach acts when it is run, not while a number is read: TeX stops there)
            if t[0] != "\\breakforeach" and reader.expand(t):
                continue
            reader.push([t])
            raise _Unreadable(t[0])
        seen.append(t)
        return t


def _digits(reader, seen: list, allow_point: bool) -> str:
    s = ""
    while True:
        try:
            t = _next(reader, seen)
        except _Unreadable:
            if s.strip("+-"):  # a command after the digits ends the number, as TeX stops there
                break
            raise
        if t is None:
            break
        c = t[0]
        if c == " " and not s.strip("+-"):
            continue
        if c in "+-" and not s.strip("+-"):
            s += c
            continue
        if c.isdigit() or (allow_point and c in ".,"):
            s += c.replace(",", ".")
            continue
        if c != " ":
            seen.pop()
            reader.push([t])
        break
    sign = -1 if s.count("-") % 2 else 1
    body = s.lstrip("+-")
    if not body or body == ".":
        raise _Unreadable("a number is missing")
    return ("-" if sign < 0 else "") + body


def _number(reader, tok, seen: list) -> int:
    return int(_digits(reader, seen, allow_point=False))


def _dimension(reader, tok, seen: list) -> float:
    value = float(_digits(reader, seen, allow_point=True))
    unit = ""
    while len(unit) < 2:
        t = _next(reader, seen)
        if t is None:
            break
        if t[0] == " " and not unit:
            continue
        if not t[0].isalpha():
            seen.pop()
            reader.push([t])
            break
        unit += t[0]
    if unit not in _UNITS:
        raise _Unreadable(f"unit '{unit}'")
    return value * _UNITS[unit]


def _relation(reader, tok, seen: list) -> str:
    while True:
        t = _next(reader, seen)
        if t is None:
            raise _Unreadable("the relation is missing")
        if t[0] == " ":
            continue
        if t[0] in "<=>":
            return t[0]
        raise _Unreadable(f"expected <, = or >, got '{t[0]}'")


def _expanded(reader, tokens) -> list:
    """``tokens`` with every user macro expanded (a sub-reader sharing the definitions)."""
    sub = type(reader)(list(tokens), reader.defs, reader.budget, reader.source)
    out = []
    while True:
        t = sub.get()
        if t is None:
            return out
        if t[0].startswith("\\") and t[0] not in _TEST_WORDS and sub.expand(t):
            continue
        out.append(t)


_TEST_WORDS = {"\\NOT", "\\AND", "\\OR", "\\(", "\\)", "\\equal", "\\isodd", "\\lengthtest", "\\boolean"}


class _Test:
    """An ifthen test over expanded tokens: ``or`` of ``and`` of (negated) atoms."""

    def __init__(self, reader, tokens, tok):
        self.reader, self.toks, self.i, self.tok = reader, tokens, 0, tok

    def run(self) -> bool:
        value = self._or()
        self._blanks()
        if self.i != len(self.toks):
            raise self._error("trailing material")
        return value

    def _error(self, what):
        return _Unreadable(what)

    def _blanks(self):
        while self.i < len(self.toks) and self.toks[self.i][0] in (" ", "\\relax"):
            self.i += 1

    def _peek(self):
        self._blanks()
        return self.toks[self.i][0] if self.i < len(self.toks) else None

    def _or(self) -> bool:
        v = self._and()
        while self._peek() == "\\OR":
            self.i += 1
            w = self._and()
            v = v or w
        return v

    def _and(self) -> bool:
        v = self._not()
        while self._peek() == "\\AND":
            self.i += 1
            w = self._not()
            v = v and w
        return v

    def _not(self) -> bool:
        if self._peek() == "\\NOT":
            self.i += 1
            return not self._not()
        return self._atom()

    def _group(self) -> list:
        self._blanks()
        if self.i >= len(self.toks) or self.toks[self.i][0] != "{":
            raise self._error("a braced argument is missing")
        depth, start = 0, self.i
        while self.i < len(self.toks):
            c = self.toks[self.i][0]
            depth += c == "{"
            depth -= c == "}"
            self.i += 1
            if depth == 0:
                return self.toks[start + 1:self.i - 1]
        raise self._error("unbalanced braces")

    def _atom(self) -> bool:
        from geoverify.frontends.tikz.tex import detokenize
        head = self._peek()
        if head == "\\(":
            self.i += 1
            v = self._or()
            if self._peek() != "\\)":
                raise self._error("'\\(' is never closed")
            self.i += 1
            return v
        if head == "\\equal":
            self.i += 1
            a, b = detokenize(self._group()).strip(), detokenize(self._group()).strip()
            return a == b
        if head == "\\isodd":
            self.i += 1
            return int(_int_text(detokenize(self._group()), self)) % 2 == 1
        if head == "\\lengthtest":
            self.i += 1
            m = re.fullmatch(r"\s*(.+?)\s*([<=>])\s*(.+?)\s*", detokenize(self._group()))
            if not m:
                raise self._error("cannot read the length test")
            a, b = _length_text(m.group(1), self), _length_text(m.group(3), self)
            return _compare(a, m.group(2), b)
        # "a <rel> b" up to the next \AND, \OR or \)
        start = self.i
        while self.i < len(self.toks) and self.toks[self.i][0] not in ("\\AND", "\\OR", "\\)"):
            self.i += 1
        text = detokenize(self.toks[start:self.i])
        m = re.fullmatch(r"\s*([^<=>]+?)\s*([<=>])\s*([^<=>]+?)\s*", text)
        if not m:
            raise self._error("cannot read the comparison")
        return _compare(int(_int_text(m.group(1), self)), m.group(2), int(_int_text(m.group(3), self)))


def _int_text(s: str, test) -> int:
    """The integer TeX reads at the start of ``s`` (``\\ifnum`` stops at the first
    non-digit: the ``.0`` of a ``\\pgfmathsetmacro`` result is left over, as in TeX)."""
    m = re.match(r"\s*([+-][+\s-]*)?(\d+)", s)
    if not m:
        raise test._error(f"'{s.strip()}' is not an integer")
    sign = -1 if (m.group(1) or "").count("-") % 2 else 1
    return sign * int(m.group(2))


def _length_text(s: str, test) -> float:
    m = re.fullmatch(r"\s*([+-]?\d*\.?\d+)\s*([a-z]{2})\s*", s)
    if not m or m.group(2) not in _UNITS:
        raise test._error(f"'{s}' is not a length")
    return float(m.group(1)) * _UNITS[m.group(2)]


def _compare(a, rel: str, b) -> bool:
    return a < b if rel == "<" else a > b if rel == ">" else a == b
