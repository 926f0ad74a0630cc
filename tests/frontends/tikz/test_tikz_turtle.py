"""turtle library: ``turtle={home, fd, rt=45, ...}`` inserts lines where the key stands."""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import CM, MM, close


def test_turtle_moves_and_turns_with_a_global_heading():
    # pdflatex+dvisvgm: up 1 cm (turtle/distance), 2 cm at 45 degrees, 5 mm at 135 degrees; the
    # next path goes on heading 135 degrees (the heading is global)
    sc = parse_tikz(r"""\usetikzlibrary{turtle}
    \begin{tikzpicture}[turtle/distance=1cm]
    \draw [turtle={home, fd, rt=45, fd=2, lt, fd=5mm}];
    \draw [red] (0,0) [turtle={fd=3mm}];
    \end{tikzpicture}""")
    first, second = [p for p in sc.primitives if isinstance(p, Polyline)]
    r = math.sqrt(0.5)
    p1 = (0, CM)
    p2 = (2 * CM * r, CM + 2 * CM * r)
    p3 = (p2[0] - 5 * MM * r, p2[1] + 5 * MM * r)
    assert close(first.points, [(0, 0), p1, p2, p3], tol=1e-3)
    assert close(second.points, [(0, 0), (-3 * MM * r, 3 * MM * r)], tol=1e-3)
    assert not [d for d in sc.diagnostics if d.code in ("UNSUPPORTED", "NOTE")]


def test_turtle_back_is_reported_as_pgf_cannot_run_it():
    sc = parse_tikz(r"\draw [turtle={home, bk}];")
    assert any("turtle back" in d.message for d in sc.diagnostics if d.code == "UNSUPPORTED")


def test_how_style_makes_forward_a_to_with_its_options():
    # tikzlibraryturtle: forward is "to[turtle/how] ++(direction:distance)"; with how/.style={bend
    # left} each step is a curve leaving 30 degrees left of its chord, controls 0.3915 of it away
    sc = parse_tikz(r"\tikz \draw [turtle={how/.style={bend left},home,forward,right,forward}];")
    assert not sc.diagnostics
    (curve,) = sc.primitives
    c = curve.subpaths()[0].controls / CM
    k = 0.3915
    assert np.allclose(c[0], [[0, 0], [k * math.cos(math.radians(120)), k * math.sin(math.radians(120))],
                              [k * math.cos(math.radians(120)), 1 - k * math.sin(math.radians(120))], [0, 1]], atol=2e-3)
    assert np.allclose(c[1][-1], [1, 1])
