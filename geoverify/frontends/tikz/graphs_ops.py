"""Color classes and group operators of ``\\graph`` (``tikzlibrarygraphs.code.tex``).

``color class=red`` declares a class; the key ``red`` in a group's (or node's) options
then colours the nodes of that group (node), ``not red`` uncolours them. Operators run
when their group ends, on the group's node list, restricted to a colour (``all`` by
default): ``grid``, ``clique``, ``path``, ``cycle``, their ``induced`` forms (which first remove
the other edges among those nodes), ``induced independent set`` and ``complete
bipartite={a}{b}`` (every ``a`` node to every ``b`` node), ``operator=
\\tikzgraphforeachcolorednode{colour}{\\macro}`` (``\\macro{node}`` for each such node). Operators in the options of
``\\graph`` itself run on the whole graph at its end.
"""

from __future__ import annotations

__all__ = ["drop_edges_among", "joiner_pairs", "read_operator", "run_operator", "two_args"]

_ON_COLOUR = ("grid", "clique", "path", "cycle", "induced clique", "induced path", "induced cycle",
              "induced independent set")


def two_args(v: str) -> tuple[str, str] | None:
    """``{a}{b}`` as ``(a, b)``."""
    v = v.strip()
    out = []
    while v.startswith("{"):
        depth = 0
        for j, c in enumerate(v):
            depth += (c == "{") - (c == "}")
            if depth == 0:
                out.append(v[1:j].strip())
                v = v[j + 1:].strip()
                break
        else:
            return None
    return (out[0], out[1]) if len(out) == 2 and not v else None


def read_operator(k: str, v: str | None, classes: set) -> tuple | None:
    """The operator (or colouring) a graph key gives, or None when it gives none."""
    if k in _ON_COLOUR:
        return (k, (v or "all").strip())
    if k in ("complete bipartite", "induced complete bipartite") and v is not None:
        shores = two_args(v)
        return (k, shores) if shores else None
    if v is None and k in classes:
        return ("colour", k)
    if v is None and k.startswith("not ") and k[4:].strip() in classes:
        return ("uncolour", k[4:].strip())
    return None


def run_operator(b, op: tuple, names: list, st) -> None:
    """Run ``op`` on the node list ``names`` (order kept, repeats dropped) of builder ``b``."""
    kind, arg = op
    names = list(dict.fromkeys(names))
    if kind == "colour":
        for n in names:
            b.colours.setdefault(n, set()).add(arg)
        return
    if kind == "uncolour":
        for n in names:
            b.colours.get(n, set()).discard(arg)
        return

    def coloured(c):
        if c in ("source", "target"):  # the first (last) nodes of the group's chains
            ends = set(b.ends[c == "target"])
            return [n for n in names if n in ends]
        return names if c == "all" else [n for n in names if c in b.colours.get(n, ())]

    if kind == "foreach coloured":  # \tikzgraphforeachcolorednode{colour}{\macro}: \macro{node}
        colour, macro = arg
        for n in coloured(colour):
            b.run(f"{macro}{{{b.ref(n)}}}")
        return

    if kind.endswith("complete bipartite"):
        left, right = coloured(arg[0]), coloured(arg[1])
        if kind.startswith("induced"):
            for side in (left, right):
                drop_edges_among(b, side)
        for x in left:
            for y in right:
                if x != y:
                    b.add_edge(x, y, st.kind, st.edges, st.edge_nodes, (st.left_anchor, st.right_anchor))
        return
    nodes = coloured(arg)
    base = kind.replace("induced ", "")
    if kind.startswith("induced "):
        drop_edges_among(b, nodes)
    pairs = []
    if base == "grid":  # \tikz@lg@grid@loop: to the left neighbour, from the one above
        from geoverify.frontends.tikz.graphs_place import wrap_after
        wrap = wrap_after(st)
        for k in range(1, len(nodes) + 1):
            if (k - 1) % wrap > 0:
                pairs.append((nodes[k - 1], nodes[k - 2]))
            if k > wrap:
                pairs.append((nodes[k - wrap - 1], nodes[k - 1]))
    elif base == "clique":
        pairs = [(x, y) for i, x in enumerate(nodes) for y in nodes[i + 1:]]
    elif base in ("path", "cycle"):
        pairs = list(zip(nodes, nodes[1:]))
        if base == "cycle" and len(nodes) > 1:
            pairs.append((nodes[-1], nodes[0]))
    for x, y in pairs:
        b.add_edge(x, y, st.kind, st.edges, st.edge_nodes, (st.left_anchor, st.right_anchor))


def drop_edges_among(b, nodes: list) -> None:
    """``induced independent set``: no edges among ``nodes`` (either direction)."""
    members = set(nodes)
    for key, (x, y, *_rest) in list(b.edges.items()):
        if x in members and y in members:
            del b.edges[key]


def joiner_pairs(joiner, left: list, right: list) -> list:
    """Edges an edge operator makes between the targets ``left`` of an element and the
    sources ``right`` of the next: ``matching and star`` (the default), ``matching``,
    ``complete bipartite``, ``no edges``, or ``("butterfly", level)``."""
    n, m = len(left), len(right)
    if isinstance(joiner, tuple):  # \tikz@lib@graph@butterfly@do, then matching and star
        kind, level = joiner
        if level == 0:
            return joiner_pairs("matching and star", left, right)
        pairs = []
        for j in range(1, m + 1):
            k = j - 1
            other = k + level if k % (2 * level) < level else k - level
            pairs.append((left[min(other + 1, n) - 1], right[j - 1]))
        if n == 0:
            pairs = []
        if kind == "butterfly":
            pairs += joiner_pairs("matching and star", left, right)
        return pairs
    if joiner.endswith("complete bipartite"):
        return [(a, b) for a in left for b in right if a != b]
    if joiner == "matching":
        return [(left[j], right[j]) for j in range(min(n, m))]
    if joiner == "no edges" or n == 0:
        return []
    # matching and star (\tikz@lib@graph@flow@do, ..@flow@rest)
    pairs = [(left[min(j, n) - 1], right[j - 1]) for j in range(1, m + 1)]
    if m:
        pairs += [(left[i - 1], right[-1]) for i in range(m + 1, n + 1)]
    return pairs
