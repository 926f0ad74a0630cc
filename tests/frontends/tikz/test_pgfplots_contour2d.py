"""pgfplots ``contour prepared`` in a 2D axis (``\\addplot[contour prepared] table``).

Numbers from latex + dvisvgm (pgfplots 1.18), in bp with y up, relative to the first line's start."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline

BP = 72 / 72.27


def _doc(body: str) -> str:
    return r"\begin{tikzpicture}\begin{axis}[ticks=none]" + body + r"\end{axis}\end{tikzpicture}"


def test_contour_prepared_table_in_a_2d_axis_draws_its_lines_and_labels():
    # pgfplots reads x, y and the contour value (column 2); a line ends at an empty line or where
    # the value changes; labels as in 3D. TeX (y up, bp): the lines from the first line's start,
    # and the white label boxes' corners
    sc = parse_tikz(_doc(r"""\addplot[contour prepared,draw=red] table {
0 2 0.5
1 1 0.5
2 0 0.5

0 3 1
3 0 1
};"""))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    o = lines[0].points[0]
    assert np.allclose((lines[0].points - o) * BP, [(0, 0), (53.961, -44.832), (107.926, -89.664)], atol=0.01)
    assert np.allclose((lines[1].points - o) * BP, [(0, 44.832), (161.891, -89.664)], atol=0.01)
    tex_boxes = [[(35.187, -23.723), (24.191, -14.586), (18.773, -21.109), (29.769, -30.242)],
                 [(89.152, -68.555), (78.156, -59.422), (72.738, -65.941), (83.730, -75.074)],
                 [(86.715, -21.695), (80.594, -16.613), (75.176, -23.133), (81.297, -28.219)]]
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.fill == "#ffffff"]
    assert len(boxes) == 3
    for tex in tex_boxes:
        assert any(np.allclose(sorted(map(tuple, (b - o) * BP)), sorted(tex), atol=0.02) for b in boxes)
