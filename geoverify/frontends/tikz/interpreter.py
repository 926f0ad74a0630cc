"""The TikZ interpreter: documents, pictures, scopes, statements and definitions.

Reads the token stream of :mod:`~geoverify.frontends.tikz.tex`; outside a
picture only definitions matter (``\\def``, ``\\newcommand``, ``\\tikzset``,
``\\definecolor`` ...); inside, each statement (``\\draw ... ;``) is collected
with user macros and inline ``\\foreach`` expanded, parsed by the path grammar
and evaluated by :class:`~geoverify.frontends.tikz.paths.PathWalker`; nodes
become :class:`~geoverify.scene.TextLabel` (and outlines when drawn).
"""

from __future__ import annotations

import math
import re

from lark.exceptions import UnexpectedInput

from geoverify.errors import (BudgetExceededError, FigureSyntaxError, GeoverifyError, SourceLocation,
                              UnsupportedConstructError)
from geoverify.frontends.limits import Budget
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.colors import parse_color, to_hex
from geoverify.frontends.tikz.emit import emit_path, path_style
from geoverify.frontends.tikz.fonts import measure
from geoverify.frontends.tikz.grammar import path_parser
from geoverify.frontends.tikz.nodes import Node, direction_angle
from geoverify.frontends.tikz.options import DEFAULTS, OptionContext, apply_options, split_options
from geoverify.frontends.tikz.pgfmath import MathResult, evaluate, format_number
from geoverify.frontends.tikz.tex import (Definitions, Macro, Reader, Source, detokenize, make_body,
                                          parse_param_text, split_top, strip_braces, tokenize)
from geoverify.scene import Panel, Polyline, TextLabel
from geoverify.scene.primitives import Style

__all__ = ["Interpreter", "expand_list"]

_PATH_COMMANDS = {
    "\\draw": (True, False, False), "\\fill": (False, True, False), "\\filldraw": (True, True, False),
    "\\path": (False, False, False), "\\shade": (False, True, False), "\\shadedraw": (True, True, False),
    "\\clip": (False, False, True), "\\useasboundingbox": (False, False, False),
    "\\node": (False, False, False), "\\coordinate": (False, False, False), "\\pic": (False, False, False),
    "\\matrix": (False, False, False), "\\pattern": (False, True, False),
}
_PREFIX = {"\\node": "node", "\\coordinate": "coordinate", "\\pic": "pic", "\\matrix": "node[matrix]"}
_DEF_COMMANDS = {"\\def", "\\edef", "\\gdef", "\\xdef", "\\let", "\\newcommand", "\\renewcommand",
                 "\\providecommand", "\\DeclareRobustCommand", "\\pgfmathsetmacro", "\\pgfmathtruncatemacro",
                 "\\pgfmathparse", "\\pgfmathsetlengthmacro", "\\newlength", "\\setlength", "\\definecolor",
                 "\\colorlet", "\\tikzset", "\\tikzstyle", "\\usetikzlibrary", "\\global", "\\pgfkeys",
                 "\\pgfmathsetseed", "\\newcounter", "\\setcounter", "\\pgfplotsset", "\\usepgfplotslibrary",
                 "\\tikzmath", "\\pgfmathdeclarefunction", "\\newif", "\\addtolength", "\\pgfmathsetlength",
                 "\\pgfdeclarelayer", "\\pgfsetlayers", "\\tikzcdset", "\\long", "\\protected"}
# commands with arguments that draw nothing (skipped silently); the value is the argument count
_HARMLESS = {"\\usepackage": 1, "\\documentclass": 1, "\\RequirePackage": 1, "\\pagestyle": 1,
             "\\thispagestyle": 1, "\\title": 1, "\\author": 1, "\\date": 1, "\\maketitle": 0,
             "\\centering": 0, "\\label": 1, "\\caption": 1, "\\ref": 1, "\\input": 1, "\\include": 1,
             "\\selectcolormodel": 1, "\\PreviewEnvironment": 1, "\\setlength": 2, "\\pgfmathsetseed": 1,
             "\\relax": 0, "\\par": 0, "\\noindent": 0, "\\hfill": 0, "\\vfill": 0, "\\small": 0,
             "\\footnotesize": 0, "\\scriptsize": 0, "\\tiny": 0, "\\large": 0, "\\Large": 0, "\\LARGE": 0,
             "\\huge": 0, "\\Huge": 0, "\\normalsize": 0, "\\sffamily": 0, "\\bfseries": 0,
             "\\pgfdeclarelayer": 1, "\\pgfsetlayers": 1, "\\tikzexternalize": 0, "\\newpage": 0,
             "\\clearpage": 0, "\\vspace": 1, "\\hspace": 1, "\\pgfsetxvec": 1, "\\pgfsetyvec": 1,
             "\\geometry": 1, "\\usetkzobj": 1, "\\pgfrealjobname": 1, "\\makeatletter": 0,
             "\\makeatother": 0, "\\begingroup": 0, "\\endgroup": 0, "\\fontsize": 2, "\\selectfont": 0,
             "\\color": 1, "\\tikzcdset": 1, "\\pgfplotsset": 1, "\\usepgfplotslibrary": 1,
             "\\DeclareMathOperator": 2, "\\newtheorem": 2, "\\pgfkeys": 1, "\\newcounter": 1,
             "\\setcounter": 2, "\\stepcounter": 1, "\\addtocounter": 2, "\\newif": 1, "\\linewidth": 0,
             "\\textwidth": 0, "\\newsavebox": 1, "\\addtolength": 2, "\\baselineskip": 0}
_LIBRARIES_INTERPRETED = {"calc", "positioning", "intersections", "arrows", "arrows.meta", "angles", "quotes",
                          "decorations.markings", "shapes", "shapes.geometric", "backgrounds", "patterns",
                          "fit", "through", "matrix", "cd", "babel", "shadows", "decorations.pathreplacing",
                          "fadings", "shapes.misc", "shapes.symbols", "shapes.arrows", "topaths", "plotmarks",
                          "decorations", "external", "math", "3d", "perspective", "bending", "spy",
                          "fpu", "graphs", "automata", "trees", "mindmap", "chains", "scopes"}


def _fmt(v: float) -> str:
    if v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return repr(round(v, 10))


def expand_list(interp, text: str) -> list[str]:
    """Items of a ``\\foreach`` list, with ``...`` ranges expanded (``1,3,...,9``, ``a,...,e``)."""
    items = [s.strip() for s in _split_commas(text)]
    items = [s for s in items if s != ""]
    out: list[str] = []
    i = 0
    limits = interp.budget.limits
    while i < len(items):
        it = items[i]
        if it == "..." or it.startswith("...") and False:
            if not out or i + 1 >= len(items):
                raise FigureSyntaxError(f"'...' in a \\foreach list needs items on both sides: {{{text}}}")
            end_t = items[i + 1]
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


