"""Nodes as boxes: text size from TFM metrics, anchors, borders, placement, labels and pins."""

from __future__ import annotations

import math

import numpy as np

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.fonts import measure, metrics_available
from geoverify.frontends.tikz.geometry import pgf_veclen
from geoverify.scene import Arrow, Circle, Dot, Ellipse, Polyline, TextLabel

from tikz_fixtures import CM, MM, close, node_anchors, only

INNER = 0.3333 * 10.00002  # inner sep .3333em at 10 pt
OUTER = 0.2                # outer sep .5 x 0.4 pt


def test_metrics_table_is_shipped():
    assert metrics_available()
    box, _ = measure("A")
    assert box.width == pytest.approx(7.50002, abs=1e-4) and box.height == pytest.approx(6.83332, abs=1e-4)


def test_math_text_uses_math_italic_and_scripts():
    box, _ = measure("$x_1$")
    # cmmi10 x (5.7164) + cmr7 one (4.0 x 7 pt design) + \scriptspace 0.5 pt
    assert box.width == pytest.approx(5.7164 + 0.569 * 7 + 0.5, abs=0.02)
    assert box.depth == pytest.approx(1.5, abs=1e-6)


def test_node_text_label_anchor_and_box():
    lab = only(parse_tikz(r"\node at (1,2) {A};"), TextLabel)
    w, h = 7.50002, 6.83332
    assert close(lab.anchor, (CM, 2 * CM))
    assert close(lab.box, (CM - w / 2, 2 * CM - h / 2, CM + w / 2, 2 * CM + h / 2), tol=1e-4)


def test_scriptstyle_in_a_formula_drops_the_spaces_of_text_style():
    # TeX puts no thick space around a relation in script style: a=b is as wide as a{=}b there
    spaced, _ = measure(r"$\scriptstyle a = b$")
    tight, _ = measure(r"$\scriptstyle a{=}b$")
    assert spaced.width == pytest.approx(tight.width, abs=1e-6)
    assert measure(r"$a = b$")[0].width > measure(r"$a{=}b$")[0].width + 5


def test_drawn_rectangle_node_outline():
    sc = parse_tikz(r"\node[draw] at (0,0) {A};")
    rect = only(sc, Polyline)
    hw, hh = 7.50002 / 2 + INNER, 6.83332 / 2 + INNER
    assert rect.closed_flag and close(rect.points, [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)], tol=1e-4)


def test_line_between_nodes_ends_on_borders():
    sc = parse_tikz(r"\node[draw] (A) at (0,0) {A}; \node[draw,circle] (B) at (3,0) {B}; \draw (A) -- (B);")
    line = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag][0]
    hw = 7.50002 / 2 + INNER + OUTER
    box_b, _ = measure("B")
    r = pgf_veclen(box_b.width / 2 + INNER, (box_b.height + box_b.depth) / 2 + INNER) + OUTER
    assert close(line.points, [(hw, 0), (3 * CM - r, 0)], tol=1e-4)


def test_anchors_and_numeric_angles():
    sc = parse_tikz(r"""\node[draw, minimum width=2cm, minimum height=1cm, inner sep=0pt] (A) at (0,0) {};
    \coordinate (n) at (A.north); \coordinate (se) at (A.south east); \coordinate (a) at (A.45);
    \draw (n) -- (se) -- (a);""")
    line = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag][0]
    hw, hh = CM + OUTER, 0.5 * CM + OUTER
    assert close(line.points, [(0, hh), (hw, -hh), (hh, hh)], tol=1e-6)


def test_placement_above_right_and_shift():
    lab = only(parse_tikz(r"\node[above right] at (0,0) {A};"), TextLabel)
    assert close(lab.anchor, (0, 0))
    assert lab.box[0] == pytest.approx(INNER + OUTER, abs=1e-4)
    assert lab.box[1] == pytest.approx(INNER + OUTER, abs=1e-4)
    lab = only(parse_tikz(r"\node[above=5pt] at (0,0) {A};"), TextLabel)
    assert lab.box[1] == pytest.approx(5 + INNER + OUTER, abs=1e-4)


def test_placement_shifts_add_up_without_the_positioning_library():
    # plain TikZ: above=<d> adds a shift; a later right=<d> adds another (the anchor is the last one's)
    lab = only(parse_tikz(r"\node[above=5pt, right=3pt] at (0,0) {A};"), TextLabel)
    assert close(lab.box[:2], (3 + INNER + OUTER, 5 - 6.83332 / 2), tol=1e-4)
    # a bare placement key keeps the shift
    lab = only(parse_tikz(r"\node[above=5pt, below] at (0,0) {A};"), TextLabel)
    assert lab.box[3] == pytest.approx(5 - INNER - OUTER, abs=1e-4)


def test_placement_shift_with_the_positioning_library():
    # tikzlibrarypositioning: the last placement's shift replaces the others, plain numbers are in
    # the picture's units and a single diagonal distance is scaled by 0.7071
    doc = r"\usetikzlibrary{positioning}\begin{tikzpicture}%s\end{tikzpicture}"
    lab = only(parse_tikz(doc % r"\node[above=5pt, right=3pt] at (0,0) {A};"), TextLabel)
    assert close(lab.box[:2], (3 + INNER + OUTER, -6.83332 / 2), tol=1e-4)
    lab = only(parse_tikz(doc % r"\node[above right=0.1] at (0,0) {A};"), TextLabel)
    d = 0.1 * CM * 0.707106781
    assert close(lab.box[:2], (d + INNER + OUTER, d + INNER + OUTER), tol=1e-4)


def test_sloped_node_shift_is_along_the_slope():
    # the node's own shift comes after the slope's rotation: above=5pt on an upward line moves left
    lab = only(parse_tikz(r"\draw (0,0) -- node[sloped, above=5pt] {A} (0,2);"), TextLabel)
    assert lab.box[2] == pytest.approx(-5 - INNER - OUTER, abs=1e-4)


def test_node_at_the_corner_of_a_hv_path_takes_the_second_direction():
    # pgf's |- timer: pos 0.5 is the start of the second half (sloped text lies along it)
    lab = only(parse_tikz(r"\draw (0,0) |- node[sloped] {slope} (2,-2);"), TextLabel)
    assert close(lab.anchor, (0, -2 * CM)) and lab.box[2] - lab.box[0] > lab.box[3] - lab.box[1]


@pytest.mark.parametrize("key", ["text centered", "text badly centered", "align=center"])
def test_text_centered_keys_centre_the_lines(key):
    lab = only(parse_tikz(rf"\node[text width=7em, {key}] at (0,0) {{Ring}};"), TextLabel)
    assert lab.box[0] * 72 / 72.27 == pytest.approx(-10.3106, abs=3e-3)


