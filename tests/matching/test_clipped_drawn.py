"""What a clip hides is not drawn.

Before, a clipped primitive counted with its whole geometry: a contour whose lower half a
``\\clip`` hides passed "C is drawn" (argument-principle AP-H1), and so did a circle drawn as
a half arc. Now a circle is drawn when strokes show at least 90% of it, and a stroke covers
a point only inside the box of the clips that cut it (``Scene.clips``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import geoverify
from geoverify.frontends.asy import parse_asy
from geoverify.frontends.svg import parse_svg
from geoverify.frontends.tikz import parse_tikz
from geoverify.matching import covered_points, extract_features
from geoverify.scene import similarity_matrix

TASK = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "argument-principle"

FIGURE = r"""\begin{tikzpicture}
\begin{scope}CLIP
\draw[blue, thick, ->] (2,0) arc (0:SWEEP:2);
\end{scope}
\fill[red] (1,0) circle (2pt); \fill[red] (-1,0) circle (2pt);
\fill[blue] (0,0.5) circle (2pt); \fill[blue] (3,0) circle (2pt);
\node[blue] at (-1.7,1.7) {$C$};
\node at (0,-2.8) {$N - P = 2 - 1 = 1$};
\end{tikzpicture}"""


def _h1(tmp_path, clip="", sweep=350):
    fig = tmp_path / "fig.tex"
    fig.write_text(FIGURE.replace("CLIP", clip).replace("SWEEP", str(sweep)))
    rep = geoverify.check(fig, TASK).to_dict()
    return {p["id"]: p for p in rep["predicates"]}["AP-H1"]


def test_contour_whose_half_a_clip_hides_is_not_drawn(tmp_path):
    h1 = _h1(tmp_path, r"\clip (-3,-0.2) rectangle (3,3);")
    assert h1["verdict"] == "fail", h1["message"]
    assert "shows" in h1["message"]


def test_clip_that_hides_nothing_of_the_contour_keeps_it_drawn(tmp_path):
    h1 = _h1(tmp_path, r"\clip (-2.5,-2.5) rectangle (3.5,3);")
    assert h1["verdict"] == "pass", h1["message"]


def test_half_arc_is_not_a_drawn_circle(tmp_path):
    assert _h1(tmp_path, sweep=180)["verdict"] == "fail"
    assert _h1(tmp_path, sweep=350)["verdict"] == "pass"


@pytest.mark.parametrize("scene", [
    lambda: parse_tikz(r"\begin{tikzpicture}[x=1pt,y=1pt]\clip (0,-20) rectangle (30,20);"
                       r"\draw (-100,5) -- (100,5);\end{tikzpicture}"),
    lambda: parse_asy("unitsize(1bp); draw((-100,5)--(100,5)); clip((0,-20)--(30,-20)--(30,20)--(0,20)--cycle);"),
    lambda: parse_svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
                      '<clipPath id="c"><rect x="100" y="0" width="40" height="200"/></clipPath>'
                      '<path d="M0 100 L200 100" stroke="black" clip-path="url(#c)"/></svg>'),
], ids=["tikz", "asy", "svg"])
def test_a_stroke_covers_points_only_where_it_shows(scene):
    s = scene()
    assert s.clips, "the front-end records the clip box"
    f = extract_features(s)
    (box,) = s.clips.values()
    y = 0.5 * (f.edges[0, 0, 1] + f.edges[0, 1, 1])
    inside = np.array([[0.5 * (box[0] + box[2]), y]])
    outside = np.array([[box[2] + 0.5 * (box[2] - box[0]), y]])
    tol = 1e-3 * f.scale
    assert covered_points(f, inside, tol)[0].all()
    assert not covered_points(f, outside, tol)[0].any()


def test_clips_follow_a_similarity():
    s = parse_tikz(r"\begin{tikzpicture}[x=1pt,y=1pt]\clip (0,-20) rectangle (30,20);"
                   r"\draw (-100,5) -- (100,5);\end{tikzpicture}")
    t = s.transformed(similarity_matrix(2.0, 0.0, 5.0, 0.0))
    (i, box), = s.clips.items()
    assert t.clips[i] == pytest.approx((2 * box[0] + 5, 2 * box[1], 2 * box[2] + 5, 2 * box[3]))
