"""geoverify run: records, resumption, crash safety (SIGKILL at random points), Dask = local."""

import json
import os
import random
import signal
import time

import pytest

from geoverify.errors import InputError, TaskNotFoundError
from geoverify.evaluation.results import ResultsFile, read_records, validate_record
from geoverify.evaluation.run import run_taskset
from geoverify.evaluation.synthetic import MINI_REFERENCE, write_mini_outputs, write_mini_taskset
from geoverify.evaluation.taskset import scan_outputs
from geoverify.evaluation.verify import VOLATILE_FIELDS, Job, verify_job


def stable(records):
    """Records without the fields that may differ between runs, by key."""
    return {k: {f: v for f, v in r.items() if f not in VOLATILE_FIELDS} for k, r in records.items()}


def lines_of(path):
    return path.read_bytes().split(b"\n")


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    # The first check in a process loads the numba kernels (seconds); forked runs inherit them.
    from geoverify.evaluation.check import check

    d = write_mini_taskset(tmp_path_factory.mktemp("mini"))
    check(MINI_REFERENCE, d / "geometry" / "circ", format="svg")


@pytest.fixture
def work(tmp_path_factory, warm):
    base = tmp_path_factory.mktemp("run")
    tasks = write_mini_taskset(base / "tasks", n_tasks=2)
    outs = write_mini_outputs(base / "outputs", task_ids=("circ", "circ-2"), models=("m1", "m2", "m3"), seed=3)
    return tasks, outs, base


def test_one_valid_record_per_output(work):
    tasks, outs, base = work
    res = run_taskset(tasks, outs, base / "r.jsonl", jobs=1, progress=False)
    assert res.verified == len(res.jobs) == 18 and res.reused == 0
    lines = [ln for ln in lines_of(base / "r.jsonl") if ln]
    assert len(lines) == 18
    recs = [json.loads(ln) for ln in lines]
    for r in recs:
        validate_record(r)
    assert {r["output"] for r in recs} == {j.rel for j in res.jobs}
    kinds = {tuple(r["error_codes"]) for r in recs}
    # The synthetic outputs cover delivery, a hard failure, a technical failure and no output.
    assert () in kinds and ("OFF_CIRCLE",) in kinds or ("TECH_NO_OUTPUT",) in kinds


def test_rerun_skips_everything_and_keeps_the_file(work):
    tasks, outs, base = work
    f = base / "r.jsonl"
    run_taskset(tasks, outs, f, jobs=1, progress=False)
    before = f.read_bytes()
    res = run_taskset(tasks, outs, f, jobs=1, progress=False)
    assert res.verified == 0 and res.reused == 18
    assert f.read_bytes() == before


def test_cut_off_last_line_is_ignored_and_redone(work):
    tasks, outs, base = work
    f = base / "r.jsonl"
    first = run_taskset(tasks, outs, f, jobs=1, progress=False)
    data = f.read_bytes()
    cut = data[: len(data) - 40]  # inside the last record
    f.write_bytes(cut)
    recs, bad = read_records(f)
    assert len(recs) == 17 and bad == 0
    res = run_taskset(tasks, outs, f, jobs=1, progress=False)
    assert res.verified == 1 and res.truncated_bytes > 0
    assert f.read_bytes().endswith(b"\n") and len([x for x in lines_of(f) if x]) == 18
    assert stable(read_records(f)[0]) == stable(first.records)


def test_changed_task_output_or_engine_is_redone(work, monkeypatch):
    tasks, outs, base = work
    f = base / "r.jsonl"
    run_taskset(tasks, outs, f, jobs=1, progress=False)
    # A changed output file: only that output again.
    p = sorted(outs.rglob("*.*"))[0]
    p.write_text(p.read_text() + "\n")
    assert run_taskset(tasks, outs, f, jobs=1, progress=False).verified == 1
    # A changed reference file changes the task's hash: its 9 outputs again.
    ref = tasks / "geometry" / "circ" / "reference.svg"
    ref.write_text(ref.read_text() + "<!-- fixed -->\n")
    assert run_taskset(tasks, outs, f, jobs=1, progress=False).verified == 9
    # Another engine version: everything again.
    monkeypatch.setattr("geoverify.evaluation.run.__version__", "999")
    assert run_taskset(tasks, outs, f, jobs=1, progress=False).verified == 18


def test_same_bytes_from_two_models_are_two_records(tmp_path, warm):
    tasks = write_mini_taskset(tmp_path / "t")
    for m in ("a", "b"):
        (tmp_path / "o" / "circ" / m).mkdir(parents=True)
        (tmp_path / "o" / "circ" / m / "1.svg").write_text(MINI_REFERENCE)
    res = run_taskset(tasks, tmp_path / "o", tmp_path / "r.jsonl", jobs=1, progress=False)
    assert len(res.records) == 2 and {r["model"] for r in res.records.values()} == {"a", "b"}


