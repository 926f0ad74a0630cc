"""Growth functions of trees other than the default (trees.py): clockwise from, grow cyclic, petri tokens.

Numbers from latex + dvisvgm (child centres relative to their parent's).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Dot, Polyline

from tikz_fixtures import CM, MM, close

EX = 4.30554  # pt, the ex of cmr10


def _centres(sc, cls=Polyline):
    out = []
    for p in sc.primitives:
        if isinstance(p, cls) and (cls is not Polyline or p.closed_flag):
            b = p.bbox()
            out.append(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2))
    return np.array(out)


def test_clockwise_from_places_children_by_sibling_angle_at_level_distance():
    # TeX: child a 36.96 pt right and 21.34 pt up of r (30 degrees, 15 mm), b at -30 degrees
    sc = parse_tikz(r"\node[draw] {r} [clockwise from=30, sibling angle=60] child {node[draw] {a}} "
                    r"child {node[draw] {b}};")
    assert not sc.diagnostics
    got = sorted(map(tuple, _centres(sc)), key=lambda q: -q[1])
    want = [(15 * MM * np.cos(np.radians(30)), 15 * MM * np.sin(np.radians(30))), (0.0, 0.0),
            (15 * MM * np.cos(np.radians(-30)), 15 * MM * np.sin(np.radians(-30)))]
    assert close(got, want, tol=1e-6)


def test_grow_cyclic_turns_the_frame_of_each_child():
    # TeX: a 20.12 pt right and down of r (-45 degrees, 1 cm); a's only child c another 1 cm along -45 degrees
    sc = parse_tikz(r"\node[draw] {r} [grow cyclic, sibling angle=90, level distance=1cm] "
                    r"child {node[draw]{a} child {node[draw] {c}}} child {node[draw] {b}};")
    assert not sc.diagnostics
    d = CM / np.sqrt(2)
    got = sorted(map(tuple, np.round(_centres(sc), 6)))
    assert close(got, sorted([(0.0, 0.0), (d, -d), (2 * d, -2 * d), (d, d)]), tol=1e-5)


def test_children_are_tokens_take_petris_places_without_edges():
    # TeX (petri): three tokens at (0, .57), (-.5, -.306025), (.5, -.306025) token distances (1.5 ex)
    sc = parse_tikz(r"\usetikzlibrary{petri}\node[place] {} [children are tokens] child {node[token]{}} "
                    r"child {node[token]{}} child {node[token]{}};")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    dots = _centres(sc, Dot)
    t = 1.5 * EX
    assert close(dots, [(0, .57 * t), (-.5 * t, -.306025 * t), (.5 * t, -.306025 * t)], tol=1e-6)
    assert not [p for p in sc.primitives if isinstance(p, Polyline)]  # no edges from the place


def test_token_keys_of_a_place_add_its_tokens():
    # TeX (pgf manual, petri): colored tokens={black,black,red,blue} about the place's centre (-61.078126,
    # -61.078126) at (-64.29297, -64.29297) black, (-57.85938, -64.29297) black, (-64.29297, -57.85938) red,
    # (-57.85938, -57.85938) blue (bp, y down), radius 2.14453; structured tokens set their texts in them
    from geoverify.scene import TextLabel
    sc = parse_tikz(r"\usetikzlibrary{petri}\tikz \node[place,colored tokens={black,black,red,blue}] {};")
    dots = [p for p in sc.primitives if isinstance(p, Dot)]
    d = 3.21484 * 72.27 / 72
    assert close([p.center for p in dots], [(-d, d), (d, d), (-d, -d), (d, -d)], tol=0.01)
    assert [p.style.fill for p in dots] == ["#000000", "#000000", "#ff0000", "#0000ff"]
    assert all(abs(p.radius - 2.14453 * 72.27 / 72) < 0.01 for p in dots)
    sc = parse_tikz(r"\usetikzlibrary{petri}\tikz \node[place,tokens=2] {} node[place,structured tokens={$x$,$y$}] {};")
    assert len([p for p in sc.primitives if isinstance(p, Dot)]) == 2
    labels = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert [t.text for t in labels] == ["$x$", "$y$"] and all(t.style.fill == "#ffffff" for t in labels)
    assert close([t.anchor for t in labels], [(-.75 * EX, 0), (.75 * EX, 0)], tol=1e-6)


def test_a_colour_after_fill_or_draw_colours_both():
    # tikz.code.tex: color=<c> (or a colour's name) empties the fill and stroke colours given before it
    sc = parse_tikz(r"\tikz \filldraw[fill=blue, draw=green, red] (0,0) rectangle (1,1);")
    (box,) = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert (box.style.fill, box.style.stroke) == ("#ff0000", "#ff0000")


_TREE_ORIGIN = (-44.589844, -43.453125)  # dvisvgm point of the picture's (0,0) below


def _tex(*xy):
    """dvisvgm points (bp, y down) -> TeX points about the canvas origin."""
    p = np.array(xy, dtype=float).reshape(-1, 2)
    return np.column_stack([(p[:, 0] - _TREE_ORIGIN[0]) * 72.27 / 72, (_TREE_ORIGIN[1] - p[:, 1]) * 72.27 / 72])


def test_growth_parent_anchor_three_points_edge_labels_and_edge_from_parent_path():
    from geoverify.scene import BezierPath
    sc = parse_tikz(r"""\usetikzlibrary{trees}
    \begin{tikzpicture}[level distance=1cm]
    \draw (0,0) -- (0,-0.5);
    \node [draw,inner sep=2pt] (a) at (0,0) {root} [growth parent anchor=north east] child;
    \draw (a-1) -- +(0.5,0);
    \begin{scope}[grow via three points={one child at (0,1) and two children at (-.5,1) and (.5,1)}]
    \node at (3,0) {x} child child child;
    \end{scope}
    \begin{scope}[yshift=-3cm]
    \node[draw] (r) at (0,0) {r}
      child {node[draw] (c) {c} edge from parent node[near end,draw] {lab}};
    \end{scope}
    \begin{scope}[yshift=-6cm, edge from parent path={(\tikzparentnode.south) .. controls +(0,-1) and +(0,1)
                                                     .. (\tikzchildnode.north)}]
    \node[draw] {p} child {node[draw] {q}} child {node[draw] {s}};
    \end{scope}
    \end{tikzpicture}""")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    # the child one level distance above the parent's north east anchor, not its centre
    assert close(lines[1], _tex(-42.04297, -38.19922, -33.3906, -20.3633), tol=0.01)
    # one + (n - 1)(left - one) + (i - 1)(right - left): three children at -1, 0, 1 cm
    assert close(lines[3], _tex(34.7852, -49.11719, 12.1016, -71.8008), tol=0.01)
    assert close(lines[5], _tex(46.1133, -49.11719, 68.7966, -71.8008), tol=0.01)
    assert close(lines[6], _tex(-44.589844, 47.25, -44.589844, 64.2697), tol=0.01)
    label = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][3]  # near end of the edge
    assert close(label.bbox(), np.concatenate(_tex(-54.55469, 66.7927, -34.62891, 53.2344)), tol=0.01)
    curves = [p.parts[0].controls for p in sc.primitives if isinstance(p, BezierPath)]
    assert len(curves) == 2
    assert close(curves[0][0], _tex(-44.589844, 133.2617, -44.589844, 161.6057, -65.8516, 119.9917,
                                    -65.8516, 148.3397), tol=0.01)
    assert close(curves[1][0, 3], _tex(-23.332, 149.3087)[0], tol=0.01)


def test_level_and_sibling_distance_registers_in_expressions():
    # \tikzleveldistance and \tikzsiblingdistance are TikZ's dimension registers (15 mm by default)
    sc = parse_tikz(r"""\begin{tikzpicture}[level distance=2cm]
    \draw (0,0) -- +(0:\tikzleveldistance) -- +(90:\tikzsiblingdistance);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    (line,) = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert close(line, [(0, 0), (2 * CM, 0), (0, 15 * MM)], tol=1e-6)


