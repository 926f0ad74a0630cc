"""Tip lists: one Arrow per head of ``>>``, ``|<``, ``Latex[]Latex[]``, where pgf draws it.

The numbers are the heads' spacing in latex + dvisvgm output of the same pictures (bp
converted to pt): pgf places each tip the next outer tip's length (plus its own sep) before
that one's tip.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.arrowtips import Tip, parse_tip_list, tip_offsets
from geoverify.scene import Arrow, BezierPath, Circle, Polyline

from tikz_fixtures import CM, MM


def _tips(code):
    return sorted(((float(a.tip[0]), float(a.tip[1]), float(a.direction[0]))
                   for a in parse_tikz(code).primitives if isinstance(a, Arrow)))


def test_tip_lists_as_written():
    assert parse_tip_list("|<") == [Tip("|"), Tip("<")]
    assert parse_tip_list("{Latex[length=3mm]Latex[length=2mm]}") == [Tip("Latex", "length=3mm"),
                                                                      Tip("Latex", "length=2mm")]
    assert parse_tip_list(">[sep=2pt]>") == [Tip(">", "sep=2pt"), Tip(">")]
    assert parse_tip_list("Stealth[]Stealth[]") == [Tip("Stealth"), Tip("Stealth")]
    assert parse_tip_list("nonsense") is None


def test_repeated_tips_each_get_an_arrow_one_tip_length_apart():
    # TeX: the '>' heads of <<<->>>> (line width 0.4pt) are 1.8125 bp = 1.05 + 1.925 * 0.4 pt apart
    step = 1.05 + 1.925 * 0.4
    tips = _tips(r"\draw [<<<->>>>] (0,0) -- (2,0);")
    assert len(tips) == 7
    start = [t for t in tips if t[2] < 0]
    end = [t for t in tips if t[2] > 0]
    assert [x for x, _, _ in start] == pytest.approx([0, step, 2 * step])
    assert [x for x, _, _ in end] == pytest.approx([2 * CM - k * step for k in (3, 2, 1, 0)])


def test_a_sep_adds_to_the_spacing():
    # TeX: >[sep=2pt]> puts the inner head 3.8046 bp (1.82 + 2 pt) before the outer one
    tips = _tips(r"\draw [-{>[sep=2pt]>}] (0,0) -- (2,0);")
    assert [x for x, _, _ in tips] == pytest.approx([2 * CM - 3.82, 2 * CM])


def test_an_underscore_is_a_spacer_tip_with_its_default_sep():
    # pgfcorearrows' "_" (defaults={sep}: 0.88pt + 0.3 w): TeX's ->_> puts the inner head 2.809 bp
    # (1.82 + 1.0 pt) before the outer one, ->__> one sep further (3.82 pt)
    for spec, gap in (("->_>", 2.82), ("->__>", 3.82)):
        tips = _tips(r"\draw [" + spec + r"] (0,0) -- (2,0);")
        assert [x for x, _, _ in tips] == pytest.approx([2 * CM - gap, 2 * CM])


def test_a_bar_outside_a_head_moves_the_head_in_by_its_width():
    # TeX (|<->|): the bars stand at the ends, the heads one line width (0.4pt) inside them
    tips = _tips(r"\draw [|<->|] (0,0) -- (2,0);")
    assert tips == [(pytest.approx(0.4), 0.0, -1.0), (pytest.approx(2 * CM - 0.4), 0.0, 1.0)]


def test_arrows_meta_heads_use_their_lengths():
    # TeX with arrows.meta: '>' is To = Computer Modern Rightarrow, 1.6 + 2.2 * 0.4 pt long
    # (heads 2.469 bp apart); Latex[length=2mm] outside puts the inner Latex 2 mm in
    code = r"\usetikzlibrary{arrows.meta}\draw [->>] (0,0) -- (2,0);"
    assert [x for x, _, _ in _tips(code)] == pytest.approx([2 * CM - 2.48, 2 * CM])
    code = r"\usetikzlibrary{arrows.meta}\draw [-{Latex[length=3mm]Latex[length=2mm]}] (0,0) -- (2,0);"
    assert [x for x, _, _ in _tips(code)] == pytest.approx([2 * CM - 2 * MM, 2 * CM])


def test_old_tips_have_their_pgfcorearrows_lengths():
    # stealth: 8 * (0.28 + 0.3 w); latex: 10 * (0.28 + 0.3 w) (TeX: 5.777 bp apart at w = 1pt)
    assert tip_offsets("latex[]latex[]", ">", 1.0, False) == [("latex", 0.0), ("latex", pytest.approx(5.8))]
    assert tip_offsets("stealth[]stealth[]", ">", 0.4, False)[1][1] == pytest.approx(8 * 0.4)


def test_a_single_head_stays_at_the_end():
    assert _tips(r"\draw [->] (0,0) -- (1,0);") == [(pytest.approx(CM), 0.0, 1.0)]
    assert _tips(r"\draw [<-] (0,0) -- (1,0);") == [(0.0, 0.0, -1.0)]


@pytest.mark.parametrize("width, meta, half", [
    (0.4, False, 2.6), (1.0, False, 3.5),   # TeX: M-71.30074-45.74609V-40.56641 (2.59 bp each side)
    (0.4, True, 2.3), (1.0, True, 3.5),     # arrows.meta's Bar: Tee Barb 3pt + 4 line widths wide
])
def test_bars_are_strokes_across_the_ends_half_a_line_width_in(width, meta, half):
    from geoverify.scene import Polyline
    lib = r"\usetikzlibrary{arrows.meta}" if meta else ""
    sc = parse_tikz(lib + rf"\draw [line width={width}pt, |-|] (0,0) -- (2,0);")
    bars = sorted((p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 2
                   and abs(p.points[0, 0] - p.points[1, 0]) < 1e-9), key=lambda p: p.points[0, 0])
    assert len(bars) == 2 and not any(isinstance(p, Arrow) for p in sc.primitives)
    assert [b.points[0, 0] for b in bars] == pytest.approx([width / 2, 2 * CM - width / 2])
    for b in bars:
        assert sorted(b.points[:, 1]) == pytest.approx([-half, half])


def test_dot_tips_are_circles_and_the_line_stops_under_them():
    # numbers from latex + dvisvgm (arrows library), in pt: a = 0.4pt + 0.2 line width
    sc = parse_tikz(r"""\begin{tikzpicture}
    \draw[*-o] (0,0) -- (3,0);
    \draw[o-*, line width=1pt] (0,1) -- (3,1);
    \end{tikzpicture}""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    end = 3 * 28.452756
    assert lines[0].points[0, 0] == pytest.approx(0.918, abs=0.01)          # 1.5a + lw/2 under '*'
    assert lines[0].points[1, 0] == pytest.approx(end - 4.521, abs=0.01)    # 9a + lw/2 under 'o'
    assert lines[1].points[0, 0] == pytest.approx(5.898, abs=0.01)
    assert lines[1].points[1, 0] == pytest.approx(end - 1.400, abs=0.01)
    got = sorted((round(float(c.center[0]), 2), round(c.radius, 2), c.style.fill is not None) for c in circles)
    assert got == [(2.36, 2.16, True), (3.2, 2.7, False), (round(end - 3.2, 2), 2.7, True),
                   (round(end - 2.36, 2), 2.16, False)]


