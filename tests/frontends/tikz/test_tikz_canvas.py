"""Canvas transformations of a scope (canvas.py): the views library's meet and slice."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Ellipse, Polyline, TextLabel

from tikz_fixtures import CM, close

SOURCE = r"""\usetikzlibrary{views}
\tikz {
  \draw [red, very thick] (0,0) rectangle (20mm,20mm);
  \begin{scope}[KEY = {(0.5,0.5) (2.5,1.5) at (0,0) (2,2)}]
    \draw [blue, very thick] (5mm,5mm) rectangle (25mm,15mm);
    \draw [thick] (1,1) circle [x radius=5mm, y radius=10mm] node {Hi};
  \end{scope} }"""


@pytest.mark.parametrize("key,scale", [("meet", 1.0), ("slice", 2.0)])
def test_meet_and_slice_map_the_view_box_onto_the_target_box(key, scale):
    # pgf manual; TeX (dvisvgm, origin (-71.402346, -14.710937)): meet keeps the blue box (0,.5)--(2,1.5)
    # cm; slice scales it by 2 about the centre: M-99.7502-14.711V-71.4024H13.6366V-14.711, i.e.
    # (-1,0)--(3,2) cm, lines and text scaled with it (stroke-width 2.39106, text matrix(2 0 0 2 ..))
    sc = parse_tikz(SOURCE.replace("KEY", key))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    red, blue = [p for p in sc.primitives if isinstance(p, Polyline)]
    (ellipse,) = [p for p in sc.primitives if isinstance(p, Ellipse)]
    (hi,) = [p for p in sc.primitives if isinstance(p, TextLabel)]
    lo, hi_ = blue.points.min(axis=0), blue.points.max(axis=0)
    want = {"meet": ((0, 0.5), (2, 1.5)), "slice": ((-1, 0), (3, 2))}[key]
    assert close(lo, np.array(want[0]) * CM, tol=1e-6) and close(hi_, np.array(want[1]) * CM, tol=1e-6)
    assert close(red.points.max(axis=0), (2 * CM, 2 * CM), tol=1e-6)  # outside the scope: as drawn
    assert abs(blue.style.stroke_width - 1.2 * scale) < 1e-9
    assert close(ellipse.center, (1 - 0.5 * scale, 1) * np.array([CM, CM]), tol=1e-6)  # (1,1) + s((1,1) - (1.5,1))
    assert abs(ellipse.ry - scale * CM) < 1e-6 and abs(hi.font_size - 10 * scale) < 1e-9


def test_a_view_without_target_is_the_identity_and_other_values_are_reported():
    sc = parse_tikz(r"\tikz \begin{scope}[view={(0,0) rectangle (1,1)}] \draw (0,0) -- (1,0); \end{scope}")
    (line,) = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert close(line.points, [(0, 0), (CM, 0)], tol=1e-9)
    sc = parse_tikz(r"\tikz \begin{scope}[slice={(0,0) to (1,1)}] \draw (0,0) -- (1,0); \end{scope}")
    assert [d.construct for d in sc.diagnostics if d.code == "UNSUPPORTED"] == ["slice"]
