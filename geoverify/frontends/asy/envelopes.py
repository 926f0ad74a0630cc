"""Asymptote envelopes and objects: labels boxed by ``box``, ``ellipse`` or ``roundbox``.

An *envelope* (plain_boxes.asy) draws a path around what a frame holds:
``box(f, L, xmargin, ymargin, p, filltype, above)`` adds label ``L`` to frame
``f`` and surrounds it; ``ellipse`` uses the ellipse through the corners of the
box, ``roundbox`` a box with rounded corners. An *object* (plain_Label.asy) is a
frame with its label and bounding path; ``draw(L, box, z, margin)`` returns one
and adds its frame about the user point ``z`` at true size, ``point(F, dir, t)``
finds where the ray from its centre towards ``dir`` leaves its path.
"""

from __future__ import annotations

import math

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.frames import Frame, add_frame, box_point, frame_box
from geoverify.frontends.asy.guides import Guide, Path
from geoverify.frontends.asy.picture import DrawItem, LabelSpec, Picture
from geoverify.frontends.asy.values import NoMatch, Pen, Transform

__all__ = ["AsyObject", "ENVELOPES", "install"]

ENVELOPES = ("box", "ellipse", "roundbox")


class AsyObject:
    """asy's ``object``: frame ``f`` (bp), label ``L`` (its position is where ``f`` is put)
    and bounding path ``g`` (bp, about the label)."""

    __slots__ = ("fields",)
    asy_type = "object"

    def __init__(self, f=None, L=None, g=None):
        self.fields = {"f": f if f is not None else Frame(), "L": L if L is not None else LabelSpec(""),
                       "g": g if g is not None else Path([], [], [], False, [])}

    def transformed(self, t):
        from geoverify.frontends.asy.operators import transform_value

        f, L, g = self.fields["f"], self.fields["L"], self.fields["g"]
        # t*Label turns the label's box and leaves its position (plain_Label.asy)
        return AsyObject(transform_value(None, t, f, None), transform_value(None, t, L, None),
                         g.transformed(t) if g.z else g)


def envelope_name(v):
    """``"box"``, ``"ellipse"`` or ``"roundbox"`` when ``v`` is that function used as a value."""
    cands = v if isinstance(v, (list, tuple)) else [v]
    for c in cands:
        name = getattr(c, "name", None)
        if name in ENVELOPES:
            return name
    return None


def _rect(lo, hi):
    return pathops.polygon_path([lo, complex(hi.real, lo.imag), hi, complex(lo.real, hi.imag)], True)


def _roundbox(m, a, b):
    """plain_boxes' rounded box from corner ``m``, ``a`` wide and ``b`` high (quarter turns at 0.3 of the
    shorter side)."""
    from geoverify.frontends.asy.guides import Knot, Join

    dw = min(a, b) * 0.3
    up, right, down, left = 1j, 1 + 0j, -1j, -1 + 0j
    pts = [(0, dw), (0, b - dw), (dw, b), (a - dw, b), (a, b - dw), (a, dw), (a - dw, 0), (dw, 0)]
    # straight sides ("--") alternate with quarter turns ("{d1}..{d2}")
    dirs = [(up, right), (right, down), (down, left), (left, up)]
    knots = [Knot(m + complex(*p)) for p in pts]
    joins = []
    for i in range(4):
        joins.append(Join(line=True))
        d_out, d_in = dirs[i]
        knots[2 * i + 1].out_dir = d_out
        nxt = knots[(2 * i + 2) % 8]
        nxt.in_dir = d_in
        joins.append(Join())
    return Guide(knots, joins, True).solve()


def envelope_path(name, m, M, xmargin, ymargin, h):
    """The envelope path ``name`` around the box ``m``..``M`` (bp) with margins and the pen half-size ``h``."""
    if name == "box":
        z = complex(xmargin, ymargin)
        return _rect(m - h - z, M + h + z)
    if name == "ellipse":
        D = M - m
        f = 0.5 * math.sqrt(2)
        c = 0.5 * (M + m)
        a, b = f * D.real + h.real + xmargin, f * D.imag + h.imag + ymargin
        return pathops.unitcircle().transformed(Transform(c.real, c.imag, a, 0.0, 0.0, b))
    D = M - m
    return _roundbox(m - complex(xmargin, ymargin), D.real + 2 * xmargin, D.imag + 2 * ymargin)


