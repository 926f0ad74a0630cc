import numpy as np

from geoverify.testing import triangle_scene
from geoverify.testing import run_checks as run

POINTS = [{"id": n, "type": "point", "labels": [n]} for n in "ABC"]

CIRCLE = {"id": "k", "type": "circle", "through": ["A", "B", "C"]}


def test_points_on_circumcircle_pass():
    v = run(triangle_scene(), POINTS + [CIRCLE], {
        "a": {"op": "point_on", "point": "A", "on": "k"},
        "b": {"op": "point_on", "point": "C", "on": "k"},
        "c": {"op": "concyclic", "points": ["A", "B", "C"]},
    })
    assert all(x.verdict == "pass" for x in v.values()), {k: x.message for k, x in v.items()}


def test_point_moved_five_percent_off_circle_fails():
    s = triangle_scene()
    scale = s.scale()
    # move C (dot and label) radially outwards by 5% of the figure size
    circle = s.primitives[-1]
    for p in s.primitives:
        if hasattr(p, "center") and p is not circle and np.allclose(p.center, [60, 150]):
            d = (p.center - circle.center) / np.hypot(*(p.center - circle.center))
            p.center = p.center + 0.05 * scale * d
        if getattr(p, "text", None) == "C":
            p.anchor = p.anchor + 0.05 * scale * d
    v = run(s, POINTS + [CIRCLE], {"on": {"op": "point_on", "point": "C", "on": "k"}})
    assert v["on"].verdict == "fail"
    assert v["on"].residual > v["on"].tolerance


def test_collinear_and_midpoint():
    from geoverify.scene import Polyline, Scene
    from geoverify.testing import point_label

    s = Scene()
    s.add(Polyline(points=[[0, 0], [100, 50]]))
    point_label(s, "P", (0, 0), (5, 5))
    point_label(s, "Q", (100, 50), (5, 5))
    point_label(s, "M", (50, 25), (5, 5))
    point_label(s, "X", (50, 40), (5, 5))
    objs = [{"id": n, "type": "point", "labels": [n]} for n in "PQMX"] + [{"id": "PQ", "type": "segment", "through": ["P", "Q"]}]
    v = run(s, objs, {
        "col": {"op": "collinear", "points": ["P", "M", "Q"]},
        "notcol": {"op": "collinear", "points": ["P", "X", "Q"]},
        "mid": {"op": "midpoint", "point": "M", "segment": "PQ"},
        "notmid": {"op": "midpoint", "point": "X", "segment": "PQ"},
        "drawn": {"op": "drawn", "object": "PQ"},
    })
    assert [v[k].verdict for k in ("col", "notcol", "mid", "notmid", "drawn")] == ["pass", "fail", "pass", "fail", "pass"]


def test_missing_label_fails_not_passes():
    v = run(triangle_scene(), POINTS + [{"id": "D", "type": "point", "labels": ["D"]}, CIRCLE],
            {"on": {"op": "point_on", "point": "D", "on": "k"}})
    assert v["on"].verdict == "fail"
    assert "not located" in v["on"].message


def test_duplicate_label_is_indeterminate():
    from geoverify.testing import point_label

    s = triangle_scene()
    point_label(s, "A", (150, 120), (8, 8))
    v = run(s, POINTS + [CIRCLE], {"on": {"op": "point_on", "point": "A", "on": "k"}})
    assert v["on"].verdict == "indeterminate"
