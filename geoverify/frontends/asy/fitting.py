"""Asymptote's ``size``/``unitsize`` fitting: the user -> canvas scaling of a picture.

Asymptote keeps, per axis, pairs ``(user, truesize)``: a user coordinate that
scales with the picture and an offset in bp that does not (pen half-widths,
dot radii, label boxes). ``size(w)`` picks the largest scale ``s`` with

    max_i(user_i s + true_i) - min_j(user_j s + true_j) <= w

(plain_scaling.asy solves it with a simplex; the function is convex and
piecewise linear in ``s``, so a bisection gives the same optimum).
``keepAspect`` takes the smaller of the x and y scales; ``unitsize`` fixes it.
"""

from __future__ import annotations

import itertools
import math
from operator import itemgetter

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.textmetrics import LabelGeometry, label_geometry

__all__ = ["FitCache", "coords_of", "scaling", "frame_bounds", "inexact_grow"]

_first = itemgetter(0)


class FitCache:
    """What fitting and drawing one picture measure more than once, measured once.

    A picture's sizing pairs are asked for by :func:`scaling` and again by each round of
    :func:`~geoverify.frontends.asy.deferred.realize_deferred`; a label's box by the
    fitting, the frame bounds and then the emitter (its extent, padded box and frame). Keep
    one cache for one emit: it assumes the pictures and items it saw do not change.
    Entries are keyed by ``id`` and hold the object itself, so an id is not reused while cached.
    """

    __slots__ = ("_coords", "_labels")

    def __init__(self):
        self._coords = {}
        self._labels = {}

    def label(self, it) -> LabelGeometry:
        """The :class:`~geoverify.frontends.asy.textmetrics.LabelGeometry` of a label (or box) item."""
        hit = self._labels.get(id(it))
        if hit is None:
            hit = self._labels[id(it)] = (it, label_geometry(it.text, it.align, it.pen, getattr(it, "transform", None)))
        return hit[1]

    def coords(self, pic, dotsize_of):
        """:func:`coords_of` the picture (the lists are shared: do not change them)."""
        hit = self._coords.get(id(pic))
        if hit is None:
            hit = self._coords[id(pic)] = (pic, _coords(pic, dotsize_of, self))
        return hit[1]


def coords_of(pic, dotsize_of, cache=None):
    """Sizing coordinates ``(xs, ys)``: lists of ``(user, truesize)``.

    With a :class:`FitCache`, a picture's are computed once (and shared).
    """
    if cache is None:
        return _coords(pic, dotsize_of, FitCache())
    return cache.coords(pic, dotsize_of)


def _coords(pic, dotsize_of, cache):
    """:func:`coords_of`, labels measured through ``cache``."""
    xs, ys = [], []
    for it in pic.items:
        if it.kind == "clip" and it.paths:
            # asy's clip also clips the picture's sizing bounds: user coordinates are
            # clamped to the clip box and their true sizes dropped (plain_scaling's
            # coord.clip sets truesize=0), so labels and pen widths outside stop counting
            bbs = [pathops.bbox(p) for p in it.paths if p.z]
            if bbs:
                x0, y0 = min(b[0] for b in bbs), min(b[1] for b in bbs)
                x1, y1 = max(b[2] for b in bbs), max(b[3] for b in bbs)
                xs = [(min(max(u, x0), x1), 0.0) for u, t in xs]
                ys = [(min(max(u, y0), y1), 0.0) for u, t in ys]
            continue
        if it.kind in ("draw", "fill", "filldraw", "unfill"):
            w = 0.0
            if it.kind in ("draw", "filldraw") and it.pen is not None:
                w = 0.5 * (it.pen.width or 0.0)
            for p in it.paths:
                if not p.z:
                    continue
                x0, y0, x1, y1 = pathops.bbox(p)
                xs += [(x0, -w), (x1, w)]
                ys += [(y0, -w), (y1, w)]
        elif it.kind == "dot":
            r = 0.5 * (it.size or dotsize_of(it.pen))
            z = it.position
            xs += [(z.real, -r), (z.real, r)]
            ys += [(z.imag, -r), (z.imag, r)]
        elif it.kind == "deferred":
            # graph axes and ticks: their own (user, truesize) pairs, computed when called
            for u, t in it.sizing:
                xs.append((u.real, t.real))
                ys.append((u.imag, t.imag))
        elif it.kind == "label":
            bx0, by0, bx1, by1 = cache.label(it).box
            z = it.position
            xs += [(z.real, bx0), (z.real, bx1)]
            ys += [(z.imag, by0), (z.imag, by1)]
    return xs, ys


