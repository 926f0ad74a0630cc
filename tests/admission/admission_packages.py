"""Small task packages written into tmp_path for admission and fuzzing tests.

``circle_package`` writes a task "point A on circle k about O" with an SVG
reference drawn from a scene; its arguments break it in the ways the admission
rubric must catch. ``rouche_package`` copies the bundled rouche-z3 task and edits
its task.json.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np

from geoverify.admission.svgwriter import scene_to_svg
from geoverify.scene import Circle, Scene, Style
from geoverify.testing import point_label

REPO = Path(__file__).resolve().parents[2]
ROUCHE = REPO / "tasks" / "complex-analysis" / "rouche-z3"

# IR: O = (0, 0), A = (3, 0), circle k about O through A; canvas: 40 units per IR unit.
UNIT = 40.0


def circle_scene(*, draw_a: bool = True, a_angle: float = 0.0) -> Scene:
    s = Scene(unit="bp", source_format="svg")
    s.add(Circle(center=(0.0, 0.0), radius=3 * UNIT, style=Style(stroke="#0000ff", stroke_width=1.0)))
    point_label(s, "O", (0.0, 0.0), offset=(8.0, 8.0))
    if draw_a:
        a = 3 * UNIT * np.array([np.cos(a_angle), np.sin(a_angle)])
        point_label(s, "A", a, offset=(10.0, 10.0))
    return s


def circle_task(*, equivalences=None, a_tolerance=None, pin_a: bool = True, extra_objects=(), extra_predicates=()):
    on = {"op": "point_on", "point": "A", "on": "k"}
    preds = [
        {"id": "H1", "kind": "hard", "error_code": "CIRCLE", "check": {"all": [
            {"op": "drawn", "object": "k"}, {"op": "matches_geometry", "object": "k"}]}},
        {"id": "H2", "kind": "hard", "error_code": "ON_CIRCLE", "check": on,
         **({"tolerance": a_tolerance} if a_tolerance else {})},
        {"id": "S1", "kind": "soft", "weight": 1.0, "error_code": "LABELS", "check": {"all": [
            {"op": "label_bound", "object": "O"}, {"op": "label_bound", "object": "A"}]}},
    ]
    if pin_a:
        preds.insert(2, {"id": "H3", "kind": "hard", "error_code": "POSITION",
                         "check": {"op": "matches_geometry", "object": "A"}})
    return {
        "schema_version": "1.0", "id": "circle-point", "discipline": "test", "source": "unit test",
        "prompt": "Draw the circle k with centre O=(0,0) through A=(3,0), and label O and A.",
        "frames": [{"id": "plane", "equivalences": equivalences or ["translation", "uniform_scaling"]}],
        "objects": [
            {"id": "O", "type": "point", "coords": [0, 0], "labels": ["O"]},
            {"id": "A", "type": "point", "coords": [3, 0], "labels": ["A"]},
            {"id": "k", "type": "circle", "center": "O", "through": ["A"], "labels": ["k"]},
            *extra_objects,
        ],
        "predicates": preds + list(extra_predicates),
        "references": [{"path": "reference.svg"}],
    }


def write_package(root: Path, data: dict, scene: Scene | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "task.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    if scene is not None:
        (root / "reference.svg").write_text(scene_to_svg(scene), encoding="utf-8")
    return root


def rouche_package(root: Path, edit) -> Path:
    """Copy rouche-z3 to ``root`` and apply ``edit(data)`` to its task.json (variants dropped)."""
    shutil.copytree(ROUCHE, root)
    data = json.loads((root / "task.json").read_text(encoding="utf-8"))
    data["variants"] = []
    edit(data)
    (root / "task.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    return root


def predicate(data: dict, pid: str) -> dict:
    return next(p for p in data["predicates"] if p["id"] == pid)


def text_object(data: dict, oid: str) -> dict:
    return next(o for o in data["objects"] if o["id"] == oid)
