"""pgfplots ``scatter`` (its ``true`` choice sets ``mark=*`` unless a mark is set) and the marks of
3D mesh/surface plots.

Numbers from latex + dvisvgm (pgfplots 1.18), in bp with y down, relative to the plot's first point."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Dot, Polyline

BP = 72 / 72.27


def _doc(body: str) -> str:
    return r"\begin{tikzpicture}\begin{axis}[ticks=none]" + body + r"\end{axis}\end{tikzpicture}"


def test_scatter_marks_every_point_with_a_filled_circle_unless_a_mark_is_set():
    sc = parse_tikz(_doc(r"\addplot[scatter,draw=red] coordinates {(0,0) (1,2) (2,1)};"
                         r"\addplot[scatter,mark=square*,draw=blue] coordinates {(0,1) (2,0)};"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    red = next(p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000")
    o = red.points[0]
    # TeX: the circles' centres (-55.609, 76.141), (25.336, -58.352), (106.281, 8.895), radius 1.992
    dots = [p for p in sc.primitives if isinstance(p, Dot)]
    tex = np.array([(0, 0), (80.945, -134.492), (161.891, -67.246)])
    assert len(dots) == 3
    assert np.allclose(np.array([d.center - o for d in dots]) * BP * [1, -1], tex, atol=0.01)
    assert all(abs(d.radius * BP - 1.992) < 0.01 for d in dots)
    # the given square stays: TeX's square at the first point spans (-57.602, 6.902)..(-53.617, 10.887)
    squares = [p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4
               and p.source.construct == "\\addplot"]
    assert len(squares) == 2
    lo = min(squares, key=lambda q: q.points[:, 0].min()).points.min(axis=0)
    assert np.allclose((lo - o) * BP * [1, -1], (-57.602 + 55.609, 10.887 - 76.141), atol=0.01)


def test_marks_of_a_3d_mesh_sit_on_its_points_also_with_only_marks():
    sc = parse_tikz(_doc(r"\addplot3[only marks,mesh,scatter,samples=2,domain=0:1,draw=red] {x*y};"))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    # TeX draws the patch (-8.227, 11.910) (124.266, -41.910) (62.485, 81.977) (-70.008, 59.695) and a
    # circle of radius 1.992 at each corner (here turned y up, from the corners' lower left)
    tex = np.array([(-8.2266, -11.9102), (124.2655, 41.9102), (62.4845, -81.9766), (-70.0079, -59.6954)])
    tex = np.array(sorted(map(tuple, tex - tex.min(axis=0))))
    patch = next(p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000")
    lo = patch.points.min(axis=0)
    assert np.allclose(sorted(map(tuple, (patch.points - lo) * BP)), tex, atol=0.01)
    dots = [d for d in sc.primitives if isinstance(d, Dot)]
    assert np.allclose(sorted(tuple((d.center - lo) * BP) for d in dots), tex, atol=0.01)
    assert all(abs(d.radius * BP - 1.992) < 0.01 for d in dots)
