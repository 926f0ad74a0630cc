"""Which drawn point an SVG text label names."""

import numpy as np
import pytest

from geoverify.frontends.svg import parse_svg


def _svg(label_x, label_y, dot=(120, 120)):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
            f'<path d="M20 180 L150 60" stroke="black"/><circle cx="{dot[0]}" cy="{dot[1]}" r="2" fill="black"/>'
            f'<text x="{label_x}" y="{label_y}" font-size="12">S</text></svg>')


def test_segment_end_much_nearer_than_a_dot_wins(bound_point):
    # just north-east of the segment's end (150, 60); a dot of another point within the label
    # margin but over three times as far from the ink's centre (it used to win: any dot in reach did)
    b = bound_point(parse_svg(_svg(151, 58, dot=(176, 64))), "S")
    np.testing.assert_allclose(b.point, 0.75 * np.array([150.0, 140.0]), atol=1e-6)


def test_dot_about_as_near_as_a_vertex_wins(bound_point):
    b = bound_point(parse_svg(_svg(126, 117)), "S")  # beside the dot at (120, 120)
    np.testing.assert_allclose(b.point, 0.75 * np.array([120.0, 80.0]), atol=1e-6)


def _two_labels_svg(c_at, f_at, dot=(106, 104)):
    # a corner at (100, 100) and a dot just south-east of it; labels centred at c_at and f_at
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
            '<path d="M20 100 L100 100 L100 180" stroke="black" fill="none"/>'
            f'<circle cx="{dot[0]}" cy="{dot[1]}" r="2" fill="black"/>'
            f'<text x="{c_at[0]}" y="{c_at[1]}" font-size="12" text-anchor="middle">C</text>'
            f'<text x="{f_at[0]}" y="{f_at[1]}" font-size="12" text-anchor="middle">F</text></svg>')


def _bind_two(scene, names):
    from geoverify.ir import task_from_dict
    from geoverify.matching.binding import bind
    from geoverify.matching.features import extract_features

    task = task_from_dict({"schema_version": "1.0", "id": "t", "discipline": "geometry", "prompt": "p",
                           "objects": [{"id": n, "type": "point", "labels": [n]} for n in names],
                           "predicates": [{"id": "p", "kind": "hard", "check": {"op": "drawn", "object": names[0]}}]})
    return bind(task, scene, extract_features(scene))


def test_two_labels_do_not_name_one_dot():
    # C north-east of the corner reads nearest the dot (a marker) that F, north-east of it, names:
    # one label per point puts C back on its corner.
    b = _bind_two(parse_svg(_two_labels_svg((106, 98), (114, 106))), "CF")
    np.testing.assert_allclose(b["C"].point, 0.75 * np.array([100.0, 100.0]), atol=1e-6)
    np.testing.assert_allclose(b["F"].point, 0.75 * np.array([106.0, 96.0]), atol=1e-6)
    assert b["C"].status == b["F"].status == "bound"


def test_two_labels_written_at_one_place_name_one_point():
    # B and I at the same spot beside one dot (one point with two names) keep it both.
    b = _bind_two(parse_svg(_two_labels_svg((114, 106), (114, 106)).replace(">C<", ">B<").replace(">F<", ">I<")), "BI")
    np.testing.assert_allclose(b["B"].point, b["I"].point)
    np.testing.assert_allclose(b["B"].point, 0.75 * np.array([106.0, 96.0]), atol=1e-6)


def test_label_beside_its_dot_is_not_ambiguous_with_a_dot_off_its_corner(bound_point):
    # (viewport 336 x 331 at 0.75 bp per px; y up)
    # H north-east of its dot; another dot to the right of the box, about as far from the box's
    # centre (ratio 1.25) but three times as far from the box itself.
    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="336" height="331">'
                      '<circle cx="234.7" cy="165.8" r="2.75" fill="black"/>'
                      '<circle cx="268.6" cy="155.0" r="2.75" fill="black"/>'
                      '<path d="M50 224 L290 224" stroke="black"/>'
                      '<text x="246.22" y="156.68" font-size="14" text-anchor="middle">H</text></svg>')
    b = bound_point(scene, "H")
    assert b.status == "bound"
    np.testing.assert_allclose(b.point, 0.75 * np.array([234.7, 331 - 165.8]), atol=1e-6)


