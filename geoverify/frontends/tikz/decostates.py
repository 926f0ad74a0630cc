"""States of pgf decorations beyond ``snake``/``zigzag``/``brace``: ``coil``
(``pgflibrarydecorations.pathmorphing``), ``border``, ``waves``, ``expanding waves``
(``pathreplacing``), ``ticks`` (a tick of half length ``amplitude`` across the path every
segment length, the final state one more where it stops), ``crosses`` and ``triangles`` (``shapes``), ``saw`` and ``bumps``
(``pathmorphing``).

Each state function has the signature of those in :mod:`.decorations`:
``f(state, rem, sl, a, deco, done) -> (ops, width, next state)`` with ``rem`` the distance
left to decorate, ``sl``/``a`` the segment length and amplitude (pt), ``done`` the distance
already decorated (pgf's ``\\pgfdecoratedcompleteddistance``); ``ops`` is None when the
state's ``switch if less than`` switches to ``next state`` instead. The ops are in the
state's frame (origin the current point on the path, x axis along it): ``("M", p)``,
``("L", p)``, ``("C", c1, c2, p)`` and ``("Z",)`` (``\\pgfpathclose``). The options are
pgf's, in its order: a ``switch if less than`` before ``width``, and ``width`` itself
switches to ``final`` when less than it is left (done by the caller).

``coil`` draws, per segment length, a loop of four quarter curves whose points are
``(aspect * amplitude * u + k * segment length / 12, amplitude * v)``; ``border`` a tick
of length ``amplitude`` at ``angle`` (45) every segment length; ``waves`` an arc of
``start radius`` (2.5 pt) from ``angle`` to ``-angle`` about the point ``start radius``
before the next segment's start; ``expanding waves`` the same arcs about the path's start,
of radius the distance done; ``crosses`` and ``triangles`` a cross ``shape start width``
by ``shape start height`` centred, a triangle that wide with its base at, each segment's
start. ``saw`` and ``bumps`` end with pgf's ``auto end on length`` (a segment length, 0.51
of one): with no more than that left, a line along the current direction to the end (its
``auto corner on length`` only acts with ``path has corners``, not set by them).
"""

from __future__ import annotations

import math

__all__ = ["STATES", "arc_ops"]


def arc_ops(cx: float, cy: float, r: float, a0: float, a1: float) -> list[tuple]:
    """Cubic pieces (``("C", c1, c2, p)``, each at most 90 degrees) of the arc of radius
    ``r`` about ``(cx, cy)`` from angle ``a0`` to ``a1`` (degrees), as ``\\pgfpatharc``."""
    n = max(1, math.ceil(abs(a1 - a0) / 90.0 - 1e-9))
    step = math.radians(a1 - a0) / n
    k = 4.0 / 3.0 * math.tan(step / 4.0)
    ops = []
    t = math.radians(a0)
    for _ in range(n):
        c0, s0, c1, s1 = math.cos(t), math.sin(t), math.cos(t + step), math.sin(t + step)
        ops.append(("C", (cx + r * (c0 - k * s0), cy + r * (s0 + k * c0)),
                    (cx + r * (c1 + k * s1), cy + r * (s1 - k * c1)), (cx + r * c1, cy + r * s1)))
        t += step
    return ops


def _wave(x_centre: float, r: float, angle: float) -> list[tuple]:
    t = math.radians(angle)
    return [("M", (x_centre + r * math.cos(t), r * math.sin(t)))] + arc_ops(x_centre, 0.0, r, angle, -angle)


_COIL = [((0, 0.555, 1), (0.445, 1, 2), (1, 1, 3)), ((1.555, 1, 4), (2, 0.555, 5), (2, 0, 6)),
         ((2, -0.555, 7), (1.555, -1, 8), (1, -1, 9)), ((0.445, -1, 10), (0, -0.555, 11), (0, 0, 12))]


