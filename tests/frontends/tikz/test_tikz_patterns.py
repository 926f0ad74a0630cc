"""Pattern fills (tikzlibrarypatterns: ``pattern=<name>`` fills the path, ``pattern=none`` does
not) and plots that are only filled (``\\addplot[fill=.., draw=none]``), as TeX paints them."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline


def _painted(code):
    sc = parse_tikz(r"\usetikzlibrary{patterns}" + code)
    return [(p.style.fill, p.style.stroke) for p in sc.primitives if isinstance(p, Polyline)]


@pytest.mark.parametrize("opts, fill, stroke", [
    ("pattern=north east lines", "#000000", None),
    ("pattern=dots, pattern color=red", "#ff0000", None),
    ("pattern color=blue, pattern=grid, draw", "#0000ff", "#000000"),
    ("pattern", "#000000", None),
    ("fill=red, pattern=none, draw", None, "#000000"),
])
def test_a_pattern_fills_the_path(opts, fill, stroke):
    # tikzlibrarypatterns.code.tex: pattern=<name> sets the fill mode (and the pattern in its colour)
    assert _painted(r"\path[%s] (0,0) rectangle (1,1);" % opts) == [(fill, stroke)]


def test_a_plot_filled_and_not_drawn_is_its_area():
    # \addplot[fill=.., draw=none]: pgfplots fills the plot's path (closed for the fill) and strokes nothing
    axis = r"\begin{tikzpicture}\begin{axis}[axis lines=none]\addplot[%s] coordinates {(0,0) (0,1) (1,1) (1,0)};" \
           r"\end{axis}\end{tikzpicture}"
    assert _painted(axis % "fill=red, draw=none") == [("#ff0000", None)]
    assert _painted(axis % "pattern=north west lines, draw=none") == [("#000000", None)]
    assert _painted(axis % "draw=none") == []
