"""pgfmath: operators, functions, units and refusals (pgf manual, Mathematical expressions)."""

from __future__ import annotations

import math

import pytest

from geoverify.errors import FigureSyntaxError, GeoverifyError, UnsupportedConstructError
from geoverify.frontends.tikz.pgfmath import UNITS_PT, evaluate, format_number


@pytest.mark.parametrize("expr, value", [
    ("1+2*3", 7.0), ("(1+2)*3", 9.0), ("2^3", 8.0), ("-2^2", -4.0), ("2^-1", 0.5), ("-2*3^2/9", -2.0),
    ("sin(30)", 0.5), ("cos(60)", 0.5), ("tan(45)", 1.0), ("pi r", 180.0), ("deg(pi)", 180.0),
    ("sqrt(16)", 4.0), ("exp(0)", 1.0), ("ln(e)", 1.0), ("veclen(3,4)", 5.0), ("atan2(1,1)", 45.0),
    ("atan2(1,0)", 90.0), ("mod(-7,3)", -1.0), ("Mod(-7,3)", 2.0), ("min(3,1,2)", 1.0), ("max(3,1,2)", 3.0),
    ("abs(-2.5)", 2.5), ("round(2.5)", 3.0), ("round(-2.5)", -3.0), ("int(-2.7)", -2.0), ("floor(-2.5)", -3.0),
    ("3>2 ? 10 : 20", 10.0), ("1==2", 0.0), ("{2}*3", 6.0), ("1e2", 100.0), ("4!", 24.0),
    ("asin(1)", 90.0), ("acos(0)", 90.0), ("atan(1)", 45.0), ("sign(-3)", -1.0),
])
def test_values(expr, value):
    r = evaluate(expr)
    assert r.value == pytest.approx(value, abs=1e-9)
    assert not r.units


@pytest.mark.parametrize("expr, points", [
    ("1cm", 72.27 / 2.54), ("10mm", 72.27 / 2.54), ("1in", 72.27), ("72bp", 72.27), ("1pt", 1.0),
    ("1cm+2pt", 72.27 / 2.54 + 2), ("2*3mm", 6 * 72.27 / 25.4), ("1em", 10.00002),
])
def test_units_are_points(expr, points):
    r = evaluate(expr)
    assert r.units
    assert r.value == pytest.approx(points, rel=1e-12)


def test_variables_and_juxtaposition():
    env = {"\\x": 3.0}
    assert evaluate("2*\\x", env).value == 6.0
    assert evaluate("2\\x", env).value == 6.0
    assert evaluate("\\x cm", env).value == pytest.approx(3 * UNITS_PT["cm"])
    assert evaluate("cos(\\x r)", env).value == pytest.approx(math.cos(3.0))


def test_undefined_macro_is_a_clear_error():
    with pytest.raises(FigureSyntaxError, match="undefined control sequence \\\\y"):
        evaluate("2*\\y", {})


def test_random_functions_are_refused():
    with pytest.raises(UnsupportedConstructError, match="random"):
        evaluate("rnd")
    with pytest.raises(UnsupportedConstructError):
        evaluate("rand*2")


def test_syntax_error_has_context():
    with pytest.raises(FigureSyntaxError) as info:
        evaluate("2*(3+")
    assert "pgfmath" in str(info.value)


def test_format_number_like_pgfmathresult():
    assert format_number(2.0) == "2.0"
    assert format_number(0.5) == "0.5"
    assert format_number(-1.25) == "-1.25"


def test_parentheses_left_open_at_the_end_are_closed():
    # TeX: \pgfmathparse{cos(deg(1)} gives 0.54028, \pgfmathparse{2*(3+4} gives 14.0
    assert abs(evaluate("cos(deg(1)").value - math.cos(1.0)) < 1e-9
    assert evaluate("2*(3+4").value == 14.0
    with pytest.raises(FigureSyntaxError):
        evaluate("2*(3+")


