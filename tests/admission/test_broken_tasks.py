"""Deliberately broken tasks: each is rejected on the right rubric field, with the right reason."""

from __future__ import annotations

import pytest

from geoverify.admission import FAIL, NOT_EVALUATED, PASS, admit_task
from geoverify.admission.fuzzing import fuzz_task
from admission_packages import (
    circle_scene,
    circle_task,
    predicate,
    rouche_package,
    text_object,
    write_package,
)


def _admit(path):
    return admit_task(path, gate=False)


def test_sound_circle_task_is_admitted(tmp_path):
    adm = _admit(write_package(tmp_path / "ok", circle_task(), circle_scene()))
    assert adm.admitted, adm.failures()
    assert adm.fields["reference_artifact_correctness"].status == PASS
    assert adm.fields["equivalent_form_policy"].status == PASS
    # No automatic evidence for these: never a pass.
    assert adm.fields["source_consistency"].status == "needs_expert"
    assert adm.fields["prompt_sufficiency"].status == "needs_expert"


def test_reference_missing_a_hard_constraint(tmp_path):
    adm = _admit(write_package(tmp_path / "t", circle_task(), circle_scene(draw_a=False)))
    f = adm.fields["reference_artifact_correctness"]
    assert f.status == FAIL
    assert "not delivered" in f.reason and "H2" in f.reason and "H3" in f.reason
    assert not adm.admitted


def test_wrong_zero_count(tmp_path):
    def edit(d):
        h4 = predicate(d, "CA-H4")
        counts = h4["check"]["all"][0]  # CA-H4 = all(any(markers, winding), markers_all_or_none)
        counts["any"][0]["all"][0]["count"] = 2
        counts["any"][1]["value"] = 2
        text_object(d, "zeros")["count"] = 2
    adm = _admit(rouche_package(tmp_path / "t", edit))
    f = adm.fields["instance_validity"]
    assert f.status == FAIL
    assert "argument principle gives 3 zeros" in f.reason
    assert "count says 2" in f.reason                     # the point_set's own count
    assert "asks for 2 markers" in f.reason               # count_inside
    assert "winds 3 time(s)" in f.reason and "expects 2" in f.reason  # winding_number


def test_boundary_inequality_failing_on_the_contour(tmp_path):
    def edit(d):
        text_object(d, "boundary_inequality")["text"] = "|z+1| \\le 2 < 8 = |z^3|"
    adm = _admit(rouche_package(tmp_path / "t", edit))
    f = adm.fields["instance_validity"]
    assert f.status == FAIL
    # |z + 1| reaches 3 at z = 2 on |z| = 2
    assert "boundary_inequality" in f.reason and "which is false" in f.reason
    assert "z = 2+0i" in f.reason


def test_rouche_condition_failing(tmp_path):
    def edit(d):
        d["prompt"] = d["prompt"].replace("g(z)=z+1", "g(z)=9z+1")
    adm = _admit(rouche_package(tmp_path / "t", edit))
    f = adm.fields["instance_validity"]
    assert f.status == FAIL and "Rouché's condition |g| < |f| fails" in f.reason


def test_predicate_naming_a_missing_object(tmp_path):
    def edit(d):
        predicate(d, "CA-H1")["check"]["any"][0]["all"][0]["object"] = "Cx"
    adm = _admit(rouche_package(tmp_path / "t", edit))
    f = adm.fields["gold_ir_coverage"]
    assert f.status == FAIL and "unknown object 'Cx'" in f.reason and "predicates[0]" in f.reason
    # nothing else can be examined, and that is said, not passed
    assert adm.fields["reference_artifact_correctness"].status == NOT_EVALUATED
    assert not adm.admitted


def test_unknown_operation_is_not_decidable(tmp_path):
    data = circle_task()
    data["predicates"][1]["check"] = {"op": "tangnet", "a": "A", "b": "k"}
    adm = _admit(write_package(tmp_path / "t", data, circle_scene()))
    f = adm.fields["constraint_validity"]
    assert f.status == FAIL and "not decidable" in f.reason and "tangnet" in f.reason


