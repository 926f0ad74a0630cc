"""pgfplots 3D axes and colour bars against numbers measured from pdfTeX + dvisvgm output.

The expected numbers were read from TeX's rendering of the same snippets
(``latex`` + ``dvisvgm``, pgfplots 1.18, ``compat=newest``), converted from bp to pt;
the box geometry also follows from pgfplots' formulas (see the module docstring of
:mod:`geoverify.frontends.tikz.pgfplots3d`).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfplots3d_view import near_ticklabel_offset, view_vectors
from geoverify.scene.primitives import Dot, Polyline, TextLabel

BP = 72.27 / 72.0

MESH = r"""\begin{tikzpicture}
\begin{axis}
\addplot3[mesh,samples=3,domain=0:1] {x*y};
\end{axis}
\end{tikzpicture}"""


def _black_lines(sc):
    return [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#000000"
            and abs(p.style.stroke_width - 0.4) < 1e-9 and p.source.construct == "axis lines"]


def test_view_vectors_default():
    vec, n = view_vectors(25, 30)
    a, e = math.radians(25), math.radians(30)
    assert np.allclose(vec, [[math.cos(a), -math.sin(a) * math.sin(e)], [math.sin(a), math.cos(a) * math.sin(e)],
                             [0.0, math.cos(e)]])
    assert np.allclose(n, [-math.sin(a) * math.cos(e), math.cos(a) * math.cos(e), -math.sin(e)])


def test_box_edges_fill_width_and_height():
    sc = parse_tikz(MESH)
    edges = _black_lines(sc)
    assert len(edges) == 9  # the three edges at the corner nearest the viewer are not drawn
    pts = np.vstack([p.points for p in edges])
    assert pts[:, 0].max() - pts[:, 0].min() == pytest.approx(195.0, abs=0.01)
    assert pts[:, 1].max() - pts[:, 1].min() == pytest.approx(162.0, abs=0.01)
    # the x edge: TeX draws (16.25, 32.64) -> (148.74, 10.36) bp
    d = [p.points[-1] - p.points[0] for p in edges]
    assert any(np.allclose(v, np.array([132.49, -22.28]) * BP, atol=0.05) for v in d)
    # z: 0..1 enlarged by 10 % each side (enlargelimits=auto widens only z in 3D):
    # the z tick at 0 lies 7.61 bp above the box's bottom corner
    zt = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#808080"]
    assert zt
    assert any(np.allclose(v, np.array([0.0, 91.33]) * BP, atol=0.05) for v in d)


def test_tick_labels_near_ticklabel():
    sc = parse_tikz(MESH)
    corner = min((tuple(p.points[0]) for p in _black_lines(sc)), key=lambda q: (q[0], q[1]))
    # the x axis' "0": the one label below and left of the box's lowest-left corner
    zero_x, = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "$0$"
               and p.box[0] < corner[0] and p.box[1] < corner[1]]
    # TeX: the x label "0" starts 6.00 bp left of the corner, its baseline 10.36 bp below it
    assert zero_x.box[0] - corner[0] == pytest.approx(-6.00 * BP, abs=0.3)
    assert zero_x.box[1] - corner[1] == pytest.approx(-10.36 * BP, abs=0.3)
    assert len([p for p in sc.primitives if isinstance(p, TextLabel)]) == 6 + 3 + 3


def test_near_ticklabel_offset_snaps_and_slides():
    # inner normal straight up, axis horizontal: the node's centre sits half its height below
    off = near_ticklabel_offset((0.0, 1.0), (1.0, 0.0), 5.0, 4.0)
    assert off == pytest.approx((0.0, -4.0))
    # a tilted normal: anchor north east, slid along the axis onto the normal through 'at'
    n = (0.4407, 0.8977)
    off = near_ticklabel_offset(n, (0.986, -0.166), 5.83, 6.555)
    assert off[0] / off[1] == pytest.approx(n[0] / n[1])


def test_surf_patches_and_view():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[view={60}{30}]
\addplot3[surf,samples=4,domain=0:1] {x+y};
\end{axis}
\end{tikzpicture}""")
    quads = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill is not None]
    assert len(quads) == 9  # (4 - 1) x (4 - 1) cells, filled and drawn (shader=faceted)
    assert all(q.style.stroke is not None for q in quads)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_parametric_line_with_samples_y_zero():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}
