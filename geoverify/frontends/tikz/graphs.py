"""``\\graph`` of TikZ's ``graphs`` library, rewritten as ``\\node`` and ``edge`` statements.

The graph text is read into a tree by ``graphs_parse.py``. As in ``tikzlibrarygraphs.code.tex``:

- placement follows ``tikzlibrarygraphs.code.tex`` (``graphs_place.py``): a node is
  placed at ``width`` times the chain shift plus ``depth`` times the group shift
  (or their polar forms under ``circular placement``), plus the shifts that placement
  keys (``grow right``, ``branch down``, ``... sep``, ``clockwise``, ``level N`` styles)
  left when they ran; nodes are created as they are met, so the ``... sep`` strategies
  can measure them; ``\\foreach`` in a chain adds its passes' chains;
- a node named again is the same node (not placed again); ``number nodes``
  appends `` 1``, `` 2`` ... to the names of a group's nodes;
- ``(a)``, ``(a, b)`` use existing nodes; ``quick`` graphs (whose syntax is a subset)
  place nodes at the origin or at their ``x=``, ``y=``;
- edges join the targets of an element (the last nodes of its chains) with the
  sources of the next (the first nodes) by ``matching and star`` (or ``matching``,
  ``complete bipartite``); each is ``\\path[->] (a) edge[..]
  nodes (b);`` with ``edges=``, ``edge node=``, ``edge label=`` and the node keys
  ``source/target edge node=``.

Color classes and group operators are in ``graphs_ops.py``. Other operators and
subgraphs, layout nodes ``//`` and graph drawing algorithms are reported.
"""

from __future__ import annotations

import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.graphs_ops import (drop_edges_among, joiner_pairs, read_operator, run_operator,
                                                  two_args)
from geoverify.frontends.tikz.graphs_parse import GChain, GForeach, GGroup, GNode, GSub, parse_graph
from geoverify.frontends.tikz.graphs_place import (GraphState, auto_anchor, placement_key, position,
                                                    shift_option)
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pgfmath import format_number, whole
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize, tokenize_at

__all__ = ["run_graph", "parse_graph", "GGroup", "GNode"]

# -- layout and statements ------------------------------------------------------------

_KIND_KEYS = {"->", "--", "<-", "<->", "-!-"}
_CLEAR = {"target edge clear": ">", "clear >": ">", "source edge clear": "<", "clear <": "<"}
_JOINERS = ("complete bipartite", "induced complete bipartite", "matching and star", "matching", "no edges")


