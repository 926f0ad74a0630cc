"""Builtins of :mod:`geoverify.frontends.asy.lib_core` that draw nothing."""

from __future__ import annotations

import dataclasses

from geoverify.frontends.asy import parse_asy
from geoverify.scene.primitives import Dot


def _geometry(scene):
    return [(type(p).__name__, repr({f.name: getattr(p, f.name) for f in dataclasses.fields(p) if f.name != "source"}))
            for p in scene.primitives]


def test_random_numbers_are_the_same_on_every_run():
    code = "for (int i = 0; i < 5; ++i) dot((rand() / randMax, unitrand()));"
    first, second = parse_asy(code), parse_asy(code)
    assert _geometry(first) == _geometry(second)
    assert len({tuple(p.center) for p in first.primitives if isinstance(p, Dot)}) == 5
    srand_scene = parse_asy("srand(7); dot((unitrand(), 0));")
    assert _geometry(srand_scene) == _geometry(parse_asy("srand(7); dot((unitrand(), 0));"))
