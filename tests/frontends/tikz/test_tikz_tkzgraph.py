"""The tkz-graph package (:mod:`geoverify.frontends.tikz.tkzgraph`) against TeX.

Numbers from a pdflatex + dvisvgm run of the same snippet (pt; dvisvgm's bp x 72.27/72).
"""

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Circle, Polyline, TextLabel

CM = 72.27 / 2.54

GRAPH = r"""\begin{tikzpicture}
\GraphInit[vstyle=Normal]
\SetGraphUnit{2}
\Vertex{A}
\EA(A){B}
\NOEA(A){C}
\Edge[label=5](A)(B)
\SetUpEdge[labelcolor=red]
\Edge(B)(C)
\end{tikzpicture}"""


def test_vertices_one_graph_unit_apart_in_compass_directions():
    sc = parse_tikz(GRAPH)
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert np.allclose([c.center for c in circles], [(0, 0), (2 * CM, 0), (2 * CM, 2 * CM)])
    # TeX: Normal vertices are circles around their text (at least 18pt across), 0.5pt lines
    assert [c.radius for c in circles] == pytest.approx([9.747, 9.616, 9.661], abs=0.01)
    assert all(abs(c.style.stroke_width - 0.5) < 1e-9 for c in circles)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_edges_with_and_without_a_label():
    sc = parse_tikz(GRAPH)
    edges = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#000000"]
    assert len(edges) == 2 and all(abs(e.style.stroke_width - 0.8) < 1e-9 for e in edges)
    # the label: a white-filled node midway (TeX: centred 28.52pt right of A); the second
    # edge has no label, so no red fill
    labels = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "5"]
    assert len(labels) == 1 and (labels[0].box[0] + labels[0].box[2]) / 2 == pytest.approx(28.52, abs=0.01)
    fills = [p.style.fill for p in sc.primitives if isinstance(p, Polyline) and p.style.fill]
    assert fills == ["#ffffff"]


def test_other_vertex_looks_are_noted():
    sc = parse_tikz(r"\begin{tikzpicture}\GraphInit[vstyle=Art]\Vertex{A}\end{tikzpicture}")
    assert any(d.code == "UNSUPPORTED" and "Art" in d.message for d in sc.diagnostics)
