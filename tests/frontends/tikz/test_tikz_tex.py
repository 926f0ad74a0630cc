"""The TeX layer: macros, groups, styles, loops, and hostile input ending in clear errors."""

from __future__ import annotations

import time

import numpy as np

import pytest

from geoverify.errors import BudgetExceededError, FigureSyntaxError, GeoverifyError
from geoverify.frontends.limits import Limits
from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline, TextLabel

from tikz_fixtures import CM, close, only


def _circles(code):
    return [p for p in parse_tikz(code).primitives if isinstance(p, Circle)]


def test_blanks_after_a_control_symbol_are_kept_after_a_control_word_skipped():
    # TeX skips blanks after a control word (and a control space), not after \% or \,
    # (align= keeps the \\ a line break: without it the node is one line, "./gitrepo")
    sc = parse_tikz(r"\node {50\% dropout}; \node[align=left] at (0,1) {\tt ./git \\ repo};")
    labels = [p.text for p in sc.primitives]
    assert labels == ["50\\% dropout", "\\tt./git \\\\ repo"]
    wide = only(parse_tikz(r"\node {50\% dropout};"), TextLabel)
    tight = only(parse_tikz(r"\node {50\%dropout};"), TextLabel)
    assert wide.box[2] - wide.box[0] > tight.box[2] - tight.box[0] + 3  # an interword space


def test_tikzset_outside_pictures_keeps_macro_keys_but_not_graphic_options():
    # TikZ stores decoration=, >= and node distance in macros (they reach later pictures);
    # colours and line widths are picture options
    from geoverify.scene import Arrow
    doc = r"""\documentclass[tikz]{standalone}
\usetikzlibrary{decorations.markings}
\tikzset{decoration={markings, mark=at position 0.5 with {\arrow{stealth}}}, red}
\begin{document}
\begin{tikzpicture}[node distance=3cm]\draw[postaction={decorate}] (0,0) -- (2,0);\end{tikzpicture}
\begin{tikzpicture}\node (a) {}; \node[right of=a] (b) {}; \draw (a.center) -- (b.center);\end{tikzpicture}
\end{document}"""
    sc = parse_tikz(doc)
    mids = [p for p in sc.primitives if isinstance(p, Arrow) and p.position == "mid"]
    assert len(mids) == 1 and close(mids[0].tip, (CM, 0))
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert all(p.style.stroke == "#000000" for p in lines)
    assert close(lines[-1].points[1] - lines[-1].points[0], (CM, 0))  # node distance 3cm stayed in picture 1


def test_def_with_parameters_and_delimiters():
    code = r"""\def\r{2}\def\pt(#1,#2){(#1,#2)}
    \def\ring#1#2{\draw #1 circle (#2);}
    \ring{\pt(1,0)}{\r}"""
    c = only(parse_tikz(code), Circle)
    assert close(c.center, (CM, 0)) and c.radius == pytest.approx(2 * CM)


def test_newcommand_with_optional_argument():
    code = r"""\newcommand{\dotat}[2][3pt]{\fill (#2) circle (#1);}
    \begin{tikzpicture}\dotat{0,0}\dotat[1pt]{1,0}\end{tikzpicture}"""
    sc = parse_tikz(code)
    radii = sorted(p.radius for p in sc.primitives)
    assert radii == pytest.approx([1.0, 3.0])


def test_newenvironment_begin_and_end_code_with_an_optional_argument():
    # \begin{name} runs the begin code with the arguments, \end{name} the end code: the picture
    # itself may open in one and close in the other (TeX: blue (0,0)--(1cm,0), the scope's green
    # line from (1cm,0), the end code's black line up to (0,1cm))
    sc = parse_tikz(r"""\newenvironment{framed}[1][red]{\begin{tikzpicture}\draw[#1] (0,0) -- (1,0);}%
    {\draw (0,0) -- (0,1);\end{tikzpicture}}
    \newenvironment{shifted}{\begin{scope}[xshift=1cm]}{\end{scope}}
    \begin{document}
    \begin{framed}[blue]
    \begin{shifted} \draw[green] (0,0) -- (1,1); \end{shifted}
    \end{framed}
    \end{document}""")
    assert not sc.diagnostics and len(sc.panels) == 1
    lines = {p.style.stroke: p.points for p in sc.primitives if isinstance(p, Polyline)}
    assert close(lines["#0000ff"], [(0, 0), (CM, 0)])
    assert close(lines["#00ff00"], [(CM, 0), (2 * CM, CM)])
    assert close(lines["#000000"], [(0, 0), (0, CM)])