def test_raw_responses_are_extracted(tmp_path, warm):
    tasks = write_mini_taskset(tmp_path / "t")
    d = tmp_path / "o" / "circ" / "m"
    d.mkdir(parents=True)
    (d / "1.md").write_text(f"Sure.\n\n```svg\n{MINI_REFERENCE}```\n")
    (d / "2.txt").write_text("no figure today\n")
    (d / "3.md").write_text(f"```svg\n{MINI_REFERENCE[:80]}")
    recs = {r["rollout"]: r for r in run_taskset(tasks, tmp_path / "o", tmp_path / "r.jsonl", jobs=1,
                                                 progress=False).records.values()}
    assert recs[1]["D"] == 1 and recs[1]["extracted"] == "fenced:svg"
    assert recs[2]["T"] == 0 and recs[2]["error_codes"] == ["TECH_NO_OUTPUT"]
    assert recs[3]["T"] == 0 and recs[3]["error_codes"] == ["TECH_FORMAT"]


def test_output_naming_a_file_is_code_not_a_path(tmp_path, warm):
    tasks = write_mini_taskset(tmp_path / "t")
    ref = tasks / "geometry" / "circ" / "reference.svg"
    d = tmp_path / "o" / "circ" / "m"
    d.mkdir(parents=True)
    (d / "1.svg").write_text(str(ref))  # one line naming a passing figure: must not be read
    (d / "2.svg").write_text(MINI_REFERENCE.replace("</svg>", ""))
    recs = {r["rollout"]: r for r in run_taskset(tasks, tmp_path / "o", tmp_path / "r.jsonl", jobs=1,
                                                 progress=False).records.values()}
    assert recs[1]["T"] == 0 and recs[1]["D"] == 0
    # Records name outputs relative to the outputs folder; no absolute path leaks into messages.
    assert recs[2]["T"] == 0 and str(tmp_path) not in json.dumps(recs[2])


def test_engine_failure_is_a_record_not_a_crash(tmp_path):
    job = Job(key="0" * 64, task="circ", task_dir=str(tmp_path / "nowhere"), task_hash="0" * 64, discipline="g",
              family="", model="m", rollout=1, path=str(tmp_path / "x.svg"), rel="circ/m/1.svg", ext="svg",
              output_sha256="0" * 64)
    rec = verify_job(job)
    assert rec["D"] == 0 and rec["error_codes"] == ["ENGINE_ERROR"] and "TaskNotFoundError" in rec["engine_error"]
    validate_record(rec)


def test_scan_names_what_it_does_not_score(tmp_path):
    o = tmp_path / "o"
    for rel in ("circ/m/1.svg", "circ/m/01.tex", "circ/m/2.svg", "circ/m/two.svg", "circ/m/3.png",
                "nope/m/1.svg", "circ/stray.svg", "circ/m/deep/1.svg"):
        (o / rel).parent.mkdir(parents=True, exist_ok=True)
        (o / rel).write_text("x")
    scan = scan_outputs(o, ["circ"])
    assert [x.rel for x in scan.outputs] == ["circ/m/01.tex", "circ/m/2.svg"]
    assert scan.unknown_task == ["nope/m/1.svg"]
    reasons = dict(scan.ignored)
    assert "already given" in reasons["circ/m/1.svg"]
    assert set(reasons) == {"circ/m/1.svg", "circ/m/two.svg", "circ/m/3.png", "circ/stray.svg",
                            "circ/m/deep/1.svg"}


def test_bad_inputs_raise(tmp_path, work):
    tasks, outs, base = work
    with pytest.raises(TaskNotFoundError):
        run_taskset(tmp_path / "missing", outs, base / "r.jsonl", progress=False)
    with pytest.raises(InputError):
        run_taskset(tasks, tmp_path / "missing", base / "r.jsonl", progress=False)
    with pytest.raises(InputError):
        run_taskset(tasks, outs, base / "r.jsonl", jobs=0, progress=False)
    with ResultsFile(base / "locked.jsonl"):
        with pytest.raises(InputError, match="in use"):
            run_taskset(tasks, outs, base / "locked.jsonl", jobs=1, progress=False)


def _killed_run(tasks, outs, f, jobs, delay):
    """Start a run in a forked child and SIGKILL it after ``delay`` seconds (or let it finish)."""
    pid = os.fork()
    if pid == 0:  # child: the run, then leave without running pytest's teardown
        code = 0
        try:
            run_taskset(tasks, outs, f, jobs=jobs, progress=False)
        except BaseException:  # noqa: BLE001
            code = 1
        os._exit(code)
    t_end = time.monotonic() + delay
    while time.monotonic() < t_end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.002)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return -9


