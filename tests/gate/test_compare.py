"""Native vs rendered scene: agreement flags."""

from __future__ import annotations

import pytest

from geoverify.gate.compare import compare_scenes, label_characters

svg_frontend = pytest.importorskip("geoverify.frontends.svg")


def _svg(body, w=200, h=100):
    return svg_frontend.parse_svg(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">{body}</svg>')


TRIANGLE = '<path d="M0 100 L200 100 L200 0 Z" stroke="black" fill="none"/>'
LABELS = '<text x="0" y="90">A1</text><text x="190" y="10">B</text>'


def test_identical_scenes_agree():
    a = _svg(TRIANGLE + LABELS)
    res = compare_scenes(a, _svg(TRIANGLE + LABELS))
    assert res.agree and res.to_dict()["agree"] is True


def test_label_difference_is_flagged():
    res = compare_scenes(_svg(TRIANGLE + LABELS), _svg(TRIANGLE + '<text x="0" y="90">C2</text><text x="9" y="9">B</text>'))
    assert [d.split(":")[0] for d in res.disagreements] == ["label characters"]


def test_aspect_difference_is_flagged():
    tall = '<path d="M0 100 L100 100 L100 0 Z" stroke="black" fill="none"/>'
    res = compare_scenes(_svg(TRIANGLE + LABELS), _svg(tall + LABELS))
    assert [d.split(":")[0] for d in res.disagreements] == ["aspect"]


def test_empty_against_drawn_is_flagged():
    res = compare_scenes(_svg(""), _svg(TRIANGLE))
    assert {d.split(":")[0] for d in res.disagreements} == {"empty", "outlines"}


def test_tex_markup_is_ignored_in_label_characters():
    class _L:
        def __init__(self, text):
            self.text = text

    class _S:
        labels = [(0, _L("$\\angle A_{1}^\\circ$")), (1, _L("B"))]

    assert label_characters(_S()) == {"A": 1, "1": 1, "B": 1}


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
    try:
        native = parse_figure(src, format=fmt)
    except ImportError:
        pytest.skip(f"the {fmt} front-end is not there yet")
    res = run_gate(src, fmt)
    assert res.T is True
    cmp = compare_scenes(native, rendered_scene(res))
    assert cmp.agree, cmp.disagreements
