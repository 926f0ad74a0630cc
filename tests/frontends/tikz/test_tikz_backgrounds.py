"""backgrounds library: ``framed``, ``gridded`` and ``show background <side>`` around the picture."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import CM, close

EX = 4.30554  # 1ex of cmr10


def test_framed_draws_a_rectangle_one_ex_around_the_picture_and_its_line_widths():
    # pgf's picture box takes half the line width of stroked paths; the frame is 1ex outside
    # it (pdflatex+dvisvgm: a 65.918 pt wide frame around a 2 cm rectangle)
    sc = parse_tikz(r"""\begin{tikzpicture}[framed]
    \draw (0,0) rectangle (2,1);
    \end{tikzpicture}""")
    frame = [p for p in sc.primitives if isinstance(p, Polyline)][-1]
    d = 0.2 + EX
    assert close(frame.bbox(), (-d, -d, 2 * CM + d, CM + d), tol=1e-3)


def test_gridded_with_an_inner_frame_sep_and_a_right_side():
    # background grid (help lines, 1 cm steps) and the right side over the box enlarged by 3 pt
    sc = parse_tikz(r"""\begin{tikzpicture}[gridded, inner frame sep=3pt, show background right]
    \draw[line width=2pt] (0,0) -- (1.2,0.7);
    \end{tikzpicture}""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline)][1:]
    x0, y0, x1, y1 = -4.0, -4.0, 1.2 * CM + 4.0, 0.7 * CM + 4.0
    grid = [p for p in lines if p.style.stroke == "#808080"]
    assert sorted(tuple(p.points[:, 0]) for p in grid if p.points[0, 0] == p.points[1, 0]) == [(0.0, 0.0), (CM, CM)]
    assert all(close(p.points[:, 1], (y0, y1)) for p in grid if p.points[0, 0] == p.points[1, 0])
    right = [p for p in lines if p.style.stroke == "#000000"]
    assert len(right) == 1 and close(right[0].points, [(x1, y0), (x1, y1)])
    assert close([min(p.points[:, 0].min() for p in grid)], [x0])


def test_on_background_layer_keeps_the_geometry_and_applies_its_every_style():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \tikzset{every on background layer/.style={line width=3pt}}
      \draw (0,0) -- (1,0);
      \begin{scope}[on background layer] \draw (0,0) rectangle (1,1); \end{scope}
    \end{tikzpicture}""")
    assert not sc.diagnostics
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert [p.style.stroke_width for p in lines] == [0.4, 3.0]
    assert close(lines[1].points[2], (CM, CM))


def test_transform_canvas_of_a_scope_maps_its_drawing_after_its_shift_but_not_its_node_names():
    # TeX: [shift={(1,0)}, transform canvas={scale=0.5, rotate=30}]: the 2 pt line (0,0) -- (2,0)
    # runs from (12.32, 7.11) to (36.96, 21.34) pt, 1 pt wide; (n.center) after the scope is
    # at (1 cm, 2 cm), where the node would be without the canvas transformation
    sc = parse_tikz(r"""\begin{tikzpicture}
      \begin{scope}[shift={(1,0)}, transform canvas={scale=0.5, rotate=30}]
        \draw[line width=2pt] (0,0) -- (2,0);
        \node (n) at (0,2) {};
      \end{scope}
      \draw (n.center) -- (3,3);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    first, last = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert close(first.points, [(12.3204, 7.1132), (36.9612, 21.3396)], tol=1e-2)
    assert abs(first.style.stroke_width - 1.0) < 1e-9
    assert close(last.points[0], (CM, 2 * CM))