@pytest.mark.parametrize("opts,above,below", [("align=center", 18.83331, 0.0), ("text width=1cm", 6.83331, 12.0)])
def test_baseline_of_several_lines_is_the_last_for_align_and_the_first_for_text_width(opts, above, below):
    # latex: \tikz[baseline=(n.base)] \node[<opts>, inner sep=0pt, outer sep=0pt] (n) {A\\B}; has
    # height/depth 18.83/0 pt with align (a \vbox) and 6.83/12 pt with text width (a minipage[t])
    sc = parse_tikz(rf"\node[{opts}, inner sep=0pt, outer sep=0pt, draw] (n) at (0,0) {{A\\B}};"
                    r"\draw (n.base) -- (n.north);")
    line = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag][0]
    rect = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][0]
    base = line.points[0][1]
    assert rect.points[:, 1].max() - base == pytest.approx(above, abs=1e-3)
    assert base - rect.points[:, 1].min() == pytest.approx(below, abs=1e-3)


def test_line_break_inside_a_group_keeps_the_group_font():
    # {\scriptsize a\\b} in a text width box: two lines, both scriptsize, 12 pt apart (the
    # paragraph ends after the group)
    lab = only(parse_tikz(r"\node[text width=3cm] at (0,0) {\scriptsize{Orakel\\Enc}};"), TextLabel)
    one, _ = measure(r"\scriptsize Orakel")
    assert lab.box[2] - lab.box[0] == pytest.approx(one.width, abs=1e-3)  # the longer line, at 7 pt
    assert lab.box[3] - lab.box[1] == pytest.approx(one.height + 12.0, abs=1e-3)


@pytest.mark.parametrize("opts,expected_pt", [("above right=1cm of a", 20.11914), ("above right=of a", 28.45274),
                                              ("node distance=1cm, above right=of a", 20.11914)])
def test_positioning_diagonal_with_a_single_distance_is_scaled(opts, expected_pt):
    # measured with latex: a single distance is scaled by 0.7071 on a diagonal; the default
    # node distance is "1cm and 1cm" (a pair: not scaled)
    sc = parse_tikz(r"\usetikzlibrary{positioning}\begin{tikzpicture}"
                    r"\node[inner sep=0pt, outer sep=0pt, minimum size=0pt] (a) {};"
                    rf"\node[inner sep=0pt, outer sep=0pt, minimum size=0pt, {opts}] (b) {{}};"
                    r"\draw (a.center) -- (b.center);\end{tikzpicture}")
    line = only(sc, Polyline)
    assert close(line.points[1] - line.points[0], (expected_pt, expected_pt), tol=1e-3)


def test_anchor_after_a_positioning_key_keeps_the_position():
    # above=-5pt of A, anchor=south: the node still goes to A.north - 5pt; only its anchor is set
    sc = parse_tikz(r"\usetikzlibrary{positioning}\begin{tikzpicture}"
                    r"\node[draw, minimum size=1cm, inner sep=0pt, outer sep=0pt] (A) at (0,0) {};"
                    r"\node[above=-5pt of A, anchor=south, draw, minimum size=4pt, inner sep=0pt, outer sep=0pt] {};"
                    r"\end{tikzpicture}")
    small = [p for p in sc.primitives if isinstance(p, Polyline)][1]
    assert small.points[:, 1].min() == pytest.approx(0.5 * CM - 5, abs=1e-6)


def test_positioning_library_right_of():
    sc = parse_tikz(r"""\node[draw] (A) at (0,0) {A}; \node[draw, right=of A] (B) {A};""")
    rects = [p for p in sc.primitives if isinstance(p, Polyline)]
    a_east = rects[0].points[:, 0].max() + OUTER
    b_west = rects[1].points[:, 0].min() - OUTER
    assert b_west - a_east == pytest.approx(CM)  # node distance 1cm between borders


def test_node_on_path_midway_and_pos():
    sc = parse_tikz(r"\draw (0,0) -- node[pos=0.25] {a} (4,0) node[midway, above] {b};")
    a, b = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert close(a.anchor, (CM, 0)) and close(b.anchor, (2 * CM, 0))


def test_node_at_end_of_path():
    lab = only(parse_tikz(r"\draw (0,0) -- (2,1) node[right] {P};"), TextLabel)
    assert close(lab.anchor, (2 * CM, CM))


def test_label_and_pin_attach_to_the_node_border():
    sc = parse_tikz(r"\node[draw, label=above:$L$, pin=right:P] (A) at (0,0) {A};")
    labels = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    hh = 6.83332 / 2 + INNER + OUTER
    hw = 7.50002 / 2 + INNER + OUTER
    assert close(labels["$L$"].anchor, (0, hh), tol=1e-6)
    assert close(labels["P"].anchor, (hw, 0), tol=1e-6)
    pin_edge = [p for p in sc.primitives if isinstance(p, Polyline) and p.source.construct == "pin"]
    assert len(pin_edge) == 1


def test_small_filled_circle_node_is_a_dot():
    d = only(parse_tikz(r"\node[circle, fill, inner sep=1.5pt] at (1,0) {};"), Dot)
    # pgf's circle: radius = veclen(w/2 + inner xsep, (h+d)/2 + inner ysep), pgf's own length approximation
    assert close(d.center, (CM, 0)) and d.radius == pytest.approx(pgf_veclen(1.5, 1.5))
    assert d.radius == pytest.approx(1.5 * math.sqrt(2), rel=5e-3)


def test_ellipse_node():
    e = only(parse_tikz(r"\node[draw, ellipse, minimum width=2cm, minimum height=1cm, inner sep=0pt] at (0,0) {};"),
             Ellipse)
    assert (e.rx, e.ry) == pytest.approx((CM, 0.5 * CM))


def test_rotated_node_outline():
    rect = only(parse_tikz(r"\node[draw, rotate=90, minimum width=2cm, minimum height=1cm, inner sep=0pt] at (0,0) {};"),
                Polyline)
    xs, ys = rect.points[:, 0], rect.points[:, 1]
    assert xs.max() == pytest.approx(0.5 * CM) and ys.max() == pytest.approx(CM)


def test_sloped_node_is_rotated_with_the_path():
    lab = only(parse_tikz(r"\draw (0,0) -- node[sloped] {slope} (2,2);"), TextLabel)
    bw, bh = lab.box[2] - lab.box[0], lab.box[3] - lab.box[1]
    assert bw == pytest.approx(bh)  # a 45 degree text box has a square bounding box


def test_font_size_keys():
    small = only(parse_tikz(r"\node[font=\small] at (0,0) {A};"), TextLabel)
    assert small.font_size == pytest.approx(9.0)
    # LaTeX sets \small (9 pt) in cmr9, not cmr10 scaled: "A" is 6.93605 pt wide (measured with latex)
    assert small.box[2] - small.box[0] == pytest.approx(6.93605, abs=1e-4)
    tt = only(parse_tikz(r"\node[font=\ttfamily] at (0,0) {AB};"), TextLabel)
    assert tt.box[2] - tt.box[0] == pytest.approx(2 * 5.25, abs=1e-3)  # cmtt10 is fixed-width 0.525 em


