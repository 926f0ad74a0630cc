"""Every bundled task is admitted; a small fuzz run over the bundled set finds nothing.

Both run over the whole set and take minutes, so they are marked slow (CI runs them).
The gate is native here (``gate=False``); ``benchmarks/admission_times.py`` runs the real toolchains.
"""

from pathlib import Path

import pytest

from geoverify.admission import admit_task
from geoverify.admission.fuzzing import fuzz_task
from geoverify.ir import find_tasks

TASKS = Path(__file__).resolve().parents[2] / "tasks"
DIRS = find_tasks(TASKS)


@pytest.mark.slow
@pytest.mark.parametrize("task_dir", DIRS, ids=[d.name for d in DIRS])
def test_bundled_task_is_admitted(task_dir):
    adm = admit_task(task_dir, gate=False)
    assert adm.admitted, adm.failures()


@pytest.mark.slow
@pytest.mark.parametrize("task_dir", DIRS, ids=[d.name for d in DIRS])
def test_bundled_task_fuzz_finds_nothing(task_dir):
    rep = fuzz_task(task_dir, examples=5, seed=0)
    assert rep.clean, rep.render_text()
