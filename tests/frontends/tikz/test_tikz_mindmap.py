"""Mindmap concepts and their switch-colour connection bars (mindmap.py)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Circle, Polyline, TextLabel

from tikz_fixtures import CM, close

BP = 72.27 / 72  # pt per bp


def test_concepts_and_the_shading_rectangles_of_a_switch_colour_bar():
    # TeX (bp, y down; node a's centre (-62.089844, -31.730468)): a red circle (fill and stroke) whatever the
    # order of concept and concept color; the bar's shading rectangles, clipped to the bar:
    # M-55.51174-46.4922L-65.8594-43.04299L-58.32033-20.4219L-47.97268-23.8711Z fill='#f00' and
    # M6.9219-67.3008L19.1758-71.3867L26.7148-48.7656L14.4609-44.67971Z fill='#00f'
    sc = parse_tikz(r"""\usetikzlibrary{mindmap}
    \node (a) at (0,0) [concept, concept color=red] {A};
    \node (b) at (3,1) [concept color=blue, concept] {Bb};
    \path (a) to[circle connection bar switch color=from (red) to (blue)] (b);""")
    assert not sc.diagnostics
    a, b = [p for p in sc.primitives if isinstance(p, Circle)]
    assert (a.style.fill, a.style.stroke, b.style.fill) == ("#ff0000", "#ff0000", "#0000ff")
    o = np.array([-62.089844, -31.730468])

    def tex(*pts):
        p = np.asarray(pts, dtype=float) - o
        return np.column_stack([p[:, 0], -p[:, 1]]) * BP

    red, blue = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert red.clipped and blue.clipped and red.style.stroke is None
    want_red = tex((-55.51174, -46.4922), (-65.8594, -43.04299), (-58.32033, -20.4219), (-47.97268, -23.8711))
    want_blue = tex((6.9219, -67.3008), (19.1758, -71.3867), (26.7148, -48.7656), (14.4609, -44.67971))
    assert close(sorted(map(tuple, red.points)), sorted(map(tuple, want_red)), tol=1e-2)
    assert close(sorted(map(tuple, blue.points)), sorted(map(tuple, want_blue)), tol=1e-2)


def _bp(o, *pts):
    """TeX's points (bp, y down) relative to the picture's origin ``o``, in pt y up."""
    p = np.asarray(pts, dtype=float) - o
    return np.column_stack([p[:, 0], -p[:, 1]]) * BP


def test_circle_connection_bar_decoration_is_tex_s():
    # pgf manual (decoration start radius=1cm, end radius=.5cm, amplitude=2mm, angle=30 on (1,0) -- (2,0)); TeX
    # (bp, y down, origin (-43.652345, -43.652345)): M-19.1055-57.8281C-14.043-49.05859-14.043-38.25-19.1055-29.4805
    # C-15.5625-35.61719-8.2188-40.82031-1.1328-40.82031V-46.48828C...Z M-1.1328-40.82031H5.9531V-46.48828H-1.1328Z
    # M14.9375-50.74219C12.4062-46.35547 12.4062-40.95313 14.9375-36.56641C13.168-39.63672 9.4961-40.82031
    # 5.9531-40.82031V-46.48828C9.4961-46.48828 13.168-47.67188 14.9375-50.74219Z
    sc = parse_tikz(r"""\usetikzlibrary{mindmap}
    \begin{tikzpicture}[decoration={start radius=1cm,end radius=.5cm,amplitude=2mm,angle=30}]
      \filldraw [draw=red,fill=black,decorate,decoration=circle connection bar] (1,0) -- (2,0);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    # each closed subpath a primitive: the start part, the rectangle, the end part
    start, rect, end = [p for p in sc.primitives if p.style.fill == "#000000"]
    assert isinstance(rect, Polyline) and rect.closed_flag and start.parts[0].closed and end.parts[0].closed
    o = np.array([-43.652345, -43.652345])
    start, end = start.parts[0], end.parts[0]
    assert close(start.controls[0][:4], _bp(o, (-19.1055, -57.8281), (-14.043, -49.05859), (-14.043, -38.25),
                                            (-19.1055, -29.4805)), tol=0.02)
    assert close(start.controls[1][3], _bp(o, (-1.1328, -40.82031))[0], tol=0.02)
    want = _bp(o, (-1.1328, -40.82031), (5.9531, -40.82031), (5.9531, -46.48828), (-1.1328, -46.48828))
    assert close(rect.points.min(axis=0), want.min(axis=0), tol=0.02)
    assert close(rect.points.max(axis=0), want.max(axis=0), tol=0.02)
    assert close(end.controls[0][:4], _bp(o, (14.9375, -50.74219), (12.4062, -46.35547), (12.4062, -40.95313),
                                          (14.9375, -36.56641)), tol=0.02)


