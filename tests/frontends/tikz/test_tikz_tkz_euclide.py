"""tkz-euclide macros: geometry pinned numerically (TeX points).

Every expected value follows from the package's source (``tkz-euclide`` 4.25c)
and was checked against pdflatex + dvisvgm on the same snippet.
"""

from __future__ import annotations

import math

import pytest

from geoverify.errors import UnsupportedConstructError
from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Arc, Circle, Dot, Polyline, TextLabel

from tikz_fixtures import CM, close, only

TRIANGLE = r"""\tkzDefPoint(0,0){A}\tkzDefPoint(4,1){B}\tkzDefPoint(1,3){C}\tkzDefPoint(2,0.5){O}"""


def _dots(scene):
    return [p.center / CM for p in scene.primitives if isinstance(p, Dot)]


def test_points_and_segments_use_the_package_styles():
    sc = parse_tikz(r"\tkzDefPoint(0,0){A}\tkzDefPoint(30:2){B}\tkzDrawSegment(A,B)\tkzDrawPoints(A,B)")
    seg = only(sc, Polyline)
    assert close(seg.points / CM, [(0, 0), (math.sqrt(3), 1)]) and seg.style.stroke_width == pytest.approx(0.2)
    dots = [p for p in sc.primitives if isinstance(p, Dot)]
    assert [d.radius for d in dots] == pytest.approx([1.0, 1.0])  # point style: minimum size 2 pt
    assert close(dots[1].center / CM, (math.sqrt(3), 1))


def test_draw_line_extends_by_add_fractions_or_lengths():
    line = only(parse_tikz(r"\tkzDefPoint(0,0){A}\tkzDefPoint(4,0){B}\tkzDrawLine(A,B)"), Polyline)
    assert close(line.points / CM, [(-0.8, 0), (4.8, 0)])  # add=.2 and .2 of AB
    line = only(parse_tikz(r"\tkzDefPoint(0,0){A}\tkzDefPoint(4,0){B}\tkzDrawLine[add=0 and 1cm](A,B)"), Polyline)
    assert close(line.points / CM, [(0, 0), (5, 0)])
    sc = parse_tikz(r"\tkzSetUpLine[add=.5 and .5]\tkzDefPoint(0,0){A}\tkzDefPoint(2,0){B}\tkzDrawLine(A,B)")
    assert close(only(sc, Polyline).points / CM, [(-1, 0), (3, 0)])


def test_init_moves_the_origin_when_a_range_keeps_its_sign_and_clip_cuts():
    sc = parse_tikz(r"""\tkzInit[xmin=2,xmax=6,ymin=1,ymax=3]\tkzClip
        \tkzDefPoint(3,2){A}\tkzDefPoint(0,0){O}\tkzDrawSegment(O,A)""")
    seg = only(sc, Polyline)
    assert close(seg.points / CM, [(-2, -1), (1, 1)])  # x from 2, y from 1: (3,2) is (1,1)
    assert seg.clipped  # \clip (0,0) rectangle (4,2)


def test_polygon_fill_and_circle():
    sc = parse_tikz(TRIANGLE + r"\tkzDrawPolygon(A,B,C)\tkzDrawCircle(O,B)\tkzFillPolygon[gray](A,B,O)")
    polys = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert polys[0].closed_flag and close(polys[0].points / CM, [(0, 0), (4, 1), (1, 3)])
    assert polys[1].style.fill is not None and polys[1].style.stroke is None
    circle = only(sc, Circle)
    assert close(circle.center / CM, (2, 0.5)) and circle.radius / CM == pytest.approx(math.hypot(2, 0.5))
    assert circle.style.stroke_width == pytest.approx(0.2)


def test_labels_sit_where_the_package_puts_its_nodes():
    sc = parse_tikz(TRIANGLE + r"""\tkzLabelPoint(A){$A$}\node[below] at (A) {$A$};
        \tkzLabelSegment[above](A,B){$x$}\path (A) -- node[above] {$x$} (B);
        \tkzLabelAngle[dist=1.5](B,A,C){$\alpha$}""")
    labels = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert close(labels[0].box, labels[1].box) and close(labels[2].box, labels[3].box)
    # the angle label is centred 1.5 cm from A on the bisector of BAC
    a1, a2 = math.atan2(1, 4), math.atan2(3, 1)
    mid = (a1 + a2) / 2
    centre = (labels[4].box[:2] + labels[4].box[2:]) / 2 / CM
    assert close(centre, (1.5 * math.cos(mid), 1.5 * math.sin(mid)), tol=0.01)


