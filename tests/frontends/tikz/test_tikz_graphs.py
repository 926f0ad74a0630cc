"""``\\graph`` (graphs library): placement, groups, edges, numbering."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.graphs import GGroup, GNode, parse_graph
from geoverify.scene import Arrow, Polyline, TextLabel

from tikz_fixtures import CM, MM, close


def centres(sc):
    """Text -> list of label box centres."""
    out: dict = {}
    for p in sc.primitives:
        if isinstance(p, TextLabel):
            out.setdefault(p.text, []).append(((p.box[0] + p.box[2]) / 2, (p.box[1] + p.box[3]) / 2))
    return out


def lines(sc):
    return [p for p in sc.primitives if isinstance(p, Polyline)]


def test_parse_groups_chains_and_node_forms():
    g = parse_graph('a -> "$x_1$"/X [red] -- { b, c/ ; d }')
    (chain,) = g.chains
    assert [op for op, _ in chain.edges] == ["->", "--"]
    a, x, grp = chain.elements
    assert (a.name, a.text) == ("a", None)
    assert (x.name, x.text, x.opts) == ("$x_1$", "X", "red")
    assert isinstance(grp, GGroup) and [c.elements[0].name for c in grp.chains] == ["b", "c", "d"]
    assert grp.chains[1].elements[0].text == ""
    assert isinstance(grp.chains[2].elements[0], GNode)


def test_chain_grows_right_by_one_centimetre_with_edges_between_borders():
    sc = parse_tikz(r"\tikz \graph { a -> b -- c };")
    c = centres(sc)
    assert close([c[t][0][0] for t in "abc"], [0, CM, 2 * CM], tol=1e-6)
    assert close([c[t][0][1] for t in "abc"], [0, 0, 0], tol=0.5)
    ls = lines(sc)
    assert len(ls) == 2 and len([p for p in sc.primitives if isinstance(p, Arrow)]) == 1
    # the edge leaves a's east border (text half width + inner sep + outer sep)
    half = c["a"][0][0] - [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "a"][0].box[0]
    assert ls[0].points[0][0] == pytest.approx(half + 3.33333 + 0.2, abs=1e-3)


def test_groups_branch_down_and_star_and_matching_edges():
    sc = parse_tikz(r"\tikz \graph [branch down=5mm] { a -> { b, c } -> { d, e } };")
    c = centres(sc)
    assert close(c["b"][0], (CM, c["b"][0][1])) and close(c["c"][0][0], CM)
    assert c["b"][0][1] - c["c"][0][1] == pytest.approx(5 * MM, abs=0.6)  # centres differ by the text heights only
    assert close(c["d"][0][0], 2 * CM) and close(c["e"][0][0], 2 * CM)
    # a -> b, a -> c (star); b -> d, c -> e (matching): four edges
    ls = lines(sc)
    assert len(ls) == 4
    ends = sorted(round(p.points[-1][1] - p.points[0][1], 3) for p in ls)
    assert ends[1] == pytest.approx(0, abs=0.6) and ends[2] == pytest.approx(0, abs=0.6)


def test_grow_down_and_circular_placement():
    sc = parse_tikz(r"\tikz \graph [grow down=7mm] { a -> b };")
    c = centres(sc)
    assert close(c["a"][0][0], c["b"][0][0]) and c["a"][0][1] - c["b"][0][1] == pytest.approx(7 * MM, abs=1.5)
    sc = parse_tikz(r"\tikz \graph [circular placement, radius=5mm] { a, b, c, d };")
    c = centres(sc)
    for k, t in enumerate("abcd"):  # phase 90, 60 degrees per group element
        ang = np.radians(90 + 60 * k)
        assert close(c[t][0][0], 5 * MM * np.cos(ang), tol=1e-6)


def test_number_nodes_counts_across_groups_and_names_are_reused():
    sc = parse_tikz(r"\tikz \graph [branch down=5mm] { { [number nodes] a -> { b -> {c, c}, b -> {c, c} } }, "
                    r"b 2 -- b 5 };")
    c = centres(sc)
    assert len(c["b"]) == 2 and len(c["c"]) == 4 and len(c["a"]) == 1
    # b 2 -- b 5 draws a vertical line between the two b's (no new nodes)
    vertical = [p for p in lines(sc) if abs(p.points[0][0] - p.points[-1][0]) < 1e-9]
    assert len(vertical) == 1 and close(vertical[0].points[0][0], CM)


def test_edge_nodes_and_quotes_on_edges():
    sc = parse_tikz(r"\tikz \graph [edge node={node [near end] {X}}] { a -> b };")
    x = centres(sc)["X"][0]
    line = lines(sc)[0].points
    assert close(x, line[0] + 0.75 * (line[-1] - line[0]), tol=0.5)
    sc = parse_tikz(r'\tikz \graph { a ->[red, "foo"] b };')
    assert "foo" in centres(sc) and lines(sc)[0].style.stroke == "#ff0000"


def test_subgraph_shores_are_named_and_placed_in_two_columns():
    sc = parse_tikz("\\tikz \\graph {\n  subgraph I_nm [n=3, m=4];\n\n  V 1 -- { W 2, W 3 };\n};")
    c = centres(sc)
    assert len(c["1"]) == 2 and len(c["4"]) == 1  # V 1..3, W 1..4 show their numbers
    assert sorted(round(x / CM, 6) for x, _ in c["2"]) == [0, 1]
    assert close(c["4"][0][0], CM) and c["1"][0][1] - c["4"][0][1] == pytest.approx(3 * CM, abs=1e-6)
    assert len(lines(sc)) == 2  # no edges between the shores, two from V 1


def test_clique_on_a_circle_and_an_induced_path_in_a_simple_graph():
    sc = parse_tikz(r"\tikz \graph [simple] { subgraph K_n [n=5, clockwise]; "
                    r"{ [induced path, ->, edges=red] 1, 2, 3 } };")
    c = centres(sc)
    for k in range(5):  # clockwise from 90 degrees, a fifth of the circle each
        ang = np.radians(90 - 72 * k)
        assert close(c[str(k + 1)][0], (CM * np.cos(ang), CM * np.sin(ang) + c["1"][0][1] - CM), tol=0.5)
    ls = lines(sc)
    # K_5 has 10 edges; the induced path on 1, 2, 3 replaces 1-2, 2-3 by red arrows and drops 1-3
    assert len(ls) == 9
    red = [p for p in ls if p.style.stroke == "#ff0000"]
    assert len(red) == 2 and len([p for p in sc.primitives if isinstance(p, Arrow)]) == 2


def test_an_operator_key_the_graph_cannot_apply_is_reported_not_fatal():
    # \myconnect (a macro with an argument, named as the operator's argument) runs per node;
    # the graphs/new -> key it sets is reported, the graph's nodes are drawn
    sc = parse_tikz(r"""\def\myconnect#1{\tikzset{graphs/new ->={root}{#1}{}{}}}
      \begin{tikzpicture}\node (root) at (-1,-1) {root};
      \graph { x, { [operator=\tikzgraphforeachcolorednode{all}{\myconnect}] a, b } };
      \end{tikzpicture}""")
    assert [d.construct for d in sc.diagnostics if d.code == "UNSUPPORTED"] == ["graphs/new ->"] * 2
    assert [p.text for p in sc.primitives if isinstance(p, TextLabel)] == ["root", "x", "a", "b"]


def test_quoted_text_after_a_slash_loses_its_quotes_and_keeps_its_commas():
    # graphs: c/"$x_3,x_4$" is node c with text $x_3,x_4$ (the comma does not end the node)
    g = parse_graph('a/"$x_1$" -> c/"$x_3,x_4$"; a -> c')
    first, second = g.chains
    a, c = first.elements
    assert (a.name, a.text) == ("a", "$x_1$")
    assert (c.name, c.text) == ("c", "$x_3,x_4$")
    assert [e.name for e in second.elements] == ["a", "c"]


# Node centres below are from pdflatex runs of the same graphs (pgf 3.1.10), read with
# \pgfpointanchor{<name>}{center} (pt); each node centre is probed by a drawn circle.
_PROBED = r"[empty nodes, nodes={draw, circle, minimum size=4mm}"


def node_centres(code: str, names: list) -> dict:
    probe = "".join(r"\draw (%s.center) circle (3pt);" % n for n in names)
    sc = parse_tikz(r"\begin{tikzpicture}" + code + probe + r"\end{tikzpicture}")
    circles = [p for p in sc.primitives if type(p).__name__ == "Circle" and abs(p.radius - 3) < 1e-9]
    assert len(circles) == len(names), sc.summary()
    return {n: tuple(c.center) for n, c in zip(names, circles)}


def test_clockwise_shares_the_circle_by_the_subgraphs_own_n_and_the_next_node_is_at_the_centre():
    # clockwise's default count is \tikzgraphVnum when a node is placed (n=5 given after it);
    # a group with a placement key adds no width, so x sits where the group started
    got = node_centres(r"\graph " + _PROBED + r"] { subgraph C_n [n=5, clockwise] -> x };",
                       ["1", "2", "3", "4", "5", "x"])
    tex = {"1": (0.0, 28.45274), "2": (27.06041, 8.79248), "3": (16.72406, -23.01886),
           "4": (-16.72406, -23.01886), "5": (-27.06041, 8.79248), "x": (0.0, 0.0)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n


def test_level_styles_place_each_level_from_where_it_starts():
    # level N/.style={grow right=..}: placement/place shifts the nodes to the current
    # position and starts the counters again
    got = node_centres(r"\graph " + _PROBED + r", branch down=5mm, level 1/.style={grow right=2cm},"
                       r" level 2/.style={grow right=1cm}] { a -> { b, c -> { d, e }, f } };",
                       list("abcdef"))
    tex = {"a": (0, 0), "b": (56.9055, 0), "c": (56.9055, -14.22636), "d": (85.35825, -14.22636),
           "e": (85.35825, -28.45273), "f": (56.9055, -42.6791)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n


def test_foreach_in_a_group_adds_chains_to_it():
    got = node_centres(r"\graph " + _PROBED + r", branch down=5mm] "
                       r"{ a -> { \foreach \i in {1,2} { c\i -> {e\i, m\i} }, o } };",
                       ["a", "c1", "e1", "m1", "c2", "e2", "m2", "o"])
    tex = {"a": (0, 0), "c1": (28.45274, 0), "e1": (56.90549, 0), "m1": (56.90549, -14.22636),
           "c2": (28.45274, -28.45273), "e2": (56.90549, -28.45273), "m2": (56.90549, -42.6791),
           "o": (28.45274, -56.90546)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n
    # a list given by a macro
    got = node_centres(r"\def\mylist{1,2,3}\graph " + _PROBED + r"] { a -> { \foreach \x in \mylist { b\x } } };",
                       ["b1", "b3"])
    assert close(got["b1"], (28.45274, 0), tol=0.01) and close(got["b3"], (28.45274, -56.90549), tol=0.01)


def test_sep_strategies_advance_by_the_node_sizes_and_anchor_the_nodes():
    # grow right sep: chain shift (1pt,0), a node's logical width is its width plus the sep,
    # nodes anchored west; branch down sep: likewise downwards, anchored north
    got = node_centres(r"\graph [grow right sep] { a -> bbbb -> c };", ["a", "bbbb", "c"])
    tex = {"a": (6.03297, 0), "bbbb": (36.71008, 0), "c": (67.1094, 0)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n
    got = node_centres(r"\graph [branch down sep=2mm, grow right sep=3mm] { a -> { bbbb, c } -> xx };",
                       ["a", "bbbb", "c", "xx"])
    tex = {"a": (6.03297, -5.68575), "bbbb": (35.24588, -7.00519), "c": (26.35695, -25.38666),
           "xx": (67.23659, -5.68575)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n


def test_existing_nodes_in_parentheses_are_used_not_created():
    sc = parse_tikz(r"\tikz { \node (a) at (0,0) {A}; \node (b) at (2,1) {B}; \graph { (a) -> (b) }; }")
    assert sorted(centres(sc)) == ["A", "B"]
    (line,) = lines(sc)
    assert line.points[0][0] > 0 and line.points[-1][1] > line.points[0][1]


def test_edge_joiners_matching_and_star_and_complete_bipartite():
    # matching and star: {a,b,c} -> {x,y}: a-x, b-y, then the rest of the left to the last: c-y
    sc = parse_tikz(r"\tikz \graph { {a,b,c} -> {x,y} };")
    assert len(lines(sc)) == 3
    sc = parse_tikz(r"\tikz \graph { {a,b,c} -> [complete bipartite] {x,y} };")
    assert len(lines(sc)) == 6
    sc = parse_tikz(r"\tikz \graph { {a,b,c} -> [matching] {x,y} };")
    assert len(lines(sc)) == 2


def test_subgraph_shores_k_nm_and_i_nm_names_and_places():
    # K_nm: shores as two chains' groups (branch right, grow down: shores are rows), all
    # six edges between them (TeX draws six paths); V={..} alone leaves the names bare,
    # n= and m= name the shores "V 1", "W 1" ...
    got = node_centres(r"\graph " + _PROBED + r", branch right, grow down] "
                       r"{ subgraph K_nm [V={1,2}, W={a,b,c}] };", ["1", "2", "a", "b", "c"])
    tex = {"1": (0, 0), "2": (28.45274, 0), "a": (0, -28.45274), "b": (28.45274, -28.45274),
           "c": (56.90549, -28.45274)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n
    assert len(lines(parse_tikz(r"\tikz \graph { subgraph K_nm [V={1,2}, W={a,b,c}] };"))) == 6
    got = node_centres(r"\graph " + _PROBED + r", n=2] { subgraph I_nm [m=3] };", ["V 1", "V 2", "W 1", "W 3"])
    tex = {"V 1": (0, 0), "V 2": (0, -28.45274), "W 1": (28.45274, 0), "W 3": (28.45274, -56.90549)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n


def test_color_classes_restrict_a_groups_operator():
    # TeX draws three arrows: the clique on the red nodes b, c, e only
    sc = parse_tikz(r"\tikz \graph [color class=red, clockwise, n=5] "
                    r"{ [clique=red, ->] a, b[red], c[red], d, e[red] };")
    c = centres(sc)
    ends = {tuple(np.round(p.points[k], 1)) for p in lines(sc) for k in (0, -1)}
    assert len(lines(sc)) == 3 and len([p for p in sc.primitives if isinstance(p, Arrow)]) == 3
    # no edge touches a or d (their centres are a node's half size away from any end)
    for t in "ad":
        assert min(np.hypot(x - c[t][0][0], y - c[t][0][1]) for x, y in ends) > 8
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


# Text positions below are from latex + dvisvgm runs of the same graphs (bp converted to pt),
# relative to a label's start on its baseline.
BP = 72.27 / 72


def starts(sc) -> dict:
    """Text -> (x of its start, baseline) of the first label with that text."""
    out: dict = {}
    for p in sc.primitives:
        if isinstance(p, TextLabel) and p.text not in out:
            depth = {"y": 1.94444, "g": 1.94444}.get(p.text, 0.0)
            out[p.text] = (p.box[0], p.box[1] + depth)
    return out


def test_edge_quotes_and_quotes_on_a_nodes_incoming_edges():
    # "x"' below the edge (auto, swap), >"y" on b's incoming edge above it (auto)
    s = starts(parse_tikz(r"""\tikz \graph { a ->["x"'] b [>"y"] };"""))
    ax, ay = s["a"]
    assert close((s["x"][0] - ax, s["x"][1] - ay), (13.8966 * BP, -5.6646 * BP), tol=0.02)
    assert close((s["y"][0] - ax, s["y"][1] - ay), (13.8966 * BP, 7.6017 * BP), tol=0.02)
    # edge quotes={..} replaces every edge quotes (no auto: centred on the edge), also per edge
    sc = parse_tikz(r"""\tikz \graph [edge quotes={fill=white}] { a -> [edge quotes center, "x"] b [>"y"],
                        "" -> [red] / };""")
    s = starts(sc)
    ax, ay = s["a"]
    assert close((s["x"][0] - ax, s["x"][1] - ay), (13.8966 * BP, 0.0), tol=0.02)
    assert close((s["y"][0] - ax, s["y"][1] - ay), (13.8966 * BP, 0.9686 * BP), tol=0.02)
    edges = [p for p in lines(sc) if p.style.stroke is not None]
    assert not sc.diagnostics and len(edges) == 2  # "" and / are nodes with fresh names


def test_left_and_right_anchor_are_the_edge_ends():
    sc = parse_tikz(r"\tikz \graph [left anchor=north, right anchor=south west] { a -> b };")
    (line,) = lines(sc)
    tip = [p for p in sc.primitives if isinstance(p, Arrow)][0].tip
    assert close(line.points[0], (0, 5.6632 * BP), tol=0.02)   # a.north
    assert close(tip, (22.1420, -7.0055), tol=0.02)             # b.south west


def test_put_node_text_on_incoming_edges_and_as():
    s = starts(parse_tikz(r"\tikz \graph [put node text on incoming edges] { a -> b -> c [as=$z$] };"))
    assert "a" not in s
    assert close((s["c"][0] - s["b"][0], s["$z$"][0] - s["b"][0]), (27.6325 * BP, 42.7520 * BP), tol=0.02)


def test_name_separator_joins_group_names_to_node_names():
    got = node_centres(r"\graph [name separator=] { { [name=first] 1, 2 } -- { [name=second] 1, 2 } };",
                       ["first2", "second1"])
    assert close(got["first2"], (0, -28.45274), tol=0.01) and close(got["second1"], (28.45274, 0), tol=0.01)


def test_grid_placement_wraps_after_the_given_count_and_grid_joins_neighbours():
    # grid placement: max(width, depth) gives the cell, wrap after (else int(sqrt(V)))
    # columns a row; Grid_n's grid operator joins left and upper neighbours (TeX: 12 edges for 9)
    got = node_centres(r"\graph [grid placement] { [n=6, wrap after=3] a -- b -- c -- d -- e -- f };",
                       ["a", "c", "d", "f"])
    tex = {"a": (0, 0), "c": (56.90549, 0), "d": (0, -28.45274), "f": (56.90549, -28.45274)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n
    code = r"\graph [grid placement, branch down=5mm] { subgraph Grid_n [n=9] };"
    got = node_centres(code, ["4", "6", "9"])
    tex = {"4": (0, -14.22636), "6": (56.90549, -14.22636), "9": (56.90549, -28.45273)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n
    assert len(lines(parse_tikz(r"\tikz" + code))) == 12


def test_declared_graphs_and_parse_extras_are_groups():
    got = node_centres(r"\graph " + _PROBED + r", branch down=4mm, declare={claw}{1 -- {2,3,4}}] "
                       r"{ a; claw; b; };", ["a", "1", "2", "4", "b"])
    tex = {"a": (0, 0), "1": (0, -11.38109), "2": (28.45274, -11.38109), "4": (28.45274, -34.14326),
           "b": (0, -45.52435)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n
    got = node_centres(r"\def\mychain{ a -> b -> c; }\graph " + _PROBED + r"] "
                       r"{ [parse/.expand once=\mychain] d -> e };", ["a", "c", "d", "e"])
    tex = {"a": (0, 0), "c": (56.90549, 0), "d": (0, -28.45274), "e": (28.45274, -28.45274)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n


def test_typeset_code_sees_the_node_text_and_its_level():
    s = starts(parse_tikz(r"\tikz \graph [typeset=\tikzgraphnodetext:\pgfkeysvalueof{/tikz/graphs/placement/level}]"
                          r" { a -> {b, c} };"))
    assert set(s) == {"a:1", "b:2", "c:2"}
    assert close(s["b:2"][0] - s["a:1"][0], (21.7049 + 6.3651) * BP, tol=0.02)
    assert close(s["c:2"][0] - s["a:1"][0], (22.2584 + 6.3651) * BP, tol=0.02)


def test_butterfly_joins_rows_level_apart_then_matches():
    # TeX: 8 diagonal edges (row k to row k +- 4) and the 8 of matching and star
    sc = parse_tikz(r"\tikz \graph [empty nodes, n=8] "
                    r"{ subgraph I_n [name=A] --[butterfly={level=4}] subgraph I_n [name=B] };")
    ls = lines(sc)
    dys = sorted(round(abs(p.points[-1][1] - p.points[0][1]) / CM) for p in ls)
    assert dys == [0] * 8 + [4] * 8   # rows one centimetre apart; diagonals end on borders


def test_trie_names_nodes_below_their_chain_predecessors():
    got = node_centres(r"\graph " + _PROBED + r", trie] { a -> { a, c -> {a, b}, b } };",
                       ["a", "a a", "a c", "a c a", "a c b", "a b"])
    tex = {"a": (0, 0), "a a": (28.45274, 0), "a c": (28.45274, -28.45274), "a c a": (56.90549, -28.45274),
           "a c b": (56.90549, -56.90549), "a b": (28.45274, -85.35823)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n


def test_operator_foreach_coloured_node_runs_the_macro_on_each():
    # TeX draws the two circles on the targets c and e (and the three edges)
    sc = parse_tikz(r"\tikz{\def\hl#1{\draw (#1) circle [radius=2mm];}"
                    r"\graph [operator=\tikzgraphforeachcolorednode{target}{\hl}] { {a,b} -> {c, d->e} };}")
    c = centres(sc)
    circles = [p for p in sc.primitives if type(p).__name__ == "Circle"]
    assert sorted(tuple(np.round(p.center, 3)) for p in circles) == sorted(
        [tuple(np.round((c["c"][0][0], 0.0), 3)), tuple(np.round((c["e"][0][0], -CM), 3))])


def test_quick_graphs_place_nodes_at_their_x_and_y():
    code = (r'\graph [quick, nodes={draw,circle,minimum size=4mm}] '
            r'{ "a"/"$a$" -- "b"[x=1] --[red] "c"[x=2, y=-1]; { [nodes=blue] "a" -- "d"[y=1]; }; };')
    got = node_centres(code, ["a", "b", "c", "d"])
    tex = {"a": (0, 0), "b": (28.45274, 0), "c": (56.90549, -28.45274), "d": (0, 28.45274)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n
    assert "$a$" in centres(parse_tikz(r"\tikz" + code))   # "name"/"text": the quotes go


def test_compute_position_code_reads_the_counters_before_placement():
    # the labels TeX typesets (its SVG's text runs)
    def texts(counter, graph):
        sc = parse_tikz(r"\tikz \graph [grow right sep, branch down=5mm, typeset=\tikzgraphnodetext:\mynum,"
                        r" placement/compute position/.append code=\pgfkeysgetvalue{/tikz/graphs/placement/"
                        + counter + r"}{\mynum}] {" + graph + "};")
        assert not sc.diagnostics
        return [p.text for p in sc.primitives if isinstance(p, TextLabel)]
    assert texts("chain count", "a -> b -> {c,d,e}, f, g -> h") == \
        "a:0 b:0 c:0 d:1 e:2 f:1 g:2 h:2".split()
    assert texts("element count", "a -> b -> c, d -> {e, f->h} -> j") == \
        "a:0 b:1 c:2 d:0 e:0 f:0 h:1 j:2".split()


def test_graph_styles_from_tikzset_and_the_graphs_options():
    # graphs/<name>/.style by \tikzset (with #1), every graph, styles (and .append style)
    # defined in the graph's options and used by a group
    got = node_centres(r"\tikzset{graphs/my grow/.style={grow down=#1}, graphs/every graph/.style={branch right}}"
                       r"\graph " + _PROBED + r", my grow=5mm, side/.style={branch left=2cm}, "
                       r"side/.append style={nodes=red}] { a -> { [side] b, c }, d -> e };", list("abcde"))
    tex = {"a": (0, 0), "b": (0, -14.22636), "c": (-56.9055, -14.22636), "d": (28.45274, 0),
           "e": (28.45274, -14.22636)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n


def test_every_scope_applies_to_the_graphs_scope():
    s = starts(parse_tikz(r"\begin{tikzpicture}\tikzset{every scope/.style={xshift=1cm}}"
                          r"\node (x) at (0,0) {x}; \graph { a -> b };\end{tikzpicture}"))
    assert close((s["a"][0] - s["x"][0], s["b"][0] - s["x"][0]), ((25.8561 + 2.6291) * BP, (53.9262 + 2.6291) * BP),
                 tol=0.02)


def test_default_edge_operator_and_annotations_read_when_the_edge_is_made():
    # TeX: 2 edges for matching of 3 to 2; 3 + 9 + 3 edges with an explicit matching and star
    assert len(lines(parse_tikz(r"\tikz \graph [default edge operator=matching] { {a, b, c} -- {d, e} };"))) == 2
    sc = parse_tikz(r"\tikz \graph [default edge operator=matching] { {a, b} ->[matching and star] {c, d, e} "
                    r"--[complete bipartite] {f, g, h} -- {i, j, k} };")
    assert len(lines(sc)) == 15
    # target edge clear after the first edge into c: that edge stays red, the later one is black
    sc = parse_tikz(r"\tikz \graph { { a, b } -> { c [target edge style=red], d }, b -> c[target edge clear] };")
    assert [p.style.stroke for p in lines(sc)] == ["#ff0000", "#000000", "#000000"]


def test_use_existing_nodes_and_number_nodes_sep():
    got = node_centres(r"\graph " + _PROBED + r", number nodes sep=-] { { [number nodes] x, y -> z } };",
                       ["x-1", "y-2", "z-3"])
    tex = {"x-1": (0, 0), "y-2": (0, -28.45274), "z-3": (28.45274, -28.45274)}
    for n, p in tex.items():
        assert close(got[n], p, tol=0.01), n
    # use existing nodes: TeX draws the two edges between the picture's nodes and makes no x
    sc = parse_tikz(r"\begin{tikzpicture}\node (a) at (0,0) {A}; \node (b) at (1,1) {B}; \node (c) at (2,0) {C};"
                    r"\graph [use existing nodes] { a -> b -> c; x };\end{tikzpicture}")
    assert sorted(centres(sc)) == ["A", "B", "C"] and len(lines(sc)) == 2


def test_style_keys_in_graph_options_are_graph_keys_unless_given_a_full_path():
    # TeX: every node/.style in \graph's options defines a graph key (the nodes stay bare);
    # /tikz/every node/.style reaches TikZ (both nodes framed)
    frames = [len([p for p in lines(parse_tikz(r"\tikz \graph [%s] { a -> b };" % o))])
              for o in ("every node/.style={draw}", "/tikz/every node/.style={draw}")]
    assert frames == [1, 3]


def test_node_sets_are_used_in_a_graph_and_imported_nodes_stay_where_they_are():
    # set=<name> puts a node in a node set (unnamed ones get a name); (<set>) in a graph stands
    # for its members, which later plain references then mean (pgf manual: "import nodes")
    sc = parse_tikz(r"""\begin{tikzpicture}[new set=import nodes]
      \begin{scope}[nodes={set=import nodes}]
        \node (a) at (0,1) {a};
        \node at (1,1) {b};
      \end{scope}
      \graph { (import nodes); x -> a; };
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    c = centres(sc)
    assert len(c["a"]) == 1 and close(c["a"][0][0], 0) and close(c["b"][0][0], CM)
    # the edge ends on the border of the existing node a (outer sep included), not at a new one:
    # its arrow's tip does (the line stops under the tip)
    (arrow,) = [p for p in sc.primitives if isinstance(p, Arrow)]
    dx, dy = arrow.tip - (0.0, CM)
    hw, hh = 2.5 + 3.33333 + 0.2, 4.30554 / 2 + 3.33333 + 0.2  # "a": 5 pt wide, 4.31 pt high
    assert max(abs(dx) / hw, abs(dy) / hh) == pytest.approx(1.0, abs=1e-3)


@pytest.mark.parametrize("n", ["4", "2+2", "\\k"])
def test_a_graph_count_is_a_pgfmath_number(n):
    """``n=`` of the standard graphs goes through pgfmath (a macro, a sum), not ``float()``."""
    sc = parse_tikz("\\def\\k{4}\\tikz \\graph { subgraph K_n [n=" + n + "] };")
    assert sum(isinstance(p, TextLabel) for p in sc.primitives) == 4
    assert sum(isinstance(p, Polyline) for p in sc.primitives) == 6


def test_a_graph_count_that_is_no_number_or_too_large_is_a_geoverify_error():
    from geoverify.errors import BudgetExceededError, UnsupportedConstructError
    sc = parse_tikz("\\tikz \\graph { subgraph C_n [n=5\\, clockwise] };")  # (found by fuzz/run.py)
    assert any("needs a number" in d.message for d in sc.diagnostics)
    with pytest.raises(BudgetExceededError):  # a tuple of 10^9 names was being built
        parse_tikz("\\tikz \\graph { subgraph C_n [n=1000000000] };")
    with pytest.raises(UnsupportedConstructError, match="needs a number"):
        parse_tikz("\\tikz \\graph { subgraph C_n [n=5\\, clockwise] };", strict=True)
