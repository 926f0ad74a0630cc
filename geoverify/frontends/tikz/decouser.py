"""Decorations a figure declares: ``\\pgfdeclaredecoration{name}{initial state}{states}``.

Each ``\\state{name}[options]{code}`` is kept, and a path decorated with ``name`` is run
through pgf's automaton (``pgfmoduledecorations``): in each state the options are read
(``switch if less than=L to s`` and ``switch if input segment less than=L to s`` change the
state when less than ``L`` is left of the path or of the current input segment, ``width``
switches to ``final`` when less than it is left, ``next state``, ``repeat state``), the
code runs in the frame of the path at the current distance (its origin the point on the
path, its x axis the direction there; ``raise`` and ``mirror`` move it) and its soft path
(``\\pgfpathmoveto``, ``lineto``, ``curveto``, ``close``, ...) becomes the decorated path;
then the automaton moves ``width`` on. The ``final`` state's code (none when it is not
declared) runs where the automaton stopped. The decorated path starts with a move to the
path's start. In the options and the code, pgf's registers are the current values:
``\\pgfdecoratedremainingdistance``, ``\\pgfdecoratedcompleteddistance``,
``\\pgfdecoratedinputsegmentremainingdistance``, ``...completeddistance``,
``\\pgfdecoratedinputsegmentlength``, ``\\pgfdecoratedpathlength``,
``\\pgfdecorationsegmentlength``, ``...amplitude``, ``...aspect``, ``...angle``
(a factor before one multiplies it: ``.5\\pgfdecoratedremainingdistance``), and the points
``\\pgfpointdecoratedpathfirst``/``last`` and ``\\pgfpointdecoratedinputsegmentfirst``/``last``.
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.pathbuild import Subpath
from geoverify.frontends.tikz.pgfmath import whole

__all__ = ["declare_decoration", "is_declared", "run_declared_decoration", "run_declared_meta"]

_KEY = "style:pgf@decoration@"  # where a declaration is kept among the definitions
_META = "style:pgf@metadecoration@"


def declare_decoration(interp, reader, meta: bool = False) -> None:
    """Read ``\\pgfdeclaredecoration{name}{initial}{\\state{s}[options]{code} ...}`` (with
    ``meta``, ``\\pgfdeclaremetadecoration``)."""
    from geoverify.frontends.tikz.tex import detokenize
    name = detokenize(reader.read_arg()).strip()
    initial = detokenize(reader.read_arg()).strip()
    body = detokenize(reader.read_arg())
    states = {}
    i = 0
    while True:
        m = re.compile(r"\\state\s*\{([^{}]*)\}\s*").search(body, i)
        if not m:
            break
        j = m.end()
        opts = ""
        if j < len(body) and body[j] == "[":
            k, depth = j, 0
            while k < len(body):
                depth += {"[": 1, "]": -1, "{": 1, "}": -1}.get(body[k], 0)
                if depth == 0:
                    break
                k += 1
            opts, j = body[j + 1:k], k + 1
        while j < len(body) and body[j].isspace():
            j += 1
        code = ""
        if j < len(body) and body[j] == "{":
            k, depth = j, 0
            while k < len(body):
                depth += {"{": 1, "}": -1}.get(body[k], 0)
                if depth == 0:
                    break
                k += 1
            code, j = body[j + 1:k], k + 1
        states[m.group(1).strip()] = (opts, code)
        i = j
    interp.defs.set((_META if meta else _KEY) + name, (initial, states), global_=True)


def is_declared(lookup, name: str) -> bool:
    """Whether ``name`` is a declared decoration; ``lookup(key)`` reads the definitions."""
    return bool(name) and (lookup(_KEY + name) is not None or lookup(_META + name) is not None)


_REGISTERS = ("pgfdecoratedremainingdistance", "pgfdecoratedcompleteddistance",
              "pgfdecoratedinputsegmentremainingdistance", "pgfdecoratedinputsegmentcompleteddistance",
              "pgfdecoratedinputsegmentlength", "pgfdecoratedpathlength", "pgfdecorationsegmentlength",
              "pgfdecorationsegmentamplitude", "pgfdecorationsegmentaspect", "pgfdecorationsegmentangle",
              "pgfdecoratedangle")
_REG_RE = re.compile(r"([-+]?(?:\d+\.?\d*|\.\d+))?\s*\\(" + "|".join(sorted(_REGISTERS, key=len, reverse=True))
                     + r")(?![A-Za-z@])")
_POINTS = ("pgfpointdecoratedpathfirst", "pgfpointdecoratedpathlast", "pgfpointdecoratedinputsegmentfirst",
           "pgfpointdecoratedinputsegmentlast")


def _substitute(text: str, values: dict, points: dict) -> str:
    """``text`` with the registers as lengths (a factor before one multiplies it) and the
    points as ``\\pgfqpoint``s."""
    def reg(m):
        v = values[m.group(2)]
        unit = "" if m.group(2) in ("pgfdecorationsegmentaspect", "pgfdecorationsegmentangle",
                                    "pgfdecoratedangle") else "pt"
        if m.group(1):
            v *= float(m.group(1))
        return f"{v:.5f}{unit}"
    text = _REG_RE.sub(reg, text)
    for name, (x, y) in points.items():
        text = re.sub(r"\\" + name + r"(?![A-Za-z@])", lambda _m: f"\\pgfqpoint{{{x:.5f}pt}}{{{y:.5f}pt}}", text)
    return text


def _options(text: str) -> dict:
    from geoverify.frontends.tikz.options import split_options
    out = {}
    for k, v in split_options(text):
        out[k.strip()] = (v or "").strip()
    return out


def run_declared_decoration(interp, pieces, deco, st: dict, loc) -> list[Subpath]:
    """The path ``pieces`` (canvas pt, :func:`.decorations.path_pieces`) decorated with the
    declared decoration ``deco.name``."""
    from geoverify.frontends.tikz.decorations import _flatten_pieces, _Walker, oriented
    from geoverify.frontends.tikz.markings import run_code
    from geoverify.frontends.tikz.pgfbasic import _state
    initial, states = interp.defs.get(_KEY + deco.name)
    pieces = oriented(pieces, deco)
    pts, jumps, straight, ends = _flatten_pieces(pieces)
    walk = _Walker(pts, jumps, straight)
    total = walk.total
    seg_ends = np.array(sorted(walk.cum[k] for k in ends) + [total])
    first, last = tuple(pts[0]), tuple(pts[-1])
    ysign = -1.0 if deco.mirror else 1.0
    soft = _state(interp)
    saved_path = soft["path"]
    out = [Subpath(first)]
    cur = [first]

    def add(seg):
        kind = seg[0]
        if kind == "M":
            out.append(Subpath(tuple(seg[1])))
            cur[0] = tuple(seg[1])
        elif kind == "L":
            out[-1].segs.append(("L", cur[0], tuple(seg[1])))
            cur[0] = tuple(seg[1])
        elif kind == "C":
            out[-1].segs.append(("C", cur[0], tuple(seg[1]), tuple(seg[2]), tuple(seg[3])))
            cur[0] = tuple(seg[3])
        elif kind == "Z" and out[-1].segs:
            out[-1].segs.append(("L", cur[0], out[-1].start))
            out[-1].closed = True
            cur[0] = out[-1].start

    def segment(d):
        k = min(int(np.searchsorted(seg_ends, d + 1e-9)), len(seg_ends) - 1)
        start = seg_ends[k - 1] if k else 0.0
        return start, seg_ends[k]

    def values(d):
        s0, s1 = segment(d)
        t = walk.frame(d)[1]
        return {"pgfdecoratedremainingdistance": max(total - d, 0.0), "pgfdecoratedcompleteddistance": d,
                "pgfdecoratedinputsegmentremainingdistance": max(s1 - d, 0.0),
                "pgfdecoratedinputsegmentcompleteddistance": d - s0, "pgfdecoratedinputsegmentlength": s1 - s0,
                "pgfdecoratedpathlength": total, "pgfdecorationsegmentlength": deco.segment_length,
                "pgfdecorationsegmentamplitude": deco.amplitude, "pgfdecorationsegmentaspect": deco.aspect,
                "pgfdecorationsegmentangle": deco.angle, "pgfdecoratedangle": math.degrees(math.atan2(t[1], t[0]))}

    def frame(d):
        origin, t = walk.frame(min(d, total))
        f = G.compose(G.translation(float(origin[0]), float(origin[1])),
                      G.rotation(math.degrees(math.atan2(t[1], t[0]))))
        return G.compose(f, (1.0, 0.0, 0.0, ysign, 0.0, ysign * deco.raise_))

    def run(code, d):
        if not code.strip():
            return
        f = frame(d)
        inv = G.invert(f)
        s0, s1 = segment(d)
        canvas = {"pgfpointdecoratedpathfirst": first, "pgfpointdecoratedpathlast": last,
                  "pgfpointdecoratedinputsegmentfirst": tuple(walk.frame(s0)[0]),
                  "pgfpointdecoratedinputsegmentlast": tuple(walk.frame(min(s1, total))[0])}
        soft["path"] = []
        run_code(interp, _substitute(code, values(d), {k: G.apply(inv, p) for k, p in canvas.items()}),
                 st, f, loc)
        for seg in soft["path"]:
            add(seg)

    saved_st, saved_let = interp.st, interp.let_vars
    d, state, repeat = 0.0, initial, None
    try:
        for _ in range(100000):
            if state == "final" or state not in states:
                break
            opts = _options(_substitute(states[state][0], values(d), {}))
            rem = total - d
            switched = False
            for key in ("switch if less than", "switch if input segment less than"):
                if key in opts:
                    m = re.match(r"(.*)\bto\s+(.+)$", opts[key], re.S)
                    if m:
                        limit = interp.number(m.group(1).strip(), st).value
                        left = rem if key == "switch if less than" else segment(d)[1] - d
                        if rem <= 0 or left < limit:
                            state, switched = m.group(2).strip(), True
                            break
            if switched:
                repeat = None
                continue
            width = interp.number(opts["width"], st).value if opts.get("width") else 0.0
            if rem <= 0 or rem < width:
                state = "final"
                break
            run(states[state][1], d)
            d += width
            if opts.get("repeat state") and repeat is None:
                repeat = whole(interp.number(opts["repeat state"], st).value)
            if repeat:
                repeat -= 1
            else:
                repeat = None
                state = opts.get("next state", state) or state
        if "final" in states:
            run(states["final"][1], d)
    finally:
        interp.st, interp.let_vars = saved_st, saved_let
        soft["path"] = saved_path
    return [sp for sp in out if sp.segs]


_META_REGISTERS = ("pgfmetadecoratedpathlength", "pgfmetadecoratedcompleteddistance",
                   "pgfmetadecoratedremainingdistance", "pgfmetadecorationsegmentlength")
_META_RE = re.compile(r"([-+]?(?:\d+\.?\d*|\.\d+))?\s*\\(" + "|".join(_META_REGISTERS) + r")(?![A-Za-z@])")


def _group_arg(text: str, cs: str) -> tuple[str | None, str]:
    """The argument of ``cs{...}`` in ``text`` and ``text`` without it."""
    m = re.search(re.escape(cs) + r"\s*\{", text)
    if not m:
        return None, text
    depth, k = 0, m.end() - 1
    while k < len(text):
        depth += {"{": 1, "}": -1}.get(text[k], 0)
        if depth == 0:
            break
        k += 1
    return text[m.end():k], text[:m.start()] + text[k + 1:]


def run_declared_meta(interp, pieces, deco, st: dict, loc) -> list[Subpath]:
    """The path ``pieces`` decorated with the declared meta-decoration ``deco.name``: pgf's
    meta automaton (``width`` of each state, ``next state``, ``switch if less than``) runs
    each state's code (its ``\\decoration{name}``, ``\\beforedecoration{code}`` and
    ``\\afterdecoration{code}``, the rest as it stands) and the state's decoration on the next
    ``width`` of the path (:class:`.decostretch.Stretcher`) into the soft path, between its
    before and after code (which may use the soft path: ``\\pgfusepath``). What is left of
    the soft path at the end is the decorated path. ``\\pgfmetadecoratedpathlength``,
    ``...completeddistance``, ``...remainingdistance``, ``\\pgfmetadecorationsegmentlength``
    (``meta-segment length``, 1 cm) and ``\\pgfpointmetadecoratedpathfirst``/``last`` are
    the current values; ``\\pgfset{/pgf/decoration/...}`` in the code sets the decoration's
    keys."""
    from geoverify.frontends.tikz import geometry as G
    from geoverify.frontends.tikz.decorations import oriented
    from geoverify.frontends.tikz.decostretch import Stretcher
    from geoverify.frontends.tikz.pgfbasic import _state
    from geoverify.frontends.tikz.tex import Reader, tokenize_at
    initial, states = interp.defs.get(_META + deco.name)
    s = Stretcher(oriented(pieces, deco))
    seg = deco.params.get("meta-segment length", 72.27 / 2.54)
    soft = _state(interp)
    saved_path, saved_st, saved_let = soft["path"], interp.st, interp.let_vars
    soft["path"] = []
    mst = dict(st)
    mst.update(decorate=False, markings=None, mark_code=None, shadows=None, ctm=G.IDENTITY)
    inv = G.invert(mst["ctm"])

    def values():
        return {"pgfmetadecoratedpathlength": s.total, "pgfmetadecoratedcompleteddistance": s.total - s.remaining,
                "pgfmetadecoratedremainingdistance": s.remaining, "pgfmetadecorationsegmentlength": seg}

    def subst(text, first=None, last=None):
        vals = values()
        text = _META_RE.sub(lambda m: f"{vals[m.group(2)] * float(m.group(1) or 1):.5f}pt", text)
        for name, p in (("pgfpointmetadecoratedpathfirst", first), ("pgfpointmetadecoratedpathlast", last)):
            if p is not None:
                text = re.sub(r"\\" + name + r"(?![A-Za-z@])",
                              lambda _m, p=p: f"\\pgfqpoint{{{p[0]:.5f}pt}}{{{p[1]:.5f}pt}}", text)
        return text

    def run(code):
        if not code.strip():
            return
        while True:  # \pgfset{/pgf/decoration/...}: the decoration's keys
            arg, rest = _group_arg(code, "\\pgfset")
            if arg is None:
                break
            keys = ",".join(k.strip().removeprefix("/pgf/decoration/") for k in arg.split(","))
            interp.apply_options(mst, "decoration={" + keys + "}")
            code = rest
        code = re.sub(r"\\pgfmath(divide|multiply|add|subtract)\s*\{([^{}]*)\}\s*\{([^{}]*)\}",  # as \pgfmathparse
                      lambda m: "\\pgfmathparse{(%s)%s(%s)}" % (m.group(2), {"divide": "/", "multiply": "*", "add": "+",
                                                                              "subtract": "-"}[m.group(1)], m.group(3)),
                      code)
        toks = tokenize_at(code, 0)
        interp.st = mst
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)

    def flush():
        for op in s.ops:
            if op[0] == "C":
                soft["path"].append(("C", op[1], op[2], op[3], G.apply(inv, op[3])))
            else:
                soft["path"].append((op[0], op[1], G.apply(inv, op[1])))
        s.ops = []

    def invoke(code, width):
        name, code = _group_arg(code, "\\decoration")
        before, code = _group_arg(code, "\\beforedecoration")
        after, code = _group_arg(code, "\\afterdecoration")
        run(subst(code))
        first = s.point(s.pos)
        flush()
        run(subst(before or "", first, first))
        first, last = s.run((name or "moveto").strip(), width, mst.get("decoration") or deco)
        flush()
        run(subst(after or "", first, last))

    interp.defs.begin_group()
    state = initial
    try:
        for _ in range(100000):
            if state == "final" or state not in states:
                break
            opts = _options(subst(states[state][0]))
            switched = False
            m = re.match(r"(.*)\bto\s+(.+)$", opts.get("switch if less than", ""), re.S)
            if m and (s.remaining <= 0 or s.remaining < interp.number(m.group(1).strip(), mst).value):
                state, switched = m.group(2).strip(), True
            if switched:
                continue
            width = interp.number(opts["width"], mst).value if opts.get("width") else 0.0
            if s.remaining <= 0 or s.remaining < width:
                state = "final"
                break
            invoke(states[state][1], width)
            state = opts.get("next state", state) or state
        invoke(states["final"][1] if "final" in states else "", s.remaining)
        flush()
        left = list(soft["path"])
    finally:
        interp.defs.end_group()
        soft["path"], interp.st, interp.let_vars = saved_path, saved_st, saved_let
    from geoverify.frontends.tikz.decostretch import _pieces
    out = []
    for segs in _pieces(left):
        sp = Subpath(tuple(segs[0][1]))
        sp.segs = segs
        out.append(sp)
    return out
