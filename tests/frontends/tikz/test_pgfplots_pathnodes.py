"""Nodes and coordinates after an ``\\addplot``'s data (``node[pos=t]``, ``coordinate[pos=t]``),
and ``enlarge x limits={abs=<length>}``.

The figures are the pgfplots manual's (axis coordinates, specify range), which pdflatex +
dvisvgm draw as asserted here: the default box (195 pt x 162 pt, from the picture's
origin), ``pos`` a fraction of the plot's length along its points.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline, TextLabel


def _label(sc, text):
    (lab,) = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == text]
    return lab


def _centre(lab):
    return ((lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2)


SINE = r"""\begin{tikzpicture}
\begin{axis}
\addplot [blue,domain=0:360,samples=25] {sin(x)} %s
    node [pos=0.5] {$\pi$} node [pos=0] {$s$} coordinate [pos=1] (last);
\draw [red] (last) -- ++(1cm,0pt);
\end{axis}
\end{tikzpicture}"""


def test_nodes_sit_at_fractions_of_the_plot_length_moved_by_the_tail_options():
    sc = parse_tikz(SINE % "[yshift=8pt]")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    # x limits -36 .. 396 (enlarged 10 %), y -1.2 .. 1.2: (180, 0) is (97.5, 81), 8pt higher
    assert _centre(_label(sc, "$\\pi$")) == pytest.approx((97.5, 89.0), abs=0.05)
    (red,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    # the coordinate at pos=1: the last point (360, 0), also moved by the yshift
    assert np.allclose(red, [[178.75, 89.0], [178.75 + 72.27 / 2.54, 89.0]], atol=0.05)


def test_sloped_nodes_turn_along_their_piece_of_the_plot():
    sc = parse_tikz(SINE % "[every node/.style={yshift=8pt},sloped]")
    lab = _label(sc, "$s$")
    # the first piece, (0, 0) to (15, sin 15): 6.77 pt right, 17.47 pt up on the canvas
    ang = math.degrees(math.atan2(0.258819 * 162 / 2.4, 15 * 195 / 432))
    assert lab.frame is not None
    assert math.degrees(math.atan2(lab.frame[1][0], lab.frame[0][0])) == pytest.approx(ang, abs=0.1)
    # yshift=8pt is taken in the turned frame: perpendicular to the piece
    cx, cy = _centre(lab)
    d = (cx - 16.25, cy - 81.0)
    assert math.hypot(*d) == pytest.approx(8.0, abs=0.05)
    assert math.degrees(math.atan2(d[1], d[0])) == pytest.approx(ang + 90, abs=0.1)


def test_enlarge_limits_by_a_length_keeps_the_box_size():
    # TeX (manual, specify range): abs=1cm on x: the data fill 195 - 2 x 28.45 pt, the box stays 195 pt
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[enlarge x limits={abs=1cm}, axis lines=none]
\addplot[red, domain=0:1, samples=2] {x};
\end{axis}
\end{tikzpicture}""")
    (line,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    cm = 72.27 / 2.54
    assert line[0][0] == pytest.approx(cm, abs=0.01)
    assert line[-1][0] == pytest.approx(195.0 - cm, abs=0.01)


def test_nodes_on_marks_snap_to_the_nearest_point():
    # pgfplots' snap to nearest for marks (manual: "Snap to nearest for scatter plots"): every piece
    # one unit, the nearer end; pos=0.2 of 3 pieces is 0.6 along the first: the point (1,1)
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xmin=0,xmax=3,ymin=0,ymax=3]
\addplot+ [only marks] coordinates {(0,0) (1,1) (2,2) (3,3)}
    coordinate [pos=0.1] (a) coordinate [pos=0.2] (b) coordinate [pos=0.5] (c);
\draw [red] (a) -- (b) -- (c);
\end{axis}
\end{tikzpicture}""")
    (red,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    assert np.allclose(red, [[0.0, 0.0], [65.0, 54.0], [130.0, 108.0]], atol=0.01)


def test_pos_segment_places_nodes_along_one_run_of_points():
    # pgfplots manual (axis coordinates): pos segment=k counts the runs between empty lines from 0
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xmin=0,xmax=2,ymin=0,ymax=1]
\addplot coordinates {(0,0) (1,0)

    (1,1) (2,1)} [pos segment=1] coordinate [pos=0.5] (a) [pos segment=0] coordinate [pos=0.5] (b);
\draw [red] (a) -- (b);
\end{axis}
\end{tikzpicture}""")
    (red,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    assert np.allclose(red, [[146.25, 162.0], [48.75, 0.0]], atol=0.01)


def test_path_steps_after_the_data_continue_the_plot_line():
    # pgfplots manual (\addplot): "coordinates {..} |- (0,0) -- cycle" closes the area down to the x axis
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xmin=0,xmax=1,ymin=0,ymax=1,enlargelimits=false]
\addplot [red] coordinates {(0,0.5) (1,0.6)} |- (0,0) -- cycle;
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    (red,) = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    assert np.allclose(red.points[:4], [[0.0, 81.0], [195.0, 97.2], [195.0, 0.0], [0.0, 0.0]], atol=0.01)
