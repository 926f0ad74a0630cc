"""pgf's basic layer inside a picture: points, soft paths, transformations, plot streams.

The commands of ``pgfcorepoints``, ``pgfcorepathconstruct``, ``pgfcorepathusage``,
``pgfcoretransformations``, ``pgfcoreplot`` and ``pgflibraryplothandlers`` that
build geometry:

- points: ``\\pgfpoint``, ``\\pgfqpoint``, ``\\pgfpointorigin``, ``\\pgfpointxy``,
  ``\\pgfpointpolar``, ``\\pgfpointpolarxy``, ``\\pgfpointadd``, ``\\pgfpointdiff``
  (second minus first), ``\\pgfpointscale``, ``\\pgfpointnormalised``,
  ``\\pgfpointlineattime``, ``\\pgfpointlineatdistance``, ``\\pgfpointanchor``
  (``\\pgfpointpolar{a}{rx and ry}``), and those of :mod:`~geoverify.frontends.tikz.pgfpoints`;
- path construction (each point goes through the current transformation when it is
  added, as in pgf): ``\\pgfpathmoveto``, ``\\pgfpathlineto``, ``\\pgfpathcurveto``,
  ``\\pgfpathclose``, ``\\pgfpathcircle``, ``\\pgfpathellipse``, ``\\pgfpatharc``,
  ``\\pgfpathrectangle``, ``\\pgfpathrectanglecorners``, ``\\pgfpatharcaxes``; the quick
  ``\\pgfpathqmoveto``, ``qlineto``, ``qcurveto``, ``qcircle`` take untransformed points;
- ``\\pgfsetcolor``, ``\\pgfsetstrokecolor``, ``\\pgfsetfillcolor``; ``\\pgfsetarrowsend{tip}``,
  ``\\pgfsetarrowsstart{tip}``, ``\\pgfsetarrows{spec}`` (the tips of the paths used after them);
- path usage: ``\\pgfusepath{stroke, fill, draw, clip, discard}`` and the
  ``\\pgfusepathq...`` forms. The path is handed on as a TikZ ``\\path`` (or
  ``\\clip``), so it is emitted like every other path;
- transformations (composed onto the current one, local to the group):
  ``\\pgftransformshift``, ``xshift``, ``yshift``, ``scale``, ``xscale``,
  ``yscale``, ``rotate``, ``xslant``, ``yslant``, ``cm``, ``reset``,
  ``resetnontranslations``, ``triangle``, ``invert`` and the at-time ones of :mod:`~geoverify.frontends.tikz.pgfpoints`;
- ``\\pgftext[at=..., left|right|top|bottom|base]{text}``: the text box with
  no separation, centred on the point unless an edge is named;
- ``\\pgfmathanglebetweenpoints{p}{q}``: ``\\pgfmathresult``, the direction from
  ``p`` to ``q`` in degrees (0 to 360);
- plot streams ``\\pgfplotstreamstart/point/end`` with the handlers of
  :mod:`~geoverify.frontends.tikz.plothandlers` (lines, curves, steps, jumps, combs,
  bars, interval bars) and ``\\pgfplothandlermark{code}`` /
  ``\\pgfplothandlermarklisted{code}{indices}``, which run ``code`` in a group
  shifted to each point (``\\pgfsetplotmarkrepeat``, ``\\pgfsetplotmarkphase``);
  ``\\pgfsetplottension``;
- ``\\pgfuseplotmark{name}`` at ``\\pgfsetplotmarksize`` (2pt): pgf's mark outlines,
  filled and stroked for the ``*`` marks, stroked for the others.

Lengths are TeX points; a plain number given for a dimension is in points, as
pgf's ``\\pgfmathsetlength`` reads it.
"""

from __future__ import annotations

import math

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.pgfmath import format_number, whole
from geoverify.frontends.tikz.pgfplots_marks import mark_outlines
from geoverify.frontends.tikz.plotmarks import CORE_MARKS
from geoverify.frontends.tikz.plothandlers import HANDLERS, bar_options, handler_path, mark_indices
from geoverify.frontends.tikz.colors import parse_color
from geoverify.frontends.tikz.pgfplots_extra import PGFPLOTS_COMMANDS, PGFPLOTS_POINTS, pgfplots_point, run_pgfplots_command
from geoverify.frontends.tikz.pgfpoints import AT_TIME_FLAGS, MORE_POINTS, at_time_transform, more_point
from geoverify.frontends.tikz.tex import Macro, Reader, detokenize, tokenize, tokenize_at

