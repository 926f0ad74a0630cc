"""pgfplots tick lists: which entry of ``xticklabels`` goes to which tick, and the ticks
pgfplots hides.

Each snippet was compiled with pdflatex and dvisvgm (``compat=newest``); the positions asserted
here are the ones TeX drew.
"""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import TextLabel

LABEL_LISTS = r"""\begin{tikzpicture}
\begin{axis}[xticklabels={A,B,C,D,E,F,G,H,I}, yticklabels={P,Q,R,S,T,U,V}, ytick={-0.5,0,...,1.5}]
\addplot coordinates {(0,0) (1,1)};
\end{axis}
\end{tikzpicture}"""


def _texts(sc):
    return {p.text: p for p in sc.primitives if isinstance(p, TextLabel) and p.text.strip()}


def test_ticklabels_are_indexed_by_pgfplots_tick_list_not_by_the_visible_ticks():
    t = _texts(parse_tikz(LABEL_LISTS))
    # automatic ticks: pgfplots' list starts one step before the first visible tick, so its
    # first label (A) is never shown and B is under x = 0; a given list counts its entries
    # outside the axis: P (-0.5) is not shown and Q is at y = 0
    assert "A" not in t and "H" not in t and "P" not in t and "T" not in t
    # TeX's glyph boxes (dvisvgm), from the lower left corner of the axis box; glyph ink and
    # font boxes differ by up to a pt, ticks are 32 pt apart on x and 67 pt on y
    tex_x = {"B": 16.25, "C": 48.56, "D": 80.73, "E": 113.52, "F": 146.04, "G": 177.76}
    for c, want in tex_x.items():
        assert (t[c].box[0] + t[c].box[2]) / 2 == pytest.approx(want, abs=1.2)
    tex_y = {"Q": 14.5, "R": 80.78, "S": 148.03}
    for c, want in tex_y.items():
        assert (t[c].box[1] + t[c].box[3]) / 2 == pytest.approx(want, abs=1.2)


MIDDLE_RIGHT = r"""\begin{tikzpicture}
\begin{axis}[axis x line=middle, axis y line=right, xlabel=$x$, ymin=-1, ymax=1, xmin=-4, xmax=0]
\addplot[domain=-4:0] {x/4};
\end{axis}
\end{tikzpicture}"""

MIDDLE_BOX = r"""\begin{tikzpicture}
\begin{axis}[axis x line=middle, xmin=-4, xmax=4, ymin=-1, ymax=1]
\addplot[domain=-4:4] {x/4};
\end{axis}
\end{tikzpicture}"""


def _x_tick_labels(sc):
    return sorted(p.text for p in sc.primitives if isinstance(p, TextLabel) and abs(p.box[1] - 68.0) < 1.0)


def test_a_middle_x_line_hides_the_ticks_where_the_y_lines_cross_it():
    # TeX: with the y line on the right (x = 0) the tick at 0 is hidden; with a boxed y axis
    # the ticks at both x limits (-4 and 4) are
    assert _x_tick_labels(parse_tikz(MIDDLE_RIGHT)) == ["$-1$", "$-2$", "$-3$", "$-4$"]
    assert _x_tick_labels(parse_tikz(MIDDLE_BOX)) == ["$-2$", "$0$", "$2$"]


def test_a_middle_x_line_with_the_y_line_on_the_right_has_its_label_at_the_left_end():
    # axis y line=right after axis x line=middle: the x label at ticklabel* cs:0, south west
    # (TeX: the glyph's box 3.52 pt right of xmin and 84.22 pt above the box's lower edge)
    x = _texts(parse_tikz(MIDDLE_RIGHT))["$x$"]
    assert x.box[0] == pytest.approx(3.52, abs=0.1)
    assert x.box[1] == pytest.approx(84.22, abs=0.4)


EXTRA_LABELS = r"""\begin{tikzpicture}
\pgfplotsset{every axis/.append style={extra x tick style={major tick length=0pt}}}
\begin{axis}[xmin=0,xmax=3,ymin=0,ymax=15, extra x ticks={0.5,2.2,9}, extra x tick labels={A,Cut},
  extra x tick style={tick label style={rotate=90,anchor=east}}, extra y ticks={2.71828}, extra y tick labels={$e$}]
\addplot {exp(x)};
\end{axis}
\end{tikzpicture}"""


def test_extra_tick_labels_and_the_extra_tick_styles_append():
    sc = parse_tikz(EXTRA_LABELS)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    t = _texts(sc)
    # TeX (glyph boxes from the box's lower left corner): A under x = 0.5, Cut rotated (anchor
    # east) under x = 2.2, e left of y = e; the every axis style's major tick length=0pt still
    # holds after the axis' own extra x tick style (no tick at 2.2)
    for text, (x0, y0, x1, y1) in {"A": (28.81, -10.99, 35.79, -3.81), "Cut": (138.9, -20.12, 145.87, -4.38),
                                   "$e$": (-8.16, 27.11, -3.17, 31.59)}.items():
        box = t[text].box
        assert (box[0] + box[2]) / 2 == pytest.approx((x0 + x1) / 2, abs=0.8)  # ink vs font box
        assert (box[1] + box[3]) / 2 == pytest.approx((y0 + y1) / 2, abs=0.6)
    assert t["Cut"].box[3] - t["Cut"].box[1] > 10  # rotated
    ticks_at_cut = [p for p in sc.primitives if hasattr(p, "points") and len(p.points) == 2
                    and abs(p.points[0, 0] - 143.0) < 0.01 and abs(p.points[1, 0] - 143.0) < 0.01]
    assert not ticks_at_cut


def test_log_minor_ticks_follow_a_tick_distance_list_from_the_decade_nearest_the_lower_limit():
    # ymin = 2e-9: with ytick distance=10 pgfplots' list starts at 1e-8 (nearer to ymin than
    # 1e-9), so TeX draws no minor tick below 1e-8 and one (i = 1) on each decade's major tick:
    # 72 minor ticks on the left, the lowest at 0.0804, 0.115, 0.1352 of the box height
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{semilogyaxis}[ymin=2e-9, ymax=1, ytick distance=10]
\addplot coordinates {(0,1e-8) (1,1e-1)};
\end{semilogyaxis}
\end{tikzpicture}""")
    minor = sorted(p.points[0, 1] / 162.0 for p in sc.primitives if hasattr(p, "points") and len(p.points) == 2
                   and p.points[0, 1] == p.points[1, 1] and p.points[0, 0] < 5
                   and abs(abs(p.points[1, 0] - p.points[0, 0]) - 2.845) < 0.01)
    assert len(minor) == 72
    assert minor[:3] == pytest.approx([0.0804, 0.115, 0.1352], abs=2e-4)
