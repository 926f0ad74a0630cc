"""``nodes near coords`` print the axis' ``point meta`` expression (``point meta=y*10^-3``)
in its ``/pgf/number format``; ``1000 sep`` sets the thousands separator (empty: none).

The expected numbers are latex + dvisvgm output of the same axis (bp, y down)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfplots_ticks import format_number, split_number_format
from geoverify.scene import TextLabel

BP = 72.27 / 72


def test_nodes_near_coords_show_the_point_meta_expression():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=1995,xmax=2005,ymin=0,ymax=40000,axis lines=none,
  nodes near coords,point meta=y*10^-3]
\addplot coordinates {(2000,12000) (2002,30000)};
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    labels = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert [t.text for t in labels] == ["$12$", "$30$"]
    # TeX: the labels start at -68.68bp and -46.00bp, (1995, 0) at (-120.390655, 26.296876)
    lefts = [t.box[0] for t in labels]
    assert np.allclose(lefts, [(-68.678157 + 120.390655) * BP, (-46.000957 + 120.390655) * BP], atol=0.02)


def test_thousands_separator_of_the_number_format():
    fmt, rest = split_number_format("/pgf/number format/1000 sep=,rotate=90")
    assert fmt == {"sep": ""} and rest == "rotate={90}"
    assert format_number(1930, **fmt) == "$1930$"
    assert format_number(19300) == "$19{,}300$"
    assert format_number(19300, sep="\\,") == "$19\\,300$"
