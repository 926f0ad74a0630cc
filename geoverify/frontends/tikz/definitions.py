"""TeX and TikZ definitions: ``\\def``, ``\\newcommand``, ``\\let``, ``\\pgfmathsetmacro``,
``\\tikzset``, ``\\tikzstyle``, ``\\definecolor``, ``\\usetikzlibrary`` and friends; etoolbox's
toggles (``\\newtoggle``, ``\\toggletrue``, ``\\togglefalse``, ``\\settoggle``) and xstring's
``\\StrCount{text}{part}[\\macro]``.

A mixin of :class:`~geoverify.frontends.tikz.interpreter.Interpreter`: the same
commands are read in the preamble, in the document and inside pictures.
"""

from __future__ import annotations

import math
import re

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.colors import parse_color
from geoverify.frontends.tikz.pgfmath import format_number, format_result
from geoverify.frontends.tikz.pgfmathbase import BASE_COMMANDS, run_base_command
from geoverify.frontends.tikz.registers import REGISTER_DECLARATIONS, declare_register
from geoverify.frontends.tikz.tex import Macro, Reader, detokenize, make_body, parse_param_text, tokenize

__all__ = ["DefinitionsMixin", "DEF_COMMANDS", "HARMLESS", "LIBRARIES_INTERPRETED"]

DEF_COMMANDS = {"\\def", "\\edef", "\\gdef", "\\xdef", "\\let", "\\newcommand", "\\renewcommand",
                 "\\providecommand", "\\DeclareRobustCommand", "\\pgfmathsetmacro", "\\pgfmathtruncatemacro",
                 "\\pgfmathparse", "\\pgfmathsetlengthmacro", "\\newlength", "\\setlength", "\\definecolor",
                 "\\colorlet", "\\tikzset", "\\tikzstyle", "\\usetikzlibrary", "\\global", "\\pgfkeys",
                 "\\pgfmathsetseed", "\\newcounter", "\\setcounter", "\\pgfplotsset", "\\usepgfplotslibrary",
                 "\\tikzmath", "\\pgfmathdeclarefunction", "\\newif", "\\addtolength", "\\pgfmathsetlength",
                 "\\pgfdeclarelayer", "\\pgfsetlayers", "\\tikzcdset", "\\long", "\\protected",
                 "\\DeclareMathOperator", "\\newtoggle", "\\providetoggle", "\\toggletrue", "\\togglefalse",
                 "\\settoggle", "\\StrCount", "\\stepcounter", "\\refstepcounter", "\\addtocounter",
                 "\\newenvironment", "\\renewenvironment", "\\pgfdeclaredecoration",
                 "\\pgfdeclaremetadecoration", "\\tikzdatavisualizationset", "\\pgfgetlastxy"} | BASE_COMMANDS
DEF_COMMANDS |= set(REGISTER_DECLARATIONS)
#: pgfmath's function commands (\pgfmathadd{x}{y} sets \pgfmathresult to x + y): name -> argument count
PGFMATH_FUNCTION_COMMANDS = {"\\pgfmath" + name: n for name, n in (
    ("add", 2), ("subtract", 2), ("multiply", 2), ("divide", 2), ("mod", 2), ("max", 2), ("min", 2), ("pow", 2),
    ("veclen", 2), ("abs", 1), ("sqrt", 1), ("neg", 1), ("round", 1), ("floor", 1), ("ceil", 1), ("int", 1),
    ("sin", 1), ("cos", 1), ("tan", 1), ("exp", 1), ("ln", 1))}
DEF_COMMANDS |= set(PGFMATH_FUNCTION_COMMANDS)
# commands with arguments that draw nothing (skipped silently); the value is the argument count
HARMLESS = {"\\usepackage": 1, "\\documentclass": 1, "\\RequirePackage": 1, "\\pagestyle": 1,
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
             "\\newtheorem": 2, "\\pgfkeys": 1, "\\newcounter": 1,
             "\\setcounter": 2, "\\stepcounter": 1, "\\addtocounter": 2, "\\newif": 1, "\\linewidth": 0,
             "\\textwidth": 0, "\\newsavebox": 1, "\\addtolength": 2, "\\baselineskip": 0}
LIBRARIES_INTERPRETED = {"calc", "positioning", "intersections", "arrows", "arrows.meta", "angles", "quotes",
                          "decorations.markings", "shapes", "shapes.geometric", "backgrounds", "patterns",
                          "fit", "through", "matrix", "cd", "babel", "shadows", "decorations.pathreplacing",
                          "fadings", "shapes.misc", "shapes.symbols", "shapes.arrows", "topaths", "plotmarks",
                          "decorations", "decorations.pathmorphing", "external", "math", "3d", "perspective",
                          "bending", "spy",
                          "fpu", "graphs", "automata", "trees", "mindmap", "chains", "scopes", "turtle", "er", "petri",
                          "circuits.logic.IEC", "circuits", "circuits.ee.IEC", "circuits.ee", "circuits.logic",
                          "circuits.logic.US", "circuits.logic.CDH",
                          "decorations.shapes"}
