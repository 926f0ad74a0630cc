"""``magnetic tape`` (shapes.symbols) as pgf builds it: anchors pdfTeX reported
(``\\pgfgetlastxy`` after ``\\path (a.tail east)``) and the drawn outline."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

NODE = r"\node [magnetic tape, draw, magnetic tape tail=0.5, magnetic tape tail extend=0.5cm] (a) {A};"


def test_magnetic_tape_anchors_match_pgf():
    sc = parse_tikz(r"\begin{tikzpicture}" + NODE + r"""
      \coordinate (t) at (a.tail east); \coordinate (s) at (a.tail south east);
      \coordinate (e) at (a.east); \coordinate (n) at (a.north); \coordinate (d) at (a.200);
      \draw (t) -- (s) -- (e) -- (n) -- (d);
    \end{tikzpicture}""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline) and not p.closed_flag]
    assert np.asarray(lines[-1].points) == pytest.approx(np.array(
        [[24.44322, -7.51265], [24.44322, -10.21686], [10.21686, 0.0], [0.0, 10.21686], [-9.60074, -3.49396]]),
        abs=0.02)
    assert not [m for m in sc.diagnostics if m.code == "UNSUPPORTED"]


def test_magnetic_tape_outline_is_a_circle_with_a_tail():
    sc = parse_tikz(r"\begin{tikzpicture}" + NODE + r"\end{tikzpicture}")
    (outline,) = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    pts = np.asarray(outline.points)
    r = 10.21686 - 0.2  # the anchors include half the line width
    assert pts[:, 0].max() == pytest.approx(r + 0.5 * 72.27 / 2.54, abs=0.01)  # the tail's end
    assert pts[:, 1].min() == pytest.approx(-r, abs=0.01) and pts[:, 1].max() == pytest.approx(r, abs=0.01)
    assert pts[0] == pytest.approx([r * np.sqrt(0.75), -r / 2], abs=0.01)  # the tail's top meets the circle
