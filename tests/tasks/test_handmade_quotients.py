"""Fundamental squares: every arrow choice that glues the same space passes, the others fail.

Before, QS-H2 accepted one arrow pattern per space (the reference's) and QS-H3 one naming of the
pairs: a torus with both a-arrows pointing left, a Klein bottle twisted on the left edge or on
the a-pair, a projective plane with all arrows reversed, or a torus whose vertical pair is 'a'
failed although each glues exactly the space the prompt names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import geoverify

TASKS = Path(__file__).resolve().parents[2] / "tasks" / "algebraic-topology"

# arrow on each edge: + runs A->B, D->C, A->D, B->C (the IR's forward), - the other way
_ARROW = {"bottom": ((1.3, 0), (1.7, 0)), "top": ((1.3, 3), (1.7, 3)), "left": ((0, 1.3), (0, 1.7)),
          "right": ((3, 1.3), (3, 1.7))}
_LABEL_AT = {"bottom": (1.5, -0.3), "top": (1.5, 3.3), "left": (-0.3, 1.5), "right": (3.3, 1.5)}


def _figure(tmp_path, signs: str, labels: str, name: str) -> Path:
    lines = [r"\begin{tikzpicture}", r"\draw (0,0) -- (3,0) -- (3,3) -- (0,3) -- cycle;"]
    for (edge, (p, q)), sign, lab in zip(_ARROW.items(), signs, labels):
        if sign == "-":
            p, q = q, p
        lines.append(rf"\draw[->,thick] {p} -- {q}; \node at {_LABEL_AT[edge]} {{${lab}$}};")
    lines += [r"\node[below left] at (0,0) {$A$}; \node[below right] at (3,0) {$B$};",
              r"\node[above right] at (3,3) {$C$}; \node[above left] at (0,3) {$D$};",
              rf"\node at (1.5,-1) {{{name}}};", r"\end{tikzpicture}"]
    fig = tmp_path / "fig.tex"
    fig.write_text("\n".join(lines))
    return fig


CASES = [
    # task, arrows (bottom, top, left, right), labels, name, hard predicate that must fail (None: H_math = 1)
    ("quotient-torus", "--++", "aabb", "$T^2$", None),
    ("quotient-torus", "----", "aabb", "torus", None),
    ("quotient-torus", "++++", "bbaa", "$T^2$", None),
    ("quotient-torus", "+-++", "aabb", "$T^2$", "QS-H2"),
    ("quotient-torus", "++++", "abba", "$T^2$", "QS-H3"),
    ("quotient-klein-bottle", "++-+", "aabb", "Klein bottle", None),
    ("quotient-klein-bottle", "+-++", "aabb", "Klein bottle", None),
    ("quotient-klein-bottle", "-+--", "bbaa", "Klein bottle", None),
    ("quotient-klein-bottle", "++++", "aabb", "Klein bottle", "QS-H2"),
    ("quotient-klein-bottle", "+-+-", "aabb", "Klein bottle", "QS-H2"),
    ("quotient-projective-plane", "-+-+", "aabb", r"$\mathbb{R}P^2$", None),
    ("quotient-projective-plane", "+--+", "aabb", r"$\mathbb{R}P^2$", None),
    ("quotient-projective-plane", "+-++", "aabb", r"$\mathbb{R}P^2$", "QS-H2"),
    ("quotient-projective-plane", "++++", "aabb", r"$\mathbb{R}P^2$", "QS-H2"),
]


@pytest.mark.parametrize("task, signs, labels, name, failing", CASES)
def test_gluing_up_to_equivalent_choices(tmp_path, task, signs, labels, name, failing):
    rep = geoverify.check(_figure(tmp_path, signs, labels, name), TASKS / task).to_dict()
    verdicts = {p["id"]: p["verdict"] for p in rep["predicates"] if p["kind"] == "hard"}
    if failing is None:
        assert rep["H_math"] == 1, verdicts
    else:
        assert verdicts[failing] == "fail", verdicts
        assert all(v == "pass" for k, v in verdicts.items() if k != failing), verdicts
