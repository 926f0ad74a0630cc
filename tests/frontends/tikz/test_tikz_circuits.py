"""Logic gates of circuits.logic.IEC (circuits.py): outline, inverted circles, anchors, symbol.

Numbers from latex + dvisvgm (bp, y down), the picture's origin at (-71.800785, -57.851563).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Circle, Polyline, TextLabel

from tikz_fixtures import close

BP = 72.27 / 72  # pt per bp
ORIGIN = (-71.800785, -57.851563)


def _tex(*points):
    p = np.asarray(points, dtype=float) - ORIGIN
    return np.column_stack([p[:, 0], -p[:, 1]]) * BP


def test_nand_gate_with_inverted_inputs_anchors_and_symbol():
    # TeX: outline M-23.8242-43.9063H-6.3906V-71.8008H-23.8242Z; circles of radius 1.75 pt at inputs 1 and 3
    # and the output; lines from input 1 (-27.7109), input 2 (-24.0234) and the output (-2.5039); '&' at
    # x -18.165, baseline -64.8132
    sc = parse_tikz(r"""\usetikzlibrary{circuits.logic.IEC}
    \begin{tikzpicture}[circuit logic IEC]
    \draw (0,0) -- (0.1,0);
    \node[nand gate, inputs=ini] (g) at (2,0) {};
    \draw (g.input 1) -- ++(-0.5,0) (g.input 2) -- ++(-0.5,0) (g.output) -- ++(0.5,0);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    outline = lines[1]
    assert close(np.sort(outline.points, axis=0)[[0, -1]], _tex((-23.8242, -43.9063), (-6.3906, -71.8008)), tol=5e-3)
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert [c.radius for c in circles] == [1.75] * 3
    assert close([c.center for c in circles], _tex((-25.7656, -64.92578), (-25.7656, -50.78125),
                                                    (-4.4453, -57.851563)), tol=5e-3)
    starts = [ln.points[0] for ln in lines[2:]]
    assert close(starts, _tex((-27.7109, -64.92578), (-24.0234, -57.851563), (-2.5039, -57.851563)), tol=5e-3)
    sym = [p for p in sc.primitives if isinstance(p, TextLabel)][0]
    assert close(sym.box[[0, 1]], _tex((-71.800754 + 53.6356, -57.853058 - 6.9601))[0], tol=5e-3)


def test_or_gate_symbol_hangs_from_the_top_of_the_inner_box():
    # TeX: M32.8672-43.9063H50.3042V-71.8008H32.8672Z; '≥' starts at x 36.4874 on the baseline -64.8758
    sc = parse_tikz(r"""\usetikzlibrary{circuits.logic.IEC}
    \begin{tikzpicture}[circuit logic IEC]
    \draw (0,0) -- (0.1,0);
    \node[or gate, inputs=nn] (h) at (4,0) {$x$};
    \end{tikzpicture}""")
    sym = [p for p in sc.primitives if isinstance(p, TextLabel) and "geq" in p.text][0]
    base = sym.box[1] + 1.298  # the symbol's depth (the descender of \geq)
    assert close((sym.box[0], base), _tex((-71.800754 + 108.2882, -57.853058 - 7.0227))[0], tol=5e-3)


