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

import math

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.deferred import DeferredItem
from geoverify.frontends.asy.picture import DrawItem
from geoverify.frontends.asy.values import Pen

__all__ = ["BARFACTOR", "BarSpec", "bar_items", "node_dot_items", "MarkFrame", "MarkRoutine", "MarkerSpec",
           "stickframe", "marker_items", "install_markers"]

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


# -- markers (plain_markers.asy, markers.asy) --------------------------------------------------

class MarkFrame:
    """A marker frame in bp about its origin: stroked segments ``(a, b)`` and dots
    ``(centre, radius)``, drawn with ``pen``."""

    __slots__ = ("segments", "dots", "pen")

    def __init__(self, segments=(), dots=(), pen=None):
        self.segments = list(segments)
        self.dots = list(dots)
        self.pen = pen

    def transformed(self, t):
        """This frame under transform ``t`` (``scale(2)*dotframe``): points move, dot radii
        scale by the square root of the determinant."""
        k = math.sqrt(abs(t.det()))
        return MarkFrame([(t.apply(a), t.apply(b)) for a, b in self.segments],
                         [(t.apply(c), rad * k) for c, rad in self.dots], self.pen)

    def placed(self, z, angle):
        """Segments and dots turned by ``angle`` (radians) and moved to ``z`` (bp)."""
        r = complex(math.cos(angle), math.sin(angle))
        return [(z + r * a, z + r * b) for a, b in self.segments], [(z + r * c, rad) for c, rad in self.dots]


class MarkRoutine:
    """``marknodes``, ``markuniform(centered, n, rotated)``, ``markinterval(n, f, rotated)``."""

    __slots__ = ("kind", "n", "frame", "rotated", "centered")

    def __init__(self, kind, n=1, frame=None, rotated=False, centered=False):
        self.kind, self.n, self.frame, self.rotated, self.centered = kind, n, frame, rotated, centered

    def places(self, p):
        """``(time, frame)`` pairs where the routine puts frames on path ``p``; ``frame``
        None means the marker's own frame."""
        def uniform(n, centered):
            if n <= 0:
                return []
            if centered:
                xs = [(i + 0.5) / n for i in range(n)]
            else:
                xs = [0.5] if n == 1 else [i / (n - 1) for i in range(n)]
            L = pathops.arclength(p)
            return [pathops.arctime(p, x * L) for x in xs]

        if self.kind == "nodes":
            nodes = len(p.z) - 1 if p.cyclic and len(p.z) > 1 and p.z[-1] == p.z[0] else len(p.z)
            return [(float(i), None) for i in range(nodes)]
        if self.kind == "uniform":
            return [(t, None) for t in uniform(self.n, self.centered)]
        # markinterval: the marker's frame at n+1 uniform places, its own frame centred in between
        return [(t, None) for t in uniform(self.n + 1, False)] + [(t, self.frame) for t in uniform(self.n, True)]


class MarkerSpec:
    """A ``marker``: a frame and a mark routine."""

    __slots__ = ("frame", "routine")

    def __init__(self, frame=None, routine=None):
        self.frame = frame or MarkFrame()
        self.routine = routine or MarkRoutine("nodes")


_DEG = math.pi / 180


def stickframe(n=1, size=0.0, space=0.0, angle=0.0, offset=0j, pen=None):
    """asy's ``stickframe``: ``n`` sticks ``size`` bp long across the path, ``space`` apart
    (defaults ``1mm + 10 sqrt(linewidth)`` and ``4 sqrt(linewidth)``)."""
    lw = pen.width if pen is not None and pen.width is not None else 0.5
    size = size or (72.0 / 25.4 + 10 * math.sqrt(lw))
    space = complex(space) if space else complex(4 * math.sqrt(lw))
    r = complex(math.cos(angle * _DEG), math.sin(angle * _DEG))
    a, b = offset + r * 0.5j * size, offset - r * 0.5j * size
    segs = []
    pos, sign, m = 0, 1, (n + 1) % 2
    for i in range(1, n + 1):
        s = space * (pos - 0.5 * m)
        segs.append((a + s, b + s))
        pos += i * sign
        sign = -sign
    return MarkFrame(segs, (), pen)


def marker_items(paths, marker, location=None):
    """Deferred items drawing ``marker`` on every path (frames of true size, exact sizing)."""
    out = []
    for p in paths:
        if len(p.z) < 2 and marker.routine.kind != "nodes":
            continue
        rotated = marker.routine.rotated
        for t, frame in marker.routine.places(p):
            frame = frame or marker.frame
            if not frame.segments and not frame.dots:
                continue
            z = pathops.point(p, t)
            d = pathops.direction(p, t) if rotated else 1
            angle = math.atan2(d.imag, d.real) if d else 0.0
            segs, dots = frame.placed(0j, angle)
            pen = frame.pen or Pen((0.0, 0.0, 0.0), 0.5)

            def realize(sx, sy, lb, rt, z=z, segs=segs, dots=dots, pen=pen):
                def user(w):
                    return z + complex(w.real / sx, w.imag / sy)

                items = [DrawItem("draw", [pathops.polygon_path([user(a), user(b)])], pen, location=location)
                         for a, b in segs]
                items += [DrawItem("dot", [], pen, position=user(c), size=2 * rad, location=location)
                          for c, rad in dots]
                return items

            item = DeferredItem(realize, location, exact=True)
            hw = 0.5 * (pen.width if pen.width is not None else 0.5)
            for a, b in segs:
                for w in (a, b):
                    item.sizing += [(z, w + complex(-hw, -hw)), (z, w + complex(hw, hw))]
            for c, rad in dots:
                item.sizing += [(z, c + complex(-rad, -rad)), (z, c + complex(rad, rad))]
            out.append(item)
    return out


