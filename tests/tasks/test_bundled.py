"""Every bundled task: each reference passes with D = 1 and each variant gets exactly its expected verdicts.

Predicates a variant does not list must pass. Formats whose native front-end is
not importable yet are skipped with a message naming the missing module.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import geoverify
from geoverify.ir import find_tasks, load_task

TASKS = Path(__file__).resolve().parents[2] / "tasks"
_FRONTEND = {"svg": "geoverify.frontends.svg", "tikz": "geoverify.frontends.tikz", "asy": "geoverify.frontends.asy"}
_TASK_DIRS = find_tasks(TASKS)


def _frontend_or_skip(fmt: str):
    mod = _FRONTEND[fmt]
    try:
        m = importlib.import_module(mod)
    except ImportError as exc:
        pytest.skip(f"the native {fmt} front-end ({mod}) is not importable yet: {exc}")
    entry = {"svg": "parse_svg", "tikz": "parse_tikz", "asy": "parse_asy"}[fmt]
    if not hasattr(m, entry):
        pytest.skip(f"the native {fmt} front-end ({mod}) has no {entry} yet")


def _cases(kind: str):
    out = []
    for d in _TASK_DIRS:
        task = load_task(d)
        items = task.references if kind == "reference" else task.variants
        for a in items:
            out.append(pytest.param(d, a.path.relative_to(d).as_posix(), a.format,
                                    id=f"{d.name}/{a.path.relative_to(d).as_posix()}"))
    return out


_TASK_CACHE: dict = {}


def _task(d):
    if d not in _TASK_CACHE:
        _TASK_CACHE[d] = load_task(d)
    return _TASK_CACHE[d]


def test_bundled_set_size():
    disciplines = {_task(d).discipline for d in _TASK_DIRS}
    assert len(_TASK_DIRS) >= 40, f"only {len(_TASK_DIRS)} bundled tasks"
    assert len(disciplines) >= 12, sorted(disciplines)


@pytest.mark.parametrize("task_dir", _TASK_DIRS, ids=[d.name for d in _TASK_DIRS])
def test_task_has_references_in_two_formats(task_dir):
    task = _task(task_dir)
    assert len({r.format for r in task.references}) >= 2, f"{task.id}: references in {[r.format for r in task.references]}"
    assert task.variants, f"{task.id} has no wrong variants"


@pytest.mark.parametrize("task_dir,rel,fmt", _cases("reference"))
def test_reference_is_delivered(task_dir, rel, fmt):
    _frontend_or_skip(fmt)
    task = _task(task_dir)
    rep = geoverify.check(task_dir / rel, task)
    failing = {r.predicate.id: f"{r.verdict.verdict}: {r.verdict.message}" for r in rep.results if not r.verdict.passed}
    assert rep.scores.T == 1, rep.tech_error
    assert rep.scores.D == 1, failing


@pytest.mark.parametrize("task_dir,rel,fmt", _cases("variant"))
def test_variant_gets_expected_verdicts(task_dir, rel, fmt):
    _frontend_or_skip(fmt)
    task = _task(task_dir)
    variant = next(v for v in task.variants if v.path == (task_dir / rel).resolve())
    rep = geoverify.check(task_dir / rel, task)
    got = {r.predicate.id: r.verdict.verdict for r in rep.results}
    want = {p.id: variant.expect.get(p.id, "pass") for p in task.predicates}
    diff = {k: {"got": got[k], "want": want[k]} for k in want if got[k] != want[k]}
    assert not diff, f"{variant.mutation}: {diff}"
    assert bool(rep.scores.T) == variant.expect_T
    assert rep.scores.D == 0, "a wrong variant must not be delivered"
