"""TeX box sizes against LaTeX's own \\wd, \\ht and \\dp.

Every expected value below was measured with ``latex`` (TeX Live 2023):
``\\documentclass[12pt]{article}`` (as Asymptote) or ``[10pt]`` (as TikZ's
standalone), then ``\\fontsize{s}{1.2s}\\selectfont\\setbox0=\\hbox{...}`` and
``\\the\\wd0``, ``\\the\\ht0``, ``\\the\\dp0``. TeX prints five decimals, so the
tolerance is 1e-3 pt.
"""

from __future__ import annotations

import pytest

from geoverify.frontends.texbox import measure
from geoverify.frontends.texfonts import LatexFonts, metrics_available

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")

LATEX_12PT = [
    ("$A$", 8.80824, 8.2, 0.0),
    ("\\hbox to 50pt{Jim\\rule{10pt}{0pt}}", 50.0, 8.2, 0.0),  # \hbox to: the given width
    ("x\\hbox spread 5pt{Jim}y", 36.49413, 8.2, 2.33331),
    ("a\\rule[-1pt]{2pt}{5pt}b", 14.40265, 8.33331, 1.0),  # \rule[raise]{width}{height}
    ("\\rule[3pt]{1pt}{2pt}", 1.0, 5.0, 0.0),
    ("$Bg$", 15.58875, 8.2, 2.33331),  # italic corrections of math letters
    ("\\small $C$", 8.6094, 7.48248, 0.0),  # \small is 10.95 pt (cmmi10) in the 12 pt class
    ("$x^2$", 11.4271, 9.51027, 0.0),  # sup2 in text style, cmr8 script
    ("$60^\\circ$", 16.49994, 8.0075, 0.0),
    ("$G_1$", 14.01831, 8.2, 1.79999),  # sub1, no italic correction before a subscript
    ("$a_1^2$", 10.91805, 9.51027, 2.9666),  # sub2 with a superscript
    ("$\\frac{3}{2}$", 6.65005, 9.88034, 4.13809),  # rule 15, parts in script style
    ("$\\sqrt{3}$", 15.87497, 10.83661, 1.64336),  # rule 11
    ("$(\\frac{3}{2},\\frac{1}{2})$", 27.70273, 9.88034, 4.13809),  # \frac is an ordinary atom
    ("FRONT", 42.4218, 8.2, 0.0),  # kerns
    ("office", 26.11084, 8.33331, 0.0),  # the ffi ligature
    ("Fig.~1", 29.8622, 8.2, 2.33331),  # a tie has no sentence-end space
    ("A. B", 24.30948, 8.2, 0.0),  # a period after a capital is no sentence end
    ("$\\angle ABC = 90^\\circ$", 66.52484, 8.2, 0.0),
    ("$f(x)$", 22.88869, 9.0, 3.0),
    ("$\\log_2 x$", 28.60399, 8.33331, 2.83331),  # an operator: drops and a thin space
    ("$\\mathbf{v}$", 7.3125, 5.33331, 0.0),
    ("$f'(x)$", 25.69424, 9.0, 3.0),
    ("$\\overline{AB}$", 18.3401, 10.19989, 0.0),
    ("$\\vec{v}$", 6.11104, 8.55331, 0.0),  # rule 12
    ("$M_1-M_2\\le m$", 73.17888, 8.2, 1.79999),  # binary and relation spacing
    ("{\\tiny 12-2r}", 16.38864, 3.86665, 0.0),
    ("\\(A\\)", 8.80824, 8.2, 0.0),
    ("$-1$", 15.2083, 7.73332, 1.0),  # a leading minus is an ordinary atom
    ("$\\cdots$", 13.99997, 5.33334, 0.0),
    ("\\underline{KEY}", 25.93724, 8.2, 1.9999),
    ("a\\_b", 16.6326, 8.33331, 0.0),
]


@pytest.mark.parametrize("text,w,h,d", LATEX_12PT)
def test_boxes_match_latex_at_12pt(text, w, h, d):
    box = measure(text, 12.0, LatexFonts(12))
    assert (box.width, box.height, box.depth) == pytest.approx((w, h, d), abs=1e-3)
    assert not box.approximate


