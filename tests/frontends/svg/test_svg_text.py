"""Text labels: <text>/<tspan>, anchors, font sizes, and dvisvgm glyph runs."""

import numpy as np
import pytest
from svg_fixtures import DVISVGM_GLYPHS, only, parse, to_canvas

from geoverify.frontends.svg.text import ink_extent
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
    # Box: the ink of "abcd" rises to the cap height (b, d) and has no descender (canvas y up).
    assert t.box[1] == pytest.approx(to_canvas(0, 50)[1]) and t.box[3] == pytest.approx(to_canvas(0, 50 - 14)[1])
    assert t.box[2] - t.box[0] == pytest.approx(30)


@pytest.mark.parametrize("text,extent", [("H", (0.7, 0.0)), ("x", (0.45, 0.0)), ("gy", (0.45, 0.2)),
                                         ("f(x)", (0.7, 0.2)), ("\u03b1", (0.75, 0.25)), ("", (0.75, 0.25))])
def test_ink_extent_follows_the_characters(text, extent):
    assert ink_extent(text) == pytest.approx(extent)


def test_capital_label_box_centre_is_its_ink_centre():
    # A capital at 20 px: ink from the baseline to 0.7 em above it; the centre is 7 px above the baseline.
    t = _label('<text x="20" y="50" font-size="20" text-anchor="middle">H</text>')
    assert np.allclose(t.center, to_canvas(20, 43))


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


def test_turned_text_has_its_frame_and_upright_text_none():
    # rotate(180 20 50) turns "ab" (estimated 2 * 0.5 em * 20 = 20 px wide) about its start: its own
    # frame starts at the start point, x to the left and y down on the canvas (0.75 bp per px)
    t = _label('<text x="20" y="50" font-size="20" transform="rotate(180 20 50)">ab</text>')
    assert np.allclose(t.frame, [[-0.75, 0, to_canvas(20, 50)[0]], [0, -0.75, to_canvas(20, 50)[1]]])
    assert np.allclose(t.anchor, to_canvas(10, 50))
    assert _label('<text x="20" y="50" font-size="20" transform="scale(2)">ab</text>').frame is None


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


def test_dvisvgm_font_runs_merge_only_in_dvisvgm_documents():
    from svg_fixtures import doc

    from geoverify.frontends.svg import parse_svg

    body = ('<text x="10" y="50" font-size="10">A</text><text x="17.5" y="52" font-size="7">1</text>'
            '<text x="60" y="50" font-size="10">B</text>')
    plain = parse_svg(doc(body))
    assert [p.text for p in plain] == ["A", "1", "B"]
    made = parse_svg("<?xml version='1.0'?>\n<!-- This file was generated by dvisvgm 3.0.3 -->\n" + doc(body))
    assert [p.text for p in made] == ["A1", "B"]
    assert made.primitives[0].font_size == pytest.approx(7.5)


def test_css_font_shorthand_size():
    t = _label('<style>.l { font: italic 700 24px/1.2 "CMU Serif", serif }</style><text class="l" x="0" y="50">a</text>')
    assert t.font_size == pytest.approx(18)


def test_raised_narrow_code_48_is_a_prime_not_a_zero():
    s = parse("<defs><path id='g2-80' d='M0 0V-7H5V0Z'/><path id='g1-48' d='M0 -0.3L1.7 -3.9L0.4 -0.3Z'/>"
              "<path id='g3-48' d='M0 0V-6.6H4V0Z'/></defs>"
              "<use x='10' y='50' xlink:href='#g2-80'/><use x='15.5' y='47' xlink:href='#g1-48'/>"
              "<use x='60' y='50' xlink:href='#g3-48'/><use x='64.5' y='50' xlink:href='#g3-48'/>")
    assert sorted(p.text for p in s) == ["00", "P\u2032"]


def test_embedded_svg_font_widths_give_the_text_box():
    s = parse("<defs><font id='cmr10' horiz-adv-x='0'><font-face font-family='cmr10' units-per-em='1000'/>"
              "<glyph unicode='T' horiz-adv-x='722'/><glyph unicode='e' horiz-adv-x='444'/></font></defs>"
              "<style>text.f1 {font-family:cmr10;font-size:10px}</style>"
              "<text class='f1' x='10' y='50'>Te<tspan x='30'>e</tspan></text>")
    t = only(s, TextLabel)
    assert t.text == "Te e"  # the tspan starts 8.8 px after "Te" ends: a word space
    # Width: from x = 10 to the end of the last "e" at 30 + 4.44 px.
    assert t.box[2] - t.box[0] == pytest.approx(0.75 * 24.44)


def test_glyph_run_font_size_from_ink_heights():
    t = [p for p in parse(DVISVGM_GLYPHS) if isinstance(p, TextLabel)][0]
    assert t.font_size == pytest.approx(0.75 * 7 / 0.683, rel=1e-6)  # a 7 px capital: about 10 px type


