"""LaTeX's tabular in the TeX box model (sizes and glyph places from latex + dvisvgm)."""

import pytest

from geoverify.frontends.texbox import glyph_runs, measure
from geoverify.frontends.texfonts import LatexFonts

#: (text, (width, height, depth)) measured with \setbox0\hbox{...} \the\wd0 ... in the 10 pt article class
TABULARS = [
    ("\\begin{tabular}{cc} upper left & upper right\\\\ lower left & lower right \\end{tabular}",
     (116.3058, 14.5, 9.5)),  # centred on the math axis, struts 8.4 + 3.6
    ("\\begin{tabular}{|l|r|}\\hline a & bb\\\\ \\hline ccc & d\\\\ \\hline\\end{tabular}", (48.4445, 15.1, 10.1)),
    ("\\begin{tabular}[t]{|l|r|}\\hline a & bb\\\\ \\hline ccc & d\\\\ \\hline\\end{tabular}", (48.4445, 0.4, 24.8)),
    ("\\begin{tabular}[b]{l||r}\\hline\\hline a & bb\\\\ ccc & d\\\\[5pt] Ty&\\end{tabular}", (50.4445, 39.8, 3.6)),
    ("\\begin{tabular}[t]{lr} a & bb\\\\ ccc & $\\frac{a}{b}$ \\end{tabular}", (48.4445, 8.4, 15.6)),
    ("\\begin{tabular}{@{}p{2cm}c@{x}} a & bb\\\\ ccc & d \\end{tabular}", (85.2945, 14.5, 9.5)),
    ("\\small\\begin{tabular}{c} a \\\\ b \\end{tabular}", (17.1389, 13.25, 8.75)),  # \small's struts and axis
    ("\\renewcommand{\\arraystretch}{1.5}\\begin{tabular}{*{2}{c}} a & b \\\\ c & d\\\\ \\end{tabular}",
     (34.5556, 20.5, 15.5)),
]


@pytest.mark.parametrize("text, box", TABULARS, ids=[t for t, _ in TABULARS])
def test_tabular_box_matches_latex(text, box):
    b = measure(text, 10.0, LatexFonts(10))
    assert (b.width, b.height, b.depth) == pytest.approx(box, abs=2e-3)
    assert not b.approximate


def test_tabular_glyphs_sit_where_dvisvgm_puts_them():
    runs = glyph_runs("\\begin{tabular}{|l|p{1cm}r@{:}}\\hline a & b & Ty\\\\[2pt] ccc & dd & e\\end{tabular}", 10.0)
    got = [(r.text, round(r.x, 2), round(r.y, 2)) for r in runs]
    assert got == [("a", 6.0, 6.9), ("b", 31.33, 6.9), ("T", 71.79, 6.9), ("y:", 78.73, 6.9),
                   ("ccc", 6.0, -7.1), ("dd", 31.33, -7.1), ("e:", 79.56, -7.1)]


def test_unknown_column_type_leaves_the_environment_approximate():
    assert measure("\\begin{tabular}{m{1cm}} a \\end{tabular}", 10.0).approximate
