"""The ``tikz-3dplot`` package: the main and rotated 3D frames and spherical points.

- ``\\tdplotsetmaincoords{theta}{phi}`` defines the style ``tdplot_main_coords``:
  the frame turned by ``phi`` about z, then tilted by ``theta`` about the screen's
  x axis (theta 0 looks down the z axis, 90 shows z vertical). With the rotation
  rows ``a = (cos phi, sin phi, 0)``, ``b = (-cos theta sin phi, cos theta cos phi,
  sin theta)``, the unit vectors are ``x = (a1, b1)``, ``y = (a2, b2)``,
  ``z = (a3, b3)`` in cm;
- ``\\tdplotsetrotatedcoords{alpha}{beta}{gamma}`` appends to the style
  ``tdplot_rotated_coords`` the main frame times the z-y-z Euler rotation
  ``Rz(alpha) Ry(beta) Rz(gamma)``; ``\\tdplotsetthetaplanecoords{phi}`` is the
  rotation (270 + phi, 270, 0) after resetting the origin;
  ``\\tdplotsetrotatedcoordsorigin{(p)}`` appends ``shift=(p)``;
- ``\\tdplotsetcoord{P}{r}{theta}{phi}`` defines the coordinate ``P`` at
  ``r (sin theta cos phi, sin theta sin phi, cos theta)`` and its projections
  ``Pxy``, ``Pxz``, ``Pyz``, ``Px``, ``Py``, ``Pz``
  (``\\tdplotsimplesetcoord`` only ``P``).

The formulas are those of ``tikz-3dplot.sty``.
"""

from __future__ import annotations

import math

from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize_at

__all__ = ["TDPLOT_COMMANDS", "run_tdplot"]

_ARGS = {"\\tdplotsetmaincoords": 2, "\\tdplotsetrotatedcoords": 3, "\\tdplotsetthetaplanecoords": 1,
         "\\tdplotsetrotatedcoordsorigin": 1, "\\tdplotresetrotatedcoordsorigin": 0, "\\tdplotsetcoord": 4,
         "\\tdplotsimplesetcoord": 4}

#: The commands :func:`run_tdplot` interprets.
TDPLOT_COMMANDS = frozenset(_ARGS)

_MAIN = "tdplot:main"  # the main rotation (rows a, b, c) in the definitions


def _sc(deg: float) -> tuple[float, float]:
    r = math.radians(deg)
    return math.sin(r), math.cos(r)


def main_rotation(theta: float, phi: float) -> list[list[float]]:
    """Rows a, b, c of the main frame's rotation (tikz-3dplot's ``\\tdplotcalctransformmainscreen``)."""
    st, ct = _sc(theta)
    sp, cp = _sc(phi)
    return [[cp, sp, 0.0], [-ct * sp, ct * cp, st], [st * sp, -st * cp, ct]]


def euler_rotation(alpha: float, beta: float, gamma: float) -> list[list[float]]:
    """The z-y-z Euler rotation from the rotated to the main frame (``\\tdplotcalctransformrotmain``)."""
    sa, ca = _sc(alpha)
    sb, cb = _sc(beta)
    sg, cg = _sc(gamma)
    return [[ca * cb * cg - sa * sg, -ca * cb * sg - sa * cg, ca * sb],
            [sa * cb * cg + ca * sg, -sa * cb * sg + ca * cg, sa * sb],
            [-sb * cg, sb * sg, cb]]


def _vectors(m) -> str:
    """The x, y, z keys of a frame whose screen rows are ``m[0]`` and ``m[1]``."""
    return ",".join(f"{k}={{({m[0][i]:.6f}cm,{m[1][i]:.6f}cm)}}" for i, k in enumerate("xyz"))


def run_tdplot(interp, tok, reader: Reader) -> None:
    """Interpret one tikz-3dplot command ``tok``; its arguments are read from ``reader``."""
    name = tok[0]
    args = [detokenize(interp.expand_all(reader.read_arg())).strip() for _ in range(_ARGS[name])]

    def num(text):
        return interp.number(text, interp.st).value

    if name == "\\tdplotsetmaincoords":
        rot = main_rotation(num(args[0]), num(args[1]))
        interp.defs.set(_MAIN, rot)
        interp._define_style("tdplot_main_coords", _vectors(rot), False)
    elif name in ("\\tdplotsetrotatedcoords", "\\tdplotsetthetaplanecoords"):
        if name == "\\tdplotsetthetaplanecoords":
            interp._define_style("tdplot_rotated_coords", "shift={(0,0,0)}", True)
            angles = (270.0 + num(args[0]), 270.0, 0.0)
        else:
            angles = tuple(num(a) for a in args)
        main = interp.defs.get(_MAIN) or main_rotation(0.0, 0.0)
        eul = euler_rotation(*angles)
        m = [[sum(main[r][k] * eul[k][c] for k in range(3)) for c in range(3)] for r in range(2)]
        interp._define_style("tdplot_rotated_coords", _vectors(m), True)
    elif name == "\\tdplotsetrotatedcoordsorigin":
        interp._define_style("tdplot_rotated_coords", f"shift={{{args[0]}}}", True)
    elif name == "\\tdplotresetrotatedcoordsorigin":
        interp._define_style("tdplot_rotated_coords", "shift={(0,0,0)}", True)
    else:  # \tdplotsetcoord, \tdplotsimplesetcoord
        point, r = args[0], num(args[1])
        st, ct = _sc(num(args[2]))
        sp, cp = _sc(num(args[3]))
        x, y, z = r * st * cp, r * st * sp, r * ct
        suffixes = {"": (x, y, z)}
        if name == "\\tdplotsetcoord":
            suffixes.update({"xy": (x, y, 0.0), "xz": (x, 0.0, z), "yz": (0.0, y, z), "x": (x, 0.0, 0.0),
                             "y": (0.0, y, 0.0), "z": (0.0, 0.0, z)})
        text = " ".join(f"\\coordinate ({point}{s}) at ({p[0]:.6f},{p[1]:.6f},{p[2]:.6f});"
                        for s, p in suffixes.items())
        reader.push(tokenize_at(text, tok[1]))
