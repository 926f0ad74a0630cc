"""The ``tkz-graph`` package: vertices, their placement by compass direction, edges.

Each command becomes the TikZ statements the package's own macros build, pushed
back into the reader:

- ``\\Vertex[opts]{A}`` is ``\\node[outer sep=0pt, style, VertexStyle] (A) at (x,y) {A}``
  (``x``/``y``, ``a``/``d`` polar, ``position``, ``L`` its text, ``Math``, ``NoLabel``,
  ``LabelOut`` with ``Lpos`` and ``Ldist``, ``empty`` for a bare named point);
- ``\\EA``, ``\\WE``, ``\\NO``, ``\\SO``, ``\\NOEA``, ``\\NOWE``, ``\\SOEA``, ``\\SOWE``
  ``[opts](A){B}`` put vertex ``B`` one graph unit (``\\SetGraphUnit``, ``unit=``; in
  cm) from ``A``'s centre in that direction;
- ``\\Edge[opts](A)(B)`` is ``\\draw[color, line width, style, EdgeStyle] (A) to
  node[fill=labelcolor, text=labeltext, labelstyle, LabelStyle] {label} (B)``, its
  keys preset by ``\\SetUpEdge`` (which also empties ``EdgeStyle`` and ``LabelStyle``);
- ``\\GraphInit[vstyle=Normal]`` sets the vertex and edge styles of that look.

The package loads with the ``Normal`` vertex style (``\\SetVertexNormal``) and
empty ``EdgeStyle`` and ``LabelStyle``; those styles are defined at the first
tkz-graph command, before any user ``.append style`` of them. Vertex looks other
than ``Normal`` are noted as not interpreted (drawn as ``Normal``).
"""

from __future__ import annotations

from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize_at

__all__ = ["TKZ_GRAPH_COMMANDS", "run_tkz_graph"]

#: direction commands -> unit multiples (x, y)
_DIRECTIONS = {"\\EA": (1, 0), "\\WE": (-1, 0), "\\NO": (0, 1), "\\SO": (0, -1), "\\NOEA": (1, 1),
               "\\NOWE": (-1, 1), "\\SOEA": (1, -1), "\\SOWE": (-1, -1)}

#: The commands :func:`run_tkz_graph` interprets.
TKZ_GRAPH_COMMANDS = frozenset(["\\Vertex", "\\Edge", "\\SetUpEdge", "\\GraphInit", "\\SetGraphUnit"]
                               + list(_DIRECTIONS))

# \SetVertexNormal (the package's default look) and \GraphInit[vstyle=Normal]
_VERTEX_AT_LOAD = ("shape=circle, minimum size=18pt, line width=0.5pt, color=black, fill=white, text=black, "
                   "inner sep=2pt, outer sep=0pt, draw")
_VERTEX_NORMAL = ("draw, shape=circle, minimum size=18pt, line width=0.5pt, color=black, "
                  "outer sep=0.5\\pgflinewidth, fill=white, text=black, line width=0.5pt")
_EDGE_NORMAL = "line width=0.8pt, black"
# \Edge's keys before any \SetUpEdge; \SetUpEdge presets them (style then empty)
_EDGE_DEFAULTS = {"color": "black", "lw": "0.8pt", "label": "", "labeltext": "black", "labelcolor": "white",
                  "labelstyle": "", "style": "pos=.5"}
_SETUP_DEFAULTS = dict(_EDGE_DEFAULTS, style="")

_UNIT = "tkzgraph:unit"
_EDGE = "tkzgraph:edge"


def _install(interp) -> None:
    """The package's styles as it loads them, once per document (a user's earlier
    ``.append style`` of them stays appended)."""
    if getattr(interp, "_tkz_graph_loaded", False):
        return
    interp._tkz_graph_loaded = True
    for name, body in (("VertexStyle", _VERTEX_AT_LOAD), ("EdgeStyle", ""), ("LabelStyle", "")):
        old = interp.defs.get("style:" + name)
        interp.defs.set("style:" + name, body + ("," + old if old else ""))


def _paren(reader: Reader) -> str:
    """The text of a ``(...)`` argument (spaces before it skipped)."""
    reader.skip_spaces()
    nxt = reader.get()
    if nxt is None or nxt[0] != "(":
        raise reader.error("tkz-graph: '(' expected")
    return detokenize(reader.read_delimited(")", "(")).strip()


