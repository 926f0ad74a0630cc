"""parse_tikz as an entry point: what a figure leaves behind in the process."""

import gc

import pytest

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.interpreter import Interpreter
from geoverify.scene import Scene

FIGURE = r"""\begin{tikzpicture}
\tikzset{dot/.style={circle, fill, inner sep=1pt}}
\coordinate (A) at (0,0); \node[dot, label=above:$B$] (B) at (2,1) {};
\draw[->, red] (A) -- (B) node[midway, below] {$f$};
\foreach \i in {1,2} { \draw (\i,0) circle (0.5); }
\end{tikzpicture}"""


def _alive(cls) -> int:
    return sum(1 for o in gc.get_objects() if type(o) is cls)


@pytest.mark.parametrize("text", [FIGURE, FIGURE.replace(r"\end{tikzpicture}", r"\draw (A) -- (;")])
def test_the_interpreter_is_freed_without_the_cycle_collector(text):
    """The interpreter and its helpers refer to each other; parse_tikz empties it, so a
    figure's working state goes when the call returns, not at some later collection."""
    gc.collect()
    before = _alive(Interpreter)
    gc.disable()
    try:
        try:
            scene = parse_tikz(text, strict=text is not FIGURE)
        except FigureSyntaxError as err:
            scene = None
            assert err.location is not None and err.location.line == 6  # the location survives the emptying
        alive = _alive(Interpreter)
    finally:
        gc.enable()
    assert alive == before
    if scene is not None:
        assert isinstance(scene, Scene) and len(scene.primitives) >= 4 and scene.labels


def test_the_returned_scene_is_not_cyclic_garbage():
    gc.collect()
    gc.disable()
    try:
        parse_tikz(FIGURE)            # the scene is dropped at once
        alive = _alive(Scene)
        gc.collect()
        after = _alive(Scene)
    finally:
        gc.enable()
    assert alive == after
