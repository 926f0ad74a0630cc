"""Geometry of the native Asymptote front-end pinned to numbers read from asy 2.85's output."""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.frontends.asy.graph_ticks import autoscale
from geoverify.scene import Arc, Arrow, BezierPath, Circle, Dot, Polyline, TextLabel


def only(scene, kind):
    items = [p for p in scene.primitives if isinstance(p, kind)]
    assert len(items) == 1, [type(p).__name__ for p in scene.primitives]
    return items[0]


def scale_of(scene):
    return scene.panels[0].axis_transform[0, 0]


# -- sizing --------------------------------------------------------------------------------

def test_clip_drops_true_sizes_from_the_sizing():
    # asy 2.85: calculateTransform() == scale(66.6666666666667): the clip box alone (1.5 user
    # units wide) fills size(100); the label and dot outside no longer count.
    s = parse_asy('size(100); draw((0,0)--(2,1)); label("$A$",(2,1),E); dot((0,0)); clip(box((0,0),(1.5,1)));')
    assert scale_of(s) == pytest.approx(66.6666666666667, rel=1e-6)


# -- graph axes and ticks -------------------------------------------------------------------

def polylines(scene):
    return [np.asarray(p.points) for p in scene.primitives if isinstance(p, Polyline)]


@pytest.mark.parametrize("lo, hi, expected", [
    # asy 2.85: bounds b=autoscale(lo,hi); write(b.min, b.max); write(b.divisor);
    (-3.7, 5.2, (-5.0, 10.0, [1, 3, 15])),
    (0.13, 0.87, (0.1, 0.9, [1, 2, 4, 8])),
    (-12.0, -1.0, (-12.0, 0.0, [1, 2, 3, 4, 6, 12])),
])
def test_autoscale_matches_asy(lo, hi, expected):
    m0, m1, div = autoscale(lo, hi)
    assert (m0, m1) == pytest.approx(expected[:2]) and div == expected[2]


def test_default_xaxis_spans_the_frame_less_the_pen():
    # asy 2.85 draws the axis from frame x 0.25 to 31.5 with the origin at 0.25: the
    # picture's bounds (pen half width on the left, the dot's radius on the right) less 0.25
    s = parse_asy("import graph; unitsize(10); draw((0,0)--(2,1)); dot((3,0)); xaxis();")
    axis = [p for p in polylines(s) if p[0][1] == 0 and p[1][1] == 0]
    assert len(axis) == 1
    np.testing.assert_allclose(axis[0], [[0, 0], [31.25, 0]], atol=1e-6)


def test_right_ticks_with_a_step_hang_below_the_x_axis():
    # asy 2.85: ticks at x = 0, 10, 20, 30 bp from the axis down to -Ticksize (2 mm)
    s = parse_asy("import graph; unitsize(10); draw((0,0)--(2,1)); dot((3,0)); xaxis(RightTicks(Step=1));")
    ticks = sorted((p for p in polylines(s) if len(p) == 2 and p[0][0] == p[1][0]), key=lambda p: p[0][0])
    assert [p[0][0] for p in ticks] == pytest.approx([0, 10, 20, 30])
    for p in ticks:
        assert p[:, 1] == pytest.approx([0, -2 * 72 / 25.4])


def test_step_ticks_with_labels_rescale_the_picture_like_asy():
    # asy 2.85: y ticks 17.907 bp apart (the tick labels stick out, so asy scales the drawn
    # frame once more to meet size(150)); major ticks span +-Ticksize across each axis
    s = parse_asy("import graph; size(150); Label f; f.p=fontsize(4); xaxis(-3,3,Ticks(f, 1.0)); "
                  "yaxis(-4,4,Ticks(f, 1.0)); real f(real x) {return x^2+2x-1;} "
                  "draw(graph(f,-2.7,.7),linewidth(1),Arrows(6));")
    yt = sorted(p[0][1] for p in polylines(s)
                if len(p) == 2 and p[0][1] == p[1][1] and p[0][0] < 0 < p[1][0] and p[1][0] - p[0][0] < 20)
    assert len(yt) == 9
    assert np.diff(yt) == pytest.approx([17.907] * 8, rel=2e-4)
    xt = [p for p in polylines(s) if len(p) == 2 and p[0][0] == p[1][0] and abs(p[0][0]) > 1e-9]
    assert len(xt) == 6
    for p in xt:
        assert sorted(p[:, 1]) == pytest.approx([-2 * 72 / 25.4, 2 * 72 / 25.4])


