"""More of pgf's basic-layer point commands (pgfcorepoints.code.tex).

:class:`~geoverify.frontends.tikz.pgfbasic` reads the common points itself and
asks :func:`more_point` for these:

- ``\\pgfpointxyz{x}{y}{z}``, ``\\pgfpointcylindrical{angle}{radius}{z}`` and
  ``\\pgfpointspherical{longitude}{latitude}{radius}`` in the xyz vectors (pgf's
  spherical point takes ``sin`` of the longitude along x and ``cos`` along y);
- ``\\pgfpointborderrectangle{direction}{corner}`` and
  ``\\pgfpointborderellipse{direction}{corner}``: where the ray from the origin
  meets the rectangle or ellipse centred at the origin;
- ``\\pgfpointintersectionoflines{p1}{p2}{q1}{q2}``;
- ``\\pgfpointarcaxesattime{t}{centre}{0-axis}{90-axis}{start}{end}`` and
  ``\\pgfpointcurveattime{t}{p}{c1}{c2}{q}``;
- the transformations to such a point, :func:`at_time_transform`:
  ``\\pgftransformlineattime``, ``\\pgftransformcurveattime``,
  ``\\pgftransformarcaxesattime``: shifted there; turned along the direction of
  travel under ``\\pgfslopedattimetrue``, never upside down unless
  ``\\pgfallowupsidedownattimetrue``; the rotation and scaling in force are dropped
  first, as TikZ sets ``\\pgfresetnontranslationattimetrue`` (not under
  ``transform shape``).

Points are in the coordinates in force (untransformed), TeX points.
"""

from __future__ import annotations

import math

from geoverify.errors import FigureSyntaxError

__all__ = ["MORE_POINTS", "AT_TIME_FLAGS", "more_point", "at_time_transform"]

#: The point commands :func:`more_point` reads.
MORE_POINTS = {"\\pgfpointxyz", "\\pgfpointcylindrical", "\\pgfpointspherical", "\\pgfpointborderrectangle",
               "\\pgfpointborderellipse", "\\pgfpointintersectionoflines", "\\pgfpointarcaxesattime",
               "\\pgfpointcurveattime"}


#: The switches of the at-time transformations: command -> (state key, value).
AT_TIME_FLAGS = {f"\\pgf{name}attime{v}": ("at_time_" + name, v == "true")
                 for name in ("sloped", "resetnontranslation", "allowupsidedown") for v in ("true", "false")}


def _in_vectors(st, x, y, z):
    xv, yv, zv = st["xvec"], st["yvec"], st["zvec"]
    return (x * xv[0] + y * yv[0] + z * zv[0], x * xv[1] + y * yv[1] + z * zv[1])


