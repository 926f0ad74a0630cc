"""``\\foreach``: lists, ``...`` ranges, ``x/y`` pairs, ``count``, ``evaluate``,
``remember``, nesting; at statement level (the body is run) and inside a path
(the body is expanded into path tokens). A mixin of the interpreter.
"""

from __future__ import annotations

import math
import re

from geoverify.errors import BudgetExceededError, FigureSyntaxError, GeoverifyError
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pgfmath import format_number, format_result, whole
from geoverify.frontends.tikz.splitting import split_top_level
from geoverify.frontends.tikz.texdimen import UNITY, print_scaled, scan_sp
from geoverify.frontends.tikz.tex import Macro, Reader, detokenize, strip_braces, tokenize, tokenize_at

__all__ = ["LoopsMixin", "expand_list", "strip_braces_text"]


def _pgffor_value(sp: int) -> str:
    """A value of a ``...`` range as pgffor gives it: the dimension ``sp`` as TeX prints it
    (``\\the``: at most five decimals), a trailing ``.0`` dropped (``\\pgffor@strip``)."""
    text = print_scaled(sp)
    return text[:-2] if text.endswith(".0") else text


def _fmt(v: float) -> str:
    if v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return repr(round(v, 10))


def expand_list(interp, text: str) -> list[str]:
    """Items of a ``\\foreach`` list, with ``...`` ranges expanded (``1,3,...,9``, ``a,...,e``)."""
    # pgffor keeps empty items ("{,,}" runs three times, "{a,b,}" three times); only an empty list is none
    items = [s.strip() for s in split_top_level(text)] if text.strip() else []
    out: list[str] = []
    i = 0
    limits = interp.budget.limits
    while i < len(items):
        it = items[i]
        if it == "..." or it.startswith("...") and False:
            if not out:
                raise FigureSyntaxError(f"'...' in a \\foreach list needs an item before it: {{{text}}}")
            if i + 1 >= len(items):  # "1,...," with an empty end (an unset macro): nothing more
                i += 1
                continue
            end_t = items[i + 1]
            if end_t == "":  # "1,...," with an empty end (an unset macro): nothing more
                i += 2
                continue
            start_t = out[-1]
            prev_t = out[-2] if len(out) >= 2 and i >= 2 else None
            if len(start_t) == 1 and start_t.isalpha() and len(end_t) == 1 and end_t.isalpha():
                a, b = ord(start_t), ord(end_t)
                step = (ord(start_t) - ord(prev_t)) if prev_t and len(prev_t) == 1 else (1 if b >= a else -1)
                if step == 0:
                    raise FigureSyntaxError(f"\\foreach range with a zero step in {{{text}}}")
                k = a + step
                while (k <= b if step > 0 else k >= b):
                    out.append(chr(k))
                    k += step
                i += 2
                continue
            a = interp.number(start_t, None).value
            b = interp.number(end_t, None).value
            integer = all(re.fullmatch(r"-?\d+", t or "0") for t in (start_t, end_t, prev_t))
            step = (a - interp.number(prev_t, None).value) if prev_t is not None else (1.0 if b >= a else -1.0)
            if step == 0 or (b - a) * step < 0 and abs(b - a) > 1e-9:
                i += 2
                continue
            if not integer:  # pgffor's own arithmetic (\pgffor@loop): TeX dimensions
                sp_a, sp_b = scan_sp(a), scan_sp(b)
                skip = sp_a - scan_sp(interp.number(prev_t, None).value) if prev_t is not None else \
                    (UNITY if sp_b > sp_a else -UNITY)
                count = (sp_b - sp_a) // skip if skip else -1
                if count + len(out) > limits.max_array_size:
                    raise BudgetExceededError(
                        f"\\foreach range {start_t},...,{end_t} has {count} items; Limits.max_array_size is "
                        f"{limits.max_array_size}")
                interp.budget.step(max(count, 1))
                out.extend(_pgffor_value(sp_a + k * skip) for k in range(1, count + 1))
                i += 2
                continue
            count = int(math.floor((b - a) / step + 1e-9))
            if count + len(out) > limits.max_array_size:
                raise BudgetExceededError(
                    f"\\foreach range {start_t},...,{end_t} has {count} items; Limits.max_array_size is "
                    f"{limits.max_array_size}")
            interp.budget.step(max(count, 1))
            for k in range(1, count + 1):
                v = a + k * step
                out.append(str(int(round(v))) if integer else format_number(round(v, 10)))
            if not out or abs(interp.number(out[-1], None).value - b) > 1e-9 * max(1, abs(b)):
                if (b - a) * step >= 0 and abs(((b - a) / step) - round((b - a) / step)) > 1e-6:
                    pass  # the end is not on the grid: pgf stops before it
            # the end item itself is appended only when it is not already the last value
            last = interp.number(out[-1], None).value
            if abs(last - b) > 1e-9 * max(1, abs(b)) and abs(((b - a) / step) - round((b - a) / step)) < 1e-6:
                out.append(end_t)
            i += 2
            continue
        out.append(it)
        i += 1
    return out


