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


def _live_members(pgid):
    """Processes of group ``pgid`` that are still running (zombies waiting for a reaper do not count)."""
    from pathlib import Path

    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        state, pgrp = fields[0], int(fields[2])
        if pgrp == pgid and state not in ("Z", "X"):
            out.append(int(stat.parent.name))
    return out


@pytest.mark.slow
def test_cli_killed_with_sigkill_resumes_and_leaves_no_workers(tmp_path):
    import os
    import signal
    import time

    from geoverify.evaluation.results import read_records

    tasks = write_mini_taskset(tmp_path / "tasks", n_tasks=2)
    outs = write_mini_outputs(tmp_path / "outputs", task_ids=("circ", "circ-2"), models=[f"m{i}" for i in range(20)],
                              seed=4)
    f = tmp_path / "r.jsonl"
    cmd = [sys.executable, "-m", "geoverify.cli.main", "run", str(tasks), str(outs), "-o", str(f), "--jobs", "2",
           "--no-progress", "--bootstrap", "0"]
    for _ in range(3):
        start = f.stat().st_size if f.exists() else 0
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        # Wait until its workers have delivered a few records, then kill the parent only, as `kill -9 PID` would.
        t_end = time.monotonic() + 60
        while time.monotonic() < t_end and p.poll() is None:
            if f.exists() and f.stat().st_size > start + 2000:
                break
            time.sleep(0.01)
        if p.poll() is None:
            os.kill(p.pid, signal.SIGKILL)
        p.wait()
        # The workers of the killed run die with it (PR_SET_PDEATHSIG, or the parent watch within 1 s).
        t_end = time.monotonic() + 5
        while (alive := _live_members(p.pid)) and time.monotonic() < t_end:
            time.sleep(0.1)
        for pid in alive:
            os.kill(pid, signal.SIGKILL)
        assert not alive, "worker processes outlived the killed run"
    r = subprocess.run(cmd + ["--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    card = json.loads(r.stdout)
    recs, bad = read_records(f)
    lines = [ln for ln in f.read_bytes().split(b"\n") if ln]
    assert bad == 0 and len(recs) == len(lines) == card["run"]["outputs"] == 120
