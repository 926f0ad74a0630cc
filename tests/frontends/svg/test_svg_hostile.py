"""Hostile input from inside the SVG: every case ends quickly with a clear error or diagnostic."""

import time

import numpy as np

import pytest
from svg_fixtures import doc, parse

from geoverify.errors import (
    BudgetExceededError,
    FigureFormatError,
    FigureSyntaxError,
    GeoverifyError,
    UnsafeInputError,
    UnsupportedConstructError,
)
from geoverify.frontends import parse_figure
from geoverify.frontends.limits import Limits
from geoverify.frontends.svg import parse_svg


def _timed(fn, seconds=2.0):
    t0 = time.perf_counter()
    try:
        return fn()
    finally:
        assert time.perf_counter() - t0 < seconds, "hostile input took too long"


def test_public_doctype_accepted_internal_subset_refused():
    # matplotlib writes the public DOCTYPE; its DTD is never loaded
    text = ('<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"\n'
            '  "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' + doc('<circle cx="5" cy="5" r="1"/>'))
    assert len(parse_svg(text)) == 1
    text = '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [ ]>\n' + doc("")
    with pytest.raises(UnsafeInputError) as e:
        parse_svg(text)
    assert e.value.code == "TECH_UNSAFE" and "DTD" in str(e.value) and e.value.location.line == 2


def test_billion_laughs_refused_without_expansion():
    lol = ['<!ENTITY lol0 "lol">'] + [f'<!ENTITY lol{i} "{("&lol%d;" % (i - 1)) * 10}">' for i in range(1, 10)]
    text = f'<?xml version="1.0"?><!DOCTYPE svg [{"".join(lol)}]>' + doc('<text x="0" y="10">&lol9;</text>')
    with pytest.raises(UnsafeInputError):
        _timed(lambda: parse_svg(text))


def test_external_entity_xxe_refused():
    text = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
            + doc('<text x="0" y="10">&xxe;</text>'))
    with pytest.raises(UnsafeInputError):
        parse_svg(text)


def test_undefined_entity_is_a_syntax_error():
    with pytest.raises(FigureSyntaxError):
        parse_svg(doc('<text x="0" y="10">&nope;</text>'))


@pytest.mark.parametrize("body", [
    '<use id="u" href="#u"/>',
    '<g id="a"><circle r="1"/><use href="#a"/></g>',
    '<defs><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></defs><use href="#a"/>',
    '<defs><symbol id="s"><use href="#s"/></symbol></defs><use href="#s"/>',
])
def test_use_cycles_refused(body):
    with pytest.raises(UnsafeInputError) as e:
        _timed(lambda: parse(body))
    assert "cycle" in str(e.value) or "itself" in str(e.value)


def test_use_bomb_of_10_to_the_8_copies_stops_fast():
    layers = ['<path id="l0" d="M0 0 L1 1" stroke="black"/>']
    for i in range(1, 9):
        layers.append(f'<g id="l{i}">' + "".join(f'<use href="#l{i - 1}"/>' for _ in range(10)) + "</g>")
    body = "<defs>" + "".join(layers) + '</defs><use href="#l8"/>'
    with pytest.raises(BudgetExceededError) as e:
        _timed(lambda: parse(body), 1.0)
    assert "max_use_references" in str(e.value) and e.value.code == "TECH_RESOURCE"


def test_use_budget_is_configurable():
    body = '<defs><circle id="c" r="1"/></defs>' + '<use href="#c"/>' * 20
    assert len(parse(body, limits=Limits(max_use_references=20))) == 20
    with pytest.raises(BudgetExceededError):
        parse(body, limits=Limits(max_use_references=19))


def test_100000_nested_groups_stop_at_depth_limit():
    n = 100_000
    text = doc("<g>" * n + '<circle r="1"/>' + "</g>" * n)
    with pytest.raises(BudgetExceededError) as e:
        _timed(lambda: parse_svg(text))
    assert "max_depth" in str(e.value) and e.value.location.line == 1


def test_5000_nested_groups_within_a_raised_depth_limit_work():
    n = 5000
    text = doc("<g>" * n + '<circle cx="5" cy="5" r="1" stroke="black" fill="none"/>' + "</g>" * n)
    s = _timed(lambda: parse_svg(text, limits=Limits(max_depth=6000)), 5.0)
    assert len(s) == 1


def test_huge_file_refused_before_parsing():
    text = doc('<path d="' + "M0 0 L1 1 " * 600_000 + '"/>')
    with pytest.raises(BudgetExceededError) as e:
        _timed(lambda: parse_svg(text), 0.5)
    assert "max_bytes" in str(e.value)


