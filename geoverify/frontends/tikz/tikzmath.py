"""``\\tikzmath{...}`` of TikZ's ``math`` library: declarations, assignments, loops, tests and code.

As ``tikzlibrarymath.code.tex`` reads it, the block is a list of statements, each
ended by ``;``:

- ``integer \\a, \\b;``, ``real \\x;``, ``coordinate \\c;`` declare the type of
  variables (macros);
- ``\\x = <expr>;`` sets ``\\x`` to ``\\pgfmathparse``'s result (``int(<expr>)`` for an
  integer); a coordinate's expression is a point (read as ``($<expr>$)`` when it has
  no ``$`` of its own, as with the calc library): ``\\c`` becomes ``<x>pt,<y>pt``,
  ``\\cx`` and ``\\cy`` its parts;
- ``let \\x = <text>;`` sets ``\\x`` to the text, not evaluated;
- ``for \\i in {<list>}{<statements>};`` runs the statements for each item of a
  ``\\foreach`` list; ``if <cond> then {<statements>} else {<statements>};`` runs one
  branch;
- ``{<TikZ code>};`` runs the code (a ``\\draw`` with the variables in it).

Indexed variables (``\\x{1}``), ``print``, ``function`` and ``return`` are reported and
their statements skipped; so is a statement that cannot be read or evaluated.
"""

from __future__ import annotations

import math

from geoverify.errors import BudgetExceededError, GeoverifyError, UnsupportedConstructError
from geoverify.frontends.tikz.pgfmath import format_number
from geoverify.frontends.tikz.tex import Macro, Reader, detokenize, tokenize

__all__ = ["run_tikzmath"]

_TYPES = ("integer", "real", "coordinate")


def _split(tokens: list) -> list[list]:
    """Statements of a token list: split at ``;`` outside braces, blank ones dropped."""
    out, cur, depth = [], [], 0
    for tok in tokens:
        t = tok[0]
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
        elif t == ";" and depth == 0:
            out.append(cur)
            cur = []
            continue
        cur.append(tok)
    out.append(cur)
    return [s for s in (_strip(x) for x in out) if s]


def _strip(tokens: list) -> list:
    i, j = 0, len(tokens)
    while i < j and tokens[i][0].isspace():
        i += 1
    while j > i and tokens[j - 1][0].isspace():
        j -= 1
    return tokens[i:j]


def _group(tokens: list, i: int) -> tuple[list, int] | None:
    """The inside of the brace group starting at ``tokens[i]`` (spaces before it skipped)
    and the index after it; None when no group starts there."""
    while i < len(tokens) and tokens[i][0].isspace():
        i += 1
    if i >= len(tokens) or tokens[i][0] != "{":
        return None
    depth = 0
    for k in range(i, len(tokens)):
        if tokens[k][0] == "{":
            depth += 1
        elif tokens[k][0] == "}":
            depth -= 1
            if depth == 0:
                return tokens[i + 1:k], k + 1
    return None


