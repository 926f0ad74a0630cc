"""``\\braid`` of the braids package (braids.sty v1.1): strands crossing over each other.

``\\braid[options] (name) at (x,y) s_1 s_2^{-1} s_1-s_3 ...;`` draws strands one
``width`` (1 cm) apart, running down one ``height`` (1 cm) per crossing level from
``y = 0`` (after ``border height``, 0.25 cm). A crossing ``s_i`` (exponent 1)
swaps the strands at positions i and i + 1 with two cubic curves from
``(i w, ty)`` to ``((i+1) w, ty - h)`` (each end nudged by ``nudge factor`` 0.05 h
into the level, controls ``control factor`` 0.5 h along the strand); the
strand going from i + 1 to i passes under and is cut between the curve times
0.5 - ``gap`` and 0.5 + ``gap`` (gap 0.1); a negative exponent crosses the other
way. ``-`` puts the next crossing on the same level. After the last level each
strand runs straight down to ``2 border height`` below it. The braid's TikZ
options (``rotate=90``, ``very thick``) apply to every strand, ``style strands=
{1,2}{red}`` to the strands starting at those positions; ``at (x,y)`` moves the
first strand to x. Named braids get the package's coordinates
(``name-k-s``, ``name-k-e``, ``name-rev-k-s``, ``name-rev-k-e``, ``name``).
Floors (``|``) and strand labels are reported, not drawn.
"""

from __future__ import annotations

import re

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.options import UNITS_PT, split_options
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize_at

__all__ = ["run_braid"]

_CM = UNITS_PT["cm"]
_BRAID_KEYS = {"number of strands", "height", "width", "gap", "border height", "control factor", "nudge factor",
               "name", "style strands", "style floors", "style all floors", "floor command", "strand label",
               "strand label by origin"}


def _split_curve(p0, p1, p2, p3, t0, t1):
    """Control points of the part of a cubic Bézier between times t0 and t1."""
    def point(t):
        s = 1 - t
        return tuple(s ** 3 * a + 3 * s * s * t * b + 3 * s * t * t * c + t ** 3 * d
                     for a, b, c, d in zip(p0, p1, p2, p3))

    def deriv(t):
        s = 1 - t
        return tuple(3 * s * s * (b - a) + 6 * s * t * (c - b) + 3 * t * t * (d - c)
                     for a, b, c, d in zip(p0, p1, p2, p3))
    q0, q3 = point(t0), point(t1)
    d0, d3 = deriv(t0), deriv(t1)
    k = (t1 - t0) / 3
    return q0, (q0[0] + k * d0[0], q0[1] + k * d0[1]), (q3[0] - k * d3[0], q3[1] - k * d3[1]), q3


def _pt(p) -> str:
    return f"({p[0]:.5f}pt,{p[1]:.5f}pt)"


def _word(text: str):
    """Crossings ``(strand, exponent, same level)`` of a braid word, and what is not read."""
    out, other = [], []
    same = False
    i = 0
    pat = re.compile(r"\s*(?:\\[A-Za-z]+|[A-Za-z])?\s*(?:_\s*(\{[^{}]*\}|\d)\s*(?:\^\s*(\{[^{}]*\}|-?\d))?"
                     r"|\^\s*(\{[^{}]*\}|-?\d)\s*_\s*(\{[^{}]*\}|\d))")
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == "-":
            same = True
            i += 1
            continue
        if ch == "1":  # the identity: the next crossing on a new level anyway
            same = False
            i += 1
            continue
        m = pat.match(text, i)
        if m and m.end() > i:
            sub, sup = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            out.append((int(sub.strip("{} ")), (sup or "1").strip("{} "), same))
            same = False
            i = m.end()
            continue
        other.append(text[i:i + 12])
        j = text.find(" ", i)
        i = j if j > i else len(text)
    return out, other


def _braid_key(interp, k, v, values, strand_style, loc):
    """The braid's settings ``(width, height, border height, gap, control factor, nudge factor,
    strands, name)`` after key ``k=v``; ``style strands`` fills ``strand_style``."""
    w, h, eh, gap, cf, nf, strands, name = values
    if k in ("width", "height", "border height"):
        d = interp.number(v, interp.st)
        d = d.value if d.units else d.value * _CM
        if k == "width":
            w = d
        elif k == "height":
            h = d
        else:
            eh = d
    elif k in ("gap", "control factor", "nudge factor", "number of strands"):
        x = interp.number(v, interp.st).value
        if k == "gap":
            gap = x
        elif k == "control factor":
            cf = x
        elif k == "nudge factor":
            nf = x
        else:
            strands = int(x)
    elif k == "name":
        name = v
    elif k == "style strands":
        groups = re.findall(r"\{((?:[^{}]|\{[^{}]*\})*)\}", v)
        if len(groups) == 2:
            for s in groups[0].split(","):
                if s.strip():
                    strand_style[s.strip()] = groups[1]
    else:
        interp.note("UNSUPPORTED", f"braid key '{k}' is not interpreted", "\\braid", loc)
    return w, h, eh, gap, cf, nf, strands, name


