"""Marks that ``draw`` adds along a path: bars at its ends and the ``dot`` marker.

From the semantics of Asymptote's ``plain_arrows.asy`` and ``plain_markers.asy``:

- ``Bar``/``EndBar``, ``BeginBar``, ``Bars`` (``arrowbar`` values, with an optional
  size): a true-size segment ``-d/2 -- d/2`` at the path's end (start), with
  ``d = size * dir(g, t) * I`` perpendicular to the path and ``size`` defaulting to
  ``barsize(p) = barfactor * linewidth(p)``, ``barfactor = arrowfactor = 15``; drawn
  with the path's pen made solid;
- the ``dot`` marker (``draw(g, dot)``): a dot at every node of the path
  (``marknodes``), of the size of the pen current when ``plain`` was loaded
  (``dotfactor * 0.5`` bp), black.
"""

from __future__ import annotations

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.deferred import DeferredItem
from geoverify.frontends.asy.picture import DrawItem
from geoverify.frontends.asy.values import Pen

__all__ = ["BARFACTOR", "BarSpec", "bar_items", "node_dot_items"]

#: asy's ``barfactor`` (= ``arrowfactor``)
BARFACTOR = 15.0


class BarSpec:
    """A bar ``arrowbar``: ``where`` is a tuple of ``"start"``/``"end"``; ``size`` in bp or None."""

    __slots__ = ("name", "where", "size")

    def __init__(self, name, where, size=None):
        self.name = name
        self.where = where
        self.size = size

    def __call__(self, *args, **kw):
        size = kw.get("size")
        for a in args:
            if isinstance(a, (int, float)) and not isinstance(a, bool):
                size = float(a)
        return BarSpec(self.name, self.where, size)


BARS = {"Bar": ("end",), "EndBar": ("end",), "BeginBar": ("start",), "Bars": ("start", "end")}


def bar_items(paths, bar, pen, location=None):
    """Deferred items drawing ``bar`` on every path (user coordinates) with ``pen``."""
    lw = pen.width if pen.width is not None else 0.5
    size = bar.size if bar.size else BARFACTOR * lw
    solid = pen + Pen()
    solid.dash = None
    out = []
    for p in paths:
        if len(p.z) < 2:
            continue
        for where in bar.where:
            t = 0.0 if where == "start" else float(p.length)
            z = pathops.point(p, t)
            u = pathops.direction(p, t)
            if u == 0:
                continue
            d = size * u * 1j

            def realize(sx, sy, lb, rt, z=z, d=d):
                a = z + complex(-0.5 * d.real / sx, -0.5 * d.imag / sy)
                b = z + complex(0.5 * d.real / sx, 0.5 * d.imag / sy)
                return [DrawItem("draw", [pathops.polygon_path([a, b])], solid, location=location)]

            item = DeferredItem(realize, location, exact=True)
            hw = 0.5 * lw
            for e in (-0.5 * d, 0.5 * d):
                item.sizing += [(z, e + complex(-hw, -hw)), (z, e + complex(hw, hw))]
            out.append(item)
    return out


def node_dot_items(paths, dotfactor=6.0, location=None):
    """Dots of the ``dot`` marker at every node of the paths."""
    pen = Pen((0.0, 0.0, 0.0), 0.5)
    out = []
    for p in paths:
        nodes = p.z[:-1] if p.cyclic and len(p.z) > 1 and p.z[-1] == p.z[0] else p.z
        for z in nodes:
            out.append(DrawItem("dot", [], pen, position=z, location=location, size=dotfactor * 0.5))
    return out