class _Builder:
    """Walks the parsed graph as ``tikzlibrarygraphs`` does: places and creates each node as
    it is met (so its size is known to the ``... sep`` strategies), collects the edges."""

    def __init__(self, interp, loc):
        self.interp, self.loc = interp, loc
        self.placed: dict[str, GNode] = {}
        self.target_nodes: dict[str, str] = {}
        self.source_nodes: dict[str, str] = {}
        self.target_styles: dict[str, str] = {}
        self.source_styles: dict[str, str] = {}
        self.n_edges = 0
        self.depth = 0                       # styles being expanded
        self.ends: tuple = ([], [])          # sources and targets of the group whose operators run
        self.declared: dict[str, str] = {}   # declare={name}{graph}
        self.anonymous = 0
        self.members: list[str] = []   # node names met, in order (for group operators)
        self.edges: dict = {}
        self.simple = False
        self.counter = 1
        self.private: dict[str, str] = {}
        self.classes: set = set()        # color class names
        self.colours: dict = {}          # node name -> its colour classes

    def note(self, message, construct):
        self.interp.note("UNSUPPORTED", message, construct, self.loc)

    def _count(self, text: str, key: str) -> int:
        """The whole number a key's value gives (``n=5``, ``number nodes=\\k``), within the budget."""
        try:
            n = whole(self.interp.number(text, None).value)
        except FigureSyntaxError as err:
            raise FigureSyntaxError(f"'{key}={text}' needs a number: {err.message}", location=self.loc) from None
        self.interp.budget.check_array(abs(n))
        return n

    def run(self, code: str) -> None:
        toks = tokenize_at(code, self.loc_pos)
        self.interp.statements(Reader(toks, self.interp.defs, self.interp.budget, self.interp.source), None)

    def settings(self, st: GraphState, opts: str, tikz_out: list | None = None,
                 ops: list | None = None) -> GraphState:
        """Apply graph keys to ``st`` (in place); keys meant for TikZ go to ``tikz_out``,
        operators (and colourings) to ``ops``."""
        for k, v in split_options(opts):
            k = k.strip()
            if k.startswith("/tikz/graphs/"):
                k = k[len("/tikz/graphs/"):]
            op = read_operator(k, v, self.classes)
            if k.startswith("/") and tikz_out is not None:  # a full key path outside the graphs'
                tikz_out.append(k if v is None else f"{k}={{{v}}}")
            elif op is not None:
                if ops is None:
                    self.note(f"graph operator '{k}' here is not interpreted", k)
                else:
                    ops.append(op)
            elif k == "color class" and v:
                self.classes.add(v.strip())
            elif k in _KIND_KEYS and v is None:
                st.kind = k
            elif placement_key(st, k, v):
                pass
            elif k.endswith(("/.style", "/.append style")):  # a graph style, local to the graph
                name, _, handler = k.rpartition("/.")
                name = " ".join(name.split())
                old = self.style(st, name) if handler == "append style" else None
                st.levels[name] = ",".join(x for x in (old, v or "") if x)
            elif self.style(st, k) is not None:
                if self.depth > 50:
                    raise FigureSyntaxError(f"\\graph: style '{k}' expands without end")
                self.depth += 1
                self.settings(st, self.style(st, k).replace("#1", v or ""), tikz_out, ops)
                self.depth -= 1
            elif k == "level" or (k.startswith("level ") and k[6:].strip().isdigit()):
                pass  # no such style: nothing to do
            elif k == "nodes":
                st.nodes.append(v or "")
            elif k in ("edges", "edge"):
                st.edges = (st.edges + "," + (v or "")).strip(",")
            elif k == "edge node":
                st.edge_nodes += " " + (v or "")
            elif k == "edge label":
                st.edge_nodes += " node[auto]{" + (v or "") + "}"
            elif k == "edge label'":
                st.edge_nodes += " node[auto,swap]{" + (v or "") + "}"
            elif k == "math nodes":
                st.typeset = "$\\tikzgraphnodetext$"
            elif k == "empty nodes":
                st.typeset = ""
            elif k == "placement/compute position/.append code":
                reads = _GETVALUE.findall(v or "")
                if _GETVALUE.sub("", v or "").strip():
                    self.note("code in placement/compute position/.append code other than "
                              "\\pgfkeysgetvalue of a placement counter is not interpreted", k)
                st.compute_code = st.compute_code + tuple(reads)
            elif k == "typeset":
                st.typeset = v or ""
            elif k == "declare" and v:
                name_spec = two_args(v)
                if name_spec is None:
                    self.note("declare= needs {name}{graph}", k)
                else:
                    self.declared[name_spec[0]] = name_spec[1]
            elif k == "operator" and ops is not None and _FOREACH_COLOURED.fullmatch((v or "").strip()):
                m = _FOREACH_COLOURED.fullmatch(v.strip())
                ops.append(("foreach coloured", (m.group(1).strip(), m.group(2).strip())))
            elif k in ("parse", "parse/.expand once") and ops is not None:
                text = v or ""
                if k.endswith("once"):
                    text = detokenize(self.interp.expand_all(tokenize(text)))
                ops.append(("parse", text))
            elif k == "number nodes":  # the count is global (\\tikz@lib@auto@number)
                st.number = True
                self.counter = self._count(v, k) if v else 1
            elif k in ("V", "W", "n", "m"):
                if k in ("n", "m"):
                    vals = tuple(str(i) for i in range(1, self._count(v or "1", k) + 1))
                else:
                    from geoverify.frontends.tikz.loops import expand_list
                    vals = tuple(str(x).strip() for x in expand_list(self.interp, v or ""))
                setattr(st, "V" if k in ("V", "n") else "W", vals)
                if k in ("n", "m"):
                    setattr(st, "shore_v" if k == "n" else "shore_w", "V" if k == "n" else "W")
            elif k == "name" and v:
                st.prefix += v.strip() + st.name_sep
            elif k == "name separator":
                st.name_sep = v or ""
            elif k in ("name shore V", "name shore W"):  # set by n= and m=
                shore = st.shore_v if k.endswith("V") else st.shore_w
                if shore:
                    st.prefix += shore + st.name_sep
            elif k in ("left anchor", "right anchor"):
                setattr(st, k.replace(" ", "_"), (v or "").strip())
            elif k == "edge quotes":
                st.edge_quotes = v or ""
            elif k in ("edge quotes center", "edge quotes mid"):
                st.edge_quotes = "anchor=" + k.split()[-1]
            elif k in ("put node text on incoming edges", "put node text on outgoing edges"):
                st.put_text = ("target" if "incoming" in k else "source", v or "")
            elif k == "@V from W":  # V/.expand once=\\tikzgraphW
                st.V = st.W
            elif k in ("simple", "multi"):
                self.simple = k == "simple"
            elif k == "default edge operator" and v:
                joiner = v.strip()
                if joiner in _JOINERS:
                    st.default_joiner = joiner
                else:
                    self.note(f"default edge operator '{joiner}' is not interpreted", k)
            elif k == "number nodes sep":
                st.number_sep = v or ""
            elif k == "use existing nodes":
                st.use_existing = v is None or v.strip() == "true"
            elif k == "trie":
                st.trie = v is None or v.strip() == "true"
            elif k == "fresh nodes":
                st.fresh = v is None or v.strip() == "true"
            elif tikz_out is not None:
                tikz_out.append(k if v is None else f"{k}={{{v}}}")
            else:
                self.note(f"graph key '{k}' is not interpreted", k)
        return st

    # -- walking: returns (sources, targets) and updates the caller's counters --------
    def group(self, g: GGroup, parent: GraphState):
        """A group ``{[options] chain, chain ...}`` met in a chain whose state is ``parent``."""
        st = parent.copy()
        st.lwidth = st.ldepth = 0.0
        st.element_count = st.chain_count = 0
        st.placed = False
        ops: list = []
        every = self.style(st, "every group")
        self.settings(st, ",".join(x for x in (every, g.opts) if x), None, ops)
        sources, targets = [], []
        mark = len(self.members)
        chains = g.chains
        if g.fill:  # subgraph I_n: one chain per value of V
            chains = [GChain(elements=[GNode(v, v)]) for v in st.V]
        extras = [op[1] for op in ops if op[0] == "parse"]  # parse=: read before the group's text
        ops = [op for op in ops if op[0] != "parse"]
        if extras:
            chains = parse_graph(" ".join(extras)).chains + chains
        for ch in chains:
            src, tgt = self.chain(ch, st)
            sources += src
            targets += tgt
        self.ends = (sources, targets)   # the colours source and target of this group
        for op in ops:
            run_operator(self, op, self.members[mark:], st)
        # placement/place in the group's options: the group adds nothing to its parent
        gw, gd = (0.0, 0.0) if st.placed else (st.lwidth, st.ldepth)
        parent.width += gw
        parent.lwidth += gw
        parent.ldepth = max(parent.ldepth, gd)
        parent.element_count += 1
        return sources, targets

    def subgraph(self, sub: GSub, parent: GraphState):
        """``graphs.standard``'s subgraphs as declared there: a group whose options begin
        with the subgraph's (``@extra group options``); ``I_n``'s nodes are ``\\tikzgraphV``."""
        def nodes(opts=""):
            return GGroup(opts=opts, fill=True)

        def shores(first, second):
            return [GChain(elements=[nodes(first), nodes(second)], edges=[("-!-", "")])]

        kind, o = sub.kind, sub.opts
        if kind == "I_n":
            g = GGroup(opts=o, fill=True)
        elif kind in ("K_n", "C_n", "P_n", "Grid_n"):
            op = {"K_n": "clique", "C_n": "cycle", "P_n": "path", "Grid_n": "grid"}[kind]
            g = GGroup(opts=f"{o},{op}", chains=[GChain(elements=[nodes()])])
        elif kind == "I_nm":
            g = GGroup(opts=o, chains=shores("name shore V", "name shore W,@V from W"))
        elif kind == "K_nm":
            g = GGroup(opts=f"{o},color class=shore V,color class=shore W,"
                            "complete bipartite={shore V}{shore W}",
                       chains=shores("name shore V,shore V", "name shore W,@V from W,shore W"))
        else:
            raise FigureSyntaxError(f"\\graph: subgraph '{kind}' is not interpreted")
        return self.group(g, parent)

    def chain(self, c: GChain, group_st: GraphState):
        """A chain in a group whose state is ``group_st``; updates the group's counters."""
        st = group_st.copy()
        st.lwidth = st.ldepth = 0.0
        first = prev = None
        for k, el in enumerate(c.elements):
            if isinstance(el, GGroup):
                src, tgt = self.group(el, st)
            elif isinstance(el, GSub):
                src, tgt = self.subgraph(el, st)
            elif isinstance(el, GForeach):
                src, tgt = self.foreach_in_chain(el, st)
            elif isinstance(el, GNode) and el.text is None and el.name in self.declared:
                # a declared graph: its group, the node's options first (@extra group options)
                body = parse_graph(self.declared[el.name])
                src, tgt = self.group(GGroup(opts=",".join(x for x in (el.opts, body.opts) if x),
                                             chains=body.chains), st)
            else:
                src = tgt = self.node(el, st)
            if k == 0:
                first = src
            else:
                op, eopts = c.edges[k - 1]
                self.join(prev, src, op, eopts, st)
            prev = tgt
        group_st.depth += st.ldepth
        group_st.ldepth += st.ldepth
        group_st.lwidth = max(group_st.lwidth, st.lwidth)
        group_st.chain_count += 1
        return first or [], prev or []

    def foreach_in_chain(self, fe, st: GraphState):
        """``\\foreach`` as an element of a chain: its passes' chains update the chain's own
        counters, as chains of a group do (``\\tikz@lib@graph@do@foreach``)."""
        from geoverify.frontends.tikz.loops import expand_list
        names = [x.strip() for x in fe.var.split("/")]
        sources, targets = [], []
        for item in expand_list(self.interp, fe.items):
            vals = [x.strip() for x in item.split("/")] if len(names) > 1 else [item]
            body = fe.body
            for name, val in zip(names, vals):
                body = re.sub(re.escape(name) + r"(?![A-Za-z@])", lambda m, v=val: v, body)
            g = parse_graph(body)
            if g.opts:
                self.note("options at the start of a \\foreach body in a graph are not interpreted", "\\foreach")
            for ch in g.chains:
                src, tgt = self.chain(ch, st)
                sources += src
                targets += tgt
        return sources, targets

    def node(self, n: GNode, st: GraphState) -> list:
        """Create (or refer to) a node in a chain whose state is ``st``; its names."""
        if n.name.startswith("(") and n.name.endswith(")"):  # (a, b): existing TikZ nodes
            if n.opts:
                self.note("options on a '(...)' node list are not interpreted", "\\graph")
            names = []
            for x in (x.strip() for x in n.name[1:-1].split(",")):  # a node set stands for its members
                names += self.interp.defs.get("nodeset:" + x) or ([x] if x else [])
            for x in names:  # declared in the graph: named again later, they are these nodes
                self.placed.setdefault(x, GNode(x, None))
            self.members += names
            return names
        if not n.name:  # "" or /text: a fresh name (tikz@f@<count>)
            self.anonymous += 1
            n = GNode(f"graph anonymous {self.anonymous}", n.text or "", n.opts)
        name = st.prefix + n.name
        if st.number and name:
            name = f"{name}{st.number_sep}{self.counter}"
            self.counter += 1
        if st.fresh:
            while name in self.placed:
                name += "'"
        st.level += 1
        for key in ("level", f"level {st.level}"):  # level/.try=N, level N/.try
            body = self.style(st, key)
            if body is not None:
                self.settings(st, body.replace("#1", str(st.level)), None, [])
        self.members.append(name)
        if st.trie:  # the nodes after this one on its chain are named below it
            st.prefix += n.name + st.name_sep
        if name in self.placed or st.use_existing:
            # late options (or use existing nodes): graph keys apply, TikZ keys (node also) do not
            for k, v in split_options(n.opts):
                k = k.strip()
                op = read_operator(k, v, self.classes)
                if op is not None:
                    run_operator(self, op, [name], st)
                elif k.startswith((">", "<")):
                    self.annotate(name, k if v is None else f"{k}={v}", st)
                elif k in _CLEAR:
                    self.clear(name, _CLEAR[k])
                else:
                    self.note(f"option '{k}' on a graph node named again is not interpreted", "\\graph")
            return [name]
        node_opts = []
        as_text = None
        at: dict = {}
        for k, v in split_options(n.opts):
            k = k.strip()
            op = read_operator(k.strip(), v, self.classes)
            if op is not None:
                run_operator(self, op, [name], st)
            elif k in ("source edge node", "target edge node"):
                store = self.source_nodes if k.startswith("source") else self.target_nodes
                store[name] = store.get(name, "") + " " + (v or "")
            elif k in ("source edge style", "target edge style"):
                self.annotate(name, ("<" if k.startswith("source") else ">") + (v or ""), st)
            elif k.startswith((">", "<")):
                self.annotate(name, k if v is None else f"{k}={v}", st)
            elif k in _CLEAR:
                self.clear(name, _CLEAR[k])
            elif k == "as":
                as_text = v or ""
            elif k in ("x", "y"):  # at=(x, y), the other one 0 unless given
                at[k] = (v or "0").strip()
            else:
                node_opts.append(k if v is None else f"{k}={{{v}}}")
        raw = text = n.text if n.text is not None else n.name
        if st.typeset is not None:
            text = typeset(st.typeset, raw, n.name, name, st.level, self.code_values(st))
        if st.put_text is not None:  # put node text on incoming/outgoing edges (\tikzgraphnodetext), as=
            store = self.target_nodes if st.put_text[0] == "target" else self.source_nodes
            store[name] = store.get(name, "") + f" node[{st.put_text[1]}]{{{raw}}}"
            text = ""
        if as_text is not None:
            text = as_text
        anchor = auto_anchor(st)
        if at:
            node_opts.append(f"at={{({{{at.get('x', '0')}}},{{{at.get('y', '0')}}})}}")
        opts = [shift_option(st.shifts + position(st)), f"anchor={anchor}" if anchor else "",
                *st.nodes, *node_opts]
        self.run(f"\\node[{','.join(x for x in opts if x)}] ({self.ref(name)}) {{{text}}};")
        self.placed[name] = n
        nw, nd = self.extent(name, st.node_width), self.extent(name, st.node_depth)
        st.width += nw
        st.lwidth += nw
        st.ldepth = max(st.ldepth, nd)
        st.element_count += 1
        return [name]

    def style(self, st: GraphState, name: str) -> str | None:
        """A graph style: defined in the graph's options, or by ``\\tikzset{graphs/<name>/.style=..}``."""
        if name in st.levels:
            return st.levels[name]
        return self.interp.defs.get("style:graphs/" + name)

    def code_values(self, st: GraphState) -> dict:
        """Macros that ``compute position/.append code`` set from the counters (read before
        ``placement/place`` sets them to zero): ``\\pgfkeysgetvalue{/tikz/graphs/placement/..}{\\m}``."""
        values = {"width": st.width, "depth": st.depth, "level": st.level,
                  "element count": st.element_count, "chain count": st.chain_count}
        out = {}
        for counter, macro in st.compute_code:
            v = values[counter]
            out[macro] = str(v) if isinstance(v, int) else ("0" if v == 0 else format_number(v))
        return out

    def extent(self, name: str, how) -> float:
        """``placement/logical node width`` (or depth): 1, or the node's extent plus a sep (pt)."""
        if how is None:
            return 1.0
        axis, sep = how
        node = self.interp.nodes.get(self.ref(name))
        if node is None:
            return 1.0
        a, b = (("west", "east") if axis == "x" else ("south", "north"))
        p, q = node.anchor(a), node.anchor(b)
        size = q[0] - p[0] if axis == "x" else q[1] - p[1]
        return self.interp.number(sep, None).value + size

    def ref(self, name: str) -> str:
        """The name in the statements: names that TikZ's coordinate syntax would misread
        (``$x_1$`` of a quoted node) get a private one."""
        if not any(c in name for c in "$(),:;[]{}"):
            return name
        if name not in self.private:
            self.private[name] = f"graph node {len(self.private) + 1}"
        return self.private[name]

    def join(self, left, right, op, eopts, st: GraphState):
        kind = op
        extra_nodes = ""
        styles = []
        joiner = st.default_joiner
        every = st.edge_quotes  # "every edge quotes" is read when the edge is made
        for k, v in split_options(eopts):
            if k == "edge quotes":
                every = v or ""
            elif k in ("edge quotes center", "edge quotes mid"):
                every = "anchor=" + k.split()[-1]
        for k, v in split_options(eopts):
            if k in ("edge quotes", "edge quotes center", "edge quotes mid"):
                continue
            if k == "edge node":
                extra_nodes += " " + (v or "")
            elif k == "edge label":
                extra_nodes += " node[auto]{" + (v or "") + "}"
            elif k == "edge label'":
                extra_nodes += " node[auto,swap]{" + (v or "") + "}"
            elif k.startswith('"'):
                extra_nodes += quote_node(k if v is None else f"{k}={v}", every)
            elif k in _JOINERS and v is None:
                joiner = k
            elif k in ("butterfly", "butterfly'"):
                level = 1
                for bk, bv in split_options((v or "").strip().strip("{}")):
                    if bk.strip() == "level" and bv:
                        level = self._count(bv, "butterfly level")
                    else:
                        self.note(f"butterfly key '{bk}' is not interpreted", "butterfly")
                joiner = (k, level)
            else:
                styles.append(k if v is None else f"{k}={{{v}}}")
        if joiner == "induced complete bipartite":
            for side in (left, right):
                drop_edges_among(self, side)
        pairs = joiner_pairs(joiner, left, right)
        for a, b in pairs:
            self.add_edge(a, b, kind, ",".join(x for x in (st.edges, *styles) if x), st.edge_nodes + extra_nodes,
                          (st.left_anchor, st.right_anchor))

    def add_edge(self, a, b, kind, style, nodes, anchors=("", "")) -> None:
        """Record an edge with its ends' ``source/target edge style`` and ``.. node``
        annotations; in a ``simple`` graph a later edge between two nodes replaces the
        earlier one (and ``-!-`` removes it). ``anchors``: ``left/right anchor`` in force."""
        self.n_edges += 1
        key = frozenset((a, b)) if self.simple else self.n_edges
        self.edges.pop(key, None)
        if kind != "-!-" and a != b:  # the ends' annotations as they are now
            style = ",".join(x for x in (style, self.source_styles.get(a, ""), self.target_styles.get(b, "")) if x)
            nodes = (nodes + " " + self.source_nodes.get(a, "") + " " + self.target_nodes.get(b, "")).strip()
            self.edges[key] = (a, b, kind, style, nodes, anchors)

    def edge_statements(self) -> list:
        """``new ->={a}{b}{style}{nodes}``: ``\\path[->] (a.left) edge[style] nodes (b.right);``."""
        out = []
        for a, b, kind, style, nodes, (la, ra) in self.edges.values():
            tip = {"->": "->", "<-": "<-", "<->": "<->", "--": "-"}[kind]
            if self.interp.defs.get(f"style:every new {kind}") is not None:
                tip += f",every new {kind}"
            left = self.ref(a) + (f".{la}" if la else "")
            right = self.ref(b) + (f".{ra}" if ra else "")
            out.append(f"\\path[{tip}] ({left}) edge[{style}] {nodes} ({right});")
        return out

    def clear(self, name: str, side: str) -> None:
        """``target edge clear`` (``clear >``), ``source edge clear`` (``clear <``)."""
        stores = (self.target_nodes, self.target_styles) if side == ">" else (self.source_nodes, self.source_styles)
        for store in stores:
            store.pop(name, None)

    def annotate(self, name: str, raw: str, st: GraphState) -> None:
        """``>key``/``<key`` in a node's options: a style (or with ``"text"``, a label) of the
        edges coming in (going out)."""
        side, rest = raw[0], raw[1:].strip()
        if rest.startswith('"'):
            store = self.target_nodes if side == ">" else self.source_nodes
            store[name] = store.get(name, "") + quote_node(rest, st.edge_quotes)
        else:
            store = self.target_styles if side == ">" else self.source_styles
            store[name] = ",".join(x for x in (store.get(name, ""), rest) if x)