def test_brackets_and_parentheses_are_drawn_and_cut_the_line():
    # pdflatex+dvisvgm (pt from the path's start): at line width 2pt, the arrows library's "[" is
    # a bar 1 pt in, 5 pt each side, with arms to 4.5 pt; ")" a curve from 3.75 pt in at 5 pt
    # out, through 0.0625 of 5 pt plus a half line width before the end; the line runs from
    # 1 pt to 1.3125 pt before the end
    sc = parse_tikz(r"""\usetikzlibrary{arrows}
    \draw[line width=2pt,{[}-{)}] (0,0) -- (2,0);""")
    line, bracket = [p for p in sc.primitives if isinstance(p, Polyline)]
    end = 2 * CM
    assert np.allclose(line.points, [(1.0, 0), (end - 1.3125, 0)], atol=1e-9)
    assert np.allclose(bracket.points, [(4.5, 5), (1.0, 5), (1.0, -5), (4.5, -5)], atol=1e-9)
    (paren,) = [p for p in sc.primitives if isinstance(p, BezierPath)]
    c = paren.parts[0].controls
    assert np.allclose(c[0][0], (end - 1.3125 - 2.5, -5), atol=1e-9)
    assert np.allclose(c[0][1], (end - 1.3125 + 1.25, -2.5), atol=1e-9)


