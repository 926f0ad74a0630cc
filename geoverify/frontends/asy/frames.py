"""Asymptote frames: pictures fitted to PostScript points, and adding them to pictures.

A ``frame`` is what a picture becomes once its user -> bp scaling is fixed
(``pic.fit()``, ``bbox(pic)``); here it is a :class:`Frame`, a picture whose
coordinates already are bp (so drawing on it, ``draw(f, g)``, needs no change).
Adding a frame to a picture about a user point (``add(pic, f, z)``, ``attach``,
``add(pic, src, z)``, which fits ``src`` with the identity first) puts it there
at its true size: a :class:`~geoverify.frontends.asy.deferred.DeferredItem`
sized by the frame's bounds (asy's ``addBox(z, z, min(f), max(f))``) that maps
the frame's items into user coordinates once the scaling is known. Drawers,
``add(new void(frame f, transform t) {...})``, run the same way: on an empty
frame with the picture's final scaling.
"""

from __future__ import annotations

import dataclasses

from geoverify.frontends.asy.picture import DrawItem, Picture
from geoverify.frontends.asy.values import AsyFunction, NoMatch, Pen, Transform

__all__ = ["Frame", "fit", "frame_box", "install", "install_about_origin", "picture_method"]


class Frame(Picture):
    """An Asymptote frame: a picture whose coordinates are bp (its scaling is the identity)."""

    __slots__ = ()
    asy_type = "frame"

    def copy(self) -> "Frame":
        f = Frame()
        f.items = list(self.items)
        return f

    def merge(self, other: "Picture", t=None) -> None:
        """``add(f, t*src)``: a frame's labels are typeset boxes, so ``t`` maps them whole (a reflection
        mirrors them, a rotation turns their alignment), unlike a picture's labels which only turn."""
        if t is None or (t.xx == 1 and t.yy == 1 and t.xy == 0 and t.yx == 0):
            super().merge(other, t)
            return
        lin = Transform(0.0, 0.0, t.xx, t.xy, t.yx, t.yy)
        self.legend.extend(other.legend)
        for it in other.items:
            if it.kind == "label":
                align = lin.apply(it.align) if isinstance(it.align, complex) else it.align
                self.items.append(dataclasses.replace(
                    it, position=t.apply(it.position), align=align,
                    transform=lin if it.transform is None else lin * it.transform))
            else:
                self.items.append(_mapped(it, t))


def _dotsize(pen):
    from geoverify.frontends.asy.emit import _dotsize as dotsize

    return dotsize(pen)


def _mapped(it, t):
    """Item ``it`` with its points (paths, anchor) mapped by the scaling/shift ``t``; its true
    sizes (pen widths, label offsets, dot sizes) stay."""
    if it.kind == "deferred":
        return it.transformed(t)
    return dataclasses.replace(it, paths=[p.transformed(t) for p in it.paths], position=t.apply(it.position))


def _scaled_items(pic, sx, sy, regrow=True):
    """``(items, sx, sy)``: the picture drawn at scaling ``(sx, sy)`` (bp). With ``regrow`` a picture
    whose sizing was an estimate is scaled once more to meet ``size()`` (asy's ``pic.fit()``);
    without, it is drawn at exactly this scaling (asy's ``pic.fit(t)``)."""
    from geoverify.frontends.asy.deferred import _realize, realize_deferred

    items = pic.items
    if any(it.kind == "deferred" for it in items):
        if regrow:
            items, sx, sy = realize_deferred(pic, sx, sy, _dotsize)
        else:
            items = _realize(pic, sx, sy, _dotsize)
    t = Transform(0.0, 0.0, sx, 0.0, 0.0, sy)
    return [_mapped(it, t) for it in items], sx, sy


