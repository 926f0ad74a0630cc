"""The TikZ ``perspective`` library (tikzlibraryperspective.code.tex).

``3d view={<azimuth>}{<elevation>}`` (default ``{-30}{15}``) sets the x, y and z vectors
to the view's projections, in cm: x = (cos az, -sin az sin el), y = (sin az,
cos az sin el), z = (0, cos el). ``isometric view`` is ``3d view={-45}{atan(1/sqrt(2))}``.

``perspective={p={(a,b,c)}, q=..., r=...}`` sets the homogeneous matrix of the
``three point perspective`` (``tpp``) coordinate system from its vanishing points (the
bare key sets all three: ``(10,0,0)``, ``(0,10,0)``, ``(0,0,20)``); a point
``(tpp cs:x=..,y=..,z=..)`` is ``(H_a.p, H_b.p, H_c.p) / (H_d.p + 1)`` in the x/y/z
vectors, as ``\\pgfpointperspectivexyz``.
"""

from __future__ import annotations

import math
import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.pgfmath import UNITS_PT

__all__ = ["PERSPECTIVE_KEYS", "perspective_key", "perspective_point"]

CM = UNITS_PT["cm"]

PERSPECTIVE_KEYS = frozenset({"3d view", "isometric view", "perspective"})

#: The matrix rows a, b, c, d (columns for x, y, z); pgf starts from the identity and a zero row d.
_IDENTITY = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (0.0, 0.0, 0.0))
_DEFAULT = "p={(10,0,0)}, q={(0,10,0)}, r={(0,0,20)}"


def _view(st: dict, az: float, el: float) -> None:
    a, e = math.radians(az), math.radians(el)
    st["xvec"] = (math.cos(a) * CM, -math.sin(a) * math.sin(e) * CM)
    st["yvec"] = (math.sin(a) * CM, math.cos(a) * math.sin(e) * CM)
    st["zvec"] = (0.0, math.cos(e) * CM)


def _two_args(text: str) -> tuple[str, str]:
    m = re.fullmatch(r"\s*\{([^{}]*)\}\s*\{([^{}]*)\}\s*", text)
    if not m:
        raise FigureSyntaxError(f"'3d view={text}' needs two braced arguments {{azimuth}}{{elevation}}")
    return m.group(1), m.group(2)


def _vanishing(ctx, st: dict, text: str) -> None:
    """The ``/perspective/p``, ``q`` and ``r`` keys: the column of one vanishing point."""
    from geoverify.frontends.tikz.options import split_options
    rows = [list(r) for r in st.get("perspective") or _IDENTITY]
    for key, val in split_options(text):
        col = {"p": 0, "q": 1, "r": 2}.get(key.strip())
        inner = (val or "").strip().strip("{}").strip()
        if col is None or not (inner.startswith("(") and inner.endswith(")")):
            ctx.note("UNSUPPORTED", f"unknown perspective key '{key}={val}' ignored", "perspective")
            continue
        parts = [p.strip() for p in inner[1:-1].split(",")]
        if len(parts) != 3:
            ctx.note("UNSUPPORTED", f"perspective key '{key}' needs a point (a,b,c)", "perspective")
            continue
        v = [ctx.number(p, st).value for p in parts]
        if v[col] == 0:  # pgf leaves the matrix alone for a point at infinity along the axis
            continue
        for row in range(3):
            if row != col:
                rows[row][col] = v[row] / v[col]
        rows[3][col] = 1.0 / v[col]
    st["perspective"] = tuple(tuple(r) for r in rows)


def perspective_key(ctx, st: dict, key: str, val) -> None:
    """Apply one of :data:`PERSPECTIVE_KEYS` to the state ``st`` (its vectors or its perspective matrix).

    Parameters
    ----------
    ctx : OptionContext
        Reads numbers.
    st : dict
        The graphic state.
    key, val : str
        The key and its value (None when none was given).
    """
    if key == "isometric view":
        _view(st, -45.0, math.degrees(math.atan(1 / math.sqrt(2))))
    elif key == "3d view":
        az, el = _two_args(val) if val else ("-30", "15")
        _view(st, ctx.number(az, st).value, ctx.number(el, st).value)
    else:
        _vanishing(ctx, st, _DEFAULT if val is None else val)


def perspective_point(st: dict, x: float, y: float, z: float) -> tuple[float, float]:
    """``\\pgfpointperspectivexyz``: the point (before the canvas transformation)."""
    a, b, c, d = st.get("perspective") or _IDENTITY
    w = d[0] * x + d[1] * y + d[2] * z + 1.0
    if w == 0:
        raise FigureSyntaxError("a three point perspective coordinate lies on the vanishing plane")
    px, py, pz = ((r[0] * x + r[1] * y + r[2] * z) / w for r in (a, b, c))
    xv, yv, zv = st["xvec"], st["yvec"], st["zvec"]
    return (px * xv[0] + py * yv[0] + pz * zv[0], px * xv[1] + py * yv[1] + pz * zv[1])
