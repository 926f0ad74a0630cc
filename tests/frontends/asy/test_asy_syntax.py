"""Asymptote syntax the grammar accepts, pinned by the geometry it draws (values read from asy 2.85)."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.scene import Polyline


def points(src):
    s = parse_asy(src)
    assert not [d for d in s.diagnostics if d.code == "UNSUPPORTED"], s.diagnostics
    return [np.asarray(p.points) for p in s.primitives if isinstance(p, Polyline)]


def test_array_slices_copy_from_start_to_before_end():
    # asy: p[1:3] == {2,3}; p[:2] has 2 elements; p[3:] == {4,5}
    (line,) = points("real[] p={1,2,3,4,5}; draw((p[1:3][1],p[:2].length)--(p[3:][0],p[3:].length));")
    np.testing.assert_allclose(line, [[3, 2], [4, 2]])


def test_slice_of_a_cyclic_array_wraps_around():
    (line,) = points("int[] a={1,2,3}; a.cyclic=true; int[] b=a[2:5]; draw((b[0],b[1])--(b[2],b.length));")
    np.testing.assert_allclose(line, [[3, 1], [2, 3]])


def test_new_array_with_two_sizes_and_with_an_open_dimension():
    (line,) = points("real[][] v=new real[2][3]; real[][] w=new real[4][];"
                     "draw((v.length,v[1].length)--(w.length,w[3].length));")
    np.testing.assert_allclose(line, [[2, 3], [4, 0]])


def test_implicit_multiplication_takes_fields_and_indices():
    # asy: 1.6d.x == 3.2 for d=(2,3); 2a[1] == 6
    (line,) = points("pair d=(2,3); real[] a={1,3}; draw((0,0)--(1.6d.x,2a[1]));")
    np.testing.assert_allclose(line, [[0, 0], [3.2, 6]])


def test_upper_case_e_is_east_not_an_exponent():
    # asy 2.85: write(2.5E+0.1*N) prints (2.5,0.1): only "e" starts an exponent
    (a, b) = points("draw((0,0)--2.5E+0.1*N); draw((0,0)--(1e1,0));")
    np.testing.assert_allclose(a, [[0, 0], [2.5, 0.1]])
    np.testing.assert_allclose(b, [[0, 0], [10, 0]])


def test_user_defined_operators_apply_to_their_types_only():
    (a, b) = points("struct V {pair z;} V operator +(V a, V b) {V r; r.z=a.z+b.z+(0,1); return r;}"
                    "V a; a.z=(1,0); V b; b.z=(2,0); draw((0,0)--(a+b).z); draw((0,0)--(1,1)+(1,0));")
    np.testing.assert_allclose(a, [[0, 0], [3, 1]])
    np.testing.assert_allclose(b, [[0, 0], [2, 1]])


def test_operator_variable_declaration_binds_the_operator():
    (line,) = points("struct V {pair z;} V add(V a, V b) {V r; r.z=a.z-b.z; return r;}"
                     "V operator --=add; V a; a.z=(1,0); V b; b.z=(2,2); draw((0,0)--(a--b).z);")
    np.testing.assert_allclose(line, [[0, 0], [-1, -2]])


def bezier_controls(src):
    from geoverify.scene import BezierPath

    s = parse_asy(src)
    assert not [d for d in s.diagnostics if d.code == "UNSUPPORTED"], s.diagnostics
    return [np.asarray(p.parts[0].controls) for p in s.primitives if isinstance(p, BezierPath)]


def test_direction_belongs_to_the_whole_operand_of_its_join():
    # asy 2.85: {dir(0)} is the direction into 2tg+m0/4 = (3,0.25), not into 2tg
    (c,) = bezier_controls("pair m0=(0,1), tg=(1.5,0); pair mt=m0+tg; draw(m0--mt{dir(-70)}..{dir(0)}2tg+m0/4);")
    np.testing.assert_allclose(c[1], [[1.5, 1], [1.707, 0.432], [2.370, 0.25], [3, 0.25]], atol=2e-3)


def test_direction_into_cycle_reaches_the_first_knot():
    # examples/yingyang.asy: ..{W}cycle closes the curve arriving westwards at (0,1)
    (c,) = bezier_controls("guide g=(0,1){W}..tension 0.8..(0,0){(1,-.5)}..tension 0.8..{W}(0,-1);"
                           "draw(g{E}..{N}(1,0)..{W}cycle);")
    np.testing.assert_allclose(c[3], [[1, 0], [1, 0.552], [0.552, 1], [0, 1]], atol=2e-3)


def test_label_as_a_value_is_the_empty_label():
    # examples/cos2theta.asy: dot(Label,(1,0),NE) dots (1,0) and writes the point beside it
    from geoverify.scene import Dot, TextLabel

    s = parse_asy("dot(Label,(1,0),NE);")
    assert not [d for d in s.diagnostics if d.code == "UNSUPPORTED"], s.diagnostics
    (dot,) = [p for p in s.primitives if isinstance(p, Dot)]
    np.testing.assert_allclose(dot.center, (1, 0))
    (label,) = [p for p in s.primitives if isinstance(p, TextLabel)]
    assert label.box[0] > 1 and label.box[1] > 0  # north-east of the dot


def test_arguments_skip_defaulted_parameters_they_do_not_fit():
    # doc/elliptic.asy: locus(-4, 3, red) binds m=-4, M=3, p=red and leaves pic and n at their defaults
    (line,) = points("void seg(picture pic=currentpicture, real m, real M, int n=2, pen p=currentpen)"
                     "{draw(pic,(m,n)--(M,n),p);} seg(-4,3,red);")
    np.testing.assert_allclose(line, [[-4, 2], [3, 2]])