_NODE_MACROS = ("\\tikzgraphnodetext", "\\tikzgraphnodename", "\\tikzgraphnodefullname",
                "\\tikzgraphnodepath")


def typeset(code: str, text: str, name: str, full: str, level: int, macros: dict | None = None) -> str:
    """A node's text from ``typeset=`` code: ``\\tikzgraphnodetext``, ``..name``, ``..fullname``,
    ``..path`` and the placement counters (``level``; ``width``, ``depth`` are 0 inside a node)."""
    values = (text, name, full, full[:len(full) - len(name)])
    for macro, value in zip(_NODE_MACROS, values):
        code = re.sub(re.escape(macro) + r"(?![A-Za-z@])\s*", lambda m, v=value: v, code)
    for macro, value in (macros or {}).items():
        code = re.sub(re.escape(macro) + r"(?![A-Za-z@])\s*", lambda m, v=value: v, code)
    for key, value in (("level", str(level)), ("width", "0"), ("depth", "0")):
        code = re.sub(r"\\pgfkeysvalueof\s*\{/tikz/graphs/placement/" + key + r"\}", value, code)
    return code


def quote_node(raw: str, every: str) -> str:
    """``"text"'options`` (quotes library): `` node[every edge quotes, ', options]{text}``."""
    j = raw.find('"', 1)
    if j < 0:
        return ""
    text, rest = raw[1:j], raw[j + 1:].strip()
    opts = [every]
    if rest.startswith("'"):
        opts.append("swap")
        rest = rest[1:].strip()
    opts.append(rest)
    return f" node[{','.join(o for o in opts if o)}]{{{text}}}"