def _frontier(coords, sign):
    """The pairs that can be largest (``sign=1``) or smallest (``sign=-1``) of ``u s + t`` for some ``s >= 0``.

    A pair with another at least as large in both ``u`` and ``t`` never is; rounding is
    monotonic, so the maximum over the frontier equals the maximum over all pairs, bit for bit.
    """
    out = []
    best = None
    # by (sign u, sign t) descending: for finite pairs (the caller's case) that is the pairs
    # themselves descending (sign 1) or ascending (sign -1), equal ones kept in order either way
    for u, t in (sorted(coords, reverse=True) if sign > 0 else sorted(coords)):
        if best is None or sign * t > best:
            out.append((u, t))
            best = sign * t
    return out


def _envelope(pairs, pick):
    """``s -> pick([u * s + t for u, t in pairs])`` (``pick`` is max or min), the same float,
    written out for one or two pairs (most frontiers): a size() bisection calls it ~55 times."""
    if len(pairs) == 1:
        (u, t), = pairs
        return lambda s: u * s + t
    if len(pairs) == 2:
        # pick(a, b) as the builtins pick: b only when strictly beyond a
        (u1, t1), (u2, t2) = pairs
        if pick is max:
            def two(s):
                a, b = u1 * s + t1, u2 * s + t2
                return b if b > a else a
        else:
            def two(s):
                a, b = u1 * s + t1, u2 * s + t2
                return b if b < a else a
        return two
    return lambda s: pick([u * s + t for u, t in pairs])


def _scale_for(coords, size):
    if not coords or size <= 0:
        return 0.0
    umin = min(map(_first, coords))
    umax = max(map(_first, coords))
    finite = all(map(math.isfinite, itertools.chain.from_iterable(coords)))
    if finite:
        upper, lower = _frontier(coords, 1), _frontier(coords, -1)
    else:
        upper = lower = coords
    top, bottom = _envelope(upper, max), _envelope(lower, min)
    if len(upper) == 1 and len(lower) == 1:
        (u1, t1), (u0, t0) = upper[0], lower[0]

    def extent(s):
        return top(s) - bottom(s)

    if umax - umin <= 0:
        return 0.0
    if extent(0.0) >= size:
        return 0.0
    hi = size / (umax - umin)
    if not (hi > 0.0 and math.isfinite(hi)):
        return 0.0  # an infinite or overflowing coordinate: nothing to fit
    if len(upper) == 1 and len(lower) == 1:
        # one line each way: the extent is linear in s, solved at once (the bisection's answer)
        s = (size - (t1 - t0)) / (u1 - u0)
        if math.isfinite(s):
            return s
    # the extent at hi is at least size because true offsets add width
    while extent(hi) < size:
        hi *= 2.0
        if hi > 1e300:
            return 0.0
    fits = (finite and _monotone_fits(upper, lower, extent, size)) or (lambda s: extent(s) <= size)
    return _bisect(fits, hi)


def _bisect(fits, hi):
    """The bisection of ``[0, hi]`` (``fits(0)`` holds) to the last ``s`` that ``fits``, in at most 80 steps."""
    lo = 0.0
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        if mid == lo or mid == hi:
            # lo and hi are adjacent (or equal) floats, typically after some 55 of the 80 steps:
            # this step fixes lo (only a mid at hi can move it) and every later one repeats it
            if mid == hi and fits(mid):
                lo = mid
            break
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def _monotone_fits(upper, lower, extent, size):
    """``s -> extent(s) <= size`` for :func:`_bisect`, exact but without computing the extent, or None.

    When every upper pair has ``u >= 0`` and every lower one ``u <= 0`` (finite pairs), the
    computed extent never decreases as ``s`` grows (rounding is monotonic: each ``u s + t``
    moves one way, and max, min and the difference keep the order), so the test holds
    exactly up to one float ``b`` and fails after it. ``b`` is found near the lines' exact
    crossing, stepping float by float with the real test; the bisection then compares
    with ``b`` and takes the same steps as with the test itself. None when the pairs do not
    allow it or ``b`` is not near.
    """
    if any(u < 0 for u, _ in upper) or any(u > 0 for u, _ in lower):
        return None
    s = min((size - (t1 - t0)) / (u1 - u0) for u1, t1 in upper for u0, t0 in lower if u1 > u0)
    b = _last_fitting(extent, size, s)
    return None if b is None else (lambda m: m <= b)


