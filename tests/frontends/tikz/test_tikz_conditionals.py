"""TeX conditionals, ifthen's \\ifthenelse and \\breakforeach (geoverify.frontends.tikz.conditionals)."""

from __future__ import annotations

import pytest

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline

from .tikz_fixtures import CM


def _xs(sc, cls):
    out = []
    for p in sc.primitives:
        if isinstance(p, cls):
            out.append(round((p.points[0][0] if cls is Polyline else p.center[0]) / CM, 6))
    return out


def test_ifnum_else_fi_in_a_foreach_body():
    sc = parse_tikz(r"""\foreach \x in {1,...,4}{\ifnum\x>2 \draw (\x,0) -- (\x,1);\else
      \draw (\x,0) circle (1pt);\fi}""")
    assert _xs(sc, Circle) == [1, 2] and _xs(sc, Polyline) == [3, 4]
    assert not sc.diagnostics


def test_nested_conditionals_in_a_skipped_branch_are_counted():
    sc = parse_tikz(r"""\ifnum 1=2 \ifnum 1=1 \draw (5,0) -- (5,1); \fi \draw (6,0) -- (6,1);
      \else \draw (0,0) -- (0,1); \fi""")
    assert _xs(sc, Polyline) == [0]


def test_ifodd_ifdim_iftrue():
    sc = parse_tikz(r"""\ifodd 3 \draw (1,0) -- (1,1); \fi \ifdim 1cm<20pt \draw (2,0) -- (2,1); \fi
      \ifdim 1in>72pt \draw (3,0) -- (3,1); \fi \iffalse \draw (4,0) -- (4,1); \fi""")
    assert _xs(sc, Polyline) == [1, 3]


def test_ifthenelse_tests_and_breakforeach():
    sc = parse_tikz(r"""\foreach \x in {1,...,6}{
        \ifthenelse{\x=4}{\breakforeach}{}
        \ifthenelse{\NOT \x<2 \AND \(\isodd{\x} \OR \equal{\x}{2}\)}{\draw (\x,0) -- (\x,1);}{}}""")
    assert _xs(sc, Polyline) == [2, 3]  # 4 breaks the loop after its own iteration (not drawn: even)


def test_ifthenelse_reads_the_integer_part_as_ifnum_does():
    # \pgfmathsetmacro gives 3.0; \ifnum stops reading at the point
    sc = parse_tikz(r"""\pgfmathsetmacro\e{1+2}\ifthenelse{2<\e}{\draw (0,0) -- (1,0);}{}""")
    assert len(_xs(sc, Polyline)) == 1


def test_a_conditional_that_cannot_be_read_here_stays_as_written():
    # \coordindex exists only while pgfplots filters coordinates: the conditional is
    # reported, not evaluated, and its \else and \fi are left to it
    sc = parse_tikz(r"""\ifthenelse{\foo}{}{}\draw (0,0) -- (1,0);
      \ifnum 1=1 \ifnum\coordindex>4 \fi \draw (2,0) -- (3,0); \else \draw (5,0) -- (6,0); \fi""")
    assert _xs(sc, Polyline) == [0, 2]
    assert {d.construct for d in sc.diagnostics} >= {"\\ifthenelse", "\\ifnum"}


def test_an_unended_conditional_is_an_error():
    with pytest.raises(FigureSyntaxError):
        parse_tikz(r"\ifnum 1=2 \draw (0,0) -- (1,0);", strict=True)


def test_iff_in_text_is_no_conditional():
    sc = parse_tikz(r"""\ifnum 1=1 \node at (0,0) {$A \iff B$}; \draw (1,0) -- (1,1); \else
      \draw (2,0) -- (2,1); \fi \draw (3,0) -- (3,1);""")
    assert _xs(sc, Polyline) == [1, 3]


def test_etoolbox_toggles_and_xstring_strcount():
    sc = parse_tikz(r"""\documentclass{standalone}\usepackage{tikz,etoolbox,xstring}
      \newtoggle{big}
      \begin{document}\begin{tikzpicture}
        \iftoggle{big}{\draw (3,0) -- (0,0);}{\draw (1,0) -- (0,0);}
        \toggletrue{big}
        \iftoggle{big}{\draw (3,1) -- (0,1);}{\draw (1,1) -- (0,1);}
        \settoggle{big}{false}
        \iftoggle{big}{\draw (3,2) -- (0,2);}{\draw (1,2) -- (0,2);}
        \def\lst{a,b,,c}
        \StrCount{\lst}{,}[\n]
        \draw (\n,3) -- (0,3);
        \iftoggle{unknown}{\draw (5,4) -- (0,4);}{}
      \end{tikzpicture}\end{document}""")
    assert _xs(sc, Polyline) == [1, 3, 1, 3]
    # a toggle never made is reported, not guessed
    assert [d.construct for d in sc.diagnostics if d.code == "UNSUPPORTED"] == ["\\iftoggle"]


def test_a_number_ends_at_a_command_and_breakforeach_is_not_run_while_it_is_read():
    # "\ifnum\a<\b \fill ..." and "\ifnum \x<\y \breakforeach \fi" (the pgf manual's pgffor
    # example: rows of 2, 3, 4, 4 ellipses): TeX stops the second number at the command after it
    sc = parse_tikz(r"\begin{tikzpicture}\def\a{1}\def\b{2} \ifnum\a<\b \fill (0,0) circle (1pt); \fi"
                    r"\end{tikzpicture}")
    assert not sc.diagnostics and len(sc.primitives) == 1
    sc = parse_tikz(r"""\begin{tikzpicture}
      \foreach \x in {1,...,4}
        \foreach \y in {1,...,4}
        {
          \fill (\x,\y) circle (1pt);
          \ifnum \x<\y
            \breakforeach
          \fi
        }
    \end{tikzpicture}""")
    assert not sc.diagnostics
    cols = [round(p.center[0] / CM) for p in sc.primitives]
    assert [cols.count(x) for x in (1, 2, 3, 4)] == [2, 3, 4, 4]
