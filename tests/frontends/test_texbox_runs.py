"""Where the TeX box model sets characters (:func:`glyph_runs`) against dvisvgm's text runs.

Every expected run below was measured with ``latex`` (TeX Live 2023) and
``dvisvgm 3.0.3 --font-format=woff``: ``\\documentclass[12pt]{article}`` (as
Asymptote), ``\\fontsize{12}{14.4}\\selectfont``, each text as
``\\vrule width 1pt height 1pt depth 0pt\\hbox{...}``; the rule's ``<rect>``
gives the box's reference point and every ``<text>``/``<tspan>`` with an ``x``
or ``y`` starts a run. Positions are converted from bp to pt (x right, y up);
dvisvgm prints six decimals in bp, so the tolerance is 2e-3 pt. ``None`` for x:
dvisvgm wrote only a new ``y`` (the run continues the pen of the previous
character of the same font, ``joined``); ``None`` for the text: a symbol
without a plain reading.
"""

from __future__ import annotations

import pytest

from geoverify.frontends.texbox import glyph_runs
from geoverify.frontends.texfonts import LatexFonts, metrics_available

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")

DVISVGM_12PT = [
    ("$\\frac{1}{2}$", [(1.2, 4.7248, "1"), (1.2, -4.1381, "2")]),  # null delimiter, rule 15 shifts
    ("$x^2+\\sqrt{3}$", [(0.0, 0.0, "x"), (6.677, 4.3547, "2"), (14.0937, 0.0, "+"), (25.8991, 9.8766, None),
                         (35.8992, 0.0, "3")]),  # the surd raised by h + clr
    ("AVa b", [(0.0, 0.0, "A"), (7.5027, 0.0, "V"), (15.3318, 0.0, "a"), (25.1234, 0.0, "b")]),  # kerns split
    ("office", [(0.0, 0.0, "o")]),  # the ffi ligature stays in the run
    ("$\\hat{x}+\\vec{v}$", [(0.7274, 0.0, None), (0.0, 0.0, "x"), (9.3437, 0.0, "+"), (20.6706, 0.0, None),
                             (21.1491, 0.0, "v")]),  # accents first, skewed, italic correction in their width
    ("$A'$", [(0.0, 0.0, "A"), (8.8083, 4.3547, None)]),
    ("$B'_1$", [(0.0, 0.0, "B"), (9.5319, 4.3547, None), (8.9263, -2.9666, "1")]),
    ("$-\\sqrt{5}$", [(0.0, 0.0, None), (None, 9.8766, None), (19.3334, 0.0, "5")]),
    ("$y = \\frac{9 - \\sqrt{77}}{2}$", [(0.0, 0.0, "y"), (9.4929, 0.0, "="), (23.165, 4.7248, "9"),
                                         (27.4151, 4.7248, None), (None, 11.3725, None), (41.1097, 4.7248, "7"),
                                         (34.2624, -4.1381, "2")]),
    ("$\\vec{AB}$", [(5.3097, 3.0333, None), (0.0, 0.0, "A")]),
    ("$\\overline{AB}$", [(0.0, 0.0, "A")]),
    ("$\\sum x$", [(0.0, 8.0001, None), (12.5556, 0.0, "x")]),  # a large operator centred on the axis
    ("$\\int_0^1 f$", [(0.0, 8.5556, None), (6.6667, 5.3889, "1"), (4.7222, -3.0556, "0"), (13.4167, 0.0, "f")]),
    ("$\\int_0 f$", [(0.0, 8.5556, None), (4.7222, -3.0556, "0"), (11.4723, 0.0, "f")]),  # make_op's delta
    ("$\\sin x$", [(0.0, 0.0, "s"), (16.4262, 0.0, "x")]),
    ("$\\_$", []),  # a rule only
    ("\\small $C$", [(0.0, 0.0, "C")]),
    ("$\\ddots$", [(0.6667, 7.0, "."), (5.2638, 4.0, "."), (9.861, 1.0, ".")]),  # text dots raised 7, 4, 1pt
    ("$a\\ddots b$", [(0.0, 0.0, "a"), (8.8346, 7.0, "."), (13.4318, 4.0, "."), (18.029, 1.0, "."),
                      (23.9594, 0.0, "b")]),  # an inner atom: thin spaces around it
    # rule 13a: limits above and below an operator in display style (or after \\limits), centred
    ("$\\displaystyle\\sum_{i=0}^{x+y} i$", [(0.0, 13.6667, "x"), (4.7848, 13.6667, "+"), (11.396, 13.6667, "y"),
                                          (0.72, 10.0001, None), (1.0646, -11.9554, "i"), (3.9586, -11.9554, "="),
                                          (17.8844, 0.0, "i")]),
    ("$\\displaystyle\\sum_{i=0}^{n}$", [(4.6435, 13.0, "n"), (0.0, 10.0001, None), (0.3446, -11.9554, "i"),
                                      (3.2386, -11.9554, "=")]),
    ("$\\displaystyle\\lim_{n\\to\\infty} a$", [(2.9192, 0.0, "l"), (0.0, -6.0, "n"), (5.1575, -6.0, None),
                                              (24.1577, 0.0, "a")]),
    ("$\\displaystyle\\int_0^1 x$", [(0.0, 14.1112, None), (10.0, 10.9445, "1"), (5.5556, -8.6112, "0"),
                                   (16.75, 0.0, "x")]),  # \\int is \\intop\\nolimits
    ("$\\sum\\limits_{k=1}^{m} k$", [(3.9908, 10.0, "m"), (2.4723, 8.0001, None), (0.0, -9.2223, "k"),
                                   (4.6389, -9.2223, "="), (17.5002, 0.0, "k")]),
]


