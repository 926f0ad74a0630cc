"""Loops around ``\\addplot`` in an axis body (``\\foreach``, ``\\pgfplotsinvokeforeach``).

pgfplots manual (legends, ``\\addlegendentryexpanded``): each iteration adds a plot and its
legend entry, as if the bodies were written one after the other.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline, TextLabel


def _scene(body):
    return parse_tikz("\\begin{tikzpicture}\\begin{axis}[xmin=0,xmax=2,ymin=0,ymax=8]\n" + body +
                      "\n\\end{axis}\\end{tikzpicture}")


def _plots(sc):
    return [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke != "#000000"
            and p.style.stroke != "#808080" and len(p.points) == 3]


def test_foreach_adds_one_plot_and_legend_entry_per_item():
    looped = _scene(r"""\foreach \p in {1,2,3} {
    \addplot coordinates {(0,0) (1,\p) (2,2)}; \addlegendentryexpanded{$x^\p$}
}""")
    written = _scene(r"""\addplot coordinates {(0,0) (1,1) (2,2)}; \addlegendentry{$x^1$}
\addplot coordinates {(0,0) (1,2) (2,2)}; \addlegendentry{$x^2$}
\addplot coordinates {(0,0) (1,3) (2,2)}; \addlegendentry{$x^3$}""")
    assert not [d for d in looped.diagnostics if d.code == "UNSUPPORTED"]
    a, b = _plots(looped), _plots(written)
    assert len(a) == 3 and all(np.allclose(x, y) for x, y in zip(a, b))
    assert [p.text for p in looped.primitives if isinstance(p, TextLabel) and "x^" in p.text] == \
        ["$x^1$", "$x^2$", "$x^3$"]


def test_pgfplotsinvokeforeach_substitutes_its_argument():
    sc = _scene(r"\pgfplotsinvokeforeach{2,4}{\addplot coordinates {(0,0) (1,#1) (2,2)};}")
    ys = sorted(round(float(p[1][1]), 3) for p in _plots(sc))
    assert ys == [40.5, 81.0]  # y = 2 and 4 of 0..8 on 162 pt
