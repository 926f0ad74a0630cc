"""``pic`` types: those of the ``angles`` library (``angle``, ``right angle``) and
the figure's own (``pics/name/.style={code={...}}``, ``name/.pic={...}``).

``pic[draw, angle radius=r, angle eccentricity=e, "label"]{angle=A--B--C}``
draws the arc at B from ray BA counter-clockwise to ray BC (radius 5 mm by
default); ``right angle`` draws the two-segment square mark (its side is the
angle radius / sqrt 2 along each ray, pgf's ``right angle`` pic). A quoted
label sits at ``angle eccentricity`` (default 0.6) times the radius on the
bisector.

A pic type of the figure's own is a style under ``pics/``, with arguments like
any style (``.style args``, ``.style n args``, ``.default``); its ``code`` (and
``background code`` before it, ``foreground code`` after it) runs as in
``\\tikz@subpicture@handle`` of tikz.code.tex: in a scope whose origin is the
pic's position (the current point, or a ``positioning`` place) without the
picture's scaling and rotation (unless ``transform shape``), with the pic's own
options and transformations. Nodes named inside get the pic's name as prefix
(``\\pic (A) {p}`` with ``\\coordinate (-1)`` makes ``A-1``); inside the code the
short names refer to them too. ``\\pic[name=A]`` names it as ``(A)`` does; its ``draw`` and
``fill`` are the ``pic actions`` of the paths inside. A pic without ``{type}`` takes the ``pic
type`` of its keys: the tqft library's ``cobordism`` (:mod:`.tqft`).
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.errors import FigureSyntaxError, SourceLocation
from geoverify.frontends.tikz.emit import path_style
from geoverify.frontends.tikz.options import UNITS_PT, split_options
from geoverify.scene.primitives import Arc, Arrow, Polyline, Style

__all__ = ["draw_pic", "pic_state", "run_pic_code"]


def draw_pic(interp, opts: str, body: str, st: dict, loc, name=None, at=None) -> None:
    """Draw ``pic[opts] (name) {body}`` at canvas point ``at`` (the current point; None: the origin)."""
    if not body.strip() or body.strip() == "cobordism":
        # no {type}: the pic type key's (the tqft library's cobordism, tqft.py)
        if body.strip() == "cobordism" or "tqft" in opts or "tqft" in interp.libraries:
            from geoverify.frontends.tikz.tqft import draw_tqft_pic
            if "tqft" not in interp.libraries:  # a fragment of a document whose preamble loads it
                interp.libraries.add("tqft")
                interp.note("NOTE", "a tqft pic in a figure that does not load the tqft library; its keys are "
                            "read as the library's", "tqft", loc)
            draw_tqft_pic(interp, opts, st, loc, name=name, at=at)
            return
        if not body.strip():
            interp.note("UNSUPPORTED", "pic without a type is not interpreted", "pic", loc)
            return
    if interp.defs.get("style:pics/" + body.partition("=")[0].strip()) is not None:
        _user_pic(interp, opts, body, st, loc, name, at)
        return
    from geoverify.frontends.tikz.folding import NETS, draw_folding_pic
    if body.strip() in NETS:  # the folding library's nets (folding.py)
        draw_folding_pic(interp, body.strip(), opts, st, loc, name, at)
        return
    # tikzlibraryangles: pics/angle/.default=A--B--C (right angle has no default)
    body = re.sub(r"^\s*angle\s*$", "angle=A--B--C", body.strip())
    m = re.match(r"\s*(angle|right angle)\s*=\s*(.+)$", body, re.S)
    if not m:
        interp.note("UNSUPPORTED", f"pic '{body.strip()[:40]}' is not interpreted", "pic", loc)
        return
    kind = m.group(1)
    names = [x.strip().strip("()") for x in m.group(2).split("--")]
    if len(names) != 3:
        raise FigureSyntaxError(f"pic {kind}={m.group(2)} needs three points A--B--C")
    from geoverify.frontends.tikz.coords import evaluate_coordinate
    A, B, C = (evaluate_coordinate(interp, n, st).point for n in names)
    pst = dict(st)
    # the keys given to the picture or a scope hold (tikzlibraryangles: /tikz/angle radius/.initial=5mm)
    radius = st.get("angle_radius", 5 * UNITS_PT["mm"])
    ecc = st.get("angle_eccentricity", 0.6)
    label = None
    rest = []
    for key, val in split_options(opts):
        if key == "angle radius" and val:
            # \pgfmathsetmacro of the key: a plain number is in points
            radius = interp.number(val, st).value
        elif key == "angle eccentricity" and val:
            ecc = interp.number(val, st).value
        elif key.startswith('"'):
            q = re.match(r'^"(.*)"(.*)$', key + ("=" + val if val else ""), re.S)
            label = (q.group(1), q.group(2).strip()) if q else (key.strip('"'), "")
        else:
            rest.append((key, val))
    pst["draw"] = None
    pst["fill"] = None
    from geoverify.frontends.tikz.options import apply_options
    apply_options(interp.ctx, pst, rest)
    a1 = math.atan2(A[1] - B[1], A[0] - B[0])
    a2 = math.atan2(C[1] - B[1], C[0] - B[0])
    sweep = (a2 - a1) % (2 * math.pi)
    draw = pst["draw"] is not None
    fill = pst["fill"] is not None
    source = SourceLocation(loc.line, loc.column, loc.file, "pic " + kind)
    if draw or fill:
        style = path_style(pst, draw, fill)
        if kind == "angle":
            idx = interp.scene.add(Arc(center=B, rx=radius, ry=radius, start=a1, sweep=sweep, style=style,
                                       source=source, panel=interp.panel))
            # arrow tips of the pic's arc (e.g. pic[draw, ->] {angle=...})
            head = {"fill": style.stroke, "stroke": style.stroke, "stroke_width": style.stroke_width}
            for which, tip_name, ang, sgn in (("end", pst["arrow_end"], a1 + sweep, 1.0),
                                             ("start", pst["arrow_start"], a1, -1.0)):
                if tip_name is None or tip_name.startswith("!"):
                    continue
                tip = (B[0] + radius * math.cos(ang), B[1] + radius * math.sin(ang))
                d = (-math.sin(ang) * sgn, math.cos(ang) * sgn)
                interp.scene.add(Arrow(tip=tip, direction=d, position=which, carrier=idx,
                                       style=Style(**head), source=source, panel=interp.panel))
        else:
            s = radius
            u = (math.cos(a1), math.sin(a1))
            v = (math.cos(a2), math.sin(a2))
            p1 = (B[0] + s * u[0], B[1] + s * u[1])
            p3 = (B[0] + s * v[0], B[1] + s * v[1])
            p2 = (p1[0] + s * v[0], p1[1] + s * v[1])
            interp.scene.add(Polyline(points=np.array([p1, p2, p3]), style=style, source=source, panel=interp.panel))
    if label is not None:
        mid = a1 + sweep / 2
        reach = ecc * radius * (1.4142136 if kind == "right angle" else 1.0)
        p = (B[0] + reach * math.cos(mid), B[1] + reach * math.sin(mid))
        nst = interp.node_state(st, label[1])
        # tikzlibraryangles: the label is \node() with name prefix .., so pic (alpha) names it alpha
        interp.place_node(nst, name, p, label[0], loc)


_CODE_KEYS = ("setup code", "background code", "code", "foreground code")


def _user_pic(interp, opts: str, body: str, st: dict, loc, name, at) -> None:
    """A pic type defined by the figure (see the module docstring)."""
    from geoverify.frontends.tikz.options import _fill_arguments
    kind, eq, arg = body.partition("=")
    kind, arg = kind.strip(), _unbrace(arg)
    text = interp.defs.get("style:pics/" + kind)
    if not eq:
        arg = interp.defs.get("style:pics/" + kind + "/.default") or ""
    spec = interp.defs.get("style:pics/" + kind + "/.args")
    text = _fill_arguments(text, arg, spec, "pics/" + kind) if spec else text.replace("#1", arg.strip())
    codes = {}
    keys = []
    for key, val in split_options(text):
        k = key.strip()
        k = k[len("/tikz/pics/"):] if k.startswith("/tikz/pics/") else k
        if k in _CODE_KEYS:
            codes[k] = _unbrace(val or "")
        elif k.startswith("/tikz/"):
            keys.append((k[6:], val))
        else:
            interp.note("UNSUPPORTED", f"key '{k}' of pic type '{kind}' is not interpreted", "pic", loc)
    pst, name = pic_state(interp, st, keys + split_options(opts), loc, name, at)
    for k in ("setup code", "background code", "code", "foreground code"):
        if codes.get(k):
            run_pic_code(interp, pst, codes[k], loc, name)


def pic_state(interp, st: dict, keys: list, loc, name=None, at=None) -> tuple[dict, str | None]:
    """The state a pic's code runs in, and the pic's name (``(name)`` or its ``name=`` key).

    The pic's options ``keys`` (pairs) apply in a scope whose origin is the pic's position (``at``
    canvas point, its ``at=`` key, a ``positioning`` place), without the picture's linear part
    unless ``transform shape``; its own transformations are collected from the identity. Its
    ``draw``/``fill`` become the ``pic actions``.
    """
    from geoverify.frontends.tikz import geometry as G
    from geoverify.frontends.tikz.options import DEFAULTS
    from geoverify.frontends.tikz.positioning import positioned_point
    pst = dict(st)
    outer = st["ctm"]
    pst["ctm"] = G.IDENTITY
    interp.apply_options(pst, keys)
    local = pst["ctm"]
    pst["ctm"] = outer
    p = at if at is not None else G.apply(outer, (0.0, 0.0))
    if pst.get("at"):
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        a = pst["at"].strip()
        a = a[1:-1] if a.startswith("{") and a.endswith("}") else a
        p = evaluate_coordinate(interp, a[1:-1] if a.startswith("(") else a, st).point
    p = positioned_point(interp, pst, p)
    shift = pst.get("node_shift") or (0.0, 0.0)
    frame = (outer[0], outer[1], outer[2], outer[3]) if pst.get("transform_shape") else (1.0, 0.0, 0.0, 1.0)
    pst["ctm"] = G.compose(frame + (p[0] + shift[0], p[1] + shift[1]), local)
    name = name if name is not None else pst.get("node_name")
    pst["pic_actions"] = (pst.get("draw"), pst.get("fill"))
    for k in ("anchor", "pos", "node_name", "at", "place_of", "node_shift"):
        pst[k] = DEFAULTS.get(k)
    return pst, name


def run_pic_code(interp, pst: dict, code: str, loc, prefix) -> None:
    """Run a pic's code in state ``pst``; nodes named inside get ``prefix`` (pgf's name prefix)."""
    from geoverify.frontends.tikz.tex import Reader, tokenize_at
    had = "place_node" in interp.__dict__
    outer_place = interp.place_node
    shadowed = {}

    def place(nst, name, *args, **kw):
        if not prefix or not name:
            return outer_place(nst, name, *args, **kw)
        node = outer_place(nst, prefix + name, *args, **kw)
        # inside the code the short name is the pic's node too (tikz looks up the prefixed name first)
        if name not in shadowed:
            shadowed[name] = interp.nodes.get(name)
        if node is not None:
            interp.nodes[name] = node
        return node

    saved = interp.st
    interp.st = pst
    interp.place_node = place
    interp.defs.begin_group()
    try:
        at = interp.source.offset_of(loc)  # diagnostics inside the code point at the pic
        toks = tokenize_at(code, at)
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.defs.end_group()
        if had:
            interp.place_node = outer_place
        else:
            del interp.place_node
        interp.st = saved
        for short, old in shadowed.items():
            if old is None:
                interp.nodes.pop(short, None)
            else:
                interp.nodes[short] = old


def _unbrace(text: str) -> str:
    """``text`` without one pair of braces around all of it (as pgfkeys reads a value)."""
    t = text.strip()
    if t.startswith("{") and t.endswith("}"):
        depth = 0
        for i, ch in enumerate(t):
            depth += (ch == "{") - (ch == "}")
            if depth == 0 and i < len(t) - 1:
                return t
        return t[1:-1]
    return t

