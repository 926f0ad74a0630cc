import numpy as np

from geoverify.evaluation.agreement import compare_scenes
from geoverify.scene import Circle, Polyline, Scene, TextLabel
from geoverify.scene.transform import similarity_matrix


def scene():
    s = Scene()
    s.add(Circle(center=(0, 0), radius=50))
    s.add(Polyline(points=[[-60, -60], [60, -60], [0, 70]], closed_flag=True))
    s.add(TextLabel(text="$A$", anchor=(-60, -60), box=(-70, -72, -62, -62)))
    return s


def test_same_figure_at_another_scale_agrees():
    a = scene()
    b = a.transformed(similarity_matrix(scale=1.38, tx=200, ty=-40))
    res = compare_scenes(a, b)
    assert res.agree and res.coverage == 1.0 and res.labels_matched == 1
    assert np.isclose(res.matrix[0, 0], 1.38, rtol=1e-3)


def test_moved_geometry_and_missing_label_disagree():
    a = scene()
    b = scene()
    b.primitives[1].points[2] = [0, 120]
    b.primitives[2].text = "B"
    res = compare_scenes(a, b)
    assert not res.agree
    assert res.coverage < 0.95
    assert any("'$A$'" in p for p in res.problems)