def test_extended_ticks_are_grid_lines_between_bottom_and_top():
    # asy 2.85 (size 100): vertical grid lines at x = -1, 1 spanning ylimits(-1,3); the
    # invisible axes themselves draw nothing; xequals' ticks are +-2 bp wide at y = 1, 2
    s = parse_asy("import graph; size(100); xlimits(-2,2); ylimits(-1,3); "
                  'xaxis(BottomTop(extend=false), Ticks("%", new real[]{-1,1}, pTick=gray(0.5), extend=true), '
                  "p=invisible); xequals(0, ymin=-1, ymax=3, p=black+1bp, Ticks(\"%\", new real[]{1,2}, Size=2), "
                  "Arrows(size=4)); draw((-2,-1)--(2,3), red);")
    unit = s.panels[0].axis_transform[0, 0]
    assert unit == pytest.approx(24.75, rel=2e-3)
    visible = [np.asarray(p.points) / unit for p in s.primitives
               if isinstance(p, Polyline) and p.style.visible]
    grid = sorted((p for p in visible if p[0][0] == p[1][0] and abs(p[0][0]) == pytest.approx(1)),
                  key=lambda p: p[0][0])
    assert len(grid) == 2
    np.testing.assert_allclose(grid[0], [[-1, -1], [-1, 3]], atol=1e-9)
    ticks = [p * unit for p in visible if p[0][1] == p[1][1] and abs(p[0][0]) < 0.5]
    assert sorted(round(float(p[0][1] / unit), 6) for p in ticks) == [1, 2]
    for p in ticks:
        assert sorted(p[:, 0]) == pytest.approx([-2, 2])
    assert len([p for p in s.primitives if isinstance(p, Arrow)]) == 2


# -- markers -------------------------------------------------------------------------------

def test_markangle_draws_true_size_arcs_counterclockwise():
    # asy 2.85 (size 100, unit 86.672 bp): radii 10 and 10 + 4 sqrt(0.5) bp sweeping 270 degrees
    # from (0,1) counterclockwise to (1,0); the default radius 8mm + 8 sqrt(0.5) = 28.334 bp
    s = parse_asy('import markers; size(100); draw((0,0)--(1,0)); draw((0,0)--(0,1)); '
                  'markangle(n=2, radius=10, (0,1), (0,0), (1,0)); '
                  'markangle(Label("$x$",Relative(0.4)), (1,0),(0,0),(0,1));')
    assert scale_of(s) == pytest.approx(86.672, rel=1e-4)
    arcs = [p for p in s.primitives if isinstance(p, Arc)]
    assert [a.rx for a in arcs] == pytest.approx([10.0, 12.828, 28.334], abs=2e-3)
    assert [a.sweep for a in arcs] == pytest.approx([1.5 * math.pi, 1.5 * math.pi, 0.5 * math.pi])
    assert arcs[0].start == pytest.approx(0.5 * math.pi)
    for a in arcs:
        assert a.center == pytest.approx((0.0, 0.0))


def test_tick_label_formats_omit_and_trailing_zeros():
    # asy 2.85 labels x = 0..5 (OmitFormat(-1) hides -1, begin/endlabel=false hide -2 and 6)
    # and y = 0.00, 0.25, ..., 1.00 (trailingzero keeps the zeros)
    s = parse_asy("import graph; size(200); xaxis(-2,6,Ticks(OmitFormat(-1),1.0,begin=false,end=false,"
                  "beginlabel=false,endlabel=false),Arrows(4)); yaxis(0,1,RightTicks(trailingzero, Step=0.25));")
    texts = [p.text.replace("\\vphantom{$10^4$}", "") for p in s.primitives if isinstance(p, TextLabel)]
    assert texts == ["$%d$" % i for i in range(6)] + ["$0.00$", "$0.25$", "$0.50$", "$0.75$", "$1.00$"]
    # begin=false/end=false: no tick marks at -2 and 6 (the other vertical line is the y axis)
    unit = scale_of(s)
    xt = sorted(p.points[0][0] / unit for p in s.primitives
                if isinstance(p, Polyline) and len(p.points) == 2 and p.points[0][0] == p.points[1][0])
    assert xt == pytest.approx([-1, 0, 0, 1, 2, 3, 4, 5])


