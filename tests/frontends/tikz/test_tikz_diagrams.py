"""tikz-cd diagrams and pgfplots axes."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.fonts import measure
from geoverify.scene import Arrow, Polyline, TextLabel

from tikz_fixtures import CM, close, only

EM, EX = 10.00002, 4.30554

CD = r"""\begin{tikzcd}
A \arrow[r, "f"] \arrow[d, "g"'] & B \arrow[d, "h"] \\
C \arrow[r, "k"'] & D
\end{tikzcd}"""


def test_tikzcd_cells_and_separations():
    sc = parse_tikz(CD)
    cells = {p.text: p for p in sc.primitives if isinstance(p, TextLabel) and p.source.construct == "tikzcd cell"}
    assert set(cells) == {"$A$", "$B$", "$C$", "$D$"}
    a, b, c = cells["$A$"].anchor, cells["$B$"].anchor, cells["$C$"].anchor
    w = {k: measure(k)[0].width for k in cells}
    # column sep 2.4em between the columns' widest cells' borders (inner xsep 1ex)
    left, right = max(w["$A$"], w["$C$"]) / 2, max(w["$B$"], w["$D$"]) / 2
    assert b[0] - a[0] == pytest.approx(left + EX + 2.4 * EM + EX + right, abs=1e-6)
    assert a[1] > c[1]


def test_tikzcd_arrows_and_label_sides():
    sc = parse_tikz(CD)
    arrows = [p for p in sc.primitives if isinstance(p, Arrow)]
    assert len(arrows) == 4
    dirs = sorted(tuple(np.round(a.direction, 6)) for a in arrows)
    assert dirs == [(0.0, -1.0), (0.0, -1.0), (1.0, 0.0), (1.0, 0.0)]
    labels = {p.text: p for p in sc.primitives if isinstance(p, TextLabel) and p.source.construct != "tikzcd cell"}
    f, k = labels["$f$"], labels["$k$"]
    # "f" sits left of (above) its rightward arrow, "k"' is swapped below its arrow
    assert f.box[1] >= f.anchor[1] - 1e-9 and k.box[3] <= k.anchor[1] + 1e-9
    g = labels["$g$"]
    assert g.box[2] <= g.anchor[0] + 1e-9  # swapped label of a downward arrow is on its left... west side


def test_tikzcd_old_syntax_and_direction_macros():
    sc = parse_tikz(r"\begin{tikzcd} X \arrow{r}{u} & Y \rar & Z \end{tikzcd}")
    assert len([p for p in sc.primitives if isinstance(p, Arrow)]) == 2
    assert any(isinstance(p, TextLabel) and p.text == "$u$" for p in sc.primitives)


AXIS = r"""\begin{tikzpicture}
\begin{axis}[xmin=0, xmax=2, ymin=0, ymax=4, width=4cm, height=2cm, scale only axis, axis lines=box]
\addplot[domain=0:2, samples=3] {x^2};
\draw (1,1) -- (2,2);
\end{axis}
\end{tikzpicture}"""


def test_axis_maps_data_to_the_box_and_records_the_transform():
    sc = parse_tikz(AXIS)
    m = sc.panels[0].axis_transform
    assert m is not None
    assert close(m @ [2, 4, 1], [4 * CM, 2 * CM, 1]) and close(m @ [0, 0, 1], [0, 0, 1])
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    box = [p for p in lines if p.closed_flag][0]
    assert close(box.points, [(0, 0), (4 * CM, 0), (4 * CM, 2 * CM), (0, 2 * CM)])
    plot = [p for p in lines if len(p.points) == 3][0]
    assert close(plot.points, [(0, 0), (2 * CM, 0.5 * CM), (4 * CM, 2 * CM)])
    # \draw inside the axis uses axis coordinates
    seg = [p for p in lines if len(p.points) == 2 and p.source.construct == "\\draw"][0]
    assert close(seg.points, [(2 * CM, 0.5 * CM), (4 * CM, CM)])


def test_axis_without_scale_only_axis_leaves_45pt_for_labels():
    # pgfplots.scaling.code.tex: the box is width x height minus 45pt each
    sc = parse_tikz(AXIS.replace("scale only axis,", ""))
    m = sc.panels[0].axis_transform
    assert close(m @ [2, 4, 1], [4 * CM - 45, 2 * CM - 45, 1])


def test_matrix_of_math_nodes_layout_and_names():
    sc = parse_tikz(r"""\matrix[matrix of math nodes, column sep=1cm, row sep=5mm, nodes={draw}] (m) {
    A & B \\ C & D \\ };
    \draw (m-1-1) -- (m-2-2);""")
    cells = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    assert set(cells) == {"$A$", "$B$", "$C$", "$D$"}
    a, b, c = cells["$A$"].anchor, cells["$B$"].anchor, cells["$C$"].anchor
    # cells are anchored at their baselines; columns are 1cm apart between the widest cells' borders
    inner, outer = 0.3333 * 10.00002, 0.2
    wa, wc = measure("$A$")[0].width, measure("$C$")[0].width
    wb, wd = measure("$B$")[0].width, measure("$D$")[0].width
    gap = max(wa, wc) / 2 + inner + outer + CM + inner + outer + max(wb, wd) / 2
    assert b[0] - a[0] == pytest.approx(gap) and a[1] == pytest.approx(b[1]) and a[0] == pytest.approx(c[0])
    rects = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    assert len(rects) == 4


def test_axis_cs_and_rel_axis_cs_inside_an_axis():
    sc = parse_tikz(AXIS.replace(r"\draw (1,1) -- (2,2);", r"\draw (axis cs:1,1) -- (rel axis cs:1,0.5);"))
    seg = [p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 2
           and p.source.construct == "\\draw"][0]
    assert close(seg.points, [(2 * CM, 0.5 * CM), (4 * CM, CM)])


def test_tikzcd_bent_arrow_leaves_and_enters_the_nodes_at_the_bent_angle():
    # tikz-cd draws a bent arrow as a relative "to" path: it runs from A's border point 30 degrees
    # left of the line to B's centre to B's border point 30 degrees right of the way back, not to
    # the borders facing the controls (pdflatex+dvisvgm agree within 0.07 pt on such a picture)
    from geoverify.scene import BezierPath
    sc = parse_tikz(r"""\begin{tikzcd} A \arrow[r, bend left] & B \end{tikzcd}""")
    a, b = [p for p in sc.primitives if isinstance(p, TextLabel)]
    c = only(sc, BezierPath).parts[0].controls[0]
    out, back, chord = c[1] - c[0], c[2] - c[3], c[3] - c[0]
    # the angles are measured from the line joining the two border points
    base = np.degrees(np.arctan2(chord[1], chord[0]))
    assert abs(np.degrees(np.arctan2(out[1], out[0])) - base - 30) < 1e-6
    assert abs(np.degrees(np.arctan2(back[1], back[0])) - base - 150) < 1e-6
    # both ends on the nodes' borders (right of A's text, left of B's), above the centre line
    assert a.box[2] < c[0][0] < b.box[0] and a.box[2] < c[3][0] < b.box[0] and c[0][1] > 0 and c[3][1] > 0


def test_tikzcd_arrows_given_their_cells_as_quiver_writes_them():
    # quiver exports every arrow in the last cell, its ends as from=row-column, to=row-column
    directions = parse_tikz(r"""\begin{tikzcd} A \arrow[r, "f"] \arrow[d] & B \\ C & D \arrow[from=1-2, to=2-2]
      \end{tikzcd}""")
    quiver = parse_tikz(r"""\begin{tikzcd} A & B \\ C & D
      \arrow["f", from=1-1, to=1-2] \arrow[from=1-1, to=2-1] \arrow[from=1-2, to=2-2]
      \end{tikzcd}""")
    assert not [d for d in quiver.diagnostics if d.code == "UNSUPPORTED"]
    ends = lambda sc: sorted(tuple(np.round(a.tip, 3)) for a in sc.primitives if isinstance(a, Arrow))  # noqa: E731
    assert len(ends(quiver)) == 3 and ends(quiver) == ends(directions)


def test_the_text_of_an_article_around_its_pictures_is_the_scenes_document_text():
    sc = parse_tikz(r"""\documentclass{article}\usepackage{tikz-cd}\begin{document}
      The square \[\begin{tikzcd} A \arrow[r] & B \end{tikzcd}\] commutes: $g \circ f = k \circ h$.
      \end{document}""")
    assert "$g \\circ f = k \\circ h$" in sc.document_text
    assert "The square" in sc.document_text