\addplot3[domain=0:1,samples=5,samples y=0] ({x}, {x}, {x*x});
\end{axis}
\end{tikzpicture}""")
    plot = [p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 5]
    assert len(plot) == 1


def test_colorbar_right_of_the_axis():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[colorbar]
\addplot3[surf,samples=3,domain=0:1] {x*y};
\end{axis}
\end{tikzpicture}""")
    boxes = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill is None
             and p.source.construct == "axis lines"]
    assert len(boxes) == 1  # the bar's box (the 3D box is drawn edge by edge)
    pts = boxes[0].points
    assert pts[:, 0].max() - pts[:, 0].min() == pytest.approx(0.5 * 72.27 / 2.54, abs=0.01)
    assert pts[:, 1].max() - pts[:, 1].min() == pytest.approx(162.0, abs=0.01)


def test_colorbar_style_at_is_in_the_parents_description_cs():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[colorbar, colorbar style={at={(-0.3,0)}, anchor=south west,
             height=0.5*\pgfkeysvalueof{/pgfplots/parent axis height}}]
\addplot3[surf,samples=3,domain=0:1] {x*y};
\end{axis}
\end{tikzpicture}""")
    box3d = np.vstack([p.points for p in _black_lines(sc) if not p.closed_flag])
    bar, = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill is None
            and p.source.construct == "axis lines"]
    # south west corner at 30 % of the box's width left of it, on its bottom; half its height
    assert bar.points[:, 0].min() - box3d[:, 0].min() == pytest.approx(-0.3 * 195.0, abs=0.01)
    assert bar.points[:, 1].min() == pytest.approx(box3d[:, 1].min(), abs=0.01)
    assert bar.points[:, 1].max() - bar.points[:, 1].min() == pytest.approx(81.0, abs=0.01)


def test_sloped_like_x_axis_turns_the_label():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xlabel=Variable, xlabel style={sloped like x axis}]
\addplot3[surf,samples=3,domain=0:1] {x*y};
\end{axis}
\end{tikzpicture}""")
    lab, = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "Variable"]
    # TeX (bp): the run "V" starts at (52.28, 2.33) with the x tick "0" at (10.25, 22.28)
    corner = min((tuple(p.points[0]) for p in _black_lines(sc)), key=lambda q: (q[0], q[1]))
    zero, = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "$0$"
             and p.box[0] < corner[0] and p.box[1] < corner[1]]
    assert lab.box[0] - zero.box[0] == pytest.approx((52.28 - 10.25) * BP, abs=1.0)
    assert lab.box[3] - lab.box[1] > 12.0  # turned: taller than one line
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_view_from_above_hides_z_and_labels_y_on_the_left():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[view={0}{90}]
\addplot3[surf,samples=4,domain=0:1] {x*y};
\end{axis}
\end{tikzpicture}""")
    box = np.vstack([p.points for p in _black_lines(sc)])
    assert box[:, 0].max() - box[:, 0].min() == pytest.approx(195.0, abs=0.01)
    assert box[:, 1].max() - box[:, 1].min() == pytest.approx(162.0, abs=0.01)
    labs = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert len(labs) == 12  # six x and six y tick labels, no z
    ys = [p for p in labs if p.box[1] > box[:, 1].min() + 1.0]
    assert all(p.box[2] < box[:, 0].min() for p in ys)  # left of the box


def test_centred_axis_lines_cross_at_zero():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[axis lines=center, samples=3, domain=-4:4]
\addplot3 [mesh] {x*y};
\end{axis}
\end{tikzpicture}""")
    axes = [p for p in sc.primitives if p.source is not None and p.source.construct == "axis lines"
            and isinstance(p, Polyline)]
    ticks = [p for p in sc.primitives if isinstance(p, Polyline) and p.source.construct == "ticks"]
    # TeX: the x line runs (30.88, 91.83) -> (163.36, 69.55) bp (its arrow tip), no box
    d = [p.points[-1] - p.points[0] for p in axes]
    assert any(np.allclose(v, np.array([132.48, -22.28]) * BP, atol=0.05) for v in d)
    # ticks at -4, -2, 2, 4 on x and y (none at the crossing), -10 and 10 on z; two directions each
    assert len(ticks) == 2 * (4 + 4 + 2)
    assert all(np.hypot(*(t.points[-1] - t.points[0])) == pytest.approx(0.15 * 72.27 / 2.54) for t in ticks)