def strip_braces_text(s: str) -> str:
    """``s`` without surrounding blanks and one pair of braces enclosing all of it
    (``{0}, {0,1}`` keeps its braces: they enclose two items)."""
    s = s.strip()
    if len(s) >= 2 and s[0] == "{" and s[-1] == "}":
        depth = 0
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0 and k != len(s) - 1:
                    return s
        return s[1:-1]
    return s


class LoopsMixin:
    """``\\foreach`` and path-token expansion."""

    def _foreach_header(self, reader: Reader):
        variables = []
        opts = None
        while True:
            reader.skip_spaces()
            nxt = reader.peek()
            if nxt is None:
                raise reader.error("\\foreach without 'in'")
            if nxt[0] == "[":
                opts = detokenize(reader.read_optional())
                continue
            if nxt[0].startswith("in") and not nxt[0].startswith("\\"):
                reader.get()
                if len(nxt[0]) > 2:
                    reader.push([(nxt[0][2:], nxt[1] + 2)])
                break
            tok = reader.get()
            if tok[0] == "/":
                continue
            if tok[0].startswith("\\"):
                variables.append(tok[0])
            else:
                raise reader.error(f"unexpected '{tok[0]}' in \\foreach variables")
        reader.skip_spaces()
        nxt = reader.get()
        if nxt is None:
            raise reader.error("\\foreach list is missing")
        if nxt[0] == "{":
            list_tokens = reader.read_group_body(nxt[1])
        else:
            # "\foreach \x in \mylist": the list is the macro's whole (expanded) text
            m = self.defs.get(nxt[0])
            if m is None or not isinstance(m, Macro) or m.params:
                raise reader.error("\\foreach list must be in braces or a macro holding the list")
            self.budget.step(1)
            list_tokens = strip_braces(self.expand_all(list(m.body)))
        list_text = detokenize(self.expand_all(list_tokens))
        return variables, opts, list_text

    def foreach_iterations(self, variables, opts, list_text):
        """Yield the macro bindings of each iteration, as dicts name -> text."""
        items = expand_list(self, list_text)
        self.budget.check_array(len(items))
        count_var, count_from = None, 1
        evaluates = []
        remember = []  # [variable, as, value] for each remember=.. as .. key
        if opts:
            for key, val in split_options(opts):
                if key == "count" and val:
                    m = re.match(r"\s*(\\\w+)(?:\s+from\s+(.+))?", val)
                    if m:
                        count_var = m.group(1)
                        count_from = whole(self.number(m.group(2), None).value) if m.group(2) else 1
                elif key in ("evaluate", "assign") and val and ("=" in _unbraced(val) or ";" in _unbraced(val)):
                    # the newer form: "\a=\i*15; \b=..." (pgffor's \pgffor@assign@@parse; its \pgfutil@in@
                    # sees no "=" inside braces: "\j as \k using {ifthenelse(\j==1,..)}" is the older form)
                    for stmt in val.split(";"):
                        m = re.match(r"\s*(\\\w+)\s*(?:=(.*))?$", stmt, re.S)
                        if m:
                            evaluates.append((m.group(1), m.group(1), (m.group(2) or m.group(1)).strip(),
                                              key == "evaluate"))
                elif key == "evaluate" and val:
                    m = re.match(r"\s*(\\\w+)(?:\s+as\s+(\\\w+))?(?:\s+using\s+(.+))?$", val, re.S)
                    if m:
                        evaluates.append((m.group(1), m.group(2) or m.group(1), m.group(3), True))
                elif key == "remember" and val:
                    m = re.match(r"\s*(\\\w+)\s+as\s+(\\\w+)(?:\s*\(initially\s+(.*)\))?", val, re.S)
                    if m:
                        remember.append([m.group(1), m.group(2), m.group(3) or ""])
                elif key in ("parse",):
                    pass
        for k, item in enumerate(items):
            self.budget.step(1)
            item = strip_braces_text(item)  # "{(0,2)/a}": braces protect the item, then it is split
            parts = split_top_level(item, "/") if len(variables) > 1 else [item]
            binding = {}
            for i, var in enumerate(variables):
                val = parts[i] if i < len(parts) else parts[-1]
                binding[var] = strip_braces_text(val)
            if count_var:
                binding[count_var] = str(count_from + k)
            for src, dst, expr, evaluate in evaluates:
                e = expr if expr else binding.get(src, src)
                for var, val in binding.items():  # (\i must not match inside \itm)
                    wrap = "(" + val + ")" if evaluate else val
                    e = re.sub(re.escape(var) + r"(?![A-Za-z@])", lambda _m, v=wrap: v, e)
                if not evaluate:
                    binding[dst] = e
                    continue
                try:
                    binding[dst] = format_result(e, self.number(e, None).value)
                except GeoverifyError:
                    binding[dst] = e
            for r in remember:
                binding[r[1]] = r[2]
            yield binding
            for r in remember:
                r[2] = binding.get(r[0], "")

    def foreach(self, tok, reader: Reader, statement_level: bool, run=None) -> list | None:
        """Run (statement level) or expand (inside a path: returns tokens) a ``\\foreach``;
        ``run(reader)`` runs a statement-level body (picture statements unless given: the
        document level runs its pictures)."""
        variables, opts, list_text = self._foreach_header(reader)
        reader.skip_spaces()
        nxt = reader.get()
        if nxt is None:
            raise reader.error("\\foreach body is missing", tok[1])
        if nxt[0] == "{":
            body = reader.read_group_body(nxt[1])
        elif statement_level:
            body = [nxt]
            if nxt[0] == "\\foreach":
                body += self._collect_foreach_tail(reader)
            else:
                depth = 0
                while True:
                    t = reader.get()
                    if t is None:
                        break
                    body.append(t)
                    if t[0] == "{":
                        depth += 1
                    elif t[0] == "}":
                        depth -= 1
                    elif t[0] == ";" and depth == 0:
                        break
        else:
            body = [nxt]
        out = []
        for binding in self.foreach_iterations(variables, opts, list_text):
            self.defs.begin_group()
            try:
                for var, val in binding.items():
                    self.defs.set(var, Macro([], tokenize(val, base=tok[1]), None, 0))
                if statement_level:
                    saved = self.st
                    self.st = dict(self.st)
                    try:
                        body_reader = Reader(list(body), self.defs, self.budget, self.source)
                        if run is None:
                            self.statements(body_reader, None)
                        else:
                            run(body_reader)
                    finally:
                        self.st = saved
                else:
                    out.extend(self.expand_path_tokens(Reader(list(body), self.defs, self.budget, self.source)))
            finally:
                self.defs.end_group()
            if self.defs.get("\\breakforeach"):  # pgffor: the loop ends after this iteration
                self.defs.set("\\breakforeach", None, global_=True)
                break
        return out

    def _collect_foreach_tail(self, reader: Reader) -> list:
        """Tokens of a nested ``\\foreach`` header and body (for a body that is itself a loop):
        variables and ``[options]`` up to ``in``, the list (a group or a macro), then the body
        (a group, another loop, or a statement up to its ``;``)."""
        out = []
        while True:  # the header up to "in"
            t = reader.get()
            if t is None:
                return out
            out.append(t)
            if t[0] == "[":
                depth = 0
                while True:
                    t2 = reader.get()
                    if t2 is None:
                        return out
                    out.append(t2)
                    if t2[0] == "{":
                        depth += 1
                    elif t2[0] == "}":
                        depth -= 1
                    elif t2[0] == "]" and depth == 0:
                        break
                continue
            if t[0].startswith("in") and not t[0].startswith("\\"):
                break
        if out[-1][0] == "in":  # the list: a group or a macro ("in{..}" tokens as "in", "{")
            reader.skip_spaces()
            t = reader.get()
            if t is None:
                return out
            out.append(t)
            if t[0] == "{":
                out.extend(reader.read_group_body(t[1]))
                out.append(("}", t[1]))
        reader.skip_spaces()
        nxt = reader.peek()
        if nxt is not None and nxt[0] == "{":
            t2 = reader.get()
            out.append(t2)
            out.extend(reader.read_group_body(t2[1]))
            out.append(("}", t2[1]))
            return out
        if nxt is not None and nxt[0] == "\\foreach":
            out.append(reader.get())
            out.extend(self._collect_foreach_tail(reader))
            return out
        depth = 0
        while True:
            t3 = reader.get()
            if t3 is None:
                return out
            out.append(t3)
            if t3[0] == "{":
                depth += 1
            elif t3[0] == "}":
                depth -= 1
            elif t3[0] == ";" and depth == 0:
                return out

    def expand_path_tokens(self, reader: Reader, stop_at_semicolon: bool = False, node_first: bool = False) -> list:
        """Tokens of a path with user macros and inline ``\\foreach`` expanded.

        ``node foreach \\x in {..} <node spec>`` repeats the node once per item (see
        :meth:`node_foreach`); ``node_first``: the tokens continue a ``node`` already read
        (``\\node`` statements), so a ``foreach`` at their start belongs to it.
        """
        out = []
        depth = 0
        limit = self.budget.limits.max_bytes
        while True:
            before = len(out)
            tok = reader.read_plain(out, _PATH_SPECIAL)
            if len(out) > limit and len(out) > before:
                raise BudgetExceededError("a path longer than Limits.max_bytes tokens")
            if tok is None:
                if stop_at_semicolon:
                    raise FigureSyntaxError("a path is not ended by ';'", location=self.loc,
                                            context=self.source.context(self.loc_pos()))
                return out
            t = tok[0]
            if t == ";" and depth == 0 and stop_at_semicolon:
                return out
            if t == "{":
                depth += 1
            elif t == "}":
                depth -= 1
                if depth < 0:
                    if stop_at_semicolon:
                        raise FigureSyntaxError("unbalanced braces: '}' inside a path", location=self.location(tok[1]),
                                                context=self.source.context(tok[1]))
            elif t == "\\foreach" and depth == 0:
                self._early_intersections(out)
                out.extend(self.foreach(tok, reader, statement_level=False))
                continue
            elif t == "foreach" and depth == 0 and _after_node(out, node_first):
                out.extend(self.node_foreach(tok, reader))
                continue
            elif t == "foreach" and _child_start(out) is not None:  # also in a child's own text
                out.extend(self.child_foreach(tok, reader, out))
                continue
            elif t == "foreach" and depth == 0:  # the path operation: \tikz@fchar oreach is \foreach
                self._early_intersections(out)
                out.extend(self.foreach(tok, reader, statement_level=False))
                continue
            elif len(t) > 1 and t[0] == "\\" and reader.expand(tok):
                continue
            elif t == "\\pgfextra":  # its code runs where it stands (what it sets holds for what follows)
                self._pgfextra(tok, reader)
                continue
            out.append(tok)
            if len(out) > limit:
                raise BudgetExceededError("a path longer than Limits.max_bytes tokens")

    def node_foreach(self, tok, reader: Reader) -> list:
        """``node foreach \\x in {list} [options] (name) at (p) {text}`` (tikz.code.tex,
        ``\\tikz@node@foreach``): the rest of the node's specification, up to its text, is
        repeated for each item with the variables set; several ``foreach`` nest. The tokens
        after the ``node`` already read: the first copy, then ``node`` and each further copy."""
        variables, opts, list_text = self._foreach_header(reader)
        spec = _node_spec_tail(reader, tok[1])
        out = []
        for k, binding in enumerate(self.foreach_iterations(variables, opts, list_text)):
            self.defs.begin_group()
            try:
                for var, val in binding.items():
                    self.defs.set(var, Macro([], tokenize(val, base=tok[1]), None, 0))
                if k:
                    out += [(" ", tok[1]), ("node", tok[1]), (" ", tok[1])]
                out.extend(self.expand_path_tokens(Reader(list(spec), self.defs, self.budget, self.source),
                                                   node_first=True))
            finally:
                self.defs.end_group()
        return out

    def _pgfextra(self, tok, reader: Reader) -> None:
        """``\\pgfextra{code}`` or ``\\pgfextra code \\endpgfextra`` in a path: the code is run as
        statements while the path's tokens are read, so that registers and macros it sets
        (``\\mydim=2cm``) hold for the coordinates after it."""
        reader.skip_spaces()
        nxt = reader.peek()
        if nxt is not None and nxt[0] == "{":
            code = reader.read_arg()
        else:
            code = []
            while True:
                t2 = reader.get()
                if t2 is None or t2[0] == "\\endpgfextra":
                    break
                code.append(t2)
        # a path the code builds (\pgfpathellipse ...) joins the TikZ path where \pgfextra stands
        from geoverify.frontends.tikz.pgfbasic import path_of_code
        text = path_of_code(self, lambda: self.statements(Reader(code, self.defs, self.budget, self.source), None))
        if text:
            reader.push(tokenize_at(text, tok[1]))

    def child_foreach(self, tok, reader: Reader, out: list) -> list:
        """``child [options] foreach \\x in {list} {text}`` (tikz.code.tex,
        ``\\tikz@collect@children@foreach``): one ``child [options] {text}`` per item, with
        the variables set in both; the text may be left out (an empty child). The
        ``child [options]`` already read is taken off ``out``; the copies are returned."""
        start = _child_start(out)
        prefix = out[start:]
        del out[start:]
        variables, opts, list_text = self._foreach_header(reader)
        reader.skip_spaces()
        body = []
        nxt = reader.peek()
        if nxt is not None and nxt[0] == "{":
            reader.get()
            body = reader.read_group_body(nxt[1])
        copies = []
        for binding in self.foreach_iterations(variables, opts, list_text):
            self.defs.begin_group()
            try:
                for var, val in binding.items():
                    self.defs.set(var, Macro([], tokenize(val, base=tok[1]), None, 0))
                # the text on its own, so that its children's own loops are expanded too
                copies.extend(self.expand_path_tokens(Reader(list(prefix), self.defs, self.budget, self.source)))
                copies += [(" ", tok[1]), ("{", tok[1])]
                copies.extend(self.expand_path_tokens(Reader(list(body), self.defs, self.budget, self.source)))
                copies += [("}", tok[1]), (" ", tok[1])]
            finally:
                self.defs.end_group()
        return copies

    def _early_intersections(self, tokens: list) -> None:
        """TikZ applies a path's options as it reads them: ``name intersections={...,
        total=\\t}`` before an inline ``\\foreach`` defines what the loop uses
        (``{1,...,\\t}``), so it is run now (and again, harmlessly, with the options)."""
        text = detokenize(tokens)
        for m in re.finditer(r"name intersections\s*=\s*\{", text):
            depth, i = 1, m.end()
            while i < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            spec = text[m.end():i - 1]
            total = dict(split_options(spec)).get("total")
            if total:
                try:
                    self.name_intersections(spec, self.st)
                except GeoverifyError:
                    pass  # reported when the options are applied

    def loc_pos(self) -> int:
        return 0


