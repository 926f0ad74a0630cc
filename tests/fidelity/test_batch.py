"""Folder comparison: records, resuming, the per-model table."""

from __future__ import annotations

import json

import pytest

from geoverify.errors import InputError
from geoverify.fidelity.batch import compare_folders, find_pairs, model_table, render_table


@pytest.fixture
def folders(tmp_path, make_svg):
    ref, cand = tmp_path / "ref", tmp_path / "cand"
    ref.mkdir()
    (ref / "p1.svg").write_text(make_svg())
    (cand / "good").mkdir(parents=True)
    (cand / "bad").mkdir()
    (cand / "good" / "p1.svg").write_text(make_svg())
    (cand / "bad" / "p1.svg").write_text(make_svg(d=(140.0, 250.0)))
    (cand / "bad" / "p9.svg").write_text(make_svg())  # no reference: warned about, not compared
    return ref, cand


def test_folder_run_resumes_and_tabulates(folders, tmp_path):
    ref, cand = folders
    results = tmp_path / "out" / "results.jsonl"
    run = compare_folders(ref, cand, results)
    assert run.compared == 2 and run.reused == 0
    assert any("p9.svg" in w for w in run.warnings)
    by_model = {r["model"]: r for r in run.records}
    assert by_model["good"]["score"] == 1.0 and by_model["bad"]["score"] < 1.0
    assert by_model["bad"]["missing"]
    # A rerun compares nothing; a record cut off by a crash is redone.
    again = compare_folders(ref, cand, results)
    assert again.compared == 0 and again.reused == 2
    data = results.read_bytes()
    results.write_bytes(data[: data.rfind(b"\n", 0, len(data) - 1) + 1] + b'{"key": "cut')
    third = compare_folders(ref, cand, results)
    assert third.compared == 1 and third.reused == 1
    lines = results.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(x)["key"] for x in lines)
    table = model_table(third.records)
    assert table["good"]["Relation F1"] == 100.0 and table["bad"]["Relation F1"] < 100.0
    assert table["good"]["Compile Success Rate"] == 100.0
    md = render_table(table)
    assert "Keyword Match F1" in md and "| ↑ Relation F1 |" in md


def test_parallel_matches_serial(folders, tmp_path):
    ref, cand = folders
    a = compare_folders(ref, cand, tmp_path / "a.jsonl", jobs=1)
    b = compare_folders(ref, cand, tmp_path / "b.jsonl", jobs=2)
    assert [r["score"] for r in a.records] == [r["score"] for r in b.records]


def test_bad_folders(tmp_path):
    with pytest.raises(InputError):
        find_pairs(tmp_path / "nope", tmp_path, False)
    (tmp_path / "r").mkdir()
    (tmp_path / "c").mkdir()
    with pytest.raises(InputError, match="no reference figures"):
        find_pairs(tmp_path / "r", tmp_path / "c", False)