def test_dvisvgm_runs_further_than_half_an_em_stay_separate():
    from svg_fixtures import doc

    from geoverify.frontends.svg import parse_svg

    head = "<?xml version='1.0'?>\n<!-- This file was generated by dvisvgm 3.0.3 -->\n"
    # "A" ends near x = 17.2; a run starting 0.4 em later joins, one starting 0.7 em later does not.
    near = parse_svg(head + doc('<text x="10" y="50" font-size="10">A</text><text x="21.2" y="50" font-size="10">b</text>'))
    far = parse_svg(head + doc('<text x="10" y="50" font-size="10">A</text><text x="24.2" y="50" font-size="10">b</text>'))
    assert [p.text for p in near] == ["A b"] and [p.text for p in far] == ["A", "b"]


# dvisvgm 3.0.3 output of a TikZ node with two lines and a second node (latex + dvisvgm
# --font-format=woff; the font data left out): kerns, a word gap and the next line are
# positioned tspans of one <text>.
_TWO_LINES = """<?xml version='1.0' encoding='UTF-8'?>
<!-- This file was generated by dvisvgm 3.0.3 -->
<svg version='1.1' xmlns='http://www.w3.org/2000/svg' width='85.437585pt' height='57.089925pt'
 viewBox='-72.000035 -72.00005 85.437585 57.089925'>
<style type='text/css'>text.f0 {font-family:cmr10;font-size:9.96264px}</style>
<g id='page1'>
<text class='f0' x='-71.800754' y='-27.063034' transform='matrix(1 0 0 1 19.5366 -18.9098)'>Upp<tspan
 x='-52.982373'>er</tspan><tspan x='-41.331596'>line</tspan><tspan x='-60.177639' y='-15.107866'>lo</tspan><tspan
 x='-52.70564'>w</tspan><tspan x='-45.787128'>er</tspan></text>
<text class='f0' x='-71.800754' y='-15.107866' transform='matrix(1 0 0 1 3.5198 -5.0448)'>T<tspan
 x='-65.435725'>ab</tspan></text>
</g>
</svg>"""


def test_positioned_tspans_are_runs_at_their_own_place():
    from geoverify.frontends.svg import parse_svg

    runs = parse_svg(_TWO_LINES, merge_text_runs=False).primitives
    assert [p.text for p in runs] == ["Upp", "er", "line", "lo", "w", "er", "T", "ab"]
    upp, lo, tab = runs[0], runs[3], runs[6]
    # TeX's numbers: "lo" starts 11.6231 bp right of "Upp", one \baselineskip (12 pt) lower.
    assert lo.box[0] - upp.box[0] == pytest.approx(-60.177639 + 71.800754, abs=1e-6)
    assert lo.anchor[1] - upp.anchor[1] == pytest.approx(-(27.063034 - 15.107866), abs=1e-6)
    assert tab.anchor[1] - upp.anchor[1] == pytest.approx(-(-15.107866 - 5.0448 + 27.063034 + 18.9098), abs=1e-6)


def test_positioned_tspans_merge_into_one_label_per_node():
    from geoverify.frontends.svg import parse_svg

    labels = parse_svg(_TWO_LINES).primitives
    assert [p.text for p in labels] == ["Upper line lower", "Tab"]
    upper = labels[0]
    # Its box reaches from the first line's start to the second line's descent.
    assert upper.box[0] == pytest.approx(-71.800754 + 19.5366 + 72.000035, abs=1e-6)
    assert upper.anchor[1] == pytest.approx(57.089925 - (-27.063034 - 18.9098 + 72.00005), abs=1e-6)


def test_far_tspan_of_a_dvisvgm_text_is_a_label_of_its_own():
    from svg_fixtures import doc

    from geoverify.frontends.svg import parse_svg

    head = "<?xml version='1.0'?>\n<!-- This file was generated by dvisvgm 3.0.3 -->\n"
    s = parse_svg(head + doc('<text x="10" y="20" font-size="10">Figure<tspan x="42">1:</tspan>'
                             '<tspan x="50" y="90">7</tspan></text>'))
    assert [p.text for p in s] == ["Figure 1:", "7"]
    assert s.primitives[1].anchor[1] == pytest.approx(to_canvas(0, 90)[1])
    assert s.primitives[1].box[0] == pytest.approx(to_canvas(50, 0)[0])


def test_each_text_chunk_is_anchored_on_its_own():
    # SVG: every absolute x starts a chunk, and text-anchor aligns each chunk.
    s = parse('<text font-size="20" text-anchor="middle"><tspan x="20" y="30">ab</tspan>'
              '<tspan x="20" dy="24">abcd</tspan></text>')
    t = only(s, TextLabel)
    assert t.text == "ab abcd"
    # "abcd" (40 px estimated) is centred on x = 20, one line (24 px) lower.
    assert t.box[0] == pytest.approx(to_canvas(0, 0)[0]) and t.box[2] == pytest.approx(to_canvas(40, 0)[0])
    assert t.box[1] == pytest.approx(to_canvas(0, 54 + 5)[1])