@pytest.mark.parametrize("text,size,w,h,d", [
    ("$x^2$", 10.0375, 10.2014, 8.14003, 0.0),  # asy's fontsize(10): cmmi10 at 10 pt (size substitution)
    ("$\\frac{1}{2}$", 10.0375, 6.38612, 8.44843, 3.44841),
    ("Ag", 8.0301, 10.61682, 5.46666, 1.55556),  # cmr8
    ("$x_1$", 14.0527, 13.51244, 6.2, 2.15999),  # cmmi12 at 14.4 pt
])
def test_other_sizes_follow_latex_font_selection(text, size, w, h, d):
    box = measure(text, size, LatexFonts(12))
    assert (box.width, box.height, box.depth) == pytest.approx((w, h, d), abs=1e-3)


@pytest.mark.parametrize("text,w,h,d", [
    ("\\small A", 6.93605, 6.14998, 0.0),  # cmr9, not cmr10 scaled
    ("ka", 9.72226, 6.94444, 0.0),  # the first matching kern of the lig/kern program wins
    ("$x_1$", 10.2014, 4.30554, 1.49998),
    ("\\scriptsize $y^2$", 8.20958, 6.24, 1.3611),
    ("$\\vec{h}^\\ell_1$", 10.24771, 9.78334, 2.4821),  # rule 12: the scripts go on the character
    ("$\\hat{x}^2$", 10.2014, 8.14003, 0.0),
    ("$\\scriptstyle C^* = Enc(k, M^{(b)})$", 61.82312, 6.76779, 1.75),  # no text-style spaces
    ("$A~\\nicefrac{6}{10}$", 26.12512, 7.5, 2.5),  # nicefrac.sty (units): raised script numerator
    ("$x^{\\nicefrac{1}{2}}$", 15.75243, 8.87892, 0.0),
    ("\\TeX", 18.6108, 6.83331, 2.15277),  # ltlogos: kerns, the E lowered .5ex
    ("\\vdots", 2.77779, 15.05554, 0.0),  # text mode too
    ("$p_\\text{max}$", 20.28827, 4.30554, 1.94444),  # a macro script field takes its argument along
    ("\\small\\LaTeX", 23.65356, 6.14998, 1.93748),  # the A at the script size
    ("$\\sqrt{\\vec{p}^2}$", 19.5174, 9.57779, 2.8223),  # too tall for cmsy's surd: cmex's first variant
    ("$\\sqrt{2E/m}$", 36.7385, 9.35, 3.05008),
    ("$\\sqrt{\\dfrac{a}{b}}$", 17.6859, 14.95563, 9.44458),
    ("$a\\notin B$", 25.5948, 7.5, 0.39098),  # \ooalign: the slash's height, the \in's depth
    ("\\scalebox{.5}{$\\times1$}", 6.3889, 3.22221, 0.41666),  # graphicx
    ("a\\scalebox{2}[1]{b}c", 20.5556, 6.94444, 0.0),
    ("\\scalebox{1}[.5]{Ag}", 12.50003, 3.41666, 0.97221),
    ("$\\mathbb{R}^2 / \\mathbb{Z}^2$", 27.86119, 8.14003, 2.5),  # amssymb: msbm10
    ("$x\\in\\mathbb{Q}$", 25.71518, 6.88889, 1.66666),
    ("\\small $\\mathbb{N}_{\\mathbb{C}}$", 11.3333, 6.2, 1.03336),  # msbm10 at 9 pt, msbm7 at 6 pt
    ("$a\\mathclap{x_{d+1:D}}b$", 9.57755, 6.94444, 2.33333),  # mathtools: no width, its height and depth
    ("$\\mathrlap{g^{-1}}$", 0.0, 8.14003, 1.94444),
    ("a\\llap{Ag}b", 10.55559, 6.94444, 1.94444),
    ("\\textit{\\textbf{Classification}} \\bfseries\\itshape Wo", 89.43063, 6.94444, 1.94444),  # cmbxti10
    ("$\\phi_i(\\boldsymbol r)$", 22.6719, 7.5, 2.5),  # amsbsy: cmmib10 with its italic correction
    ("$a\\boldsymbol{+}b$", 22.96628, 6.94444, 1.33331),  # a single character keeps its class
    ("$\\boldsymbol{\\nabla}^2 x_{\\boldsymbol{r}}$", 24.77449, 8.90002, 1.49998),
    ("$\\boldsymbol{ab}c$", 15.86453, 6.94444, 0.0),
    ("$x \\coloneqq s$", 25.84714, 4.65277, 0.0),  # mathtools: the colon centred on the axis
    ("$x \\vcentcolon s$", 18.73598, 4.65277, 0.0),
    ("$\\scriptstyle x \\coloneqq s$", 16.16559, 3.25694, 0.0),
    ("Hy\\-po\\-te\\-nu\\-se", 51.16678, 6.83331, 1.94444),  # discretionary hyphens: no width unbroken
    ("Hy\u00adpo\u00adte\u00adnu\u00adse", 51.16678, 6.83331, 1.94444),  # soft hyphens: \- (utf8 input)
])
def test_ten_point_class(text, w, h, d):
    box = measure(text, 10.0, LatexFonts(10))
    assert (box.width, box.height, box.depth) == pytest.approx((w, h, d), abs=1e-3)


