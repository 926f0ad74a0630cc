"""tikz-qtree's ``\\Tree [.root child [.inner leaf leaf ] ]`` in a picture.

The bracket syntax is read as ``tikz-qtree.tex`` reads it: ``[.label`` opens a
subtree (the label may also end the subtree, ``].label``), a leaf is the text
up to the next blank (a braced group keeps its blanks, its braces go), a label
may be a literal ``\\node[options]{text};``, and ``\\edge[options];`` before a
child gives its edge's options (``roof`` draws a triangle to the child).

The layout is ``pgftree.tex``'s (grown downwards): every node sits with its
``base`` anchor (``every tree node``) on its subtree's origin; the children's
origins are ``\\levelsep`` (30 pt, ``level distance``) below, packed left to
right so that the bounding boxes of neighbouring subtrees are ``\\subtreesep``
(2 pt, ``sibling distance``: a gap, not a distance between centres) apart, and
the parent stands midway between the first and last child's origins. A node's
part of a bounding box is its shape's path (outer sep not included). Edges run
from the parent's ``south`` to the child's ``north`` anchor with the ``edge from
parent`` style (``draw``). Nodes are named as pgftree names them (``r``, ``r-0``,
``r-0-1``, ...). Other growth directions and edge nodes are reported.
"""

from __future__ import annotations

from geoverify.frontends.tikz.placement import measure_node
from geoverify.frontends.tikz.tex import detokenize

__all__ = ["run_qtree"]

LEVELSEP = 30.0
SUBTREESEP = 2.0


class _QNode:
    __slots__ = ("opts", "text", "children", "edge", "name", "x", "y", "half")

    def __init__(self, opts: str, text: str):
        self.opts, self.text = opts, text
        self.children: list[_QNode] = []
        self.edge = ""  # what \edge gave for the edge from this node's parent
        self.name = ""
        self.x = self.y = self.half = 0.0


def _skip_blanks(s: str, i: int) -> int:
    while i < len(s) and s[i] in " \n\t":
        i += 1
    return i


def _group_end(s: str, i: int, opener: str, closer: str) -> int:
    """Index after the group opened by ``s[i] == opener`` (braces nest inside)."""
    depth = 0
    while i < len(s):
        ch = s[i]
        if ch == "\\":
            i += 2
            continue
        if ch == opener:
            depth += 1
        elif ch == closer:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(s)


def _literal_node(spec: str) -> tuple[str, str]:
    """``[opts](name){text}`` of a literal ``\\node ...;`` label -> (options, text)."""
    opts, i = [], _skip_blanks(spec, 0)
    while i < len(spec) and spec[i] in "[(":
        j = _group_end(spec, i, spec[i], "]" if spec[i] == "[" else ")")
        if spec[i] == "[":
            opts.append(spec[i + 1:j - 1])
        i = _skip_blanks(spec, j)
    text = spec[i:]
    if text.startswith("{"):
        text = text[1:_group_end(spec, i, "{", "}") - i - 1]
    return ", ".join(o for o in opts if o.strip()), text


def _label(s: str, i: int) -> tuple[str, str, int]:
    """A label at ``s[i:]`` (TeX's ``#1`` delimited by a blank, or ``\\node ...;``) -> (options, text, next)."""
    if s.startswith("\\node", i) and not s[i + 5:i + 6].isalpha():
        j, depth = i + 5, 0
        while j < len(s) and not (s[j] == ";" and depth == 0):
            if s[j] == "\\":
                j += 2
                continue
            depth += 1 if s[j] == "{" else -1 if s[j] == "}" else 0
            j += 1
        opts, text = _literal_node(s[i + 5:j])
        return opts, text, j + 1
    j, depth = i, 0
    while j < len(s) and not (s[j] in " \n\t" and depth == 0):
        if s[j] == "\\":
            j += 2
            continue
        depth += 1 if s[j] == "{" else -1 if s[j] == "}" else 0
        j += 1
    text = s[i:j]
    if text.startswith("{") and _group_end(text, 0, "{", "}") == len(text):
        text = text[1:-1]
    return "", text, j


def _subtree(s: str, i: int, budget) -> tuple[_QNode, int]:
    """The subtree whose ``[`` is at ``s[i]``."""
    i = _skip_blanks(s, i + 1)
    root = None
    if s.startswith(".", i):
        opts, text, i = _label(s, i + 1)
        root = _QNode(opts, text)
    children: list[_QNode] = []
    edge = ""
    while True:
        budget.step(1)
        i = _skip_blanks(s, i)
        if i >= len(s):
            break
        if s[i] == "]":
            i = _skip_blanks(s, i + 1)
            if s.startswith(".", i):  # ].label closes with the label (the root's if none came first)
                opts, text, i = _label(s, i + 1)
                if root is None:
                    root = _QNode(opts, text)
            break
        if s.startswith("\\edge", i) and not s[i + 5:i + 6].isalpha():
            j = s.find(";", i)
            j = len(s) if j < 0 else j
            edge = s[i + 5:j].strip()
            i = j + 1
            continue
        if s[i] == "[":
            child, i = _subtree(s, i, budget)
        else:
            opts, text, i = _label(s, i)
            child = _QNode(opts, text)
        child.edge = edge
        edge = ""
        children.append(child)
    if root is None:  # a subtree without a label: a coordinate
        root = _QNode("shape=coordinate", "")
    root.children = children
    return root, i


