"""Inputs found by fuzzing (fuzz/run.py) that once escaped as undocumented exceptions."""

import pytest

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz import parse_tikz


@pytest.mark.parametrize("src", [
    "\\begin{tikzpicture}\\draw |-cycle;\\end{tikzpicture}",
    "\\begin{tikzpicture}\\draw -- node {A} cycle;\\end{tikzpicture}",
    "\\newcommand{\\x}[\x7f3]{a}\\begin{tikzpicture}\\draw (0,0)--(1,1);\\end{tikzpicture}",
])
def test_only_documented_errors(src):
    try:
        parse_tikz(src)
    except GeoverifyError:
        pass


def test_corner_to_cycle_without_start_begins_at_origin():
    scene = parse_tikz("\\begin{tikzpicture}\\draw |-cycle;\\end{tikzpicture}")
    assert scene is not None
