"""Asymptote's drawing builtins: draw, fill, filldraw, unfill, clip, dot, label, size, pictures, arrows.

Asymptote matches these functions' arguments by type (``draw(p, red, Arrow)``
and ``draw(p, Arrow, red)`` are the same call); so do these implementations.
"""

from __future__ import annotations

from geoverify.frontends.asy import path_marks
from geoverify.frontends.asy.guides import Guide, Path
from geoverify.frontends.asy.lib_core import P, R, is_num
from geoverify.frontends.asy.picture import ArrowSpec, DrawItem, LabelSpec, Picture, Side
from geoverify.frontends.asy.values import AsyArray, NoMatch, Pen

__all__ = ["install", "FillType"]


class FillType:
    __slots__ = ("name", "pen")

    def __init__(self, name, pen=None):
        self.name = name
        self.pen = pen

    def __call__(self, *a, **k):
        pen = next((x for x in a if isinstance(x, Pen)), None)
        return FillType(self.name, pen)


class Ignored:
    """A value of a type that only changes decoration (margins, bars, markers)."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __call__(self, *a, **k):
        return self



def _on_path(L, g, align):
    """Position and alignment of a label drawn along path ``g`` (plain_Label.asy's
    ``Label.out(pic, g)``): at a relative arc length (the middle by default); without an
    alignment, S at the start, N at the end and E between, each turned with the path's
    direction (``-align*dir(g)*I``)."""
    from geoverify.frontends.asy import pathops

    if isinstance(L, LabelSpec) and L.relpos is None and L.position is not None:
        tm = L.position.real  # an absolute position (Label("x", (1,0))): its x is a time on g
    else:
        rel = L.relpos if isinstance(L, LabelSpec) and L.relpos is not None else 0.5
        rel = min(max(rel, 0.0), 1.0)
        tm = pathops.arctime(g, rel * pathops.arclength(g))
    pos = pathops.point(g, tm)
    if align is None or isinstance(align, Side):
        if isinstance(align, Side):
            side = align.align
        else:
            eps = 1.4901161193847656e-08  # asy's sqrtEpsilon, on the time
            side = -1j if tm <= eps else (1j if tm >= g.length - eps else 1 + 0j)
        d = pathops.direction(g, tm)
        align = -side * d * 1j if d != 0 else 0j
    return pos, align

def _as_paths(v):
    if isinstance(v, Path):
        return [v]
    if isinstance(v, Guide):
        return [v.solve()]
    if isinstance(v, complex) or is_num(v):
        return [Path.point_path(complex(v))]
    if isinstance(v, list) and all(isinstance(x, (Path, Guide)) for x in v):
        return [x.solve() for x in v]
    return None


def install(I):
    b = I.builtin
    g = I.globals.vars
    g["currentpicture"] = I.pic
    for name, where in (("Arrow", ("end",)), ("EndArrow", ("end",)), ("Arrows", ("start", "end")),
                        ("BeginArrow", ("start",)), ("MidArrow", ("mid",)), ("ArcArrow", ("end",)),
                        ("EndArcArrow", ("end",)), ("ArcArrows", ("start", "end")), ("BeginArcArrow", ("start",)),
                        ("MidArcArrow", ("mid",))):
        g[name] = ArrowSpec(name, where, None, "Arc" in name)
    g["None"] = ArrowSpec("None", ())
    g["NoArrow"] = ArrowSpec("None", ())
    for name, where in path_marks.BARS.items():
        g[name] = path_marks.BarSpec(name, where)
    for name in ("NoMargin", "Margin", "Margins", "PenMargin", "PenMargins",
                 "DotMargin", "DotMargins", "TrueMargin", "BeginMargin", "EndMargin", "BeginPenMargin", "EndPenMargin",
                 "BeginDotMargin", "EndDotMargin", "DefaultHead", "SimpleHead", "HookHead", "TeXHead", "Blank",
                 "nomarker", "dotframe", "NoAlign", "Center", "TrueMargin", "Draw", "RadialShade"):
        g[name] = Ignored(name)
    for name in ("Fill", "NoFill", "UnFill", "FillDraw"):
        g[name] = FillType(name)
    from geoverify.frontends.asy import arrow_at, margins, shading

    margins.install(g)  # margin values (ignored by draw, read by arrow)
    arrow_at.install(I)
    shading.install(I)

    def split_args(args, kw):
        out = {"pic": None, "label": None, "paths": None, "pens": [], "arrow": None, "align": None, "fill": None,
               "position": None, "extra": [], "bar": None, "dots": False, "marker": None}
        dot_marker = I.builtins.get("dot")
        for a in args:
            # the commonest arguments first: where the tests below would put them, in fewer steps
            ta = type(a)
            if ta is Pen:
                out["pens"].append(a)
                continue
            if ta is Path or ta is Guide:
                if out["paths"] is None:
                    if ta is Guide:
                        a.solve()       # as _as_paths(a) below did (the guide keeps its solution)
                    out["paths"] = a
                else:
                    out["extra"].append(a)
                continue
            if ta is complex:
                if out["paths"] is None:
                    out["paths"] = a
                else:
                    out["align"] = a
                continue
            if ta is str:
                if out["label"] is None and out["paths"] is None:
                    out["label"] = a
                else:
                    out["extra"].append(a)
                continue
            if isinstance(a, Picture) and out["pic"] is None and out["paths"] is None:
                out["pic"] = a
            elif isinstance(a, (str, LabelSpec)) and out["label"] is None and out["paths"] is None:
                out["label"] = a
            elif isinstance(a, Pen):
                out["pens"].append(a)
            elif isinstance(a, ArrowSpec):
                out["arrow"] = a
            elif isinstance(a, path_marks.BarSpec):
                out["bar"] = a
            elif isinstance(a, path_marks.MarkerSpec):
                out["marker"] = a
            elif a is dot_marker and dot_marker is not None:
                # the ``dot`` marker: a dot at every node
                out["dots"] = True
            elif isinstance(a, FillType):
                out["fill"] = a
            elif isinstance(a, Ignored):
                pass
            elif out["paths"] is None and isinstance(a, list) and a and all(
                    isinstance(x, complex) or is_num(x) for x in a):
                out["paths"] = a
            elif out["paths"] is None and _as_paths(a) is not None:
                out["paths"] = a
            elif isinstance(a, complex) or is_num(a):
                out["align"] = complex(a)
            elif isinstance(a, Side):
                out["align"] = a
            else:
                out["extra"].append(a)
        for k, v in kw.items():
            if k in ("p", "pen", "fillpen", "drawpen", "q"):
                out["pens"].append(v) if isinstance(v, Pen) else None
            elif k == "arrow":
                out["arrow"] = v if isinstance(v, ArrowSpec) else None
            elif k == "bar":
                out["bar"] = v if isinstance(v, path_marks.BarSpec) else None
            elif k == "marker" and v is dot_marker and v is not None:
                out["dots"] = True
            elif k == "marker" and isinstance(v, path_marks.MarkerSpec):
                out["marker"] = v
            elif k == "pic":
                out["pic"] = v
            elif k == "align":
                out["align"] = complex(v) if isinstance(v, (complex, int, float)) else (v if isinstance(v, Side) else None)
            elif k in ("L", "s"):
                out["label"] = v
            elif k == "filltype":
                out["fill"] = v
            elif k in ("g", "z", "position"):
                out["paths"] = v
        return out

    def current():
        """asy's ``currentpen`` (the default pen of drawing commands) over the defaultpen."""
        cp = I.globals.vars.get("currentpen")
        return I.defaultpen + cp if isinstance(cp, Pen) else I.defaultpen

    def pen_of(pens, idx=0):
        """The pen of a drawing command: current() with the command's pen number ``idx`` added."""
        if len(pens) > idx:
            return current() + pens[idx]
        # without that pen, current() + Pen(): a copy of current(), which is one already when
        # a currentpen is set (Pen.__add__ of a pen with nothing set copies every attribute)
        cp = I.globals.vars.get("currentpen")
        return I.defaultpen + cp if isinstance(cp, Pen) else I.defaultpen + Pen()

    def record(pic, item):
        budget = I.budget
        budget.step()
        pic = pic or I.pic
        pic.add(item)
        budget.check_primitives(len(pic.items))

    def draw(*args, **kw):
        a = split_args(args, kw)
        paths = _as_paths(a["paths"]) if a["paths"] is not None else None
        if paths is None:
            raise NoMatch()
        pen = pen_of(a["pens"])
        for x in args:
            if isinstance(x, margins.MarginSpec):
                margin = x
                break
        else:
            margin = kw.get("margin")
        if isinstance(margin, margins.MarginSpec):
            df = I.globals.vars.get("dotfactor", 6)
            mb, me = margins.margin_lengths(margin, pen, float(df) if is_num(df) else 6.0)
        else:
            mb = me = 0.0   # margin_lengths of anything but a margin
        if mb or me:  # a margin trims the drawn path in the frame
            record(a["pic"], margins.trimmed_draw(paths, pen, a["arrow"], mb, me, I.current_loc))
        else:
            record(a["pic"], DrawItem("draw", paths, pen, None, a["arrow"], location=I.current_loc))
        if a["bar"] is not None:
            for item in path_marks.bar_items(paths, a["bar"], pen, I.current_loc):
                record(a["pic"], item)
        if a["marker"] is not None:
            for item in path_marks.marker_items(paths, a["marker"], I.current_loc):
                record(a["pic"], item)
        if a["dots"]:
            df = I.globals.vars.get("dotfactor", 6)
            for item in path_marks.node_dot_items(paths, float(df) if is_num(df) else 6.0, I.current_loc):
                record(a["pic"], item)
        if a["label"] is not None and paths:
            L = a["label"]
            text = L.text if isinstance(L, LabelSpec) else L
            align = a["align"] if a["align"] is not None else (L.align if isinstance(L, LabelSpec) else None)
            pos, align = _on_path(L, paths[0], align)
            record(a["pic"], DrawItem("label", [], pen, text=text, position=pos, align=align, location=I.current_loc,
                                      transform=L.transform if isinstance(L, LabelSpec) else None))

    b("draw", draw)

    def fill(*args, **kw):
        a = split_args(args, kw)
        paths = _as_paths(a["paths"]) if a["paths"] is not None else None
        if paths is None:
            raise NoMatch()
        pen = pen_of(a["pens"])
        record(a["pic"], DrawItem("fill", paths, None, pen, location=I.current_loc))

    b("fill", fill)

    def filldraw(*args, **kw):
        a = split_args(args, kw)
        paths = _as_paths(a["paths"]) if a["paths"] is not None else None
        if paths is None:
            raise NoMatch()
        fp = pen_of(a["pens"], 0)
        dp = pen_of(a["pens"], 1) if len(a["pens"]) > 1 else current()
        record(a["pic"], DrawItem("filldraw", paths, dp, fp, a["arrow"], location=I.current_loc))

    b("filldraw", filldraw)

    def unfill(*args, **kw):
        a = split_args(args, kw)
        paths = _as_paths(a["paths"]) if a["paths"] is not None else None
        if paths is None:
            raise NoMatch()
        record(a["pic"], DrawItem("unfill", paths, None, Pen((1.0, 1.0, 1.0)), location=I.current_loc))

    b("unfill", unfill)

    def clip(*args, **kw):
        a = split_args(args, kw)
        paths = _as_paths(a["paths"]) if a["paths"] is not None else None
        if paths is None:
            raise NoMatch()
        record(a["pic"], DrawItem("clip", paths, location=I.current_loc))

    b("clip", clip)

    def dot(*args, **kw):
        a = split_args(args, kw)
        if a["label"] is None and sum(isinstance(x, complex) for x in args) > 1:
            raise NoMatch()  # dot(pair, pair) is math's dot product: only a labelled dot takes an align
        v = a["paths"]
        pen = pen_of(a["pens"])
        pts = []
        if isinstance(v, complex) or is_num(v):
            pts = [complex(v)]
        elif isinstance(v, list) and all(isinstance(x, complex) or is_num(x) for x in v):
            pts = [complex(x) for x in v]
        elif v is not None:
            for p in _as_paths(v) or []:
                pts.extend(p.z)
        elif isinstance(a["label"], LabelSpec) and a["label"].position is not None:
            pts = [a["label"].position]  # dot(Label L): the dot at L's position, L beside it
        else:
            raise NoMatch()
        # asy draws a dot with the pen dotsize(p) + p: an explicit line width in p wins
        explicit = [q.width for q in a["pens"] if q.width is not None]
        df = I.globals.vars.get("dotfactor", 6)
        df = float(df) if is_num(df) else 6.0
        diameter = explicit[-1] if explicit else df * (pen.width if pen.width is not None else 0.5)
        for z in pts:
            record(a["pic"], DrawItem("dot", [], pen, position=z, location=I.current_loc, size=diameter))
        if a["label"] is not None and len(pts) == 1:
            L = a["label"]
            text = L.text if isinstance(L, LabelSpec) else L
            if text == "":  # plain_markers.asy: an empty label writes the point, "(x,y)" in defaultformat
                from geoverify.frontends.asy.lib_core import _format

                text = f"({_format('$%.4g$', pts[0].real)},{_format('$%.4g$', pts[0].imag)})"
            # plain_markers.asy: L.align(align, E), a dot's label is east of it by default
            align = a["align"] if a["align"] is not None else (
                L.align if isinstance(L, LabelSpec) and L.align is not None else 1 + 0j)
            align = align.align if isinstance(align, Side) else align
            record(a["pic"], DrawItem("label", [], pen, text=text, position=pts[0], align=align,
                                      location=I.current_loc,
                                      transform=L.transform if isinstance(L, LabelSpec) else None))

    b("dot", dot)

    def label(*args, **kw):
        args = list(args)
        pic = None
        if args and isinstance(args[0], Picture):
            pic = args.pop(0)
        pic = kw.pop("pic", pic)
        if not args and "L" not in kw and "s" not in kw:
            raise NoMatch()
        L = kw.pop("L", None) or kw.pop("s", None) or args.pop(0)
        if isinstance(L, LabelSpec):
            text, pos, align, pens = L.text, L.position, L.align, [L.pen] if L.pen else []
        elif isinstance(L, str):
            text, pos, align, pens = L, None, None, []
        elif is_num(L):
            text, pos, align, pens = str(L), None, None, []
        else:
            raise NoMatch()
        path_pos = None
        filltype = kw["filltype"].name if isinstance(kw.get("filltype"), FillType) else None
        arg_align = None  # an explicit alignment overrides the Label's own (asy's L.align(align))
        for x in args:
            if isinstance(x, complex) or (is_num(x) and pos is not None and arg_align is None):
                if pos is None and path_pos is None:
                    pos = complex(x)
                elif arg_align is None:
                    arg_align = complex(x)
            elif is_num(x) and pos is None:
                pos = complex(x)
            elif isinstance(x, (Path, Guide)) and pos is None:
                path_pos = x.solve()
            elif isinstance(x, Pen):
                pens.append(x)
            elif isinstance(x, FillType):
                filltype = x.name
            elif isinstance(x, Side):
                arg_align = x
            elif isinstance(x, LabelSpec):
                pass
        if arg_align is not None:
            align = arg_align
        if "position" in kw:
            pos = P(kw["position"])
        if "align" in kw:
            al = kw["align"]
            align = complex(al) if isinstance(al, (complex, int, float)) else (al if isinstance(al, Side) else align)
        if "p" in kw and isinstance(kw["p"], Pen):
            pens.append(kw["p"])
        if path_pos is not None:
            pos, align = _on_path(L, path_pos, align)
        elif isinstance(align, Side):  # at a point a side is its plain direction
            align = align.align
        if pos is None:
            pos = 0j
        pen = current()
        for p in pens:
            pen = pen + p
        record(pic, DrawItem("label", [], pen, text=text, position=pos, align=align or 0j, location=I.current_loc,
                             transform=L.transform if isinstance(L, LabelSpec) else None, filltype=filltype))

    b("label", label)

    def Label(*args, **kw):
        text = ""
        pos = None
        align = None
        transform = None
        pen = None
        relpos = None
        for x in args:
            if isinstance(x, str) and not text:
                text = x
            elif isinstance(x, LabelSpec):
                text, transform = x.text, x.transform
            elif isinstance(x, Side):
                align = x
            elif isinstance(x, complex):  # Label(s, pair position, align align): the first pair places it
                if pos is None and align is None:
                    pos = x
                else:
                    align = x
            elif is_num(x):
                relpos = float(x)
            elif isinstance(x, Pen):
                pen = x
        if "align" in kw and isinstance(kw["align"], (complex, int, float, Side)):
            align = kw["align"] if isinstance(kw["align"], Side) else complex(kw["align"])
        if "position" in kw:
            v = kw["position"]
            if isinstance(v, complex):
                pos = v
            elif is_num(v):
                relpos = float(v)
        if "p" in kw and isinstance(kw["p"], Pen):
            pen = kw["p"]
        return LabelSpec(text, pos, align, pen, relpos, transform)

    b("Label", Label)
    g["Label"] = LabelSpec("")  # plain_Label.asy's "Label Label;": the name as a value is the empty label
    # plain_Label.asy: a relative position along a path (a fraction of its arc length)
    b("Relative", lambda x: float(x) if is_num(x) else Side(x))
    I.globals.vars.update({"LeftSide": Side(-1), "RightSide": Side(1)})
    I.globals.vars.update({"BeginPoint": 0.0, "MidPoint": 0.5, "EndPoint": 1.0})

    def size(*args, **kw):
        args = list(args)
        pic = I.pic
        if args and isinstance(args[0], Picture):
            pic = args.pop(0)
        nums = [float(x) for x in args if is_num(x)]
        bools = [x for x in args if isinstance(x, bool)]
        if not nums:
            raise NoMatch()
        pic.xsize = nums[0]
        pic.ysize = nums[1] if len(nums) > 1 else nums[0]
        if len(nums) >= 4:
            pass
        if bools:
            pic.keep_aspect = bools[0]
        if "keepAspect" in kw:
            pic.keep_aspect = bool(kw["keepAspect"])

    b("size", size)

    def unitsize(*args, **kw):
        args = list(args)
        pic = I.pic
        if args and isinstance(args[0], Picture):
            pic = args.pop(0)
        nums = [float(x) for x in args if is_num(x)]
        if not nums:
            raise NoMatch()
        pic.xunit = nums[0]
        pic.yunit = nums[1] if len(nums) > 1 else nums[0]

    b("unitsize", unitsize)

    def defaultpen(*args):
        if len(args) == 1 and isinstance(args[0], Pen):
            I.defaultpen = I.defaultpen + args[0]
            return None
        if not args:
            return I.defaultpen
        if len(args) == 1 and is_num(args[0]):
            I.defaultpen = I.defaultpen + Pen(width=float(args[0]))
            return None
        raise NoMatch()

    b("defaultpen", defaultpen)

    def add(*args, **kw):
        pics = [x for x in args if isinstance(x, Picture)]
        if not pics:
            raise NoMatch()
        shift = next((x for x in args if isinstance(x, complex)), None)
        from geoverify.frontends.asy.values import Transform

        t = Transform(shift.real, shift.imag) if shift is not None else None
        if len(pics) == 2:
            pics[0].merge(pics[1], t)
        else:
            I.pic.merge(pics[0], t)

    b("add", add)
    b("attach", add)
    b("picture", lambda: Picture())
    b("shipout", lambda *a, **k: None)
    b("erase", lambda *a, **k: I.pic.items.clear() if not a else a[0].items.clear())
    b("newpage", lambda *a, **k: None)
    b("legend", lambda *a, **k: Picture())
    b("bbox", lambda *a, **k: Picture())
    b("layer", lambda *a, **k: None)
    b("fixedscaling", lambda *a, **k: None)
    b("minipage", lambda s, *a, **k: s)
    b("graphic", lambda *a, **k: "")
    b("TeXify", lambda s: s)
    b("math", lambda s: "$" + s + "$" if isinstance(s, str) else _nm())
    # plain_strings.asy: baseline(s, template="\strut") = "\vphantom{" + template + "}" + s
    b("baseline", lambda s, template="\\strut", *a: "\\vphantom{" + template + "}" + s if s else s)

    def labelxy(which):
        def w(*args, **kw):
            args = list(args)
            if args and isinstance(args[0], Picture):
                args.pop(0)
            text = args[0] if args and isinstance(args[0], (str, LabelSpec)) else None
            nums = [x for x in args if is_num(x)]
            if text is None:
                if not nums:
                    raise NoMatch()
                text = str(nums[0])
            t = text.text if isinstance(text, LabelSpec) else text
            v = float(nums[0]) if nums else 0.0
            pos = complex(v, 0) if which == "x" else complex(0, v)
            align = next((x for x in args if isinstance(x, complex)), -1j if which == "x" else -1 + 0j)
            record(None, DrawItem("label", [], I.defaultpen, text=t, position=pos, align=align, location=I.current_loc))
        return w

    b("labelx", labelxy("x"))
    b("labely", labelxy("y"))


def _nm():
    raise NoMatch()
