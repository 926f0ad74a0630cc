"""A parametric curve whose extent the prompt leaves free (``extends_to``).

The drawn curve must cover the IR's ``domain`` and may run on along the curve over
``extends_to``; without ``extends_to`` it must match ``domain`` both ways, as before.
"""

from __future__ import annotations

import numpy as np

from geoverify.ir.model import IRObject
from geoverify.matching.binding import _curve_residual
from geoverify.matching.ir_geometry import known_geometry


def _parabola(**extra) -> IRObject:
    data = {"x": "t", "y": "t**2/4", "domain": [-2.0, 2.0], **extra}
    return IRObject(id="c", type="parametric_curve", frame="plane", data=data)


def _drawn(a, b):
    t = np.linspace(a, b, 200)
    return np.column_stack([t, t * t / 4])


def test_extension_samples_the_wider_range():
    g = known_geometry(None, _parabola(extends_to=[-10.0, 10.0]))
    assert g.extension is not None
    assert g.extension[:, 0].min() == -10.0 and g.extension[:, 0].max() == 10.0
    assert g.points[:, 0].min() == -2.0


def test_longer_drawn_curve_matches_only_with_extension():
    g = known_geometry(None, _parabola(extends_to=[-10.0, 10.0]))
    drawn = _drawn(-5, 5)
    assert _curve_residual(g.points, drawn, g.extension) < 1e-3
    assert _curve_residual(g.points, drawn) > 1.0


def test_drawn_curve_must_still_cover_the_domain_and_lie_on_the_curve():
    g = known_geometry(None, _parabola(extends_to=[-10.0, 10.0]))
    assert _curve_residual(g.points, _drawn(-1, 1), g.extension) > 0.5
    shifted = _drawn(-5, 5) + [0.0, 0.5]
    assert _curve_residual(g.points, shifted, g.extension) > 0.3