__all__ = ["PGF_BASIC_COMMANDS", "path_of_code", "run_pgf_basic"]

_KAPPA = 0.5522847498  # pgf's quarter-circle control distance (\pgfpathellipse)

_TRANSFORMS = {"\\pgftransformshift", "\\pgftransformxshift", "\\pgftransformyshift", "\\pgftransformscale",
               "\\pgftransformxscale", "\\pgftransformyscale", "\\pgftransformrotate", "\\pgftransformxslant",
               "\\pgftransformyslant", "\\pgftransformcm", "\\pgftransformreset", "\\pgftransformtriangle",
               "\\pgftransforminvert", "\\pgftransformlineattime", "\\pgftransformcurveattime",
               "\\pgftransformarcaxesattime", "\\pgftransformresetnontranslations"}
_PATHS = {"\\pgfpathmoveto", "\\pgfpathlineto", "\\pgfpathcurveto", "\\pgfpathclose", "\\pgfpathcircle",
          "\\pgfpathellipse", "\\pgfpatharc", "\\pgfpathrectangle", "\\pgfpathrectanglecorners",
          "\\pgfpatharcaxes", "\\pgfpathqmoveto", "\\pgfpathqlineto", "\\pgfpathqcurveto", "\\pgfpathqcircle"}
_ARROWS = {"\\pgfsetarrowsend", "\\pgfsetarrowsstart", "\\pgfsetarrows"}
_COLORS = {"\\pgfsetcolor": "color", "\\pgfsetstrokecolor": "draw_color", "\\pgfsetfillcolor": "fill_color"}
_USES = {"\\pgfusepath": None, "\\pgfusepathqstroke": "stroke", "\\pgfusepathqfill": "fill",
         "\\pgfusepathqfillstroke": "fill,stroke", "\\pgfusepathqclip": "clip"}
_HANDLERS = HANDLERS | {"mark", "marklisted"}
_MARK_SETTINGS = {"\\pgfsetplottension", "\\pgfsetplotmarksize", "\\pgfsetplotmarkrepeat", "\\pgfsetplotmarkphase"}
_STREAM = {"\\pgfplotstreamstart", "\\pgfplotstreampoint", "\\pgfplotstreampointoutlier",
           "\\pgfplotstreamspecial", "\\pgfplotstreamnewdataset", "\\pgfplotstreamend"}

#: The commands :func:`run_pgf_basic` reads (plot handlers are ``\\pgfplothandler<name>``).
PGF_BASIC_COMMANDS = (_TRANSFORMS | _PATHS | set(_USES) | _STREAM
                      | {"\\pgfplothandler" + h for h in _HANDLERS}
                      | set(AT_TIME_FLAGS) | set(_COLORS) | _ARROWS
                      | _MARK_SETTINGS | PGFPLOTS_COMMANDS
                      | {"\\pgftext", "\\pgfsetlinewidth", "\\pgfmathanglebetweenpoints", "\\pgfuseplotmark",
                         "\\pgfsetcornersarced", "\\pgfplotfunction"})


