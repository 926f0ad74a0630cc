"""One unit of work of a run: verify one model output, return its result record.

:func:`verify_job` runs in worker processes (local pool or Dask workers), so it
takes a small picklable :class:`Job`, never raises, and returns a plain dict:
the record that the run's parent appends to the results file. Records hold no
absolute paths, host names or clocks except ``elapsed``, so two runs of the same
work (local or on a cluster) give the same records up to ``elapsed``.
"""

from __future__ import annotations

import signal
import threading
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from geoverify import __version__
from geoverify.evaluation.results import RESULT_SCHEMA_VERSION

__all__ = ["Job", "verify_job", "VOLATILE_FIELDS", "MODES", "ENGINE_ERROR", "ENGINE_TIMEOUT", "DEFAULT_TIMEOUT"]

#: Record fields that may differ between two runs of the same work.
VOLATILE_FIELDS = ("elapsed",)
#: Verification modes: native gate and scene; real gate; real gate and its rendered scene.
MODES = ("native", "gate", "gate+rendered")
#: Error code of an output the engine itself failed on (a geoverify bug, not the model's fault).
ENGINE_ERROR = "ENGINE_ERROR"
#: Error code of an output whose verification ran past the per-output time limit.
ENGINE_TIMEOUT = "ENGINE_TIMEOUT"
#: Per-output wall-clock limit in seconds. Front-ends and the gate have their own
#: (smaller) budgets; this only stops a run from hanging on one output.
DEFAULT_TIMEOUT = 300.0


class _OutputTimeout(Exception):
    pass


_ARMED = [False]


def _on_alarm(signum, frame):
    if _ARMED[0]:  # an alarm that lands after the output is done is ignored
        raise _OutputTimeout()


@dataclass(frozen=True, slots=True)
class Job:
    """Everything a worker needs to verify one output (paths are absolute strings)."""

    key: str
    task: str
    task_dir: str
    task_hash: str
    discipline: str
    family: str
    model: str
    rollout: int
    path: str
    rel: str
    ext: str
    output_sha256: str
    mode: str = "native"
    timeout: float = DEFAULT_TIMEOUT


# Tasks loaded by this process, so a worker parses each task.json once.
_TASKS: dict[tuple[str, str], object] = {}


def _task(job: Job):
    from geoverify.errors import IRValidationError
    from geoverify.evaluation.taskset import task_hash
    from geoverify.ir import load_task

    k = (job.task_dir, job.task_hash)
    t = _TASKS.get(k)
    if t is None:
        t = load_task(job.task_dir)
        # The key names the task as the parent hashed it; a task edited since then
        # must not be judged under the old key (a rerun redoes it under the new one).
        refs = [a.get("path") for a in t.raw.get("references", []) if isinstance(a, dict) and a.get("path")]
        root = Path(t.root or job.task_dir)
        if task_hash(root, (root / "task.json").read_bytes(), refs) != job.task_hash:
            raise IRValidationError(f"task {job.task!r} changed on disk during the run ({job.task_dir})")
        _TASKS[k] = t
    return t


def _base(job: Job) -> dict:
    return {
        "schema_version": RESULT_SCHEMA_VERSION,
        "key": job.key,
        "engine_version": __version__,
        "mode": job.mode,
        "task": job.task,
        "task_hash": job.task_hash,
        "discipline": job.discipline,
        "family": job.family,
        "model": job.model,
        "rollout": job.rollout,
        "output": job.rel,
        "output_sha256": job.output_sha256,
    }


def _failed_record(rec: dict, task, code: str, message: str, fmt: str | None, how: str | None) -> dict:
    rec.update({
        "format": fmt, "extracted": how, "scene_used": "none",
        "T": 0, "T_parts": {"format_correct": code not in ("TECH_FORMAT", "TECH_NO_OUTPUT"), "compilable": False,
                            "rendered": False, "non_empty": False},
        "H_math": 0, "S": 0.0, "S_raw": 0.0, "D": 0, "R": 0.0,
        "tech_error": {"code": code, "message": message[:500]},
        "error_codes": [code],
        "predicates": {p.id: "fail" for p in task.predicates} if task is not None else {},
        "partial": False,
    })
    return rec


_KERNELS_WARM = False


def _warm_kernels() -> None:
    """Load the numba kernels once per worker process: a run verifies many figures, so
    the one-second load pays off (a single cold ``check`` stays on the numpy references)."""
    global _KERNELS_WARM
    if not _KERNELS_WARM:
        from geoverify.kernels.warmup import warmup

        warmup()
        _KERNELS_WARM = True