def test_unknown_command_is_flagged_approximate():
    box = measure("$\\frobnicate$", 12.0, LatexFonts(12))
    assert box.approximate and box.width > 0


def test_latex_size_substitution_picks_the_nearest_listed_size():
    fonts = LatexFonts(12)
    assert fonts.text_font("rm", 12.045) == ("cmr12", 12.0)
    assert fonts.text_font("rm", 10.95) == ("cmr10", 10.95)
    assert fonts.math_font("mi", 8.03) == ("cmmi8", 8.0)
    assert fonts.math_sizes(12.0) == (12.0, 8.0, 6.0)
    assert fonts.size_commands["small"] == 10.95


def test_boldmath_sets_math_in_the_bold_version_to_the_end_of_its_group():
    # latex + dvisvgm, standalone (10 pt class) after \large, each text in a node with inner sep 0:
    # letters cmmib10, \times cmbsy10, the prime and digits of scripts cmbsy8 / cmbx8
    fonts = LatexFonts(10)
    box = measure("\\boldmath $X \\times Y$", 12.0, fonts)
    assert (box.width, box.height, box.depth) == pytest.approx((40.3265, 8.2339, 1.5997), abs=5e-3)
    assert measure("\\boldmath $Z'$", 12.0, fonts).width == pytest.approx(13.5232, abs=5e-3)
    assert measure("\\boldmath $f_2$", 12.0, fonts).width == pytest.approx(12.2136, abs=5e-3)
    assert measure("{\\boldmath $T$}$T$", 12.0, fonts).width == pytest.approx(18.0714, abs=5e-3)
    assert measure("$X \\times Y$", 12.0, fonts).width == pytest.approx(34.7901, abs=5e-3)


# latex + dvisvgm, standalone (10 pt class, amsmath), each text in a node with inner sep 0 (pt)
BOXES_10PT = [
    ("$\\overbrace{abc}^{x}$", (18.0008, 20.1573, 0.0)),  # the four brace pieces' 18 pt, limits rule 13a
    ("$\\underbrace{abc}_{x}$", (18.0008, 6.9436, 14.2018)),
    ("$\\overbrace{abc}$", (18.0008, 14.1462, 0.0)),
    ("$a\\underbrace{\\text{http}}_{\\text{protocol}}b$", (41.5732, 6.9466, 18.0297)),  # an operator: thin spaces
    ("\\begin{minipage}{3cm}ab\\end{minipage}", (85.3618, 5.9736, 0.9704)),  # centred on the axis
    ("\\begin{minipage}[t]{3cm}ab\\\\cd\\end{minipage}", (85.3618, 6.9499, 11.9959)),  # 12 pt baselineskip
    ("\\begin{minipage}{0.2\\textwidth}$\\underbrace{ab}_x$\\end{minipage}", (69.0, 13.0784, 8.0676)),
    ("2\\textsuperscript{nd} x", (22.9412, 8.4887, 0.0)),  # a script on an empty nucleus, \sf@size
    ("H\\textsubscript{2}O", (19.7653, 6.8337, 1.4984)),
]


@pytest.mark.parametrize("text, box", BOXES_10PT, ids=[t for t, _ in BOXES_10PT])
def test_braces_minipages_and_text_scripts_match_latex(text, box):
    b = measure(text, 10.0, LatexFonts(10))
    assert (b.width, b.height, b.depth) == pytest.approx(box, abs=8e-3)
    assert not b.approximate
