"""Label boxes and positions against numbers measured from the real asy 2.85.

``FRAME_BOXES``: ``frame f; label(f, L, (0,0), align, pen); write(min(f), max(f));``
printed by asy (the padded box a label adds to a frame: what ``size()`` fits).
``test_labels_in_a_sized_figure``: the start and baseline of each label's text in
the SVG that dvisvgm makes of asy's DVI for the figure below, relative to the
label ``$A$``; they depend on the text boxes, the alignment rule and the size()
fitting, which accounts for label extents.
"""

from __future__ import annotations

import cmath
import math

import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.frontends.asy.textmetrics import label_box, text_depth
from geoverify.frontends.asy.values import Pen, Transform
from geoverify.frontends.texfonts import metrics_available
from geoverify.scene.primitives import TextLabel

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")


def _dir(deg):
    return cmath.exp(1j * math.radians(deg))


def _scale(s):
    return Transform(0.0, 0.0, s, 0.0, 0.0, s)


_ROT90 = Transform(0.0, 0.0, 0.0, -1.0, 1.0, 0.0)

FRAME_BOXES = [
    ("$A$", _dir(225), None, None, (-12.814628535682, -12.2086609142623, -1.04826240865833, -1.04826240865833)),
    ("$A$", 0j, None, None, (-5.88318306351183, -5.58019925280199, 5.88318306351183, 5.58019925280199)),
    ("$Ag$", _dir(45), None, None, (1.04826240865833, 1.04826240865833, 18.8488900549846, 14.5332536913482)),
    ("$A$", 1 + 0.5j, None, None, (2.1019302615193, -1.73913449564134, 13.868296388543, 9.42126400996264)),
    ("$A$", 0j, Pen(fontsize=8.0), None, (-4.27148692403487, -3.82311830635118, 4.27148692403487, 3.82311830635118)),
    ("$A$", 0j, Pen(fontsize=20.0), None, (-9.88336239103363, -9.35969115815691, 9.88336239103363, 9.35969115815691)),
    ("$A$", 1 + 0j, Pen(width=3.0), None, (3.3519302615193, -5.58019925280199, 15.118296388543, 5.58019925280199)),
    ("\\small $A$", 0j, None, None, (-5.58643088418431, -5.2227795765878, 5.58643088418431, 5.2227795765878)),
    ("$A$", _dir(225), None, _scale(0.6), (-8.70628880965459, -8.34270823680279, -1.6464691334404, -1.6464691334404)),
    ("$A$", -1 + 0j, None, _scale(0.6), (-9.75995666251557, -3.3481195516812, -2.70013698630137, 3.3481195516812)),
    ("$A$", -2 + 0j, None, _scale(0.6), (-13.35740373599, -3.3481195516812, -6.29758405977584, 3.3481195516812)),
    ("$A$", -1 + 0j, None, _scale(2.0), (-24.1391457036115, -11.160398505604, -0.606413449564133, 11.160398505604)),
    ("$Ag$", 1 + 0j, None, _ROT90, (2.1019302615193, -8.90031382316314, 15.5869215442092, 8.90031382316314)),
    ("$A$", 1j, None, Transform(3.0, 4.0), (-2.88318306351183, 6.1019302615193, 8.88318306351183, 17.2623287671233)),
]


@pytest.mark.parametrize("text,align,pen,transform,expected", FRAME_BOXES)
def test_label_frame_box_matches_asy(text, align, pen, transform, expected):
    assert label_box(text, align, pen, transform) == pytest.approx(expected, abs=1e-3)


FIGURE = r"""size(100);
draw((0,0)--(1,0)--(1,1));
label("$A$", (0,0), W);
label("$Bg$", (1,1), NE);
label("text", (1,0), SE);
label(scale(0.6)*"$X_1$", (0.5,0.5), NW);
"""
# dvisvgm's <text> x and baseline y (y down) of each label in asy's output
ASY_TEXT = {"$A$": (71.777085, 210.163319), "$Bg$": (148.300578, 139.603395), "text": (148.300578, 215.975812),
            "$X_1$": (0.6 * 97.962019 + 44.964, 0.6 * 170.938205 + 69.0924)}


