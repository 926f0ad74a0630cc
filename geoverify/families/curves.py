"""Curves: osculating circles (differential geometry), flow lines of vector fields, limits of curves.

Families: the osculating circle of a curve at a point with its tangent and
curvature; a planar vector field panel with a flow line whose arrows show the
flow's sense; a spiral converging to its limit point; the tangent as the limit
of secants.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from geoverify.families.construction import Style
from geoverify.families.mutations import Mutation, remove, replace_text, reverse_arrow, scale_radius
from geoverify.families.package import TaskPackage, all_of, compile_error, hard, labels_soft, layout_soft, op, task_ir
from geoverify.families.registry import family
from geoverify.families.scaffold import Scaffold

__all__ = []

_SIMILAR = ("translation", "uniform_scaling")
_TWO_PI = 6.283185307179586


# ---------------------------------------------------------------- osculating circle
def _osculating(task_id, title, x_expr, y_expr, fx, fy, domain, t0, scale, free_extent=None):
    """An osculating circle task; ``free_extent`` (for an open curve whose extent the prompt does not
    fix) is the half-width about ``t0`` of the parameter range the curve must show."""
    # curvature, centre of curvature, tangent at t0 by central differences of the formula
    h = 1e-5
    p = np.array([fx(t0), fy(t0)])
    d1 = (np.array([fx(t0 + h), fy(t0 + h)]) - np.array([fx(t0 - h), fy(t0 - h)])) / (2 * h)
    d2 = (np.array([fx(t0 + h), fy(t0 + h)]) - 2 * p + np.array([fx(t0 - h), fy(t0 - h)])) / (h * h)
    kappa = (d1[0] * d2[1] - d1[1] * d2[0]) / np.hypot(*d1) ** 3
    nrm = np.array([-d1[1], d1[0]]) / np.hypot(*d1)
    K = p + nrm / kappa
    R = abs(1 / kappa)
    kappa_txt = f"{abs(kappa):.3g}"
    s = Scaffold(title, equivalences=_SIMILAR, scale=scale)
    tan = d1 / np.hypot(*d1)
    s.points(P=p, K=K, T=p + 1.6 * R * tan)
    s.c.curve("curve", fx, fy, domain, 400, "plane", Style("black", 1.3))
    curve = {"id": "curve", "type": "parametric_curve", "frame": "plane", "x": x_expr, "y": y_expr, "domain": list(domain)}
    if free_extent is not None:
        span = domain[1] - domain[0]
        curve.update(domain=[t0 - free_extent, t0 + free_extent], extends_to=[domain[0] - 4 * span, domain[1] + 4 * span])
    s.objects.append(curve)
    s.circle("osc", "K", radius=R, style=Style("blue", 1.1, "dashed"))
    s.segment("PK", "P", "K", Style("gray", 0.8))
    a = p - 1.6 * R * tan
    s.c.segment("tangent", tuple(a), "T", "plane", Style("red", 1.0))
    # Drawn means covering a stretch about P (half the radius either side), however long it runs.
    s.objects.append({"id": "tangent", "type": "line", "frame": "plane",
                      "through": [(p - 0.5 * R * tan).tolist(), (p + 0.5 * R * tan).tolist()]})
    s.text("kappa", f"$\\kappa = {kappa_txt}$", tuple(K + np.array([0.6 * R + 0.6, 0.0])), ir_text=f"\\kappa={kappa_txt}",
           alternatives=[f"\\kappa(P)={kappa_txt}", f"R={R:.3g}"])
    c = s.finish(labelled=["P", "K"], unlabelled=["T"])
    c.get("T").dot = False
    s.objects = [o for o in s.objects if o["id"] != "T"]  # the drawing's end of the tangent, no IR object
    preds = [
        hard("OS-H1", "CURVE", "Is the curve drawn as given?", all_of(op("drawn", object="curve"), op("matches_geometry", object="curve"))),
        hard("OS-H2", "OSCULATING", "Is the osculating circle at P drawn with the centre of curvature K and radius 1/kappa?",
             all_of(op("drawn", object="osc"), op("matches_geometry", object="osc"), op("point_on", point="P", on="osc"))),
        hard("OS-H3", "TANGENT", "Is the tangent at P tangent to both the curve's circle and normal to PK?",
             all_of(op("tangent", a="tangent", b="osc"), op("perpendicular", a="tangent", b="PK"))),
        hard("OS-H4", "CURVATURE", "Is the curvature at P stated?", op("text_present", text="kappa"), ["text", "formula"]),
        labels_soft("OS-S1", 0.6, ["P", "K"]),
        layout_soft("OS-S2", 0.4),
    ]
    ir = task_ir(task_id, "differential-geometry", "local geometric relations", title,
                 f"Draw the curve ({x_expr}, {y_expr}), the point P at t = {t0:g}, its tangent, the centre of curvature K and the "
                 "osculating circle, and state the curvature at P.", s.frames(), s.objects, preds)
    muts = [
        Mutation("wrong-radius", "the osculating circle drawn 30% too large (a tangent circle, not the osculating one)",
                 lambda c: scale_radius(c, "osc", 1.3), {"OS-H2": "fail", "OS-H3": "fail"}, operator="scale_radius"),
        Mutation("wrong-curvature", "the curvature stated as its double",
                 lambda c: replace_text(c, "kappa", f"$\\kappa = {2 * abs(kappa):.3g}$"), {"OS-H4": "fail"}, operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"x": x_expr, "y": y_expr, "t0": t0})


@family("osculating-circle")
def osculating_circle():
    return [
        _osculating("osculating-circle-parabola", "Osculating circle of a parabola at its vertex", "t", "t**2/2",
                    lambda t: t, lambda t: t * t / 2, (-2.2, 2.2), 0.0, 1.0, free_extent=1.0),
        _osculating("osculating-circle-ellipse", "Osculating circle of an ellipse at a point", "2.5*cos(t)", "1.5*sin(t)",
                    lambda t: 2.5 * np.cos(t), lambda t: 1.5 * np.sin(t), (0.0, _TWO_PI), 1.0, 1.0),
    ]


# ---------------------------------------------------------------- vector field panel
def _field(task_id, sense):
    sgn = 1.0 if sense == "ccw" else -1.0
    field_keys = []
    s = Scaffold("A rotation vector field and a flow line", equivalences=_SIMILAR, scale=0.9)
    s.points(O=(0.0, 0.0))
    for i in range(-3, 4):
        for j in range(-3, 4):
            if (i, j) == (0, 0) or abs(math.hypot(i, j) - 2.0) < 0.45:
                continue
            v = sgn * np.array([-j, i]) * 0.16
            p = np.array([i, j], dtype=float)
            field_keys.append(f"F{i}_{j}".replace("-", "m"))
            s.c.segment(field_keys[-1], tuple(p - v), tuple(p + v), "plane", Style("gray", 0.6), arrow_end=True)
    s.c.curve("flow", lambda t: 2 * np.cos(sgn * t), lambda t: 2 * np.sin(sgn * t), (0, _TWO_PI), 241, "plane",
              Style("blue", 1.4), closed=True, mid_arrows=[0.1, 0.35, 0.6, 0.85])
    s.objects.append({"id": "flow", "type": "circle", "frame": "plane", "center": "O", "radius": 2.0, "labels": ["\\gamma"]})
    s.c.text("flow.label", "$\\gamma$", (1.6, 1.75), "plane")
    field_tex = "(-y, x)" if sense == "ccw" else "(y, -x)"
    s.text("field", f"$F(x, y) = {field_tex}$", (0, -3.9), ir_text=f"F(x,y)={field_tex}")
    s.label_dir(O=-135)
    c = s.finish()
    preds = [
        hard("VF-H1", "FLOW_LINE", "Is the flow line through (2, 0) drawn (the circle of radius 2)?",
             all_of(op("drawn", object="flow"), op("matches_geometry", object="flow"))),
        hard("VF-H2", "SENSE", f"Do the arrows on the flow line run {'counter-clockwise' if sense == 'ccw' else 'clockwise'}?",
             op("traversal_direction", curve="flow", orientation=sense, point="O"), ["arrows"]),
        hard("VF-H3", "FIELD", "Is the field named?", op("text_present", text="field"), ["text", "formula"]),
        # The field plot itself: its arrows must turn the way F does (u + iv = i z for (-y, x)).
        hard("VF-H4", "FIELD_PLOT", "Is the field drawn on a grid, its arrows pointing the way F does?",
             op("field_arrows", field="I*z" if sense == "ccw" else "-I*z", at="O"), ["arrows"]),
        labels_soft("VF-S1", 0.5, ["flow", "O"]),
        layout_soft("VF-S2", 0.5),
    ]
    ir = task_ir(task_id, "vector-calculus", "vector field panels", "Rotation field and a flow line",
                 f"Draw the vector field F(x, y) = {field_tex} on a grid and its flow line through (2, 0) with arrows showing the "
                 "sense of the flow.", s.frames(), s.objects, preds)
    muts = [
        Mutation("reversed-flow", "the flow line's arrows run the wrong way", lambda c: reverse_arrow(c, "flow"), {"VF-H2": "fail"},
                 operator="reverse_arrow"),
        Mutation("wrong-field", "the field named with the wrong sign", lambda c: replace_text(c, "field", "$F(x, y) = (x, y)$"),
                 {"VF-H3": "fail"}, operator="replace_text"),
        Mutation("reversed-field", "every field arrow reversed (the field of the other sense)",
                 lambda c: functools.reduce(reverse_arrow, field_keys, c), {"VF-H4": "fail"}, operator="reverse_arrow"),
        Mutation("missing-field", "the field plot left out (the flow line and the formula only)",
                 lambda c: remove(c, *field_keys), {"VF-H4": "fail"}, operator="remove"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"sense": sense})


@family("vector-field-flow")
def vector_field_flow():
    return [_field("vector-field-rotation", "ccw"), _field("vector-field-rotation-cw", "cw")]


# ---------------------------------------------------------------- spiral limit
def _spiral(task_id, decay, turns):
    s = Scaffold("A spiral converging to its limit", equivalences=_SIMILAR, scale=1.3)
    s.points(S=(2.0, 0.0))
    T = turns * _TWO_PI
    s.c.curve("spiral", lambda t: 2 * np.exp((-decay + 1j) * t), domain=(0.0, T), n=600, panel="plane",
              style=Style("blue", 1.2), mid_arrows=[0.05, 0.2, 0.4])
    s.objects.append({"id": "spiral", "type": "parametric_curve", "frame": "plane", "z": f"2*exp((-{decay:g} + I)*t)",
                      "domain": [0.0, T], "labels": ["z(t)"]})
    s.c.text("spiral.label", "$z(t)$", (-1.25, 1.25), "plane")
    s.text("limit", "$\\lim_{t \\to \\infty} z(t) = 0$", (0, -2.6), ir_text="\\lim_{t\\to\\infty}z(t)=0",
           alternatives=["z(t)\\to0", "\\lim z(t)=0"])
    s.label_dir(S=-45)
    c = s.finish()
    c.get("S.label").text = "$z(0)$"
    for o in s.objects:
        if o["id"] == "S":
            o["labels"] = ["z(0)"]
    preds = [
        hard("SP-H1", "CURVE", "Is the spiral z(t) = 2 exp((-a + i) t) drawn?",
             all_of(op("drawn", object="spiral"), op("matches_geometry", object="spiral"))),
        hard("SP-H2", "DIRECTION", "Do the arrows show increasing t (inwards)?",
             op("traversal_direction", curve="spiral", orientation="forward"), ["arrows"]),
        hard("SP-H3", "LIMIT", "Is the limit stated?", op("text_present", text="limit"), ["text"]),
        labels_soft("SP-S1", 0.5, ["S", "spiral"]),
        layout_soft("SP-S2", 0.5),
    ]
    ir = task_ir(task_id, "real-analysis", "parametric curves and limits", "A spiral and its limit",
                 f"Draw the spiral z(t) = 2 exp((-{decay:g} + i) t), 0 <= t <= {turns} * 2 pi, with arrows for increasing t, mark z(0) "
                 "and state the limit.", s.frames(), s.objects, preds)
    muts = [
        Mutation("reversed-arrows", "the arrows point outwards (decreasing t)", lambda c: reverse_arrow(c, "spiral"), {"SP-H2": "fail"},
                 operator="reverse_arrow"),
        Mutation("wrong-limit", "the limit stated as 2", lambda c: replace_text(c, "limit", "$\\lim_{t \\to \\infty} z(t) = 2$"),
                 {"SP-H3": "fail"}, operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"decay": decay, "turns": turns})


@family("spiral-limit")
def spiral_limit():
    return [_spiral("spiral-limit", 0.18, 2.5)]


# ---------------------------------------------------------------- tangent as a limit of secants
def _secant(task_id, x0, x1):
    f = lambda x: x * x / 2  # noqa: E731
    P, Q = np.array([x0, f(x0)]), np.array([x1, f(x1)])
    s = Scaffold("The tangent as the limit of secants", equivalences=_SIMILAR)
    s.points(P=P, Q=Q)
    s.c.curve("graph", lambda t: t, lambda t: t * t / 2, (-1.0, 2.6), 300, "plane", Style("black", 1.3))
    # The prompt fixes no extent: the graph must show P and Q, and may run on either side.
    s.objects.append({"id": "graph", "type": "parametric_curve", "frame": "plane", "x": "t", "y": "t**2/2", "domain": [x0, x1],
                      "extends_to": [x0 - 15.0, x1 + 15.0]})
    slope = x0
    A, B = P - 1.3 * np.array([1, slope]), P + 1.1 * np.array([1, slope])
    s.c.segment("tangent", tuple(A), tuple(B), "plane", Style("red", 1.2))
    # Drawn means covering a stretch about P (half a unit of x either side), however long it runs.
    near = [(P - 0.5 * np.array([1, slope])).tolist(), (P + 0.5 * np.array([1, slope])).tolist()]
    s.objects.append({"id": "tangent", "type": "line", "frame": "plane", "through": near})
    u = (Q - P) / np.hypot(*(Q - P))
    s.c.segment("secant", tuple(P - 0.8 * u), tuple(Q + 0.6 * u), "plane", Style("blue", 1.0, "dashed"))
    s.objects.append({"id": "secant", "type": "line", "frame": "plane", "through": ["P", "Q"]})
    s.text("slope", f"$f'({x0:g}) = {slope:g}$", (-0.6, 2.6), ir_text=f"f'({x0:g})={slope:g}")
    s.label_dir(P=-30, Q=-30)
    c = s.finish()
    preds = [
        hard("SC-H1", "GRAPH", "Is the graph of x^2/2 drawn?", all_of(op("drawn", object="graph"), op("matches_geometry", object="graph"))),
        hard("SC-H2", "SECANT", "Does the secant pass through P and Q on the graph?",
             all_of(op("drawn", object="secant"), op("point_on", point="P", on="graph"), op("point_on", point="Q", on="graph"))),
        hard("SC-H3", "TANGENT", f"Is the tangent at P drawn with slope {slope:g}?",
             all_of(op("drawn", object="tangent"), op("point_on", point="P", on="tangent")), ["geometry"]),
        hard("SC-H4", "DERIVATIVE", "Is the derivative at P stated?", op("text_present", text="slope"), ["text", "formula"]),
        labels_soft("SC-S1", 0.5, ["P", "Q"]),
        layout_soft("SC-S2", 0.5),
    ]
    ir = task_ir(task_id, "real-analysis", "parametric curves and limits", "The tangent as the limit of secants",
                 f"Draw the graph of f(x) = x^2/2, the points P at x = {x0:g} and Q at x = {x1:g}, the secant PQ and the tangent at P, "
                 f"and state f'({x0:g}).", s.frames(), s.objects, preds)

    def steeper(con):
        out = con.copy()
        t = out.get("tangent")
        t.points = [tuple(P - 1.3 * np.array([1, slope * 1.35])), tuple(P + 1.1 * np.array([1, slope * 1.35]))]
        return out

    muts = [
        Mutation("wrong-tangent", "the tangent drawn 35% too steep", steeper, {"SC-H3": "fail"}, operator="wrong_formula"),
        Mutation("missing-secant", "the secant PQ is not drawn", lambda c: remove(c, "secant"), {"SC-H2": "fail"}, operator="remove"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"x0": x0, "x1": x1})


@family("secant-tangent")
def secant_tangent():
    return [_secant("secant-tangent-limit", 1.0, 2.0)]
