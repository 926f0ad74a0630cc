"""TikZ's 3D keys (threed.py): ``rotate around x/y/z``, the ``3d`` library's canvas planes and
``xyz cylindrical``/``xyz spherical`` coordinates, with ``z=<length>``, ``shift only``,
``scale around`` and ``(a |- b)`` in a rotated canvas.

Numbers from pdflatex + dvisvgm (TikZ 3.1.10): the points of each path relative to a
reference point, in bp with y up."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72 / 72.27


def _runs(code: str) -> list[np.ndarray]:
    sc = parse_tikz(code)
    assert not sc.diagnostics, sc.diagnostics
    return [np.asarray(p.points) * BP for p in sc.primitives if isinstance(p, Polyline)]


def _relative(code: str) -> np.ndarray:
    (run,) = _runs(code)
    return run - run[0]


@pytest.mark.parametrize("key, tex", [
    ("rotate around x=30", [(0, 0), (22.8906, 19.0938), (18.8945, -23.625)]),
    ("rotate around y=40", [(0, 0), (28.7305, 35.3633), (38.5898, -1.3438)]),
    ("rotate around z=50", [(0, 0), (-3.4922, 39.9375), (7.3085, 10.8008)]),
])
def test_rotate_around_an_axis_turns_the_other_two_vectors(key, tex):
    got = _relative(rf"\draw[{key}] (0,0,0)--(1,1,0)--(1,0,1);")
    assert np.allclose(got, tex, atol=0.01)


@pytest.mark.parametrize("opts, tex", [
    ("canvas is zx plane at y=1", [(0, 0), (-10.9102, -10.9102), (45.7734, -10.9102)]),
    ("x={(-45:5mm)},canvas is yz plane at x=2", [(0, 0), (0, 28.3438), (-21.8243, 6.5195)]),
    ("plane origin={(1,1)},plane x={(2,0.5)},plane y={(0.5,2)},canvas is plane",
     [(0, 0), (28.3438, -14.1719), (0, 42.5117)]),
])
def test_canvas_is_a_plane_of_the_xyz_frame(opts, tex):
    got = _relative(rf"\usetikzlibrary{{3d}}\draw[{opts}] (0,0)--(1,0)--(1,2);")
    assert np.allclose(got, tex, atol=0.01)


def test_canvas_plane_sits_where_its_third_coordinate_puts_it():
    # the plane's origin is the point (0,1,0): the y vector above the picture's origin
    first, plane = _runs(r"\usetikzlibrary{3d}\draw (0,0)--(1,0); \draw[canvas is zx plane at y=1] (0,0)--(1,0);")
    assert np.allclose(plane[0] - first[0], (0, 28.3465), atol=0.01)


def test_cylindrical_and_spherical_coordinates():
    got = _relative(r"\usetikzlibrary{3d}\draw (0,0,0) -- (xyz cylindrical cs:radius=1,angle=30,z=2);")
    assert np.allclose(got[1], (2.7226, -7.6523), atol=0.01)
    # pgfpointspherical: the longitude turns from the y vector towards the x vector
    got = _relative(r"\usetikzlibrary{3d}\draw (0,0) -- (xyz spherical cs:radius=2,longitude=30,latitude=20);")
    assert np.allclose(got[1], (19.1719, 38.6719), atol=0.01)
    got = _relative(r"\usetikzlibrary{3d}\draw (0,0) -- (xyz spherical cs:radius=1);")
    assert np.allclose(got[1], (0, 28.3438), atol=0.01)


def test_vector_lengths_z_along_both_axes_and_plain_numbers_in_pt():
    got = _relative(r"\draw[x=2,z=-1cm] (0,0,0)--(1,0,0)--(1,0,1);")
    assert np.allclose(got, [(0, 0), (1.9922, 0), (-26.3555, -28.3477)], atol=0.01)


def test_shift_only_and_scale_around():
    ref, shifted, scaled = _runs(r"\draw (0,0)--(0.1,0); \draw[rotate=30,xshift=2cm,shift only] (0,0)--(1,1)--(1,0);"
                                 r"\draw[scale around={2:(1,1)}] (0,0)--(1,1)--(1,0);")
    o = ref[0]
    assert np.allclose(shifted - o, [(49.0976, 28.3476), (77.4453, 56.6914), (77.4453, 28.3476)], atol=0.01)
    assert np.allclose(scaled - o, [(-28.3477, -28.3477), (28.3476, 28.3476), (28.3476, -28.3477)], atol=0.01)


def test_perpendicular_coordinates_combine_before_the_rotation():
    got = _relative(r"\coordinate (A) at (2,0); \draw[rotate=30] (0,0) -- (1,0 |- 0,1) -- (A |- 0,1);")
    assert np.allclose(got, [(0, 0), (10.3750, 38.7227), (28.3477, 49.0977)], atol=0.01)
