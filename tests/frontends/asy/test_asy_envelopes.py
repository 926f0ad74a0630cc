"""Envelopes (box, ellipse, roundbox around a frame) and objects, pinned to asy 2.85's output."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.scene import Polyline

ENVELOPED = ("frame f; draw(f,box((0,0),(10,20)),linewidth(0)); path g=ellipse(f,2,linewidth(0));"
             "path h=roundbox(f,1,linewidth(0)); path k=box(f,\"\",1,linewidth(0),Fill(red),above=false); add(f);")


def scene(src):
    s = parse_asy(src)
    assert not [d for d in s.diagnostics if d.code == "UNSUPPORTED"], s.diagnostics
    return s


def test_envelopes_grow_around_what_the_frame_holds():
    # asy 2.85: write(min(g),max(g)) etc. for the ellipse, the rounded box and the filled box
    # prepended under them (above=false)
    s = scene(ENVELOPED)
    boxes = [p.bbox() for p in s.primitives if p.bbox()[2] > p.bbox()[0]]
    np.testing.assert_allclose(boxes[0], (-6.0710678, -8.1421356, 16.0710678, 28.1421356), atol=1e-6)
    np.testing.assert_allclose(boxes[2], (-4.0710678, -6.1421356, 14.0710678, 26.1421356), atol=1e-6)
    np.testing.assert_allclose(boxes[3], (-5.0710678, -7.1421356, 15.0710678, 27.1421356), atol=1e-6)


def test_roundbox_turns_its_corners_like_asy():
    s = scene(ENVELOPED + "draw((0,0)--point(h,1.5));")
    np.testing.assert_allclose(s.primitives[-1].points[-1], (-3.30121933088198, 25.3722871427475), atol=1e-9)


def test_object_of_a_frame_is_bounded_by_its_box():
    s = scene(ENVELOPED + "object o=object(f); draw((30,0)--point(o,NE),linewidth(0));")
    np.testing.assert_allclose(s.primitives[-1].points, [[30, 0], [16.0710678, 28.1421356]], atol=1e-6)


def test_aligned_objects_meet_where_their_rays_leave_the_ellipses():
    # examples/alignbox.asy: asy 2.85 draws the connector 9.80 bp right and 9.42 bp down, from the
    # left ellipse's NE side to the right ellipse's west end (its centre line, y = 0)
    s = scene('real margin=1.5mm; object left=align(object("$x^2$",ellipse,margin),W); add(left);'
              'object right=align(object("$\\sin x$",ellipse,margin),4E); add(right);'
              'add(new void(frame f, transform t) {draw(f,point(left,NE,t)--point(right,W,t));});')
    (line,) = [p for p in s.primitives if isinstance(p, Polyline)]
    np.testing.assert_allclose(line.points, [[-5.545846, 9.416256], [4.25, 0]], atol=1e-5)