@pytest.mark.parametrize("text, expected", DVISVGM_12PT, ids=[t for t, _ in DVISVGM_12PT])
def test_glyph_runs_match_dvisvgm(text, expected):
    runs = glyph_runs(text, 12.0, LatexFonts(12))
    assert len(runs) == len(expected), runs
    for run, (x, y, first) in zip(runs, expected):
        if x is None:
            assert run.joined
        else:
            assert run.x == pytest.approx(x, abs=2e-3)
            assert not run.joined
        assert run.y == pytest.approx(y, abs=2e-3)
        if first is not None:
            assert run.text[0] == first


def test_joined_run_starts_at_the_previous_characters_advance():
    from geoverify.frontends import texfonts as tf

    minus, surd = glyph_runs("$-\\sqrt{5}$", 12.0, LatexFonts(12))[:2]
    font, at = LatexFonts(12).math_font("sy", 12.0)
    assert surd.x == pytest.approx(minus.x + tf.glyph(font, 0, at)[0])
    assert surd.size == minus.size == pytest.approx(at)


def test_unknown_material_has_an_empty_run_and_no_claimed_characters():
    runs = glyph_runs("a\\unknowncommand b", 12.0, LatexFonts(12))
    assert [r.text for r in runs] == ["a", "", "b"]
    assert glyph_runs("$\\begin{cases} 1 \\\\ 2 \\end{cases}$", 12.0, LatexFonts(12))[0].text == ""


# measured as above with \\usepackage{amsmath} (which scales cmex with the font size)
AMSMATH_12PT = [
    ("$\\begin{pmatrix} 4 \\\\ 4 \\end{pmatrix}$", (23.54169, 17.40013, 11.40015),
     [(0.0, 16.9202, None), (8.8334, 7.32, "4"), (8.8334, -7.0799, "4"), (14.7083, 16.9202, None)]),
    ("$\\begin{pmatrix} -2 \\\\ 2 \\end{pmatrix}$", (32.87505, 17.40013, 11.40015),
     [(0.0, 16.9202, None), (8.8334, 7.32, None), (18.1667, 7.32, "2"), (13.5001, -7.0799, "2"),
      (24.0417, 16.9202, None)]),
    ("$\\begin{pmatrix} \\frac{60}{13} \\\\ \\frac{12}{13} \\end{pmatrix}$", (28.56686, 17.40013, 11.40015),
     [(0.0, 16.9202, None), (10.0334, 12.0448, "6"), (10.0334, 3.1819, "1"), (10.0334, -2.3552, "1"),
      (10.0334, -11.218, "1"), (19.7335, 16.9202, None)]),
    ("$\\begin{pmatrix} 1 \\\\ -1 \\\\ 2 \\end{pmatrix}$", (36.20836, 24.6002, 18.6002),  # extensible parentheses
     [(0.0, 24.1202, None), (0.0, 2.52, None), (15.1667, 14.52, "1"), (10.5, 0.1201, None), (19.8334, 0.1201, "1"),
      (15.1667, -14.2799, "2"), (25.7083, 24.1202, None), (25.7083, 2.52, None)]),
    ("$\\mathbf{a} = \\begin{pmatrix} 2 \\\\ -3 \\end{pmatrix}$", (55.2429, 17.40013, 11.40015),
     [(0.0, 0.0, "a"), (9.8958, 0.0, "="), (22.3679, 16.9202, None), (35.8679, 7.32, "2"), (31.2012, -7.0799, None),
      (40.5346, -7.0799, "3"), (46.4095, 16.9202, None)]),
    ("$\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}$", (39.41663, 17.40013, 11.40015),
     [(0.0, 16.9202, None), (8.8334, 7.32, "1"), (24.7083, 7.32, "2"), (8.8334, -7.0799, "3"), (24.7083, -7.0799, "4"),
      (30.5833, 16.9202, None)]),
    ("$\\begin{pmatrix} 1 \\end{pmatrix}$", (16.875, 10.20006, 4.20007),
     [(0.0, 9.7201, None), (5.5, 0.1201, "1"), (11.375, 9.7201, None)]),
]


