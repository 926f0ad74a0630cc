import math

import numpy as np

from geoverify.scene import Polyline, Scene
from geoverify.testing import point_label
from geoverify.testing import run_checks as run


def scene_with_lines(angle_deg):
    s = Scene()
    a, b = np.array([0.0, 0.0]), np.array([200.0, 0.0])
    c = np.array([100.0, 0.0])
    d = c + 120 * np.array([math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))])
    s.add(Polyline(points=[a, b]))
    s.add(Polyline(points=[c, d]))
    for n, p in zip("ABCD", (a, b, c, d)):
        point_label(s, n, p, (6, -10))
    return s


OBJS = [{"id": n, "type": "point", "labels": [n]} for n in "ABCD"] + [
    {"id": "AB", "type": "segment", "through": ["A", "B"], "labels": ["AB"]},
    {"id": "CD", "type": "segment", "through": ["C", "D"], "labels": ["CD"]}]


def test_perpendicular_passes_at_90():
    v = run(scene_with_lines(90), OBJS, {"p": {"op": "perpendicular", "a": "AB", "b": "CD"},
                                         "ang": {"op": "angle_value", "vertex": "C", "from": "B", "to": "D", "degrees": 90}})
    assert v["p"].verdict == "pass" and v["ang"].verdict == "pass"


def test_perpendicular_tilted_five_degrees_fails_with_words():
    v = run(scene_with_lines(95), OBJS, {"p": {"op": "perpendicular", "a": "AB", "b": "CD"}})
    assert v["p"].verdict == "fail"
    assert "angle 85.0 degrees" in v["p"].message


def test_parallel():
    s = Scene()
    s.add(Polyline(points=[[0, 0], [100, 0]]))
    s.add(Polyline(points=[[0, 50], [100, 51]]))
    for n, p in zip("ABCD", ([0, 0], [100, 0], [0, 50], [100, 51])):
        point_label(s, n, p, (4, 4))
    v = run(s, OBJS, {"par": {"op": "parallel", "a": "AB", "b": "CD"}})
    assert v["par"].verdict == "pass"
    s.primitives[1].points[1] = [100, 60]
    for p in s.primitives:
        if hasattr(p, "center") and np.allclose(p.center, [100, 51]):
            p.center = np.array([100.0, 60.0])
        if getattr(p, "text", None) == "D":
            p.anchor = np.array([104.0, 64.0])
    v = run(s, OBJS, {"par": {"op": "parallel", "a": "AB", "b": "CD"}})
    assert v["par"].verdict == "fail"


def test_arrow_of_another_vector_from_the_same_origin_is_not_counted():
    """Two vectors from O: the arrow of OF does not count against the direction of OE (regression)."""
    from geoverify.scene import Arrow

    s = Scene(unit="bp", source_format="svg")
    o, e1, e2 = np.array([0.0, 0.0]), np.array([100.0, 0.0]), np.array([0.0, 100.0])
    i1 = s.add(Polyline(points=[o, e1]))
    s.add(Arrow(tip=e1, direction=e1 - o, position="end", carrier=i1))
    i2 = s.add(Polyline(points=[o, e2]))
    s.add(Arrow(tip=e2, direction=e2 - o, position="end", carrier=i2))
    for n, p in zip(("O", "E", "F"), (o, e1, e2)):
        point_label(s, n, p, (-8, -8))
    objs = [{"id": "O", "type": "point", "labels": ["O"], "coords": [0, 0]},
            {"id": "E", "type": "point", "labels": ["E"], "coords": [1, 0]},
            {"id": "F", "type": "point", "labels": ["F"], "coords": [0, 1]},
            {"id": "v1", "type": "segment", "through": ["O", "E"]}, {"id": "v2", "type": "segment", "through": ["O", "F"]}]
    v = run(s, objs, {"a": {"op": "traversal_direction", "curve": "v1", "orientation": "forward"},
                      "b": {"op": "traversal_direction", "curve": "v2", "orientation": "forward"}})
    assert v["a"].verdict == "pass", v["a"].message
    assert v["b"].verdict == "pass", v["b"].message
