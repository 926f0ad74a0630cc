"""Folder comparisons: every model's candidates against the references, resumably, in parallel.

Layout: ``REFDIR/<problem>.<ext>`` and ``CANDDIR/<model>/<problem>.<ext>`` (``.asy``,
``.svg``, ``.tex``). Each comparison becomes one JSON line of the results file,
written with one ``write`` and ``fsync``-ed before the next is taken; a rerun
skips every key already in the file (a cut-off last line is ignored and redone).
Keys hash both files' bytes, the engine version, the gate mode and the place
(``<model>/<problem>``). The table averages per model in the layout of the
olympiad benchmark's Table 1 (mean scores scaled to 100).

This is a small store of its own: ``geoverify run``'s results machinery
(:mod:`geoverify.evaluation.results`) had not landed when this was written.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import multiprocessing
import os
from dataclasses import dataclass, field
from pathlib import Path

from geoverify import __version__
from geoverify.errors import InputError

__all__ = ["Pair", "find_pairs", "compare_pair", "JsonlStore", "compare_folders", "model_table", "render_table"]

_EXTS = (".asy", ".svg", ".tex", ".tikz")


@dataclass(frozen=True, slots=True)
class Pair:
    """One candidate and its reference."""

    key: str
    model: str
    problem: str
    reference: str
    candidate: str


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def find_pairs(refdir, canddir, gate: bool) -> tuple[list[Pair], list[str]]:
    """Pairs of the folders, and warnings (candidates without a reference)."""
    refdir, canddir = Path(refdir), Path(canddir)
    if not refdir.is_dir() or not canddir.is_dir():
        raise InputError(f"compare over folders needs two folders; got {refdir} and {canddir}")
    refs = {p.stem: p for p in sorted(refdir.iterdir()) if p.suffix.lower() in _EXTS}
    if not refs:
        raise InputError(f"no reference figures ({', '.join(_EXTS)}) in {refdir}")
    pairs, warnings = [], []
    models = [d for d in sorted(canddir.iterdir()) if d.is_dir()]
    if not models:
        raise InputError(f"no model folders in {canddir}; expected CANDDIR/<model>/<problem>.asy")
    for mdir in models:
        for c in sorted(mdir.iterdir()):
            if c.suffix.lower() not in _EXTS:
                continue
            r = refs.get(c.stem)
            if r is None:
                warnings.append(f"{mdir.name}/{c.name}: no reference {c.stem}.* in {refdir}")
                continue
            h = hashlib.sha256()
            for part in (_sha(r), _sha(c), __version__, "gate" if gate else "native", f"{mdir.name}/{c.stem}"):
                h.update(part.encode() + b"\0")
            pairs.append(Pair(h.hexdigest(), mdir.name, c.stem, str(r), str(c)))
    return pairs, warnings


def compare_pair(pair: Pair, gate: bool = False, dialect: str = "aops") -> dict:
    """The results record of one pair (never raises for a bad candidate)."""
    from geoverify.fidelity.compare import compare_figures, prepare_figure

    rec = {"key": pair.key, "model": pair.model, "problem": pair.problem, "reference": pair.reference,
           "candidate": pair.candidate, "engine_version": __version__}
    try:
        ref = prepare_figure(pair.reference, dialect=dialect)
        cand = prepare_figure(pair.candidate, dialect=dialect, gate=gate)
        sc = compare_figures(ref, cand)
    except InputError as exc:
        rec["error"] = str(exc)[:500]
        return rec
    d = sc.to_dict()
    rec.update({k: d[k] for k in ("T", "gate", "score", "relations", "object_recall", "label_recall", "text_metrics")})
    rec["per_type"] = d["per_type"]
    rec["missing"] = [m["message"] for m in d["missing"] if not m["implied"]][:20]
    return rec


class JsonlStore:
    """Append-only JSONL records keyed by ``key`` (one write + fsync per record)."""

    def __init__(self, path):
        self.path = Path(path)
        self.records: dict[str, dict] = {}
        self._fd = None

    def __enter__(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            data = self.path.read_bytes()
            keep = data.rfind(b"\n") + 1
            for line in data[:keep].split(b"\n"):
                try:
                    rec = json.loads(line)
                except (json.JSONDecodeError, UnicodeDecodeError):
                    continue
                if isinstance(rec, dict) and isinstance(rec.get("key"), str):
                    self.records.setdefault(rec["key"], rec)
            if keep != len(data):
                # A record cut off by a crash: drop it, the pair is compared again.
                with open(self.path, "r+b") as fh:
                    fh.truncate(keep)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        return self

    def __exit__(self, *exc):
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __contains__(self, key: str) -> bool:
        return key in self.records

    def append(self, rec: dict) -> None:
        line = (json.dumps(rec, ensure_ascii=False, sort_keys=True, default=str) + "\n").encode("utf-8")
        os.write(self._fd, line)
        os.fsync(self._fd)
        self.records.setdefault(rec["key"], rec)


@dataclass(slots=True)
class FolderRun:
    records: list
    reused: int = 0
    compared: int = 0
    warnings: list = field(default_factory=list)


def _work(args):
    pair, gate, dialect = args
    return compare_pair(pair, gate, dialect)


def compare_folders(refdir, canddir, results, *, gate: bool = False, dialect: str = "aops", jobs: int = 1,
                    progress=None) -> FolderRun:
    """Compare every candidate under ``canddir`` with its reference, appending to ``results``."""
    pairs, warnings = find_pairs(refdir, canddir, gate)
    run = FolderRun([], warnings=warnings)
    with JsonlStore(results) as store:
        todo = [p for p in pairs if p.key not in store]
        run.reused = len(pairs) - len(todo)
        if jobs > 1 and len(todo) > 1:
            ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
            with cf.ProcessPoolExecutor(jobs, mp_context=ctx) as ex:
                futs = [ex.submit(_work, (p, gate, dialect)) for p in todo]
                for fut in cf.as_completed(futs):
                    store.append(fut.result())
                    run.compared += 1
                    if progress:
                        progress(run.compared, len(todo))
        else:
            for p in todo:
                store.append(compare_pair(p, gate, dialect))
                run.compared += 1
                if progress:
                    progress(run.compared, len(todo))
        run.records = [store.records[p.key] for p in pairs]
    return run


#: Table rows: (section, label, record -> value on 0-100 or None).
def _tm(name):
    return lambda r: (r.get("text_metrics") or {}).get(name)


def _rel(name):
    return lambda r: None if r.get("relations") is None or r["relations"].get(name) is None else 100.0 * r["relations"][name]


_ROWS = [
    ("Text/Code-Based Metrics", "Keyword Match F1", _tm("keyword_f1")),
    ("Text/Code-Based Metrics", "BLEU", _tm("bleu")),
    ("Text/Code-Based Metrics", "chrF++", _tm("chrf++")),
    ("Text/Code-Based Metrics", "ROUGE-L", _tm("rouge_l")),
    ("Constraint-Based Fidelity", "Relation F1", lambda r: None if r.get("score") is None else 100.0 * r["score"]),
    ("Constraint-Based Fidelity", "Relation precision", _rel("precision")),
    ("Constraint-Based Fidelity", "Relation recall", _rel("recall")),
    ("Constraint-Based Fidelity", "Object recall", lambda r: None if r.get("object_recall") is None else 100.0 * r["object_recall"]),
    ("Constraint-Based Fidelity", "Label recall", lambda r: None if r.get("label_recall") is None else 100.0 * r["label_recall"]),
    ("Compilation Metrics", "Compile Success Rate", lambda r: None if "T" not in r else 100.0 * bool(r["T"])),
]


def model_table(records: list[dict]) -> dict:
    """``{model: {row label: mean or None}}``: means over the model's records (0-100).

    A candidate that fails the gate counts 0 for fidelity (and for precision/recall);
    text metrics are means over the candidates that have them.
    """
    by_model: dict[str, list] = {}
    for r in records:
        by_model.setdefault(r["model"], []).append(r)
    out = {}
    for model, recs in by_model.items():
        row = {}
        for _, label, fn in _ROWS:
            vals = []
            for r in recs:
                v = fn(r)
                if v is None and label.startswith("Relation") and r.get("T") is False:
                    v = 0.0
                if v is not None:
                    vals.append(v)
            row[label] = sum(vals) / len(vals) if vals else None
        row["n"] = len(recs)
        out[model] = row
    return out


def render_table(table: dict) -> str:
    """Markdown table with the paper's layout: metrics as rows, one column per model."""
    models = list(table)
    lines = ["| Method | " + " | ".join(models) + " |", "|---|" + "---|" * len(models)]
    section = None
    for sec, label, _ in _ROWS:
        if sec != section:
            lines.append(f"| *{sec}* |" + " |" * len(models))
            section = sec
        vals = [table[m].get(label) for m in models]
        lines.append(f"| ↑ {label} | " + " | ".join("n/a" if v is None else f"{v:.1f}" for v in vals) + " |")
    lines.append("| candidates | " + " | ".join(str(table[m]["n"]) for m in models) + " |")
    return "\n".join(lines)
