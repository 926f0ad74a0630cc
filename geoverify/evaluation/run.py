"""``run_taskset``: verify every model output of a folder against a task set, resumably.

The parent process lists the work (:func:`~geoverify.evaluation.taskset.scan_outputs`),
drops what the results file already holds, hands the rest to workers (a local
process pool, or an existing Dask cluster) and appends each record as it comes
back, durably, before taking the next (:class:`~geoverify.evaluation.results.ResultsFile`).
Workers never write; so a run killed at any moment loses at most the outputs in
flight, and a rerun verifies exactly those again.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from geoverify import __version__
from geoverify.errors import InputError
from geoverify.evaluation.results import ResultsFile, record_key
from geoverify.evaluation.taskset import OutputScan, TaskEntry, load_taskset, scan_outputs
from geoverify.evaluation.verify import DEFAULT_TIMEOUT, Job, verify_job

__all__ = ["RunResult", "run_taskset", "plan_jobs", "default_jobs"]


@dataclass(slots=True)
class RunResult:
    """What a run did and found.

    Attributes
    ----------
    tasks : list of TaskEntry
    scan : OutputScan
    jobs : list of Job
        Every output of the run, sorted by (task, model, rollout).
    records : dict
        Key -> record for every job (reused from the file or verified now).
    reused, verified : int
        Records found in the results file / verified by this run.
    truncated_bytes, bad_lines : int
        Cut-off tail removed from the results file; unreadable complete lines ignored.
    results_path : Path
    elapsed : float
        Seconds for the verification part of the run.
    executor : str
        ``"inline"``, ``"processes:N"`` or ``"dask:ADDRESS"``.
    """

    tasks: list
    scan: OutputScan
    jobs: list
    records: dict
    reused: int = 0
    verified: int = 0
    truncated_bytes: int = 0
    bad_lines: int = 0
    results_path: Path | None = None
    elapsed: float = 0.0
    executor: str = "inline"
    mode: str = "native"
    warnings: list = field(default_factory=list)

    def ordered_records(self) -> list[dict]:
        """Records in job order (task, model, rollout)."""
        return [self.records[j.key] for j in self.jobs]


def default_jobs() -> int:
    """Worker processes by default: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def plan_jobs(tasks: list[TaskEntry], scan: OutputScan, mode: str, timeout: float = DEFAULT_TIMEOUT) -> list[Job]:
    """One :class:`Job` per output found, with its record key."""
    by_id = {t.id: t for t in tasks}
    jobs = []
    for o in scan.outputs:
        t = by_id[o.task]
        digest = _sha256_file(o.path)
        jobs.append(Job(
            key=record_key(t.hash, digest, __version__, mode, o.rel), task=t.id, task_dir=str(t.dir),
            task_hash=t.hash, discipline=t.discipline, family=t.family, model=o.model, rollout=o.rollout,
            path=str(o.path), rel=o.rel, ext=o.ext, output_sha256=digest, mode=mode, timeout=timeout,
        ))
    return jobs


def _mode(gate: bool, scene: str) -> str:
    if scene not in ("native", "rendered"):
        raise InputError(f"scene {scene!r} is not allowed; expected one of: native, rendered")
    if scene == "rendered":
        return "gate+rendered"
    return "gate" if gate else "native"


