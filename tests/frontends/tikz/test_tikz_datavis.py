"""``\\datavisualization`` (pgf's datavisualization library): axes, ticks, data formats.

Numbers from latex + dvisvgm of the same snippets (bp, y down), taken relative to the
point where the data's origin lies and converted to pt, y up.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.datavis_axes import about_step, linear_ticks, log_about_step, log_ticks
from geoverify.frontends.tikz.datavis_data import function_points, named_points, table_points, tex_code_points
from geoverify.frontends.tikz.pgfmath import evaluate
from geoverify.scene import Polyline, TextLabel
from geoverify.scene.primitives import Arrow

from tikz_fixtures import CM, close

BP = 72.27 / 72
PRE = r"""\documentclass[tikz]{standalone}
\usetikzlibrary{datavisualization,datavisualization.formats.functions}
\begin{document}
"""


def _scene(body: str):
    return parse_tikz(PRE + body + "\n\\end{document}\n")


def _tex(origin, *points):
    p = np.asarray(points, dtype=float) - np.asarray(origin, dtype=float)
    return np.column_stack([p[:, 0], -p[:, 1]]) * BP


def _lines(sc):
    return [p.points for p in sc.primitives if isinstance(p, Polyline)]


def _labels(sc):
    return {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}


def test_school_book_axes_cross_at_zero_with_padded_arrows_and_unit_ticks():
    # TeX: line M8.88..L65.58 (0,0)->(2cm,1cm) 0.6pt; x ticks at 1cm, 2cm (+-2pt), none at 0;
    # the x axis from -0.75em to the tip at 2cm + 0.75em (arrow ->), labels 1, 2 below, 0 at the
    # origin's lower left, 1 left of the y tick
    sc = _scene(r"\tikz \datavisualization [school book axes, visualize as line]"
                r" data point [x=0, y=0] data point [x=2, y=1];")
    assert not sc.diagnostics
    lines = _lines(sc)
    assert close(lines[0], [(0, 0), (2 * CM, CM)]) and sc.primitives[0].style.stroke_width == 0.6
    ticks = [ln for ln in lines if ln.shape == (2, 2) and close(np.ptp(ln, axis=0).max(), 4.0)]
    assert close(sorted(ln[0][0] for ln in ticks if ln[0][0] == ln[1][0]), [CM, 2 * CM])
    assert close([ln[0][1] for ln in ticks if ln[0][1] == ln[1][1]], [CM])
    # (TeX's line stops 0.46pt short of the tip: pgfcorearrows' to, 0.21pt + 0.625 line widths)
    assert any(close(ln, [(-7.5, 0), (2 * CM + 7.5 - 0.46, 0)], 1e-3) for ln in lines)
    tips = sorted(tuple(np.round(a.tip, 3)) for a in sc.primitives if isinstance(a, Arrow))
    assert close(tips, [(0, CM + 7.5), (2 * CM + 7.5, 0)], 1e-3)
    labels = [(p.text, p.box) for p in sc.primitives if isinstance(p, TextLabel)]
    assert [t for t, _ in labels] == ["$1$", "$2$", "$0$", "$1$"]
    # "1" under x = 1 cm: TeX glyph box 35.11 .. 39.34 bp with the origin at 8.88 bp
    assert close(labels[0][1][[0, 2]], (np.array([35.11, 39.34]) - 8.88) * BP, 0.02)
    assert labels[2][1][2] < 0 and labels[2][1][3] < 0  # anchor north east at the origin


def test_scientific_axes_box_outer_ticks_and_automatic_steps():
    # TeX: box M-55.535156-35.984377H86.1995 / V-123.5742 (5 cm x 0.618 * 5 cm), x ticks every
    # 1 (range 4 / 5 = 0.8 -> 1), y ticks every 0.5 (2 / 5 = 0.4 -> 0.5), outer ticks 2 pt long
    sc = _scene("\\tikz \\datavisualization [scientific axes, visualize as scatter] data {\n"
                "  x, y\n  0, 0\n  4, 2\n};")
    assert not sc.diagnostics
    o = (-55.535156, -35.984377)
    lines = _lines(sc)
    box = _tex(o, (-55.535156, -35.984377), (86.1995, -123.5742))
    assert close(box[1], (5 * CM, 0.618 * 5 * CM), 0.01)
    xt = sorted({round(ln[0][0], 3) for ln in lines if ln.shape == (2, 2) and close(ln[1] - ln[0], (0, 2))
                 and close(ln[1][1], 0)})
    assert close(xt, _tex(o, *[(x, 0) for x in (-55.535156, -20.1016, 15.332, 50.7615, 86.1995)])[:, 0], 0.01)
    yt = sorted({round(ln[0][1], 3) for ln in lines if ln.shape == (2, 2) and close(ln[1] - ln[0], (2, 0))
                 and close(ln[1][0], 0)})
    assert close(yt, _tex(o, *[(0, y) for y in (-35.984377, -57.8789, -79.7773, -101.6758, -123.5742)])[:, 1],
                 0.01)
    labels = _labels(sc)
    assert {"$0$", "$1$", "$4$", "$0.5$", "$1.5$", "$2$"} <= set(labels)
    # the scatter marks: x of 2 pt (two strokes 2 * 0.707 * 2 pt each way)
    marks = [ln for ln in lines if ln.shape == (2, 2) and close(np.abs(ln[1] - ln[0]), (2.828427, 2.828427), 1e-4)]
    assert len(marks) == 4


def test_function_format_samples_like_pgf_and_maps_one_unit_to_a_centimetre():
    # TeX: M-71.699216-25.500001L-62.2539-44.3984L-52.8047-63.2969L-43.3555-82.1914: the step
    # 1/3 cut to 0.33333, the last sample 0.99998 (TeX dimensions)
    sc = _scene("\\tikz \\datavisualization [xy Cartesian, visualize as line] data [format=function] {\n"
                "  var x : interval [0:1] samples 4;\n  func y = 2*\\value x;\n};")
    assert not sc.diagnostics
    (line,) = _lines(sc)
    tex = _tex((-71.699216, -25.500001), (-71.699216, -25.500001), (-62.2539, -44.3984), (-52.8047, -63.2969),
               (-43.3555, -82.1914))
    assert close(line, tex, 0.01)


def test_clean_scientific_axes_tick_step_and_visualization_cs_in_info():
    # TeX: x ticks at 2 and 4 (step=2 from floor(1 / 2) * 2, below the minimum left out), the axis
    # 0.5em below the data, grey box lines at the data's limits; the info line from (3,2) to (5,2):
    # M20.3125-84.7578H91.1758 with the data's lower left at (-50.554688, -40.964845)
    sc = _scene(r"\tikz \datavisualization [scientific axes=clean, x axis={ticks={step=2}}, visualize as line]"
                r" data point [x=1, y=-3] data point [x=5, y=7]"
                r" info { \draw (visualization cs: x=3, y=2) -- (visualization cs: x=5, y=2); };")
    assert not sc.diagnostics
    o = (-50.554688, -40.964845)
    lines = _lines(sc)
    assert any(close(ln, _tex(o, (20.3125, -84.7578), (91.1758, -84.7578)), 0.01) for ln in lines)
    assert any(close(ln, _tex(o, (-50.554688, -35.98047), (91.1798, -35.98047)), 0.01) for ln in lines)
    xt = [ln[0][0] for ln in lines if ln.shape == (2, 2) and close(ln[1] - ln[0], (0, 2), 1e-3)]
    assert close(sorted(xt), _tex(o, (-15.1211, 0), (55.7458, 0))[:, 0], 0.01)
    assert {"$2$", "$4$", "$-2$", "$0$", "$6$"} <= set(_labels(sc))


def test_unmodelled_keys_and_random_data_are_reported():
    sc = _scene(r"\tikz \datavisualization [school book axes, visualize as line=a, a={pin in data={text=a,when=x is 1}}]"
                r" data [format=function] { var x : interval [0:1]; func y = rand; }"
                r" data point [x=1, y=1, set=a] data point [x=2, y=0, set=a];")
    constructs = {d.construct for d in sc.diagnostics if d.code == "UNSUPPORTED"}
    assert {"pin in data", "data"} <= constructs
    assert any(close(ln, [(CM, CM), (2 * CM, 0)]) for ln in _lines(sc))


def test_about_steps_and_linear_tick_positions():
    assert about_step(1900, 2000, 5, ((1.5, 1.0), (2.3, 2.0), (4, 2.5), (7, 5), (11, 10))) == 20
    assert about_step(25, 99.9976, 5, ((1.5, 1.0), (2.3, 2.0), (4, 2.5), (7, 5), (11, 10))) == 10
    assert linear_ticks(1, 5, 2)[0] == [2, 4]
    major, minor = linear_ticks(0, 1, 0.5, substeps=1)
    assert major == [0, 0.5, 1] and close(minor, [0.25, 0.75])


def test_table_and_function_formats():
    assert table_points("a, b\n1, x\n2, y") == [{"a": 1.0, "b": "x"}, {"a": 2.0, "b": "y"}]
    pts = function_points("var x : interval [5:10]; func y = \\value x * \\value x;",
                          lambda e: evaluate(e, {}, None).value)
    assert len(pts) == 25 and close(pts[-1]["x"], 9.99988, 1e-5) and close(pts[-1]["y"], 9.99988 ** 2, 1e-3)


def _zigzags(sc):
    return [ln for ln in _lines(sc) if len(ln) == 4 and close(ln[0][1], ln[3][1]) and not close(ln[1][1], ln[0][1])]


def test_legend_east_outside_zig_zag_line_and_one_mark_beside_the_box():
    # TeX (data origin at (-62.11986, -35.98242) bp): the sample M13.832-53.945294L18.8164-55.23436
    # L28.77736-52.66014L33.757826-53.945294 (-2em .. 0, +-.3ex), .8em right of the box (the x axis'
    # end) plus the matrix' inner and outer sep and half the line width; the scatter entry's x mark
    # one row (11.25 pt: \small struts and inner ysep) lower at (33.75978, -42.738265)
    sc = _scene(r"\tikz \datavisualization [school book axes, visualize as line=a, visualize as scatter=b,"
                r" a={label in legend={text=first}}, b={label in legend={text=b}}]"
                r" data point [x=0, y=0, set=a] data point [x=2, y=1, set=a] data point [x=1, y=1, set=b];")
    assert not sc.diagnostics
    o = (-62.11986, -35.98242)
    (zig,) = _zigzags(sc)
    assert close(zig, _tex(o, (13.832, -53.945294), (18.8164, -55.23436), (28.77736, -52.66014),
                           (33.757826, -53.945294)), 0.02)
    mark = [ln for ln in _lines(sc) if ln.shape == (2, 2) and close(np.abs(ln[1] - ln[0]), (2.828427, 2.828427), 1e-4)]
    centres = [tuple(np.round(ln.mean(axis=0), 3)) for ln in mark]
    assert any(close(c, _tex(o, (33.75978, -42.738265))[0], 0.02) for c in centres)
    first = _labels(sc)["first"]
    assert close(first.box[0], zig[3][0] + 5.0, 0.02)  # .333em and the outer sep right of the origin


def test_legend_west_outside_mirrors_the_sample_and_below_puts_entries_in_a_row():
    # TeX: west outside: M-23.6835-53.945294 ... L-43.609329-53.945294 (origin x at -2.01443 bp);
    # below: M-68.3828-33.964805 ... and M-30.6015-33.964805 (origin at (-54.284, -59.0117) bp)
    body = (r"\tikz \datavisualization [school book axes, visualize as line=a, visualize as line=b, legend=%s,"
            r" a={label in legend={text=a}}, b={label in legend={text=Long}}]"
            r" data point [x=0, y=0, set=a] data point [x=2, y=1, set=a] data point [x=1, y=1, set=b]"
            r" data point [x=2, y=0, set=b];")
    west = _zigzags(_scene(body % "west outside"))
    assert close(west[0][[0, 3]], _tex((-2.01443, -35.98242), (-23.6835, -53.945294), (-43.609329, -53.945294)),
                 0.02)
    below = _zigzags(_scene(body % "below"))
    o = (-54.284, -59.0117)
    assert close([z[0] for z in below], _tex(o, (-68.3828, -33.964805), (-30.6015, -33.964805)), 0.02)


def test_stacked_tick_text_lengthens_every_second_tick_line():
    # TeX: x ticks M-20.1016 31.1094V19.156249 (the 2nd and 4th reach 1em further down for their
    # text) and M15.332 21.14844V19.156249 (2 pt), the box's lower left at (-55.535156, 19.156249)
    sc = _scene(r"\tikz \datavisualization [scientific axes, x axis={ticks={stack}}, visualize as line]"
                r" data point [x=0, y=0] data point [x=4, y=1];")
    assert not sc.diagnostics
    o = (-55.535156, 19.156249)
    lows = {round(float(ln[0][0]), 2): float(ln[0][1]) for ln in _lines(sc)
            if ln.shape == (2, 2) and close(ln[0][0], ln[1][0]) and close(ln[1][1], 0)}
    want = _tex(o, (-20.1016, 31.1094), (15.332, 21.14844))
    assert close([lows[round(float(x), 2)] for x in want[:, 0]], want[:, 1], 0.01)
    assert {round(y, 1) for y in lows.values()} == {-2.0, -12.0}


def test_marks_keep_their_size_in_a_scaled_picture_and_unknown_marks_draw_nothing():
    # TeX (scale=.5): the second point's x mark M-43.6523 25.7266L-40.8359 22.9062: 2 pt marks
    # (2.828 bp across) at half the distance, 1 cm * 0.5 per unit
    sc = _scene(r"\tikz[scale=.5] \datavisualization [xy Cartesian, visualize as scatter]"
                r" data point [x=0, y=0] data point [x=2, y=1];")
    strokes = [ln for ln in _lines(sc)]
    assert close(strokes[2], _tex((-70.591795, 38.490235), (-43.6523, 25.7266), (-40.8359, 22.9062)), 0.01)
    sc = _scene(r"\tikz \datavisualization [xy Cartesian, visualize as line, line={style={mark=|}}]"
                r" data point [x=0, y=0] data point [x=2, y=1];")
    assert len(_lines(sc)) == 1  # "|" needs the plotmarks library


def test_logarithmic_axis_ticks_at_decades_and_constant_attributes_of_a_data_block():
    # TeX: x ticks M-55.535156, M-8.2891, M38.957, M86.1995 (1, 10, 100, 1,000: a third of 5 cm
    # per decade); the line M-55.535156 19.156249L86.1995-68.4375L-8.2891-24.6406, the third
    # point (x = 10) taking y = 0.5 from "/data point/y=0.5"
    sc = _scene("\\tikz \\datavisualization [scientific axes, x axis={logarithmic}, visualize as line,"
                " data/format=named]\n data {\n x=1, y=0\n x=1000, y=1\n }\n"
                " data [format=table, /data point/y=0.5] {\n x\n 10\n };")
    assert not sc.diagnostics
    o = (-55.535156, 19.156249)
    line = _lines(sc)[0]
    assert close(line, _tex(o, (-55.535156, 19.156249), (86.1995, -68.4375), (-8.2891, -24.6406)), 0.01)
    assert {"$1$", "$10$", "$100$", "$1{,}000$"} <= set(_labels(sc))
    assert close(log_ticks(1, 1000, log_about_step(1, 1000, 5))[0], [1, 10, 100, 1000])


def test_odd_input_is_reported_with_the_statements_line_and_never_crashes():
    cases = {
        r"\tikz \datavisualization [scientific axes, x axis={ticks={about=0}}, visualize as line]"
        r" data point [x=1, y=1] data point [x=2, y=3];": None,
        r"\tikz \datavisualization [scientific axes, x axis={logarithmic}, visualize as line]"
        r" data point [x=0, y=1] data point [x=2, y=3];": "logarithmic",
        r"\tikz \datavisualization [school book axes, visualize as line] data [format=function]"
        r" {var x : interval [0:1] samples 3; func y = \value z;};": "value z",
        r"\tikz \datavisualization [school book axes, x axis={scaling=1 at 1cm}, visualize as line]"
        r" data point [x=1, y=1];": "scaling",
        r"\tikz \datavisualization [school book axes] data group {nowhere};": "undefined data group",
    }
    for code, word in cases.items():
        sc = _scene(code)
        msgs = [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
        if word is None:
            assert not msgs
        else:
            assert any(word in d.message and d.location.line == 4 for d in msgs), (code, msgs)


def test_data_groups_are_stored_globally_extended_and_drawn_where_used():
    # TeX: the group's function data (format=function given to the group) and the point added
    # with += drawn by the third statement only: M-62.121095 49.054688L-47.9492 41.96875
    # L-33.7734 20.7109L-19.6016-14.7227L-5.4258-64.3325L22.918 20.7109
    sc = _scene("\\begin{tikzpicture}\n"
                "\\datavisualization data group [format=function] {sq} = {\n"
                "  data { var x : interval [0:2] samples 5; func y = \\value x*\\value x; }\n};\n"
                "\\datavisualization data group {sq} += { data point [x=3, y=1] };\n"
                "\\datavisualization [school book axes, visualize as line] data group {sq};\n"
                "\\end{tikzpicture}")
    assert not sc.diagnostics
    want = _tex((-62.121095, 49.054688), (-62.121095, 49.054688), (-47.9492, 41.96875), (-33.7734, 20.7109),
                (-19.6016, -14.7227), (-5.4258, -64.3325), (22.918, 20.7109))
    assert close(_lines(sc)[0], want, 0.01)


def test_legend_up_then_right_puts_the_first_entry_at_the_bottom():
    # TeX rows are 11.25 pt apart (\small struts .75em + .25em of cmr9 and 2 x 1 pt inner ysep);
    # "up then right" fills the column from below
    body = (r"\tikz \datavisualization [school book axes, visualize as line/.list={a,b}, legend={%s},"
            r" a={label in legend={text=a}}, b={label in legend={text=b}}]"
            r" data point [x=0, y=0, set=a] data point [x=2, y=1, set=a] data point [x=1, y=1, set=b]"
            r" data point [x=2, y=0, set=b];")
    for strategy, sign in (("down then right", 1), ("up then right", -1)):
        labels = _labels(_scene(body % strategy))
        assert close(labels["a"].anchor[1] - labels["b"].anchor[1], sign * 11.25, 0.01)


def test_tex_code_format_keeps_attributes_between_data_points():
    # the pgf manual's format=TeX code block: \pgfkeys and \pgfkeyssetvalue set the attributes,
    # each \pgfdatapoint takes them as they stand; latex + dvisvgm draw (0,0) (1,1) (2,1) (3,0)
    code = r"""\pgfkeys{/data point/.cd,x=0, y=0} \pgfdatapoint
      \pgfkeys{/data point/.cd,x=1, y=1} \pgfdatapoint
      \pgfkeys{/data point/x=2}          \pgfdatapoint
      \pgfkeyssetvalue{/data point/x}{3}
      \pgfkeyssetvalue{/data point/y}{0} \pgfdatapoint"""
    assert [(p["x"], p["y"]) for p in tex_code_points(code)] == [(0, 0), (1, 1), (2, 1), (3, 0)]


def test_named_format_value_lists_make_every_combination_and_function_ln_maps_the_axis():
    # pgf's \pgf@dv@parse@named: a \foreach over each key's list, the first one outermost
    pts = named_points("x={1,2}, y={5,6,7}", lambda t: [x.strip() for x in t.split(",")])
    assert [(p["x"], p["y"]) for p in pts] == [(1, 5), (1, 6), (1, 7), (2, 5), (2, 6), (2, 7)]
    # the pgf manual's axis with function=\pgfdvmathln: ticks at 1, 10, 100, 1000 one cm apart
    # (scaling=1 at 0cm and 1000 at 3cm, as latex + dvisvgm draw them)
    sc = parse_tikz(r"""\tikz \datavisualization
       [scientific axes, x axis={ticks={major={at={1,10,100,1000}}}, scaling=1 at 0cm and 1000 at 3cm,
        function=\pgfdvmathln{\pgfvalue}{\pgfvalue}}, visualize as scatter]
      data [format=named] { x={1,100,...,1000}, y={1,2,3} };""")
    labels = sorted((p.anchor[0], p.text) for p in sc.primitives if isinstance(p, TextLabel) and "0" in p.text)
    xs = [x for x, t in labels if t in ("$10$", "$100$", "$1{,}000$")]
    assert np.allclose(np.diff(xs), 28.4528, atol=1e-3)


def test_tikzdatavisualizationset_styles_with_an_argument_add_data_points():
    # the pgf manual: horizontal/.style={data point={x=#1, y=1}, data point={x=#1, y=2}} defined
    # before the statement; horizontal=1, horizontal=2 make the line (1,1) (1,2) (2,1) (2,2)
    # (school book axes: 1 cm a unit here)
    sc = parse_tikz(r"""\tikzdatavisualizationset{
        horizontal/.style={data point={x=#1, y=1}, data point={x=#1, y=2}},
      }
      \tikz \datavisualization [school book axes, visualize as line, horizontal=1, horizontal=2];""")
    assert not sc.diagnostics
    line = next(p.points for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4)
    assert np.allclose(line / 28.4528, [[1, 1], [1, 2], [2, 1], [2, 2]], atol=1e-3)


def test_an_axis_function_sqrt_maps_the_values_through_the_square_root():
    # function=\pgfdvmathunaryop{\pgfvalue}{sqrt}{\pgfvalue} with scaling=1 at 0cm and 1000 at 3cm:
    # latex + dvisvgm put the 250 tick 43.91 bp right of the 0 tick (sqrt 250 of the sqrt scale)
    from geoverify.frontends.tikz.datavis_axes import DvAxis
    axis = DvAxis("x axis", "x", (1.0, 0.0))
    axis.sqrt, axis.scaling = True, "1 at 0cm and 1000 at 3cm"
    axis.survey(0.0)
    axis.survey(1000.0)
    axis.setup(lambda t: evaluate(t, {}, None).value)
    assert abs((axis.out(250.0) - axis.out(0.0)) * 72 / 72.27 - 43.91) < 0.02


def test_gap_line_and_gap_cycle_visualizers_leave_a_gap_around_each_point():
    # pgflibraryplothandlers' gaplineto/gapcycle: a line from each point to the next, stopping
    # /pgf/gap around stream point (1.5pt) short of both; the cycle adds the way back
    from geoverify.frontends.tikz.datavis import path_code
    code = path_code("blue", "gaplineto", [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)])
    assert code == r"\draw[blue] (1.5pt,0.0pt) -- (8.5pt,0.0pt) (10.0pt,1.5pt) -- (10.0pt,8.5pt);"
    sc = parse_tikz(r"\tikz " + path_code("", "gapcycle", [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]))
    segs = [p.points for p in sc.primitives]
    assert len(segs) == 3 and np.allclose(segs[2], [[10 - 1.5 / 2 ** 0.5] * 2, [1.5 / 2 ** 0.5] * 2])


def test_xyz_cartesian_cabinet_draws_the_z_axis_down_and_left():
    # tikzlibrarydatavisualization: xy Cartesian plus a z axis with unit vector (-0.353553pt, -0.353553pt)
    sc = parse_tikz(r"""\tikz \datavisualization [xyz Cartesian cabinet, all axes={visualize axis={low=0}},
        visualize as scatter]
      data {
        x, y, z
        0, 0, 1
        2, 2, 2
      };""")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline) and np.allclose(p.points[0], 0)]
    dirs = sorted(tuple(np.round((q[-1] - q[0]) / np.hypot(*(q[-1] - q[0])), 4)) for q in lines)
    r = round(0.5 ** 0.5, 4)
    assert dirs == [(-r, -r), (0.0, 1.0), (1.0, 0.0)]


def test_a_tick_placement_strategy_that_sets_tick_keys_places_those_ticks():
    # the pgf manual's \silly strategy: \tikzdatavisualizationset{major={at={2,3,5,7,11,13}}}
    sc = parse_tikz(r"""\def\silly{\tikzdatavisualizationset{major={at={2,3,5,7,11,13}}}}
      \tikz \datavisualization [scientific axes, visualize as scatter,
          x axis={tick placement strategy=\silly}]
        data {
          x, y
          0, 0
          15, 15
        };""")
    assert not sc.diagnostics
    below = sorted((p.anchor[0], p.text) for p in sc.primitives if isinstance(p, TextLabel) and p.anchor[1] < 0)
    assert [t for _, t in below] == ["$2$", "$3$", "$5$", "$7$", "$11$", "$13$"]
