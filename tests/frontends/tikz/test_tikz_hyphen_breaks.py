"""A word wider than a ``text width`` line breaks at its explicit hyphens (fonts.wrap).

TeX (latex + dvisvgm, janosh's physics mind map: ``font=\\large``, ``text width=2cm``)
sets ``High-Energy`` as the runs ``High-`` and ``Energy`` one \\large baselineskip (14 pt)
apart; ``\\-`` (a discretionary hyphen) breaks the same way and shows a hyphen only there.
"""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.fonts import metrics_available, wrap
from geoverify.scene import TextLabel

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")

CM = 72.27 / 2.54


def test_a_word_wider_than_the_line_breaks_after_its_hyphens():
    assert wrap("High-Energy", 2 * CM, 12.0, align="center") == ["High-", "Energy"]
    assert wrap("Electro\\-dynamics", 40.0, 10.0) == ["Electro-", "dynamics"]
    # the longest head that fits; a word that fits is not broken; no hyphen, no break
    assert wrap("ab-cd-efghijklmn", 40.0, 10.0) == ["ab-cd-", "efghijklmn"]
    assert wrap("Electro\\-dynamics and-so", 200.0, 10.0) == ["Electro\\-dynamics and-so"]
    assert wrap("Electrodynamics", 40.0, 10.0) == ["Electrodynamics"]


def test_a_node_sets_the_broken_word_on_two_lines():
    sc = parse_tikz(r"\tikz \node[text width=2cm, font=\large, align=center] {High-Energy};")
    (lab,) = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert lab.box[3] - lab.box[1] > 14.0  # two lines, 14 pt apart
