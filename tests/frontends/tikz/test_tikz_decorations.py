"""Decorations drawn as pgf draws them: snake, zigzag, brace (numbers from latex + dvisvgm)."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Polyline, TextLabel

from tikz_fixtures import CM, close, only

BP = 72.27 / 72  # pt per bp


def _tex(points, origin):
    """dvisvgm points (bp, y down) relative to ``origin`` -> TeX pt, y up."""
    p = np.asarray(points, dtype=float) - np.asarray(origin, dtype=float)
    return np.column_stack([p[:, 0], -p[:, 1]]) * BP


def test_snake_starts_with_pgfs_initial_quarter_wave():
    # TeX: M-71.800785 71.277347 C-70.55469 71.277347 -69.9336 68.78516 -68.6875 68.78516
    #      C-67.78516 68.78516 -67.00782 70.00391 -66.19532 71.277347 (a cosine quarter wave) ...
    p = only(parse_tikz(r"\draw[decorate, decoration=snake] (0,0) -- (3,0);"), BezierPath)
    c = p.subpaths()[0].controls
    o = (-71.800785, 71.277347)
    assert close(c[0], _tex([o, (-70.55469, 71.277347), (-69.9336, 68.78516), (-68.6875, 68.78516)], o), tol=3e-3)
    assert close(c[1], _tex([(-68.6875, 68.78516), (-67.78516, 68.78516), (-67.00782, 70.00391),
                             (-66.19532, 71.277347)], o), tol=3e-3)
    assert close(c[-1][3], (3 * CM, 0))


def test_zigzag_after_a_pre_length():
    # TeX: M41.5862 71.277347 V57.1055 L39.0972 54.6133 L44.0782 49.6328 ... L41.5862-12.6367 V-13.7617
    p = only(parse_tikz(r"\draw[decorate, decoration={zigzag, pre length=5mm}] (4,0) -- (4,3);"), Polyline)
    o = (41.5862 - 4 * CM / BP, 71.277347)
    want = _tex([(41.5862, 71.277347), (41.5862, 57.1055), (39.0972, 54.6133), (44.0782, 49.6328)], o)
    assert close(p.points[:4], want, tol=3e-3)
    assert close(p.points[-3:], _tex([(44.0782, -10.1445), (41.5862, -12.6367), (41.5862, -13.7617)], o), tol=3e-3)


@pytest.mark.parametrize("opts,tip_y", [("brace, amplitude=5pt", 5.0), ("brace, mirror, raise=3pt", -5.5)])
def test_brace_tip_in_the_middle_at_its_amplitude(opts, tip_y):
    # TeX: amplitude 5pt: M-71.800785 14.582 C... the tip at (-29.2813, 9.6016), 1.5 cm along and 5 pt up;
    # mirror, raise=3pt: from (-71.800785, -10.7734), 3 pt under the line, tip 2.5 pt further down.
    p = only(parse_tikz(rf"\draw[decorate, decoration={{{opts}}}] (0,0) -- (3,0);"), BezierPath)
    c = p.subpaths()[0].controls
    ends = np.vstack([c[0][0], c[:, 3]])
    tip = ends[np.argmax(np.abs(ends[:, 1]))]
    assert close(tip, (1.5 * CM, tip_y), tol=3e-3)
    start_y = 0.0 if "raise" not in opts else -3.0
    assert close(c[0][0], (0, start_y)) and close(c[-1][3], (3 * CM, start_y))
    # first cubic of the amplitude-5 brace, TeX: C-71.054691 13.0898 -69.3086 12.0938 -66.82032 12.0938
    if "amplitude" in opts:
        assert close(c[0], _tex([(-71.800785, 14.582), (-71.054691, 13.0898), (-69.3086, 12.0938),
                                 (-66.82032, 12.0938)], (-71.800785, 14.582)), tol=3e-3)


def test_unknown_decoration_is_reported_and_the_path_kept():
    sc = parse_tikz(r"\draw[decorate, decoration=random steps] (0,0) -- (1,0);")
    assert close(only(sc, Polyline).points, [(0, 0), (CM, 0)])
    assert any(d.code == "UNSUPPORTED" and "random steps" in d.message for d in sc.diagnostics)


def test_mark_code_draws_in_the_frame_of_the_path_at_the_mark():
    # TeX: M-70.507813-15.109375L42.8785-71.8008 (the path), M-13.8164-43.4531L-20.1563-56.1289 (the red mark,
    # 0.5 cm to the path's left at its middle); text '28.45274pt' above the point 1 cm along the path
    sc = parse_tikz(r"""\draw[decoration={markings, mark=at position 0.5 with {\draw[red] (0,0) -- (0,0.5);},
      mark=at position 1cm with {\node[above] {\pgfkeysvalueof{/pgf/decoration/mark info/distance from start}};}},
      postaction={decorate}] (0,0) -- (4,2);""")
    assert not sc.diagnostics
    path, mark = [p for p in sc.primitives if isinstance(p, Polyline)]
    o = (-70.507813, -15.109375)
    assert mark.style.stroke == "#ff0000"
    assert close(mark.points, _tex([(-13.8164, -43.4531), (-20.1563, -56.1289)], o), tol=5e-3)
    label = only(sc, TextLabel)
    assert label.text == "28.45276pt"  # pgf writes 28.45274pt: as many digits, as wide
    assert close(label.anchor, (CM * 2 / 5 ** 0.5, CM / 5 ** 0.5))


@pytest.mark.parametrize("between, length, expected", [
    ("0 and 1 step 1cm", 3.5, [0, 1, 2, 3]),          # TeX: heads 28.35 bp (1 cm) apart from the start
    ("0.1 and 0.9 step 0.25", 4, [0.4, 1.4, 2.4, 3.4]),
    ("5mm and -5mm step 1cm", 3.5, [0.5, 1.5, 2.5]),  # a negative bound counts from the end
])
def test_marks_between_positions_with_a_length_step(between, length, expected):
    from geoverify.scene import Arrow
    sc = parse_tikz(r"\usetikzlibrary{decorations.markings}\draw[decoration={markings, mark=between positions "
                    + between + r" with {\arrow{>}}}, postaction={decorate}] (0,0) -- (" + str(length) + ",0);")
    xs = [a.tip[0] / CM for a in sc.primitives if isinstance(a, Arrow)]
    assert xs == pytest.approx(expected, abs=1e-6)


def test_bent_curves_each_straight_piece_by_its_aspect_and_amplitude():
    # TeX: M-71.800785-15.109375C-46.2891-17.59766-12.2734-17.59766 13.2383-15.109375 (aspect .3);
    # M-71.800785-43.4531C-43.4531-48.4375-43.4531-48.4375-15.1055-43.4531C-20.0898-57.6289-20.0898-57.6289
    # -15.1055-71.8008 (two pieces, amplitude 5pt: each bows to its left)
    sc = parse_tikz(r"\draw[decorate, decoration={bent, aspect=.3}] (0,0) -- (3,0);"
                    r"\draw[decorate, decoration={bent, amplitude=5pt}] (0,1) -- (2,1) -- (2,2);")
    assert not sc.diagnostics
    one, two = [p.subpaths()[0].controls for p in sc.primitives]
    o = (-71.800785, -15.109375)
    assert close(one, _tex([o, (-46.2891, -17.59766), (-12.2734, -17.59766), (13.2383, -15.109375)], o)[None],
                 tol=3e-3)
    assert close(two, np.stack([_tex(q, o) for q in (
        [(-71.800785, -43.4531), (-43.4531, -48.4375), (-43.4531, -48.4375), (-15.1055, -43.4531)],
        [(-15.1055, -43.4531), (-20.0898, -57.6289), (-20.0898, -57.6289), (-15.1055, -71.8008)])]), tol=3e-3)


def test_decorate_operation_decorates_only_its_sub_path():
    # TeX: M-71.800785-43.453125H-43.4531L-40.9648-45.94531L-35.9805-40.96484 ... L-16.0547-40.96484
    # L-17.5977-47.48828 ... L-15.1055-69.9023V-71.8008H13.2383: the line before and after stays straight
    p = only(parse_tikz(r"\draw (0,0) -- (1,0) decorate [decoration=zigzag] { -- (2,0) -- (2,1) } -- (3,1);"),
             Polyline)
    o = (-71.800785, -43.453125)
    want = _tex([o, (-43.4531, -43.453125), (-40.9648, -45.94531), (-35.9805, -40.96484)], o)
    assert close(p.points[:4], want, tol=3e-3)
    assert close(p.points[-4:], _tex([(-17.5977, -67.4102), (-15.1055, -69.9023), (-15.1055, -71.8008),
                                      (13.2383, -71.8008)], o), tol=3e-3)
    assert close(p.points[8], _tex([(-17.5977, -47.48828)], o)[0], tol=5e-3)  # the corner turns the frame


def test_zigzag_along_a_curve_follows_its_length_and_tangent():
    # TeX: pgf walks the curve itself; the polyline of 64 pieces per curve stays within 0.12 pt of it
    tex = [(-69.308597, -15.109375), (-71.80078, -17.59766), (-66.33594, -22.30469), (-70.046878, -28.0078),
           (-63.28516, -30.9063), (-64.3711, -37.4336), (-56.918, -36.8672), (-54.8438, -43.168),
           (-48.3516, -39.7578), (-44.4375, -45.3594), (-38.8945, -40.793), (-34.1914, -45.9219),
           (-29.1133, -40.9727), (-24.1523, -45.9453), (-19.1484, -41), (-14.2813, -46.1445), (-9.0234, -41.5742),
           (-4.6914, -47.2813), (1.168, -43.7266), (4.0078, -50.4609), (10.5508, -49.25), (10.1523, -56.707),
           (16.4297, -58.7383), (12.8711, -65.207), (15.5156, -67.125), (15.7305, -71.8008)]
    p = only(parse_tikz(r"\draw decorate [decoration=zigzag] { (0,0) .. controls (0,2) and (3,0) .. (3,2) };"),
             Polyline)
    assert close(p.points, _tex(tex, tex[0]), tol=0.12)
    assert close(p.points[-1], (3 * CM, 2 * CM), tol=1e-6)


def test_shape_backgrounds_scale_the_shape_to_its_size_along_the_path():
    # TeX (bp, origin (-68.812497, -43.453125)): three pentagons 4 mm wide along (1,0) -- (2,1), the first
    # M-44.8945-47.88672L-45.8437-40.81641L-39.3594-37.39063L-34.4023-42.34766L-37.8281-48.83203Z (turned 45
    # degrees); ellipses 6 pt by 3 pt every 6 pt + 2 mm (between borders) along (0,-1) -- (2,-1)
    sc = parse_tikz(r"""\usetikzlibrary{decorations.shapes,shapes.geometric}
    \draw (0,0) -- (0.1,0);
    \draw[decorate, decoration={shape backgrounds, shape=regular polygon, shape size=4mm, shape sep=.5cm}]
      (1,0) -- (2,1);
    \draw[decorate, decoration={shape backgrounds, shape width=6pt, shape height=3pt,
      shape sep={2mm, between borders}}] (0,-1) -- (2,-1);""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    polys = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    assert len(polys) == 3
    o = (-68.812497, -43.453125)
    want = _tex([(-44.8945, -47.88672), (-45.8437, -40.81641), (-39.3594, -37.39063), (-34.4023, -42.34766),
                 (-37.8281, -48.83203)], o)
    assert close(sorted(map(tuple, polys[0].points)), sorted(map(tuple, want)), tol=1e-2)
    ellipses = [p for p in sc.primitives if type(p).__name__ == "Ellipse"]
    assert [round(e.center[0], 3) for e in ellipses] == [round(k * (6 + 2 * CM / 10), 3) for k in range(5)]
    assert all(close((e.rx, e.ry), (3.0, 1.5)) for e in ellipses)


