"""The real toolchains agree: every TikZ/Asymptote reference compiles (T = 1, D = 1 with the gate) and every
compile-error variant fails to compile. Slow (one pdflatex or asy run per figure)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import geoverify
from geoverify.ir import find_tasks, load_task

TASKS = Path(__file__).resolve().parents[2] / "tasks"
_TOOL = {"tikz": "pdflatex", "asy": "asy"}


def _cases(kind):
    out = []
    for d in find_tasks(TASKS):
        task = load_task(d)
        items = task.references if kind == "reference" else [v for v in task.variants if not v.expect_T]
        for a in items:
            if a.format in _TOOL:
                out.append(pytest.param(d, a.path, a.format, id=f"{d.name}/{a.path.name}"))
    return out


@pytest.mark.slow
@pytest.mark.toolchain
@pytest.mark.parametrize("task_dir,path,fmt", _cases("reference"))
def test_reference_compiles_and_is_delivered(task_dir, path, fmt):
    if shutil.which(_TOOL[fmt]) is None:
        pytest.skip(f"{_TOOL[fmt]} is not installed")
    rep = geoverify.check(path, task_dir, gate=True)
    assert rep.scores.T == 1, rep.tech_error
    assert rep.scores.D == 1, {r.predicate.id: r.verdict.message for r in rep.results if not r.verdict.passed}


@pytest.mark.slow
@pytest.mark.toolchain
@pytest.mark.parametrize("task_dir,path,fmt", _cases("variant"))
def test_compile_error_variant_does_not_compile(task_dir, path, fmt):
    if shutil.which(_TOOL[fmt]) is None:
        pytest.skip(f"{_TOOL[fmt]} is not installed")
    rep = geoverify.check(path, task_dir, gate=True)
    assert rep.scores.T == 0