def _fill_items(g, p, filltype, loc):
    """What ``filltype.fill(f, g, p)`` draws: NoFill strokes ``g``; Fill fills it; FillDraw does both."""
    name = getattr(filltype, "name", "NoFill") if filltype is not None else "NoFill"
    own = getattr(filltype, "pen", None)
    if name == "Fill":
        return [DrawItem("fill", [g], None, own if own is not None else p, location=loc)]
    if name == "FillDraw":
        return [DrawItem("filldraw", [g], p, own if own is not None else p, location=loc)]
    if name == "UnFill":
        return [DrawItem("unfill", [g], None, None, location=loc)]
    return [DrawItem("draw", [g], p, location=loc)]


def apply_envelope(I, name, dest, src, xmargin, ymargin, pen, filltype, above):
    """Draw envelope ``name`` around frame ``src`` into frame ``dest``; returns its path."""
    m, M = frame_box(src)
    filled = filltype is not None and getattr(filltype, "name", "NoFill") != "NoFill"
    w = pen.width if pen.width is not None else 0.5
    h = complex(0.5 * w, 0.5 * w) * (-1 if filled else 1)
    g = envelope_path(name, m, M, xmargin, ymargin, h)
    items = _fill_items(g, pen, filltype, I.current_loc)
    if above:
        dest.items.extend(items)
    else:
        dest.items[0:0] = items  # prepend: under what the frame holds
    return g


def _label_item(I, L, position=0j):
    if isinstance(L, str):
        L = LabelSpec(L)
    pen = I.defaultpen + L.pen if L.pen is not None else I.defaultpen
    align = complex(L.align) if isinstance(L.align, (complex, int, float)) else 0j
    return DrawItem("label", [], pen, text=L.text, position=position, align=align,
                    location=I.current_loc, transform=L.transform)


def _split(I, args, kw):
    """(nums, pen, filltype, above) from the trailing arguments of an envelope call."""
    from geoverify.frontends.asy.lib_draw import FillType

    nums = [float(a) for a in args if isinstance(a, (int, float)) and not isinstance(a, bool)]
    pens = [a for a in args if isinstance(a, Pen)]
    fills = [a for a in args if isinstance(a, FillType)]
    xm = float(kw.get("xmargin", nums[0] if nums else 0.0))
    ym = float(kw.get("ymargin", nums[1] if len(nums) > 1 else xm))
    pen = kw.get("p", pens[0] if pens else None)
    pen = I.defaultpen + pen if isinstance(pen, Pen) else I.defaultpen
    filltype = kw.get("filltype", fills[0] if fills else None)
    above = bool(kw.get("above", True))
    return xm, ym, pen, filltype, above


def make_object(I, name, L, rest, kw):
    """asy's ``object(L, e, ...)``: the label at the origin of a new frame, enveloped."""
    if isinstance(L, str):
        L = LabelSpec(L)
    xm, ym, pen, filltype, above = _split(I, rest, kw)
    f = Frame()
    L0 = LabelSpec(L.text, 0j, L.align, pen if L.pen is None else pen + L.pen, L.relpos, L.transform)
    f.items.append(_label_item(I, L0))
    g = apply_envelope(I, name, f, f, xm, ym, pen, filltype, above)
    return AsyObject(f, LabelSpec(L.text, L.position if L.position is not None else 0j, L.align, L.pen,
                                  L.relpos, L.transform), g)


