"""A point the figure does not draw, placed only by the frame's prediction, is not evidence.

Before the fix, ``matches_geometry`` compared the frame's prediction with itself
(residual 0) and ``point_on`` checked the IR's own coordinates, so a reference
missing point A passed both (found by ``geoverify admit``).
"""

import numpy as np

from geoverify.scene import Circle, Scene, Style
from geoverify.testing import point_label, run_checks

OBJECTS = [
    {"id": "O", "type": "point", "coords": [0, 0], "labels": ["O"]},
    {"id": "B", "type": "point", "coords": [0, 3], "labels": ["B"]},
    {"id": "A", "type": "point", "coords": [3, 0], "labels": ["A"]},
    {"id": "k", "type": "circle", "center": "O", "radius": 3, "labels": ["k"]},
]
CHECKS = {"on": {"op": "point_on", "point": "A", "on": "k"}, "at": {"op": "matches_geometry", "object": "A"}}


def _scene(draw_a: bool) -> Scene:
    s = Scene()
    s.add(Circle(center=(0.0, 0.0), radius=120.0, style=Style(stroke="#0000ff")))
    point_label(s, "O", (0.0, 0.0), (8.0, 8.0))
    point_label(s, "B", (0.0, 120.0), (8.0, 8.0))
    if draw_a:
        point_label(s, "A", np.array([120.0, 0.0]), (8.0, 8.0))
    return s


def test_drawn_point_passes():
    v = run_checks(_scene(True), OBJECTS, CHECKS)
    assert v["on"].passed and v["at"].passed


def test_point_located_only_by_the_frame_fails():
    v = run_checks(_scene(False), OBJECTS, CHECKS)
    assert v["on"].verdict == "fail", v["on"].message
    assert v["at"].verdict == "fail", v["at"].message
    assert "not located" in v["at"].message or "not drawn" in v["at"].message