class _Points:
    """Evaluator of pgf point expressions (token lists), in untransformed coordinates."""

    def __init__(self, interp, st):
        self.interp = interp
        self.st = st

    def reader(self, tokens) -> Reader:
        return Reader(list(tokens), self.interp.defs, self.interp.budget, self.interp.source)

    def text(self, tokens) -> str:
        return detokenize(self.interp.expand_all(list(tokens))).strip()

    def dim(self, tokens) -> float:
        return self.interp.number(self.text(tokens), self.st).value

    def num(self, tokens) -> float:
        return self.interp.number(self.text(tokens), self.st).value

    def point(self, tokens) -> tuple[float, float]:
        r = self.reader(self.interp.expand_all(list(tokens)))
        r.skip_spaces()
        tok = r.get()
        if tok is None:
            raise FigureSyntaxError("an empty pgf point")
        name = tok[0]
        arg = r.read_arg
        if name in ("\\pgfpoint", "\\pgfqpoint"):
            return (self.dim(arg()), self.dim(arg()))
        if name == "\\pgfpointorigin":
            return (0.0, 0.0)
        if name in ("\\pgfpointxy", "\\pgfqpointxy"):
            x, y = self.num(arg()), self.num(arg())
            xv, yv = self.st["xvec"], self.st["yvec"]
            return (x * xv[0] + y * yv[0], x * xv[1] + y * yv[1])
        if name in ("\\pgfpointpolar", "\\pgfqpointpolar"):
            a = math.radians(self.num(arg()))
            rad = self.text(arg())  # pgf: "r" or "rx and ry" (also read: "rx/ry")
            rx, _, ry = rad.partition(" and " if " and " in rad else "/")
            rx_v = self.interp.number(rx, self.st).value
            ry_v = self.interp.number(ry, self.st).value if ry else rx_v
            return (rx_v * math.cos(a), ry_v * math.sin(a))
        if name == "\\pgfpointpolarxy":
            a, rad = math.radians(self.num(arg())), self.num(arg())
            xv, yv = self.st["xvec"], self.st["yvec"]
            c, s = rad * math.cos(a), rad * math.sin(a)
            return (c * xv[0] + s * yv[0], c * xv[1] + s * yv[1])
        if name == "\\pgfpointadd":
            p, q = self.point(arg()), self.point(arg())
            return (p[0] + q[0], p[1] + q[1])
        if name == "\\pgfpointdiff":
            p, q = self.point(arg()), self.point(arg())
            return (q[0] - p[0], q[1] - p[1])
        if name == "\\pgfpointscale":
            f, p = self.num(arg()), self.point(arg())
            return (f * p[0], f * p[1])
        if name == "\\pgfpointnormalised":
            p = self.point(arg())
            n = math.hypot(*p)
            return (p[0] / n, p[1] / n) if n else (0.0, 0.0)
        if name == "\\pgfpointlineattime":
            t, p, q = self.num(arg()), self.point(arg()), self.point(arg())
            return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
        if name == "\\pgfpointlineatdistance":
            d, p, q = self.dim(arg()), self.point(arg()), self.point(arg())
            n = math.hypot(q[0] - p[0], q[1] - p[1])
            f = d / n if n else 0.0
            return (p[0] + f * (q[0] - p[0]), p[1] + f * (q[1] - p[1]))
        if name == "\\pgfpointanchor":
            node_name, anchor = self.text(arg()), self.text(arg())
            node = self.interp.nodes.get(node_name)
            if node is None:
                raise FigureSyntaxError(f"no node named '{node_name}' for \\pgfpointanchor")
            try:
                canvas = node.anchor(anchor)
            except KeyError:
                raise FigureSyntaxError(f"unknown anchor '{anchor}' of node '{node_name}'") from None
            # the anchor in the current coordinates: the transformation brings it back
            return G.apply(G.invert(self.st["ctm"]), canvas)
        if name in MORE_POINTS:
            return more_point(self, name, arg)
        if name in PGFPLOTS_POINTS:
            return pgfplots_point(self, name, arg)
        raise FigureSyntaxError(f"pgf point {name} is not interpreted")


def _state(interp) -> dict:
    """The soft path and plot stream state kept on the interpreter."""
    s = getattr(interp, "_pgf_basic", None)
    if s is None:
        s = {"path": [], "handler": "lineto", "stream": None}
        interp._pgf_basic = s
    return s


def run_pgf_basic(interp, tok, reader: Reader) -> None:
    """Interpret one basic-layer command ``tok`` (its arguments are read from ``reader``)."""
    try:
        _run(interp, tok, reader)
    except FigureSyntaxError as err:
        if interp.strict:
            raise
        interp.note("UNSUPPORTED", f"{err.message}; the command is skipped", tok[0], interp.location(tok[1], tok[0]))
        interp._skip_args(reader)