_NODES = (r"\node[draw,circle,minimum size=10pt,inner sep=0pt] (a) at (0,0) {};"
          r"\node[draw,circle,minimum size=10pt,inner sep=0pt] (b) at (2,0) {};"
          r"\node[draw,circle,minimum size=10pt,inner sep=0pt] (c) at (2,2) {};")


def test_snake_runs_on_across_the_breaks_at_nodes_and_ends_where_a_cycle_after_a_node_does():
    # TeX (origin (-66.820316, -10.125)): M-61.64063-10.125 ... 33 curves to -14.5117-11.26172,
    # then M-10.125-15.30859 (the border of b toward c) in mid-wave: 31 curves to -10.125-60.3945
    # and V-66.8203, the line of the final state to the centre of c (`-- cycle` there is M c Z)
    sc = parse_tikz(_NODES + r"\draw[decorate,decoration={snake,segment length=2mm,amplitude=0.4mm}]"
                    r" (a) -- (b) -- (c) -- cycle;")
    subs = [s for p in sc.primitives if isinstance(p, BezierPath) for s in p.subpaths()]
    o = (-66.820316, -10.125)
    assert [len(s.controls) for s in subs] == [33, 32]
    assert close(subs[0].controls[0][0], _tex([(-61.64063, -10.125)], o)[0], tol=3e-3)
    assert close(subs[0].controls[-1][3], _tex([(-14.5117, -11.26172)], o)[0], tol=1e-2)
    assert close(subs[1].controls[0][0], _tex([(-10.125, -15.30859)], o)[0], tol=3e-3)
    assert close(subs[1].controls[-2][3], _tex([(-10.125, -60.3945)], o)[0], tol=1e-2)
    assert close(subs[1].controls[-1][3], (2 * CM, 2 * CM), tol=3e-3)


