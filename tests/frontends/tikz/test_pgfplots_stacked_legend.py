"""pgfplots' ``ybar stacked``/``xbar stacked`` use the ``single ybar legend`` (``single
xbar legend``): one bar, 6pt wide, to 0.8em (yshift -0.2em; the x bar raised 0.2ex).

The expected numbers are latex + dvisvgm output of the same axes (bp, y down), taken
relative to the legend box's lower left corner.
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

BP = 72.27 / 72

_AXIS = r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0,ymax=4,axis lines=none,%s,
  legend style={at={(0,0)},anchor=south west,draw=none}]
\addplot[draw=black] coordinates {(1,1) (2,2)};
\legend{a}
\end{axis}
\end{tikzpicture}"""


@pytest.mark.parametrize("key, box, bar", [
    # TeX: legend box M-71.999951-15.308594H-50.6796V-30.3555; bar M-68.81253-20.19533H-62.83596V-28.16408
    ("ybar stacked", (-71.999951, -15.308594, -50.6796, -30.3555), (-68.81253, -20.19533, -62.83596, -28.16408)),
    # TeX: legend box M-71.800781-15.109325H-48.4883V-28.8632; bar M-68.613265-19.85544H-60.64061V-25.83591
    ("xbar stacked", (-71.800781, -15.109325, -48.4883, -28.8632), (-68.613265, -19.85544, -60.64061, -25.83591)),
])
def test_stacked_bars_have_a_single_bar_legend(key, box, bar):
    sc = parse_tikz(_AXIS % key)
    polys = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    frame, image = polys[2], polys[3]  # two bars, the legend's box, its image
    lo = frame.min(axis=0)
    want = np.array([(bar[0] - box[0]) * BP, (box[1] - bar[1]) * BP, (bar[2] - box[0]) * BP, (box[1] - bar[3]) * BP])
    got = np.concatenate([image.min(axis=0) - lo, image.max(axis=0) - lo])
    assert np.allclose(got, want, atol=0.02)
    assert np.allclose(frame.max(axis=0) - lo, [(box[2] - box[0]) * BP, (box[1] - box[3]) * BP], atol=0.02)


def test_stacked_nodes_show_each_value_in_its_bar_and_zeros_draw_nothing():
    """``ybar stacked, nodes near coords``: each plot's own value, centred in its bar (the first
    from 0, below the axis' start at 0.5); a 0 adds nothing: no bar, no node. TeX's labels
    (bp): "1" at x -64.80 around y = 0.5, "1.5" at -68.68 around y = 1.75, "2" at -36.46 around
    y = 1, the bars at x = 1 and 2 centred at -62.31 and -33.97; two blue bars and one red."""
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[scale only axis,width=4cm,height=4cm,xmin=0,xmax=4,ymin=0.5,ymax=4,axis lines=none,ybar stacked,
  nodes near coords]
\addplot coordinates {(1,1) (2,2)};
\addplot coordinates {(1,1.5) (2,0)};
\end{axis}
\end{tikzpicture}""")
    bars = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert len(bars) == 3
    unit = 4 * 72.27 / 2.54 / 4, 4 * 72.27 / 2.54 / 3.5
    labels = {p.text: p for p in sc.primitives if not isinstance(p, Polyline)}
    assert sorted(labels) == ["$1$", "$1.5$", "$2$"]
    for text, (x, y) in {"$1$": (1, 0.5), "$1.5$": (1, 1.75), "$2$": (2, 1)}.items():
        box = labels[text].box
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        assert np.allclose(centre, (x * unit[0], (y - 0.5) * unit[1]), atol=0.02)
    # TeX: "1" starts 2.49bp left of its bar's centre, "1.5" 6.37bp
    assert np.isclose(labels["$1$"].box[0] - unit[0], (-64.80 + 62.3125) * BP, atol=0.03)
    assert np.isclose(labels["$1.5$"].box[0] - unit[0], (-68.6793 + 62.3125) * BP, atol=0.03)
