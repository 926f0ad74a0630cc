"""circuits.ee.IEC symbols (circuits_ee.py) and the circuits library's keys (circuit_styles.py, circuits.py).

Numbers from the pgf definitions (pgflibraryshapes.gates.ee.IEC.code.tex, tikzlibrarycircuits*.code.tex),
checked against latex + dvisvgm for the manual's examples; lengths in pt, y up, the picture's origin at (0, 0).
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import BezierPath, Circle, Polyline, TextLabel

from tikz_fixtures import close

CM = 72.27 / 2.54


def _ee(body: str, opts: str = ""):
    return parse_tikz("\\usetikzlibrary{circuits.ee.IEC}\n\\begin{tikzpicture}[circuit ee IEC%s]\n%s\n"
                      "\\end{tikzpicture}" % ("," + opts if opts else "", body))


def _beziers(sc):
    return [p for p in sc.primitives if isinstance(p, BezierPath)]


def _ends(path):
    """The start and end points of each subpath of a BezierPath."""
    return [(sp.controls[0][0], sp.controls[-1][3]) for sp in path.subpaths()]


def test_capacitor_is_two_plates_half_a_unit_apart_and_breaks_the_wire():
    # capacitor IEC graphic: width .5 height 2 units (7 pt): plates at x = c -+ 1.75, y -+ 7;
    # the wire stops at the plates' outer sep (0.2 pt)
    sc = _ee(r"\draw (0,0) to [capacitor] (2,0);")
    assert not sc.diagnostics
    c = CM
    plates = _ends(_beziers(sc)[0])
    assert close(plates, [((c - 1.75, -7), (c - 1.75, 7)), ((c + 1.75, -7), (c + 1.75, 7))], tol=1e-6)
    wires = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert close(wires, [[(0, 0), (c - 1.95, 0)], [(c + 1.95, 0), (2 * c, 0)]], tol=1e-6)


def test_var_resistor_graphic_is_a_zigzag_of_small_symbols():
    # set resistor graphic=var resistor IEC graphic at small circuit symbols (6 pt): 28.8 by 4.8 pt,
    # one tooth per 4 half heights (9.6 pt) while it fits, outer sep 0
    sc = _ee(r"\draw (0,0) to [resistor] (3,0);", "small circuit symbols,set resistor graphic=var resistor IEC graphic")
    assert not sc.diagnostics
    c = 1.5 * CM
    zig = _beziers(sc)[0].subpaths()[0].controls
    corners = np.vstack([zig[:, 0], zig[-1:, 3]])
    want = [(-14.4, 0), (-12, 2.4), (-7.2, -2.4), (-4.8, 0), (-2.4, 2.4), (2.4, -2.4), (4.8, 0), (7.2, 2.4),
            (12, -2.4), (14.4, 0), (14.4, 0)]
    assert close(corners, np.array(want) + (c, 0), tol=1e-6)
    wires = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert close(wires, [[(0, 0), (c - 14.4, 0)], [(c + 14.4, 0), (2 * c, 0)]], tol=1e-6)


def test_diode_pointing_up_is_a_turned_triangle_with_its_bar_and_middle_line():
    # diode IEC graphic: 1.25 by 1.25 units, the tip half a line width back; the bar (0, -+1pt) scaled by
    # the half height at the tip, the middle line through the triangle; point up = rotate=90
    sc = _ee(r"\node [diode,point up] at (1,1) {};")
    assert not sc.diagnostics
    c = np.array([CM, CM])
    tri = _beziers(sc)[0].subpaths()[0]
    assert tri.closed
    assert close(tri.controls[:3, 0], np.array([(4.375, -4.375), (-4.375, -4.375), (0, 4.175)]) + c, tol=1e-6)
    lines = sorted((tuple(map(tuple, p.points)) for p in sc.primitives if isinstance(p, Polyline)), key=len)
    got = {tuple(np.round(np.array(ln) - c, 6).ravel()) for ln in lines}
    assert got == {(0.0, -4.375, 0.0, 4.375), (4.375, 4.375, -4.375, 4.375)}


def test_make_contact_is_a_lever_standing_on_the_wire():
    # make contact IEC graphic: 2 by 1 units, from (-w/2, 0) up to (w/2, h), outer sep 0
    sc = _ee(r"\draw (0,0) to [make contact] (3,0);")
    assert not sc.diagnostics
    c = 1.5 * CM
    assert close(_ends(_beziers(sc)[0]), [((c - 7, 0), (c + 7, 7))], tol=1e-6)
    wires = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert close(wires, [[(0, 0), (c - 7, 0)], [(c + 7, 0), (2 * c, 0)]], tol=1e-6)


def test_generic_circle_runs_its_before_background_code_scaled_by_the_radius():
    sc = parse_tikz(r"""\begin{tikzpicture}
    \node [generic circle IEC, draw, minimum size=1cm,
           /pgf/generic circle IEC/before background={\pgfpathmoveto{\pgfqpoint{-1pt}{0pt}}
             \pgfpathlineto{\pgfqpoint{1pt}{0.5pt}}\pgfusepathqstroke}] at (1,0) {};
    \end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    r = 0.5 * CM
    circle = [p for p in sc.primitives if isinstance(p, Circle)][0]
    assert close(circle.radius, r) and close(circle.center, (CM, 0))
    line = [p for p in sc.primitives if isinstance(p, Polyline)][0]
    assert close(line.points, [(CM - r, 0), (CM + r, 0.5 * r)], tol=1e-6)


