"""MathJax formulas and element names."""

import pytest
from svg_fixtures import only, parse

from geoverify.scene import TextLabel

# What MathJax 3 writes for $x_1$ (shortened outlines), as Penrose embeds it.
MATHJAX = """
<g transform="translate(20 50)"><title>A.label</title>
<svg style="font-size: 20px" width="20" height="20" viewBox="0 -1000 1000 1000">
<g stroke="none" fill="#242985" transform="scale(1,-1)"><g data-mml-node="math">
<g data-mml-node="msub"><g data-mml-node="mi"><path data-c="1D465" d="M0 0L500 0L500 400L0 400Z"/></g>
<g data-mml-node="mn" transform="translate(572,-150) scale(0.707)"><path data-c="31" d="M0 0L500 0L500 666L0 666Z"/></g>
</g></g></g></svg></g>
"""


def test_mathjax_formula_is_one_label_with_plain_text():
    t = only(parse(MATHJAX), TextLabel)
    assert t.text == "x1"
    assert t.name == "A.label"
    # 1000 units = 20 px: font size 15 bp; the x glyph spans 0..10 px right of x = 20 px.
    assert t.font_size == pytest.approx(15)
    assert t.box[0] == pytest.approx(0.75 * 20)
    x_right = 20 + (572 + 0.707 * 500) / 50
    assert t.box[2] == pytest.approx(0.75 * x_right)
    # Baseline: MathJax y = 0 is the bottom of the viewBox, i.e. 20 px below the group origin.
    assert t.anchor[1] == pytest.approx(0.75 * (100 - 70))
    assert t.style.fill == "#242985"


def test_names_from_title_id_and_group_title():
    s = parse('<title>The figure</title><g><title>tri</title><path d="M0 0L10 0L5 5Z" stroke="black"/>'
              '<circle cx="5" cy="5" r="4" stroke="black" fill="none"><title>c1</title></circle>'
              '<circle id="k" cx="50" cy="50" r="4" stroke="black" fill="none"/></g>'
              '<circle cx="50" cy="50" r="4" stroke="black" fill="none"/>')
    # The document's own <title> names nothing; a group's names its unnamed members.
    assert [p.name for p in s] == ["tri", "c1", "k", None]
