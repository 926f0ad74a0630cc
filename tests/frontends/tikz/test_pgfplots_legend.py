"""pgfplots' ``legend entries`` items with their text node's ``[options]``.

pgfplots reads ``legend entries={[red]$x^2$}`` as ``\\addlegendentry[red]{$x^2$}`` (manual,
"Legends"): the options style the entry's text node; they are not part of its text.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfplots_legend import split_entry_options
from geoverify.scene.primitives import Polyline, TextLabel


def test_entry_options_are_split_off_the_texts():
    texts, opts = split_entry_options(["$x$", "[red]$x^2$", "{[text width=25pt,text depth=]Neg. Sign:}"])
    assert texts == ["$x$", "$x^2$", "Neg. Sign:"]
    assert opts == [None, "red", "text width=25pt,text depth="]


def _legend_frame(sc):
    frames = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and len(p.points) == 4]
    return frames[-1]


def test_legend_entries_options_act_as_addlegendentry_options():
    a = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[legend entries={$x$,{[text width=25pt,text depth=]Neg. Sign:}}]
\addplot coordinates {(0,0) (1,1)};
\addplot coordinates {(0,1) (1,0)};
\end{axis}\end{tikzpicture}""")
    b = parse_tikz(r"""\begin{tikzpicture}\begin{axis}
\addplot coordinates {(0,0) (1,1)}; \addlegendentry{$x$}
\addplot coordinates {(0,1) (1,0)}; \addlegendentry[text width=25pt,text depth=]{Neg. Sign:}
\end{axis}\end{tikzpicture}""")
    assert [p.text for p in a.primitives if isinstance(p, TextLabel)][-2:] == ["$x$", "Neg. Sign:"]
    assert np.allclose(_legend_frame(a), _legend_frame(b), atol=1e-6)


def test_reverse_legend_lists_the_last_entry_first():
    # TeX (manual, legends): with reverse legend $x^3$ is the top entry, $x$ the bottom one
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[reverse legend]
\addplot coordinates {(0,0) (1,1)}; \addlegendentry{$x$}
\addplot coordinates {(0,1) (1,0)}; \addlegendentry{$x^2$}
\addplot coordinates {(0,1) (1,1)}; \addlegendentry{$x^3$}
\end{axis}\end{tikzpicture}""")
    labels = {p.text: p.box for p in sc.primitives if isinstance(p, TextLabel) and "x" in p.text}
    assert labels["$x^3$"][1] > labels["$x^2$"][1] > labels["$x$"][1]