def _run(interp, tok, reader: Reader) -> None:
    name = tok[0]
    st = interp.st
    pts = _Points(interp, st)
    state = _state(interp)
    if name in _TRANSFORMS:
        _transform(pts, name, reader, st)
    elif name in PGFPLOTS_COMMANDS:
        run_pgfplots_command(interp, tok, reader)
    elif name in AT_TIME_FLAGS:  # \pgfslopedattimetrue, ... (pgfpoints.at_time_transform)
        key, value = AT_TIME_FLAGS[name]
        st[key] = value
    elif name in _COLORS:  # the stroke or fill colour only: \pgfusepath chooses the actions
        spec = pts.text(reader.read_arg())
        rgb = parse_color(spec, interp.colors)
        if rgb is None:
            raise FigureSyntaxError(f"unknown colour '{spec}'")
        if _COLORS[name] == "color":
            interp.apply_options(st, f"color={spec}")
        else:
            st[_COLORS[name]] = rgb
    elif name in _PATHS:
        _construct(pts, name, reader, state["path"], st)
    elif name in _USES:
        actions = _USES[name] or pts.text(reader.read_arg())
        _use(interp, tok, reader, state, actions)
    elif name in ("\\pgfplothandlermark", "\\pgfplothandlermarklisted"):
        code = reader.read_arg()
        listed = None
        if name.endswith("listed"):
            from geoverify.frontends.tikz.interpreter import expand_list
            listed = {whole(interp.number(v, st).value, rounded=True) for v in expand_list(interp, pts.text(reader.read_arg()))}
        state["handler"] = "mark"
        state["mark"] = (list(code), listed)
    elif name.startswith("\\pgfplothandler"):
        state["handler"] = name[len("\\pgfplothandler"):]
    elif name in _STREAM:
        _stream(pts, tok, reader, state, st)
    elif name == "\\pgfplotfunction":  # {\x}{list}{point}: a stream of the point for each item
        var, items, point = reader.read_arg(), reader.read_arg(), reader.read_arg()
        p = tok[1]
        reader.push([("\\pgfplotstreamstart", p), ("\\foreach", p)] + var + [(" ", p), ("in", p), ("{", p)] + items
                    + [("}", p), ("{", p), ("\\pgfplotstreampoint", p), ("{", p)] + point
                    + [("}", p), ("}", p), ("\\pgfplotstreamend", p)])
    elif name in _MARK_SETTINGS:
        value = pts.dim(reader.read_arg())
        key = {"\\pgfsetplottension": "tension", "\\pgfsetplotmarksize": "mark_size"}.get(name)
        st[key or "mark_" + name[len("\\pgfsetplotmark"):]] = value if key else int(round(value))
    elif name == "\\pgfuseplotmark":
        _use_mark(interp, pts, tok, reader, state)
    elif name == "\\pgftext":
        _text(interp, pts, tok, reader)
    elif name in _ARROWS:  # \pgfsetarrowsend{to}: the tips of the paths used after it
        tip = pts.text(reader.read_arg()).strip()
        interp.apply_options(st, {"\\pgfsetarrowsend": "-{%s}", "\\pgfsetarrowsstart": "{%s}-",
                                  "\\pgfsetarrows": "%s"}[name] % tip)
    elif name == "\\pgfsetlinewidth":
        interp.apply_options(st, f"line width={pts.dim(reader.read_arg()):.6f}pt")
    elif name == "\\pgfsetcornersarced":  # the x and y radii of the corners of the paths built after it
        rx, ry = pts.point(reader.read_arg())
        if abs(rx - ry) > 1e-9:
            interp.note("APPROXIMATED", "\\pgfsetcornersarced with unequal radii: corners rounded by the x radius",
                        name)
        interp.apply_options(st, f"rounded corners={max(rx, 0.0):.6f}pt")
    elif name == "\\pgfmathanglebetweenpoints":  # \pgfmathresult: the direction from p to q, [0, 360)
        p, q = pts.point(reader.read_arg()), pts.point(reader.read_arg())
        ang = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 360.0
        interp.defs.set("\\pgfmathresult", Macro([], tokenize(format_number(ang)), None, 0))


# -- transformations -------------------------------------------------------------------

