"""``\\graph`` of TikZ's ``graphs`` library, rewritten as ``\\node`` and ``edge`` statements.

The graph text is read into groups (``{...}``, items separated by ``,`` or ``;``),
chains (elements joined by ``->``, ``--``, ``<-``, ``<->``, ``-!-``, each with
optional ``[options]``) and nodes (``name``, ``"quoted text"``, ``name/text``,
``name[options]``). As in ``tikzlibrarygraphs.code.tex``:

- placement (Cartesian, the default): a node's position is ``width`` times the
  chain shift (``(1,0)``; ``grow right/left/up/down=d``) plus ``depth`` times the
  group shift (``(0,-1)``; ``branch ...=d``). Each new node of a chain advances
  ``width`` by one; a group advances it by its widest chain, and each chain of a
  group advances ``depth`` by its own depth. ``circular placement`` turns the same
  counts into polar shifts (``chain polar shift=(0:1cm)``, ``group polar
  shift=(60:0)``, ``radius=1cm``, ``phase=90``; ``clockwise``/``counterclockwise``
  share the circle among the nodes);
- a node named again is the same node (not placed again); ``number nodes``
  appends `` 1``, `` 2`` ... to the names of a group's nodes;
- edges join the targets of an element (the last nodes of its chains) with the
  sources of the next (the first nodes): one-to-one when both sets have the same
  size, else all pairs ("matching and star"); each is ``\\path[->] (a) edge[..]
  nodes (b);`` with ``edges=``, ``edge node=``, ``edge label=`` and the node keys
  ``source/target edge node=``.

Operators (``subgraph ...``, ``induced path``, ``complete bipartite``), ``quick``
graphs, layout nodes ``//`` and graph drawing algorithms are reported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize

__all__ = ["run_graph", "parse_graph"]

_EDGE_OPS = ("<->", "-!-", "->", "<-", "--")


@dataclass
class GNode:
    """A node reference: name, text (``None``: same as the name) and options."""
    name: str
    text: str | None
    opts: str = ""


@dataclass
class GGroup:
    """``{[options] chain, chain; ...}``."""
    opts: str = ""
    chains: list = field(default_factory=list)


@dataclass
class GSub:
    """``subgraph I_n [options]`` of ``graphs.standard``."""
    kind: str
    opts: str = ""


@dataclass
class GChain:
    """Elements (``GNode`` or ``GGroup``) and the edges between them: ``(op, options)``."""
    elements: list = field(default_factory=list)
    edges: list = field(default_factory=list)


# -- reading ------------------------------------------------------------------------

class _Text:
    def __init__(self, s: str):
        self.s, self.i = s, 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1

    def peek(self, n=1):
        return self.s[self.i:self.i + n]

    def balanced(self, open_: str, close: str) -> str:
        """Text inside the bracket at the cursor (nested brackets and braces kept)."""
        assert self.s[self.i] == open_
        depth, j = 0, self.i
        while j < len(self.s):
            c = self.s[j]
            if c == "{" and open_ != "{":
                j = self._skip_braces(j)
                continue
            if c == open_:
                depth += 1
            elif c == close:
                depth -= 1
                if depth == 0:
                    out = self.s[self.i + 1:j]
                    self.i = j + 1
                    return out
            j += 1
        raise FigureSyntaxError(f"\\graph: '{open_}' is never closed")

    def _skip_braces(self, j):
        depth = 0
        while j < len(self.s):
            if self.s[j] == "{":
                depth += 1
            elif self.s[j] == "}":
                depth -= 1
                if depth == 0:
                    return j + 1
            j += 1
        raise FigureSyntaxError("\\graph: '{' is never closed")

    def options(self) -> str:
        self.ws()
        return self.balanced("[", "]") if self.peek() == "[" else ""

    def edge_op(self):
        self.ws()
        for op in _EDGE_OPS:
            if self.s.startswith(op, self.i):
                self.i += len(op)
                return op
        return None


def parse_graph(text: str) -> GGroup:
    """The graph specification ``text`` (inside ``\\graph{...}``) as its outer group."""
    t = _Text(text.replace("\\par", " "))  # blank lines in the graph are spaces
    g = _group(t, end=None)
    t.ws()
    if t.i < len(t.s):
        raise FigureSyntaxError(f"\\graph: cannot read '{t.s[t.i:t.i + 20]}'")
    return g


def _group(t: _Text, end):
    g = GGroup(opts=t.options())
    while True:
        t.ws()
        if t.i >= len(t.s) or (end and t.peek() == end):
            if end:
                t.i += 1
            return g
        if t.peek() in ",;":
            t.i += 1
            continue
        g.chains.append(_chain(t))


def _chain(t: _Text) -> GChain:
    c = GChain(elements=[_element(t)])
    while True:
        op = t.edge_op()
        if op is None:
            return c
        c.edges.append((op, t.options()))
        c.elements.append(_element(t))


def _element(t: _Text):
    t.ws()
    if t.peek() == "{":
        t.i += 1
        return _group(t, end="}")
    if t.peek() == '"':
        j = t.s.index('"', t.i + 1)
        name = t.s[t.i + 1:j]
        t.i = j + 1
        text = name
        if t.peek() == "/":  # "name"/text
            t.i += 1
            text = _plain(t)
        return GNode(name, text, t.options())
    raw = _plain(t)
    if raw.startswith("subgraph "):
        return GSub(raw[len("subgraph "):].strip(), t.options())
    if not raw:
        raise FigureSyntaxError(f"\\graph: expected a node near '{t.s[t.i:t.i + 20]}'")
    if "//" in raw:
        raise FigureSyntaxError("\\graph: layout nodes '//' are not interpreted")
    name, slash, text = raw.partition("/")
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] == '"':  # name/"text": the quotes go
        text = text[1:-1]
    return GNode(name.strip(), text if slash else None, t.options())


def _plain(t: _Text) -> str:
    """Node name text up to an option, separator, group end or edge operator."""
    start = t.i
    depth = 0
    while t.i < len(t.s):
        c = t.s[t.i]
        if c == '"':  # quoted text (name/"a, b") is read whole
            j = t.s.find('"', t.i + 1)
            t.i = j + 1 if j >= 0 else len(t.s)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (c in "[,;" or any(t.s.startswith(op, t.i) for op in _EDGE_OPS)):
            break
        t.i += 1
    return t.s[start:t.i].strip()


# -- layout and statements ------------------------------------------------------------

_KIND_KEYS = {"->", "--", "<-", "<->", "-!-"}
_OPERATORS = {"clique", "path", "cycle", "induced clique", "induced path", "induced cycle"}
_GROW = {"grow right": (1, 0), "grow left": (-1, 0), "grow up": (0, 1), "grow down": (0, -1)}
_BRANCH = {"branch right": (1, 0), "branch left": (-1, 0), "branch up": (0, 1), "branch down": (0, -1)}


@dataclass
class _Settings:
    """Graph keys in force (copied for each group)."""
    kind: str = "--"
    chain_shift: str = "(1,0)"
    group_shift: str = "(0,-1)"
    circular: bool = False
    chain_polar: tuple = ("0", "1cm")
    group_polar: tuple = ("60", "0")
    radius: str = "1cm"
    phase: str = "90"
    nodes: str = ""
    edges: str = ""
    edge_nodes: str = ""
    typeset: str | None = None       # "$#$" for math nodes, "" for empty nodes
    number: bool = False
    prefix: str = ""                  # name=X: "X " before the names of a group's nodes
    V: tuple = ("1",)
    W: tuple = ("1",)

    def copy(self):
        return _Settings(**self.__dict__)


class _Builder:
    """Walks the parsed graph: places nodes, collects edges, writes TikZ statements."""

    def __init__(self, interp, loc):
        self.interp, self.loc = interp, loc
        self.out: list[str] = []
        self.placed: dict[str, GNode] = {}
        self.target_nodes: dict[str, str] = {}
        self.source_nodes: dict[str, str] = {}
        self.vnum = 1
        self.members: list[str] = []   # node names met, in order (for group operators)
        self.edges: dict = {}
        self.simple = False
        self.counter = 1
        self.private: dict[str, str] = {}

    def note(self, message, construct):
        self.interp.note("UNSUPPORTED", message, construct, self.loc)

    def settings(self, s: _Settings, opts: str, tikz_out: list | None = None) -> _Settings:
        """Apply graph keys; keys meant for TikZ go to ``tikz_out`` (or are node keys)."""
        s = s.copy()
        for k, v in split_options(opts):
            k = k.strip()
            if k.startswith("/tikz/graphs/"):
                k = k[len("/tikz/graphs/"):]
            if k in _KIND_KEYS and v is None:
                s.kind = k
            elif k in _GROW:
                dx, dy = _GROW[k]
                d = v or "1"
                s.chain_shift = f"({dx}*{d},{dy}*{d})" if v else f"({dx},{dy})"
                s.circular = False
            elif k in _BRANCH:
                dx, dy = _BRANCH[k]
                d = v or "1"
                s.group_shift = f"({dx}*{d},{dy}*{d})" if v else f"({dx},{dy})"
                s.circular = False
            elif k == "chain shift" and v:
                s.chain_shift = v
            elif k == "group shift" and v:
                s.group_shift = v
            elif k in ("Cartesian placement",):
                s.circular = False
            elif k == "circular placement":
                s.circular = True
            elif k in ("clockwise", "counterclockwise"):
                s.circular = True
                n = v or str(self.vnum)
                s.group_polar = (f"{'-' if k == 'clockwise' else ''}360/({n})", "0")
            elif k in ("chain polar shift", "group polar shift") and v:
                a, _, r = v.strip().strip("()").partition(":")
                if k.startswith("chain"):
                    s.chain_polar = (a, r)
                else:
                    s.group_polar = (a, r)
            elif k in ("radius", "phase") and v:
                setattr(s, k, v)
            elif k == "nodes":
                s.nodes = (s.nodes + "," + (v or "")).strip(",")
            elif k in ("edges", "edge"):
                s.edges = (s.edges + "," + (v or "")).strip(",")
            elif k == "edge node":
                s.edge_nodes += " " + (v or "")
            elif k == "edge label":
                s.edge_nodes += " node[auto]{" + (v or "") + "}"
            elif k == "edge label'":
                s.edge_nodes += " node[auto,swap]{" + (v or "") + "}"
            elif k == "math nodes":
                s.typeset = "$#$"
            elif k == "empty nodes":
                s.typeset = ""
            elif k == "number nodes":  # the count is global (\\tikz@lib@auto@number)
                s.number = True
                self.counter = int(float(v)) if v else 1
            elif k in ("V", "W", "n", "m"):
                if k in ("n", "m"):
                    vals = tuple(str(i) for i in range(1, int(float(v or 1)) + 1))
                else:
                    from geoverify.frontends.tikz.loops import expand_list
                    vals = tuple(str(x).strip() for x in expand_list(self.interp, v or ""))
                setattr(s, "V" if k in ("V", "n") else "W", vals)
                if k in ("V", "n"):
                    self.vnum = len(vals)
            elif k == "name" and v:
                s.prefix += v.strip() + " "
            elif k in ("simple", "multi"):
                self.simple = k == "simple"
            elif k in ("fresh nodes", "no placement"):
                if k == "no placement":
                    s.chain_shift = s.group_shift = "(0,0)"
                    s.circular = False
            elif tikz_out is not None:
                tikz_out.append(k if v is None else f"{k}={{{v}}}")
            else:
                self.note(f"graph key '{k}' is not interpreted", k)
        return s

    # -- walking: returns (sources, targets, local depth, local width) --------
    def group(self, g: GGroup, s: _Settings, width: float, depth: float):
        ops, rest = [], []
        for k, v in split_options(g.opts):
            if k.strip() in _OPERATORS and v is None:
                ops.append(k.strip())
            else:
                rest.append(k if v is None else f"{k}={{{v}}}")
        s = self.settings(s, ",".join(rest))
        sources, targets = [], []
        ld = lw = 0.0
        mark = len(self.members)
        for ch in g.chains:
            src, tgt, cd, cw = self.chain(ch, s, width, depth)
            sources += src
            targets += tgt
            depth += cd
            ld += cd
            lw = max(lw, cw)
        members = list(dict.fromkeys(self.members[mark:]))
        for op in ops:
            self.operator(op, members, s)
        return sources, targets, ld, lw

    def operator(self, op: str, names: list, s: _Settings) -> None:
        """``clique``, ``path``, ``cycle`` and their ``induced`` forms on a group's nodes."""
        pairs = []
        base = op.replace("induced ", "")
        if base == "clique":
            pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
        elif base in ("path", "cycle"):
            pairs = list(zip(names, names[1:]))
            if base == "cycle" and len(names) > 2:
                pairs.append((names[-1], names[0]))
        if op.startswith("induced "):  # all other edges among these nodes go
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    self.edges.pop(frozenset((a, b)), None)
        for a, b in pairs:
            self.add_edge(a, b, s.kind, s.edges, s.edge_nodes)

    def subgraph(self, sub: GSub, s: _Settings, width: float, depth: float):
        """``graphs.standard``: ``I_n``, ``I_nm``, ``K_n``, ``C_n``, ``P_n`` as groups."""
        s = self.settings(s, sub.opts)

        def shore(prefix, vals, opts=""):
            return GGroup(opts=opts, chains=[GChain(elements=[GNode(prefix + v, v)]) for v in vals])

        if sub.kind == "I_nm":
            g = GGroup(chains=[GChain(elements=[shore("V ", s.V), shore("W ", s.W)], edges=[("-!-", "")])])
        elif sub.kind in ("I_n", "K_n", "C_n", "P_n"):
            op = {"K_n": "clique", "C_n": "cycle", "P_n": "path"}.get(sub.kind, "")
            g = shore("", s.V, op)
        else:
            raise FigureSyntaxError(f"\\graph: subgraph '{sub.kind}' is not interpreted")
        return self.group(g, s, width, depth)

    def chain(self, c: GChain, s: _Settings, width: float, depth: float):
        ld = lw = 0.0
        first = prev = None
        for k, el in enumerate(c.elements):
            if isinstance(el, (GGroup, GSub)):
                walk = self.group if isinstance(el, GGroup) else self.subgraph
                src, tgt, gd, gw = walk(el, s, width, depth)
                width += gw
                lw += gw
                ld = max(ld, gd)
            else:
                name, created = self.node(el, s, width, depth)
                src = tgt = [name]
                if created:
                    width += 1
                    lw += 1
                    ld = max(ld, 1)
            if k == 0:
                first = src
            else:
                op, eopts = c.edges[k - 1]
                self.join(prev, src, op, eopts, s)
            prev = tgt
        return first or [], prev or [], ld, lw

    def node(self, n: GNode, s: _Settings, width: float, depth: float):
        name = s.prefix + n.name if n.name else n.name
        if s.number and name:
            name = f"{name} {self.counter}"
            self.counter += 1
        self.members.append(name)
        if name in self.placed:
            if n.opts:
                self.note("options on a graph node named again are not interpreted", "\\graph")
            return name, False
        node_opts = []
        for k, v in split_options(n.opts):
            if k in ("source edge node", "target edge node"):
                (self.source_nodes if k.startswith("source") else self.target_nodes)[name] = v or ""
            elif k in ("x", "y"):
                self.note(f"graph node key '{k}' is not interpreted", "\\graph")
            else:
                node_opts.append(k if v is None else f"{k}={{{v}}}")
        text = n.text if n.text is not None else n.name
        if s.typeset is not None:
            text = s.typeset.replace("#", text)
        if s.circular:
            angle = (f"({width})*({s.chain_polar[0]})+({depth})*({s.group_polar[0]})+({s.phase})")
            dist = f"({width})*({s.chain_polar[1]})+({depth})*({s.group_polar[1]})+({s.radius})"
            shift = f"({{{angle}}}:{{{dist}}})"
        else:
            shift = f"(${width:g}*{s.chain_shift}+{depth:g}*{s.group_shift}$)"
        opts = ",".join(x for x in (f"shift={{{shift}}}", s.nodes, *node_opts) if x)
        self.out.append(f"\\node[{opts}] ({self.ref(name)}) {{{text}}};")
        self.placed[name] = n
        return name, True

    def ref(self, name: str) -> str:
        """The name in the statements: names that TikZ's coordinate syntax would misread
        (``$x_1$`` of a quoted node) get a private one."""
        if not any(c in name for c in "$(),:;[]{}"):
            return name
        if name not in self.private:
            self.private[name] = f"graph node {len(self.private) + 1}"
        return self.private[name]

    def join(self, left, right, op, eopts, s: _Settings):
        kind = op
        extra_nodes = ""
        styles = []
        for k, v in split_options(eopts):
            if k == "edge node":
                extra_nodes += " " + (v or "")
            elif k == "edge label":
                extra_nodes += " node[auto]{" + (v or "") + "}"
            elif k == "edge label'":
                extra_nodes += " node[auto,swap]{" + (v or "") + "}"
            elif v is None and k.startswith('"'):
                extra_nodes += " node[auto]{" + k.strip('"') + "}"  # quotes: "text" is a label
            else:
                styles.append(k if v is None else f"{k}={{{v}}}")
        if kind == "-!-":
            pairs = [(a, b) for a in left for b in right]
        elif len(left) == len(right):
            pairs = list(zip(left, right))
        elif len(left) == 1 or len(right) == 1:
            pairs = [(a, b) for a in left for b in right]
        else:
            pairs = list(zip(left, right))
            self.note("edges between groups of different sizes join only the first ones", "\\graph")
        for a, b in pairs:
            self.add_edge(a, b, kind, ",".join(x for x in (s.edges, *styles) if x), s.edge_nodes + extra_nodes)

    def add_edge(self, a, b, kind, style, nodes) -> None:
        """Record an edge; in a ``simple`` graph a later edge between two nodes replaces the
        earlier one (and ``-!-`` removes it)."""
        key = frozenset((a, b)) if self.simple else len(self.edges)
        self.edges.pop(key, None)
        if kind != "-!-" and a != b:
            self.edges[key] = (a, b, kind, style, nodes)

    def edge_statements(self) -> list:
        out = []
        for a, b, kind, style, nodes in self.edges.values():
            tip = {"->": "->", "<-": "<-", "<->": "<->", "--": "-"}[kind]
            if self.interp.defs.get(f"style:every new {kind}") is not None:
                tip += f",every new {kind}"
            nodes = (nodes + " " + self.source_nodes.get(a, "") + " " + self.target_nodes.get(b, "")).strip()
            out.append(f"\\path[{tip}] ({self.ref(a)}) edge[{style}] {nodes} ({self.ref(b)});")
        return out


