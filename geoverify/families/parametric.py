"""Controlled variants on demand: N random instances of a family (MathVis Level 5).

Each generator draws parameters from a seeded generator, keeps only instances
that satisfy the family's mathematical side conditions (checked numerically)
and are well conditioned for drawing (points apart, angles not degenerate), and
returns ready task packages with ids ``<family>-s<seed>-<k>``.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.errors import InputError
from geoverify.families.rouche import RoucheParams, check_boundary_inequality, rouche_package

__all__ = ["GENERATORS", "generate", "self_check"]


def _rouche(rng: np.random.Generator, k: int, seed: int):
    for _ in range(1000):
        n = int(rng.integers(3, 6))
        deg = int(rng.integers(1, n - 1))
        coeffs = tuple(int(v) for v in rng.integers(-3, 4, size=deg + 1))
        if coeffs[0] == 0 or coeffs[-1] == 0:
            continue
        R = float(rng.choice([1.5, 2.0, 2.5]))
        M = float(sum(abs(c) * R ** (deg - i) for i, c in enumerate(coeffs)))  # triangle-inequality bound on |g|
        # |g| well below |f| but not negligible: the two image curves stay apart and distinct
        if not 0.2 * R**n <= M <= 0.6 * R**n:
            continue
        terms = []
        for i, c in enumerate(coeffs):
            p = deg - i
            if c == 0:
                continue
            terms.append((c, p))
        sym = " + ".join(f"{c}*z**{p}" if p > 1 else f"{c}*z" if p == 1 else f"{c}" for c, p in terms).replace("+ -", "- ")
        tex = ""
        for c, p in terms:
            mono = "" if p == 0 else "z" if p == 1 else f"z^{p}"
            num = str(abs(c)) if (abs(c) != 1 or p == 0) else ""
            sign = "-" if c < 0 else ("+" if tex else "")
            tex += f"{sign}{num}{mono}"
        params = RoucheParams(f"rouche-s{seed}-{k}", n, coeffs, sym, tex, R, round(M, 6))
        try:
            check_boundary_inequality(params)
        except InputError:
            continue
        return rouche_package(params)
    raise InputError("no admissible Rouché instance found")


def _triangle(rng: np.random.Generator, min_angle_deg: float = 35.0) -> np.ndarray:
    """A well-shaped triangle: all angles at least ``min_angle_deg``, base on the x-axis, side about 6."""
    for _ in range(1000):
        c = np.array([rng.uniform(0.8, 5.2), rng.uniform(3.0, 4.8)])
        pts = np.array([[0.0, 0.0], [6.0, 0.0], c])
        angs = []
        for i in range(3):
            u, v = pts[(i + 1) % 3] - pts[i], pts[(i + 2) % 3] - pts[i]
            angs.append(math.degrees(math.acos(u @ v / (np.hypot(*u) * np.hypot(*v)))))
        if min(angs) >= min_angle_deg:
            return pts
    raise InputError("no well-shaped triangle found")


def _circumcircle(rng, k, seed):
    from geoverify.families.euclid import _circ_ortho

    for _ in range(1000):
        A, B, C = _triangle(rng)
        from geoverify.families.euclid import circumcentre, orthocentre

        # O and H far enough apart to be told apart (an equilateral-like triangle makes them coincide)
        if np.hypot(*(circumcentre(A, B, C) - orthocentre(A, B, C))) >= 1.2:
            break
    return _circ_ortho(f"circumcircle-orthocentre-s{seed}-{k}", A.round(2), B.round(2), C.round(2))


def _tangents(rng, k, seed):
    from geoverify.families.euclid import _tangents as build

    r = float(rng.uniform(1.2, 2.2))
    d = float(rng.uniform(2.2, 3.0)) * r
    a = float(rng.uniform(0, 2 * math.pi))
    return build(f"tangents-external-point-s{seed}-{k}", round(r, 2), (round(d * math.cos(a), 2), round(d * math.sin(a), 2)))


def _orthogonal(rng, k, seed):
    from geoverify.families.analytic import _orthogonal as build

    return build(f"orthogonal-circles-s{seed}-{k}", round(float(rng.uniform(1.2, 2.4)), 2), round(float(rng.uniform(1.2, 2.4)), 2))


GENERATORS = {"rouche": _rouche, "circumcircle-orthocentre": _circumcircle, "tangents-external-point": _tangents,
              "orthogonal-circles": _orthogonal}


def generate(family_name: str, n: int, seed: int = 0, *, admit: bool = False, max_draws: int = 20):
    """``n`` task packages of ``family_name`` with parameters drawn from ``seed``.

    Parameters
    ----------
    admit : bool
        Keep an instance only if it passes its own admission check (:func:`self_check`:
        the SVG reference is delivered and every mutant gets exactly its expected
        verdicts); rejected draws are replaced by new ones.
    max_draws : int
        Draws allowed per admitted instance.

    Returns
    -------
    packages : list of TaskPackage
    rejected : int
        Draws rejected by admission (0 without ``admit``).
    """
    if family_name not in GENERATORS:
        raise InputError(f"no parametric generator for {family_name!r}; expected one of: {', '.join(GENERATORS)}")
    rng = np.random.default_rng(seed)
    out, rejected = [], 0
    for k in range(n):
        for _ in range(max_draws):
            pkg = GENERATORS[family_name](rng, k, seed)
            if not admit or not self_check(pkg):
                break
            rejected += 1
        else:
            raise InputError(f"{family_name}: no admissible instance in {max_draws} draws (seed {seed}, instance {k})")
        out.append(pkg)
    return out, rejected


def self_check(pkg) -> list[str]:
    """Disagreements between the package's expectations and the checker, on SVG (empty when admissible)."""
    import tempfile
    from pathlib import Path

    import geoverify
    from geoverify.families.package import write_package
    from geoverify.ir import load_task

    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        task = load_task(write_package(pkg, Path(tmp)))
        for a in list(task.references) + list(task.variants):
            if a.format != "svg":
                continue
            rep = geoverify.check(a.path, task)
            got = {r.predicate.id: r.verdict.verdict for r in rep.results}
            expect = getattr(a, "expect", {})
            for p in task.predicates:
                if got[p.id] != expect.get(p.id, "pass"):
                    problems.append(f"{a.path.name}: {p.id} {got[p.id]} (expected {expect.get(p.id, 'pass')})")
    return problems
