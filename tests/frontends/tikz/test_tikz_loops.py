"""Inline \\foreach in paths (geoverify.frontends.tikz.loops)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz

from .tikz_fixtures import CM


def test_intersections_total_is_known_to_a_foreach_later_in_the_path():
    # TikZ applies "name intersections={..., total=\t}" when it reads it, before the
    # inline \foreach that counts to \t
    sc = parse_tikz(r"""\path[name path=A] (0,0) -- (4,0);
      \path[name path=B] (1,-1) -- (1,1) -- (3,1) -- (3,-1);
      \fill[name intersections={of=A and B, name=i, total=\t}]
        \foreach \s in {1,...,\t}{(i-\s) circle (2pt)};""")
    centres = sorted(round(p.center[0] / CM, 6) for p in sc.primitives if hasattr(p, "center"))
    assert centres == [1, 3]
    assert not sc.diagnostics


def test_empty_items_nested_lists_in_macros_two_remembers_and_int_results():
    # as TeX draws it: "{,,}" runs three times (pgffor keeps empty items); "\foreach \e in \edges"
    # reads a macro holding "{1}, {1,2}" item by item; evaluate ... using int(..) gives "2", not
    # "2.0" (a node name part); both remember keys carry their values
    sc = parse_tikz(r"""\begin{tikzpicture}
      \foreach \n [count=\i] in {,,} \fill (\i,0) circle (1pt);
      \coordinate (p-2) at (2,0); \coordinate (p-3) at (3,0);
      \foreach \layer [count=\l, evaluate=\l as \next using int(\l+1)] in {{{1}, {1,2}}, {{2}}}
        \foreach \edges [count=\j] in \layer
          \foreach \e in \edges
            \draw (\l,\j) -- (p-\next) -- (\next,\e);
      \foreach \x [count=\i, remember=\i as \pi (initially 0), remember=\x as \px (initially 0)] in {1,3,4}
        \draw (\px,-1) -- (\x,-1-\pi);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    dots = [p for p in sc.primitives if hasattr(p, "center")]
    assert [round(d.center[0] / CM, 6) for d in dots] == [1, 2, 3]
    lines = [[tuple(round(v / CM, 6) for v in q) for q in p.points] for p in sc.primitives if hasattr(p, "points")]
    assert lines[:4] == [[(1, 1), (2, 0), (2, 1)], [(1, 2), (2, 0), (2, 1)], [(1, 2), (2, 0), (2, 2)],
                         [(2, 1), (3, 0), (3, 2)]]
    assert lines[4:] == [[(0, -1), (1, -1)], [(1, -1), (3, -2)], [(3, -1), (4, -3)]]


def test_node_foreach_repeats_the_node_and_nests():
    # "node foreach ... foreach ... [opts] at (p) {text}" (tikz.code.tex, \tikz@node@foreach):
    # latex + dvisvgm draws four boxes, x outer and y inner, at (1,1) (1,3) (2,1) (2,3) cm;
    # the "a" boxes 11.6211 bp wide, the "b" boxes 12.1758 bp
    sc = parse_tikz(r"\tikz \node foreach \x in {1,2} foreach \y/\t in {1/a,3/b} [draw] at (\x,\y) {\t};")
    assert not sc.diagnostics
    boxes = [p.points for p in sc.primitives if hasattr(p, "points")]
    centres = [tuple(np.round(b.mean(axis=0) / CM, 4)) for b in boxes]
    assert centres == [(1, 1), (1, 3), (2, 1), (2, 3)]
    widths = [np.ptp(b[:, 0]) * 72 / 72.27 for b in boxes]
    assert np.allclose(widths, [11.6211, 12.1758, 11.6211, 12.1758], atol=0.01)
    texts = [p.text for p in sc.primitives if hasattr(p, "text")]
    assert texts == ["a", "b", "a", "b"]


def test_node_foreach_on_a_path_places_each_copy():
    # "\draw (0,0) -- (1,1) node foreach \x in {1,2,3} at (\x,0) {\x};": three labels at 1, 2, 3 cm
    sc = parse_tikz(r"\tikz \draw (0,0) -- (1,1) node foreach \x in {1,2,3} at (\x,0) {\x};")
    assert not sc.diagnostics
    labels = [p for p in sc.primitives if hasattr(p, "text")]
    assert [lb.text for lb in labels] == ["1", "2", "3"]
    assert [round(lb.anchor[0] / CM, 4) for lb in labels] == [1, 2, 3]
    line = [p for p in sc.primitives if hasattr(p, "points")][0]
    assert np.allclose(line.points / CM, [[0, 0], [1, 1]])


def test_foreach_path_operation_continues_the_path():
    # "foreach" without a backslash is a path operation (tikz.code.tex: \tikz@fchar oreach is
    # \foreach); TeX draws one zigzag (0,0) (1,1) (1,0) (2,1) (2,0) (3,1) (3,0) cm
    sc = parse_tikz(r"\tikz \draw (0,0) foreach \x in {1,...,3} { -- (\x,1) -- (\x,0) };")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if hasattr(p, "points")]
    assert len(lines) == 1
    assert np.allclose(lines[0] / CM, [[0, 0], [1, 1], [1, 0], [2, 1], [2, 0], [3, 1], [3, 0]])


def test_child_foreach_makes_one_child_per_item_and_nests():
    # "child foreach \x in {..} {text}" (\tikz@collect@children@foreach): 3 children, each with 2
    # (the text may be left out); default growth: 15 mm down, siblings 15 mm apart
    sc = parse_tikz(r"\tikz \coordinate child foreach \x in {1,2,3} {child foreach \y in {1,2}};")
    assert not sc.diagnostics
    ends = sorted(tuple(np.round(p.points[-1] / (CM / 10), 3)) for p in sc.primitives if hasattr(p, "points"))
    assert len(ends) == 9
    assert ends[:3] == [(-22.5, -30), (-15, -15), (-7.5, -30)]


def test_evaluate_with_an_equals_sign_only_inside_braces_is_the_older_form():
    # pgffor's \pgfutil@in@ looks for "=" outside braces only: "\j as \k using {..==..}" is
    # "evaluate=<var> as <macro> using <expr>"; dots at 2 and 3 cm
    sc = parse_tikz(r"\tikz \foreach \j [evaluate=\j as \k using {ifthenelse(\j==1,2,3)}] in {1,2}"
                    r" \fill (\k,0) circle (1pt);")
    assert not sc.diagnostics
    assert [round(p.center[0] / CM, 6) for p in sc.primitives] == [2, 3]


def test_insert_path_with_a_foreach_is_expanded():
    # insert path={foreach ...}: the loop's operations continue the path
    sc = parse_tikz(r"\tikz \draw (0,0) [insert path={foreach \x in {1,2} { -- (\x,\x)}}];")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if hasattr(p, "points")]
    assert np.allclose(lines[0] / CM, [[0, 0], [1, 1], [2, 2]])
