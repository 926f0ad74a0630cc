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
