"""``\\braid`` of the braids package (geoverify.frontends.tikz.braids)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Polyline

from tikz_fixtures import CM


def test_braid_strands_crossings_gaps_styles_and_named_coordinates():
    # checked against TeX (all drawn points within 0.004 bp): three strands 1 cm apart, two
    # levels of crossings and the 2 x 0.25 cm border; s_1^{-1} cuts the strand going right
    sc = parse_tikz(r"""\begin{tikzpicture}
      \braid[style strands={2}{red}, number of strands=3] (b) s_1^{-1} s_2;
      \draw[blue] (b-1-s) -- (b-rev-3-e);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    blue = [p for p in sc.primitives if isinstance(p, Polyline)][0].points / CM
    assert np.allclose(blue, [(1, 0), (3, -2.5)])
    red = [p for p in sc.primitives if isinstance(p, BezierPath) and p.style.stroke == "#ff0000"]
    assert len(red) == 1
    ctrl = np.vstack([np.asarray(s.controls).reshape(-1, 2) for s in red[0].parts]) / CM
    assert np.allclose(ctrl[0], (2, 0)) and np.allclose(ctrl[-1], (1, -2.5))
    # the strand from position 1 passes under: its first crossing is cut around the middle
    black = [p for p in sc.primitives if isinstance(p, BezierPath) and p.style.stroke == "#000000"]
    assert sum(len(p.parts) for p in black) > 2


def test_braid_keys_that_cannot_be_read_are_reported_and_floors_too():
    sc = parse_tikz(r"\tikz \braid[width=x] s_1 | s_1;")
    notes = [d.message for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert any("width=x" in m for m in notes) and any("'|" in m for m in notes)
    assert len([p for p in sc.primitives if isinstance(p, BezierPath)]) >= 2
