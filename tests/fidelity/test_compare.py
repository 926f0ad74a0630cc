"""Scoring pins: harmless variants score 1.0, each mutation scores lower on the relations it breaks."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.fidelity import mutate
from geoverify.fidelity.compare import _clear_rim_point, compare_figures, figure_from_scene, prepare_figure
from geoverify.scene import similarity_matrix


@pytest.fixture
def ref(svg_reference):
    return prepare_figure(svg_reference, format="svg", name="ref")


def _score(ref, code=None, scene=None, fmt="svg"):
    cand = prepare_figure(code, format=fmt, name="cand") if code is not None else figure_from_scene(scene, name="cand")
    return compare_figures(ref, cand, text_metrics=False)


def test_self_scores_one(ref, svg_reference):
    s = _score(ref, svg_reference)
    assert s.f1 == 1.0 and s.object_recall == 1.0 and s.label_recall == 1.0
    assert not s.missing() and not s.extra()


@pytest.mark.parametrize("matrix", [similarity_matrix(1.0, 0.0, 300.0, -120.0), similarity_matrix(0.4),
                                    similarity_matrix(1.7, 0.6, 10, 10), similarity_matrix(1.0, 0.0, 0, 0, reflect=True)])
def test_similar_figures_score_one(ref, matrix):
    assert _score(ref, scene=ref.scene.transformed(matrix)).f1 == 1.0


def test_restyled_scores_one(ref):
    assert _score(ref, scene=mutate.restyle(ref.scene)).f1 == 1.0


def test_moved_point_fails_its_relations(ref, make_svg):
    # D moved 5% of the figure along BC: no longer the foot of the altitude.
    s = _score(ref, make_svg(d=(140.0, 250.0)))
    assert s.f1 < 1.0
    failed = {c.type for c in s.missing() if not c.implied}
    assert "right_angle_mark" in failed
    # every failing relation involves D (the drawing as a whole moved too: its row speaks of no point)
    assert all("D" in c.id for c in s.missing() if not c.implied and not c.id.endswith(".drawing"))
    assert any(c.id.endswith("placement.drawing") for c in s.missing())


def test_tilted_perpendicular_message_says_the_angle(ref):
    m = ref.mined
    scene = mutate.rotate_points(ref.scene, {"A": m.points["A"]}, m.points["D"], 5.0)
    s = _score(ref, scene=scene)
    assert s.f1 < 1.0
    msgs = [c.message for c in s.missing()]
    assert any("angle ADM is 95.0 degrees; expected 90" in t or "angle ADM is 85.0 degrees; expected 90" in t for t in msgs), msgs


def test_radius_changed(ref, make_svg):
    s = _score(ref, make_svg(radius_factor=1.05))
    assert s.f1 < 1.0
    assert {c.type for c in s.missing() if not c.implied} >= {"incidence"}
    assert all("circle_O" in c.id or c.type == "centre" for c in s.missing() if not c.implied)


def test_swapped_labels(ref, make_svg):
    s = _score(ref, make_svg(labels=["A", "B", "C", "M", "D", "O"]))
    assert s.f1 < 1.0
    assert any(c.type in ("midpoint", "right_angle_mark") for c in s.missing())
    assert s.label_recall == 1.0  # every label is there, on the wrong point


def test_removed_segment(ref, make_svg):
    s = _score(ref, make_svg(drop_ad=True))
    assert s.f1 < 1.0
    assert any(c.id == "rel.segment.AD" for c in s.missing())
    assert s.object_recall < 1.0


def test_missing_label_is_matched_by_geometry(ref, make_svg):
    s = _score(ref, make_svg(omit_label="M"))
    assert s.points["M"] == "geometry"
    assert s.label_recall == pytest.approx(5 / 6)
    assert s.summary()["recall"] == 1.0


def test_duplicated_label_is_resolved_by_geometry(ref, make_svg):
    # Two labels "B": the one at B and one on M; M's own label is gone.
    s = _score(ref, make_svg(labels=["A", "B", "C", "D", "B", "O"]))
    assert s.points["M"] in ("geometry", "missing")
    assert s.points["B"] in ("geometry", "label")


def test_gate_failure_scores_zero(ref):
    s = _score(ref, "<svg><g></svg>")
    assert not s.T and s.f1 == 0.0
    assert s.summary()["recall"] == 0.0


def test_report_json_and_text(ref, make_svg):
    s = _score(ref, make_svg(d=(140.0, 250.0)))
    d = s.to_dict()
    assert set(d) >= {"score", "relations", "per_type", "object_recall", "label_recall", "missing", "extra", "T"}
    assert d["per_type"]["right_angle_mark"]["recall"] == 0.0
    text = s.render_text()
    assert "missing or wrong" in text and "fidelity F1" in text


def test_asymptote_reference_against_svg_candidate(asy_scene, make_svg):
    """A reference in one language, the candidate in another: the same construction scores 1.0."""
    ref = figure_from_scene(asy_scene, name="asy")
    s = compare_figures(ref, prepare_figure(make_svg(), format="svg"), text_metrics=False)
    # The two constructions are similar triangles only up to their own coordinates: compare relations, not shapes.
    assert s.summary()["recall"] == 1.0, [c.message for c in s.missing()]


def test_candidate_without_labels_scores_zero_not_one(ref, make_svg):
    s = _score(ref, make_svg(labels=["", "", "", "", "", ""]))
    assert s.summary()["precision"] is None  # it shows no relation among labelled points
    # Only "the circle is drawn" survives (one circle, found without its points).
    assert s.f1 < 0.2 and s.label_recall == 0.0
    assert [c.type for c in s.recall_checks if c.passed and not c.implied] == ["circle"]


# A right triangle labelled at two vertices only, with its incircle: the circle has no labelled
# point, so it is an object only through the tangency the drawing shows.
_INCIRCLE = """size(150);
real s = sqrt(3);
pair A = (s, 0), B = (0, 1);
draw(A--(0,0)--B--cycle);
real r1 = (s - 1) / 2;
draw(Circle((r1, r1), r1));
label("$A$", A, SE);
label("$B$", B, NW);
"""


def test_unlabelled_circle_tangent_to_a_labelled_side_is_mined():
    ref = prepare_figure(_INCIRCLE, format="asy", name="ref")
    tangent = [r for r in ref.mined.primary() if r.type == "tangent"]
    assert [r.check for r in tangent] == [{"op": "tangent", "a": "AB", "b": "circle_u1"}]
    circle = next(o for o in ref.mined.objects if o["id"] == "circle_u1")
    assert "center" not in circle and "through" not in circle and len(circle["coords"]) == 3


def test_moving_a_vertex_off_the_unlabelled_incircle_scores_lower():
    ref = prepare_figure(_INCIRCLE, format="asy", name="ref")
    moved = _score(ref, _INCIRCLE.replace("pair A = (s, 0)", "pair A = (s + 0.12, 0.12)"), fmt="asy")
    assert moved.f1 < 1.0
    broken = [c for c in moved.missing() if not c.implied and c.type != "placement"]
    assert [c.type for c in broken] == ["tangent"]
    assert broken[0].message.startswith("AB is not tangent to circle_u1: ")  # its id, not the binding's token


@pytest.mark.parametrize("matrix", [similarity_matrix(1.3, 0.4, 50, 20), similarity_matrix(1.0, 0.0, 0, 0, reflect=True)])
def test_unlabelled_incircle_is_found_in_similar_figures(matrix):
    # Two labelled points cannot tell a figure from its mirror image: both images of the circle are tried.
    # A second circle where the wrong orientation puts the incircle (its mirror image in AB, a
    # smaller and so not tangent to AB): the binding must choose, and only the right image tells.
    extra = "draw(Circle((s - 1, 1), 0.6 * r1));"
    ref = prepare_figure(_INCIRCLE + extra, format="asy", name="ref")
    assert _score(ref, scene=ref.scene.transformed(matrix)).f1 == 1.0


def test_unlabelled_circle_touching_another_is_named_where_it_is_alone():
    # Three unit circles in a row, each touching the next; the middle one is labelled at its centre.
    # The outer ones are unlabelled: the name given to each must not sit where the circles touch.
    code = """unitsize(1cm);
