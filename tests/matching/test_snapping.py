"""A label placed beside its point by hand names the drawn point there, in check and in mining."""

import numpy as np
import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.matching import extract_features
from geoverify.matching.snapping import SNAP_REL, snap_index

# Two altitudes crossing at (1, 1); the label H is nudged 0.2 below the crossing, along one altitude.
_FIGURE = """unitsize(1cm);
pair B = (0,0), C = (3,0), A = (1,2), H = (1,1);
draw(A--B--C--cycle); draw(A--(1,0)); draw(B--(1.6,1.6));
label("$A$", A, N); label("$B$", B, W); label("$H$", H+(0,-0.2), SW);
label("$K$", (2.2,0.9));
"""


def test_label_nudged_along_a_stroke_names_the_crossing(bound_point):
    b = bound_point(parse_asy(_FIGURE), "H")
    unit = 72 / 2.54
    assert b.status == "bound"
    np.testing.assert_allclose(b.point, [unit, unit], atol=1e-6)


def test_label_at_its_point_stays(bound_point):
    b = bound_point(parse_asy(_FIGURE), "A")
    np.testing.assert_allclose(b.point, [72 / 2.54, 2 * 72 / 2.54], atol=1e-6)


def test_label_far_from_every_drawn_point_names_its_anchor():
    scene = parse_asy(_FIGURE)
    f = extract_features(scene)
    k = next(lab for _, lab, norm in f.labels if norm == "K")
    drawn = f.points[f.point_kind != 3]
    assert np.hypot(*(drawn - k.anchor).T).min() > SNAP_REL * f.scale
    assert snap_index(f, k.anchor) is None
    far = k.anchor + np.array([0.0, 10 * f.scale])
    assert snap_index(f, far) is None


@pytest.mark.parametrize("fmt_attached", [False])
def test_svg_text_is_never_snapped(fmt_attached):
    from geoverify.frontends.svg import parse_svg

    scene = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
                      '<path d="M10 90 L90 90" stroke="black"/><text x="50" y="80">M</text></svg>')
    f = extract_features(scene)
    assert f.attached_labels is fmt_attached
    assert snap_index(f, np.array([50.0, 20.0])) is None


def test_names_undrawn_point_only_when_nothing_is_drawn_at_or_near_the_anchor():
    from geoverify.matching.snapping import names_undrawn_point

    f = extract_features(parse_asy(_FIGURE))
    labels = {norm: lab for _, lab, norm in f.labels}
    assert names_undrawn_point(f, labels["K"].anchor)          # (2.2, 0.9): nothing drawn near
    assert not names_undrawn_point(f, labels["A"].anchor)      # a vertex
    assert not names_undrawn_point(f, labels["H"].anchor)      # on an altitude, beside the crossing