def install_markers(I):
    """Install ``marker``, ``marknodes``, ``markuniform``, ``markinterval``, ``stickframe``,
    ``dotframe`` and ``StickIntervalMarker`` on interpreter ``I``."""
    from geoverify.frontends.asy.lib_core import is_num
    from geoverify.frontends.asy.values import NoMatch

    g = I.globals.vars
    b = I.builtin

    def cur_pen(p=None):
        return I.defaultpen + p if isinstance(p, Pen) else I.defaultpen

    def ints_reals(args):
        return [a for a in args if is_num(a)]

    def stick(*args, **kw):
        nums = ints_reals(args)
        n = int(kw.get("n", nums[0] if nums else 1))
        size = float(kw.get("size", nums[1] if len(nums) > 1 else 0.0))
        space = kw.get("space", nums[2] if len(nums) > 2 else 0.0)
        angle = float(kw.get("angle", nums[3] if len(nums) > 3 else 0.0))
        offset = complex(kw.get("offset", 0j))
        pen = cur_pen(next((a for a in args if isinstance(a, Pen)), kw.get("p")))
        return stickframe(n, size, space, angle, offset, pen)

    g["stickframe"] = _FrameValue(stick)

    def dotframe(*args, **kw):
        pen = cur_pen(next((a for a in args if isinstance(a, Pen)), kw.get("p")))
        df = g.get("dotfactor", 6)
        r = 0.5 * (float(df) if is_num(df) else 6.0) * (pen.width if pen.width is not None else 0.5)
        return MarkFrame((), [(0j, r)], pen)

    g["dotframe"] = _FrameValue(dotframe)

    def markinterval(*args, **kw):
        nums = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
        frame = next((a for a in args if isinstance(a, (MarkFrame, _FrameValue))), kw.get("f"))
        if isinstance(frame, _FrameValue):
            frame = frame()
        if frame is None:
            raise NoMatch()
        rotated = next((a for a in args if isinstance(a, bool)), kw.get("rotated", False))
        return MarkRoutine("interval", int(kw.get("n", nums[0] if nums else 1)), frame, bool(rotated))

    b("markinterval", markinterval)

    def markuniform(*args, **kw):
        # markuniform(bool centered=false, int n, bool rotated=false), matched in order
        centered, n, rotated = kw.get("centered", False), kw.get("n"), kw.get("rotated", False)
        for x in args:
            if isinstance(x, bool):
                if n is None:
                    centered = x
                else:
                    rotated = x
            elif isinstance(x, int):
                n = x
        if n is None:
            raise NoMatch()
        return MarkRoutine("uniform", int(n), None, bool(rotated), bool(centered))

    b("markuniform", markuniform)
    g["marknodes"] = MarkRoutine("nodes")

    def marker(*args, **kw):
        frame = next((a for a in args if isinstance(a, (MarkFrame, _FrameValue))), kw.get("f"))
        if isinstance(frame, _FrameValue):
            frame = frame()
        routine = next((a for a in args if isinstance(a, MarkRoutine)), kw.get("markroutine"))
        return MarkerSpec(frame, routine)

    b("marker", marker)

    def stick_interval(*args, **kw):
        ints = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
        reals = [a for a in args if is_num(a)][len(ints[:2]):]
        i = int(kw.get("i", ints[0] if ints else 2))
        n = int(kw.get("n", ints[1] if len(ints) > 1 else 1))
        size = float(kw.get("size", reals[0] if reals else 0.0))
        space = kw.get("space", reals[1] if len(reals) > 1 else 0.0)
        angle = float(kw.get("angle", reals[2] if len(reals) > 2 else 0.0))
        rotated = kw.get("rotated", next((a for a in args if isinstance(a, bool)), True))
        pen = cur_pen(next((a for a in args if isinstance(a, Pen)), kw.get("p")))
        frame = stickframe(n, size, space, angle, complex(kw.get("offset", 0j)), pen)
        uniform = next((a for a in args if isinstance(a, (MarkFrame, _FrameValue))), kw.get("uniform"))
        if isinstance(uniform, _FrameValue):
            uniform = uniform()
        return MarkerSpec(uniform, MarkRoutine("interval", i, frame, bool(rotated)))

    b("StickIntervalMarker", stick_interval)


class _FrameValue:
    """A frame-valued global that is also a function (``stickframe``, ``dotframe``)."""

    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args, **kw):
        return self.fn(*args, **kw)

    def transformed(self, t):
        return self.fn().transformed(t)
