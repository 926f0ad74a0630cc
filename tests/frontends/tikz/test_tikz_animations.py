"""The animations library: still pictures and snapshots (geoverify.frontends.tikz.animations)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.animations import colon_animation, parse_time, snapshot_value

from .tikz_fixtures import CM, MM

_ROTATE = 'begin snapshot=1s, 0s="0", 2s="90", 2s="180", 4s="270"'


def test_an_animated_path_draws_its_still_picture():
    # latex + dvisvgm: the circle where it stands (the SVG animates it); nothing is reported
    sc = parse_tikz(r'\tikz \draw :xshift = {0s = "0cm", 30s = "-3cm", repeats} (0,0) circle [radius=5mm];')
    assert not sc.diagnostics
    (circle,) = sc.primitives
    assert np.allclose(circle.center, [0, 0]) and math.isclose(circle.radius, 5 * MM)


@pytest.mark.parametrize("time, after, value", [
    (0.5, False, None),      # before the timeline starts (begin snapshot=1s)
    (2.0, False, 45.0),      # halfway from 0 to 90
    (3.0, False, 90.0),      # a time given twice: \pgfsnapshot takes the first value
    (3.0, True, 180.0),      # ... \pgfsnapshotafter the last
    (4.0, False, 225.0),
    (5.0, False, 270.0),     # the last time: kept by \pgfsnapshot
    (5.0, True, None),       # ... removed by \pgfsnapshotafter (no freeze at end)
    (9.0, False, None),
])
def test_snapshot_value_follows_pgfsysanim_compute_interval(time, after, value):
    assert snapshot_value(_ROTATE, time, after, float) == value


def test_times_and_the_colon_syntax():
    assert [parse_time(t) for t in ("2s", "500ms", "1min", "0.5")] == [2.0, 0.5, 60.0, 0.5]
    assert colon_animation(':line width = {0s="1pt"}') == 'animate={myself:{line width}={0s="1pt"}}'


def test_make_snapshot_of_rotates_the_canvas_and_sets_the_line_width():
    # at 1s of 0s="0" .. 2s="90" the picture is turned 45 degrees; 0mm .. 4mm over 4s gives 1mm
    sc = parse_tikz(r'\tikz [make snapshot of=1s, animate={myself:={:rotate={0s="0", 2s="90"},'
                    r' :line width={0s="0mm", 4s="4mm"}}}] \draw (0,0) -- (1,0);')
    assert not sc.diagnostics
    (line,) = sc.primitives
    assert np.allclose(line.points / CM, [[0, 0], [math.sqrt(0.5), math.sqrt(0.5)]])
    assert math.isclose(line.style.stroke_width, 1 * MM, rel_tol=1e-6)


def test_pgfsnapshot_in_a_document_loop_makes_one_panel_per_snapshot():
    # \foreach outside the pictures repeats them; \pgfsnapshot{t} applies to the pictures after it;
    # :xshift after \tikz animates the picture (\tikz@collect@scope@anims): 1 cm at 1s, 2 cm at 2s
    sc = parse_tikz(r'\foreach \t in {1,2} { \pgfsnapshot{\t}'
                    r' \tikz :xshift = {0s="0cm", 2s="2cm"} \draw (0,0) -- (1,0); }')
    assert not sc.diagnostics
    lines = [(p.panel, p.points / CM) for p in sc.primitives]
    assert [pn for pn, _ in lines] == [0, 1]
    assert np.allclose(lines[0][1], [[1, 0], [2, 0]]) and np.allclose(lines[1][1], [[2, 0], [3, 0]])


def test_transform_canvas_of_a_picture_turns_its_nodes():
    # a picture's transform canvas maps everything, node boxes too: the box of "x" (11.94 pt wide,
    # 10.97 pt high) stands on end
    sc = parse_tikz(r"\begin{tikzpicture}[transform canvas={rotate=90}] \node[draw] {x}; \end{tikzpicture}")
    assert not sc.diagnostics
    box = next(p.points for p in sc.primitives if hasattr(p, "points"))
    assert np.allclose(np.ptp(box, axis=0), [10.972, 11.944], atol=0.01)


@pytest.mark.parametrize("text", ["\\t", "soon", ""])
def test_a_time_that_is_not_one_is_a_syntax_error(text):
    """(was a ValueError, found by fuzz/run.py: ``\\pgfsnapshotafter{\\t}`` outside its loop)"""
    from geoverify.errors import FigureSyntaxError
    with pytest.raises(FigureSyntaxError, match="not a time"):
        parse_time(text)
    with pytest.raises(FigureSyntaxError, match="not a time"):
        parse_tikz("\\pgfsnapshotafter{" + text + "}\\tikz \\draw (0,0) -- (1,1);")