# -- marks along paths ----------------------------------------------------------------------

def test_bars_are_true_size_segments_across_the_path_ends():
    # asy 2.85 (size 100, linewidth 0.7): Bars(5) 5 bp across both ends; Bars on a slanted
    # path 15*0.7 = 10.5 bp long, perpendicular; EndBar only at the end
    s = parse_asy("size(100); defaultpen(linewidth(0.7)); draw((0,0)--(8,0)--(4,5)--cycle, dot); "
                  "draw((0,-1)--(8,-1),Bars(5)); draw((0,6)--(8,7),red+dashed,Bars); draw((0,2)--(2,3),EndBar);")
    unit = scale_of(s)
    assert unit == pytest.approx(91.59 / 8, rel=1e-4)
    lines = polylines(s)
    short = [p for p in lines if len(p) == 2 and np.hypot(*(p[1] - p[0])) < 11]
    assert len(short) == 5
    lengths = sorted(round(float(np.hypot(*(p[1] - p[0]))), 3) for p in short)
    assert lengths == pytest.approx([5, 5, 10.5, 10.5, 10.5], abs=1e-3)
    end = [p for p in short if abs(p.mean(axis=0)[0] - 2 * unit) < 1e-6]
    assert len(end) == 1 and end[0].mean(axis=0)[1] == pytest.approx(3 * unit)
    np.testing.assert_allclose(sorted(p[0][1] for p in short if p[0][0] == 0), [-1 * unit - 2.5])


def test_dot_marker_puts_a_dot_on_every_node():
    # asy 2.85: three dots of radius 1.5 bp (the pen at plain's load), not 6 * 0.7 / 2
    s = parse_asy("size(100); defaultpen(linewidth(0.7)); draw((0,0)--(8,0)--(4,5)--cycle, dot);")
    dots = [p for p in s.primitives if isinstance(p, Dot)]
    assert len(dots) == 3
    assert [d.radius for d in dots] == pytest.approx([1.5] * 3)
    unit = scale_of(s)
    assert sorted(tuple(np.round(np.asarray(d.center) / unit, 6)) for d in dots) == [(0, 0), (4, 5), (8, 0)]


def test_interval_markers_put_true_size_sticks_across_the_path():
    # asy 2.85 (size 100, unit 24.875 bp): StickIntervalMarker(1,2,size=6) puts two 6 bp sticks
    # 2.828 bp apart at the middle; StickIntervalMarker(2,1) one stick of 1mm + 10 sqrt(0.5) bp at
    # 1/4 and 3/4 of the arc length; stickframe(n=3) rotated with the path; the markangle arc
    # gets its stick too
    s = parse_asy("import markers; size(100); draw((0,0)--(4,0),StickIntervalMarker(1,2,size=6)); "
                  "draw((0,0)--(2,3),StickIntervalMarker(2,1)); "
                  "draw((4,0)--(2,3),marker(markinterval(stickframe(n=3),true))); "
                  "markangle(n=1,radius=15,(4,0),(0,0),(2,3),marker(markinterval(stickframe(n=1),true)));")
    assert scale_of(s) == pytest.approx(24.875, rel=1e-4)
    sticks = [p for p in polylines(s) if len(p) == 2 and np.hypot(*(p[1] - p[0])) < 11]
    assert len(sticks) == 8
    expected = [  # asy's sticks, less the page offset (0.25, 3.25)
        [[48.336, 3.0], [48.336, -3.0]], [[51.164, 3.0], [51.164, -3.0]],
        [[8.316, 21.404], [16.559, 15.909]], [[33.191, 58.716], [41.434, 53.221]],
        [[70.504, 34.565], [78.746, 40.06]], [[68.935, 36.919], [77.177, 42.413]],
        [[72.073, 32.212], [80.315, 37.706]], [[8.863, 4.738], [17.593, 9.42]]]
    for e in expected:
        assert min(np.abs(p - np.array(e)).max() for p in sticks) < 6e-3


# -- paths and pens ---------------------------------------------------------------------------

