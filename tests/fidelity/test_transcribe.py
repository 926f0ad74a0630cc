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
