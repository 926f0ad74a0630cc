"""Path operations with Asymptote's semantics (times, points, subpaths, intersections).

A path's *time* runs from 0 to ``length(p)``; the integer part selects the
segment and the fraction the Bezier parameter, as in Asymptote.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from geoverify.frontends.asy.guides import Path

__all__ = ["point", "direction", "subpath", "reverse", "arclength", "arctime", "intersections", "bbox",
           "unitcircle", "circle_path", "arc_path", "extension", "buildcycle", "precontrol", "postcontrol",
           "polygon_path", "concat", "points_xy"]

_K = 0.552284749830793  # 4/3 (sqrt 2 - 1): Asymptote's unitcircle controls


def unitcircle() -> Path:
    z = [1 + 0j, 1j, -1 + 0j, -1j]
    post = [complex(1, _K), complex(-_K, 1), complex(-1, -_K), complex(_K, -1)]
    pre = [complex(1, -_K), complex(_K, 1), complex(-1, _K), complex(-_K, -1)]
    return Path(z, pre, post, True, [False] * 4)


def circle_path(c: complex, r: float) -> Path:
    u = unitcircle()
    f = lambda z: c + r * z  # noqa: E731
    return Path([f(z) for z in u.z], [f(z) for z in u.pre], [f(z) for z in u.post], True, [False] * 4,
                ("circle", c, abs(r)))


def arc_path(c: complex, r: float, a0: float, a1: float) -> Path:
    """Arc of radius r from angle a0 to a1 (radians; a1 < a0 runs clockwise)."""
    sweep = a1 - a0
    n = max(1, int(math.ceil(abs(sweep) / (math.pi / 2) - 1e-9)))
    step = sweep / n
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    z, pre, post = [], [], []
    for i in range(n + 1):
        a = a0 + i * step
        e = complex(math.cos(a), math.sin(a))
        p = c + r * e
        t = complex(-e.imag, e.real)
        z.append(p)
        pre.append(p - r * k * t)
        post.append(p + r * k * t)
    return Path(z, pre, post, False, [False] * n, ("arc", c, abs(r), a0, sweep))


def polygon_path(pts, cyclic=False) -> Path:
    pts = [complex(p) for p in pts]
    n = len(pts)
    pre, post = list(pts), list(pts)
    nseg = n if cyclic else n - 1
    for i in range(nseg):
        a, b = pts[i], pts[(i + 1) % n]
        post[i] = a + (b - a) / 3
        pre[(i + 1) % n] = a + 2 * (b - a) / 3
    return Path(pts, pre, post, cyclic, [True] * max(nseg, 0))


def _bez(a, b, c, d, t):
    s = 1 - t
    return s * s * s * a + 3 * s * s * t * b + 3 * s * t * t * c + t * t * t * d


def _dbez(a, b, c, d, t):
    s = 1 - t
    return 3 * (s * s * (b - a) + 2 * s * t * (c - b) + t * t * (d - c))


def _split(p: Path, t: float):
    """Segment index and local parameter of time t (clamped / wrapped)."""
    L = p.length
    if L == 0:
        return 0, 0.0
    if p.cyclic:
        t = t % L
    else:
        t = min(max(t, 0.0), float(L))
    i = int(math.floor(t))
    if i >= L:
        i = L - 1
    return i, t - i


def point(p: Path, t: float) -> complex:
    if not p.z:
        return 0j
    if p.length == 0:
        return p.z[0]
    if not p.cyclic and t >= p.length:
        return p.z[-1]
    if not p.cyclic and t <= 0:
        return p.z[0]
    i, u = _split(p, t)
    return _bez(*p.segment(i), u)


def precontrol(p: Path, t: float) -> complex:
    n = len(p.z)
    if n == 0:
        return 0j
    i = int(round(t))
    if p.cyclic:
        return p.pre[i % n]
    return p.pre[min(max(i, 0), n - 1)]


def postcontrol(p: Path, t: float) -> complex:
    n = len(p.z)
    if n == 0:
        return 0j
    i = int(round(t))
    if p.cyclic:
        return p.post[i % n]
    return p.post[min(max(i, 0), n - 1)]


def _unit(z: complex) -> complex:
    a = abs(z)
    return z / a if a else 0j


def _seg_dir(seg, u):
    a, b, c, d = seg
    v = _dbez(a, b, c, d, u)
    if abs(v) < 1e-14 * max(1.0, abs(d - a)):
        # degenerate end: use the next control point
        v = (c - a) if u < 0.5 else (d - b)
        if abs(v) < 1e-14:
            v = d - a
    return v


def direction(p: Path, t: float, normalize=True) -> complex:
    L = p.length
    if L == 0:
        return 0j
    ti = math.floor(t)
    if t == ti:  # only an exact node averages both sides (asy's path::dir(double))
        ti = int(ti)
        pre = post = None
        if p.cyclic or ti > 0:
            i = (ti - 1) % L if p.cyclic else ti - 1
            if i < L:
                pre = _seg_dir(p.segment(i), 1.0)
        if p.cyclic or ti < L:
            i = ti % L if p.cyclic else ti
            if 0 <= i < L:
                post = _seg_dir(p.segment(i), 0.0)
        if pre is None:
            v = post
        elif post is None:
            v = pre
        else:
            v = _unit(pre) + _unit(post)
        return _unit(v) if normalize else v
    i, u = _split(p, t)
    v = _seg_dir(p.segment(i), u)
    return _unit(v) if normalize else v


def _split_seg(seg, t):
    a, b, c, d = seg
    ab = a + (b - a) * t
    bc = b + (c - b) * t
    cd = c + (d - c) * t
    abc = ab + (bc - ab) * t
    bcd = bc + (cd - bc) * t
    m = abc + (bcd - abc) * t
    return (a, ab, abc, m), (m, bcd, cd, d)


def subpath(p: Path, a: float, b: float) -> Path:
    if a > b:
        return reverse(subpath(p, b, a))
    L = p.length
    if L == 0:
        return Path.point_path(p.z[0]) if p.z else p
    if not p.cyclic:
        a = min(max(a, 0.0), float(L))
        b = min(max(b, 0.0), float(L))
    segs = []
    straight = []
    ia = int(math.floor(a))
    t = a
    while t < b - 1e-12:
        i = int(math.floor(t + 1e-12))
        nxt = min(float(i + 1), b)
        seg = p.segment(i % L if p.cyclic else min(i, L - 1))
        u0 = t - i
        u1 = nxt - i
        if u1 < 1.0 - 1e-15:
            seg = _split_seg(seg, u1)[0]
            u0 = u0 / u1 if u1 > 0 else 0.0
        if u0 > 1e-15:
            seg = _split_seg(seg, u0)[1]
        segs.append(seg)
        straight.append(p.straight[(i % L) if p.cyclic else min(i, L - 1)])
        t = nxt
    if not segs:
        q = point(p, a)
        return Path.point_path(q)
    z = [s[0] for s in segs] + [segs[-1][3]]
    post = [s[1] for s in segs] + [segs[-1][3]]
    pre = [segs[0][0]] + [s[2] for s in segs]
    shape = None
    if p.shape is not None and p.shape[0] in ("circle", "arc"):
        shape = _sub_shape(p, a, b)
    return Path(z, pre, post, False, straight, shape)


def _sub_shape(p, a, b):
    c, r = p.shape[1], p.shape[2]
    pa, pb = point(p, a), point(p, b)
    a0 = math.atan2((pa - c).imag, (pa - c).real)
    a1 = math.atan2((pb - c).imag, (pb - c).real)
    ccw = True
    if p.shape[0] == "arc":
        ccw = p.shape[4] >= 0
    if ccw:
        while a1 <= a0 + 1e-12:
            a1 += 2 * math.pi
    else:
        while a1 >= a0 - 1e-12:
            a1 -= 2 * math.pi
    if b - a >= p.length - 1e-12 and p.cyclic:
        return ("circle", c, r)
    return ("arc", c, r, a0, a1 - a0)


def reverse(p: Path) -> Path:
    if p.cyclic:
        n = len(p.z)
        z = [p.z[0]] + p.z[1:][::-1]
        pre = [p.post[0]] + p.post[1:][::-1]
        post = [p.pre[0]] + p.pre[1:][::-1]
        st = p.straight[::-1]
        shape = p.shape
        if shape is not None and shape[0] == "arc":
            shape = ("arc", shape[1], shape[2], shape[3] + shape[4], -shape[4])
        return Path(z, pre, post, True, st, shape)
    shape = p.shape
    if shape is not None and shape[0] == "arc":
        shape = ("arc", shape[1], shape[2], shape[3] + shape[4], -shape[4])
    return Path(p.z[::-1], p.post[::-1], p.pre[::-1], False, p.straight[::-1], shape)


_GL_X = (-0.9602898564975363, -0.7966664774136267, -0.5255324099163290, -0.1834346424956498,
         0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363)
_GL_W = (0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
         0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763)


def _straight(seg) -> bool:
    """Whether a segment is a line traversed uniformly (controls at thirds, as ``--`` sets them)."""
    a, b, c, d = seg
    return abs(b - a - (d - a) / 3) < 1e-12 * max(1, abs(d - a)) and abs(c - a - 2 * (d - a) / 3) < 1e-12 * max(1, abs(d - a))


def _seg_len(seg, u0=0.0, u1=1.0, depth=0):
    a, b, c, d = seg
    if _straight(seg):
        # asy's pair length, sqrt(x*x + y*y) (hypot can differ in the last bit)
        v = d - a
        return math.sqrt(v.real * v.real + v.imag * v.imag) * (u1 - u0)
    h = (u1 - u0) / 2
    m = (u1 + u0) / 2
    tot = 0.0
    for x, w in zip(_GL_X, _GL_W):
        tot += w * abs(_dbez(a, b, c, d, m + h * x))
    tot *= h
    if depth < 3:
        mid = (u0 + u1) / 2
        l2 = 0.0
        for (s0, s1) in ((u0, mid), (mid, u1)):
            hh = (s1 - s0) / 2
            mm = (s1 + s0) / 2
            l2 += hh * sum(w * abs(_dbez(a, b, c, d, mm + hh * x)) for x, w in zip(_GL_X, _GL_W))
        if abs(l2 - tot) > 1e-10 * max(1.0, tot):
            return _seg_len(seg, u0, mid, depth + 1) + _seg_len(seg, mid, u1, depth + 1)
        return l2
    return tot


@functools.lru_cache(maxsize=65536)
def _full_len(seg) -> float:
    """Length of a whole segment (a tuple of its four points), remembered: ``arctime``
    sums the segments before its goal on every call (``arctime(p, l/n*i)`` in a loop)."""
    return _seg_len(seg)


def arclength(p: Path) -> float:
    return sum(_full_len(p.segment(i)) for i in range(p.length))


def _seg_time(seg, goal: float, sl: float) -> float:
    """Parameter u of a curved segment (length ``sl``) where its arc length reaches ``goal``:
    Newton steps on the arc length (derivative ``|B'(u)|``) kept inside a shrinking bracket."""
    lo, hi = 0.0, 1.0
    u = goal / sl
    for _ in range(60):
        f = _seg_len(seg, 0.0, u) - goal
        if f == 0 or abs(f) <= 1e-13 * sl:
            return u
        if f < 0:
            lo = u
        else:
            hi = u
        v = abs(_dbez(*seg, u))
        nu = u - f / v if v > 0 else 0.5 * (lo + hi)
        if not lo < nu < hi:
            nu = 0.5 * (lo + hi)
        if nu == u or hi - lo < 1e-15:
            return nu
        u = nu
    return u


def arctime(p: Path, L: float) -> float:
    """Time at which ``p`` has arc length ``L``, as asy's ``path::arctime`` finds it.

    The goal is consumed segment by segment (``goal -= l``): a segment at least as
    long as what remains is passed whole, and a goal used up exactly at a node gives
    that node's integral time. Which side of a node a relative time such as
    ``reltime(g, 0.5)`` falls on decides ``dir(g, t)`` there (the average of both
    sides only at an exact node), so the order of the arithmetic is asy's.
    """
    n = p.length
    if L <= 0 or n == 0:
        return 0.0
    if p.cyclic:
        total = arclength(p)
        if total > 0 and L >= total:
            loops = int(L / total)
            return loops * n + arctime(p, L - loops * total)
    goal = L
    for i in range(n):
        seg = p.segment(i)
        sl = _full_len(seg)
        if goal < sl:
            if _straight(seg):
                return i + goal / sl
            return i + _seg_time(seg, goal, sl)
        goal -= sl
        if goal <= 0:
            return float(i + 1)
    return float(n)


def _seg_bbox(seg):
    """``(min x, min y, max x, max y)`` of a segment's four points: min and max as the builtins
    pick them (a later value only when strictly beyond), written out (three times faster)."""
    a, b, c, d = seg
    x0 = x1 = a.real
    y0 = y1 = a.imag
    for q in (b, c, d):
        x, y = q.real, q.imag
        if x < x0:
            x0 = x
        if x > x1:
            x1 = x
        if y < y0:
            y0 = y
        if y > y1:
            y1 = y
    return x0, y0, x1, y1


def _intersect_segs(s1, s2, t0, t1, u0, u1, out, depth, fuzz, b1, b2):
    """Append to ``out`` the times where cubic segments ``s1`` (boxed by ``b1``, :func:`_seg_bbox`)
    and ``s2`` (boxed by ``b2``) meet, subdividing both."""
    if b1[0] > b2[2] + fuzz or b2[0] > b1[2] + fuzz or b1[1] > b2[3] + fuzz or b2[1] > b1[3] + fuzz:
        return
    size = max(b1[2] - b1[0], b1[3] - b1[1], b2[2] - b2[0], b2[3] - b2[1])
    if size < fuzz or depth > 48:
        out.append(((t0 + t1) / 2, (u0 + u1) / 2))
        return
    if len(out) > 256:
        return
    # flat enough on both sides: solve as two chords (also ends tangential contacts,
    # where subdividing would never separate the boxes)
    if depth > 2 and (_is_line(s1) and _is_line(s2) or (_flatness(s1) < 1e3 * fuzz and _flatness(s2) < 1e3 * fuzz)):
        a, b = s1[0], s1[3]
        c, d = s2[0], s2[3]
        r, s = b - a, d - c
        den = r.real * s.imag - r.imag * s.real
        if den != 0:
            q = c - a
            ta = (q.real * s.imag - q.imag * s.real) / den
            ub = (q.real * r.imag - q.imag * r.real) / den
            if -1e-9 <= ta <= 1 + 1e-9 and -1e-9 <= ub <= 1 + 1e-9:
                ta = min(max(ta, 0.0), 1.0)
                ub = min(max(ub, 0.0), 1.0)
                out.append((t0 + (t1 - t0) * ta, u0 + (u1 - u0) * ub))
                return
        if not (_is_line(s1) and _is_line(s2)):
            # tangential contact: the closest approach of the chords, if within the fuzz
            m1, m2 = (s1[0] + s1[3]) / 2, (s2[0] + s2[3]) / 2
            if abs(m1 - m2) <= 1e3 * fuzz:
                out.append(((t0 + t1) / 2, (u0 + u1) / 2))
        return
    l1, r1 = _split_seg(s1, 0.5)
    l2, r2 = _split_seg(s2, 0.5)
    tm = (t0 + t1) / 2
    um = (u0 + u1) / 2
    bl1, br1, bl2, br2 = _seg_bbox(l1), _seg_bbox(r1), _seg_bbox(l2), _seg_bbox(r2)
    _intersect_segs(l1, l2, t0, tm, u0, um, out, depth + 1, fuzz, bl1, bl2)
    _intersect_segs(l1, r2, t0, tm, um, u1, out, depth + 1, fuzz, bl1, br2)
    _intersect_segs(r1, l2, tm, t1, u0, um, out, depth + 1, fuzz, br1, bl2)
    _intersect_segs(r1, r2, tm, t1, um, u1, out, depth + 1, fuzz, br1, br2)


def _flatness(seg):
    """Largest distance of the inner control points from the chord."""
    a, b, c, d = seg
    ch = d - a
    L = abs(ch)
    if L == 0:
        return max(abs(b - a), abs(c - a))
    vb, vc = b - a, c - a
    db = abs(ch.real * vb.imag - ch.imag * vb.real) / L
    dc = abs(ch.real * vc.imag - ch.imag * vc.real) / L
    return dc if dc > db else db  # max(db, dc) as the builtin picks


def _is_line(seg):
    a, b, c, d = seg
    ch = d - a
    L = abs(ch)
    if L == 0:
        return False
    for q in (b, c):
        v = q - a
        if abs(ch.real * v.imag - ch.imag * v.real) / L > 1e-12 * L:
            return False
    return True


def intersections(p: Path, q: Path, fuzz: float = -1) -> list[tuple[float, float]]:
    """All intersection times ``(t_p, t_q)``, sorted by ``t_p``, duplicates merged."""
    if p.length == 0 or q.length == 0:
        return []
    scale = 0.0
    for z in p.z + q.z:
        scale = max(scale, abs(z.real), abs(z.imag))
    f = max(fuzz, 1e-9 * max(scale, 1.0)) if fuzz >= 0 else 1e-9 * max(scale, 1.0)
    out = []
    qsegs = [q.segment(j) for j in range(q.length)]
    qboxes = [_seg_bbox(s) for s in qsegs]
    for i in range(p.length):
        si = p.segment(i)
        b1 = _seg_bbox(si)
        for j, sj in enumerate(qsegs):
            b2 = qboxes[j]
            if b1[0] > b2[2] + f or b2[0] > b1[2] + f or b1[1] > b2[3] + f or b2[1] > b1[3] + f:
                continue        # _intersect_segs' first test, made once per segment instead of per pair
            found = []
            _intersect_segs(si, sj, 0.0, 1.0, 0.0, 1.0, found, 0, f, b1, b2)
            for (a, b) in found:
                out.append((i + a, j + b))
    out.sort()
    merged = []
    for t in out:
        pt = point(p, t[0])
        if merged:
            pm = point(p, merged[-1][0])
            if abs(pt - pm) <= 1e-7 * max(scale, 1.0):
                continue
        if p.cyclic and merged and abs(t[0] - p.length) < 1e-9 and abs(merged[0][0]) < 1e-9:
            continue
        merged.append(t)
    return merged


def _cubic_extrema(pa, pb, pc, pd, acc):
    """Append to ``acc`` the values of the cubic Bezier ``pa pb pc pd`` at its interior extrema."""
    # derivative roots of the cubic in this coordinate
    A = -pa + 3 * pb - 3 * pc + pd
    B = 2 * (pa - 2 * pb + pc)
    C = pb - pa
    roots = []
    if abs(A) < 1e-14:
        if abs(B) > 1e-14:
            roots.append(-C / B)
    else:
        disc = B * B - 4 * A * C
        if disc >= 0:
            sq = math.sqrt(disc)
            roots += [(-B + sq) / (2 * A), (-B - sq) / (2 * A)]
    for t in roots:
        if 0 < t < 1:
            s = 1 - t
            acc.append(s * s * s * pa + 3 * s * s * t * pb + 3 * s * t * t * pc + t * t * t * pd)


#: from this many segments on, :func:`bbox` finds the segments to look into with numpy
_LONG_PATH = 32


def bbox(p: Path):
    """Exact bounding box of the curve: ``(xmin, ymin, xmax, ymax)``."""
    if not p.z:
        return (0.0, 0.0, 0.0, 0.0)
    z, post, pre = p.z, p.post, p.pre
    n = len(z)
    if p.length >= _LONG_PATH and len(pre) == n and len(post) == n:
        return _long_bbox(p)
    a = z[0]
    ar, ai = a.real, a.imag
    xs = [ar]
    ys = [ai]
    for i in range(p.length):
        j = i + 1 if i + 1 < n else 0     # segment i: z[i], post[i], pre[i+1], z[i+1] (cyclic: back to 0)
        b, c, d = post[i], pre[j], z[j]
        br, cr, dr = b.real, c.real, d.real
        bi, ci, di = b.imag, c.imag, d.imag
        xs.append(dr)
        ys.append(di)
        # x, then y: a cubic's extrema can leave its end points' range only when a control
        # point does, i.e. unless min(pa, pd) <= min(pb, pc) and max(pb, pc) <= max(pa, pd)
        # (the conditional expressions pick as min/max do, NaN included)
        if not ((dr if dr < ar else ar) <= (cr if cr < br else br)
                and (cr if cr > br else br) <= (dr if dr > ar else ar)):
            _cubic_extrema(ar, br, cr, dr, xs)
        if not ((di if di < ai else ai) <= (ci if ci < bi else bi)
                and (ci if ci > bi else bi) <= (di if di > ai else ai)):
            _cubic_extrema(ai, bi, ci, di, ys)
        ar, ai = dr, di
    if n == 1:
        return (xs[0], ys[0], xs[0], ys[0])
    return (min(xs), min(ys), max(xs), max(ys))


def points_xy(zs):
    """Complex points as an ``(n, 2)`` float array of their (exact) coordinates."""
    return np.array(zs, dtype=np.complex128).view(np.float64).reshape(-1, 2)


def _long_bbox(p: Path):
    """:func:`bbox` of a path of many segments (a plotted graph): the same values, in the same order.

    :func:`bbox` takes min and max of a list: the first knot, then per segment its end knot
    followed by the segment's interior extrema when a control point leaves the end points'
    range. Here that test runs on all segments at once (numpy, the same comparisons), the
    list is the knots' coordinates with the few extrema spliced in after their segment's end.
    """
    z, post, pre = p.z, p.post, p.pre
    zl = z + z[:1] if p.cyclic else z                  # segment i: zl[i], post[i], pre[i+1], zl[i+1]
    knots = points_xy(zl)
    pa, pd = knots[:-1], knots[1:]
    pb, pc = points_xy(post[:p.length]), points_xy(pre[1:] + pre[:1] if p.cyclic else pre[1:])
    # not (min(pa, pd) <= min(pb, pc) and max(pb, pc) <= max(pa, pd)), picked as bbox picks (NaN included)
    outside = ~((np.where(pd < pa, pd, pa) <= np.where(pc < pb, pc, pb))
                & (np.where(pc > pb, pc, pb) <= np.where(pd > pa, pd, pa)))
    bounds = []
    for col, attr in ((0, "real"), (1, "imag")):
        coords = knots[:, col].tolist()
        vals, done = [], 0
        for i in outside[:, col].nonzero()[0].tolist():
            vals += coords[done:i + 2]                     # up to segment i's end knot
            done = i + 2
            _cubic_extrema(getattr(zl[i], attr), getattr(post[i], attr), getattr(pre[(i + 1) % len(z)], attr),
                           getattr(zl[i + 1], attr), vals)
        vals += coords[done:]
        bounds.append((min(vals), max(vals)))
    (x0, x1), (y0, y1) = bounds
    return (x0, y0, x1, y1)


def extension(P: complex, Q: complex, p: complex, q: complex) -> complex:
    r, s = Q - P, q - p
    den = r.real * s.imag - r.imag * s.real
    if den == 0:
        return complex(math.inf, math.inf)
    w = p - P
    t = (w.real * s.imag - w.imag * s.real) / den
    return P + t * r


def concat(a: Path, b: Path) -> Path:
    if not a.z:
        return b
    if not b.z:
        return a
    return Path(a.z + b.z[1:], a.pre + b.pre[1:], a.post[:-1] + b.post, False, a.straight + b.straight)


def buildcycle(paths: list[Path]) -> Path | None:
    n = len(paths)
    if n < 2:
        return None
    ta = [0.0] * n
    tb = [0.0] * n
    if n == 2:
        t = intersections(paths[0], paths[1])
        if len(t) < 2:
            return None
        k = len(t) - 1
        ta[0], tb[0] = t[0][0], t[k][0]
        ta[1], tb[1] = t[k][1], t[0][1]
    else:
        j = n - 1
        for i in range(n):
            t = intersections(paths[i], paths[j])
            if not t:
                return None
            ta[i], tb[j] = t[0][0], t[0][1]
            j = i
    c = sum(point(paths[i], ta[i]) for i in range(n)) / n
    G = None
    for i in range(n):
        Ta, Tb = ta[i], tb[i]
        p = paths[i]
        if p.cyclic:
            L = p.length
            t = Tb - L
            if abs(c - point(p, 0.5 * (Ta + t))) < abs(c - point(p, 0.5 * (Ta + Tb))):
                Tb = t
            while Tb < Ta:
                Tb += L
        s = subpath(p, Ta, Tb)
        s.shape = None
        G = s if G is None else concat(G, s)
    G = G.copy()
    if len(G.z) > 1 and abs(G.z[-1] - G.z[0]) < 1e-9 * max(1.0, abs(G.z[0])):
        G.pre[0] = G.pre[-1]
        G.z.pop()
        G.pre.pop()
        G.post.pop()
        G.cyclic = True
        G.straight = G.straight[:len(G.z)]
    else:
        G.cyclic = True
        a, b = G.z[-1], G.z[0]
        G.post[-1] = a + (b - a) / 3
        G.pre[0] = a + 2 * (b - a) / 3
        G.straight.append(True)
    G.shape = None
    return G
