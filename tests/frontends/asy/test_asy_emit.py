"""Emission of recorded drawings into the scene."""

from __future__ import annotations

from geoverify.frontends.asy import parse_asy
from geoverify.scene import Circle, Polyline


def test_unfill_draws_nothing_and_clips_what_lies_under_it():
    # asy erases the disc from the square drawn before it; the later segment stays whole
    s = parse_asy("fill(box((0,0),(4,4))); unfill(circle((2,2),1)); draw((10,0)--(11,0));")
    assert not [p for p in s.primitives if isinstance(p, Circle)]
    square, segment = [p for p in s.primitives if isinstance(p, Polyline)]
    assert square.clipped and not segment.clipped