def test_unused_object(tmp_path):
    data = circle_task(extra_objects=[{"id": "B", "type": "point", "coords": [0, 3], "labels": ["B"]}])
    adm = _admit(write_package(tmp_path / "t", data, circle_scene()))
    f = adm.fields["gold_ir_coverage"]
    assert f.status == FAIL and "B (objects[3])" in f.reason


def test_ir_coordinates_contradicting_an_incidence(tmp_path):
    data = circle_task()
    data["objects"][2] = {"id": "k", "type": "circle", "center": "O", "radius": 2.5, "labels": ["k"]}
    adm = _admit(write_package(tmp_path / "t", data, circle_scene()))
    f = adm.fields["instance_validity"]
    assert f.status == FAIL and "contradict H2" in f.reason


def test_generator_artefacts_in_the_prompt(tmp_path):
    data = circle_task()
    data["prompt"] = "Draw the circle k through A=(np.float64(3.0), np.int64(0))."
    adm = _admit(write_package(tmp_path / "t", data, circle_scene()))
    f = adm.fields["prompt_sufficiency"]
    assert f.status == FAIL and "np.float64(" in f.reason


def test_variant_that_does_not_break_what_it_claims(tmp_path):
    from geoverify.admission.svgwriter import scene_to_svg

    data = circle_task()
    root = write_package(tmp_path / "t", data, circle_scene())
    (root / "variants").mkdir()
    # claims to move A off the circle, but A stays on it
    (root / "variants" / "not-off.svg").write_text(scene_to_svg(circle_scene()), encoding="utf-8")
    data["variants"] = [{"path": "variants/not-off.svg", "mutation": "A off the circle", "expect": {"H2": "fail"}}]
    write_package(root, data)
    f = _admit(root).fields["equivalent_form_policy"]
    assert f.status == FAIL and "H2 expected fail, got pass (the predicate is too loose)" in f.reason


def test_rotation_the_task_forbids_is_accepted(tmp_path):
    # Without matches_geometry(A) nothing pins the orientation, although the frame forbids rotation.
    adm = _admit(write_package(tmp_path / "t", circle_task(pin_a=False), circle_scene()))
    f = adm.fields["equivalent_form_policy"]
    assert f.status == FAIL
    assert "accepts a rotation by 33 degrees" in f.reason and "forbid rotation" in f.reason


def test_rotation_allowed_by_the_frame_is_not_flagged(tmp_path):
    eq = ["translation", "uniform_scaling", "rotation", "reflection"]
    adm = _admit(write_package(tmp_path / "t", circle_task(pin_a=False, equivalences=eq), circle_scene()))
    assert adm.fields["equivalent_form_policy"].status == PASS, adm.failures()


def test_fuzz_catches_a_too_loose_tolerance(tmp_path):
    root = write_package(tmp_path / "t", circle_task(a_tolerance=0.4, pin_a=False), circle_scene())
    rep = fuzz_task(root, examples=25, seed=3, out=tmp_path / "out")
    loose = [f for f in rep.findings if f.kind == "too_loose" and "H2" in f.predicates]
    assert loose, rep.render_text()
    # A moved (or its label moved onto O) by >= 5% of the figure off k still "lies on k": tolerance 0.4.
    assert loose[0].family in ("move", "resize", "swap")
    assert "lies on k" in loose[0].messages["H2"]
    assert loose[0].figure and (tmp_path / "out").exists()


def test_fuzz_sound_tolerance_is_not_flagged(tmp_path):
    root = write_package(tmp_path / "t", circle_task(), circle_scene())
    rep = fuzz_task(root, examples=15, seed=3)
    assert not [f for f in rep.findings if "H2" in f.predicates], rep.render_text()


def test_fuzz_catches_a_forbidden_rotation(tmp_path):
    root = write_package(tmp_path / "t", circle_task(pin_a=False), circle_scene())
    rep = fuzz_task(root, examples=15, seed=5)
    assert any(f.family == "rotation" for f in rep.findings), rep.render_text()


@pytest.mark.parametrize("bad", ["{", ""])
def test_unreadable_task_raises(tmp_path, bad):
    from geoverify.errors import GeoverifyError

    (tmp_path / "t").mkdir()
    if bad:
        (tmp_path / "t" / "task.json").write_text(bad)
    with pytest.raises(GeoverifyError):
        admit_task(tmp_path / "t", gate=False)