def test_a_guide_goes_on_after_cycle_from_its_first_point():
    # asy 2.85: write(p..q..r..cycle..t) -> the loop solved as a cycle, then
    # (0,0).. controls (1.98361089577884,-2.52846885146615) and (5.52846885146615,1.01638910422116) ..(3,3)
    s = parse_asy("pair p=(0,0),q=(1,0),r=(1,1),t=(3,3); draw(p--q--r--cycle--t); draw(p..q..r..cycle..t);")
    line = only(s, Polyline)
    np.testing.assert_allclose(line.points, [[0, 0], [1, 0], [1, 1], [0, 0], [3, 3]])
    assert not line.closed_flag
    curve = only(s, BezierPath).parts[0].controls
    assert len(curve) == 4
    np.testing.assert_allclose(curve[0][1], [0.241416508325913, -0.307728760126676], atol=1e-9)
    np.testing.assert_allclose(curve[3], [[0, 0], [1.98361089577884, -2.52846885146615],
                                          [5.52846885146615, 1.01638910422116], [3, 3]], atol=1e-9)


def test_fillrule_is_a_pen():
    s = parse_asy("filldraw(circle((0,0),2)^^circle((0.8,-0.3),1),gray(.6)+fillrule(1),black);")
    assert not s.diagnostics
    assert len([p for p in s.primitives if isinstance(p, Circle)]) == 2


def test_geometry_perpendicular_and_line_path_intersections_follow_the_path():
    # asy 2.85: write(intersectionpoints(perpendicular((1,2), line((0,0),(2,1))), box)) ->
    # (2.5,-1) then (0,4): geometry.asy walks the path, not the line
    s = parse_asy("import geometry; line l=line((0,0),(2,1)); line m=perpendicular((1,2),l); "
                  "pair[] X=intersectionpoints(m,(0,-1)--(5,-1)--(5,5)--(0,5)--cycle); dot(X);")
    assert not s.diagnostics
    centers = [tuple(np.round(p.center, 9)) for p in s.primitives if isinstance(p, Dot)]
    assert centers == [(2.5, -1.0), (0.0, 4.0)]


def test_axis_labels_and_their_sizing_follow_labelaxis():
    # asy 2.85: scaling() = 11.0002621985735 from the sizing data (the y axis label placed past
    # the tick labels counts), calculateTransform() = 11.3460566597421 once the drawn frame is
    # scaled to size(150); the "y" label's centre sits 19.658 bp left of the y axis, 5.167 bp
    # below its end; the "x" label's centre 4.904 bp inside the x axis' end, 6.109 bp below it
    s = parse_asy('import graph; size(150); draw((0,0)--(10,5)); xaxis("$x$", -1, 11, Arrows(4)); '
                  'yaxis("$y$", -1, 6, Ticks(Step=2, Size=2), Arrows(4));')
    unit = scale_of(s)
    assert unit == pytest.approx(11.3460566597421, rel=2e-5)
    labels = {p.text: p for p in s.primitives if isinstance(p, TextLabel)}
    cy = np.mean(np.reshape(labels["$y$"].box, (2, 2)), axis=0)
    assert cy == pytest.approx([-19.658, 6 * unit - 5.167], abs=0.15)  # SVG glyph boxes vs TeX boxes
    cx = np.mean(np.reshape(labels["$x$"].box, (2, 2)), axis=0)
    assert cx == pytest.approx([11 * unit - 4.904, -6.109], abs=0.15)


def test_polargraph_with_a_join_operator_is_a_smooth_guide():
    # asy 2.85: write((path) polargraph(f,0,pi,2,operator ..)) with f(t) = 1+cos(t)
    s = parse_asy("import graph; real f(real t) {return 1+cos(t);} draw(polargraph(f,0,pi,2,operator ..));")
    c = only(s, BezierPath).parts[0].controls
    np.testing.assert_allclose(c[0], [[2, 0], [2.37668379482723, 1.22370625888958],
                                      [0.752954730215324, 2.03557079119553], [0, 1]], atol=1e-9)
    np.testing.assert_allclose(c[1][1:3], [[-0.216745519670237, 0.701900631889508],
                                           [-0.216745519670237, 0.298099368110492]], atol=1e-9)


def test_plain_qualifies_its_names():
    a = parse_asy('label("$A$", (0,0), plain.SW); plain.draw((0,0)--(1,1));')
    b = parse_asy('label("$A$", (0,0), SW); draw((0,0)--(1,1));')
    assert not a.diagnostics
    np.testing.assert_allclose(only(a, TextLabel).box, only(b, TextLabel).box)
    assert len([p for p in a.primitives if isinstance(p, Polyline)]) == 1


