"""arrows.meta tips drawn as pgf draws them (geoverify.frontends.tikz.tipshapes).

The expected numbers are latex + dvisvgm's output for the same pictures (arrows.meta loaded),
bp converted to pt and measured from the start of the line (the path runs from (0,0) to
(2,0)): where the line stops under the tip, and the outline's corners (for Latex and To the
end points and control points of its cubics). They pin each tip's length, width, inset,
line width (and its miters), the options ``length``, ``width``, ``angle``, ``scale``,
``open``, ``reversed``, ``harpoon``, the shorthands Triangle and To, and Classical TikZ
Rightarrow.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.tipshapes import meta_tip
from geoverify.scene import Arrow, BezierPath, Polyline

# (picture, line end, points on the tip's outline)
CASES = [
    (r"\draw[line width=1pt,-{Stealth[length=5mm]}] (0,0) -- (2,0);", 47.713,
     [(55.481, 0.0), (44.294, 4.215), (47.964, 0.0), (44.294, -4.211)]),
    (r"\draw[-{Latex[width=10pt,length=10pt]}] (0,0) -- (2,0);", 47.106,
     [(56.273, 0.0), (55.147, 0.357), (50.199, 2.384), (47.106, 4.591), (47.106, -4.591), (50.199, -2.384)]),
    (r"\draw[line width=2pt,-{Triangle[open]}] (0,0) -- (2,0);", 48.831,
     [(54.908, 0.0), (49.333, 3.446), (49.333, 0.0), (49.333, -3.45)]),
    (r"\draw[-{Kite[scale=3]}] (0,0) -- (2,0);", 39.911,
     [(56.273, 0.0), (44.0, 4.093), (39.911, 0.0), (44.0, -4.089)]),
    (r"\draw[line width=1pt,-{Square[length=4pt]}] (0,0) -- (2,0);", 53.403,
     [(56.406, 1.498), (53.403, 1.498), (53.403, -1.502), (56.406, -1.502)]),
    (r"\draw[ultra thick,-{To[scale=2]}] (0,0) -- (2,0);", 55.308,
     [(47.466, 9.936), (49.047, 3.976), (52.564, 1.161), (56.108, 0.0), (47.466, -9.936)]),
    (r"\draw[ultra thick,-{Stealth[harpoon,scale=2]}] (0,0) -- (2,0);", 42.863,
     [(52.493, 0.0), (36.954, 5.854), (42.059, 0.0)]),
    (r"\draw[thick,-{Stealth[reversed,length=8pt]}] (0,0) -- (2,0);", 50.246,
     [(50.046, 0.0), (55.614, 2.102), (53.775, 0.0), (55.614, -2.102)]),
    (r"\draw[-{Classical TikZ Rightarrow[length=5mm]}] (0,0) -- (2,0);", 56.508,
     [(42.84, 13.523), (43.765, 8.453), (53.963, 0.847), (56.747, 0.0), (42.84, -13.523)]),
]


def _parts(code):
    scene = parse_tikz(r"\usetikzlibrary{arrows.meta}" + code)
    line, *heads = [p for p in scene.primitives if not isinstance(p, Arrow)]
    pts = []
    for head in heads:
        if isinstance(head, Polyline):
            pts += list(head.points)
        else:
            assert isinstance(head, BezierPath)
            pts += list(head.parts[0].controls.reshape(-1, 2))
    return line, heads, np.array(pts)


@pytest.mark.parametrize("code, line_end, outline", CASES)
def test_tip_outline_and_line_end_match_tex(code, line_end, outline):
    line, heads, pts = _parts(code)
    assert len(heads) == 1
    assert float(line.points[-1][0]) == pytest.approx(line_end, abs=0.01)
    for q in outline:  # every corner or control point TeX writes is one of ours
        assert float(np.min(np.hypot(*(pts - q).T))) < 0.01, q
    assert pts[:, 0].max() == pytest.approx(max(x for x, _ in outline), abs=0.01)


def test_filled_tips_are_filled_and_open_ones_and_to_are_not():
    _, (stealth,), _ = _parts(r"\draw[-{Stealth}] (0,0) -- (2,0);")
    assert stealth.style.fill is not None and stealth.closed_flag
    _, (triangle,), _ = _parts(r"\draw[line width=2pt,-{Triangle[open]}] (0,0) -- (2,0);")
    assert triangle.style.fill is None and triangle.style.stroke_width == pytest.approx(2.0)
    _, (to,), _ = _parts(r"\draw[ultra thick,-{To[scale=2]}] (0,0) -- (2,0);")
    assert to.style.fill is None and not to.parts[0].closed


def test_a_start_tip_is_drawn_at_the_start_and_cuts_the_line_there():
    # TeX: Latex[round,length=8pt] at the start (thick): its tip 5.948 pt out from where the
    # line starts; Stealth[inset=0pt,angle=90:8pt] at the end: the line stops 45.098 pt further
    scene = parse_tikz(r"\usetikzlibrary{arrows.meta}\draw[thick,{Latex[round,length=8pt]}-"
                       r"{Stealth[inset=0pt,angle=90:8pt]}] (0,0) -- (2,0);")
    line = next(p for p in scene.primitives if isinstance(p, Polyline) and not p.closed_flag)
    start, end = float(line.points[0][0]), float(line.points[-1][0])
    assert end - start == pytest.approx(45.098, abs=0.01)
    latex = next(p for p in scene.primitives if isinstance(p, BezierPath))
    assert start - float(latex.parts[0].controls[..., 0].min()) == pytest.approx(5.948, abs=0.01)


def test_reversed_twice_is_not_reversed_and_unknown_options_give_no_shape():
    assert meta_tip("Stealth", "reversed, reversed", 0.4).pieces == meta_tip("Stealth", "", 0.4).pieces
    tips = [a for a in parse_tikz(r"\usetikzlibrary{arrows.meta}\draw[-{Stealth[reversed,reversed]}] (0,0) -- (1,0);")
            .primitives if isinstance(a, Arrow)]
    assert [float(a.direction[0]) for a in tips] == [1.0]
    assert meta_tip("Stealth", "slant=0.3", 0.4) is None
    assert meta_tip("Hooks", "", 0.4) is None


def test_default_lengths_follow_the_line_width():
    # arrows.meta defaults: Stealth and Latex 3pt + 4.5 line widths, Kite 3.6pt + 5.4, To 1.6pt + 2.2
    for w in (0.4, 1.6):
        assert meta_tip("Stealth", "", w).length == pytest.approx(3 + 4.5 * w)
        assert meta_tip("Latex", "", w).length == pytest.approx(3 + 4.5 * w)
        assert meta_tip("Kite", "", w).length == pytest.approx(3.6 + 5.4 * w)
        assert meta_tip("To", "", w).length == pytest.approx(1.6 + 2.2 * w)



@pytest.mark.parametrize("width, line_end", [(0.4, 27.9913), (2.0, 26.9914)])
def test_core_to_tip_without_arrows_meta_matches_tex(width, line_end):
    # pgfcorearrows' to (TikZ's > without arrows.meta): TeX (dvisvgm, bp -> pt) stops the line of
    # (0,0) -- (1cm,0) 0.21pt + 0.625 line widths short of its end, and strokes the tip's two
    # cubics 0.8 line widths thick; for 0.4pt their points are (26.79, +-1.60) (26.89, +-1.00)
    # (27.99, +-0.10) and the apex (28.29, 0)
    scene = parse_tikz(r"\draw[line width=%gpt,->] (0,0) -- (1,0);" % width)
    line, head = [p for p in scene.primitives if not isinstance(p, Arrow)]
    assert float(line.points[-1][0]) == pytest.approx(line_end, abs=0.005)
    assert isinstance(head, BezierPath) and head.style.fill is None
    assert head.style.stroke_width == pytest.approx(0.8 * width)
    if width == 0.4:
        ctrl = head.parts[0].controls.reshape(-1, 2)
        for q in [(26.7915, 1.5997), (26.8935, 0.9998), (27.9913, 0.1020), (28.2932, 0.0), (26.7915, -1.5997)]:
            assert float(np.min(np.hypot(*(ctrl - q).T))) < 0.005, q


def test_old_style_tips_count_the_path_as_written_in_the_bounding_box():
    # pgf's box has the path before its tips shorten it, widened by half its line width, and leaves
    # an old-style tip's drawing out: TeX puts current bounding box.east at 1cm + 0.2pt (28.654pt)
    scene = parse_tikz(r"\draw[->] (0,0) -- (1,0); \draw[line width=0.1pt] (current bounding box.east) -- ++(0,1);")
    marker = [p for p in scene.primitives if isinstance(p, Polyline)][-1]
    assert float(marker.points[0][0]) == pytest.approx(28.654, abs=0.005)


def test_direction_ee_tip_is_a_filled_triangle_centred_where_the_line_stops():
    # the circuits libraries' old-style direction ee (length=2.92pt here): TeX stops the line half a
    # length short of the tip and fills and strokes the triangle (-L/2, +-.383L) (L/2, 0)
    scene = parse_tikz(r"\usetikzlibrary{circuits.ee.IEC}\draw[-{direction ee[length=2.92pt]}] (0,0) -- (1,0);")
    line, head = [p for p in scene.primitives if not isinstance(p, Arrow)]
    assert float(line.points[-1][0]) == pytest.approx(28.4528 - 1.46, abs=1e-3)
    assert head.style.fill is not None and head.closed_flag
    assert np.allclose(sorted(map(tuple, np.round(head.points, 3))),
                       [(25.533, -1.117), (25.533, 1.117), (28.453, 0.0)], atol=2e-3)
