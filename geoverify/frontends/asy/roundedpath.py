"""The ``roundedpath`` module: ``roundedpath(path A, real R, real S=1)``.

Every inner corner of the polygon through ``A``'s nodes is rounded: the path runs
straight (``--``) to the point at distance ``R`` before the corner and joins
(``..``) the point at distance ``R`` after it, leaving in the direction it
arrived (a solved path joined by ``..`` keeps its end direction); a corner whose
sides are not longer than ``R`` gets no such point. An open path starts at its
first node and ends at its last; a cyclic one starts in the middle of its first
side and closes after rounding its first corner. The result is scaled by ``S``.
"""

from __future__ import annotations

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.guides import CYCLE, Join, Path
from geoverify.frontends.asy.lib_core import PATH, R
from geoverify.frontends.asy.values import NoMatch

__all__ = ["install"]


def _near(p: complex, q: complex, r: float):
    """Where the side p---q meets the circle of radius r about q, or None."""
    d = abs(q - p)
    return q - r * (q - p) / d if d >= r and d > 0 else None


def _after(q: complex, n: complex, r: float):
    """Where the side q---n leaves the circle of radius r about q, or None."""
    d = abs(n - q)
    return q + r * (n - q) / d if d >= r and d > 0 else None


def roundedpath(I, A, radius, S=1.0) -> Path:
    from geoverify.frontends.asy.operators import join

    g = PATH(A)
    r, s = R(radius), R(S)
    n = g.length
    closed = g.cyclic

    def pt(i):
        return pathops.point(g, i)

    def add(path, spec, z):  # ``path spec z`` assigned to a path variable: solved
        return join(I, path, spec, z, None, None, None).solve()

    out = Path.point_path(s * (pt(0) + pt(1)) / 2 if closed else s * pt(0))
    for i in range(1, n):
        a = _near(pt(i - 1), pt(i), r)
        if a is not None:
            out = add(out, "line", s * a)
        b = _after(pt(i), pt(i + 1), r)
        if b is not None:
            out = add(out, Join(), s * b)
    if closed:
        a = _near(pt(n - 1), pt(0), r)
        if a is not None:
            out = add(out, "line", s * a)
        b = _after(pt(0), pt(1), r)
        if b is not None:
            out = add(out, Join(), s * b)
            out = add(out, "line", CYCLE)
    else:
        out = add(out, "line", s * pt(n))
    return out


def install(I) -> None:
    """Bind ``roundedpath``."""
    def fn(A, radius, S=1.0, *rest):
        if rest:
            raise NoMatch()
        return roundedpath(I, A, radius, S)

    I.builtin("roundedpath", fn)
