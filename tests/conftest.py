"""Shared fixtures: paths of the repository, the bundled tasks and the shared corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TASKS = REPO / "tasks"
CORPUS = REPO.parent / "shared" / "corpus"
ROUCHE = TASKS / "complex-analysis" / "rouche-z3"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared corpus of real figures; tests using it skip when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS} (it lives beside the repository in ../shared/corpus)")
    return CORPUS


@pytest.fixture(scope="session")
def rouche_task():
    from geoverify.ir import load_task

    return load_task(ROUCHE)
