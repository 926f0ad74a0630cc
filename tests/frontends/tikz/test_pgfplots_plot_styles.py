"""TikZ styles named in a plot's options are expanded where used (pgfkeys): the plot keys
inside them (``samples``, ``domain``, ``only marks``) count like those given directly."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline


def _red_lines(sc):
    return [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]


@pytest.mark.parametrize("define", [r"\tikzstyle{mine}=[red, samples=7, domain=0:3]",
                                    r"\tikzset{mine/.style={red, samples=7, domain=0:3}}",
                                    r"\tikzset{mine/.style={red, samples=#1, domain=0:3}, mine/.default=7}"])
def test_plot_keys_inside_a_style_are_read(define):
    sc = parse_tikz(r"""\begin{tikzpicture}%s
\begin{axis}[xmin=0, xmax=6]
\addplot[mine] {x};
\end{axis}\end{tikzpicture}""" % define)
    (line,) = _red_lines(sc)
    assert len(line) == 7  # 7 samples, not the axis' 25
    # domain 0:3 of the x range 0..6 on the 195 pt wide box (x pt = 32.5 x)
    assert line[-1][0] - line[0][0] == pytest.approx(3 * 32.5, abs=1e-6)
