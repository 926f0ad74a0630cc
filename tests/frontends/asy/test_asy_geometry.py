"""Geometry of the native Asymptote front-end pinned to numbers read from asy 2.85's output."""

from __future__ import annotations

import pytest

from geoverify.frontends.asy import parse_asy


def scale_of(scene):
    return scene.panels[0].axis_transform[0, 0]


# -- sizing --------------------------------------------------------------------------------

def test_clip_drops_true_sizes_from_the_sizing():
    # asy 2.85: calculateTransform() == scale(66.6666666666667): the clip box alone (1.5 user
    # units wide) fills size(100); the label and dot outside no longer count.
    s = parse_asy('size(100); draw((0,0)--(2,1)); label("$A$",(2,1),E); dot((0,0)); clip(box((0,0),(1.5,1)));')
    assert scale_of(s) == pytest.approx(66.6666666666667, rel=1e-6)
