"""Styles of TikZ libraries (libstyles.py): er, petri; a fragment that does not load its library."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

from tikz_fixtures import close, only

EX = 4.30554  # pt, the ex of cmr10


def test_er_entity_is_a_drawn_rectangle_two_by_four_baselineskips():
    # TeX: M-71.8008 23.6719H-23.9805V-.2383H-71.8008Z, 48 pt by 24 pt (\baselineskip 12 pt)
    sc = parse_tikz(r"\usetikzlibrary{er}\node[entity] {Sheep};")
    assert not sc.diagnostics
    b = only(sc, Polyline).bbox()
    assert close((b[2] - b[0], b[3] - b[1]), (48.0, 24.0))


def test_petri_place_is_a_circle_five_ex_wide():
    # TeX: a circle of radius 5.3613 bp = 2.5 ex + the line's half width is not part of it
    c = only(parse_tikz(r"\usetikzlibrary{petri}\node[place] {};"), Circle)
    assert close(c.radius, 2.5 * EX)


def test_a_library_key_without_the_library_uses_its_styles_with_a_note():
    sc = parse_tikz(r"\node[relationship] {has};")
    assert [d.code for d in sc.diagnostics] == ["NOTE"] and "'er'" in sc.diagnostics[0].message
    assert only(sc, Polyline).closed_flag  # a diamond
