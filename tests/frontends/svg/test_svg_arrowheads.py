"""Arrowheads drawn as separate shapes next to line ends."""

import numpy as np
import pytest
from svg_fixtures import parse, to_canvas

from geoverify.scene import Arrow, Circle

LINE = '<line x1="10" y1="50" x2="80" y2="50" stroke="black"/>'


def _arrows(scene):
    return [p for p in scene if isinstance(p, Arrow)]


def test_polygon_head_at_line_end():
    s = parse(LINE + '<polygon points="80,46 88,50 80,54" fill="black"/>')
    a, = _arrows(s)
    assert a.position == "end" and a.carrier == 0
    assert np.allclose(a.tip, to_canvas(88, 50)) and np.allclose(a.direction, [1, 0])
    assert a.source.construct == "<polygon>"


def test_head_size_limit_grows_with_a_figure_given_by_its_viewbox_alone():
    # the polygon head of a 1000-unit figure, 30 units long (22.5 bp > HEAD_MAX = 15 bp)
    body = ('<line x1="100" y1="500" x2="800" y2="500" stroke="black" stroke-width="8"/>'
            '<polygon points="800,480 830,500 800,520" fill="black"/>')
    assert len(_arrows(parse(body, width=None, height=None, viewbox="0 0 1000 1000"))) == 1
    assert _arrows(parse(body, width="1000", height="1000", viewbox="0 0 1000 1000")) == []


def test_heads_at_both_ends_and_along_a_diagonal():
    s = parse('<line x1="20" y1="80" x2="80" y2="20" stroke="black"/>'
              '<polygon points="80,20 72,24.5 75.5,28" /><polygon points="20,80 28,75.5 24.5,72"/>')
    by = {a.position: a for a in _arrows(s)}
    d = np.array([1, 1]) / np.sqrt(2)
    assert np.allclose(by["end"].tip, to_canvas(80, 20)) and np.allclose(by["end"].direction, d)
    assert np.allclose(by["start"].tip, to_canvas(20, 80)) and np.allclose(by["start"].direction, -d)


def test_tikz_to_tip_curved_barbs():
    # The dvisvgm path of TikZ's default "to" tip at the end of a (2, 1) line.
    s = parse('<path d="M-43.45 -29.28L12.83 -57.42" stroke="#000" fill="none"/>'
              '<path d="M11.05 -58.31C11.40 -57.82 12.79 -57.51 13.10 -57.55C12.87 -57.33 12.29 -56.04 12.47 -55.46" '
              'stroke="#000" fill="none" stroke-linecap="round"/>', viewbox="-72 -72 100 61", width="100pt", height="61pt")
    a, = _arrows(s)
    assert a.carrier == 0 and a.position == "end"
    assert np.allclose(a.direction, np.array([2, 1]) / np.sqrt(5), atol=2e-3)


@pytest.mark.parametrize("mark", [
    '<polyline points="10,44 16,44 16,50" stroke="black" fill="none"/>',      # right-angle mark at a vertex
    '<polygon points="10,50 16,50 16,44 10,44" stroke="black" fill="none"/>',  # square right-angle mark
    '<line x1="80" y1="45" x2="80" y2="55" stroke="black"/>',                   # tick across the end
    '<circle cx="80" cy="50" r="2"/>',                                          # dot at the end
    '<polygon points="80,20 140,50 80,80"/>',                                   # too big for the line
])
def test_marks_that_are_not_arrowheads(mark):
    s = parse('<line x1="10" y1="50" x2="10" y2="10" stroke="black"/>' + LINE + mark)
    assert _arrows(s) == []


def test_each_head_used_once():
    s = parse(LINE + '<line x1="80" y1="50" x2="80" y2="90" stroke="black"/>'
              '<polygon points="80,46 88,50 80,54"/>')
    a, = _arrows(s)
    assert a.carrier == 0


def test_head_on_a_stub_along_a_longer_side():
    """A chevron on a 20-unit stub drawn over a square's side is an arrowhead of the side.

    Before, the head (14 units across) had to be at most 0.35 of its own line: a figure
    marking a quotient square's sides with short stubs carrying heads had no arrows, the
    same figure with its sides split at the heads had them.
    """
    side = '<polygon points="50,250 250,250 250,50 50,50" stroke="black" fill="none"/>'
    stub = ('<line x1="140" y1="250" x2="160" y2="250" stroke="black"/>'
            '<polyline points="152,244 160,250 152,256" stroke="black" fill="none"/>')
    a, = _arrows(parse(side + stub, width="300", height="300", viewbox="0 0 300 300"))
    assert a.carrier == 1 and a.position == "end"
    assert np.allclose(a.tip, to_canvas(160, 250, 300.0)) and np.allclose(a.direction, [1, 0])
    # alone, or beside a side it does not lie on, the stub is too short for the head
    assert _arrows(parse(stub, width="300", height="300", viewbox="0 0 300 300")) == []
    off = '<polygon points="50,270 250,270 250,50 50,50" stroke="black" fill="none"/>'
    assert _arrows(parse(off + stub, width="300", height="300", viewbox="0 0 300 300")) == []