_FOREACH_COLOURED = re.compile(r"\\tikzgraphforeachcolorednode\s*\{([^{}]*)\}\s*\{\s*(\\[A-Za-z@]+)\s*\}")
_RAW_KEYS = ("typeset", "operator", "placement/compute position/.append code")
_GETVALUE = re.compile(r"\\pgfkeysgetvalue\s*\{/tikz/graphs/placement/(width|depth|level|element count|chain count)\}"
                       r"\s*\{?\s*(\\[A-Za-z@]+)\s*\}?")   # code run when the graph uses it, not read ahead


def _expand_options(interp, toks) -> str:
    """The options of ``\\graph`` with user macros expanded, except in code-valued keys."""
    out = []
    for k, v in split_options(detokenize(toks)):
        text = k if v is None else f"{k}={{{v}}}"
        if k.strip() not in _RAW_KEYS:
            text = detokenize(interp.expand_all(tokenize_at(text, toks[0][1])))
        out.append(text)
    return ",".join(out)


def run_graph(interp, tok, reader: Reader) -> None:
    """Interpret ``\\graph[options]{...};`` (``\\graph`` is read)."""
    loc = interp.location(tok[1], "\\graph")
    opts_toks = reader.read_optional()
    reader.skip_spaces()
    nxt = reader.get()
    if nxt is None or nxt[0] != "{":
        interp.note("UNSUPPORTED", "\\graph without a braced graph is not interpreted", "\\graph", loc)
        interp._skip_statement(reader)
        return
    body_toks = reader.read_group_body(nxt[1])
    interp._skip_statement(reader)
    try:
        opts = _expand_options(interp, opts_toks) if opts_toks else ""
        # user macros in node names are expanded; macros meant for graph keys (operators)
        # may not expand on their own: the graph is then skipped, reported
        body = detokenize(interp.expand_all(body_toks))
        graph = parse_graph(body)
    except FigureSyntaxError as err:
        interp.note("UNSUPPORTED", f"{err.message}; the graph is skipped", "\\graph", loc)
        return
    b = _Builder(interp, loc)
    b.loc_pos = tok[1]
    tikz_opts: list = []
    top = GraphState()
    every = interp.defs.get("style:every edge quotes")
    top.edge_quotes = "auto" if every is None else every
    outer_ops: list = []
    every = b.style(top, "every graph")
    b.settings(top, ",".join(x for x in (every, opts) if x), tikz_opts, outer_ops)
    if "quick" in dict(split_options(opts)):  # no placement: nodes at the origin or at x=, y=
        top.mode = "none"
    top.width = top.depth = 0.0
    top.level = 0
    tikz = [o for o in tikz_opts if o != "quick"]
    # the graph's scope (as \\scoped): nodes are created as they are met, edges at the end
    interp.defs.begin_group()
    saved = interp.st
    interp.st = dict(saved)
    try:  # \graph's \scope: every scope, the graph's TikZ options, a local bounding box
        every_scope = interp.defs.get("style:every scope")
        if every_scope:
            interp.apply_options(interp.st, every_scope)
        if tikz:
            interp.apply_options(interp.st, ",".join(tikz))
        interp._begin_local_box()
        b.top_ends = b.group(graph, top)
        b.ends = b.top_ends
        for op in outer_ops:
            run_operator(b, op, b.members, top)
        b.run("".join(b.edge_statements()))
    except FigureSyntaxError as err:
        interp.note("UNSUPPORTED", f"{err.message}; the rest of the graph is skipped", "\\graph", loc)
    finally:
        interp._end_local_box(saved)
        interp.st = saved
        interp.defs.end_group()