#: Token texts that :meth:`LoopsMixin.expand_path_tokens` must look at (besides control sequences).
_PATH_SPECIAL = frozenset((";", "{", "}", "foreach"))


def _after_node(out: list, node_first: bool) -> bool:
    """Whether a ``foreach`` word read now follows ``node`` (a node's own loop)."""
    for t in reversed(out):
        if t[0] != " ":
            return t[0] == "node"
    return node_first


def _unbraced(text: str) -> str:
    """``text`` without what is inside its braces (TeX's delimited arguments do not look there)."""
    out, depth = [], 0
    for ch in text:
        depth += (ch == "{") - (ch == "}")
        if depth == 0 and ch != "}":
            out.append(ch)
    return "".join(out)


def _child_start(out: list) -> int | None:
    """Index in ``out`` of the ``child`` that the tokens read last belong to, when they
    are ``child`` or ``child [options]`` (spaces aside); else None."""
    i = len(out) - 1
    while i >= 0 and out[i][0] == " ":
        i -= 1
    if i >= 0 and out[i][0] == "]":
        level = 0
        while i >= 0:
            level += {"]": 1, "[": -1}.get(out[i][0], 0)
            if level == 0:
                break
            i -= 1
        i -= 1
        while i >= 0 and out[i][0] == " ":
            i -= 1
    return i if i >= 0 and out[i][0] == "child" else None


