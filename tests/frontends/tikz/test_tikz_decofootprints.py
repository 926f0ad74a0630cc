"""The footprints decoration: pgf's feet, alternately left and right (numbers from latex + dvisvgm)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath

from tikz_fixtures import close

BP = 72.27 / 72  # pt per bp


def _starts(code):
    return np.array([p.subpaths()[0].controls[0][0] for p in parse_tikz(code).primitives
                     if isinstance(p, BezierPath)])


def test_footprints_alternate_sides_every_half_stride():
    # TeX (foot length=20pt on (0,0) -- (3,0)): the outlines start at M-69.37109-67.67578
    # (left foot's sole), M-51.4727-66.04297 (its first toe), ..., M-54.4297-51.07422 (right foot),
    # M-39.4844-67.67578 (left again): six closed outlines per foot, five feet
    s = _starts(r"\fill [decorate, decoration={footprints, foot length=20pt}] (0,0) -- (3,0);")
    assert len(s) == 30
    tex = np.array([(-69.37109, -67.67578), (-51.4727, -66.04297)] + [(-54.4297, -51.07422), (-39.4844, -67.67578)])
    rel = (tex - tex[0]) * np.array([BP, -BP])
    assert close(s[[0, 1, 6, 12]] - s[0], rel, tol=0.01)


def test_footprints_foot_angle_turns_each_foot():
    # TeX (foot angle=60): the sole starts at M-71.77735-65.50391, the first toe at M-65.40235-71.8359
    s = _starts(r"\fill [decorate, decoration={footprints, foot angle=60}] (0,0) -- (3,0);")
    assert close(s[1] - s[0], ((-65.40235 + 71.77735) * BP, (71.8359 - 65.50391) * BP), tol=0.01)


def test_footprints_stride_length_spaces_the_feet():
    s = _starts(r"\fill [decorate, decoration={footprints, stride length=50pt}] (0,0) -- (3,0);")
    assert len(s) == 6 * 3  # TeX too: feet at 0, 25 and 50 pt (at 75 pt less than a width of 25 pt is left)
    assert close(s[6] - s[0], (25.0, -2 * s[0, 1]), tol=1e-6)  # the right foot: half a stride on, mirrored
