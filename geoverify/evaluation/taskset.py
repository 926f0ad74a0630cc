"""A task set and a folder of model outputs, as the work list of ``geoverify run``.

A task set is a folder holding task packages (``<discipline>/<task-id>/task.json``,
found recursively). An outputs folder holds ``<task-id>/<model>/<rollout>.<ext>``:

- ``<task-id>`` is the task's ``id`` field (not its folder name);
- ``<rollout>`` is a positive integer (``1``, ``2``, ``3``; ``01`` is rollout 1);
- ``<ext>`` is ``svg``, ``tex``, ``tikz`` or ``asy`` (figure code) or ``txt`` or
  ``md`` (a raw model response, from which the figure is extracted).

Anything else is not verified but counted and named in :class:`OutputScan`, so
a misplaced file is never silently lost from a scorecard.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from geoverify.errors import InputError, IRValidationError, TaskNotFoundError

__all__ = [
    "TaskEntry",
    "OutputRef",
    "OutputScan",
    "FIGURE_EXTENSIONS",
    "RESPONSE_EXTENSIONS",
    "load_taskset",
    "scan_outputs",
    "task_hash",
]

#: Extension -> figure format of files holding figure code.
FIGURE_EXTENSIONS = {"svg": "svg", "tex": "tikz", "tikz": "tikz", "asy": "asy"}
#: Extensions of raw model responses (the figure is extracted first).
RESPONSE_EXTENSIONS = ("txt", "md")

_ROLLOUT = re.compile(r"^0*([1-9][0-9]*)$")


@dataclass(frozen=True, slots=True)
class TaskEntry:
    """One task of a task set, with what a run needs to know about it.

    Parameters
    ----------
    id, discipline, family : str
        From task.json (``family`` is ``""`` when the task names none).
    dir : Path
        The task folder (absolute).
    hash : str
        :func:`task_hash` of the package: hex SHA-256.
    """

    id: str
    discipline: str
    family: str
    dir: Path
    hash: str


@dataclass(frozen=True, slots=True)
class OutputRef:
    """One model output file to verify.

    Parameters
    ----------
    task, model : str
    rollout : int
        1-based.
    path : Path
        Absolute path of the file.
    rel : str
        ``<task-id>/<model>/<file>`` with forward slashes: the output's name in records.
    ext : str
        Lower-case extension without the dot.
    """

    task: str
    model: str
    rollout: int
    path: Path
    rel: str
    ext: str


@dataclass(slots=True)
class OutputScan:
    """What :func:`scan_outputs` found.

    Attributes
    ----------
    outputs : list of OutputRef
        Sorted by (task, model, rollout).
    unknown_task : list of str
        Relative paths under a folder that names no task of the task set.
    ignored : list of tuple (str, str)
        ``(relative path, reason)`` of files that are not outputs (bad rollout name,
        unknown extension, wrong depth, second file for the same rollout).
    """

    outputs: list[OutputRef] = field(default_factory=list)
    unknown_task: list[str] = field(default_factory=list)
    ignored: list[tuple[str, str]] = field(default_factory=list)


def task_hash(task_dir: Path, raw_json: bytes, reference_paths: list[str]) -> str:
    """Hex SHA-256 of a task package: task.json's bytes and its reference files.

    The reference files are part of the key because a fixed reference changes what a
    task means even when task.json is untouched; variants are not (they do not
    change how an output is judged).
    """
    h = hashlib.sha256()
    h.update(b"task.json\0")
    h.update(hashlib.sha256(raw_json).digest())
    for rel in sorted(reference_paths):
        h.update(rel.encode("utf-8") + b"\0")
        h.update(hashlib.sha256((task_dir / rel).read_bytes()).digest())
    return h.hexdigest()


def load_taskset(taskset) -> list[TaskEntry]:
    """Load and validate every task under ``taskset``, sorted by id.

    Raises
    ------
    TaskNotFoundError
        ``taskset`` does not exist or holds no task.json.
    IRValidationError
        A task is invalid (message names the task folder and the JSON path), or two
        tasks share an id.
    """
    from geoverify.ir import find_tasks, load_task

    dirs = find_tasks(taskset)
    if not dirs:
        raise TaskNotFoundError(f"no task.json under {taskset}: not a task set")
    entries: dict[str, TaskEntry] = {}
    for d in dirs:
        try:
            task = load_task(d)
        except IRValidationError as exc:
            raise IRValidationError(f"task {d}: {exc}") from None
        if task.id in entries:
            raise IRValidationError(f"task id {task.id!r} is used by both {entries[task.id].dir} and {d}")
        root = Path(task.root or d)
        raw = (root / "task.json").read_bytes()
        refs = [a.get("path") for a in task.raw.get("references", []) if isinstance(a, dict) and a.get("path")]
        entries[task.id] = TaskEntry(task.id, task.discipline, task.family or "", root,
                                     task_hash(root, raw, refs))
    return [entries[k] for k in sorted(entries)]


def scan_outputs(outputs, task_ids) -> OutputScan:
    """Find the model outputs under ``outputs`` for the given task ids.

    Parameters
    ----------
    outputs : str or Path
        Folder laid out as ``<task-id>/<model>/<rollout>.<ext>``.
    task_ids : iterable of str

    Raises
    ------
    InputError
        ``outputs`` is not a folder.
    """
    root = Path(outputs)
    if not root.is_dir():
        raise InputError(f"outputs folder {root} does not exist or is not a folder; "
                         "expected <task-id>/<model>/<rollout>.<ext> under it")
    known = set(task_ids)
    scan = OutputScan()
    seen: dict[tuple[str, str, int], str] = {}
    allowed = set(FIGURE_EXTENSIONS) | set(RESPONSE_EXTENSIONS)
    # sorted() makes the choice between two files of one rollout reproducible.
    for p in sorted(root.rglob("*")):
        if not p.is_file() or p.name.startswith("."):
            continue
        rel = p.relative_to(root).as_posix()
        parts = rel.split("/")
        if len(parts) != 3:
            scan.ignored.append((rel, "not at <task-id>/<model>/<rollout>.<ext>"))
            continue
        tid, model, name = parts
        if tid not in known:
            scan.unknown_task.append(rel)
            continue
        stem, dot, ext = name.rpartition(".")
        ext = ext.lower()
        if not dot or ext not in allowed:
            scan.ignored.append((rel, f"extension not one of: {', '.join(sorted(allowed))}"))
            continue
        m = _ROLLOUT.match(stem)
        if not m:
            scan.ignored.append((rel, "rollout name is not a positive integer"))
            continue
        r = int(m.group(1))
        if (tid, model, r) in seen:
            scan.ignored.append((rel, f"rollout {r} already given by {seen[(tid, model, r)]}"))
            continue
        seen[(tid, model, r)] = rel
        scan.outputs.append(OutputRef(tid, model, r, p.resolve(), rel, ext))
    scan.outputs.sort(key=lambda o: (o.task, o.model, o.rollout))
    return scan
