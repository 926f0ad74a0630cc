"""Static SVG checks: entities, external references, depth and <use> expansion."""

import xml.etree.ElementTree as ET

import pytest

from geoverify.gate.svgdoc import check_svg, expanded_size, looks_like_svg

NS = 'xmlns="http://www.w3.org/2000/svg"'


def test_plain_svg_is_fine():
    res = check_svg(f'<svg {NS}><g><circle r="1"/></g></svg>')
    assert res.code is None and res.depth == 3 and res.elements == 3


@pytest.mark.parametrize("body,code", [
    ('<!DOCTYPE svg [ ]><svg {ns}/>', "TECH_UNSAFE"),
    ('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg {ns}/>',
     None),
    ('<svg {ns}><image href="http://example.org/x.png"/></svg>', "TECH_UNSAFE"),
    ('<svg {ns}><rect style="fill:url(file:///etc/passwd)"/></svg>', "TECH_UNSAFE"),
    ('<svg {ns}><rect fill="url(http://x/y#a)"/></svg>', "TECH_UNSAFE"),
    ('<svg {ns}><image href="data:image/png;base64,AAAA"/><use href="#a"/><rect fill="url(#g)"/></svg>', None),
    ('<svg {ns}><circle r="1">', "TECH_COMPILE"),
    ('<html {ns}/>', "TECH_COMPILE"),
    ('<svg {ns}>' + "<g>" * 1001 + "</g>" * 1001 + "</svg>", "TECH_RESOURCE"),
])
def test_refusals(body, code):
    assert check_svg(body.format(ns=NS)).code == code


def test_use_expansion_counts_instances_and_ignores_cycles():
    doc = ET.fromstring(f'<svg {NS}><defs><circle id="a" r="1"/><g id="b"><use href="#a"/><use href="#a"/></g></defs>'
                        '<use href="#b"/><use href="#b"/></svg>')
    # svg, defs, circle, g(b) with 2 uses (each 1 + circle) -> 5, then 2 x (use + b subtree 5)
    assert expanded_size(doc) == 1 + (1 + 1 + 5) + 2 * (1 + 5)
    cyclic = ET.fromstring(f'<svg {NS}><g id="g"><use href="#g"/></g></svg>')
    assert expanded_size(cyclic) == 3


def test_use_bomb_is_refused_fast():
    levels = "".join(f'<g id="a{i}">' + f'<use href="#a{i - 1}"/>' * 10 + "</g>" for i in range(1, 10))
    res = check_svg(f'<svg {NS}><defs><circle id="a0" r="1"/>{levels}</defs><use href="#a9"/></svg>')
    assert res.code == "TECH_RESOURCE" and "expand" in res.message


def test_looks_like_svg():
    assert looks_like_svg("<?xml version='1.0'?>\n<svg:svg xmlns:svg='x'/>")
    assert not looks_like_svg("\\begin{tikzpicture}")
