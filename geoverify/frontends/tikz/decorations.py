"""Path-morphing and path-replacing decorations: ``snake``, ``zigzag``, ``bent``, ``brace``,
``shape backgrounds``.

pgf's decoration automaton (``pgfmoduledecorations.code.tex``) walks along the
path: each state draws its code in a frame whose origin is the current point
on the path and whose x axis is the direction of the input segment there, then
moves on by the state's ``width``; ``switch if less than`` (and ``width``
itself, to ``final``) change state when too little of the path remains. The
``final`` state draws a line to the end of the decorated part. A state's width (a factor
times a length) is truncated to TeX's sp, so widths that add up to a corner of the input
stop a few sp short of it, still in the frame of the segment before it. TikZ wraps the
decoration in a meta-decoration: ``pre length`` and ``post length`` of the
path are followed plainly (``lineto``), the decoration gets what lies between.
The states of ``snake`` and ``zigzag`` (``pgflibrarydecorations.pathmorphing``)
and ``brace`` (``pathreplacing``) are copied from pgf, with its sine and cosine
curve approximations. ``bent`` has one state as wide as what remains of the
current input segment: each straight piece of the input becomes the curve
``.. controls (aspect L, amplitude) and ((1 - aspect) L, amplitude) .. (L, 0)``
in that piece's frame (``L`` its length); its final state draws nothing. ``raise`` shifts the frame along its y axis and
``mirror`` then flips it (TikZ composes them so: a mirrored brace is raised
to the other side).

Curves of the input are followed as polylines of 64 pieces each (pgf walks
the curve itself: its length and tangents are those of the fine polyline to a
few hundredths of a point). A path of several subpaths is decorated as one
(:func:`decorate_pieces`), as pgf does: ``(a) -- (b) -- (c)`` between node names is
such a path, cut at the nodes' borders. The ``decorate`` path operation
(``decorate [opts] {sub-path}``) decorates what its sub-path adds to the path
(:func:`decorate_since`).

The decorations of ``decorations.fractals`` (:mod:`.decofractals`) have states as wide as what
remains of the current input segment: the automaton passes that distance to them.

``shape backgrounds`` (``pgflibrarydecorations.shapes``) replaces the path by shapes
(:mod:`.decoshapes`).
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz.decoconstruction import STATES as _CONSTRUCTION
from geoverify.frontends.tikz.decoeffects import STATES as _EFFECTS
from geoverify.frontends.tikz.decofootprints import STATES as _FOOTPRINTS
from geoverify.frontends.tikz.decofractals import STATES as _FRACTALS
from geoverify.frontends.tikz.decoshapes import shape_backgrounds, shape_key
from geoverify.frontends.tikz.decostretch import META_DECORATIONS, meta_decorate
from geoverify.frontends.tikz.decostates import STATES as _MORE_STATES
from geoverify.frontends.tikz.decotext import STATES as _TEXT
from geoverify.frontends.tikz.mindmap import BAR_STATES as _BARS
from geoverify.frontends.tikz.pathbuild import Subpath, segment_controls

__all__ = ["DECORATIONS", "Decoration", "decorate_pieces", "decorate_subpath", "oriented", "path_pieces", "decorate_since",
           "shape_key"]

#: Decorations drawn as pgf draws them.
DECORATIONS = frozenset({"snake", "zigzag", "bent", "brace", "shape backgrounds"} | set(_MORE_STATES)
                        | set(_FRACTALS) | set(_FOOTPRINTS) | set(_CONSTRUCTION) | set(_TEXT)
                        | set(_EFFECTS) | META_DECORATIONS)


class Decoration:
    """Parameters of a decoration (pgf's defaults: segment length 10 pt, amplitude 2.5 pt).

    Attributes
    ----------
    name : str
    segment_length, amplitude, raise_, pre_length, post_length, radius : float
        pt (``radius``: the ``start radius`` of ``waves``).
    aspect, angle : float
        ``angle`` in degrees (``border``, ``waves``: 45).
    shift_only : bool
        ``transform={shift only}``: the states' frames are not turned along the path.
    pre_kind, post_kind : str
        TikZ's ``pre``/``post`` decoration: ``lineto`` (a line to each input segment's end),
        ``curveto`` (along the input) or ``moveto``.
    mirror : bool
    """

    __slots__ = ("name", "segment_length", "amplitude", "aspect", "mirror", "raise_", "pre_length",
                 "post_length", "shape", "angle", "radius", "pre_kind", "post_kind", "shift_only", "shape_params",
                 "params")

    def __init__(self, name="", segment_length=10.0, amplitude=2.5, aspect=0.5, mirror=False, raise_=0.0,
                 pre_length=0.0, post_length=0.0):
        self.name = name
        self.segment_length = segment_length
        self.amplitude = amplitude
        self.aspect = aspect
        self.mirror = mirror
        self.raise_ = raise_
        self.pre_length = pre_length
        self.post_length = post_length
        self.angle = 45.0
        self.radius = 2.5
        self.pre_kind = self.post_kind = "lineto"
        self.shift_only = False
        #: shape backgrounds: the path's shapes.geometric keys (``star points``, ...)
        self.shape_params = {}
        #: keys of a decoration's own (``foot length``, ...: :mod:`.decofootprints`)
        self.params = {}
        #: shape backgrounds: name, width, height (pt), sep (pt), between borders, sloped
        self.shape = ("circle", 2.5, 2.5, 0.25 * 72.27 / 2.54, False, True)

    def copy(self) -> "Decoration":
        d = Decoration(self.name, self.segment_length, self.amplitude, self.aspect, self.mirror, self.raise_,
                       self.pre_length, self.post_length)
        d.shape = self.shape
        d.angle, d.radius = self.angle, self.radius
        d.pre_kind, d.post_kind = self.pre_kind, self.post_kind
        d.shift_only = self.shift_only
        d.shape_params = self.shape_params
        d.params = self.params
        return d


class _Walker:
    """Positions along a polyline ``pts (N, 2)`` by arc length."""

    def __init__(self, pts: np.ndarray, jumps: tuple = (), straight: tuple = ()):
        seg = np.diff(pts, axis=0)
        lens = np.hypot(seg[:, 0], seg[:, 1])
        self.unit = np.where(lens[:, None] > 1e-12, seg / np.maximum(lens, 1e-300)[:, None], 0.0)
        for k in straight:  # pgf measures a line of the input with \pgfmathveclen
            lens[k] = _pgf_veclen(seg[k, 0], seg[k, 1])
        if jumps:  # a jump ``k`` (pts[k] to pts[k + 1]) is a move: no length, no direction
            lens[list(jumps)] = 0.0
        self.jumps = frozenset(jumps)
        keep = lens > 1e-12
        self.pts = pts
        self.seg = seg
        self.lens = lens
        self.cum = np.concatenate([[0.0], np.cumsum(lens)])
        self.total = float(self.cum[-1])
        self.keep = keep

    def frame(self, d: float):
        """``(origin (2,), unit tangent (2,))`` at distance ``d``."""
        i = int(np.searchsorted(self.cum, d, side="right")) - 1
        i = min(max(i, 0), len(self.lens) - 1)
        # a point exactly at a corner belongs to the next input segment (pgf moves onto it)
        while i < len(self.lens) - 1 and not self.keep[i]:
            i += 1
        t = self.unit[i] if self.lens[i] > 1e-12 else np.array([1.0, 0.0])
        return self.pts[i] + (d - self.cum[i]) * t, t

    def corners_between(self, d0: float, d1: float, only=None) -> list:
        """Input vertices strictly between distances ``d0`` and ``d1``, each as ``(point, move)``:
        ``move`` for the first point of a subpath after a jump; with ``only`` (indices) those
        vertices and the starts of subpaths only."""
        return [(self.pts[k], k - 1 in self.jumps) for k in range(1, len(self.pts) - 1)
                if d0 < self.cum[k] < d1 and (only is None or k in only or k - 1 in self.jumps)]

    def moves_crossed(self, d0: float, d1: float) -> list:
        """Starts of subpaths reached when moving from ``d0`` on to ``d1`` (pgf moves to the next
        input segment once the current one has no distance left, so ``d1`` itself counts)."""
        return [self.pts[k + 1] for k in sorted(self.jumps) if d0 < self.cum[k] <= d1]


def _flatten_pieces(pieces) -> tuple[np.ndarray, tuple, tuple, frozenset]:
    """The polylines of several subpaths one after another, the indices of the jumps
    (moves) between them, those of the pieces that are lines of the input and those of the
    points that end an input segment (a line or one cubic of a curve)."""
    flats = [_flatten(segs) for segs in pieces]
    straight = []
    jumps = []
    ends = set()
    n = 0
    for segs, f in zip(pieces, flats):
        if n:
            jumps.append(n - 1)
        k = n
        for sg in segs:
            if sg[0] == "L":
                straight.append(k)
                k += 1
                ends.add(k)
            else:
                for _ in segment_controls(sg):
                    k += 64
                    ends.add(k)
        n += len(f)
    return (np.concatenate(flats) if len(flats) > 1 else flats[0], tuple(jumps), tuple(straight),
            frozenset(ends))


def _tex_number(x: float) -> float:
    """``x`` pt as ``\\pgfmath@tonumber`` gives it: rounded to sp, printed as TeX prints it."""
    return round(abs(x) * 65536.0) / 65536.0 * (1 if x >= 0 else -1)


def _pgf_reciprocal(v: float) -> float:
    """``\\pgfmathreciprocal@`` for ``v > 0``: 1e9 over the digits of ``v`` (integer part and
    the first five decimals, or three when the integer part exceeds 100), in integers."""
    text = "%.5f" % v
    ip, dec = text.split(".")
    i = int(ip)
    if int(dec) == 0:
        return (65536 // max(i, 1)) / 65536.0
    if i > 100:
        count = int(ip + dec[:3])
        q = 10 ** 9 // count
        whole, rest = divmod(q, 10000)
        return whole + int(rest * 65536 / 10 ** 6) / 65536.0
    count = int(ip + dec[:5])
    q = 10 ** 9 // count
    whole, rest = divmod(q, 10000)
    y = rest * 65536
    for _ in range(4):
        y = int(y * 6554 / 65536)  # TeX's factor .1 is 6554/65536
    return whole + y / 65536.0


def _pgf_veclen(dx: float, dy: float) -> float:
    """Length of ``(dx, dy)`` (pt) as ``\\pgfmathveclen@`` computes it: the larger component
    times a polynomial in the ratio of the two, the ratio taken with pgf's reciprocal, which
    keeps three or four significant digits (up to a few tenths of a percent short)."""
    x, y = abs(_tex_number(dx)), abs(_tex_number(dy))
    if x == 0.0 or y == 0.0:
        return x + y
    if x > y:
        x, y = y, x
    scale = 1500 if y > 10000 else 150 if y > 1000 else 50 if y > 100 else 1
    x, y = _tex_number(x / scale), _tex_number(y / scale)
    r = _tex_number(_pgf_reciprocal(y) * x)
    r2 = _tex_number(r * r)
    p = ((((-0.01019210944 * r2 + 0.04453994279) * r2 - 0.1195159052) * r2 + 0.4993615349) * r2
         + 1.000012594)
    return _tex_number(y * p) * scale


def _flatten(segs) -> np.ndarray:
    pts = []
    for s in segs:
        if s[0] == "L":
            if not pts:
                pts.append(s[1])
            pts.append(s[2])
            continue
        for c in segment_controls(s):
            t = np.linspace(0.0, 1.0, 65)[:, None]
            u = 1.0 - t
            curve = u ** 3 * c[0] + 3 * u * u * t * c[1] + 3 * u * t * t * c[2] + t ** 3 * c[3]
            pts.extend(curve[0 if not pts else 1:])
    return np.asarray(pts, dtype=np.float64)


# -- the decorations' states ------------------------------------------------------------
# Each state: (options, code). options(rem, p) -> (width, next state, switch target or None);
# code(p, rem) -> ops in the state's frame: ("L", pt) / ("C", c1, c2, pt) absolute in the frame,
# ("M", pt), ("cos", d) / ("sin", d) relative to the current point (pgf's \pgfpathcosine/sine).

def _zigzag(state, rem, sl, a, p, done=0.0):
    if state == "up from center":
        return [("L", (0.25 * sl, a))], 0.5 * sl, "big down"
    if state in ("big down", "big up"):
        if rem < 0.5 * sl:
            return None, 0.0, "center finish"
        return [("L", (0.25 * sl, -a if state == "big down" else a))], 0.5 * sl, \
            "big up" if state == "big down" else "big down"
    if state == "center finish":
        return [("L", (0.0, 0.0))], 0.0, "final"
    raise AssertionError(state)


def _snake(state, rem, sl, a, p, done=0.0):
    if state == "initial":
        if rem < 0.625 * sl:
            return None, 0.0, "final"
        return [("C", (0.125 * sl, 0.0), (0.1875 * sl, a), (0.3125 * sl, a))], 0.3125 * sl, "down"
    if state in ("down", "up"):
        if rem < 0.8125 * sl:
            return None, 0.0, "end " + state
        sgn = -1.0 if state == "down" else 1.0
        return [("cos", (0.25 * sl, sgn * a)), ("sin", (0.25 * sl, sgn * a))], 0.5 * sl, \
            "up" if state == "down" else "down"
    if state in ("end down", "end up"):
        y = a if state == "end down" else -a
        return [("C", (0.125 * sl, y), (0.1875 * sl, 0.0), (0.3125 * sl, 0.0))], 0.3125 * sl, "final"
    raise AssertionError(state)


def _brace(state, rem, sl, a, p, done=0.0):
    if state != "brace":
        raise AssertionError(state)
    asp = p.aspect
    yc = asp * rem
    yc = 0.5 * yc if 2 * a > yc else a
    xc = asp * rem - rem
    xc = -0.5 * xc if -2 * a < xc else a
    m = asp * rem
    ops = [("M", (0.0, 0.0)), ("C", (0.15 * yc, 0.3 * a), (0.5 * yc, 0.5 * a), (yc, 0.5 * a)),
           ("L", (m - yc, 0.5 * a)), ("C", (m - 0.5 * yc, 0.5 * a), (m - 0.15 * yc, 0.7 * a), (m, a)),
           ("C", (m + 0.15 * xc, 0.7 * a), (m + 0.5 * xc, 0.5 * a), (m + xc, 0.5 * a)),
           ("L", (rem - xc, 0.5 * a)), ("C", (rem - 0.5 * xc, 0.5 * a), (rem - 0.15 * xc, 0.3 * a), (rem, 0.0))]
    return ops, rem, "final"


_STATES = {"zigzag": ("up from center", _zigzag, True), "snake": ("initial", _snake, True),
           "brace": ("brace", _brace, False), **_MORE_STATES, **_FRACTALS, **_FOOTPRINTS, **_CONSTRUCTION, **_TEXT,
           **_EFFECTS}

# the mindmap library's circle connection bar (mindmap.py)
_STATES.update(_BARS)
DECORATIONS = DECORATIONS | frozenset(_BARS)


def path_pieces(subpaths) -> list[list[tuple]]:
    """What :func:`decorate_pieces` decorates of ``subpaths``: the segments of each, a closed
    subpath without any (``M p Z``) as a line of no length at ``p``; bare moves are left out."""
    return [sp.segs if sp.segs else [("L", sp.start, sp.start)] for sp in subpaths
            if sp.segs or sp.closed]


def oriented(pieces: list[list[tuple]], deco: Decoration) -> list[list[tuple]]:
    """``pieces`` as the decoration walks them: backwards (the last subpath first, each from
    its end) with pgf's ``reverse path``."""
    if not deco.params.get("reverse path"):
        return pieces
    out = []
    for segs in reversed(pieces):
        rev = []
        for seg in reversed(segs):
            if seg[0] == "L":
                rev.append(("L", seg[2], seg[1]))
            else:
                for c in segment_controls(seg)[::-1]:
                    rev.append(("C", tuple(c[3]), tuple(c[2]), tuple(c[1]), tuple(c[0])))
        out.append(rev)
    return out