def test_many_elements_hit_the_element_budget():
    text = doc('<circle r="1"/>' * 2000)
    with pytest.raises(BudgetExceededError):
        parse_svg(text, limits=Limits(max_steps=1000))


def test_primitive_budget():
    with pytest.raises(BudgetExceededError):
        parse('<circle cx="5" cy="5" r="1"/>' * 50, limits=Limits(max_primitives=10))


@pytest.mark.parametrize("href", ["file:///etc/passwd", "http://example.com/x.png", "data:image/png;base64,AAAA"])
def test_image_is_never_loaded(href, monkeypatch):
    def forbidden(*a, **k):
        raise AssertionError("the front-end tried to open a file")

    monkeypatch.setattr("builtins.open", forbidden)
    s = parse(f'<image href="{href}" x="0" y="0" width="10" height="10"/><circle cx="5" cy="5" r="1"/>')
    d, = [d for d in s.diagnostics if d.construct == "<image>"]
    assert d.code == "UNSUPPORTED" and "never" in d.message and d.location.line == 1 and d.location.column > 1
    assert s.partial and len(s) == 1


def test_external_use_not_loaded():
    s = parse('<use href="file:///etc/passwd#x"/>')
    assert s.partial and "not loaded" in s.diagnostics[0].message


def test_malformed_xml_has_line_and_column():
    text = '<svg xmlns="http://www.w3.org/2000/svg">\n  <g>\n    <circle r="1">\n  </g>\n</svg>'
    with pytest.raises(FigureSyntaxError) as e:
        parse_svg(text, filename="bad.svg")
    loc = e.value.location
    assert (loc.line, loc.column, loc.file) == (4, 5, "bad.svg")
    assert e.value.context.splitlines()[1].index("^") == 4
    assert e.value.code == "TECH_COMPILE"


@pytest.mark.parametrize("text", ["", "not xml at all", "<svg", "<svg></svg><svg></svg>"])
def test_garbage_is_a_syntax_error(text):
    with pytest.raises(FigureSyntaxError):
        parse_svg(text)


def test_non_svg_root():
    with pytest.raises(FigureFormatError):
        parse_svg("<html><body/></html>")


def test_unsupported_elements_are_diagnosed_with_location():
    s = parse('<foreignObject width="10" height="10"><div/></foreignObject>\n'
              '<mask id="m"><rect width="5" height="5" fill="white"/></mask>'
              '<circle cx="5" cy="5" r="5" mask="url(#m)"/><filter id="f"/><rect width="5" height="5" filter="url(#f)"/>'
              '<blink><circle r="1"/></blink><penrose><croppedViewBox>0 0 1 1</croppedViewBox></penrose>')
    by = {(d.code, d.construct) for d in s.diagnostics}
    assert ("UNSUPPORTED", "<foreignObject>") in by
    assert ("UNSUPPORTED", "<mask>") in by and ("UNSUPPORTED", "<filter>") in by
    assert ("UNSUPPORTED", "<blink>") in by  # unknown element with graphics inside
    assert ("NOTE", "<penrose>") in by  # unknown metadata: browsers do not draw it either
    assert all(d.location is not None and d.location.line is not None for d in s.diagnostics)
    assert len(s) == 2  # the masked circle and the filtered rect are still drawn


def test_title_desc_metadata_silent():
    s = parse('<title>t</title><desc>d</desc><metadata><x/></metadata><sodipodi:namedview xmlns:sodipodi="s"/>'
              '<script>alert(1)</script>')
    assert s.diagnostics == [] and len(s) == 0


def test_strict_mode_raises():
    with pytest.raises(UnsupportedConstructError):
        parse('<image href="x.png" width="1" height="1"/>', strict=True)


def test_dispatch_through_parse_figure():
    s = parse_figure(doc('<circle cx="5" cy="5" r="1"/>'))
    assert s.source_format == "svg" and len(s) == 1


def test_every_error_is_a_geoverify_error():
    for text in ["<svg><g></svg>", "<!DOCTYPE x [ ]><svg/>"]:
        with pytest.raises(GeoverifyError):
            parse_svg(text)


def test_few_uses_of_a_huge_group_refused_before_drawing():
    group = '<g id="big">' + '<circle r="1"/>' * 5000 + "</g>"
    body = "<defs>" + group + "</defs>" + '<use href="#big"/>' * 50  # 250,000 circles
    with pytest.raises(BudgetExceededError) as e:
        _timed(lambda: parse(body), 1.0)
    assert "max_primitives" in str(e.value)


