"""Decorations of stretches of a path: the pgfdecoration environment and straight zigzag
(numbers from latex + dvisvgm)."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import CM, close


def test_straight_zigzag_on_a_line_starts_each_stretch_where_the_one_before_stopped():
    # TeX (meta-segment length=1.1cm on 4 cm): curveto steps of 1.138 pt to 30.728, the zigzag
    # 33.23 2.502, 38.229 -2.498, ..., 58.229 -2.498, 60.731 0 (it stopped after 30 pt, no line on)
    pl = [p for p in parse_tikz(r"\draw[decorate, decoration={straight zigzag, meta-segment length=1.1cm}]"
                                r" (0,0) -- (4,0);").primitives if isinstance(p, Polyline)][0]
    pts = [tuple(p) for p in pl.points]
    k = next(i for i, p in enumerate(pts) if abs(p[1]) > 1)
    assert close(pts[k - 1], (30.728, 0), tol=2e-3)
    assert close(pts[k:k + 7], [(33.23, 2.5), (38.23, -2.5), (43.23, 2.5), (48.23, -2.5), (53.23, 2.5),
                                (58.23, -2.5), (60.73, 0)], tol=3e-3)
    assert close(pts[-1], (4 * CM, 0))


def test_pgfdecoration_environment_runs_its_decorations_one_after_the_other():
    # TeX (pgf manual, segment length 5pt): curveto for 1 cm of the curve, then zigzag for 2 cm
    # from (8.371, 26.666) (first corner 7.148 29.179) whose final line on the curve goes to the
    # stretch's end 59.966 39.401, then curveto for 1 cm to 80.688 20.793 (pt from the start)
    sc = parse_tikz(r"""\begin{tikzpicture}[decoration={segment length=5pt}]
      \begin{pgfdecoration}{{curveto}{1cm},{zigzag}{2cm},{curveto}{1cm}}
        \pgfpathmoveto{\pgfpointorigin}
        \pgfpathcurveto{\pgfpoint{0cm}{2cm}}{\pgfpoint{3cm}{2cm}}{\pgfpoint{3cm}{0cm}}
      \end{pgfdecoration}
      \pgfusepath{stroke}
    \end{tikzpicture}""")
    pts = [tuple(p) for p in [q for q in sc.primitives if isinstance(q, Polyline)][0].points]
    i = next(k for k, p in enumerate(pts) if close(p, (7.148, 29.179), tol=0.05))
    assert close(pts[i - 1], (8.371, 26.666), tol=0.05)
    assert any(close(p, (59.966, 39.401), tol=0.05) for p in pts)
    assert close(pts[-1], (80.688, 20.793), tol=0.05)