def test_cycle_after_a_node_closes_at_its_centre_and_draws_nothing():
    # TeX: M-61.64063-10.125H-15.3047M-10.125-15.30859V-61.6406M-10.125-66.8203Z
    sc = parse_tikz(_NODES + r"\draw (a) -- (b) -- (c) -- cycle;")
    pts = [tuple(np.round(q, 2)) for p in sc.primitives if isinstance(p, Polyline) for q in p.points]
    assert len(pts) == 4 and close(pts[-1], (2 * CM, 2 * CM - 5.2), tol=1e-2)


@pytest.mark.parametrize("dx,dy,tex", [(43.8671, 43.8669, 61.89226), (92.1881, 15.3664, 93.44566),
                                       (10, 10, 14.14154), (3, 4, 4.99994)])
def test_decorations_measure_lines_with_pgfs_veclen(dx, dy, tex):
    # \pgfmathveclen@ in TeX; its reciprocal keeps few digits (61.892 for a true 62.038)
    from geoverify.frontends.tikz.decorations import _pgf_veclen
    assert abs(_pgf_veclen(dx, dy) - tex) < 1e-3


def test_coil_loops_by_aspect_and_amplitude():
    # TeX (coil, segment length 6pt, (0,0) -- (3,0)), bp from the start (-71.800785, -69.308597):
    # C-71.300785-70.69141 -70.25-71.80078 -69.0625-71.80078 C-67.8711-71.80078 -66.82032-70.69141 -66.32032-69.3086
    p = only(parse_tikz(r"\draw[decorate, decoration={coil, segment length=6pt}] (0,0) -- (3,0);"), BezierPath)
    c = p.subpaths()[0].controls
    o = (-71.800785, -69.308597)
    assert close(c[0], _tex([o, (-71.300785, -70.69141), (-70.25, -71.80078), (-69.0625, -71.80078)], o), tol=3e-3)
    assert close(c[1], _tex([(-69.0625, -71.80078), (-67.8711, -71.80078), (-66.82032, -70.69141),
                             (-66.32032, -69.308597)], o), tol=3e-3)
    assert close(c[-1][3], (3 * CM, 0))


