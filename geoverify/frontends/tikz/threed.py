"""TikZ's three-dimensional keys: the ``3d`` library's planes and coordinate systems,
and the ``rotate around x/y/z`` keys of tikz.code.tex.

The ``3d`` library (tikzlibrary3d.code.tex) turns a plane of the x/y/z frame into the
canvas: ``canvas is xy plane at z=<z>`` (and the ``yx``, ``xz``, ``zx``, ``yz``, ``zy``
variants) or ``canvas is plane`` after ``plane origin``, ``plane x``, ``plane y``
(``pgftransformtriangle`` from the origin and the two axis points, scaled by 0.035146
so that 1 cm reaches them, then x and y vectors of 1 cm and a zero z vector). It adds
the ``xyz cylindrical`` and ``xyz spherical`` coordinate systems (``pgfpointcylindrical``,
``pgfpointspherical``).

``rotate around x=<angle>`` (tikz.code.tex) turns the y and z vectors about the x
vector (and likewise for y and z); the canvas transformation is left alone.
"""

from __future__ import annotations

import math

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.pgfmath import UNITS_PT

__all__ = ["THREED_KEYS", "threed_key", "xyz_point", "cylindrical_point", "spherical_point"]

CM = UNITS_PT["cm"]

#: ``canvas is <ab> plane at <c>``: the letters of the plane's x and y axes and of the one the value sets.
_PLANE_KEYS = {f"canvas is {ab} plane at {c}": (ab[0], ab[1], c)
               for ab, c in (("xy", "z"), ("yx", "z"), ("xz", "y"), ("zx", "y"), ("yz", "x"), ("zy", "x"))}

THREED_KEYS = frozenset({"rotate around x", "rotate around y", "rotate around z", "canvas is plane",
                         "plane origin", "plane x", "plane y", *_PLANE_KEYS})


def xyz_point(st: dict, x: float, y: float, z: float) -> tuple[float, float]:
    """``\\pgfpointxyz{x}{y}{z}``: the point in the state's x, y and z vectors (no transformation)."""
    xv, yv, zv = st["xvec"], st["yvec"], st["zvec"]
    return (x * xv[0] + y * yv[0] + z * zv[0], x * xv[1] + y * yv[1] + z * zv[1])


def cylindrical_point(st: dict, angle: float, radius: float, z: float) -> tuple[float, float]:
    """``\\pgfpointcylindrical``: ``radius`` at ``angle`` in the x/y vectors, ``z`` along the z vector."""
    a = math.radians(angle)
    return xyz_point(st, radius * math.cos(a), radius * math.sin(a), z)


def spherical_point(st: dict, longitude: float, latitude: float, radius: float) -> tuple[float, float]:
    """``\\pgfpointspherical``: as pgfcorepoints.code.tex computes it,
    ``radius (cos(lat) (sin(lon) x + cos(lon) y) + sin(lat) z)``."""
    lo, la = math.radians(longitude), math.radians(latitude)
    return xyz_point(st, radius * math.cos(la) * math.sin(lo), radius * math.cos(la) * math.cos(lo),
                     radius * math.sin(la))


def _rotate_axis(st: dict, axis: str, deg: float) -> None:
    """``rotate around <axis>``: the other two vectors turn about ``axis`` (tikz.code.tex)."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    names = {"x": ("yvec", "zvec"), "y": ("zvec", "xvec"), "z": ("xvec", "yvec")}[axis]
    u, v = st[names[0]], st[names[1]]
    # around x: y' = c y + s z, z' = -s y + c z; around z: x' = c x + s y, y' = -s x + c y;
    # around y: x' = c x - s z, z' = s x + c z (the same turn with the pair (z, x))
    st[names[0]] = (c * u[0] + s * v[0], c * u[1] + s * v[1])
    st[names[1]] = (-s * u[0] + c * v[0], -s * u[1] + c * v[1])


def _plane_point(ctx, st: dict, name: str, default) -> tuple[float, float]:
    text = st.get("plane_" + name)
    if text is None:
        return default
    return ctx.point(text, {**st, "ctm": G.IDENTITY})


def _canvas_is_plane(st: dict, origin, px, py) -> None:
    """``\\tikz@canvas@is@plane``: the triangle origin, x, y becomes the canvas at 1 cm."""
    k = 0.035146
    m = ((px[0] - origin[0]) * k, (px[1] - origin[1]) * k, (py[0] - origin[0]) * k, (py[1] - origin[1]) * k,
         origin[0], origin[1])
    st["ctm"] = G.compose(st["ctm"], m)
    st["xvec"], st["yvec"], st["zvec"] = (CM, 0.0), (0.0, CM), (0.0, 0.0)


def threed_key(ctx, st: dict, key: str, val) -> None:
    """Apply one of :data:`THREED_KEYS` to the state ``st``.

    Parameters
    ----------
    ctx : OptionContext
        Reads numbers and points.
    st : dict
        The graphic state; ``ctm``, ``xvec``, ``yvec``, ``zvec`` and the ``plane_*`` entries change.
    key, val : str
        The key and its value (None when none was given).
    """
    if key.startswith("rotate around "):
        _rotate_axis(st, key[-1], ctx.number(val or "0", st).value)
    elif key in ("plane origin", "plane x", "plane y"):
        st["plane_" + key.split()[1]] = val  # read when the canvas is set, in the vectors then
    elif key == "canvas is plane":
        _canvas_is_plane(st, _plane_point(ctx, st, "origin", (0.0, 0.0)), _plane_point(ctx, st, "x", st["xvec"]),
                         _plane_point(ctx, st, "y", st["yvec"]))
    else:
        first, second, third = _PLANE_KEYS[key]
        at = ctx.number(val or "0", st).value

        def point(u: float, v: float):
            c = {first: u, second: v, third: at}
            return xyz_point(st, c["x"], c["y"], c["z"])

        _canvas_is_plane(st, point(0.0, 0.0), point(1.0, 0.0), point(0.0, 1.0))
