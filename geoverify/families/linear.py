"""Linear algebra: a linear map on the unit square, orthogonal projection, eigenvectors.

Families: the image of the unit square under a 2x2 matrix (two panels, each a
frame with translation and uniform scaling only, so shape is checked), the
orthogonal projection of a vector onto a line, and the eigen-directions of a
symmetric matrix with a vector and its image along one of them.
"""

from __future__ import annotations

import numpy as np

from geoverify.families.construction import Construction, Style
from geoverify.families.mutations import Mutation, remove, reverse_arrow, swap_labels
from geoverify.families.package import (
    TaskPackage, all_of, compile_error, fmt_xy, hard, labels_soft, layout_soft, op, task_ir,
)
from geoverify.families.registry import family
from geoverify.families.scaffold import Scaffold

__all__ = []

_SIMILAR = ["translation", "uniform_scaling"]


def _pt(oid, frame, xy, label=None):
    o = {"id": oid, "type": "point", "frame": frame, "coords": [float(xy[0]), float(xy[1])]}
    if label:
        o["labels"] = [label]
    return o


# ---------------------------------------------------------------- image of the unit square
def _linear_map(task_id, M):
    M = np.asarray(M, dtype=float)
    c = Construction("A linear map on the unit square")
    span = np.abs(M).sum(axis=1).max() + 0.5
    c.panel("domain", (0.0, 0.0), 2.0)
    c.panel("image", (4.5, 0.0), 2.4 / span)
    objects = []
    corners = {"O": (0, 0), "E1": (1, 0), "E12": (1, 1), "E2": (0, 1)}
    for k, xy in corners.items():
        img = M @ np.asarray(xy, dtype=float)
        c.point(k, xy, "domain", dot=k != "E12")
        c.point("F" + k[1:] if k != "O" else "FO", tuple(img), "image", dot=k != "E12")
        objects.append(_pt(k, "domain", xy))
        objects.append(_pt("F" + k[1:] if k != "O" else "FO", "image", img))
    c.polygon("square", ["O", "E1", "E12", "E2"], "domain", Style("blue", 1.0, fill="lightblue"))
    c.polygon("para", ["FO", "F1", "F12", "F2"], "image", Style("red", 1.0, fill="lightred"))
    objects.append({"id": "square", "type": "polygon", "frame": "domain", "vertices": ["O", "E1", "E12", "E2"]})
    objects.append({"id": "para", "type": "polygon", "frame": "image", "vertices": ["FO", "F1", "F12", "F2"]})
    # The labels name the vectors (the arrows), not their tips: "e_1" is as often set beside the
    # middle of its arrow as beyond its tip.
    vector_labels = {"v1": "e_1", "v2": "e_2", "w1": "Ae_1", "w2": "Ae_2"}
    for vid, a, b, pan, st in (("v1", "O", "E1", "domain", "black"), ("v2", "O", "E2", "domain", "black"),
                               ("w1", "FO", "F1", "image", "black"), ("w2", "FO", "F2", "image", "black")):
        c.segment(vid, a, b, pan, Style(st, 1.4), arrow_end=True)
        objects.append({"id": vid, "type": "segment", "frame": pan, "through": [a, b], "labels": [vector_labels[vid]]})
    # labels beside the arrow tips, pointing away from the shape
    # labels just beyond the arrow tips, along the vectors
    c.label("E1.label", "$e_1$", "E1", -30)
    c.label("E2.label", "$e_2$", "E2", 120)
    a1, a2 = (float(np.degrees(np.arctan2(*(M @ e)[::-1]))) for e in ([1, 0], [0, 1]))
    c.label("F1.label", "$Ae_1$", "F1", a1 - 25 if a1 < a2 else a1 + 25)
    c.label("F2.label", "$Ae_2$", "F2", a2 + 25 if a1 < a2 else a2 - 25)
    mat = f"A = [[{M[0, 0]:g}, {M[0, 1]:g}], [{M[1, 0]:g}, {M[1, 1]:g}]]"
    c.text("arrow", "$A$", (3.3, 1.2), "main")
    c.segment("map", (2.7, 0.9), (3.9, 0.9), "main", Style("gray", 0.8), arrow_end=True)
    frames = [{"id": "domain", "kind": "panel", "equivalences": _SIMILAR}, {"id": "image", "kind": "panel", "equivalences": _SIMILAR}]
    preds = [
        hard("LM-H1", "DOMAIN", "Is the unit square drawn with e1 and e2 as arrows along its sides?",
             all_of(op("drawn", object="square"), op("traversal_direction", curve="v1", orientation="forward"),
                    op("traversal_direction", curve="v2", orientation="forward"))),
        hard("LM-H2", "IMAGE", "Is the image parallelogram spanned by A e1 and A e2 drawn?",
             all_of(op("drawn", object="para"), op("matches_geometry", object="F1"), op("matches_geometry", object="F2"),
                    op("label_bound", object="w1"), op("label_bound", object="w2"))),
        hard("LM-H3", "IMAGE_VECTORS", "Are A e1 and A e2 drawn as arrows from the origin?",
             all_of(op("traversal_direction", curve="w1", orientation="forward"),
                    op("traversal_direction", curve="w2", orientation="forward")), ["arrows"]),
        labels_soft("LM-S1", 0.6, ["v1", "v2", "w1", "w2"]),
        layout_soft("LM-S2", 0.4),
    ]
    ir = task_ir(task_id, "linear-algebra", "mappings and coordinate transformations", "Image of the unit square under a linear map",
                 f"Draw the unit square with e1, e2 and, in a second panel, its image under {mat}, "
                 "with the image vectors A e1 and A e2.", frames, objects, preds)
    muts = [
        Mutation("reversed-arrow", "the arrow of A e1 points to the origin", lambda c: reverse_arrow(c, "w1"), {"LM-H3": "fail"},
                 operator="reverse_arrow"),
        Mutation("swapped-labels", "labels A e1 and A e2 swapped", lambda c: swap_labels(c, "F1.label", "F2.label"),
                 {"LM-H2": "fail", "LM-S1": "fail"}, operator="swap_labels"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"A": M.tolist()})


