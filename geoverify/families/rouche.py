"""Rouché's theorem (MathVis section 4.8): f = z^n dominates g on |z| = R.

Family parameters: the degree n of f(z) = z^n, the perturbation g (a
polynomial of degree < n), the radius R, and the bound M >= max |g| on the
contour that the figure states. Every instance is checked numerically: on a
dense sample of |z| = R, |g| <= M < R^n = |f|, and f + g has exactly n zeros
inside the contour. Left panel: the z-plane with C and the zeros of f + g;
right panel: the w-plane with f(C) and (f + g)(C), both winding n times about 0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from geoverify.errors import InputError
from geoverify.families.construction import Construction, Style
from geoverify.families.mutations import Mutation, remove, replace_text, swap_labels
from geoverify.families.package import TaskPackage, all_of, any_of, compile_error, hard, op, soft
from geoverify.families.registry import family

__all__ = ["RoucheParams", "rouche_package", "INSTANCES", "check_boundary_inequality"]


@dataclass(frozen=True, slots=True)
class RoucheParams:
    """One instance: ids and the TeX/sympy spellings of g."""

    task_id: str
    n: int
    g_coeffs: tuple  # coefficients of g, highest degree first (numpy.polyval order)
    g_sympy: str     # e.g. "z + 1"
    g_tex: str       # e.g. "z+1"
    radius: float
    bound: float     # the stated M with |g| <= M on |z| = R


INSTANCES = (
    RoucheParams("rouche-z3", 3, (1, 1), "z + 1", "z+1", 2.0, 3.0),
    RoucheParams("rouche-z4", 4, (2, 1), "2*z + 1", "2z+1", 2.0, 5.0),
    RoucheParams("rouche-z5", 5, (3, 0, 1), "3*z**2 + 1", "3z^2+1", 2.0, 13.0),
)


def _fmt(x: float) -> str:
    return f"{x:g}"


def check_boundary_inequality(p: RoucheParams, samples: int = 20000) -> tuple[float, float]:
    """``(max |g|, min |f|)`` on a dense sample of |z| = R; raises unless max |g| <= M < min |f|."""
    z = p.radius * np.exp(2j * np.pi * np.arange(samples) / samples)
    g = np.abs(np.polyval(p.g_coeffs, z))
    f = np.abs(z) ** p.n
    gmax, fmin = float(g.max()), float(f.min())
    if not (gmax <= p.bound + 1e-9 and p.bound < fmin):
        raise InputError(f"{p.task_id}: the boundary inequality fails: max|g| = {gmax:.4g}, M = {p.bound:g}, min|f| = {fmin:.4g}")
    zeros = np.roots(_fg_coeffs(p))
    if int(np.sum(np.abs(zeros) < p.radius)) != p.n:
        raise InputError(f"{p.task_id}: f+g does not have {p.n} zeros inside |z| = {p.radius:g}")
    return gmax, fmin


def _fg_coeffs(p: RoucheParams) -> np.ndarray:
    f = np.zeros(p.n + 1)
    f[0] = 1.0
    g = np.zeros(p.n + 1)
    g[p.n + 1 - len(p.g_coeffs):] = p.g_coeffs
    return f + g


def _label_spot(own: np.ndarray, other: np.ndarray, gap: float, extent: float) -> tuple[float, float]:
    """A point about ``gap`` from curve ``own`` (complex samples) and as far as possible from ``other``."""
    best, arg = -np.inf, (0.0, 0.0)
    for x in np.linspace(-extent, extent, 105):
        for y in np.linspace(-extent, extent, 97):
            q = x + 1j * y
            d_own, d_other = np.abs(own - q).min(), np.abs(other - q).min()
            if abs(d_own - gap) > 0.25 * gap:
                continue
            if d_other - d_own > best:
                best, arg = d_other - d_own, (x, y)
    return arg


def figure(p: RoucheParams, *, f_factor=1.0, g_extra=(), turns=1.0, n_zeros=None) -> Construction:
    """The reference figure (keywords build the geometric mutants)."""
    R, n = p.radius, p.n
    fg = _fg_coeffs(p)
    if len(g_extra):
        fg = fg + np.concatenate([np.zeros(len(fg) - len(g_extra)), g_extra])
    c = Construction(f"Rouché's theorem: f(z) = z^{n}, g(z) = {p.g_tex} on |z| = {_fmt(R)}")
    sz = 2.75 / R
    th = np.linspace(0, 2 * np.pi * turns, 721)
    zc = R * np.exp(1j * th)
    wf, wfg = f_factor * zc**n, np.polyval(fg, zc)
    # The panel's scale comes from the correct images, so a mutant keeps the reference's layout.
    ref_all = R * np.exp(2j * np.pi * np.arange(720) / 720)
    wmax = max(np.abs(ref_all**n).max(), np.abs(np.polyval(_fg_coeffs(p), ref_all)).max())
    sw = 2.6 / wmax
    c.panel("z", (0.0, 0.0), sz)
    c.panel("w", (8.0, 0.0), sw)
    axis = Style("gray", 0.6)
    for pan, ext in (("z", 1.4 * R), ("w", 1.2 * wmax)):
        c.segment(f"{pan}.xaxis", (-ext, 0), (ext, 0), pan, axis, arrow_end=True)
        c.segment(f"{pan}.yaxis", (0, -ext), (0, ext), pan, axis, arrow_end=True)
    c.circle("C", (0, 0), R, "z", Style("green", 1.3))
    c.arc("C.direction", (0, 0), R, 100, 115, "z", Style("green", 1.3), arrow_end=True)
    zeros = np.roots(_fg_coeffs(p))
    zeros = zeros[np.argsort(np.angle(zeros))]
    for k, z in enumerate(zeros[: n if n_zeros is None else n_zeros]):
        c.point(f"zero{k}", (z.real, z.imag), "z", color="red")
    c.path("fC", [(w.real, w.imag) for w in wf], "w", Style("blue", 1.1), smooth=True)
    c.path("fgC", [(w.real, w.imag) for w in wfg], "w", Style("red", 1.1, "dashed"), smooth=True)
    c.text("C.label", "$C$", (0.81 * R, 0.81 * R), "z")
    c.text("C.equation", f"$|z| = {_fmt(R)}$", (0, -R - 0.55 / sz), "z", size="small")
    # Labels sit beside the curves as drawn (full turn), away from the other curve.
    full = R * np.exp(2j * np.pi * np.arange(720) / 720)
    own_f, own_fg = f_factor * full**n, np.polyval(fg, full)
    gap = 0.12 * np.abs(full**n).max()
    c.text("fC.label", "$f(C)$", _label_spot(own_f, own_fg, gap, 1.05 * wmax), "w")
    c.text("fgC.label", "$(f+g)(C)$", _label_spot(own_fg, own_f, gap, 1.05 * wmax), "w")
    c.text("inequality", _inequality_tex(p), (4.0, 3.6), "main")
    c.text("conclusion", f"$N(f+g, C) = N(f, C) = {n}$", (4.0, -3.7), "main")
    return c


def _inequality_tex(p: RoucheParams, bound=None, fval=None) -> str:
    fv = _fmt(fval if fval is not None else p.radius ** p.n)
    return f"$|{p.g_tex}| \\le {_fmt(bound if bound is not None else p.bound)} < {fv} = |z^{p.n}|$ on $|z|={_fmt(p.radius)}$"


def task_ir(p: RoucheParams) -> dict:
    n, R = p.n, _fmt(p.radius)
    fg = f"z**{n} + {p.g_sympy}"
    fg_tex = f"z^{n}+{p.g_tex}"
    rn = _fmt(p.radius**n)
    M = _fmt(p.bound)
    return {
        "schema_version": "1.0",
        "id": p.task_id,
        "title": f"Rouché's theorem for f(z) = z^{n}, g(z) = {p.g_tex} on |z| = {R}",
        "discipline": "complex-analysis",
        "family": "mappings and coordinate transformations",
        "source": "MathVis, section 4.8 (agent test instance) and Table 2 (atomic constraint card)"
                  + ("" if p.task_id == "rouche-z3" else "; controlled variant of rouche-z3"),
        "prompt": (f"Generate an executable figure to illustrate the application of Rouché's Theorem for "
                   f"f(z)=z^{n} and g(z)={p.g_tex} on C={{z:|z|={R}}}."),
        "frames": [
            {"id": "z", "kind": "plane", "description": "domain z-plane", "equivalences": ["translation", "uniform_scaling"]},
            {"id": "w", "kind": "plane", "description": "image w-plane", "equivalences": ["translation", "uniform_scaling"]},
        ],
        "objects": [
            {"id": "O", "type": "point", "frame": "z", "coords": [0, 0], "labels": ["0", "O"]},
            {"id": "C", "type": "circle", "frame": "z", "center": "O", "radius": p.radius, "labels": ["C", f"C: |z|={R}", f"|z|={R}"]},
            {"id": "inside_C", "type": "region", "frame": "z", "boundary": "C"},
            {"id": "C_equation", "type": "text", "text": f"|z|={R}", "alternatives": [f"|z| = {R}", f"C = {{z : |z| = {R}}}"]},
            {"id": "zeros", "type": "point_set", "frame": "z", "kind": "zeros", "function": fg, "within": "C"},
            {"id": "W0", "type": "point", "frame": "w", "coords": [0, 0], "labels": ["0", "O"]},
            {"id": "fC", "type": "image_curve", "frame": "w", "of": "C", "function": f"z**{n}",
             "labels": ["f(C)", f"z^{n}(C)", f"f(z)=z^{n}"]},
            {"id": "fgC", "type": "image_curve", "frame": "w", "of": "C", "function": fg,
             "labels": ["(f+g)(C)", "f(C)+g(C)", "(f + g)(C)", fg_tex]},
            {"id": "boundary_inequality", "type": "text", "text": f"|{p.g_tex}| \\le {M} < {rn} = |z^{n}|",
             "alternatives": [f"|g(z)| \\le {M} < {rn} = |f(z)|", f"|{p.g_tex}| \\le {M} < {rn} \\le |z^{n}|",
                              f"|g| \\le {M} < {rn} = |f|"]},
            {"id": "conclusion", "type": "text", "text": f"N(f+g,C)=N(f,C)={n}",
             "alternatives": [f"N(f,C)=N(f+g,C)={n}", f"Z(f+g)=Z(f)={n}", f"N(f+g)=N(f)={n}"]},
        ],
        "predicates": [
            hard("CA-H1", "DOMAIN", f"Is C correctly specified as the circle centered at 0 with radius {R}?",
                 any_of(all_of(op("drawn", object="C"), op("label_bound", object="C")), op("text_present", text="C_equation")),
                 ["geometry", "labels", "text"]) | {"allowed_equivalence": "global translation and uniform scaling when geometry is shown; or a labeled equation"},
            hard("CA-H2", "FUNCTION", f"Are the images of C under f(z)=z^{n} and f(z)+g(z)={fg_tex} correctly drawn and labeled?",
                 all_of(op("matches_geometry", object="fC"), op("matches_geometry", object="fgC"),
                        op("label_bound", object="fC"), op("label_bound", object="fgC")),
                 ["geometry", "labels"]) | {"allowed_equivalence": "equivalent colour schemes and line styles"},
            hard("CA-H3", "BOUNDARY", f"Does the figure give the boundary comparison |{p.g_tex}| <= {M} < {rn} = |z^{n}| for z in C?",
                 op("text_present", text="boundary_inequality"), ["text", "formula"]),
            hard("CA-H4", "ZEROCOUNT", f"Does the figure indicate that f+g has exactly {n} zeros inside C ({n} zero markers, or a winding number of {n}; zero markers, when drawn, all at the zeros)?",
                 all_of(any_of(all_of(op("count_inside", region="inside_C", count=n, markers="zeros"),
                                      op("inside", point="zeros", region="inside_C")),
                               op("winding_number", curve="fgC", point="W0", value=n)),
                        # zero markers are optional, but when drawn they must all be right
                        op("markers_all_or_none", region="inside_C", markers="zeros")), ["count", "topology"]),
            hard("CA-H5", "CONCLUSION", f"Does the conclusion state that f and f+g have the same number of zeros inside C, both {n}?",
                 op("text_present", text="conclusion"), ["text"]),
            soft("CA-S1", 0.30, "DISTINGUISH", "Are the contours, regions, winding cues and zero markers easy to distinguish?",
                 op("distinct_styles", objects=["fC", "fgC", "C"]), ["style"]),
            soft("CA-S2", 0.25, "LABELS", "Are function names, contour labels and formulas clear, with no incorrect spatial bindings?",
                 all_of(op("label_bound", object="C"), op("label_bound", object="fC"), op("label_bound", object="fgC")), ["labels"]),
            soft("CA-S3", 0.25, "ASSOCIATION", "Do the inequalities form clear visual associations with the contours?",
                 all_of(op("text_present", text="boundary_inequality"), op("drawn", object="C")), ["text", "geometry"]),
            soft("CA-S4", 0.20, "LAYOUT", "Does the layout avoid label collisions?", op("labels_readable"), ["layout"]),
        ],
    }


def rouche_package(p: RoucheParams) -> TaskPackage:
    check_boundary_inequality(p)
    ir = task_ir(p)
    n = p.n
    wrong_g = np.zeros(2)
    wrong_g[0] = 1.0  # (f+g)(C) drawn for f + g + z
    muts = [
        Mutation("wrong-radius-image", "f(C) drawn 1.25 times too large (wrong radius)",
                 lambda c: figure(p, f_factor=1.25), {"CA-H2": "fail"}, operator="scale_radius"),
        Mutation("wrong-function", f"(f+g)(C) drawn for z^{n}+{p.g_tex}+z", lambda c: figure(p, g_extra=wrong_g), {"CA-H2": "fail"},
                 operator="wrong_formula"),
        Mutation("missing-contour", "the contour C is not drawn", lambda c: remove(c, "C", "C.direction"),
                 {"CA-S2": "fail", "CA-S3": "fail", "CA-S1": "fail"}, operator="remove"),
        Mutation("two-zeros-one-third", "only two zeros marked and the images traced over a third of C (no winding number)",
                 lambda c: figure(p, n_zeros=2, turns=1 / 3), {"CA-H4": "fail", "CA-H2": "fail", "CA-S1": "fail"},
                 operator="remove"),
        Mutation("wrong-inequality", "boundary inequality replaced by a wrong one",
                 lambda c: replace_text(c, "inequality", f"$|{p.g_tex}| \\le {_fmt(p.bound)} < {_fmt(2 * p.radius)} = 2|z|$"),
                 {"CA-H3": "fail", "CA-S3": "fail"}, operator="replace_text"),
        Mutation("wrong-conclusion", f"conclusion says {n - 1} zeros",
                 lambda c: replace_text(c, "conclusion", f"$N(f+g, C) = {n - 1}$"), {"CA-H5": "fail"}, operator="replace_text"),
        Mutation("swapped-labels", "labels f(C) and (f+g)(C) swapped", lambda c: swap_labels(c, "fC.label", "fgC.label"),
                 {"CA-H2": "fail", "CA-S2": "fail"}, operator="swap_labels"),
        compile_error(ir),
    ]
    return TaskPackage(ir, figure(p), muts, params={"n": n, "g": p.g_sympy, "g_coeffs": list(p.g_coeffs), "R": p.radius,
                                                    "M": p.bound})


@family("rouche")
def rouche_family() -> list[TaskPackage]:
    return [rouche_package(p) for p in INSTANCES]
