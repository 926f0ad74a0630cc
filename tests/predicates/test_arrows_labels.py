import numpy as np

from geoverify.scene import Arrow, Circle, Polyline, Scene, Style, TextLabel
from geoverify.testing import run_checks as run


def contour_scene(ccw=True):
    s = Scene()
    i = s.add(Circle(center=(0, 0), radius=100))
    direction = (-1, 0) if ccw else (1, 0)
    s.add(Arrow(tip=(0, 100), direction=direction, position="mid", carrier=i))
    s.add(TextLabel(text="γ", anchor=(80, 80)))
    return s


OBJS = [{"id": "g", "type": "circle", "labels": ["\\gamma"]}]


def test_traversal_direction():
    ok = run(contour_scene(True), OBJS, {"d": {"op": "traversal_direction", "curve": "g", "orientation": "ccw"}})
    bad = run(contour_scene(False), OBJS, {"d": {"op": "traversal_direction", "curve": "g", "orientation": "ccw"}})
    assert ok["d"].verdict == "pass" and bad["d"].verdict == "fail"


def test_no_arrow_fails():
    s = contour_scene()
    del s.primitives[1]
    assert run(s, OBJS, {"d": {"op": "traversal_direction", "curve": "g", "orientation": "ccw"}})["d"].verdict == "fail"


def square(reverse=False, label="f"):
    s = Scene()
    s.add(TextLabel(text="$A$", anchor=(0, 100), box=(-5, 95, 5, 105)))
    s.add(TextLabel(text="$B$", anchor=(100, 100), box=(95, 95, 105, 105)))
    a, b = np.array([8.0, 100.0]), np.array([92.0, 100.0])
    if reverse:
        a, b = b, a
    i = s.add(Polyline(points=[a, b]))
    s.add(Arrow(tip=b, direction=b - a, position="end", carrier=i))
    s.add(TextLabel(text=f"${label}$", anchor=(50, 108), box=(46, 104, 54, 112)))
    return s


ARROW_OBJS = [{"id": "A", "type": "text", "text": "A"}, {"id": "B", "type": "text", "text": "B"},
              {"id": "f", "type": "arrow", "from": "A", "to": "B", "labels": ["f"]}]


def test_arrow_between_and_reversed():
    assert run(square(), ARROW_OBJS, {"a": {"op": "arrow_between", "arrow": "f"}})["a"].verdict == "pass"
    assert run(square(reverse=True), ARROW_OBJS, {"a": {"op": "arrow_between", "arrow": "f"}})["a"].verdict == "fail"
    assert run(square(label="g"), ARROW_OBJS, {"a": {"op": "arrow_between", "arrow": "f"}})["a"].verdict == "fail"


def test_text_present_with_tex_and_unicode():
    s = Scene()
    s.add(TextLabel(text="$|z+1| \\le 3$", anchor=(0, 0)))
    objs = [{"id": "t", "type": "text", "text": "|z+1| ≤ 3"}, {"id": "u", "type": "text", "text": "|z| > 5"}]
    v = run(s, objs, {"t": {"op": "text_present", "text": "t"}, "u": {"op": "text_present", "text": "u"}})
    assert v["t"].verdict == "pass" and v["u"].verdict == "fail"


def test_formula_compared_symbolically():
    s = Scene()
    s.add(TextLabel(text="$2(x+1)=y$", anchor=(0, 0)))
    objs = [{"id": "t", "type": "text", "text": "no literal match", "formula": "2*x + 2 = y"}]
    assert run(s, objs, {"t": {"op": "text_present", "text": "t"}})["t"].verdict == "pass"


def test_labels_readable_scores():
    from geoverify.evaluation import check_scene
    from geoverify.testing import make_task

    s = Scene()
    s.add(Circle(center=(0, 0), radius=10))
    s.add(TextLabel(text="a", anchor=(0, 0), box=(0, 0, 10, 10)))
    s.add(TextLabel(text="b", anchor=(0, 0), box=(5, 5, 15, 15)))
    task = make_task([{"id": "k", "type": "circle"}],
                     [{"id": "S", "kind": "soft", "weight": 1, "check": {"op": "labels_readable"}}])
    rep = check_scene(s, task)
    assert rep.results[0].score == 0.0 and rep.scores.S == 0.0
    s.primitives[2].box = np.array([9.5, 9.5, 19.5, 19.5])
    rep = check_scene(s, task)
    assert rep.results[0].score == 0.5 and rep.scores.S == 0.5 and rep.scores.D == 0


def test_distinct_styles():
    s = Scene()
    s.add(Circle(center=(0, 0), radius=50, style=Style(stroke="#ff0000")))
    s.add(Circle(center=(200, 0), radius=50, style=Style(stroke="#ff0000")))
    s.add(TextLabel(text="P", anchor=(40, 40)))
    s.add(TextLabel(text="Q", anchor=(240, 40)))
    objs = [{"id": "p", "type": "circle", "labels": ["P"]}, {"id": "q", "type": "circle", "labels": ["Q"]}]
    assert run(s, objs, {"d": {"op": "distinct_styles", "objects": ["p", "q"]}})["d"].verdict == "fail"
    s.primitives[1].style = Style(stroke="#0000ff", dash=(3.0, 2.0))
    assert run(s, objs, {"d": {"op": "distinct_styles", "objects": ["p", "q"]}})["d"].verdict == "pass"