def scaling_of(pic):
    """``(sx, sy)``: the picture's user -> bp scaling as ``size``/``unitsize`` ask now
    (asy's ``calculateTransform``: a picture sized by estimates, with graph axes, is scaled
    once more so that its drawing meets ``size()``); a frame's is the identity."""
    from geoverify.frontends.asy.deferred import realize_deferred
    from geoverify.frontends.asy.fitting import scaling

    if isinstance(pic, Frame):
        return 1.0, 1.0
    sx, sy = scaling(pic, _dotsize)
    if not all(getattr(it, "exact", True) for it in pic.items):
        _, sx, sy = realize_deferred(pic, sx, sy, _dotsize)
    return sx, sy


def fit(pic, xsize=None, ysize=None) -> Frame:
    """``pic.fit()``: the picture drawn at its fitted scaling, as a frame (bp)."""
    if isinstance(pic, Frame):
        return pic.copy()
    if xsize is not None or ysize is not None:
        p = pic.copy()
        p.xsize = pic.xsize if xsize is None else xsize
        p.ysize = pic.ysize if ysize is None else ysize
        pic = p
    sx, sy = scaling_of(pic)
    f = Frame()
    f.items = _scaled_items(pic, sx, sy)[0]
    return f


def fit_identity(pic) -> Frame:
    """``pic.fit(identity())``: user coordinates taken as bp."""
    f = Frame()
    f.items = _scaled_items(pic, 1.0, 1.0)[0]
    return f


def frame_box(f):
    """``(min, max)`` of a frame as pairs (bp): what it draws, with pen widths, dots and label boxes."""
    from geoverify.frontends.asy.fitting import frame_bounds

    b = frame_bounds(f.items, 1.0, 1.0, _dotsize)
    if b is None:
        return 0j, 0j
    return complex(b[0], b[1]), complex(b[2], b[3])


def sized_box(pic, sx, sy):
    """``(min, max)`` of a picture at scaling ``(sx, sy)`` from its sizing data (asy's ``pic.min(t)``:
    user coordinates scaled plus their true-size offsets, estimates for graph axes included)."""
    from geoverify.frontends.asy.fitting import coords_of

    if isinstance(pic, Frame):
        return frame_box(pic)
    xs, ys = coords_of(pic, _dotsize)
    if not xs:
        return 0j, 0j
    return (complex(min(u * sx + t for u, t in xs), min(u * sy + t for u, t in ys)),
            complex(max(u * sx + t for u, t in xs), max(u * sy + t for u, t in ys)))


def user_box(pic):
    """``(userMin, userMax)`` of a picture: the extremes of its user coordinates (true sizes left out)."""
    from geoverify.frontends.asy.fitting import coords_of

    xs, ys = coords_of(pic, _dotsize)
    if not xs:
        return 0j, 0j
    return complex(min(u for u, _ in xs), min(u for u, _ in ys)), complex(max(u for u, _ in xs), max(u for u, _ in ys))


def rectify(d: complex) -> complex:
    """asy's ``rectify``: a direction as a point of the unit square ((0,0) is SW, (1,1) NE)."""
    s = max(abs(d.real), abs(d.imag))
    if s != 0:
        d *= 0.5 / s
    return d + complex(0.5, 0.5)


def _realmult(a: complex, b: complex) -> complex:
    return complex(a.real * b.real, a.imag * b.imag)


def box_point(m: complex, M: complex, d: complex) -> complex:
    """The point of the box ``m``..``M`` in direction ``d`` from its centre (its side, not a circle)."""
    return m + _realmult(rectify(d), M - m)


def aligned(f: Frame, align: complex) -> Frame:
    """asy's ``align(f, dir)``: ``f`` shifted so that it lies in direction ``dir`` of the origin."""
    m, M = frame_box(f)
    s = align - box_point(m, M, -align)
    out = Frame()
    out.merge(f, Transform(s.real, s.imag))
    return out


def add_frame(I, dest, src: Frame, position=0j, align=None):
    """``add(dest, src, position[, align])``: frame ``src`` about user point ``position`` of ``dest``."""
    from geoverify.frontends.asy.deferred import DeferredItem

    if align is not None:
        src = aligned(src, align)
    if isinstance(dest, Frame):
        dest.merge(src, Transform(position.real, position.imag))
        return
    m, M = frame_box(src)
    items = list(src.items)

    def realize(sx, sy, lb, rt):
        t = Transform(position.real, position.imag, 1.0 / sx, 0.0, 0.0, 1.0 / sy)
        return [_mapped(it, t) for it in items]

    d = DeferredItem(realize, I.current_loc, exact=True)
    if items:
        d.sizing = [(position, m), (position, M)]
    dest.add(d)


