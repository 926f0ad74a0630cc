"""pgfplots' ``hist/symbolic coords`` (the data and x read through the names), a tick label
template showing ``\\tick``/``\\nexttick`` of a symbolic axis as the names, and option lists
with an unmatched bracket inside braces (``xticklabel={[\\tick--\\nexttick[}``)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.options import split_options
from geoverify.scene import Polyline, TextLabel


def test_symbolic_histogram_counts_names_and_labels_intervals_with_them():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,ymin=0,ymax=8,enlargelimits=false,ybar interval,
    hist/symbolic coords={A,B,C,D,E,F,G,H,I,J},
    xticklabel={[\tick--\nexttick[}, ytick=\empty]
    \addplot+ [hist={bins=3}] table [row sep=\\,y index=0] {
        data\\ A\\ B\\ A\\ D\\ F\\ J\\ G\\ J\\ I\\ H\\ I\\ I\\
    };
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    h = 4 * 72.27 / 2.54 / 8  # one count
    bars = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill]
    # bins [A, D[, [D, G[, [G, J]: A B A | D F | J G J I H I I
    assert np.allclose([b[:, 1].max() / h for b in bars], [3, 2, 7])
    labels = [t.text for t in sc.primitives if isinstance(t, TextLabel)]
    assert labels == ["[A--D[", "[D--G[", "[G--J["]


def test_an_unmatched_bracket_inside_braces_does_not_swallow_the_list():
    assert split_options(r"xticklabel={[\tick--\nexttick[}, ybar") == [("xticklabel", r"[\tick--\nexttick["),
                                                                          ("ybar", None)]