def _split_commas(text: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return out


class Interpreter:
    """Interprets one TikZ document into ``scene``.

    Parameters
    ----------
    source : Source
    scene : Scene
    budget : Budget
    strict : bool
        Raise :class:`UnsupportedConstructError` instead of noting skipped constructs.
    """

    def __init__(self, source: Source, scene, budget: Budget, strict: bool = False):
        self.source = source
        self.scene = scene
        self.budget = budget
        self.strict = strict
        self.defs = Definitions()
        self.nodes: dict[str, Node] = {}
        self.named_paths: dict = {}
        self.env: dict = {}
        self.let_vars: dict = {}
        self.panel = -1
        self.st = dict(DEFAULTS)
        self.colors: dict = {}
        self.loc: SourceLocation | None = None
        self.ctx = OptionContext(self._style, self._opt_point, self.number, self._opt_note, self._define_style,
                                 self.colors)
        self.picture_count = 0
        self.libraries: set[str] = set()

    # -- diagnostics ------------------------------------------------------
    def note(self, code: str, message: str, construct: str = "", location=None) -> None:
        location = location if location is not None else self.loc
        if self.strict and code == "UNSUPPORTED":
            raise UnsupportedConstructError(message, location=location)
        key = (code, message, location.line if location else None)
        if len(self.scene.diagnostics) < 1000:
            if not any((d.code, d.message, d.location.line if d.location else None) == key
                       for d in self.scene.diagnostics[-20:]):
                self.scene.note(code, message, construct, location)

    def _opt_note(self, code, message, construct):
        self.note(code, message, construct)

    def location(self, pos: int | None, construct: str | None = None) -> SourceLocation:
        return self.source.location(pos, construct)

    # -- values -------------------------------------------------------------
    def subst_let(self, text: str) -> str:
        if not self.let_vars or "\\" not in text:
            return text

        def rep(m):
            kind, key = m.group(1), m.group(2) or m.group(3)
            if kind == "p" and ("p", key) in self.let_vars:
                x, y = self.let_vars[("p", key)]
                return f"{x:.6f}pt,{y:.6f}pt"
            if kind in "xy" and ("p", key) in self.let_vars:
                v = self.let_vars[("p", key)][0 if kind == "x" else 1]
                return f"{v:.6f}pt"
            if kind == "n" and ("n", key) in self.let_vars:
                v, units = self.let_vars[("n", key)]
                return f"{v:.6f}pt" if units else f"{v:.6f}"
            return m.group(0)

        return re.sub(r"\\([pxyn])(?:(\d+)|\{([^{}]*)\})", rep, text)

    def number(self, text: str, st: dict | None) -> MathResult:
        text = text.strip()
        if "{}" in text:  # "\r{}" ends a control word in TeX; the empty group is nothing
            text = text.replace("{}", "")
        if self.let_vars:
            text = self.subst_let(text)
        env = self.env
        if "\\pgflinewidth" in text:
            env = dict(env)
            env["\\pgflinewidth"] = (st or self.st)["line_width"]
        return evaluate(text, env, self.loc)

    def _opt_point(self, text: str, st: dict):
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        t = text.strip()
        if t.startswith("(") and t.endswith(")"):
            t = t[1:-1]
        return evaluate_coordinate(self, self.subst_let(t), st).point

    def apply_options(self, st: dict, text: str) -> None:
        apply_options(self.ctx, st, text)

    def _style(self, name: str):
        v = self.defs.get("style:" + name)
        if v is None:
            return None
        return v, self.defs.get("style:" + name + "/.default")

    def _define_style(self, name: str, body: str, append: bool) -> None:
        if name.endswith("/.default"):
            self.defs.set("style:" + name, body)
            return
        if append:
            old = self.defs.get("style:" + name)
            body = (old + "," + body) if old else body
        self.defs.set("style:" + name, body)

    # -- document level -------------------------------------------------
    def run(self, text: str) -> None:
        tokens = tokenize(text)
        has_picture = ("\\begin{tikzpicture}" in text or "\\tikz" in text.replace("\\tikzset", "")
                       .replace("\\tikzstyle", "").replace("\\tikzmath", "") or "\\begin{tikzcd}" in text)
        reader = Reader(tokens, self.defs, self.budget, self.source)
        if not has_picture:
            self.begin_picture("")
            self.statements(reader, end_env=None)
            return
        self.document(reader)

    def begin_picture(self, options: str) -> None:
        self.picture_count += 1
        self.panel = len(self.scene.panels) if self.panel >= 0 else 0
        if self.panel >= len(self.scene.panels):
            self.scene.panels.append(Panel(self.panel, name=f"tikzpicture {self.picture_count}"))
        else:
            self.scene.panels[self.panel].name = f"tikzpicture {self.picture_count}"
        self.nodes = {}
        self.named_paths = {}
        self.st = dict(DEFAULTS)
        every = self.defs.get("style:every picture")
        if every:
            self.apply_options(self.st, every)
        if options:
            self.apply_options(self.st, options)

    def document(self, reader: Reader) -> None:
        while True:
            tok = reader.get()
            if tok is None:
                return
            t = tok[0]
            if t == "\\begin":
                env = detokenize(reader.read_arg()).strip()
                if env == "tikzpicture":
                    opts = reader.read_optional()
                    self.loc = self.location(tok[1], "tikzpicture")
                    self.begin_picture(detokenize(opts) if opts else "")
                    self.defs.begin_group()
                    try:
                        self.statements(reader, end_env="tikzpicture")
                    finally:
                        self.defs.end_group()
                elif env == "tikzcd":
                    self.loc = self.location(tok[1], "tikzcd")
                    self.begin_picture("")
                    from geoverify.frontends.tikz.tikzcd import run_tikzcd
                    run_tikzcd(self, reader, tok)
                continue
            if t == "\\tikz":
                self.loc = self.location(tok[1], "\\tikz")
                opts = reader.read_optional()
                self.begin_picture(detokenize(opts) if opts else "")
                self.defs.begin_group()
                try:
                    reader.skip_spaces()
                    nxt = reader.peek()
                    if nxt is not None and nxt[0] == "{":
                        reader.get()
                        body = reader.read_group_body(nxt[1])
                        self.statements(Reader(body, self.defs, self.budget, self.source), end_env=None)
                    elif nxt is not None and nxt[0].startswith("\\") and len(nxt[0]) > 1 \
                            and not self.defs.get(nxt[0]):
                        # "\tikz \draw ...;" or "\tikz \node ...;": one statement
                        body = []
                        depth = 0
                        while True:
                            t2 = reader.get()
                            if t2 is None:
                                break
                            body.append(t2)
                            if t2[0] == "{":
                                depth += 1
                            elif t2[0] == "}":
                                depth -= 1
                            elif t2[0] == ";" and depth == 0:
                                break
                        self.statements(Reader(body, self.defs, self.budget, self.source), end_env=None)
                    else:
                        self.path_statement(("\\path", tok[1]), reader, inline_tikz=True)
                finally:
                    self.defs.end_group()
                continue
            if t == "{":
                self.defs.begin_group()
                continue
            if t == "}":
                self.defs.end_group()
                continue
            if t in _DEF_COMMANDS:
                self.definition(tok, reader)
                continue
            if reader.expand(tok):
                continue

    # -- statements ---------------------------------------------------------
    def statements(self, reader: Reader, end_env: str | None) -> None:
        """Run picture statements until ``\\end{end_env}`` (or the end of ``reader``)."""
        stack: list[dict] = []
        while True:
            tok = reader.get()
            if tok is None:
                if end_env is not None:
                    raise FigureSyntaxError(f"\\begin{{{end_env}}} is never ended", location=self.loc)
                return
            t = tok[0]
            if t in (" ", "\\par", ";"):
                continue
            self.loc = self.location(tok[1], t)
            self.budget.step(1)
            if t in _PATH_COMMANDS:
                self.path_statement(tok, reader)
            elif t == "{":
                self.defs.begin_group()
                stack.append(self.st)
                self.st = dict(self.st)
            elif t == "}":
                if not stack:
                    raise FigureSyntaxError("unbalanced braces: unexpected '}' in the picture",
                                            location=self.loc, context=self.source.context(tok[1]))
                self.defs.end_group()
                self.st = stack.pop()
            elif t == "\\begin":
                env = detokenize(reader.read_arg()).strip()
                if env == "scope":
                    opts = reader.read_optional()
                    self.defs.begin_group()
                    stack.append(self.st)
                    self.st = dict(self.st)
                    self.st["_scope_env"] = True
                    every = self.defs.get("style:every scope")
                    if every:
                        self.apply_options(self.st, every)
                    if opts:
                        self.apply_options(self.st, detokenize(opts))
                elif env in ("axis", "semilogxaxis", "semilogyaxis", "loglogaxis", "polaraxis"):
                    from geoverify.frontends.tikz.pgfplots import run_axis
                    run_axis(self, reader, env, tok)
                elif env in ("pgfonlayer", "scope*"):
                    reader.read_arg() if env == "pgfonlayer" else None
                    stack.append(self.st)
                    self.st = dict(self.st)
                    self.defs.begin_group()
                else:
                    self.note("UNSUPPORTED", f"environment '{env}' inside a picture is not interpreted",
                              "\\begin{" + env + "}")
                    self._skip_env(reader, env)
            elif t == "\\end":
                env = detokenize(reader.read_arg()).strip()
                if env == end_env and not (stack and env == "scope"):
                    if stack:
                        raise FigureSyntaxError(f"\\end{{{env}}} while {len(stack)} scope(s) are open",
                                                location=self.loc)
                    return
                if env in ("scope", "pgfonlayer", "scope*"):
                    if not stack:
                        raise FigureSyntaxError(f"\\end{{{env}}} without \\begin{{{env}}}", location=self.loc)
                    self.defs.end_group()
                    self.st = stack.pop()
                else:
                    raise FigureSyntaxError(f"\\end{{{env}}} does not match \\begin{{{end_env}}}", location=self.loc)
            elif t == "\\foreach":
                self.foreach(tok, reader, statement_level=True)
            elif t == "\\scoped":
                opts = reader.read_optional()
                self.defs.begin_group()
                saved = self.st
                self.st = dict(self.st)
                if opts:
                    self.apply_options(self.st, detokenize(opts))
                reader.skip_spaces()
                nxt = reader.get()
                if nxt is not None:
                    if nxt[0] == "{":
                        body = reader.read_group_body(nxt[1])
                        self.statements(Reader(body, self.defs, self.budget, self.source), None)
                    elif nxt[0] in _PATH_COMMANDS:
                        self.path_statement(nxt, reader)
                self.st = saved
                self.defs.end_group()
            elif t in _DEF_COMMANDS:
                self.definition(tok, reader)
            elif reader.expand(tok):
                continue
            elif t in ("\\addplot", "\\addplot+"):
                self.note("UNSUPPORTED", "\\addplot outside an axis environment", t)
                self._skip_statement(reader)
            elif t.startswith("\\tkz"):
                self.note("UNSUPPORTED", f"tkz-euclide macro {t} is not interpreted", t)
                self._skip_args(reader)
            elif t in _HARMLESS:
                for _ in range(_HARMLESS[t]):
                    reader.read_optional()
                    reader.read_arg()
            elif t.startswith("\\"):
                self.note("UNSUPPORTED", f"command {t} is not interpreted", t)
                self._skip_args(reader)
            # stray characters in a picture are ignored, as TikZ does

    def _skip_env(self, reader: Reader, env: str) -> None:
        depth = 1
        while True:
            tok = reader.get()
            if tok is None:
                raise FigureSyntaxError(f"\\begin{{{env}}} is never ended", location=self.loc)
            if tok[0] in ("\\begin", "\\end"):
                name = detokenize(reader.read_arg()).strip()
                if name == env:
                    depth += 1 if tok[0] == "\\begin" else -1
                    if depth == 0:
                        return

    def _skip_args(self, reader: Reader) -> None:
        """Skip the arguments of an uninterpreted command: [..], (..), {..} groups that follow."""
        while True:
            nxt = reader.peek()
            if nxt is None:
                return
            t = nxt[0]
            if t == " ":
                reader.get()
                nxt2 = reader.peek()
                if nxt2 is None or nxt2[0] not in "[({":
                    return
                continue
            if t == "[":
                reader.read_optional()
            elif t == "(":
                reader.get()
                reader.read_delimited(")", "(")
            elif t == "{":
                reader.get()
                reader.read_group_body(nxt[1])
            else:
                if t == ";":
                    reader.get()
                return

    def _skip_statement(self, reader: Reader) -> None:
        depth = 0
        while True:
            tok = reader.get()
            if tok is None:
                return
            if tok[0] == "{":
                depth += 1
            elif tok[0] == "}":
                depth -= 1
            elif tok[0] == ";" and depth <= 0:
                return

    # -- definitions ----------------------------------------------------------
    def definition(self, tok, reader: Reader) -> None:
        t = tok[0]
        d = self.defs
        if t in ("\\global", "\\long", "\\protected"):
            reader.skip_spaces()
            nxt = reader.get()
            if nxt is not None and nxt[0] in _DEF_COMMANDS:
                self.definition(nxt, reader) if t != "\\global" else self._global_def(nxt, reader)
            return
        if t in ("\\def", "\\gdef", "\\edef", "\\xdef"):
            reader.skip_spaces()
            name = reader.get()
            if name is None or not name[0].startswith("\\"):
                raise reader.error(f"{t} must be followed by a control sequence")
            params = []
            while True:
                nxt = reader.peek()
                if nxt is None:
                    raise reader.error(f"{t}{name[0]} has no body", tok[1])
                if nxt[0] == "{":
                    break
                params.append(reader.get())
            reader.get()
            body = reader.read_group_body(nxt[1])
            items, n = parse_param_text(params)
            if t in ("\\edef", "\\xdef"):
                body = self.expand_all(body)
            d.set(name[0], Macro(items, make_body(body), None, n), global_=t in ("\\gdef", "\\xdef"))
            return
        if t == "\\let":
            reader.skip_spaces()
            name = reader.get()
            reader.skip_spaces()
            nxt = reader.get()
            if nxt is not None and nxt[0] == "=":
                reader.skip_spaces()
                nxt = reader.get()
            if name is None or nxt is None:
                raise reader.error("\\let needs two tokens")
            val = d.get(nxt[0])
            if isinstance(val, Macro):
                d.set(name[0], val)
            elif nxt[0].startswith("\\"):
                d.set(name[0], Macro([], [nxt], None, 0))
            else:
                d.set(name[0], Macro([], [nxt], None, 0))
            return
        if t in ("\\newcommand", "\\renewcommand", "\\providecommand", "\\DeclareRobustCommand"):
            reader.skip_spaces()
            if reader.peek() is not None and reader.peek()[0] == "*":
                reader.get()
            name_t = reader.read_arg()
            if not name_t:
                raise reader.error(f"{t} needs a command name")
            name = name_t[0][0]
            nargs_t = reader.read_optional()
            nargs = int(detokenize(nargs_t).strip() or 0) if nargs_t is not None else 0
            default = reader.read_optional()
            body = reader.read_arg()
            if t == "\\providecommand" and d.get(name) is not None:
                return
            params = list(range(1, nargs + 1))
            d.set(name, Macro(params, make_body(body), default, nargs))
            return
        if t in ("\\pgfmathsetmacro", "\\pgfmathtruncatemacro", "\\pgfmathsetlengthmacro", "\\pgfmathparse"):
            if t == "\\pgfmathparse":
                name = "\\pgfmathresult"
            else:
                nt = reader.read_arg()
                name = nt[0][0] if nt else None
            expr = detokenize(self.expand_all(reader.read_arg()))
            self.loc = self.location(tok[1], t)
            r = self.number(expr, self.st)
            v = r.value
            if t == "\\pgfmathtruncatemacro":
                text = str(int(math.trunc(v)))
            elif t == "\\pgfmathsetlengthmacro":
                text = format_number(v) + "pt"
            else:
                text = format_number(v) if not r.units else format_number(v)
            if name:
                d.set(name, Macro([], tokenize(text), None, 0))
            return
        if t in ("\\newlength",):
            name = reader.read_arg()
            if name:
                d.set(name[0][0], Macro([], tokenize("0pt"), None, 0))
            return
        if t in ("\\setlength", "\\pgfmathsetlength", "\\addtolength"):
            name = reader.read_arg()
            val = detokenize(self.expand_all(reader.read_arg()))
            if name and name[0][0].startswith("\\"):
                try:
                    v = self.number(val, self.st)
                    v = v.value if v.units else v.value
                    if t == "\\addtolength":
                        old = d.get(name[0][0])
                        if isinstance(old, Macro):
                            v += self.number(detokenize(old.body), self.st).value
                    d.set(name[0][0], Macro([], tokenize(format_number(v) + "pt"), None, 0))
                except GeoverifyError:
                    pass
            return
        if t == "\\definecolor":
            name = detokenize(reader.read_arg()).strip()
            model = detokenize(reader.read_arg()).strip()
            spec = detokenize(reader.read_arg()).strip()
            rgb = _color_model(model, spec)
            if rgb is not None:
                self.colors[name] = rgb
            else:
                self.note("UNSUPPORTED", f"colour model '{model}' of '{name}' is not interpreted", t)
            return
        if t == "\\colorlet":
            name = detokenize(reader.read_arg()).strip()
            spec = detokenize(reader.read_arg()).strip()
            rgb = parse_color(spec, self.colors)
            if rgb is not None:
                self.colors[name] = rgb
            return
        if t == "\\tikzset":
            body = detokenize(self.expand_styles(reader.read_arg()))
            self.loc = self.location(tok[1], t)
            self.apply_options(self.st, body)
            return
        if t == "\\tikzstyle":
            reader.skip_spaces()
            nxt = reader.peek()
            if nxt is not None and nxt[0] == "{":
                name = detokenize(reader.read_arg()).strip()
            else:
                parts = []
                while reader.peek() is not None and reader.peek()[0] != "=":
                    parts.append(reader.get())
                name = detokenize(parts).strip()
            reader.skip_spaces()
            eq = reader.get()
            append = False
            if eq is not None and eq[0] == "+":
                append = True
                eq = reader.get()
            opts = reader.read_optional() or []
            self._define_style(name, detokenize(opts), append)
            return
        if t == "\\usetikzlibrary":
            libs = [x.strip() for x in detokenize(reader.read_arg()).split(",") if x.strip()]
            for lib in libs:
                self.libraries.add(lib)
                if lib not in _LIBRARIES_INTERPRETED:
                    self.note("NOTE", f"TikZ library '{lib}' is not interpreted; its keys will be reported",
                              lib, self.location(tok[1], t))
            return
        if t == "\\pgfmathsetseed":
            reader.read_arg()
            return
        if t == "\\tikzmath":
            reader.read_arg()
            self.note("UNSUPPORTED", "\\tikzmath blocks are not interpreted", t, self.location(tok[1], t))
            return
        if t == "\\pgfmathdeclarefunction":
            reader.skip_spaces()
            if reader.peek() is not None and reader.peek()[0] == "*":
                reader.get()
            reader.read_arg()
            reader.read_arg()
            reader.read_arg()
            self.note("UNSUPPORTED", "\\pgfmathdeclarefunction is not interpreted", t, self.location(tok[1], t))
            return
        n = _HARMLESS.get(t, 1)
        for _ in range(n):
            reader.read_optional()
            reader.read_arg()

    def _global_def(self, tok, reader):
        before = dict(self.defs.table)
        self.definition(tok, reader)
        for k, v in self.defs.table.items():
            if before.get(k) is not v:
                self.defs.set(k, v, global_=True)

    def expand_all(self, tokens: list) -> list:
        """Fully expand user macros in a token list (like ``\\edef``; unknown commands stay)."""
        r = Reader(tokens, self.defs, self.budget, self.source)
        out = []
        while True:
            tok = r.get()
            if tok is None:
                return out
            if tok[0].startswith("\\") and len(tok[0]) > 1 and r.expand(tok):
                continue
            out.append(tok)
            if len(out) > self.budget.limits.max_bytes:
                raise BudgetExceededError("macro expansion produced more than Limits.max_bytes tokens")

    def expand_styles(self, tokens: list) -> list:
        """Expansion for \\tikzset bodies: keep ``#1`` of style definitions as they are."""
        return self.expand_all(tokens)

    # -- foreach ----------------------------------------------------------------
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
            reader.push([nxt])
            nxt2 = reader.get()
            if reader.expand(nxt2):
                reader.skip_spaces()
                g = reader.get()
                if g is None or g[0] != "{":
                    list_tokens = [g] if g else []
                    while reader.peek() is not None and reader.peek()[0] not in (" ",):
                        list_tokens.append(reader.get())
                else:
                    list_tokens = reader.read_group_body(g[1])
            else:
                raise reader.error("\\foreach list must be in braces")
        list_text = detokenize(self.expand_all(list_tokens))
        return variables, opts, list_text

    def foreach_iterations(self, variables, opts, list_text):
        """Yield the macro bindings of each iteration, as dicts name -> text."""
        items = expand_list(self, list_text)
        self.budget.check_array(len(items))
        count_var, count_from = None, 1
        evaluates = []
        remember = None
        if opts:
            for key, val in split_options(opts):
                if key == "count" and val:
                    m = re.match(r"\s*(\\\w+)(?:\s+from\s+(.+))?", val)
                    if m:
                        count_var = m.group(1)
                        count_from = int(self.number(m.group(2), None).value) if m.group(2) else 1
                elif key == "evaluate" and val:
                    m = re.match(r"\s*(\\\w+)(?:\s+as\s+(\\\w+))?(?:\s+using\s+(.+))?$", val, re.S)
                    if m:
                        evaluates.append((m.group(1), m.group(2) or m.group(1), m.group(3)))
                elif key == "remember" and val:
                    m = re.match(r"\s*(\\\w+)\s+as\s+(\\\w+)(?:\s*\(initially\s+(.*)\))?", val, re.S)
                    if m:
                        remember = [m.group(1), m.group(2), m.group(3) or ""]
                elif key in ("parse",):
                    pass
        for k, item in enumerate(items):
            self.budget.step(1)
            parts = item.split("/") if len(variables) > 1 else [item]
            binding = {}
            for i, var in enumerate(variables):
                val = parts[i] if i < len(parts) else parts[-1]
                binding[var] = strip_braces_text(val)
            if count_var:
                binding[count_var] = str(count_from + k)
            for src, dst, expr in evaluates:
                e = expr if expr else binding.get(src, src)
                for var, val in binding.items():
                    e = e.replace(var, "(" + val + ")") if var in e else e
                try:
                    binding[dst] = format_number(self.number(e, None).value)
                except GeoverifyError:
                    binding[dst] = e
            if remember:
                binding[remember[1]] = remember[2]
            yield binding
            if remember:
                remember[2] = binding.get(remember[0], "")

    def foreach(self, tok, reader: Reader, statement_level: bool) -> list | None:
        """Run (statement level) or expand (inside a path: returns tokens) a ``\\foreach``."""
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
                    self.defs.set(var, Macro([], tokenize(val), None, 0))
                if statement_level:
                    saved = self.st
                    self.st = dict(self.st)
                    try:
                        self.statements(Reader(list(body), self.defs, self.budget, self.source), None)
                    finally:
                        self.st = saved
                else:
                    out.extend(self.expand_path_tokens(Reader(list(body), self.defs, self.budget, self.source)))
            finally:
                self.defs.end_group()
        return out

    def _collect_foreach_tail(self, reader: Reader) -> list:
        """Tokens of a nested ``\\foreach`` header and body (for a body that is itself a loop)."""
        out = []
        while True:
            t = reader.get()
            if t is None:
                return out
            out.append(t)
            if t[0] == "{":
                inner = reader.read_group_body(t[1])
                out.extend(inner)
                out.append(("}", t[1]))
                # a group after 'in' is the list; the next group (or statement) is the body
                if any(x[0].startswith("in") for x in out if not x[0].startswith("\\")):
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

    def expand_path_tokens(self, reader: Reader, stop_at_semicolon: bool = False) -> list:
        """Tokens of a path with user macros and inline ``\\foreach`` expanded."""
        out = []
        depth = 0
        while True:
            tok = reader.get()
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
                out.extend(self.foreach(tok, reader, statement_level=False))
                continue
            elif len(t) > 1 and t[0] == "\\" and reader.expand(tok):
                continue
            elif t == "\\pgfextra":
                self.note("UNSUPPORTED", "\\pgfextra is not interpreted", t, self.location(tok[1], t))
                reader.read_arg()
                continue
            out.append(tok)
            if len(out) > self.budget.limits.max_bytes:
                raise BudgetExceededError("a path longer than Limits.max_bytes tokens")

    def loc_pos(self) -> int:
        return 0

    # -- paths ------------------------------------------------------------------
    def path_statement(self, tok, reader: Reader, inline_tikz: bool = False) -> None:
        cmd = tok[0]
        draw, fill, clip = _PATH_COMMANDS.get(cmd, (False, False, False))
        loc = self.location(tok[1], cmd)
        self.loc = loc
        tokens = self.expand_path_tokens(reader, stop_at_semicolon=True)
        if cmd in ("\\draw", "\\fill", "\\filldraw", "\\path", "\\clip") and tokens:
            pass
        text, offsets = _detokenize_with_offsets(tokens)
        prefix = _PREFIX.get(cmd, "")
        if prefix:
            text = prefix + " " + text
            offsets = [(0, tok[1])] + [(o + len(prefix) + 1, p) for o, p in offsets]
        self.let_vars = {}
        try:
            tree = path_parser().parse(text)
        except UnexpectedInput as err:
            pos = getattr(err, "pos_in_stream", None)
            src_pos = _map_offset(offsets, pos) if pos is not None else tok[1]
            where = self.location(src_pos, cmd)
            msg = f"cannot parse the path of {cmd} near '{text[pos:pos + 30] if pos is not None else ''}'"
            if self.strict:
                raise FigureSyntaxError(msg, location=where, context=self.source.context(src_pos)) from None
            self.note("UNSUPPORTED", msg + "; the statement is skipped", cmd, where)
            return
        st = dict(self.st)
        if draw:
            st["draw"] = st["draw"] or "current"
        if fill:
            st["fill"] = st["fill"] or "current"
        every = self.defs.get("style:every path")
        if every:
            self.apply_options(st, every)
        from geoverify.frontends.tikz.paths import PathWalker
        walker = PathWalker(self, st, loc)
        first = len(self.scene.primitives)
        try:
            walker.run(tree)
        except (FigureSyntaxError, UnsupportedConstructError) as err:
            if self.strict:
                raise
            if err.location is None:
                err.location = loc
            self.note("UNSUPPORTED", f"{err.message}; the rest of the statement is skipped", cmd, err.location)
        finally:
            self.let_vars = {}
        # TikZ draws the path first and the nodes met on it afterwards
        node_prims = self.scene.primitives[first:]
        del self.scene.primitives[first:]
        self.finish_path(walker, st, loc, clip)
        self.scene.primitives.extend(node_prims)

    def finish_path(self, walker, st, loc, clip: bool) -> None:
        do_draw = st["draw"] is not None
        do_fill = st["fill"] is not None
        path = walker.path
        clip = clip or st.get("clip")
        if st.get("name_path") and not path.is_empty():
            self.named_paths[st["name_path"]] = path
        if clip and not path.is_empty():
            from geoverify.frontends.tikz.pathbuild import segment_controls
            import numpy as np
            ctrl = np.concatenate([segment_controls(s) for sp in path.subpaths for s in sp.segs]).reshape(-1, 2)
            box = (ctrl[:, 0].min(), ctrl[:, 1].min(), ctrl[:, 0].max(), ctrl[:, 1].max())
            old = self.st.get("clip_box")
            if old is not None:
                box = (max(box[0], old[0]), max(box[1], old[1]), min(box[2], old[2]), min(box[3], old[3]))
            self.st["clip_box"] = box
        if (do_draw or do_fill) and not path.is_empty():
            idx = emit_path(self.scene, path, st, draw=do_draw, fill=do_fill, source=loc, panel=self.panel,
                            name=st.get("name_path"))
            self._mark_clipped(idx)
        for builder, est in walker.edges:
            if est["draw"] is not None or est["fill"] is not None:
                idx = emit_path(self.scene, builder, est, draw=est["draw"] is not None,
                                fill=est["fill"] is not None, source=SourceLocation(loc.line, loc.column, loc.file, "edge"),
                                panel=self.panel)
                self._mark_clipped(idx)
        self.budget.check_primitives(len(self.scene.primitives))

    def _mark_clipped(self, indices) -> None:
        box = self.st.get("clip_box")
        if box is None:
            return
        for i in indices:
            p = self.scene.primitives[i]
            try:
                b = p.bbox()
            except NotImplementedError:
                continue
            tol = 1e-6
            if b[0] < box[0] - tol or b[1] < box[1] - tol or b[2] > box[2] + tol or b[3] > box[3] + tol:
                p.clipped = True

    # -- intersections --------------------------------------------------------------
    def _path_polyline(self, name: str):
        import numpy as np
        from geoverify.frontends.tikz.geometry import sample_cubics
        from geoverify.frontends.tikz.pathbuild import segment_controls
        path = self.named_paths.get(name.strip())
        if path is None:
            raise FigureSyntaxError(f"no path named '{name.strip()}' (give a path 'name path={name.strip()}' first)")
        lines = []
        for sp in path.subpaths:
            if not sp.segs:
                continue
            ctrl = np.concatenate([segment_controls(s) for s in sp.segs])
            straight = all(s[0] == "L" for s in sp.segs)
            pts = np.vstack([ctrl[:, 0], ctrl[-1:, 3]]) if straight else sample_cubics(ctrl, 48)[0]
            lines.append(pts)
        return lines

    def path_intersections(self, a: str, b: str) -> list:
        from geoverify.frontends.tikz.geometry import segments_intersections
        out = []
        for pa in self._path_polyline(a):
            for pb in self._path_polyline(b):
                out.extend(segments_intersections(pa, pb))
        return out

    def name_intersections(self, spec: str, st: dict) -> None:
        kv = dict(split_options(spec))
        of = kv.get("of", "")
        if " and " not in of:
            raise FigureSyntaxError(f"name intersections needs of=<path> and <path>, got '{of}'")
        a, b = of.split(" and ", 1)
        pts = self.path_intersections(a, b)
        prefix = kv.get("name", "intersection")
        by = [x.strip() for x in _split_commas(kv.get("by", "")) if x.strip()]
        for k, (x, y, _, _) in enumerate(pts, start=1):
            self.nodes[f"{prefix}-{k}"] = Node(None, "coordinate", (x, y))
            if k <= len(by):
                nm = by[k - 1]
                if nm.startswith("["):
                    nm = nm[nm.index("]") + 1:].strip()
                self.nodes[nm] = Node(nm, "coordinate", (x, y))
        total = kv.get("total")
        if total:
            self.defs.set(total.strip(), Macro([], tokenize(str(len(pts))), None, 0))

    # -- nodes ---------------------------------------------------------------------------
    def node_state(self, st: dict, opts: str) -> dict:
        """State of a node on a path in state ``st`` with options ``opts``; transformations
        in ``opts`` are collected separately (``node_ctm``) as TikZ applies them in the node's frame."""
        nst = dict(st)
        for k in ("draw", "fill", "anchor", "pos", "node_name", "at", "place_of", "text_width", "align",
                  "outer_sep", "inner_xsep", "inner_ysep"):
            nst[k] = DEFAULTS[k]
        nst["shape"] = "rectangle"
        nst["node_shift"] = (0.0, 0.0)
        nst["labels"] = ()
        nst["pins"] = ()
        nst["sloped"] = False
        nst["min_width"] = nst["min_height"] = 1.0
        nst["arrow_start"] = nst["arrow_end"] = None
        nst["markings"] = None
        nst["name_path"] = None
        outer_ctm = st["ctm"]
        nst["ctm"] = G.IDENTITY
        every = self.defs.get("style:every node")
        if every:
            self.apply_options(nst, every)
        if opts:
            self.apply_options(nst, opts)
        nst["node_ctm"] = nst["ctm"]
        nst["ctm"] = outer_ctm
        return nst

    def place_node(self, nst: dict, name, p, text: str, loc, tangent=None, record_label: bool = True):
        """Build a node at canvas point ``p``; add its outline and text to the scene."""
        shape = nst["shape"]
        if shape not in ("rectangle", "circle", "ellipse", "coordinate"):
            self.note("APPROXIMATED", f"node shape '{shape}' is measured as a rectangle", shape, loc)
            shape_eff = "rectangle"
        else:
            shape_eff = shape
        font = nst["font_size"]
        text = text.strip()
        if nst.get("node_contents"):
            text = nst["node_contents"]
        box, widths = measure(text, font, nst.get("bold", False)) if text else (None, [0.0])
        w = box.width if box else 0.0
        h = box.height if box else 0.0
        dpt = box.depth if box else 0.0
        if box is not None and box.approximate:
            self.note("APPROXIMATED", f"text '{text[:40]}' has commands without font metrics; its box is estimated",
                      "node text", loc)
        if nst["text_width"] is not None:
            w = nst["text_width"]
        em = font
        ixs = nst["inner_xsep"] if nst["inner_xsep"] is not None else 0.3333 * em
        iys = nst["inner_ysep"] if nst["inner_ysep"] is not None else 0.3333 * em
        outer = nst["outer_sep"] if nst["outer_sep"] is not None else 0.5 * nst["line_width"]
        if shape_eff == "rectangle":
            hw = max(w / 2 + ixs, nst["min_width"] / 2)
            hh = max((h + dpt) / 2 + iys, nst["min_height"] / 2)
        elif shape_eff == "circle":
            r = max(G.pgf_veclen(w / 2 + ixs, (h + dpt) / 2 + iys), nst["min_width"] / 2, nst["min_height"] / 2)
            hw = hh = r
        elif shape_eff == "ellipse":
            a = max(math.sqrt(2) * (w / 2 + ixs), nst["min_width"] / 2)
            b = max(math.sqrt(2) * ((h + dpt) / 2 + iys), nst["min_height"] / 2)
            hw, hh = a, b
        else:
            hw = hh = 0.0
            outer = 0.0
        node = Node(name, shape_eff, (0.0, 0.0), hw, hh, outer, h, dpt)
        node.extra["inner_xsep"] = ixs
        # frame: shift to the position, (outer linear part if transform shape), node's own transforms
        m = nst.get("node_ctm", G.IDENTITY)
        if nst.get("transform_shape"):
            lin = nst["ctm"]
            m = G.compose((lin[0], lin[1], lin[2], lin[3], 0.0, 0.0), m)
        anchor = nst["anchor"]
        place = nst.get("place_of")
        if place is not None:
            key, target, sx, sy = place
            tnode = self.nodes.get(target.split(".")[0].strip()) if target else None
            if tnode is None:
                from geoverify.frontends.tikz.coords import evaluate_coordinate
                try:
                    base = evaluate_coordinate(self, target, nst).point
                except GeoverifyError:
                    raise FigureSyntaxError(f"positioning: no node named '{target}'", location=loc) from None
                p = (base[0] + sx, base[1] + sy)
            else:
                if nst.get("on_grid") or nst.get("on_grid_old"):
                    base = tnode.center
                else:
                    ank = {"above": "north", "below": "south", "left": "west", "right": "east",
                           "above left": "north west", "above right": "north east", "below left": "south west",
                           "below right": "south east"}[key]
                    base = tnode.anchor(ank) if "." not in target else self._named_point(target)
                p = (base[0] + sx, base[1] + sy)
            if nst.get("on_grid") or nst.get("on_grid_old"):
                anchor = "center"
        ang = math.degrees(math.atan2(m[1], m[0]))
        scl = math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) or 1.0
        if nst.get("sloped") and tangent is not None and (tangent[0] or tangent[1]):
            a2 = math.degrees(math.atan2(tangent[1], tangent[0]))
            if a2 > 90 or a2 < -90:
                a2 += 180
            ang += a2
        if nst.get("auto") and tangent is not None and anchor is None and (tangent[0] or tangent[1]):
            swap = bool(nst.get("swap")) != (nst.get("auto") == "right")
            anchor = _auto_anchor(tangent[0], tangent[1], swap)
        # the anchor offset in the node's own frame (centre at the origin, unrotated)
        local_anchor = (0.0, 0.0)
        if anchor not in (None, "center"):
            try:
                local_anchor = node.anchor(anchor)
            except KeyError:
                self.note("UNSUPPORTED", f"unknown anchor '{anchor}'; the centre is used", "anchor", loc)
        node.angle = ang
        node.scale = scl
        shift = nst["node_shift"]
        tx, ty = m[4] + shift[0], m[5] + shift[1]
        ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
        off = (scl * (-ca * local_anchor[0] + sa * local_anchor[1]), scl * (-sa * local_anchor[0] - ca * local_anchor[1]))
        node.center = (p[0] + tx + off[0], p[1] + ty + off[1])
        if name:
            self.nodes[name] = node
        self._emit_node(node, nst, text, w, widths, p, loc, name)
        for lab in nst["labels"]:
            self._label(node, lab, nst, loc, pin=False)
        for pin in nst["pins"]:
            self._label(node, pin, nst, loc, pin=True)
        return node

    def _named_point(self, target):
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        return evaluate_coordinate(self, target, self.st).point

    def _emit_node(self, node: Node, nst, text, w, widths, p, loc, name):
        from geoverify.scene.primitives import Circle, Dot, Ellipse
        common = {"source": SourceLocation(loc.line, loc.column, loc.file, "node"), "panel": self.panel,
                  "name": name}
        draw = nst["draw"] is not None
        fill = nst["fill"] is not None
        if node.shape != "coordinate" and (draw or fill):
            style = path_style(nst, draw, fill)
            if node.shape == "circle":
                r = node.half_w * node.scale
                if fill and not text and r <= 4.0:
                    self.scene.add(Dot(center=node.center, radius=r, style=style, **common))
                else:
                    self.scene.add(Circle(center=node.center, radius=r, style=style, **common))
            elif node.shape == "ellipse":
                self.scene.add(Ellipse(center=node.center, rx=node.half_w * node.scale, ry=node.half_h * node.scale,
                                       rotation=math.radians(node.angle), style=style, **common))
            else:
                import numpy as np
                self.scene.add(Polyline(points=np.array(node.outline_points()), closed_flag=True, style=style,
                                        **common))
        if text:
            box = node.text_box(w)
            color = nst.get("text") or nst["color"]
            self.scene.add(TextLabel(text=text, anchor=p, box=box, font_size=nst["font_size"] * node.scale,
                                     style=Style(stroke=None, stroke_width=0.0, fill=to_hex(color),
                                                 opacity=nst["opacity"]), **common))

    def _label(self, node: Node, spec: str, nst, loc, pin: bool):
        spec = spec.strip()
        opts = ""
        if spec.startswith("["):
            depth = 0
            for i, ch in enumerate(spec):
                if ch == "[":
                    depth += 1
                elif ch == "]":
                    depth -= 1
                    if depth == 0:
                        opts = spec[1:i]
                        spec = spec[i + 1:]
                        break
        # "angle:text": the position is before the first top-level colon (text may hold $a:b$)
        pos_word, text = "above" if not pin else "above", spec
        depth = 0
        for i, ch in enumerate(spec):
            if ch in "{$":
                break
            if ch == ":":
                pos_word, text = spec[:i].strip(), spec[i + 1:]
                break
        text = text.strip()
        if text.startswith("{") and text.endswith("}"):
            text = text[1:-1]
        ang = direction_angle(pos_word)
        if ang is None:
            try:
                ang = self.number(pos_word, nst).value
            except GeoverifyError:
                ang = 90.0
        a_norm = ang % 360.0
        # tikz: the label sits at the node's numeric anchor <angle> (a border point)
        at = node.border_at_angle(a_norm - node.angle)
        dist = nst["pin_distance"] if pin else nst["label_distance"]
        c, s = math.cos(math.radians(a_norm)), math.sin(math.radians(a_norm))
        target = (at[0] + dist * c, at[1] + dist * s)
        lst = self.node_state({**nst, "ctm": G.IDENTITY}, "")
        lst["ctm"] = G.IDENTITY
        every = self.defs.get("style:every label" if not pin else "style:every pin")
        if every:
            self.apply_options(lst, every)
        if opts:
            self.apply_options(lst, opts)
        lst["node_ctm"] = lst["ctm"]
        lst["ctm"] = G.IDENTITY
        lst["anchor"] = _opposite_anchor(a_norm)
        pnode = self.place_node(lst, None, target, text, loc)
        if text and pin:
            # the pin edge (every pin edge = help lines) joins the two nodes' borders
            import numpy as np
            start = node.border_toward(pnode.center)
            end = pnode.border_toward(node.center)
            self.scene.add(Polyline(points=np.array([start, end]), style=Style(stroke="#808080", stroke_width=0.2),
                                    source=SourceLocation(loc.line, loc.column, loc.file, "pin"), panel=self.panel))
        # the label's TextLabel is attached to the point on the main node
        import numpy as np
        if text and self.scene.primitives and isinstance(self.scene.primitives[-1 if not pin else -2], TextLabel):
            lab = self.scene.primitives[-1 if not pin else -2]
            lab.anchor = np.asarray(at, dtype=float)
            lab.source = SourceLocation(loc.line, loc.column, loc.file, "pin" if pin else "label")

    # -- pics --------------------------------------------------------------------------------
    def pic(self, opts: str, body: str, st: dict, loc) -> None:
        from geoverify.frontends.tikz.pics import draw_pic
        draw_pic(self, opts, body, st, loc)

    def plot_marks(self, pts, st, loc) -> None:
        from geoverify.scene.primitives import Dot
        mark = st.get("mark")
        if mark in ("*", "o", "x", "+", "square*", "triangle*"):
            style = path_style(st, True, mark.endswith("*"))
            for p in pts:
                self.scene.add(Dot(center=p, radius=2.0, style=style, source=loc, panel=self.panel))
        else:
            self.note("APPROXIMATED", f"plot mark '{mark}' not drawn", "mark", loc)