def test_undrawn_centre_labelled_beside_it_tells_its_circle():
    # Two equal circles; "A" written just left of the left one's centre, with no dot there.
    from geoverify.ir import task_from_dict
    from geoverify.matching.binding import bind
    from geoverify.matching.features import extract_features

    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                      '<circle cx="60" cy="100" r="40" stroke="black" fill="none"/>'
                      '<circle cx="140" cy="100" r="40" stroke="black" fill="none"/>'
                      '<text x="52" y="104" font-size="12" text-anchor="middle">A</text></svg>')
    task = task_from_dict({"schema_version": "1.0", "id": "t", "discipline": "geometry", "prompt": "p",
                           "objects": [{"id": "A", "type": "point", "labels": ["A"]},
                                       {"id": "c", "type": "circle", "center": "A"}],
                           "predicates": [{"id": "p", "kind": "hard", "check": {"op": "drawn", "object": "c"}}]})
    b = bind(task, scene, extract_features(scene))
    assert b["A"].status != "bound"  # nothing drawn at A
    assert b["c"].status == "bound"
    np.testing.assert_allclose(b["c"].center, 0.75 * np.array([60.0, 100.0]), atol=1e-6)


def test_point_shown_by_its_label_beside_a_circle_lies_on_it(bound_point):
    # "P" north-east of the circle (centre (100, 100), radius 50), nothing drawn at P.
    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                      '<circle cx="100" cy="100" r="50" stroke="black" fill="none"/>'
                      '<text x="144" y="60" font-size="12" text-anchor="middle">P</text></svg>')
    b = bound_point(scene, "P")
    assert b.status == "bound" and b.drawn
    centre = 0.75 * np.array([100.0, 100.0])
    assert np.hypot(*(b.point - centre)) == pytest.approx(0.75 * 50)
    assert b.point[0] > centre[0] and b.point[1] > centre[1]  # on the label's side


def test_label_between_two_circles_locates_no_point(bound_point):
    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                      '<circle cx="60" cy="100" r="30" stroke="black" fill="none"/>'
                      '<circle cx="140" cy="100" r="30" stroke="black" fill="none"/>'
                      '<text x="100" y="104" font-size="12" text-anchor="middle">P</text></svg>')
    assert bound_point(scene, "P").status != "bound"


def test_label_names_the_drawn_end_not_a_crossing_beside_it(bound_point):
    # A segment ends at (100, 97), 4 px from where two long lines cross at (101, 101); the
    # label, south-east of both, reads nearer the crossing, but names the drawn end.
    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                      '<path d="M40 97 L100 97" stroke="black"/>'
                      '<path d="M101 20 L101 180" stroke="black"/>'
                      '<path d="M20 101 L180 101" stroke="black"/>'
                      '<text x="108" y="114" font-size="12" text-anchor="middle">D</text></svg>')
    b = bound_point(scene, "D")
    np.testing.assert_allclose(b.point, 0.75 * np.array([100.0, 200 - 97.0]), atol=1e-6)


def _labelled(text, extra=""):
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
            '<circle cx="50" cy="150" r="2" fill="black"/><circle cx="150" cy="50" r="2" fill="black"/>'
            f'<text x="154" y="46" font-size="12">{text}</text>{extra}</svg>')


def test_a_label_giving_the_point_a_value_names_it(bound_point):
    # "a = 1/2 - iπ" (or "A=(1,2)") names a; a label written alone still wins over it
    b = bound_point(parse_svg(_labelled("a = 1/2 − iπ")), "a")
    assert b.status == "bound"
    np.testing.assert_allclose(b.point, 0.75 * np.array([150.0, 150.0]), atol=1e-6)
    b = bound_point(parse_svg(_labelled("a = 1/2", '<text x="54" y="146" font-size="12">a</text>')), "a")
    np.testing.assert_allclose(b.point, 0.75 * np.array([50.0, 50.0]), atol=1e-6)
    assert bound_point(parse_svg(_labelled("b = 1/2")), "a").status != "bound"


@pytest.mark.parametrize("text", [r"$d\colon y=-1$", r"$d: y=-1$", "d : y = -1"])
def test_a_label_stating_an_objects_equation_names_it(text):
    from geoverify.frontends.tikz import parse_tikz
    from geoverify.ir import task_from_dict
    from geoverify.matching import extract_features
    from geoverify.matching.binding import _labels_for

    scene = parse_tikz(r"\begin{tikzpicture}\draw (-2,-1) -- (2,-1) node[right] {" + text + r"};\end{tikzpicture}")
    task = task_from_dict({"schema_version": "1.0", "id": "t", "discipline": "geometry", "prompt": "p",
                           "objects": [{"id": "A", "type": "point", "coords": [-2, -1]},
                                       {"id": "B", "type": "point", "coords": [2, -1]},
                                       {"id": "d", "type": "line", "through": ["A", "B"], "labels": ["d"]}],
                           "predicates": [{"id": "p", "kind": "hard", "check": {"op": "drawn", "object": "d"}}]})
    assert [lab.text for _, lab in _labels_for(task.objects["d"], extract_features(scene))] == [text]
