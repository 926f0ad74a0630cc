"""pgfplots' ``quiver`` handler of a table plot: ``\\thisrow{name}`` in ``u``/``v`` is that
cell of the point's row (a column may be named like a variable).

The expected numbers are latex + dvisvgm output of the same axis (bp, y down).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72


def test_quiver_reads_its_vectors_from_the_rows_of_a_table():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none]
\addplot[quiver={u=\thisrow{u},v=\thisrow{x}}] table {
x y u
1 0 1
2 1 -1
};
\end{axis}
\end{tikzpicture}""")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    o = np.array([-100.144478, 13.234375])  # TeX's canvas point of (0, 0)
    tex = [[(-71.8007, 13.234375), (-43.4531, -15.1094)], [(-43.4531, -15.1094), (-71.8007, -71.8008)]]
    assert len(lines) == 2
    for got, want in zip(lines, tex):
        t = np.asarray(want) - o
        assert np.allclose(got, np.column_stack([t[:, 0] * BP, -t[:, 1] * BP]), atol=0.01)


def test_quiver_keys_after_quiver_cd_are_the_quivers():
    """``quiver, quiver/.cd, u=.., v=.., scale arrows=..`` (and ``quiver/u=..``) set the same
    keys as ``quiver={u=.., v=.., scale arrows=..}``."""
    fig = r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none]
\addplot[%s] coordinates {(1,0) (2,1)};
\end{axis}
\end{tikzpicture}"""
    want = parse_tikz(fig % "quiver={u=1,v=x,scale arrows=0.5}")
    for opts in ("quiver,quiver/.cd,u=1,v=x,scale arrows=0.5", "quiver,quiver/u=1,quiver/v=x,quiver/scale arrows=0.5"):
        got = parse_tikz(fig % opts)
        assert not got.diagnostics
        a = [p.points for p in got.primitives if isinstance(p, Polyline)]
        b = [p.points for p in want.primitives if isinstance(p, Polyline)]
        assert len(a) == len(b) == 2 and all(np.allclose(x, y) for x, y in zip(a, b))
    # the arrow from (2, 1) ends at (2, 1) + 0.5 (1, 2)
    assert np.allclose(b[1][1], np.array([2.5, 2.0]) * 4 * 72.27 / 2.54 / 4)


def test_every_arrow_in_terms_of_the_transformed_point_meta():
    """``every arrow/.append style={line width=2pt*\\pgfplotspointmetatransformed/1000}``: each
    arrow's width from its point meta mapped onto 0..1000 (TeX, pgfplots' manual: 1.99254bp,
    1.67984bp, ... for the arrows of meta 1 to the largest)."""
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none]
\addplot[point meta={x*x},quiver={u=1,v=0,every arrow/.append style={
  line width=2pt*\pgfplotspointmetatransformed/1000}}] coordinates {(1,0) (2,1) (3,2)};
\end{axis}
\end{tikzpicture}""")
    assert not sc.diagnostics
    widths = [p.style.stroke_width for p in sc.primitives if isinstance(p, Polyline)]
    # meta 1, 4, 9: transformed 0, 375, 1000
    assert np.allclose(widths, [0.0, 0.75, 2.0])