def test_no_automatic_tick_just_beyond_the_sampled_limit():
    # y = 0 is not sampled: z runs to 4 - (2/39)^2 = 3.9974; TeX labels z only at -2, 0, 2
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[enlargelimits=false]
\addplot3[mesh,samples=40,domain=-2:2] {x^2-y^2};
\end{axis}
\end{tikzpicture}""")
    texts = [p.text for p in sc.primitives if isinstance(p, TextLabel)]
    assert "$4$" not in texts and "$-4$" not in texts


def test_inline_table_with_scan_lines():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}
\addplot3[surf] table {
a b c
0 0 0
1 0 0
2 0 1

0 1 0
1 1 1
2 1 2
};
\end{axis}
\end{tikzpicture}""")
    quads = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill is not None]
    assert len(quads) == 2  # two scan lines of three points: 1 x 2 cells


def test_coordinates_with_braced_components_and_an_unclosed_parenthesis():
    # pgfplots reads ({sin(deg(1)},{cos(deg(1))},0) as three components; pgfmath closes the
    # parenthesis left open (TeX: \pgfmathparse{cos(deg(1)} gives 0.54028): the same point
    # as (0.841471,0.540302,0)
    def marks(coords):
        sc = parse_tikz(r"\begin{tikzpicture}\begin{axis}[xmin=-1,xmax=1,ymin=-1,ymax=1,zmin=-1,zmax=1]"
                        r"\addplot3[mark=*] coordinates {" + coords + r"};\end{axis}\end{tikzpicture}")
        assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
        return np.array([p.center for p in sc.primitives if type(p).__name__ in ("Dot", "Circle")])
    got, want = marks(r"({sin(deg(1)},{cos(deg(1))},0) (0,0,{1/2})"), marks("(0.841471,0.540302,0) (0,0,0.5)")
    assert got.shape == want.shape == (2, 2) and np.allclose(got, want, atol=1e-4)


def test_restrict_z_to_domain_star_clamps_tickwidth_and_label_at():
    # TeX (agreeing to 0.005 bp): restrict z to domain*=0:0.5 draws the mesh of min(z, 0.5);
    # tickwidth=0pt draws no ticks; x label style={at={(0.35,0)}} puts the label's near-ticklabel
    # anchor at 35 % of the projected box's width on its bottom: its x starts at 9.6665 bp, the
    # box's left end at -52.4297 bp (62.33 pt right of it)
    def scene(expr, opts):
        return parse_tikz(r"\begin{tikzpicture}\begin{axis}[" + opts + r"]\addplot3[mesh, samples=5, domain=-1:1"
                          + expr + r"\end{axis}\end{tikzpicture}")
    sc = scene(r", restrict z to domain*=0:0.5] {x^2+y^2};", r"tickwidth=0pt, xlabel=$x$, x label style={at={(0.35,0)}}")
    ref = scene(r"] {min(x^2+y^2,0.5)};", "tickwidth=0pt")
    mesh = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    assert np.allclose(np.vstack(mesh), np.vstack([p.points for p in ref.primitives
                                                   if isinstance(p, Polyline) and p.closed_flag]))
    assert not [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#808080"]
    (label,) = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "$x$"]
    left = min(p.points[:, 0].min() for p in sc.primitives if isinstance(p, Polyline))
    assert abs(label.box[0] - left - 62.33) < 0.15
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_contour_prepared_lines_get_labels_every_label_distance():
    # TeX (view {0}{90}, a 100pt x 50pt axis, x from 0 to 10): the line y = 0 (contour value 1)
    # gets one label, a white box M-20.9844-42.6563H-13.0274V-51.1329H-20.9844Z (bp): 7.99pt x
    # 8.51pt ("1" in \scriptsize with inner sep 2pt) centred at x = 55pt, the middle of the
    # segment where the walked length (from 14pt) first passes 70pt
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[view={0}{90},xmin=0,xmax=10,ymin=-1,ymax=1,scale only axis,width=100pt,height=50pt,
  xtick=\empty,ytick=\empty]
