"""Shared machinery of the tkz-euclide macros: arguments, points, options, styles, emission.

tkz-euclide (``tkz-euclide.sty`` 4.x) is a layer of LaTeX macros over TikZ:
its drawing macros expand to ordinary ``\\draw``/``\\node``/``\\clip``
statements with the package's styles, and its construction macros compute
points on canvas coordinates (``\\pgfpointanchor``) and name them with
``\\coordinate`` (results in ``tkzPointResult``, ``tkzFirstPointResult`` and
``tkzSecondPointResult``). The interpreter does the same: a macro's arguments
are read here, points are computed in Python on canvas points, and the
drawing is emitted as TikZ text run through the interpreter's own statement
machinery (:func:`run_tikz`), so every TikZ option a user passes works as in
TikZ.

Defaults are those of ``tkz-euclide.cfg`` (4.25c):

- ``point style``: ``draw, fill, circle, inner sep=0pt, minimum size=2`` (2 pt);
- ``label style``: ``below, font=\\normalsize``; ``label angle style``: centred;
- ``line style``: ``line width=0.2pt, line cap=round`` and ``add=.2 and .2``
  (the extension of ``\\tkzDrawLine``, kept here as numbers, see :func:`line_add`);
- ``circle style``: ``color=black!50, line width=0.2pt``; ``arc style``:
  ``line width=0.2pt``.

The tkz state (``\\tkzInit``'s ranges, ``\\tkzSetUpLine``'s ``add``,
``\\tkzSetUpPoint``'s values) lives in the interpreter's definitions under
``tkz:`` keys, so TeX groups undo it as they undo the package's macros.
"""

from __future__ import annotations

import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.splitting import split_top_level
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize_at

__all__ = [
    "TKZ_STYLES", "CM", "install_styles", "read_optional", "read_paren", "read_group", "read_text",
    "split_points", "split_groups", "tkz_options", "join_options", "point", "set_point", "run_tikz",
    "fmt", "Emitter", "alias_point", "peek_paren", "line_add", "init_state", "number",
    "define_macro", "set_length", "tikz_options",
]

#: One centimetre in points as tkz-euclide writes it (28.45274, ``\\tkz@@CalcLengthcm``).
CM = 28.45274

#: Styles ``tkz-euclide.cfg`` defines with ``\\tikzset`` (colours as the package's defaults:
#: main line colour black, ``other line colour`` black!50).
TKZ_STYLES = {
    "point style": "draw=black, inner sep=0pt, shape=circle, minimum size=2, fill=black",
    "label style": "below, black, font=\\normalsize",
    "label angle style": "black, font=\\normalsize",
    "label circle style": "black",
    "line style": "line width=0.2pt, color=black, solid, line cap=round",
    "circle style": "color=black!50, line width=0.2pt, solid",
    "compass style": "color=black!50, line width=0.2pt, solid",
    "arc style": "color=black, line width=0.2pt",
    "vector style": ">=Latex, ->",
}

#: ``\\tkzInit`` defaults (``tkz-euclide.cfg``): 0 <= x, y <= 10, steps 1.
_INIT = {"xmin": 0.0, "xmax": 10.0, "ymin": 0.0, "ymax": 10.0, "xstep": 1.0, "ystep": 1.0,
         "xorigin": 0.0, "yorigin": 0.0}


def install_styles(interp) -> None:
    """Define the package's styles that are not defined yet (a user's own stay)."""
    if interp.defs.get("tkz:styles"):
        return
    interp.defs.set("tkz:styles", True)
    for name, body in TKZ_STYLES.items():
        if interp.defs.get("style:" + name) is None:
            interp._define_style(name, body, False)


def init_state(interp) -> dict:
    """The ``\\tkzInit`` ranges in force (``xa, xb, ya, yb`` are the clip box, in x/y units)."""
    st = interp.defs.get("tkz:init")
    if st is None:
        st = dict(_INIT)
        st.update(xa=0.0, xb=10.0, ya=0.0, yb=10.0)
    return st


# -- arguments ------------------------------------------------------------------
def read_optional(interp, reader: Reader) -> str:
    """The ``[...]`` argument, macros expanded (``""`` when there is none)."""
    toks = reader.read_optional()
    if not toks:
        return ""
    return detokenize(interp.expand_all(toks)).strip()


def read_paren(interp, reader: Reader, name: str) -> str:
    """A ``(...)`` argument, macros expanded; a missing one is a syntax error."""
    reader.skip_spaces()
    tok = reader.peek()
    if tok is None or tok[0] != "(":
        raise FigureSyntaxError(f"{name} expects a (...) argument here", location=interp.loc)
    reader.get()
    return detokenize(interp.expand_all(reader.read_delimited(")", "("))).strip()


def peek_paren(reader: Reader) -> bool:
    """Whether a ``(`` follows (spaces skipped)."""
    reader.skip_spaces()
    tok = reader.peek()
    return tok is not None and tok[0] == "("