def _read_tree(interp, reader) -> str | None:
    """The bracket text after ``\\Tree`` (and a closing ``.label``), or None when no ``[`` follows."""
    reader.skip_spaces()
    nxt = reader.peek()
    if nxt is None or nxt[0] != "[":
        return None
    toks, depth = [], 0
    while True:
        tok = reader.get()
        if tok is None:
            break
        toks.append(tok)
        if tok[0] == "[":
            depth += 1
        elif tok[0] == "]":
            depth -= 1
            if depth == 0:
                break
    nxt = reader.peek()
    if nxt is not None and nxt[0].startswith("."):
        toks.append(reader.get())
    return detokenize(toks)


def _node_options(interp, node: _QNode) -> str:
    every = interp.defs.get("style:every tree node")
    kind = "every leaf node" if not node.children else "every internal node"
    parts = [every if every is not None else "anchor=base"]
    extra = interp.defs.get("style:" + kind)
    if extra:
        parts.append(extra)
    if node.opts:
        parts.append(node.opts)
    return ", ".join(p for p in parts if p.strip())


def _layout(interp, node: _QNode, name: str, levelsep: float, gap: float) -> tuple[float, float]:
    """Place ``node``'s subtree with its origin at (0, 0); returns its horizontal extent."""
    interp.budget.step(1)
    node.name = name
    nst = interp.node_state(interp.st, _node_options(interp, node))
    hw, _, _ = measure_node(interp, nst, node.text) if nst["shape"] != "coordinate" else (0.0, 0.0, 0.0)
    outer = nst["outer_sep"] if nst["outer_sep"] is not None else 0.5 * nst["line_width"]
    node.half = max(hw - outer, 0.0) if nst["shape"] != "coordinate" else 0.0
    lo, hi = -node.half, node.half
    if not node.children:
        return lo, hi
    x, last, spans = 0.0, 0.0, []
    for k, child in enumerate(node.children):
        cmin, cmax = _layout(interp, child, f"{name}-{k}", levelsep, gap)
        if k > 0:
            x += -cmin + gap
        spans.append((x, cmin, cmax))
        last = x
        x += cmax
    for child, (cx, cmin, cmax) in zip(node.children, spans):
        child.x, child.y = cx - last / 2, -levelsep
        lo, hi = min(lo, child.x + cmin), max(hi, child.x + cmax)
    return lo, hi


def _fmt(v: float) -> str:
    return f"{v:.5f}pt"


def _emit(interp, node: _QNode, ox: float, oy: float, pos, out: list) -> None:
    x, y = ox + node.x, oy + node.y
    opts = _node_options(interp, node)
    out.append(f"\\node[{opts}] ({node.name}) at ({_fmt(x)},{_fmt(y)}) {{{node.text}}};")
    for child in node.children:
        _emit(interp, child, x, y, pos, out)
    for child in node.children:
        style = interp.defs.get("style:edge from parent")
        eopts, rest = child.edge, ""
        if eopts.startswith("["):
            j = _group_end(eopts, 0, "[", "]")
            eopts, rest = eopts[1:j - 1], eopts[j:].strip()
        if rest:
            interp.note("UNSUPPORTED", "tikz-qtree: what follows an \\edge's options (edge nodes) is not drawn",
                        "\\edge")
        roof = "roof" in [o.strip() for o in eopts.split(",")]
        eopts = ", ".join(o for o in eopts.split(",") if o.strip() and o.strip() != "roof")
        opts = ", ".join(o for o in ((style if style is not None else "draw"), eopts) if o.strip())
        if roof:
            path = f"({node.name}.south) -- ({child.name}.north west) -- ({child.name}.north east) -- cycle"
        else:
            path = f"({node.name}.south) -- ({child.name}.north)"
        out.append(f"\\path[{opts}] {path};")


def run_qtree(interp, tok, reader) -> None:
    """``\\Tree [...]`` at statement level in a picture."""
    from geoverify.frontends.tikz.tkz_base import run_tikz
    text = _read_tree(interp, reader)
    if text is None:
        interp.note("UNSUPPORTED", "\\Tree without a bracketed tree is not interpreted", "\\Tree")
        return
    grow = interp.st.get("grow")
    if grow not in (None, -90, -90.0, 270, 270.0) or interp.st.get("grow_swap"):
        interp.note("UNSUPPORTED", "tikz-qtree: trees grown other than down are laid out growing down", "\\Tree")
    root, _ = _subtree(text, 0, interp.budget)
    levelsep = interp.st.get("qtree_levelsep")
    gap = interp.st.get("qtree_subtreesep")
    _layout(interp, root, "r", LEVELSEP if levelsep is None else levelsep, SUBTREESEP if gap is None else gap)
    out: list[str] = []
    _emit(interp, root, 0.0, 0.0, tok[1], out)
    run_tikz(interp, "\n".join(out), tok[1])
