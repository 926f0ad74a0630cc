"""Laws: a shifted picture is the same picture moved; no input crashes the interpreter."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geoverify.errors import GeoverifyError
from geoverify.frontends.limits import Limits
from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfmath import evaluate

from tikz_fixtures import CM

FIGURE = r"""\coordinate (A) at (0,0); \coordinate (B) at (3,1);
\draw (A) -- (B) -- (1,2) -- cycle; \draw (B) circle (0.5); \draw (A) to[bend left] (B);
\draw (1,0) arc (0:120:1); \node[draw] at ($(A)!0.5!(B)$) {M};"""


def _points(scene):
    out = []
    for p in scene.primitives:
        for name in ("points", "center", "anchor", "tip"):
            if hasattr(p, name):
                out.append(np.asarray(getattr(p, name), dtype=float).reshape(-1, 2))
        if hasattr(p, "parts"):
            out.extend(sp.controls.reshape(-1, 2) for sp in p.parts)
    return np.vstack(out)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dx=st.floats(-50, 50), dy=st.floats(-50, 50))
def test_shifted_picture_is_the_picture_moved(dx, dy):
    base = _points(parse_tikz(r"\begin{tikzpicture}" + FIGURE + r"\end{tikzpicture}"))
    moved = _points(parse_tikz(r"\begin{tikzpicture}[shift={(%r,%r)}]" % (dx, dy) + FIGURE + r"\end{tikzpicture}"))
    assert np.allclose(moved, base + np.array([dx, dy]) * CM, atol=1e-6)


_ALPHABET = st.sampled_from(list("(){}[];,=-|.:+*/^!$\\ 0123456789abcnodrawcirclearc\n%&#_'\""))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.text(_ALPHABET, max_size=80))
def test_random_text_never_crashes(body):
    try:
        parse_tikz(r"\begin{tikzpicture}\draw " + body + r";\end{tikzpicture}", limits=Limits(max_steps=20_000, timeout=1))
    except GeoverifyError:
        pass


_ATOMS = st.sampled_from(["1", "2.5", "0", "-3", "pi", "e", "\\x", "2cm", "sin(30)", "sqrt(2)", "1e3"])
_EXPR = st.recursive(_ATOMS, lambda inner: st.one_of(
    st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "^", "<", "==", "&&"]), inner).map(lambda t: f"({t[0]}{t[1]}{t[2]})"),
    st.tuples(st.sampled_from(["sin", "cos", "sqrt", "ln", "abs", "exp", "round", "-"]), inner).map(lambda t: f"{t[0]}({t[1]})"),
    st.tuples(inner, inner).map(lambda t: f"max({t[0]},{t[1]})")), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(_EXPR)
def test_pgfmath_expressions_evaluate_or_fail_clearly(expr):
    try:
        r = evaluate(expr, {"\\x": 2.0})
        assert isinstance(r.value, float)
    except GeoverifyError:
        pass  # a clear error (division by zero, domain error) is allowed; a crash is not
