"""Transcribed figures read back by the other front-ends keep every relation."""

from __future__ import annotations

import pytest

from geoverify.fidelity.compare import compare_figures, prepare_figure
from geoverify.fidelity.transcribe import to_svg, to_tikz


@pytest.fixture
def ref(svg_reference):
    return prepare_figure(svg_reference, format="svg", name="ref")


def test_tikz_transcription_scores_one(ref):
    code = to_tikz(ref.scene, ref.mined.points)
    assert code.count("\\node[") == 6 and "circle[radius=" in code
    s = compare_figures(ref, prepare_figure(code, format="tikz"), text_metrics=False)
    assert s.f1 == 1.0, [c.message for c in s.missing()]


def test_svg_transcription_scores_one(ref):
    s = compare_figures(ref, prepare_figure(to_svg(ref.scene), format="svg"), text_metrics=False)
    assert s.f1 == 1.0, [c.message for c in s.missing()]


def test_asymptote_into_tikz_and_svg(asy_scene):
    from geoverify.fidelity.compare import figure_from_scene

    ref = figure_from_scene(asy_scene, name="asy")
    for code, fmt in ((to_tikz(asy_scene), "tikz"), (to_svg(asy_scene), "svg")):
        s = compare_figures(ref, prepare_figure(code, format=fmt), text_metrics=False)
        assert s.f1 == 1.0, (fmt, [c.message for c in s.missing()], [c.message for c in s.extra()])


def test_svg_transcription_writes_labels_at_the_size_they_show():
    from geoverify.frontends.asy import parse_asy

    scene = parse_asy('unitsize(1cm); draw((0,0)--(2,0)); label("{\\tiny A}", (0,0), S); label("$B$", (2,0), S);',
                      dialect="aops")
    from geoverify.scene import TextLabel

    pen_size = [p.font_size for p in scene.primitives if isinstance(p, TextLabel)][1]
    sizes = [float(t.split('font-size="')[1].split('"')[0]) for t in to_svg(scene).split("<text")[1:]]
    assert sizes == [5.0, pytest.approx(pen_size, abs=1e-3)]      # \tiny is 5 pt; B keeps its pen's size


def test_svg_transcription_writes_a_label_of_an_undrawn_point_on_it():
    """``label("$F$", (6.7,6.7), W)`` with nothing drawn there: the SVG text sits on (6.7, 6.7),
    where a reader takes F from, not beside it (beside, it would name the nearby crossing)."""
    from geoverify.fidelity.compare import figure_from_scene
    from geoverify.frontends.asy import parse_asy

    scene = parse_asy('pair A=(0,10), B=(0,0), C=(14,0), D=(14,10), E=(7,10); draw(A--B--C--D--cycle);'
                      'draw(B--E); draw(A--C); label("$F$", (6.7,6.7), W); label("$E$", E, N);'
                      'label("$A$", A, NW); label("$B$", B, SW); label("$C$", C, SE); label("$D$", D, NE);',
                      dialect="aops")
    svg = to_svg(scene)
    f_text = next(t for t in svg.split("<text")[1:] if t.split(">")[1].startswith("F"))
    k = 300 / 14
    assert float(f_text.split('x="')[1].split('"')[0]) == pytest.approx(20 + 6.7 * k, abs=1e-3)
    e_text = next(t for t in svg.split("<text")[1:] if t.split(">")[1].startswith("E"))
    assert float(e_text.split('y="')[1].split('"')[0]) < 20          # E, a vertex, still above its point
    ref = figure_from_scene(scene, name="asy")
    s = compare_figures(ref, prepare_figure(svg, format="svg"), text_metrics=False)
    assert s.f1 == 1.0, ([c.message for c in s.missing()], [c.message for c in s.extra()])


def test_svg_label_of_an_undrawn_point_stays_beside_it_when_that_is_clearer():
    """``label("$C$", (2.5,9.5), N)`` above the crossing (2,8): written on (2.5, 9.5) it would
    come nearer the crossing than written above, so it stays above (a reader keeps it free)."""
    from geoverify.fidelity.compare import figure_from_scene
    from geoverify.frontends.asy import parse_asy

    scene = parse_asy('unitsize(0.5cm); draw((8,0)--(0,0)--(0,14)); draw((0,0)--(10,10));'
                      'draw((0,12)--(4,4)); draw((0,9)--(6,6)); label("$A$",(0,9),NW); label("$B$",(0,12),NW);'
                      'label("$C$",(2.5,9.5),N); label("$D$",(6,6),SE); label("$E$",(4,4),SE);', dialect="aops")
    svg = to_svg(scene)
    c_text = next(t for t in svg.split("<text")[1:] if t.split(">")[1].startswith("C"))
    k = 300 / 14
    anchor_y = 20 + (14 - 9.5) * k
    assert float(c_text.split('y="')[1].split('"')[0]) < anchor_y - 5      # above its point, not on it
    ref = figure_from_scene(scene, name="asy")
    s = compare_figures(ref, prepare_figure(svg, format="svg"), text_metrics=False)
    assert s.f1 == 1.0, ([c.message for c in s.missing()], [c.message for c in s.extra()])
