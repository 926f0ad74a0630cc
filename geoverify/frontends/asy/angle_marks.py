"""The ``markers`` module's ``markangle``: true-size arcs marking an oriented angle.

From the semantics of Asymptote's ``markers.asy``: ``markangle(L, n, radius, space,
A, O, B, arrow, p)`` draws ``n`` arcs about ``O`` from the direction of ``A`` to
the direction of ``B`` counterclockwise (clockwise for a negative radius), of radii
``radius + i space`` in bp (a frame added at ``O``: they do not scale with the
picture). The defaults are ``markangleradius = 8mm + 8 sqrt(linewidth)`` and
``markanglespace = 4 sqrt(linewidth)``. The label sits on the last arc at its
relative position (0.5 by default), aligned outwards from ``O``.
"""

from __future__ import annotations

import math

from geoverify.frontends.asy import path_marks, pathops
from geoverify.frontends.asy.deferred import DeferredItem
from geoverify.frontends.asy.lib_core import is_num
from geoverify.frontends.asy.picture import ArrowSpec, DrawItem, LabelSpec, Picture
from geoverify.frontends.asy.values import NoMatch, Pen, Transform

__all__ = ["mark_arcs", "install"]

_MM = 72.0 / 25.4


def mark_arcs(A, O, B, n, radius, space):
    """Arcs of a ``markangle`` in bp about the origin: a list of ``(r, start, sweep)``.

    Angles in radians; ``sweep`` is positive (counterclockwise) for ``radius > 0``.
    """
    oa, ob = A - O, B - O
    if oa == 0 or ob == 0:
        return []
    start = math.atan2(oa.imag, oa.real)
    gle = math.atan2((oa.conjugate() * ob).imag, (oa.conjugate() * ob).real)
    if radius > 0:
        sweep = gle if gle > 0 else gle + 2 * math.pi
    else:
        sweep = gle if gle < 0 else gle - 2 * math.pi
    r0 = abs(radius)
    return [(r0 + i * space, start, sweep) for i in range(max(int(n), 1))]


def install(I):
    """Install ``markangle`` on interpreter ``I``."""
    from geoverify.frontends.asy.textmetrics import label_box

    def markangle(*args, **kw):
        args = list(args)
        pic = I.pic
        if args and isinstance(args[0], Picture):
            pic = args.pop(0)
        pic = kw.get("pic", pic)
        L = kw.get("L")
        if args and isinstance(args[0], (str, LabelSpec)):
            L = args.pop(0)
        pts = [a for a in args if isinstance(a, complex)]
        if len(pts) < 3:
            raise NoMatch()
        A, O, B = pts[:3]
        nums = [a for a in args[:args.index(pts[0])] if is_num(a)]
        n = kw.get("n")
        radius = kw.get("radius")
        space = kw.get("space")
        rest = list(nums)
        if rest and n is None and isinstance(rest[0], int) and not isinstance(rest[0], bool):
            n = rest.pop(0)
        if rest and radius is None:
            radius = rest.pop(0)
        if rest and space is None:
            space = rest.pop(0)
        pen = I.defaultpen
        for a in args:
            if isinstance(a, Pen):
                pen = pen + a
        if isinstance(kw.get("p"), Pen):
            pen = pen + kw["p"]
        arrow = next((a for a in args if isinstance(a, ArrowSpec)), kw.get("arrow"))
        lw = pen.width if pen.width is not None else 0.5
        radius = float(radius) if radius else 8 * _MM + 8 * math.sqrt(lw)
        space = float(space) if space else 4 * math.sqrt(lw)
        arcs = mark_arcs(A, O, B, int(n) if n is not None else 1, radius, space)
        if not arcs:
            return None
        loc = I.current_loc
        text = (L.text if isinstance(L, LabelSpec) else L) or ""
        rel = L.relpos if isinstance(L, LabelSpec) and L.relpos is not None else 0.5
        lpen = pen + L.pen if isinstance(L, LabelSpec) and L.pen is not None else pen
        if arrow is not None and getattr(arrow, "where", ()):
            # an arrow makes asy trim each arc by TrueMargin(0, linewidth/2) at its end
            arcs = [(r, a, s - math.copysign(0.5 * lw / r, s)) for r, a, s in arcs]
        r_last, a0, sw = arcs[-1]
        # the label point: relative arc length on the last arc
        lab = r_last * complex(math.cos(a0 + rel * sw), math.sin(a0 + rel * sw))
        ltrans = L.transform if isinstance(L, LabelSpec) else None
        explicit = L.align if isinstance(L, LabelSpec) and L.align is not None else None
        align = explicit if explicit is not None else lab / abs(lab)

        # a marker (``marker(markinterval(stickframe(n), true))``) on every arc, in bp about O
        marks = []
        mk = next((a for a in args if isinstance(a, path_marks.MarkerSpec)), kw.get("marker"))
        if isinstance(mk, path_marks.MarkerSpec):
            for r, a0_, sw_ in arcs:
                arc = pathops.arc_path(0j, r, a0_, a0_ + sw_)
                for tm, frame in mk.routine.places(arc):
                    frame = frame or mk.frame
                    d = pathops.direction(arc, tm) if mk.routine.rotated else 1
                    segs, dots = frame.placed(pathops.point(arc, tm), math.atan2(d.imag, d.real) if d else 0.0)
                    marks.append((segs, dots, frame.pen or Pen((0.0, 0.0, 0.0), 0.5)))

        def realize(sx, sy, lb, rt):
            t = Transform(O.real, O.imag, 1.0 / sx, 0.0, 0.0, 1.0 / sy)
            out = [DrawItem("draw", [pathops.arc_path(0j, r, a, a + s).transformed(t)], pen, None, arrow,
                            location=loc) for r, a, s in arcs]
            for segs, dots, mpen in marks:
                out += [DrawItem("draw", [pathops.polygon_path([t.apply(u), t.apply(v)])], mpen, location=loc)
                        for u, v in segs]
                out += [DrawItem("dot", [], mpen, position=t.apply(c), size=2 * rad, location=loc)
                        for c, rad in dots]
            if text:
                out.append(DrawItem("label", [], lpen, text=text, position=t.apply(lab), align=align,
                                    location=loc, transform=ltrans))
            return out

        item = DeferredItem(realize, loc, exact=True)
        hw = 0.5 * lw
        for r, a, s in arcs:
            x0, y0, x1, y1 = pathops.bbox(pathops.arc_path(0j, r, a, a + s))
            item.sizing += [(O, complex(x0 - hw, y0 - hw)), (O, complex(x1 + hw, y1 + hw))]
        for segs, dots, mpen in marks:
            mw = 0.5 * (mpen.width if mpen.width is not None else 0.5)
            for w in [u for seg in segs for u in seg]:
                item.sizing += [(O, w + complex(-mw, -mw)), (O, w + complex(mw, mw))]
            for c, rad in dots:
                item.sizing += [(O, c + complex(-rad, -rad)), (O, c + complex(rad, rad))]
        if text:
            bx0, by0, bx1, by1 = label_box(text, align, lpen, ltrans)
            item.sizing += [(O, lab + complex(bx0, by0)), (O, lab + complex(bx1, by1))]
        pic.add(item)
        return None

    I.builtin("markangle", markangle)
