"""Two IR circles of different shape are never bound to the same drawn circle.

Found by ``geoverify fuzz`` (orthogonal-circles): with c1 deleted, c1 was bound to
the drawn c2 and ``point_on P c1`` passed on c2.
"""

import numpy as np

from geoverify.scene import Circle, Scene, Style
from geoverify.testing import point_label, run_checks

OBJECTS = [
    {"id": "O1", "type": "point", "coords": [0, 0], "labels": ["O_1"]},
    {"id": "O2", "type": "point", "coords": [3, 0], "labels": ["O_2"]},
    {"id": "P", "type": "point", "coords": [1.2, 1.6], "labels": ["P"]},
    {"id": "c1", "type": "circle", "center": "O1", "radius": 2},
    {"id": "c2", "type": "circle", "center": "O2", "through": ["P"]},
]
CHECKS = {"on1": {"op": "point_on", "point": "P", "on": "c1"}, "on2": {"op": "point_on", "point": "P", "on": "c2"},
          "d1": {"op": "drawn", "object": "c1"}}
U = 40.0


def _scene(with_c1: bool) -> Scene:
    s = Scene()
    if with_c1:
        s.add(Circle(center=(0.0, 0.0), radius=2 * U, style=Style(stroke="#0000ff")))
    r2 = float(np.hypot(1.8, 1.6)) * U
    s.add(Circle(center=(3 * U, 0.0), radius=r2, style=Style(stroke="#ff0000")))
    point_label(s, "O_1", (0.0, 0.0), (6.0, 6.0))
    point_label(s, "O_2", (3 * U, 0.0), (6.0, 6.0))
    point_label(s, "P", (1.2 * U, 1.6 * U), (6.0, 6.0))
    return s


def test_both_circles_drawn():
    v = run_checks(_scene(True), OBJECTS, CHECKS)
    assert all(x.passed for x in v.values()), {k: x.message for k, x in v.items()}


def test_missing_circle_is_not_bound_to_the_other():
    v = run_checks(_scene(False), OBJECTS, CHECKS)
    assert v["on2"].passed
    assert v["d1"].verdict == "fail" and v["on1"].verdict == "fail", v["on1"].message
