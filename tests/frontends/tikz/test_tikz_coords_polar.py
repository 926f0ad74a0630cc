"""Polar coordinates whose angle is a direction name (tikz.code.tex, ``\\tikz@polar@dir@...``)."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import CM, close, only


def test_direction_names_as_polar_angles():
    # TeX: M-51.757811-15.109375H33.2852V-71.8008L-31.7109-35.1523L-71.8008 4.9375 (bp, y down)
    p = only(parse_tikz(r"\draw (0,0) -- ++(right:3) -- ++(up:2) -- (north east:1) -- (south west:1);"), Polyline)
    d = CM / 2 ** 0.5
    assert close(p.points, [(0, 0), (3 * CM, 0), (3 * CM, 2 * CM), (d, d), (-d, -d)])
