"""Nets of polyhedra: the folding library's pics (folding.py)."""

from __future__ import annotations

import math
import re
from collections import Counter

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.folding import NETS, folding_code
from geoverify.scene import Polyline, TextLabel

from tikz_fixtures import CM, MM, close

BP = 72.27 / 72  # pt per bp


def _segments(scene, stroke):
    """Visible polylines stroked ``stroke``, as sorted tuples of rounded points (pt)."""
    out = set()
    for p in scene.primitives:
        if isinstance(p, Polyline) and p.style.visible and p.style.stroke == stroke:
            pts = [tuple(np.round(q, 1)) for q in p.points]
            out.add(tuple(pts) if pts[0] <= pts[-1] else tuple(reversed(pts)))
    return out


def test_tetrahedron_net_is_tex_s():
    # TeX (bp, y down; face 1's origin at (-63.296876, -53.671877)), pgf manual's example:
    # folds (dotted) M-37.7852-68.3984L-46.2891-53.671877, M-46.2891-53.671877L-54.79297-68.3984,
    # M-54.79297-38.9414L-63.296876-53.671877, M-63.296876-53.671877H-46.2891, M-71.80078-68.3984H-54.79297,
    # M-54.79297-68.3984L-63.296876-53.671877; cuts (red) M-37.7852-68.3984L-39.0898-59.33594L-46.2891-53.671877,
    # M-54.79297-68.3984H-37.7852, M-54.79297-38.9414L-61.99219-44.60547L-63.296876-53.671877,
    # M-46.2891-53.671877L-54.79297-38.9414, M-71.80078-68.3984L-63.296876-71.8008L-54.79297-68.3984,
    # M-63.296876-53.671877L-71.80078-68.3984
    sc = parse_tikz(r"""\usetikzlibrary{folding}
    \tikz \pic[every cut/.style=red, every fold/.style=dotted, folding line length=6mm] { tetrahedron folding };""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    o = np.array([-63.296876, -53.671877])

    def tex(*pts):
        p = (np.asarray(pts, dtype=float) - o) * BP
        q = [tuple(np.round((x, -y), 1)) for x, y in p]
        return tuple(q) if q[0] <= q[-1] else tuple(reversed(q))

    folds = {tex((-37.7852, -68.3984), (-46.2891, -53.671877)), tex((-46.2891, -53.671877), (-54.79297, -68.3984)),
             tex((-54.79297, -38.9414), (-63.296876, -53.671877)), tex((-63.296876, -53.671877), (-46.2891, -53.671877)),
             tex((-71.80078, -68.3984), (-54.79297, -68.3984)), tex((-54.79297, -68.3984), (-63.296876, -53.671877))}
    cuts = {tex((-37.7852, -68.3984), (-39.0898, -59.33594), (-46.2891, -53.671877)),
            tex((-54.79297, -68.3984), (-37.7852, -68.3984)),
            tex((-54.79297, -38.9414), (-61.99219, -44.60547), (-63.296876, -53.671877)),
            tex((-46.2891, -53.671877), (-54.79297, -38.9414)),
            tex((-71.80078, -68.3984), (-63.296876, -71.8008), (-54.79297, -68.3984)),
            tex((-63.296876, -53.671877), (-71.80078, -68.3984))}
    assert _segments(sc, "#ff0000") == cuts
    assert _segments(sc, "#000000") == folds
    dotted = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#000000"]
    assert all(p.style.dash for p in dotted)


def test_folds_are_help_lines_unless_restyled_and_ears_are_not_drawn():
    sc = parse_tikz(r"""\usetikzlibrary{folding}
    \tikz \pic { cube folding };""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.visible]
    widths = {round(p.style.stroke_width, 2) for p in lines}
    assert widths == {0.2, 0.4}  # help lines (0.2 pt, gray) folds, cuts in the picture's line
    # a cube's net: 5 fold edges between faces and 7 ears (each an extra fold), 7 plain cuts and 7 ear cuts
    thin = [p for p in lines if p.style.stroke_width < 0.3]
    assert len(thin) == 5 + 7 and len(lines) - len(thin) == 7 + 7
    # the default side is 2 cm: faces 6, 1, 3 side by side and 2, 1, 4, 5 above each other, with
    # face 6's left ear and face 5's bottom ear .2 side further out
    pts = np.vstack([p.points for p in lines])
    span = pts.max(axis=0) - pts.min(axis=0)
    assert close(span, (3.2 * 2 * CM, 4.2 * 2 * CM), tol=1e-3)


