"""``\\\\`` in node text breaks lines only with ``align=`` or ``text width`` (TikZ's node
halign header); otherwise LaTeX's ``\\\\`` in the node's ``\\hbox`` breaks nothing. Checked
with pdflatex + dvisvgm: ``{1\\\\2\\\\3}`` is the one run "123", its box 21.59 x 13.05 bp."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline, TextLabel


def _node(opts):
    sc = parse_tikz(r"\begin{tikzpicture}\node[draw%s] {1\\2\\3};\end{tikzpicture}" % opts)
    (frame,) = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    (label,) = [p for p in sc.primitives if isinstance(p, TextLabel)]
    return frame, label


def test_without_align_the_lines_are_one():
    frame, label = _node("")
    assert label.text == "123"
    w, h = np.ptp(frame[:, 0]), np.ptp(frame[:, 1])
    # 3 digits of 5pt + 2 x 3.333pt inner sep; the digits' height and depth plus 2 x 3.333pt
    assert (w, h) == pytest.approx((21.67, 13.11), abs=0.02)


def test_with_align_the_lines_stack():
    frame, label = _node(", align=center")
    assert np.ptp(frame[:, 1]) > 30  # three lines 12pt apart
