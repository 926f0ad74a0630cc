"""``nodes near coords`` styled by ``every node near coord/.append style`` (or ``.style``,
``nodes near coords style``). The figure below agrees with pdflatex + dvisvgm to 0.005 pt."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import TextLabel


def _labels(style_key):
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[ybar, ymin=0, nodes near coords,
  %s={rotate=90, anchor=west, font=\small}]
\addplot coordinates {(1,2) (2,3)};
\end{axis}\end{tikzpicture}""" % style_key)
    return {p.text: p for p in sc.primitives if isinstance(p, TextLabel) and p.frame is not None}


@pytest.mark.parametrize(
    "key", ["every node near coord/.append style", "every node near coord/.style", "nodes near coords style"])
def test_node_near_coord_style_turns_and_anchors_the_labels(key):
    labels = _labels(key)
    two = labels["$2$"]
    assert two.font_size == pytest.approx(9.0)
    assert two.frame[:, :2].ravel().tolist() == pytest.approx([0.0, -1.0, 1.0, 0.0], abs=1e-9)
    # anchor=west of the turned node: its turned west side 3.53 pt above the bar top at y = 98.18 (TeX)
    assert two.box[1] == pytest.approx(101.715, abs=0.01)
    assert (two.box[0] + two.box[2]) / 2 == pytest.approx(16.25, abs=0.01)
