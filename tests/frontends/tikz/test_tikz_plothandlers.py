"""pgf's plot handlers and TikZ's plot marks (plothandlers.py, plotmarks.py, pgfbasic.py, plots.py).

The expected numbers are latex + dvisvgm output of the same snippets (bp, y down),
taken relative to a point of the same picture and converted to pt, y up.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.plothandlers import handler_path, mark_indices
from geoverify.scene import BezierPath, Circle, Polyline

BP = 72.27 / 72


def _tex(points, origin):
    """dvisvgm points (bp, y down) relative to ``origin``, in pt with y up."""
    t = np.asarray(points, dtype=float) - np.asarray(origin, dtype=float)
    return np.column_stack([t[:, 0] * BP, -t[:, 1] * BP])


def _lines(sc):
    return [p.points for p in sc.primitives if isinstance(p, Polyline)]


def test_ybar_interval_bars_are_centred_in_their_intervals():
    # TeX: M-71.80078-15.109375H-61.8398V-71.8008H-71.80078Z M-54.3672-15.109375H-49.3828V-49.125 ...
    sc = parse_tikz(r"""\begin{tikzpicture}[x=10pt]
    \draw[ybar interval,bar interval width=0.5] plot coordinates{(0,2) (2,1.2) (3,.3) (5,1)};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    bars = _lines(sc)
    assert len(bars) == 3  # one bar per interval: the last point only ends one
    origin = (-71.80078, -15.109375)
    assert np.allclose(bars[0] - bars[0][0], _tex([(-71.80078, -15.109375), (-61.8398, -15.109375),
                                                   (-61.8398, -71.8008), (-71.80078, -71.8008)], origin), atol=0.01)
    assert np.allclose(bars[1][:3] - bars[0][0], _tex([(-54.3672, -15.109375), (-49.3828, -15.109375),
                                                       (-49.3828, -49.125)], origin), atol=0.01)
    assert np.allclose(bars[2][2] - bars[0][0], _tex([(-31.9492, -23.61328)], origin)[0], atol=0.01)


def test_xbar_width_and_shift():
    # TeX: M-28.230468-15.109375H.1172V-19.09375H-28.230468Z M-28.230468-43.4531H28.4609V-47.4414 ...
    sc = parse_tikz(r"\draw[xbar,bar width=4pt,bar shift=2pt] plot coordinates{(1,0) (2,1)};")
    a, b = _lines(sc)
    origin = (-28.230468, -15.109375)
    assert np.allclose(a - a[0], _tex([(-28.230468, -15.109375), (0.1172, -15.109375), (0.1172, -19.09375),
                                       (-28.230468, -19.09375)], origin), atol=0.01)
    assert np.allclose(b[:3] - a[0], _tex([(-28.230468, -43.4531), (28.4609, -43.4531), (28.4609, -47.4414)],
                                          origin), atol=0.01)


def test_polar_comb_and_jump_mark_left():
    # TeX: M60.527343-15.109375L85.0781-29.2813 M60.527343-15.109375L32.1797-64.207
    sc = parse_tikz(r"\draw plot[polar comb] coordinates{(30:1cm) (120:2cm)};")
    a, b = _lines(sc)
    origin = (60.527343, -15.109375)
    assert np.allclose(a, _tex([origin, (85.0781, -29.2813)], origin), atol=0.01)
    assert np.allclose(b, _tex([origin, (32.1797, -64.207)], origin), atol=0.01)
    # TeX: M88.796878-15.109375H117.1445 M117.1445-43.4531H145.4883: no rises, the moves jump
    sc = parse_tikz(r"\draw plot[jump mark left] coordinates{(0,0) (1,1) (2,0.5)};")
    a, b = _lines(sc)
    origin = (88.796878, -15.109375)
    assert np.allclose(a, _tex([origin, (117.1445, -15.109375)], origin), atol=0.01)
    assert np.allclose(b, _tex([(117.1445, -43.4531), (145.4883, -43.4531)], origin), atol=0.01)


def test_zero_height_comb_tooth_draws_nothing():
    # TeX: M253.484374-15.109375M281.832-15.109375V-43.4531 (the first tooth has no length)
    sc = parse_tikz(r"\draw plot[ycomb] coordinates {(0,0) (1,1)};")
    (tooth,) = _lines(sc)
    assert np.allclose(tooth, _tex([(281.832, -15.109375), (281.832, -43.4531)], (253.484374, -15.109375)),
                       atol=0.01)


