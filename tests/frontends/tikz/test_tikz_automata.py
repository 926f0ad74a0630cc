"""The automata library's initial and accepting arrows, and nodes placed by ``above`` given
to a path, an edge or a loop. Numbers from pdflatex + dvisvgm runs of the same snippets
(converted from bp to pt)."""

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline, TextLabel

STATES = r"""\begin{tikzpicture}
\node[state,initial] (a) at (0,0) {$q$};
\node[state,accepting by arrow,accepting text=acc,accepting where=above] (b) at (3,0) {$r$};
\node[state,initial below,initial text=,initial distance=1cm] (c) at (0,-3) {$s$};
\end{tikzpicture}"""
CM = 72.27 / 2.54


def _lines(scene):
    return [p.points for p in scene.primitives if isinstance(p, Polyline)]


def _texts(scene):
    return {p.text: p.box for p in scene.primitives if isinstance(p, TextLabel)}


@pytest.fixture(scope="module")
def states():
    return parse_tikz(r"\usetikzlibrary{automata}" + STATES)


def test_initial_arrow_runs_from_3ex_left_of_the_state_to_its_border(states):
    # TeX: the arrow starts 3ex (12.92pt) beyond the border (12.5pt + outer sep) and ends on it,
    # its line stopping 0.46pt before (pgfcorearrows' to: 0.21pt + 0.625 line widths)
    a = _lines(states)[0]
    assert np.allclose(a, [(-25.62, 0), (-13.16, 0)], atol=0.05)
    start = _texts(states)["start"]
    assert abs(start[2] - (-28.99)) < 0.3 and abs(start[1] + start[3]) < 0.1


def test_accepting_arrow_leaves_the_state_upwards_with_its_text(states):
    b = _lines(states)[1]
    assert np.allclose(b, [(3 * CM, 12.70), (3 * CM, 25.16)], atol=0.05)  # to: line 0.46pt short of its end
    assert abs(_texts(states)["acc"][1] - 29.15) < 0.2


def test_initial_below_with_a_distance_and_no_text(states):
    c = _lines(states)[2]
    assert np.allclose(c, [(0, -3 * CM - 41.15), (0, -3 * CM - 13.16)], atol=0.05)  # to: 0.46pt short
    assert set(_texts(states)) == {"$q$", "$r$", "$s$", "start", "acc"}
    assert not [d for d in states.diagnostics if d.code == "UNSUPPORTED"]


def test_arrows_belong_to_their_own_node_only():
    # after node path: a state after the initial one gets no arrow
    scene = parse_tikz(r"\usetikzlibrary{automata}\begin{tikzpicture}\node[state,initial] (a) {};"
                       r"\node[state] at (2,0) (b) {};\end{tikzpicture}")
    assert len(_lines(scene)) == 1


def _x_centre_y(src):
    return [(b[1] + b[3]) / 2 for t, b in _texts(parse_tikz(src)).items()]


def test_above_given_to_a_path_or_an_edge_places_its_nodes():
    # TeX: the X of [above] paths and edges sits 6.93pt higher than the centred one
    src = r"""\begin{tikzpicture}
\draw[above] (0,0) -- (2,0) node[midway] {X};
\end{tikzpicture}"""
    centred = r"""\begin{tikzpicture}
\draw (0,0) -- (2,0) node[midway] {X};
\end{tikzpicture}"""
    edge = r"""\begin{tikzpicture}
\draw (0,0) edge[above] node {X} (2,0);
\end{tikzpicture}"""
    (up,), (mid,), (e,) = _x_centre_y(src), _x_centre_y(centred), _x_centre_y(edge)
    assert abs(up - mid - 6.93) < 0.1 and abs(e - mid - 6.93) < 0.1


def test_loop_above_puts_its_node_above_the_loop():
    # TeX: X's ink centre 28.1pt above the state's centre (the curve's middle is at 21.3)
    src = r"""\begin{tikzpicture}
\node[circle,draw] (a) at (0,0) {A};
\path[->] (a) edge[loop above] node {X} ();
\end{tikzpicture}"""
    box = _texts(parse_tikz(src))["X"]
    assert abs((box[1] + box[3]) / 2 - 28.1) < 0.3