def test_circuit_symbols_on_a_to_break_the_wire_at_their_borders():
    # TeX (bp, origin (-68.312503, 13.238281)): wire M-68.312503 13.238281V-.9609, resistor
    # M-71.80078-29.0547V-1.1602H-64.82813V-29.0547Z, wire M-68.312503-29.2539V-43.4531L-60.48047-46.0664, the
    # second resistor turned along its wire M-34.9297-58.2578L-61.39453-49.4375L-59.1875-42.8203L-32.7266-51.6406Z
    sc = parse_tikz(r"""\usetikzlibrary{circuits.ee.IEC}
    \begin{tikzpicture}[circuit ee IEC]
    \draw (0,0) to [resistor] ++(up:2) to [resistor={near start}] ++(3,1);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    o = (-68.312503, 13.238281)

    def tex(*pts):
        p = np.asarray(pts, dtype=float) - o
        return np.column_stack([p[:, 0], -p[:, 1]]) * BP

    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    wires = [p for p in lines if not p.closed_flag]
    box1, box2 = [p for p in lines if p.closed_flag]
    assert close(wires[0].points, tex((-68.312503, 13.238281), (-68.312503, -0.9609)), tol=5e-3)
    assert close(wires[1].points, tex((-68.312503, -29.2539), (-68.312503, -43.4531), (-60.48047, -46.0664)),
                 tol=1e-2)
    assert close(np.sort(box1.points, axis=0)[[0, -1]], tex((-71.80078, -1.1602), (-64.82813, -29.0547)), tol=5e-3)
    want = tex((-34.9297, -58.2578), (-61.39453, -49.4375), (-59.1875, -42.8203), (-32.7266, -51.6406))
    assert close(sorted(map(tuple, box2.points)), sorted(map(tuple, want)), tol=1e-2)


def test_inductor_is_half_circles_on_the_wire():
    # TeX: wire M-71.800785-68.312503H-43.2266, bumps from x -43.2266 to -15.332 of radius 3.5 pt
    # (C-43.2266-70.23828-41.668-71.80078-39.7422-71.80078 ...), wire M-15.332-68.312503H13.2383
    sc = parse_tikz(r"""\usetikzlibrary{circuits.ee.IEC}
    \begin{tikzpicture}[circuit ee IEC] \draw (0,0) to [inductor] (3,0); \end{tikzpicture}""")
    assert not sc.diagnostics
    coil = [p for p in sc.primitives if isinstance(p, BezierPath)][0].subpaths()[0].controls
    assert len(coil) == 8  # four half circles of two cubics
    x0 = (-43.2266 + 71.800785) * BP
    assert close(coil[0][0], (x0, 0), tol=5e-3) and close(coil[-1][3], (x0 + 28.0, 0), tol=5e-3)
    assert close(coil[:, :, 1].max(), 3.5)


def test_iec_gate_outside_a_circuit_has_pgfs_initial_symbol_and_inverted_radius():
    # TeX (bp, origin (-71.800785, -15.109375)): outline M-54.0859-24.55859H-32.8242V-62.3516H-54.0859Z (the
    # picture's minimum size=0.75cm makes it 21.34 pt wide), inverted circles of radius 2 pt round
    # (-56.2773, -53.0039) and (-56.2773, -33.9063); '&' (textstyle) on the baseline -52.113 at x -47.1899
    sc = parse_tikz(r"""\begin{tikzpicture}[minimum size=0.75cm]
    \node[shape=and gate IEC, draw, logic gate inputs=ini, logic gate input sep=0.33333cm] at (1,1) {A};
    \end{tikzpicture}""")
    o = (-71.800785, -15.109375)

    def tex(*pts):
        p = np.asarray(pts, dtype=float) - o
        return np.column_stack([p[:, 0], -p[:, 1]]) * BP

    box = [p for p in sc.primitives if isinstance(p, Polyline)][0]
    assert close(np.sort(box.points, axis=0)[[0, -1]], tex((-54.0859, -24.55859), (-32.8242, -62.3516)), tol=5e-3)
    circles = [p for p in sc.primitives if isinstance(p, Circle)]
    assert [c.radius for c in circles] == [2.0, 2.0]
    assert close([c.center for c in circles], tex((-56.2773, -53.0039), (-56.2773, -33.9063)), tol=5e-3)
    sym = [p for p in sc.primitives if isinstance(p, TextLabel) and "&" in p.text][0]
    assert sym.text == "$\\&$"
    left, base = tex((-47.1899, -52.113))[0]
    assert close(sym.box[1], base, tol=2e-2) and close(sym.box[0], left, tol=0.2)  # (the box, not the glyph's ink)