def _lines(scene):
    return [q.points for q in scene if isinstance(q, Polyline)]


def test_border_ticks_at_their_angle_every_segment():
    # TeX: M-71.800785-43.453125L-68.47657-41.25781M-62.89063-47.91016L-59.5664-45.71484 ... six ticks
    ticks = _lines(parse_tikz(r"\draw[decorate, decoration={border, angle=-60, amplitude=4pt}] (0,0) -- (2,1);"))
    o = (-71.800785, -43.453125)
    assert len(ticks) == 6
    assert close(ticks[0], _tex([o, (-68.47657, -41.25781)], o), tol=3e-3)
    assert close(ticks[1], _tex([(-62.89063, -47.91016), (-59.5664, -45.71484)], o), tol=3e-3)


@pytest.mark.parametrize("opts,origin,first", [
    ("waves, radius=4mm, angle=30", (-71.800785, -66.132812),
     [(-63.35547, -71.80078), (-61.332, -68.29297), (-61.332, -63.96875), (-63.35547, -60.46094)]),
    ("expanding waves, angle=10", (-71.800785, -63.152342),
     [(-61.98828, -64.88281), (-61.7891, -63.738279), (-61.7891, -62.566404), (-61.98828, -61.42187)])])
def test_waves_are_arcs_each_segment(opts, origin, first):
    # TeX: five arcs on (0,0) -- (2,0) in both cases, the first as given
    arcs = [q for q in parse_tikz(rf"\draw[decorate, decoration={{{opts}}}] (0,0) -- (2,0);")
            if isinstance(q, BezierPath)]
    assert len(arcs) == 5
    assert close(arcs[0].subpaths()[0].controls[0], _tex(first, origin), tol=3e-3)