def test_let_copies_a_macro():
    c = only(parse_tikz(r"\def\a{3}\let\b\a\def\a{1}\draw (0,0) circle (\b);"), Circle)
    assert c.radius == pytest.approx(3 * CM)


def test_declare_math_operator_defines_an_operator_name():
    code = r"""\let\Re\relax\DeclareMathOperator{\Re}{Re}\DeclareMathOperator*{\amax}{arg\,max}
    \begin{tikzpicture}\node[inner sep=0pt] at (0,0) {$\Re(z)$};\node[inner sep=0pt] at (0,1) {$\amax f$};
    \end{tikzpicture}"""
    sc = parse_tikz(code)
    labels = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert [p.text for p in labels] == [r"$\operatorname{Re}(z)$", r"$\operatorname*{arg\,max}f$"]
    # LaTeX (amsmath): \wd of $\Re(z)$ and $\amax f$
    assert [p.box[2] - p.box[0] for p in labels] == pytest.approx([24.67366, 41.97226], abs=1e-3)
    assert not sc.diagnostics


def test_groups_undo_local_definitions():
    code = r"\def\r{1}{\def\r{2}\draw (0,0) circle (\r);}\draw (0,0) circle (\r);"
    assert [c.radius / CM for c in _circles(code)] == pytest.approx([2, 1])


def test_pgfmathsetmacro_and_pgfmathresult():
    code = r"\pgfmathsetmacro{\r}{sqrt(4)/2}\pgfmathparse{3*\r}\draw (0,0) circle (\pgfmathresult);"
    assert only(parse_tikz(code), Circle).radius == pytest.approx(3 * CM)


def test_tikzset_style_with_argument_and_append():
    code = r"""\tikzset{ring/.style={line width=#1}, ring/.default=2pt, big/.style={thick}, big/.append style={red}}
    \draw[ring] (0,0) circle (1); \draw[ring=3pt] (0,0) circle (1); \draw[big] (0,0) circle (1);"""
    cs = _circles(code)
    assert [c.style.stroke_width for c in cs] == pytest.approx([2.0, 3.0, 0.8])
    assert cs[2].style.stroke == "#ff0000"


def test_old_tikzstyle():
    c = only(parse_tikz(r"\tikzstyle{my}=[line width=5pt] \draw[my] (0,0) circle (1);"), Circle)
    assert c.style.stroke_width == pytest.approx(5.0)


@pytest.mark.parametrize("header, expected", [
    (r"\x in {1,2,3}", [1, 2, 3]),
    (r"\x in {1,...,4}", [1, 2, 3, 4]),
    (r"\x in {0,0.5,...,2}", [0, 0.5, 1, 1.5, 2]),
    (r"\x in {5,3,...,-1}", [5, 3, 1, -1]),
    (r"\x [evaluate=\x as \y using \x*2] in {1,2}", [1, 2]),
])
def test_foreach_lists(header, expected):
    sc = parse_tikz(r"\foreach %s {\draw (\x,0) circle (1);}" % header)
    assert [c.center[0] / CM for c in sc.primitives] == pytest.approx(expected)


def test_foreach_pairs_count_and_nesting():
    sc = parse_tikz(r"""\foreach \x/\r [count=\i] in {0/1, 2/2} \foreach \y in {0,1}
        \draw (\x,\y) circle (\r*\i);""")
    got = [(c.center[0] / CM, c.center[1] / CM, c.radius / CM) for c in sc.primitives]
    assert got == pytest.approx([(0, 0, 1), (0, 1, 1), (2, 0, 4), (2, 1, 4)])


def test_foreach_inside_a_path():
    p = only(parse_tikz(r"\draw (0,0) \foreach \x in {1,2,3} { -- (\x,\x*\x) };"), Polyline)
    assert close(p.points / CM, [(0, 0), (1, 1), (2, 4), (3, 9)])


def test_comments_and_letters_after_macros():
    sc = parse_tikz("% a comment \\draw (9,9) circle (1);\n\\def\\r{1}\\draw (0,0) circle (\\r); % more")
    assert len(sc.primitives) == 1


def test_runaway_recursion_is_a_budget_error():
    with pytest.raises(BudgetExceededError):
        parse_tikz(r"\def\x{\x}\x", limits=Limits(max_steps=10_000))


def test_expanding_macro_explosion_is_a_budget_error():
    code = r"\def\a{\b\b}\def\b{\c\c}\def\c{\d\d}\def\d{\a\a}\draw (0,0) -- \a;"
    with pytest.raises(BudgetExceededError):
        parse_tikz(code, limits=Limits(max_steps=50_000))


@pytest.mark.parametrize("size", ["circle [radius=1e3081]", "ellipse [x radius=1, y radius=1e400]",
                                  "arc [start angle=0, end angle=90, radius=1e999]"])