def test_arrows_meta_bracket_and_parenthesis_reversed():
    # Bracket[reversed] at line width 2pt: the bar 2.75 pt in (its length, .75 pt + a line width),
    # 4.5 pt each side, the arms back to the start; the line starts 3.25 pt in. Parenthesis[reversed]:
    # an arc of radius 5.325 pt (its length 1.725 pt + 2.3 line widths, less half a line width)
    # whose ends are 0.5 pt before the path's end at 4.61 pt out; the line stops 3.1625 pt before
    sc = parse_tikz(r"""\usetikzlibrary{arrows.meta}
    \draw[line width=2pt,{Bracket[reversed]}-{Parenthesis[reversed]}] (0,0) -- (2,0);""")
    line, bracket = [p for p in sc.primitives if isinstance(p, Polyline)]
    end = 2 * CM
    assert np.allclose(line.points, [(3.25, 0), (end - 3.1625, 0)], atol=1e-9)
    assert np.allclose(bracket.points, [(0, -4.5), (2.75, -4.5), (2.75, 4.5), (0, 4.5)], atol=1e-9)
    (paren,) = [p for p in sc.primitives if isinstance(p, BezierPath)]
    c = paren.parts[0].controls
    assert np.allclose(c[0][0], (end - 0.5, 5.325 * 3 ** 0.5 / 2), atol=1e-6)
    assert np.allclose(c[-1][-1], (end - 0.5, -5.325 * 3 ** 0.5 / 2), atol=1e-6)
    assert np.allclose(c[0][-1], (end - 3.1625, 0), atol=1e-6)


@pytest.mark.parametrize("cap, bar", [("line cap=round", 50.156), ("round", 50.156), ("round, sharp", 52.156)])
def test_a_round_capped_reversed_bracket_stands_half_a_line_width_further_in(cap, bar):
    # TeX (line width 4pt): Bracket[reversed,line cap=round] puts its bar at 50.156 pt, the line
    # stopping 1 pt before it (at 49.156); without the round cap at 52.156 (line to 51.156)
    sc = parse_tikz(r"\usetikzlibrary{arrows.meta}\draw[line width=4pt,-{Bracket[reversed,%s]}] (0,0) -- (2,0);"
                    % cap)
    line, bracket = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert float(line.points[-1][0]) == pytest.approx(bar - 1.0, abs=0.01)
    assert sorted({round(float(x), 2) for x, _ in bracket.points}) == pytest.approx([bar, 54.908 + bar - 50.156],
                                                                                    abs=0.01)


def test_the_tip_shorthand_of_less_and_greater_is_what_they_stand_for():
    # pgfcorearrows: "<-> /.tip = Stealth" makes < and > mean Stealth, as >=Stealth does
    def shapes(code):
        sc = parse_tikz(code)
        assert not sc.diagnostics
        return [(type(p).__name__, np.round(getattr(p, "points", getattr(p, "tip", np.zeros(2))), 3).tolist())
                for p in sc.primitives]
    got = shapes(r"\tikz [<-> /.tip = Stealth] \draw [<->>] (0,0) -- (1,0);")
    assert got == shapes(r"\tikz [>=Stealth] \draw [<->>] (0,0) -- (1,0);")
    assert got != shapes(r"\tikz \draw [<->>] (0,0) -- (1,0);")


def test_tip_shorthands_are_written_out_with_their_options_on_each_tip():
    # pgf manual: foo /.tip = {Stealth[sep] Latex[sep]}, bar /.tip = {Stealth[length=10pt,open]};
    # -{foo[red] . bar} is -{Stealth[sep,red] Latex[sep,red] . Stealth[length=10pt,open]}
    def shapes(code):
        sc = parse_tikz(r"\usetikzlibrary{arrows.meta}" + code)
        assert not sc.diagnostics
        return [np.round(p.points, 3).tolist() if hasattr(p, "points") else type(p).__name__ for p in sc.primitives]
    short = shapes(r"""\tikz [foo /.tip = {Stealth[sep] Latex[sep]}, bar /.tip = {Stealth[length=10pt,open]}]
      \draw [-{foo[red] . bar}] (0,0) -- (2,0);""")
    assert short == shapes(r"\tikz \draw [-{Stealth[sep,red] Latex[sep,red] . Stealth[length=10pt,open]}] (0,0) -- (2,0);")
    assert shapes(r"\tikz [foo /.tip = {Stealth[sep]. >>}] \draw [-foo] (0,0) -- (2,0);") == \
        shapes(r"\tikz \draw [-{Stealth[sep] . > >}] (0,0) -- (2,0);")
