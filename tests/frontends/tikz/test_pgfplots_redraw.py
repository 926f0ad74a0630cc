"""pgfplots' ``\\pgfplots@draw@axis`` in ``after end axis`` code (the TeX.SE "axis line on
top" style): the axis drawn again over the plots with the keys set since (here the ticks,
drawn transparent first, then opaque; ``grid=none`` leaves the grid drawn once)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline

DOC = r"""\documentclass{standalone}
\usepackage{pgfplots}
\makeatletter \newcommand{\pgfplotsdrawaxis}{\pgfplots@draw@axis} \makeatother
\pgfplotsset{axis line on top/.style={
  tick style=transparent,
  after end axis/.append code={\pgfplotsset{tick style=opaque, grid=none}\pgfplotsdrawaxis}}}
\begin{document}
\begin{tikzpicture}
\begin{axis}[grid=major, axis line on top]
\addplot coordinates {(0,0) (2,1)};
\end{axis}
\end{tikzpicture}
\end{document}
"""


def test_draw_axis_in_after_end_axis_draws_the_ticks_again_on_top():
    sc = parse_tikz(DOC)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    ticks = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#808080"]
    hidden = [p for p in ticks if p.style.opacity == 0.0]
    shown = [p for p in ticks if p.style.opacity == 1.0]
    assert hidden and len(shown) == len(hidden)
    # the same tick marks, the visible ones drawn after the plot
    assert sorted(np.round(p.points, 6).ravel().tolist() for p in shown) == \
        sorted(np.round(p.points, 6).ravel().tolist() for p in hidden)
    order = {id(p): i for i, p in enumerate(sc.primitives)}
    plot = next(i for i, p in enumerate(sc.primitives) if isinstance(p, Polyline) and p.style.stroke == "#0000ff")
    assert all(order[id(p)] > plot for p in shown)
    grid = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#bfbfbf"]
    assert len({tuple(np.round(p.points, 6).ravel()) for p in grid}) == len(grid)  # drawn once
