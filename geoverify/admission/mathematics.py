"""Checks of the IR's own mathematics: zero and pole counts, roots, contour inequalities, claims.

Every number a task asserts is recomputed independently of the matching code:
zero and pole counts by the argument principle (``mpmath.quad`` of f'/f around
the contour), root locations by ``mpmath.findroot``, inequalities on a contour
by interval arithmetic, claimed equalities by sympy. A mismatch is an
instance-validity failure naming the object or predicate and both numbers.
"""

from __future__ import annotations

import unicodedata

import mpmath
import numpy as np
import sympy as sp

from geoverify.admission.claims import ClaimContext, parse_chain, prompt_functions
from geoverify.admission.contours import (
    Z,
    Contour,
    argument_principle,
    certify_upper,
    contour_of,
    parse_ir_expression,
    real_form,
)
from geoverify.admission.rubric import FAIL, NEEDS_EXPERT, PASS, Check
from geoverify.errors import IRValidationError
from geoverify.ir import Task
from geoverify.matching import known_geometry

__all__ = ["MathContext", "mathematics_checks"]

# |N - round(N)| above this: the quadrature did not give an integer (a zero near the contour).
_INTEGRALITY = 0.05


class MathContext:
    """Contours and argument-principle counts of one task, computed once."""

    def __init__(self, task: Task):
        self.task = task
        self._contours: dict[str, Contour | None] = {}
        self._counts: dict = {}

    def contour(self, oid: str) -> Contour | None:
        if oid not in self._contours:
            self._contours[oid] = contour_of(self.task, self.task.objects[oid])
        return self._contours[oid]

    def main_contour(self) -> Contour | None:
        """The task's contour when exactly one closed object is the domain of image curves or point sets."""
        ids = {o.data.get("of") or o.data.get("within") for o in self.task.objects.values()
               if o.type in ("image_curve", "point_set") and (o.data.get("of") or o.data.get("within"))}
        cs = [c for c in (self.contour(i) for i in ids) if c is not None]
        return cs[0] if len(cs) == 1 else None

    def count(self, f: sp.Expr, contour: Contour) -> tuple[int | None, float, float]:
        """``(round(N), N, min |f| on C)`` of the argument principle; the count is None if N is not near an integer."""
        key = (sp.srepr(f), contour.oid)
        if key not in self._counts:
            n, fmin = argument_principle(f, contour)
            ok = abs(n - round(n)) <= _INTEGRALITY
            self._counts[key] = (int(round(n)) if ok else None, n, fmin)
        return self._counts[key]

    def zeros_poles(self, f: sp.Expr, contour: Contour) -> tuple[int | None, int | None, float]:
        """Zeros and poles inside (counted separately for rational f), and min |f| on C."""
        num, den = sp.fraction(sp.together(f))
        if den.has(Z):
            zc, _, m1 = self.count(num, contour)
            pc, _, _ = self.count(den, contour)
            return zc, pc, m1
        zc, _, m = self.count(f, contour)
        return zc, 0, m


def _fmt_z(xy) -> str:
    return f"{xy[0]:.4g}{xy[1]:+.4g}i"


