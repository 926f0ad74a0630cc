"""A picture inline in one line of node text (:mod:`geoverify.frontends.tikz.inline_picture`).

Numbers from a pdflatex + dvisvgm run of the same snippet (pt; dvisvgm's bp x 72.27/72).
The inner node has no outer sep and the rectangle is filled, not stroked: pgf's box of
a picture also reaches half a line width past stroked paths, which this snippet keeps out.
"""

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline, TextLabel

SNIPPET = r"""\begin{tikzpicture}
  \node[draw] at (0,0) {\tt ab\tikz[baseline]{\node[fill=red, inner sep=1pt, outer sep=0pt, anchor=base] (X) {cd};}};
  \node[draw] at (0,-1) {xy\tikz{\fill (0,0) rectangle (0.5,0.3);} z};
\end{tikzpicture}"""


def _boxes(sc):
    return [(p.points.min(axis=0), p.points.max(axis=0)) for p in sc.primitives if isinstance(p, Polyline)]


def test_picture_with_baseline_sits_on_the_texts_baseline_in_the_texts_font():
    sc = parse_tikz(SNIPPET)
    (lo1, hi1), (rlo, rhi) = _boxes(sc)[:2]
    # TeX: the node is 29.666 x 14.778; the red box (cd in \tt, 12.5 wide) starts 13.833 right
    # of its left edge and 3.333 above its bottom (the inner node's base on the baseline)
    assert np.allclose(hi1 - lo1, (29.666, 14.778), atol=0.01)
    assert np.allclose(rlo - lo1, (13.833, 3.333), atol=0.01) and np.allclose(rhi - rlo, (12.5, 8.111), atol=0.01)
    labels = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    assert labels[r"\tt ab"].box[2] == pytest.approx(rlo[0], abs=0.01)  # the picture follows "ab"
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_picture_without_baseline_stands_on_it_between_the_words():
    sc = parse_tikz(SNIPPET)
    (lo2, hi2), (flo, fhi) = _boxes(sc)[2:4]
    # TeX: 39.226 wide; the filled rectangle 13.889 right of the node's left edge, its bottom
    # on the baseline, "z" after it and a space
    assert hi2[0] - lo2[0] == pytest.approx(39.226, abs=0.01)
    assert flo[0] - lo2[0] == pytest.approx(13.889, abs=0.01)
    labels = {p.text.strip(): p for p in sc.primitives if isinstance(p, TextLabel)}
    assert flo[1] == pytest.approx(labels["xy"].box[1] + 1.94444, abs=0.01)  # y's depth below the baseline


def test_picture_after_words_in_a_text_width_node_goes_to_the_next_line_when_it_does_not_fit():
    # latex + dvisvgm (bp): the outer box 56.45 x 43.18; "Memory" centred, its baseline 10.13
    # below the box's top and starting 10.22 right of its left; the inner ROM box's top 13.26
    # below (the words' depth and \lineskip 1 pt above the picture) and its left 4.98 right
    sc = parse_tikz(r"""\begin{tikzpicture}
    \node[draw, text width=5em, text centered] at (0,0) {Memory \begin{tikzpicture}
      \node[draw, text width=4em, text centered] (a) {ROM};
      \node[draw, text width=4em, text centered, below of=a, node distance=1.3em] {RAM};\end{tikzpicture}};
    \end{tikzpicture}""")
    bp = 72 / 72.27
    boxes = sorted(((a * bp, b * bp) for a, b in _boxes(sc)), key=lambda b: -(b[1][1] - b[0][1]))
    (lo, hi), (rom_lo, rom_hi) = boxes[0], max(boxes[1:], key=lambda b: b[1][1])
    assert hi - lo == pytest.approx([56.45, 43.18], abs=0.02)
    word = next(p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "Memory")
    assert word.box[0] * bp - lo[0] == pytest.approx(10.22, abs=0.02)
    assert hi[1] - (word.box[1] + 1.94444) * bp == pytest.approx(10.13, abs=0.02)
    assert [rom_lo[0] - lo[0], hi[1] - rom_hi[1]] == pytest.approx([4.98, 13.26], abs=0.02)
    assert not [d for d in sc.diagnostics if "picture" in d.message]