def test_cross_out_strokes_reach_the_outer_sep_corners():
    # pgflibraryshapes.misc draws between the saved south west and north east anchors, which
    # hold the outer sep (half of ultra thick's 1.6pt here)
    sc = parse_tikz(r"\node[draw, cross out, ultra thick, inner sep=0pt, minimum size=4pt] at (0,0) {};")
    a, b = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert close(a.points, [(-2.8, -2.8), (2.8, 2.8)], tol=1e-9) and close(b.points, [(-2.8, 2.8), (2.8, -2.8)], tol=1e-9)


def test_fit_covers_the_nodes():
    sc = parse_tikz(r"""\coordinate (A) at (0,0); \coordinate (B) at (2,1);
    \node[draw, fit=(A) (B), inner sep=0pt] {};""")
    rect = only(sc, Polyline)
    assert close(rect.points[[0, 2]] / CM, [(0, 0), (2, 1)])


def test_fit_circle_is_built_around_the_box():
    # fit sets the text box: a circle's radius is half the box's diagonal plus the inner seps
    sc = parse_tikz(r"""\coordinate (A) at (0,0); \coordinate (B) at (3,4);
    \node[draw, circle, fit=(A) (B), inner sep=1pt] {};""")
    c = only(sc, Circle)
    assert close(c.center, (1.5 * CM, 2 * CM)) and c.radius == pytest.approx(pgf_veclen(1.5 * CM + 1, 2 * CM + 1), abs=1e-3)


def test_fit_text_is_centred_in_the_box():
    lab = only(parse_tikz(r"""\coordinate (A) at (0,0); \coordinate (B) at (2,1);
    \node[fit=(A) (B), inner sep=0pt] {A};"""), TextLabel)
    box, _ = measure("A")
    assert close(((lab.box[0] + lab.box[2]) / 2, lab.box[1] + box.depth), (CM, 0.5 * CM - box.depth / 2 + box.depth), tol=1e-3)


def test_pic_angle_and_right_angle():
    from geoverify.scene import Arc
    sc = parse_tikz(r"""\coordinate (A) at (1,0); \coordinate (B) at (0,0); \coordinate (C) at (0,1);
    \draw pic[draw, angle radius=5mm, "$\alpha$"] {angle=A--B--C};
    \draw pic[draw, angle radius=3mm] {right angle=A--B--C};""")
    arc = only(sc, Arc)
    assert close(arc.center, (0, 0)) and arc.rx == pytest.approx(0.5 * CM)
    assert arc.start == pytest.approx(0) and arc.sweep == pytest.approx(math.pi / 2)
    lab = only(sc, TextLabel)
    r = 0.6 * 0.5 * CM  # angle eccentricity 0.6
    assert close(lab.anchor, (r / math.sqrt(2), r / math.sqrt(2)))
    mark = [p for p in sc.primitives if isinstance(p, Polyline)][0]
    assert close(mark.points / CM, [(0.3, 0), (0.3, 0.3), (0, 0.3)])


def test_pic_angle_defaults_to_A_B_C():
    # tikzlibraryangles: pics/angle/.default=A--B--C
    from geoverify.scene import Arc
    sc = parse_tikz(r"""\draw (2,0) coordinate (A) -- (0,0) coordinate (B) -- (1,1) coordinate (C)
      pic[draw] {angle};""")
    arc = only(sc, Arc)
    assert close(arc.center, (0, 0)) and arc.rx == pytest.approx(0.5 * CM)
    assert arc.start == pytest.approx(0) and arc.sweep == pytest.approx(math.pi / 4)


