"""A TikZ node set after ``circle`` and moved off by its options names the circle it is seen beside.

The node is attached at the circle's centre (the current point after ``circle``); measured
from there, ``B`` moved beside B's outline by ``above right=2.2cm`` was nearer the small
circle A around that centre, and B was reported not drawn.
"""

from __future__ import annotations

from pathlib import Path

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "set-theory" / "set-inclusion-witnesses"

TIKZ = r"""\begin{tikzpicture}
  \draw[thick] (0,0) circle (3) node[above right=2.2cm] {$B$};
  \draw[thick] (-0.8,0.3) circle (1.3);
  \node at (-0.8,1.9) {$A$};
  \fill (-0.9,0) circle (2pt) node[below] {$x$};
  \fill (1.5,-1) circle (2pt) node[below] {$y$};
  \fill (3.5,2.5) circle (2pt) node[right] {$z$};
  \node at (0,-3.6) {$A \subseteq B$};
\end{tikzpicture}
"""


def test_shifted_node_after_circle_names_that_circle(tmp_path):
    fig = tmp_path / "fig.tex"
    fig.write_text(TIKZ)
    rep = geoverify.check(fig, TASK).to_dict()
    assert abs(rep["objects"]["B"]["radius"] - 3 * 28.452756) < 0.5
    assert rep["D"] == 1, [(p["id"], p["message"]) for p in rep["predicates"] if p["verdict"] != "pass"]
