"""decorations.fractals: each input segment replaced by pgf's lines (numbers from latex + dvisvgm)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import close, only

BP = 72.27 / 72  # pt per bp


def _tex(points, origin):
    """dvisvgm points (bp, y down) relative to ``origin`` -> TeX pt, y up."""
    p = np.asarray(points, dtype=float) - np.asarray(origin, dtype=float)
    return np.column_stack([p[:, 0], -p[:, 1]]) * BP


def test_koch_curve_second_generation_replaces_each_line_of_the_first():
    # TeX: M-71.800785-.9336H-62.35157V-10.3828H-52.9023V-.9336H-43.4531V-10.3828H-52.9023V-19.832H-43.4531
    # V-29.2813 (the second segment of the first generation goes up: its bump turns left)
    pl = only(parse_tikz(r"\draw [decoration=Koch curve type 1] decorate{ decorate{ (0,0) -- (3,0) }};"),
              Polyline)
    o = (-71.800785, -0.9336)
    tex = _tex([o, (-62.35157, -0.9336), (-62.35157, -10.3828), (-52.9023, -10.3828), (-52.9023, -0.9336),
                (-43.4531, -0.9336), (-43.4531, -10.3828), (-52.9023, -10.3828), (-52.9023, -19.832),
                (-43.4531, -19.832), (-43.4531, -29.2813)], o)
    assert len(pl.points) == 26
    assert close(pl.points[:11], tex, tol=0.01)


def test_cantor_set_moves_over_the_middle_third_of_each_segment():
    # TeX (second generation): M-71.402346-57.2305H-61.95703M-52.5078-57.2305H-43.0586
    # M-14.7148-57.2305H-5.2656M4.1836-57.2305H13.6367
    lines = [p for p in parse_tikz(r"\draw [decoration=Cantor set] decorate{ decorate{ (0,0) -- (3,0) }};").primitives
             if isinstance(p, Polyline)]
    ends = [x for x in (-71.402346, -61.95703, -52.5078, -43.0586, -14.7148, -5.2656, 4.1836, 13.6367)]
    tex = _tex([(x, -57.2305) for x in ends], (-71.402346, -57.2305))
    assert len(lines) == 4
    assert close(np.concatenate([pl.points for pl in lines]), tex, tol=0.01)


def test_koch_snowflake_of_a_closed_triangle_decorates_its_closing_line():
    # TeX: M-71.601562-18.707L-66.87891-26.8828L-71.601562-35.0625H-62.15625L-57.4336-43.24219
    # L-52.707-35.0781H-43.2617L-47.9844-26.8984L-43.2617-18.7187L-52.7031-18.707L-57.4258-10.5234
    # L-62.14844-18.707H-71.601562 (the closing side's spike lies to its left: below it)
    pl = only(parse_tikz(r"\draw [decoration=Koch snowflake] decorate{ (0,0) -- ++(60:1) -- ++(-60:1) -- cycle };"),
              Polyline)
    o = (-71.601562, -18.707)
    tex = _tex([o, (-66.87891, -26.8828), (-71.601562, -35.0625), (-62.15625, -35.0625), (-57.4336, -43.24219),
                (-52.707, -35.0781), (-43.2617, -35.0781), (-47.9844, -26.8984), (-43.2617, -18.7187),
                (-52.7031, -18.707), (-57.4258, -10.5234), (-62.14844, -18.707), (-71.601562, -18.707)], o)
    assert close(pl.points, tex, tol=0.03)