def _transform(pts: _Points, name: str, reader: Reader, st: dict) -> None:
    arg = reader.read_arg
    kind = name[len("\\pgftransform"):]
    if kind == "reset":
        st["ctm"] = G.IDENTITY
        return
    if kind == "invert":
        st["ctm"] = G.invert(st["ctm"])
        return
    if kind == "resetnontranslations":  # the origin stays where it is; rotation, scaling, slant go
        st["ctm"] = (1.0, 0.0, 0.0, 1.0, st["ctm"][4], st["ctm"][5])
        return
    if kind.endswith("attime"):  # line, curve, arcaxes (pgfpoints.py)
        at_time_transform(pts, kind[:-len("attime")], arg, st)
        return
    if kind == "shift":
        m = G.translation(*pts.point(arg()))
    elif kind == "xshift":
        m = G.translation(pts.dim(arg()), 0.0)
    elif kind == "yshift":
        m = G.translation(0.0, pts.dim(arg()))
    elif kind == "scale":
        f = pts.num(arg())
        m = G.scaling(f, f)
    elif kind == "xscale":
        m = G.scaling(pts.num(arg()), 1.0)
    elif kind == "yscale":
        m = G.scaling(1.0, pts.num(arg()))
    elif kind == "rotate":
        m = G.rotation(pts.num(arg()))
    elif kind == "xslant":
        m = (1.0, 0.0, pts.num(arg()), 1.0, 0.0, 0.0)
    elif kind == "yslant":
        m = (1.0, pts.num(arg()), 0.0, 1.0, 0.0, 0.0)
    elif kind == "triangle":  # origin at a, (1pt, 0) at b, (0, 1pt) at c
        a, b, c = pts.point(arg()), pts.point(arg()), pts.point(arg())
        m = (b[0] - a[0], b[1] - a[1], c[0] - a[0], c[1] - a[1], a[0], a[1])
    else:  # cm{a}{b}{c}{d}{shift}: x' = a x + c y + sx, y' = b x + d y + sy
        a, b, c, d = (pts.num(arg()) for _ in range(4))
        sx, sy = pts.point(arg())
        m = (a, b, c, d, sx, sy)
    st["ctm"] = G.compose(st["ctm"], m)


# -- path construction -----------------------------------------------------------------

def _construct(pts: _Points, name: str, reader: Reader, path: list, st: dict) -> None:
    arg = reader.read_arg
    ctm = st["ctm"]

    def canvas(p):
        return G.apply(ctm, p)

    kind = name[len("\\pgfpath"):]
    if kind == "moveto":
        p = pts.point(arg())
        path.append(("M", canvas(p), p))
    elif kind == "lineto":
        p = pts.point(arg())
        path.append(("L", canvas(p), p))
    elif kind == "curveto":
        c1, c2, p = pts.point(arg()), pts.point(arg()), pts.point(arg())
        path.append(("C", canvas(c1), canvas(c2), canvas(p), p))
    elif kind == "close":
        path.append(("Z",))
    elif kind in ("circle", "ellipse"):
        c = pts.point(arg())
        if kind == "circle":
            r = pts.dim(arg())
            u, v = (r, 0.0), (0.0, r)
        else:
            u, v = pts.point(arg()), pts.point(arg())
        _ellipse(path, c, u, v, ctm)
    elif kind == "arc":
        s, e = pts.num(arg()), pts.num(arg())
        rad = pts.text(arg())
        rx_t, _, ry_t = rad.partition(" and ")
        rx = pts.interp.number(rx_t, st).value
        ry = pts.interp.number(ry_t, st).value if ry_t else rx
        _arc(path, s, e, rx, ry, ctm)
    elif kind in ("qmoveto", "qlineto", "qcurveto"):  # quick versions: the points are not transformed
        vals = [pts.dim(arg()) for _ in range(6 if kind == "qcurveto" else 2)]
        q = [(vals[i], vals[i + 1]) for i in range(0, len(vals), 2)]
        seg = ("M" if kind == "qmoveto" else kind[1].upper(),) + tuple(q)
        path.append(seg + (_local_of(q[-1], ctm),))
    elif kind == "qcircle":  # a circle about the (untransformed) origin
        r = pts.dim(arg())
        _ellipse(path, (0.0, 0.0), (r, 0.0), (0.0, r), G.IDENTITY)
    elif kind == "arcaxes":  # \pgfpatharc{s}{e}{1pt} under \pgftransformtriangle{origin}{u}{v}
        s, e = pts.num(arg()), pts.num(arg())
        u, v = pts.point(arg()), pts.point(arg())
        _arc(path, s, e, 1.0, 1.0, G.compose(ctm, (u[0], u[1], v[0], v[1], 0.0, 0.0)))
    elif kind in ("rectangle", "rectanglecorners"):
        p, q = pts.point(arg()), pts.point(arg())
        if kind == "rectanglecorners":
            q = (q[0] - p[0], q[1] - p[1])
        corners = [p, (p[0] + q[0], p[1]), (p[0] + q[0], p[1] + q[1]), (p[0], p[1] + q[1])]
        path.append(("M", canvas(corners[0]), corners[0]))
        for k in corners[1:]:
            path.append(("L", canvas(k), k))
        path.append(("Z",))