def test_symbol_unit_and_size_set_the_symbols_minimum_size():
    # circuit symbol unit=10pt: a resistor 4 by 1 units; circuit symbol size=width 3 height 1 in every resistor
    sc = _ee(r"\draw[circuit symbol unit=10pt] (0,0) to [resistor] (3,0);"
             r"\draw[every resistor/.style={circuit symbol size=width 3 height 2}] (0,-2) to [resistor] (3,-2);")
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.closed_flag]
    c = 1.5 * CM
    assert close(np.ptp(boxes[0], axis=0), (40, 10)) and close(boxes[0].mean(axis=0), (c, 0))
    assert close(np.ptp(boxes[1], axis=0), (21, 14)) and close(boxes[1].mean(axis=0), (c, -2 * CM))


def test_declared_symbol_takes_its_graphic_and_its_options():
    sc = parse_tikz(r"""\usetikzlibrary{circuits}
    \begin{tikzpicture}[circuit declare symbol=lamp, set lamp graphic={draw,shape=circle,minimum size=4mm}]
    \node [lamp] at (1,0) {};
    \node [lamp={minimum size=6mm}] at (2,0) {};
    \end{tikzpicture}""")
    assert not sc.diagnostics
    radii = [p.radius for p in sc.primitives if isinstance(p, Circle)]
    assert close(radii, [0.2 * CM, 0.3 * CM])


def test_a_symbol_at_start_moves_the_others_along_the_wire_after_it():
    # the markings of the other symbols measure the wire from the start symbol's border (3.333 + 0.2 pt on)
    sc = parse_tikz(r"""\usetikzlibrary{circuits}
    \begin{tikzpicture}[circuit]
    \draw (0,0) to [circuit handle symbol={draw,shape=rectangle,at start},
                    circuit handle symbol={draw,shape=circle,midway}] (4,0);
    \end{tikzpicture}""")
    lo = 10 / 3 + 0.2
    circle = [p for p in sc.primitives if isinstance(p, Circle)][0]
    assert close(circle.center, (lo + 0.5 * (4 * CM - lo), 0), tol=1e-3)