def run_braid(interp, tok, reader: Reader) -> None:
    """Interpret ``\\braid`` (see the module docstring); its text is read up to ``;``."""
    loc = interp.location(tok[1], "\\braid")
    raw = reader.read_optional()
    opts = split_options(detokenize(interp.expand_all(raw))) if raw else []
    toks = []
    depth = 0
    while True:
        t = reader.get()
        if t is None or (t[0] == ";" and depth == 0):
            break
        depth += (t[0] == "{") - (t[0] == "}")
        toks.append(t)
    text = detokenize(interp.expand_all(toks))
    name, at = None, None
    m = re.match(r"\s*\(([^()]*)\)", text)
    if m:
        name, text = m.group(1).strip(), text[m.end():]
    m = re.match(r"\s*at\s*\(((?:[^()]|\([^()]*\))*)\)", text)
    if m:
        at, text = m.group(1), text[m.end():]
    w = h = _CM
    eh = 0.25 * _CM
    gap, cf, nf = 0.1, 0.5, 0.05
    strands = 0
    strand_style, tikz_keys = {}, []
    for key, val in opts:
        k = key.strip()
        k = k[len("/pgf/braid/"):] if k.startswith("/pgf/braid/") else k
        if k not in _BRAID_KEYS:
            tikz_keys.append(key + ("=" + val if val is not None else ""))
            continue
        v = (val or "").strip()
        try:
            w, h, eh, gap, cf, nf, strands, name = _braid_key(interp, k, v, (w, h, eh, gap, cf, nf, strands, name),
                                                              strand_style, loc)
        except GeoverifyError as err:
            interp.note("UNSUPPORTED", f"braid key '{k}={v}' cannot be read ({err.message}); its default is kept",
                        "\\braid", loc)
    crossings, other = _word(text)
    for o in other:
        interp.note("UNSUPPORTED", f"braid word part '{o.strip()}' is not interpreted (floors, labels)",
                    "\\braid", loc)
    # pgf's directions: down the page (braids.sty negates height and border height)
    h, eh = -h, -eh
    paths = {}  # origin -> list of path pieces (TikZ path text)
    at_pos = {}  # position -> origin
    level = -1
    for i, exp, same in crossings:
        if not same:
            level += 1
        j = i + 1
        strands = max(strands, j)
        tx, nx = i * w, j * w
        ty = level * h + eh
        ny = ty + h
        ty += nf * h
        ny -= nf * h
        cy, dy = ty + cf * h, ny - cf * h
        o_this, o_next = at_pos.get(i, i), at_pos.get(j, j)
        for pos, o in ((i, o_this), (j, o_next)):
            if o not in paths:
                paths[o] = [_pt((pos * w, 0.0))]
        over = exp == "1"
        a = ((tx, ty), (tx, cy), (nx, dy), (nx, ny))
        b = ((nx, ty), (nx, cy), (tx, dy), (tx, ny))
        paths[o_this].append("-- " + _pt((tx, ty)))
        paths[o_next].append("-- " + _pt((nx, ty)))
        for o, curve, gapped in ((o_this, a, not over), (o_next, b, over)):
            if not gapped:
                paths[o].append(".. controls {} and {} .. {}".format(*(_pt(q) for q in curve[1:])))
            else:
                s1 = _split_curve(*curve, 0.0, 0.5 - gap)
                s2 = _split_curve(*curve, 0.5 + gap, 1.0)
                paths[o].append(".. controls {} and {} .. {}".format(*(_pt(q) for q in s1[1:])))
                paths[o].append(_pt(s2[0]) + " .. controls {} and {} .. {}".format(*(_pt(q) for q in s2[1:])))
        at_pos[i], at_pos[j] = o_next, o_this
    level += 1
    code = []
    base = ",".join(tikz_keys)
    if at is not None:
        base += (",shift={(" + at + ")}" if base else "shift={(" + at + ")}") + f",xshift={-w:.5f}pt"
    for k in range(1, strands + 1):
        o = at_pos.get(k, k)
        pieces = paths.get(o, [_pt((o * w, 0.0))])
        ty = level * h + 2 * eh
        style = ",".join(x for x in (base, strand_style.get(str(o), "")) if x)
        code.append(f"\\draw[{style}] " + " ".join(pieces) + " -- " + _pt((k * w, ty)) + ";")
        if name:
            opt = f"[{base}]" if base else ""
            code.append(f"\\path{opt} {_pt((k * w, ty))} coordinate ({name}-{o}-e) coordinate ({name}-rev-{k}-e)"
                        f" {_pt((o * w, 0.0))} coordinate ({name}-{o}-s) coordinate ({name}-rev-{k}-s);")
    if name:
        opt = f"[{base}]" if base else ""
        code.append(f"\\path{opt} {_pt(((strands * w + w) / 2, (level * h + 2 * eh) / 2))} coordinate ({name});")
    saved = interp.st
    interp.st = dict(saved)
    interp.defs.begin_group()
    try:
        ctoks = tokenize_at("\n".join(code), tok[1])
        interp.statements(Reader(ctoks, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.defs.end_group()
        interp.st = saved
