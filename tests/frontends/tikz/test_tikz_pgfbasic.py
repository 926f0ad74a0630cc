"""pgf's basic layer in a picture (geoverify.frontends.tikz.pgfbasic).

The expected numbers were checked against latex + dvisvgm on the same snippets.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Polyline, TextLabel

from .tikz_fixtures import CM, MM, close, only


def _lines(sc):
    return [p for p in sc.primitives if isinstance(p, Polyline)]


def test_moveto_lineto_stroke():
    sc = parse_tikz(r"""\pgfpathmoveto{\pgfpointorigin}
    \pgfpathlineto{\pgfpoint{3cm}{2cm}}
    \pgfusepath{stroke}""")
    assert close(only(sc, Polyline).points, [(0, 0), (3 * CM, 2 * CM)], tol=1e-4)
    assert not sc.diagnostics


def test_transform_cm_applies_when_the_path_is_built_and_ends_with_the_scope():
    # x' = a x + c y + sx, y' = b x + d y + sy with a=b=d=1, c=0, shift (.25cm, .25cm)
    sc = parse_tikz(r"""\begin{pgfscope}
    \pgftransformcm{1}{1}{0}{1}{\pgfpoint{.25cm}{.25cm}}
    \pgfpathmoveto{\pgfpointxy{1}{0}}
    \pgfpathlineto{\pgfpointpolar{90}{1cm}}
    \pgfusepath{stroke}
    \end{pgfscope}
    \draw (0,0) -- (1,0);""")
    first, second = _lines(sc)
    assert close(first.points / CM, [(1.25, 1.25), (0.25, 1.25)], tol=1e-5)
    assert close(second.points / CM, [(0, 0), (1, 0)], tol=1e-9)


def test_transform_statement_moves_later_tikz_paths():
    sc = parse_tikz(r"""\pgftransformshift{\pgfpoint{1cm}{0cm}}\pgftransformrotate{90}
    \draw (0,0) -- (1,0);""")
    assert close(only(sc, Polyline).points / CM, [(1, 0), (1, 1)], tol=1e-9)


def test_circle_is_a_circle():
    sc = parse_tikz(r"\pgfpathcircle{\pgfpoint{4cm}{0cm}}{5mm}\pgfusepath{draw}")
    c = only(sc, Circle)
    assert close(c.center, (4 * CM, 0), tol=1e-4) and c.radius == pytest.approx(5 * MM, abs=1e-4)


def test_rectangle_and_fill_without_draw():
    sc = parse_tikz(r"\pgfpathrectangle{\pgfpoint{1cm}{1cm}}{\pgfpoint{2cm}{1cm}}\pgfusepath{fill}")
    p = only(sc, Polyline)
    assert close(p.points[:4] / CM, [(1, 1), (3, 1), (3, 2), (1, 2)], tol=1e-5)
    assert p.style.stroke is None and p.style.fill is not None


def test_plot_stream_constant_line_to_mark_right():
    # pgflibraryplothandlers: vertical to the new y at the old x, then across
    sc = parse_tikz(r"""\pgfplothandlerconstantlinetomarkright
    \pgfplotstreamstart
    \pgfplotstreampoint{\pgfpoint{0cm}{-1cm}}
    \pgfplotstreampoint{\pgfpoint{1cm}{0cm}}
    \pgfplotstreampoint{\pgfpoint{2cm}{-0.5cm}}
    \pgfplotstreamend
    \pgfusepath{stroke}""")
    assert close(only(sc, Polyline).points / CM, [(0, -1), (0, 0), (1, 0), (1, -0.5), (2, -0.5)], tol=1e-5)


def test_plot_stream_gap_cycle_leaves_gaps_and_closes():
    sc = parse_tikz(r"""\pgfplothandlergapcycle
    \pgfplotstreamstart
    \pgfplotstreampoint{\pgfpoint{0cm}{0cm}}
    \pgfplotstreampoint{\pgfpoint{2cm}{0cm}}
    \pgfplotstreampoint{\pgfpoint{2cm}{2cm}}
    \pgfplotstreamend
    \pgfusepath{stroke}""")
    pts = np.concatenate([p.points for p in _lines(sc)])
    g = 1.5  # gap around stream point, pt
    assert close(pts[:2], [(g, 0), (2 * CM - g, 0)], tol=1e-5)
    d = g / math.sqrt(2)
    assert close(pts[-2:], [(2 * CM - d, 2 * CM - d), (d, d)], tol=1e-5)


def test_pgftext_places_the_box_by_its_edge():
    sc = parse_tikz(r"\pgftext[at=\pgfpointlineatdistance{20pt}{\pgfpointorigin}{\pgfpoint{3pt}{4pt}},left,base]{x}")
    lab = only(sc, TextLabel)
    assert lab.box[0] == pytest.approx(12.0, abs=1e-6)  # left edge of the box at the point


def test_unknown_point_is_reported():
    sc = parse_tikz(r"\pgfpathmoveto{\pgfpointfoo{1}}\draw (0,0) -- (1,1);")
    assert any("pgfpointfoo" in d.message for d in sc.diagnostics)


def test_angle_between_points_sets_pgfmathresult():
    sc = parse_tikz(r"""\coordinate (a) at (1,1);
    \pgfmathanglebetweenpoints{\pgfpointorigin}{\pgfpointanchor{a}{center}}\let\A\pgfmathresult
    \draw (0,0) -- (\A:1);""")
    assert close(only(sc, Polyline).points[1] / CM, (math.sqrt(0.5), math.sqrt(0.5)), tol=1e-5)


def test_pgfsetcornersarced_rounds_the_corners_of_the_paths_built_after_it():
    # pgf manual (base-paths): \pgfsetcornersarced{\pgfpoint{5mm}{5mm}} then a 3 x 2 cm rectangle;
    # each side stops 5 mm before a corner and pgf's cubic (controls 0.5523 of the way) turns it
    sc = parse_tikz(r"""\begin{tikzpicture}
      \pgfsetcornersarced{\pgfpoint{5mm}{5mm}}
      \pgfpathrectanglecorners{\pgfpointorigin}{\pgfpoint{3cm}{2cm}}
      \pgfusepath{stroke}
    \end{tikzpicture}""")
    assert not sc.diagnostics
    c = sc.primitives[0].subpaths()[0].controls / (72.27 / 2.54)
    assert np.allclose(c[0], [[0.5, 0], [7 / 6, 0], [11 / 6, 0], [2.5, 0]], atol=1e-4)
    assert np.allclose(c[1], [[2.5, 0], [2.5 + 0.5 * 0.5522847, 0], [3, 0.5 - 0.5 * 0.5522847], [3, 0.5]], atol=1e-4)
    assert len(c) == 8


def test_pgfextra_path_joins_the_tikz_path():
    # tikz manual (\pgfextra): a path the code builds is part of the TikZ path where it stands;
    # \draw (0,0) -- (1,0) \pgfextra{\pgfpathlineto{..}} draws one line of three points
    sc = parse_tikz(r"""\draw[red] (0,0) -- (1,0) \pgfextra{\pgfpathlineto{\pgfpoint{1cm}{1cm}}} -- (0,1);
    \draw[blue] \pgfextra{\pgfpathellipse{\pgfpoint{2cm}{0cm}}{\pgfpoint{1cm}{0cm}}{\pgfpoint{0cm}{5mm}}};""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    red = [p for p in _lines(sc) if p.style.stroke == "#ff0000"]
    assert len(red) == 1 and close(red[0].points, [(0, 0), (CM, 0), (CM, CM), (0, CM)], tol=1e-4)
    blue = [p for p in sc.primitives if getattr(p, "style", None) is not None and p.style.stroke == "#0000ff"]
    assert len(blue) == 1
    c = np.vstack([part.controls.reshape(-1, 2) for part in blue[0].parts]) if hasattr(blue[0], "parts") \
        else np.asarray(blue[0].points)
    assert close(c.min(axis=0), (CM, -5 * MM), tol=1e-3) and close(c.max(axis=0), (3 * CM, 5 * MM), tol=1e-3)


def test_pgfplotfunction_streams_the_point_for_each_item():
    # \pgfplotfunction{\x}{0,1,...,3}{\pgfpointxy{\x}{\x*\x}} with the lineto handler: the polyline
    # through (0,0) (1,1) (2,4) (3,9) (x and y in cm)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \pgfplothandlerlineto
      \pgfplotfunction{\x}{0,1,...,3}{\pgfpointxy{\x}{\x*\x}}
      \pgfusepath{stroke}
    \end{tikzpicture}""")
    assert not sc.diagnostics
    (line,) = sc.primitives
    assert np.allclose(line.points / (72.27 / 2.54), [[0, 0], [1, 1], [2, 4], [3, 9]])
