"""tkz-base's grid and axes (\\tkzGrid, \\tkzAxeXY ...) against latex + dvisvgm."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.texbox import glyph_runs
from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline, TextLabel

from tikz_fixtures import CM

BP = 72.27 / 72

FIGURE = r"""\begin{tikzpicture}
\tkzInit[xmin=0,xmax=3.5,ymin=0,ymax=2.5]
\begin{scriptsize}
\tkzGrid[color=gray!30!white]
\tkzAxeXY
\end{scriptsize}
\end{tikzpicture}"""


def test_grid_axes_ticks_and_labels_match_tex():
    sc = parse_tikz(FIGURE)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    # TeX: the grid, gray!30!white (#d9d9d9) 0.4 pt, lines every cm over 0..3.5 x 0..2.5 cm
    grid = [p.points for p in lines if p.style.stroke == "#d9d9d9"]
    assert sorted(g[0][0] for g in grid if g[0][0] == g[1][0]) == pytest.approx([0, CM, 2 * CM, 3 * CM])
    assert sorted(g[0][1] for g in grid if g[0][1] == g[1][1]) == pytest.approx([0, CM, 2 * CM])
    assert max(g[:, 0].max() for g in grid) == pytest.approx(3.5 * CM)
    # TeX: the x axis runs from the origin 0.5 cm past xmax (M-58.371095 16.214845H51.4295 and
    # the latex tip), ticks 0.8 pt wide from 2 pt above to 2 pt below at x = 0..3
    axis = next(p for p in lines if p.style.stroke_width == pytest.approx(0.4) and p.points[0][1] == 0
                and p.points[-1][0] > 3.5 * CM)
    assert axis.points[0][0] == pytest.approx(0.0, abs=1e-6)
    ticks = sorted(p.points[0][0] for p in lines if p.style.stroke_width == pytest.approx(0.8)
                   and p.points[0][0] == p.points[1][0])
    assert np.allclose(ticks, [0, CM, 2 * CM, 3 * CM], atol=1e-6)
    # labels: where dvisvgm starts each digit (bp from the origin, y down there), in cmr7 after
    # a space, each in a white box 1 pt around it
    starts = sorted((round(p.box[0] + glyph_runs(p.text, p.font_size)[0].x, 4), round(p.box[1], 4))
                    for p in sc.primitives if isinstance(p, TextLabel) and any(c.isdigit() for c in p.text))
    tex = [(-0.642856, 10.47206), (27.703944, 10.47206), (56.050714, 10.47206), (84.397544, 10.47206),
           (-9.948356, 2.247155), (-9.948356, -26.09958), (-9.948356, -54.44644)]
    want = sorted((x * BP, -y * BP) for x, y in tex)
    assert np.allclose(starts, want, atol=5e-3)
    # the axis labels: $x$ 111.1289 bp right of the origin and 6.988 bp below it
    lab = next(p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "$x$")
    assert np.allclose(lab.box[:2], [111.1289 * BP, -6.988 * BP], atol=5e-3)