def add_drawer(I, dest, fn):
    """``add(dest, new void(frame f, transform t) {...})``: ``fn`` draws on a frame once the
    picture's scaling ``t`` is known; what it draws joins the picture at true size."""
    from geoverify.frontends.asy.deferred import DeferredItem

    loc = I.current_loc
    d = None

    def realize(sx, sy, lb, rt):
        # the drawer's frame holds what the picture drew before it (asy draws into one frame)
        prior = []
        if any(it is d for it in dest.items):
            for it in dest.items:
                if it is d:
                    break
                prior.extend(it.realize(sx, sy, lb, rt) if it.kind == "deferred" else [it])
        scale = Transform(0.0, 0.0, sx, 0.0, 0.0, sy)
        f = Frame()
        f.items = [_mapped(it, scale) for it in prior]
        n = len(f.items)
        try:
            I.call(fn, [f, scale], {}, "drawer")
        except Exception as e:  # noqa: BLE001 - a failing drawer draws nothing, as a failing statement
            from geoverify.frontends.asy.control import _Skip

            if not isinstance(e, _Skip):
                I.scene.note("UNSUPPORTED", f"drawer failed: {type(e).__name__}: {e}", "add", loc)
        t = Transform(0.0, 0.0, 1.0 / sx, 0.0, 0.0, 1.0 / sy)
        return [_mapped(it, t) for it in f.items[n:]]

    # asy adds drawers with exact=false: the picture is scaled once more to meet size()
    d = DeferredItem(realize, loc, exact=False)
    dest.add(d)


def _is_drawer(v):
    if isinstance(v, list) and len(v) == 1:
        v = v[0]
    return isinstance(v, AsyFunction) and [p[0] for p in v.params] == ["frame", "transform"]