def test_info_labels_sit_on_the_sides_of_the_turned_symbol():
    # a resistor going up is turned by 90 degrees: info (above) is on its left, info' (below) on its right,
    # each label's east or west anchor on the symbol's border (3.5 + 0.2 pt from its centre)
    sc = _ee(r"\draw (0,0) to [resistor={info=$x$, info'=$y$}] (0,2);")
    assert not sc.diagnostics
    labels = {p.text: p for p in sc.primitives if isinstance(p, TextLabel)}
    sep = 3.7 + 0.2 + 10 / 3  # the symbol's border, the label's outer and inner sep
    x, y = labels["$x$"].box, labels["$y$"].box
    assert close((x[2], (x[1] + x[3]) / 2), (-sep, CM), tol=1e-3)
    assert close((y[0], (y[1] + y[3]) / 2), (sep, CM), tol=1e-3)


def test_unit_labels_are_upright_roman_values():
    sc = _ee(r"\node [resistor, ohm=5k, volt'=3] {};")
    texts = sorted(p.text for p in sc.primitives if isinstance(p, TextLabel))
    assert texts == ["$\\mathrm{3V}$", "$\\mathrm{5k\\Omega}$"]


def test_picture_minimum_size_holds_for_nodes_and_labels_but_not_a_nodes_own():
    # the picture's minimum size is the label's too (a node of the picture); the node's own is not
    sc = parse_tikz(r"""\begin{tikzpicture}[minimum size=1cm]
    \node [draw, label=above:$a$] {};
    \node [draw, minimum size=2cm, label=below:$b$] at (3,0) {};
    \end{tikzpicture}""")
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert close(np.ptp(boxes[0], axis=0), (CM, CM)) and close(np.ptp(boxes[1], axis=0), (2 * CM, 2 * CM))
    a, b = [p.box for p in sc.primitives if isinstance(p, TextLabel)]
    assert close((a[1] + a[3]) / 2, 0.5 * CM + 0.4 + 0.5 * CM, tol=1e-3)
    assert close((b[1] + b[3]) / 2, -(CM + 0.4 + 0.5 * CM), tol=1e-3)


def test_a_turned_node_turns_its_label_position():
    # label=above: the node's numeric anchor 90 in its own (turned) frame: on its left for rotate=90
    sc = parse_tikz(r"""\begin{tikzpicture}
    \node [draw, rotate=90, minimum width=2cm, minimum height=1cm, label=above:$a$] {};
    \end{tikzpicture}""")
    lab = [p for p in sc.primitives if isinstance(p, TextLabel)][0]
    assert close((lab.box[2], (lab.box[1] + lab.box[3]) / 2), (-0.5 * CM - 0.2 - 0.2 - 10 / 3, 0), tol=1e-3)


# -- US and CDH gates (circuits_us.py) -------------------------------------------------------


def _anchor_lines(sc):
    return [p.points[0] for p in sc.primitives if isinstance(p, Polyline)]


def test_and_gate_us_outline_inverted_input_and_anchors():
    # pgf: half side s = max(inner sep, (n+1) max(inverted radius + line width, input sep/2), min height/2);
    # the back at -7s/6, the half circle of radius s round (s/3, 0); input k at s - 2ks/(n+1)
    sc = parse_tikz(r"""\begin{tikzpicture}
    \node [and gate US, draw, logic gate inputs=nin, minimum height=1cm] (g) {};
    \draw (g.input 1) -- +(-1,0) (g.input 2) -- +(-1,0) (g.output) -- +(1,0);
    \end{tikzpicture}""")
    s, o = 0.5 * CM, 0.2
    parts = _beziers(sc)[0].subpaths()
    outline, circle = parts
    pts = np.vstack([outline.controls[:, 0], outline.controls[-1:, 3]])
    assert close(pts[[0, 2, 3, 4]], [(s / 3, s), (s / 3, -s), (-7 * s / 6, -s), (-7 * s / 6, s)], tol=1e-6)
    assert close(circle.controls[:, :, 0].min(), -7 * s / 6 - 0.2 - 4, tol=1e-3)  # radius 2, half a line width out
    want = [(-7 * s / 6 - o, s / 2), (-7 * s / 6 - o - 2 - 2.2, 0), (4 * s / 3 + o, 0)]
    assert close(_anchor_lines(sc), want, tol=1e-6)