def _point_set_checks(mc: MathContext) -> list[Check]:
    task, out = mc.task, []
    for o in task.objects.values():
        if o.type != "point_set" or "function" not in o.data:
            continue
        d = o.data
        try:
            f = parse_ir_expression(d["function"], d.get("variable", "z"))
        except IRValidationError as exc:
            out.append(Check(f"math.function.{o.id}", FAIL, f"{o.path}.function: {exc.message}"))
            continue
        kind = d.get("kind", "zeros")
        if d.get("within"):
            c = mc.contour(d["within"])
            if c is None:
                out.append(Check(f"math.zero_count.{o.id}", NEEDS_EXPERT,
                                 f"the contour {d['within']!r} of {o.id} has no closed form to integrate over"))
                continue
            zc, pc, fmin = mc.zeros_poles(f, c)
            scale = max(1.0, float(np.max(np.abs(np.asarray(c.sample(64)[0])))))
            if fmin <= 1e-9 * scale:
                out.append(Check(f"math.zero_count.{o.id}", FAIL,
                                 f"{d['function']} vanishes (or has a pole) on the contour {d['within']!r}: the count "
                                 f"inside is not defined"))
                continue
            want = zc if kind != "poles" else pc
            if want is None:
                out.append(Check(f"math.zero_count.{o.id}", NEEDS_EXPERT,
                                 f"the argument principle for {d['function']} on {d['within']!r} gave no integer"))
                continue
            g = known_geometry(task, o)
            have = None if g is None else len(g.points)
            claims = {"IR roots inside (numpy.roots)": have}
            if "count" in d:
                claims[f"{o.path}.count"] = int(d["count"])
            if "points" in d:
                claims[f"{o.path}.points"] = len(d["points"])
            wrong = {k: v for k, v in claims.items() if v is not None and v != want}
            what = "poles" if kind == "poles" else "zeros"
            if wrong:
                out.append(Check(f"math.zero_count.{o.id}", FAIL,
                                 f"the argument principle gives {want} {what} of {d['function']} inside "
                                 f"{d['within']!r}, but " + ", ".join(f"{k} says {v}" for k, v in wrong.items()),
                                 details={"argument_principle": want, **{k: v for k, v in claims.items()}}))
            else:
                out.append(Check(f"math.zero_count.{o.id}", PASS,
                                 f"{want} {what} of {d['function']} inside {d['within']!r} by the argument principle "
                                 f"(mpmath quad of f'/f), as the IR says", details={"count": want}))
            out += _root_checks(o, f, c, kind)
        elif "points" in d:
            out += _explicit_root_checks(o, f, kind)
    return out


def _root_checks(o, f, c: Contour, kind: str) -> list[Check]:
    num, den = sp.fraction(sp.together(f))
    poly = den if kind == "poles" else num
    if not poly.has(Z) or not poly.is_polynomial(Z):
        return []
    coeffs = [complex(v) for v in sp.Poly(sp.expand(poly), Z).all_coeffs()]
    fn = sp.lambdify(Z, poly, "mpmath")
    pts, _ = c.sample(4096)
    size = c.size()
    bad, near = [], []
    roots = np.roots(coeffs)
    for r0 in roots:
        try:
            r = complex(mpmath.findroot(fn, mpmath.mpc(r0.real, r0.imag)))
        except (ValueError, ZeroDivisionError):
            r = complex(r0)
        if abs(complex(fn(r))) > 1e-8 * max(1.0, float(np.max(np.abs(coeffs)))):
            bad.append(_fmt_z((r.real, r.imag)))
        dist = float(np.min(np.hypot(pts[:, 0] - r.real, pts[:, 1] - r.imag)))
        if dist <= 1e-6 * size:
            near.append(_fmt_z((r.real, r.imag)))
    if bad or near:
        msg = []
        if bad:
            msg.append(f"roots not refined by mpmath.findroot: {', '.join(bad)}")
        if near:
            msg.append(f"roots on the contour: {', '.join(near)}")
        return [Check(f"math.roots.{o.id}", FAIL, f"{o.id}: " + "; ".join(msg))]
    return [Check(f"math.roots.{o.id}", PASS, f"all {len(roots)} roots of {poly} located (mpmath.findroot), none on "
                                              f"the contour", details={"roots": len(roots)})]


def _explicit_root_checks(o, f, kind: str) -> list[Check]:
    fn = sp.lambdify(Z, f if kind != "poles" else 1 / f, "numpy")
    bad = []
    for p in o.data["points"]:
        with np.errstate(all="ignore"):
            v = complex(fn(complex(p[0], p[1])))
        if not abs(v) <= 1e-5:
            bad.append(f"{_fmt_z(p)} (|f| = {abs(v):.3g})")
    if bad:
        return [Check(f"math.roots.{o.id}", FAIL, f"{o.path}.points are not {kind} of {o.data['function']}: "
                                                  + ", ".join(bad))]
    return [Check(f"math.roots.{o.id}", PASS, f"all {len(o.data['points'])} given points are {kind}")]


