"""A symmetric figure's frame is fitted where its labels put the points, not onto its mirror image.

Before, a hypothesis's residual for a labelled point was its distance to the nearest drawn point
of any name. A labelled square with reflection allowed then scored the reflection in its
diagonal (corner B predicted on the dot labelled D) exactly as well as the figure itself, and the
tie went to the mirror image: every forward/backward arrow on the square's edges was read
across the edge, and the correct torus, Klein bottle and projective plane references failed.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.ir import task_from_dict
from geoverify.matching import bind, extract_features, transform_points

CORNERS = {"A": (0.0, 0.0), "B": (1.0, 0.0), "C": (1.0, 1.0), "D": (0.0, 1.0)}

TIKZ = r"""\begin{tikzpicture}
\draw[->] (0,0) -- (3,0); \draw[->] (0,3) -- (3,3); \draw[->] (0,0) -- (0,3); \draw[->] (3,0) -- (3,3);
\foreach \p in {(0,0),(3,0),(3,3),(0,3)} \fill \p circle (2.2pt);
\node[below left] at (0,0) {$A$}; \node[below right] at (3,0) {$B$};
\node[above right] at (3,3) {$C$}; \node[above left] at (0,3) {$D$};
\end{tikzpicture}"""


def _task(equivalences):
    objects = [{"id": k, "type": "point", "frame": "plane", "coords": list(v), "labels": [k]} for k, v in CORNERS.items()]
    objects.append({"id": "square", "type": "polygon", "frame": "plane", "vertices": list(CORNERS)})
    for oid, a, b in (("bottom", "A", "B"), ("top", "D", "C"), ("left", "A", "D"), ("right", "B", "C")):
        objects.append({"id": oid, "type": "segment", "frame": "plane", "through": [a, b]})
    return task_from_dict({"schema_version": "1.0", "id": "t", "discipline": "geometry", "prompt": "p",
                           "frames": [{"id": "plane", "kind": "plane", "equivalences": equivalences}],
                           "objects": objects,
                           "predicates": [{"id": "p", "kind": "hard", "check": {"op": "drawn", "object": "square"}}]})


@pytest.mark.parametrize("equivalences", [
    ["translation", "uniform_scaling", "rotation", "reflection"],
    ["translation", "uniform_scaling", "reflection"],
    ["translation", "uniform_scaling", "rotation"],
])
def test_labelled_square_fits_its_labels(equivalences):
    scene = parse_tikz(TIKZ)
    binding = bind(_task(equivalences), scene, extract_features(scene))
    fit = binding.frames["plane"]
    assert not fit.reflected
    for name, xy in CORNERS.items():
        predicted = transform_points(fit.matrix, np.array(xy))
        assert np.allclose(predicted, binding[name].point, atol=1e-6), name
