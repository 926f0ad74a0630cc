"""Marks found from the shape of strokes: dimension lines (right-angle marks and ticks are pinned elsewhere)."""

from __future__ import annotations

import numpy as np

from geoverify.fidelity import mine_scene
from geoverify.fidelity.marks import find_dimension_lines, without_marks
from geoverify.frontends.svg import parse_svg

# A rectangle ABCD with a dimension line under AB: bars across its ends, right under the
# corners' labels, so that a bar's end is about as near the label as the corner is.
_RECT = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="-20 -20 240 160">
<path d="M0 100 L200 100 L200 0 L0 0 Z" stroke="black" fill="none"/>
{dimension}
<text x="-12" y="114" font-size="10">A</text>
<text x="203" y="114" font-size="10">B</text>
<text x="203" y="-3" font-size="10">C</text>
<text x="-12" y="-3" font-size="10">D</text>
</svg>"""
_DIMENSION = """<path d="M0 116 L200 116" stroke="black"/>
<path d="M0 111 L0 121" stroke="black"/>
<path d="M200 111 L200 121" stroke="black"/>
<text x="95" y="130" font-size="10">8</text>"""


def _scene(dimension=_DIMENSION):
    return parse_svg(_RECT.format(dimension=dimension))


def test_dimension_line_is_found_with_its_bars():
    scene = _scene()
    dims = find_dimension_lines(scene, scene.scale())
    assert len(dims) == 1
    line, *bars = dims[0]
    a, b = scene.primitives[line].points
    for bar in bars:
        ends = scene.primitives[bar].points
        assert min(np.hypot(*(ends.mean(axis=0) - a)), np.hypot(*(ends.mean(axis=0) - b))) < 1e-9


def test_a_bar_at_one_end_only_is_no_dimension_line():
    scene = _scene(_DIMENSION.replace('<path d="M200 111 L200 121" stroke="black"/>', ""))
    assert find_dimension_lines(scene, scene.scale()) == []


def test_a_bar_along_the_line_is_no_dimension_line():
    scene = _scene(_DIMENSION.replace("M200 111 L200 121", "M195 116 L205 116"))
    assert find_dimension_lines(scene, scene.scale()) == []


def test_dimension_lines_are_hidden_from_matching():
    scene = _scene()
    geo = without_marks(scene)
    hidden = [i for i, (p, q) in enumerate(zip(scene.primitives, geo.primitives)) if p.style.stroked != q.style.stroked]
    assert len(hidden) == 3


def test_labels_beside_a_dimension_line_name_the_corners():
    scene = _scene()
    corners = scene.primitives[0].subpaths()[0].vertices()     # (0,100), (200,100), (200,0), (0,0) in SVG
    mined = mine_scene(scene)
    for name, corner in zip("ABCD", corners):
        assert np.allclose(mined.points[name], corner, atol=1e-6), name