\addplot3[contour prepared] table {
x y z
""" + "\n".join(f"{k} 0 1" for k in range(11)) + r"""
};
\end{axis}
\end{tikzpicture}""")
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag and p.style.fill is not None]
    assert len(boxes) == 1
    (b,) = boxes
    assert abs(b[:, 0].mean() - 55.0) < 0.05 and abs(np.ptp(b[:, 0]) - 7.99) < 0.05
    assert abs(np.ptp(b[:, 1]) - 8.51) < 0.05
    assert [p.text for p in sc.primitives if isinstance(p, TextLabel)] == ["$1$"]
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_colour_map_keys_and_axis_on_top_are_accepted_and_3d_unit_vector_ratio_is_reported():
    # colormap name/access, point meta rel only choose colours; axis on top and clip bounding
    # box change no drawn geometry; unit vector ratio scales a 3D axis: not modelled
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[colormap name=viridis, colormap access=piecewise constant, point meta rel=per plot,
  axis on top, clip bounding box=upper bound, unit vector ratio=1 2 1]
\addplot3[surf, samples=3] {x*y};
\end{axis}
\end{tikzpicture}""")
    unsupported = {d.construct for d in sc.diagnostics if d.code == "UNSUPPORTED"}
    assert unsupported == {"unit vector ratio"}


def test_inline_table_after_plot_options_that_name_table_keys():
    # the plot's options may name table/... keys before the table keyword itself
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}
\addplot3[table/col sep=space, mesh] table {
a b c
0 0 0
1 0 0

0 1 0
1 1 1
};
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.construct.startswith("\\addplot3 table")]
    assert len([p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]) == 1  # the mesh cell


