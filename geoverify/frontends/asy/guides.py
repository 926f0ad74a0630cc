"""Asymptote guides and paths: unsolved knot lists and solved cubic paths.

A *guide* is what the join operators (``..``, ``--``, ``::``, ``---``,
``controls``, ``tension``, ``{dir}``, ``{curl c}``) build; it is solved into a
*path* (fixed cubic Bezier control points) by Hobby's algorithm in
:mod:`geoverify.frontends.asy.hobby` when a path is needed. Points are Python
``complex`` numbers (Asymptote's ``pair``), which keeps small paths fast.
"""

from __future__ import annotations

import math

__all__ = ["Knot", "Join", "Guide", "Path", "CycleToken", "CYCLE", "INFINITE_TENSION"]

# What Asymptote writes for "tension atleast infinity" (the "---" connector).
INFINITE_TENSION = 5.64380309412236e102


class CycleToken:
    """The value of Asymptote's ``cycle`` keyword."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "cycle"


CYCLE = CycleToken()


class Knot:
    """One point of a guide with the specs written on either side of it.

    ``in_dir``/``out_dir`` are given directions (nonzero complex) or None;
    ``in_curl``/``out_curl`` given curls or None.
    """

    __slots__ = ("z", "in_dir", "out_dir", "in_curl", "out_curl")

    def __init__(self, z: complex, in_dir=None, out_dir=None, in_curl=None, out_curl=None):
        self.z = z
        self.in_dir = in_dir
        self.out_dir = out_dir
        self.in_curl = in_curl
        self.out_curl = out_curl

    def copy(self) -> "Knot":
        return Knot(self.z, self.in_dir, self.out_dir, self.in_curl, self.out_curl)


class Join:
    """How two consecutive knots are connected.

    Parameters
    ----------
    t_out, t_in : float
        Tensions at the start and end of the segment (Asymptote's default 1).
    atleast : bool
        ``tension atleast``: keep the curve inside its tangent triangle.
    c1, c2 : complex or None
        Explicit control points (``controls c1 and c2``).
    """

    __slots__ = ("t_out", "t_in", "atleast", "c1", "c2", "line")

    def __init__(self, t_out=1.0, t_in=1.0, atleast=False, c1=None, c2=None, line=False):
        self.line = line
        self.t_out = t_out
        self.t_in = t_in
        self.atleast = atleast
        self.c1 = c1
        self.c2 = c2


FREE = Join()


class Guide:
    """An unsolved path: knots and the joins between them.

    ``joins[i]`` connects ``knots[i]`` to ``knots[i + 1]``; a cyclic guide has
    one more join, from the last knot back to the first.
    """

    __slots__ = ("knots", "joins", "cyclic", "_solved")

    def __init__(self, knots=None, joins=None, cyclic=False):
        self.knots = knots if knots is not None else []
        self.joins = joins if joins is not None else []
        self.cyclic = cyclic
        self._solved = None

    def copy(self) -> "Guide":
        return Guide([k.copy() for k in self.knots], list(self.joins), self.cyclic)

    @staticmethod
    def from_value(v) -> "Guide":
        if isinstance(v, Guide):
            return v.copy()
        if isinstance(v, Path):
            return v.to_guide()
        if isinstance(v, (int, float, complex)):
            return Guide([Knot(complex(v))], [])
        raise TypeError(f"cannot use {type(v).__name__} in a path")

    def solve(self) -> "Path":
        if self._solved is None:
            self._solved = _solve(self)
        return self._solved


def _solve(g: Guide) -> "Path":
    """:func:`~geoverify.frontends.asy.hobby.solve_guide`, imported on first use (hobby imports
    this module) and then kept here: an import statement per solve cost more than the call."""
    global _solve
    from geoverify.frontends.asy.hobby import solve_guide

    _solve = solve_guide
    return solve_guide(g)


class Path:
    """A solved path: knots and their incoming/outgoing control points.

    Parameters
    ----------
    z, pre, post : list of complex
        Knots, the control point before each knot and after it. Segment i runs
        ``z[i], post[i], pre[i+1], z[i+1]`` (indices modulo n when cyclic).
    cyclic : bool
    straight : list of bool
        Per segment, whether it was built as a straight line.
    shape : tuple or None
        ``("circle", center, r)`` when the path is a circle as built by
        ``circle``/``Circle``; ``("arc", center, r, a0, sweep)`` (radians) for
        ``arc``/``Arc``. Kept through similarity transforms only.
    """

    __slots__ = ("z", "pre", "post", "cyclic", "straight", "shape")

    def __init__(self, z, pre, post, cyclic=False, straight=None, shape=None):
        self.z = z
        self.pre = pre
        self.post = post
        self.cyclic = cyclic
        n = len(z)
        nseg = n if cyclic or not n else n - 1
        self.straight = straight if straight is not None else [False] * nseg
        self.shape = shape

    # -- basic queries -------------------------------------------------------
    def __len__(self) -> int:
        return len(self.z)

    @property
    def length(self) -> int:
        """Asymptote's ``length(path)``: the number of segments."""
        n = len(self.z)
        return n if self.cyclic or not n else n - 1

    def segment(self, i: int):
        n = len(self.z)
        j = (i + 1) % n if self.cyclic else i + 1
        return self.z[i], self.post[i], self.pre[j], self.z[j]

    def segments(self):
        return [self.segment(i) for i in range(self.length)]

    def to_guide(self) -> Guide:
        knots = [Knot(z) for z in self.z]
        joins = [Join(c1=self.post[i], c2=self.pre[(i + 1) % len(self.z)]) for i in range(self.length)]
        return Guide(knots, joins, self.cyclic)

    def solve(self) -> "Path":
        return self

    def copy(self) -> "Path":
        return Path(list(self.z), list(self.pre), list(self.post), self.cyclic, list(self.straight), self.shape)

    def line_to(self, b: complex) -> "Path":
        """``self--b`` for an open, non-empty path: a new path, one straight segment longer."""
        a = self.z[-1]
        return Path(self.z + [b], self.pre + [a + 2 * (b - a) / 3], self.post[:-1] + [a + (b - a) / 3, b],
                    False, self.straight + [True])

    def extend_line_in_place(self, b: complex) -> None:
        """Make this open, non-empty path ``self--b`` by appending to its lists.

        Only for a path nothing else can see (the caller checks that): it makes a loop
        ``p = p--z`` linear instead of quadratic, as :meth:`line_to` copies every list.
        """
        a = self.z[-1]
        self.z.append(b)
        self.pre.append(a + 2 * (b - a) / 3)
        self.post[-1] = a + (b - a) / 3
        self.post.append(b)
        self.straight.append(True)
        self.shape = None

    @staticmethod
    def point_path(z: complex) -> "Path":
        return Path([z], [z], [z], False, [])

    def all_straight(self) -> bool:
        """True when every segment was built straight (then :meth:`is_polyline` is True
        without looking at the points, here and for every transformed copy)."""
        straight = self.straight
        n = self.length
        if len(straight) == n:
            return all(straight)  # the usual case, in C
        return all(straight[i] for i in range(n))  # (an IndexError as is_polyline's when too short)

    def is_polyline(self) -> bool:
        """True when every segment is straight (controls on the chord)."""
        for i in range(self.length):
            if self.straight[i]:
                continue
            a, b, c, d = self.segment(i)
            ch = d - a
            L = abs(ch)
            if L == 0:
                if abs(b - a) > 1e-12 or abs(c - a) > 1e-12:
                    return False
                continue
            big = 1.0 if 1.0 > L else L  # max(L, 1.0), as the builtin picks
            for q in (b, c):
                v = q - a
                cross = (ch.real * v.imag - ch.imag * v.real) / L
                along = (ch.real * v.real + ch.imag * v.imag) / L
                if abs(cross) > 1e-9 * big or along < -1e-9 * L or along > L * (1 + 1e-9):
                    return False
        return True

    def transformed(self, t) -> "Path":
        shape = None
        if self.shape is not None:
            shape = t.map_shape(self.shape)
        f = getattr(t, "apply_all", None)
        if f is None:
            g = t.apply
            f = lambda zs: [g(z) for z in zs]  # noqa: E731
        return Path(f(self.z), f(self.pre), f(self.post), self.cyclic, list(self.straight), shape)

    def __repr__(self) -> str:
        parts = []
        for i in range(self.length):
            a, b, c, d = self.segment(i)
            parts.append(f"({a.real:g},{a.imag:g}).. controls ({b.real:g},{b.imag:g}) and ({c.real:g},{c.imag:g})")
        end = "cycle" if self.cyclic else (f"({self.z[-1].real:g},{self.z[-1].imag:g})" if self.z else "")
        return "..".join(parts + [end])


def angle(z: complex) -> float:
    return math.atan2(z.imag, z.real)
