import numpy as np

from geoverify.scene import Circle, Dot, Polyline, Scene, Style, TextLabel
from geoverify.testing import point_label, run_checks as run


def jordan_scene():
    s = Scene()
    t = np.linspace(0, 2 * np.pi, 200)
    r = 100 + 25 * np.sin(3 * t)
    s.add(Polyline(points=np.column_stack([r * np.cos(t), r * np.sin(t)]), closed_flag=True))
    s.add(TextLabel(text="J", anchor=(95, 70)))
    point_label(s, "P", (0, 10), (5, 5))
    point_label(s, "Q", (150, 140), (5, 5))
    return s


OBJS = [{"id": "J", "type": "parametric_curve", "labels": ["J"], "domain": [0, 6.283185307179586], "closed": True,
         "x": "(100 + 25*sin(3*t))*cos(t)", "y": "(100 + 25*sin(3*t))*sin(t)"},
        {"id": "P", "type": "point", "labels": ["P"]}, {"id": "Q", "type": "point", "labels": ["Q"]}]


def test_inside_outside_and_winding():
    v = run(jordan_scene(), OBJS, {
        "in": {"op": "inside", "point": "P", "region": "J"},
        "out": {"op": "outside", "point": "Q", "region": "J"},
        "wrong": {"op": "inside", "point": "Q", "region": "J"},
        "w": {"op": "winding_number", "curve": "J", "point": "P", "value": 1},
        "w0": {"op": "winding_number", "curve": "J", "point": "Q"},
        "geom": {"op": "matches_geometry", "object": "J"},
    })
    assert [v[k].verdict for k in ("in", "out", "wrong", "w", "w0")] == ["pass", "pass", "fail", "pass", "fail"]
    assert v["geom"].verdict == "pass", v["geom"].message


def test_point_on_boundary_is_indeterminate():
    s = jordan_scene()
    point_label(s, "R", (100, 0), (5, 5))
    objs = OBJS + [{"id": "R", "type": "point", "labels": ["R"]}]
    v = run(s, objs, {"in": {"op": "inside", "point": "R", "region": "J"}})
    assert v["in"].verdict == "indeterminate"


def test_count_inside():
    s = Scene()
    s.add(Circle(center=(0, 0), radius=100))
    s.add(TextLabel(text="C", anchor=(75, 75)))
    for p in ([10, 10], [-30, 20], [0, -50], [150, 0]):
        s.add(Dot(center=p, radius=2, style=Style(fill="#000000", stroke=None)))
    objs = [{"id": "C", "type": "circle", "labels": ["C"]}]
    v = run(s, objs, {"three": {"op": "count_inside", "region": "C", "count": 3},
                      "four": {"op": "count_inside", "region": "C", "count": 4}})
    assert v["three"].verdict == "pass" and v["four"].verdict == "fail"


def test_count_inside_in_a_partial_scene_is_indeterminate_unless_it_matches():
    """Both branches of an uninterpreted TikZ \\ifnum drawn: the count says nothing about the figure."""
    s = Scene()
    s.add(Circle(center=(0, 0), radius=100))
    s.add(TextLabel(text="C", anchor=(75, 75)))
    for p in ([10, 10], [-30, 20], [0, -50], [150, 0]):
        s.add(Dot(center=p, radius=2, style=Style(fill="#000000", stroke=None)))
    s.note("UNSUPPORTED", "command \\ifnum is not interpreted", "\\ifnum")
    objs = [{"id": "C", "type": "circle", "labels": ["C"]}]
    v = run(s, objs, {"three": {"op": "count_inside", "region": "C", "count": 3},
                      "four": {"op": "count_inside", "region": "C", "count": 4}})
    assert s.partial
    assert v["three"].verdict == "pass" and v["four"].verdict == "indeterminate"


def _two_circles(inner_center, inner_radius):
    s = Scene()
    s.add(Circle(center=(0, 0), radius=100))
    s.add(Circle(center=inner_center, radius=inner_radius))
    s.add(TextLabel(text="B", anchor=(75, 75)))
    s.add(TextLabel(text="A", anchor=(inner_center[0], inner_center[1] + inner_radius + 4)))
    objs = [{"id": "A", "type": "circle", "labels": ["A"]}, {"id": "B", "type": "circle", "labels": ["B"]},
            {"id": "rA", "type": "region", "boundary": "A"}, {"id": "rB", "type": "region", "boundary": "B"}]
    return run(s, objs, {"in": {"op": "region_inside", "region": "rA", "container": "rB"}})["in"]


def test_region_inside():
    assert _two_circles((-20, 0), 50).verdict == "pass"
    assert _two_circles((50, 0), 50).verdict == "pass"          # touching from inside
    v = _two_circles((70, 0), 50)                                # sticks out by 20
    assert v.verdict == "fail" and 19 < v.residual < 21