def decorate_subpath(segs: list[tuple], deco: Decoration) -> list[Subpath]:
    """The decorated version of one subpath's segments (:func:`decorate_pieces` of one)."""
    return decorate_pieces([segs], deco)


def decorate_pieces(pieces: list[list[tuple]], deco: Decoration) -> list[Subpath]:
    """The decorated version of a path: the segments of its subpaths, in order.

    pgf decorates a path as one: its length is the sum of its subpaths', the automaton's
    state carries over the moves between them, and the move is made (``\\pgfpathmoveto`` of
    the next subpath's start) when the automaton goes on past the end of a subpath.

    Parameters
    ----------
    pieces : list of list of tuple
        Segments of :mod:`.pathbuild` (canvas pt), one list per subpath (none empty).
    deco : Decoration
        ``deco.name`` in :data:`DECORATIONS`.

    Returns
    -------
    list of Subpath
        Lines and cubics (canvas pt); a brace starts a subpath of its own.
    """
    # pgf's \pgfpointdecoratedpathlast is the path's last point as given, also when the
    # decoration walks it backwards
    path_last = tuple(segment_controls(pieces[-1][-1])[-1][3]) if pieces and pieces[-1] else None
    pieces = oriented(pieces, deco)
    if deco.name == "bent":
        return [_bent(_flatten(segs), deco) for segs in pieces]
    if deco.name in META_DECORATIONS:  # decorations of stretches of the path (decostretch.py)
        return meta_decorate(pieces, deco)
    pts, jumps, straight, ends = _flatten_pieces(pieces)
    if deco.name == "shape backgrounds":
        return shape_backgrounds(_Walker(pts, jumps, straight), deco)
    walk = _Walker(pts, jumps, straight)
    total = walk.total
    start_state, states, final_line = _STATES[deco.name]
    sl, a = deco.segment_length, deco.amplitude
    ysign = -1.0 if deco.mirror else 1.0
    out: list[Subpath] = []
    cur = [tuple(pts[0])]

    def new_sub(p):
        sp = Subpath(tuple(p))
        out.append(sp)
        cur[0] = tuple(p)

    def emit(kind, *ps):
        sp = out[-1]
        if kind == "L":
            sp.segs.append(("L", cur[0], tuple(ps[0])))
        else:
            sp.segs.append(("C", cur[0], tuple(ps[0]), tuple(ps[1]), tuple(ps[2])))
        cur[0] = tuple(ps[-1])

    def follow(d0, d1, kind):
        """The input from distance d0 to d1 by TikZ's ``pre``/``post`` decoration ``kind``:
        ``lineto`` draws a line to the end of each input segment (a chord of a curve) and to
        ``d1``, ``curveto`` follows curves too, ``moveto`` only moves to ``d1``."""
        end_pt = walk.frame(d1)[0] if d1 < total else pts[-1]
        if kind == "moveto":
            new_sub(end_pt)
            return
        for q, move in walk.corners_between(d0, d1, ends if kind == "lineto" else None):
            if move:
                new_sub(q)
            else:
                emit("L", q)
        emit("L", end_pt)

    def draw(ops, d):
        """The ops of a state, in the frame at distance ``d``."""
        origin, t = walk.frame(d)
        if deco.shift_only:
            t = np.array([1.0, 0.0])
        n = np.array([-t[1], t[0]])

        def to_global(q, origin=origin, t=t, n=n):
            return origin + q[0] * t + ysign * (q[1] + deco.raise_) * n

        for op in ops:
            if op[0] == "M":
                new_sub(to_global(op[1]))
            elif op[0] == "L":
                emit("L", to_global(op[1]))
            elif op[0] == "C":
                emit("C", *(to_global(q) for q in op[1:]))
            elif op[0] == "Z":  # \pgfpathclose
                emit("L", out[-1].start)
                out[-1].closed = True
            else:  # relative cosine / sine quarter waves (linear part of the frame only)
                dx, dy = op[1]
                p0 = np.asarray(cur[0])
                vec = [(0.3620 * dx, 0.0), (0.6740 * dx, 0.4880 * dy), (dx, dy)] if op[0] == "cos" else \
                    [(0.3260 * dx, 0.5120 * dy), (0.6380 * dx, dy), (dx, dy)]
                emit("C", *(p0 + u * t + ysign * v * n for u, v in vec))

    new_sub(pts[0])
    pre = min(max(deco.pre_length, 0.0), total)
    post = min(max(deco.post_length, 0.0), total - pre)
    if pre > 0:
        follow(0.0, pre, deco.pre_kind)
    end = total - post
    d = pre
    state = start_state
    per_segment = getattr(states, "per_input_segment", False)
    seg_ends = np.array(sorted(walk.cum[k] for k in ends) + [total])
    guard = 0
    while state != "final" and guard < 100000:
        guard += 1
        rem = end - d
        if rem <= 0:
            state = "final"
            break
        if per_segment:  # the state is given what is left of the current input segment
            seg = float(seg_ends[min(np.searchsorted(seg_ends, d + 1e-9), len(seg_ends) - 1)]) - d
            ops, width, nxt = states(state, rem, sl, a, deco, d - pre, seg)
        else:
            ops, width, nxt = states(state, rem, sl, a, deco, d - pre)
        if ops is None:  # switched state
            state = nxt
            continue
        if width > rem + 1e-9 and deco.name != "brace":
            state = "final"  # 'width' switches to final when too little is left
            break
        draw(ops, d)
        if jumps:
            for q in walk.moves_crossed(d, d + width):
                new_sub(q)
        if width < rem - 1e-9 and not per_segment:  # TeX's width, a factor times a length, is truncated to sp: the
            width = math.floor(width * 65536.0 + 1e-6) / 65536.0  # sum may stop short of a corner
        d += width
        state = nxt
    if callable(final_line):  # a final state that draws, where the automaton stopped
        draw(final_line(sl, a, deco), min(d, end))
        final_line = False
    if final_line and post <= 0:  # to the path's last point; before a post length TeX draws no such
        emit("L", path_last if path_last is not None else pts[-1])  # line (the post decoration goes on
        # from where the decoration stopped)
    if post > 0:
        if not final_line:
            new_sub(walk.frame(end)[0])
        follow(end, total, deco.post_kind)
    return [sp for sp in out if sp.segs]



