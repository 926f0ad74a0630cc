"""save() and restore() of the graphics state."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.asy import parse_asy
from geoverify.scene import Polyline


def test_restore_brings_back_the_picture_saved():
    # what is drawn between save() and restore() is dropped from currentpicture; what was
    # shipped to another picture before the restore stays there
    s = parse_asy("picture out; draw((0,0)--(1,0)); save(); draw((0,0)--(0,1)); add(out,currentpicture);"
                  "restore(); draw((0,0)--(1,1)); add(currentpicture,out);")
    assert not [d for d in s.diagnostics if d.code == "UNSUPPORTED"], s.diagnostics
    ends = sorted(tuple(np.asarray(p.points)[-1]) for p in s.primitives if isinstance(p, Polyline))
    assert ends == [(0, 1), (1, 0), (1, 0), (1, 1)]
