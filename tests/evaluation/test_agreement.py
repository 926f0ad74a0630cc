import numpy as np
import pytest

from geoverify.evaluation.agreement import compare_scenes
from geoverify.scene import Circle, Polyline, Scene, TextLabel
from geoverify.scene.transform import similarity_matrix


def scene():
    s = Scene()
    s.add(Circle(center=(0, 0), radius=50))
    s.add(Polyline(points=[[-60, -60], [60, -60], [0, 70]], closed_flag=True))
    s.add(TextLabel(text="$A$", anchor=(-60, -60), box=(-70, -72, -62, -62)))
    return s


def test_same_figure_at_another_scale_agrees():
    a = scene()
    b = a.transformed(similarity_matrix(scale=1.38, tx=200, ty=-40))
    res = compare_scenes(a, b)
    assert res.agree and res.coverage == 1.0 and res.labels_matched == 1
    assert np.isclose(res.matrix[0, 0], 1.38, rtol=1e-3)


def test_moved_geometry_and_missing_label_disagree():
    a = scene()
    b = scene()
    b.primitives[1].points[2] = [0, 120]
    b.primitives[2].text = "B"
    res = compare_scenes(a, b)
    assert not res.agree
    assert res.coverage < 0.95
    assert any("'$A$'" in p for p in res.problems)


def _svg(body, w=200, h=100):
    from geoverify.frontends.svg import parse_svg

    return parse_svg(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">{body}</svg>')


TRIANGLE = '<path d="M0 100 L200 100 L200 0 Z" stroke="black" fill="none"/>'
LABELS = '<text x="0" y="90">A1</text><text x="190" y="10">B</text>'


def test_other_shape_or_empty_figure_disagrees():
    tall = '<path d="M0 100 L100 100 L100 0 Z" stroke="black" fill="none"/>'
    assert not compare_scenes(_svg(TRIANGLE + LABELS), _svg(tall + LABELS)).agree
    assert not compare_scenes(_svg(TRIANGLE), _svg("")).agree


@pytest.mark.toolchain
@pytest.mark.parametrize("fmt,src", [
    ("tikz", "\\documentclass[tikz,border=2pt]{standalone}\n\\begin{document}\n\\begin{tikzpicture}\n"
             "\\draw (0,0) -- (4,0) -- (4,2) -- cycle;\n\\node at (0,0) [below] {$A_1$};\n"
             "\\node at (4,2) [above] {$B$};\n\\end{tikzpicture}\n\\end{document}\n"),
    ("asy", 'size(100); draw((0,0)--(4,0)--(4,2)--cycle); label("$A_1$",(0,0),S); label("$B$",(4,2),N);'),
    ("svg", '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">' + TRIANGLE + LABELS + "</svg>"),
])
def test_native_and_rendered_scenes_agree_on_a_simple_figure(fmt, src):
    from geoverify.frontends import parse_figure
    from geoverify.gate import rendered_scene, run_gate
    from geoverify.gate.toolchains import FORMAT_TOOLS, available_toolchains

    if any(available_toolchains().get(t) is None for t in FORMAT_TOOLS[fmt]):
        pytest.skip(f"{fmt} toolchain not installed")
    native = parse_figure(src, format=fmt)
    res = run_gate(src, fmt)
    assert res.T is True
    cmp = compare_scenes(native, rendered_scene(res))
    assert cmp.agree, cmp.problems
