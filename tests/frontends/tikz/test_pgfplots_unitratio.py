"""pgfplots' ``unit vector ratio`` on 2D axes (pgfplots_unitratio.py).

The box sizes were measured with pdflatex + dvisvgm (pgfplots 1.18, ``width=6cm``,
``ticks=none``, the plot ``(0,0) -- (4,2)`` with ``xmin=0, ymin=0``).
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfplots_unitratio import apply_unit_ratio, unit_ratio_setting
from geoverify.scene.primitives import Polyline

TOL = 0.05  # pt (TeX's numbers were read to 0.01 bp)


def _box_and_line(opts):
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[width=6cm, xmin=0, ymin=0, ticks=none, %s]
\addplot coordinates {(0,0) (4,2)};
\end{axis}\end{tikzpicture}""" % opts)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    box = next(q for q in lines if len(q) == 4)
    line = next(q for q in lines if len(q) == 2)
    return np.ptp(box, axis=0), line[1] - line[0]


def test_starred_ratio_shrinks_the_box():
    # TeX: box 125.72 x 62.86 pt, the line to (114.29, 57.15): one unit each way, 28.57 pt
    size, line = _box_and_line("unit vector ratio*={1 1 1}")
    assert size == pytest.approx([125.72, 62.86], abs=TOL)
    assert line == pytest.approx([114.29, 57.15], abs=TOL)


def test_ratio_keeps_the_size_by_widening_the_computed_limit():
    # TeX: unit vector ratio=2 1 keeps the box 125.72 x 102.24 pt (ymax grows; ymin=0 stays)
    size, line = _box_and_line("unit vector ratio=2 1")
    assert size == pytest.approx([125.72, 102.24], abs=TOL)
    assert line == pytest.approx([114.3, 28.58], abs=TOL)


def test_setting_follows_the_option_order():
    assert unit_ratio_setting([("axis equal", None)]) == ((1.0, 1.0), "true")
    assert unit_ratio_setting([("axis equal image", None), ("axis equal image", "false")])[0] is None
    assert unit_ratio_setting([("unit vector ratio*", "{1 2}")]) == ((1.0, 2.0), "false")
    assert unit_ratio_setting([("unit vector ratio", "3"), ("unit rescale keep size", None)]) == ((3.0, 1.0), "true")


@pytest.mark.parametrize("keep, declared, expected", [
    ("unless limits declared", (False, False), (-1.0, 3.0)),  # half at each computed end
    ("unless limits declared", (True, False), (0.0, 4.0)),  # all at the computed end
    ("unless limits declared", (False, True), (-2.0, 2.0)),
    ("unless limits declared", (True, True), (0.0, 2.0)),  # both given: kept
    ("true", (True, True), (-1.0, 3.0)),  # forced: half at each end
    ("false", (False, False), (0.0, 2.0)),
])
def test_shortened_axis_limits_widen_where_pgfplots_computes_them(keep, declared, expected):
    # y units are twice x's: y is shortened to half and its range doubled (2 -> 4) unless kept
    sx, sy, limits = apply_unit_ratio(1.0, 2.0, (1.0, 1.0), keep, {"x": (0.0, 4.0), "y": (0.0, 2.0)},
                                      {"x": (False, False), "y": declared})
    assert (sx, sy) == (1.0, 1.0)
    assert limits["x"] == (0.0, 4.0)
    assert limits["y"] == pytest.approx(expected)