@pytest.mark.parametrize("text, box, expected", AMSMATH_12PT, ids=[t for t, _, _ in AMSMATH_12PT])
def test_matrices_match_amsmath(text, box, expected):
    from geoverify.frontends.texbox import measure

    b = measure(text, 12.0, LatexFonts(12))
    assert (b.width, b.height, b.depth) == pytest.approx(box, abs=1e-3)
    test_glyph_runs_match_dvisvgm(text, expected)


# measured as above in the 10 pt class (``standalone``, amsmath): each run against the first
TEN_POINT = [
    ("$\\sqrt{2E/m}$", [(0.0, 0.0), (10.0, -8.55)]),  # cmex's surd: 10 pt wide, raised by h + clr
    ("$\\sqrt{\\vec{p}^2}$", [(0.0, 0.0), (10.0799, -8.7778)]),  # the accent, then the p
    ("$\\sqrt{x}$", [(0.0, 0.0), (8.3334, -7.2028)]),  # cmsy's surd is tall enough
]


@pytest.mark.parametrize("text, expected", TEN_POINT, ids=[t for t, _ in TEN_POINT])
def test_radicals_pick_the_variant_tex_picks(text, expected):
    runs = glyph_runs(text, 10.0, LatexFonts(10))
    for run, (dx, dy) in zip(runs, expected):
        assert (run.x - runs[0].x, run.y - runs[0].y) == pytest.approx((dx, dy), abs=2e-3)


def test_notin_sets_the_slash_over_the_in():
    runs = glyph_runs("$a\\notin B$", 10.0, LatexFonts(10))
    slash, member = runs[1], runs[2]
    # \hfil\mkern1mu/\hfil in the width of \in (6.66669 pt): 1.1111 pt right of it
    assert slash.x - member.x == pytest.approx(1.1111, abs=2e-3)
    assert runs[3].x - member.x == pytest.approx(9.4445, abs=2e-3)


def test_unicode_angle_brackets_in_math_are_the_ordinary_less_and_greater_signs():
    # standalone 10 pt, $⟨4, 2⟩$: utf8 gives \textlangle, which LaTeX sets in math as {\char60}
    # (cmmi's < in a group, an Ord: no relation spaces); dvisvgm's runs (bp) converted to pt
    runs = glyph_runs("$\u27e84, 2\u27e9$", 10.0, LatexFonts(10))
    xs = [r.x for r in runs]
    assert xs == pytest.approx([0.0, 7.7778, 12.7778, 17.2223, 22.2223], abs=2e-3)
    assert [r.text for r in runs][1::2] == ["4", "2"]


def test_underbrace_pieces_and_limits_sit_where_tex_sets_them():
    # standalone 10 pt: $a\underbrace{\text{http}}_{\text{protocol}}b$, dvisvgm's runs (bp) in pt
    runs = glyph_runs("$a\\underbrace{\\text{http}}_{\\text{protocol}}b$", 10.0, LatexFonts(10))
    got = [(round(r.x, 3), round(r.y, 3)) for r in runs]
    bp = 72.27 / 72
    tex = [(0.0, 0.0), (11.932136, 0.0), (17.190204, 0.0), (11.932136, -6.121454), (16.719724, -6.121454),
           (25.990531, -6.121454), (6.926554, -15.613614), (25.710377, -15.613614), (37.139731, 0.0)]
    assert len(got) == len(tex)
    for (gx, gy), (x, y) in zip(got, tex):
        assert (gx, gy) == pytest.approx((x * bp, y * bp), abs=3e-3)


def test_mathtools_colon_relations_raise_the_colon_to_the_axis():
    # dvisvgm of $x \coloneqq s \eqqcolon y$ (10 pt standalone, mathtools), bp from the x
    runs = glyph_runs("$x \\coloneqq s \\eqqcolon y$", 10.0, LatexFonts(10))
    bp = 72.27 / 72.0
    expected = [("x", 0.0, 0.0), (":", 8.461, 0.346), ("=", 10.565, 0.0), ("s", 21.081, 0.0),
                ("=", 28.518, 0.0), (":", 35.603, 0.346), ("y", 41.138, 0.0)]
    assert [r.text[0] for r in runs] == [c for c, _, _ in expected]
    assert [v for r in runs for v in (r.x / bp, r.y / bp)] == pytest.approx(
        [v for _, x, y in expected for v in (x, y)], abs=2e-3)