def _coil(state, rem, sl, a, p, done):
    asp = p.aspect

    def curves(pieces):
        return [("C",) + tuple((asp * a * u + k * 0.083333333333 * sl, v * a) for u, v, k in c) for c in pieces]

    if state == "coil":
        if rem < 1.5 * sl + 2 * asp * a:
            return None, 0.0, "last"
        return curves(_COIL), sl, "coil"
    if state == "last":
        return curves(_COIL[:2]), 0.5 * sl + 2 * asp * a, "final"
    raise AssertionError(state)


def _border(state, rem, sl, a, p, done):
    t = math.radians(p.angle)
    tick = [("M", (0.0, 0.0)), ("L", (a * math.cos(t), a * math.sin(t)))]
    if state == "tick":
        if rem < sl:
            return None, 0.0, "last"
        return tick, sl, "tick"
    if state == "last":
        return tick, a, "final"
    raise AssertionError(state)


def _waves(state, rem, sl, a, p, done):
    if state != "wave":
        raise AssertionError(state)
    return _wave(sl - p.radius, p.radius, p.angle), sl, "wave"


def _expanding_waves(state, rem, sl, a, p, done):
    if state == "initial":
        return [], sl, "wave"
    if state == "wave" and rem < sl:
        return None, 0.0, "last"
    if state in ("wave", "last"):
        return _wave(-done, done, p.angle), (sl if state == "wave" else 0.0), \
            ("wave" if state == "wave" else "final")
    raise AssertionError(state)


def _crosses(state, rem, sl, a, p, done):
    w, h = 0.5 * p.shape[1], 0.5 * p.shape[2]
    cross = [("M", (-w, h)), ("L", (w, -h)), ("M", (-w, -h)), ("L", (w, h))]
    if state == "crosses":
        if rem < sl:
            return None, 0.0, "last"
        return cross, sl, "crosses"
    if state == "last":
        return cross, rem, "last"
    raise AssertionError(state)


def _triangles(state, rem, sl, a, p, done):
    w, h = p.shape[1], 0.5 * p.shape[2]
    tri = [("M", (0.0, h)), ("L", (w, 0.0)), ("L", (0.0, -h)), ("Z",)]
    if state == "triangle":
        if rem < sl:
            return None, 0.0, "last"
        return tri, sl, "triangle"
    if state == "last":
        if rem < w:
            return None, 0.0, "skip"
        return tri, rem, "final"
    if state == "skip":
        return [], rem, "skip"
    raise AssertionError(state)


def _tick(sl, a, p):
    return [("M", (0.0, a)), ("L", (0.0, -a))]


def _ticks(state, rem, sl, a, p, done):
    if state != "ticks":
        raise AssertionError(state)
    return _tick(sl, a, p), sl, "ticks"


def _auto_end(rem, length):
    """pgf's ``auto end on length``: with no more than ``length`` left, a line along the
    current direction to the end (width the rest) and the final state; else None."""
    if rem <= length:
        return [("L", (rem, 0.0))], rem, "final"
    return None


def _saw(state, rem, sl, a, p, done):
    if state != "initial":
        raise AssertionError(state)
    return _auto_end(rem, sl) or ([("L", (sl, a)), ("L", (sl, 0.0))], sl, "initial")


def _bumps(state, rem, sl, a, p, done):
    if state != "initial":
        raise AssertionError(state)
    return _auto_end(rem, 0.51 * sl) or (
        [("C", (0.0, 0.555 * a), (0.11125 * sl, a), (0.25 * sl, a)),
         ("C", (0.38875 * sl, a), (0.5 * sl, 0.5 * a), (0.5 * sl, 0.0))], 0.5 * sl, "initial")


#: name -> (initial state, state function, whether the final state draws a line to the end, or
#: a function ``(sl, a, deco) -> ops`` that it draws where the automaton stopped)
STATES = {"coil": ("coil", _coil, True), "border": ("tick", _border, False), "waves": ("wave", _waves, False),
          "expanding waves": ("initial", _expanding_waves, False), "crosses": ("crosses", _crosses, False),
          "triangles": ("triangle", _triangles, False), "saw": ("initial", _saw, False),
          "bumps": ("initial", _bumps, True), "ticks": ("ticks", _ticks, _tick)}
