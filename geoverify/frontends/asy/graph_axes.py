"""The ``graph`` module's axes and ticks: ``xaxis``, ``yaxis``, ``axes``, ``xequals``,
``yequals``, ``Ticks``/``LeftTicks``/``RightTicks``, ``xtick``/``ytick``, ``xlimits``,
``ylimits``, ``limits``.

Written from the semantics of Asymptote's ``graph.asy`` (linear scales only):

- an axis is drawn when the picture is fitted (a *deferred* item): its ends may
  depend on the final frame (``extend=true`` axes span the whole picture, less
  the pen's half width), and its tick marks have true sizes in bp
  (``Ticksize`` = 2 mm major, ``ticksize`` = 1 mm minor);
- its contribution to ``size()`` fitting is computed when it is called, as asy's
  ``bounds()`` routine does: the two ends with the pen, and the true-size extent
  across the axis of its tick marks, tick labels and axis label;
- tick values come from an explicit array, from a ``Step`` (multiples of Step
  from ``floor(a / Step) Step``), or automatically from asy's ``autoscale``
  divisors with the ``axiscoverage`` test on tick-label sizes;
- ``extend=true`` ticks are grid lines from the axis to its opposite axis
  (``BottomTop``/``LeftRight``).

Logarithmic scales, ``Label`` transforms of tick labels and ``autorotate`` of y-axis
labels are not modelled.
"""

from __future__ import annotations

import math

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.deferred import DeferredItem, realize_deferred
from geoverify.frontends.asy.graph_ticks import (SIGNEDTRAILINGZERO, TICKSIZE, TICKSIZE_MAJOR, TRAILINGZERO,
                                                 TickLabel, TickModifier, TicksSpec, autoscale, format_values,
                                                 tick_values)
from geoverify.frontends.asy.lib_core import P, is_num
from geoverify.frontends.asy.picture import ArrowSpec, DrawItem, LabelSpec, Picture
from geoverify.frontends.asy.values import NoMatch, Pen

__all__ = ["AxisType", "DeferredItem", "realize_deferred", "install"]  # the last two re-exported

_AXISCOVERAGE = 0.8
_AXISLABELFACTOR = 1.5
_INF = math.inf
_BASELINE = "\\vphantom{$10^4$}"


class AxisType:
    """An ``axis`` value: ``YZero``, ``XZero``, ``Bottom``, ``Top``, ``BottomTop``, ``Left``,
    ``Right``, ``LeftRight``, ``XEquals(x)``, ``YEquals(y)``; called with ``extend`` it
    returns a copy."""

    __slots__ = ("type", "value", "position", "side", "align", "extend")

    def __init__(self, type_, value, position, side, align, extend):
        self.type, self.value, self.position, self.side, self.align, self.extend = (
            type_, value, position, side, align, extend)

    def __call__(self, *args, **kw):
        a = AxisType(self.type, self.value, self.position, self.side, self.align, self.extend)
        args = list(args)
        if self.type == "value" and self.value is None:
            if not args or not is_num(args[0]):
                raise NoMatch()
            a.value = float(args.pop(0))
        for x in args:
            if isinstance(x, bool):
                a.extend = x
        if "extend" in kw:
            a.extend = bool(kw["extend"])
        if self.type == "value" and self.value is None and "x" in kw:
            a.value = float(kw["x"])
        return a


_AXES = {
    # name: (type, value, position, side, align, extend); side is asy's ``left`` (-1,0) or
    # ``right`` (1,0), multiplied (as complex numbers) by the tick direction ``-I*pathdir``
    # to give the tick labels' alignment
    "Bottom": ("min", None, 0.5, 1 + 0j, -1j, False),
    "Top": ("max", None, 0.5, -1 + 0j, 1j, False),
    "BottomTop": ("both", None, 0.5, 1 + 0j, -1j, False),
    "Left": ("min", None, 0.5, -1 + 0j, -1 + 0j, False),
    "Right": ("max", None, 0.5, 1 + 0j, 1 + 0j, False),
    "LeftRight": ("both", None, 0.5, -1 + 0j, -1 + 0j, False),
    "XEquals": ("value", None, 1.0, -1 + 0j, -1 + 0j, True),
    "YEquals": ("value", None, 1.0, 1 + 0j, -1j, True),
    "XZero": ("value", 0.0, 1.0, -1 + 0j, -1 + 0j, True),
    "YZero": ("value", 0.0, 1.0, 1 + 0j, -1j, True),
}