def test_named_coordinate_at_drops_tokens_before_the_point():
    # tikz.code.tex reads "coordinate (n) at#3(" and drops #3: "at ++(0,1)" is absolute,
    # "at junk(0,2)" is (0,2) (checked with latex + dvisvgm)
    sc = parse_tikz(r"""\path (2,0) coordinate (b) at ++(0,1); \draw (b) -- (0,0);
    \coordinate (c) at junk++(0,2); \draw (c) -- (0,0);""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert close(lines[0].points / CM, [(0, 1), (0, 0)])
    assert close(lines[1].points / CM, [(0, 2), (0, 0)])
    assert not sc.diagnostics


def test_coordinates_among_an_operations_nodes():
    # "-- coordinate (m) (b)" and "edge[..] coordinate[pos=.7] (p) (b)" are on-path nodes
    # of shape coordinate; latex + dvisvgm puts p at (39.77, 6.99) pt on the bent edge
    sc = parse_tikz(r"""\draw (0,0) -- coordinate (m) (2,2) coordinate (e) -- (4,0); \draw (m) -- (e);
    \draw (0,0) edge[bend left] coordinate[pos=0.7] (p) (2,0); \draw (p) -- (0,0);""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert close(lines[1].points / CM, [(1, 1), (2, 2)])
    assert close(lines[2].points[0], (39.77, 6.99), tol=0.02)
    assert not sc.diagnostics


def test_node_name_path_and_intersections_in_pgf_order():
    # a node's name path is its shape's path; pgf numbers the crossings by the segment of
    # the first path, then of the second (latex + dvisvgm: intersection-1 is the upper one)
    sc = parse_tikz(r"""\node[circle, minimum width=4cm, name path=E] at (0,0) (E) {};
    \node[circle, minimum width=1.2cm, name path=F] at (E.north east) (F) {};
    \path[name intersections={of=E and F}];
    \draw (intersection-1) -- (intersection-2);""")
    line = only(sc, Polyline)
    assert close(line.points * 72 / 72.27, [(26.44, 50.164), (50.18, 26.41)], tol=0.03)
    assert not sc.diagnostics


def test_node_animations_draw_the_still_picture():
    # the node as it stands before its animation, which is what TeX draws (animations.py); nothing
    # to report without a snapshot
    sc = parse_tikz(r"""\node (n) :rotate = {0s="0", 2s="90", begin on = {click, of = X}}
      [draw, minimum size=1cm, inner sep=0pt] {};""")
    assert close(only(sc, Polyline).points[0], (-0.5 * CM, -0.5 * CM))
    assert not sc.diagnostics


def test_three_dimensional_xyz_coordinates():
    p = only(parse_tikz(r"\draw (0,0,0) -- (0,0,1);"), Polyline)
    z = 0.385 * CM  # default z vector (-3.85mm, -3.85mm)
    assert close(p.points[1], (-z, -z))


def test_midway_node_on_a_rectangle_is_its_centre():
    lab = only(parse_tikz(r"\draw (0,0) rectangle (4,2) node[midway] {c};"), TextLabel)
    assert close(lab.anchor, (2 * CM, CM))


def test_text_height_sizes_the_shape_and_moves_the_baseline():
    # TeX (latex + dvisvgm): \node[draw,text height=10pt] {y} is 18.539 bp tall and its
    # baseline sits 4.0128 bp below the centre; the glyph keeps its own size.
    sc = parse_tikz(r"\node[draw,text height=10pt] at (0,0) {y};")
    rect = only(sc, Polyline)
    lab = only(sc, TextLabel)
    bp = 72.27 / 72
    height = rect.points[:, 1].max() - rect.points[:, 1].min()
    assert height == pytest.approx(18.539 * bp, abs=2e-3)
    box, _ = measure("y")
    assert lab.box[1] + box.depth == pytest.approx(-4.0128 * bp, abs=2e-3)
    assert lab.box[3] - lab.box[1] == pytest.approx(box.height + box.depth, abs=1e-9)


def test_size_switch_in_a_picture_sets_node_font_and_inner_sep():
    # TeX (latex + dvisvgm): after \large a drawn node "Ag" is 22.4297 x 18.2969 bp (cmr12,
    # inner sep .3333em of 11.75 pt); inside {\small ...} 17.6602 x 14.0156 bp (cmr9).
    sc = parse_tikz(r"""\large \node[draw] at (0,0) {Ag};
    {\small \node[draw] at (2,0) {Ag};} \node[draw] at (4,0) {Ag};""")
    bp = 72 / 72.27
    sizes = [(p.points.max(0) - p.points.min(0)) * bp for p in sc.primitives if isinstance(p, Polyline)]
    assert close(sizes[0], (22.4297, 18.2969), tol=2e-3) and close(sizes[2], sizes[0], tol=1e-9)
    assert close(sizes[1], (17.6602, 14.0156), tol=3e-3)


def test_size_environment_in_a_picture_is_a_group_with_that_size():
    # TeX (latex + dvisvgm): \begin{small}...\end{small} after \large sets its node as {\small ...}
    # does (17.6602 x 14.0156 bp) and the size after it is \large again (22.4297 x 18.2969 bp).
    sc = parse_tikz(r"""\large \node[draw] at (0,0) {Ag};
    \begin{small}\node[draw] at (2,0) {Ag};\end{small} \node[draw] at (4,0) {Ag};""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    bp = 72 / 72.27
    sizes = [(p.points.max(0) - p.points.min(0)) * bp for p in sc.primitives if isinstance(p, Polyline)]
    assert close(sizes[1], (17.6602, 14.0156), tol=3e-3)
    assert close(sizes[0], (22.4297, 18.2969), tol=2e-3) and close(sizes[2], sizes[0], tol=1e-9)


def test_font_boldmath_sets_the_node_math_in_the_bold_version():
    # TeX (latex + dvisvgm): after \large, font=\boldmath on a node with inner sep 0 around $f_2$
    # gives a 12.2136 x 10.6679 pt box (cmmib10 f, cmbx8 2); without it the normal cmmi12 and cmr8.
    sc = parse_tikz(r"""\large \node[draw, inner sep=0pt, font=\boldmath] at (0,0) {$f_2$};
    \node[draw, inner sep=0pt] at (3,0) {$f_2$};""")
    boxes = [p.points.max(0) - p.points.min(0) for p in sc.primitives if isinstance(p, Polyline)]
    assert close(boxes[0], (12.2136, 8.3384 + 2.3295), tol=5e-3)
    assert boxes[1][0] == pytest.approx(measure("$f_2$", 12.0)[0].width, abs=1e-9)
    assert boxes[1][0] < boxes[0][0] - 0.5


def test_placement_in_label_options_overrides_the_label_anchor():
    # TeX (latex + dvisvgm): label={[red,left]{$U$}} on an empty node at the origin puts U's east
    # anchor on the node's north: the text starts 11.4084 bp left of it, its baseline 0.1159 bp up.
    sc = parse_tikz(r"\path node[label={[red,left]{$U$}}] at (0,0) {};")
    lab = only(sc, TextLabel)
    bp = 72.27 / 72
    assert lab.box[0] == pytest.approx(-11.4084 * bp, abs=2e-3)
    assert lab.box[1] == pytest.approx(0.1159 * bp, abs=2e-3)  # U has no depth


def test_pin_distance_in_the_pin_options():
    # TeX (latex + dvisvgm): pin={[pin distance=30,inner sep=1pt]20:$w$} on an empty node at the
    # origin: "w" starts 32.8004 bp right of it with its baseline 12.6996 bp up; the pin edge
    # ends at (31.6055, 12.8516) bp.
    sc = parse_tikz(r"\node [pin={[pin distance=30,inner sep=1pt]20:$w$}] at (0,0) {};")
    lab = only(sc, TextLabel)
    bp = 72.27 / 72
    assert lab.box[0] == pytest.approx(32.8004 * bp, abs=2e-3)
    assert lab.box[1] == pytest.approx(12.6996 * bp, abs=2e-3)  # w has no depth
    edge = only(sc, Polyline)
    assert close(edge.points[1], ((-37.0742 + 68.679691) * bp, (66.8672 - 54.015624) * bp), tol=3e-3)


def test_pin_options_scale_the_pin_distance():
    # TeX (latex + dvisvgm): pin={[pin distance=25,scale=0.8]0:$w$} on a coordinate at the origin:
    # the edge ends 19.926 bp right of it (0.8 x 25pt), "w" starts at 22.7434 bp
    sc = parse_tikz(r"\coordinate[pin={[pin distance=25,scale=0.8]0:$w$}] (r1) at (0,0);")
    bp = 72.27 / 72
    assert close(only(sc, Polyline).points[1], (19.926 * bp, 0.0), tol=2e-3)
    assert only(sc, TextLabel).box[0] == pytest.approx(22.7434 * bp, abs=3e-3)


def test_text_width_wraps_the_text_into_lines():
    # TeX (latex + dvisvgm): these nodes are 91.6797 x 51.3633 bp (four lines) and
    # 63.3360 x 38.8555 bp (three lines of cmtt10).
    sc = parse_tikz(r"""\node[draw, text width=3cm] at (0,0)
        {The quick brown fox jumps over the lazy dog and keeps running far away};
    \node[draw, text width=2cm, align=center] at (5,0) {\texttt{How many outlined objects}};""")
    bp = 72 / 72.27
    sizes = [(p.points.max(0) - p.points.min(0)) * bp for p in sc.primitives if isinstance(p, Polyline)]
    assert close(sizes[0], (91.6797, 51.3633), tol=3e-3)
    assert close(sizes[1], (63.3360, 38.8555), tol=3e-3)


def test_auto_with_a_value_places_nodes_beside_the_path():
    # TeX (latex + dvisvgm): with auto=left in the picture options the midway circle "a--b"
    # sits above the line, its centre 13.1367 bp over it (-59.0586 vs -45.9219 bp).
    sc = parse_tikz(r"""\begin{tikzpicture}[scale=.8,auto=left,every node/.style={circle,fill=blue!20}]
      \node (a) at (-1,-2) {a}; \node (b) at ( 1,-2) {b};
      \draw [->] (a) -- (b) node[midway,fill=red!20] {a--b};
    \end{tikzpicture}""")
    mid = [p for p in sc.primitives if isinstance(p, Circle)][-1]
    assert mid.center[1] - (-2 * 0.8 * 72.27 / 2.54) == pytest.approx(13.1367 * 72.27 / 72, abs=3e-3)


def test_odot_has_the_metrics_of_cmsy_code_12():
    # TeX (latex + dvisvgm): \node[circle, draw] {$\odot$} has radius 9.7969 bp (cmsy10 char 12,
    # 7.78 x 6.67 pt like \oplus).
    c = only(parse_tikz(r"\node[circle, draw] at (2,0) {$\odot$};"), Circle)
    assert c.radius * 72 / 72.27 == pytest.approx(9.7969, abs=2e-3)


def test_font_key_lines_use_latex_baselineskip_and_inner_sep_keeps_the_surrounding_em():
    # TeX (latex + dvisvgm): with font=\scriptsize three lines are 8 pt apart and inner sep stays
    # .3333 of the 10 pt em: 15.0117 x 27.4219 bp; font=\large two lines 14 pt apart: 19.0 x 28.8906 bp.
    sc = parse_tikz(r"""\begin{tikzpicture}[font=\scriptsize]
    \node[draw, align=center] at (0,0) {ab\\cd\\ef};
    \node[draw, align=center, font=\large] at (2,0) {ab\\cd};\end{tikzpicture}""")
    bp = 72 / 72.27
    sizes = [(p.points.max(0) - p.points.min(0)) * bp for p in sc.primitives if isinstance(p, Polyline)]
    assert close(sizes[0], (15.0117, 27.4219), tol=3e-3)
    assert close(sizes[1], (19.0, 28.8906), tol=3e-3)


def test_coordinate_options_can_give_it_a_shape():
    # TeX (latex + dvisvgm): coordinate [circle,fill,inner sep=1pt,label=above:$p_4$] is a dot of
    # radius 1.4082 bp (pgf's circle around an empty text) and the label sits on top of it.
    sc = parse_tikz(r"\path (1,0) coordinate [circle,fill,inner sep=1pt,label=above:$p_4$] (p4);")
    dot = only(sc, Dot)
    assert dot.radius * 72 / 72.27 == pytest.approx(1.4082, abs=2e-3)
    lab = only(sc, TextLabel)
    assert lab.box[1] > dot.center[1] + dot.radius


@pytest.mark.parametrize("align,left_bp", [("center", -10.3106), (None, -34.8711), ("right", 14.2515)])
def test_text_in_a_text_width_box_sits_by_its_alignment(align, left_bp):
    # TeX (latex + dvisvgm): "Ring" in text width=7em starts 10.3106 bp left of the node's centre
    # when centred, 34.8711 bp left by default (flush left) and 14.2515 bp right when flush right.
    opts = "text width=7em" + (f", align={align}" if align else "")
    lab = only(parse_tikz(rf"\node[{opts}] at (0,0) {{Ring}};"), TextLabel)
    assert lab.box[0] * 72 / 72.27 == pytest.approx(left_bp, abs=3e-3)


def test_rounded_rectangle_shape_has_half_circle_ends():
    # TeX (latex + dvisvgm, shapes.misc): minimum width=15em, minimum height=2em, empty: 142.8008 x
    # 19.9258 bp (pgf leaves the two inner xseps out of the minimum width); {Text}: 28.418 x 13.4453 bp.
    from geoverify.scene import BezierPath
    sc = parse_tikz(r"""\node[draw, minimum width=15em, minimum height=2em, rounded rectangle] at (0,0) {};
    \node[draw, rounded rectangle] at (0,-2) {Text};""")
    paths = [p for p in sc.primitives if isinstance(p, BezierPath)]
    assert len(paths) == 2
    bp = 72 / 72.27
    for p, want in zip(paths, [(142.8008, 19.9258), (28.418, 13.4453)]):
        c = p.subpaths()[0].controls.reshape(-1, 2)
        assert close((c.max(0) - c.min(0)) * bp, want, tol=5e-3)
    assert not any(d.code == "APPROXIMATED" and "rounded rectangle" in d.message for d in sc.diagnostics)


def test_inner_sep_of_the_picture_applies_to_its_nodes_but_not_to_labels_from_node_options():
    # TeX (latex + dvisvgm): [inner sep=0pt, dot/.style={fill=blue,circle,minimum size=3pt}] draws
    # the dots with radius 1.4941 bp (the minimum size, no inner sep).
    sc = parse_tikz(r"""\begin{tikzpicture}[inner sep=0pt,thick,dot/.style={fill=blue,circle,minimum size=3pt}]
    \node[dot] at (1,1) {}; \node[inner sep=5pt, draw, label=above:$x$] at (3,0) {A};\end{tikzpicture}""")
    dot = only(sc, Dot)
    assert dot.radius * 72 / 72.27 == pytest.approx(1.4941, abs=2e-3)
    lab = [t for t in sc.primitives if isinstance(t, TextLabel) and t.text == "$x$"][0]
    box = [p for p in sc.primitives if isinstance(p, Polyline)][0]
    # TeX: the label node keeps the picture's inner sep 0: "x" sits 0.797 bp over the box, the
    # two outer seps (0.4 pt each, half the thick line) and nothing else
    assert lab.box[1] - box.points[:, 1].max() == pytest.approx(0.797 * 72.27 / 72, abs=3e-3)


def test_local_bounding_box_of_a_scope_is_a_node():
    sc = parse_tikz(r"""\usetikzlibrary{scopes}\begin{tikzpicture}
      \begin{scope}[local bounding box=b]
        \draw (0,0) circle (1); \node[draw] at (3,0) {x};
        \begin{scope}[xshift=1cm] \draw (0,0) -- (0,2); \end{scope}
      \end{scope}
      \draw[red] (b.south west) rectangle (b.north east);
      { [local bounding box=c] \draw (5,5) -- (6,7); }
      \draw[blue] (c.south west) -- (c.north east);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    lines = {p.style.stroke: p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke != "#000000"}
    red = lines["#ff0000"].points
    node = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.stroke == "#000000"][0]
    # the circle's left and bottom, the nested scope's line top, the node's right side and its outer sep
    assert close(red.min(axis=0), (-CM, -CM))
    assert close(red.max(axis=0), (node.points[:, 0].max() + 0.2, 2 * CM))
    assert close(lines["#0000ff"].points, [(5 * CM, 5 * CM), (6 * CM, 7 * CM)])


def test_a_picture_in_node_text_sizes_the_node_and_is_drawn_in_it():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[draw, scale=2] (m) at (1,0) {\begin{tikzpicture}\draw (5,5) rectangle (6,7); \node[draw] at (5,5) {};
        \end{tikzpicture}};
      \node[draw, inner sep=0pt] (t) at (0,-3) {\tikz \draw (0,0) circle (1);};
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    boxes = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    outer, rect, small = boxes[0], boxes[1], boxes[2]
    # the inner bounding box: the rectangle and the empty node at its corner (half its size:
    # inner sep 3.3333pt and outer sep 0.2pt) reaching beyond it to the left and below
    half = 3.3333 + 0.2
    w, h = CM + half, 2 * CM + half
    assert close(np.ptp(outer.points, axis=0), (2 * (w + 2 * 3.3333), 2 * (h + 2 * 3.3333)), tol=1e-3)
    # the drawing is scaled with the node and centred in it
    assert close(np.ptp(rect.points, axis=0), (2 * CM, 4 * CM))
    assert close(outer.points.mean(axis=0), (CM, 0))
    assert close(rect.points.min(axis=0), (CM - w + 2 * half, -h + 2 * half), tol=1e-3)
    c = only(sc, Circle)
    assert close(c.center, (0, -3 * CM)) and c.radius == pytest.approx(CM)
    assert close(np.ptp(boxes[3].points, axis=0), (2 * CM, 2 * CM))


def test_path_picture_draws_in_the_bounding_box_of_a_path_or_node():
    sc = parse_tikz(r"""\tikzset{cross/.style={path picture={\draw[red]
        (path picture bounding box.south east) -- (path picture bounding box.north west);}}}
      \begin{tikzpicture}\draw[cross] (1,0) circle (0.5); \node[draw,cross,inner sep=0pt,minimum size=1cm] at (3,0) {};
      \end{tikzpicture}""")
    assert not sc.diagnostics
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    assert len(red) == 2 and all(p.clipped for p in red)
    assert close(red[0].points / CM, [(1.5, -0.5), (0.5, 0.5)])   # the circle's box
    assert close(red[1].points / CM, [(3.5, -0.5), (2.5, 0.5)])   # the node's shape, outer sep not included
    # a node's path picture is drawn in the node's frame: (0,0) is its centre
    sc = parse_tikz(r"\begin{tikzpicture}[scale=2]\node[draw,path picture={\draw[red] (0,0) -- (1mm,0);}] "
                    r"at (3,1) {x};\end{tikzpicture}")
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0]
    assert close(red.points, [(6 * CM, 2 * CM), (6 * CM + MM, 2 * CM)])