def test_segment_marks_are_ticks_across_the_segment():
    sc = parse_tikz(r"\tkzDefPoint(0,0){A}\tkzDefPoint(2,0){B}\tkzMarkSegment(A,B)")
    tick = only(sc, Polyline)
    assert close(tick.points, [(CM, 4), (CM, -4)])  # mark=| of size 4pt at pos .5
    sc = parse_tikz(r"\tkzDefPoint(0,0){A}\tkzDefPoint(0,2){B}\tkzMarkSegment[mark=||,pos=.25](A,B)")
    ticks = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert len(ticks) == 2 and close(ticks[0], [(-4, 0.5 * CM + 0.8), (4, 0.5 * CM + 0.8)])  # 2 line widths off


def test_angle_marks_arcs_and_right_angles():
    sc = parse_tikz(TRIANGLE + r"\tkzMarkAngle[size=0.5](B,A,C)")
    arc = only(sc, Arc)
    assert close(arc.center, (0, 0)) and arc.rx / CM == pytest.approx(0.5)
    assert arc.start == pytest.approx(math.atan2(1, 4)) and arc.sweep == pytest.approx(math.atan2(3, 1) - math.atan2(1, 4))
    sc = parse_tikz(TRIANGLE + r"\tkzMarkAngle[arc=ll,size=0.5](B,A,C)")
    radii = sorted(p.rx for p in sc.primitives if isinstance(p, Arc))
    assert radii == pytest.approx([0.5 * CM - 1.0, 0.5 * CM + 1.0])  # size -+ 2.5 line widths
    sc = parse_tikz(r"\tkzDefPoint(0,0){A}\tkzDefPoint(1,0){B}\tkzDefPoint(1,1){C}\tkzMarkRightAngle(A,B,C)")
    square = only(sc, Polyline)
    assert close(square.points / CM, [(1, 0), (0.75, 0), (0.75, 0.25), (1, 0.25), (1, 0)], tol=1e-5)


def test_constructions_and_the_order_of_two_results():
    sc = parse_tikz(TRIANGLE + r"""
        \tkzInterLC(A,C)(O,B)\tkzGetPoints{P}{Q}
        \tkzInterCC(A,C)(O,B)\tkzGetPoints{R}{S}
        \tkzDefLine[mediator](A,B)\tkzGetPoints{U}{V}
        \tkzDefLine[perpendicular=through C](A,B)\tkzGetPoint{W}
        \tkzDefPointBy[reflection=over A--C](B)\tkzGetPoint{Z}
        \tkzDefTriangle[two angles=50 and 70](A,B)\tkzGetPoint{T}
        \tkzDefMidPoint(A,B)\tkzGetPoint{M}
        \tkzInterLL(A,C)(B,W)\tkzGetPoint{X}
        \tkzDrawPoints(P,Q,R,S,U,V,W,Z,T,M,X)""")
    got = _dots(sc)
    want = [(0.7, 2.1), (0, 0), (1.86079, 2.55685), (2.84509, -1.38038), (1.13397, 3.9641), (2.86603, -2.9641),
            (0, 7), (-2.6, 3.2), (1.95865, 4.02229), (2, 0.5), (14 / 9, 14 / 3)]
    assert close(got, want, tol=2e-5)


def test_circles_and_lengths():
    sc = parse_tikz(TRIANGLE + r"""\tkzDefCircle[circum](A,B,C)\tkzGetPoint{K}\tkzGetLength{rK}
        \tkzDrawPoint(K)\tkzLabelPoint(K){\rK}""")
    k = _dots(sc)[0]
    assert close(k, (41 / 22, 23 / 22), tol=1e-6)
    label = only(sc, TextLabel)
    assert float(label.text) == pytest.approx(math.hypot(*k), abs=1e-5)  # radius in cm


def test_unknown_or_failing_macros_are_reported_with_their_line():
    sc = parse_tikz("\\tkzDefPoint(0,0){A}\n\\tkzShowLine(A,B)\n\\tkzInterLL(A,A)(A,A)\\tkzDrawPoints(A)")
    msgs = [(d.code, d.location.line, d.message) for d in sc.diagnostics]
    assert ("UNSUPPORTED", 2, "tkz-euclide macro \\tkzShowLine is not interpreted") in msgs
    assert any(code == "UNSUPPORTED" and line == 3 and "tkzInterLL" in m for code, line, m in msgs)
    assert len(_dots(sc)) == 1
    with pytest.raises(UnsupportedConstructError):
        parse_tikz(r"\tkzShowLine(A,B)", strict=True)