def test_to_circle_connection_bar_between_nodes_is_filled_with_the_concept_colour():
    # TeX: the bar filled #8080ff, not stroked; its rectangle M-.7344-42.01562H6.3516V-44.49609 (amplitude
    # .175 times the smaller radius, .5 cm; the angle 20 degrees); origin (-43.253906, -43.253906)
    sc = parse_tikz(r"""\usetikzlibrary{mindmap}
    \begin{tikzpicture}[concept color=blue!50,blue!50,outer sep=0pt]
      \node (n1) at (0,0)   [circle,minimum size=2cm,fill,draw,thick] {};
      \node (n2) at (2.5,0) [circle,minimum size=1cm,fill,draw,thick] {};
      \path (n1) to[circle connection bar] (n2);
    \end{tikzpicture}""")
    start, rect, end = [p for p in sc.primitives if not isinstance(p, Circle)]
    assert {p.style.fill for p in (start, rect, end)} == {"#8080ff"}
    assert {p.style.stroke for p in (start, rect, end)} == {None}
    o = np.array([-43.253906, -43.253906])
    rect = rect.points
    want = _bp(o, (-0.7344, -42.01562), (6.3516, -42.01562), (6.3516, -44.49609), (-0.7344, -44.49609))
    assert close(rect.min(axis=0), want.min(axis=0), tol=0.02) and close(rect.max(axis=0), want.max(axis=0), tol=0.02)
    # the start part: the first circle's arc from 20 to -20 degrees
    assert close(start.parts[0].controls[0][0], _bp(o, (-16.6172, -52.94922))[0], tol=0.02)


def test_mindmap_children_are_joined_by_bars_and_a_child_concept_colour_switches():
    sc = parse_tikz(r"""\usetikzlibrary{mindmap}
    \tikz[mindmap, concept color=red]
      \node [concept, minimum size=4cm] {Root}
        child[grow=0] {node[concept, minimum size=2.25cm] {A}}
        child[grow=90, concept color=blue] {node[concept, minimum size=2.25cm] {B}};""")
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    # the sizes of root concept and level 1 concept (outer sep 0), 5 cm apart (level 1 concept)
    assert sorted(round(c.radius / CM, 3) for c in circles) == [1.125, 1.125, 2.0]
    bar = [p for p in sc.primitives if not isinstance(p, Circle) and not p.clipped and p.style.fill]
    bar = [p for p in bar if not isinstance(p, TextLabel)]
    assert len(bar) == 3 and {p.style.fill for p in bar} == {"#ff0000"} and {p.style.stroke for p in bar} == {None}
    # to A along x: from the root's border (2 cm) to A's (5 cm - 1.125 cm), amplitude .175 * 1.125 cm
    rect = bar[1].points
    a = 0.175 * 1.125 * CM
    assert close(rect.min(axis=0), (2 * CM + 0.5 * 2 * CM, -a / 2), tol=1e-6)
    assert close(rect.max(axis=0), (5 * CM - 1.125 * CM - 0.5 * 1.125 * CM, a / 2), tol=1e-6)
    # to B: the switch-colour shading (red to blue, clipped), not a filled bar
    shades = [p for p in sc.primitives if isinstance(p, Polyline) and p.clipped]
    assert [p.style.fill for p in shades] == ["#ff0000", "#0000ff"]
    # no edge is stroked
    assert not [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke and not p.clipped]


def test_appending_to_a_library_style_keeps_the_library_s_style():
    # a fragment whose preamble loads the library: root concept/.append style adds to the library's style
    sc = parse_tikz(r"""\tikz[root concept/.append style={minimum size=3.5cm}, mindmap] \node [concept] {Root concept};""")
    (c,) = [p for p in sc.primitives if isinstance(p, Circle)]
    (t,) = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert t.font_size == 12.0  # \large of the library's root concept
    # text width 3.5 cm (the library's) with inner sep 1 pt is wider than the 3.5 cm minimum size
    assert c.radius > 1.75 * CM + 1.0


def test_text_width_of_a_scope_holds_for_its_nodes():
    sc = parse_tikz(r"""\begin{tikzpicture}[text width=3cm, align=center]
      \node[draw] {a};
    \end{tikzpicture}""")
    (box,) = [p for p in sc.primitives if isinstance(p, Polyline)]
    xs = box.points[:, 0]
    assert close(xs.max() - xs.min(), 3 * CM + 2 * 0.3333 * 10.0, tol=0.01)


def test_labels_take_the_path_s_text_width_not_their_node_s():
    # a label is a node of its own, made after its node with the path's options
    sc = parse_tikz(r"\tikz \node[draw, text width=3cm, label=above left:$F$] at (0,0) {a};")
    (lab,) = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "$F$"]
    assert lab.box[2] - lab.box[0] < 10  # the width of F, not of 3 cm
    # its south east anchor at the node's border at 135 degrees (on the top side, as far left of the centre
    # as the side is high, outer sep .2 pt), its text inside its inner sep (.3333 em) and outer sep
    (box,) = [p for p in sc.primitives if isinstance(p, Polyline)]
    top = box.points[:, 1].max() + 0.2
    assert close((lab.box[2], lab.box[1]), (-top - 3.5333, top + 3.5333), tol=0.01)
