"""The native Asymptote front-end: language, drawing, fitting, dialects, bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.errors import BudgetExceededError, FigureSyntaxError, UnsupportedConstructError
from geoverify.frontends import parse_figure
from geoverify.frontends.asy import parse_asy
from geoverify.frontends.limits import Limits
from geoverify.scene import Arc, Arrow, BezierPath, Circle, Dot, Polyline, TextLabel


def only(scene, kind):
    items = [p for p in scene.primitives if isinstance(p, kind)]
    assert len(items) == 1, [type(p).__name__ for p in scene.primitives]
    return items[0]


# -- scene contract -----------------------------------------------------------------

def test_scene_unit_and_format():
    s = parse_asy("draw((0,0)--(1,1));")
    assert s.unit == "bp" and s.source_format == "asy"
    assert parse_figure("draw((0,0)--(1,1));", format="asy").source_format == "asy"


def test_straight_path_is_polyline_in_user_units_without_size():
    p = only(parse_asy("draw((0,0)--(10,0)--(10,5)--cycle);"), Polyline)
    assert p.closed_flag
    np.testing.assert_allclose(p.points, [[0, 0], [10, 0], [10, 5]])


def test_curve_is_bezier_and_circle_is_circle():
    s = parse_asy("draw((0,0)..(1,1)..(2,0)); draw(circle((1,2),3)); draw(Circle((0,0),1));")
    assert len([p for p in s if isinstance(p, BezierPath)]) == 1
    circles = [p for p in s if isinstance(p, Circle)]
    assert len(circles) == 2
    np.testing.assert_allclose(circles[0].center, [1, 2])
    assert circles[0].radius == pytest.approx(3)


def test_arc_is_arc_with_direction():
    a = only(parse_asy("draw(arc((0,0),2,0,90));"), Arc)
    assert a.rx == pytest.approx(2) and a.start == pytest.approx(0) and a.sweep == pytest.approx(math.pi / 2)
    b = only(parse_asy("draw(arc((0,0),2,90,0));"), Arc)
    assert b.sweep == pytest.approx(-math.pi / 2)


# -- size / unitsize fitting (numbers from asy's own calculateTransform) ----------------

def test_size_fitting_matches_asy_with_pens_dots_and_labels():
    # asy 2.85: currentpicture.calculateTransform() == scale(47.084900373599)
    s = parse_asy('size(100); draw((0,0)--(1,2)); dot((1,0)); label("$A$",(0,0),W);')
    assert s.panels[0].axis_transform[0, 0] == pytest.approx(47.084900373599, rel=1e-4)


def test_size_fitting_keep_aspect_takes_the_smaller_scale():
    # asy 2.85: scale(49.6875)
    s = parse_asy('size(200,100); draw(unitcircle); label("$B$",(1,0),E); draw((0,0)--(3,0),linewidth(2));')
    assert s.panels[0].axis_transform[0, 0] == pytest.approx(49.6875, rel=1e-6)


def test_unitsize_scales_user_coordinates():
    p = only(parse_asy("unitsize(1cm); draw((0,0)--(2,0));"), Polyline)
    assert p.points[1, 0] == pytest.approx(2 * 72 / 2.54)


# -- labels, dots, arrows ---------------------------------------------------------------

def test_label_anchor_is_the_point_and_box_moves_in_the_alignment_direction():
    s = parse_asy('unitsize(10); label("$A$", (2,3), N); label("$B$", (2,3), SW);')
    a, b = [p for p in s if isinstance(p, TextLabel)]
    np.testing.assert_allclose(a.anchor, [20, 30])
    assert a.text == "$A$"
    assert a.box[1] > 30 + 3  # above the point by at least the label margin
    assert abs(a.center[0] - 20) < 1e-9
    assert b.box[2] < 20 and b.box[3] < 30


def test_dot_radius_follows_dotfactor_and_linewidth():
    # asy 2.85 draws a dot with the pen dotsize(p)+p: an explicit width in p wins
    d = only(parse_asy("dot((1,1));"), Dot)
    assert d.radius == pytest.approx(1.5)
    d2 = only(parse_asy("dot((1,1), linewidth(2));"), Dot)
    assert d2.radius == pytest.approx(1.0)
    d3 = only(parse_asy("defaultpen(linewidth(0.7)); dotfactor = 4; dot((1,1));"), Dot)
    assert d3.radius == pytest.approx(1.4)


def test_arrows_end_start_mid():
    s = parse_asy("draw((0,0)--(10,0), Arrows); draw((0,5)--(10,5), MidArrow);")
    arrows = [p for p in s if isinstance(p, Arrow)]
    pos = sorted((a.position, tuple(np.round(a.tip, 6)), tuple(np.round(a.direction, 6))) for a in arrows)
    assert pos == [("end", (10.0, 0.0), (1.0, 0.0)), ("mid", (5.0, 5.0), (1.0, 0.0)),
                   ("start", (0.0, 0.0), (-1.0, 0.0))]


def test_pens_colour_width_dash():
    p = only(parse_asy("draw((0,0)--(1,0), red+linewidth(2)+dashed);"), Polyline)
    assert p.style.stroke == "#ff0000" and p.style.stroke_width == 2
    assert p.style.dash == (16.0, 16.0)


@pytest.mark.parametrize("pen, stroke, width, dash", [
    # plain_pens.asy: Dotted = linetype {0,3} + 2*linewidth; Pen(n) and Pentype(n) cycle
    # through colorPen (red, blue, ...) and monoPen (solid, dashed, dotted, ...)
    ("red+Dotted", "#ff0000", 1.0, (0.0, 3.0)),
    ("Dotted(linewidth(2))", "#000000", 4.0, (0.0, 12.0)),
    ("Pen(1)", "#0000ff", 0.5, None),
    ("Pentype(20)", "#00ff00", 0.5, (0.0, 2.0)),
])
def test_plain_pen_families(pen, stroke, width, dash):
    p = only(parse_asy(f"draw((0,0)--(1,0), {pen});"), Polyline)
    assert (p.style.stroke, p.style.stroke_width, p.style.dash) == (stroke, width, dash)


def test_fill_and_filldraw():
    s = parse_asy("fill(unitsquare, gray); filldraw(shift(2,0)*unitsquare, yellow, blue);")
    a, b = list(s)
    assert a.style.fill == "#808080" and a.style.stroke is None
    assert b.style.fill == "#ffff00" and b.style.stroke == "#0000ff"


# -- language ---------------------------------------------------------------------------

def test_functions_loops_arrays_and_overloading():
    code = """
    real f(real x) { return x^2; }
    pair f(pair z) { return 2z; }
    pair[] P;
    for (int i = 0; i < 3; ++i) P.push((i, f(i)));
    int k = 0;
    while (k < 2) { ++k; }
    for (pair z : P) dot(z);
    dot(f((1,1)));
    if (k == 2) dot((9,9)); else dot((-9,-9));
    """
    centers = sorted(tuple(d.center) for d in parse_asy(code) if isinstance(d, Dot))
    assert centers == [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (2.0, 4.0), (9.0, 9.0)]


def test_transforms_compose_like_asymptote():
    s = parse_asy("draw(shift(1,0)*rotate(90)*((1,0)--(2,0)));")
    np.testing.assert_allclose(only(s, Polyline).points, [[1, 1], [1, 2]], atol=1e-12)
    s = parse_asy("draw(reflect((0,0),(1,1))*((2,0)--(3,0)));")
    np.testing.assert_allclose(only(s, Polyline).points, [[0, 2], [0, 3]], atol=1e-12)


def test_a_transform_written_as_its_six_entries():
    # (x, y, xx, xy, yx, yy) maps (u, v) to (x + xx u + xy v, y + yx u + yy v), as in asy
    s = parse_asy("transform t = (0,0,2,1,0,1); draw(t*unitsquare); transform s = (1,2,1,0,0,1); dot(s*(0,0));")
    np.testing.assert_allclose(only(s, Polyline).points, [[0, 0], [2, 0], [3, 1], [1, 1]], atol=1e-12)
    assert tuple(only(s, Dot).center) == (1.0, 2.0)
    s = parse_asy('transform t = (0,0,"a",1,0,1); draw(t*unitsquare);')
    assert not list(s) and any("six entries must be real" in d.message for d in s.diagnostics)


def test_pairs_multiply_as_complex_numbers_and_int_division_is_real():
    s = parse_asy("pair z = (1,2)*(3,4); dot(z); dot((1/2, 7#2));")
    centers = [tuple(d.center) for d in s if isinstance(d, Dot)]
    assert centers == [(-5.0, 10.0), (0.5, 3.0)]


def test_path_functions():
    code = """
    path c = circle((0,0),1);
    path l = (-2,0)--(2,0);
    pair[] X = intersectionpoints(c, l);
    dot(X[0]); dot(X[1]);
    dot(point((0,0)--(4,0), 0.5));
    dot(extension((0,0),(1,1),(0,2),(1,1)));
    dot(relpoint((0,0)--(10,0), 0.25));
    """
    centers = sorted((round(d.center[0], 6), round(d.center[1], 6)) for d in parse_asy(code) if isinstance(d, Dot))
    assert centers == [(-1.0, 0.0), (1.0, 0.0), (1.0, 1.0), (2.0, 0.0), (2.5, 0.0)]


def test_subpath_reverse_arclength():
    code = "path p = (0,0)--(3,0)--(3,4); dot(point(reverse(p),0)); dot((arclength(p), arctime(p, 5)));"
    centers = [tuple(np.round(d.center, 9)) for d in parse_asy(code) if isinstance(d, Dot)]
    assert centers == [(3.0, 4.0), (7.0, 1.5)]


# -- AoPS dialect, modules ----------------------------------------------------------------

def test_aops_dialect_preimports_olympiad_cse5_graph():
    code = """
    pair A=(0,0), B=(4,0), C=(1,3);
    draw(A--B--C--cycle);
    draw(rightanglemark(C, foot(C,A,B), A));
    draw(Circle(circumcenter(A,B,C), circumradius(A,B,C)));
    dot(incenter(A,B,C)); D(MP("H", orthocenter(A,B,C), N));
    draw(graph(new real(real x){return x^2;}, -1, 1));
    """
    s = parse_asy(code, dialect="aops")
    assert not s.partial, [str(d) for d in s.diagnostics]
    circ = only(s, Circle)
    A, B, C = 0j, 4 + 0j, 1 + 3j
    cc = complex(*circ.center)
    assert abs(abs(cc - A) - abs(cc - B)) < 1e-9 and abs(abs(cc - A) - abs(cc - C)) < 1e-9
    labels = [p for p in s if isinstance(p, TextLabel)]
    assert labels[0].text == "$H$"
    np.testing.assert_allclose(labels[0].anchor, [1, 1])  # orthocentre of A, B, C


def test_plain_dialect_does_not_know_olympiad_names():
    s = parse_asy("draw(rightanglemark((1,0),(0,0),(0,1)));")
    assert s.partial
    assert any("rightanglemark" in d.message for d in s.diagnostics)
    assert not parse_asy("import olympiad; draw(rightanglemark((1,0),(0,0),(0,1)));").partial


def test_import_three_is_unsupported_three():
    s = parse_asy("import three; draw((0,0,0)--(1,1,1));")
    assert s.partial
    assert any(d.message.startswith("unsupported: three") for d in s.diagnostics)
    with pytest.raises(UnsupportedConstructError):
        parse_asy("import three;", strict=True)


# -- bad input -------------------------------------------------------------------------------

def test_a_picture_added_into_itself_is_added_once():
    s = parse_asy("picture p; dot(p, (0,0)); add(p, p); add(p);")
    assert len(s.dots) == 2


def test_syntax_error_has_line_column_and_caret():
    with pytest.raises(FigureSyntaxError) as e:
        parse_asy("draw((0,0)--(1,1));\ndraw((0,0)--(1,1);\n")
    assert e.value.location.line == 2
    assert e.value.location.column == 18
    assert e.value.context.splitlines()[1].index("^") == 17


@pytest.mark.parametrize("code", [
    "while (true) {}",
    "for (int i = 0; ; ++i) {}",
    "int f(int n) { return f(n + 1); } f(0);",
    "real[] a = new real[100000000];",
    "real[] a; a[100000000] = 1;",
    # doubling: memory, not steps, runs out first
    "string s = 'a'; for (int i = 0; i < 60; ++i) s = s + s;",
    "int[] a = {1}; for (int i = 0; i < 60; ++i) a = concat(a, a);",
    "picture p; dot(p, (0,0)); for (int i = 0; i < 60; ++i) add(p, p); add(p);",
])
def test_runaway_programs_hit_a_budget(code):
    with pytest.raises(BudgetExceededError):
        parse_asy(code, limits=Limits(max_steps=100_000, max_depth=100, max_array_size=1_000_000, timeout=10))


@pytest.mark.parametrize("code, construct", [
    ('system("rm -rf /");', "system"),
    ('string s = input("x");', "input"),
    ('settings.texcommand = "sh";', "settings"),
])
def test_unsafe_constructs_are_refused(code, construct):
    s = parse_asy(code + " draw((0,0)--(1,1));")
    assert any(d.construct == construct and d.code == "UNSUPPORTED" for d in s.diagnostics)
    assert len([p for p in s if isinstance(p, Polyline)]) == 1  # the rest still runs


def test_unknown_name_is_a_located_diagnostic():
    s = parse_asy("draw((0,0)--(1,1));\nfrobnicate(3);")
    d = [d for d in s.diagnostics if d.code == "UNSUPPORTED"][0]
    assert "frobnicate" in d.message and d.location.line == 2


def test_dot_of_two_pairs_is_the_dot_product_not_a_dot():
    s = parse_asy("real d=3*dot((1,0),(0.5,2)); draw((0,0)--(d,0));")
    np.testing.assert_allclose(only(s, Polyline).points, [[0, 0], [1.5, 0]])


def test_axial_and_radial_shading_fill_the_region_in_the_first_colour():
    # asy 2.85's SVG: the shaded region is a path filled with a gradient from pena to penb
    s = parse_asy("axialshade(unitsquare,red,(0,0),blue,(1,1)); "
                  "radialshade(shift(2,0)*unitsquare,yellow,(0,0),0,red,(0,0),1);")
    fills = [p for p in s.primitives if p.style.fill is not None]
    assert [p.style.fill for p in fills] == ["#ff0000", "#ffff00"]
    np.testing.assert_allclose(fills[1].points, [[2, 0], [3, 0], [3, 1], [2, 1]])
    s = parse_asy("radialshade(W..N..E--(0,0),stroke=true,red+linewidth(30),(0,0),0.25,yellow,(0,0),1);")
    assert not s.primitives and [d.construct for d in s.diagnostics] == ["radialshade"]


def test_labelmargin_and_finite():
    # plain_pens.asy: labelmargin(p) = 0.28 fontsize(p) + 0.5 linewidth(p), of currentpen by default
    s = parse_asy("draw((0,0)--(labelmargin(),0)); draw((0,1)--(labelmargin(fontsize(20)+linewidth(2)),1));"
                  "if(finite((1,2)) && !finite(infinity)) draw((0,2)--(1,2));")
    ends = [p.points[1][0] for p in s.primitives]
    assert ends == pytest.approx([0.28 * 12 * 72 / 72.27 + 0.25, 0.28 * 20 + 1, 1])


def test_arrow_position_after_its_filltype_is_a_time():
    # plain_arrows.asy: Arrow(arrowhead, size, angle, filltype, position); Arrow(Fill, 1.5) puts
    # the head at time 1.5 (a real casts to an absolute position), pointing along the path
    s = parse_asy("unitsize(1); draw((0,0)--(10,0)--(10,10), Arrow(Fill,1.5));")
    a = only(s, Arrow)
    np.testing.assert_allclose(a.tip, [10, 5])
    np.testing.assert_allclose(a.direction, [0, 1])
    assert a.position == "mid"


def test_graph_data_overflowing_the_scaling_is_a_runtime_error():
    from geoverify.frontends.asy.control import AsyRuntimeError

    with pytest.raises(AsyRuntimeError, match="laid out"):
        parse_asy("import graph; size(140mm,70mm,IgnoreAspect); real[] x={1,3,61e308}; real[] y={1,5,2};"
                  "draw(graph(x,y)); xaxis(\"$x$\",Bottom,LeftTicks(x));")


def test_size_fitting_with_an_infinite_coordinate_returns_no_scale():
    from geoverify.frontends.asy.fitting import _scale_for

    assert _scale_for([(0.0, 0.0), (math.inf, 0.0)], 100.0) == 0.0


def test_a_struct_declared_again_replaces_its_constructor(monkeypatch):
    """A loop's body declaring a struct made one more constructor overload per turn: each
    turn copied the growing list, a runaway loop took 30 s to reach the time budget instead
    of 5 s to the step budget (found by fuzz/run.py)."""
    from geoverify.frontends.asy import interpreter

    sizes = []
    real = interpreter.Interpreter.builtin

    def builtin(self, name, fn, env=None):
        real(self, name, fn, env)
        if name == "u":
            sizes.append(len(env.vars[name]))

    monkeypatch.setattr(interpreter.Interpreter, "builtin", builtin)
    parse_asy("for (int i = 0; i < 50; ++i) struct u { real a = 2; }")
    assert max(sizes) == 1 and len(sizes) == 50


@pytest.mark.parametrize("pen, stroke", [
    # plain_pens.asy (asy 2.85): light = half saturated, deep = 0.5, dark = 0.25, cmyk converted
    ("deepgray", "#1a1a1a"), ("darkgray", "#0d0d0d"), ("lightblue", "#8080ff"), ("deepblue", "#000080"),
    ("darkgreen", "#004000"), ("purple", "#8000ff"), ("pink", "#ffbfff"), ("palecyan", "#bfffff"),
    ("Magenta", "#ff00ff"), ("brown", "#800000"),
])
def test_named_pens_have_asymptotes_colours(pen, stroke):
    p = only(parse_asy(f"draw((0,0)--(1,0), {pen});"), Polyline)
    assert p.style.stroke == stroke


def test_exp_log_sin_cos_of_a_pair_are_complex():
    # asy 2.85: write(exp((0,pi/2))) prints (6.1e-17,1); log((0,1)) is (0,pi/2); sin((1,1)) (1.2985,0.63496)
    s = parse_asy("draw((0,0)--exp((0,pi/2))); draw((0,0)--log((0,1))); draw((0,0)--sin((1,1)));")
    ends = [p.points[-1] for p in s.primitives if isinstance(p, Polyline)]
    np.testing.assert_allclose(ends, [[0, 1], [0, np.pi / 2], [1.2984576, 0.6349639]], atol=1e-6)
    assert not s.diagnostics
