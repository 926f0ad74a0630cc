"""The TikZ ``perspective`` library (perspective.py): ``3d view``, ``isometric view``,
``perspective`` and ``tpp cs``.

Numbers from pdflatex + dvisvgm (TikZ 3.1.10): each path's points relative to its
first, in bp with y up."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72 / 72.27


def _relative(code: str) -> np.ndarray:
    sc = parse_tikz(r"\usetikzlibrary{perspective}" + code)
    assert not sc.diagnostics, sc.diagnostics
    (run,) = [np.asarray(p.points) * BP for p in sc.primitives if isinstance(p, Polyline)]
    return run - run[0]


@pytest.mark.parametrize("view, tex", [
    ("3d view", [(0, 0), (24.5508, 3.668), (10.375, 10.0235), (10.375, 37.4024)]),
    ("3d view={-20}{40}", [(0, 0), (26.6368, 6.2305), (16.9414, 23.3555), (16.9414, 45.0703)]),
    ("isometric view", [(0, 0), (20.0430, 11.5704), (0, 23.1442), (0, 46.2887)]),
])
def test_views_set_the_xyz_vectors(view, tex):
    got = _relative(rf"\tikz[{view}]\draw (0,0,0)--(1,0,0)--(1,1,0)--(1,1,1);")
    assert np.allclose(got, tex, atol=0.01)


def test_three_point_perspective_coordinates():
    got = _relative(r"\tikz[isometric view,perspective]\draw (tpp cs:x=0,y=0,z=0)--(tpp cs:x=2,y=0,z=0)"
                    r"--(tpp cs:x=2,y=3,z=0)--(tpp cs:x=2,y=3,z=1+1);")
    assert np.allclose(got, [(0, 0), (33.4102, 19.2853), (-13.3633, 38.5704), (-12.5273, 65.0900)], atol=0.01)
    # only the vanishing points given change; q stays at infinity (the identity's column)
    got = _relative(r"\tikz[3d view={-20}{0},perspective={p={(20,0,0)},r={(5,1,50)}}]\draw (tpp cs:x=0,y=0,z=0)"
                    r"--(tpp cs:x=2,y=0,z=0)--(tpp cs:x=2,y=3,z=0)--(tpp cs:x=2,y=3,z=2);")
    assert np.allclose(got, [(0, 0), (48.4336, 0), (21.9922, 0), (25.5508, 49.7305)], atol=0.01)