def strip_braces_text(s: str) -> str:
    s = s.strip()
    if len(s) >= 2 and s[0] == "{" and s[-1] == "}":
        return s[1:-1]
    return s


def _auto_anchor(tx: float, ty: float, swap: bool) -> str:
    """Anchor of an ``auto`` node for path direction (tx, ty) (tikz.code.tex, \\tikz@auto@anchor)."""
    n = math.hypot(tx, ty) or 1.0
    x, y = tx / n, ty / n
    e = 0.05
    if not swap:
        if x > e:
            return "south east" if y > e else "south west" if y < -e else "south"
        if x < -e:
            return "north east" if y > e else "north west" if y < -e else "north"
        return "east" if y > 0 else "west"
    if x > e:
        return "north west" if y > e else "north east" if y < -e else "north"
    if x < -e:
        return "south west" if y > e else "south east" if y < -e else "south"
    return "west" if y > 0 else "east"


def _opposite_anchor(ang: float) -> str:
    """Anchor of a label or pin at angle ``ang`` (tikz.code.tex, \\tikz@compute@direction)."""
    a = int(math.floor(ang)) % 360
    for limit, name in ((4, "west"), (87, "south west"), (94, "south"), (177, "south east"), (184, "east"),
                        (267, "north east"), (274, "north"), (357, "north west")):
        if a < limit:
            return name
    return "west"


