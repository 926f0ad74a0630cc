"""The visible window: a figure clipped to a window is measured inside it."""

import numpy as np
import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline, Scene, similarity_matrix
from geoverify.scene.graph import visible_view


def test_asy_clip_cuts_the_figure_size_to_what_shows():
    s = parse_asy("unitsize(1bp); draw((0,0)--(100,0)); draw((50,-1000)--(50,1000));"
                  "clip((0,-10)--(100,-10)--(100,10)--(0,10)--cycle);")
    assert s.geometry_bbox() == pytest.approx((0, -10, 100, 10))
    assert s.scale() == pytest.approx(np.hypot(100, 20))


def test_asy_drawing_after_the_clip_is_not_cut():
    s = parse_asy("unitsize(1bp); draw((50,-1000)--(50,1000)); clip((0,-10)--(100,-10)--(100,10)--(0,10)--cycle);"
                  "draw((0,0)--(0,40));")
    assert s.geometry_bbox() == pytest.approx((0, -10, 50, 40))


def test_tikz_clip_keeps_the_visible_parts():
    s = parse_tikz(r"\begin{tikzpicture}[x=1pt,y=1pt]\draw (0,0) -- (10,0); \clip (0,-20) rectangle (30,20);"
                   r"\draw (-100,5) -- (100,5);\end{tikzpicture}")
    assert s.geometry_bbox() == pytest.approx((0, 0, 30, 5))


def test_unclipped_figure_has_no_view():
    assert parse_asy("draw((0,0)--(1,1));").view is None


def test_view_follows_a_similarity():
    s = Scene()
    s.add(Polyline(points=np.array([[0.0, 0.0], [10.0, 0.0]]), clipped=True))
    visible_view(s, {0: (2.0, -1.0, 8.0, 1.0)})
    t = s.transformed(similarity_matrix(2.0, 0.0, 5.0, 0.0))
    assert t.view == pytest.approx((9.0, 0.0, 21.0, 0.0))
    assert t.geometry_bbox() == pytest.approx((9.0, 0.0, 21.0, 0.0))


def test_svg_clip_path_sets_the_view():
    from geoverify.frontends.svg import parse_svg

    s = parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                  '<clipPath id="c"><rect x="0" y="0" width="100" height="100"/></clipPath>'
                  '<path d="M0 50 L1000 50" stroke="black" clip-path="url(#c)"/>'
                  '<path d="M10 10 L20 20" stroke="black"/></svg>')
    assert s.view is not None
    assert s.view[2] - s.view[0] == pytest.approx(75.0)  # 100 px at 0.75 bp/px, not 750
