"""The ``chains`` library: nodes placed one after the other, chain names."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import CM, MM, close


def _boxes(sc):
    return [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]


def test_on_chain_places_each_node_after_the_previous_one():
    sc = parse_tikz(r"""\begin{tikzpicture}[start chain,node distance=5mm]
      \node [draw,on chain,minimum size=1cm] {};
      \node [draw,on chain,minimum size=1cm] {};
      \node [draw,on chain=going below,minimum size=1cm] {};
      \node [draw,on chain,minimum size=1cm] {};
      \draw[red] (chain-1.center) -- (chain-end.center) -- (chain-begin.center);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    b = _boxes(sc)
    gap = 5 * MM + 0.4  # node distance between the borders, outer seps included
    assert close(b[1].min(axis=0) - b[0].min(axis=0), (CM + gap, 0))
    assert close(b[2].min(axis=0) - b[1].min(axis=0), (0, -(CM + gap)))
    assert close(b[3].min(axis=0) - b[2].min(axis=0), (CM + gap, 0))  # the chain still goes right
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0].points
    assert close(red[0], (0, 0)) and close(red[1], b[3].mean(axis=0)) and close(red[2], (0, 0))


def test_named_chains_and_their_directions():
    sc = parse_tikz(r"""\begin{tikzpicture}[node distance=1cm]
      \begin{scope}[start chain=c going above]
        \node[on chain, draw, minimum size=1cm] {}; \node[on chain, draw, minimum size=1cm] {};
      \end{scope}
      \draw[red] (c-1) -- (c-2);
    \end{tikzpicture}""")
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0].points
    assert red[1][0] == pytest.approx(red[0][0]) and red[1][1] > red[0][1]
