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

__all__ = ["declare_decoration", "is_declared", "run_declared_decoration"]

_KEY = "style:pgf@decoration@"  # where a declaration is kept among the definitions


def declare_decoration(interp, reader) -> None:
    """Read ``\\pgfdeclaredecoration{name}{initial}{\\state{s}[options]{code} ...}``."""
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
    interp.defs.set(_KEY + name, (initial, states), global_=True)


def is_declared(lookup, name: str) -> bool:
    """Whether ``name`` is a declared decoration; ``lookup(key)`` reads the definitions."""
    return bool(name) and lookup(_KEY + name) is not None


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
                repeat = int(interp.number(opts["repeat state"], st).value)
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