def test_crosses_and_triangles_every_segment_along_the_path():
    # TeX crosses, shape size 3pt along (0,0) -- (1,1): M-71.80078-41.507811H-67.57422M-69.687499-39.39453
    # V-43.62109 M-64.75781-48.55469H-60.52734 ... five crosses (turned 45 degrees: level and upright)
    lines = _lines(parse_tikz(r"\draw[decorate, decoration={crosses, shape size=3pt}] (0,0) -- (1,1);"))
    o = (-69.687499, -41.507811)
    assert len(lines) == 10
    assert close(lines[0], _tex([(-71.80078, -41.507811), (-67.57422, -41.507811)], o), tol=3e-3)
    assert close(lines[2], _tex([(-64.75781, -48.55469), (-60.52734, -48.55469)], o), tol=3e-3)
    # TeX triangles, segment length 8pt on (0,0) -- (2,0): seven, M-71.800785-71.80078L-69.3086-70.55469
    # L-71.800785-69.3086Z M-63.83203-71.80078 ...
    tris = [q for q in parse_tikz(r"\draw[decorate, decoration={triangles, segment length=8pt}] (0,0) -- (2,0);")
            if isinstance(q, Polyline)]
    o = (-71.800785, -70.55469)
    assert len(tris) == 7 and all(t.closed for t in tris)
    assert close(tris[1].points[:3], _tex([(-63.83203, -71.80078), (-61.3398, -70.55469), (-63.83203, -69.3086)], o),
                 tol=3e-3)


def test_postaction_that_decorates_and_draws_draws_the_decorated_copy():
    # TeX: the line in black, then in red M-71.800785-68.984372L-68.98438-71.80078M-59.8438-68.984372
    # L-57.0273-71.80078 ... five ticks
    sc = parse_tikz(r"\draw [decoration={border, amplitude=4pt, segment length=12pt}, "
                    r"postaction={decorate, draw, red}] (0,0) -- (2,0);")
    assert close(only(sc, Polyline).points, [(0, 0), (2 * CM, 0)])
    ticks = only(sc, BezierPath)
    assert ticks.style.stroke == "#ff0000" and len(ticks.subpaths()) == 5
    o = (-71.800785, -68.984372)
    c = ticks.subpaths()[1].controls[0]
    assert close(c[[0, 3]], _tex([(-59.8438, -68.984372), (-57.0273, -71.80078)], o), tol=3e-3)


def test_pre_length_over_a_curve_is_its_chord_and_pre_post_moveto_draw_nothing():
    # TeX (bp, start (-71.800785, -40.867186)): zigzag, pre length 1.5cm on (0,0) arc (180:0:1): M-71.800785
    # -40.867186 L-45.4609-69.1445 (one line, the chord to 1.5 cm along the arc) L-43.1523-71.8008 ...
    # pre=moveto, pre length=1cm, post=moveto, post length=1cm on (0,-1) -- (3,-1): M-43.4531-12.5195
    # L-40.9648-15.0117 ... L-18.5469-12.5195 (no line to the post's start)
    arc, line = [q for q in parse_tikz(
        r"\draw [decorate, decoration={zigzag, pre length=1.5cm}] (0,0) arc (180:0:1);"
        r"\draw [decorate, decoration={zigzag, pre=moveto, pre length=1cm, post=moveto, post length=1cm}]"
        r" (0,-1) -- (3,-1);") if isinstance(q, Polyline)]
    o = (-71.800785, -40.867186)
    assert close(arc.points[:3], _tex([o, (-45.4609, -69.1445), (-43.1523, -71.8008)], o), tol=2e-2)
    assert close(line.points[[0, 1, -1]], _tex([(-43.4531, -12.5195), (-40.9648, -15.0117), (-18.5469, -12.5195)], o),
                 tol=3e-3)


