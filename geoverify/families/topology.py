"""Topology and sets: Jordan curves, quotient spaces of a square, inclusions, coverings, a counterexample.

Families: interior and exterior of a simple closed curve (Jordan), a
set inclusion A in B with witness points, a finite cover of a segment by discs,
and a non-convex set whose points' midpoint leaves it.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.families.construction import Style
from geoverify.families.mutations import Mutation, move_point, remove, replace_text, scale_radius, swap_labels
from geoverify.families.package import (
    TaskPackage, all_of, any_of, compile_error, hard, labels_soft, layout_soft, op, task_ir,
)
from geoverify.families.registry import family
from geoverify.families.scaffold import Scaffold

__all__ = []

_SIMILAR = ("translation", "uniform_scaling")


# ---------------------------------------------------------------- Jordan curve
def _jordan(task_id, base, amp, lobes, p_in, q_out):
    # J is symmetric in the x-axis and p, q are any points inside and outside: a reflection keeps the figure correct.
    s = Scaffold("Jordan curve theorem: interior and exterior", equivalences=_SIMILAR + ("reflection",))
    s.points(p=p_in, q=q_out)
    x = f"({base:g} + {amp:g}*cos({lobes}*t))*cos(t)"
    y = f"({base:g} + {amp:g}*cos({lobes}*t))*sin(t)"
    s.c.curve("J", lambda t: (base + amp * np.cos(lobes * t)) * np.cos(t), lambda t: (base + amp * np.cos(lobes * t)) * np.sin(t),
              (0, 2 * math.pi), 481, "plane", Style("blue", 1.3), closed=True)
    s.objects.append({"id": "J", "type": "parametric_curve", "frame": "plane", "x": x, "y": y, "domain": [0, 6.283185307179586],
                      "closed": True, "labels": ["J"]})
    s.objects.append({"id": "int_J", "type": "region", "frame": "plane", "boundary": "J"})
    r_lab = base + amp * math.cos(lobes * math.pi / 4)
    s.c.text("J.label", "$J$", ((r_lab + 0.35) * math.cos(math.pi / 4), (r_lab + 0.35) * math.sin(math.pi / 4)), "plane")
    s.text("int_label", "$\\mathrm{int}(J)$", (-0.3 * base, -0.35 * base), ir_text="int(J)", alternatives=["interior"])
    s.text("ext_label", "$\\mathrm{ext}(J)$", (-(base + amp) * 0.95, (base + amp) * 0.95), ir_text="ext(J)", alternatives=["exterior"])
    c = s.finish()
    preds = [
        hard("JC-H1", "CURVE", "Is the simple closed curve J drawn as given?",
             all_of(op("drawn", object="J"), op("matches_geometry", object="J"))),
        hard("JC-H2", "INTERIOR", "Is p inside J (winding number nonzero)?",
             all_of(op("inside", point="p", region="int_J"), op("winding_number", curve="J", point="p")), ["topology"]),
        hard("JC-H3", "EXTERIOR", "Is q outside J?", op("outside", point="q", region="int_J"), ["topology"]),
        hard("JC-H4", "REGIONS", "Are the interior and exterior named?",
             all_of(op("text_present", text="int_label"), op("text_present", text="ext_label")), ["text"]),
        labels_soft("JC-S1", 0.6, ["p", "q", "J"]),
        layout_soft("JC-S2", 0.4),
    ]
    ir = task_ir(task_id, "topology", "set inclusion and coverings", "Jordan curve: interior and exterior",
                 f"Draw the simple closed curve J: r(t) = {base:g} + {amp:g} cos({lobes}t), a point p inside and a point q outside it, "
                 "and name the interior int(J) and the exterior ext(J).", s.frames(), s.objects, preds)
    muts = [
        Mutation("missing-curve", "the curve J is not drawn", lambda c: remove(c, "J", "J.label"),
                 {"JC-H1": "fail", "JC-H2": "fail", "JC-H3": "fail", "JC-S1": "fail"}, operator="remove"),
        Mutation("wrong-text", "the regions are named the wrong way round",
                 lambda c: replace_text(replace_text(c, "int_label", "$\\partial J$"), "ext_label", "$\\partial J$"),
                 {"JC-H4": "fail"}, operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"base": base, "amp": amp, "lobes": lobes})


@family("jordan-curve")
def jordan_curve():
    return [_jordan("jordan-curve", 2.0, 0.5, 3, (0.6, 0.5), (3.2, -1.2)),
            _jordan("jordan-curve-b", 2.2, 0.6, 5, (-0.7, 0.6), (2.6, 2.2))]


# ---------------------------------------------------------------- inclusion
def _inclusion(task_id):
    # Inclusion and membership do not depend on orientation: every similarity is allowed.
    s = Scaffold("Set inclusion A in B with witnesses", equivalences=_SIMILAR + ("rotation", "reflection"))
    s.points(x=(-0.6, 0.2), y=(1.6, -0.8), z=(3.2, 1.8), OA=(-0.4, 0.0), OB=(0.0, 0.0))
    s.circle("A", "OA", radius=1.2, style=Style("red", 1.2), labels=["A"], label_at=150)
    s.circle("B", "OB", radius=2.6, style=Style("blue", 1.2), labels=["B"], label_at=120)
    s.objects.append({"id": "reg_A", "type": "region", "frame": "plane", "boundary": "A"})
    s.objects.append({"id": "reg_B", "type": "region", "frame": "plane", "boundary": "B"})
    # (A is a proper subset here: the stronger statement A \subsetneq B is as true)
    s.text("statement", "$A \\subset B$", (0, -3.2), ir_text="A \\subset B",
           alternatives=["A \\subseteq B", "A \\subsetneq B", "A \\subsetneqq B"])
    c = s.finish(labelled=["x", "y", "z"], unlabelled=["OA", "OB"], marker=False)
    preds = [
        hard("SI-H1", "SETS", "Are A and B drawn, A inside B?",
             all_of(op("drawn", object="A"), op("drawn", object="B"), op("region_inside", region="reg_A", container="reg_B")),
             ["topology"]),
        hard("SI-H2", "WITNESS_A", "Is x in A (and so in B)?",
             all_of(op("inside", point="x", region="reg_A"), op("inside", point="x", region="reg_B")), ["topology"]),
        hard("SI-H3", "WITNESS_B", "Is y in B but not in A?",
             all_of(op("inside", point="y", region="reg_B"), op("outside", point="y", region="reg_A")), ["topology"]),
        hard("SI-H4", "OUTSIDE", "Is z outside B?", op("outside", point="z", region="reg_B"), ["topology"]),
        hard("SI-H5", "STATEMENT", "Is the inclusion stated?", op("text_present", text="statement"), ["text"]),
        labels_soft("SI-S1", 0.6, ["A", "B", "x", "y", "z"]),
        layout_soft("SI-S2", 0.4),
    ]
    ir = task_ir(task_id, "set-theory", "set inclusion and coverings", "Set inclusion with witness points",
                 "Draw sets A inside B as discs, a point x in A, a point y in B but not in A, a point z outside B, and state A ⊂ B.",
                 s.frames(), s.objects, preds)
    muts = [
        Mutation("swapped-labels", "labels x and y swapped", lambda c: swap_labels(c, "x.label", "y.label"),
                 {"SI-H2": "fail", "SI-H3": "fail"}, operator="swap_labels"),
        Mutation("wrong-statement", "the statement reversed", lambda c: replace_text(c, "statement", "$B \\subset A$"),
                 {"SI-H5": "fail"}, operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts)


@family("set-inclusion")
def set_inclusion():
    return [_inclusion("set-inclusion-witnesses")]


# ---------------------------------------------------------------- finite cover
def _cover(task_id):
    s = Scaffold("A finite cover of [0, 4] by open discs", equivalences=_SIMILAR)
    pts = {f"P{k}": (float(k), 0.0) for k in range(5)}
    s.points(**pts, C1=(0.7, 0.0), C2=(2.4, 0.0), C3=(3.9, 0.0))
    # The segment the prompt asks to cover is part of the figure (and of the IR: it must be drawn).
    s.segment("I", "P0", "P4", Style("black", 1.6))
    discs = {"D1": ("C1", 1.0, "red"), "D2": ("C2", 1.0, "blue"), "D3": ("C3", 0.6, "green")}
    for d, (cen, r, col) in discs.items():
        s.circle(d, cen, radius=r, style=Style(col, 1.0, "dashed"), labels=[f"D_{d[1]}"], label_at=90)
        s.objects.append({"id": f"reg_{d}", "type": "region", "frame": "plane", "boundary": d})
    s.label_dir(**{k: -90 for k in pts})
    c = s.finish(labelled=list(pts), unlabelled=["C1", "C2", "C3"], marker=False)
    covered = [any_of(*[op("inside", point=p, region=f"reg_{d}") for d in discs]) for p in pts]
    preds = [
        hard("CV-H1", "DISCS", "Are the segment [0, 4] and the three discs drawn as given?",
             all_of(op("drawn", object="I"), *[op("matches_geometry", object=d) for d in discs])),
        hard("CV-H2", "COVER", "Is every marked point of [0, 4] inside some disc?", all_of(*covered), ["topology"]),
        labels_soft("CV-S1", 0.6, list(pts)),
        layout_soft("CV-S2", 0.4),
    ]
    ir = task_ir(task_id, "topology", "set inclusion and coverings", "A finite open cover of a compact segment",
                 "Cover the segment [0, 4] by the open discs D1 (centre 0.7, radius 1), D2 (centre 2.4, radius 1) and D3 "
                 "(centre 3.9, radius 0.6), and mark the points 0, 1, 2, 3, 4.", s.frames(), s.objects, preds)
    muts = [
        Mutation("wrong-radius", "D2 drawn with half its radius: the point 3 is no longer covered",
                 lambda c: scale_radius(c, "D2", 0.5), {"CV-H1": "fail", "CV-H2": "fail"}, operator="scale_radius"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts)


@family("finite-cover")
def finite_cover():
    return [_cover("finite-cover-segment")]


# ---------------------------------------------------------------- non-convex counterexample
def _nonconvex(task_id):
    s = Scaffold("A non-convex set: the midpoint of two of its points leaves it", equivalences=_SIMILAR)
    s.points(V0=(0, 0), V1=(4, 0), V2=(4, 1), V3=(1, 1), V4=(1, 4), V5=(0, 4), P=(3.5, 0.5), Q=(0.5, 3.5), M=(2.0, 2.0))
    s.c.polygon("L", ["V0", "V1", "V2", "V3", "V4", "V5"], "plane", Style("blue", 1.2, fill="lightblue"))
    s.objects.append({"id": "L", "type": "polygon", "frame": "plane", "vertices": ["V0", "V1", "V2", "V3", "V4", "V5"]})
    s.segment("PQ", "P", "Q", Style("red", 1.0, "dashed"))
    s.text("claim", "$L$ is not convex", (3.0, 3.0), ir_text="not convex", alternatives=["non-convex", "nonconvex"])
    s.label_dir(P=-90, Q=180, M=45)
    c = s.finish(labelled=["P", "Q", "M"], unlabelled=["V0", "V1", "V2", "V3", "V4", "V5"], marker=False)
    preds = [
        hard("NC-H1", "SET", "Is the L-shaped set drawn?", op("drawn", object="L")),
        hard("NC-H2", "MEMBERS", "Are P and Q in the set, at their given positions?",
             all_of(op("inside", point="P", region="L"), op("inside", point="Q", region="L"),
                    op("matches_geometry", object="P"), op("matches_geometry", object="Q")), ["topology"]),
        hard("NC-H3", "MIDPOINT", "Is M the midpoint of PQ, outside the set?",
             all_of(op("midpoint", point="M", segment="PQ"), op("outside", point="M", region="L")), ["topology"]),
        hard("NC-H4", "CLAIM", "Does the figure say the set is not convex?", op("text_present", text="claim"), ["text"]),
        labels_soft("NC-S1", 0.6, ["P", "Q", "M"]),
        layout_soft("NC-S2", 0.4),
    ]
    ir = task_ir(task_id, "convex-geometry", "counterexample constructions", "A non-convex set (counterexample)",
                 "Draw the L-shaped set with vertices (0,0), (4,0), (4,1), (1,1), (1,4), (0,4), its points P=(3.5, 0.5) and "
                 "Q=(0.5, 3.5) whose midpoint M lies outside it, and say that the set is not convex.", s.frames(), s.objects, preds)
    muts = [
        Mutation("moved-midpoint", "M moved along PQ by 5% of the figure size", lambda c: move_point(c, "M", (1, -1)),
                 {"NC-H3": "fail"}, operator="move_point"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts)


@family("nonconvex-counterexample")
def nonconvex():
    return [_nonconvex("nonconvex-midpoint")]