pair A = (0, 0), B = (0, -3);
draw(Circle((-2, 0), 1)); draw(Circle(A, 1)); draw(Circle((2, 0), 1));
draw(B--(4, -3));
label("$A$", A, N); dot(A); label("$B$", B, S); dot(B);
"""
    ref = prepare_figure(code, format="asy", name="ref")
    tangent = sorted(r.check["b"] for r in ref.mined.primary() if r.type == "tangent")
    assert tangent == ["circle_u1", "circle_u2"]
    assert _score(ref, scene=ref.scene.transformed(similarity_matrix(0.7, 1.1, 5, 5))).f1 == 1.0
    rounds = ref.features.rounds
    for rd in rounds:
        rim = _clear_rim_point(rd, rounds)
        assert abs(float(np.hypot(*(rim - rd.center))) - rd.radius) < 1e-6 * rd.radius
        others = [abs(float(np.hypot(*(rim - o.center))) - o.radius) for o in rounds if o is not rd]
        assert min(others) > 0.9 * rd.radius  # as far from the others as the circle allows


def test_unlabelled_circles_need_two_labelled_points():
    code = """unitsize(1cm);
pair A = (0, 0);
draw(Circle((-2, 0), 1)); draw(Circle(A, 1)); draw(Circle((2, 0), 1));
label("$A$", A, N); dot(A); label("$P$", (0, 1), N);
"""
    ref = prepare_figure(code, format="asy", name="ref")
    assert [r for r in ref.mined.primary() if r.type == "tangent"]
    one = prepare_figure(code.replace('label("$P$", (0, 1), N);', ""), format="asy", name="one")
    assert not [r for r in one.mined.primary() if r.type == "tangent"]