def install(I):
    """Register the frame builtins (tried before the picture builtins of the same names)."""
    b = I.builtin

    def _pair(v):
        if isinstance(v, complex):
            return v
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return complex(v)
        raise NoMatch()

    def add(*args, **kw):
        args = list(args)
        dest = I.pic
        if len(args) >= 2 and isinstance(args[0], Picture) and (isinstance(args[1], Picture) or _is_drawer(args[1])):
            dest = args.pop(0)
        if not args:
            raise NoMatch()
        src = args.pop(0)
        if _is_drawer(src):
            add_drawer(I, dest, src[0] if isinstance(src, list) else src)
            return None
        if not isinstance(src, Picture):
            raise NoMatch()
        pairs = [a for a in args if isinstance(a, complex) or (isinstance(a, (int, float)) and not isinstance(a, bool))]
        position = _pair(kw["position"]) if "position" in kw else (_pair(pairs[0]) if pairs else None)
        align = _pair(kw["align"]) if "align" in kw else (_pair(pairs[1]) if len(pairs) > 1 else None)
        if isinstance(src, Frame):
            add_frame(I, dest, src, position or 0j, align)
            return None
        if position is None:
            raise NoMatch()  # add(dest, src): one picture scaled with the other
        # asy fits a picture added about a point with the identity: its user units are bp
        add_frame(I, dest, fit_identity(src), position, align)
        return None

    def attach(*args, **kw):
        args = list(args)
        dest = args.pop(0) if len(args) >= 2 and isinstance(args[0], Picture) and isinstance(args[1], Picture) else I.pic
        if isinstance(dest, Frame) or not args or not isinstance(args[0], Picture):
            raise NoMatch()
        before = scaling_of(dest)
        add(dest, *args, **kw)
        if dest.xsize or dest.ysize:
            # asy: size(dest, size(dest.fit(t))) with the scaling t of before the frame came
            items, _, _ = _scaled_items(dest, *before, regrow=False)
            from geoverify.frontends.asy.fitting import frame_bounds

            bb = frame_bounds(items, 1.0, 1.0, _dotsize)
            if bb is not None:
                dest.xsize = bb[2] - bb[0] if dest.xsize else 0.0
                dest.ysize = bb[3] - bb[1] if dest.ysize else 0.0

    b("add", add)
    b("attach", attach)

    def point(*args, **kw):
        # point(picture, dir, user=true), point(frame, dir); point(path, t) is elsewhere
        args = list(args)
        if len(args) == 1 and not isinstance(args[0], Picture):
            args.insert(0, I.pic)  # point(dir): of the current picture
        if len(args) < 2 or not isinstance(args[0], Picture):
            raise NoMatch()
        pic, d = args[0], _pair(args[1])
        user = bool(args[2]) if len(args) > 2 else bool(kw.get("user", True))
        if isinstance(pic, Frame):
            return box_point(*frame_box(pic), d)
        z = box_point(*user_box(pic), d)
        if user:
            return z
        sx, sy = scaling_of(pic)
        return complex(z.real * sx, z.imag * sy)

    b("point", point)

    def truepoint(*args, **kw):
        args = list(args)
        pic = args.pop(0) if args and isinstance(args[0], Picture) else I.pic
        if not args:
            raise NoMatch()
        d = _pair(args[0])
        user = bool(args[1]) if len(args) > 1 else bool(kw.get("user", True))
        sx, sy = scaling_of(pic)
        z = box_point(*sized_box(pic, sx, sy), d)
        return complex(z.real / sx, z.imag / sy) if user else z

    b("truepoint", truepoint)

    def minmax(which):
        def w(*args, **kw):
            if not args or not isinstance(args[0], Picture):
                raise NoMatch()
            pic = args[0]
            m, M = sized_box(pic, *scaling_of(pic))
            z = m if which == "min" else M
            user = bool(args[1]) if len(args) > 1 else bool(kw.get("user", False))
            if user and not isinstance(pic, Frame):
                sx, sy = scaling_of(pic)
                z = complex(z.real / sx, z.imag / sy)
            return z
        return w

    b("min", minmax("min"))
    b("max", minmax("max"))

    def size(*args, **kw):
        if len(args) == 1 and not kw and isinstance(args[0], Frame):
            m, M = frame_box(args[0])
            return M - m
        raise NoMatch()

    b("size", size)

    def align(f, d):
        if not isinstance(f, Frame):
            raise NoMatch()
        return aligned(f, _pair(d))

    b("align", align)
    b("newframe", lambda: Frame())
    b("realmult", lambda a, c: _realmult(_pair(a), _pair(c)))
    # "identity()" as in pic.fit(identity()); the name alone stays the identity transform value
    b("identity", lambda: Transform())
    b("rectify", lambda d: rectify(_pair(d)))

    def bbox(*args, **kw):
        args = list(args)
        pic = args.pop(0) if args and isinstance(args[0], Picture) else I.pic
        nums = [float(a) for a in args if isinstance(a, (int, float)) and not isinstance(a, bool)]
        pens = [a for a in args if isinstance(a, Pen)] + [v for v in kw.values() if isinstance(v, Pen)]
        fills = [a for a in list(args) + list(kw.values()) if type(a).__name__ == "FillType"]
        xm = float(kw.get("xmargin", nums[0] if nums else 0.0))
        ym = float(kw.get("ymargin", nums[1] if len(nums) > 1 else xm))
        pen = I.defaultpen + pens[0] if pens else I.defaultpen
        w = pen.width or 0.0
        f = fit(pic, max(pic.xsize - 2 * (xm + w), 0.0), max(pic.ysize - 2 * (ym + w), 0.0))
        m, M = frame_box(f)
        filled = bool(fills) and fills[0].name != "NoFill"
        h = complex(0.5 * w, 0.5 * w) * (-1 if filled else 1)
        lo, hi = m - h - complex(xm, ym), M + h + complex(xm, ym)
        from geoverify.frontends.asy.lib_core import PATH
        from geoverify.frontends.asy import pathops

        g = PATH(pathops.polygon_path([lo, complex(hi.real, lo.imag), hi, complex(lo.real, hi.imag)], True))
        if filled:
            fp = fills[0].pen if fills[0].pen is not None else pen
            item = DrawItem("fill", [g], None, fp, location=I.current_loc)
        else:
            item = DrawItem("draw", [g], pen, location=I.current_loc)
        f.items.insert(0, item)  # asy's box(..., above=false) prepends the box
        return f

    b("bbox", bbox)
    install_about_origin(I)

    def shipout(*args, **kw):
        # shipout(f): the output is frame (or picture) f instead of currentpicture
        out = next((a for a in list(args) + list(kw.values()) if isinstance(a, Picture)), None)
        if out is None:
            return None
        if isinstance(out, Frame):
            p = Picture()  # no size(): its user coordinates are the frame's bp
            p.items = list(out.items)
            out = p
        I.pic = out
        return None

    b("shipout", shipout)


