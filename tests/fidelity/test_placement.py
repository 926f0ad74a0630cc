"""Placement: each labelled point and circle where the reference puts it, up to a similarity."""

import numpy as np
import pytest

from geoverify.fidelity.placement import PLACEMENT_REL, RADIUS_REL, placement_rows

REF = {"A": np.array([0.0, 0.0]), "B": np.array([10.0, 0.0]), "C": np.array([3.0, 7.0]), "D": np.array([8.0, 5.0])}
CIRCLES = {"circle_A": (np.array([0.0, 0.0]), 4.0)}
SCALE = 12.2  # about the diagonal of the points


def _moved(pts, matrix_angle=0.4, s=1.7, t=(5.0, -3.0), reflect=False):
    k = s * np.exp(1j * matrix_angle)
    out = {}
    for p, xy in pts.items():
        z = complex(xy[0], -xy[1] if reflect else xy[1])
        w = k * z + complex(*t)
        out[p] = np.array([w.real, w.imag])
    return out, k


def _rows(cand, circles=None, scale=SCALE):
    return {r.key: r for r in placement_rows(REF, CIRCLES, cand, circles or {}, scale)}


@pytest.mark.parametrize("reflect", [False, True])
def test_similar_configuration_passes(reflect):
    cand, k = _moved(REF, reflect=reflect)
    c0 = _moved({"c": CIRCLES["circle_A"][0]}, reflect=reflect)[0]["c"]
    rows = _rows(cand, {"circle_A": [(c0, abs(k) * 4.0)]}, scale=abs(k) * SCALE)
    assert all(r.passed for r in rows.values()), [r.message for r in rows.values()]


def test_one_moved_point_fails_alone():
    cand, k = _moved(REF)
    cand["C"] = cand["C"] + 0.05 * abs(k) * SCALE * np.array([0.6, 0.8])
    rows = _rows(cand, scale=abs(k) * SCALE)
    assert [p for p, r in rows.items() if r.key in REF and not r.passed] == ["C"]
    assert "5.0% of the figure" in rows["C"].message


def test_small_drift_within_tolerance_passes():
    cand = dict(REF)
    cand["D"] = REF["D"] + 0.5 * PLACEMENT_REL * SCALE * np.array([1.0, 0.0])
    rows = _rows(cand)
    assert rows["D"].passed


def test_swapped_labels_fail():
    # With five points the three untouched ones outvote the swapped pair, which fails alone.
    ref5 = dict(REF, E=np.array([5.0, -3.0]))
    cand = dict(ref5)
    cand["B"], cand["D"] = ref5["D"], ref5["B"]
    rows = {r.key: r for r in placement_rows(ref5, {}, cand, {}, SCALE)}
    assert sorted(p for p, r in rows.items() if not r.passed) == ["B", "D"]
    # With four, several pairs explain the figure equally well: at least two rows fail.
    cand4 = dict(REF)
    cand4["B"], cand4["D"] = REF["D"], REF["B"]
    assert sum(not r.passed for r in _rows(cand4).values()) >= 2


def test_missing_point_fails_and_circle_radius_is_checked():
    cand = dict(REF)
    del cand["D"]
    rows = _rows(cand, {"circle_A": [(CIRCLES["circle_A"][0], 4.0 * (1 + 2.5 * RADIUS_REL))]})
    assert rows["D"].passed is False and "not found" in rows["D"].message
    assert rows["circle_A"].passed is False
    ok = _rows(REF, {"circle_A": [(np.array([50.0, 50.0]), 1.0), (CIRCLES["circle_A"][0], 4.0)]})
    assert ok["circle_A"].passed  # the best fitting drawn circle is judged


def test_two_points_give_no_placement():
    assert placement_rows({"A": REF["A"], "B": REF["B"]}, {}, {"A": REF["B"], "B": REF["A"]}, {}, SCALE) == []


def test_drawing_row_sees_what_two_points_cannot():
    """Two labelled points fix the similarity: a stroke moved elsewhere fails the drawing's row."""
    from geoverify.frontends.svg import parse_svg
    from geoverify.fidelity.placement import drawing_samples

    def svg(x):
        return parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                         f'<path d="M20 180 L180 180 L{x} 40 Z" fill="none" stroke="black"/></svg>')

    ref, moved = svg(60), svg(100)
    pts = {"A": np.array([20.0, 20.0]), "B": np.array([180.0, 20.0])}
    samples = [drawing_samples(sc, 226.0) for sc in (ref, moved)]
    same = placement_rows(pts, {}, pts, {}, 226.0, ref_drawing=samples[0], cand_drawing=samples[0])
    assert [r.key for r in same] == ["drawing"] and same[0].passed
    other = placement_rows(pts, {}, pts, {}, 226.0, ref_drawing=samples[0], cand_drawing=samples[1])
    assert other[0].passed is False and "of the reference's drawing" in other[0].message
