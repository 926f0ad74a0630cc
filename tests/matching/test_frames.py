import math

import numpy as np
import pytest

from geoverify.matching.frames import Correspondence, fit_transform, transform_points
from geoverify.scene import Polyline, Scene
from geoverify.scene.transform import similarity_matrix
from geoverify.testing import point_label, run_checks as run

IR = {"A": (0, 0), "B": (4, 0), "C": (4, 3), "D": (0, 3), "E": (2, 1)}


def scene_of(matrix, moved=None):
    s = Scene()
    pts = {k: transform_points(matrix, np.array(v, dtype=float)) for k, v in IR.items()}
    if moved:
        pts[moved] = pts[moved] + np.array([25.0, -17.0])
    s.add(Polyline(points=[pts[k] for k in "ABCD"], closed_flag=True))
    for k, p in pts.items():
        point_label(s, k, p, (0, 0))
    return s


def objs(equivalences):
    return [{"id": k, "type": "point", "coords": list(v), "labels": [k]} for k, v in IR.items()], \
        [{"id": "f", "equivalences": equivalences}]


CHECKS = {k: {"op": "matches_geometry", "object": k} for k in IR}


def test_translation_and_scale_pass():
    o, f = objs(["translation", "uniform_scaling"])
    v = run(scene_of(similarity_matrix(scale=30, tx=50, ty=-20)), o, CHECKS, frames=f)
    assert all(x.verdict == "pass" for x in v.values())


def test_one_wrong_point_is_an_outlier_not_a_skewed_fit():
    o, f = objs(["translation", "uniform_scaling"])
    v = run(scene_of(similarity_matrix(scale=30, tx=50), moved="E"), o, CHECKS, frames=f)
    assert v["E"].verdict == "fail"
    assert all(v[k].verdict == "pass" for k in "ABCD"), {k: v[k].message for k in "ABCD"}


@pytest.mark.parametrize("allowed, expected", [(["translation", "uniform_scaling"], "fail"),
                                               (["translation", "uniform_scaling", "rotation"], "pass")])
def test_rotation_only_where_declared(allowed, expected):
    o, f = objs(allowed)
    v = run(scene_of(similarity_matrix(scale=30, angle=math.radians(30), tx=50)), o, CHECKS, frames=f)
    verdicts = {x.verdict for x in v.values()}
    assert (expected in verdicts) and (expected == "pass") == (verdicts == {"pass"})


def test_reflection_only_where_declared():
    o, f = objs(["translation", "uniform_scaling"])
    v = run(scene_of(similarity_matrix(scale=30, reflect=True)), o, CHECKS, frames=f)
    assert "fail" in {x.verdict for x in v.values()}
    o, f = objs(["translation", "uniform_scaling", "reflection"])
    v = run(scene_of(similarity_matrix(scale=30, reflect=True)), o, CHECKS, frames=f)
    assert {x.verdict for x in v.values()} == {"pass"}


def test_fit_transform_exact_with_circle_radius():
    corr = [Correspondence(np.array([0.0, 0.0]), np.array([10.0, 20.0]), 2.0, 50.0)]
    m, refl = fit_transform(corr, {"translation", "uniform_scaling"})
    assert m is not None and not refl
    assert np.allclose(transform_points(m, np.array([1.0, 0.0])), [35.0, 20.0])


@pytest.mark.parametrize("mirror", ["x", "y"])
def test_without_rotation_a_reflection_may_mirror_either_axis(mirror):
    # a figure drawn with xscale=-1 is as much a mirror image as one drawn with yscale=-1
    o, f = objs(["translation", "uniform_scaling", "reflection"])
    m = np.diag([-30.0 if mirror == "x" else 30.0, -30.0 if mirror == "y" else 30.0, 1.0])
    m[:2, 2] = (40.0, 25.0)
    v = run(scene_of(m), o, CHECKS, frames=f)
    assert {x.verdict for x in v.values()} == {"pass"}
    # the half turn (both mirrors) is a rotation, which the task does not allow
    v = run(scene_of(np.diag([-30.0, -30.0, 1.0])), o, CHECKS, frames=f)
    assert "fail" in {x.verdict for x in v.values()}