def _bent(pts: np.ndarray, deco: Decoration) -> Subpath:
    """``bent``: one curve per piece of the polyline ``pts`` (pgf's state ``bent``, ``width`` the
    rest of the input segment; ``pre length``/``post length`` are not applied to it)."""
    sp = Subpath(tuple(pts[0]))
    ysign = -1.0 if deco.mirror else 1.0
    y = ysign * (deco.amplitude + deco.raise_)
    for p0, p1 in zip(pts[:-1], pts[1:]):
        d = p1 - p0
        length = float(np.hypot(d[0], d[1]))
        if length <= 1e-12:
            continue
        t = d / length
        n = np.array([-t[1], t[0]])
        a = deco.aspect * length
        sp.segs.append(("C", tuple(p0), tuple(p0 + a * t + y * n), tuple(p0 + (length - a) * t + y * n),
                        tuple(p1)))
    return sp


def decorate_since(path, mark: tuple[int, int], deco: Decoration, decorate=None) -> list:
    """Decorate what ``path`` (a :class:`.pathbuild.PathBuilder`) gained since ``mark``
    (``(number of subpaths, segments of the last one)`` before), in place: the ``decorate``
    path operation. The decorated start continues the subpath it was added to. Returns what
    was decorated (the segments of each subpath, as :func:`decorate_pieces` takes them).
    ``decorate(pieces, deco)`` decorates instead of :func:`decorate_pieces`."""
    n_sub, n_seg = mark
    first = max(n_sub - 1, 0)
    old = path.subpaths[first:]
    if not old:
        return []
    keep = old[0].segs[:n_seg] if n_sub else []
    pieces = ([old[0].segs[n_seg:]] if n_sub else [old[0].segs]) + [sp.segs for sp in old[1:]]
    pieces = [segs for segs in pieces[:1] if segs] + path_pieces(old[1:])
    out = (decorate or decorate_pieces)(pieces, deco) if pieces else []
    del path.subpaths[first:]
    if n_sub:
        head = old[0]
        head.segs = keep
        head.closed = False
        path.subpaths.append(head)
        if out and keep and np.allclose(out[0].start, _seg_end(keep[-1])):
            head.segs.extend(out.pop(0).segs)
        elif not keep:
            del path.subpaths[-1]
    path.subpaths.extend(out)
    path.current = path.subpaths[-1] if path.subpaths else None
    return pieces


def _seg_end(seg) -> tuple:
    return tuple(segment_controls(seg)[-1][3])
