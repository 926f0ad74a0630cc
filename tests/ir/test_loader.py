import copy
import json

import pytest

from geoverify.errors import IRValidationError, TaskNotFoundError, UnknownObjectError, UnknownPredicateError
from geoverify.ir import load_task, task_from_dict

BASE = {
    "schema_version": "1.0", "id": "t", "discipline": "geometry", "prompt": "p",
    "objects": [{"id": "A", "type": "point", "labels": ["A"]}, {"id": "B", "type": "point"},
                {"id": "s", "type": "segment", "through": ["A", "B"]}],
    "predicates": [{"id": "H1", "kind": "hard", "check": {"op": "drawn", "object": "s"}}],
}


def mutated(fn):
    d = copy.deepcopy(BASE)
    fn(d)
    return d


def test_minimal_task_loads_with_default_frame():
    t = task_from_dict(BASE)
    assert list(t.frames) == ["main"]
    assert t.objects["s"].frame == "main"
    assert t.predicates[0].objects() == {"s"}


def test_unknown_operation_names_path_and_choices():
    d = mutated(lambda d: d["predicates"][0].update(check={"op": "tangnet", "a": "s", "b": "s"}))
    with pytest.raises(UnknownPredicateError) as e:
        task_from_dict(d)
    assert "predicates[0].check.op" in str(e.value) and "tangent" in str(e.value)


def test_unknown_object_in_check():
    d = mutated(lambda d: d["predicates"][0]["check"].update(object="nope"))
    with pytest.raises(UnknownObjectError) as e:
        task_from_dict(d)
    assert "predicates[0].check.object" in str(e.value)


def test_unknown_object_in_object_reference():
    d = mutated(lambda d: d["objects"][2].update(through=["A", "Z"]))
    with pytest.raises(UnknownObjectError) as e:
        task_from_dict(d)
    assert "objects[2].through[1]" in str(e.value)


def test_wrong_object_type_for_parameter():
    d = mutated(lambda d: d["predicates"][0].update(check={"op": "point_on", "point": "s", "on": "s"}))
    with pytest.raises(IRValidationError) as e:
        task_from_dict(d)
    assert "expects point" in str(e.value)


def test_nested_check_error_path():
    d = mutated(lambda d: d["predicates"][0].update(check={"all": [{"op": "drawn", "object": "s"}, {"op": "drawn"}]}))
    with pytest.raises(IRValidationError) as e:
        task_from_dict(d)
    assert "predicates[0].check.all[1]" in str(e.value)


def test_schema_violation_names_path():
    d = mutated(lambda d: d["predicates"][0].update(kind="medium"))
    with pytest.raises(IRValidationError) as e:
        task_from_dict(d)
    assert "predicates[0].kind" in str(e.value)


def test_soft_predicate_needs_weight():
    d = mutated(lambda d: d["predicates"][0].update(kind="soft"))
    with pytest.raises(IRValidationError, match="weight"):
        task_from_dict(d)


def test_duplicate_ids_rejected():
    d = mutated(lambda d: d["objects"].append({"id": "A", "type": "point"}))
    with pytest.raises(IRValidationError, match="duplicate object id"):
        task_from_dict(d)


def test_undeclared_frame():
    d = mutated(lambda d: d["objects"][0].update(frame="w"))
    with pytest.raises(IRValidationError, match="frame 'w'"):
        task_from_dict(d)


def test_bad_json_reports_line(tmp_path):
    (tmp_path / "task.json").write_text('{"id": "x",\n  "oops" }')
    with pytest.raises(IRValidationError, match="line 2"):
        load_task(tmp_path)


def test_missing_task(tmp_path):
    with pytest.raises(TaskNotFoundError):
        load_task(tmp_path / "none")
    with pytest.raises(TaskNotFoundError):
        load_task(tmp_path)


def test_missing_reference_file(tmp_path):
    d = mutated(lambda d: d.update(references=[{"path": "ref.svg"}]))
    (tmp_path / "task.json").write_text(json.dumps(d))
    with pytest.raises(IRValidationError, match="references\\[0\\].path"):
        load_task(tmp_path)


def test_variant_expect_names_known_predicates(tmp_path):
    (tmp_path / "v.svg").write_text("<svg/>")
    d = mutated(lambda d: d.update(variants=[{"path": "v.svg", "expect": {"H9": "fail"}}]))
    (tmp_path / "task.json").write_text(json.dumps(d))
    with pytest.raises(IRValidationError, match="H9"):
        load_task(tmp_path)


def test_rouche_task_is_the_paper_card(rouche_task):
    hard = {p.id: p.error_code for p in rouche_task.hard}
    assert hard == {"CA-H1": "DOMAIN", "CA-H2": "FUNCTION", "CA-H3": "BOUNDARY", "CA-H4": "ZEROCOUNT",
                    "CA-H5": "CONCLUSION"}
    assert {p.id: p.weight for p in rouche_task.soft} == {"CA-S1": 0.30, "CA-S2": 0.25, "CA-S3": 0.25, "CA-S4": 0.20}