@pytest.mark.parametrize("body,text", [
    ('|z<tspan baseline-shift="super" font-size="9">3</tspan>| = 8', "|z^{3}| = 8"),
    ('x<tspan style="baseline-shift:sub">1</tspan> + x<tspan baseline-shift="-30%">2</tspan>', "x_{1} + x_{2}"),
    # Inkscape raises an exponent with dy and lowers the text back with the next tspan's dy
    ('e<tspan dy="-5" font-size="8">i\u03c0</tspan><tspan dy="5"> = -1</tspan>', "e^{i\u03c0} = -1"),
    ('a<tspan dx="3">b</tspan>', "ab"),  # a kern is not a script
])
def test_raised_and_lowered_tspans_are_scripts_of_the_label(body, text):
    t = _label(f'<text x="20" y="50" font-size="14">{body}</text>')
    assert t.text == text


def test_a_formulas_glyphs_grouped_by_font_read_left_to_right_with_scripts():
    # matplotlib (svg.fonttype none) writes "N − P = 2" as italic N, P first, then − = 2, each
    # tspan placed absolutely; z³ has its 3 raised
    t = _label('<text x="10" y="50" font-size="14">'
               '<tspan x="10" y="50" font-style="italic">N</tspan><tspan x="40" y="50" font-style="italic">P</tspan>'
               '<tspan x="25" y="50">−</tspan><tspan x="55" y="50">= 2</tspan></text>')
    assert t.text == "N − P = 2"
    t = _label('<text x="10" y="50" font-size="14"><tspan x="10" y="50" font-style="italic">z</tspan>'
               '<tspan x="19" y="44" font-size="9">3</tspan></text>')
    assert t.text == "z^{3}"


def test_matplotlib_text_drawn_as_glyph_outlines_is_one_label_with_its_comment():
    # matplotlib's default svg.fonttype=path: the string as a comment, then <use>s of glyph paths
    s = parse('<defs><path id="DejaVuSans-24" d="M 0 0 L 600 0 L 300 -700 Z"/></defs>'
              '<g id="text_1"><!-- $A$ --><g transform="translate(40 60) scale(0.02 -0.02)">'
              '<use xlink:href="#DejaVuSans-24" xmlns:xlink="http://www.w3.org/1999/xlink"/></g></g>'
              '<circle cx="10" cy="10" r="5" fill="none" stroke="black"/>')
    labels = [p for p in s.primitives if isinstance(p, TextLabel)]
    assert [lb.text for lb in labels] == ["$A$"]
    assert len(s.primitives) == 2  # the outline is not drawn geometry
    assert labels[0].box[2] - labels[0].box[0] == pytest.approx(12 * 0.75, rel=1e-3)  # 600 units x 0.02 px


def test_the_prime_of_tex_symbol_font_is_a_prime():
    # matplotlib mathtext writes f' as f, then a raised "0" in cmsy10 (code 48 is the prime)
    t = _label('<text x="10" y="50" font-size="13"><tspan x="10" y="50" font-style="oblique">f</tspan>'
               '<tspan x="15.5" y="44.6" style="font-size: 9.1px; font-family: \'cmsy10\'">0</tspan>'
               '<tspan x="18.4" y="50">(1)</tspan></text>')
    assert t.text == "f^{\u2032}(1)"


def test_symbol_font_glyphs_told_by_their_outline():
    """dvisvgm --no-fonts: ids give a glyph's code, not its font. Code 0 as a flat bar is cmsy's
    minus (Gamma elsewhere), code 106 as a thin upright bar is cmsy's | (j elsewhere)."""
    svg = """<defs>
    <path id='g1-80' d='M0 0V-7H5V0Z'/>
    <path id='g0-0' d='M0 -2.4H6.6V-2.8H0Z'/>
    <path id='g0-106' d='M0 2.5V-7.5H0.4V2.5Z'/>
    <path id='g2-106' d='M0 2V-4H2V2ZM1 -6V-7H2V-6Z'/>
    <path id='g2-0' d='M0 0V-7H6V-6H1V0Z'/>
    </defs>
    <g id='page1'>
    <use x='10' y='50' xlink:href='#g0-106'/><use x='11' y='50' xlink:href='#g1-80'/>
    <use x='17' y='50' xlink:href='#g0-106'/><use x='19' y='50' xlink:href='#g0-0'/>
    <use x='27' y='50' xlink:href='#g2-0'/>
    <use x='10' y='90' xlink:href='#g2-106'/>
    </g>"""
    texts = sorted(lb.text for lb in parse(svg) if isinstance(lb, TextLabel))
    assert texts == ["j", "|P|−\ufffd"]
