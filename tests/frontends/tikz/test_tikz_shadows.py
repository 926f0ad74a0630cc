"""Shadows of the shadows library: shifted (and scaled) copies behind a path or node.

Numbers from latex + dvisvgm (bp, y down; the picture's origin at (-71.800785, -43.453125)).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Polyline

from tikz_fixtures import CM, close

BP = 72.27 / 72  # pt per bp
ORIGIN = np.array([-71.800785, -43.453125])


def _tex(*points):
    p = np.asarray(points, dtype=float) - ORIGIN
    return np.column_stack([p[:, 0], -p[:, 1]]) * BP


def _corners(prim):
    return np.vstack([c[0] for c in prim.subpaths()[0].controls])


def test_drop_shadow_is_a_filled_copy_half_an_ex_to_the_lower_right():
    # TeX: M-69.656291-41.308635V-69.6563H-41.3086V-41.308635Z fill='#808080' fill-opacity='.5'
    sc = parse_tikz(r"\draw[drop shadow] (0,0) rectangle (1,1);")
    assert not sc.diagnostics
    shadow, main = sc.primitives
    assert isinstance(shadow, BezierPath) and isinstance(main, Polyline)
    assert shadow.style.stroke is None and shadow.style.fill == "#808080" and shadow.style.opacity == 0.5
    assert close(_corners(shadow), _tex((-69.656291, -41.308635), (-69.6563, -69.6563), (-41.3086, -69.6563),
                                        (-41.3086, -41.308635)), tol=2e-3)


def test_general_shadow_scales_around_the_path_centre_after_its_shift():
    # TeX: M18.9922-29.28124V-85.9727H75.683V-29.28124Z stroke='#f00': twice as large, centre 20 pt right
    sc = parse_tikz(r"\draw[general shadow={shadow scale=2, shadow xshift=10pt, draw=red}] (3,0) rectangle (4,1);")
    shadow = sc.primitives[0]
    assert shadow.style.stroke == "#ff0000" and shadow.style.fill is None
    assert close(_corners(shadow), _tex((18.9922, -29.28124), (18.9922, -85.9727), (75.683, -85.9727),
                                        (75.683, -29.28124)), tol=2e-3)
    assert close(_corners(shadow).mean(axis=0), (3.5 * CM + 20.0, 0.5 * CM))


def test_double_copy_shadow_of_a_node_that_is_not_drawn():
    # TeX draws both copies (filled and stroked in the current colour) though the node is not drawn:
    # M151.8323-36.73047H166.0863V-50.17969H151.8323Z, then M149.8398-36.73047H164.0938V...
    sc = parse_tikz(r"\node[double copy shadow={shadow xshift=2pt, shadow yshift=0pt}] at (8,0) {D};")
    assert not sc.diagnostics
    first, second = [p for p in sc.primitives if isinstance(p, BezierPath)]
    assert first.style.stroke == first.style.fill == "#000000"
    assert close(_corners(first).min(axis=0), _tex((151.8323, -36.73047))[0], tol=2e-3)
    assert close(_corners(second).min(axis=0), _tex((149.8398, -36.73047))[0], tol=2e-3)


def test_a_node_on_a_path_does_not_take_the_paths_shadow():
    sc = parse_tikz(r"\draw[drop shadow] (0,0) -- (1,0) node[right] {x};")
    assert len([p for p in sc.primitives if isinstance(p, BezierPath)]) == 1


def test_pre_and_postactions_that_draw_or_fill_copy_the_path():
    # TeX: M-71.800785-15.308593H-43.4531 stroke='#f00' (the postaction of an unused path); the drop shadow
    # of an unused path M-69.656291-41.5079V-69.8555H-41.3086V-41.5079Z; a yellow fill under the drawn circle
    sc = parse_tikz(r"""\path[postaction={draw, red}] (0,0) -- (1,0);
    \path[drop shadow] (0,1) rectangle (1,2);
    \draw[preaction={fill=yellow}] (3,0) circle (1);""")
    assert not sc.diagnostics
    styles = [(p.style.stroke, p.style.fill) for p in sc.primitives]
    assert styles == [("#ff0000", None), (None, "#808080"), (None, "#ffff00"), ("#000000", None)]
    red, shadow, fill, circle = sc.primitives
    assert close(red.subpaths()[0].controls[0][[0, 3]], [(0, 0), (CM, 0)])
    assert close(_corners(shadow).min(axis=0), (2.15277, CM - 2.15277), tol=1e-2)  # TeX: 2.1445 bp, 26.199 bp
    assert close(fill.subpaths()[0].controls[:, 0].mean(axis=0), (3 * CM, 0), tol=1.0)


def test_transform_canvas_shift_moves_a_preactions_copy_unscaled():
    # pdflatex + dvisvgm: the copy's corner 1 mm right and 2 mm below the path's, at scale=2
    # (M-68.964811-9.4375 ... against M-71.800785-15.109375 ...)
    sc = parse_tikz(r"\draw[scale=2,preaction={draw,transform canvas={xshift=1mm,yshift=-2mm}}] (0,0) rectangle (1,1);")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    copy = [p for p in sc.primitives if isinstance(p, BezierPath)][0]
    mm = CM / 10
    assert close(copy.bbox(), (mm, -2 * mm, 2 * CM + mm, 2 * CM - 2 * mm), tol=1e-6)
