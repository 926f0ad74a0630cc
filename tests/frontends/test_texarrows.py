"""amsmath's ``\\xrightarrow`` and ``\\xleftarrow`` in the TeX box model against LaTeX.

Sizes were measured with ``latex`` (TeX Live 2023, ``\\documentclass[10pt]{article}``,
amsmath) as ``\\the\\wd``, ``\\ht`` and ``\\dp`` of an ``\\hbox``; character positions
with ``dvisvgm --font-format=woff`` of a ``standalone`` document (bp, against the
first character; the runs here are converted from pt to bp).
"""

from __future__ import annotations

import pytest

from geoverify.frontends.texbox import glyph_runs, measure
from geoverify.frontends.texfonts import LatexFonts, metrics_available

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")

BP = 72.27 / 72.0


@pytest.mark.parametrize("text, w, h, d", [
    ("$\\xrightarrow{f}$", 11.05753, 12.00206, 0.0),  # the arrow's natural width: 1 em
    ("$\\xleftarrow[g]{f}$", 11.05753, 12.00206, 8.3611),  # a label below, rule 13a
    ("$a\\xrightarrow{}b$", 25.1332, 6.94444, 0.0),  # a relation: thick spaces
    ("$A\\xrightarrow[\\text{below long}]{x}B$", 64.79362, 9.68262, 8.88885),  # stretched to the label
    ("$T \\xrightarrow{\\text{Liften}} R$", 47.61649, 11.52983, 0.0),
])
def test_sizes_match_latex(text, w, h, d):
    box = measure(text, 10.0, LatexFonts(10))
    assert (box.width, box.height, box.depth) == pytest.approx((w, h, d), abs=1e-3)


def test_labels_and_arrow_pieces_where_dvisvgm_puts_them():
    runs = glyph_runs("$A\\xrightarrow[\\text{below long}]{x}B$", 10.0, LatexFonts(10))
    got = [v for r in runs for v in (r.x / BP, r.y / BP)]
    # A; x above; the bar, seven centred leader bars and the head; the label below; B
    expected = [(0.0, 0.0), (29.044, 5.648), (10.239, 0.0), (13.165, 0.0), (18.700, 0.0), (24.235, 0.0),
                (29.770, 0.0), (35.304, 0.0), (40.839, 0.0), (43.765, 0.0), (12.734, -6.503)]
    assert got[:2 * len(expected)] == pytest.approx([v for p in expected for v in p], abs=2e-3)
    assert got[-2:] == pytest.approx([56.495, 0.0], abs=2e-3)
    left = glyph_runs("$\\xleftarrow[g]{f}$", 10.0, LatexFonts(10))
    assert [v for r in left for v in (r.x / BP, r.y / BP)] == pytest.approx(
        [3.855, 6.118, 0.0, 0.0, 3.2675, 0.0, 4.120, -5.978], abs=2e-3)


@pytest.mark.parametrize("text, w, h, d", [
    ("$\\overrightarrow{ABC}\\overleftarrow{x}$", 33.44954, 10.50206, 0.0),  # argument over the arrow's 1 em
    ("$\\overrightarrow{g}$", 10.00023, 7.97429, 1.94444),  # the arrow's natural width, the argument's depth
    ("$x_{\\overrightarrow{AB}}$", 18.61218, 4.30554, 4.02747),  # in script style
    ("$\\overrightarrow{(t_1, t_2)}$", 28.4167, 11.16875, 2.5),
])
def test_over_arrow_sizes_match_latex(text, w, h, d):
    box = measure(text, 10.0, LatexFonts(10))
    assert (box.width, box.height, box.depth) == pytest.approx((w, h, d), abs=1e-3)


def test_over_arrow_pieces_where_dvisvgm_puts_them():
    runs = glyph_runs("$\\overrightarrow{ABC}\\overleftarrow{x}$", 10.0, LatexFonts(10))
    got = [v for r in runs for v in (r.x / BP, r.y / BP)]
    # the bar, two leader bars and the head over ABC (the arrow's depth is 0); the left arrow over x
    expected = [(0.0, 6.808), (3.932, 6.808), (9.467, 6.808), (13.399, 6.808), (0.0, 0.0), (15.529, 0.0),
                (23.362, 4.289), (25.576, 4.289), (25.496, 0.0)]
    assert got == pytest.approx([v for p in expected for v in p], abs=2e-3)
