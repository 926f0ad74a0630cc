"""geoverify run: exit codes (0 completed, 2 bad input), scorecard files, resumption from the CLI."""

import json
import subprocess
import sys

import pytest

from geoverify.cli.main import main
from geoverify.evaluation.scorecard_output import validate_scorecard
from geoverify.evaluation.synthetic import write_mini_outputs, write_mini_taskset


@pytest.fixture
def mini(tmp_path):
    tasks = write_mini_taskset(tmp_path / "tasks", n_tasks=2)
    outs = write_mini_outputs(tmp_path / "outputs", task_ids=("circ", "circ-2"), models=("m1", "m2"), seed=2,
                              skip=0.2)
    return tasks, outs, tmp_path


def geoverify(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "geoverify.cli.main", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd)


def test_completed_run_exits_0_even_when_outputs_fail(mini):
    tasks, outs, tmp = mini
    r = geoverify("run", tasks, outs, "-o", tmp / "r.jsonl", "--scorecard", tmp / "sc", "--bootstrap", "200")
    assert r.returncode == 0, r.stderr
    assert "MathVis scorecard" in r.stdout and "m1" in r.stdout and "pass^3" in r.stdout
    assert "Traceback" not in r.stderr
    assert "output/s" in r.stderr or "s/output" in r.stderr  # the progress bar's rate
    card = json.loads((tmp / "sc" / "scorecard.json").read_text())
    validate_scorecard(card)
    assert card["run"]["verified"] == card["run"]["outputs"] > 0
    assert {p.name for p in (tmp / "sc").iterdir()} == {"scorecard.json", "scorecard.csv", "scorecard.txt",
                                                       "scorecard.png"}


def test_rerun_reuses_records_and_json_output(mini, capsys):
    tasks, outs, tmp = mini
    args = ["run", str(tasks), str(outs), "-o", str(tmp / "r.jsonl"), "--jobs", "1", "--no-progress",
            "--bootstrap", "0"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args + ["--json"]) == 0
    card = json.loads(capsys.readouterr().out)
    validate_scorecard(card)
    assert card["run"]["verified"] == 0 and card["run"]["reused"] == card["run"]["outputs"]
    assert "missing" in first
    # skip=0.2 left some rollouts out; the scorecard counts them.
    assert sum(m["missing_rollouts"] for m in card["models"]) > 0


@pytest.mark.parametrize("case", ["no-taskset", "no-outputs", "empty-outputs", "bad-jobs", "bad-task"])
def test_bad_input_exits_2(mini, case, capsys):
    tasks, outs, tmp = mini
    args = [str(tasks), str(outs)]
    extra = ["--jobs", "1", "--no-progress", "-o", str(tmp / "r.jsonl")]
    if case == "no-taskset":
        args[0] = str(tmp / "missing")
    elif case == "no-outputs":
        args[1] = str(tmp / "missing")
    elif case == "empty-outputs":
        (tmp / "empty").mkdir()
        args[1] = str(tmp / "empty")
    elif case == "bad-jobs":
        extra[1] = "0"
    else:
        (tasks / "geometry" / "circ" / "task.json").write_text("{ not json")
    assert main(["run", *args, *extra]) == 2
    err = capsys.readouterr().err
    assert "geoverify run: error" in err and "Traceback" not in err


def test_missing_folder_from_the_shell_exits_2(tmp_path):
    r = geoverify("run", tmp_path / "no-tasks", tmp_path / "no-outputs")
    assert r.returncode == 2 and "no task set" in r.stderr and "Traceback" not in r.stderr
