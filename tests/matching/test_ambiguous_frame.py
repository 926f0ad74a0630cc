"""A frame that fits two drawn copies of the figure equally well leaves its objects ambiguous.

Before, a torus square and a Klein-bottle square drawn side by side with the same corner
labels passed the torus task: the repeated labels pinned nothing, the frame's search stopped
at the first square that explained every object, and that square was the answer. Now the
search looks on for a second full explanation elsewhere; when there is one the objects the
frame placed are ambiguous and the checks on them indeterminate.
"""

from __future__ import annotations

from pathlib import Path

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "algebraic-topology" / "quotient-torus"

SQUARE = r"""\begin{scope}[xshift=SHIFT cm]
\draw (0,0) -- (3,0) -- (3,3) -- (0,3) -- cycle;
\draw[->,thick] (1.3,0) -- (1.7,0); \draw[->,thick] ({1.5-0.2*DIR},3) -- ({1.5+0.2*DIR},3);
\draw[->,thick] (0,1.3) -- (0,1.7); \draw[->,thick] (3,1.3) -- (3,1.7);
\node at (1.5,-0.3) {$a$}; \node at (1.5,3.3) {$a$}; \node at (-0.3,1.5) {$b$}; \node at (3.3,1.5) {$b$};
CORNERS\end{scope}
"""
CORNERS = (r"\node[below left] at (0,0) {$A$}; \node[below right] at (3,0) {$B$};"
           r"\node[above right] at (3,3) {$C$}; \node[above left] at (0,3) {$D$};" "\n")


def _square(shift, direction, corners=True):
    return SQUARE.replace("SHIFT", str(shift)).replace("DIR", str(direction)).replace("CORNERS", CORNERS if corners else "")


def _check(tmp_path, body):
    fig = tmp_path / "fig.tex"
    fig.write_text("\\begin{tikzpicture}\n" + body + "\\node at (1.5,-1) {$T^2$};\n\\end{tikzpicture}\n")
    rep = geoverify.check(fig, TASK).to_dict()
    return {p["id"]: p for p in rep["predicates"]}, rep


def test_two_labelled_squares_are_indeterminate(tmp_path):
    preds, rep = _check(tmp_path, _square(0, 1) + _square(5, -1))
    assert rep["H_math"] == 0
    for pid in ("QS-H1", "QS-H2", "QS-H3"):
        assert preds[pid]["verdict"] == "indeterminate", preds[pid]["message"]
    assert "two drawn figures" in preds["QS-H1"]["message"]


def test_one_square_still_passes(tmp_path):
    preds, rep = _check(tmp_path, _square(0, 1))
    assert rep["H_math"] == 1, {k: v["message"] for k, v in preds.items() if v["verdict"] != "pass"}


def test_labels_on_one_square_pin_the_frame(tmp_path):
    # the corner labels name one square: the other (a Klein bottle, unlabelled) is no candidate
    preds, rep = _check(tmp_path, _square(0, 1) + _square(5, -1, corners=False))
    assert rep["H_math"] == 1, {k: v["message"] for k, v in preds.items() if v["verdict"] != "pass"}