def test_a_closing_parenthesis_that_closes_nothing_ends_a_group_opened_at_the_start():
    # pgfmath in TeX: "1+2)*3" is 9, "(1+2))*3" is 9, "0.2*exp(-1*(0.5)^2 - 3*0.5))" is 0.03474
    assert evaluate("1+2)*3").value == pytest.approx(9.0)
    assert evaluate("(1+2))*3").value == pytest.approx(9.0)
    assert evaluate("0.2*exp(-1*(0.5)^2 - 3*0.5))").value == pytest.approx(0.03474, abs=1e-4)


def test_declare_function_in_a_pictures_options_is_used_by_its_paths_and_plots():
    # TikZ's declare function={f(\t,\a)=\a*\t^2; c=1;}: f(2,0.5) = 2, c = 1; the plot goes
    # through (0,0) (1,1) (2,4) cm
    import numpy as np

    from geoverify.frontends.tikz import parse_tikz
    sc = parse_tikz(r"""\begin{tikzpicture}[declare function={f(\t,\a)=\a*\t^2; c=1;}]
      \draw (0,0) -- ({f(2,0.5)}, c);
      \draw plot[domain=0:2, samples=3] (\x, {f(\x,1)});
    \end{tikzpicture}""")
    assert not sc.diagnostics
    cm = 72.27 / 2.54
    line, plot = (p.points / cm for p in sc.primitives)
    assert np.allclose(line, [[0, 0], [2, 1]])
    assert np.allclose(plot, [[0, 0], [1, 1], [2, 4]])


def test_kept_macros_gives_back_what_a_block_bound():
    from geoverify.frontends.tikz.pgfmath import kept_macros
    env = {"\\x": 1.0}
    with pytest.raises(ValueError):
        with kept_macros(env, ("\\x", "\\y")) as bound:
            bound["\\x"], bound["\\y"] = 5.0, 6.0
            raise ValueError  # given back on the way out of an error too
    assert env == {"\\x": 1.0}


@pytest.mark.parametrize("text", ["rand*2", "1+*2", "(x-0.25)-0.5ble"])
def test_an_expression_that_does_not_compile_fails_alike_without_a_second_parse(text, monkeypatch):
    """The error of a text that does not compile is kept: it comes again equal (message, context,
    location), and the text is not parsed again (a plot of 80 x 80 samples of a broken
    expression parsed it 12,800 times: 8 s)."""
    from geoverify.errors import SourceLocation
    from geoverify.frontends.tikz import grammar, pgfmath

    pgfmath.FAILED.pop(text, None)
    pgfmath._CACHE.pop(text, None)
    where = SourceLocation(3, 5, None, "\\addplot")
    errors = []
    for _ in range(2):
        with pytest.raises(GeoverifyError) as err:
            evaluate(text, {"x": 1.0}, where)
        errors.append(err.value)
        monkeypatch.setattr(grammar.MATH_SKELETONS, "tree", lambda t: pytest.fail("parsed again"))
    first, again = errors
    assert type(again) is type(first)
    assert (again.message, again.context, again.location) == (first.message, first.context, first.location)


def test_whole_is_int_or_round_and_refuses_what_is_not_finite():
    from geoverify.frontends.tikz.pgfmath import whole

    assert (whole(2.7), whole(-2.7), whole(2.5, rounded=True), whole(2.7, rounded=True)) == (2, -2, 2, 3)
    for v in (math.inf, -math.inf, math.nan):
        with pytest.raises(FigureSyntaxError, match="not a finite number"):
            whole(v)


def test_a_count_beyond_floats_is_noted_not_an_overflow_error():
    """``samples=1e400`` made ``int(inf)`` raise OverflowError (found by fuzz/run.py's default seed)."""
    from geoverify.frontends.tikz import parse_tikz

    sc = parse_tikz("\\begin{tikzpicture}\\begin{axis}\\addplot[samples=1e400] {x};\\end{axis}\\end{tikzpicture}")
    assert any("not a finite number" in d.message for d in sc.diagnostics)