def test_plain_names_are_not_hidden_by_the_programs_variables():
    # asy 2.85: after "pair E = (0,1);" plain.E is still (1,0), the label sits to the right
    a = parse_asy('pair E = (0,1); label("$F$", (0,0), plain.E);')
    b = parse_asy('label("$F$", (0,0), (1,0));')
    np.testing.assert_allclose(only(a, TextLabel).box, only(b, TextLabel).box)


def test_graph_with_a_sampling_map_plots_t_of_t():
    # asy 2.85: write((path) graph(f,0,1,2,T)) with f(x) = x^2, T(t) = 2t+1 -> (1,1)--(2,4)--(3,9)
    s = parse_asy("import graph; real f(real x) {return x^2;} real T(real t) {return 2t+1;} draw(graph(f,0,1,2,T));")
    np.testing.assert_allclose(only(s, Polyline).points, [[1, 1], [2, 4], [3, 9]])


def test_labelx_labely_size_like_asy():
    # asy 2.85: calculateTransform() == (0,0,20.8294160958904,0,0,19.9305390203404): labelx and
    # labely sit on the tick labels' baseline, moved by ticklabelshift; labelx(3) prints "$3$"
    s = parse_asy('import graph; size(100,80,IgnoreAspect); draw((0,0)--(4,3)); '
                  'labelx("$\\frac{1}{2}$", 2); labely("$y_0$", 1); labelx(3);')
    assert s.panels[0].axis_transform[0, 0] == pytest.approx(20.8294160958904, rel=1e-5)
    assert s.panels[0].axis_transform[1, 1] == pytest.approx(19.9305390203404, rel=1e-5)
    assert [p.text.replace("\\vphantom{$10^4$}", "") for p in s.primitives if isinstance(p, TextLabel)][-1] == "$3$"


def test_true_size_marks_move_with_a_transformed_picture():
    s = parse_asy("picture p; draw(p,(0,0)--(1,0),Bars); add(shift(1,1)*p); draw((0,0)--(2,2));")
    bars = sorted((p for p in polylines(s) if p[0][0] == p[1][0]), key=lambda p: p[0][0])
    assert [p[0][0] for p in bars] == pytest.approx([1, 2])
    for p in bars:
        assert sorted(p[:, 1]) == pytest.approx([1 - 3.75, 1 + 3.75])  # barsize 15 * 0.5 bp, centred


def test_drawline_spans_the_fitted_frame_without_sizing_it():
    # asy 2.85's SVG (bp): the red line of drawline((0,0.5),(1,2)) runs from (0, 24.5625) to
    # (16.375, 49.125), the frame of the other drawing less the pen's half width
    s = parse_asy("import math; size(100); draw((0,0)--(1,1)); dot((2,-1)); drawline((0,0.5),(1,2),red);")
    lines = polylines(s)
    assert len(lines) == 2
    np.testing.assert_allclose(lines[0], [[0, 0], [49.125, 49.125]], atol=1e-9)
    np.testing.assert_allclose(lines[1], [[0, 24.5625], [16.375, 49.125]], atol=1e-9)


def test_unityroot():
    s = parse_asy("import math; draw((0,0)--unityroot(6,2));")
    np.testing.assert_allclose(only(s, Polyline).points[1], [-0.5, math.sqrt(3) / 2], atol=1e-12)


def test_geometry_perpendicular_mark_and_square():
    # geometry.asy: perpendicular(z, align, dir) draws d1--d1+d2--d2 at z in bp, d1 =
    # size*align*unit(dir)*dir(-45), d2 = I*d1, size = 3mm + linewidth/2 unless given;
    # square(z1, z2) turns z1--z2 counterclockwise (both checked against asy 2.85's SVG)
    s = parse_asy("import geometry; unitsize(10); perpendicular((1,1),NE,(1,0));"
                  "perpendicular((0,0),SE,(1,1),size=5mm,red,Fill(yellow)); draw(square((0,0),(2,1)));")
    lines = polylines(s)
    k = 3 * 72 / 25.4 + 0.25
    np.testing.assert_allclose(lines[0], [[10 + k, 10], [10 + k, 10 + k], [10, 10 + k]], atol=1e-9)
    r = 5 * 72 / 25.4 / math.sqrt(2)
    np.testing.assert_allclose(lines[2], [[r, -r], [2 * r, 0], [r, r]], atol=1e-9)
    assert s.primitives[1].style.fill == "#ffff00"
    np.testing.assert_allclose(lines[3], [[0, 0], [20, 10], [10, 30], [-10, 20]], atol=1e-9)