def test_a_post_length_goes_on_from_where_the_decoration_stopped():
    # TeX: zigzag, post length=1cm on (0,0) -- (3,0): ... L-19.4961-71.80078L-17.0039-69.308597H13.2383
    p = only(parse_tikz(r"\draw [decorate, decoration={zigzag, post length=1cm}] (0,0) -- (3,0);"), Polyline)
    o = (-71.800785, -69.308597)
    assert close(p.points[-3:], _tex([(-19.4961, -71.80078), (-17.0039, -69.308597), (13.2383, -69.308597)], o),
                 tol=3e-3)


def test_zigzag_widths_truncated_to_sp_stop_short_of_a_corner():
    # TeX: zigzag (segment length 10mm, amplitude 2.5mm) round (0,0) rectangle (3,2): ten half segments
    # reach 5 cm a few sp short of the corner (3,2), so the tenth peak is still in the top edge's frame:
    # M-64.714841-8.019531 ... L13.2383-57.62887L27.4141-71.80077L13.2383-43.45317 ...
    p = only(parse_tikz(r"\draw decorate[decoration={zigzag,segment length=10mm,amplitude=2.5mm}]"
                        r" { (0,0) rectangle (3,2) };"), Polyline)
    o = (-64.714841, -8.019531)
    assert close(p.points[10:13], _tex([(13.2383, -57.62887), (27.4141, -71.80077), (13.2383, -43.45317)], o),
                 tol=5e-3)


def test_saw_and_bumps_end_with_a_line_once_a_segment_is_left():
    # TeX: saw (segment length 7pt) on (0,0) -- (1,0) -- (1,1): M-71.800785-43.453125L-64.82813-45.94531
    # V-43.453125 ... L-36.9297-45.94531V-43.453125 (the teeth run on past the corner in its frame)
    # L-45.9453-56.9492H-43.4531 ... L-45.9453-70.8984H-43.4531V-71.8008 (auto end: a line to the end)
    saw = only(parse_tikz(r"\draw [decorate, decoration={saw, segment length=7pt}] (0,0) -- (1,0) -- (1,1);"),
               Polyline)
    o = (-71.800785, -43.453125)
    assert close(saw.points[[1, 10, 11, -2, -1]], _tex([(-64.82813, -45.94531), (-36.9297, -43.453125),
                                                       (-45.9453, -56.9492), (-43.4531, -70.8984),
                                                       (-43.4531, -71.8008)], o), tol=3e-3)
    # TeX: bumps (segment length 8pt) on (0,-1) -- (2,-1): C-71.800785-16.4883 -70.914066-17.5977 -69.8086-17.5977
    # ... fourteen bumps to -16.0078, then H-15.1055
    c = only(parse_tikz(r"\draw [decorate, decoration={bumps, segment length=8pt}] (0,0) -- (2,0);"),
             BezierPath).subpaths()[0].controls
    o = (-71.800785, -15.1094)
    assert close(c[0], _tex([o, (-71.800785, -16.4883), (-70.914066, -17.5977), (-69.8086, -17.5977)], o), tol=5e-3)
    assert close(c[27][3], _tex([(-16.0078, -15.1094)], o)[0], tol=5e-3)
    assert close(c[-1][3], (2 * CM, 0))


def test_ticks_every_segment_and_one_more_where_the_automaton_stops():
    # TeX: ticks (segment length 10pt, amplitude 3pt) on (0,0) -- (1,1): M-71.80078-43.62109L-67.57422-39.39453
    # M-64.75781-50.66797L-60.52734-46.4414 ... M-43.6211-71.8008L-39.3945-67.5742 (the last from the final state)
    ticks = _lines(parse_tikz(r"\draw [decorate, decoration={ticks, segment length=10pt, amplitude=3pt}] (0,0) -- (1,1);"))
    o = (-69.687499, -41.507811)
    assert len(ticks) == 5
    assert close(ticks[0], _tex([(-71.80078, -43.62109), (-67.57422, -39.39453)], o), tol=3e-3)
    assert close(ticks[-1], _tex([(-43.6211, -71.8008), (-39.3945, -67.5742)], o), tol=3e-3)