def _walk(expr, path="check"):
    if expr.op in ("all", "any", "not"):
        for k, c in enumerate(expr.children):
            yield from _walk(c, f"{path}.{expr.op}[{k}]" if expr.op != "not" else f"{path}.not")
    else:
        yield expr, path


def _ir_winding(mc: MathContext, curve: str, point: str) -> tuple[int | None, str]:
    task = mc.task
    co, po = task.objects[curve], task.objects[point]
    if "coords" not in po.data:
        return None, f"{point} has no coordinates"
    w0 = complex(*po.data["coords"])
    if co.type == "region":
        co = task.objects[co.data["boundary"]]
    if co.type == "image_curve":
        c = mc.contour(co.data["of"])
        if c is None:
            return None, f"the domain {co.data['of']!r} of {co.id} is not a closed IR curve"
        h = parse_ir_expression(co.data["function"], co.data.get("variable", "z"))
        zc, pc, fmin = mc.zeros_poles(h - w0, c)
        if fmin <= 1e-9 or zc is None or pc is None:
            return None, f"{co.id} passes through {point}"
        # The IR samples its image curves along the domain's positive (counter-clockwise) orientation.
        return zc - pc, f"zeros minus poles of {co.data['function']} - ({w0:g}) inside {co.data['of']!r}"
    c = mc.contour(co.id)
    if c is None:
        return None, f"{co.id} is not a closed IR curve"
    n, fmin = argument_principle(Z - w0, c)
    if fmin <= 1e-9 * c.size():
        return None, f"{point} lies on {co.id}"
    return int(round(n)) * c.orientation, f"argument principle of z - ({w0:g}) along {co.id}"


def _predicate_count_checks(mc: MathContext) -> list[Check]:
    task, out = mc.task, []
    for p in task.predicates:
        for node, path in _walk(p.check):
            where = f"{p.path}.{path}"
            if node.op == "count_inside" and node.args.get("markers"):
                s = task.objects[node.args["markers"]]
                g = known_geometry(task, s)
                if g is None:
                    continue
                region = mc.contour(node.args["region"])
                n_ir = len(g.points)
                want = int(node.args["count"])
                if region is not None and "function" in s.data:
                    f = parse_ir_expression(s.data["function"], s.data.get("variable", "z"))
                    zc, pc, _ = mc.zeros_poles(f, region)
                    n_ir = pc if s.data.get("kind") == "poles" else zc
                if n_ir is not None and n_ir != want:
                    out.append(Check(f"math.count.{p.id}", FAIL,
                                     f"{p.id} asks for {want} markers of {s.id} inside {node.args['region']!r} at "
                                     f"{where}.count, but the IR has {n_ir} (argument principle)",
                                     details={"claimed": want, "ir": n_ir}))
                elif n_ir is not None:
                    out.append(Check(f"math.count.{p.id}", PASS, f"{p.id}: count {want} agrees with the IR"))
            elif node.op == "winding_number":
                val = node.args.get("value")
                w, how = _ir_winding(mc, node.args["curve"], node.args["point"])
                if w is None:
                    out.append(Check(f"math.winding.{p.id}", NEEDS_EXPERT, f"{p.id}: winding number not computed: {how}"))
                    continue
                ok = (w != 0) if val is None else (w == int(val))
                want = "nonzero" if val is None else str(val)
                out.append(Check(f"math.winding.{p.id}", PASS if ok else FAIL,
                                 f"{p.id}: the IR curve {node.args['curve']!r} winds {w} time(s) about "
                                 f"{node.args['point']!r} ({how}); {where} expects {want}",
                                 details={"ir": w, "claimed": val}))
    return out