def test_arrow_points_at_b_from_dir_stopping_a_margin_short():
    # asy 2.85's SVG (bp, unitsize(10)): arrow("$f$",(1,1),N) runs from y 34.857 down to its tip
    # at 13.597 (labelmargin 3.597 above (1,1)); with Margin(0,0.5) and 1cm the tip is 1.799
    # right of (2,0) and the start 1cm + 1.799 further
    s = parse_asy('unitsize(10); arrow("$f$",(1,1),N,red); arrow((2,0),E,1cm,blue,Margin(0,0.5));')
    lines = polylines(s)
    lm = 0.28 * 12 * 72 / 72.27 + 0.25
    np.testing.assert_allclose(lines[0], [[10, 10 + lm + 0.75 * 72 / 2.54], [10, 10 + lm]], atol=1e-9)
    np.testing.assert_allclose(lines[1], [[20 + lm / 2 + 72 / 2.54, 0], [20 + lm / 2, 0]], atol=1e-9)
    tips = [p.tip for p in s.primitives if isinstance(p, Arrow)]
    np.testing.assert_allclose(tips, [[10, 10 + lm], [20 + lm / 2, 0]], atol=1e-9)
    lab = only(s, TextLabel)
    assert lab.box[1] == pytest.approx(10 + 2 * lm + 0.75 * 72 / 2.54)  # above the far end, aligned N


@pytest.mark.parametrize("call, r, start, sweep", [
    # geometry.asy: arc(B, A, C, r) is the interior arc BAC about A, the exterior one for r < 0
    ("arc((1,0),(0,0),dir(30),0.7)", 0.7, 0.0, 30.0),
    ("arc(dir(30),(0,0),(1,0),0.7)", 0.7, 30.0, -30.0),
    ("arc(dir(120),(0,0),(1,0),-0.5)", 0.5, 120.0, 240.0),
    ("arc(dir(200),(0,0),dir(-60),0.3)", 0.3, 200.0, 100.0),
])
def test_geometry_arc_bac(call, r, start, sweep):
    a = only(parse_asy(f"import geometry; draw({call});"), Arc)
    assert (a.rx, math.degrees(a.start), math.degrees(a.sweep)) == pytest.approx((r, start, sweep))


def test_roundedpath_matches_asy():
    # asy 2.85: write(roundedpath((0,0)--(2,0)--(2,2)--cycle,0.4,1.5)) (knots and controls;
    # asy finds the corner points by intersection, to about 1e-11)
    s = parse_asy("import roundedpath; draw(roundedpath((0,0)--(2,0)--(2,2)--cycle,0.4,1.5));")
    segs = [sp.controls for sp in only(s, BezierPath).subpaths()][0]
    knots = [seg[0] for seg in segs]
    np.testing.assert_allclose(knots, [[1.5, 0], [2.4, 0], [3, 0.6], [3, 2.4], [2.57573593130055, 2.57573593130055],
                                       [0.424264068711279, 0.424264068711279], [0.6, 0]], atol=1e-9)
    np.testing.assert_allclose(segs[1][1:3], [[2.73137084988649, 0], [3, 0.268629150093408]], atol=1e-9)
    np.testing.assert_allclose(segs[5][1:3], [[0.267700075111423, 0.267700075111423], [0.378585076865116, 0]],
                               atol=1e-9)


@pytest.mark.parametrize("t", [0.05, 0.5, 1.37, 2.0, 2.999])
def test_arctime_inverts_the_arc_length_on_curves(t):
    from geoverify.frontends.asy import pathops
    from geoverify.frontends.asy.guides import Guide, Join, Knot

    p = Guide([Knot(0j), Knot(1 + 2j), Knot(3 + 0.5j), Knot(4 + 3j)], [Join(), Join(), Join()]).solve()
    length = pathops.arclength(pathops.subpath(p, 0, t))
    assert pathops.arctime(p, length) == pytest.approx(t, abs=1e-9)


