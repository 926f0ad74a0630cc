"""pgf's base-layer nodes and matrices (``pgfcoreshape``, ``pgfmodulematrix``).

- ``\\pgfnode{shape}{anchor}{text}{name}{usage}``: a node of ``shape`` whose
  ``anchor`` lies at the origin of the current transformation, shaped by the
  whole transformation (rotations and scalings too, as TikZ's
  ``transform shape``), sized by the ``/pgf/`` keys in force (``inner xsep``,
  ``minimum width`` ...) and none of TikZ's ``every node`` styles; ``usage`` is
  the ``\\pgfusepath`` of its border (``stroke``, ``fill``, or nothing);
- ``\\pgfmatrix{shape}{anchor}{name}{usage}{shift}{setup}{cells}``: a matrix of
  statement cells (``\\pgfmatrixnextcell``, ``\\pgfmatrixendrow`` or ``\\\\``, a
  ``\\let\\&=\\pgfmatrixnextcell`` of ``setup``), laid out as
  :mod:`~geoverify.frontends.tikz.matrix_cells` does, separated by
  ``\\pgfsetmatrixcolumnsep`` / ``\\pgfsetmatrixrowsep``; its ``anchor`` lies at the
  current origin (only the transformation's translation counts) less ``shift``
  (``\\pgfpointorigin`` or ``\\pgfpointanchor{cell node}{anchor}``, measured in
  the matrix); the user's ``\\pgfmatrixbegincode`` / ``\\pgfmatrixendcode`` /
  ``\\pgfmatrixemptycode`` wrap the cells;
- ``\\pgfset{keys}``: ``/pgf/`` keys set for the rest of the group;
- ``\\pgfpositionnodelater{macro}``: the nodes made after it in the group are built
  but not drawn or named (pgf hands their box to ``macro``); ``\\pgfpositionnodenow{point}``
  draws and names the last one with its anchor at ``point``.
"""

from __future__ import annotations

import re

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.matrix import cell_codes
from geoverify.frontends.tikz.matrix_cells import place_cell_matrix
from geoverify.frontends.tikz.matrix_layout import split_body
from geoverify.frontends.tikz.tex import Macro, detokenize, tokenize

__all__ = ["PGF_NODE_COMMANDS", "keep_node_for_later", "run_pgf_node_command"]

PGF_NODE_COMMANDS = {"\\pgfnode", "\\pgfmatrix", "\\pgfsetmatrixcolumnsep", "\\pgfsetmatrixrowsep", "\\pgfset",
                     "\\pgfpositionnodelater", "\\pgfpositionnodenow"}