@pytest.mark.parametrize("step,count", [("0.25", 5), ("0.1", 10)])
def test_marks_between_fractions_step_as_tex_lengths(step, count):
    # TeX: between positions 0 and 1 on (0,0) -- (2,0): step 0.25 gives five marks (the last at the end),
    # step 0.1 ten (0.1 is 6554 sp, so the eleventh would lie past the end), the last at x -20.1445 bp,
    # 0.9 of the way (the picture's origin at -71.1699 bp)
    marks = _lines(parse_tikz(
        rf"\path [postaction={{decorate}}, decoration={{markings, mark=between positions 0 and 1 step {step} "
        r"with {\draw (0,-2pt) -- (0,2pt);}}] (0,0) -- (2,0);"))
    assert len(marks) == count
    if count == 10:
        assert close(marks[-1][0][0], (-20.1445 + 71.1699) * BP, tol=1e-2)


def test_transform_shift_only_keeps_the_states_frames_level():
    # TeX: crosses (shape size 3pt, transform={shift only}) on (0,0) -- (1,1): upright crosses (x shapes)
    # M-71.80078-43.62109L-68.8125-40.63281M-71.80078-40.63281L-68.8125-43.62109 (origin (-70.3066, -42.1289))
    lines = _lines(parse_tikz(
        r"\draw [decorate, decoration={crosses, shape size=3pt, transform={shift only}}] (0,0) -- (1,1);"))
    o = (-70.3066, -42.1289)
    assert close(lines[0], _tex([(-71.80078, -43.62109), (-68.8125, -40.63281)], o), tol=5e-3)
    assert close(lines[1], _tex([(-71.80078, -40.63281), (-68.8125, -43.62109)], o), tol=5e-3)
    sc = parse_tikz(r"\draw [decorate, decoration={crosses, transform={rotate=10}}] (0,0) -- (1,1);")
    assert any(d.code == "UNSUPPORTED" and "transform" in d.message for d in sc.diagnostics)


def test_shape_backgrounds_take_the_paths_shape_keys():
    # TeX: star points=7 on the path gives seven-pointed stars: M-64.714843-71.80078L-66.81641-68.82422
    # L-70.39844-68.99219L-69.4375-65.44922 ... (14 corners; origin (-64.7137, -64.34375))
    sc = parse_tikz(r"\usetikzlibrary{shapes.geometric}\draw[decorate, decoration={shape backgrounds, shape=star, "
                    r"shape size=5mm, shape sep=1cm}, star points=7] (0,0) -- (1,0);")
    star = [q for q in sc.primitives if isinstance(q, Polyline)][0]
    o = (-64.7137, -64.34375)
    assert len(star.points) in (14, 15)
    assert close(star.points[:4], _tex([(-64.714843, -71.80078), (-66.81641, -68.82422), (-70.39844, -68.99219),
                                        (-69.4375, -65.44922)], o), tol=5e-3)


def test_reverse_path_walks_the_path_backwards_and_ends_at_its_given_last_point():
    # TeX: M-43.4531-69.308597L-45.9453-66.82032L-50.9258-71.80078 ... L-68.35938-69.308597H-43.4531:
    # the zigzag starts at (1,0) and, pgf's decorated path's last point being the path's as given,
    # its final line goes back there
    pl = only(parse_tikz(r"\draw[decorate, decoration={zigzag, reverse path}] (0,0) -- (1,0);"), Polyline)
    o = (-71.800785, -69.308597)
    assert close(pl.points, _tex([(-43.4531, -69.308597), (-45.9453, -66.82032), (-50.9258, -71.80078),
                                  (-55.9063, -66.82032), (-60.8906, -71.80078), (-65.8711, -66.82032),
                                  (-68.35938, -69.308597), (-43.4531, -69.308597)], o), tol=0.01)
    labels = [p for p in parse_tikz(r"\path[decorate, decoration={text along path, text={ab}, reverse path}]"
                                    r" (0,0) -- (2,0);").primitives if isinstance(p, TextLabel)]
    assert close(labels[0].frame, [[-1, 0, 2 * CM], [0, -1, 0]], tol=1e-6)  # upside down from the end
