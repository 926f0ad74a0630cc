"""The TikZ interpreter: documents, pictures, scopes, statements and definitions.

Reads the token stream of :mod:`~geoverify.frontends.tikz.tex`; outside a
picture only definitions matter (``\\def``, ``\\newcommand``, ``\\tikzset``,
``\\definecolor`` ...); inside, each statement (``\\draw ... ;``) is collected
with user macros and inline ``\\foreach`` expanded, parsed by the path grammar
and evaluated by :class:`~geoverify.frontends.tikz.paths.PathWalker`; nodes
become :class:`~geoverify.scene.TextLabel` (and outlines when drawn).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lark.exceptions import UnexpectedInput

from geoverify.errors import (BudgetExceededError, FigureSyntaxError, GeoverifyError, SourceLocation,
                              UnsupportedConstructError)
from geoverify.frontends.limits import Budget
from geoverify.frontends.tikz.definitions import DEF_COMMANDS as _DEF_COMMANDS
from geoverify.frontends.tikz.definitions import HARMLESS as _HARMLESS
from geoverify.frontends.tikz.pgfbasic import PGF_BASIC_COMMANDS, run_pgf_basic
from geoverify.frontends.tikz.pgfnodes import PGF_NODE_COMMANDS
from geoverify.frontends.tikz.tdplot import TDPLOT_COMMANDS, run_tdplot
from geoverify.frontends.tikz.tkzgraph import TKZ_GRAPH_COMMANDS, run_tkz_graph
from geoverify.frontends.tikz.definitions import DefinitionsMixin
from geoverify.frontends.tikz.emit import emit_path
from geoverify.frontends.tikz.filecontents import FILE_ENVIRONMENTS, read_filecontents
from geoverify.frontends.tikz.fonts import FONT_SIZES
from geoverify.frontends.tikz.grammar import parse_path
from geoverify.frontends.tikz.loops import LoopsMixin, expand_list
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.options import DEFAULTS, OptionContext, apply_options
from geoverify.frontends.tikz.paths import PathWalker
from geoverify.frontends.tikz.pgfmath import KNOWN_VALUES, MathResult, evaluate, evaluator
from geoverify.frontends.tikz.placement import NodePlacementMixin
from geoverify.frontends.tikz.registers import assign_register
from geoverify.frontends.tikz.tex import Definitions, Macro, Reader, Source, detokenize, tokenize
from geoverify.scene import Panel

__all__ = ["Interpreter", "expand_list"]

#: State keys kept from outside a picture (TikZ stores them in macros, not in the picture's options).
_PERSISTENT_KEYS = ("decoration", "markings", "tip_default", "node_distance", "node_distance_pair",
                    "label_distance", "pin_distance", "bend_angle", "font_size", "bold")

_PATH_COMMANDS = {
    "\\draw": (True, False, False), "\\fill": (False, True, False), "\\filldraw": (True, True, False),
    "\\path": (False, False, False), "\\shade": (False, True, False), "\\shadedraw": (True, True, False),
    "\\clip": (False, False, True), "\\useasboundingbox": (False, False, False),
    "\\node": (False, False, False), "\\coordinate": (False, False, False), "\\pic": (False, False, False),
    "\\matrix": (False, False, False), "\\pattern": (False, True, False),
}
_PREFIX = {"\\node": "node", "\\coordinate": "coordinate", "\\pic": "pic", "\\matrix": "node[matrix]"}


def _parse_with_node_contents(text: str):
    """The parse tree of a path whose nodes have no text (``node contents``), or None."""
    from geoverify.frontends.tikz.nodecontents import with_empty_node_texts
    fixed = with_empty_node_texts(text)
    if fixed is None:
        return None
    try:
        return parse_path(fixed)
    except UnexpectedInput:
        return None


class Interpreter(DefinitionsMixin, LoopsMixin, NodePlacementMixin):
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
        # primitive index -> the clip box that cuts it (scene.view is what shows)
        self.clip_boxes: dict[int, tuple] = {}
        self.defs = Definitions()
        self.nodes: dict[str, Node] = {}
        self.named_paths: dict = {}
        self.env: dict = {}
        self.let_vars: dict = {}
        self.panel = -1
        self.st = dict(DEFAULTS)
        self.colors: dict = {}
        self.loc: SourceLocation | None = None
        self.libraries: set[str] = set()
        self.ctx = OptionContext(self._style, self._opt_point, self.number, self._opt_note, self._define_style,
                                 self.colors, self.libraries)
        self.picture_count = 0
        self.placed_nodes: list = []  # every node placed, in order (for local bounding boxes)
        # drawn tips pgf leaves out of bounding boxes: id -> the point that stands for each (emit_path)
        self.bbox_proxies: dict = {}

    # -- diagnostics ------------------------------------------------------
    def note(self, code: str, message: str, construct: str = "", location=None) -> None:
        location = location if location is not None else self.loc
        if self.strict and code == "UNSUPPORTED":
            raise UnsupportedConstructError(message, location=location)
        diagnostics = self.scene.diagnostics
        if len(diagnostics) >= 1000:
            return
        line = location.line if location else None
        for d in diagnostics[-20:]:  # the same note on the same line, just made: not again
            if d.message == message and d.code == code and (d.location.line if d.location else None) == line:
                return
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
        hit = KNOWN_VALUES.get(text)
        if hit is not None and "{}" not in text and not (st or self.st).get("functions"):
            # a text that reads no macro, evaluated before (pgfmath.evaluate): nothing below changes it
            return hit
        text, env = self._prepared(text, st)
        return evaluate(text, env, self.loc)

    def sampler(self, text: str, st: dict | None) -> Callable[[], float] | None:
        """``number(text, st).value`` as a function of :attr:`env` as it is at each call: a plot's
        expression at each of its samples, prepared and compiled once (the let, function and
        register rewriting does not depend on the sample). None when the text needs an
        environment of its own (line widths, text widths, tree distances) or does not compile:
        :meth:`number` then gives each sample's value, or its error, as before."""
        text, env = self._prepared(text, st)
        if env is not self.env:
            return None
        try:
            return evaluator(text, env, self.loc)
        except GeoverifyError:
            return None

    def _prepared(self, text: str, st: dict | None) -> tuple[str, dict]:
        """The pgfmath text :meth:`number` evaluates for ``text`` and the environment it reads."""
        text = text.strip()
        if "{}" in text:  # "\r{}" ends a control word in TeX; the empty group is nothing
            text = text.replace("{}", "")
        if self.let_vars:
            text = self.subst_let(text)
        funcs = (st or self.st).get("functions")
        if funcs:  # declare function={..}: each call replaced by its body (pgfplots_plots.apply_functions)
            from geoverify.frontends.tikz.pgfplots_plots import apply_functions
            text = apply_functions(text, funcs)
        env = self.env
        if "width" in text:
            if "\\pgflinewidth" in text:
                env = dict(env)
                env["\\pgflinewidth"] = (st or self.st)["line_width"]
            if "\\textwidth" in text or "\\linewidth" in text or "\\columnwidth" in text:
                env = dict(env)
                env.update(dict.fromkeys(("\\textwidth", "\\linewidth", "\\columnwidth"), self.text_width()))
        if "distance" in text and "\\tikz" in text:  # the trees' dimension registers (15 mm unless set)
            env = dict(env)
            for key in ("level", "sibling"):
                env[f"\\tikz{key}distance"] = (st or self.st).get(f"{key}_distance", 15 * 72.27 / 25.4)
        return text, env

    def text_width(self) -> float:
        """``\\textwidth`` (= ``\\linewidth``, ``\\columnwidth`` outside lists) of the document
        class: article's (and standalone's) 345pt at 10pt, 360pt at 11pt, 390pt at 12pt."""
        m = re.search(r"\\documentclass\s*\[([^\]]*)\]", self.source.text[:5000])
        size = re.search(r"\b(1[012])pt\b", m.group(1)) if m else None
        return {"10": 345.0, "11": 360.0, "12": 390.0}[size.group(1) if size else "10"]

    def _opt_point(self, text: str, st: dict):
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        t = text.strip()
        if t.startswith("(") and t.endswith(")"):
            t = t[1:-1]
        return evaluate_coordinate(self, self.subst_let(t), st).point

    def apply_options(self, st: dict, text: str) -> None:
        apply_options(self.ctx, st, text)

    def _style(self, name: str):
        table = self.defs.table  # (asked for every key of every option list: no Definitions.get call)
        v = table.get("style:" + name)
        if v is None:
            return None
        return v, table.get("style:" + name + "/.default")

    def _define_style(self, name: str, body: str, append: bool) -> None:
        if name.endswith("/.default"):
            self.defs.set("style:" + name, body)
            return
        if append:
            old = self.defs.get("style:" + name)
            body = (old + "," + body) if old else body
        self.defs.set("style:" + name, body)

    def release(self) -> None:
        """Drop the run's working state (macros, nodes, paths, helpers), keeping :attr:`loc`.

        The interpreter and its helpers refer to each other (option contexts hold its
        methods, closures hold it), so without this the whole state of a figure, scene
        included, is reference-cycle garbage that only Python's cyclic collector frees:
        a tenth of a million objects per thousand figures it has to walk. Emptied, the
        state is freed by reference counting when the caller lets go."""
        loc = self.loc
        self.__dict__.clear()
        self.loc = loc

    # -- document level -------------------------------------------------
    def run(self, text: str) -> None:
        tokens = tokenize(text)
        has_picture = ("\\begin{tikzpicture}" in text or "\\tikz" in text.replace("\\tikzset", "")
                       .replace("\\tikzstyle", "").replace("\\tikzmath", "") or "\\begin{tikzcd}" in text)
        reader = Reader(tokens, self.defs, self.budget, self.source)
        from geoverify.frontends.tikz.prose import Prose
        self.prose = Prose(text)  # text around the pictures (prose.py)
        if not has_picture:
            self.prose.enabled = self.prose.collecting = False
            self.begin_picture("")
            self.statements(reader, end_env=None)
            return
        self.document(reader)
        self.prose.end_document(self, self.loc)

    def begin_picture(self, options: str) -> None:
        self._prose_before = self.prose.begin_picture(self)  # set left of the picture when it ends
        self._picture_options = options
        self.picture_count += 1
        self.panel = len(self.scene.panels) if self.panel >= 0 else 0
        if self.panel >= len(self.scene.panels):
            self.scene.panels.append(Panel(self.panel, name=f"tikzpicture {self.picture_count}"))
        else:
            self.scene.panels[self.panel].name = f"tikzpicture {self.picture_count}"
        self.nodes = {}
        self.named_paths = {}
        # keys TikZ keeps in macros (decoration, >=, node distance...) hold from a \tikzset
        # outside the picture; graphic options (colours, line width) start afresh
        outer = self.st
        self.st = dict(DEFAULTS)
        self.st.update({k: outer[k] for k in _PERSISTENT_KEYS if k in outer})
        snapshot = self.defs.get("anim:snapshot")  # \pgfsnapshot{t} (animations.py)
        if snapshot is not None:
            self.st["snapshot"] = snapshot
        every = self.defs.get("style:every picture")
        if every:
            self.apply_options(self.st, every)
        if options:
            self.st["_scope_opening"] = True  # a transform canvas maps the whole picture (canvas.py)
            self.apply_options(self.st, options)
            del self.st["_scope_opening"]
            if "_canvas_open" in self.st:
                from geoverify.frontends.tikz.canvas import begin_canvas
                begin_canvas(self)
        self.picture_st = self.st
        if "_spy_open" in self.st:  # spy scope={..} of the picture (spy.py)
            from geoverify.frontends.tikz.spy import begin_spy_scope
            begin_spy_scope(self)
        self._backgrounds = None
        if self.st.get("backgrounds"):  # framed, gridded (backgrounds.py): drawn at the end
            from geoverify.frontends.tikz.bounding import start_local_box
            self._backgrounds = start_local_box(self, "")

    def end_picture(self, pos: int | None) -> None:
        """What the picture's options draw when it ends (the backgrounds library's frames, spies)."""
        code = self.picture_st.get("at_end_picture")
        if code:  # execute at end picture={..}: statements in the picture's scope, as it ends
            saved, self.st = self.st, dict(self.picture_st)
            self.st.pop("at_end_picture")
            try:
                self.statements(Reader(tokenize(code), self.defs, self.budget, self.source), None)
            finally:
                self.st = saved
        if self.st.get("_spy") is not None:  # the spies of the picture's spy scope (spy.py)
            from geoverify.frontends.tikz.spy import finish_spy_scope
            finish_spy_scope(self, None)
        if self._backgrounds is not None:
            from geoverify.frontends.tikz.backgrounds import draw_backgrounds
            draw_backgrounds(self, self._backgrounds, pos)
            self._backgrounds = None
        if self.picture_st.get("_canvas") is not None:
            from geoverify.frontends.tikz.canvas import end_canvas
            saved, self.st = self.st, self.picture_st
            end_canvas(self)
            self.st = saved
        self.prose.end_picture(self, self._prose_before, self._picture_options, self.loc)

    def document(self, reader: Reader) -> None:
        doc_st = self.st  # the state \tikzset changes between pictures
        while True:
            self.st = doc_st
            self._read_prose(reader)
            tok = reader.get()
            if tok is None:
                return
            t = tok[0]
            if t == "\\begin":
                env = detokenize(reader.read_arg()).strip()
                if env == "tikzpicture":
                    opts = reader.read_optional()
                    self.loc = self.location(tok[1], "tikzpicture")
                    self.defs.begin_group()  # styles defined in the picture's options end with it
                    try:
                        self.begin_picture(detokenize(self.expand_all(opts)) if opts else "")
                        self.statements(reader, end_env="tikzpicture")
                        self.end_picture(tok[1])
                    finally:
                        self.defs.end_group()
                elif env == "tikzcd":
                    self.loc = self.location(tok[1], "tikzcd")
                    self.prose.baseline = 0.0  # tikz-cd's every diagram: baseline=0pt
                    self.begin_picture("")
                    from geoverify.frontends.tikz.tikzcd import run_tikzcd
                    run_tikzcd(self, reader, tok)
                    self.prose.end_picture(self, self._prose_before, "", self.loc)
                elif env in FILE_ENVIRONMENTS:  # a data file the figure reads (filecontents.py)
                    read_filecontents(self, reader, env, tok)
                elif env == "document":
                    self.prose.begin_document()
                else:
                    self.prose.taint()
                    self.user_environment(reader, env, tok)
                continue
            if t == "\\end":
                env = detokenize(reader.read_arg()).strip()
                if env != "document":
                    self.prose.taint()
                self.user_environment(reader, env, tok, end=True)
                continue
            if t == "\\tikz":
                self.loc = self.location(tok[1], "\\tikz")
                from geoverify.frontends.tikz.animations import read_scope_animations
                self.begin_picture(",".join(read_scope_animations(self, reader)))  # [opts] and :attr={..}
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
                    self.end_picture(tok[1])
                finally:
                    self.defs.end_group()
                continue
            if t == "{":
                self.prose.group(tok)
                self.defs.begin_group()
                continue
            if t == "}":
                self.prose.group(tok)
                self.defs.end_group()
                continue
            if t == "\\foreach":  # pictures made by a loop (a panel each)
                self.foreach(tok, reader, statement_level=True, run=self.document)
                continue
            if t in ("\\pgfsnapshot", "\\pgfsnapshotafter"):  # the pictures that follow are snapshots
                from geoverify.frontends.tikz.animations import parse_time
                at = parse_time(detokenize(self.expand_all(reader.read_arg())))
                self.defs.set("anim:snapshot", (at, t == "\\pgfsnapshotafter"))
                continue
            if t in _DEF_COMMANDS:
                self.definition(tok, reader)
                continue
            if t in TDPLOT_COMMANDS:  # \tdplotsetmaincoords before the picture
                run_tdplot(self, tok, reader)
                continue
            if self.defs.get("register:" + t) is not None:  # \d=1cm (registers.py)
                assign_register(self, tok, reader)
                continue
            if reader.expand(tok):
                continue
            self.prose.token(tok)  # a word of text between the pictures, or what spoils it

    def _read_prose(self, reader: Reader) -> None:
        """Give the prose the plain tokens (words, blanks, punctuation) that come next at the
        document level, up to one that :meth:`document` must look at: a control sequence, a
        brace, or a token the figure defines (``\\def`` can define any token). A document's
        text is most of its tokens; this is what :meth:`document` does with them, without
        its dispatch (:meth:`Reader.get` written out for the token list on top of the stack)."""
        stack = reader._stack
        table = self.defs.table
        while stack:
            top = stack[-1]
            toks, i = top
            n = len(toks)
            start = i
            while i < n:
                t = toks[i][0]
                if t[:1] == "\\" or t == "{" or t == "}" or t in table:
                    break
                i += 1
            if i > start:
                top[1] = i
                reader.last_pos = toks[i - 1][1]
                self.prose.words(toks[start:i])
            if i < n:
                return
            stack.pop()

    def user_environment(self, reader: Reader, env: str, tok, end: bool = False) -> bool:
        """``\\begin{env}`` / ``\\end{env}`` of an environment made by ``\\newenvironment``:
        its begin code ``\\env`` (which reads the arguments) or end code ``\\endenv`` is
        read next, as LaTeX does. False when ``env`` is not such an environment."""
        if not self.defs.get("env:" + env):
            return False
        reader.push([(("\\end" if end else "\\") + env, tok[1])])
        return True

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
                reader.skip_spaces()
                nxt = reader.peek()
                if nxt is not None and nxt[0] == "[":  # "{ [options] ... }" (scopes library)
                    if "scopes" not in self.libraries:  # a fragment whose preamble loads it
                        self.note("NOTE", "'{ [options] ... }' is the scopes library's syntax; the figure does "
                                  "not load it and it is read as a scope", "scopes")
                        self.libraries.add("scopes")
                    opts = reader.read_optional()
                    self.apply_options(self.st, detokenize(self.expand_all(opts)))
                    self._begin_local_box()
            elif t == "}":
                if not stack:
                    raise FigureSyntaxError("unbalanced braces: unexpected '}' in the picture",
                                            location=self.loc, context=self.source.context(tok[1]))
                self._end_local_box(stack[-1])
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
                        self.st["_scope_opening"] = True
                        self.apply_options(self.st, detokenize(self.expand_all(opts)))
                        del self.st["_scope_opening"]
                        if "_canvas_open" in self.st:
                            from geoverify.frontends.tikz.canvas import begin_canvas
                            begin_canvas(self)
                    self._begin_local_box()
                elif env in ("axis", "semilogxaxis", "semilogyaxis", "loglogaxis", "polaraxis"):
                    from geoverify.frontends.tikz.pgfplots import run_axis
                    run_axis(self, reader, env, tok)
                elif env == "pgfdecoration":  # decorations of stretches of a soft path (decostretch.py)
                    from geoverify.frontends.tikz.decostretch import run_decoration_environment
                    run_decoration_environment(self, reader, tok)
                elif env in ("pgfonlayer", "scope*", "pgfscope", "pgflowlevelscope"):
                    arg = reader.read_arg() if env in ("pgfonlayer", "pgflowlevelscope") else None
                    stack.append(self.st)
                    self.st = dict(self.st)
                    self.defs.begin_group()
                    if env == "pgflowlevelscope":  # its body drawn on a transformed canvas (lowlevel.py)
                        from geoverify.frontends.tikz.lowlevel import lowlevel_matrix, start_lowlevel
                        start_lowlevel(self, lowlevel_matrix(self, arg))
                elif env == "pgfviewboxscope":  # a rectangle mapped onto another (lowlevel.py)
                    from geoverify.frontends.tikz.lowlevel import start_lowlevel, viewbox_matrix
                    corners = [reader.read_arg() for _ in range(4)]
                    mode = detokenize(reader.read_arg())
                    stack.append(self.st)
                    self.st = dict(self.st)
                    self.defs.begin_group()
                    start_lowlevel(self, viewbox_matrix(self, corners, mode))
                elif "\\" + env in FONT_SIZES:
                    # \begin{small} ... \end{small}: a group whose font is \small, as the
                    # declaration \small in a group
                    stack.append(self.st)
                    self.st = dict(self.st)
                    self.defs.begin_group()
                    self.st["font_size"] = self.st["outer_font_size"] = FONT_SIZES["\\" + env]
                elif not self.user_environment(reader, env, tok):
                    self.note("UNSUPPORTED", f"environment '{env}' inside a picture is not interpreted",
                              "\\begin{" + env + "}")
                    self._skip_env(reader, env)
            elif t == "\\end":
                env = detokenize(reader.read_arg()).strip()
                if env != end_env and self.user_environment(reader, env, tok, end=True):
                    continue
                if env == end_env and not (stack and env == "scope"):
                    if stack:
                        raise FigureSyntaxError(f"\\end{{{env}}} while {len(stack)} scope(s) are open",
                                                location=self.loc)
                    return
                if env in ("scope", "pgfonlayer", "scope*", "pgfscope", "pgflowlevelscope", "pgfviewboxscope") \
                        or "\\" + env in FONT_SIZES:
                    if not stack:
                        raise FigureSyntaxError(f"\\end{{{env}}} without \\begin{{{env}}}", location=self.loc)
                    self._end_local_box(stack[-1])
                    if self.st.get("_canvas") is not stack[-1].get("_canvas"):
                        from geoverify.frontends.tikz.canvas import end_canvas
                        end_canvas(self)
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
                    self.apply_options(self.st, detokenize(self.expand_all(opts)))
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
            elif self.defs.get("register:" + t) is not None:  # \d=1cm (registers.py)
                assign_register(self, tok, reader)
            elif reader.expand(tok):
                continue
            elif t in ("\\addplot", "\\addplot+"):
                self.note("UNSUPPORTED", "\\addplot outside an axis environment", t)
                self._skip_statement(reader)
            elif t == "\\spy":  # the spy library (spy.py)
                from geoverify.frontends.tikz.spy import read_spy
                read_spy(self, reader, tok)
            elif t == "\\datavisualization":
                from geoverify.frontends.tikz.datavis import run_datavisualization
                run_datavisualization(self, tok, reader)
            elif t == "\\graph":
                from geoverify.frontends.tikz.graphs import run_graph
                run_graph(self, tok, reader)
            elif t == "\\chainin":  # the chains library (chains.py)
                from geoverify.frontends.tikz.chains import run_chainin
                run_chainin(self, tok, reader)
            elif t == "\\calendar":
                from geoverify.frontends.tikz.calendar import run_calendar
                run_calendar(self, tok, reader)
            elif t == "\\pgfplots@draw@axis" and getattr(self, "axis_redraw", None) is not None:
                self.axis_redraw()  # in an axis' after end axis code (pgfplots.Axis.redraw)
            elif t in ("\\pgflowlevel", "\\pgflowlevelobj"):  # canvas transformations (lowlevel.py)
                from geoverify.frontends.tikz.lowlevel import run_lowlevel
                run_lowlevel(self, tok, reader)
            elif t in PGF_BASIC_COMMANDS:
                run_pgf_basic(self, tok, reader)
            elif t in PGF_NODE_COMMANDS:  # \pgfnode, \pgfmatrix (pgfnodes.py)
                from geoverify.frontends.tikz.pgfnodes import run_pgf_node_command
                run_pgf_node_command(self, tok, reader)
            elif t in TDPLOT_COMMANDS:
                run_tdplot(self, tok, reader)
            elif t in TKZ_GRAPH_COMMANDS:
                run_tkz_graph(self, tok, reader)
            elif t == "\\braid":  # the braids package (braids.py)
                from geoverify.frontends.tikz.braids import run_braid
                run_braid(self, tok, reader)
            elif t == "\\Tree":  # tikz-qtree (qtree.py)
                from geoverify.frontends.tikz.qtree import run_qtree
                run_qtree(self, tok, reader)
            elif t.startswith("\\tkz"):
                from geoverify.frontends.tikz.tkz_euclide import run_tkz
                run_tkz(self, tok, reader)
            elif t in FONT_SIZES:
                # \large in a picture or scope: the font of what follows in this group, node
                # text and the em of inner sep alike (font= keys change only the node text)
                self.st["font_size"] = self.st["outer_font_size"] = FONT_SIZES[t]
            elif t in _HARMLESS:
                for _ in range(_HARMLESS[t]):
                    reader.read_optional()
                    reader.read_arg()
            elif t.startswith("\\"):
                if self.defs.table.get(t).__class__ is Macro:  # before a "}" or the end: Reader.expand
                    self.note("UNSUPPORTED", f"macro {t} is missing its argument; it is skipped", t)
                else:
                    self.note("UNSUPPORTED", f"command {t} is not interpreted", t)
                self._skip_args(reader)
            # stray characters in a picture are ignored, as TikZ does

    def _begin_local_box(self) -> None:
        """A scope with ``local bounding box=name`` starts collecting its extent."""
        if "_spy_open" in self.st:  # spy scope={..} (spy.py)
            from geoverify.frontends.tikz.spy import begin_spy_scope
            begin_spy_scope(self)
        name = self.st.pop("local_bbox", None)  # (nested scopes do not start it again)
        if name:
            from geoverify.frontends.tikz.bounding import start_local_box
            self.st["_local_box"] = start_local_box(self, name)

    def _end_local_box(self, outer_st: dict) -> None:
        if self.st.get("_spy") is not None:  # the spies of a spy scope ending here (spy.py)
            from geoverify.frontends.tikz.spy import finish_spy_scope
            finish_spy_scope(self, outer_st)
        box = self.st.get("_local_box")
        if box is not None and box is not outer_st.get("_local_box"):
            from geoverify.frontends.tikz.bounding import finish_local_box
            finish_local_box(self, box)

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

    def expand_all(self, tokens: list) -> list:
        """Fully expand user macros in a token list (like ``\\edef``; unknown commands stay)."""
        r = Reader(tokens, self.defs, self.budget, self.source)
        out = []
        limit = self.budget.limits.max_bytes
        while True:
            before = len(out)
            tok = r.read_plain(out)  # the tokens up to the next control sequence, as they are
            if len(out) > limit and len(out) > before:
                raise BudgetExceededError("macro expansion produced more than Limits.max_bytes tokens")
            if tok is None:
                return out
            if tok[0].startswith("\\") and len(tok[0]) > 1 and r.expand(tok):
                continue
            out.append(tok)
            if len(out) > limit:
                raise BudgetExceededError("macro expansion produced more than Limits.max_bytes tokens")

    def expand_styles(self, tokens: list) -> list:
        """Expansion for \\tikzset bodies: keep ``#1`` of style definitions as they are."""
        return self.expand_all(tokens)

    # -- paths ------------------------------------------------------------------
    def path_statement(self, tok, reader: Reader, inline_tikz: bool = False) -> None:
        cmd = tok[0]
        draw, fill, clip = _PATH_COMMANDS.get(cmd, (False, False, False))
        loc = self.location(tok[1], cmd)
        self.loc = loc
        tokens = self.expand_path_tokens(reader, stop_at_semicolon=True, node_first=cmd == "\\node")
        text = detokenize(tokens)
        prefix = _PREFIX.get(cmd, "")
        if prefix:
            text = prefix + " " + text
        self.let_vars = {}
        if "child" in text:
            from geoverify.frontends.tikz.trees import add_empty_bodies
            text = add_empty_bodies(text)  # offsets past a bare child shift by two characters
        failed, pos = False, None  # (the error is not kept: its traceback would hold this frame in a cycle)
        try:
            tree = parse_path(text)
        except UnexpectedInput as exc:
            tree = _parse_with_node_contents(text)
            if tree is None:
                failed, pos = True, getattr(exc, "pos_in_stream", None)
        if failed:
            src_pos = _map_offset(_path_offsets(tokens, prefix, tok[1]), pos) if pos is not None else tok[1]
            where = self.location(src_pos, cmd)
            msg = f"cannot parse the path of {cmd} near '{text[pos:pos + 30] if pos is not None else ''}'"
            if self.strict:
                raise FigureSyntaxError(msg, location=where, context=self.source.context(src_pos)) from None
            self.note("UNSUPPORTED", msg + "; the statement is skipped", cmd, where)
            return
        st = dict(self.st)
        # TikZ starts every path with drawing and filling off: draw=red or fill=red given to a scope
        # colours the strokes and fills of the paths that draw or fill, it does not make \draw fill.
        for mode in ("draw", "fill"):
            given = st[mode]
            if given is not None:
                if given != "current":
                    st[mode + "_color"] = given
                st[mode] = None
        if draw:
            st["draw"] = st.get("draw_color") or "current"
        if fill:
            st["fill"] = st.get("fill_color") or "current"
        every = self.defs.get("style:every path")
        if every:
            self.apply_options(st, every)
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
        if walker.cur is not None:  # pgf's last point (\pgfgetlastxy)
            self.last_xy = walker.cur
        # TikZ draws the path first and the nodes met on it afterwards
        node_prims = self.scene.primitives[first:]
        del self.scene.primitives[first:]
        self.finish_path(walker, st, loc, clip)
        self.scene.primitives.extend(node_prims)
        if cmd == "\\useasboundingbox" or st.get("use_as_bounding_box"):  # the picture's box (prose.py)
            self.prose.bounding_path(self, walker.path)

    def finish_path(self, walker, st, loc, clip: bool) -> None:
        do_draw = st["draw"] is not None
        do_fill = st["fill"] is not None
        path = walker.path
        clip = clip or st.get("clip")
        if st.get("name_path") and not path.is_empty():
            self.named_paths[st["name_path"]] = path
        if st.get("save_path"):  # save path=\p: the path as built, for a later use path=\p (paths.py)
            from geoverify.frontends.tikz.pathbuild import Subpath
            kept = []
            for sp in path.subpaths:
                one = Subpath(sp.start)
                one.segs, one.closed = list(sp.segs), sp.closed
                kept.append(one)
            if not hasattr(self, "saved_paths"):
                self.saved_paths = {}
            self.saved_paths[st["save_path"]] = kept
        if clip and not path.is_empty():
            from geoverify.frontends.tikz.pathbuild import segment_controls
            import numpy as np
            ctrl = np.concatenate([segment_controls(s) for sp in path.subpaths for s in sp.segs]).reshape(-1, 2)
            box = (ctrl[:, 0].min(), ctrl[:, 1].min(), ctrl[:, 0].max(), ctrl[:, 1].max())
            old = self.st.get("clip_box")
            if old is not None:
                box = (max(box[0], old[0]), max(box[1], old[1]), min(box[2], old[2]), min(box[3], old[3]))
            self.st["clip_box"] = box
        deco = st.get("decoration")
        if st.get("decorate") and not st.get("decorate_post") and deco is not None \
                and self.defs.get("style:pgf@decoration@" + deco.name) is not None:  # declared (decouser.py)
            from geoverify.frontends.tikz.decorations import path_pieces
            from geoverify.frontends.tikz.decouser import run_declared_decoration
            path.subpaths = run_declared_decoration(self, path_pieces(path.subpaths), deco, st, loc)
            path.current = path.subpaths[-1] if path.subpaths else None
            st = {**st, "decorate": False}
        elif st.get("decorate") and not st.get("decorate_post") and deco is not None \
                and self.defs.get("style:pgf@metadecoration@" + deco.name) is not None:  # (decouser.py)
            from geoverify.frontends.tikz.decorations import path_pieces
            from geoverify.frontends.tikz.decouser import run_declared_meta
            path.subpaths = run_declared_meta(self, path_pieces(path.subpaths), deco, st, loc)
            path.current = path.subpaths[-1] if path.subpaths else None
            st = {**st, "decorate": False}
        if st.get("decorate") and deco is not None and deco.name == "show path construction":
            from geoverify.frontends.tikz.decoconstruction import run_construction_code
            run_construction_code(self, path.subpaths, st, loc)  # its code for each input segment
        if st.get("decorate") and deco is not None and deco.name == "text along path" and not path.is_empty():
            from geoverify.frontends.tikz.decorations import path_pieces
            from geoverify.frontends.tikz.decotext import typeset_text_along_path
            typeset_text_along_path(self, path_pieces(path.subpaths), st, loc)  # the text is typeset
        if st.get("decorate") and deco is not None and deco.name == "text effects along path":
            from geoverify.frontends.tikz.decoeffects import effect_pieces, typeset_text_effects
            typeset_text_effects(self, effect_pieces(path.subpaths), st, loc)  # a node per character
        if (do_draw or do_fill or st.get("shadows")) and not path.is_empty():
            idx = emit_path(self.scene, path, st, draw=do_draw, fill=do_fill, source=loc, panel=self.panel,
                            name=st.get("name_path"), bbox_proxies=self.bbox_proxies)
            self._mark_clipped(idx)
        if st.get("mark_code") and st.get("decorate") and not path.is_empty():
            from geoverify.frontends.tikz.markings import run_mark_code
            run_mark_code(self, path, st, loc)  # marks whose code draws (decorations.markings)
        if st.get("path_picture") and not path.is_empty():
            from geoverify.frontends.tikz.pathbuild import segment_controls
            from geoverify.frontends.tikz.pathpicture import run_path_picture
            import numpy as np
            ctrl = np.concatenate([segment_controls(s) for sp in path.subpaths for s in sp.segs]).reshape(-1, 2)
            run_path_picture(self, st["path_picture"], (*ctrl.min(axis=0), *ctrl.max(axis=0)), loc)
        for builder, est in walker.edges:
            if est["draw"] is not None or est["fill"] is not None:
                idx = emit_path(self.scene, builder, est, draw=est["draw"] is not None,
                                fill=est["fill"] is not None, source=SourceLocation(loc.line, loc.column, loc.file, "edge"),
                                panel=self.panel, bbox_proxies=self.bbox_proxies)
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
                self.clip_boxes[i] = box


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


def _path_offsets(tokens, prefix: str, pos: int) -> list:
    """Where the pieces of a path's text (``detokenize(tokens)`` after ``prefix`` and a
    blank, as :meth:`Interpreter.path_statement` parses it) come from: ``(offset in the
    text, source offset)`` pairs, the prefix at ``pos``. Only a path that does not parse
    needs them (to point at the error), so they are made then."""
    offsets = _detokenize_with_offsets(tokens)[1]
    if prefix:
        offsets = [(0, pos)] + [(o + len(prefix) + 1, p) for o, p in offsets]
    return offsets


def _map_offset(offsets, pos: int) -> int:
    import bisect
    keys = [o for o, _ in offsets]
    i = bisect.bisect_right(keys, pos) - 1
    if i < 0:
        return offsets[0][1] if offsets else 0
    while i >= 0 and offsets[i][1] is None:  # text made by a macro has no source position
        i -= 1
    if i < 0:
        return next((p for _, p in offsets if p is not None), 0)
    o, p = offsets[i]
    return p + (pos - o)
