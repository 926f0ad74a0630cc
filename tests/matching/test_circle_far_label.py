"""A circle whose label stands too far off is still bound by geometry where the frame puts it.

Before, a label farther than 1.5 label margins from every drawn circle left the circle unbound
("not drawn"), failing hard predicates of a geometrically exact figure; now the circle at the
predicted place is bound and only the soft label check fails. A missing circle stays unbound.
"""

from __future__ import annotations

from pathlib import Path

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "inversive-geometry" / "orthogonal-circles"

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">
  <g transform="translate(60 80) rotate(30)">
    <circle r="40" fill="none" stroke="blue"/>
    {c2}
    <polyline points="0,0 32,-24 50,0" fill="none" stroke="black"/>
    <circle r="2"/><circle cx="50" r="2"/><circle cx="32" cy="-24" r="2"/>
  </g>
  <text x="44" y="80" font-size="11">O<tspan font-size="8" dy="3">1</tspan></text>
  <text x="106" y="119" font-size="11">O<tspan font-size="8" dy="3">2</tspan></text>
  <text x="98" y="68" font-size="11">P</text>
  <text x="22" y="40" font-size="11">c<tspan font-size="8" dy="3">1</tspan></text>
  <text x="140" y="150" font-size="11">c<tspan font-size="8" dy="3">2</tspan></text>
</svg>
"""


def _verdicts(tmp_path, c2):
    fig = tmp_path / "fig.svg"
    fig.write_text(SVG.format(c2=c2))
    rep = geoverify.check(fig, TASK).to_dict()
    return {p["id"]: p["verdict"] for p in rep["predicates"]}, rep


def test_far_label_circle_bound_by_geometry(tmp_path):
    v, rep = _verdicts(tmp_path, '<circle cx="50" r="30" fill="none" stroke="red"/>')
    assert rep["H_math"] == 1, v
    assert v["OC-S1"] == "fail"
    assert "not near" in rep["objects"]["c2"]["note"]


def test_far_label_missing_circle_stays_unbound(tmp_path):
    v, rep = _verdicts(tmp_path, "")
    assert v["OC-H1"] == "fail"
    assert rep["objects"]["c2"]["status"] == "unbound"
