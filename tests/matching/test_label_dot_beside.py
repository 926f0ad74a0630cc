"""An SVG label set under its dot in a small figure names the dot, not the circle it stands by.

The label's reach (the label margin, a fraction of the figure, plus half the font size) fell
short of a dot a whole font size and the gap away; the label then named the point of the
circle passing between it and the dot, and the frame fitted to that point failed the figure.
"""

from __future__ import annotations

from pathlib import Path

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "inversive-geometry" / "orthogonal-circles"

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">
  <g transform="translate(60 80) rotate(30)">
    <circle r="40" fill="none" stroke="blue"/>
    <circle cx="50" r="30" fill="none" stroke="red"/>
    <polyline points="0,0 32,-24 50,0" fill="none" stroke="black"/>
    <circle r="2"/>{dot}<circle cx="32" cy="-24" r="2"/>
  </g>
  <text x="44" y="80" font-size="11">O<tspan font-size="8" dy="3">1</tspan></text>
  <text x="105" y="125" font-size="11">O<tspan font-size="8" dy="3">2</tspan></text>
  <text x="98" y="68" font-size="11">P</text>
  <text x="22" y="40" font-size="11">c<tspan font-size="8" dy="3">1</tspan></text>
  <text x="128" y="138" font-size="11">c<tspan font-size="8" dy="3">2</tspan></text>
</svg>
"""


def _report(tmp_path, dot):
    fig = tmp_path / "fig.svg"
    fig.write_text(SVG.format(dot=dot))
    return geoverify.check(fig, TASK).to_dict()


def test_label_under_its_dot_names_the_dot(tmp_path):
    rep = _report(tmp_path, '<circle cx="50" r="2"/>')
    assert rep["objects"]["O2"]["via"] == "label" and "circle" not in rep["objects"]["O2"].get("note", "")
    assert rep["H_math"] == 1, [(p["id"], p["message"]) for p in rep["predicates"] if p["verdict"] != "pass"]


def test_without_the_dot_the_label_still_names_a_point_of_the_circle(tmp_path):
    rep = _report(tmp_path, "")
    assert "on the circle beside its label" in rep["objects"]["O2"]["note"]
