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


def _secant_scene(depth):
    """A circle of radius 20 in a 260-wide figure, and a line cutting into it by ``depth``."""
    s = Scene()
    s.add(Circle(center=(100, 100), radius=20))
    s.add(Polyline(points=[[0, 120 - depth], [250, 120 - depth]]))
    s.add(Polyline(points=[[0, 0], [250, 0]]))           # (the figure's size)
    point_label(s, "O", (100, 100), (5, 5))
    point_label(s, "X", (0, 120 - depth), (0, -10))
    point_label(s, "Y", (250, 120 - depth), (0, -10))
    return s


def test_a_line_cutting_a_small_circle_is_a_secant_within_the_figures_distance_tolerance():
    # 1% of the figure is about 2.8: a cut of 0.8 (4% of the radius, a crossing at 16 degrees) is within it
    v = run(_secant_scene(0.8), OBJS[:1] + OBJS[2:4] + [OBJS[4], OBJS[6]], {"lc": CHECKS["lc"]})["lc"]
    assert v.verdict == "fail" and "cuts the circle" in v.message and "16 degrees" in v.message
    assert v.residual > v.tolerance
    # grazing it (a cut of 1% of the radius), or passing as far outside, is tangent
    for depth in (0.2, -0.8):
        v = run(_secant_scene(depth), OBJS[:1] + OBJS[2:4] + [OBJS[4], OBJS[6]], {"lc": CHECKS["lc"]})["lc"]
        assert v.verdict == "pass", (depth, v.message)
