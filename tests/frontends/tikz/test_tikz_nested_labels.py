"""Labels and pins of a node whose text is a picture (:mod:`geoverify.frontends.tikz.nested`).

Numbers from a pdflatex + dvisvgm run of the same snippet (pt; dvisvgm's bp x 72.27/72).
The inner rectangle is drawn with ``line width=0pt``: pgf's box of a picture reaches half
a line width past its paths, which this snippet keeps out of the comparison.
"""

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import TextLabel


def test_label_and_pin_sit_at_the_picture_nodes_border():
    # the node is the 1cm x 2cm picture centred at (0,-2cm); its label below and its pin
    # above are ordinary nodes (the picture's size is not theirs)
    sc = parse_tikz(r"""\begin{tikzpicture}
\draw (0,0) -- (1,0);
\node[inner sep=0pt, outer sep=0pt, label={below:x}, pin={above:y}] at (0,-2) {\begin{tikzpicture}
  \draw[line width=0pt] (0,0) rectangle (1,2); \end{tikzpicture}};
\end{tikzpicture}""")
    labels = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    # TeX: x's baseline 93.198pt below the line, y's 10.059pt below it; both start 2.638pt left
    x, y = labels["x"], labels["y"]
    assert x.box[1] == pytest.approx(-93.198, abs=0.01)  # x has no depth
    assert y.box[1] + 1.94444 == pytest.approx(-10.059, abs=0.01)  # y's depth 0.194 em
    assert x.box[0] == pytest.approx(-2.638, abs=0.01) and y.box[0] == pytest.approx(-2.638, abs=0.01)
