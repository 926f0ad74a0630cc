"""pgfmath's number bases as macro-setting commands (geoverify.frontends.tikz.pgfmathbase)."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz

from .tikz_fixtures import CM


@pytest.mark.parametrize("code, value", [
    (r"\pgfmathdectobase\m{127}{16}", "7f"),            # the pgf manual's examples
    (r"\pgfmathdectoBase\m{127}{16}", "7F"),
    (r"\pgfmathbasetodec\m{7F}{16}", "127"),
    (r"\pgfmathbasetobase\m{4321}{5}{9}", "721"),
    (r"\pgfmathbasetoBase\m{1234}{5}{12}", "142"),
    (r"\pgfmathsetbasenumberlength{8}\pgfmathdectobase\m{60}{2}", "00111100"),
    (r"\pgfmathtodigitlist\m{0110}", "0,1,1,0"),
])
def test_base_conversions_set_the_macro(code, value):
    sc = parse_tikz(code + r" \tikz \node {\m};")
    assert not sc.diagnostics
    assert [p.text for p in sc.primitives if hasattr(p, "text")] == [value]


def test_a_digit_list_drives_a_foreach():
    # the pgf manual's bitmap: each binary digit of 6 (length 4: 0110) fills a square when it is 1
    sc = parse_tikz(r"""\pgfmathsetbasenumberlength{4}
    \begin{tikzpicture}
      \pgfmathdectobase{\binary}{6}{2}
      \pgfmathtodigitlist{\digitlist}{\binary}
      \foreach \d [count=\x] in \digitlist
        {\ifnum\d=1 \fill (\x,0) rectangle ++(1,1); \fi}
    \end{tikzpicture}""")
    assert not sc.diagnostics
    assert [round(p.points[:, 0].min() / CM, 6) for p in sc.primitives] == [2, 3]
