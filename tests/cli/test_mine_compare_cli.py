"""``geoverify mine`` and ``geoverify compare`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

FIG = Path(__file__).resolve().parents[1] / "fidelity" / "conftest.py"


def geoverify(*args):
    return subprocess.run([sys.executable, "-m", "geoverify.cli.main", *map(str, args)], capture_output=True, text=True)


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    import importlib.util

    spec = importlib.util.spec_from_file_location("fidelity_figures", FIG)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    d = tmp_path_factory.mktemp("figs")
    (d / "ref.svg").write_text(mod.svg_figure())
    (d / "moved.svg").write_text(mod.svg_figure(d=(140.0, 250.0)))
    return d


@pytest.mark.slow
def test_mine_writes_a_task_that_check_accepts(figures, tmp_path):
    r = geoverify("mine", figures / "ref.svg", "-o", tmp_path / "task")
    assert r.returncode == 0, r.stderr
    assert "relations" in r.stdout and "right_angle_mark" in r.stdout
    task = json.loads((tmp_path / "task" / "task.json").read_text())
    assert any(p["id"].startswith("implied.") and p["kind"] == "soft" for p in task["predicates"])
    c = geoverify("check", figures / "ref.svg", "--task", tmp_path / "task")
    assert c.returncode == 0 and "DELIVERED" in c.stdout, c.stdout[-2000:]
    c = geoverify("check", figures / "moved.svg", "--task", tmp_path / "task")
    assert c.returncode == 1


def test_mine_prints_json_without_output(figures):
    r = geoverify("mine", figures / "ref.svg")
    assert r.returncode == 0
    assert json.loads(r.stdout)["schema_version"] == "1.0"


@pytest.mark.slow
def test_compare_text_and_json(figures):
    r = geoverify("compare", figures / "ref.svg", figures / "ref.svg", figures / "moved.svg")
    assert r.returncode == 0, r.stderr
    assert "fidelity F1 100.0" in r.stdout
    assert "expected 90" in r.stdout  # the moved foot: "angle ADM is ... degrees; expected 90"
    j = geoverify("compare", figures / "ref.svg", figures / "moved.svg", "--json")
    data = json.loads(j.stdout)
    assert data[0]["score"] < 1 and data[0]["missing"]


@pytest.mark.slow
def test_compare_folders_prints_the_table(figures, tmp_path):
    ref, cand = tmp_path / "ref", tmp_path / "cand" / "model-a"
    ref.mkdir()
    cand.mkdir(parents=True)
    (ref / "p.svg").write_text((figures / "ref.svg").read_text())
    (cand / "p.svg").write_text((figures / "moved.svg").read_text())
    r = geoverify("compare", ref, tmp_path / "cand", "--results", tmp_path / "res.jsonl", "--table", tmp_path / "t.md")
    assert r.returncode == 0, r.stderr
    assert "| Method | model-a |" in r.stdout and "Relation F1" in r.stdout
    assert (tmp_path / "t.md").read_text().startswith("| Method |")
    again = geoverify("compare", ref, tmp_path / "cand", "--results", tmp_path / "res.jsonl")
    assert "0 compared, 1 reused" in again.stdout


def test_bad_reference_exit_2(tmp_path):
    bad = tmp_path / "bad.svg"
    bad.write_text("<svg><g></svg>")
    r = geoverify("mine", bad)
    assert r.returncode == 2 and "Traceback" not in r.stderr