def _node_spec_tail(reader: Reader, pos: int) -> list:
    """Tokens of the rest of a node's specification up to and including its ``{text}``:
    options, ``(name)``, ``at (p)``, ``:attribute={..}``, further ``foreach`` headers."""
    out = []
    in_header = False  # between a nested "foreach" and its list
    while True:
        tok = reader.get()
        if tok is None:
            raise reader.error("'node foreach' without the node's {text}", pos)
        t = tok[0]
        out.append(tok)
        if t == "{":
            return out + reader.read_group_body(tok[1]) + [("}", reader.last_pos)]
        if t in ("[", "("):
            out += _bracketed_rest(reader, tok)
        elif t == "foreach":
            in_header = True
        elif t == "in" and in_header:
            in_header = False
            reader.skip_spaces()
            lst = reader.get()
            if lst is None:
                raise reader.error("\\foreach list is missing", tok[1])
            out.append(lst)
            if lst[0] == "{":
                out += reader.read_group_body(lst[1]) + [("}", reader.last_pos)]


def _bracketed_rest(reader: Reader, open_tok) -> list:
    """Tokens after an opening ``[`` or ``(`` up to its closing one (braces and the same
    brackets nested inside kept)."""
    opening = open_tok[0]
    closing = "]" if opening == "[" else ")"
    out = []
    braces = 0
    level = 1
    while True:
        tok = reader.get()
        if tok is None:
            raise reader.error(f"'{opening}' is never closed", open_tok[1])
        out.append(tok)
        t = tok[0]
        if t == "{":
            braces += 1
        elif t == "}":
            braces -= 1
        elif braces == 0 and t == opening:
            level += 1
        elif braces == 0 and t == closing:
            level -= 1
            if level == 0:
                return out
