"""Math-mode measurement (:mod:`geoverify.frontends.texmath`): widths measured with LaTeX."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz.fonts import measure


@pytest.mark.parametrize("with_symbol, without", [("$60°$", "$60$"), ("$a±b$", "$ab$"), ("$a×b·c$", "$abc$")])
def test_text_only_unicode_characters_typeset_nothing_in_math(with_symbol, without):
    # LaTeX's utf8 maps them to \textdegree, \textpm ...: "invalid in math mode", no glyph
    # (\hbox{$60°$} and \hbox{$60$} are both 10.00003 pt wide)
    box, _ = measure(with_symbol, 10.0)
    ref, _ = measure(without, 10.0)
    assert box.width == pytest.approx(ref.width) and not box.approximate
    assert measure("$60$", 10.0)[0].width == pytest.approx(10.00003, abs=1e-4)


def test_relsize_mathlarger_is_an_ord_one_style_then_one_size_up():
    # TeX (relsize, 10 pt): $a\mathlarger^k{\times}b$ is 17.36pt wide for k=1 (display style,
    # same size, an Ord: no spaces around the x) and grows by 1.55, 1.87 and 4.93 pt to
    # k = 2, 3 and 5 (\larger: 12, 14.4, then 20.74 pt)
    def width(k):
        body = "\\times"
        for _ in range(k):
            body = "\\mathlarger{" + body + "}"
        return measure("$a" + body + "b$", 10.0)[0].width

    w = {k: width(k) for k in (1, 2, 3, 5)}
    assert w[1] == pytest.approx(measure("$a{\\times}b$", 10.0)[0].width, abs=1e-6)
    assert w[2] - w[1] == pytest.approx(1.55, abs=0.03)
    assert w[3] - w[2] == pytest.approx(1.87, abs=0.03)
    assert w[5] - w[3] == pytest.approx(4.93, abs=0.03)
    assert measure("$\\mathsmaller{x}$", 10.0)[0].width == pytest.approx(measure("$\\scriptstyle x$", 10.0)[0].width, abs=1e-6)


def test_mathstrut_is_an_invisible_parenthesis():
    # plain TeX: \mathstrut = \vphantom( -- cmr10's "(" is 7.5 pt high and 2.5 pt deep, no width
    # (the pgf manual's \node {$\mathstrut\x\y$} boxes sit as TeX sets them)
    box, _ = measure("$\\mathstrut dd$", 10.0)
    ref, _ = measure("$dd$", 10.0)
    assert (box.width, box.height, box.depth) == pytest.approx((ref.width, 7.5, 2.5), abs=1e-4)
