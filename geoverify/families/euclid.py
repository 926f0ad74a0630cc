"""Olympiad Euclidean geometry: local relations and proof auxiliary constructions.

Families: circumcircle and orthocentre of a triangle, tangents from an external
point, the incircle, Thales' theorem, the midline of a triangle. Each instance
is a triangle or circle given by numbers; every derived point (circumcentre,
orthocentre, feet, contact points) is computed here and written into the IR.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.families.construction import Style
from geoverify.families.mutations import (Mutation, merge_point, move_off_circle, move_point, remove, scale_radius,
                                          swap_labels)
from geoverify.families.package import (
    TaskPackage, all_of, compile_error, fmt_xy, hard, labels_soft, layout_soft, op, task_ir,
)
from geoverify.families.registry import family
from geoverify.families.scaffold import Scaffold

__all__ = ["circumcentre", "orthocentre", "foot", "incircle", "tangent_points"]

DISC = "euclidean-geometry"


def circumcentre(a, b, c) -> np.ndarray:
    a, b, c = map(np.asarray, (a, b, c))
    d = 2 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]))
    ux = ((a @ a) * (b[1] - c[1]) + (b @ b) * (c[1] - a[1]) + (c @ c) * (a[1] - b[1])) / d
    uy = ((a @ a) * (c[0] - b[0]) + (b @ b) * (a[0] - c[0]) + (c @ c) * (b[0] - a[0])) / d
    return np.array([ux, uy])


def orthocentre(a, b, c) -> np.ndarray:
    a, b, c = map(np.asarray, (a, b, c))
    return a + b + c - 2 * circumcentre(a, b, c)


def foot(p, a, b) -> np.ndarray:
    p, a, b = map(np.asarray, (p, a, b))
    d = b - a
    return a + ((p - a) @ d) / (d @ d) * d


def incircle(a, b, c) -> tuple[np.ndarray, float]:
    a, b, c = map(np.asarray, (a, b, c))
    la, lb, lc = np.hypot(*(b - c)), np.hypot(*(c - a)), np.hypot(*(a - b))
    i = (la * a + lb * b + lc * c) / (la + lb + lc)
    s = (la + lb + lc) / 2
    area = abs((b - a)[0] * (c - a)[1] - (b - a)[1] * (c - a)[0]) / 2
    return i, area / s


def tangent_points(o, r, p) -> tuple[np.ndarray, np.ndarray]:
    o, p = np.asarray(o, float), np.asarray(p, float)
    d = np.hypot(*(p - o))
    base = math.atan2(*(p - o)[::-1])
    alpha = math.acos(r / d)
    return (o + r * np.array([math.cos(base + alpha), math.sin(base + alpha)]),
            o + r * np.array([math.cos(base - alpha), math.sin(base - alpha)]))


def _triangle_hard(pid, sides=("AB", "BC", "CA")):
    """Hard predicate: the triangle's sides are drawn and A, B, C sit at the prompt's coordinates (so the labels are pinned)."""
    return hard(pid, "TRIANGLE", "Is triangle ABC drawn with the given vertices A, B, C?",
                all_of(*[op("drawn", object=e) for e in sides], *[op("matches_geometry", object=v) for v in "ABC"]))


def _perp_dir(a, b):
    d = np.asarray(b) - np.asarray(a)
    return (-d[1], d[0])


# ---------------------------------------------------------------- circumcircle and orthocentre
def _circ_ortho(task_id, A, B, C):
    A, B, C = map(np.asarray, (A, B, C))
    O, H = circumcentre(A, B, C), orthocentre(A, B, C)
    D, E, F = foot(A, B, C), foot(B, C, A), foot(C, A, B)
    s = Scaffold("Circumcircle and orthocentre of triangle ABC", scale=1.0)
    s.points(A=A, B=B, C=C, O=O, H=H, D=D, E=E, F=F)
    side = Style("black", 1.0)
    s.segment("AB", "A", "B", side)
    s.segment("BC", "B", "C", side)
    s.segment("CA", "C", "A", side)
    alt = Style("red", 0.8, "dashed")
    s.segment("AD", "A", "D", alt)
    s.segment("BE", "B", "E", alt)
    s.segment("CF", "C", "F", alt)
    s.circle("Gamma", "O", through="A", style=Style("blue", 1.1), labels=["\\Gamma"], label_at=200)
    c = s.finish(labelled=["A", "B", "C", "O", "H"])
    preds = [
        hard("EG-H1", "CIRCUMCIRCLE", "Does the circle pass through A, B and C?",
             all_of(op("drawn", object="Gamma"), op("point_on", point="A", on="Gamma"), op("point_on", point="B", on="Gamma"),
                    op("point_on", point="C", on="Gamma"))),
        hard("EG-H2", "CIRCUMCENTRE", "Is O marked at the circumcentre?", op("matches_geometry", object="O")),
        hard("EG-H3", "ALTITUDES", "Are the three altitudes drawn, each perpendicular to its side with its foot on the side?",
             all_of(op("drawn", object="AD"), op("drawn", object="BE"), op("drawn", object="CF"),
                    op("perpendicular", a="AD", b="BC"), op("perpendicular", a="BE", b="CA"), op("perpendicular", a="CF", b="AB"),
                    op("point_on", point="D", on="BC"), op("point_on", point="E", on="CA"), op("point_on", point="F", on="AB"))),
        hard("EG-H4", "ORTHOCENTRE", "Is H the common point of the three altitudes?",
             all_of(op("point_on", point="H", on="AD"), op("point_on", point="H", on="BE"), op("point_on", point="H", on="CF"))),
        _triangle_hard("EG-H5"),
        labels_soft("EG-S1", 0.6, ["A", "B", "C", "O", "H"]),
        layout_soft("EG-S2", 0.4),
    ]
    ir = task_ir(task_id, DISC, "local geometric relations", "Circumcircle and orthocentre of a triangle",
                 f"Draw triangle ABC with A={fmt_xy(A)}, B={fmt_xy(B)}, C={fmt_xy(C)}, its circumcircle Gamma with centre O, "
                 "the three altitudes AD, BE, CF and the orthocentre H.", s.frames(), s.objects, preds)
    muts = [
        Mutation("wrong-orthocentre", "H moved off the altitudes by 5% of the figure size",
                 lambda c: move_point(c, "H", H - O), {"EG-H4": "fail"}, operator="move_point"),
        Mutation("wrong-radius", "the circumcircle drawn with a 10% larger radius",
                 lambda c: scale_radius(c, "Gamma", 1.1), {"EG-H1": "fail"}, operator="scale_radius"),
        Mutation("missing-altitude", "the altitude CF is not drawn", lambda c: remove(c, "CF"), {"EG-H3": "fail"},
                 operator="remove"),
        Mutation("swapped-labels", "labels O and H swapped", lambda c: swap_labels(c, "O.label", "H.label"),
                 {"EG-H2": "fail", "EG-H4": "fail"}, operator="swap_labels"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"A": A.tolist(), "B": B.tolist(), "C": C.tolist()})


@family("circumcircle-orthocentre")
def circumcircle_orthocentre():
    return [_circ_ortho("circumcircle-orthocentre", (0, 0), (6, 0), (1.8, 4.2)),
            _circ_ortho("circumcircle-orthocentre-b", (0, 0), (6.0, 0), (4.6, 4.4))]


# ---------------------------------------------------------------- tangents from an external point
def _tangents(task_id, r, P):
    O = np.zeros(2)
    P = np.asarray(P, float)
    T1, T2 = tangent_points(O, r, P)
    s = Scaffold("Tangents from an external point P to a circle")
    s.points(O=O, P=P, T1=T1, T2=T2)
    s.circle("omega", "O", radius=r, style=Style("blue", 1.1), labels=["\\omega"], label_at=225)
    s.segment("PT1", "P", "T1", Style("black", 1.0))
    s.segment("PT2", "P", "T2", Style("black", 1.0))
    s.segment("OT1", "O", "T1", Style("gray", 0.8, "dashed"))
    s.segment("OT2", "O", "T2", Style("gray", 0.8, "dashed"))
    s.segment("OP", "O", "P", Style("gray", 0.6, "dotted"), ir=False)
    s.label_dir(O=180)
    c = s.finish()
    preds = [
        hard("TG-H1", "CIRCLE", "Is the circle drawn with centre O and the given radius, and P at its given position?",
             all_of(op("drawn", object="omega"), op("matches_geometry", object="omega"), op("matches_geometry", object="O"),
                    op("matches_geometry", object="P"))),
        hard("TG-H2", "TANGENCY", "Are both lines PT1 and PT2 tangent to the circle?",
             all_of(op("drawn", object="PT1"), op("drawn", object="PT2"), op("tangent", a="PT1", b="omega"),
                    op("tangent", a="PT2", b="omega"))),
        hard("TG-H3", "CONTACT", "Are the two contact points on the circle, where the tangents from P touch it?",
             all_of(op("point_on", point="T1", on="omega"), op("point_on", point="T2", on="omega"),
                    op("matches_geometry", object="T1"), op("matches_geometry", object="T2"))),
        hard("TG-H4", "RIGHT_ANGLE", "Is each radius to a contact point perpendicular to the tangent?",
             all_of(op("drawn", object="OT1"), op("drawn", object="OT2"), op("perpendicular", a="OT1", b="PT1"),
                    op("perpendicular", a="OT2", b="PT2"))),
        hard("TG-H5", "EQUAL_TANGENTS", "Are the two tangent segments equal?", op("equal_length", a="PT1", b="PT2")),
        labels_soft("TG-S1", 0.6, ["O", "P", "T1", "T2"]),
        layout_soft("TG-S2", 0.4),
    ]
    ir = task_ir(task_id, DISC, "proof auxiliary constructions", "Tangents from an external point to a circle",
                 f"Draw the circle omega with centre O=(0,0) and radius {r:g}, the external point P={fmt_xy(P)}, the two tangents "
                 "PT1 and PT2 with their contact points, and the radii OT1, OT2.", s.frames(), s.objects, preds)
    muts = [
        Mutation("moved-off-circle", "contact point T1 moved off the circle by 5% of the figure size (radially)",
                 lambda c: move_off_circle(c, "T1", "O"), {"TG-H2": "fail", "TG-H3": "fail", "TG-H4": "fail"},
                 operator="move_off_circle"),
        Mutation("wrong-radius", "circle drawn with a 15% larger radius", lambda c: scale_radius(c, "omega", 1.15),
                 {"TG-H1": "fail", "TG-H2": "fail", "TG-H3": "fail"}, operator="scale_radius"),
        Mutation("missing-tangent", "the second tangent PT2 is not drawn", lambda c: remove(c, "PT2"), {"TG-H2": "fail"},
                 operator="remove"),
        Mutation("one-contact-point", "T2 drawn at T1: both tangents (and radii) go to one contact point",
                 lambda c: merge_point(c, "T2", "T1"), {"TG-H3": "fail"}, operator="merge_point"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"r": r, "P": P.tolist()})


@family("tangents-external-point")
def tangents_external_point():
    return [_tangents("tangents-external-point", 2.0, (5.0, 1.0)), _tangents("tangents-external-point-b", 1.5, (-1.0, 4.5))]


# ---------------------------------------------------------------- incircle
def _incircle(task_id, A, B, C):
    A, B, C = map(np.asarray, (A, B, C))
    I, r = incircle(A, B, C)
    D, E, F = foot(I, B, C), foot(I, C, A), foot(I, A, B)
    s = Scaffold("Incircle of triangle ABC")
    s.points(A=A, B=B, C=C, I=I, D=D, E=E, F=F)
    side = Style("black", 1.0)
    s.segment("AB", "A", "B", side)
    s.segment("BC", "B", "C", side)
    s.segment("CA", "C", "A", side)
    s.segment("ID", "I", "D", Style("gray", 0.7, "dashed"))
    s.circle("omega", "I", radius=r, style=Style("blue", 1.1))
    s.label_dir(I=160)
    c = s.finish(labelled=["A", "B", "C", "I", "D", "E", "F"])
    preds = [
        hard("IC-H1", "TANGENCY", "Is the circle tangent to all three sides?",
             all_of(op("drawn", object="omega"), op("tangent", a="AB", b="omega"), op("tangent", a="BC", b="omega"),
                    op("tangent", a="CA", b="omega"))),
        hard("IC-H2", "INCENTRE", "Is I the incentre (the centre of the inscribed circle)?", op("matches_geometry", object="I")),
        hard("IC-H3", "CONTACT", "Are the contact points D, E, F on the circle and on the sides?",
             all_of(op("point_on", point="D", on="omega"), op("point_on", point="E", on="omega"), op("point_on", point="F", on="omega"),
                    op("point_on", point="D", on="BC"), op("point_on", point="E", on="CA"), op("point_on", point="F", on="AB"))),
        hard("IC-H4", "RADIUS", "Is the radius ID drawn, perpendicular to BC?",
             all_of(op("drawn", object="ID"), op("perpendicular", a="ID", b="BC"))),
        _triangle_hard("IC-H5"),
        labels_soft("IC-S1", 0.6, ["A", "B", "C", "I", "D", "E", "F"]),
        layout_soft("IC-S2", 0.4),
    ]
    ir = task_ir(task_id, DISC, "proof auxiliary constructions", "Incircle of a triangle",
                 f"Draw triangle ABC with A={fmt_xy(A)}, B={fmt_xy(B)}, C={fmt_xy(C)}, its incircle with centre I and the contact "
                 "points D, E, F on BC, CA, AB, and the radius ID.", s.frames(), s.objects, preds)
    muts = [
        Mutation("wrong-radius", "the incircle drawn with a 12% larger radius", lambda c: scale_radius(c, "omega", 1.12),
                 {"IC-H1": "fail", "IC-H3": "fail"}, operator="scale_radius"),
        Mutation("moved-off-side", "contact point D moved off BC (and off the circle) by 5% of the figure size",
                 lambda c: move_point(c, "D", D - I), {"IC-H3": "fail"}, operator="move_off_line"),
        Mutation("swapped-labels", "labels D and E swapped", lambda c: swap_labels(c, "D.label", "E.label"),
                 {"IC-H3": "fail", "IC-H4": "fail"}, operator="swap_labels"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"A": A.tolist(), "B": B.tolist(), "C": C.tolist()})


@family("incircle")
def incircle_family():
    return [_incircle("incircle", (0, 0), (6, 0), (2, 4)), _incircle("incircle-b", (0, 0), (5, 0), (4.2, 3.6))]


# ---------------------------------------------------------------- Thales
def _thales(task_id, r, theta_deg):
    A, B, O = np.array([-r, 0.0]), np.array([r, 0.0]), np.zeros(2)
    C = r * np.array([math.cos(math.radians(theta_deg)), math.sin(math.radians(theta_deg))])
    s = Scaffold("Thales' theorem: the angle in a semicircle is a right angle")
    s.points(A=A, B=B, O=O, C=C)
    s.circle("k", "O", radius=r, style=Style("blue", 1.1))
    s.segment("AB", "A", "B", Style("black", 1.0))
    s.segment("AC", "A", "C", Style("black", 1.0))
    s.segment("BC", "B", "C", Style("black", 1.0))
    s.label_dir(O=-90, A=180, B=0)
    c = s.finish()
    preds = [
        hard("TH-H1", "DIAMETER", "Is the diameter AB drawn (O its midpoint, A and B on the circle)?",
             all_of(op("drawn", object="k"), op("drawn", object="AB"), op("midpoint", point="O", segment="AB"), op("point_on", point="A", on="k"),
                    op("point_on", point="B", on="k"))),
        hard("TH-H2", "ON_CIRCLE", "Does C lie on the circle, and are A, B, C at their given positions?",
             all_of(op("point_on", point="C", on="k"), *[op("matches_geometry", object=v) for v in "ABC"])),
        hard("TH-H3", "RIGHT_ANGLE", "Are the chords AC and BC drawn, meeting at a right angle at C?",
             all_of(op("drawn", object="AC"), op("drawn", object="BC"), op("perpendicular", a="AC", b="BC"),
                    op("angle_value", vertex="C", from_="A", to="B", degrees=90))),
        labels_soft("TH-S1", 0.6, ["A", "B", "C", "O"]),
        layout_soft("TH-S2", 0.4),
    ]
    ir = task_ir(task_id, DISC, "local geometric relations", "Thales' theorem",
                 f"Draw a circle with centre O=(0, 0) and radius {r:g}, the diameter AB with A={fmt_xy(A)}, B={fmt_xy(B)}, the point "
                 f"C on the circle at angle {theta_deg:g} degrees, C={fmt_xy(np.round(C, 3))}, and the triangle ABC showing the right "
                 "angle at C.", s.frames(), s.objects, preds)
    muts = [
        Mutation("moved-off-circle", "C moved off the circle by 5% of the figure size (radially)",
                 lambda c: move_off_circle(c, "C", "O"), {"TH-H2": "fail", "TH-H3": "fail"}, operator="move_off_circle"),
        Mutation("off-centre", "O moved off the midpoint of AB by 5% of the figure size",
                 lambda c: move_point(c, "O", (1, 0)), {"TH-H1": "fail"}, operator="move_point"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"r": r, "theta_deg": theta_deg})


@family("thales")
def thales():
    return [_thales("thales-right-angle", 2.5, 62.0)]


# ---------------------------------------------------------------- midline
def _midline(task_id, A, B, C):
    A, B, C = map(np.asarray, (A, B, C))
    M, N = (A + B) / 2, (A + C) / 2
    s = Scaffold("Midline theorem")
    s.points(A=A, B=B, C=C, M=M, N=N)
    side = Style("black", 1.0)
    s.segment("AB", "A", "B", side)
    s.segment("BC", "B", "C", side)
    s.segment("AC", "A", "C", side)
    s.segment("MN", "M", "N", Style("red", 1.2))
    c = s.finish()
    preds = [
        hard("ML-H1", "MIDPOINTS", "Are M and N the midpoints of AB and AC?",
             all_of(op("midpoint", point="M", segment="AB"), op("midpoint", point="N", segment="AC"))),
        hard("ML-H2", "PARALLEL", "Is MN drawn parallel to BC?", all_of(op("drawn", object="MN"), op("parallel", a="MN", b="BC"))),
        _triangle_hard("ML-H3", sides=("AB", "BC", "AC")),
        labels_soft("ML-S1", 0.6, ["A", "B", "C", "M", "N"]),
        layout_soft("ML-S2", 0.4),
    ]
    ir = task_ir(task_id, DISC, "local geometric relations", "Midline of a triangle",
                 f"Draw triangle ABC with A={fmt_xy(A)}, B={fmt_xy(B)}, C={fmt_xy(C)}, the midpoints M of AB and N of AC, and the "
                 "midline MN parallel to BC.", s.frames(), s.objects, preds)
    muts = [
        Mutation("moved-midpoint", "N moved along AC by 5% of the figure size (no longer the midpoint)",
                 lambda c: move_point(c, "N", C - A), {"ML-H1": "fail", "ML-H2": "fail"}, operator="move_point"),
        Mutation("missing-midline", "MN is not drawn", lambda c: remove(c, "MN"), {"ML-H2": "fail"}, operator="remove"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"A": A.tolist(), "B": B.tolist(), "C": C.tolist()})


@family("midline")
def midline():
    return [_midline("midline", (1.5, 4), (0, 0), (6, 0)), _midline("midline-b", (4.5, 3.5), (0, 0), (5.5, 0.5))]
