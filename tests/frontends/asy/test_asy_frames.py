"""Frames and pictures added about a point, pinned to asy 2.85's output (bp, y up)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.asy import parse_asy
from geoverify.scene import Dot, Polyline


def scene(src):
    s = parse_asy(src)
    assert not [d for d in s.diagnostics if d.code == "UNSUPPORTED"], s.diagnostics
    return s


def run_globals(src):
    """The program's global variables after running ``src``."""
    from geoverify.frontends.asy.interpreter import Interpreter
    from geoverify.frontends.asy.parser import parse_source
    from geoverify.frontends.limits import DEFAULT_LIMITS
    from geoverify.scene import Scene

    interp = Interpreter(Scene(unit="bp", source_format="asy"), limits=DEFAULT_LIMITS)
    interp.run(parse_source(src))
    return interp.globals.vars


def polylines(s):
    return [np.asarray(p.points) for p in s.primitives if isinstance(p, Polyline)]


def test_fitted_picture_is_added_at_true_size_about_a_point_and_aligned():
    # asy: the 50 bp square sits 1 bp above the user point (10,0) (x 75..125 bp with unitsize 10),
    # and with align (1,1) its lower left corner is at (1,1) bp from the origin
    s = scene("unitsize(10); picture pic; size(pic,50); filldraw(pic,unitsquare,blue,linewidth(0));"
              "draw((0,0)--(10,0),linewidth(0)); add(pic.fit(),(10,0),N); add(pic.fit(),(0,0),(1,1));")
    lines = polylines(s)
    np.testing.assert_allclose(lines[0], [[0, 0], [100, 0]])
    np.testing.assert_allclose(lines[1], [[75, 1], [125, 1], [125, 51], [75, 51]])
    np.testing.assert_allclose(lines[-1], [[1, 1], [51, 1], [51, 51], [1, 51]])


def test_picture_added_about_a_point_uses_its_user_units_as_bp():
    # add(pic, z) fits pic with the identity: a unit square stays 1 bp wide under unitsize(10)
    s = scene("unitsize(10); picture pic; draw(pic,unitsquare,linewidth(0)); draw((0,0)--(3,0),linewidth(0));"
              "add(pic,(3,0));")
    np.testing.assert_allclose(polylines(s)[-1], [[30, 0], [31, 0], [31, 1], [30, 1]])


def test_point_truepoint_and_drawers_follow_the_fitted_picture():
    # asy: size(100) scales by 24.25; point(N) is the top middle of the user box, truepoint(W)
    # the left middle of the drawn frame (dots included); the drawer sees the final scaling t
    s = scene("size(100); draw((0,0)--(4,2),linewidth(0)); dot(point(N)); dot(point(SE)); dot(truepoint(W));"
              "add(new void(frame f, transform t) {draw(f, t*(0,0)--t*(4,0)+(0,-10), linewidth(0));});")
    dots = [tuple(p.center) for p in s.primitives if isinstance(p, Dot)]
    np.testing.assert_allclose(dots, [(48.5, 48.5), (97, 0), (0, 24.25)])
    np.testing.assert_allclose(polylines(s)[-1], [[0, 0], [97, -10]])


def test_user_function_takes_a_picture_argument():
    s = scene("void f(picture p) {draw(p,(0,0)--(1,1));} picture q; f(q); add(q);")
    np.testing.assert_allclose(polylines(s)[0], [[0, 0], [1, 1]])


def test_realmult_and_rectify():
    # asy: realmult((2,3),(4,5)) == (8,15); rectify(NE) == (1,1), rectify(W) == (0,0.5)
    s = scene("draw(realmult((2,3),(4,5))--rectify(NE)--rectify(W));")
    np.testing.assert_allclose(polylines(s)[0], [[8, 15], [1, 1], [0, 0.5]])


def test_reflected_frame_mirrors_its_labels():
    # asy 2.85: min(xscale(-1)*f) == (-50.6059676214197,0): the label sticking out east of the
    # box now sticks out west
    g = run_globals('picture r; size(r,0,50); filldraw(r,box((0,0),(1,1)),white,linewidth(0));'
                    'label(r,"$A$",(1,1),NE); frame f=r.fit(); frame g=xscale(-1)*f; pair m=min(g), M=max(g);')
    assert abs(g["m"] - complex(-50.6059676214197, 0)) < 1e-3
    assert abs(g["M"] - complex(0, 50)) < 1e-3


def test_shipout_of_a_bbox_frame_ships_the_boxed_drawing():
    # asy 2.85: the unit square shrinks to 84.33 bp so that the box 0.25cm out (with the pen)
    # meets size(0,100); the box is drawn 7.587 bp outside the square
    s = scene("size(0,100); draw(unitsquare); shipout(bbox(0.25cm));")
    box, square = polylines(s)
    np.testing.assert_allclose(square[2], (84.3268, 84.3268), atol=1e-3)
    np.testing.assert_allclose(box[0], (-7.5866, -7.5866), atol=1e-3)


def test_identity_is_callable_and_a_value():
    s = scene("transform t=shift(1,0)*identity(); draw(t*((0,0)--(1,1))); draw(identity*((0,0)--(2,0)));")
    np.testing.assert_allclose(polylines(s)[0], [[1, 0], [2, 1]])
    np.testing.assert_allclose(polylines(s)[1], [[0, 0], [2, 0]])
