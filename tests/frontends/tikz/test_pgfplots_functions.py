"""``declare function`` seen by ``\\addplot {expr}``: functions of the picture (or a scope)
as well as the axis', an ``x`` in a body being the plot's variable (pgfplots declares ``x``
as the sample while it plots)."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline


def _plot(sc):
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    (line,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#0000ff"]
    return line


@pytest.mark.parametrize("picture, axis, expr", [
    ("/pgf/declare function={f=x^2;}", "", "f"),
    ("declare function={f=x^2;}", "", "f"),
    ("", r"declare function={g(\t)=\t^2;}", "g(x)"),
])
def test_declared_functions_reach_the_plot(picture, axis, expr):
    # y = x^2 at x = 0, 1, 2: 0, 1, 4 map linearly onto the box (y 13.5 .. 148.5 pt)
    sc = parse_tikz(r"""\begin{tikzpicture}[%s]\begin{axis}[domain=0:2, samples=3, %s]
\addplot {%s};
\end{axis}\end{tikzpicture}""" % (picture, axis, expr))
    line = _plot(sc)
    assert line[:, 1] == pytest.approx([13.5, 47.25, 148.5], abs=1e-6)