@pytest.mark.parametrize("call, pts", [
    # geometry.asy: A, A + c*dir(angle), A + b*dir(angle + BAC)
    ("triangle(b=3,alpha=90,c=4)", [[0, 0], [4, 0], [0, 3]]),
    ("triangle(3,90,4,angle=90,A=(1,1))", [[1, 1], [1, 5], [-2, 1]]),
    ("triangleAbc(90,3,4)", [[0, 0], [4, 0], [0, 3]]),
    ("triangleabc(5,3,4)", [[0, 0], [4, 0], [0, 3]]),
])
def test_geometry_triangle_from_sides_and_angle(call, pts):
    s = parse_asy(f"import geometry; draw({call});")
    np.testing.assert_allclose(only(s, Polyline).points, pts, atol=1e-12)


def test_markangle_scales_its_label_and_ends_short_of_its_arrow():
    # markers.asy: the label keeps its transform (scale(1.5)*"$\theta$"); with an arrow each arc
    # is trimmed by TrueMargin(0, linewidth/2) (1mm pen: 1.417 bp of a 40 bp arc)
    a = parse_asy(r'import markers; markangle(scale(1.5)*"$\theta$",radius=40,(1,0),(0,0),(0,1),ArcArrow,1mm+red);')
    b = parse_asy(r'import markers; markangle("$\theta$",radius=40,(1,0),(0,0),(0,1),1mm+red);')
    la, lb = only(a, TextLabel), only(b, TextLabel)
    assert la.box[2] - la.box[0] == pytest.approx(1.5 * (lb.box[2] - lb.box[0]))
    assert math.degrees(only(a, Arc).sweep) == pytest.approx(90 - math.degrees(0.5 * 72 / 25.4 / 40))
    assert math.degrees(only(b, Arc).sweep) == pytest.approx(90)


def test_graph_with_a_condition_is_broken_where_it_fails():
    # graph.asy: graph(f, a, b, n, cond) returns the runs of samples where cond holds
    s = parse_asy("import graph; real f(real x){return 1/x;} bool3 br(real x){return x != 0;}"
                  "draw(graph(f,-1,1,4,br));")
    np.testing.assert_allclose(polylines(s)[0], [[-1, -1], [-0.5, -2]])
    np.testing.assert_allclose(polylines(s)[1], [[0.5, 2], [1, 1]])


def test_graphwithderiv_places_controls_from_the_derivative():
    # graph.asy: controls f(t_i) + f'(t_i)*(b-a)/(3n) and f(t_{i+1}) - f'(t_{i+1})*(b-a)/(3n)
    s = parse_asy("import graph; pair F(real t){return (t,t^2);} pair Fp(real t){return (1,2t);}"
                  "draw(graphwithderiv(F,Fp,0,1,2));")
    segs = [sp.controls for sp in only(s, BezierPath).subpaths()][0]
    k = 1 / 6
    np.testing.assert_allclose(segs[0], [[0, 0], [k, 0], [0.5 - k, 0.25 - k], [0.5, 0.25]], atol=1e-12)
    np.testing.assert_allclose(segs[1], [[0.5, 0.25], [0.5 + k, 0.25 + k], [1 - k, 1 - 2 * k], [1, 1]], atol=1e-12)


def test_a_transformed_marker_frame():
    # scale(2)*dotframe: the marker's dots (radius dotfactor*linewidth/2 = 1.5 bp) twice as large
    s = parse_asy("import markers; draw((0,0)--(100,0),StickIntervalMarker(1,1,scale(2)*dotframe(red)));")
    assert [p.radius for p in s.primitives if isinstance(p, Dot)] == [3.0, 3.0]


def test_margins_trim_the_drawn_path_in_bp():
    # plain_margins.asy: Margin(0,1) stops labelmargin (0.28 fontsize + linewidth/2) short of the
    # end, where the arrow's tip goes; TrueMargin(b, e) trims b and e bp in the fitted frame
    lm = 0.28 * 12 * 72 / 72.27 + 0.25
    s = parse_asy("unitsize(1); draw((0,0)--(100,0), Arrow, Margin(0,1));")
    np.testing.assert_allclose(only(s, Polyline).points, [[0, 0], [100 - lm, 0]], atol=1e-9)
    np.testing.assert_allclose(only(s, Arrow).tip, [100 - lm, 0], atol=1e-9)
    s = parse_asy("size(100.5); draw((0,0)--(1,0), TrueMargin(10,20)); draw((0,0)--(0,1));")
    np.testing.assert_allclose(polylines(s)[0], [[10, 0], [80, 0]], atol=1e-9)
