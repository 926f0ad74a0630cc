"""Inputs found by fuzzing (fuzz/run.py) that once escaped as undocumented exceptions."""

import pytest

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz import parse_tikz


@pytest.mark.parametrize("src", [
    "\\begin{tikzpicture}\\draw |-cycle;\\end{tikzpicture}",
    "\\begin{tikzpicture}\\draw -- node {A} cycle;\\end{tikzpicture}",
    "\\newcommand{\\x}[\x7f3]{a}\\begin{tikzpicture}\\draw (0,0)--(1,1);\\end{tikzpicture}",
    "\\begin{tikzpicture}\n\\draw coordinate at ++ (1,2) [radius=1] {A};\n\\end{tikzpicture}\n",
])
def test_only_documented_errors(src):
    try:
        parse_tikz(src)
    except GeoverifyError:
        pass


def test_corner_to_cycle_without_start_begins_at_origin():
    scene = parse_tikz("\\begin{tikzpicture}\\draw |-cycle;\\end{tikzpicture}")
    assert scene is not None


def test_unparsable_scope_inside_a_path_is_a_located_note():
    scene = parse_tikz("\\begin{tikzpicture}\n\\draw (0,0) -- (1,0) {[red] -- (2,0) $$};\n\\end{tikzpicture}")
    notes = [d for d in scene.diagnostics if d.code == "UNSUPPORTED" and d.construct == "{}"]
    assert notes and notes[0].location is not None and notes[0].location.line == 2


def test_path_error_in_macro_text_is_located_in_the_source():
    # the path's text comes from a macro (no source position of its own): the error still has a line
    scene = parse_tikz("\\def\\p{(0,0) -- $$}\n\\begin{tikzpicture}\n\\draw \\p;\n\\end{tikzpicture}")
    notes = [d for d in scene.diagnostics if d.code == "UNSUPPORTED"]
    assert notes and notes[0].location is not None and notes[0].location.line is not None