def test_a_short_line_looks_for_its_supporting_stroke_once_per_head_size(monkeypatch):
    """A short line among many small shapes (a dense plot's ticks and markers): the scene's
    edges are searched once per line and head size, and only for heads around the line's
    end, not for every head of its grid cell (a 180 KB figure took 4.8 s, found by fuzz/run.py)."""
    from geoverify.frontends.svg import arrowheads

    calls = []
    real = arrowheads._supporting_length
    monkeypatch.setattr(arrowheads, "_supporting_length", lambda *a: calls.append(a[2]) or real(*a))
    # a short line ending at (10, 10); three heads of one size around that end; thirty more
    # of that size in the same grid cell of the head search, but away from the end
    body = '<path d="M8 10 H10" stroke="black"/>'
    body += "".join(f'<path d="M{10 + dx} 8 l3 2 l-3 2 z" fill="black"/>' for dx in (-1, -0.5, 0))
    body += "".join(f'<path d="M{x} 2 l3 2 l-3 2 z" fill="black"/>' for x in range(0, 15, 1))
    body += "".join(f'<path d="M{x} 15 l3 2 l-3 2 z" fill="black"/>' for x in range(0, 15, 1))
    parse(body)
    assert len(calls) == 1


# TikZ's decorations.markings arrows on a circle, as dvisvgm writes them: each head a small filled
# Stealth shape (and its outline stroked again), its tip on the circle, pointing along it.
_MARKED_CIRCLE = """
<path d='M102.2617 33.492186C102.2617-4.082 71.8047-34.5391 34.230468-34.5391C-3.3438-34.5391-33.8008-4.082-33.8008 33.492186C-33.8008 71.0664-3.3438 101.5234 34.230468 101.5234C71.8047 101.5234 102.2617 71.0664 102.2617 33.492186Z' stroke='#00f' fill='none' stroke-width='.79701'/>
<path d='M56.339823-30.875035L59.808575-28.097695L58.980449-30.019567L60.777326-31.085969Z' fill='#00f'/>
<path d='M56.339823-30.875035L59.808575-28.097695L58.980449-30.019567L60.777326-31.085969Z' stroke='#00f' fill='none' stroke-width='.797007'/>
<path d='M12.121094 97.863329L8.656245 95.08598L9.480465 97.003951L7.687491 98.074263Z' fill='#00f'/>
"""


def test_heads_on_a_contour_are_arrows_in_its_middle_pointing_along_it():
    s = parse(_MARKED_CIRCLE)
    circle = next(i for i, p in enumerate(s.primitives) if isinstance(p, Circle))
    arrows = [p for p in s.primitives if isinstance(p, Arrow)]
    assert len(arrows) == 2 and all(a.position == "mid" and a.carrier == circle for a in arrows)
    centre = s.primitives[circle].center
    for a in arrows:   # counter-clockwise on the page (SVG's y down): the turn of centre->tip to the direction
        r = a.tip - centre
        assert abs(np.hypot(*r) - s.primitives[circle].radius) < 0.2
        assert abs(r @ a.direction) < 0.1 * np.hypot(*r)             # along the circle
    turns = {np.sign(r[0] * d[1] - r[1] * d[0]) for r, d in ((a.tip - centre, a.direction) for a in arrows)}
    assert len(turns) == 1                                             # both the same way round


def test_a_small_shape_beside_a_line_but_not_on_it_is_no_mid_arrow():
    s = parse("<path d='M0 0H200' stroke='black'/><path d='M100 20L105 22L100 24Z' fill='black'/>")
    assert not [p for p in s.primitives if isinstance(p, Arrow)]


def test_no_mid_arrow_on_the_gap_between_two_subpaths_of_one_path():
    s = parse("<path d='M0 0C10 10 20 0 30 0M130 0C140 0 150 10 160 0' stroke='black' fill='none'/>"
              "<path d='M84 0L76 3L76 -3Z' fill='black'/>")
    assert not [p for p in s.primitives if isinstance(p, Arrow)]