def test_a_size_beyond_floats_is_a_syntax_error_with_its_line(size):
    """TeX stops with "Dimension too large"; the front-end gives a FigureSyntaxError at the statement
    (found by fuzz/run.py: the SVD of an infinite ellipse frame did not converge)."""
    with pytest.raises(FigureSyntaxError) as err:
        parse_tikz("\\begin{tikzpicture}\n\\draw (0,0) -- (1,0);\n\\fill (0,0) " + size + ";\n\\end{tikzpicture}")
    assert "not a finite number" in err.value.message
    assert err.value.location.line == 3


def test_huge_foreach_is_refused_quickly():
    t0 = time.perf_counter()
    with pytest.raises(BudgetExceededError):
        parse_tikz(r"\foreach \i in {1,...,1000000000} {\draw (0,0) -- (1,1);}")
    assert time.perf_counter() - t0 < 5


def test_unbalanced_braces_carry_a_location():
    with pytest.raises(FigureSyntaxError) as info:
        parse_tikz("\\begin{tikzpicture}\n\\draw (0,0) node {abc;\n\\end{tikzpicture}")
    assert info.value.location is not None and info.value.location.line is not None


def test_unclosed_environment():
    with pytest.raises(FigureSyntaxError, match="never ended"):
        parse_tikz("\\begin{tikzpicture}\\draw (0,0) -- (1,1);")


