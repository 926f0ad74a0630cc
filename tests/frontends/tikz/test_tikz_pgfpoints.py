"""More basic-layer points, quick paths and transformations (geoverify.frontends.tikz.pgfpoints, pgfbasic).

The expected points are pdflatex + dvisvgm's output of the same lines in one picture
(bp, y down), whose canvas origin is at (-43.453124, 126.624999).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Circle, Polyline

from .tikz_fixtures import close, only

_ORIGIN = (-43.453124, 126.624999)


def _tex(*xy):
    """dvisvgm points (bp, y down, flat x, y list) -> TeX points about the canvas origin."""
    p = np.array(xy, dtype=float).reshape(-1, 2)
    return np.column_stack([(p[:, 0] - _ORIGIN[0]) * 72.27 / 72, (_ORIGIN[1] - p[:, 1]) * 72.27 / 72])


def _lines(sc):
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"], sc.diagnostics
    return [p.points for p in sc.primitives if isinstance(p, Polyline)]


def test_more_points_polar_and_cylindrical_spherical_borders_intersection_arc_time():
    sc = parse_tikz(r"""\begin{tikzpicture}
    \pgfpathmoveto{\pgfpointpolar{30}{1cm and 2cm}}
    \pgfpathlineto{\pgfpointcylindrical{80}{1}{.5}}
    \pgfpathlineto{\pgfpointspherical{40}{30}{1}}
    \pgfpathlineto{\pgfpointborderrectangle{\pgfpoint{5pt}{5pt}}{\pgfpoint{1cm}{1.25cm}}}
    \pgfpathlineto{\pgfpointborderrectangle{\pgfpoint{-10pt}{2pt}}{\pgfpoint{1cm}{1.25cm}}}
    \pgfpathlineto{\pgfpointborderellipse{\pgfpoint{-10pt}{5pt}}{\pgfpoint{1cm}{1.25cm}}}
    \pgfpathlineto{\pgfpointintersectionoflines{\pgfpointxy{.5}{0}}{\pgfpointxy{2}{2}}{\pgfpointxy{1}{2}}{\pgfpointxy{2}{0}}}
    \pgfpathlineto{\pgfpointarcaxesattime{.25}{\pgfpoint{0cm}{1cm}}{\pgfpoint{2cm}{0cm}}{\pgfpoint{0cm}{1cm}}{0}{60}}
    \pgfusepath{stroke}
    \end{tikzpicture}""")
    (line,) = _lines(sc)
    tex = _tex(-18.9062, 98.2773, -43.988281, 104.1641, -33.1328, 113.2734, -15.1055, 98.2773, -71.8008, 120.95703,
               -69.7734, 113.4648, -3.7695, 92.6055, 11.3086, 90.9414)
    assert close(line, tex, tol=0.01)


def test_quick_paths_are_not_transformed_and_triangle_and_invert_transformations():
    sc = parse_tikz(r"""\begin{tikzpicture}
    \begin{pgfscope}
    \pgftransformxshift{1cm}
    \pgfpathqmoveto{0pt}{0pt}
    \pgfpathqlineto{1cm}{1cm}
    \pgfpathlineto{\pgfpoint{2cm}{0cm}}
    \pgfusepath{stroke}
    \end{pgfscope}
    \begin{pgfscope}
    \pgftransformtriangle{\pgfpoint{1cm}{0cm}}{\pgfpoint{0cm}{2cm}}{\pgfpoint{3cm}{1cm}}
    \draw (0,0) -- (1pt,0pt) -- (0pt,1pt) -- (2pt,3pt);
    \end{pgfscope}
    \begin{pgfscope}
    \pgftransformrotate{30}
    \pgftransformxshift{1cm}
    \pgftransforminvert
    \draw (0,0) -- (2,1) -- (1,0);
    \end{pgfscope}
    \end{tikzpicture}""")
    quick, triangle, inverted = _lines(sc)
    assert close(quick, _tex(-43.453124, 126.624999, -15.1055, 98.2773, 41.5859, 126.624999), tol=0.01)
    assert close(triangle, _tex(-15.1055, 126.624999, -43.453124, 69.9297, 41.5859, 98.2773, 98.2808, -71.805),
                 tol=0.01)
    assert close(inverted, _tex(-71.8008, 126.624999, -8.5312, 130.42187, -47.25391, 140.7969), tol=0.01)


def test_arc_axes_path_and_the_transformations_to_a_point_at_a_time():
    sc = parse_tikz(r"""\begin{tikzpicture}
    \begin{pgfscope}
    \pgfpathmoveto{\pgfpoint{2cm}{1cm}}
    \pgfpatharcaxes{0}{60}{\pgfpoint{2cm}{0cm}}{\pgfpoint{0cm}{1cm}}
    \pgfusepath{stroke}
    \end{pgfscope}
    \begin{pgfscope}
    \pgftransformscale{1.5}
    \pgfslopedattimetrue
    \pgftransformlineattime{.25}{\pgfpointorigin}{\pgfpoint{-2cm}{1cm}}
    \draw (0,0) -- (1,0) -- (1,1);
    \end{pgfscope}
    \begin{pgfscope}
    \pgfslopedattimetrue
    \pgfallowupsidedownattimetrue
    \pgfresetnontranslationattimetrue
    \pgftransformscale{1.5}
    \pgftransformcurveattime{.25}{\pgfpointorigin}{\pgfpoint{0cm}{2cm}}{\pgfpoint{1cm}{2cm}}{\pgfpoint{-2cm}{1cm}}
    \draw (0,0) -- (1,0) -- (1,1);
    \end{pgfscope}
    \begin{pgfscope}
    \pgfslopedattimetrue
    \pgftransformarcaxesattime{.25}{\pgfpoint{0cm}{1cm}}{\pgfpoint{2cm}{0cm}}{\pgfpoint{0cm}{1cm}}{60}{0}
    \draw (0,0) -- (1,0) -- (1,1);
    \end{pgfscope}
    \end{tikzpicture}""")
    arc = only(sc, BezierPath).parts[0].controls
    assert close([arc[0, 0], arc[-1, 3]], _tex(13.2383, 98.2773, -15.1055, 73.7266), tol=0.01)
    # TikZ resets the scaling before turning (pgfresetnontranslationattimetrue is its default)
    line, curve, arcaxes = _lines(sc)
    assert close(line, _tex(-64.7148, 115.9922, -39.36328, 128.66797, -26.6875, 103.3164), tol=0.01)
    assert close(curve, _tex(-38.80469, 78.125, -33.87891, 50.2109, -61.793, 45.2852), tol=0.03)
    assert close(arcaxes, _tex(-3.3672, 78.2344, 21.9883, 90.9102, 34.6641, 65.5547), tol=0.01)


def test_quick_circle_and_fill_colour_set_apart_from_the_actions():
    # pgfcorequick.code.tex writes the circle's soft path about the origin, untransformed
    sc = parse_tikz(r"""\begin{tikzpicture}
    \pgftransformxshift{1cm}
    \pgfpathqcircle{10pt}
    \pgfsetfillcolor{red}
    \pgfusepath{stroke,fill}
    \draw (0,0) -- (1,0);
    \end{tikzpicture}""")
    c = only(sc, Circle)
    assert close(c.center, (0, 0)) and abs(c.radius - 10) < 1e-9
    assert c.style.fill == "#ff0000" and c.style.stroke == "#000000"
    assert only(sc, Polyline).style.fill is None