# -- state of a picture's graph scaling ------------------------------------------------------

class _State:
    __slots__ = ("user", "frozen_at", "set", "tick_min", "tick_max", "xdivisor", "ydivisor", "queue")

    def __init__(self):
        self.user = None          # (umin, umax) complex fixed by xlimits/ylimits, or None
        self.frozen_at = 0        # items before this index are summarised by ``user``
        self.set = False
        self.tick_min = complex(-_INF, -_INF)
        self.tick_max = complex(_INF, _INF)
        self.xdivisor = []
        self.ydivisor = []
        self.queue = {"x": [], "y": []}


def _state(I, pic):
    table = I.globals.vars.setdefault("__graph_state", {})
    key = id(pic)
    entry = table.get(key)
    if entry is None or entry[0] is not pic:
        entry = (pic, _State())
        table[key] = entry
    return entry[1]


def _user_bounds(I, pic):
    """``(umin, umax)`` of the picture's sizing data in user coordinates, or None."""
    from geoverify.frontends.asy.emit import _dotsize
    from geoverify.frontends.asy.fitting import coords_of

    st = _state(I, pic)
    sub = Picture()
    sub.items = pic.items[st.frozen_at:]
    xs, ys = coords_of(sub, _dotsize)
    lo = hi = None
    if xs:
        lo = complex(min(u for u, _ in xs), min(u for u, _ in ys))
        hi = complex(max(u for u, _ in xs), max(u for u, _ in ys))
    if st.user is not None:
        ulo, uhi = st.user
        if lo is None:
            lo, hi = ulo, uhi
        else:
            lo = complex(min(lo.real, ulo.real), min(lo.imag, ulo.imag))
            hi = complex(max(hi.real, uhi.real), max(hi.imag, uhi.imag))
    return None if lo is None else (lo, hi)


def _set_limits(I, pic, axis, lo, hi):
    st = _state(I, pic)
    cur = _user_bounds(I, pic) or (0j, 0j)
    a, b = cur
    if axis == "x":
        a, b = complex(lo, a.imag), complex(hi, b.imag)
    else:
        a, b = complex(a.real, lo), complex(b.real, hi)
    st.user = (a, b)
    st.frozen_at = len(pic.items)


# -- axes ------------------------------------------------------------------------------------

def _pen_half(p):
    return 0.5 * (p.width if p is not None and p.width is not None else 0.5)