def test_style_key_names_a_style_and_set_ups_change_the_package_styles():
    sc = parse_tikz(r"""\tkzDefPoint(0,0){A}\tkzDefPoint(2,0){B}\tkzDrawSegment[style=dashed](A,B)
        \tkzSetUpLine[line width=1]\tkzSetUpPoint[size=6]\tkzDrawSegment(A,B)\tkzDrawPoints(A)""")
    first, second = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert first.style.dash == (3.0, 3.0)
    assert second.style.stroke_width == pytest.approx(1.0)
    assert only(sc, Dot).radius == pytest.approx(3.0)


def test_empty_label_text_leaves_no_text():
    # "$$" typesets an empty box: TeX's output has no text there (and a label= of it moves no other text)
    sc = parse_tikz(r"\tkzDefPoint(0,0){A}\tkzLabelPoint[above](A){$$}\node[label=above:$$] at (1,0) {B};")
    labels = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert [lab.text for lab in labels] == ["B"] and close(labels[0].anchor / CM, (1, 0))


def test_arguments_a_macro_cannot_read_are_reported_and_the_rest_is_drawn():
    sc = parse_tikz(r"\begin{tikzpicture}\tkzDefPoints{0/0/A,4/0/B}\tkzDrawArc[angles](A,B)(0,)"
                    r"\tkzDrawSegment(A,B)\end{tikzpicture}")
    assert any(d.code == "UNSUPPORTED" and d.construct == "\\tkzDrawArc" for d in sc.diagnostics)
    assert any(isinstance(p, Polyline) for p in sc.primitives)


def test_tangents_altitude_and_euler_lines_and_orthogonal_circles():
    # checked against TeX (tkz-euclide 5): the first tangent point is the one the package
    # names first; tangent at A is 1 cm along A-O turned by -90 degrees
    sc = parse_tikz(r"""\tkzDefPoint(0,0){O}\tkzDefPoint(1.5,0.5){A}\tkzDefPoint(5,1){P}
        \tkzDefLine[tangent from=P](O,A) \tkzGetPoints{T1}{T2}
        \tkzDefLine[tangent at=A](O) \tkzGetPoint{h}
        \tkzDefPoint(-2,3){B}\tkzDefPoint(1,4){C}
        \tkzDefLine[altitude](B,O,C) \tkzGetPoint{H}
        \tkzDefLine[euler](B,O,C) \tkzGetPoints{E1}{E2}
        \tkzDefTangent[from with R=P](O,1) \tkzGetPoints{S1}{S2}
        \tkzDefCircle[orthogonal from=P](O,A) \tkzGetFirstPoint{Q}
        \tkzDrawPoints(T1,T2,h,H,E1,E2,S1,S2,Q)""")
    assert not sc.diagnostics
    want = [(0.77557, -1.37786), (0.18597, 1.57016), (1.18377, 1.44868), (-1.1, 3.3), (-10 / 11, 30 / 11),
            (-0.47727, 2.43182), (5 / 13, -12 / 13), (0, 1), (0.77557, -1.37786)]
    assert close(_dots(sc), want, tol=2e-5)


def test_an_unknown_option_of_a_line_is_reported_not_read_as_the_mediator():
    sc = parse_tikz(r"""\tkzDefPoint(0,0){A}\tkzDefPoint(2,0){B}
        \tkzDefLine[tangent to=A](A,B)\tkzGetPoints{U}{V}\tkzDrawPoints(A)""")
    msgs = [d.message for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert msgs[0] == "\\tkzDefLine: \\tkzDefLine option 'tangent to' is not interpreted; the macro is skipped"
    assert len(_dots(sc)) == 1  # U and V are not made up
    sc = parse_tikz(r"""\tkzDefPoint(0,0){A}\tkzDefPoint(2,0){B}
        \tkzDefLine[mediator,/tikz/overlay](A,B)\tkzGetPoints{U}{V}\tkzDrawPoints(U)""")  # a /tikz/ key is TikZ's
    assert not sc.diagnostics and len(_dots(sc)) == 1