def _last_fitting(extent, size, s, steps=64):
    """The float ``b`` with ``extent(b) <= size < extent(next float)``, searched from ``s`` up or
    down (``extent`` non-decreasing, ``extent(0) < size``), or None after ``steps`` floats."""
    if not (s >= 0.0 and math.isfinite(s)):
        return None
    if extent(s) <= size:
        for _ in range(steps):
            up = math.nextafter(s, math.inf)
            if not extent(up) <= size:
                return s
            s = up
    else:
        for _ in range(steps):
            s = math.nextafter(s, -math.inf)
            if extent(s) <= size:
                return s
    return None


def scaling(pic, dotsize_of, cache=None):
    """``(sx, sy)`` of the picture's user -> canvas (bp) map (items measured through ``cache``,
    a :class:`FitCache`, if given)."""
    if pic.xsize == 0 and pic.ysize == 0 and pic.xunit == 0 and pic.yunit == 0:
        return 1.0, 1.0
    xs, ys = coords_of(pic, dotsize_of, cache)
    sx = pic.xunit if pic.xunit else (_scale_for(xs, pic.xsize) if pic.xsize else 0.0)
    sy = pic.yunit if pic.yunit else (_scale_for(ys, pic.ysize) if pic.ysize else 0.0)
    if sx == 0:
        sx = sy
        if sx == 0:
            return 1.0, 1.0
    elif sy == 0:
        sy = sx
    if pic.keep_aspect and (pic.xunit == 0 or pic.yunit == 0):
        s = min(sx, sy)
        return s, s
    return sx, sy


def frame_bounds(items, sx, sy, dotsize_of, cache=None):
    """``(x0, y0, x1, y1)`` of what the items draw at scaling ``(sx, sy)``, bp, or None.

    Paths count with half their pen's width, dots with their radius, labels with
    their padded boxes; a clip cuts what was drawn before it to its box. Labels are
    measured through ``cache`` (a :class:`FitCache`) if given.
    """
    if cache is None:
        cache = FitCache()
    box = None

    def grow(b, x0, y0, x1, y1):
        if b is None:
            return [x0, y0, x1, y1]
        return [min(b[0], x0), min(b[1], y0), max(b[2], x1), max(b[3], y1)]

    for it in items:
        if it.kind in ("draw", "fill", "filldraw", "unfill", "clip"):
            w = 0.0
            if it.kind in ("draw", "filldraw") and it.pen is not None and not it.pen.invisible:
                w = 0.5 * (it.pen.width or 0.0)
            cb = None
            for p in it.paths:
                if not p.z:
                    continue
                x0, y0, x1, y1 = pathops.bbox(p)
                cb = grow(cb, x0 * sx - w, y0 * sy - w, x1 * sx + w, y1 * sy + w)
            if cb is None:
                continue
            if it.kind == "clip":
                if box is not None:
                    box = [max(box[0], cb[0]), max(box[1], cb[1]), min(box[2], cb[2]), min(box[3], cb[3])]
                continue
            if it.kind == "draw" and it.pen is not None and it.pen.invisible:
                continue
            box = grow(box, *cb)
        elif it.kind == "dot":
            r = 0.5 * (it.size or dotsize_of(it.pen))
            z = it.position
            box = grow(box, z.real * sx - r, z.imag * sy - r, z.real * sx + r, z.imag * sy + r)
        elif it.kind in ("label", "box") and it.text:
            # "box": room a blank label takes in the frame without showing anything
            bx0, by0, bx1, by1 = cache.label(it).box
            z = it.position
            box = grow(box, z.real * sx + bx0, z.imag * sy + by0, z.real * sx + bx1, z.imag * sy + by1)
    return tuple(box) if box is not None else None


def inexact_grow(pic, box):
    """asy's extra scaling of a picture whose sizing is only an estimate (``picture.scale``).

    Pictures with graph axes (drawers added with ``exact=false``) are fitted once with
    the sizing data, then scaled so that the frame actually drawn, ``box``, meets
    ``size()``: by ``min(xsize / width, ysize / height)`` with ``keepAspect``, else per axis.
    Returns ``(gx, gy)``.
    """
    if box is None:
        return 1.0, 1.0
    width, height = box[2] - box[0], box[3] - box[1]
    gx = 1.0 if pic.xsize == 0 or width == 0 else pic.xsize / width
    gy = 1.0 if pic.ysize == 0 or height == 0 else pic.ysize / height
    if pic.keep_aspect:
        grow = [g for g, size in ((gx, pic.xsize), (gy, pic.ysize)) if size > 0]
        g = min(grow) if grow else 1.0
        return g, g
    return gx, gy