def test_numbered_faces_sit_at_face_centres_and_turn_with_transform_shape():
    sc = parse_tikz(r"""\usetikzlibrary{folding}
    \tikz \pic[folding line length=1cm, numbered faces, transform shape] { cube folding };""")
    labels = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    assert sorted(labels, key=int) == [str(i) for i in range(1, 7)]

    def centre(lab):
        return (lab.box[:2] + lab.box[2:]) / 2

    # face 1: the square on the base (0,0)--(1cm,0); face 2 above it; face 4 below it,
    # turned by 180 degrees (the square's third side's frame: xshift=1cm, rotate=180)
    assert close(centre(labels["1"]), (0.5 * CM, 0.5 * CM), tol=0.05)
    assert close(centre(labels["2"]), (0.5 * CM, 1.5 * CM), tol=0.05)
    assert close(centre(labels["4"]), (0.5 * CM, -0.5 * CM), tol=0.05)
    assert labels["1"].frame is None
    assert close(labels["4"].frame[:, :2], [[-1, 0], [0, -1]], tol=1e-9)
    # the turned label's text starts right of its centre (its baseline's start is upside down)
    assert labels["4"].frame[0, 2] > 0.5 * CM


def test_face_keys_run_their_code_in_the_face_frame():
    sc = parse_tikz(r"""\usetikzlibrary{folding}
    \tikz \pic[folding line length=1cm, face 2={\draw[blue] (0,0) -- (1mm,0);}] { tetrahedron folding };""")
    (mark,) = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#0000ff"]
    # face 2 hangs on face 1's right side: its frame is shift={(60:1cm)}, rotate=-60, and its
    # code runs .5 and .28868 sides along and up in that frame
    u = np.array([math.cos(math.radians(-60)), math.sin(math.radians(-60))])
    v = np.array([-u[1], u[0]])
    c = np.array([0.5 * CM, 0.866025 * CM]) + 0.5 * CM * u + 0.28868 * CM * v
    assert close(c, (CM, 0.57735 * CM), tol=1e-3)
    assert close(mark.points[0], c, tol=1e-3)
    assert close(mark.points[1] - mark.points[0], MM * u, tol=1e-6)


@pytest.mark.parametrize("kind", sorted(NETS))
def test_every_net_is_whole_sides_meeting_at_corners(kind):
    code = folding_code(NETS[kind], 10.0, {i: f"%{i}" for i in range(1, 93)})
    faces = re.findall(r"%(\d+)", code)
    assert len(faces) == len(set(faces)) or kind == "dodecahedron rhombic folding"  # pgf's net has face 8 twice
    sc = parse_tikz("\\usetikzlibrary{folding}\\tikz\\pic[folding line length=10pt]{" + kind + "};")
    lines = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.visible]
    seg = np.array([np.hypot(*np.diff(p.points, axis=0).T) for p in lines if len(p.points) == 2])
    assert close(seg, 10.0, tol=2e-3)  # folds and cuts are whole sides
    # the frames chain up: every end of a drawn side is a corner that another side (or ear) ends at too
    ends = Counter(tuple(np.round(q, 1)) for p in lines for q in (p.points[0], p.points[-1]))
    assert min(ends.values()) >= 2


def test_a_slanted_transform_shape_node_slants_its_text_box():
    # numbered faces of a rhombic net: the face's frame slants (xslant), and with transform shape so does
    # the text: its box is the slanted box's, its frame the slant
    upright = parse_tikz(r"\tikz \node {H};")
    slanted = parse_tikz(r"\tikz \node[xslant=0.5] {H};")
    (a,) = [p for p in upright.primitives if isinstance(p, TextLabel)]
    (b,) = [p for p in slanted.primitives if isinstance(p, TextLabel)]
    h = a.box[3] - a.box[1]
    assert close(b.box[[1, 3]], a.box[[1, 3]], tol=1e-9)
    assert close(b.box[2] - b.box[0], a.box[2] - a.box[0] + 0.5 * h, tol=1e-9)
    assert close(b.frame[:, :2], [[1, 0.5], [0, 1]], tol=1e-9)
    assert a.frame is None