def read_group(interp, reader: Reader) -> str:
    """A ``{...}`` argument with macros expanded (a point name, a number)."""
    reader.skip_spaces()
    return detokenize(interp.expand_all(reader.read_arg())).strip()


def read_text(reader: Reader) -> str:
    """A ``{...}`` argument kept as written (label text: the node typesets it)."""
    reader.skip_spaces()
    return detokenize(reader.read_arg())


def split_points(text: str) -> list[str]:
    """``"A,B,C"`` -> ``["A", "B", "C"]`` (commas inside braces do not split)."""
    return [p.strip() for p in split_top_level(text) if p.strip()]


def split_groups(text: str) -> list[list[str]]:
    """The space-separated groups of ``\\tkzDrawSegments(A,B C,D)`` -> ``[["A", "B"], ["C", "D"]]``."""
    groups = []
    for part in re.split(r"\s+", text.strip()):
        if part:
            groups.append(split_points(part))
    return groups


# -- options --------------------------------------------------------------------
def tkz_options(text: str, keys) -> tuple[dict, list]:
    """Split ``[...]`` into the macro's own keys (``{key: value}``) and the TikZ rest.

    ``/tikz/overlay`` is TikZ's ``overlay``; a key of ``keys`` given without a
    value maps to ``None``.
    """
    own: dict = {}
    rest: list = []
    for key, val in split_options(text):
        k = key[6:] if key.startswith("/tikz/") else key
        if k in keys:
            own[k] = val
        elif k == "style" and val:
            rest.append((val, None))  # TikZ's style=<name> is the style <name> (tkz writes style=dashed)
        else:
            rest.append((k, val))
    return own, rest


def tikz_options(text: str) -> str:
    """A macro's ``[...]`` as TikZ options for the statement it writes (see :func:`tkz_options`)."""
    return join_options(tkz_options(text, ())[1])


def join_options(pairs) -> str:
    """``[("color", "red"), ("thick", None)]`` -> ``"color=red, thick"`` (values braced when needed)."""
    out = []
    for key, val in pairs:
        if val is None:
            out.append(key)
        elif any(ch in val for ch in ",=[]") and not (val.startswith("{") and val.endswith("}")):
            out.append(f"{key}={{{val}}}")
        else:
            out.append(f"{key}={val}")
    return ", ".join(out)


def number(interp, text: str) -> float:
    """A tkz numeric argument (``\\fpeval`` / pgfmath: numbers and arithmetic)."""
    return interp.number(text, interp.st).value


# -- points ---------------------------------------------------------------------
def point(interp, name: str) -> tuple[float, float]:
    """Canvas position (points) of a named point or any TikZ coordinate."""
    from geoverify.frontends.tikz.coords import evaluate_coordinate
    name = name.strip()
    if name.startswith("(") and name.endswith(")"):
        name = name[1:-1]
    p = evaluate_coordinate(interp, name, interp.st).point
    return (float(p[0]), float(p[1]))


def set_point(interp, name: str, xy) -> None:
    """Name a canvas point (``\\pgfcoordinate``): a coordinate node, global like pgf's nodes."""
    interp.nodes[name.strip()] = Node(name.strip(), "coordinate", (float(xy[0]), float(xy[1])))


def alias_point(interp, new: str, old: str) -> None:
    """``\\pgfnodealias{new}{old}``."""
    set_point(interp, new, point(interp, old))


def fmt(v: float) -> str:
    """A number for emitted TikZ text."""
    s = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class Emitter:
    """Names canvas points for one macro's emitted TikZ code (``tkz@e<n>``, unique in the run)."""

    def __init__(self, interp):
        self.interp = interp

    def point(self, xy) -> str:
        """``(tkz@e<n>)`` naming the canvas point ``xy``: a named point is an absolute canvas
        position whatever the current transformation, as the package's ``\\pgfcoordinate``
        results are."""
        n = getattr(self.interp, "_tkz_points", 0) + 1
        self.interp._tkz_points = n
        name = f"tkz@e{n}"
        set_point(self.interp, name, xy)
        return f"({name})"


def line_add(interp) -> tuple[str, str]:
    """``\\tkzSetUpLine``'s ``add`` (left and right extension of ``\\tkzDrawLine``)."""
    return interp.defs.get("tkz:line add") or (".2", ".2")


def define_macro(interp, name: str, body: str, pos: int | None) -> None:
    """``\\gdef\\name{body}`` through the interpreter's own definition reader."""
    run_tikz(interp, f"\\gdef\\{name}{{{body}}}", pos)


def set_length(interp, value: float, pos: int | None) -> None:
    """A length result (``\\tkzLengthResult``, read by ``\\tkzGetLength``)."""
    interp.defs.set("tkz:length", value, global_=True)
    define_macro(interp, "tkzLengthResult", fmt(value), pos)


def run_tikz(interp, code: str, pos: int | None) -> None:
    """Run TikZ statements ``code`` as if written at source offset ``pos``."""
    toks = tokenize_at(code, pos)
    saved = interp.loc
    interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
    interp.loc = saved
