"""Style: defaults, inheritance, style attributes, CSS, colours, opacity, dashes, hiding."""

import pytest
from svg_fixtures import only, parse

from geoverify.frontends.svg.css import parse_stylesheet, StyleSheet
from geoverify.frontends.svg.style import parse_color


def _style(body, **kw):
    return only(parse(body, **kw)).style


RECT = '<rect x="10" y="10" width="20" height="20"{}/>'


def test_defaults_fill_black_no_stroke():
    st = _style(RECT.format(""))
    assert st.fill == "#000000" and st.stroke is None and st.opacity == 1.0


def test_inheritance_from_groups_and_override():
    st = _style('<g stroke="red" stroke-width="4" fill="none"><g stroke="#00f">' + RECT.format("") + '</g></g>')
    assert st.stroke == "#0000ff" and st.stroke_width == pytest.approx(3.0) and st.fill is None


def test_style_attribute_beats_presentation_attribute():
    st = _style(RECT.format(' fill="red" style="fill: blue; stroke:lime;stroke-width:2px"'))
    assert st.fill == "#0000ff" and st.stroke == "#00ff00" and st.stroke_width == pytest.approx(1.5)


def test_css_classes_ids_and_specificity():
    css = ("<style>.a { stroke: red; fill: none } rect { stroke: green } #r { stroke: blue }"
           " svg .b rect { stroke-width: 4 } .c { stroke: gray !important }</style>")
    st = _style(css + '<g class="b">' + RECT.format(' class="a"') + '</g>')
    assert st.stroke == "#ff0000" and st.fill is None and st.stroke_width == pytest.approx(3.0)
    st = _style(css + RECT.format(' id="r" class="a"'))
    assert st.stroke == "#0000ff"
    st = _style(css + RECT.format(' id="r" class="a c" style="stroke: black"'))
    assert st.stroke == "#808080"


def test_css_child_combinator_and_cdata_and_at_rules():
    css = ("<style><![CDATA[@font-face { font-family: x; src: url(x.woff) } "
           "@media print { rect { fill: red } } g > rect { fill: #123456 } /* c */]]></style>")
    s = parse(css + '<g>' + RECT.format("") + '</g><g><a>' + RECT.format("") + '</a></g>')
    assert s.primitives[0].style.fill == "#123456"
    assert s.primitives[1].style.fill == "#000000"


def test_css_presentation_in_sheet_beats_attribute():
    st = _style('<style>rect { fill: red }</style>' + RECT.format(' fill="blue"'))
    assert st.fill == "#ff0000"


def test_current_color():
    st = _style('<g color="#abcdef">' + RECT.format(' fill="currentColor" stroke="currentColor"') + '</g>')
    assert st.fill == "#abcdef" and st.stroke == "#abcdef"


@pytest.mark.parametrize("value,expected", [
    ("red", ("#ff0000", 1.0)), ("#ABC", ("#aabbcc", 1.0)), ("rgb(255, 0, 128)", ("#ff0080", 1.0)),
    ("rgba(0,0,255,0.5)", ("#0000ff", 128 / 255)), ("none", (None, 0.0)), ("transparent", (None, 0.0)),
    ("hsl(120, 100%, 50%)", ("#00ff00", 1.0)),
])
def test_colour_normalisation(value, expected):
    col, alpha = parse_color(value)
    assert col == expected[0] and alpha == pytest.approx(expected[1], abs=1e-2)


def test_opacity_multiplies_and_channel_opacity():
    st = _style('<g opacity="0.5">' + RECT.format(' opacity="0.5" fill-opacity="0.8"') + '</g>')
    assert st.opacity == pytest.approx(0.25 * 0.8)
    st = _style(RECT.format(' stroke="black" fill-opacity="0"'))
    assert st.fill is None and st.stroke == "#000000"


def test_dasharray_scaled_and_odd_count_repeated():
    st = _style('<g transform="scale(2)">' + RECT.format(' stroke="black" fill="none" stroke-dasharray="4,2,1"') + '</g>')
    assert st.dash == pytest.approx((6, 3, 1.5, 6, 3, 1.5))
    assert _style(RECT.format(' stroke="black" stroke-dasharray="none"')).dash is None


def test_display_none_hides_subtree_visibility_can_be_overridden():
    s = parse('<g display="none">' + RECT.format("") + '</g>'
              '<g style="display:none"><circle cx="5" cy="5" r="5"/></g>'
              '<g visibility="hidden">' + RECT.format("") + RECT.format(' visibility="visible" id="v"') + '</g>')
    assert len(s) == 1 and s.primitives[0].source.construct == "<rect>"


def test_gradient_fill_uses_first_stop_and_pattern_is_noted():
    s = parse('<defs><linearGradient id="g"><stop offset="0" stop-color="#112233"/><stop offset="1" stop-color="red"/>'
              '</linearGradient><pattern id="p" width="4" height="4"><rect width="2" height="2"/></pattern></defs>'
              + RECT.format(' fill="url(#g)"') + RECT.format(' fill="url(#p) #00ff00"'))
    assert s.primitives[0].style.fill == "#112233"
    assert s.primitives[1].style.fill == "#00ff00"
    assert any(d.code == "UNSUPPORTED" and d.construct == "<pattern>" for d in s.diagnostics)


def test_root_svg_style_is_inherited():
    st = _style(RECT.format(""), extra=' fill="none" stroke="purple"')
    assert st.fill is None and st.stroke == "#800080"


def test_stylesheet_rule_order_and_pseudo_classes_skipped():
    rules = parse_stylesheet("a:hover { fill: red } .x, .y { fill: blue }")
    assert len(rules) == 2 and StyleSheet(rules)


def test_font_size_em_and_inheritance():
    s = parse('<g font-size="20px"><text x="0" y="50" font-size="0.5em">ab</text></g>')
    assert s.primitives[0].font_size == pytest.approx(10 * 0.75)


def test_pattern_fill_without_fallback_paints_with_its_content_colour():
    # A hatch (dvisvgm writes TikZ's patterns so): the region is painted, in its lines' colour;
    # the pattern's clip outline paints nothing. An empty pattern paints nothing.
    s = parse('<defs><pattern id="h" width="9" height="9"><clipPath id="c"><rect width="9" height="9"/></clipPath>'
              '<g clip-path="url(#c)"><path d="M0 0L9 9" stroke="#ff8080" fill="none"/></g></pattern>'
              '<pattern id="f" width="4" height="4"><circle cx="2" cy="2" r="1" style="fill: #0000ff"/></pattern>'
              '<pattern id="inherits" href="#f"/><pattern id="empty" width="4" height="4"/></defs>'
              + RECT.format(' fill="url(#h)"') + RECT.format(' fill="url(#f)"') + RECT.format(' fill="url(#inherits)"')
              + RECT.format(' fill="url(#empty)" stroke="black"'))
    assert [p.style.fill for p in s.primitives] == ["#ff8080", "#0000ff", "#0000ff", None]
    assert any(d.code == "UNSUPPORTED" and d.construct == "<pattern>" for d in s.diagnostics)
