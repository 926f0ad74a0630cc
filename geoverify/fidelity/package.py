"""A mined reference as a task package: ``task.json`` beside the figure it was mined from."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from geoverify.fidelity.compare import Figure

__all__ = ["mined_task", "write_task_package"]


def mined_task(fig: Figure, source: str, task_id: str, dialect: str | None = "aops") -> dict:
    """The task.json draft of a prepared figure (``dialect`` kept for Asymptote only)."""
    return fig.mined.to_task(task_id=task_id, source=source, dialect=dialect if fig.fmt == "asy" else None)


def write_task_package(fig: Figure, figure_path: str | Path, out: str | Path, task_id: str | None = None,
                       dialect: str | None = "aops") -> Path:
    """Write ``out/task.json`` and ``out/reference.<ext>`` (a copy of ``figure_path``).

    Returns
    -------
    Path
        The task.json written.
    """
    src, out = Path(figure_path), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    task = mined_task(fig, str(figure_path), task_id or src.stem, dialect)
    ref = out / f"reference{src.suffix.lower()}"
    if src.resolve() != ref.resolve():
        shutil.copyfile(src, ref)
    task["references"] = [{"path": ref.name, "format": fig.fmt, "note": "the figure the relations were mined from"}]
    path = out / "task.json"
    path.write_text(json.dumps(task, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
