"""Complex analysis beyond Rouché: the argument principle and conformal images of curves.

Families: zeros and poles of a rational function inside a positively oriented
circle with the count N - P (argument principle); the image of a circle under
the Joukowski map and of a vertical segment under exp (mappings and
coordinate transformations, two panels).
"""

from __future__ import annotations

import numpy as np

from geoverify.families.construction import Construction, Style
from geoverify.families.mutations import Mutation, remove, replace_text, reverse_arrow
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


# ---------------------------------------------------------------- conformal images (two panels)
def _two_panel_map(task_id, title, prompt, src, fun_np, fun_sym, fun_tex, z_marks, w_marks, z_scale, w_scale,
                   wrong_np, wrong_desc, extent_z, extent_w):
    """``src``: ("circle", centre, radius) or ("segment", a, b) in the z-plane."""
    c = Construction(title)
    c.panel("z", (0.0, 0.0), z_scale)
    c.panel("w", (7.0, 0.0), w_scale)
    for pan, ext in (("z", extent_z), ("w", extent_w)):
        c.segment(f"{pan}.xaxis", (-ext, 0), (ext, 0), pan, Style("gray", 0.5), arrow_end=True)
        c.segment(f"{pan}.yaxis", (0, -ext), (0, ext), pan, Style("gray", 0.5), arrow_end=True)
    objects = []
    if src[0] == "circle":
        _, ctr, r = src
        c.circle("S", ctr, r, "z", Style("blue", 1.3))
        t = np.linspace(0, 2 * np.pi, 721)
        zs = complex(*ctr) + r * np.exp(1j * t)
        objects.append({"id": "S", "type": "circle", "frame": "z", "center": list(map(float, ctr)), "radius": float(r), "labels": ["\\gamma"]})
        lab_at = np.asarray(ctr) + (r + 0.35 / z_scale) * np.array([np.cos(2.3), np.sin(2.3)])
    else:
        _, a, b = src
        c.segment("S", a, b, "z", Style("blue", 1.3))
        t = np.linspace(0, 1, 721)
        zs = complex(*a) + t * (complex(*b) - complex(*a))
        objects.append({"id": "S", "type": "segment", "frame": "z", "through": [list(map(float, a)), list(map(float, b))],
                        "labels": ["\\gamma"]})
        lab_at = (np.asarray(a) + np.asarray(b)) / 2 + np.array([0.3 / z_scale, 0.0])
    c.text("S.label", "$\\gamma$", tuple(lab_at), "z")

    def image(fn):
        w = fn(zs)
        return [(float(x.real), float(x.imag)) for x in w]

    c.path("image", image(fun_np), "w", Style("red", 1.3), smooth=True)
    objects.append({"id": "image", "type": "image_curve", "frame": "w", "of": "S", "function": fun_sym, "labels": ["f(\\gamma)"]})
    w_img = fun_np(zs)
    k = int(np.argmax(w_img.imag))
    c.text("image.label", "$f(\\gamma)$", (w_img[k].real, w_img[k].imag + 0.45 / w_scale), "w")
    for pan, marks in (("z", z_marks), ("w", w_marks)):
        for name, xy, tex, d in marks:
            c.point(name, xy, pan, label=f"${tex}$", label_dir=d)
            objects.append({"id": name, "type": "point", "frame": pan, "coords": list(map(float, xy)), "labels": [tex]})
    c.text("map", f"$f(z) = {fun_tex}$", (3.5, 2.6), "main")
    c.segment("map.arrow", (2.9, 2.1), (4.1, 2.1), "main", Style("gray", 0.8), arrow_end=True)
    objects.append({"id": "formula", "type": "text", "text": f"f(z)={fun_tex}"})
    frames = [{"id": "z", "kind": "plane", "equivalences": _SIMILAR}, {"id": "w", "kind": "plane", "equivalences": _SIMILAR}]
    marks_z = [m[0] for m in z_marks]
    preds = [
        hard("CM-H1", "DOMAIN", "Is the curve gamma drawn as given in the z-plane, with its marked points at their values?",
             all_of(op("drawn", object="S"), op("matches_geometry", object="S"), op("label_bound", object="S"),
                    *[op("matches_geometry", object=m) for m in marks_z])),
        hard("CM-H2", "IMAGE", "Is f(gamma) drawn correctly in the w-plane and labelled?",
             all_of(op("matches_geometry", object="image"), op("label_bound", object="image"))),
        hard("CM-H3", "MAP", "Is the map named?", op("text_present", text="formula"), ["text", "formula"]),
        soft("CM-S1", 0.5, "LABELS", "Are the reference points labelled, each at its value?",
             all_of(*[op("label_bound", object=m) for m in marks_z + [m[0] for m in w_marks]],
                    *[op("matches_geometry", object=m) for m in marks_z + [m[0] for m in w_marks]]), ["labels"]),
        layout_soft("CM-S2", 0.5),
    ]
    ir = task_ir(task_id, "complex-analysis", "mappings and coordinate transformations", title, prompt, frames, objects, preds)

    def wrong(con):
        out = con.copy()
        out.get("image").points = image(wrong_np)
        return out

    muts = [
        Mutation("wrong-function", wrong_desc, wrong, {"CM-H2": "fail"}, operator="wrong_formula"),
        Mutation("missing-image", "the image curve is not drawn", lambda con: remove(con, "image", "image.label"),
                 {"CM-H2": "fail"}, operator="remove"),
        Mutation("wrong-formula", "the map is misnamed", lambda con: replace_text(con, "map", "$f(z) = z^2$"), {"CM-H3": "fail"},
                 operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"source": str(src), "f": fun_sym})


@family("conformal-image")
def conformal_image():
    ctr, r = (-0.15, 0.2), float(np.hypot(1.15, 0.2))
    jouk = _two_panel_map(
        "joukowski-airfoil", "Joukowski map of an offset circle",
        "Draw the circle gamma with centre -0.15+0.2i through 1 and its image under the Joukowski map f(z) = z + 1/z (an airfoil), "
        "marking 1 and its image 2.",
        ("circle", ctr, r), lambda z: z + 1 / z, "z + 1/z", "z + 1/z",
        [("Z1", (1.0, 0.0), "1", -45)], [("W2", (2.0, 0.0), "2", -45), ("W0", (0.0, 0.0), "0", 225)],
        2.6 / 1.6, 2.6 / 2.6, lambda z: z + 0.5 / z, "the image drawn for z + 1/(2z)", 1.7, 2.8)
    expo = _two_panel_map(
        "exp-vertical-segment", "The exponential map of a vertical segment",
        "Draw the vertical segment gamma from a = 0.5 - i pi to b = 0.5 + i pi and its image under f(z) = exp(z), the circle of radius "
        "e^0.5; mark 0 and 1 in the w-plane.",
        ("segment", (0.5, -np.pi), (0.5, np.pi)), np.exp, "exp(z)", "e^z",
        [("A", (0.5, -np.pi), "a", -30), ("B", (0.5, np.pi), "b", 30)], [("W0", (0.0, 0.0), "0", 225), ("W1", (1.0, 0.0), "1", -60)],
        2.8 / np.pi, 2.6 / 1.7, lambda z: np.exp(1.5 * z.real) * np.exp(1j * z.imag), "the image drawn with radius e^0.75", 3.6, 2.0)
    return [jouk, expo]