def test_grow_given_to_a_child_drops_its_sideways_shift_and_body_options_reach_its_children():
    # tikz@grow@direction: a grow key at the child's own level places it level distance along
    # the direction only; "child {[level distance=5mm] child}" sets the grandchild's distance.
    # pdflatex + dvisvgm edges from the root (origin -50.539062 -43.453125, bp, y down):
    # L-71.8008-15.1094, L-57.62891-15.1094, H-22.1953 (then L6.1523-36.36719, L6.1523-50.54297),
    # L-29.2812-15.1094 (then V-.9336)
    sc = parse_tikz(r"""\begin{tikzpicture}[level distance=10mm,sibling distance=5mm]
    \coordinate (r) at (0,0) child child child[grow=right] {child child} child {[level distance=5mm] child};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    edges = {tuple(np.round(p.points.ravel(), 2)) for p in sc.primitives if isinstance(p, Polyline)}
    o = np.array([-50.539062, -43.453125, -50.539062, -43.453125])
    tex = [(-50.539062, -43.453125, -71.8008, -15.1094), (-50.539062, -43.453125, -57.62891, -15.1094),
           (-50.539062, -43.453125, -22.1953, -43.453125), (-22.1953, -43.453125, 6.1523, -36.36719),
           (-22.1953, -43.453125, 6.1523, -50.54297), (-50.539062, -43.453125, -29.2812, -15.1094),
           (-29.2812, -15.1094, -29.2812, -.9336)]
    expected = {tuple(np.round((np.array(t) - o) * np.array([1, -1, 1, -1]) * 72.27 / 72, 2)) for t in tex}
    assert len(edges) == len(expected)
    for e in expected:
        assert any(close(e, f, tol=0.02) for f in edges), e


def test_edge_from_parent_fork_down_after_a_bodiless_child_with_options():
    # trees library: fork down = (parent) -- +(0, -.5 level distance) -| (child); "child[missing]"
    # followed by path options. dvisvgm (origin -57.628905 -43.453125): V-29.2813H-71.8008V-15.1094
    # and V-29.2813H-43.4531V-15.1094
    sc = parse_tikz(r"""\usetikzlibrary{trees}
    \begin{tikzpicture}[level distance=1cm,sibling distance=1cm]
    \coordinate child[missing] [edge from parent fork down] child {coordinate} child {coordinate};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    h = 14.17 * 72.27 / 72
    assert len(lines) == 2
    assert close(lines[0], [(0, 0), (0, -h), (-h, -h), (-h, -2 * h)], tol=0.01)
    assert close(lines[1], [(0, 0), (0, -h), (h, -h), (h, -2 * h)], tol=0.01)