def _local_of(canvas_pt, ctm):
    return G.apply(G.invert(ctm), canvas_pt)


def _ellipse(path: list, c, u, v, ctm, circles: bool = True) -> None:
    """pgf's \\pgfpathellipse: four quarter curves from ``c + u`` through ``c + v``."""
    lin = (ctm[0], ctm[1], ctm[2], ctm[3], 0.0, 0.0)
    cu, cv = G.apply_linear(lin, u), G.apply_linear(lin, v)
    cc = G.apply(ctm, c)
    if circles and abs(cu[0] * cv[0] + cu[1] * cv[1]) < 1e-9 and abs(math.hypot(*cu) - math.hypot(*cv)) < 1e-9:
        path.append(("O", cc, math.hypot(*cu)))
        return

    def at(a, b):
        return (cc[0] + a * cu[0] + b * cv[0], cc[1] + a * cu[1] + b * cv[1])

    k = _KAPPA
    path.append(("M", at(1, 0), None))
    for (a0, b0), (a1, b1) in (((1, 0), (0, 1)), ((0, 1), (-1, 0)), ((-1, 0), (0, -1)), ((0, -1), (1, 0))):
        path.append(("C", at(a0 + k * a1, b0 + k * b1), at(a1 + k * a0, b1 + k * b0), at(a1, b1), None))
    path.append(("Z",))


def _arc(path: list, s: float, e: float, rx: float, ry: float, ctm) -> None:
    """\\pgfpatharc from the current point: an elliptical arc in quarter (or shorter) pieces."""
    last = next((seg for seg in reversed(path) if seg[0] in ("M", "L", "C")), None)
    if last is None:
        raise FigureSyntaxError("\\pgfpatharc needs a current point")
    cur = _local_of(last[-2] if last[0] == "C" else last[1], ctm)
    cx, cy = cur[0] - rx * math.cos(math.radians(s)), cur[1] - ry * math.sin(math.radians(s))
    n = max(1, math.ceil(abs(e - s) / 90.0 - 1e-9))
    step = (e - s) / n

    def at(t):
        return (cx + rx * math.cos(math.radians(t)), cy + ry * math.sin(math.radians(t)))

    def d(t):
        return (-rx * math.sin(math.radians(t)), ry * math.cos(math.radians(t)))

    k = 4.0 / 3.0 * math.tan(math.radians(step) / 4.0)
    for i in range(n):
        t0, t1 = s + i * step, s + (i + 1) * step
        p0, p1, d0, d1 = at(t0), at(t1), d(t0), d(t1)
        c1 = (p0[0] + k * d0[0], p0[1] + k * d0[1])
        c2 = (p1[0] - k * d1[0], p1[1] - k * d1[1])
        path.append(("C", G.apply(ctm, c1), G.apply(ctm, c2), G.apply(ctm, p1), p1))


# -- path usage ------------------------------------------------------------------------

def _fmt(p) -> str:
    return f"({p[0]:.6f}pt,{p[1]:.6f}pt)"