def test_undefined_macro_in_a_coordinate_is_reported_with_its_line():
    sc = parse_tikz("\\draw (0,0) -- (1,1);\n\\draw (0,0) -- (\\nothere,1);")
    bad = [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert bad and "undefined control sequence \\nothere" in bad[0].message and bad[0].location.line == 2
    with pytest.raises(GeoverifyError, match="nothere"):
        parse_tikz("\\draw (0,0) -- (\\nothere,1);", strict=True)


def test_ten_megabyte_file_is_refused_by_size():
    big = "\\draw (0,0) -- (1,1);\n" * 500_000
    t0 = time.perf_counter()
    with pytest.raises(BudgetExceededError, match="bytes"):
        parse_tikz(big)
    assert time.perf_counter() - t0 < 2


def test_time_budget():
    code = r"\foreach \i in {1,...,200000} {\draw (0,0) -- (1,1);}"
    with pytest.raises(BudgetExceededError):
        parse_tikz(code, limits=Limits(timeout=0.2, max_steps=10**9))


def test_foreach_evaluate_assignments_and_variables_sharing_a_prefix():
    sc = parse_tikz(r"\foreach \itm [count=\i, evaluate={\a=\i*15+120; \b=\a/3}, assign={\c=\itm}] in {p,q}"
                    r" { \draw (0,0) -- (\a:1) node {\c}; \draw (0,0) -- (\b,0); }")
    assert not sc.diagnostics
    ends = [p.points[-1] for p in sc.primitives if isinstance(p, Polyline)]
    cm = 72.27 / 2.54
    assert np.allclose(ends[0], (cm * np.cos(np.radians(135)), cm * np.sin(np.radians(135))))
    assert np.allclose(ends[1], (45 * cm, 0))
    assert np.allclose(ends[2], (cm * np.cos(np.radians(150)), cm * np.sin(np.radians(150))))
    assert [p.text for p in sc.primitives if isinstance(p, TextLabel)] == ["p", "q"]


def test_styles_with_several_arguments_patterns_and_list_handler():
    sc = parse_tikz(r"""\begin{tikzpicture}[two/.style 2 args={xshift=#1, yshift=#2},
        pat/.style args={#1 by #2}{xshift=#1,yshift=#2}, nn/.style n args={3}{xshift=#1+#3, yshift=#2},
        lst/.style={xshift=#1}]
      \draw[two={1cm}{2cm}] (0,0) -- (1,0);
      \draw[pat=3cm by 1cm] (0,0) -- (1,0);
      \draw[nn={1cm}{2cm}{1cm}] (0,0) -- (1,0);
      \draw[lst/.list={1cm,2cm}] (0,0) -- (1,0);
      \tikzset{two/.style={xshift=#1}}
      \draw[two=1cm] (0,0) -- (1,0);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    starts = [p.points[0] / CM for p in sc.primitives if isinstance(p, Polyline)]
    assert np.allclose(starts, [(1, 2), (3, 1), (2, 2), (3, 0), (1, 0)])


def test_latex_counters_step_where_typeset_and_matrix_cells_count_once():
    # as TeX shows it: "5." and "6" in the matrix (each cell typeset once), then 6 - 3 = 3; the
    # line runs from x = 3 (cm) to 0
    sc = parse_tikz(r"""\documentclass{standalone}\usepackage{tikz}
      \newcounter{c}\setcounter{c}{4}
      \begin{document}\begin{tikzpicture}
        \matrix { \node {\refstepcounter{c}\thec.\label{x:\thec}}; & \node {\stepcounter{c}\arabic{c}}; \\ };
        \addtocounter{c}{-3}
        \node at (0,-1) {\thec};
        \draw (\value{c},-2) -- (0,-2);
      \end{tikzpicture}\end{document}""")
    texts = [p.text for p in sc.primitives if isinstance(p, TextLabel)]
    assert [t.split("\\")[0] for t in texts] == ["5.", "6", "3"]
    line = [p for p in sc.primitives if isinstance(p, Polyline)][0].points
    assert close(line, [(3 * CM, -2 * CM), (0, -2 * CM)])


@pytest.mark.parametrize("expr", ["-1e308 em", "1e308*1e308", "1e307 cm"])
def test_a_pgfmath_result_beyond_floats_is_a_syntax_error(expr):
    """TeX: "Dimension too large". (An OverflowError of int(inf), found by fuzz/run.py.)"""
    with pytest.raises(FigureSyntaxError, match="not a finite number"):
        parse_tikz("\\begin{tikzpicture}\n\\pgfmathsetmacro{\\r}{" + expr + "}\n\\end{tikzpicture}")


def test_an_unclosed_quote_in_a_graph_skips_the_graph_with_a_note():
    sc = parse_tikz('\\tikz \\graph { "a" -- "b; };')  # (a ValueError of str.index, found by fuzz/run.py)
    assert any("never closed" in d.message for d in sc.diagnostics)


@pytest.mark.parametrize("code, note", [
    (r"\definecolor{c}{HTML}{12=2zz}\begin{tikzpicture}\draw[c] (0,0) -- (1,1);\end{tikzpicture}",
     "colour model 'HTML'"),
    (r"\begin{tikzpicture}\tikzset{my/.style n args={1e3}{draw=#1}}\draw[my={red}] (0,0) -- (1,1);"
     r"\end{tikzpicture}", "count from 0 to 9"),
])
def test_a_malformed_definition_is_noted_not_a_crash(code, note):
    """(ValueErrors of int(), found by fuzz/run.py --seed 2026)"""
    sc = parse_tikz(code)
    assert len(sc.primitives) == 1
    assert any(note in d.message for d in sc.diagnostics)


def test_a_polar_angle_beyond_floats_skips_its_statement():
    """(cos(inf) raised "math domain error", found by fuzz/run.py --seed 2026)"""
    sc = parse_tikz(r"\begin{tikzpicture}\draw (0,0) -- (1e309:1);\end{tikzpicture}")
    assert not sc.primitives
    assert any("not a finite number" in d.message for d in sc.diagnostics)


def test_a_colour_mix_beyond_floats_is_no_colour():
    """``blue!21e3080`` mixed to NaN and ``to_hex`` raised a ValueError (found by fuzz/run.py --seed 31)."""
    from geoverify.frontends.tikz.colors import parse_color

    assert parse_color("blue!21e3080") is None and parse_color("blue!50") == (0.5, 0.5, 1.0)
    sc = parse_tikz(r"\begin{tikzpicture}\draw[blue!21e3080] (0,0) -- (1,1);\end{tikzpicture}")
    assert len(sc.primitives) == 1 and any("blue!21e3080" in d.message for d in sc.diagnostics)


def test_an_axis_beyond_floats_is_a_syntax_error_not_an_overflow():
    from geoverify.frontends.tikz.pgfplots_ticks import auto_tick_step

    with pytest.raises(FigureSyntaxError, match="not a finite range"):
        auto_tick_step(0.0, 1.0, float("inf"))


def test_a_macro_with_arguments_named_as_a_key_value_is_not_expanded_there():
    # pgfkeys does not expand a key's value when it is read: \cmd} in "character command=\cmd}"
    # is TeX's business later (was "unbalanced braces" for the whole figure)
    sc = parse_tikz(r"""\def\mycommand#1{#1$_\n$}
    \begin{tikzpicture}[every word/.style={character command=\mycommand}]
      \draw (0,0) -- (1,0);
    \end{tikzpicture}""")
    assert len([p for p in sc.primitives if isinstance(p, Polyline)]) == 1
    # in a picture, a missing argument is reported and the macro skipped
    sc = parse_tikz(r"\def\f#1{#1}\draw (0,0) -- (1,0); {\f}")
    assert [d.message for d in sc.diagnostics] == ["macro \\f is missing its argument; it is skipped"]
