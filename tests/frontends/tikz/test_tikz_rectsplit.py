"""``rectangle split`` nodes: part layout, split lines, part anchors, fills."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.fonts import em, measure
from geoverify.frontends.tikz.rectsplit import split_parts
from geoverify.scene import Polyline, TextLabel

from tikz_fixtures import close

ISEP = 0.3333 * em(10.0)  # pgf's .3333em
EX = 4.30554


def _w(t):
    return measure(t, 10.0)[0].width


def test_split_parts_reads_nodeparts():
    assert split_parts(r"a \nodepart{two} b \nodepart{four}d", 4) == ["a", "b", "", "d"]
    assert split_parts(r"\nodepart{one}x\nodepart{two}", 3) == ["x", "", ""]
    # the first four boxes have second names (\pgfnodepartsecondbox is the two box ...)
    assert split_parts(r"\nodepart{text}a\nodepart{second}b\nodepart{fourth}d", 4) == ["a", "b", "", "d"]


def test_horizontal_parts_side_by_side_with_split_lines_and_anchors():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[rectangle split, rectangle split horizontal, rectangle split parts=3, draw] (a) at (0,0)
        {a \nodepart{two} bb \nodepart{three}};
      \draw[red] (a.two) -- (a.one split) -- (a.one west);
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    black = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#000000"]
    outline = [p for p in black if p.closed_flag][0]
    splits = [p for p in black if not p.closed_flag]
    width = np.ptp(outline.points[:, 0])
    # three parts (the empty one 1ex wide), inner xsep on both sides of each, a line width between
    assert width == pytest.approx(_w("a") + _w("bb") + EX + 6 * ISEP + 2 * 0.4, abs=1e-4)
    assert len(splits) == 2
    left = outline.points[:, 0].min()
    assert splits[0].points[0][0] == pytest.approx(left + ISEP + _w("a") + ISEP + 0.2, abs=1e-4)
    texts = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    assert set(texts) == {"a", "bb"}
    red = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#ff0000"][0].points
    # "two" is the text origin of part two; "one west" is not a part anchor of a horizontal
    # split: pgf falls back to the shape's west anchor (outer sep beyond the outline)
    assert close(red[0], (texts["bb"].box[0], texts["bb"].anchor[1]), tol=1e-6)
    assert red[1][0] == pytest.approx(splits[0].points[0][0], abs=1e-6)
    assert close(red[2], (left - 0.2, np.mean(outline.points[:, 1])), tol=1e-6)


def test_vertical_parts_stack_with_minimum_width_and_part_fill():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[rectangle split, rectangle split parts=3, minimum width=2cm, draw,
            rectangle split part fill={red,none,blue}] (v) {x \nodepart{two} y \nodepart{three} z};
    \end{tikzpicture}""")
    polys = [p for p in sc.primitives if isinstance(p, Polyline)]
    outline = [p for p in polys if p.closed_flag and p.style.stroke == "#000000"][0]
    assert np.ptp(outline.points[:, 0]) == pytest.approx(2 * 72.27 / 2.54, abs=1e-4)
    fills = [p for p in polys if p.style.fill in ("#ff0000", "#0000ff")]
    assert len(fills) == 2  # "none" leaves the middle part unfilled
    red = [p for p in fills if p.style.fill == "#ff0000"][0]
    assert red.points[:, 1].max() == pytest.approx(outline.points[:, 1].max(), abs=1e-6)
    lines = [p for p in polys if not p.closed_flag]
    assert len(lines) == 2 and all(abs(p.points[0][1] - p.points[1][1]) < 1e-9 for p in lines)
    labels = sorted((p for p in sc.primitives if isinstance(p, TextLabel)), key=lambda p: -p.anchor[1])
    assert [p.text for p in labels] == ["x", "y", "z"]


def test_ignored_empty_parts_take_no_room():
    sc = parse_tikz(r"\node[rectangle split, rectangle split horizontal, rectangle split ignore empty parts, draw]"
                    r" {3 \nodepart{two} 7};")
    outline = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][0]
    assert np.ptp(outline.points[:, 0]) == pytest.approx(_w("3") + _w("7") + 4 * ISEP + 0.4, abs=1e-4)


def test_empty_part_sizes():
    sc = parse_tikz(r"\node[rectangle split, rectangle split horizontal, rectangle split parts=2, draw,"
                    r" rectangle split empty part width=2pt, rectangle split empty part height=10pt] {};")
    outline = [p for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][0]
    # TeX: east anchor 13.37149 pt, north 8.53297 pt: each empty part 1ex + 2pt wide, 10pt high
    assert np.ptp(outline.points[:, 0]) == pytest.approx(2 * 13.37149 - 0.4, abs=2e-3)
    assert np.ptp(outline.points[:, 1]) == pytest.approx(2 * 8.53297 - 0.4, abs=2e-3)