def _claim_context(mc: MathContext) -> tuple[ClaimContext, Contour | None]:
    task = mc.task
    c = mc.main_contour()
    points = {}
    for o in task.objects.values():
        if o.type == "point" and "coords" in o.data:
            for name in [o.id] + list(o.labels):
                key = name.replace("$", "").replace("{", "").replace("}", "").replace("\\", "").strip()
                if key:
                    points.setdefault(key, tuple(map(float, o.data["coords"])))
    ctx = ClaimContext(functions=prompt_functions(task.prompt), points=points)
    if c is not None:
        ctx.count = lambda e: mc.count(e, c)[0] if mc.count(e, c)[0] is not None else -1
        names = [c.oid] + list(task.objects[c.oid].labels)
        ctx.contour_name = next((n for n in names if len(n) <= 2), c.oid)
    return ctx, c


def _relation_holds(a: sp.Expr, b: sp.Expr, rel: str, c: Contour | None) -> tuple[bool | None, str]:
    """Decide ``a rel b`` (for all z on the contour when z occurs); ``(verdict, evidence)``."""
    if not (a.has(Z) or b.has(Z)):
        va, vb = complex(sp.N(a)), complex(sp.N(b))
        if abs(va.imag) > 1e-12 or abs(vb.imag) > 1e-12:
            return None, "complex values"
        x, y = va.real, vb.real
        eps = 1e-5 * max(1.0, abs(x), abs(y))  # IR coordinates are rounded to about 6 digits
        ok = {"eq": abs(x - y) <= eps, "le": x <= y + eps, "ge": x >= y - eps, "lt": x < y, "gt": x > y}[rel]
        return ok, f"{x:.6g} vs {y:.6g}"
    if c is None:
        return None, "z occurs but the task has no single contour"
    if c.radius is not None:
        # On a circle, sympy often reduces the difference to a constant (|z^3| = 8 on |z| = 2):
        # then the relation is decided exactly, and intervals are not needed for attained bounds.
        s = sp.Symbol("s", real=True)
        zc = complex(*c.center)
        param = sp.nsimplify(zc.real) + sp.I * sp.nsimplify(zc.imag) + sp.nsimplify(c.radius) * sp.exp(sp.I * s)
        diff = sp.expand(sp.powsimp((a - b).subs(Z, param)))
        if not diff.has(s):
            ok, why = _relation_holds(diff, sp.Integer(0), rel, None)
            return ok, f"constant on the contour (sympy): {why}"
    if rel == "eq":
        r1 = certify_upper(real_form(a - b), 0.0, c, strict=False, slack=1e-9)
        r2 = certify_upper(real_form(b - a), 0.0, c, strict=False, slack=1e-9)
        if r1.holds is False or r2.holds is False:
            bad = r1 if r1.holds is False else r2
            return False, f"they differ by {abs(bad.sup_sampled):.4g} at z = {_fmt_z(bad.worst)}"
        if r1.holds and r2.holds:
            return True, "equal on the contour (interval arithmetic)"
        return None, "interval arithmetic could not decide"
    lo, hi = (a, b) if rel in ("le", "lt") else (b, a)
    strict = rel in ("lt", "gt")
    try:
        g = real_form(lo - hi)
    except ValueError as exc:
        return None, str(exc)
    r = certify_upper(g, 0.0, c, strict=strict)
    if r.holds is False:
        return False, (f"{lo} - ({hi}) reaches {r.sup_sampled:.4g} at z = {_fmt_z(r.worst)} on {c.oid}")
    if r.holds:
        return True, f"certified on {c.oid} by interval arithmetic ({r.pieces} pieces, margin {r.margin:.3g})"
    return None, "interval arithmetic could not decide"


