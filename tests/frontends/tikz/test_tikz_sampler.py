"""Plot expressions compiled once for all their samples (Interpreter.sampler, pgfmath.evaluator)."""

import pytest

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.limits import DEFAULT_LIMITS, Budget
from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.interpreter import Interpreter
from geoverify.frontends.tikz.pgfmath import evaluate, evaluator
from geoverify.frontends.tikz.tex import Source
from geoverify.scene import Polyline, Scene


def _interp():
    return Interpreter(Source("", None), Scene(unit="pt", source_format="tikz"), Budget(DEFAULT_LIMITS))


@pytest.mark.parametrize("text", ["\\x^2 - 1", "sin(\\x r) + 2", "2*\\x cm", "exp(-\\x)/(1+\\x^2)", "3"])
def test_a_sampler_gives_what_number_gives_at_every_sample(text):
    interp = _interp()
    st = dict(interp.st)
    value = interp.sampler(text, st)
    assert value is not None
    for x in [-2.0, -0.5, 0.0, 0.25, 3.0]:
        interp.env["\\x"] = x
        assert value() == interp.number(text, st).value


def test_no_sampler_for_a_text_with_an_environment_of_its_own_or_that_does_not_compile():
    interp = _interp()
    st = dict(interp.st)
    assert interp.sampler("\\x * \\pgflinewidth", st) is None     # reads the state's line width
    assert interp.sampler("\\x +* 2", st) is None                  # number() reports it, per sample


def test_an_evaluator_raises_what_evaluate_raises():
    env = {"\\x": 0.0}
    value = evaluator("1/\\x", env)
    with pytest.raises(FigureSyntaxError) as sampled:
        value()
    with pytest.raises(FigureSyntaxError) as evaluated:
        evaluate("1/\\x", env)
    assert sampled.value.message == evaluated.value.message
    env["\\x"] = 4.0
    assert value() == 0.25


def _points(scene):
    return [p.points.tolist() for p in scene.primitives if isinstance(p, Polyline)]


def test_pgfplots_curves_and_surfaces_are_what_number_at_each_sample_gives(monkeypatch):
    doc = r"""\begin{tikzpicture}\begin{axis}[domain=-2:2, samples=9]
    \addplot {\x^2 - 1}; \addplot ({cos(deg(\x))}, {sin(deg(\x))}); \addplot {1/\x};
    \addplot3[surf, samples=5] {x*y - y^2};
    \end{axis}\end{tikzpicture}"""
    sampled = _points(parse_tikz(doc))
    monkeypatch.setattr(Interpreter, "sampler", lambda self, text, st: None)
    per_sample = _points(parse_tikz(doc))
    assert len(sampled) > 10
    assert sampled == per_sample
