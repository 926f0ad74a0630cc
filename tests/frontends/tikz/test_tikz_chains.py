"""The ``chains`` library: nodes placed one after the other, chain names."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline, TextLabel

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


def test_join_chainin_placed_and_a_chain_continued_in_another_scope():
    # pdflatex + dvisvgm (bp, y down, origin at (-66.132812, -17.035157)): node boxes and the join edges
    sc = parse_tikz(r"""\usetikzlibrary{chains}
    \begin{tikzpicture}[node distance=5mm,every node/.style={draw,inner sep=2pt,minimum size=4mm},
                        every join/.style={red}]
    \node (ex) at (1,1) {};
    \begin{scope}[start chain]
    \node [on chain,join] {};
    \node [on chain,join] {};
    \chainin (ex) [join];
    \node [on chain,join=with chain-1 by {thick}] {};
    \end{scope}
    \begin{scope}[start chain=c placed {at=(\tikzchaincount*30:2)}]
      \node [on chain] {};
      \node [on chain] {};
    \end{scope}
    \begin{scope}[continue chain=chain going below]
      \node [on chain,join] {};
    \end{scope}
    \end{tikzpicture}""")
    assert not sc.diagnostics
    o = np.array([-66.132812, -17.035157])

    def tex(*xy):
        return ((np.array(xy, dtype=float).reshape(-1, 2) - o) * np.array([72.27 / 72, -72.27 / 72])).ravel()

    boxes = [p.bbox() for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    expected = [(-43.4531, -39.7109, -32.1172, -51.0508), (-71.80078, -11.36328, -60.46094, -22.70313),
                (-45.8906, -11.36328, -34.5508, -22.70313), (-17.543, -39.7109, -6.2031, -51.0508),
                (-22.7031, -39.7109, -11.3633, -51.0508), (-43.4531, -60.4609, -32.1172, -71.8008),
                (-17.543, -13.80078, -6.2031, -25.14063)]
    assert len(boxes) == len(expected)
    for b, e in zip(boxes, expected):
        t = tex(*e)
        assert close(b, t, tol=0.01)
    edges = [p.points for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    assert len(edges) == 4  # chain-1 -> chain-2 -> ex (chained in), chain-1 -> chain-4, chain-4 -> chain-5
    assert close(edges[0].ravel(), tex(-60.26172, -17.035157, -46.0898, -17.035157), tol=0.01)
    assert close(edges[1].ravel(), tex(-39.7148, -22.90234, -38.2891, -39.5117), tol=0.01)
    assert close(edges[2].ravel(), tex(-60.26172, -20.09766, -17.7422, -42.3164), tol=0.01)
    assert close(edges[3].ravel(), tex(-11.875, -39.5117, -11.875, -25.33984), tol=0.01)
    assert all(p.style.stroke == "#ff0000" for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag)


def test_branches_start_at_the_chains_last_node_then_and_continue_later():
    # pgf manual: the branches declared after B grow from B even when continued after C
    sc = parse_tikz(r"""\usetikzlibrary{chains}
    \begin{tikzpicture}[every on chain/.style=join, node distance=2mm and 1cm]
      { [start chain=trunk]
        \node [on chain] (A) {A};
        \node [on chain] (B) {B};
        { [start branch=numbers going below] }
        { [start branch=greek going above] }
        \node [on chain] (C) {C};
        { [continue branch=numbers] \node [on chain] (one) {1}; \node [on chain] (two) {2}; }
        { [continue branch=greek] \node [on chain] (alpha) {a}; }
      }
      \draw (trunk/numbers-end) -- (trunk/greek-end);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    texts = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    x = {t: (p.box[0] + p.box[2]) / 2 for t, p in texts.items()}
    y = {t: (p.box[1] + p.box[3]) / 2 for t, p in texts.items()}
    assert abs(x["1"] - x["B"]) < 0.01 and abs(x["2"] - x["B"]) < 0.01 and abs(x["a"] - x["B"]) < 0.01
    assert y["2"] < y["1"] < y["B"] < y["a"]
    lines = [np.asarray(p.points) for p in sc.primitives if isinstance(p, Polyline)]
    # joins: A-B, B-C, B-1, 1-2, B-a, and the line from the numbers' end (2) to the greek end (a)
    assert len(lines) == 6
    last = lines[-1]
    assert abs(last[0][0] - x["2"]) < 0.01 and abs(last[-1][0] - x["a"]) < 0.01
