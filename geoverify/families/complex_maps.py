"""Complex analysis beyond Rouché: the argument principle and conformal images of curves.

Families: zeros and poles of a rational function inside a positively oriented
circle with the count N - P (argument principle); the image of a circle under
the Joukowski map and of a vertical segment under exp (mappings and
coordinate transformations, two panels).
"""

from __future__ import annotations

import numpy as np

from geoverify.families.construction import Construction, Style
from geoverify.families.mutations import Mutation, remove, replace_text, reverse_arrow, swap_labels
from geoverify.families.package import (
    TaskPackage, all_of, compile_error, hard, layout_soft, op, soft, task_ir,
)
from geoverify.families.registry import family

__all__ = []

_SIMILAR = ["translation", "uniform_scaling"]


# ---------------------------------------------------------------- argument principle
def _argument(task_id, zeros, poles, R):
    zeros, poles = np.asarray(zeros, complex), np.asarray(poles, complex)
    num = " * ".join(f"(z - ({w.real:g}{w.imag:+g}*I))" for w in zeros)
    den = " * ".join(f"(z - ({w.real:g}{w.imag:+g}*I))" for w in poles)
    fun = f"{num} / ({den})"
    n_in = int(np.sum(np.abs(zeros) < R))
    p_in = int(np.sum(np.abs(poles) < R))
    if np.any(np.abs(np.abs(np.concatenate([zeros, poles])) - R) < 0.2):
        raise ValueError("a zero or pole is too near the contour")
    c = Construction("Argument principle")
    c.panel("z", (0.0, 0.0), 2.6 / R)
    c.segment("xaxis", (-1.6 * R, 0), (1.6 * R, 0), "z", Style("gray", 0.5), arrow_end=True)
    c.segment("yaxis", (0, -1.4 * R), (0, 1.4 * R), "z", Style("gray", 0.5), arrow_end=True)
    c.circle("C", (0, 0), R, "z", Style("blue", 1.3))
    c.arc("C.arrow1", (0, 0), R, 30, 45, "z", Style("blue", 1.3), arrow_end=True)
    c.arc("C.arrow2", (0, 0), R, 210, 225, "z", Style("blue", 1.3), arrow_end=True)
    c.text("C.label", "$C$", (0.78 * R, -0.82 * R), "z")
    for k, w in enumerate(zeros):
        c.point(f"zero{k}", (w.real, w.imag), "z", color="red")
    for k, w in enumerate(poles):
        c.point(f"pole{k}", (w.real, w.imag), "z", color="blue")
    c.text("legend_zero", "zeros: red", (1.75 * R, 1.3 * R), "z", size="small", color="red")
    c.text("legend_pole", "poles: blue", (1.75 * R, 1.1 * R), "z", size="small", color="blue")
    c.text("count", f"$N - P = {n_in} - {p_in} = {n_in - p_in}$", (0, -1.75 * R), "z")
    objects = [
        {"id": "O", "type": "point", "frame": "z", "coords": [0, 0]},
        {"id": "C", "type": "circle", "frame": "z", "center": "O", "radius": R, "labels": ["C"]},
        {"id": "inside_C", "type": "region", "frame": "z", "boundary": "C"},
        {"id": "zeros", "type": "point_set", "frame": "z", "kind": "zeros", "function": fun, "within": "C"},
        {"id": "poles", "type": "point_set", "frame": "z", "kind": "poles", "function": fun, "within": "C"},
        {"id": "count", "type": "text", "frame": "z", "text": f"N-P={n_in}-{p_in}={n_in - p_in}",
         "alternatives": [f"N-P={n_in - p_in}", f"Z-P={n_in - p_in}"]},
    ]
    preds = [
        hard("AP-H1", "CONTOUR", f"Is the contour |z| = {R:g} drawn and positively oriented?",
             all_of(op("drawn", object="C"), op("matches_geometry", object="C"),
                    op("traversal_direction", curve="C", orientation="ccw", point="O")), ["geometry", "arrows"]),
        hard("AP-H2", "ZEROS", f"Are the {n_in} zeros inside C marked at their places?",
             all_of(op("count_inside", region="inside_C", count=n_in, markers="zeros"), op("matches_geometry", object="zeros")),
             ["count", "geometry"]),
        hard("AP-H3", "POLES", f"Are the {p_in} poles inside C marked at their places?",
             all_of(op("count_inside", region="inside_C", count=p_in, markers="poles"), op("matches_geometry", object="poles")),
             ["count", "geometry"]),
        hard("AP-H4", "COUNT", "Does the figure give N - P?", op("text_present", text="count"), ["text", "formula"]),
        soft("AP-S1", 0.5, "DISTINGUISH", "Are zeros and poles told apart?", op("distinct_styles", objects=["zeros", "poles"]), ["style"]),
        layout_soft("AP-S2", 0.5),
    ]
    ir = task_ir(task_id, "complex-analysis", "parametric curves and limits", "The argument principle",
                 f"For f(z) = {fun.replace('*I', 'i')}, draw the positively oriented circle |z| = {R:g}, mark the zeros and poles of f "
                 f"(distinguishably) and give N - P for the contour.",
                 [{"id": "z", "kind": "plane", "equivalences": _SIMILAR}], objects, preds)
    muts = [
        Mutation("reversed-contour", "the contour's arrows run clockwise", lambda c: reverse_arrow(reverse_arrow(c, "C.arrow1"), "C.arrow2"),
                 {"AP-H1": "fail"}, operator="reverse_arrow"),
        Mutation("missing-pole", "the pole inside the contour is not marked",
                 lambda c: remove(c, *[f"pole{k}" for k, w in enumerate(poles) if abs(w) < R]), {"AP-H3": "fail", "AP-S1": "fail"},
                 operator="remove"),
        Mutation("wrong-count", "N - P stated wrongly", lambda c: replace_text(c, "count", f"$N - P = {n_in + p_in}$"),
                 {"AP-H4": "fail"}, operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"zeros": [str(z) for z in zeros], "poles": [str(p) for p in poles], "R": R})


@family("argument-principle")
def argument_principle():
    return [_argument("argument-principle", [1, -1], [0.5j, 3], 2.0),
            _argument("argument-principle-b", [0.8 + 0.6j, -1.2j, 2.6], [-0.9, 1.1j], 1.8)]
