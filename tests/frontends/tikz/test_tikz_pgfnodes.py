"""pgf's base-layer ``\\pgfnode`` and ``\\pgfmatrix`` (``pgfnodes``)."""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline, TextLabel

from tikz_fixtures import CM, close


def _polys(sc, color=None):
    return [p.points for p in sc.primitives if isinstance(p, Polyline)
            and (color is None or p.style.stroke == color)]


def test_pgfnode_anchor_at_the_transformed_origin_and_its_usage():
    sc = parse_tikz(r"""\begin{tikzpicture}
      { \pgftransformshift{\pgfpoint{1.5cm}{1cm}}
        \pgfnode{rectangle}{north}{Hello}{hello}{\pgfusepath{stroke}} }
      \draw [red] (hello.north) -- (hello.south);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    box = [p for p in _polys(sc) if len(p) == 4][0]
    # the north anchor (outer sep 0.2 pt above the path) at (1.5 cm, 1 cm)
    assert close(box[:, 1].max(), CM - 0.2, tol=1e-6) and close(box[:, 0].mean(), 1.5 * CM)
    assert close(_polys(sc, "#ff0000")[0][0], (1.5 * CM, CM))


def test_pgfnode_takes_the_whole_transformation_unless_reset_and_pgf_keys():
    rotated = parse_tikz(r"""\begin{tikzpicture}
      \pgftransformrotate{10}
      \pgfnode{rectangle}{center}{Hello}{}{\pgfusepath{stroke}}
    \end{tikzpicture}""")
    box = _polys(rotated)[0]
    edges = np.diff(np.vstack([box, box[:1]]), axis=0)
    longest = edges[np.argmax(np.hypot(edges[:, 0], edges[:, 1]))]
    assert close(math.degrees(math.atan2(longest[1], longest[0])) % 180, 10, tol=1e-6)
    reset = parse_tikz(r"""\begin{tikzpicture}
      \pgftransformrotate{10}
      \pgftransformshift{\pgfpoint{3cm}{1cm}}
      \pgftransformresetnontranslations
      \pgfset{minimum width=3cm}
      \pgfnode{rectangle}{center}{Hello}{}{\pgfusepath{stroke}}
    \end{tikzpicture}""")
    box = _polys(reset)[0]
    c, s = math.cos(math.radians(10)), math.sin(math.radians(10))
    assert close(box.mean(axis=0), (3 * CM * c - CM * s, 3 * CM * s + CM * c), tol=1e-6)
    assert close(np.ptp(box[:, 0]), 3 * CM)  # axis-parallel, the minimum width


def test_pgfmatrix_separations_setup_and_shift():
    # pgf manual (matrices): \pgfsetmatrixcolumnsep{1cm,between origins}; [between borders] after
    # the second cell separates b's and c's borders by 1 cm (drawn nodes reach as far as their
    # outer sep); the shift puts b.north at the origin
    sc = parse_tikz(r"""\begin{tikzpicture}[every node/.style=draw]
      \pgfsetmatrixcolumnsep{1cm,between origins}
      \pgfmatrix{rectangle}{text}{m}{\pgfusepath{stroke}}{\pgfpointanchor{b}{north}}{\let\&=\pgfmatrixnextcell}
      { \node (a) {8}; \& \node (b) {1}; \&[between borders] \node (c) {6}; \\
        \node {3}; \& \node {5}; \& \node {7}; \\ }
      \draw [red] (a.center) -- (b.center);
      \draw [blue] (b.east) -- (c.west);
      \draw [green] (b.north) -- (m.center);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    red, blue, green = _polys(sc, "#ff0000")[0], _polys(sc, "#0000ff")[0], _polys(sc, "#00ff00")[0]
    assert close(red[1] - red[0], (CM, 0)) and close(blue[1] - blue[0], (CM, 0))
    assert close(green[0], (0, 0))
    assert len([p for p in _polys(sc, "#000000") if len(p) == 4]) == 7  # six nodes, the matrix's border


def test_pgfmatrix_begin_and_end_code_wrap_the_cells():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \def\pgfmatrixbegincode{\node[draw]\bgroup}
      \def\pgfmatrixendcode{\egroup;}
      \pgfmatrix{rectangle}{center}{m}{\pgfusepath{}}{\pgfpointorigin}{\let\&=\pgfmatrixnextcell}
      { a \& b \\ d \& \\ }
    \end{tikzpicture}""")
    assert sorted(p.text for p in sc.primitives if isinstance(p, TextLabel)) == ["a", "b", "d"]
    boxes = _polys(sc)
    assert len(boxes) == 3
    # the matrix is centred on the origin: the first column's boxes left of it, the second's right
    xs = sorted(round(float(b[:, 0].mean()), 6) for b in boxes)
    assert close(xs[0], xs[1]) and xs[0] < 0 < xs[2]


def test_a_node_positioned_later_is_drawn_and_named_where_positioned():
    # \pgfpositionnodelater keeps the node (nothing drawn, no name yet); \pgfpositionnodenow puts
    # its anchor (north, from "below") at the point
    sc = parse_tikz(r"""\begin{tikzpicture}
      { \pgfpositionnodelater{\relax}
        \node [draw, below] (hi) {Hello}; }
      \draw [red] (0,0) -- (1,0);
      \pgfpositionnodenow{\pgfqpoint{2cm}{2cm}}
      \draw [blue] (hi.north) -- (0,0);
    \end{tikzpicture}""")
    boxes = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    assert len(boxes) == 1 and sc.primitives.index(boxes[0]) > 0  # drawn after the red line
    assert close(boxes[0].points[:, 1].max(), 2 * CM - 0.2, tol=1e-6)  # the outer sep below the anchor
    assert close(_polys(sc, "#0000ff")[0][0], (2 * CM, 2 * CM))