def _use(interp, tok, reader: Reader, state: dict, actions: str) -> None:
    """Hand the soft path on as a TikZ path. Its canvas points are written in the
    coordinates of the transformation in force now (which the TikZ path applies
    again), so the path stays where pgf built it and a clip lasts to the group's end."""
    path, state["path"] = state["path"], []
    words = {w.strip() for w in actions.split(",") if w.strip()}
    unknown = words - {"stroke", "draw", "fill", "clip", "discard", "use as bounding box"}
    if unknown:
        interp.note("UNSUPPORTED", f"\\pgfusepath action(s) {', '.join(sorted(unknown))} are not interpreted",
                    "\\pgfusepath")
    opts = []
    if words & {"stroke", "draw"}:
        opts.append("draw")
    if "fill" in words:
        opts.append("fill")
    clip = "clip" in words
    if not path or not (opts or clip):
        return
    parts = _path_parts(interp, path)
    if parts is None:
        return
    cmd = "\\clip" if clip else "\\path"
    text = f"{cmd}[{','.join(opts)}] {' '.join(parts)};"
    reader.push(tokenize_at(text, tok[1]))


def _path_parts(interp, path: list):
    """The soft path ``path`` as TikZ path pieces in the coordinates of the transformation in
    force (which the TikZ path applies again); None under a singular one (reported)."""
    ctm = interp.st["ctm"]
    det = ctm[0] * ctm[3] - ctm[1] * ctm[2]
    if abs(det) < 1e-12:
        interp.note("UNSUPPORTED", "a pgf path used under a singular transformation is not interpreted",
                    "\\pgfusepath")
        return None
    inv = G.invert(ctm)
    similar = abs(ctm[0] - ctm[3]) < 1e-9 and abs(ctm[1] + ctm[2]) < 1e-9

    def loc(p):
        return _fmt(G.apply(inv, p))

    parts = []
    for seg in path:
        if seg[0] == "M":
            parts.append(loc(seg[1]))
        elif seg[0] == "L":
            parts.append("-- " + loc(seg[1]))
        elif seg[0] == "C":
            parts.append(f".. controls {loc(seg[1])} and {loc(seg[2])} .. {loc(seg[3])}")
        elif seg[0] == "Z":
            parts.append("-- cycle")
        elif seg[0] == "O" and similar:
            parts.append(f"{loc(seg[1])} circle[radius={seg[2] / math.sqrt(det):.6f}pt]")
        elif seg[0] == "O":  # the circle in canvas as four quarter curves
            sub = []
            _ellipse(sub, seg[1], (seg[2], 0.0), (0.0, seg[2]), G.IDENTITY, circles=False)
            parts.append(loc(sub[0][1]))
            parts += [f".. controls {loc(c[1])} and {loc(c[2])} .. {loc(c[3])}" for c in sub[1:-1]]
            parts.append("-- cycle")
    return parts


def path_of_code(interp, run) -> str:
    """TikZ path text of the soft path that ``run()`` builds (``\\pgfextra{\\pgfpathellipse..}``
    inside a TikZ path), in the current coordinates; the soft path around it is kept."""
    state = _state(interp)
    saved, state["path"] = state["path"], []
    try:
        run()
    finally:
        path, state["path"] = state["path"], saved
    return " ".join(_path_parts(interp, path) or []) if path else ""


# -- text ------------------------------------------------------------------------------

_EDGES = {"left": ("x", "west"), "right": ("x", "east"), "top": ("y", "north"), "bottom": ("y", "south"),
          "base": ("y", "base")}


