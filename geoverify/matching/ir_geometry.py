"""Geometry the IR itself determines, in the IR's own coordinates.

Objects with given coordinates (a point at (0, 0), the circle |z| = 2, the
image of that circle under z -> z^3, the zeros of z^3 + z + 1) have a known
shape; matching uses it to fit each frame's transform and the predicates use it
to compare what is drawn with what should be drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from geoverify.errors import IRValidationError
from geoverify.ir import IRObject, Task
from geoverify.matching.expressions import NotRational, compile_function, rational_coefficients

__all__ = ["KnownGeometry", "known_geometry", "sample_known", "function_of", "zeros_and_poles"]

# Samples used for curves given by formulas.
_CURVE_SAMPLES = 720


@dataclass(slots=True)
class KnownGeometry:
    """Shape of an IR object in IR coordinates.

    Attributes
    ----------
    kind : str
        ``"point"``, ``"points"``, ``"circle"``, ``"line"`` (two points), ``"curve"``.
    points : (N, 2) float64
        The point(s); for a circle the centre; for a line two points on it; for a
        curve its samples in parameter order.
    radius : float or None
        For circles.
    closed : bool
        For curves.
    extension : (M, 2) float64 or None
        For a curve whose extent the prompt leaves free (``extends_to``): its samples over
        the wider range a drawing may cover; ``points`` is then the part it must cover.
    """

    kind: str
    points: np.ndarray
    radius: float | None = None
    closed: bool = False
    extension: np.ndarray | None = None


def function_of(expression: str, variable: str):
    """A numpy function of the IR expression (see :mod:`geoverify.matching.expressions`)."""
    return compile_function(expression, variable)


def zeros_and_poles(expression: str, variable: str = "z") -> tuple[np.ndarray, np.ndarray]:
    """Zeros and poles (with multiplicity, as repeated entries) of a rational function.

    Common factors of numerator and denominator cancel.

    Returns
    -------
    zeros, poles : (K,) complex128
    """
    try:
        num, den = rational_coefficients(expression, variable)
    except NotRational as exc:
        raise IRValidationError(f"zeros and poles are computed for rational functions only: {exc}") from None
    zeros = np.roots(num[::-1]) if len(num) > 1 else np.zeros(0, dtype=complex)
    poles = np.roots(den[::-1]) if len(den) > 1 else np.zeros(0, dtype=complex)
    zeros, poles = list(zeros), list(poles)
    for z in list(zeros):
        for k, p in enumerate(poles):
            if abs(z - p) <= 1e-7 * (1 + abs(z)):
                zeros.remove(z)
                del poles[k]
                break
    return np.asarray(zeros, dtype=complex), np.asarray(poles, dtype=complex)


def _resolve_point(task: Task, ref, memo: dict) -> np.ndarray | None:
    if isinstance(ref, str):
        g = known_geometry(task, task.objects[ref], memo)
        return None if g is None or g.kind != "point" else g.points[0]
    return np.asarray(ref, dtype=np.float64)


def _as_xy(z: np.ndarray) -> np.ndarray:
    return np.column_stack([np.real(z), np.imag(z)]).astype(np.float64)


def _parametric_samples(d: dict, a: float, b: float) -> np.ndarray:
    """Samples of a parametric curve's formula (``x``/``y`` or complex ``z``) for t in [a, b]."""
    var = d.get("variable", "t")
    ts = np.linspace(a, b, _CURVE_SAMPLES)
    if "z" in d:
        f = function_of(d["z"], var)
        return _as_xy(np.asarray(f(ts.astype(complex)), dtype=complex) * np.ones_like(ts))
    fx = function_of(d["x"], var)
    fy = function_of(d["y"], var)
    return np.column_stack([np.real(fx(ts) * np.ones_like(ts)), np.real(fy(ts) * np.ones_like(ts))])


def known_geometry(task: Task, obj: IRObject, memo: dict | None = None) -> KnownGeometry | None:
    """The IR-determined shape of ``obj``, or None when the IR leaves it free.

    ``memo`` (a dict owned by the caller, one per task) avoids recomputing curves.
    """
    if memo is None:
        return _compute(task, obj, {})
    if obj.id not in memo:
        memo[obj.id] = _compute(task, obj, memo)
    return memo[obj.id]


