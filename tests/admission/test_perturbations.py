"""Perturbations the admission fuzz applies: what may not change the picture."""

import numpy as np


def test_reordering_keeps_each_opaque_fill_in_its_place():
    from geoverify.admission.perturbations import order_keeping_fills
    from geoverify.scene import Polyline, Scene, Style

    s = Scene()
    for k in range(5):
        filled = k == 2
        s.add(Polyline(points=np.array([[0.0, k], [1.0, k], [1.0, k + 1.0]]), closed_flag=filled,
                       style=Style(fill="#ffffff" if filled else None)))
    # reverse everything: the fill (2) stays between the strokes before it and after it
    assert order_keeping_fills(s, [4, 3, 2, 1, 0]) == [1, 0, 2, 4, 3]
