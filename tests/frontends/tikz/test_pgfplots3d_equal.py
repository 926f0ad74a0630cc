"""pgfplots 3D ``axis equal`` / ``axis equal image`` (``scale mode=scale uniformly``).

Numbers from pdflatex + dvisvgm (pgfplots 1.18, compat=1.18), in bp."""

import numpy as np

from geoverify.frontends.tikz import parse_tikz

BP = 72 / 72.27

_PIC = r"""\begin{tikzpicture}
\begin{axis}[%s, view={30}{20}, ticks=none]
\addplot3 coordinates {(0,0,0) (4,1,2)};
\draw[red] (axis cs:0,0,0) -- (axis cs:1,0,0) -- (axis cs:1,1,0) -- (axis cs:1,1,1);
\end{axis}
\end{tikzpicture}"""


def _run(opts):
    sc = parse_tikz(_PIC % opts)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    pts = np.vstack([np.asarray(q.points) for q in sc.primitives if hasattr(q, "points")]) * BP
    red = next(q for q in sc.primitives if q.style.stroke and q.style.stroke.lower() == "#ff0000")
    r = np.asarray(red.points) * BP
    return pts.min(axis=0), pts.max(axis=0), r


def test_axis_equal_keeps_the_size_and_widens_the_limits():
    lo, hi, red = _run("axis equal, xmin=0, xmax=4, ymin=0, ymax=1, zmin=0, zmax=2")
    # the box keeps width - 45pt; one unit is as long on every axis (through the view)
    assert np.allclose(hi - lo, [194.27, 161.39], atol=0.05)
    assert np.allclose(red - red[0], [[0, 0], [30.793, -6.078], [48.570, 4.453], [48.570, 37.863]], atol=0.05)
    # the y and z limits (all given) grow on both sides
    assert np.allclose(red[0] - lo, [26.664, 54.176], atol=0.05)


def test_axis_equal_image_shrinks_the_box_to_the_data():
    lo, hi, red = _run("axis equal image")
    assert np.allclose(hi - lo, [140.94, 115.03], atol=0.05)
    assert np.allclose(red - red[0], [[0, 0], [30.793, -6.078], [48.570, 4.453], [48.570, 37.863]], atol=0.05)
    assert np.allclose(red[0] - lo, [0.0, 31.0], atol=0.05)


def test_axis_equal_seen_from_above_widens_the_vertical_limits():
    # view={0}{90}: z has no length; x fills the width, the y limits grow to the height
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[axis equal, view={0}{90}, xmin=0, xmax=4, ymin=0, ymax=1, ticks=none]
\addplot3 coordinates {(0,0,0) (4,1,2)};
\draw[red] (axis cs:0,0,0) -- (axis cs:1,0,0) -- (axis cs:1,1,0);
\end{axis}
\end{tikzpicture}""")
    pts = np.vstack([np.asarray(q.points) for q in sc.primitives if hasattr(q, "points")]) * BP
    red = next(q for q in sc.primitives if q.style.stroke and q.style.stroke.lower() == "#ff0000")
    lo = pts.min(axis=0)
    assert np.allclose(pts.max(axis=0) - lo, [194.28, 161.40], atol=0.05)
    assert np.allclose(np.asarray(red.points) * BP - lo, [[0, 56.414], [48.570, 56.414], [48.570, 104.982]],
                       atol=0.05)
