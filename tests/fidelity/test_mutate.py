"""Scene edits: what they change, and that they leave their input alone."""

from __future__ import annotations

import numpy as np

from geoverify.fidelity import mutate
from geoverify.scene import BezierPath, Dot, Polyline, Scene, TextLabel


def _scene():
    s = Scene()
    s.add(Polyline(points=[(0, 0), (100, 0), (50, 80)], closed_flag=True))
    s.add(Dot(center=(100, 0), radius=1))
    s.add(TextLabel(text="$B$", anchor=(100, 0)))
    s.add(TextLabel(text="$C$", anchor=(50, 80)))
    return s


def test_move_point_moves_vertices_dots_and_labels():
    s = _scene()
    out = mutate.move_point(s, np.array([100.0, 0.0]), np.array([5.0, 5.0]), name="B")
    assert np.allclose(out.primitives[0].points[1], (105, 5))
    assert np.allclose(out.primitives[1].center, (105, 5))
    assert np.allclose(out.primitives[2].anchor, (105, 5))
    assert np.allclose(s.primitives[0].points[1], (100, 0))  # input untouched


def test_remove_segment_cuts_only_that_edge():
    out = mutate.remove_segment(_scene(), (0, 0), (100, 0))
    p = out.primitives[0]
    assert isinstance(p, BezierPath)
    ends = [tuple(np.round(sp.controls[[0, -1], [0, 3]].ravel(), 6)) for sp in p.parts]
    assert len(p.parts) == 1 and sum(len(sp.controls) for sp in p.parts) == 2, ends


def test_swap_labels_and_restyle():
    out = mutate.swap_labels(_scene(), "B", "C")
    assert [p.text for p in out.primitives if isinstance(p, TextLabel)] == ["$C$", "$B$"]
    st = mutate.restyle(_scene())
    assert np.allclose(st.primitives[0].points, _scene().primitives[0].points)
    assert st.primitives[0].style.stroke != "#000000"
