"""Public testing helpers (like ``shapely.testing``): small tasks, scenes and verdict assertions."""

from __future__ import annotations

import numpy as np

from geoverify.ir import Task, task_from_dict
from geoverify.scene import Circle, Dot, Polyline, Scene, Style, TextLabel

__all__ = ["make_task", "assert_verdicts", "verdicts", "triangle_scene", "point_label", "run_checks"]


def make_task(objects: list, predicates: list, frames: list | None = None, **extra) -> Task:
    """A validated Task from bare objects and predicates (prompt and ids filled in)."""
    data = {"schema_version": "1.0", "id": extra.pop("id", "t"), "discipline": extra.pop("discipline", "test"),
            "prompt": extra.pop("prompt", "test task"), "objects": objects, "predicates": predicates}
    if frames is not None:
        data["frames"] = frames
    data.update(extra)
    return task_from_dict(data)


def verdicts(report) -> dict[str, str]:
    """Predicate id -> verdict of a report."""
    return {r.predicate.id: r.verdict.verdict for r in report.results}


def assert_verdicts(report, expected: dict[str, str]) -> None:
    """Assert the listed predicates got the listed verdicts and every other one passed."""
    got = verdicts(report)
    unknown = set(expected) - set(got)
    assert not unknown, f"expected verdicts for unknown predicates {sorted(unknown)}"
    wrong = {pid: (expected.get(pid, "pass"), v) for pid, v in got.items() if v != expected.get(pid, "pass")}
    if wrong:
        msgs = [f"{pid}: expected {e}, got {g}: {next(r.verdict.message for r in report.results if r.predicate.id == pid)}"
                for pid, (e, g) in wrong.items()]
        raise AssertionError("verdicts differ:\n  " + "\n  ".join(msgs))


def point_label(scene: Scene, text: str, xy, offset=(0.0, 0.0), font_size: float = 10.0) -> int:
    """Add a dot at ``xy`` and a label ``text`` at ``xy + offset``; returns the label's index."""
    xy = np.asarray(xy, dtype=float)
    scene.add(Dot(center=xy, radius=1.5, style=Style(fill="#000000", stroke=None)))
    return scene.add(TextLabel(text=text, anchor=xy + np.asarray(offset, dtype=float), font_size=font_size))


def triangle_scene(a=(0.0, 0.0), b=(200.0, 0.0), c=(60.0, 150.0), *, circumcircle: bool = True,
                   offset=(8.0, 8.0)) -> Scene:
    """Triangle ABC (labelled, with dots) and optionally its circumcircle, in a bp canvas."""
    s = Scene(unit="bp", source_format="svg")
    pts = np.array([a, b, c], dtype=float)
    s.add(Polyline(points=pts, closed_flag=True))
    for name, p in zip("ABC", pts):
        point_label(s, name, p, offset)
    if circumcircle:
        ax, ay = pts[0]
        bx, by = pts[1]
        cx, cy = pts[2]
        d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
        ux = ((ax**2 + ay**2) * (by - cy) + (bx**2 + by**2) * (cy - ay) + (cx**2 + cy**2) * (ay - by)) / d
        uy = ((ax**2 + ay**2) * (cx - bx) + (bx**2 + by**2) * (ax - cx) + (cx**2 + cy**2) * (bx - ax)) / d
        r = float(np.hypot(ux - ax, uy - ay))
        s.add(Circle(center=(ux, uy), radius=r, style=Style(stroke="#0000ff")))
    return s


def run_checks(scene: Scene, objects: list, checks: dict, frames: list | None = None) -> dict:
    """Check ``scene`` against a task whose hard predicates are ``checks`` (id -> check expression).

    Returns
    -------
    dict of str to Verdict
    """
    from geoverify.evaluation import check_scene

    preds = [{"id": pid, "kind": "hard", "check": c} for pid, c in checks.items()]
    rep = check_scene(scene, make_task(objects, preds, frames=frames))
    return {r.predicate.id: r.verdict for r in rep.results}
