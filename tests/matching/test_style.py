from geoverify.scene import Circle, Scene, Style
from geoverify.matching.style import parse_style_hint, style_matches
from geoverify.testing import run_checks


def test_parse_hint():
    assert parse_style_hint("red dashed") == {"colour": "#ff0000", "dashed": True}
    assert parse_style_hint("#1f77b4") == {"colour": "#1f77b4", "dashed": None}


def test_style_hint_chooses_between_equal_candidates():
    s = Scene()
    s.add(Circle(center=(0, 0), radius=50, style=Style(stroke="#0000ff")))
    s.add(Circle(center=(300, 0), radius=80, style=Style(stroke="#ee1111", dash=(4.0, 2.0))))
    objs = [{"id": "k", "type": "circle", "style_hint": "red dashed"}]
    v = run_checks(s, objs, {"d": {"op": "drawn", "object": "k"}})
    assert v["d"].verdict == "pass" and v["d"].primitives == [1]
    assert style_matches(s.primitives[1].style, "red dashed") and not style_matches(s.primitives[0].style, "red")
