"""``geoverify admit``: exit codes 0/1/2, JSON valid against admission.schema.json."""

import json
import sys
from pathlib import Path

from geoverify.cli.main import main
from geoverify.ir import validate_against_schema

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "admission"))
from admission_packages import circle_scene, circle_task, write_package  # noqa: E402


def test_admitted_task_exits_0_and_writes_valid_json(tmp_path, capsys):
    root = write_package(tmp_path / "ok", circle_task(), circle_scene())
    out = tmp_path / "report.json"
    assert main(["admit", str(root), "--no-gate", "--json", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    validate_against_schema(data, "admission")
    assert data["summary"] == {"tasks": 1, "admitted": 1, "not_admitted": [], "unreadable": 0}
    assert json.loads(out.read_text()) == data
    fields = data["tasks"][0]["fields"]
    assert fields["source_consistency"]["status"] == "needs_expert"


def test_rejected_task_exits_1_with_reason(tmp_path, capsys):
    root = write_package(tmp_path / "bad", circle_task(), circle_scene(draw_a=False))
    assert main(["admit", str(root), "--no-gate"]) == 1
    text = capsys.readouterr().out
    assert "NOT ADMITTED" in text and "reference_artifact_correctness" in text and "FAIL" in text


def test_unreadable_input_exits_2(tmp_path, capsys):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "task.json").write_text("{ not json")
    assert main(["admit", str(tmp_path / "broken"), "--no-gate"]) == 2
    assert main(["admit", str(tmp_path / "nowhere"), "--no-gate"]) == 2
    assert "error" in capsys.readouterr().err