def test_parts_are_measured_in_the_node_font():
    # TeX (latex + dvisvgm): font=\ttfamily, parts "abc" and "d": 22.3321 x 26.2558 bp (cmtt10)
    sc = parse_tikz(r"""\begin{tikzpicture}
    \node[draw, rectangle split, rectangle split parts=2, font=\ttfamily] at (0,0) {abc \nodepart{two} d};
    \end{tikzpicture}""")
    outline = next(p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4)
    assert np.allclose(np.ptp(outline.points, axis=0), np.array([22.3321, 26.2558]) * 72.27 / 72, atol=3e-3)


def test_text_anchor_is_part_one_text_origin_also_when_empty_parts_are_ignored():
    # pgf's text anchor is the node's origin, part one's text origin: latex + dvisvgm puts
    # both "text" baselines at the anchored height; the boxes span (pt, from that origin)
    # y -28.9135..9.6838 and, with the empty part ignored, -17.5428..9.6838, x from -5.4303
    sc = parse_tikz(r"""\begin{tikzpicture}[every node/.style={draw, anchor=text, rectangle split,
        rectangle split parts=3}]
      \node {text \nodepart{second} \nodepart{third}third};
      \node [rectangle split ignore empty parts] at (2,0) {text \nodepart{second} \nodepart{third}third};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4]
    assert np.allclose([boxes[0][:, 1].min(), boxes[0][:, 1].max()], [-28.9135, 9.6838], atol=0.01)
    assert np.allclose([boxes[1][:, 1].min(), boxes[1][:, 1].max()], [-17.5428, 9.6838], atol=0.01)
    assert np.allclose([boxes[0][:, 0].min(), boxes[1][:, 0].min() - 2 * 72.27 / 2.54], -5.4303, atol=0.01)
    texts = [p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "text"]
    assert [round(t.box[1], 6) for t in texts] == [0.0, 0.0]


def test_part_align_per_part_the_last_repeating():
    # latex + dvisvgm: with {left, right} the later parts sit flush right under the widest
    # one; horizontally {top, bottom, base} puts W's top under the node's top, x on its
    # bottom and g on the common baseline (heights above the node's bottom, pt)
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[rectangle split, rectangle split parts=3, draw, rectangle split part align={left, right}]
        at (0,0) {wide text \nodepart{two} a \nodepart{three} b};
      \node[rectangle split, rectangle split parts=3, draw, rectangle split horizontal,
            rectangle split part align={top, bottom, base}] at (4,0) {W \nodepart{two} x \nodepart{three} g};
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code != "NOTE"]
    lab = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4]
    bottom1, bottom2 = boxes[0][:, 1].min(), boxes[1][:, 1].min()
    assert np.isclose(lab["a"].box[2], lab["wide text"].box[2]) and np.isclose(lab["b"].box[2], lab["a"].box[2])
    assert np.allclose([lab["a"].anchor[1] - bottom1, lab["b"].anchor[1] - bottom1], [17.5445, 3.5338], atol=0.01)
    assert np.allclose([lab[t].anchor[1] - bottom2 for t in "Wxg"], [5.2783, 3.3339, 5.2783], atol=0.01)


def test_text_width_parts_are_that_wide_and_aligned_by_their_part_style():
    # pgf manual (shapes.multipart): text width=2.75cm makes each part a box that wide (TeX's
    # outline 84.91 pt wide); every text node part/.style={align=center} centres the first part
    # only, the others stay ragged right
    sc = parse_tikz(r"""\begin{tikzpicture}[every text node part/.style={align=center}]
      \node[rectangle split, rectangle split parts=2, draw, text width=2.75cm]
        {Student \nodepart{two} age:int \\ name:String};
    \end{tikzpicture}""")
    outline = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag][0]
    tw = 2.75 * 72.27 / 2.54
    assert np.ptp(outline[:, 0]) == pytest.approx(tw + 2 * em() * 0.3333, abs=1e-3)
    labels = {p.text.split()[0]: p.box for p in sc.primitives if isinstance(p, TextLabel)}
    left = outline[:, 0].min() + em() * 0.3333
    assert labels["Student"][0] == pytest.approx(left + (tw - measure("Student")[0].width) / 2, abs=1e-3)
    assert labels["age:int"][0] == pytest.approx(left, abs=1e-3)