def run_taskset(taskset, outputs, results, *, gate: bool = False, scene: str = "native", jobs: int | None = None,
                dask: str | None = None, progress: bool = True, timeout: float = DEFAULT_TIMEOUT) -> RunResult:
    """Verify every output under ``outputs`` against the tasks of ``taskset``.

    Parameters
    ----------
    taskset : str or Path
        Folder of task packages.
    outputs : str or Path
        Folder laid out as ``<task-id>/<model>/<rollout>.<ext>``.
    results : str or Path
        JSONL results file; created when missing, resumed otherwise.
    gate : bool
        Decide T with the real toolchains (:mod:`geoverify.gate`).
    scene : {"native", "rendered"}
        Verify the native front-end's scene, or the toolchain's rendered SVG (implies ``gate``).
    jobs : int, optional
        Local worker processes (default: every available core); 1 verifies in this process.
    dask : str, optional
        Address of a running Dask scheduler (``tcp://host:8786``); the work goes there instead.
    progress : bool
        Show a tqdm progress bar (rate, ETA) on stderr.
    timeout : float
        Seconds one output may take before it is recorded as ``ENGINE_TIMEOUT``
        (0: no limit). Not part of the record key.

    Returns
    -------
    RunResult

    Raises
    ------
    geoverify.errors.InputError
        Bad folders, flags, or a results file in use by another run.
    geoverify.errors.TaskNotFoundError, geoverify.errors.IRValidationError
        The task set cannot be read.
    """
    mode = _mode(gate, scene)
    if mode != "native":
        import importlib.util

        if importlib.util.find_spec("geoverify.gate") is None:
            raise InputError("--gate needs geoverify.gate (the real-toolchain gate), which is not installed")
    if timeout < 0:
        raise InputError(f"timeout must be 0 (none) or positive, got {timeout}")
    if jobs is not None and jobs < 1:
        raise InputError(f"jobs must be at least 1, got {jobs}")
    tasks = load_taskset(taskset)
    scan = scan_outputs(outputs, [t.id for t in tasks])
    job_list = plan_jobs(tasks, scan, mode, timeout)
    out = RunResult(tasks=tasks, scan=scan, jobs=job_list, records={}, results_path=Path(results), mode=mode)
    t0 = time.perf_counter()
    with ResultsFile(results) as store:
        out.truncated_bytes, out.bad_lines = store.truncated_bytes, store.bad_lines
        todo = [j for j in job_list if j.key not in store]
        out.reused = len(job_list) - len(todo)
        if todo:
            bar = _bar(len(todo), progress)
            try:
                if dask:
                    out.executor = f"dask:{dask}"
                    it = _run_dask(todo, dask)
                elif (jobs or default_jobs()) == 1 or len(todo) == 1:
                    out.executor = "inline"
                    it = (verify_job(j) for j in todo)
                else:
                    n = min(jobs or default_jobs(), len(todo))
                    out.executor = f"processes:{n}"
                    it = _run_local(todo, n, bar)
                for rec in it:
                    store.append(rec)
                    out.verified += 1
                    bar.update(1)
            finally:
                bar.close()
        out.records = {j.key: store.records[j.key] for j in job_list}
    out.elapsed = time.perf_counter() - t0
    return out


class _NoBar:
    def update(self, n=1):
        pass

    def close(self):
        pass


def _bar(total: int, progress: bool):
    if not progress:
        return _NoBar()
    from tqdm import tqdm

    # No monitor thread: the local pool forks after the bar exists, and forking a
    # process that has extra threads can deadlock the child.
    tqdm.monitor_interval = 0
    return tqdm(total=total, desc="verifying", unit="output", file=sys.stderr, dynamic_ncols=True, smoothing=0.05)


def _die_with_parent(parent: int) -> None:
    """Worker initializer: exit when the run's parent dies (``kill -9`` leaves no orphans)."""
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)

    def watch():
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
    # Ctrl-C reaches the whole process group; only the parent decides what to do.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_local(todo: list[Job], n: int, bar):
    """Records of ``todo`` as workers finish them (at most ``4 n`` jobs in flight)."""
    from geoverify.evaluation.verify import _warm_kernels

    _warm_kernels()  # before forking: the workers inherit the loaded kernels
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    ctx = multiprocessing.get_context(method)
    window = 4 * n
    pending = iter(todo)
    with cf.ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_die_with_parent,
                                initargs=(os.getpid(),)) as ex:
        inflight = set()
        try:
            for j in pending:
                inflight.add(ex.submit(verify_job, j))
                if len(inflight) >= window:
                    break
            while inflight:
                done, inflight = cf.wait(inflight, return_when=cf.FIRST_COMPLETED)
                for fut in done:
                    for j in pending:
                        inflight.add(ex.submit(verify_job, j))
                        break
                    yield fut.result()
        finally:
            for f in inflight:
                f.cancel()


def _run_dask(todo: list[Job], address: str):
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise InputError("--dask needs dask.distributed: pip install 'geoverify[dask]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        futures = client.map(verify_job, todo, key=[f"geoverify-verify-{j.key}" for j in todo], pure=False)
        for fut in as_completed(futures):
            rec = fut.result()
            fut.release()
            yield rec
    finally:
        client.close()
