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