def run_graph(interp, tok, reader: Reader) -> None:
    """Interpret ``\\graph[options]{...};`` (``\\graph`` is read)."""
    loc = interp.location(tok[1], "\\graph")
    opts_toks = reader.read_optional()
    opts = detokenize(interp.expand_all(opts_toks)) if opts_toks else ""
    reader.skip_spaces()
    nxt = reader.get()
    if nxt is None or nxt[0] != "{":
        interp.note("UNSUPPORTED", "\\graph without a braced graph is not interpreted", "\\graph", loc)
        interp._skip_statement(reader)
        return
    body_toks = reader.read_group_body(nxt[1])
    interp._skip_statement(reader)
    try:
        # user macros in node names are expanded; macros meant for graph keys (operators)
        # may not expand on their own: the graph is then skipped, reported
        body = detokenize(interp.expand_all(body_toks))
        graph = parse_graph(body)
        b = _Builder(interp, loc)
        tikz_opts: list = []
        s = b.settings(_Settings(), opts, tikz_opts)
        if "quick" in dict(split_options(opts)):
            interp.note("APPROXIMATED", "a quick \\graph is read with the full syntax", "\\graph", loc)
        b.group(graph, s, 0.0, 0.0)
    except FigureSyntaxError as err:
        interp.note("UNSUPPORTED", f"{err.message}; the graph is skipped", "\\graph", loc)
        return
    tikz = [o for o in tikz_opts if o != "quick"]
    code = "\\begin{scope}[" + ",".join(tikz) + "]" + "".join(b.out + b.edge_statements()) + "\\end{scope}"
    toks = [(t, tok[1]) for t, _ in tokenize(code)]
    interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