def verify_job(job: Job) -> dict:
    """Verify one output; the record of what was found (never raises).

    Raw responses (``.txt``, ``.md``) go through
    :func:`geoverify.frontends.extract.extract_figure` first; a response without
    figure code is ``T = 0`` with ``TECH_NO_OUTPUT``, a cut-off one ``TECH_FORMAT``.
    An exception inside the engine gives a record with ``engine_error`` set and the
    output counted as failed: a rerun with the same engine would fail the same way,
    and a fixed engine (new version) redoes it because the version is in the key.
    """
    from geoverify.errors import GeoverifyError
    from geoverify.evaluation.taskset import FIGURE_EXTENSIONS

    _warm_kernels()

    t0 = time.perf_counter()
    rec = _base(job)
    task = None
    # SIGALRM only works in a main thread: pool workers and inline runs; Dask worker
    # threads go without the limit (the front-end and gate budgets still hold).
    alarm = bool(job.timeout) and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGALRM, _on_alarm) if alarm else None
    if alarm:
        _ARMED[0] = True
        signal.setitimer(signal.ITIMER_REAL, job.timeout)
    try:
        task = _task(job)
        gate = job.mode != "native"
        scene = "rendered" if job.mode == "gate+rendered" else "native"
        how = None
        # Figures go to check() as bytes, never as str: a one-line str that names an
        # existing file would be read as a path (an output saying "/etc/passwd"), and
        # bytes keep the absolute path out of the record's messages.
        if job.ext in FIGURE_EXTENSIONS:
            source, fmt = _text_bytes(Path(job.path).read_bytes()), FIGURE_EXTENSIONS[job.ext]
        else:
            raw = Path(job.path).read_bytes().decode("utf-8", errors="replace")
            try:
                from geoverify.frontends.extract import extract_figure
            except ImportError:
                return _done(_failed_record(rec, task, "TECH_FORMAT", "raw responses need geoverify.frontends.extract, "
                                            "which is not installed", None, None), t0)
            try:
                fig = extract_figure(raw)
            except GeoverifyError as exc:
                return _done(_failed_record(rec, task, exc.code if exc.code.startswith("TECH_") else "TECH_FORMAT",
                                            str(exc), None, None), t0)
            source, fmt, how = fig.text.encode("utf-8", "surrogatepass"), fig.fmt, fig.how
        from geoverify.evaluation.check import check

        report = check(source, task, format=fmt, gate=gate, scene=scene)
        rec.update(_from_report(report, fmt, how))
    except _OutputTimeout:
        rec = _failed_record(_base(job), task, ENGINE_TIMEOUT, f"verification took more than {job.timeout:g} s",
                             None, None)
        rec["engine_error"] = f"timeout after {job.timeout:g} s"
    except Exception as exc:  # noqa: BLE001 - a worker must always answer with a record
        rec = _failed_record(_base(job), task, ENGINE_ERROR, f"{type(exc).__name__}: {exc}", None, None)
        rec["engine_error"] = traceback.format_exc(limit=8)[-2000:]
    finally:
        _ARMED[0] = False
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    return _done(rec, t0)


def _text_bytes(raw: bytes) -> bytes:
    """UTF-8 bytes of a figure file (Latin-1 files are re-encoded, as ``read_source`` would read them)."""
    try:
        raw.decode("utf-8")
        return raw
    except UnicodeDecodeError:
        return raw.decode("latin-1").encode("utf-8")


def _done(rec: dict, t0: float) -> dict:
    rec["elapsed"] = round(time.perf_counter() - t0, 6)
    return rec


def _from_report(report, fmt: str, how: str | None) -> dict:
    s = report.scores
    preds = {}
    codes = []
    for r in report.results:
        preds[r.predicate.id] = r.verdict.verdict
        if not r.verdict.passed:
            codes.append(r.predicate.error_code or "PREDICATE_FAILED")
    out = {
        "format": report.format if report.format != "unknown" else fmt,
        "extracted": how,
        "scene_used": report.scene_used,
        "T": s.T, "T_parts": {k: bool(v) for k, v in report.T_parts.items()},
        "H_math": s.H_math, "S": s.S, "S_raw": s.S_raw, "D": s.D, "R": s.R,
        "predicates": preds,
        "partial": bool(report.partial),
    }
    if report.tech_error:
        code = report.tech_error.get("code", "TECH_COMPILE")
        out["tech_error"] = {"code": code, "message": str(report.tech_error.get("message", ""))[:500]}
        out["error_codes"] = [code]
    else:
        out["tech_error"] = None
        out["error_codes"] = sorted(set(codes))
    if report.gate is not None:
        out["gate"] = {"T": report.gate.get("T"), "error_code": report.gate.get("error_code")}
    return out