def test_names_inside_a_node_picture_keep_the_inner_coordinates():
    # pgf has no shift between pictures without "remember picture": (B) is read at (1,0)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[draw] at (5,5) {\tikz \coordinate (B) at (1,0);};
      \draw[red] (0,0) -- (B);
    \end{tikzpicture}""")
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0]
    assert close(red.points[-1], (CM, 0))


def test_label_of_a_fit_node_sits_above_the_fitted_box():
    # the label is a node of its own, not fitted around the same points (TeX: the text's
    # bottom 72.65 bp above the lower circle's centre, centred on it)
    sc = parse_tikz(r"""\begin{tikzpicture}[neuron/.style={circle, draw, minimum size=4ex, thick}]
      \coordinate[neuron] (a) at (0,0);
      \coordinate[neuron] (b) at (0,2);
      \node [label=sample, fit=(a) (b), draw] (s) {};
    \end{tikzpicture}""")
    box = [p for p in sc.primitives if isinstance(p, Polyline)][0].points
    label = [p for p in sc.primitives if isinstance(p, TextLabel)][0]
    assert label.box[1] > box[:, 1].max()
    assert abs((label.box[0] + label.box[2]) / 2) < 1e-6
    assert abs(label.box[1] - 72.65 * 72.27 / 72) < 0.1


def test_node_contents_from_a_style_with_two_arguments_and_no_text():
    # node[node contents=..] is written without {text}; here the key comes from a style
    # (TeX: the drawn box 20.04 .. 36.65 bp right of the path's start, around "12")
    sc = parse_tikz(r"""\begin{tikzpicture}[w/.style 2 args={node contents={#1#2}, draw}]
      \path (0,0) -- (2,0) node[midway, w={1}{2}];
    \end{tikzpicture}""")
    assert not sc.diagnostics
    label = only(sc, TextLabel)
    assert label.text == "12"
    box = only(sc, Polyline).points
    assert close(box[:, 0].min(), 20.04 * 72.27 / 72, tol=0.02) and close(box[:, 0].max(), 36.65 * 72.27 / 72, tol=0.02)


def test_pgfmath_parse_and_printnumber_in_node_text_and_node_contents():
    # as TeX typesets them: fixed two decimals; pgf's std format groups thousands; node contents
    # are expanded like node text
    sc = parse_tikz(r"""\begin{tikzpicture}[w/.style={node contents={\pgfmathparse{0.35-2*0.15}\pgfmathprintnumber[fixed]{\pgfmathresult}}}]
      \node[draw] {\pgfmathparse{0.35*2-1*0.15}\pgfmathprintnumber[fixed]{\pgfmathresult}};
      \node at (0,1) {\pgfmathprintnumber{12345.678}};
      \path (0,2) node[w];
    \end{tikzpicture}""")
    assert [p.text for p in sc.primitives if isinstance(p, TextLabel)] == [
        "\\ensuremath{0.55}", "\\ensuremath{12{,}345.68}", "\\ensuremath{0.05}"]
    assert not sc.diagnostics


def test_printnumber_inside_math_is_set_in_that_math():
    # pgf sets the number with \pgfutilensuremath: inside $...$ no second pair of dollars
    inside, plain = (only(parse_tikz(r"\begin{tikzpicture}\node {" + t + r"};\end{tikzpicture}"), TextLabel)
                     for t in (r"$x=\pgfmathprintnumber{-2.5}$", r"$x=-2.5$"))
    np.testing.assert_allclose(inside.box, plain.box, atol=1e-9)
    alone, math = (only(parse_tikz(r"\begin{tikzpicture}\node {" + t + r"};\end{tikzpicture}"), TextLabel)
                   for t in (r"\pgfmathprintnumber{-2.5}", r"$-2.5$"))
    np.testing.assert_allclose(alone.box, math.box, atol=1e-9)


def test_every_shape_node_style_applies_after_the_node_options():
    # tikz.code.tex runs "every <shape> node/.try" once a node's options are read: latex +
    # dvisvgm draws the circle with radius 14.1739 bp (minimum size=1cm beats the node's 2cm)
    # and the rectangle in red (beating draw=blue); a rectangle node gets no circle style
    sc = parse_tikz(r"""\begin{tikzpicture}[every circle node/.style={draw, minimum size=1cm},
        every rectangle node/.style={draw, red}]
      \node[circle, minimum size=2cm] at (0,0) {A};
      \node[rectangle, draw=blue] at (2,0) {B};
      \node[circle] at (4,0) {C};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert np.allclose([c.radius * 72 / 72.27 for c in circles], [14.1739, 14.1739], atol=0.005)
    rects = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert len(rects) == 1 and rects[0].style.stroke == "#ff0000"
    assert np.allclose(np.ptp(rects[0].points, axis=0) * 72 / 72.27, [77.91415 - 64.21875, 21.09771 - 7.6485],
                       atol=0.01)


def test_allow_upside_down_keeps_a_sloped_node_turned_with_a_leftward_path():
    # latex + dvisvgm: "above" a leftward line sits above it, but with allow upside down the
    # node turns by 180 degrees and its box (10.9297 bp high) hangs below the line
    sc = parse_tikz(r"""\begin{tikzpicture}
      \draw (2,0) -- (0,0) node[midway,sloped,above,draw] {x};
      \draw[allow upside down] (2,-1) -- (0,-1) node[midway,sloped,above,draw] {x};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4]
    up, down = (b[:, 1] for b in boxes)
    assert np.isclose(up.min(), 0.2) and np.isclose(np.ptp(up) * 72 / 72.27, 10.9297, atol=0.01)
    assert np.isclose(down.max(), -CM - 0.2) and np.isclose(np.ptp(down) * 72 / 72.27, 10.9297, atol=0.01)


def test_node_font_sizes_the_shape_and_minimums_in_em_use_the_nodes_font():
    # pgf reads minimum height=3em when it builds the shape, in the node's font: node font=\small
    # sets it (cmr9's quad) and the inner sep, font=\small only the text. latex + dvisvgm's
    # boxes (bp): 27.1836 x 27.6445, 27.6836 x 29.8867, and 8ex of \large 41.1798 wide
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[node font=\small, minimum height=3em, draw] at (0,0) {small};
      \node[font=\small, minimum height=3em, draw] at (2,0) {small};
      \node[node font=\large, minimum width=8ex, draw] at (4,0) {t};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    sizes = [np.ptp(p.points, axis=0) * 72 / 72.27 for p in sc.primitives if isinstance(p, Polyline)]
    assert np.allclose(sizes, [[27.1836, 27.6445], [27.6836, 29.8867], [41.1798, 15.1562]], atol=0.01)


def test_centered_puts_a_labels_centre_on_its_border_point():
    # tikz.code.tex: centered is anchor=center. latex + dvisvgm centres label A on the circle's
    # 135 degree border point, (-20.1855, 20.1855) bp from its centre; B keeps its south east
    # anchor there; a node with centered stays centred on its position
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[circle, draw, minimum size=2cm, label={[centered, draw]135:A}, label={[draw]135:B}] at (0,0) {};
      \node[draw, centered] at (3,0) {C};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    a, b, c = (p.points.mean(axis=0) for p in sc.primitives if isinstance(p, Polyline))
    assert np.allclose(a, np.array([-20.1855, 20.1855]) * 72.27 / 72, atol=0.01)
    assert np.allclose(b, np.array([-27.2324, 27.1075]) * 72.27 / 72, atol=0.01)
    assert np.allclose(c, [3 * CM, 0.0])


def test_a_label_at_center_sits_centred_on_the_node():
    # tikz@label@post: label=center:R is centred on the node's centre, whatever anchor its own
    # options give; latex + dvisvgm: R's box centre on the node's, Q's 22.2659 bp above it
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[draw, minimum width=2cm, minimum height=1cm, label={[draw, anchor=south]center:R},
            label={[draw]above:Q}] at (0,0) {};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    node, r, q = (p.points.mean(axis=0) for p in sc.primitives if isinstance(p, Polyline))
    assert np.allclose(r, node)
    assert np.allclose(q - node, [0.0, 22.2659 * 72.27 / 72], atol=0.01)


def test_a_labels_box_does_not_take_its_nodes_minimum_size_in_ex():
    # the petri library's places have minimum size=5ex; their labels are nodes of their own,
    # as large as their text (12.916 pt high for "p"), not 5ex (21.53 pt)
    def label_box(opts):
        sc = parse_tikz(r"\tikz \node[circle, draw, %s, label={[draw]above:p}] {};" % opts)
        return [p.points for p in sc.primitives if isinstance(p, Polyline)][-1]
    box = label_box("minimum size=5ex")
    assert np.allclose(box - box[0], label_box("minimum size=1pt") - label_box("minimum size=1pt")[0])
    assert np.isclose(np.ptp(box[:, 1]), 12.916, atol=0.01)


def test_sloped_node_at_a_vertical_tangent_is_not_turned():
    # pgf turns sloped text when the tangent's x is below 0pt (in sp); the curve's tangent at
    # pos 0.5 is vertical, upwards (TeX: "0.5" left of the curve, above in the rotated frame)
    sc = parse_tikz(r"\draw (0,0) .. controls +(up:2cm) and +(left:2cm) .. (1,3) node [sloped,above,pos=0.5] {x};")
    lab = only(sc, TextLabel)
    x_curve = -0.25 * CM  # B(0.5).x
    assert lab.box[2] < x_curve and lab.box[0] < x_curve - 5


def test_a_label_named_in_its_options_can_be_referred_to():
    # label={[name=L]above:..}: the label node is named L; its south anchor is the point above
    # the circle (radius: the inner seps' diagonal, 4.714 pt, and the outer sep)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node [circle, draw, label={[name=L]above:$a$}] {};
      \draw [red] (L.south) -- +(1,0);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0]
    assert close(red.points[0], (0, math.hypot(INNER, INNER) + OUTER), tol=1e-3)


def test_a_shape_given_to_the_picture_holds_for_its_nodes_and_labels():
    # \tikz@shape is not reset for a node: [circle] on the picture makes circles (pgf manual,
    # "right=of" chains of empty circles); a label takes the path's shape, not its node's own
    sc = parse_tikz(r"""\begin{tikzpicture}[circle]
      \node [draw] (s) {};
      \node [draw, rectangle, label={[draw]above:L}] at (1,0) {};
    \end{tikzpicture}""")
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    boxes = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert len(circles) == 2 and len(boxes) == 1  # s and the label; the rectangle node
    assert close(circles[0].radius, math.hypot(INNER, INNER), tol=1e-3)
    plain = parse_tikz(r"\node [circle, draw, label={[draw]above:L}] {};")
    assert len([p for p in plain.primitives if isinstance(p, Circle)]) == 1  # the label is a rectangle


def test_a_line_break_skip_adds_to_the_distance_of_the_baselines():
    # pgf manual: "This is a\\[-2pt] demonstration text for\\[1ex] alignments." (align=right):
    # baselines 12 - 2 and 12 + 1ex (4.30554) apart; TeX's box 41.86 pt high
    sc = parse_tikz(r"""\tikz \node[fill=yellow, align=right]
      {This is a\\[-2pt] demonstration text for\\[1ex] alignments.};""")
    box = [p for p in sc.primitives if isinstance(p, Polyline)][0].points
    assert np.ptp(box[:, 1]) == pytest.approx(41.86, abs=0.02)
    with_blank = measure(r"a\\ [1ex] b\\*[2pt] c")[0]
    assert with_blank.depth == pytest.approx(measure(r"a\\b\\c")[0].depth + 4.30554 + 2, abs=1e-4)


def _assert_anchors(found: dict, tex: dict) -> None:
    for name, (c, ne, e) in tex.items():
        assert close(found[name], (c, ne, e), tol=2e-3), (name, found[name])


def test_labels_take_the_shape_of_the_scope_and_never_their_nodes_own():
    # pgf's \pgfpointanchor of each label (pdflatex, TeX Live): the scope's circle makes a circle
    # label (radius 9.54 pt: east 9.54 from the centre, north east at 45 degrees) even for a rectangle
    # node; a circle node's label is a rectangle; a pin of a circle node in an ellipse scope is an ellipse
    found = node_anchors(r"""
      \begin{scope}[circle]
        \node[draw, rectangle, label={[draw,name=L2]above:L}] (b) at (2,0) {x};
      \end{scope}
      \node[circle, draw, label={[draw,name=L3]above:L}] (c) at (4,0) {x};
      \begin{scope}[ellipse]
        \node[circle, pin={[name=L8]above:P}] (h) at (20,3) {x};
      \end{scope}""", ["L2", "L3", "h", "L8"])
    _assert_anchors(found, {
        "L2": ((56.90549, 15.22559), (63.65117, 21.97127), (66.44533, 15.22559)),
        "L3": ((113.81097, 15.2385), (120.46895, 22.18813), (120.46895, 15.2385)),
        "h": ((569.05487, 85.35823), (574.91599, 91.21935), (577.34373, 85.35823)),
        "L8": ((569.05487, 116.30914), (575.93205, 123.2002), (578.78069, 116.30914))})


def test_every_shape_node_of_a_label_follows_its_own_options():
    # every circle node (minimum size 1cm) reaches a label of the circle scope only if the label's own
    # options leave it a circle (tikz.code.tex: every <shape> node/.try after all of a node's options)
    found = node_anchors(r"""
      \begin{scope}[circle, every circle node/.style={minimum size=1cm}]
        \node[label={[name=L4b,rectangle]above:L}] (d2) at (6,3) {x};
        \node[rectangle, label={[name=L4c,circle]above:L}] (d3) at (6,6) {x};
      \end{scope}""", ["L4b", "L4c"])
    _assert_anchors(found, {
        "L4b": ((170.71646, 106.73422), (177.37444, 113.68385), (177.37444, 106.73422)),
        "L4c": ((170.71646, 190.82857), (180.91743, 201.02954), (185.14282, 190.82857))})


def test_a_label_is_made_in_the_state_around_its_node():
    # a label is a node made after its node ("append after command"): the node's own font, label
    # distance, label position and pin position do not reach it; the scope's do, and the label's own
    found = node_anchors(r"""
      \node[label distance=5mm, label={[name=L5]above:L}] (e) at (8,0) {x};
      \node[font=\Huge, label={[name=L6]above:L}] (f) at (10,0) {x};
      \node[label position=below, label={[name=A1]x}] at (0,0) {o};
      \node[pin position=below, pin={[name=A1p]x}] at (0,2) {o};
      \begin{scope}[label position=below, pin position=left]
        \node[label={[name=A2]x}] at (2,0) {o};
        \node[pin={[name=A2p]x}] at (2,2) {o};
      \end{scope}
      \node[label={[name=A3, label position=left]x}] at (4,0) {o};""", ["L5", "L6", "A1", "A1p", "A2", "A2p", "A3"])
    _assert_anchors(found, {
        "L5": ((227.62195, 12.63538), (234.27992, 19.585), (234.27992, 12.63538)),
        "L6": ((284.52744, 15.8379), (291.18541, 22.78754), (291.18541, 15.8379)),
        "A1": ((0.0, 11.37149), (6.17188, 17.05724), (6.17188, 11.37149)),
        "A1p": ((0.0, 81.1936), (6.17188, 86.87935), (6.17188, 81.1936)),
        "A2": ((56.90549, -11.37149), (63.07736, -5.68575), (63.07736, -11.37149)),
        "A2p": ((31.78401, 56.90549), (37.95589, 62.59123), (37.95589, 56.90549)),
        "A3": ((101.60612, 0.0), (107.778, 5.68575), (107.778, 0.0))})


def test_name_prefix_of_a_scope_names_its_nodes_and_is_tried_first_in_references():
    # pgfmanual (name prefix): each scope's (A) is its own node; (top-A) names the first from
    # outside, and inside a scope (A) means the prefixed one (checked against TeX)
    sc = parse_tikz(r"""\tikz {
      \node (A) at (5,5) {A};
      \begin{scope}[name prefix = top-]
        \node (A) at (0,1) {A};
        \node (B) at (1,1) {B};
        \draw (A.center) -- (B.center);
      \end{scope}
      \begin{scope}[name suffix = -low]
        \node (B) at (1,0) {B};
      \end{scope}
      \draw [red] (top-A) -- (B-low);
    }""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 2]
    assert close(lines[0], [(0, CM), (CM, CM)])
    red = lines[-1]
    assert red[0][1] < CM and red[1][1] > 0 and red[0][0] < red[1][0]  # from top-A's border to B-low's


def test_cross_out_nodes_have_the_rectangles_anchors():
    # pgf's cross out and strike out inherit the rectangle's anchors (right=2pt of a cross-out
    # node was a KeyError 'east' that stopped the figure)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[cross out, draw, minimum size=4pt] (lp) at (1,0) {};
      \node[right=2pt of lp] {p};
      \draw (lp.north) -- (lp.east);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    half = INNER + OUTER  # an empty node: inner sep each side, over the 4pt minimum
    line = [p for p in sc.primitives if isinstance(p, Polyline)][-1].points
    assert close(line, [(CM, half), (CM + half, 0.0)])
