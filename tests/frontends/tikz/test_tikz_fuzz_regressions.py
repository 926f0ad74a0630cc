"""Inputs found by fuzzing (fuzz/run.py) that once escaped as undocumented exceptions."""

import pytest

from geoverify.errors import FigureSyntaxError, GeoverifyError
from geoverify.frontends.tikz import parse_tikz


@pytest.mark.parametrize("src", [
    "\\begin{tikzpicture}\\draw |-cycle;\\end{tikzpicture}",
    "\\begin{tikzpicture}\\draw -- node {A} cycle;\\end{tikzpicture}",
    "\\newcommand{\\x}[\x7f3]{a}\\begin{tikzpicture}\\draw (0,0)--(1,1);\\end{tikzpicture}",
    "\\begin{tikzpicture}\n\\draw coordinate at ++ (1,2) [radius=1] {A};\n\\end{tikzpicture}\n",
])
def test_only_documented_errors(src):
    try:
        parse_tikz(src)
    except GeoverifyError:
        pass


def test_corner_to_cycle_without_start_begins_at_origin():
    scene = parse_tikz("\\begin{tikzpicture}\\draw |-cycle;\\end{tikzpicture}")
    assert scene is not None


def test_unparsable_scope_inside_a_path_is_a_located_note():
    scene = parse_tikz("\\begin{tikzpicture}\n\\draw (0,0) -- (1,0) {[red] -- (2,0) $$};\n\\end{tikzpicture}")
    notes = [d for d in scene.diagnostics if d.code == "UNSUPPORTED" and d.construct == "{}"]
    assert notes and notes[0].location is not None and notes[0].location.line == 2


def test_path_error_in_macro_text_is_located_in_the_source():
    # the path's text comes from a macro (no source position of its own): the error still has a line
    scene = parse_tikz("\\def\\p{(0,0) -- $$}\n\\begin{tikzpicture}\n\\draw \\p;\n\\end{tikzpicture}")
    notes = [d for d in scene.diagnostics if d.code == "UNSUPPORTED"]
    assert notes and notes[0].location is not None and notes[0].location.line is not None


@pytest.mark.parametrize("precision", ["\\relax 1", "nan", "1e400"])
def test_a_number_format_precision_that_is_no_number_of_digits_is_a_syntax_error(precision):
    # fuzz/run.py --seed 4242: precision=\begin{tikzpicture}1 was a ValueError of float()
    with pytest.raises(FigureSyntaxError, match="precision"):
        parse_tikz(r"\begin{tikzpicture}\begin{axis}[yticklabel style={/pgf/number format/fixed, "
                   rf"/pgf/number format/precision={precision}}}]\addplot coordinates {{(0,1) (1,2)}};"
                   r"\end{axis}\end{tikzpicture}")


def test_a_text_effect_angle_that_is_no_number_and_a_grid_beyond_floats_are_documented_errors():
    # fuzz/run.py --seed 4243: ValueError of float('6<0'), and math.ceil of a NaN grid corner
    with pytest.raises(FigureSyntaxError, match="path from text angle"):
        parse_tikz(r"""\begin{tikzpicture}[decoration={text effects along path, text={ab},
          text effects/.cd, path from text, path from text angle=6<0}]
        \path [decorate] (0,0);\end{tikzpicture}""")
    scene = parse_tikz("\\begin{tikzpicture}\n\\draw -- plot [->] (1e308,0) -- plot coordinates {} grid (0,0);"
                       "\n\\end{tikzpicture}")
    assert any("beyond floats" in d.message for d in scene.diagnostics)


def test_a_table_column_index_that_is_no_number_skips_the_plot():
    # fuzz/run.py --seed 99: ValueError of int() on "y index=0\,y index=0"
    scene = parse_tikz(r"""\begin{tikzpicture}\begin{axis}
      \addplot table[y index=0\,y index=0] {x y
      0 1
      1 2};\end{axis}\end{tikzpicture}""")
    assert any("not a column number" in d.message for d in scene.diagnostics)


def test_a_graph_wrap_count_and_a_3d_view_that_are_no_numbers_are_documented_errors():
    # fuzz/run.py --seed 7: ValueError of float('3\ufffd'), and sin() of an infinite elevation
    scene = parse_tikz("\\tikz \\graph [grid placement] { [n=6, wrap after=3\ufffd] a -- b -- c };")
    assert any("wrap after" in d.message for d in scene.diagnostics)
    with pytest.raises(FigureSyntaxError, match="beyond floats"):
        parse_tikz(r"\begin{tikzpicture}\begin{axis}[view={0}{91e3080}]\addplot3 coordinates {(0,0,0) (1,0,0)};"
                   r"\end{axis}\end{tikzpicture}")