def _claim_checks(mc: MathContext) -> list[Check]:
    task, out = mc.task, []
    ctx, c = _claim_context(mc)
    unchecked = []
    for o in task.objects.values():
        if o.type != "text":
            continue
        texts = [o.data["text"]] + list(o.data.get("alternatives", []))
        if o.data.get("formula"):
            texts.append(o.data["formula"])
        results = []
        for k, t in enumerate(texts):
            chain = parse_chain(t, ctx)
            if chain is None:
                if any(r in t for r in ("=", "<", ">", "\\le", "\\ge")):
                    unchecked.append(t)
                continue
            for a, rel, b in zip(chain.terms, chain.relations, chain.terms[1:]):
                ok, why = _relation_holds(a, b, rel, c)
                results.append((k, t, a, rel, b, ok, why))
        if not results:
            continue
        false = [r for r in results if r[5] is False]
        undecided = [r for r in results if r[5] is None]
        sym = {"le": "<=", "lt": "<", "ge": ">=", "gt": ">", "eq": "="}
        if false:
            k, t, a, rel, b, _, why = false[0]
            which = "its text" if k == 0 else f"its accepted form {k}"
            out.append(Check(f"math.claim.{o.id}", FAIL,
                             f"text {o.id!r} ({o.path}): {which} {t!r} claims {a} {sym[rel]} {b}, which is false: {why}",
                             details={"false": len(false), "relations": len(results)}))
        elif undecided:
            k, t, a, rel, b, _, why = undecided[0]
            out.append(Check(f"math.claim.{o.id}", NEEDS_EXPERT, f"text {o.id!r}: {a} {sym[rel]} {b} not decided: {why}"))
        else:
            out.append(Check(f"math.claim.{o.id}", PASS,
                             f"text {o.id!r}: all {len(results)} relations in {len({r[0] for r in results})} form(s) "
                             f"hold ({results[0][6]})", details={"relations": len(results)}))
    if unchecked:
        out.append(Check("math.claims_unparsed", PASS, "relations not machine-checkable (left to the expert): "
                         + "; ".join(repr(t) for t in unchecked[:6]), evidence=False))
    return out


def _rouche_checks(mc: MathContext) -> list[Check]:
    task = mc.task
    words = unicodedata.normalize("NFKD", f"{task.title} {task.prompt}").encode("ascii", "ignore").decode().lower()
    if "rouche" not in words:
        return []
    fs = prompt_functions(task.prompt)
    c = mc.main_contour()
    if "f" not in fs or "g" not in fs or c is None:
        return [Check("math.rouche", NEEDS_EXPERT, "a Rouché task whose f, g (in the prompt) or contour could not be read")]
    f, g = fs["f"], fs["g"]
    r = certify_upper(real_form(sp.Abs(g) - sp.Abs(f)), 0.0, c, strict=True)
    if r.holds is False:
        return [Check("math.rouche", FAIL, f"Rouché's condition |g| < |f| fails on {c.oid}: |g| - |f| reaches "
                                           f"{r.sup_sampled:.4g} at z = {_fmt_z(r.worst)}")]
    if r.holds is None:
        return [Check("math.rouche", NEEDS_EXPERT, f"Rouché's condition |g| < |f| on {c.oid} could not be certified")]
    nf, nfg = mc.count(f, c)[0], mc.count(f + g, c)[0]
    if nf != nfg:
        return [Check("math.rouche", FAIL, f"the argument principle gives N(f) = {nf} but N(f+g) = {nfg}")]
    return [Check("math.rouche", PASS, f"|g| < |f| on {c.oid} with certified margin {r.margin:.3g}; N(f) = N(f+g) = {nf}",
                  details={"margin": r.margin, "count": nf})]


def mathematics_checks(task: Task) -> list[Check]:
    """All checks of the IR's mathematics (instance validity)."""
    mc = MathContext(task)
    out = []
    for fn in (_point_set_checks, _predicate_count_checks, _rouche_checks, _claim_checks):
        try:
            out += fn(mc)
        except IRValidationError as exc:
            out.append(Check(f"math.{fn.__name__.strip('_')}", FAIL, exc.message))
    from geoverify.admission.ir_relations import relation_checks

    out += relation_checks(task)
    return out


