"""Zeros as small rings and poles as small crosses are counted and told apart.

Before, only filled dots marked a point: an argument-principle figure in the usual
pole-zero notation (o for zeros, x for poles) failed AP-H2 and AP-H3 ('0 markers of zeros
inside') and AP-S1 (both drawn in black); now rings and crosses are markers and differently
shaped markers are distinguishable.
"""

from __future__ import annotations

from pathlib import Path

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "argument-principle"

FIGURE = r"""\begin{tikzpicture}
\draw[->] (2,0) arc (0:350:2); \node at (1.6,-1.8) {$C$};
\draw (1,0) circle (3pt) (-1,0) circle (3pt);
POLES
\node at (0,-3.5) {$N-P = 2-1 = 1$};
\end{tikzpicture}"""

CROSS = r"\draw ({x}-0.1,{y}-0.1) -- ({x}+0.1,{y}+0.1) ({x}-0.1,{y}+0.1) -- ({x}+0.1,{y}-0.1);"


def _check(tmp_path, poles):
    fig = tmp_path / "fig.tex"
    fig.write_text(FIGURE.replace("POLES", "\n".join(CROSS.format(x=x, y=y) for x, y in poles)))
    rep = geoverify.check(fig, TASK).to_dict()
    return {p["id"]: p for p in rep["predicates"]}, rep


def test_rings_and_crosses_mark_zeros_and_poles(tmp_path):
    preds, rep = _check(tmp_path, [(0, 0.5), (3, 0)])
    assert rep["H_math"] == 1, {k: v["message"] for k, v in preds.items() if v["verdict"] != "pass"}
    assert preds["AP-S1"]["verdict"] == "pass", preds["AP-S1"]["message"]


def test_misplaced_cross_fails(tmp_path):
    preds, _ = _check(tmp_path, [(0, -0.5), (3, 0)])
    assert preds["AP-H3"]["verdict"] == "fail"