def _assert_file_sane(f):
    data = f.read_bytes()
    complete = data.split(b"\n")[:-1]
    keys = [json.loads(ln)["key"] for ln in complete if ln]
    assert len(keys) == len(set(keys)), "a record was written twice"


@pytest.mark.parametrize("jobs", [1, 2])
def test_sigkill_ten_times_then_resume_equals_uninterrupted(tmp_path, jobs, warm):
    tasks = write_mini_taskset(tmp_path / "t", n_tasks=2)
    outs = write_mini_outputs(tmp_path / "o", task_ids=("circ", "circ-2"), models=[f"m{i}" for i in range(16)],
                              seed=11)
    ref_file = tmp_path / "reference.jsonl"
    t0 = time.monotonic()
    ref = run_taskset(tasks, outs, ref_file, jobs=jobs, progress=False)
    full = time.monotonic() - t0
    n = len(ref.jobs)
    assert n == 96

    f = tmp_path / "killed.jsonl"
    rng = random.Random(20261129 + jobs)
    kills = 0
    done = 0
    for _ in range(10):
        # A random point within what is left of the run (start-up, reading, verifying, writing).
        left = (n - done) / n
        rc = _killed_run(tasks, outs, f, jobs, rng.uniform(0.0, full * left))
        kills += rc == -9
        if f.exists():
            _assert_file_sane(f)
            done = len(read_records(f)[0])
    assert kills >= 7, "the kills should interrupt most runs"
    final = run_taskset(tasks, outs, f, jobs=jobs, progress=False)
    assert final.verified + final.reused == n and final.verified == n - done
    _assert_file_sane(f)
    got, bad = read_records(f)
    assert bad == 0 and len(got) == n
    assert len([ln for ln in lines_of(f) if ln]) == n, "no record lost or duplicated"
    assert stable(got) == stable(ref.records)


@pytest.mark.slow
def test_dask_run_equals_local_run(tmp_path, warm):
    distributed = pytest.importorskip("distributed")
    tasks = write_mini_taskset(tmp_path / "t", n_tasks=2)
    outs = write_mini_outputs(tmp_path / "o", task_ids=("circ", "circ-2"), models=("m1", "m2"), seed=5)
    local = run_taskset(tasks, outs, tmp_path / "local.jsonl", jobs=2, progress=False)
    # One worker process (pickled jobs and records, as on a real cluster) with two threads.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        remote = run_taskset(tasks, outs, tmp_path / "dask.jsonl", dask=cluster.scheduler_address, progress=False)
    assert remote.executor.startswith("dask:") and remote.verified == len(local.jobs) == 12
    assert stable(remote.records) == stable(local.records)



def test_an_output_past_the_time_limit_is_recorded_not_waited_for(tmp_path, monkeypatch, warm):
    import sys

    check_mod = sys.modules["geoverify.evaluation.check"]  # the package re-exports check() under that name

    def slow_check(*a, **k):
        time.sleep(5)

    monkeypatch.setattr(check_mod, "check", slow_check)
    tasks = write_mini_taskset(tmp_path / "t")
    d = tmp_path / "o" / "circ" / "m"
    d.mkdir(parents=True)
    (d / "1.svg").write_text(MINI_REFERENCE)
    t0 = time.monotonic()
    res = run_taskset(tasks, tmp_path / "o", tmp_path / "r.jsonl", jobs=1, progress=False, timeout=0.2)
    assert time.monotonic() - t0 < 4
    (rec,) = res.records.values()
    assert rec["error_codes"] == ["ENGINE_TIMEOUT"] and rec["D"] == 0 and "timeout" in rec["engine_error"]
    validate_record(rec)


def test_a_task_edited_during_the_run_is_not_judged_under_the_old_key(tmp_path, warm):
    from geoverify.evaluation.run import plan_jobs
    from geoverify.evaluation.taskset import load_taskset

    tasks = write_mini_taskset(tmp_path / "t")
    outs = write_mini_outputs(tmp_path / "o", models=("m",), seed=1)
    entries = load_taskset(tasks)
    (job,) = plan_jobs(entries, scan_outputs(outs, ["circ"]), "native")[:1]
    ref = tasks / "geometry" / "circ" / "reference.svg"
    ref.write_text(ref.read_text() + "<!-- edited -->\n")
    rec = verify_job(job)
    assert rec["error_codes"] == ["ENGINE_ERROR"] and "changed on disk" in rec["engine_error"]