def test_pgf_mark_listed_runs_the_code_at_the_listed_points():
    # TeX: circles of radius 3.98 bp about (153.19, -19.09) and (209.89, -33.27)
    sc = parse_tikz(r"""\pgfplothandlermarklisted{\pgfpathcircle{\pgfpointorigin}{4pt}\pgfusepath{stroke}}{1,3}
    \pgfplotstreamstart
    \pgfplotstreampoint{\pgfpoint{0cm}{0cm}}
    \pgfplotstreampoint{\pgfpoint{1cm}{1cm}}
    \pgfplotstreampoint{\pgfpoint{2cm}{0.5cm}}
    \pgfplotstreamend""")
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert len(circles) == 2
    assert np.allclose(circles[1].center - circles[0].center, _tex([(209.8867, -33.2656)], (153.1914, -19.0938))[0],
                       atol=0.01)
    assert circles[0].radius == pytest.approx(3.985 * BP, abs=0.01)


def test_tikz_mark_x_at_mark_size_and_only_marks():
    # TeX: M217.39062-14.91016L221.61718-19.13672 M217.39062-19.13672L221.61718-14.91016, then at (1,1)
    sc = parse_tikz(r"\draw plot[mark=x, mark size=3pt, only marks] coordinates {(0,0) (1,1)};")
    strokes = _lines(sc)
    assert len(strokes) == 4  # only marks: no line between the points
    first = np.array([(217.39062, -14.91016), (221.61718, -19.13672)])
    centre = first.mean(axis=0)
    ends = np.vstack([np.sort(s, axis=0) for s in strokes[:2]])
    assert np.allclose(np.abs(ends - ends.mean(axis=0)), np.abs(_tex(first, centre)).max(), atol=0.01)
    third = np.array([(245.7383, -43.2539), (249.9648, -47.4805)])
    assert np.allclose(strokes[2].mean(axis=0) - strokes[0].mean(axis=0),
                       _tex([third.mean(axis=0)], centre)[0], atol=0.01)


def test_pgf_closed_curve_starts_at_the_second_point():
    # TeX: M319.7969-49.3555C331.5937-49.3555 354.043-26.90625 348.1445-21.007812 ... Z
    sc = parse_tikz(r"""\pgfsetplottension{0.75}\pgfplothandlerclosedcurve
    \pgfplotstreamstart
    \pgfplotstreampoint{\pgfpoint{0cm}{0cm}}
    \pgfplotstreampoint{\pgfpoint{1cm}{1cm}}
    \pgfplotstreampoint{\pgfpoint{2cm}{0cm}}
    \pgfplotstreamend\pgfusepath{stroke}""")
    path = [p for p in sc.primitives if isinstance(p, BezierPath)][0]
    ctrl = path.parts[0].controls
    origin = (319.7969, -49.3555)
    assert np.allclose(ctrl[0] - ctrl[0][0], _tex([origin, (331.5937, -49.3555), (354.043, -26.90625),
                                                   (348.1445, -21.007812)], origin), atol=0.01)
    assert path.parts[0].closed


def test_handler_path_steps_and_marks_counting():
    pts = [(0.0, 0.0), (1.0, 1.0), (2.0, 0.5)]
    assert handler_path(pts, "jumpmarkright") == [("M", (0.0, 0.0)), ("M", (0.0, 1.0)), ("L", (1.0, 1.0)),
                                                  ("M", (1.0, 0.5)), ("L", (2.0, 0.5))]
    assert handler_path(pts, "discard") == []
    assert handler_path(pts, "lineto", join=True)[0] == ("L", (0.0, 0.0))
    assert mark_indices(7, repeat=3, phase=2) == [1, 4]
    assert mark_indices(4, listed={1, 3}) == [0, 2]


def test_mark_without_plotmarks_library_draws_nothing_and_says_so():
    sc = parse_tikz(r"\draw plot[mark=pentagon] coordinates {(0,0) (1,1)};")
    assert len(_lines(sc)) == 1
    assert any("plotmarks" in d.message for d in sc.diagnostics)
