"""``geoverify.check``: one figure against one task, with a full report."""

from __future__ import annotations

import os
import time
from pathlib import Path

from geoverify import __version__
from geoverify.errors import FigureFormatError, GeoverifyError
from geoverify.evaluation.report import Report
from geoverify.evaluation.scores import compute_scores
from geoverify.frontends import Limits, detect_format, parse_figure
from geoverify.ir import Task, load_task
from geoverify.matching import bind, extract_features
from geoverify.predicates import FAIL, PredicateResult, Verdict, evaluate_predicate

__all__ = ["check", "check_scene", "read_source"]


def read_source(source, is_path: bool | None = None) -> tuple[str, str | None]:
    """``(text, filename)`` of a figure given as a path or as its code.

    ``Path`` objects are paths and ``bytes`` are code. A ``str`` is a path when
    ``is_path`` says so, or (``is_path=None``) when it is one line naming an existing
    file; pass untrusted text (a model's output) as ``bytes`` or with ``is_path=False``
    so that it is never taken for a file name.
    """
    if is_path is False and isinstance(source, str):
        return source, None
    if isinstance(source, Path) or is_path or (isinstance(source, str) and "\n" not in source
                                                and len(source) < 4096 and os.path.exists(source)):
        p = Path(source)
        raw = p.read_bytes()
        try:
            return raw.decode("utf-8"), str(p)
        except UnicodeDecodeError:
            return raw.decode("latin-1"), str(p)
    if isinstance(source, bytes):
        return source.decode("utf-8", errors="replace"), None
    return str(source), None


def _not_evaluated(task: Task, code: str) -> list[PredicateResult]:
    msg = f"not evaluated: the figure did not pass the technical gate ({code})"
    return [PredicateResult(p, Verdict(FAIL, msg)) for p in task.predicates]


def check_scene(scene, task: Task, *, T: bool = True, T_parts: dict | None = None, figure: str | None = None,
                timings: dict | None = None, scene_used: str = "native", gate: dict | None = None) -> Report:
    """Verify an already parsed scene against a task."""
    timings = dict(timings or {})
    t0 = time.perf_counter()
    features = extract_features(scene)
    binding = bind(task, scene, features)
    t1 = time.perf_counter()
    results = [evaluate_predicate(p, binding) for p in task.predicates]
    t2 = time.perf_counter()
    timings["match"] = t1 - t0
    timings["predicates"] = t2 - t1
    non_empty = not scene.is_empty()
    parts = dict(T_parts or {"format_correct": True, "compilable": True, "rendered": True, "non_empty": non_empty})
    parts["non_empty"] = parts.get("non_empty", True) and non_empty
    T = bool(T and all(v is not False for v in parts.values()))
    if not T:
        code = "TECH_EMPTY" if not non_empty else "TECH_RENDER"
        results = _not_evaluated(task, code)
    return Report(
        task=task, figure=figure, format=scene.source_format, scene_used=scene_used, T_parts=parts,
        scores=compute_scores(results, T), results=results, binding=binding if T else None,
        diagnostics=list(scene.diagnostics), partial=scene.partial, timings=timings,
        engine_version=__version__, gate=gate, tech_error=None if T else {"code": "TECH_EMPTY" if not non_empty else "TECH_RENDER",
                                                                           "message": "the figure is empty" if not non_empty else "not rendered"},
    )


def check(source, task, *, format: str | None = None, limits: Limits | None = None, gate: bool = False,
          scene: str = "native", dialect: str | None = None, is_path: bool | None = None) -> Report:
    """Verify a figure against a task.

    Parameters
    ----------
    source : str or Path
        Path of the figure file, or its code.
    task : str, Path or Task
        Task folder (or task.json), or a loaded task.
    format : str, optional
        ``"svg"``, ``"tikz"`` or ``"asy"``; guessed from the file name or code otherwise.
    limits : Limits, optional
        Front-end budgets.
    gate : bool
        Run the real toolchain for the technical gate T (otherwise T is the native
        check: parsed and non-empty).
    scene : str
        ``"native"`` (the front-end's scene) or ``"rendered"`` (the toolchain's own
        SVG, parsed; implies ``gate=True``).
    dialect : str, optional
        Asymptote dialect; defaults to the task's.
    is_path : bool, optional
        Whether a ``str`` source is a file name (True) or code (False); guessed when None
        (see :func:`read_source`). Untrusted text should be passed with ``is_path=False``.

    Returns
    -------
    Report
        Figure errors (syntax, budgets, unsafe input) give ``T = 0`` with their code
        in ``report.tech_error``; they are not raised.
    """
    if not isinstance(task, Task):
        task = load_task(task)
    text, filename = read_source(source, is_path)
    timings: dict = {}
    dialect = dialect or task.dialect
    gate_info = None
    parts = None
    fmt = format or "unknown"
    try:
        fmt = format or detect_format(text, filename)
        opts = {"dialect": dialect} if fmt == "asy" else {}
        if gate or scene == "rendered":
            from geoverify.gate import rendered_scene, run_gate

            g = run_gate(text, fmt, dialect=dialect)
            # The rendered SVG and PNG stay out of the report (they can be megabytes).
            gate_info = {k: v for k, v in g.to_dict().items() if k not in ("svg", "png")}
            parts = dict(g.parts)
            if g.T is None:
                parts = None  # toolchain unavailable: fall back to the native gate, said in the report
            elif not g.T:
                return _gate_failed(task, filename, fmt, g.error_code or "TECH_COMPILE", g.log_excerpt, parts, gate_info)
        t0 = time.perf_counter()
        agreement = None
        if scene == "rendered" and gate_info is not None and gate_info.get("T"):
            sc = rendered_scene(g)
            used = "rendered"
        else:
            sc = parse_figure(text, format=fmt, filename=filename, limits=limits, **opts)
            used = "native"
            if gate_info is not None and gate_info.get("T") and fmt != "svg":
                # Flag where the native interpretation and what the toolchain drew disagree.
                from geoverify.evaluation.agreement import compare_scenes

                agreement = compare_scenes(sc, rendered_scene(g)).to_dict()
                gate_info["scene_agreement"] = agreement
        timings["parse"] = time.perf_counter() - t0
    except GeoverifyError as exc:
        code = exc.code if exc.code.startswith("TECH_") else ("TECH_FORMAT" if isinstance(exc, FigureFormatError) else "TECH_COMPILE")
        return _gate_failed(task, filename, fmt, code, str(exc), None, gate_info, exc)
    return check_scene(sc, task, T_parts=parts, figure=filename, timings=timings, scene_used=used, gate=gate_info)


def _gate_failed(task, filename, fmt, code, message, parts, gate_info, exc=None) -> Report:
    results = _not_evaluated(task, code)
    parts = parts or {"format_correct": code != "TECH_FORMAT", "compilable": False, "rendered": False, "non_empty": False}
    err = {"code": code, "message": message}
    if exc is not None and getattr(exc, "location", None) is not None:
        err["location"] = exc.location.to_dict()
    return Report(task=task, figure=filename, format=fmt, scene_used="none", T_parts=parts,
                  scores=compute_scores(results, False), results=results, binding=None, diagnostics=[],
                  partial=False, timings={}, engine_version=__version__, gate=gate_info, tech_error=err)
