"""Legends recorded by draw(..., legend) and laid out by legend(), pinned to asy 2.85's output."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.asy import parse_asy
from geoverify.scene import Polyline

SRC = ('draw((0,0)--(100,100),red,"$a$"); draw((0,100)--(100,0),blue+dashed,legend="$b$");'
       'add(legend(),(200,0));')


def test_legend_rows_and_box_match_asy():
    # asy 2.85 (same entries): min(legend()) = (-10.75,-29.6984577833126), max = (71.737900373599,
    # 14.569200498132): two 50 bp strokes 13.55 bp apart with the labels east of them, boxed
    # 10 bp out (the box's own pen half width inside those bounds)
    s = parse_asy(SRC)
    assert not [d for d in s.diagnostics if d.code == "UNSUPPORTED"], s.diagnostics
    lines = [np.asarray(p.points) for p in s.primitives if isinstance(p, Polyline)][2:]
    strokes = [ln - (200, 0) for ln in lines if len(ln) == 2]
    np.testing.assert_allclose(strokes, [[[0, 0], [50, 0]], [[0, -13.551874], [50, -13.551874]]], atol=1e-5)
    (box,) = [ln - (200, 0) for ln in lines if len(ln) == 4]
    np.testing.assert_allclose(box.min(axis=0), (-10.5, -29.448458), atol=1e-3)
    np.testing.assert_allclose(box.max(axis=0), (71.4879, 14.3192), atol=1e-3)


def test_legend_entries_follow_added_pictures():
    s = parse_asy('picture p; draw(p,(0,0)--(1,0),"$a$"); add(p); add(legend(),(0,0));')
    strokes = [p for p in s.primitives if isinstance(p, Polyline) and len(p.points) == 2]
    assert any(np.allclose(np.ptp(np.asarray(p.points)[:, 0]), 50) for p in strokes)


def run_globals(src):
    from geoverify.frontends.asy.interpreter import Interpreter
    from geoverify.frontends.asy.parser import parse_source
    from geoverify.frontends.limits import DEFAULT_LIMITS
    from geoverify.scene import Scene

    interp = Interpreter(Scene(unit="bp", source_format="asy"), limits=DEFAULT_LIMITS)
    interp.run(parse_source(src))
    return interp.globals.vars


def test_truepoint_and_min_use_the_graphs_sizing_at_its_calculated_transform():
    # examples/lineargraph.asy before its attach: asy 2.85 writes truepoint(E,false) =
    # (205.103340585395,-12.7286983188045) and min(currentpicture) = (-41.4780566625156,-110.014233404084)
    g = run_globals('import graph; size(250,200,IgnoreAspect); real Sin(real t) {return sin(2pi*t);}'
                    'real Cos(real t) {return cos(2pi*t);} draw(graph(Sin,0,1),red,"$\\sin(2\\pi x)$");'
                    'draw(graph(Cos,0,1),blue,"$\\cos(2\\pi x)$"); xaxis("$x$",BottomTop,LeftTicks);'
                    'yaxis("$y$",LeftRight,RightTicks(trailingzero)); label("LABEL",point(0),UnFill(1mm));'
                    'pair tp=truepoint(E,false); pair m=min(currentpicture);')
    assert abs(g["tp"] - complex(205.103340585395, -12.7286983188045)) < 0.05
    assert abs(g["m"] - complex(-41.4780566625156, -110.014233404084)) < 0.3
