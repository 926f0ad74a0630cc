"""pgfplots' ``xticklabel cs`` (outside the tick labels), ``anchor=near xticklabel`` and the
``min``/``max`` limit styles.

Each snippet was compiled with pdflatex and dvisvgm; the positions asserted are TeX's, from
the lower left corner of the axis box.
"""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline

TICKLABEL_CS = r"""\begin{tikzpicture}
\begin{axis}[clip=false]
\addplot coordinates {(0,0) (1,1)};
\node[draw,anchor=near xticklabel] at (xticklabel cs:0.5) {A};
\node[draw,anchor=near yticklabel opposite] at (yticklabel* cs:0.5) {B};
\draw[red] (xticklabel cs:0.25) -- (xticklabel cs:0.75,5pt);
\draw[blue] (yticklabel cs:0.5) -- (yticklabel cs:0.75,5pt);
\end{axis}
\end{tikzpicture}"""


def _lines(sc, stroke):
    return [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == stroke]


def test_ticklabel_cs_lies_past_the_largest_tick_label():
    sc = parse_tikz(TICKLABEL_CS)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    # TeX: (xticklabel cs:0.25) at (48.57, -13.26), (xticklabel cs:0.75,5pt) 5 pt further down;
    # (yticklabel cs:0.5) at (-19.57, 81.0)
    (red,) = _lines(sc, "#ff0000")
    assert red[0] == pytest.approx([48.57, -13.26], abs=0.25)
    assert red[1] == pytest.approx([146.1, -18.24], abs=0.25)
    blue = _lines(sc, "#0000ff")[-1]  # (the plot is blue too)
    assert blue[0] == pytest.approx([-19.57, 81.0], abs=0.25)


def test_near_ticklabel_anchors_face_the_axis():
    sc = parse_tikz(TICKLABEL_CS)
    frames = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#000000"
              and len(p.points) == 4 and p.points[:, 0].max() - p.points[:, 0].min() < 20]
    a, b = sorted(frames, key=lambda f: f[:, 1].min())
    # A: anchor north at xticklabel cs:0.5 (TeX: its frame from y = -26.91 down from the box);
    # B: near yticklabel opposite = west, on the y axis line (TeX: frame from x = 0.2)
    assert a[:, 1].min() == pytest.approx(-26.91, abs=0.25)
    assert (a[:, 0].min() + a[:, 0].max()) / 2 == pytest.approx(97.5, abs=0.25)
    assert b[:, 0].min() == pytest.approx(0.2, abs=0.25)


def test_near_ticklabel_anchor_outside_an_axis_is_reported():
    sc = parse_tikz(r"\begin{tikzpicture}\node[anchor=near xticklabel] at (0,0) {A};\end{tikzpicture}")
    assert [d for d in sc.diagnostics if d.code == "UNSUPPORTED" and d.construct == "anchor"]


def test_min_and_max_set_every_limit_and_a_z_limit_makes_the_axis_3d():
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[min=0, max=1]
\end{axis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    # pgfplots draws a 3D box (zmin and zmax given): its x ticks run slanted
    ticks = [p.points for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 2
             and p.style.stroke == "#808080"]
    assert any(abs(t[1, 0] - t[0, 0]) > 0.5 and abs(t[1, 1] - t[0, 1]) > 0.5 for t in ticks)