_SHIFT = re.compile(r"\\pgfpointanchor\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_NEXTCELL_LET = re.compile(r"\\let\s*(\\[A-Za-z@]+|\\.)\s*=?\s*\\pgfmatrixnextcell(?![A-Za-z@])")


def _text(interp, tokens) -> str:
    return detokenize(interp.expand_all(list(tokens))).strip()


def _usage(text: str) -> tuple[bool, bool]:
    """(stroke, fill) of a ``\\pgfusepath{..}`` usage (``draw`` strokes; ``discard`` or empty: neither)."""
    m = re.search(r"\\pgfusepath\s*\{([^{}]*)\}", text)
    acts = {a.strip() for a in (m.group(1) if m else text).split(",")}
    return bool(acts & {"stroke", "draw"}), "fill" in acts


def _macro_text(interp, name: str) -> str:
    m = interp.defs.get(name)
    return detokenize(m.body).strip() if isinstance(m, Macro) and not m.params else ""


def run_pgf_node_command(interp, tok, reader) -> None:
    """Interpret one of :data:`PGF_NODE_COMMANDS` (its arguments read from ``reader``)."""
    name, loc = tok[0], interp.location(tok[1], tok[0])
    if name in ("\\pgfsetmatrixcolumnsep", "\\pgfsetmatrixrowsep"):
        value = _text(interp, reader.read_arg())
        interp.defs.set("\\pgfmatrix" + name[len("\\pgfsetmatrix"):], Macro([], tokenize(value), None, 0))
    elif name == "\\pgfpositionnodelater":  # the macro would get the box: the node is kept instead
        reader.read_arg()
        interp.st["position_later"] = True
    elif name == "\\pgfpositionnodenow":
        _position_now(interp, _text(interp, reader.read_arg()), loc)
    elif name == "\\pgfset":
        interp.apply_options(interp.st, _text(interp, reader.read_arg()))
    elif name == "\\pgfnode":
        shape, anchor, text, nname, usage = (reader.read_arg() for _ in range(5))
        _node(interp, _text(interp, shape), _text(interp, anchor), detokenize(text), _text(interp, nname),
              detokenize(usage), loc)
    else:
        args = [reader.read_arg() for _ in range(7)]
        _matrix(interp, [detokenize(a).strip() for a in args], loc)


def _node(interp, shape: str, anchor: str, text: str, name: str, usage: str, loc) -> None:
    st = interp.st
    interp.defs.begin_group()
    try:
        interp.defs.set("style:every node", "")  # TikZ's styles are not pgf's
        nst = interp.node_state({**st, "nodes_style": None}, "")
    finally:
        interp.defs.end_group()
    for k in ("min_width", "min_height"):  # pgf's keys in force (\pgfset{minimum width=..})
        if st.get(k) or st.get(k + "_spec"):
            nst[k], nst[k + "_spec"] = st[k], st.get(k + "_spec")
    stroke, fill = _usage(usage)
    nst["shape"], nst["anchor"], nst["transform_shape"] = shape or "rectangle", anchor or "center", True
    nst["draw"] = "current" if stroke else None
    nst["fill"] = "current" if fill else None
    interp.place_node(nst, name or None, G.apply(st["ctm"], (0.0, 0.0)), text, loc)


def _matrix(interp, args: list, loc) -> None:
    shape, anchor, name, usage, shift, setup, body = args
    st = interp.st
    if shape.strip() != "rectangle":
        interp.note("UNSUPPORTED", f"a \\pgfmatrix of shape '{shape}' is drawn as a rectangle", "\\pgfmatrix", loc)
    m = _NEXTCELL_LET.search(setup)
    if m is not None:
        body = re.sub(re.escape(m.group(1)) + (r"(?![A-Za-z@])" if m.group(1)[1:].isalpha() else ""), "&", body)
    codes = {"execute at begin cell": _macro_text(interp, "\\pgfmatrixbegincode"),
             "execute at end cell": _macro_text(interp, "\\pgfmatrixendcode"),
             "execute at empty cell": _macro_text(interp, "\\pgfmatrixemptycode")}
    opts = {"column sep": _macro_text(interp, "\\pgfmatrixcolumnsep"),
            "row sep": _macro_text(interp, "\\pgfmatrixrowsep")}
    stroke, fill = _usage(usage)
    nst = {**st, "draw": "current" if stroke else None, "fill": "current" if fill else None, "place_of": None,
           "anchor": anchor.strip() or "center"}
    target = None
    sm = _SHIFT.fullmatch(shift.strip())
    if sm is not None:
        target = (sm.group(1).strip(), sm.group(2).strip())
    elif shift.strip() not in ("\\pgfpointorigin", ""):
        interp.note("UNSUPPORTED", f"\\pgfmatrix shift '{shift}' is not interpreted; the origin is used",
                    "\\pgfmatrix", loc)
    scope = {**st, "draw": None, "fill": None}
    # only the translation of the transformation places a matrix (\pgftransformresetnontranslations)
    p = G.apply(st["ctm"], (0.0, 0.0))
    place_cell_matrix(interp, nst, name or None, p, cell_codes(split_body(body), codes), loc, opts,
                      scope=scope, anchor=(nst["anchor"], target))


def keep_node_for_later(interp, nst: dict, name, p, text: str, loc):
    """A node made under ``\\pgfpositionnodelater``: built (its name and drawing taken back)
    and kept for ``\\pgfpositionnodenow``; the node, as if placed at ``p``."""
    kept = {**nst, "position_later": False}
    first, nodes, placed = len(interp.scene.primitives), dict(interp.nodes), len(interp.placed_nodes)
    node = interp.place_node(kept, name, p, text, loc)
    del interp.scene.primitives[first:]
    del interp.placed_nodes[placed:]
    interp.nodes = nodes
    interp.defs.set("pgf:node later", (kept, name, text, loc), global_=True)
    return node


def _position_now(interp, point: str, loc) -> None:
    """``\\pgfpositionnodenow{point}``: the kept node with its anchor at ``point`` (a
    ``\\pgfpoint``/``\\pgfqpoint``, in the current transformation), named and drawn."""
    kept = interp.defs.get("pgf:node later")
    m = re.fullmatch(r"\\pgfq?point\s*\{([^{}]*)\}\s*\{([^{}]*)\}", point.strip())
    if kept is None or m is None:
        interp.note("UNSUPPORTED", f"\\pgfpositionnodenow{{{point}}}: no node kept or an unread point",
                    "\\pgfpositionnodenow", loc)
        return
    nst, name, text, node_loc = kept
    p = G.apply(interp.st["ctm"], (interp.number(m.group(1), interp.st).value,
                                   interp.number(m.group(2), interp.st).value))
    interp.place_node(nst, name, p, text, node_loc)