# \datavisualization (datavis.py); its keys that are not modelled are reported one by one
LIBRARIES_INTERPRETED |= {"datavisualization", "datavisualization.formats.functions"}
# \calendar (calendar.py); its keys that are not modelled are reported
LIBRARIES_INTERPRETED |= {"calendar"}
# the cobordism pic and its keys (tqft.py)
LIBRARIES_INTERPRETED |= {"tqft"}
# the nets of polyhedra (folding.py)
LIBRARIES_INTERPRETED |= {"folding"}


class DefinitionsMixin:
    """Definition commands of the interpreter."""

    def definition(self, tok, reader: Reader) -> None:
        t = tok[0]
        d = self.defs
        if t in BASE_COMMANDS:  # \pgfmathdectobase and its kin (pgfmathbase.py)
            run_base_command(self, tok, reader)
            return
        if t in REGISTER_DECLARATIONS:  # \newdimen\d (registers.py)
            declare_register(self, tok, reader)
            return
        if t == "\\tikzdatavisualizationset":  # keys for the \datavisualization statements after it
            keys = detokenize(reader.read_arg())
            old = d.get("dvset")
            d.set("dvset", old + "," + keys if old else keys)
            return
        if t in ("\\pgfdeclaredecoration", "\\pgfdeclaremetadecoration"):  # a decoration's states (decouser.py)
            from geoverify.frontends.tikz.decouser import declare_decoration
            declare_decoration(self, reader, meta=t == "\\pgfdeclaremetadecoration")
            return
        if t in ("\\global", "\\long", "\\protected"):
            reader.skip_spaces()
            nxt = reader.get()
            if nxt is not None and nxt[0] in DEF_COMMANDS:
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
            nargs, default = _argument_spec(reader, t, name)
            body = reader.read_arg()
            if t == "\\providecommand" and d.get(name) is not None:
                return
            params = list(range(1, nargs + 1))
            d.set(name, Macro(params, make_body(body), default, nargs))
            return
        if t in ("\\newenvironment", "\\renewenvironment"):
            # LaTeX: \begin{name} runs \name (the begin code, taking the arguments) and
            # \end{name} runs \endname; "env:name" marks the pair (interpreter.user_environment)
            reader.skip_spaces()
            if reader.peek() is not None and reader.peek()[0] == "*":
                reader.get()
            name = detokenize(reader.read_arg()).strip()
            nargs, default = _argument_spec(reader, t, name)
            begin, end = reader.read_arg(), reader.read_arg()
            d.set("\\" + name, Macro(list(range(1, nargs + 1)), make_body(begin), default, nargs))
            d.set("\\end" + name, Macro([], make_body(end), None, 0))
            d.set("env:" + name, True)
            return
        if t == "\\DeclareMathOperator":  # amsmath: \newcommand{\op}{\operatorname{text}}
            reader.skip_spaces()
            star = reader.peek() is not None and reader.peek()[0] == "*"
            if star:
                reader.get()
            name_t = reader.read_arg()
            if not name_t:
                raise reader.error(f"{t} needs a command name")
            body = reader.read_arg()
            op = tokenize("\\operatorname*" if star else "\\operatorname", tok[1])
            d.set(name_t[0][0], Macro([], make_body(op + [("{", tok[1])] + body + [("}", tok[1])]), None, 0))
            return
        if t in ("\\newcounter", "\\setcounter", "\\addtocounter", "\\stepcounter", "\\refstepcounter"):
            from geoverify.frontends.tikz.counters import expand_counter
            if not expand_counter(reader, tok):  # a counter never made: its arguments are skipped
                for _ in range(HARMLESS.get(t, 1)):
                    reader.read_arg()
            return
        if t in ("\\newtoggle", "\\providetoggle", "\\toggletrue", "\\togglefalse", "\\settoggle"):
            # etoolbox toggles (read by \iftoggle in conditionals.py); a new one is false
            name = detokenize(self.expand_all(reader.read_arg())).strip()
            if t == "\\settoggle":
                value = detokenize(self.expand_all(reader.read_arg())).strip() == "true"
            else:
                value = t == "\\toggletrue"
            if t != "\\providetoggle" or d.get("toggle:" + name) is None:
                d.set("toggle:" + name, value)
            return
        if t == "\\StrCount":
            # xstring: \StrCount{text}{part}[\macro] counts the (expanded) part in the (expanded) text
            text = detokenize(self.expand_all(reader.read_arg()))
            part = detokenize(self.expand_all(reader.read_arg()))
            opt = reader.read_optional()
            if not opt or not opt[0][0].startswith("\\"):
                self.note("UNSUPPORTED", "\\StrCount without [\\macro] typesets its count; it is not "
                          "interpreted", "\\StrCount", self.location(tok[1], t))
                return
            d.set(opt[0][0], Macro([], tokenize(str(text.count(part) if part else 0)), None, 0))
            return
        if t in PGFMATH_FUNCTION_COMMANDS:  # \pgfmathadd{x}{y}: \pgfmathresult = add(x, y)
            args = [detokenize(self.expand_all(reader.read_arg())) for _ in range(PGFMATH_FUNCTION_COMMANDS[t])]
            self.loc = self.location(tok[1], t)
            expr = t[len("\\pgfmath"):] + "(" + ",".join(f"({a})" for a in args) + ")"
            d.set("\\pgfmathresult", Macro([], tokenize(format_result(expr, self.number(expr, self.st).value)), None, 0))
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
                text = format_result(expr, v)
            if name:
                d.set(name, Macro([], tokenize(text), None, 0))
            return
        if t == "\\pgfgetlastxy":  # \pgfgetlastxy{\x}{\y}: the last path's last point, in pt
            x, y = getattr(self, "last_xy", None) or (0.0, 0.0)
            for nt, v in ((reader.read_arg(), x), (reader.read_arg(), y)):
                if nt and nt[0][0].startswith("\\"):
                    d.set(nt[0][0], Macro([], tokenize(format_number(v) + "pt"), None, 0))
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
                from geoverify.frontends.tikz.libstyles import define_library_styles
                define_library_styles(self, lib)
                if lib not in LIBRARIES_INTERPRETED:
                    self.note("NOTE", f"TikZ library '{lib}' is not interpreted; its keys will be reported",
                              lib, self.location(tok[1], t))
            return
        if t == "\\pgfmathsetseed":
            reader.read_arg()
            return
        if t == "\\tikzmath":
            from geoverify.frontends.tikz.tikzmath import run_tikzmath
            run_tikzmath(self, tok, reader)
            return
        if t == "\\pgfmathdeclarefunction":
            reader.skip_spaces()
            if reader.peek() is not None and reader.peek()[0] == "*":
                reader.get()
            name = detokenize(reader.read_arg()).strip()
            nargs = detokenize(reader.read_arg()).strip()
            body = detokenize(reader.read_arg())
            m = re.fullmatch(r"\s*\\pgfmathparse\s*\{(.*)\}\s*", body.replace("%", ""), re.S)
            if not m or not nargs.isdigit():
                self.note("UNSUPPORTED", "\\pgfmathdeclarefunction whose body is not one \\pgfmathparse{...} "
                          "is not interpreted", t, self.location(tok[1], t))
                return
            # a function of pgfplots expressions: expanded textually, #1.. its arguments
            if not hasattr(self, "pgf_functions"):
                self.pgf_functions = {}
            self.pgf_functions[name] = ([f"#{i}" for i in range(1, int(nargs) + 1)], m.group(1).strip())
            return
        if t == "\\pgfplotsset":  # kept (scoped) for the pgfplots axes that follow
            arg = detokenize(self.expand_all(reader.read_arg()))
            old = d.get("pgfplotsset")
            d.set("pgfplotsset", (old + "," + arg) if old else arg)
            return
        n = HARMLESS.get(t, 1)
        for _ in range(n):
            reader.read_optional()
            reader.read_arg()

    def _global_def(self, tok, reader):
        before = dict(self.defs.table)
        self.definition(tok, reader)
        for k, v in self.defs.table.items():
            if before.get(k) is not v:
                self.defs.set(k, v, global_=True)


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
        if len(h) == 6 and all(c in "0123456789abcdefABCDEF" for c in h):
            return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    if model == "gray" and len(vals) == 1:
        return (vals[0],) * 3
    if model == "cmyk" and len(vals) == 4:
        c, m, y, k = vals
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    if model == "cmy" and len(vals) == 3:
        return tuple(1 - v for v in vals)
    return None


def _argument_spec(reader, t: str, name: str):
    """``[n][default]`` after the name in ``\\newcommand`` or ``\\newenvironment`` (``t``):
    the number of arguments (0 to 9) and the first one's default tokens (None when not given)."""
    nargs_t = reader.read_optional()
    nargs_text = detokenize(nargs_t).strip() if nargs_t is not None else "0"
    if not (nargs_text or "0").isdigit() or not 0 <= int(nargs_text or 0) <= 9:
        raise reader.error(f"{t}{{{name}}}: the number of arguments must be 0 to 9, not {nargs_text!r}")
    return int(nargs_text or 0), reader.read_optional()
