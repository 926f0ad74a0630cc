"""Text labels: <text>/<tspan>, anchors, font sizes, and dvisvgm glyph runs."""

import numpy as np
import pytest
from svg_fixtures import DVISVGM_GLYPHS, only, parse, to_canvas

from geoverify.scene import TextLabel


def _label(body, **kw):
    return only(parse(body, **kw), TextLabel)


@pytest.mark.parametrize("anchor,centre_x", [("start", 20 + 20), ("middle", 20), ("end", 20 - 20)])
def test_text_anchor_moves_to_visual_centre_on_baseline(anchor, centre_x):
    # 4 lower-case characters at 20 px: estimated width 4 * 0.5 em * 20 = 40 px.
    t = _label(f'<text x="20" y="50" font-size="20" text-anchor="{anchor}">abcd</text>')
    assert t.text == "abcd"
    assert np.allclose(t.anchor, to_canvas(centre_x, 50))
    assert t.font_size == pytest.approx(15)
    # Box: ascent above the baseline (canvas y up), descent below.
    assert t.box[1] == pytest.approx(to_canvas(0, 50 + 5)[1]) and t.box[3] == pytest.approx(to_canvas(0, 50 - 15)[1])
    assert t.box[2] - t.box[0] == pytest.approx(30)


def test_tspans_are_joined_and_whitespace_collapsed():
    t = _label('<text x="10" y="20">  f(<tspan font-style="italic">x</tspan>)\n   =  <tspan>1</tspan></text>')
    assert t.text == "f(x) = 1"


def test_position_from_first_tspan_and_gap_inserts_space():
    t = _label('<text font-size="10"><tspan x="10" y="30">Text</tspan><tspan x="40">xy</tspan></text>')
    assert t.text == "Text xy"
    assert t.anchor[1] == pytest.approx(to_canvas(0, 30)[1])


def test_dvisvgm_positioned_tspans_without_gap_join():
    # Kerning moves "ext" back under the estimated end of "T": no space.
    t = _label('<text x="10" y="30" font-size="10">T<tspan x="16.5">ext</tspan></text>')
    assert t.text == "Text"


def test_dominant_baseline_middle():
    t = _label('<text x="10" y="50" font-size="20" text-anchor="middle" dominant-baseline="middle">A</text>')
    assert np.allclose(t.anchor, to_canvas(10, 57))


def test_transformed_text():
    t = _label('<text transform="translate(10 10) scale(2)" x="5" y="5" font-size="10" text-anchor="middle">A</text>')
    assert np.allclose(t.anchor, to_canvas(20, 20)) and t.font_size == pytest.approx(15)


def test_font_size_units_and_css():
    t = _label('<style>.lbl { font: 12px serif; font-size: 12pt }</style><text class="lbl" x="0" y="10">a</text>')
    assert t.font_size == pytest.approx(12)  # 12 pt = 16 px = 12 bp


def test_blank_and_hidden_text_skipped():
    assert len(parse('<text x="0" y="0">   </text><text x="0" y="0" visibility="hidden">a</text>'
                     '<text x="0" y="0" fill="none">b</text>')) == 0


def test_dvisvgm_glyph_runs_become_labels():
    s = parse(DVISVGM_GLYPHS)
    labels = [p for p in s if isinstance(p, TextLabel)]
    assert [lb.text for lb in labels] == ["AB1", "B"]
    ab1 = labels[0]
    # Exact union of the glyph outlines: x from 10 to 23 px, y from 43 to 52 px.
    assert np.allclose(ab1.box, [7.5, to_canvas(0, 52)[1], 0.75 * 23, to_canvas(0, 43)[1]])
    assert ab1.anchor[1] == pytest.approx(to_canvas(0, 50)[1])  # first glyph's baseline
    assert len(s) == 2  # no glyph outline is drawn as geometry


def test_svgo_symbol_glyphs_are_labels_but_drawing_symbols_are_not():
    s = parse('<defs><symbol id="a" overflow="visible"><path d="M0 0h3v-5H0z"/></symbol>'
              '<symbol id="big" overflow="visible"><path d="M0 0h300v-5H0z"/></symbol></defs>'
              '<use xlink:href="#a" transform="matrix(1 0 0 -1 10 50)"/><use xlink:href="#big" x="0" y="90"/>')
    kinds = [type(p).__name__ for p in s]
    assert kinds == ["TextLabel", "Polyline"]
    assert s.primitives[0].text == "\ufffd"
