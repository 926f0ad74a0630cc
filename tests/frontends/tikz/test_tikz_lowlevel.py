"""pgf's low-level (canvas) transformations (geoverify.frontends.tikz.lowlevel)."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz

from .tikz_fixtures import CM


def _lines(sc):
    return [(p.points / CM, p.style.stroke_width) for p in sc.primitives if hasattr(p, "points")]


def test_lowlevelobj_and_lowlevelscope_map_their_drawing_and_line_width():
    # the pgf manual's examples: scale 5 makes (0,0)--(0.4,0.2) reach (2,1) with a 5 pt line; the
    # shift moves the segment 1 cm left, its line width unchanged
    for code in (r"\pgflowlevelobj{\pgftransformscale{5}}{\draw (0,0) -- (0.4,.2);}"
                 r"\pgflowlevelobj{\pgftransformxshift{-1cm}}{\draw (0,0) -- (0.4,.2);}",
                 r"\begin{pgflowlevelscope}{\pgftransformscale{5}} \draw (0,0) -- (0.4,.2); \end{pgflowlevelscope}"
                 r"\begin{pgflowlevelscope}{\pgftransformxshift{-1cm}} \draw (0,0) -- (0.4,.2);"
                 r"\end{pgflowlevelscope}"):
        sc = parse_tikz(r"\begin{tikzpicture}\pgfsetlinewidth{1pt}" + code + r"\end{tikzpicture}")
        assert not sc.diagnostics
        (a, wa), (b, wb) = _lines(sc)
        assert np.allclose(a, [[0, 0], [2, 1]]) and wa == pytest.approx(5.0)
        assert np.allclose(b, [[-1, 0], [-0.6, 0.2]]) and wb == pytest.approx(1.0)


def test_pgflowlevel_acts_until_the_scope_ends_and_a_second_one_concatenates():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \begin{scope}
        \pgflowlevel{\pgftransformscale{2}}
        \draw (0,0) -- (1,0);
        \pgflowlevel{\pgftransformscale{3}}
        \draw (0,0) -- (0,1);
      \end{scope}
      \draw (0,0) -- (1,1);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    (a, _), (b, _), (c, _) = _lines(sc)
    assert np.allclose(a, [[0, 0], [2, 0]]) and np.allclose(b, [[0, 0], [0, 6]]) and np.allclose(c, [[0, 0], [1, 1]])


@pytest.mark.parametrize("mode, scale", [("meet", 1.0), ("slice", 2.0)])
def test_viewbox_scope_centres_the_source_rectangle_on_the_target(mode, scale):
    # the pgf manual's view box: source 20 x 10 mm at (5,5) mm, target 20 x 20 mm at the origin;
    # meet keeps scale 1 (the width fits), slice doubles it (the height covers); both centred
    sc = parse_tikz(r"""\tikz { \begin{pgfviewboxscope}
        {\pgfpoint{5mm}{5mm}}{\pgfpoint{25mm}{15mm}}{\pgfpoint{0mm}{0mm}}{\pgfpoint{20mm}{20mm}}{""" + mode + r"""}
        \draw (5mm,5mm) rectangle (25mm,15mm);
      \end{pgfviewboxscope} }""")
    assert not sc.diagnostics
    (box,) = [p.points / (CM / 10) for p in sc.primitives]
    assert np.allclose(box.mean(axis=0), [10, 10])
    assert np.allclose(np.ptp(box, axis=0), [20 * scale, 10 * scale])


def test_pgfgetlastxy_gives_the_last_point_of_the_last_path_in_points():
    # pgfcorepoints: \pgfgetlastxy{\x}{\y} defines the macros as the last path's last point (pt)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \draw (0,0) -- (2,1);
      \path (1,3) -- (4,-2);
      \pgfgetlastxy{\xl}{\yl}
      \draw (0,0) -- (\xl, \yl);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert np.allclose(sc.primitives[-1].points[-1], (4 * CM, -2 * CM), atol=1e-4)