@pytest.mark.slow
def test_pathological_css_selectors_end_within_the_step_budget():
    sheet = "<style>" + "g g g g g g g g g g g g g g g g g g g g rect {fill:red}\n" * 2000 + "</style>"
    body = sheet + "<g>" * 150 + '<rect width="1" height="1"/>' * 1000 + "</g>" * 150
    with pytest.raises(BudgetExceededError) as e:
        # 2e5 steps here; the default 2e6 ends the same way in a few seconds.
        _timed(lambda: parse(body, limits=Limits(max_depth=400, max_steps=200_000)), 5.0)
    assert "step budget" in str(e.value)


def test_descendant_selector_matching_is_memoised():
    sheet = "<style>g g g g g g g g g g rect { fill: #123456 }</style>"
    s = _timed(lambda: parse(sheet + "<g>" * 150 + '<rect width="1" height="1"/>' + "</g>" * 150), 1.0)
    assert s.primitives[0].style.fill == "#123456"


@pytest.mark.parametrize("body,drawn", [
    ('<marker id="m"><path d="M0 0L5 5" stroke="black" marker-end="url(#m)"/></marker>'
     '<path d="M0 0L50 50" stroke="black" marker-end="url(#m)"/>', None),
    ('<clipPath id="c"><rect width="5" height="5" clip-path="url(#c)"/></clipPath>'
     '<rect width="9" height="9" clip-path="url(#c)"/>', None),
    # A gradient without stops paints nothing, as in browsers.
    ('<linearGradient id="a" href="#b"/><linearGradient id="b" href="#a"/><rect width="9" height="9" fill="url(#a)"/>', 0),
])
def test_self_referencing_resources_end_cleanly(body, drawn):
    try:
        s = _timed(lambda: parse(body), 1.0)
    except UnsafeInputError as e:
        assert drawn is None and "itself" in str(e)
    else:
        assert drawn is None or len(s) == drawn


@pytest.mark.parametrize("attr", ['transform="scale(1e308)"', 'transform="matrix(1e200 0 0 1e200 0 0)"',
                                  'stroke-width="1e400"', 'font-size="1e308"'])
def test_absurd_numbers_neither_crash_nor_warn(attr):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = parse(f'<g {attr}><circle cx="5" cy="5" r="3" stroke="black" fill="none"/>'
                  '<path d="M0 0 C1 1 2 2 3 0" stroke="black"/><text x="1" y="1">a</text></g>')
    assert all(np.isfinite(p.bbox()).all() for p in s)


def test_css_filter_functions_are_approximations_not_gaps():
    s = parse('<circle cx="5" cy="5" r="4" style="filter: blur(2px)"/>')
    assert not s.partial and [d.code for d in s.diagnostics] == ["APPROXIMATED"]


@pytest.mark.parametrize("d, drawn", [
    ("M0 0 L10 10 a4 4 0 0 0-4-1e3084 L20 0", 1),   # an argument beyond floats (found by fuzz/run.py)
    ("M0 0 L10 10 A1e-300 1e-300 0 0 0 1e300 -1e300 L5 5", 1),  # radii scaled up past floats
    ("M0 0 L10 10 l1e308 0 l1e308 0", 0),            # relative moves adding up past floats
])
def test_non_finite_path_data_is_drawn_up_to_the_error(d, drawn):
    sc = parse(f'<path d="{d}" stroke="black" fill="none"/>')
    assert len(sc.primitives) == drawn
    assert all(np.isfinite(c).all() for p in sc.primitives for sp in p.subpaths() for c in sp.controls)
    assert any("path data" in d.message for d in sc.diagnostics)


def test_an_arc_radius_whose_square_underflows_is_scaled_up_to_fit():
    """rx * rx is 0 for rx = 1e-170 (it was a ZeroDivisionError); the radii grow until the
    end points fit, as SVG 1.1 F.6.6 says: a half circle of radius 0.5."""
    sc = parse('<path d="M0 0 A1e-170 1e-170 0 0 0 1 0" stroke="black" fill="none"/>')
    (half,) = parse('<path d="M0 0 A0.5 0.5 0 0 0 1 0" stroke="black" fill="none"/>').primitives
    (arc,) = sc.primitives
    assert (arc.rx, arc.ry, arc.sweep) == pytest.approx((half.rx, half.ry, half.sweep))
    assert np.allclose(arc.center, half.center)
    assert not sc.diagnostics
