"""A wide label centred beside its point names it; a right-angle mark's corners are no points.

Before, a TikZ ``\\node at (4.6,0.7) {$\\mathrm{proj}_L v$}`` 1.1 cm from the arrow tip it
names (8% of the figure is 0.9 cm) named nothing: its centre was beyond the snap distance,
although its text reaches to 0.4 cm of the tip, and the projection figure failed. A label
centred on its anchor now reaches half its width further (as an SVG text box does), and the
corners of a right-angle mark (an open stroke of two short equal perpendicular legs whose
square closes on another stroke) are not candidate points: they were nearer the label than
the tip.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

import geoverify
from geoverify.frontends.tikz import parse_tikz
from geoverify.matching import extract_features

TASK = Path(__file__).resolve().parents[2] / "tasks" / "linear-algebra" / "orthogonal-projection"

FIGURE = r"""\begin{tikzpicture}
\begin{scope}[scale=2]
\draw (-1,-1/3) -- (4,4/3); \node at (4.2,1.4) {$L$};
\draw[-latex] (0,0) -- (1.2,2.4); \node at (1.1,2.6) {$v$};
\draw[-latex] (0,0) -- (1.8,0.6); \node at (PX,0.35) {$\mathrm{proj}_L v$};
\draw[dotted, thick] (1.2,2.4) -- (1.8,0.6);
\draw (1.8,0.6) ++(-0.0949,-0.0316) -- ++(0.0316,-0.0949) -- ++(0.0949,0.0316);
\end{scope}
\end{tikzpicture}"""


def _check(tmp_path, px=2.3):
    fig = tmp_path / "fig.tex"
    fig.write_text(FIGURE.replace("PX", str(px)))
    rep = geoverify.check(fig, TASK).to_dict()
    return {p["id"]: p for p in rep["predicates"]}, rep


def test_wide_centred_label_names_the_projection(tmp_path):
    preds, rep = _check(tmp_path)
    assert rep["H_math"] == 1, {k: v["message"] for k, v in preds.items() if v["verdict"] != "pass"}
    assert preds["PR-S1"]["verdict"] == "pass", preds["PR-S1"]["message"]


def test_a_label_further_than_its_half_width_names_nothing(tmp_path):
    # 1.3 cm further right: the text's near edge is now 1.4 cm from the tip
    preds, rep = _check(tmp_path, px=2.95)
    assert rep["H_math"] == 0


def test_right_angle_mark_corners_are_no_points():
    scene = parse_tikz(r"""\begin{tikzpicture}
\draw (0,0) -- (4,0); \draw (2,0) -- (2,3);
\draw (2.3,0) -- (2.3,0.3) -- (2,0.3);
\draw (3,1) -- (3.3,1) -- (3.3,1.3);
\end{tikzpicture}""")
    f = extract_features(scene)
    pts = f.points / 28.452756  # pt -> cm
    def near(x, y):
        return bool((np.hypot(pts[:, 0] - x, pts[:, 1] - y) < 1e-3).any())
    # the mark at the foot of the perpendicular: its corner and ends are gone, the foot stays
    assert not near(2.3, 0.3) and not near(2.3, 0) and not near(2, 0.3)
    assert near(2, 0)
    # a lone corner whose square closes on nothing is kept
    assert near(3.3, 1)