def install(I):
    """Install the axes and ticks builtins of ``graph`` on interpreter ``I``."""
    from geoverify.frontends.asy.emit import _dotsize
    from geoverify.frontends.asy.fitting import scaling
    from geoverify.frontends.asy.textmetrics import label_box

    b = I.builtin
    g = I.globals.vars
    g["Ticks"] = TicksSpec("Ticks", 0)
    g["LeftTicks"] = TicksSpec("LeftTicks", -1)
    g["RightTicks"] = TicksSpec("RightTicks", 1)
    g["NoTicks"] = TicksSpec("NoTicks", 0, none=True)
    g["NoZero"] = TickModifier([(0.0, 0.0)])
    g["Format"] = TickLabel()
    g["OmitFormat"] = TickLabel()
    g["NoZeroFormat"] = TickLabel("", [0.0])
    g["DefaultFormat"] = TickLabel()
    g["trailingzero"] = TRAILINGZERO
    g["signedtrailingzero"] = SIGNEDTRAILINGZERO
    g["OmitTick"] = TickModifier()
    for name, v in _AXES.items():
        g[name] = AxisType(*v)
    g["Ticksize"] = TICKSIZE_MAJOR
    g["ticksize"] = TICKSIZE
    g["axiscoverage"] = _AXISCOVERAGE
    g["axislabelfactor"] = _AXISLABELFACTOR

    def base_pen(p):
        return I.defaultpen + p if p is not None else I.defaultpen

    def labels_of(spec, values, norm, pen):
        if spec.none:
            return []
        from geoverify.frontends.asy.values import AsyFunction, Overloads

        if isinstance(spec.ticklabel, (AsyFunction, Overloads)):
            texts = [I.call(spec.ticklabel, [float(v)], {}) for v in values]
            texts = [t if isinstance(t, str) else "" for t in texts]
        else:
            texts = format_values(spec.format, values, norm, spec.ticklabel)
        # asy typesets tick labels on a common baseline: baseline(s, "$10^4$")
        return [_BASELINE + t if t else t for t in texts]

    def frame_of(spec, vals_major, vals_minor, texts, along, pen, Lspec, opposite, side_rot, sign, rot=1):
        """Tick geometry in an axis frame: the axis along +x (``along(v)`` = bp position of
        value v), tick direction -I (the default ``-I*pathdir``).

        Returns (marks, labels, ylo, yhi): marks are (x, y0, y1, pen) vertical segments in bp,
        labels (x, y, text, align) anchors in bp relative to the axis.
        """
        marks, labs = [], []
        labelled = [False]  # asy's ``ticklabels``: some major tick got a label (maybe empty)
        Size = spec.Size or TICKSIZE_MAJOR
        size = spec.size or TICKSIZE
        s = -sign if opposite else sign
        pT = spec.pTick if spec.pTick is not None else pen
        pt = spec.ptick if spec.ptick is not None else pT
        # tick direction is -I (down in this frame): sign 0 spans both sides
        for vals, sz, pp, begin_end in ((vals_major, Size, pT, True), (vals_minor, size, pt, False)):
            for i, v in enumerate(vals):
                if begin_end and ((not spec.begin and i == 0) or (not spec.end and i == len(vals) - 1)):
                    continue
                x = along(v)
                if s == 0:
                    marks.append((x, sz, -sz, pp))
                else:
                    marks.append((x, 0.0, -s * sz, pp))
        ylo = yhi = 0.0
        halves = {}  # the marks share two pens: each one's half width once (base_pen makes a new Pen)
        for x, y0, y1, pp in marks:
            h = halves.get(id(pp))
            if h is None:
                h = halves[id(pp)] = _pen_half(base_pen(pp))
            ylo, yhi = min(ylo, y0 - h, y1 - h), max(yhi, y0 + h, y1 + h)
        if not opposite and Size > 0:
            align = side_rot * -1j  # asy: side * dir, dir = -I*pathdir, pathdir = +x here
            # asy: adjust = unit(align + 0.75 perp sgn(dot(align, perp))), perp = I
            perp = 1j
            dp = (align.conjugate() * perp).real
            adj = align + 0.75 * perp * ((dp > 0) - (dp < 0))
            adj = adj / abs(adj) if adj else adj
            align = adj * (align.conjugate() * adj).real
            tickdir = -1j
            lpen = base_pen(spec.fpen if spec.fpen is not None else pen)
            if (align.conjugate() * (-s * tickdir)).real <= 0:
                shift = align * Size
            else:
                fs = lpen.fontsize or 12.0
                lw = lpen.width if lpen.width is not None else 0.5
                u = align / abs(align) if align else 0j
                shift = 0.25 * u * (0.28 * fs + 0.5 * lw)
            n_lab = len(vals_major)
            for i, (v, text) in enumerate(zip(vals_major, texts)):
                if (not spec.beginlabel and i == 0) or (not spec.endlabel and i == n_lab - 1):
                    continue
                labelled[0] = True
                if not text:
                    continue
                z = along(v) + shift
                labs.append((z, text, align, lpen))
                # the label's box is upright in the picture: turn it into this frame
                x0, y0, x1, y1 = label_box(text, align * rot, lpen)
                if rot == 1:
                    ylo, yhi = min(ylo, z.imag + y0), max(yhi, z.imag + y1)
                else:  # y axis: frame y is the picture's -x
                    ylo, yhi = min(ylo, z.imag - x1), max(yhi, z.imag - x0)
        return marks, labs, ylo, yhi, labelled[0]

    def draw_axis(pic, which, L, axis, lo, hi, p, spec, arrow, opposite, location):
        """asy's ``xaxisAt``/``yaxisAt``: record the deferred axis and its sizing."""
        st = _state(I, pic)
        pen = base_pen(p)
        Lspec = L
        spec = spec or g["NoTicks"]
        # y (for an x axis) of the axis and of its opposite
        data = {"v": axis.value if axis.type == "value" else 0.0, "v2": 0.0, "has2": False}
        divisor = list(st.xdivisor if which == "x" else st.ydivisor)

        rot = 1 if which == "x" else 1j  # the axis frame (along +x) turned into the picture

        def cross(z):  # coordinate across the axis
            return z.imag if which == "x" else z.real

        def along_c(z):
            return z.real if which == "x" else z.imag

        def mk(u, v):  # user point from (along, across)
            return complex(u, v) if which == "x" else complex(v, u)

        def bounds():
            # asy's userMin()/userMax() of a picture without sizing data are (0,0)
            umin, umax = _user_bounds(I, pic) or (0j, 0j)
            if axis.type == "both":
                data["v2"] = cross(umax)
                data["has2"] = True
                data["v"] = data["v2"] if opposite else cross(umin)
            elif axis.type == "min":
                data["v"] = cross(umin)
            elif axis.type == "max":
                data["v"] = cross(umax)
            lo_ = lo if math.isfinite(lo) else along_c(umin)
            hi_ = hi if math.isfinite(hi) else along_c(umax)
            a, bb = mk(lo_, data["v"]), mk(hi_, data["v"])
            hw = _pen_half(pen)
            for z in (a, bb):
                item.sizing += [(z, complex(-hw, -hw)), (z, complex(hw, hw))]
            sx, sy = scaling(pic, _dotsize)
            s_al = sx if which == "x" else sy
            majors, minors = ([], []) if spec.none else tick_values(spec, lo_, hi_, st.tick_min.real if which == "x" else st.tick_min.imag,
                                                                     st.tick_max.real if which == "x" else st.tick_max.imag, divisor)
            norm = max(abs(lo_), abs(hi_))
            texts = labels_of(spec, majors, norm, pen)
            side_rot = axis.side
            if spec.none:
                ylo, yhi, labelled = 0.0, 0.0, False
            else:
                _, _, ylo, yhi, labelled = frame_of(spec, majors, minors, texts, lambda v: (v - lo_) * s_al, pen,
                                                    Lspec, opposite, side_rot, spec.sign, rot)
            ylo, yhi = min(ylo, -hw), max(yhi, hw)  # the axis line itself
            # asy sizes the axis by the frame d its ticks routine draws along (a.x,0)--(b.x,0):
            # across the axis, d's extent (ticks, tick labels, the placed axis label); along it,
            # the axis label's own frame f at the label's position
            lx0 = lx1 = ly0 = ly1 = 0.0
            placed = None if opposite else _axis_label_place(Lspec, axis, which, (ylo, yhi) if labelled else None)
            if placed is not None:
                text, al, lpen, rel, shift = placed
                lx0, ly0, lx1, ly1 = label_box(text, al, lpen)
                if which == "x":
                    ylo, yhi = min(ylo, shift.imag + ly0), max(yhi, shift.imag + ly1)
                else:  # frame y is the picture's -x
                    ylo, yhi = min(ylo, -(shift.real + lx1)), max(yhi, -(shift.real + lx0))
            pos = a + (Lspec.relpos if isinstance(Lspec, LabelSpec) and Lspec.relpos is not None
                       else axis.position) * (bb - a)
            if which == "x":
                item.sizing += [(pos, complex(lx0, ylo)), (pos, complex(lx1, yhi))]
            else:
                item.sizing += [(pos, complex(-yhi, ly0)), (pos, complex(-ylo, ly1))]

        def realize(sx, sy, lb, rt):
            s_al = sx if which == "x" else sy
            s_cr = sy if which == "x" else sx
            hw = _pen_half(pen)
            v, v2 = data["v"], data["v2"]
            if opposite:
                v = v2
            lo_, hi_ = lo, hi
            tmin = st.tick_min.real if which == "x" else st.tick_min.imag
            tmax = st.tick_max.real if which == "x" else st.tick_max.imag
            div = divisor
            if not math.isfinite(lo_):
                lo_ = ((lb.real if which == "x" else lb.imag) + hw) / s_al
            if not math.isfinite(hi_):
                hi_ = ((rt.real if which == "x" else rt.imag) - hw) / s_al
            if not (math.isfinite(lo) and math.isfinite(hi)):
                tmin, tmax, div = autoscale(lo_, hi_)
            out = []
            if hi_ < lo_:
                return out
            a, bb = mk(lo_, v), mk(hi_, v)
            axis_path = pathops.polygon_path([a, bb])
            arrow_ = None if opposite else arrow
            out.append(DrawItem("draw", [axis_path], pen, None, arrow_, location=location))
            if spec.none:
                majors, minors = [], []
            else:
                length = (hi_ - lo_) * s_al

                def coverage(N, Step, tickmin):
                    limit = _AXISCOVERAGE * length
                    vals = [tickmin + i * Step for i in range(N + 1)]
                    vals = [x for x in vals if lo_ <= x <= hi_]
                    if not vals:
                        return True
                    lim = limit / len(vals)
                    lpen = base_pen(spec.fpen if spec.fpen is not None else pen)
                    for text in labels_of(spec, vals, max(abs(lo_), abs(hi_)), pen):
                        if not text:
                            continue
                        x0, y0, x1, y1 = label_box(text, -1j if which == "x" else -1 + 0j, lpen)
                        if (x1 - x0 if which == "x" else y1 - y0) > lim:
                            return False
                    return True

                majors, minors = tick_values(spec, lo_, hi_, tmin, tmax, div, coverage)
            norm = max(abs(lo_), abs(hi_))
            texts = labels_of(spec, majors, norm, pen)
            marks, labs, ylo, yhi, labelled = frame_of(spec, majors, minors, texts, lambda x: (x - lo_) * s_al,
                                                       pen, Lspec, opposite, axis.side, spec.sign, rot)

            def to_user(x_along_bp, y_across_bp):
                # frame of the axis: along +x (x axis) or +y (y axis); tick direction -I*pathdir
                if which == "x":
                    return complex(lo_ + x_along_bp / s_al, v + y_across_bp / s_cr)
                return complex(v - y_across_bp / s_cr, lo_ + x_along_bp / s_al)

            tick_pens = {}  # the marks share two pens: each resolved once, the ticks share it
            for x, y0, y1, pp in marks:
                tp = tick_pens.get(id(pp))
                if tp is None:
                    tp = tick_pens[id(pp)] = base_pen(pp)
                if spec.extend and data["has2"]:
                    u = lo_ + x / s_al
                    seg = [mk(u, v), mk(u, v2)]
                    if v == v2:
                        continue
                else:
                    seg = [to_user(x, y0), to_user(x, y1)]
                out.append(DrawItem("draw", [pathops.polygon_path(seg)], tp, location=location))
            for z, text, align, lpen in labs:
                if lpen.invisible:
                    continue
                al = align if which == "x" else align * 1j
                # blank tick labels (a ticklabel returning " ") show nothing but take room: a "box"
                kind = "label" if text.replace(_BASELINE, "").strip() else "box"
                out.append(DrawItem(kind, [], lpen, text=text, position=to_user(z.real, z.imag), align=al,
                                    location=location))
            if Lspec is not None and not opposite:
                ext = (min(ylo, -hw), max(yhi, hw)) if labelled else None
                lab = _axis_label_item(Lspec, axis, pen, a, bb, sx, sy, which, location, ext)
                if lab is not None:
                    out.append(lab)
            return out

        item = DeferredItem(realize, location)
        other = "y" if which == "x" else "x"
        for routine in st.queue[other]:
            routine()
        st.queue[other] = []
        bounds()
        st.queue[which].append(bounds)
        pic.add(item)

    def _axis_label_box(L, axis, pen):
        if L is None:
            return None
        text = L.text if isinstance(L, LabelSpec) else L
        if not text:
            return None
        al = L.align if isinstance(L, LabelSpec) and L.align is not None else axis.align
        lpen = base_pen(L.pen if isinstance(L, LabelSpec) else None)
        return label_box(text, al, lpen)

    def _axis_label_place(L, axis, which, ext=None):
        """asy's ``labelaxis``: ``(text, align, pen, relative position, shift bp)`` of the axis
        label, or None.

        The label sits at its relative position (the axis type's ``position`` by default),
        aligned by its own alignment or the axis type's. With tick labels (``ext``: the
        extent across the axis, bp, of what the ticks drew, positive to the left of the
        axis direction) it first moves past them on its alignment's side; at an end of the
        axis it then moves inwards by half its frame along the axis (the alignment is never
        asy's "default" here).
        """
        text = L.text if isinstance(L, LabelSpec) else L
        if not text:
            return None
        al = L.align if isinstance(L, LabelSpec) and L.align is not None else axis.align
        lpen = base_pen(L.pen if isinstance(L, LabelSpec) else None)
        rel = L.relpos if isinstance(L, LabelSpec) and L.relpos is not None else axis.position
        d = 1 + 0j if which == "x" else 1j  # the axis direction in the frame
        perp = 1j * d
        shift = 0j
        if ext is not None:
            k = (al.conjugate() * perp).real  # dot(align, perp)
            if k != 0:
                shift += (perp if k > 0 else -perp) * (ext[1] if k > 0 else -ext[0])
        x0, y0, x1, y1 = label_box(text, al, lpen)
        half = complex(0.5 * (x1 - x0) * d.real, 0.5 * (y1 - y0) * d.imag)
        if rel <= 0:
            shift += half
        elif rel >= 1:
            shift -= half
        return text, al, lpen, rel, shift

    def _axis_label_item(L, axis, pen, a, bb, sx, sy, which, location, ext=None):
        placed = _axis_label_place(L, axis, which, ext)
        if placed is None:
            return None
        text, al, lpen, rel, shift = placed
        z = a + rel * (bb - a) + complex(shift.real / sx, shift.imag / sy)
        return DrawItem("label", [], lpen, text=text, position=z, align=al, location=location)

    def parse_axis_args(which, args, kw):
        args = list(args)
        pic = I.pic
        if args and isinstance(args[0], Picture):
            pic = args.pop(0)
        out = {"L": None, "axis": None, "lo": -_INF, "hi": _INF, "p": None, "ticks": None, "arrow": None,
               "above": False}
        nums = []
        for a in args:
            if isinstance(a, (str, LabelSpec)) and out["L"] is None:
                out["L"] = a
            elif isinstance(a, AxisType):
                out["axis"] = a
            elif isinstance(a, bool):
                out["above"] = a
            elif is_num(a):
                nums.append(float(a))
            elif isinstance(a, Pen):
                out["p"] = a
            elif isinstance(a, TicksSpec):
                out["ticks"] = a
            elif isinstance(a, ArrowSpec):
                out["arrow"] = a
        if nums:
            out["lo"] = nums[0]
        if len(nums) > 1:
            out["hi"] = nums[1]
        lo_k, hi_k = ("xmin", "xmax") if which == "x" else ("ymin", "ymax")
        for k, v in kw.items():
            if k == lo_k:
                out["lo"] = float(v)
            elif k == hi_k:
                out["hi"] = float(v)
            elif k == "p" and isinstance(v, Pen):
                out["p"] = v
            elif k == "ticks" and isinstance(v, TicksSpec):
                out["ticks"] = v
            elif k == "arrow":
                out["arrow"] = v if isinstance(v, ArrowSpec) else None
            elif k == "L":
                out["L"] = v
            elif k == "axis" and isinstance(v, AxisType):
                out["axis"] = v
            elif k == "pic" and isinstance(v, Picture):
                pic = v
        return pic, out

    def axis_call(which, pic, o):
        """asy's ``xaxis``/``yaxis``."""
        lo, hi = o["lo"], o["hi"]
        if lo > hi:
            return None
        st = _state(I, pic)
        axis = o["axis"] or g["YZero" if which == "x" else "XZero"]
        spec = o["ticks"]
        if not st.set:
            ub = _user_bounds(I, pic)
            if ub is not None:
                mx = autoscale(ub[0].real, ub[1].real)
                my = autoscale(ub[0].imag, ub[1].imag)
                st.tick_min, st.tick_max = complex(mx[0], my[0]), complex(mx[1], my[1])
                st.xdivisor, st.ydivisor = mx[2], my[2]
                st.set = True
        if (math.isfinite(lo) or math.isfinite(hi)) and spec is not None and not spec.none:
            ub = _user_bounds(I, pic)
            if ub is not None:
                l2 = lo if math.isfinite(lo) else (ub[0].real if which == "x" else ub[0].imag)
                h2 = hi if math.isfinite(hi) else (ub[1].real if which == "x" else ub[1].imag)
                m = autoscale(l2, h2)
                if which == "x":
                    st.tick_min, st.tick_max = complex(m[0], st.tick_min.imag), complex(m[1], st.tick_max.imag)
                    st.xdivisor = m[2]
                else:
                    st.tick_min, st.tick_max = complex(st.tick_min.real, m[0]), complex(st.tick_max.real, m[1])
                    st.ydivisor = m[2]
        if not axis.extend:
            ub = _user_bounds(I, pic)
            if ub is not None:
                umin = ub[0].real if which == "x" else ub[0].imag
                umax = ub[1].real if which == "x" else ub[1].imag
                if not math.isfinite(lo):
                    lo = umin
                if not math.isfinite(hi):
                    hi = umax
        L = o["L"]
        loc = I.current_loc
        draw_axis(pic, which, L, axis, lo, hi, o["p"], spec, o["arrow"], False, loc)
        if axis.type == "both":
            draw_axis(pic, which, L, axis, lo, hi, o["p"], spec, o["arrow"], True, loc)
        return None

    def xaxis(*args, **kw):
        pic, o = parse_axis_args("x", args, kw)
        return axis_call("x", pic, o)

    def yaxis(*args, **kw):
        pic, o = parse_axis_args("y", args, kw)
        return axis_call("y", pic, o)

    b("xaxis", xaxis)
    b("yaxis", yaxis)

    def axes(*args, **kw):
        args = list(args)
        pic = I.pic
        if args and isinstance(args[0], Picture):
            pic = args.pop(0)
        texts = [a for a in args if isinstance(a, (str, LabelSpec))]
        extend = next((a for a in args if isinstance(a, bool)), kw.get("extend", True))
        pairs = [complex(a) for a in args if isinstance(a, complex)]
        mn = kw.get("min", pairs[0] if pairs else complex(-_INF, -_INF))
        mx = kw.get("max", pairs[1] if len(pairs) > 1 else complex(_INF, _INF))
        mn, mx = P(mn), P(mx)
        p = next((a for a in args if isinstance(a, Pen)), kw.get("p"))
        arrow = next((a for a in args if isinstance(a, ArrowSpec)), kw.get("arrow"))
        xl = kw.get("xlabel", texts[0] if texts else None)
        yl = kw.get("ylabel", texts[1] if len(texts) > 1 else None)
        base = {"p": p, "ticks": None, "arrow": arrow, "above": False}
        axis_call("x", pic, dict(base, L=xl, axis=g["YZero"](extend), lo=mn.real, hi=mx.real))
        axis_call("y", pic, dict(base, L=yl, axis=g["XZero"](extend), lo=mn.imag, hi=mx.imag))

    b("axes", axes)

    def equals(which):
        def w(*args, **kw):
            args = list(args)
            pic = I.pic
            if args and isinstance(args[0], Picture):
                pic = args.pop(0)
            L = None
            if args and isinstance(args[0], (str, LabelSpec)):
                L = args.pop(0)
            if "x" in kw or "y" in kw:
                value = float(kw.pop("x" if which == "y" else "y", kw.pop("x", kw.pop("y", 0.0))))
            else:
                if not args or not is_num(args[0]):
                    raise NoMatch()
                value = float(args.pop(0))
            extend = False
            if args and isinstance(args[0], bool):
                extend = args.pop(0)
            extend = bool(kw.pop("extend", extend))
            # xequals draws a y axis at x; yequals an x axis at y
            axis_which = "y" if which == "x" else "x"
            _, o = parse_axis_args(axis_which, args, kw)
            o["L"] = L if L is not None else o["L"]
            o["axis"] = g["XEquals" if which == "x" else "YEquals"](value, extend)
            return axis_call(axis_which, pic, o)
        return w

    b("xequals", equals("x"))
    b("yequals", equals("y"))

    def tick_fn(default_dir, which):
        def w(*args, **kw):
            args = list(args)
            pic = I.pic
            if args and isinstance(args[0], Picture):
                pic = args.pop(0)
            L = None
            if args and isinstance(args[0], (str, LabelSpec)):
                L = args.pop(0)
            if not args:
                raise NoMatch()
            z = args.pop(0)
            if isinstance(z, complex):
                pass
            elif is_num(z):
                z = complex(float(z), 0) if which == "x" else complex(0, float(z))
            else:
                raise NoMatch()
            d = kw.get("dir", next((a for a in args if isinstance(a, complex)), default_dir))
            nums = [float(a) for a in args if is_num(a) and not isinstance(a, complex)]
            size = float(kw.get("size", nums[0] if nums else TICKSIZE_MAJOR))
            p = base_pen(next((a for a in args if isinstance(a, Pen)), kw.get("p")))
            u = d / abs(d) if d else 0j
            hw = _pen_half(p)
            loc = I.current_loc

            def realize(sx, sy, lb, rt, z=z, u=u, size=size, p=p):
                end = z + complex(u.real * size / sx, u.imag * size / sy)
                return [DrawItem("draw", [pathops.polygon_path([z, end])], p, location=loc)]

            item = DeferredItem(realize, loc)
            item.sizing = [(z, complex(-hw, -hw)), (z, complex(hw, hw)),
                           (z, u * size + complex(-hw, -hw)), (z, u * size + complex(hw, hw))]
            pic.add(item)
            if L is not None:
                text = L.text if isinstance(L, LabelSpec) else L
                al = -u
                pic.add(DrawItem("label", [], p, text=text, position=z, align=al + 0j, location=loc))
            return None
        return w

    b("xtick", tick_fn(1j, "x"))
    b("ytick", tick_fn(1 + 0j, "y"))
    b("tick", tick_fn(1j, "x"))

    def limits_axis(which):
        def w(*args, **kw):
            args = list(args)
            pic = I.pic
            if args and isinstance(args[0], Picture):
                pic = args.pop(0)
            nums = [float(a) for a in args if is_num(a)]
            lo = float(kw.get("min", nums[0] if nums else -_INF))
            hi = float(kw.get("max", nums[1] if len(nums) > 1 else _INF))
            crop = any(a is True for a in args) or kw.get("crop") is True
            if lo > hi:
                return None
            ub = _user_bounds(I, pic)
            if ub is None and not (math.isfinite(lo) and math.isfinite(hi)):
                return None
            cur_lo = (ub[0].real if which == "x" else ub[0].imag) if ub else lo
            cur_hi = (ub[1].real if which == "x" else ub[1].imag) if ub else hi
            new_lo = lo if math.isfinite(lo) else cur_lo
            new_hi = hi if math.isfinite(hi) else cur_hi
            _set_limits(I, pic, which, new_lo, new_hi)
            if crop:
                ub = _user_bounds(I, pic)
                _crop(pic, which, ub)
            return None
        return w

    def _crop(pic, which, ub):
        if ub is None:
            return
        lo, hi = ub
        big = 1e6
        if which == "x":
            box = [complex(lo.real, -big), complex(hi.real, -big), complex(hi.real, big), complex(lo.real, big)]
        else:
            box = [complex(-big, lo.imag), complex(big, lo.imag), complex(big, hi.imag), complex(-big, hi.imag)]
        pic.add(DrawItem("clip", [pathops.polygon_path(box, True)], location=I.current_loc))

    b("xlimits", limits_axis("x"))
    b("ylimits", limits_axis("y"))

    def limits(*args, **kw):
        args = list(args)
        pic = I.pic
        if args and isinstance(args[0], Picture):
            pic = args.pop(0)
        pts = [P(a) for a in args if isinstance(a, complex) or is_num(a)]
        if len(pts) < 2:
            raise NoMatch()
        A, B = pts[0], pts[1]
        crop = any(a is True for a in args if isinstance(a, bool)) or kw.get("crop") is True
        _set_limits(I, pic, "x", min(A.real, B.real), max(A.real, B.real))
        _set_limits(I, pic, "y", min(A.imag, B.imag), max(A.imag, B.imag))
        if crop:
            box = pathops.polygon_path([A, complex(B.real, A.imag), B, complex(A.real, B.imag)], True)
            pic.add(DrawItem("clip", [box], location=I.current_loc))

    b("limits", limits)

    def labelxy(which):
        """asy's ``labelx``/``labely``: a label on an axis at x (y), aligned S (W) and moved
        by ``ticklabelshift``, with the value formatted when the label is empty, on the tick
        labels' baseline."""
        from geoverify.frontends.asy.values import Transform

        def w(*args, **kw):
            args = list(args)
            pic = I.pic
            if args and isinstance(args[0], Picture):
                pic = args.pop(0)
            L = kw.get("L")
            if args and isinstance(args[0], (str, LabelSpec)):
                L = args.pop(0)
            reals = [float(a) for a in args if is_num(a)]
            pairs = [complex(a) for a in args if isinstance(a, complex)]
            z = kw.get("z")
            if z is None and reals:
                z = complex(reals[0], 0) if which == "x" else complex(0, reals[0])
            elif z is None and pairs:
                z = pairs.pop(0)
            if z is None and isinstance(L, LabelSpec) and L.position is not None:
                z = complex(L.position)
            if z is None:
                raise NoMatch()
            z = complex(z)
            align = complex(kw.get("align", pairs[0] if pairs else (-1j if which == "x" else -1 + 0j)))
            fmt = kw.get("format", next((a for a in args if isinstance(a, str)), ""))
            p = base_pen(next((a for a in args if isinstance(a, Pen)), kw.get("p")))
            if isinstance(L, LabelSpec):
                p = p + L.pen if L.pen is not None else p
            text = (L.text if isinstance(L, LabelSpec) else L) or ""
            value = z.real if which == "x" else z.imag
            if not text:
                text = format_values(fmt or "$%.4g$", [value], abs(value))[0]
            if text:
                text = _BASELINE + text
            fs = p.fontsize or 12.0
            lw = p.width if p.width is not None else 0.5
            u = align / abs(align) if align else 0j
            shift = 0.25 * u * (0.28 * fs + 0.5 * lw)
            pic.add(DrawItem("label", [], p, text=text, position=z, align=align, location=I.current_loc,
                             transform=Transform(shift.real, shift.imag)))
            return None
        return w

    b("labelx", labelxy("x"))
    b("labely", labelxy("y"))
    g["Crop"] = True
    g["NoCrop"] = False

