"""Placement state of a ``\\graph`` and its placement keys, as in ``tikzlibrarygraphs.code.tex``.

A ``GraphState`` is the set of graph keys in force; it is copied wherever TeX opens a group
(a graph group ``{..}``, a chain, a subgraph), so a change inside stays inside.

Counters (``placement/width``, ``depth``, ``local width``, ``local depth``, ``level``):
each created node advances ``width`` and ``local width`` by its logical width (1, or its
measured width plus a separation for the ``... sep`` strategies) and raises ``local depth``
to its logical depth; after a chain, its group's ``depth`` grows by the chain's local depth;
after a group, its chain's ``width`` grows by the group's local width.

``placement/place`` (run first by every placement key: ``grow right``, ``branch down``,
``Cartesian placement``, ``circular placement``, ``grid placement``, ``clockwise``, ``no placement``, ``grow
right sep`` ...) computes the position the counters give *now*, appends it to the nodes'
styling as ``shift=``, sets the counters to zero and, after the TeX group it ran in, makes
that group contribute no width and depth to its parent. A node is placed at the sum of
those shifts and the position its own counters give.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from geoverify.errors import FigureSyntaxError

__all__ = ["GraphState", "position", "place", "placement_key"]

VNUM = "\\tikzgraphVnum"   # resolved when a position is computed (clockwise's default)


@dataclass
class GraphState:
    """Graph keys and placement counters in force (copy where TeX opens a group)."""
    kind: str = "--"
    nodes: list = field(default_factory=list)   # TikZ options of every new node
    shifts: list = field(default_factory=list)  # (factor, point) terms placement/place added
    edges: str = ""
    edge_nodes: str = ""
    typeset: str | None = None       # node text code with \tikzgraphnodetext (None: the text)
    number: bool = False
    prefix: str = ""                  # name=X: "X " before the names of a group's nodes
    fresh: bool = False
    trie: bool = False
    use_existing: bool = False        # use existing nodes: nodes are referred to, never made
    number_sep: str = " "             # number nodes sep
    default_joiner: str = "matching and star"   # default edge operator
    V: tuple = ("1",)
    W: tuple = ("1",)
    wrap_after: int = 0               # grid placement, grid: 0 = int(sqrt(\tikzgraphVnum))
    name_sep: str = " "               # name separator
    left_anchor: str = ""
    right_anchor: str = ""
    edge_quotes: str = "auto"         # every edge quotes
    put_text: tuple | None = None     # put node text on incoming ("target") / outgoing edges
    shore_v: str = ""                 # name shore V/.style={name=V} once n= is given
    shore_w: str = ""
    mode: str = "cartesian"           # compute position: cartesian, circular or none
    chain_shift: str = "(1,0)"
    group_shift: str = "(0,-1)"
    chain_polar: tuple = ("0", "1cm")
    group_polar: tuple = ("60", "0")
    radius: str = "1cm"
    phase: str = "90"
    node_width: tuple | None = None   # None: 1; ("x" or "y", sep): measured extent + sep (pt)
    node_depth: tuple | None = None
    auto_anchor: bool = False
    auto_h: str = "center"
    auto_v: str = "center"
    levels: dict = field(default_factory=dict)   # graph styles given in the graph ("level 2", ..)
    width: float = 0.0
    depth: float = 0.0
    lwidth: float = 0.0
    ldepth: float = 0.0
    level: int = 0
    element_count: int = 0
    chain_count: int = 0
    compute_code: tuple = ()          # compute position/.append code: (counter, macro) reads
    placed: bool = False              # placement/place ran in this group's options

    def copy(self) -> "GraphState":
        return GraphState(**{k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                             for k, v in self.__dict__.items()})


_AUTO = {("center", "center"): "center", ("west", "center"): "west", ("east", "center"): "east",
         ("center", "north"): "north", ("west", "north"): "north west", ("east", "north"): "north east",
         ("center", "south"): "south", ("west", "south"): "south west", ("east", "south"): "south east"}


def auto_anchor(st: GraphState) -> str | None:
    """The ``anchor=`` the ``@auto anchor`` keys give a new node now (None: never set)."""
    return _AUTO[(st.auto_h, st.auto_v)] if st.auto_anchor else None


def position(st: GraphState) -> list:
    """``placement/compute position``: the shift the counters give, as ``(factor, point)`` terms."""
    if st.mode == "none":
        return []
    if st.mode == "circular":
        vnum = str(len(st.V))
        ca, cr = (x.replace(VNUM, vnum) for x in st.chain_polar)
        ga, gr = (x.replace(VNUM, vnum) for x in st.group_polar)
        w, d = f"{st.width:g}", f"{st.depth:g}"
        angle = f"({w})*({ca})+({d})*({ga})+({st.phase})"
        dist = f"({w})*({cr})+({d})*({gr})+({st.radius})"
        return [(1.0, f"({{{angle}}}:{{{dist}}})")]
    if st.mode == "grid":  # \tikz@lib@graph@grid@pos
        t = max(st.width, st.depth)
        wrap = wrap_after(st)
        return [(float(int(t / wrap)), st.group_shift), (math.fmod(t, wrap), st.chain_shift)]
    return [(st.width, st.chain_shift), (st.depth, st.group_shift)]


def wrap_after(st: GraphState) -> int:
    """``\tikzgraphwrapafter``: ``wrap after``, or the integer part of the root of ``V``'s size."""
    return st.wrap_after or max(1, int(math.sqrt(len(st.V))))