def more_point(pts, name: str, arg):
    """The point of command ``name`` whose arguments ``arg()`` reads; ``pts`` is pgfbasic's evaluator.

    Raises
    ------
    FigureSyntaxError
        ``name`` is none of :data:`MORE_POINTS`, or two lines are parallel.
    """
    st = pts.st
    if name == "\\pgfpointxyz":
        return _in_vectors(st, pts.num(arg()), pts.num(arg()), pts.num(arg()))
    if name == "\\pgfpointcylindrical":  # \pgfpointpolarxy{angle}{radius} + z * z-vector
        a, r, z = math.radians(pts.num(arg())), pts.num(arg()), pts.num(arg())
        return _in_vectors(st, r * math.cos(a), r * math.sin(a), z)
    if name == "\\pgfpointspherical":
        lon, lat, r = math.radians(pts.num(arg())), math.radians(pts.num(arg())), pts.num(arg())
        c = math.cos(lat)
        return _in_vectors(st, r * c * math.sin(lon), r * c * math.cos(lon), r * math.sin(lat))
    if name == "\\pgfpointborderrectangle":
        (x, y), (w, h) = pts.point(arg()), pts.point(arg())
        if x == 0 and y == 0:
            return (0.0, 0.0)
        f = min(w / abs(x) if x else math.inf, h / abs(y) if y else math.inf)
        return (f * x, f * y)
    if name == "\\pgfpointborderellipse":
        (x, y), (a, b) = pts.point(arg()), pts.point(arg())
        n = math.hypot(x / a, y / b) if a and b else 0.0
        return (x / n, y / n) if n else (0.0, 0.0)
    if name == "\\pgfpointintersectionoflines":
        p1, p2, q1, q2 = (pts.point(arg()) for _ in range(4))
        d1 = (p2[0] - p1[0], p2[1] - p1[1])
        d2 = (q2[0] - q1[0], q2[1] - q1[1])
        den = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(den) < 1e-12:
            raise FigureSyntaxError("\\pgfpointintersectionoflines: the lines are parallel")
        t = ((q1[0] - p1[0]) * d2[1] - (q1[1] - p1[1]) * d2[0]) / den
        return (p1[0] + t * d1[0], p1[1] + t * d1[1])
    if name == "\\pgfpointarcaxesattime":
        t, c, u, v = pts.num(arg()), pts.point(arg()), pts.point(arg()), pts.point(arg())
        s, e = pts.num(arg()), pts.num(arg())
        a = math.radians(e * t + s * (1 - t))
        return (c[0] + math.cos(a) * u[0] + math.sin(a) * v[0], c[1] + math.cos(a) * u[1] + math.sin(a) * v[1])
    if name == "\\pgfpointcurveattime":
        t = pts.num(arg())
        p, c1, c2, q = (pts.point(arg()) for _ in range(4))
        s = 1 - t
        return tuple(s ** 3 * p[i] + 3 * s * s * t * c1[i] + 3 * s * t * t * c2[i] + t ** 3 * q[i] for i in (0, 1))
    raise FigureSyntaxError(f"pgf point {name} is not interpreted")


def _bezier(t, p, c1, c2, q):
    s = 1 - t
    point = tuple(s ** 3 * p[i] + 3 * s * s * t * c1[i] + 3 * s * t * t * c2[i] + t ** 3 * q[i] for i in (0, 1))
    d = tuple(3 * s * s * (c1[i] - p[i]) + 6 * s * t * (c2[i] - c1[i]) + 3 * t * t * (q[i] - c2[i]) for i in (0, 1))
    return point, d


def at_time_transform(pts, kind: str, arg, st: dict) -> None:
    """``\\pgftransform<kind>attime`` (kind ``line``, ``curve`` or ``arcaxes``): compose ``st['ctm']``."""
    from geoverify.frontends.tikz import geometry as G
    if kind == "line":
        t, p, q = pts.num(arg()), pts.point(arg()), pts.point(arg())
        point, d = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])), (q[0] - p[0], q[1] - p[1])
    elif kind == "curve":
        t = pts.num(arg())
        point, d = _bezier(t, *(pts.point(arg()) for _ in range(4)))
    else:
        t, c, u, v = pts.num(arg()), pts.point(arg()), pts.point(arg()), pts.point(arg())
        s, e = pts.num(arg()), pts.num(arg())
        a = math.radians(e * t + s * (1 - t))
        ca, sa = math.cos(a), math.sin(a)
        point = (c[0] + ca * u[0] + sa * v[0], c[1] + ca * u[1] + sa * v[1])
        d = (sa * u[0] - ca * v[0], sa * u[1] - ca * v[1])
        if s <= e:
            d = (-d[0], -d[1])
    ctm = G.compose(st["ctm"], G.translation(*point))
    # TikZ sets \pgfresetnontranslationattimetrue, false under transform shape (tikz.code.tex)
    if st.get("at_time_resetnontranslation", not st.get("transform_shape")):
        ctm = (1.0, 0.0, 0.0, 1.0, ctm[4], ctm[5])
    if st.get("at_time_sloped"):
        if d[0] < 0 and not st.get("at_time_allowupsidedown"):
            d = (-d[0], -d[1])
        a = math.atan2(d[1], d[0])
        ctm = G.compose(ctm, (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0))
    st["ctm"] = ctm