def test_labels_in_a_sized_figure():
    labels = {p.text: p for p in parse_asy(FIGURE).primitives if isinstance(p, TextLabel)}
    assert set(labels) == set(ASY_TEXT)

    def native(t):
        p = labels[t]
        return p.box[0], p.box[1] + text_depth(t, p.font_size)

    x0, y0 = native("$A$")
    ax, ay = ASY_TEXT["$A$"]
    for t, (x, y) in ASY_TEXT.items():
        nx, ny = native(t)
        tol = 0.1 if t == "$X_1$" else 0.03  # a scaled label's depth is re-measured at the scaled size
        assert nx - x0 == pytest.approx(x - ax, abs=tol), t
        assert ny - y0 == pytest.approx(-(y - ay), abs=tol), t


def test_explicit_align_overrides_the_labels_own():
    sc = parse_asy('label(Label("$A$", align=N), (0,0), S);')
    lab = next(p for p in sc.primitives if isinstance(p, TextLabel))
    assert lab.box[3] < 0  # below the point


def _box(src):
    return next(p for p in parse_asy(src).primitives if isinstance(p, TextLabel)).box


# asy: picture p; <command on p>; write(min(p.fit()), max(p.fit())); the text box is the
# fitted bounds less the pen's half width (0.25) or the label's fuzz (1.4955 at 12 pt)
@pytest.mark.parametrize("src,index,expected", [
    ('draw(Label("$A$"), (0,0)--(100,0));', 1, -13.2623287671233 + 1.4955168),  # below the middle
    ('draw(Label("$A$",Relative(1)), (0,0)--(100,0));', 2, 113.868296388543 - 1.4955168),  # east of the end
    ('draw(Label("$A$",EndPoint), (0,0)--(100,0));', 2, 113.868296388543 - 1.4955168),
    ('draw("$A$", (0,0)--(0,100));', 2, 13.868296388543 - 1.4955168),  # right of an upward path
    ('dot("$A$", (0,0));', 2, 13.868296388543 - 1.4955168),  # a dot's label is east by default
    ('currentpen = fontsize(10pt)+linewidth(2); label("$A$", (0,0), E);', 0, 2.49327521793275 + 1.2962640),
    ('draw("$A$", (0,0)--(100,0), LeftSide);', 3, 13.2623287671233 - 1.4955168),  # left of the path
    ('label(Label("$A$", 2RightSide), (0,0)--(100,0));', 1, -16.8597758405978 + 1.4955168),
    ('draw(Label("$A$", LeftSide), (0,0)--(0,100));', 0, -13.868296388543 + 1.4955168),
])
def test_label_defaults_match_asy(src, index, expected):
    assert _box(src)[index] == pytest.approx(expected, abs=1e-3)


def test_label_turns_with_a_rotated_picture():
    # asy: picture p; label(p,"$Ag$",(0,0),E); picture q; add(q, rotate(90)*p,(0,0));
    # write(min(q.fit()), max(q.fit())) -> (-6.74249564134496,2.1019302615193) (6.74249564134496,19.9025579078456)
    box = _box('picture p; label(p,"$Ag$",(0,0),E); add(rotate(90)*p,(0,0));')
    fuzz = 1.4955168
    assert box == pytest.approx((-6.74249564134496 + fuzz, 2.1019302615193 + fuzz, 6.74249564134496 - fuzz,
                                 19.9025579078456 - fuzz), abs=1e-3)


def test_unfill_label_clips_what_it_covers():
    # asy clips earlier drawing with the complement of the label's padded box
    sc = parse_asy('draw((0,0)--(100,0)); draw((0,50)--(100,50)); label("$A$", (50,0), UnFill);')
    lines = [p for p in sc.primitives if not isinstance(p, TextLabel)]
    assert [p.clipped for p in lines] == [True, False]


