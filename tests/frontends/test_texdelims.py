"""``\\big`` and friends in the TeX box model against LaTeX's ``\\wd``, ``\\ht`` and ``\\dp``.

Measured with ``latex`` (TeX Live 2023, ``\\documentclass[10pt]{article}``, with and
without amsmath: the same numbers) as ``\\setbox0=\\hbox{...}``; TeX prints five
decimals, so the tolerance is 1e-3 pt.
"""

from __future__ import annotations

import pytest

from geoverify.frontends.texbox import glyph_runs, measure
from geoverify.frontends.texfonts import LatexFonts, metrics_available

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")


@pytest.mark.parametrize("text, w, h, d", [
    ("$\\bigl[x\\bigr]$", 14.04865, 8.50005, 3.50006),  # cmex's first bracket, centred on the axis
    ("$\\Bigl(x\\Bigr)$", 17.65973, 11.50008, 6.50009),
    ("$\\biggl[x\\biggr]$", 16.27087, 14.5001, 9.50012),
    ("$\\Bigg(x\\Bigg)$", 21.54865, 17.50014, 12.50015),
    ("$\\big|x\\big|$", 12.38193, 8.50006, 3.50006),  # a bar of two extensible pieces
    ("$\\bigl\\{x\\bigr\\}$", 17.38199, 8.50005, 3.50006),
    ("$\\Bigl\\{x\\Bigr\\}$", 19.04865, 11.50008, 6.50009),
    ("$\\Bigl\\langle x\\Bigr\\rangle$", 17.9375, 11.50008, 6.50009),
    ("$\\biggl\\langle x\\biggr\\rangle$", 20.7153, 14.5001, 9.50012),
    ("$\\Bigg\\| x\\Bigg\\|$", 16.82642, 17.50015, 12.50015),
    ("$a\\bigm| b$", 18.4663, 8.50006, 3.50006),  # a relation: thick spaces
    ("$\\scriptstyle\\bigl(x\\bigr)$", 13.70145, 8.50005, 3.50006),  # its own \hbox: text size
])
def test_sizes_match_latex(text, w, h, d):
    box = measure(text, 10.0, LatexFonts(10))
    assert (box.width, box.height, box.depth) == pytest.approx((w, h, d), abs=1e-3)


def test_the_delimiter_glyph_is_raised_onto_the_axis():
    # centred on the axis: (0.4 + 11.6) / 2 - 0.4 + 2.5 pt up (dvisvgm, standalone 10 pt: 8.10 pt)
    first = glyph_runs("$\\bigl[\\Gamma\\bigr]$", 10.0, LatexFonts(10))[0]
    assert (first.x, first.y) == pytest.approx((0.0, 8.1001), abs=2e-3)