def test_nor_gate_us_in_a_circuit_takes_its_size_and_inverted_radius_from_the_unit():
    # circuit logic US: height 2.5 units, inverted radius a quarter unit, measured at the node (tiny: 5 pt);
    # the inputs on the back arc of radius 2s (less half a line width, less the outer sep)
    sc = parse_tikz(r"""\usetikzlibrary{circuits.logic.US}
    \begin{tikzpicture}[circuit logic US, tiny circuit symbols]
    \node [nor gate, inputs=in] (g) {};
    \draw (g.input 1) -- +(-1,0) (g.output) -- +(1,0);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    s, inv, lw, o = 6.25, 1.25, 0.4, 0.2
    radii = [np.ptp(sp.controls[:, :, 1]) / 2 for sp in _beziers(sc)[0].subpaths()[1:]]
    assert close(radii, [inv, inv], tol=1e-3)
    yk, rb = s / 3, 2 * s - lw / 2
    x1 = -7 * s / 6 - 0.866025 * 2 * s + np.cos(np.arcsin(yk / rb)) * rb + lw / 2 - o - inv - (inv + lw / 2)
    tip = -s / 6 + 2 * 0.866025 * s
    assert close(_anchor_lines(sc), [(x1, yk), (tip + inv + inv + lw / 2 + o, 0)], tol=1e-5)


def test_cdh_and_gate_has_the_or_front_on_a_flat_back():
    sc = parse_tikz(r"""\usetikzlibrary{circuits.logic.CDH}
    \begin{tikzpicture}[circuit logic CDH] \node [and gate] (g) {}; \draw (g.output) -- +(1,0); \end{tikzpicture}""")
    s = 8.75
    outline = _beziers(sc)[0].subpaths()[0].controls
    ends = np.vstack([outline[:, 0], outline[-1:, 3]])
    tip = -s / 6 + 2 * 0.866025 * s
    assert close(ends[[0, 1, 2, 3, 4]], [(-s / 6, s), (tip, 0), (-s / 6, -s), (-7 * s / 6, -s), (-7 * s / 6, s)],
                 tol=1e-4)
    assert close(_anchor_lines(sc)[0], (tip + 1.154701 * 0.2, 0), tol=1e-5)


def test_light_emitting_annotation_is_two_arrows_from_above_the_diode():
    # circuit declare annotation: from the symbol's north anchor (4.375 + 0.2 pt above its centre),
    # (-.2u, .65u) and (.2u, .25u) each an edge ++(45:1.25u) with an arrow head at its end
    from geoverify.scene import Arrow
    sc = _ee(r"\draw (0,0) to [diode=light emitting] (2,0);")
    assert not sc.diagnostics
    north = np.array([CM, 4.575])
    d = 8.75 * np.array([np.cos(np.pi / 4), np.sin(np.pi / 4)])
    starts = north + [(-1.4, 4.55), (1.4, 1.75)]
    # the tip is direction ee, (.4u + .3 line width) = 2.92pt long, centred on where the line stops
    # (TeX: each line 7.29pt long, its tip's point 8.75pt from its start)
    edges = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.fill is None][-2:]
    short = d * (1 - 1.46 / 8.75)
    assert close(edges, [[starts[0], starts[0] + short], [starts[1], starts[1] + short]], tol=1e-6)
    tips = [p.tip for p in sc.primitives if isinstance(p, Arrow)]
    assert close(tips, starts + d, tol=1e-6)
    heads = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.fill is not None]
    along = (heads[0] - (starts[0] + d)) @ (d / 8.75)
    assert close(sorted(along), [-2.92, -2.92, 0.0], tol=1e-6)  # a filled triangle 2.92pt long


def test_primed_annotation_is_mirrored_below_a_turned_symbol():
    # direction info' on a resistor going up: from its south anchor (on its right), mirrored; <- puts the
    # head at the start
    from geoverify.scene import Arrow
    sc = _ee(r"\draw (0,0) to [resistor={direction info'={<-}}] (0,2);")
    edge = [p.points for p in sc.primitives if isinstance(p, Polyline) and p.style.fill is None][-1]
    south = np.array([3.7, CM])
    # the line stops half the direction ee tip (1.46pt) short of it, as TeX's does
    assert close(edge, [south + (7 / 3 * 0.9999, -8.75 + 1.46), south + (7 / 3 * 0.9999, 8.75)], tol=1e-3)
    tip = south + (7 / 3 * 0.9999, -8.75)
    assert close([p.tip for p in sc.primitives if isinstance(p, Arrow)], [tip], tol=1e-3)


def test_absolute_labels_take_canvas_angles():
    # with absolute the label sits where a canvas ray at its angle leaves the node, its anchor from the
    # angle; without it the angle turns with the node (rotate=-80: right is nearly below)
    def label(opts):
        sc = parse_tikz(r"\tikz [rotate=-80,%s] \node [transform shape,draw,label=right:x] {main node};" % opts)
        return [p.box for p in sc.primitives if isinstance(p, TextLabel) and p.text == "x"][0]

    box = label("absolute")
    assert close((box[1] + box[3]) / 2, 0.0, tol=1e-6) and box[0] > 0
    turned = label("absolute=false")
    assert (turned[1] + turned[3]) / 2 < -20


def test_current_direction_is_an_arrow_head_on_the_wire_and_dc_source_two_bars():
    # current direction ee graphic: the direction ee shape, its arrow 1.3065 (u/2 + .3 lw) long with the tip at
    # the shape's origin, the box from -d to 0 centred on the wire's point; dc source: bars at +-0.2 radius
    sc = _ee(r"\draw (0,0) to [current direction] (2,0) to [dc source] (4,0);")
    assert not sc.diagnostics
    d = 1.3065 * (3.5 + 0.3 * 0.4)
    c = CM
    line, head = _beziers(sc)[0].subpaths()
    assert close([line.controls[0][0], line.controls[-1][3]], [(c - d / 2, 0), (c + d / 2, 0)], tol=1e-6)
    assert head.closed
    assert close(head.controls[:3, 0], [(c - d / 2, 0.38268343 * d), (c + d / 2, 0), (c - d / 2, -0.38268343 * d)],
                 tol=1e-6)
    wires = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert close(wires[0], [(0, 0), (c - d / 2, 0)], tol=1e-6) and close(wires[1][0], (c + d / 2, 0), tol=1e-6)
    r = 7.0  # dc source: 2 units across
    bars = [w for w in wires if len(w) == 2 and abs(w[0][1]) > 0]
    assert close(bars, [[(3 * c + 0.7 * r, 0.2 * r), (3 * c - 0.7 * r, 0.2 * r)],
                        [(3 * c + 0.7 * r, -0.2 * r), (3 * c - 0.7 * r, -0.2 * r)]], tol=1e-6)


def test_ac_source_is_a_wave_through_the_circle():
    # pgf's quadratic curves (0.7,0)-(0.35,-0.5)-(0,0) and on to (-0.7,0), in radii
    sc = _ee(r"\draw (0,0) to [ac source] (2,0);")
    assert not sc.diagnostics
    wave = _beziers(sc)[0].subpaths()[0].controls
    r, c = 7.0, CM
    t = np.linspace(0, 1, 5)[:, None]
    quad = (1 - t) ** 2 * np.array([0.7, 0]) + 2 * t * (1 - t) * np.array([0.35, -0.5])  # + t^2 (0, 0)
    cub = wave[0]
    bez = ((1 - t) ** 3 * cub[0] + 3 * t * (1 - t) ** 2 * cub[1] + 3 * t ** 2 * (1 - t) * cub[2] + t ** 3 * cub[3])
    assert close(bez, quad * r + (c, 0), tol=1e-4)
    assert close(wave[1][3], (c - 0.7 * r, 0), tol=1e-6)


def test_battery_ground_and_break_contact_lines():
    # battery IEC graphic .5 by 2.5 units: the right plate a quarter of the height shorter at both ends;
    # ground IEC .75 by 2: lines shortened by a sixth (.16666) of the height per step; break contact 2 by 1:
    # the lever and a hook at the right fifth
    sc = _ee(r"\node [battery] at (0,0) {}; \node [ground] at (2,0) {}; \node [break contact] at (4,0) {};")
    assert not sc.diagnostics
    battery, ground, contact = (_ends(b) for b in _beziers(sc))
    assert close(battery, [((-1.75, -8.75), (-1.75, 8.75)), ((1.75, -4.375), (1.75, 4.375))], tol=1e-6)
    g, c6 = 2 * CM, 0.16666 * 14
    assert close(ground, [((g - 2.625, -7), (g - 2.625, 7)), ((g, -7 + c6), (g, 7 - c6)),
                          ((g + 2.625, -7 + 2 * c6), (g + 2.625, 7 - 2 * c6))], tol=1e-6)
    k = 4 * CM
    assert close(contact, [((k - 7, 0), (k + 7, 7)), ((k + 7, 0), (k + 4.2, 7))], tol=1e-6)


def test_breakdown_diode_and_var_make_contact():
    # breakdown diode IEC graphic 2.5 by 1.25 units: two triangles meeting in the centre, the middle line and
    # the bent bar (-.5,-1) (0,-1) (0,1) (.5,1) scaled by the half height; var make contact 2.4 by 1: a circle
    # of radius w/12 at the left end, the lever from its border to (w/2, h)
    sc = _ee(r"\node [breakdown diode] at (0,0) {};"
             r"\node [set make contact graphic=var make contact IEC graphic, make contact] at (3,0) {};")
    assert not sc.diagnostics
    diode, contact = _beziers(sc)
    assert close([sp.controls[:3, 0] for sp in diode.subpaths()],
                 [[(-8.75, -4.375), (0, 0), (-8.75, 4.375)], [(8.75, -4.375), (0, 0), (8.75, 4.375)]], tol=1e-6)
    lines = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert close(lines[0], [(-8.75, 0), (8.75, 0)], tol=1e-6)
    assert close(lines[1], [(-2.1875, -4.375), (0, -4.375), (0, 4.375), (2.1875, 4.375)], tol=1e-6)
    k, r = 3 * CM, 16.8 * 0.083333
    circle, lever = contact.subpaths()
    assert circle.closed and close(circle.controls[:, :, 0].min(), k - 8.4, tol=1e-3)
    u = np.array([15.4, 7.0]) / np.hypot(15.4, 7.0)  # from the circle's centre (k - 7, 0) to (k + 8.4, 7)
    assert close([lever.controls[0][0], lever.controls[-1][3]], [(k - 7 + r * u[0], r * u[1]), (k + 8.4, 7)], tol=1e-4)


def test_not_and_buffer_gates_us_are_triangles_with_one_input():
    # TeX (bp): not gate M-32.6016-61.6289L-53.74219-71.8008V-51.4609Z, its output circle of radius 1.75 pt
    # round -30.8906, input line from -57.6289, output line from -28.9453; buffer M24.0938..L2.9531..Z,
    # input at 2.7539, output at 24.5625 (the tip anchor 2.350943 outer seps further)
    sc = parse_tikz(r"""\usetikzlibrary{circuits.logic.US}
    \begin{tikzpicture}[circuit logic US]
    \node[not gate, inputs=i] (n) {}; \draw (n.input) -- +(-0.5,0) (n.output) -- +(0.5,0);
    \node[buffer gate] (b) at (2,0) {}; \draw (b.input) -- +(-0.5,0) (b.output) -- +(0.5,0);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    bp = 72.27 / 72
    not_gate, buffer = _beziers(sc)[0], _beziers(sc)[-1]
    tri = not_gate.subpaths()[0].controls[:, 0]
    back = tri[1][0]
    assert close(tri[:, 1], [0, 10.2083, -10.2083], tol=1e-3)
    assert close(tri[0][0] - back, (-32.6016 + 53.74219) * bp, tol=5e-3)
    ends = [p.points[0][0] for p in sc.primitives if isinstance(p, Polyline)]
    assert close(np.array(ends[:2]) - back, np.array([-57.6289, -28.9453]) * bp + 53.74219 * bp, tol=5e-3)
    b_tip = buffer.subpaths()[0].controls[0][0][0]
    assert close(np.array(ends[2:]) - b_tip, (np.array([2.7539, 24.5625]) - 24.0938) * bp, tol=5e-3)


def test_xnor_gate_us_has_an_elliptic_back_a_tail_and_inputs_on_the_tail():
    # TeX (bp): xnor gate tip at 27.5859, its back from 3.7695 bulging to 5.7422 (an ellipse 3.1111s by
    # 2.6667s from -22 to 22 degrees); input 1 (normal) at 2.7539, input 2 (inverted) at -.9336, output at
    # 31.4687; the tail an arc of radius 2s from (-1.5s, -s) to (-1.5s, s)
    sc = parse_tikz(r"""\usetikzlibrary{circuits.logic.US}
    \begin{tikzpicture}[circuit logic US]
    \node[xnor gate, inputs=ni] (b) {};
    \draw (b.input 1) -- +(-0.5,0) (b.input 2) -- +(-0.5,0) (b.output) -- +(0.5,0);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    bp, s = 72.27 / 72, 8.75
    outline, tail = _beziers(sc)[0].subpaths()[:2]
    tip = outline.controls[1][0][0]
    back = outline.controls[3]  # one cubic, symmetric about its middle
    middle = (back[0] + 3 * back[1] + 3 * back[2] + back[3]) / 8
    assert close(middle[0] - back[0][0], (5.7422 - 3.7695) * bp, tol=5e-3)
    assert close([tail.controls[0][0], tail.controls[-1][3]], [(-1.5 * s, -s), (-1.5 * s, s)], tol=1e-6)
    ends = [p.points[0][0] - tip for p in sc.primitives if isinstance(p, Polyline)]
    assert close(ends, (np.array([2.7539, -0.9336, 31.4687]) - 27.5859) * bp, tol=5e-3)


def test_annotation_labels_are_the_symbols_at_the_annotations_label_distance():
    # direction info={volt=3}: the label above the voltage source (radius 7, outer sep 0.2) half a unit away
    sc = _ee(r"\draw (0,0) to [voltage source={direction info={volt=3}}] (2,0);")
    assert not sc.diagnostics
    lab = [p for p in sc.primitives if isinstance(p, TextLabel)][0]
    assert lab.text == "$\\mathrm{3V}$"
    assert close(((lab.box[0] + lab.box[2]) / 2, lab.box[1]), (CM, 7.2 + 3.5 + 0.2 + 10 / 3), tol=1e-3)


def test_every_annotation_styles_style_the_arrows():
    sc = _ee(r"\draw (0,0) to [diode=light emitting] (2,0);",
             "every circuit annotation/.style={red},every light emitting/.style={line width=1pt}")
    edges = [p for p in sc.primitives if isinstance(p, Polyline)][-2:]
    assert [(e.style.stroke, e.style.stroke_width) for e in edges] == [("#ff0000", 1.0)] * 2
