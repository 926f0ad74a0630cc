"""Arrows of a small tikz-cd diagram start and end at their nodes.

tikz-cd starts an arrow about half an em beyond the node's text (inner and outer sep); the
allowance was the label margin alone (8% of the figure), which a diagram of 40 pt did not
reach, so the horizontal arrows f and k were 'not drawn'.
"""

from __future__ import annotations

from pathlib import Path

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "category-theory" / "commutative-square"

TIKZCD = r"""\documentclass{standalone}
\usepackage{tikz-cd}
\begin{document}
\begin{tikzcd}
A \arrow[r, "f"] \arrow[d, "h"'] & B \arrow[d, "g"] \\
C \arrow[r, "k"'] & D
\end{tikzcd}
\end{document}
"""


def test_tikzcd_square_arrows_are_bound(tmp_path):
    fig = tmp_path / "square.tex"
    fig.write_text(TIKZCD)
    rep = geoverify.check(fig, TASK).to_dict()
    verdicts = {p["id"]: (p["verdict"], p["message"]) for p in rep["predicates"]}
    assert verdicts["CD-H1"][0] == "pass", verdicts["CD-H1"]