def test_view_az_and_el_keys_override_an_earlier_view():
    # pgfplots: view/h is view/az and view/v is view/el; each set after view={..}{..} wins.
    # TeX (dvisvgm, bp, y up): the mesh's nine corners, from the lower left of their box
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[view={60}{10}, view/az=14, view/v=50, ticks=none]
\addplot3[mesh,samples=3,domain=0:1,draw=red] {x*y};
\end{axis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    pts = np.vstack([p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"])
    pts = np.unique(np.round(pts / BP, 2), axis=0)
    tex = [(0.0, 19.03), (19.39, 57.2), (38.77, 95.38), (77.75, 9.52), (97.14, 61.44), (116.52, 113.37),
           (155.5, 0.0), (174.89, 65.68), (194.27, 131.36)]
    assert np.allclose(pts - pts.min(axis=0), tex, atol=0.03)


#: 3d box=complete (xtick/ytick {-4,4}, ztick {-10,10}, ``x*y`` on [-4,4]^2): TeX's black edges and grey
#: ticks (dvisvgm, bp, y up) from the lower left of the edges' box, each segment's ends sorted
_BOX_EDGES = [((0.0, 22.28), (0.0, 113.6)), ((0.0, 22.28), (61.77, 70.06)), ((0.0, 22.28), (132.48, 0.0)),
    ((0.0, 113.6), (61.77, 161.38)), ((0.0, 113.6), (132.48, 91.32)), ((61.77, 70.06), (61.77, 161.38)),
    ((61.77, 70.06), (194.25, 47.78)), ((61.77, 161.38), (194.25, 139.1)), ((132.48, 0.0), (132.48, 91.32)),
    ((132.48, 0.0), (194.25, 47.78)), ((132.48, 91.32), (194.25, 139.1)), ((194.25, 47.78), (194.25, 139.1))]
_BOX_TICKS = [((0.0, 22.28), (0.0, 26.53)), ((0.0, 22.28), (3.36, 24.88)), ((0.0, 22.28), (4.2, 21.57)),
    ((0.0, 44.16), (3.36, 46.76)), ((0.0, 44.16), (4.2, 43.45)), ((0.0, 91.72), (3.36, 94.32)),
    ((0.0, 91.72), (4.2, 91.02)), ((0.0, 109.35), (0.0, 113.6)), ((0.0, 113.6), (3.36, 116.2)),
    ((0.0, 113.6), (4.2, 112.89)), ((58.41, 67.46), (61.77, 70.06)), ((58.41, 89.34), (61.77, 91.94)),
    ((58.41, 136.9), (61.77, 139.5)), ((58.41, 158.78), (61.77, 161.38)), ((61.77, 70.06), (61.77, 74.31)),
    ((61.77, 70.06), (65.96, 69.36)), ((61.77, 91.94), (65.96, 91.23)), ((61.77, 139.5), (65.96, 138.8)),
    ((61.77, 157.13), (61.77, 161.38)), ((61.77, 161.38), (65.96, 160.68)), ((128.28, 0.7), (132.48, 0.0)),
    ((128.28, 22.58), (132.48, 21.88)), ((128.28, 70.14), (132.48, 69.44)), ((128.28, 92.02), (132.48, 91.32)),
    ((132.48, 0.0), (132.48, 4.25)), ((132.48, 0.0), (135.84, 2.6)), ((132.48, 21.88), (135.84, 24.48)),
    ((132.48, 69.44), (135.84, 72.04)), ((132.48, 87.07), (132.48, 91.32)), ((132.48, 91.32), (135.84, 93.92)),
    ((190.05, 48.49), (194.25, 47.78)), ((190.05, 70.37), (194.25, 69.66)), ((190.05, 117.93), (194.25, 117.22)),
    ((190.05, 139.8), (194.25, 139.1)), ((190.88, 45.18), (194.25, 47.78)), ((190.88, 67.06), (194.25, 69.66)),
    ((190.88, 114.62), (194.25, 117.22)), ((190.88, 136.5), (194.25, 139.1)), ((194.25, 47.78), (194.25, 52.04)),
    ((194.25, 134.85), (194.25, 139.1))]


def _segments(sc, construct):
    out = []
    for p in sc.primitives:
        if isinstance(p, Polyline) and p.source.construct == construct:
            out.append(p.points / BP)
    return out


def test_3d_box_complete_draws_every_edge_with_its_ticks():
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[3d box, xtick={-4,4}, ytick={-4,4}, ztick={-10,10},
ticklabel style={opacity=0}]
\addplot3[draw=none,mark=none,domain=-4:4,samples=2] {x*y};
\end{axis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    edges = _segments(sc, "axis lines")
    lo = np.vstack(edges).min(axis=0)
    got = sorted(sorted(map(tuple, np.round(e - lo, 2).tolist())) for e in edges)
    assert len(got) == 12
    assert np.allclose(np.array(got), np.array([sorted(e) for e in _BOX_EDGES]), atol=0.03)
    ticks = {tuple(sorted(map(tuple, np.round(t - lo, 2).tolist()))) for t in _segments(sc, "ticks")}
    assert len(ticks) == len(_BOX_TICKS)
    for t in _BOX_TICKS:
        assert any(np.allclose(np.array(t), np.array(g), atol=0.05) for g in ticks), t


def test_3d_box_complete_star_adds_the_grid_on_the_faces_in_front():
    # TeX: 24 grid segments (each face's four; the faces behind and in front), measured from
    # the lower left of the box's edges (dvisvgm, bp, y up)
    tex = [[(0.0, 33.98), (0.0, 141.77)], [(0.0, 33.98), (0.0, 141.77)], [(0.0, 33.98), (71.11, 0.0)],
           [(0.0, 33.98), (123.16, 53.6)], [(0.0, 59.8), (71.11, 25.82)], [(0.0, 59.8), (123.16, 79.42)],
           [(0.0, 115.94), (71.11, 81.97)], [(0.0, 115.94), (123.16, 135.56)], [(0.0, 141.77), (71.11, 107.79)],
           [(0.0, 141.77), (123.16, 161.39)], [(71.11, 0.0), (71.11, 107.79)], [(71.11, 0.0), (71.11, 107.79)],
           [(71.11, 0.0), (194.27, 19.62)], [(71.11, 25.82), (194.27, 45.44)], [(71.11, 81.97), (194.27, 101.58)],
           [(71.11, 107.79), (194.27, 127.41)], [(123.16, 53.6), (123.16, 161.39)],
           [(123.16, 53.6), (123.16, 161.39)], [(123.16, 53.6), (194.27, 19.62)], [(123.16, 79.42), (194.27, 45.44)],
           [(123.16, 135.56), (194.27, 101.58)], [(123.16, 161.39), (194.27, 127.41)],
           [(194.27, 19.62), (194.27, 127.41)], [(194.27, 19.62), (194.27, 127.41)]]
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[3d box=complete*, grid=major, view={-30}{20},
xtick={-4,4}, ytick={-4,4}, ztick={-10,10}, ticklabel style={opacity=0}]
\addplot3[draw=none,mark=none,domain=-4:4,samples=2] {x*y};
\end{axis}\end{tikzpicture}""")
    lo = np.vstack(_segments(sc, "axis lines")).min(axis=0)
    got = sorted(sorted(map(tuple, np.round(g - lo, 2).tolist())) for g in _segments(sc, "grid"))
    assert np.allclose(np.array(got), np.array(tex), atol=0.05)


def test_mesh_with_patch_type_line_joins_only_each_scan_lines_points():
    # TeX draws four segments, two along each scan line (x varies), none across (dvisvgm bp, y up,
    # from the lower left of the points)
    sc = parse_tikz(r"""\begin{tikzpicture}\begin{axis}[ticks=none]
\addplot3[mesh,patch type=line,samples=3,samples y=2,domain=0:1,draw=red] {x+2*y};
\end{axis}\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    runs = [p.points / BP for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    lo = np.vstack(runs).min(axis=0)
    segs = sorted(tuple(sorted(map(tuple, np.round(r[i:i + 2] - lo, 2).tolist())))
                  for r in runs for i in range(len(r) - 1))
    tex = sorted([((61.78, 98.52), (128.03, 100.07)), ((0.0, 0.0), (66.25, 1.54)),
                  ((128.03, 100.07), (194.27, 101.61)), ((66.25, 1.54), (132.49, 3.09))])
    assert np.allclose(np.array(segs), np.array(tex), atol=0.03)


def test_description_and_ticklabel_cs_in_a_3d_axis():
    # pdflatex + dvisvgm, from the lower left corner of the projected box (pt): axis description cs
    # spans the box's bounding box (195 x 162); xticklabel* cs runs along the x edge holding the tick
    # labels, (0, 22.35) to (132.98, 0); xticklabel cs past its labels, (-8.65, 4.72) to (124.33, -17.63)
    from geoverify.scene.primitives import Polyline
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[clip=false]
\addplot3 coordinates {(-5,-5,-5) (5,5,5)};
\draw [red] (axis description cs:0,0) rectangle (axis description cs:1,1);
\draw [green] (xticklabel* cs:0) -- (xticklabel* cs:1);
\draw [magenta] (xticklabel cs:0) -- (xticklabel cs:1);
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = {p.style.stroke: p.points for p in sc.primitives if isinstance(p, Polyline)}
    red = lines["#ff0000"]
    assert np.allclose(red.min(axis=0), [0.0, 0.0], atol=0.05)
    assert np.allclose(red.max(axis=0), [195.0, 162.0], atol=0.05)
    assert np.allclose(lines["#00ff00"], [[0.0, 22.35], [132.98, 0.0]], atol=0.1)
    assert np.allclose(lines["#ff00ff"], [[-8.65, 4.72], [124.33, -17.63]], atol=0.3)


def test_replaced_label_style_centres_the_label_at_its_rel_axis_point():
    # pgfplots manual (axis coordinates): every axis x label/.style={at={(rel axis cs:...)}} replaces
    # the label's style: the node is centred on that point of the box (TeX agrees within 0.2pt)
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[xlabel=$x$, every axis x label/.style={at={(rel axis cs:0.5,-0.15,-0.15)}}]
\addplot3 coordinates {(0,0,0) (1,1,1)};
\draw[red] (rel axis cs:0.5,-0.15,-0.15) -- ++(1pt,0pt);
\end{axis}
\end{tikzpicture}""")
    (lab,) = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "$x$"]
    (red,) = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"]
    centre = ((lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2)
    assert centre == pytest.approx(tuple(red[0]), abs=0.01)


def test_a_2d_plot_in_a_3d_axis_is_drawn_in_its_floor_plane():
    """pgfplots draws ``\\addplot`` (2D) of a 3D axis at z = zmin (latex + dvisvgm: the circle below
    lies on the box's bottom face); the 3D marks at (0,0,zmin) and (0,0,0) tell the two planes apart."""
    scene = parse_tikz(r"""\begin{tikzpicture}
    \begin{axis}[view={30}{40}, xmin=-3, xmax=3, ymin=-3, ymax=3, zmin=-1, zmax=2]
      \addplot3[only marks, mark=*, blue] coordinates {(0,0,-1)};
      \addplot3[only marks, mark=*, green] coordinates {(0,0,0)};
      \addplot[domain=0:360, samples=60, red] ({2*cos(x)}, {2*sin(x)});
      \addplot[only marks, mark=*, black] coordinates {(0,0)};
    \end{axis}
    \end{tikzpicture}""")
    assert not [d for d in scene.diagnostics if d.code == "UNSUPPORTED"]
    dots = {p.style.fill: np.asarray(p.center) for p in scene.primitives if isinstance(p, Dot)}
    floor, zero, flat = dots["#0000ff"], dots["#00ff00"], dots["#000000"]
    np.testing.assert_allclose(flat, floor, atol=1e-6)
    assert np.hypot(*(flat - zero)) > 10