@family("linear-map-square")
def linear_map_square():
    return [_linear_map("linear-map-unit-square", [[2, 1], [0, 1]]), _linear_map("linear-map-unit-square-b", [[1, -1], [1, 2]])]


# ---------------------------------------------------------------- orthogonal projection
def _projection(task_id, u, v):
    u, v = np.asarray(u, float), np.asarray(v, float)
    uh = u / np.hypot(*u)
    p = (v @ uh) * uh
    s = Scaffold("Orthogonal projection onto a line", equivalences=("translation", "uniform_scaling", "rotation"))
    s.points(O=(0, 0), V=v, P=p, U=2.2 * uh)
    s.line("L", "O", "U", extend=0.25, style=Style("gray", 1.0), labels=["L"])
    s.c.text("L.label", "$L$", tuple(2.6 * uh + 0.3 * np.array([uh[1], -uh[0]])), "plane")
    s.segment("OV", "O", "V", Style("blue", 1.4), arrow_end=True)
    s.segment("OP", "O", "P", Style("red", 1.4), arrow_end=True)
    s.segment("VP", "V", "P", Style("black", 0.8, "dashed"))
    s.label_dir(V=float(np.degrees(np.arctan2(v[1], v[0]))) + 20, P=float(np.degrees(np.arctan2(-uh[0], uh[1]))) + 180, O=225)
    c = s.finish(labelled=["O", "V", "P"], unlabelled=["U"], marker=True)
    c.get("U").dot = False
    c.get("V.label").text = "$v$"
    c.get("P.label").text = "$\\mathrm{proj}_L v$"
    for o in s.objects:
        if o["id"] == "V":
            o["labels"] = ["v"]
        if o["id"] == "P":
            o["labels"] = ["\\mathrm{proj}_L v", "proj_Lv", "proj_L v"]
    preds = [
        hard("PR-H1", "FOOT", "Is the line L drawn with the projection on it, and O, v and proj_L v at their given positions?",
             all_of(op("drawn", object="L"), op("point_on", point="P", on="L"),
                    *[op("matches_geometry", object=k) for k in ("O", "V", "P")])),
        hard("PR-H2", "ORTHOGONAL", "Is v - proj v drawn perpendicular to L?",
             all_of(op("drawn", object="VP"), op("perpendicular", a="VP", b="L"))),
        hard("PR-H3", "VECTORS", "Are v and its projection drawn as arrows from the origin?",
             all_of(op("traversal_direction", curve="OV", orientation="forward"), op("traversal_direction", curve="OP", orientation="forward")),
             ["arrows"]),
        labels_soft("PR-S1", 0.6, ["V", "P"]),
        layout_soft("PR-S2", 0.4),
    ]
    ir = task_ir(task_id, "linear-algebra", "proof auxiliary constructions", "Orthogonal projection of a vector onto a line",
                 f"Draw the line L spanned by {fmt_xy(u)}, the vector v = {fmt_xy(v)}, its orthogonal projection onto L and the "
                 "perpendicular from v to L.", s.frames(), s.objects, preds)
    muts = [
        Mutation("missing-perpendicular", "the perpendicular from v to L is not drawn", lambda c: remove(c, "VP"),
                 {"PR-H2": "fail"}, operator="remove"),
        Mutation("reversed-arrow", "the projection arrow points to the origin", lambda c: reverse_arrow(c, "OP"), {"PR-H3": "fail"},
                 operator="reverse_arrow"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"u": u.tolist(), "v": v.tolist()})


@family("orthogonal-projection")
def orthogonal_projection():
    return [_projection("orthogonal-projection", (3, 1), (1.2, 2.4))]