def picture_method(pic, name):
    """The bound method ``pic.name`` of asy's picture structure this front-end knows, or None."""
    from geoverify.frontends.asy.values import Builtin

    if name == "fit":
        def fit_method(*args, **kw):
            if args and isinstance(args[0], Transform):
                t = args[0]
                if t.xy or t.yx or t.x or t.y:
                    raise NoMatch()
                f = Frame()
                f.items = _scaled_items(pic, t.xx, t.yy, regrow=False)[0]
                return f
            nums = [float(a) for a in args if isinstance(a, (int, float)) and not isinstance(a, bool)]
            xs = float(kw.get("xsize", nums[0] if nums else pic.xsize))
            ys = float(kw.get("ysize", nums[1] if len(nums) > 1 else pic.ysize))
            return fit(pic, xs, ys)
        return Builtin("fit", fit_method)
    if name == "calculateTransform":
        def calc():
            sx, sy = scaling_of(pic)
            return Transform(0.0, 0.0, sx, 0.0, 0.0, sy)
        return Builtin(name, calc)
    if name in ("userMin", "userMax"):
        return Builtin(name, lambda: user_box(pic)[0 if name == "userMin" else 1])
    if name in ("min", "max"):
        def mm(t=None):
            if t is None:
                sx, sy = scaling_of(pic)
            elif isinstance(t, Transform) and not (t.xy or t.yx or t.x or t.y):
                sx, sy = t.xx, t.yy
            else:
                raise NoMatch()
            f = Frame()
            f.items = _scaled_items(pic, sx, sy)[0]
            return frame_box(f)[0 if name == "min" else 1]
        return Builtin(name, mm)
    return None


def _pair_first(args, kw):
    """Whether a call's first argument is a pair: ``draw``/``fill``/``filldraw`` about a point
    raise NoMatch at once on any other (``Builtin.accepts``)."""
    return bool(args) and isinstance(args[0], complex)


def install_about_origin(I):
    """``draw(pair origin, ..., path g, ...)`` and its ``fill``/``filldraw``: ``g`` in bp about the
    user point ``origin`` (asy draws on a new picture and adds it with ``add(pic, opic, origin)``)."""
    from geoverify.frontends.asy.guides import Guide, Path

    def about(name):
        def w(*args, **kw):
            if not args or not isinstance(args[0], complex):
                raise NoMatch()
            rest = list(args[1:])
            dest = I.pic
            if rest and isinstance(rest[0], Picture):
                dest = rest.pop(0)
            if not any(isinstance(a, (Path, Guide)) for a in rest) and not isinstance(kw.get("g"), (Path, Guide)):
                raise NoMatch()  # draw(z, pen): the point z itself
            opic = Picture()
            I.call(I.builtins[name], [opic] + rest, kw, name)
            add_frame(I, dest, fit_identity(opic), args[0])
        w.accepts = _pair_first
        return w

    for name in ("draw", "fill", "filldraw"):
        I.builtin(name, about(name))