def test_label_on_a_symmetric_graph_turns_with_the_segment_after_the_middle():
    # asy 2.85: reltime(graph(f,0,4), 0.5) == 50 + 7.1e-15 (the arc length is consumed
    # segment by segment), so dir() there is the next segment's (0.9992, 0.03997), not
    # the average (1, 0) of an exact node; the label is aligned along -I*dir.
    s = parse_asy('import graph; real f(real x){return (x-2)^2+3;} draw("$A$", graph(f,0,4));')
    lab = next(p for p in s.primitives if isinstance(p, TextLabel))
    a = complex(0.0399680383488676, -0.999200958721789)
    margin = 0.28 * 12 * 72 / 72.27 + 0.25
    w = lab.box[2] - lab.box[0]
    assert (lab.box[0] + lab.box[2]) / 2 == pytest.approx(2 + a.real * margin + a.real / (2 * abs(a.imag)) * w, abs=1e-6)


def test_a_labels_pair_is_its_position():
    # asy 2.85: write(Label("AB",(-4,4))) -> "AB", position=(-4,4) (no alignment)
    a = parse_asy('label(rotate(90)*Label("AB",(-4,4)));')
    b = parse_asy('label(rotate(90)*"AB",(-4,4));')
    la, lb = (next(p for p in s.primitives if isinstance(p, TextLabel)) for s in (a, b))
    assert list(la.box) == pytest.approx(list(lb.box))


def test_a_labels_position_on_a_path_is_a_time():
    # asy 2.85: draw(Label("$A$",(1,0)), (0,0)--(1,0)--(3,0)) centres A under node 1 (x = 10
    # at unitsize(10)), not at half the arc length (x = 15)
    s = parse_asy('unitsize(10); draw(Label("$A$",(1,0)),(0,0)--(1,0)--(3,0));')
    lab = next(p for p in s.primitives if isinstance(p, TextLabel))
    assert (lab.box[0] + lab.box[2]) / 2 == pytest.approx(10.0)
    assert lab.box[3] < 0  # below: E turned with the path


def test_dot_of_a_label_marks_its_position():
    # plain_markers.asy: dot(Label L) = dot(L, L.position): a dot there and L beside it
    a = parse_asy('dot(Label("$D$",(1,2),S));')
    b = parse_asy('dot("$D$",(1,2),S);')
    assert [type(p).__name__ for p in a.primitives] == [type(p).__name__ for p in b.primitives] == ["Dot", "TextLabel"]
    assert list(a.primitives[1].box) == pytest.approx(list(b.primitives[1].box))


def test_a_dot_with_an_empty_label_writes_its_point():
    # plain_markers.asy: L.s = "(" + format(defaultformat, z.x) + "," + ... + ")", "$%.4g$"
    s = parse_asy('dot("", (0.5,2), NE);')
    assert next(p for p in s.primitives if isinstance(p, TextLabel)).text == "($0.5$,$2$)"


def test_a_strut_gives_a_label_the_baselineskip_height_and_depth():
    # asy 2.85: frame f; label(f, "\vphantom{\strut}$a$"); write(min(f), max(f))
    # -> (-4.56798505603985,-8.66860772104608) (4.56798505603985,8.66860772104608)
    box = label_box(r"\vphantom{\strut}$a$", 0j, Pen())
    assert box == pytest.approx((-4.56798505603985, -8.66860772104608, 4.56798505603985, 8.66860772104608), abs=1e-5)


def test_baseline_puts_a_strut_before_the_text():
    s = parse_asy('label(baseline("$a$"),(0,0)); label(baseline("$b$","$y$"),(1,0)); label(baseline(""),(2,0));')
    assert [p.text for p in s.primitives if isinstance(p, TextLabel)][:2] == [r"\vphantom{\strut}$a$",
                                                                               r"\vphantom{$y$}$b$"]
