import json
import subprocess
import sys

from pathlib import Path

ROUCHE = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "rouche-z3"


def geoverify(*args):
    return subprocess.run([sys.executable, "-m", "geoverify.cli.main", *map(str, args)], capture_output=True, text=True)


def test_exit_0_when_delivered():
    r = geoverify("check", ROUCHE / "reference.svg", "--task", ROUCHE)
    assert r.returncode == 0, r.stderr
    assert "DELIVERED" in r.stdout


def test_exit_1_when_not_delivered_and_json():
    r = geoverify("check", ROUCHE / "variants" / "wrong-function.svg", "--task", ROUCHE, "--json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert data[0]["D"] == 0 and data[0]["H_math"] == 0


def test_exit_2_on_bad_figure_without_traceback(tmp_path):
    bad = tmp_path / "bad.svg"
    bad.write_text("<svg><g></svg>")
    r = geoverify("check", bad, "--task", ROUCHE)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and "line 1" in r.stderr


def test_exit_2_on_bad_ir(tmp_path):
    (tmp_path / "task.json").write_text(json.dumps({
        "schema_version": "1.0", "id": "x", "discipline": "d", "prompt": "p",
        "objects": [{"id": "A", "type": "point"}],
        "predicates": [{"id": "H", "kind": "hard", "check": {"op": "drawn", "object": "B"}}]}))
    r = geoverify("check", ROUCHE / "reference.svg", "--task", tmp_path)
    assert r.returncode == 2
    assert "predicates[0].check.object" in r.stderr and "Traceback" not in r.stderr


def test_exit_2_on_missing_task(tmp_path):
    r = geoverify("check", ROUCHE / "reference.svg", "--task", tmp_path / "nope")
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_json_of_a_tikz_figure_with_points_bound_by_label():
    """A point bound through its label carried a numpy bool (``drawn``) that json.dump refused."""
    task = ROUCHE.parents[1] / "euclidean-geometry" / "tangents-external-point"
    r = geoverify("check", task / "reference.tex", "--task", task, "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data[0]["objects"]["O"]["drawn"] is True