class _TikzMath:
    """Runs the statements of one block (variable types live for the block)."""

    def __init__(self, interp, loc):
        self.interp = interp
        self.loc = loc
        self.types: dict[str, str] = {}

    def unsupported(self, message: str) -> None:
        self.interp.note("UNSUPPORTED", f"\\tikzmath: {message}; the statement is skipped", "\\tikzmath",
                         self.loc)

    def set(self, name: str, text: str) -> None:
        self.interp.defs.set(name, Macro([], tokenize(text), None, 0))

    def run(self, tokens: list) -> None:
        for stmt in _split(tokens):
            self.interp.budget.step(1)
            try:
                self.statement(stmt)
            except (BudgetExceededError, UnsupportedConstructError):
                raise
            except GeoverifyError as err:
                self.unsupported(err.message)

    def statement(self, stmt: list) -> None:
        head = stmt[0][0]
        if head == "{":
            g = _group(stmt, 0)
            if g is None:
                return self.unsupported("unbalanced braces")
            code = g[0]
            self.interp.statements(Reader(code, self.interp.defs, self.interp.budget, self.interp.source), None)
            return None
        if head in _TYPES:
            for part in detokenize(stmt[1:]).split(","):
                name = part.strip()
                if name.startswith("\\"):
                    self.types[name] = head
            return None
        if head == "let":
            text = detokenize(stmt[1:])
            name, eq, value = text.partition("=")
            if not eq or not name.strip().startswith("\\"):
                return self.unsupported(f"cannot read 'let {text.strip()[:40]}'")
            value = detokenize(self.interp.expand_all(tokenize(value.strip())))
            self.set(name.strip(), value.strip())
            return None
        if head == "for":
            return self.loop(stmt)
        if head == "if":
            return self.test(stmt)
        if head in ("print", "function", "return"):
            return self.unsupported(f"'{head}' is not interpreted")
        if head.startswith("\\"):
            return self.assign(stmt)
        return self.unsupported(f"cannot read '{detokenize(stmt)[:40]}'")

    def assign(self, stmt: list) -> None:
        name = stmt[0][0]
        k = 1
        while k < len(stmt) and stmt[k][0].isspace():
            k += 1
        if k >= len(stmt) or stmt[k][0] != "=":
            return self.unsupported(f"indexed or unreadable assignment to {name}")
        expr = detokenize(self.interp.expand_all(stmt[k + 1:])).strip()
        kind = self.types.get(name, "real")
        if kind == "coordinate":
            from geoverify.frontends.tikz.coords import evaluate_coordinate
            text = expr if "$" in expr else "$" + expr + "$"
            if text.startswith("(") and text.endswith(")"):
                text = text[1:-1]
            x, y = evaluate_coordinate(self.interp, text, self.interp.st).point
            self.set(name, f"{format_number(x)}pt,{format_number(y)}pt")
            self.set(name + "x", format_number(x) + "pt")
            self.set(name + "y", format_number(y) + "pt")
            return None
        v = self.interp.number(expr, self.interp.st).value
        self.set(name, str(int(math.trunc(v))) if kind == "integer" else format_number(v))
        return None

    def loop(self, stmt: list) -> None:
        from geoverify.frontends.tikz.loops import expand_list, strip_braces_text
        text_toks = stmt[1:]
        # for \i in {list}{statements}
        k = 0
        while k < len(text_toks) and text_toks[k][0].isspace():
            k += 1
        if k >= len(text_toks) or not text_toks[k][0].startswith("\\"):
            return self.unsupported("a 'for' needs a variable")
        var = text_toks[k][0]
        k += 1
        while k < len(text_toks) and text_toks[k][0].isspace():
            k += 1
        if k >= len(text_toks) or text_toks[k][0] != "in":
            return self.unsupported("a 'for' needs 'in'")
        lst = _group(text_toks, k + 1)
        body = _group(text_toks, lst[1]) if lst is not None else None
        if lst is None or body is None:
            return self.unsupported("a 'for' needs a braced list and a braced body")
        items = expand_list(self.interp, detokenize(self.interp.expand_all(lst[0])))
        self.interp.budget.check_array(len(items))
        for item in items:
            self.set(var, strip_braces_text(item))
            self.run(body[0])
        return None

    def test(self, stmt: list) -> None:
        k = next((i for i, t in enumerate(stmt) if t[0] == "then"), None)
        if k is None:
            return self.unsupported("an 'if' needs 'then'")
        cond = detokenize(self.interp.expand_all(stmt[1:k])).strip()
        yes = _group(stmt, k + 1)
        if yes is None:
            return self.unsupported("an 'if' needs a braced 'then' part")
        no = None
        j = yes[1]
        while j < len(stmt) and stmt[j][0].isspace():
            j += 1
        if j < len(stmt) and stmt[j][0] == "else":
            no = _group(stmt, j + 1)
        value = self.interp.number(cond, self.interp.st).value
        if value != 0:
            self.run(yes[0])
        elif no is not None:
            self.run(no[0])
        return None


def run_tikzmath(interp, tok, reader: Reader) -> None:
    """Interpret ``\\tikzmath{...}`` (``\\tikzmath`` is read)."""
    body = reader.read_arg()
    loc = interp.location(tok[1], "\\tikzmath")
    old = interp.loc
    interp.loc = loc
    try:
        _TikzMath(interp, loc).run(body)
    finally:
        interp.loc = old
