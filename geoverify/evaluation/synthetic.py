"""Synthetic task sets and output folders for testing and benchmarking ``geoverify run``.

- :func:`write_mini_taskset` writes a one-task set (a labelled circle through a
  point) whose figures verify in milliseconds, and :func:`write_mini_outputs`
  a folder of correct, wrong, broken and raw-response outputs for it: enough to
  exercise every path of a run without the cost of real tasks.
- :func:`write_outputs_from_taskset` fills an outputs folder with any number of
  outputs taken from a task set's own references and variants (for benchmarks).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

__all__ = ["MINI_REFERENCE", "write_mini_taskset", "write_mini_outputs", "write_outputs_from_taskset"]

MINI_TASK = {
    "schema_version": "1.0", "id": "circ", "discipline": "geometry", "family": "local geometric relations",
    "prompt": "Draw the circle C of radius 1 about O through the point A, and label C, O and A.",
    "objects": [
        {"id": "O", "type": "point", "coords": [0, 0], "labels": ["O"]},
        {"id": "A", "type": "point", "coords": [1, 0], "labels": ["A"]},
        {"id": "C", "type": "circle", "center": "O", "radius": 1, "labels": ["C"]},
    ],
    "predicates": [
        {"id": "H1", "kind": "hard", "error_code": "MISSING_CIRCLE", "check": {"op": "drawn", "object": "C"}},
        {"id": "H2", "kind": "hard", "error_code": "OFF_CIRCLE", "check": {"op": "point_on", "point": "A", "on": "C"}},
        {"id": "S1", "kind": "soft", "weight": 1, "error_code": "LABEL", "check": {"op": "label_bound", "object": "C"}},
    ],
    "references": [{"path": "reference.svg"}],
}

MINI_REFERENCE = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="-60 -60 120 120" width="120" height="120">
<circle cx="0" cy="0" r="40" fill="none" stroke="black"/>
<circle cx="0" cy="0" r="1.5" fill="black"/><text x="3" y="10" font-size="8">O</text>
<circle cx="40" cy="0" r="1.5" fill="black"/><text x="43" y="10" font-size="8">A</text>
<text x="30" y="-32" font-size="8">C</text>
</svg>
"""


def write_mini_taskset(root, n_tasks: int = 1) -> Path:
    """Write ``n_tasks`` copies of the mini task (ids ``circ``, ``circ-2`` ...) under ``root``."""
    root = Path(root)
    for k in range(n_tasks):
        tid = "circ" if k == 0 else f"circ-{k + 1}"
        d = root / ("geometry" if k % 2 == 0 else "geometry-b") / tid
        d.mkdir(parents=True, exist_ok=True)
        data = dict(MINI_TASK, id=tid, discipline="geometry" if k % 2 == 0 else "geometry-b")
        (d / "task.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
        (d / "reference.svg").write_text(MINI_REFERENCE, encoding="utf-8")
    return root


def _mini_kinds(seed: int) -> list[tuple[str, str]]:
    ref = MINI_REFERENCE
    return [
        ("svg", ref),
        ("svg", ref.replace('cx="40"', 'cx="47"')),  # A off the circle: OFF_CIRCLE
        ("svg", ref.replace(">C<", "><")),  # unlabelled circle: S = 0
        ("svg", ref.replace("</svg>", "")),  # not well-formed: TECH
        ("md", f"Here it is:\n\n```svg\n{ref}```\n"),  # raw response, extracted
        ("txt", "I cannot draw that.\n"),  # no code: TECH_NO_OUTPUT
        ("svg", ref.replace("<svg ", f"<svg data-seed=\"{seed}\" ")),  # correct, distinct bytes
    ]


def write_mini_outputs(root, task_ids=("circ",), models=("m1", "m2"), rollouts: int = 3, seed: int = 0,
                       skip: float = 0.0) -> Path:
    """Outputs of every kind for the mini tasks: ``<task>/<model>/<r>.<ext>``.

    Parameters
    ----------
    skip : float
        Probability that a rollout is left out (to exercise missing rollouts).
    """
    rng = random.Random(seed)
    root = Path(root)
    for t in task_ids:
        for m in models:
            for r in range(1, rollouts + 1):
                if skip and rng.random() < skip:
                    continue
                ext, text = rng.choice(_mini_kinds(rng.randrange(10**6)))
                p = root / t / m / f"{r}.{ext}"
                p.parent.mkdir(parents=True, exist_ok=True)
                p.write_text(text, encoding="utf-8")
    return root


_EXT = {"svg": "svg", "tikz": "tex", "asy": "asy"}


def write_outputs_from_taskset(taskset, root, n_outputs: int, *, rollouts: int = 3, seed: int = 0,
                               wrong_fraction: float = 0.5, unique_bytes: bool = True) -> int:
    """Fill ``root`` with ``n_outputs`` outputs made from the task set's references and variants.

    Outputs are spread evenly over the tasks; each (task, model) has ``rollouts``
    files, models are named ``m0000``, ``m0001`` ... With ``unique_bytes`` every file
    gets a distinct trailing comment, so no two outputs share a record key or a
    gate-cache entry. Returns the number of files written.
    """
    from geoverify.evaluation.taskset import load_taskset
    from geoverify.ir import load_task

    rng = random.Random(seed)
    root = Path(root)
    pools = []
    for e in load_taskset(taskset):
        t = load_task(e.dir)
        good = [(a.format, a.path.read_text(encoding="utf-8")) for a in t.references]
        bad = [(v.format, v.path.read_text(encoding="utf-8")) for v in t.variants]
        if good:
            pools.append((t.id, good, bad))
    if not pools:
        return 0
    comment = {"svg": "<!-- {} -->\n", "tikz": "% {}\n", "asy": "// {}\n"}
    written = 0
    slot = 0
    while written < n_outputs:
        tid, good, bad = pools[slot % len(pools)]
        model = f"m{slot // len(pools):04d}"
        slot += 1
        for r in range(1, rollouts + 1):
            if written >= n_outputs:
                break
            fmt, text = rng.choice(bad) if (bad and rng.random() < wrong_fraction) else rng.choice(good)
            if unique_bytes:
                text = text + comment[fmt].format(f"synthetic output {written}")
            p = root / tid / model / f"{r}.{_EXT[fmt]}"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
            written += 1
    return written
