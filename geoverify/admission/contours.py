"""Contours of the IR and certified computations on them (mpmath, sympy).

A contour is a closed IR curve (circle, closed parametric curve, polygon)
written as pieces ``s -> (X(s), Y(s))`` with sympy expressions. On it:

- :func:`argument_principle` counts zeros minus poles, ``(1/2 pi i) \\oint f'/f dz``
  by ``mpmath.quad``, in the positive orientation;
- :func:`certify_upper` proves ``sup g <= bound`` for a real expression ``g(x, y)``
  on the contour by interval arithmetic (``mpmath.iv``) with adaptive bisection,
  and returns the certified margin, or the point where the bound fails.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import mpmath
import numpy as np
import sympy as sp

from geoverify.errors import IRValidationError
from geoverify.ir import IRObject, Task

__all__ = ["Contour", "contour_of", "parse_ir_expression", "argument_principle", "certify_upper",
           "real_form", "CertifiedBound", "X", "Y", "Z"]

X, Y = sp.symbols("x y", real=True)
Z = sp.Symbol("z")
_S = sp.Symbol("s", real=True)

_LOCALS = {"I": sp.I, "i": sp.I, "j": sp.I, "E": sp.E, "e": sp.E, "pi": sp.pi, "abs": sp.Abs, "Abs": sp.Abs,
           "ln": sp.log, "log": sp.log, "conj": sp.conjugate, "conjugate": sp.conjugate, "arctan": sp.atan,
           "atan": sp.atan, "asin": sp.asin, "acos": sp.acos, "re": sp.re, "im": sp.im, "sqrt": sp.sqrt,
           "exp": sp.exp, "sin": sp.sin, "cos": sp.cos, "tan": sp.tan, "sinh": sp.sinh, "cosh": sp.cosh,
           "tanh": sp.tanh}

# Interval versions of the functions a real form may contain.
_IV = {"sqrt": mpmath.iv.sqrt, "cos": mpmath.iv.cos, "sin": mpmath.iv.sin, "exp": mpmath.iv.exp,
       "log": mpmath.iv.log, "pi": mpmath.iv.pi, "Abs": abs}


def parse_ir_expression(text: str, variable: str) -> sp.Expr:
    """The sympy form of an IR function (``z**3 + z + 1``), its variable renamed ``z``."""
    try:
        expr = sp.sympify(text.replace("^", "**"), locals={**_LOCALS, variable: Z})
    except (sp.SympifyError, SyntaxError, TypeError) as exc:
        raise IRValidationError(f"cannot parse function {text!r}: {exc}") from None
    extra = expr.free_symbols - {Z}
    if extra:
        raise IRValidationError(f"function {text!r} has unknown names {sorted(map(str, extra))}; "
                                f"the variable is {variable!r}")
    return expr


@dataclass(slots=True)
class Contour:
    """A closed IR curve as pieces ``(X(s), Y(s), s0, s1)`` (sympy in ``s``), positively oriented or not.

    Attributes
    ----------
    oid : str
    pieces : list of (Expr, Expr, float, float)
    orientation : int
        +1 counter-clockwise, -1 clockwise (from the signed area of a dense sample).
    center : (2,) float64 or None, radius : float or None
        For circles.
    """

    oid: str
    pieces: list
    orientation: int = 1
    center: np.ndarray | None = None
    radius: float | None = None

    def sample(self, n: int = 2048) -> tuple[np.ndarray, list]:
        """Points ``(N, 2)`` and, per point, ``(piece index, s)``."""
        per = max(8, n // len(self.pieces))
        pts, where = [], []
        for k, (xe, ye, a, b) in enumerate(self.pieces):
            s = np.linspace(a, b, per, endpoint=False)
            fx = sp.lambdify(_S, xe, "numpy")
            fy = sp.lambdify(_S, ye, "numpy")
            pts.append(np.column_stack([np.broadcast_to(fx(s), s.shape), np.broadcast_to(fy(s), s.shape)]))
            where += [(k, float(v)) for v in s]
        return np.vstack(pts).astype(float), where

    def size(self) -> float:
        p, _ = self.sample(256)
        return float(np.hypot(*(p.max(axis=0) - p.min(axis=0)))) or 1.0


def _point(task: Task, ref) -> tuple[float, float] | None:
    if isinstance(ref, str):
        o = task.objects[ref]
        if o.type == "point" and "coords" in o.data:
            return tuple(map(float, o.data["coords"]))
        return None
    return float(ref[0]), float(ref[1])


def contour_of(task: Task, obj: IRObject) -> Contour | None:
    """The contour of a closed IR object, or None when the IR does not fix it."""
    d = obj.data
    if obj.type == "region":
        return contour_of(task, task.objects[d["boundary"]])
    if obj.type == "circle":
        c = _point(task, d["center"]) if "center" in d else None
        r = d.get("radius")
        if c is not None and r is None and d.get("through"):
            p = _point(task, d["through"][0])
            r = None if p is None else math.hypot(p[0] - c[0], p[1] - c[1])
        if c is None or r is None:
            return None
        cx, cy, rr = sp.nsimplify(c[0]), sp.nsimplify(c[1]), sp.nsimplify(r)
        return Contour(obj.id, [(cx + rr * sp.cos(_S), cy + rr * sp.sin(_S), 0.0, 2 * math.pi)], 1,
                       np.array(c, dtype=float), float(r))
    if obj.type == "polygon":
        pts = [_point(task, v) for v in d["vertices"]]
        if any(p is None for p in pts):
            return None
        pieces = []
        for a, b in zip(pts, pts[1:] + pts[:1]):
            pieces.append((a[0] + _S * (b[0] - a[0]), a[1] + _S * (b[1] - a[1]), 0.0, 1.0))
        return _oriented(Contour(obj.id, pieces))
    if obj.type == "parametric_curve":
        var = d.get("variable", "t")
        a, b = map(float, d["domain"])
        try:
            if "z" in d:
                ze = parse_ir_expression(d["z"], var).subs(Z, _S)
                xe, ye = sp.re(ze), sp.im(ze)
            else:
                xe = parse_ir_expression(d["x"], var).subs(Z, _S)
                ye = parse_ir_expression(d["y"], var).subs(Z, _S)
        except IRValidationError:
            return None
        c = Contour(obj.id, [(xe, ye, a, b)])
        p, _ = c.sample(512)
        p_end = np.array([float(xe.subs(_S, b)), float(ye.subs(_S, b))])
        if np.hypot(*(p[0] - p_end)) > 1e-6 * c.size():
            return None  # not closed
        return _oriented(c)
    return None


def _oriented(c: Contour) -> Contour:
    p, _ = c.sample(1024)
    area = 0.5 * float(np.sum(p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1]))
    c.orientation = 1 if area >= 0 else -1
    return c


def argument_principle(f: sp.Expr, contour: Contour) -> tuple[float, float]:
    """``(1 / 2 pi i) \\oint f'/f dz`` on the positively oriented contour: zeros minus poles inside.

    Returns
    -------
    value : float
        Real part of the integral (an integer up to quadrature error when f has no
        zero or pole on the contour).
    min_abs : float
        Smallest |f| seen on a dense sample of the contour (near 0: a zero on the contour).
    """
    df = sp.diff(f, Z)
    g = sp.lambdify(Z, df / f, "mpmath")
    fabs = sp.lambdify(Z, f, "numpy")
    total = mpmath.mpc(0)
    for xe, ye, a, b in contour.pieces:
        ze = xe + sp.I * ye
        zf = sp.lambdify(_S, ze, "mpmath")
        dzf = sp.lambdify(_S, sp.diff(ze, _S), "mpmath")
        nodes = mpmath.linspace(a, b, 17)
        total += mpmath.quad(lambda s: g(zf(s)) * dzf(s), nodes)
    value = float(mpmath.re(total / (2j * mpmath.pi))) * contour.orientation
    pts, _ = contour.sample(4096)
    with np.errstate(all="ignore"):
        vals = np.abs(np.asarray(fabs(pts[:, 0] + 1j * pts[:, 1]), dtype=complex) * np.ones(len(pts)))
    return value, float(np.nanmin(vals)) if len(vals) else math.inf


def real_form(expr: sp.Expr) -> sp.Expr:
    """``expr`` (in z, possibly with Abs) as a real expression in x, y (z = x + i y).

    Raises
    ------
    ValueError
        When the expression is not real-valued.
    """
    moduli = {}

    def absval(node):
        # |arg| = sqrt(re^2 + im^2), kept as a positive placeholder so as_real_imag sees a real
        # number (sympy would otherwise evaluate |x + i y + 1| into a sqrt of unknown sign).
        re_, im_ = sp.expand(node.args[0].subs(Z, X + sp.I * Y)).as_real_imag()
        sym = sp.Symbol(f"_m{len(moduli)}", positive=True)
        moduli[sym] = sp.sqrt(sp.expand(re_ ** 2 + im_ ** 2))
        return sym

    e = expr.replace(lambda n: isinstance(n, sp.Abs), absval).subs(Z, X + sp.I * Y)
    re_, im_ = sp.expand(e).as_real_imag()
    if sp.simplify(im_) != 0:
        raise ValueError(f"{expr} is not real-valued on the plane")
    return re_.subs(moduli)


@dataclass(slots=True)
class CertifiedBound:
    """Outcome of :func:`certify_upper`.

    Attributes
    ----------
    holds : bool or None
        True: proved; False: a sample violates the bound; None: neither (undecided).
    margin : float
        Certified ``bound - sup`` lower bound when proved (may be 0 for a bound that is attained);
        the sampled ``bound - max`` otherwise.
    worst : (2,) float64
        Contour point of the largest sampled value.
    sup_sampled : float
        Largest sampled value.
    pieces : int
        Number of interval pieces used.
    """

    holds: bool | None
    margin: float
    worst: np.ndarray
    sup_sampled: float
    pieces: int = 0


def certify_upper(g: sp.Expr, bound: float, contour: Contour, *, strict: bool, slack: float = 1e-9,
                  max_pieces: int = 20000) -> CertifiedBound:
    """Prove ``g(x, y) <= bound`` (``<`` when ``strict``) everywhere on the contour.

    ``g`` is a real sympy expression in :data:`X`, :data:`Y`. A dense float sample
    looks for a counterexample first; then interval arithmetic over parameter
    pieces, bisected where the enclosure is too wide, proves the bound. A
    non-strict bound that is attained is accepted within ``slack`` (relative).
    """
    gn = sp.lambdify((X, Y), g, "numpy")
    pts, _ = contour.sample(8192)
    with np.errstate(all="ignore"):
        vals = np.asarray(gn(pts[:, 0], pts[:, 1]), dtype=float) * np.ones(len(pts))
    k = int(np.nanargmax(vals))
    top = float(vals[k])
    tol = slack * max(1.0, abs(bound))
    if (strict and top >= bound) or (not strict and top > bound + tol) or not np.isfinite(top):
        return CertifiedBound(False, bound - top, pts[k], top)
    gi = sp.lambdify((X, Y), g, modules=[_IV])
    limit = bound if strict else bound + tol
    stack = []
    for xe, ye, a, b in contour.pieces:
        fx = sp.lambdify(_S, xe, modules=[_IV])
        fy = sp.lambdify(_S, ye, modules=[_IV])
        n0 = 64
        edges = np.linspace(a, b, n0 + 1)
        stack += [(fx, fy, float(lo), float(hi)) for lo, hi in zip(edges[:-1], edges[1:])]
    used, sup_upper = 0, -math.inf
    while stack:
        fx, fy, lo, hi = stack.pop()
        used += 1
        if used > max_pieces:
            return CertifiedBound(None, bound - top, pts[k], top, used)
        s = mpmath.iv.mpf([lo, hi])
        try:
            up = float(mpmath.mpf(gi(fx(s), fy(s)).b))
        except (ZeroDivisionError, ValueError, TypeError):
            up = math.inf
        if (up < limit) if strict else (up <= limit):
            sup_upper = max(sup_upper, up)
            continue
        if hi - lo < 1e-12 * max(1.0, abs(hi)):
            return CertifiedBound(None, bound - top, pts[k], top, used)
        mid = 0.5 * (lo + hi)
        stack += [(fx, fy, lo, mid), (fx, fy, mid, hi)]
    return CertifiedBound(True, max(bound - sup_upper, 0.0), pts[k], top, used)