def _text(interp, pts: _Points, tok, reader: Reader) -> None:
    from geoverify.frontends.tikz.options import split_options
    opts = reader.read_optional()
    body = reader.read_arg()
    at, hor, ver, rotate = (0.0, 0.0), "", "", None
    for key, val in split_options(detokenize(opts) if opts else ""):
        if key == "at" and val:
            at = pts.point(tokenize(val))
        elif key in _EDGES:
            axis, word = _EDGES[key]
            if axis == "x":
                hor = word
            else:
                ver = word
        elif key == "rotate" and val:
            rotate = val
        elif key in ("x", "y") and val:
            d = pts.dim(tokenize(val))
            at = (at[0] + d, at[1]) if key == "x" else (at[0], at[1] + d)
        else:
            interp.note("UNSUPPORTED", f"\\pgftext option '{key}' is not interpreted", "\\pgftext")
    if ver == "base":
        anchor = "base" + (" " + hor if hor else "")
    else:
        anchor = " ".join(w for w in (ver, hor) if w) or "center"
    # \pgftext sets its box in the full transformation in force (pgflowlevelsynccm)
    node_opts = f"inner sep=0pt,outer sep=0pt,transform shape,anchor={anchor}"
    node_opts += f",rotate={rotate}" if rotate else ""
    text = f"\\path {_fmt(at)} node[{node_opts}] {{"
    toks = tokenize_at(text, tok[1]) + list(body) + [(c, tok[1]) for c in "};"]
    reader.push(toks)


# -- plot streams ----------------------------------------------------------------------

def _stream(pts: _Points, tok, reader: Reader, state: dict, st: dict) -> None:
    kind = tok[0][len("\\pgfplotstream"):]
    if kind == "start":
        state["stream"] = []
    elif kind in ("point", "pointoutlier"):
        p = pts.point(reader.read_arg())
        if state["stream"] is None:
            raise FigureSyntaxError("\\pgfplotstreampoint outside \\pgfplotstreamstart ... \\pgfplotstreamend")
        if kind == "point":
            state["stream"].append(p)
    elif kind == "special":
        reader.read_arg()
    elif kind == "newdataset":
        pass
    elif kind == "end":
        points, state["stream"] = state["stream"] or [], None
        if state["handler"] == "mark":
            _marks(points, tok, reader, state, st)
        else:
            _plot(points, state["handler"], state["path"], st)


def _plot(points: list, handler: str, path: list, st: dict) -> None:
    """The path a plot handler makes of the stream's points (plothandlers.py)."""
    ctm = st["ctm"]
    for op in handler_path(points, handler, bar_options(st)):
        if op[0] == "Z":
            path.append(op)
        elif op[0] == "C":
            path.append(("C", G.apply(ctm, op[1]), G.apply(ctm, op[2]), G.apply(ctm, op[3]), op[3]))
        else:
            path.append((op[0], G.apply(ctm, op[1]), op[1]))


def _marks(points: list, tok, reader: Reader, state: dict, st: dict) -> None:
    """``\\pgfplothandlermark``: the mark code in a group shifted to each marked point."""
    code, listed = state.get("mark") or ([], None)
    out = []
    for i in mark_indices(len(points), int(st.get("mark_repeat", 1)), int(st.get("mark_phase", 1)), listed):
        x, y = points[i]
        shift = tokenize(f"{{\\pgftransformshift{{\\pgfqpoint{{{x:.6f}pt}}{{{y:.6f}pt}}}}")
        out += [(t, tok[1]) for t, _ in shift] + code + [("}", tok[1])]
    reader.push(out)


def _use_mark(interp, pts: _Points, tok, reader: Reader, state: dict) -> None:
    """``\\pgfuseplotmark{name}``: the mark's outline at the origin, used as pgf's mark does."""
    name = pts.text(reader.read_arg())
    if name not in CORE_MARKS and "plotmarks" not in interp.libraries:
        interp.note("NOTE", f"plot mark '{name}' needs the plotmarks library, which the figure does not load: "
                    "pgf draws nothing", "\\pgfuseplotmark", interp.location(tok[1], tok[0]))
        return
    size = float(interp.st.get("mark_size") or 2.0)
    pieces = mark_outlines(name, size)
    if pieces is None:
        raise FigureSyntaxError(f"plot mark '{name}' is not interpreted")
    ctm = interp.st["ctm"]
    path = state["path"]
    for kind, *data in pieces:
        if kind == "circle":
            _ellipse(path, (0.0, 0.0), (data[0], 0.0), (0.0, data[0]), ctm)
            continue
        q, closed = data
        path.append(("M", G.apply(ctm, q[0]), q[0]))
        path += [("L", G.apply(ctm, p), p) for p in q[1:]]
        if closed:
            path.append(("Z",))
    _use(interp, tok, reader, state, "fill,stroke" if name.endswith("*") else "stroke")
