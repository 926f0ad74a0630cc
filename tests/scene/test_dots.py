"""Dots against small filled circles, by the figure's size."""

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Circle, Dot, Polyline, Scene
from geoverify.scene.dots import demote_large_dots


def test_dot_of_a_large_figure_stays_a_dot():
    s = Scene()
    s.add(Polyline(points=np.array([[0.0, 0.0], [200.0, 0.0]])))
    s.add(Dot(center=np.array([100.0, 0.0]), radius=2.0))
    assert demote_large_dots(s) == 0 and isinstance(s.primitives[1], Dot)


def test_dot_a_tenth_of_the_figure_becomes_a_circle():
    s = Scene()
    s.add(Polyline(points=np.array([[0.0, 0.0], [8.0, 0.0]]), name="AB"))
    s.add(Dot(center=np.array([3.0, 0.0]), radius=1.0, name="disc"))
    assert demote_large_dots(s) == 1
    c = s.primitives[1]
    assert isinstance(c, Circle) and c.radius == 1.0 and c.name == "disc"
    np.testing.assert_allclose(c.center, [3.0, 0.0])


def test_tikz_figure_eight_points_wide_keeps_its_discs():
    s = parse_tikz(r"\begin{tikzpicture}[x=1bp,y=1bp]\fill[gray] (4,0) circle[radius=4];"
                   r"\fill[white] (7,0) circle[radius=1]; \draw (0,0) -- (8,0);\end{tikzpicture}")
    assert not [p for p in s.primitives if isinstance(p, Dot)]
    bp = 72.27 / 72  # the scene is in pt
    np.testing.assert_allclose(sorted(p.radius for p in s.primitives if isinstance(p, Circle)), [1.0 * bp, 4.0 * bp])


def test_tikz_dots_on_a_centimetre_figure_are_dots():
    s = parse_tikz(r"\begin{tikzpicture}\draw (0,0) -- (3,0); \fill (0,0) circle (2pt); \fill (3,0) circle (2pt);"
                   r"\end{tikzpicture}")
    assert len([p for p in s.primitives if isinstance(p, Dot)]) == 2


def test_tikz_plot_marks_stay_dots_on_a_small_plot():
    s = parse_tikz(r"\tikz \draw plot[mark=*] coordinates{(0,0) (0.3,0.2) (0.6,0.1)};")
    assert len([p for p in s.primitives if isinstance(p, Dot)]) == 3
