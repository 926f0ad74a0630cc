"""pgfplots' coordinate filters as expressions (``x filter/.expression``, ``y filter/.append
expression`` with ``\\pgfmathresult``, ``nan``) and ``skip coords between index``.

The expected numbers are latex + dvisvgm output of the same axis (bp, y down).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72


def test_expression_filters_and_skipped_indices():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=5,ymin=0,ymax=5,axis lines=none,
  x filter/.expression={x+0.5},skip coords between index={1}{2}]
\addplot[black,y filter/.append expression={y==2 ? nan : \pgfmathresult+y/2}] coordinates {(0,1) (1,1) (2,2) (3,3) (4,1)};
\end{axis}
\end{tikzpicture}""")
    assert not sc.diagnostics
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    # TeX: M-71.8008-3.77343L-3.7696-71.80093L18.9061-3.77343, (0, 0) at (-83.140655, 30.242189):
    # (1, 1) skipped, (2, 2) unbounded (nan: left out), x + 0.5, y + y/2
    t = np.array([(-71.8008, -3.77343), (-3.7696, -71.80093), (18.9061, -3.77343)]) - (-83.140655, 30.242189)
    assert len(lines) == 1
    assert np.allclose(lines[0], np.column_stack([t[:, 0] * BP, -t[:, 1] * BP]), atol=0.01)


def test_filters_of_a_3d_plot_are_reported():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[x filter/.expression={x+1}]
\addplot3 coordinates {(0,0,0) (1,1,1)};
\end{axis}
\end{tikzpicture}""")
    assert any(d.code == "UNSUPPORTED" and d.construct == "x filter/.expression" for d in sc.diagnostics)


def test_filter_code_with_its_argument_and_pgfmath_function_commands():
    """``x filter/.code={\\pgfmathadd{#1}{0.5}}``: ``#1`` is the coordinate's value and
    ``\\pgfmathadd`` (pgfmath's function commands) sets ``\\pgfmathresult``: x + 0.5."""
    fig = r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none%s]
\addplot[black] coordinates {(1,1) (2,3)};
\end{axis}
\end{tikzpicture}"""
    got = parse_tikz(fig % r",x filter/.code={\pgfmathadd{#1}{0.5}}")
    assert not got.diagnostics
    (line,) = [p.points for p in got.primitives if isinstance(p, Polyline)]
    u = 4 * 72.27 / 2.54 / 4
    assert np.allclose(line, np.array([(1.5, 1), (2.5, 3)]) * u)
    sc = parse_tikz(r"""\begin{tikzpicture}
\pgfmathmultiply{3}{4}\pgfmathsubtract{\pgfmathresult}{2}\pgfmathsqrt{\pgfmathresult*10}
\draw (0,0) -- (\pgfmathresult pt,0);
\end{tikzpicture}""")
    (seg,) = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert np.isclose(seg[1, 0] - seg[0, 0], 10.0)