def object_point(F, d, t=None):
    """asy's ``point(object F, pair dir, transform t)``: where the ray from the centre of ``F``'s
    path towards the box point in direction ``dir`` meets that path, about ``t*F.L.position``."""
    g = F.fields["g"]
    L = F.fields["L"]
    pos = L.position if L.position is not None else 0j
    z = t.apply(pos) if t is not None else pos
    if not g.z:
        return z
    x0, y0, x1, y1 = pathops.bbox(g)
    m, M = complex(x0, y0), complex(x1, y1)
    c = 0.5 * (m + M)
    ray = pathops.polygon_path([c, 2 * box_point(m, M, d) - c], False)
    ts = pathops.intersections(g, ray, -1.0)
    if not ts:
        return z
    return z + pathops.point(g, ts[0][0])


def _label_first(args, kw):
    """Whether the arguments of a ``draw`` call start (after a picture) with a label and one
    more argument: the envelope overload ``draw(Label, envelope, ...)`` raises NoMatch at
    once on any other (``Builtin.accepts``)."""
    k = 1 if args and isinstance(args[0], Picture) else 0
    return len(args) >= k + 2 and isinstance(args[k], (str, LabelSpec))


def install(I):
    """Register envelopes, objects and their ``draw``/``add``/``point``/``align`` overloads."""
    b = I.builtin

    def envelope(name):
        def w(*args, **kw):
            if not args or not isinstance(args[0], Frame):
                raise NoMatch()
            dest, rest = args[0], list(args[1:])
            src = dest
            if rest and isinstance(rest[0], Frame):
                src = rest.pop(0)
            elif rest and isinstance(rest[0], (str, LabelSpec)):
                L = rest.pop(0)
                L = LabelSpec(L) if isinstance(L, str) else L
                pos = L.position if L.position is not None else 0j
                dest.items.append(_label_item(I, L, complex(pos)))
            xm, ym, pen, filltype, above = _split(I, rest, kw)
            return apply_envelope(I, name, dest, src, xm, ym, pen, filltype, above)
        return w

    for name in ENVELOPES:
        b(name, envelope(name))

    def obj(*args, **kw):
        if isinstance(args[0] if args else None, Frame) and len(args) == 1:
            f = args[0]
            m, M = frame_box(f)
            return AsyObject(f, LabelSpec(""), _rect(m, M))
        if len(args) < 2 or not isinstance(args[0], (str, LabelSpec)) or envelope_name(args[1]) is None:
            raise NoMatch()
        return make_object(I, envelope_name(args[1]), args[0], list(args[2:]), kw)

    b("object", obj)

    def draw(*args, **kw):
        args = list(args)
        pic = args.pop(0) if args and isinstance(args[0], Picture) else I.pic
        if len(args) < 2 or not isinstance(args[0], (str, LabelSpec)) or envelope_name(args[1]) is None:
            raise NoMatch()
        L, name, rest = args[0], envelope_name(args[1]), args[2:]
        L = LabelSpec(L) if isinstance(L, str) else L
        if rest and (isinstance(rest[0], complex)):
            L = LabelSpec(L.text, rest.pop(0), L.align, L.pen, L.relpos, L.transform)
        F = make_object(I, name, L, rest, kw)
        add_frame(I, pic, F.fields["f"], F.fields["L"].position)
        return F

    draw.accepts = _label_first
    b("draw", draw)

    def add(*args, **kw):
        args = list(args)
        pic = args.pop(0) if len(args) >= 2 and isinstance(args[0], Picture) else I.pic
        if not args or not isinstance(args[0], AsyObject):
            raise NoMatch()
        pos = args[1] if len(args) > 1 else kw.get("position", 0j)
        add_frame(I, pic, args[0].fields["f"], complex(pos))

    b("add", add)

    def point(F, d, t=None):
        if not isinstance(F, AsyObject):
            raise NoMatch()
        return object_point(F, complex(d), t)

    b("point", point)

    def align(F, d):
        if not isinstance(F, AsyObject):
            raise NoMatch()
        m, M = frame_box(F.fields["f"])
        s = complex(d) - box_point(m, M, -complex(d))
        return F.transformed(Transform(s.real, s.imag))

    b("align", align)