def _keys(text: str) -> dict:
    return {k.strip(): ("true" if v is None else v.strip()) for k, v in split_options(text or "")}


def _vertex(interp, opts: dict, name: str, node_at: bool = False) -> str:
    """TikZ source of ``\\Vertex[opts]{name}`` (``node_at``: at the coordinate ``name``)."""
    style = opts.get("style", "")
    text = "" if opts.get("NoLabel") == "true" else (opts.get("L") or name)
    if text and opts.get("Math") == "true":
        text = f"${text}$"
    if node_at:
        where = f"at ({name})"
    elif opts.get("x", "") != "":
        where = f"at ({opts['x']},{opts.get('y', '0')})"
    elif opts.get("d", "") != "":
        where = f"at ({opts.get('a', '0')}:{opts['d']})"
    else:
        where = f"[{opts['position']}]" if opts.get("position") else "at (0,0)"
    if opts.get("empty") == "true":
        return f"\\node[inner sep=0pt] ({name}) {where} {{}};"
    vstyle = "VertexStyle"
    if text and opts.get("LabelOut") == "true":
        vstyle = f"VertexStyle, label={{[text=black,{style}]{opts.get('Lpos', '0')}:{text}}}"
        text = ""
    scope = f"\\begin{{scope}}[label distance={opts.get('Ldist', '0cm')}]"
    return f"{scope}\\node[outer sep=0pt,{style},{vstyle}] ({name}) {where} {{{text}}};\\end{{scope}}"


def _edge(interp, opts: dict, a: str, b: str) -> str:
    """TikZ source of ``\\Edge[opts](a)(b)``."""
    keys = dict(interp.defs.get(_EDGE) or _EDGE_DEFAULTS)
    keys.update(opts)
    if keys.get("double"):
        interp.note("UNSUPPORTED", "tkz-graph's double edges are drawn single", "\\Edge")
    head = f"\\draw[color={keys['color']}, line width={keys['lw']}, {keys['style']}, EdgeStyle] ({a}) to"
    if keys.get("label", "") == "":
        return f"{head} ({b});"
    lab = (f"node[fill={keys['labelcolor']}, text={keys['labeltext']}, {keys['labelstyle']}, LabelStyle] "
           f"{{{keys['label']}}}")
    return f"{head} {lab} ({b});"


def run_tkz_graph(interp, tok, reader: Reader) -> None:
    """Interpret one tkz-graph command ``tok``; its arguments are read from ``reader``."""
    name = tok[0]
    _install(interp)
    raw = reader.read_optional()
    opts = _keys(detokenize(interp.expand_all(raw)) if raw else "")
    out = ""
    if name == "\\SetGraphUnit":
        interp.defs.set(_UNIT, detokenize(interp.expand_all(reader.read_arg())).strip())
    elif name == "\\GraphInit":
        vstyle = opts.get("vstyle", "Normal")
        if vstyle != "Normal":
            interp.note("UNSUPPORTED", f"tkz-graph vertex style '{vstyle}' is drawn as Normal", "\\GraphInit",
                        interp.location(tok[1], name))
        interp._define_style("VertexStyle", _VERTEX_NORMAL, False)
        interp._define_style("EdgeStyle", _EDGE_NORMAL, False)
        interp._define_style("LabelStyle", "", False)
        if opts.get("unit"):
            interp.defs.set(_UNIT, opts["unit"])
    elif name == "\\SetUpEdge":
        keys = dict(_SETUP_DEFAULTS)
        keys.update(opts)
        interp.defs.set(_EDGE, keys)
        interp._define_style("EdgeStyle", "", False)
        interp._define_style("LabelStyle", "", False)
    elif name == "\\Vertex":
        out = _vertex(interp, opts, detokenize(interp.expand_all(reader.read_arg())).strip())
    elif name == "\\Edge":
        a = _paren(reader)
        b = _paren(reader)
        out = _edge(interp, opts, a, b)
    else:  # a compass direction from a vertex
        a = _paren(reader)
        b = detokenize(interp.expand_all(reader.read_arg())).strip()
        unit = opts.get("unit") or interp.defs.get(_UNIT) or "1"
        dx, dy = _DIRECTIONS[name]
        out = (f"\\path ({a}.center) ++({dx}*{unit},{dy}*{unit}) coordinate ({b});"
               + _vertex(interp, opts, b, node_at=True))
    if out:
        reader.push(tokenize_at(out, tok[1]))