def _detokenize_with_offsets(tokens) -> tuple[str, list]:
    parts = []
    offsets = []
    n = 0
    prev_word = False
    for t, pos in tokens:
        if prev_word and (t[:1].isalpha() or t[:1] == "@"):
            parts.append(" ")
            n += 1
        offsets.append((n, pos))
        parts.append(t)
        n += len(t)
        prev_word = len(t) > 1 and t[0] == "\\" and t[1:2].isalpha()
    return "".join(parts), offsets


def _map_offset(offsets, pos: int) -> int:
    import bisect
    keys = [o for o, _ in offsets]
    i = bisect.bisect_right(keys, pos) - 1
    if i < 0:
        return offsets[0][1] if offsets else 0
    o, p = offsets[i]
    return p + (pos - o)


def _color_model(model: str, spec: str):
    try:
        vals = [float(x) for x in re.split(r"[,\s]+", spec.strip()) if x]
    except ValueError:
        vals = []
    if model == "rgb" and len(vals) == 3:
        return tuple(vals)
    if model == "RGB" and len(vals) == 3:
        return tuple(v / 255 for v in vals)
    if model == "HTML":
        h = spec.strip().lstrip("#")
        if len(h) == 6:
            return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    if model == "gray" and len(vals) == 1:
        return (vals[0],) * 3
    if model == "cmyk" and len(vals) == 4:
        c, m, y, k = vals
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    if model == "cmy" and len(vals) == 3:
        return tuple(1 - v for v in vals)
    return None
