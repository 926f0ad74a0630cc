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


def test_winding_about_an_undrawn_origin_uses_the_frame():
    """The origin a curve winds about need not be drawn: the frame locates it."""
    import numpy as np

    from geoverify.scene import Polyline, Scene, TextLabel
    from geoverify.testing import run_checks

    s = Scene()
    t = np.linspace(0, 2 * np.pi, 400)
    s.add(Polyline(points=np.column_stack([300 + 80 * np.cos(3 * t), 200 + 80 * np.sin(3 * t)])))
    s.add(TextLabel(text="w", anchor=(395, 200)))
    objs = [{"id": "O", "type": "point", "coords": [0, 0]},
            {"id": "k", "type": "circle", "center": [0, 0], "radius": 2},
            {"id": "img", "type": "image_curve", "of": "k", "function": "z**3", "labels": ["w"]}]
    v = run_checks(s, objs, {"w": {"op": "winding_number", "curve": "img", "point": "O", "value": 3},
                             "drawn": {"op": "matches_geometry", "object": "O"}})
    assert v["w"].verdict == "pass", v["w"].message
    assert v["drawn"].verdict == "fail"