def _compute(task: Task, obj: IRObject, memo: dict) -> KnownGeometry | None:
    t = obj.type
    d = obj.data
    if t == "point":
        if "coords" in d:
            return KnownGeometry("point", np.asarray([d["coords"]], dtype=np.float64))
        return None
    if t in ("line", "segment", "ray"):
        pts = [_resolve_point(task, r, memo) for r in d["through"]]
        if any(p is None for p in pts):
            return None
        return KnownGeometry("line", np.asarray(pts))
    if t in ("circle", "arc"):
        center = _resolve_point(task, d["center"], memo) if "center" in d else None
        radius = d.get("radius")
        if center is not None and radius is None and d.get("through"):
            p = _resolve_point(task, d["through"][0], memo)
            if p is not None:
                radius = float(np.hypot(*(p - center)))
        if center is None and len(d.get("through", [])) == 3:
            pts = [_resolve_point(task, r, memo) for r in d["through"]]
            if all(p is not None for p in pts):
                center, radius = _circumcircle(*pts)
        if center is None or radius is None:
            return None
        return KnownGeometry("circle", np.asarray([center]), float(radius), closed=(t == "circle"))
    if t == "polygon":
        pts = [_resolve_point(task, r, memo) for r in d["vertices"]]
        if any(p is None for p in pts):
            return None
        return KnownGeometry("curve", np.vstack(pts + [pts[0]]), closed=True)
    if t == "parametric_curve":
        xy = _parametric_samples(d, *d["domain"])
        closed = bool(d.get("closed", np.allclose(xy[0], xy[-1], atol=1e-9 * (1 + np.abs(xy).max()))))
        ext = _parametric_samples(d, *d["extends_to"]) if "extends_to" in d else None
        return KnownGeometry("curve", xy, closed=closed, extension=ext)
    if t == "image_curve":
        src = known_geometry(task, task.objects[d["of"]], memo)
        if src is None:
            return None
        pts = _sample(src)
        f = function_of(d["function"], d.get("variable", "z"))
        z = pts[:, 0] + 1j * pts[:, 1]
        w = np.asarray(f(z), dtype=complex) * np.ones_like(z)
        return KnownGeometry("curve", _as_xy(w), closed=src.closed or src.kind == "circle")
    if t == "region":
        return known_geometry(task, task.objects[d["boundary"]], memo)
    if t == "point_set":
        if "points" in d:
            return KnownGeometry("points", np.asarray(d["points"], dtype=np.float64).reshape(-1, 2))
        if "function" in d:
            zeros, poles = zeros_and_poles(d["function"], d.get("variable", "z"))
            roots = poles if d.get("kind") == "poles" else zeros
            xy = _as_xy(roots)
            if d.get("within"):
                region = known_geometry(task, task.objects[d["within"]], memo)
                if region is not None:
                    xy = xy[_inside_known(region, xy)]
            return KnownGeometry("points", xy)
        return None
    return None


def _sample(g: KnownGeometry) -> np.ndarray:
    if g.kind == "circle":
        th = np.linspace(0, 2 * math.pi, _CURVE_SAMPLES)
        return g.points[0] + g.radius * np.column_stack([np.cos(th), np.sin(th)])
    if g.kind == "line":
        s = np.linspace(0, 1, _CURVE_SAMPLES)[:, None]
        return g.points[0] + s * (g.points[1] - g.points[0])
    return g.points


def _inside_known(region: KnownGeometry, xy: np.ndarray) -> np.ndarray:
    if region.kind == "circle":
        return np.hypot(*(xy - region.points[0]).T) < region.radius
    from geoverify.kernels import points_in_polygon

    return points_in_polygon(xy, region.points)


def _circumcircle(a, b, c):
    ax, ay = a
    bx, by = b
    cx, cy = c
    d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
    if abs(d) < 1e-15:
        return None, None
    ux = ((ax**2 + ay**2) * (by - cy) + (bx**2 + by**2) * (cy - ay) + (cx**2 + cy**2) * (ay - by)) / d
    uy = ((ax**2 + ay**2) * (cx - bx) + (bx**2 + by**2) * (ax - cx) + (cx**2 + cy**2) * (bx - ax)) / d
    center = np.array([ux, uy])
    return center, float(np.hypot(*(center - np.asarray(a))))


def sample_known(g: KnownGeometry) -> np.ndarray:
    """Dense samples of a known geometry, ``(N, 2)`` (a circle as 720 points)."""
    return _sample(g)

