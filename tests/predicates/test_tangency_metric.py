import numpy as np

from geoverify.scene import Circle, Polyline, Scene, Style
from geoverify.testing import point_label
from geoverify.testing import run_checks as run


def tangent_scene(gap=0.0):
    s = Scene()
    s.add(Circle(center=(100, 100), radius=50, style=Style(stroke="#ff0000")))
    s.add(Circle(center=(180 + gap, 100), radius=30))
    s.add(Polyline(points=[[0, 50 - gap], [250, 50 - gap]]))
    point_label(s, "O", (100, 100), (5, 5))
    point_label(s, "P", (180 + gap, 100), (5, 5))
    point_label(s, "X", (0, 50 - gap), (0, -10))
    point_label(s, "Y", (250, 50 - gap), (0, -10))
    return s


OBJS = [{"id": n, "type": "point", "labels": [n]} for n in "OPXY"] + [
    {"id": "k1", "type": "circle", "center": "O"}, {"id": "k2", "type": "circle", "center": "P"},
    {"id": "l", "type": "line", "through": ["X", "Y"]}]
CHECKS = {"lc": {"op": "tangent", "a": "l", "b": "k1"}, "cc": {"op": "tangent", "a": "k1", "b": "k2"}}


def test_tangent_line_and_circles():
    v = run(tangent_scene(), OBJS, CHECKS)
    assert v["lc"].verdict == "pass", v["lc"].message
    assert v["cc"].verdict == "pass", v["cc"].message


def test_not_tangent_when_moved():
    v = run(tangent_scene(gap=15), OBJS, CHECKS)
    assert v["lc"].verdict == "fail" and v["cc"].verdict == "fail"


def test_equal_length():
    s = Scene()
    s.add(Polyline(points=[[0, 0], [100, 0]]))
    s.add(Polyline(points=[[0, 50], [60, 130]]))
    for n, p in zip("ABCD", ([0, 0], [100, 0], [0, 50], [60, 130])):
        point_label(s, n, p, (4, 4))
    objs = [{"id": n, "type": "point", "labels": [n]} for n in "ABCD"] + [
        {"id": "s1", "type": "segment", "through": ["A", "B"]}, {"id": "s2", "type": "segment", "through": ["C", "D"]}]
    assert run(s, objs, {"eq": {"op": "equal_length", "a": "s1", "b": "s2"}})["eq"].verdict == "pass"
    s.primitives[1].points[1] = [60, 140]
    for p in s.primitives:
        if hasattr(p, "center") and np.allclose(p.center, [60, 130]):
            p.center = np.array([60.0, 140.0])
        if getattr(p, "text", None) == "D":
            p.anchor = np.array([64.0, 144.0])
    assert run(s, objs, {"eq": {"op": "equal_length", "a": "s1", "b": "s2"}})["eq"].verdict == "fail"
