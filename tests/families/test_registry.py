"""The families regenerate the bundled task set exactly (deterministic, and tasks/ is up to date)."""

from __future__ import annotations

from pathlib import Path

import pytest

from geoverify.families.package import write_package
from geoverify.families.registry import FAMILIES, all_packages
from geoverify.ir import load_task

TASKS = Path(__file__).resolve().parents[2] / "tasks"


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("tasks")
    pkgs = all_packages()
    return out, [write_package(p, out) for p in pkgs]


def test_every_family_has_instances_and_mutations():
    pkgs = all_packages()
    assert {p.family_name for p in pkgs} == set(FAMILIES)
    for p in pkgs:
        assert len(p.mutations) >= 2, p.id
        ops = {m.operator for m in p.mutations}
        assert "break_code" in ops, f"{p.id} has no compile-error mutant"


def test_generated_packages_load(generated):
    _, folders = generated
    for f in folders:
        task = load_task(f)
        assert task.references and task.variants


def test_bundled_tasks_are_up_to_date(generated):
    out, folders = generated
    stale = []
    for f in folders:
        rel = f.relative_to(out)
        for file in sorted(f.rglob("*")):
            if file.is_file():
                bundled = TASKS / rel / file.relative_to(f)
                if not bundled.is_file() or bundled.read_bytes() != file.read_bytes():
                    stale.append(str(rel / file.relative_to(f)))
    assert not stale, f"run scripts/build_tasks.py: {stale[:5]}"


def test_prompts_hold_plain_numbers():
    # A solver reads the prompt as mathematics: no numpy reprs such as np.float64(1.5).
    for p in all_packages():
        assert "np." not in p.ir["prompt"] and "array(" not in p.ir["prompt"], (p.id, p.ir["prompt"])


def test_fmt_xy_writes_plain_decimals():
    import numpy as np

    from geoverify.families.package import fmt_xy

    assert fmt_xy(np.array([0, 6])) == "(0, 6)"
    assert fmt_xy((np.float64(1.8), np.float64(-0.0))) == "(1.8, 0)"
