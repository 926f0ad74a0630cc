"""Mining pins: the relations of the hand-made construction, found in SVG and in Asymptote."""

from __future__ import annotations

import pytest

from geoverify.fidelity import mine_scene
from geoverify.fidelity.mine import point_name
from geoverify.frontends.svg import parse_svg
from geoverify.ir import task_from_dict

# (type, key) of the primary relations the construction must give.
EXPECTED = {
    ("right_angle_mark", "D|A|M"),
    ("betweenness", "D|BC"),
    ("betweenness", "M|BC"),
    ("midpoint", "M|BC"),
    ("tick_marks", "BM|CM"),
    ("incidence", "A|circle_O"),
    ("incidence", "B|circle_O"),
    ("incidence", "C|circle_O"),
    ("segment", "AD"),
    ("segment", "AB"),
    ("circle", "circle_O"),
}


def _keys(mined, implied=None):
    return {(r.type, r.key) for r in mined.relations if implied is None or r.implied == implied}


def test_point_names():
    assert [point_name(t) for t in ("A", "B'", "C1", "Da", "AB", "x", "12", "A^\\prime")] == \
        ["A", "B'", "C1", "Da", None, None, None, "A'"]


def test_svg_construction_relations(svg_reference):
    mined = mine_scene(parse_svg(svg_reference))
    assert set(mined.points) == {"A", "B", "C", "D", "M", "O"}
    missing = EXPECTED - _keys(mined)
    assert not missing, f"not mined: {missing}"
    # Implied, not primary: collinearity of B, D, M, C (by betweenness) and BM = MC (by the ticks/midpoint).
    assert ("collinear", "BDMC") in _keys(mined, implied=True)
    # BM = MC is stated once: by the tick marks, not again as a plain equal length (one check, one predicate).
    assert ("tick_marks", "BM|CM") in _keys(mined, implied=False)
    assert not [r for r in mined.relations if r.type == "equal_length" and set(r.objects) == {"BM", "CM"}]
    # The centre of the circle is expressed with equal radii.
    assert any(r.type == "centre" for r in mined.relations)


def test_no_accidental_relations(svg_reference):
    mined = mine_scene(parse_svg(svg_reference))
    # AB is not parallel or perpendicular to anything, and no two unrelated sides are equal.
    assert not any(r.type == "parallel" for r in mined.relations)
    assert not any(r.type == "equal_length" and {"AB", "AC"} <= set(r.objects) for r in mined.relations)


def test_near_coincidences_are_noted_not_mined():
    svg = """<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
    <line x1="20" y1="50" x2="120" y2="50" stroke="black"/>
    <line x1="20" y1="200" x2="120.8" y2="214" stroke="black"/>
    <circle cx="20" cy="50" r="2"/><text x="8" y="46" font-size="12">P</text>
    <circle cx="120" cy="50" r="2"/><text x="124" y="46" font-size="12">Q</text>
    <circle cx="20" cy="200" r="2"/><text x="8" y="196" font-size="12">R</text>
    <circle cx="120.8" cy="214" r="2"/><text x="124" y="224" font-size="12">S</text>
    <circle cx="250" cy="250" r="2"/><text x="240" y="246" font-size="12">U</text>
    <circle cx="251" cy="250.5" r="2"/><text x="256" y="262" font-size="12">V</text>
    </svg>"""
    mined = mine_scene(parse_svg(svg))
    # |PQ| = 100 and |RS| = 101.77: 1.8% apart, inside the checking tolerance, outside the mining one.
    assert not any(r.type == "equal_length" for r in mined.relations)
    assert any("nearly equal lengths" in n for n in mined.notes)
    # PQ and RS are 7.9 degrees apart: not parallel, and not noted (beyond the checking tolerance).
    assert not any(r.type == "parallel" for r in mined.relations)
    assert any("nearly coincides" in n for n in mined.notes)


def test_draft_is_a_valid_task_that_the_reference_passes(svg_reference):
    from geoverify.evaluation import check_scene
    from geoverify.testing import verdicts

    scene = parse_svg(svg_reference)
    data = mine_scene(scene).to_task("tri")
    task = task_from_dict(data)
    assert {p.id.split(".")[0] for p in task.predicates} <= {"rel", "implied"}
    rep = check_scene(scene, task)
    bad = {k: v for k, v in verdicts(rep).items() if v != "pass"}
    assert not bad, bad


def test_asymptote_construction_relations(asy_scene):
    mined = mine_scene(asy_scene)
    missing = EXPECTED - _keys(mined)
    assert not missing, f"not mined from Asymptote: {missing}"


@pytest.mark.slow
def test_mined_task_is_admitted(svg_reference, tmp_path):
    """The mined draft passes the automatic admission checks (where ``geoverify admit`` exists)."""
    admission = pytest.importorskip("geoverify.admission", reason="geoverify admit is not built")
    import json

    scene = parse_svg(svg_reference)
    data = mine_scene(scene).to_task("tri", source="hand-made test construction")
    (tmp_path / "reference.svg").write_text(svg_reference)
    data["references"] = [{"path": "reference.svg", "format": "svg"}]
    (tmp_path / "task.json").write_text(json.dumps(data))
    rep = admission.admit_task(tmp_path, gate=False)
    assert rep.admitted, rep.failures()


def test_point_in_no_relation_is_left_out_of_the_draft():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
           '<polygon points="20,180 180,180 100,40" fill="none" stroke="black"/>'
           '<circle cx="160" cy="60" r="2" fill="black"/>'
           '<text x="8" y="194" font-size="12">A</text><text x="184" y="194" font-size="12">B</text>'
           '<text x="96" y="34" font-size="12">C</text><text x="166" y="56" font-size="12">P</text></svg>')
    mined = mine_scene(parse_svg(svg))
    assert "P" in mined.points
    task = mined.to_task("t")
    assert "P" not in {o["id"] for o in task["objects"]}
    assert "P take part in no relation" in task["notes"]
    assert task["tolerances"]["coordinate_precision"] == mined.precision
    task_from_dict(task)
