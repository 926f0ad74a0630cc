"""decorations.markings with ``decorate {sub-path}`` and ``mark connection node``
(numbers from latex + dvisvgm)."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Arrow, Polyline

from tikz_fixtures import close

BP = 72.27 / 72  # pt per bp


def test_mark_connection_node_cuts_the_path_at_the_marks_node():
    # TeX: M-71.042969-15.109375L-61.72266-21.32422M-37.875-37.2188L13.9961-71.8008 (the line stops at
    # the node's border and goes on from it); the node's box -71.800782 .. -27.8008
    sc = parse_tikz(r"""\begin{tikzpicture}[decoration={markings, mark connection node=my node,
        mark=at position .25 with {\node [draw,red] (my node) {my node};}}]
      \draw decorate { (0,0) -- (3,2) };
    \end{tikzpicture}""")
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 2]
    o = (-71.042969, -15.109375)

    def tex(x, y):
        return ((x - o[0]) * BP, -(y - o[1]) * BP)

    assert len(lines) == 2
    assert close(lines[0], [tex(*o), tex(-61.72266, -21.32422)], tol=0.02)
    assert close(lines[1], [tex(-37.875, -37.2188), tex(13.9961, -71.8008)], tol=0.02)


def test_decorate_with_markings_and_no_connection_node_leaves_only_the_marks():
    # pgf's markings decoration replaces the path by a move to its end: only the marks are drawn
    sc = parse_tikz(r"""\begin{tikzpicture}[decoration={markings,
        mark=at position .5 with {\fill (0,0) circle [radius=2pt];}}]
      \draw decorate { (0,0) -- (2,0) };
    \end{tikzpicture}""")
    assert not [p for p in sc.primitives if isinstance(p, Polyline)]
    assert len(sc.primitives) == 1


@pytest.mark.parametrize("code, sense", [
    (r"\arrow{>}", 1), (r"\arrow{<}", -1), (r"\arrow{stealth reversed}", -1), (r"\arrow{Latex[reversed]}", -1),
    (r"\arrowreversed{>}", -1), (r"\arrowreversed{<}", 1),
])
def test_marking_tip_that_points_back(code, sense):
    # pgf draws \arrow{<} pointing against the path (as \arrowreversed{>}); it was read as '>' before,
    # so arrows reversed this way showed the flow of a figure the wrong way round.
    sc = parse_tikz(r"\draw[postaction={decorate}, decoration={markings, mark=at position 0.5 with {" + code + r"}}] (0,0) -- (4,0);")
    (a,) = [p for p in sc.primitives if isinstance(p, Arrow)]
    assert a.direction[0] == pytest.approx(sense)
