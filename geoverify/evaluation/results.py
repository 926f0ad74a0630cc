"""The results file of a run: one JSON record per verified output, crash-safe.

Durability rules (what makes ``kill -9`` at any moment harmless):

- A record is one line, written with a single ``os.write`` of the whole line and
  then ``fsync``-ed before the next output is handed on; only the run's parent
  process writes.
- The only state is the file itself. On open, everything after the last newline
  is a cut-off record (the process died inside a write): it is cut away, so the
  output it described is simply verified again.
- A rerun skips every output whose record key is already in the file; records are
  read in order and a key seen twice keeps its first record, so even a file
  assembled by hand never counts an output twice.
- An exclusive ``flock`` keeps two runs from appending to one file at once.

Record keys hash the task package, the output's bytes, the engine version, the
verification mode (native or real gate, scene) and the output's place
(``<task-id>/<model>/<rollout>``): two models that happen to answer with the
same bytes are still two records.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from pathlib import Path

from geoverify.errors import InputError

__all__ = ["RESULT_SCHEMA_VERSION", "ResultsFile", "record_key", "read_records", "validate_record"]

RESULT_SCHEMA_VERSION = "1.0"


def record_key(task_hash: str, output_sha256: str, engine_version: str, mode: str, rel: str) -> str:
    """Hex SHA-256 that names one verification of one output.

    Parameters
    ----------
    task_hash : str
        :func:`geoverify.evaluation.taskset.task_hash` of the task package.
    output_sha256 : str
        Hex SHA-256 of the output file's bytes.
    engine_version : str
    mode : str
        ``"native"``, ``"gate"`` or ``"gate+rendered"``.
    rel : str
        ``<task-id>/<model>/<file>``.
    """
    h = hashlib.sha256()
    for part in (task_hash, output_sha256, engine_version, mode, rel):
        h.update(part.encode("utf-8") + b"\0")
    return h.hexdigest()


def read_records(path) -> tuple[dict[str, dict], int]:
    """Complete records of a results file, by key, and the number of bad lines.

    A line is complete when it ends with a newline and holds a JSON object with a
    ``key``; a last line without newline is a cut-off write and is not counted as bad.
    """
    p = Path(path)
    records: dict[str, dict] = {}
    bad = 0
    if not p.exists():
        return records, 0
    data = p.read_bytes()
    lines = data.split(b"\n")
    # The piece after the last newline is empty for a clean file, a cut-off write otherwise.
    for line in lines[:-1]:
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            bad += 1
            continue
        if not isinstance(rec, dict) or not isinstance(rec.get("key"), str):
            bad += 1
            continue
        records.setdefault(rec["key"], rec)
    return records, bad


class ResultsFile:
    """Append-only JSONL results, opened for one run (use as a context manager).

    Parameters
    ----------
    path : str or Path
        Created with its parent folders when missing.

    Attributes
    ----------
    records : dict
        Key -> record of every complete record (the file's and those appended).
    truncated_bytes : int
        Size of the cut-off last line removed on open (0 for a clean file).
    bad_lines : int
        Complete lines that are not records (kept in the file, ignored).
    """

    def __init__(self, path):
        self.path = Path(path)
        self.records: dict[str, dict] = {}
        self.truncated_bytes = 0
        self.bad_lines = 0
        self._fd: int | None = None

    def __enter__(self) -> "ResultsFile":
        self.open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def open(self) -> None:
        if self.path.exists() and self.path.is_dir():
            raise InputError(f"results file {self.path} is a folder; give a file name such as results.jsonl")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise InputError(f"results file {self.path} is in use by another run (locked)") from None
        self._fd = fd
        self.records, self.bad_lines = read_records(self.path)
        size = os.fstat(fd).st_size
        if size:
            # Find the end of the last complete line; drop what follows it.
            keep = size
            chunk = 65536
            tail = b""
            while keep > 0:
                start = max(0, keep - chunk)
                os.lseek(fd, start, os.SEEK_SET)
                tail = os.read(fd, keep - start)
                i = tail.rfind(b"\n")
                if i >= 0:
                    keep = start + i + 1
                    break
                keep = start
            if keep != size:
                self.truncated_bytes = size - keep
                os.ftruncate(fd, keep)
                os.fsync(fd)
        os.lseek(fd, 0, os.SEEK_END)

    def close(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __contains__(self, key: str) -> bool:
        return key in self.records

    def append(self, record: dict) -> None:
        """Write one record durably (one write, then fsync) before returning."""
        if self._fd is None:
            raise InputError(f"results file {self.path} is not open")
        line = (json.dumps(record, ensure_ascii=False, sort_keys=True, allow_nan=False) + "\n").encode("utf-8")
        view = memoryview(line)
        while view:
            n = os.write(self._fd, view)
            view = view[n:]
        os.fsync(self._fd)
        self.records.setdefault(record["key"], record)


def validate_record(record: dict) -> None:
    """Raise :class:`~geoverify.errors.IRValidationError` unless ``record`` fits ``result.schema.json``."""
    from geoverify.ir.loader import validate_against_schema

    validate_against_schema(record, "result")