def shift_option(terms: list) -> str | None:
    """One ``shift=`` for the sum of ``terms``. TikZ adds the vectors as given; the calc sum
    gets ``(1 - sum of factors)`` times the origin so that it stays a vector in a scope
    whose transformation moves the origin."""
    terms = [(f, p) for f, p in terms if f != 0]
    if not terms:
        return None
    rest = 1.0 - sum(f for f, _ in terms)
    body = "+".join(f"{f:g}*{p}" for f, p in terms) + (f"+{rest:g}*(0,0)" if rest else "")
    return f"shift={{($ {body} $)}}"


def place(st: GraphState) -> None:
    """``placement/place``: the current position becomes a shift of the nodes to come."""
    st.shifts = st.shifts + position(st)
    st.width = st.depth = st.lwidth = st.ldepth = 0.0
    st.element_count = st.chain_count = 0
    st.placed = True


_GROW = {"grow right": ("chain", "({d},0)", "h", "center"), "grow left": ("chain", "(-{d},0)", "h", "center"),
         "grow up": ("chain", "(0,{d})", "h", "center"), "grow down": ("chain", "(0,-{d})", "v", "center"),
         "branch right": ("group", "({d},0)", "h", "center"), "branch left": ("group", "(-{d},0)", "h", "center"),
         "branch up": ("group", "(0,{d})", "v", "center"),
         "branch down": ("group", "(0,-{d})", "v", "center")}
# ... sep strategies: unit shift, auto anchor, and the measured extent that advances the counter
_SEP = {"grow right sep": ("chain", "(1pt,0)", "h", "west", "x"),
        "grow left sep": ("chain", "(-1pt,0)", "h", "east", "x"),
        "grow up sep": ("chain", "(0,1pt)", "v", "south", "y"),
        "grow down sep": ("chain", "(0,-1pt)", "v", "north", "y"),
        "branch right sep": ("group", "(1pt,0)", "h", "west", "x"),
        "branch left sep": ("group", "(-1pt,0)", "h", "east", "x"),
        "branch up sep": ("group", "(0,1pt)", "v", "south", "y"),
        "branch down sep": ("group", "(0,-1pt)", "v", "north", "y")}


def _auto(st: GraphState, axis: str, value: str) -> None:
    st.auto_anchor = True
    if axis == "h":
        st.auto_h = value
    else:
        st.auto_v = value


def placement_key(st: GraphState, k: str, v: str | None) -> bool:
    """Apply a placement key to ``st``; False when ``k`` is not one."""
    if k in _GROW:
        which, vec, axis, anch = _GROW[k]
        place(st)
        setattr(st, f"{which}_shift", vec.format(d=(v or "1").strip()))
        _auto(st, axis, anch)
        setattr(st, "node_width" if which == "chain" else "node_depth", None)
    elif k in _SEP:
        which, vec, axis, anch, ext = _SEP[k]
        place(st)
        st.mode = "cartesian"
        setattr(st, f"{which}_shift", vec)
        _auto(st, axis, anch)
        setattr(st, "node_width" if which == "chain" else "node_depth", (ext, (v or "1em").strip()))
    elif k == "Cartesian placement":
        place(st)
        st.mode = "cartesian"
    elif k == "circular placement":
        place(st)
        st.mode = "circular"
        st.node_width = st.node_depth = None
    elif k in ("clockwise", "counterclockwise"):
        place(st)
        st.mode = "circular"
        st.node_width = st.node_depth = None
        n = (v or "").strip() or VNUM
        st.group_polar = (f"{'-' if k == 'clockwise' else ''}360/({n})", "0")
    elif k == "grid placement":
        place(st)
        st.mode = "grid"
    elif k == "wrap after" and v:
        try:
            st.wrap_after = int(float(v))
        except (ValueError, OverflowError):
            raise FigureSyntaxError(f"graph key 'wrap after={v.strip()[:30]}' needs a whole number") from None
    elif k == "no placement":
        place(st)
        st.mode = "none"
    elif k in ("chain shift", "group shift") and v:
        setattr(st, k.replace(" ", "_"), v.strip())
    elif k in ("chain polar shift", "group polar shift") and v:
        a, _, r = v.strip().strip("()").partition(":")
        setattr(st, "chain_polar" if k.startswith("chain") else "group_polar", (a, r))
    elif k in ("radius", "phase") and v:
        setattr(st, k, v.strip())
    else:
        return False
    return True
