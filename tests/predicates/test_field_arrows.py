"""field_arrows: the arrows of a field plot must point the way the field does.

Before, the vector-field tasks checked the flow line, its arrows and the field's formula but not
the field plot: an answer with no field at all, or with every field arrow turning the wrong way
(F = (y, -x) drawn for F = (-y, x)), passed every hard predicate.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import geoverify

TASKS = Path(__file__).resolve().parents[2] / "tasks" / "vector-calculus"

FLOW = r"""
\draw[thick,blue] (0,0) circle (2); \draw[thick,blue,->] (2,0) arc (0:30:2);
\fill (0,0) circle (1.5pt) node[below left] {$O$}; \node[blue] at (1.7,1.7) {$\gamma$};
\node at (0,-3.2) {$F(x,y)=(-y,x)$};
"""


def _grid(u: str, v: str) -> str:
    # half-integer grid: no field arrow touches the flow line, so only VF-H4 can tell the field
    return (rf"\foreach \x in {{-2.5,-1.5,...,2.5}} \foreach \y in {{-2.5,-1.5,...,2.5}} "
            rf"{{ \draw[->,gray] (\x,\y) -- ++({{{u}}},{{{v}}}); }}")


def _verdict(tmp_path, body: str, task="vector-field-rotation"):
    fig = tmp_path / "fig.tex"
    fig.write_text(r"\begin{tikzpicture}" + body + r"\end{tikzpicture}")
    rep = geoverify.check(fig, TASKS / task).to_dict()
    return {p["id"]: p for p in rep["predicates"]}["VF-H4"]


def test_field_turning_with_f_passes(tmp_path):
    v = _verdict(tmp_path, _grid(r"-0.15*\y", r"0.15*\x") + FLOW)
    assert v["verdict"] == "pass", v["message"]


@pytest.mark.parametrize("body", [
    _grid(r"0.15*\y", r"-0.15*\x") + FLOW,   # the field of the other sense
    _grid(r"0.15*\x", r"0.15*\y") + FLOW,    # a radial field
    FLOW,                                    # no field plot
])
def test_wrong_or_missing_field_fails(tmp_path, body):
    v = _verdict(tmp_path, body)
    assert v["verdict"] == "fail", v["message"]


def test_axes_are_not_field_arrows(tmp_path):
    # long axis arrows are not part of the field plot: they neither help nor hurt
    axes = r"\draw[->] (-3,0) -- (3.2,0); \draw[->] (0,-3) -- (0,3.2);"
    v = _verdict(tmp_path, axes + _grid(r"-0.15*\y", r"0.15*\x") + FLOW)
    assert v["verdict"] == "pass", v["message"]


def test_missing_field_in_a_partial_scene_is_indeterminate(tmp_path):
    # a construct left uninterpreted may be what draws the field: not a fail
    v = _verdict(tmp_path, r"\pgfmathsetseed{1}\draw[decorate, decoration=unheard of] (0,0) -- (1,0);" + FLOW)
    assert v["verdict"] == "indeterminate", v["message"]
