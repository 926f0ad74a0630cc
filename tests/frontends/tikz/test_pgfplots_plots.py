"""``\\addplot`` input variants: parametric ``({x(t)}, {y(t)})`` and ``data cs=polar``/``polarrad``.

pgfplots manual (transformations): with ``data cs=polar`` each coordinate is (angle in degrees,
radius) and is drawn at ``(r cos a, r sin a)``; ``polarrad`` takes radians.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline


def _red(body, opts="xmin=-2,xmax=2,ymin=-2,ymax=2,axis lines=none"):
    sc = parse_tikz("\\begin{tikzpicture}\\begin{axis}[" + opts + "]\n" + body + "\n\\end{axis}\\end{tikzpicture}")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    (red,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    return red


def test_parametric_plot_takes_both_components():
    pts = _red(r"\addplot [red, domain=0:1, samples=3] ({2*x-1}, {x^2});")
    # x: -1, 0, 1 -> 48.75, 97.5, 146.25; y: 0, 0.25, 1 -> 81, 91.125, 121.5 (195 x 162 for -2..2)
    assert np.allclose(pts, [[48.75, 81.0], [97.5, 91.125], [146.25, 121.5]], atol=0.01)


def test_data_cs_polar_reads_angle_and_radius():
    deg = _red(r"\addplot [red, data cs=polar] coordinates {(0,1) (90,1) (180,2)};")
    rad = _red(r"\addplot [red, data cs=polarrad] coordinates {(0,1) (1.5707963,1) (3.1415927,2)};")
    want = [[146.25, 81.0], [97.5, 121.5], [0.0, 81.0]]  # (1,0), (0,1), (-2,0)
    assert np.allclose(deg, want, atol=0.01) and np.allclose(rad, want, atol=0.01)
