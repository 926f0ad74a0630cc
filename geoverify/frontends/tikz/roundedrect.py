"""``rounded rectangle`` of ``shapes.misc`` as ``pgflibraryshapes.misc.code.tex`` builds it.

The shape's frame has its origin at the text box's centre. With half the text
width ``htw`` and height ``hth`` (height and depth), the half height is
``hth + inner ysep`` (at least half the ``minimum height``); each end is an arc
of ``rounded rectangle arc length`` (180 degrees) with radius ``r = halfheight /
sin(a)``, ``a`` half that length. An end is

- ``convex`` (the default): the arc bulges out, ``chord = r - r cos(asin(hth / r))``
  beyond the straight part;
- ``concave``: it bulges in, its corners ``arc = r - r cos(a)`` beyond it;
- ``none``: a straight side.

The straight part is ``2 (htw + inner xsep)`` plus the ends' widths, widened to
the ``minimum width``, and wider still when convex arcs would overlap. Anchors:
``north``/``south`` the outer sep above and below the centre, ``west``/``east``
at the ends (a convex one the outer sep further), the corners over the arcs'
starts (convex) or the ends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from geoverify.scene.primitives import arc_controls, line_controls

__all__ = ["ARC_KINDS", "RoundedRectangle", "rounded_rectangle"]

#: the values of ``rounded rectangle west arc`` / ``east arc`` (``left``/``right`` arc alike)
ARC_KINDS = ("convex", "concave", "none")


@dataclass(frozen=True, slots=True)
class RoundedRectangle:
    """A rounded rectangle's measures, pt, in the frame of its text centre.

    Attributes
    ----------
    halfwidth, halfheight : float
        Half the straight part's width; half the height.
    radius, half_angle : float
        The ends' arcs (``half_angle`` in degrees).
    arcwidth, chordwidth : float
        How far a concave end's corners, a convex end's arc reach beyond the straight part.
    west, east : str
        One of :data:`ARC_KINDS`.
    """

    halfwidth: float
    halfheight: float
    radius: float
    half_angle: float
    arcwidth: float
    chordwidth: float
    west: str = "convex"
    east: str = "convex"

    def reach(self, side: str) -> float:
        """How far the path reaches to the ``"west"`` or ``"east"`` of the centre."""
        kind = self.west if side == "west" else self.east
        return self.halfwidth + {"concave": self.arcwidth, "convex": self.chordwidth}.get(kind, 0.0)

    def anchors(self, outer: float) -> dict:
        """The compass anchors, ``name -> (x, y)`` from the centre, with outer sep ``outer``."""
        def shift(angle):  # the miter where an arc meets a side (0 for 180 degree arcs)
            t = math.radians(angle / 2)
            return 0.0 if abs(self.half_angle - 90.0) < 1e-9 else outer * math.cos(t) / math.sin(t)

        concave, convex = shift(90.0 - self.half_angle), shift(90.0 + self.half_angle)
        out = {"north": (0.0, self.halfheight + outer), "south": (0.0, -self.halfheight - outer)}
        for side, sign in (("west", -1.0), ("east", 1.0)):
            kind = self.west if side == "west" else self.east
            x = self.halfwidth + {"concave": self.arcwidth + concave, "convex": self.chordwidth + outer}.get(
                kind, outer)
            out[side] = (sign * x, 0.0)
            corner = self.halfwidth + self.chordwidth - self.arcwidth + convex if kind == "convex" else x
            out["north " + side] = (sign * corner, self.halfheight + outer)
            out["south " + side] = (sign * corner, -self.halfheight - outer)
        return out

    def controls(self) -> np.ndarray:
        """Cubic controls ``(K, 4, 2)`` of the outline (pgf's background path), from the centre."""
        hw, hh, r = self.halfwidth, self.halfheight, self.radius
        a = math.radians(self.half_angle)
        xa, xb = self.arcwidth, self.chordwidth
        parts, cur = [], (0.0, hh)

        def line(p):
            nonlocal cur
            parts.append(line_controls(cur, p)[None])
            cur = p

        def arc(centre, start, sweep):
            nonlocal cur
            parts.append(arc_controls(centre, r, r, start, sweep))
            end = start + sweep
            cur = (centre[0] + r * math.cos(end), centre[1] + r * math.sin(end))

        if self.east == "concave":
            line((hw + xa, hh))
            arc((hw + r, 0.0), math.pi - a, 2 * a)
        elif self.east == "convex":
            line((hw + xb - xa, hh))
            arc((hw + xb - r, 0.0), a, -2 * a)
        else:
            line((hw, hh))
            line((hw, -hh))
        if self.west == "concave":
            line((-hw - xa, -hh))
            arc((-hw - r, 0.0), -a, 2 * a)
        elif self.west == "convex":
            line((-hw - xb + xa, -hh))
            arc((-hw - xb + r, 0.0), math.pi + a, -2 * a)
        else:
            line((-hw, -hh))
            line((-hw, hh))
        line((0.0, hh))
        return np.concatenate(parts)


def rounded_rectangle(htw: float, hth: float, ixs: float, iys: float, min_w: float, min_h: float,
                      west: str = "convex", east: str = "convex", arc_length: float = 180.0) -> RoundedRectangle:
    """The rounded rectangle around a text box of half width ``htw`` and half height ``hth``
    (``\\roundedrectanglepoints``), pt; ``west``/``east`` as :data:`ARC_KINDS`."""
    hh = max(hth + iys, min_h / 2)
    a = 0.5 * arc_length
    r = hh / math.sin(math.radians(a)) if a else 0.0
    xa = r - r * math.cos(math.radians(a))
    xb = r - r * math.cos(math.asin(min(hth / r, 1.0))) if r > 0 else 0.0
    total = 2 * (htw + ixs) + sum({"concave": xa, "convex": xb}.get(k, 0.0) for k in (west, east))
    xoffset = (min_w - total) / 2 if total < min_w else ixs
    if r - xb > htw + xoffset:  # convex ends must not overlap
        xoffset = r - xb - htw
    return RoundedRectangle(htw + xoffset, hh, r, a, xa, xb, west, east)
