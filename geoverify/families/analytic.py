"""Analytic and inversive geometry, trigonometry and lattice points.

Families: orthogonal circles, the foci of an ellipse, the focus and directrix
of a parabola, sine and cosine on the unit circle, lattice points in a disc
(Gauss circle problem).
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.families.construction import Style
from geoverify.families.mutations import Mutation, move_off_circle, move_point, remove, replace_text, scale_radius, swap_labels
from geoverify.families.package import TaskPackage, all_of, compile_error, fmt_xy, hard, labels_soft, layout_soft, op, task_ir
from geoverify.families.registry import family
from geoverify.families.scaffold import Scaffold

__all__ = []


# ---------------------------------------------------------------- orthogonal circles
def _orthogonal(task_id, r1, r2):
    d = math.hypot(r1, r2)
    O1, O2 = np.zeros(2), np.array([d, 0.0])
    P = np.array([r1 * r1 / d, r1 * r2 / d])
    s = Scaffold("Two orthogonal circles")
    s.points(O1=O1, O2=O2, P=P)
    s.circle("c1", "O1", radius=r1, style=Style("blue", 1.1), labels=["c_1"], label_at=200)
    s.circle("c2", "O2", radius=r2, style=Style("red", 1.1), labels=["c_2"], label_at=-20)
    s.segment("O1P", "O1", "P", Style("blue", 0.8, "dashed"))
    s.segment("O2P", "O2", "P", Style("red", 0.8, "dashed"))
    s.label_dir(O1=-120, O2=-60, P=90)
    c = s.finish()
    preds = [
        hard("OC-H1", "CIRCLES", "Are both circles drawn with the given centres and radii?",
             all_of(op("drawn", object="c1"), op("drawn", object="c2"), op("matches_geometry", object="c1"),
                    op("matches_geometry", object="c2"), op("matches_geometry", object="O1"), op("matches_geometry", object="O2"))),
        hard("OC-H2", "INTERSECTION", "Is P a common point of the circles?",
             all_of(op("point_on", point="P", on="c1"), op("point_on", point="P", on="c2"))),
        hard("OC-H3", "ORTHOGONAL", "Are the radii to P perpendicular (the circles meet at a right angle)?",
             all_of(op("drawn", object="O1P"), op("drawn", object="O2P"), op("perpendicular", a="O1P", b="O2P"))),
        hard("OC-H4", "TANGENT_RADIUS", "Is the radius O2P tangent to c1 (and so orthogonal)?", op("tangent", a="O2P", b="c1")),
        labels_soft("OC-S1", 0.6, ["O1", "O2", "P", "c1", "c2"]),
        layout_soft("OC-S2", 0.4),
    ]
    ir = task_ir(task_id, "inversive-geometry", "local geometric relations", "Orthogonal circles",
                 f"Draw circles c1 (centre O1=(0,0), radius {r1:g}) and c2 (centre O2 on the x-axis, radius {r2:g}) that are orthogonal, "
                 "a common point P and the radii O1P, O2P.", s.frames(), s.objects, preds)
    muts = [
        Mutation("wrong-radius", "c2 drawn with a 20% smaller radius (no longer orthogonal)", lambda c: scale_radius(c, "c2", 0.8),
                 {"OC-H1": "fail", "OC-H2": "fail"}, operator="scale_radius"),
        Mutation("moved-off-circle", "P moved off c1 radially by 5% of the figure size",
                 lambda c: move_off_circle(c, "P", "O1"), {"OC-H2": "fail", "OC-H3": "fail", "OC-H4": "fail"},
                 operator="move_off_circle"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"r1": r1, "r2": r2})


@family("orthogonal-circles")
def orthogonal_circles():
    return [_orthogonal("orthogonal-circles", 2.0, 1.5), _orthogonal("orthogonal-circles-b", 1.6, 2.2)]


# ---------------------------------------------------------------- ellipse foci
def _ellipse(task_id, a, b, t0):
    cfoc = math.sqrt(a * a - b * b)
    F1, F2 = np.array([-cfoc, 0.0]), np.array([cfoc, 0.0])
    P = np.array([a * math.cos(t0), b * math.sin(t0)])
    # A reflection in an axis maps the ellipse and its foci onto themselves and P is any point on it: allowed.
    s = Scaffold("Foci of an ellipse", equivalences=("translation", "uniform_scaling", "reflection"))
    s.points(F1=F1, F2=F2, P=P)
    s.c.curve("E", lambda t: a * np.cos(t), lambda t: b * np.sin(t), (0, 2 * math.pi), 361, "plane", Style("blue", 1.2), closed=True)
    s.objects.append({"id": "E", "type": "parametric_curve", "frame": "plane", "x": f"{a:g}*cos(t)", "y": f"{b:g}*sin(t)",
                      "domain": [0, 6.283185307179586], "closed": True, "labels": ["E"]})
    s.c.text("E.label", "$E$", (-a * 0.75, b * 0.95), "plane")
    s.segment("PF1", "P", "F1", Style("red", 0.9))
    s.segment("PF2", "P", "F2", Style("red", 0.9))
    s.text("law", f"$|PF_1| + |PF_2| = {2 * a:g}$", (0, -b - 0.7), ir_text=f"|PF_1|+|PF_2|={2 * a:g}",
           alternatives=[f"|PF_1|+|PF_2|=2a={2 * a:g}", f"PF_1+PF_2={2 * a:g}"])
    s.label_dir(F1=-90, F2=-90)
    c = s.finish()
    preds = [
        hard("EL-H1", "ELLIPSE", "Is the ellipse drawn with the given semi-axes?",
             all_of(op("drawn", object="E"), op("matches_geometry", object="E"))),
        hard("EL-H2", "FOCI", "Are the foci at (+-c, 0) with c^2 = a^2 - b^2?",
             all_of(op("matches_geometry", object="F1"), op("matches_geometry", object="F2"))),
        hard("EL-H3", "POINT", "Does P lie on the ellipse?", op("point_on", point="P", on="E")),
        hard("EL-H4", "FOCAL_SUM", "Does the figure state that the focal distances sum to 2a?", op("text_present", text="law"),
             ["text", "formula"]),
        hard("EL-H5", "FOCAL_RADII", "Is P joined to both foci?",
             all_of(op("drawn", object="PF1"), op("drawn", object="PF2"))),
        labels_soft("EL-S1", 0.6, ["F1", "F2", "P"]),
        layout_soft("EL-S2", 0.4),
    ]
    ir = task_ir(task_id, "analytic-geometry", "local geometric relations", "Foci of an ellipse",
                 f"Draw the ellipse x^2/{a * a:g} + y^2/{b * b:g} = 1 with its foci F1, F2, a point P on it joined to both foci, "
                 f"and state |PF1| + |PF2| = {2 * a:g}.", s.frames(), s.objects, preds)
    muts = [
        Mutation("moved-off-curve", "P moved off the ellipse (outwards) by 5% of the figure size",
                 lambda c: move_point(c, "P", P / np.array([a * a, b * b])), {"EL-H3": "fail"}, operator="move_point"),
        Mutation("moved-focus", "focus F2 moved along the major axis by 5% of the figure size",
                 lambda c: move_point(c, "F2", (1, 0)), {"EL-H2": "fail"}, operator="move_point"),
        Mutation("wrong-formula", "focal sum stated as 2b", lambda c: replace_text(c, "law", f"$|PF_1| + |PF_2| = {2 * b:g}$"),
                 {"EL-H4": "fail"}, operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"a": a, "b": b, "t0": t0})


@family("ellipse-foci")
def ellipse_foci():
    return [_ellipse("ellipse-foci", 4.0, 2.4, 1.1), _ellipse("ellipse-foci-b", 3.0, 2.0, 1.9)]


# ---------------------------------------------------------------- parabola
def _parabola(task_id, p_focal, x0):
    # y = x^2 / (4p): focus (0, p), directrix y = -p
    F = np.array([0.0, p_focal])
    P = np.array([x0, x0 * x0 / (4 * p_focal)])
    Q = np.array([x0, -p_focal])
    s = Scaffold("Focus and directrix of a parabola", equivalences=("translation", "uniform_scaling"))
    s.points(F=F, P=P, Q=Q)
    X = 2.2 * abs(x0) + 1
    s.c.curve("parabola", lambda t: t, lambda t: t * t / (4 * p_focal), (-X * 0.8, X * 0.8), 300, "plane", Style("blue", 1.2))
    # The prompt fixes no extent: the curve must show the vertex and P (its vertex, P and the
    # reflection of P), and may run on.
    s.objects.append({"id": "parabola", "type": "parametric_curve", "frame": "plane", "x": "t", "y": f"t**2/{4 * p_focal:g}",
                      "domain": [-abs(x0), abs(x0)], "extends_to": [-4 * X, 4 * X]})
    s.c.segment("d", (-X, -p_focal), (X, -p_focal), "plane", Style("gray", 1.0))
    s.objects.append({"id": "d", "type": "line", "frame": "plane", "through": [[-X, -p_focal], [X, -p_focal]], "labels": ["d"]})
    s.c.text("d.label", "$d$", (-X + 0.3, -p_focal - 0.35), "plane")
    s.segment("PF", "P", "F", Style("red", 0.9))
    s.segment("PQ", "P", "Q", Style("red", 0.9, "dashed"))
    s.label_dir(F=180, Q=-90)
    c = s.finish()
    preds = [
        hard("PB-H1", "PARABOLA", "Is the parabola drawn as y = x^2/(4p)?",
             all_of(op("drawn", object="parabola"), op("matches_geometry", object="parabola"))),
        hard("PB-H2", "FOCUS", "Is the focus at (0, p)?", op("matches_geometry", object="F")),
        hard("PB-H3", "DIRECTRIX", "Is Q the foot of the perpendicular from P to the directrix?",
             all_of(op("drawn", object="PQ"), op("point_on", point="Q", on="d"), op("perpendicular", a="PQ", b="d"))),
        hard("PB-H4", "EQUIDISTANT", "Is P on the parabola, equidistant from F and the directrix?",
             all_of(op("drawn", object="PF"), op("point_on", point="P", on="parabola"), op("equal_length", a="PF", b="PQ"))),
        labels_soft("PB-S1", 0.6, ["F", "P", "Q", "d"]),
        layout_soft("PB-S2", 0.4),
    ]
    ir = task_ir(task_id, "analytic-geometry", "local geometric relations", "Focus and directrix of a parabola",
                 f"Draw the parabola y = x^2/{4 * p_focal:g} with focus F=(0,{p_focal:g}), directrix d: y = {-p_focal:g}, the point P={fmt_xy(P)} on it, "
                 "its foot Q on the directrix and the segments PF and PQ.", s.frames(), s.objects, preds)
    muts = [
        Mutation("moved-off-curve", "P moved off the parabola (along its normal) by 5% of the figure size",
                 lambda c: move_point(c, "P", (x0 / (2 * p_focal), -1)), {"PB-H3": "fail", "PB-H4": "fail"},
                 operator="move_point"),
        Mutation("missing-directrix", "the directrix is not drawn", lambda c: remove(c, "d", "d.label"),
                 {"PB-S1": "fail"}, operator="remove"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"p": p_focal, "x0": x0})


@family("parabola-focus-directrix")
def parabola():
    return [_parabola("parabola-focus-directrix", 1.0, 2.5)]


# ---------------------------------------------------------------- unit circle
def _unit_circle(task_id, theta_deg):
    th = math.radians(theta_deg)
    O, P, Q = np.zeros(2), np.array([math.cos(th), math.sin(th)]), np.array([math.cos(th), 0.0])
    s = Scaffold("Sine and cosine on the unit circle", equivalences=("translation", "uniform_scaling"), scale=2.5)
    s.points(O=O, P=P, Q=Q)
    s.circle("unit", "O", radius=1.0, style=Style("blue", 1.1))
    s.segment("OP", "O", "P", Style("black", 1.0))
    s.segment("PQ", "P", "Q", Style("red", 1.2), labels=["\\sin\\theta", "sin\\theta"])
    s.segment("OQ", "O", "Q", Style("green", 1.2), labels=["\\cos\\theta", "cos\\theta"])
    s.c.text("PQ.label", "$\\sin\\theta$", (P[0] + 0.28, P[1] / 2), "plane")
    s.c.text("OQ.label", "$\\cos\\theta$", (P[0] / 2, -0.17), "plane")
    s.c.arc("angle", (0, 0), 0.25, 0, theta_deg, "plane", Style("black", 0.7))
    s.c.text("angle.label", "$\\theta$", (0.36 * math.cos(th / 2), 0.36 * math.sin(th / 2)), "plane")
    s.label_dir(O=225, Q=-60, P=60)
    c = s.finish()
    preds = [
        hard("UC-H1", "UNIT_CIRCLE", "Is the unit circle drawn, with P on it joined to O?",
             all_of(op("drawn", object="unit"), op("matches_geometry", object="unit"), op("matches_geometry", object="O"),
                    op("point_on", point="P", on="unit"), op("matches_geometry", object="P"), op("drawn", object="OP"))),
        hard("UC-H2", "PROJECTION", "Is Q the foot of the perpendicular from P to the x-axis?",
             all_of(op("perpendicular", a="PQ", b="OQ"), op("matches_geometry", object="Q"))),
        hard("UC-H3", "SINE_COSINE", "Are sin(theta) and cos(theta) attached to the right segments?",
             all_of(op("label_bound", object="PQ"), op("label_bound", object="OQ")), ["labels"]),
        labels_soft("UC-S1", 0.6, ["O", "P", "Q"]),
        layout_soft("UC-S2", 0.4),
    ]
    ir = task_ir(task_id, "trigonometry", "mappings and coordinate transformations", "Sine and cosine on the unit circle",
                 f"Draw the unit circle with the angle theta = {theta_deg:g} degrees, the point P = (cos theta, sin theta), its "
                 "projection Q on the x-axis, and mark the segments sin(theta) and cos(theta).", s.frames(), s.objects, preds)
    muts = [
        Mutation("swapped-labels", "the labels sin(theta) and cos(theta) swapped",
                 lambda c: swap_labels(c, "PQ.label", "OQ.label"), {"UC-H3": "fail"}, operator="swap_labels"),
        Mutation("moved-off-circle", "P moved off the unit circle radially by 5% of the figure size",
                 lambda c: move_off_circle(c, "P", "O"), {"UC-H1": "fail", "UC-H2": "fail"}, operator="move_off_circle"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"theta_deg": theta_deg})


@family("unit-circle")
def unit_circle():
    return [_unit_circle("unit-circle-sine-cosine", 55.0)]


# ---------------------------------------------------------------- lattice points
def _lattice(task_id, r, n):
    s = Scaffold("Lattice points in a disc", equivalences=("translation", "uniform_scaling"), scale=0.8)
    s.circle("disc", (0.0, 0.0), radius=r, style=Style("blue", 1.2), labels=[f"x^2+y^2={r * r:g}"])
    s.objects.append({"id": "inside_disc", "type": "region", "frame": "plane", "boundary": "disc"})
    count = 0
    for x in range(-n, n + 1):
        for y in range(-n, n + 1):
            inside = x * x + y * y < r * r
            count += inside
            s.c.point(f"L{x}_{y}".replace("-", "m"), (x, y), "plane", color="red" if inside else "gray")
    # the count stated in other words: "N = 21", "count: 21", "21 lattice points lie inside"
    s.text("count", f"$N({r:g}) = {count}$", (0, -n - 1.0), ir_text=f"N({r:g})={count}",
           alternatives=(f"={count}", f":{count}", f"{count} lattice points", f"{count} points"))
    lattice = [[float(x), float(y)] for x in range(-n, n + 1) for y in range(-n, n + 1)]
    s.objects.append({"id": "lattice", "type": "point_set", "frame": "plane", "kind": "explicit", "points": lattice})
    c = s.c
    preds = [
        hard("LP-H1", "DISC", f"Is the circle of radius {r:g} about the origin drawn?",
             all_of(op("drawn", object="disc"), op("matches_geometry", object="disc"))),
        hard("LP-H2", "COUNT", f"Are exactly {count} lattice points marked inside the disc?",
             op("count_inside", region="inside_disc", count=count), ["count"]),
        hard("LP-H3", "STATEMENT", "Does the figure state the count?", op("text_present", text="count"), ["text"]),
        hard("LP-H4", "LATTICE", f"Are the lattice points with |x|, |y| <= {n} marked, the circle in their scale?",
             op("matches_geometry", object="lattice")),
        layout_soft("LP-S1", 1.0),
    ]
    ir = task_ir(task_id, "number-theory", "set inclusion and coverings", "Lattice points in a disc (Gauss circle problem)",
                 f"Mark the integer lattice points with |x|, |y| <= {n}, draw the circle x^2 + y^2 = {r * r:g} and count the lattice "
                 f"points inside it.", [{"id": "plane", "kind": "plane", "equivalences": ["translation", "uniform_scaling"]}],
                 s.objects, preds)
    muts = [
        Mutation("wrong-radius", "circle drawn with radius 2.2 instead of 2.5 (fewer points inside)",
                 lambda c: scale_radius(c, "disc", 2.2 / r), {"LP-H2": "fail", "LP-H4": "fail"}, operator="scale_radius"),
        Mutation("missing-point", "the lattice point (1, 1) is not marked", lambda c: remove(c, "L1_1"),
                 {"LP-H2": "fail", "LP-H4": "fail"}, operator="remove"),
        Mutation("wrong-count", "the stated count is off by one", lambda c: replace_text(c, "count", f"$N({r:g}) = {count + 1}$"),
                 {"LP-H3": "fail"}, operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"r": r, "n": n})


@family("lattice-points")
def lattice_points():
    return [_lattice("gauss-circle-lattice", 2.5, 3)]
