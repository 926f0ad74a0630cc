"""Runtime values of the Asymptote interpreter other than numbers and paths.

Asymptote types map to Python values: ``int`` -> int, ``real`` -> float,
``pair`` -> complex, ``bool`` -> bool, ``string`` -> str, ``path``/``guide`` ->
:class:`~geoverify.frontends.asy.guides.Path`/``Guide``, arrays -> :class:`AsyArray`,
and the classes below for pens, transforms, triples and functions.
"""

from __future__ import annotations

import math
from operator import add as _add

from geoverify.frontends.asy.guides import CycleToken, Guide, Path

__all__ = ["Pen", "Transform", "Triple", "AsyArray", "AsyFunction", "Builtin", "Overloads",
           "StructType", "StructInstance", "NoMatch", "type_name", "DEFAULT_PEN"]


class NoMatch(Exception):
    """A builtin does not accept these argument types (try the next overload)."""


_HEX: dict = {}     # color tuple -> "#rrggbb" (every primitive's style asks)


class Pen:
    """An Asymptote pen. Unset attributes are None so ``p + q`` can merge."""

    __slots__ = ("color", "width", "dash", "fontsize", "opacity", "invisible")

    def __init__(self, color=None, width=None, dash=None, fontsize=None, opacity=None, invisible=False):
        self.color = color
        self.width = width
        self.dash = dash
        self.fontsize = fontsize
        self.opacity = opacity
        self.invisible = invisible

    def __add__(self, other: "Pen") -> "Pen":
        if not isinstance(other, Pen):
            return NotImplemented
        if self.color is not None and other.color is not None:
            # min(1.0, a + b) per channel, without the builtin's argument parsing
            color = tuple([c if c < 1.0 else 1.0 for c in map(_add, self.color, other.color)])
        else:
            color = other.color if other.color is not None else self.color
        return Pen(color,
                   other.width if other.width is not None else self.width,
                   other.dash if other.dash is not None else self.dash,
                   other.fontsize if other.fontsize is not None else self.fontsize,
                   other.opacity if other.opacity is not None else self.opacity,
                   self.invisible or other.invisible)

    def scaled(self, s: float) -> "Pen":
        c = self.color if self.color is not None else (0.0, 0.0, 0.0)
        return Pen(tuple(min(1.0, max(0.0, s * v)) for v in c), self.width, self.dash, self.fontsize,
                   self.opacity, self.invisible)

    def resolved(self, base: "Pen") -> "Pen":
        """This pen with unset attributes taken from ``base`` (the defaultpen)."""
        return base + self

    @property
    def hex(self) -> str:
        c = self.color if self.color is not None else (0.0, 0.0, 0.0)
        try:
            h = _HEX.get(c)
        except TypeError:       # a color that is not a tuple
            h = None
        if h is None:
            h = "#" + "".join(f"{int(round(max(0.0, min(1.0, v)) * 255)):02x}" for v in c)
            if type(c) is tuple and len(_HEX) < 4096:
                _HEX[c] = h
        return h

    def __repr__(self) -> str:
        return f"Pen(color={self.color}, width={self.width}, dash={self.dash})"


# asy's default pen: black, 0.5 bp wide, 12 TeX points (11.955 bp)
DEFAULT_PEN = Pen((0.0, 0.0, 0.0), 0.5, None, 12.0 * 72.0 / 72.27, 1.0)


class Transform:
    """Asymptote ``transform``: ``(x, y, xx, xy, yx, yy)`` maps ``(u, v)`` to
    ``(x + xx u + xy v, y + yx u + yy v)``."""

    __slots__ = ("x", "y", "xx", "xy", "yx", "yy")

    def __init__(self, x=0.0, y=0.0, xx=1.0, xy=0.0, yx=0.0, yy=1.0):
        self.x, self.y, self.xx, self.xy, self.yx, self.yy = x, y, xx, xy, yx, yy

    def apply(self, z: complex) -> complex:
        u, v = z.real, z.imag
        return complex(self.x + self.xx * u + self.xy * v, self.y + self.yx * u + self.yy * v)

    def apply_all(self, zs) -> list:
        """``[self.apply(z) for z in zs]`` written out (a hot path): the same arithmetic in the same order."""
        x, y, xx, xy, yx, yy = self.x, self.y, self.xx, self.xy, self.yx, self.yy
        return [complex(x + xx * z.real + xy * z.imag, y + yx * z.real + yy * z.imag) for z in zs]

    def linear(self, z: complex) -> complex:
        u, v = z.real, z.imag
        return complex(self.xx * u + self.xy * v, self.yx * u + self.yy * v)

    def __mul__(self, o):
        if isinstance(o, Transform):
            return Transform(self.x + self.xx * o.x + self.xy * o.y, self.y + self.yx * o.x + self.yy * o.y,
                             self.xx * o.xx + self.xy * o.yx, self.xx * o.xy + self.xy * o.yy,
                             self.yx * o.xx + self.yy * o.yx, self.yx * o.xy + self.yy * o.yy)
        return NotImplemented

    def det(self) -> float:
        return self.xx * self.yy - self.xy * self.yx

    def inverse(self) -> "Transform":
        d = self.det()
        if d == 0:
            raise ZeroDivisionError("transform is singular")
        ixx, ixy, iyx, iyy = self.yy / d, -self.xy / d, -self.yx / d, self.xx / d
        return Transform(-(ixx * self.x + ixy * self.y), -(iyx * self.x + iyy * self.y), ixx, ixy, iyx, iyy)

    def similarity_scale(self):
        """Uniform scale when the linear part is a similarity, else None."""
        a, b, c, d = self.xx, self.xy, self.yx, self.yy
        s1 = math.hypot(a, c)
        s2 = math.hypot(b, d)
        if abs(s1 - s2) > 1e-9 * max(s1, s2, 1e-300) or abs(a * b + c * d) > 1e-9 * max(s1 * s2, 1e-300):
            return None
        return s1

    def map_shape(self, shape):
        s = self.similarity_scale()
        if s is None:
            return None
        kind = shape[0]
        c = self.apply(shape[1])
        if kind == "circle":
            return ("circle", c, shape[2] * s)
        if kind == "arc":
            rot = math.atan2(self.yx, self.xx)
            if self.det() < 0:
                return ("arc", c, shape[2] * s, -shape[3] + rot, -shape[4])
            return ("arc", c, shape[2] * s, shape[3] + rot, shape[4])
        return None

    def is_identity(self) -> bool:
        return (self.x, self.y, self.xx, self.xy, self.yx, self.yy) == (0, 0, 1, 0, 0, 1)

    def __repr__(self) -> str:
        return f"({self.x:g},{self.y:g},{self.xx:g},{self.xy:g},{self.yx:g},{self.yy:g})"


class Triple:
    __slots__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        self.x, self.y, self.z = x, y, z


class AsyArray(list):
    """An Asymptote array; ``elem`` is the element type name ("real", "pair", ...)."""

    __slots__ = ("elem", "cyclic")

    def __init__(self, items=(), elem="", cyclic=False):
        super().__init__(items)
        self.elem = elem
        self.cyclic = cyclic


class AsyFunction:
    """A function written in Asymptote: parameters, body and defining scope."""

    __slots__ = ("name", "ret", "params", "body", "env", "interp", "binding", "invoke", "fits")

    def __init__(self, name, ret, params, body, env, interp):
        self.name = name
        self.ret = ret
        self.params = params  # list of (type, name, default-node or None)
        self.body = body
        self.env = env
        self.interp = interp
        # (name, type, conversion) per parameter when every one is plain (no "...T[]"),
        # False when one is not, None until the first call (ExpressionsMixin.call_user)
        self.binding = None
        # None until the first call, False after it; from the second call on, the compiled
        # call with every parameter positional (closures.compile_invocation)
        self.invoke = None
        # per parameter the argument classes that certainly fit it, once invoke is compiled
        self.fits = None

    def __call__(self, *args, **kwargs):
        return self.interp.call_user(self, list(args), kwargs)


class Builtin:
    """A function implemented in Python; raises :class:`NoMatch` on foreign types.

    ``accepts``, when the function has one (``fn.accepts``), is a cheap test
    ``accepts(args, kwargs) -> bool``: False promises that ``fn`` would raise
    :class:`NoMatch` at once, before doing anything, so an overload search may skip
    the call (an overload tried before the common one, such as ``draw`` about a
    point, otherwise raises on nearly every call).
    """

    __slots__ = ("name", "fn", "accepts")

    def __init__(self, name, fn):
        self.name = name
        self.fn = fn
        self.accepts = getattr(fn, "accepts", None)

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)


class Overloads(list):
    """All functions visible under one name, innermost definition first."""

    __slots__ = ()


class StructType:
    __slots__ = ("name", "body", "env")

    def __init__(self, name, body, env):
        self.name = name
        self.body = body
        self.env = env


class StructInstance:
    __slots__ = ("stype", "fields")

    def __init__(self, stype, fields):
        self.stype = stype
        self.fields = fields


def type_name(v) -> str:
    """Asymptote type name of a runtime value (for overload resolution)."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "real"
    if isinstance(v, complex):
        return "pair"
    if isinstance(v, str):
        return "string"
    if isinstance(v, Path):
        return "path"
    if isinstance(v, Guide):
        return "guide"
    if isinstance(v, Pen):
        return "pen"
    if isinstance(v, Transform):
        return "transform"
    if isinstance(v, AsyArray):
        return (v.elem or "") + "[]"
    if isinstance(v, list):
        return "[]"
    if isinstance(v, CycleToken):
        return "cycle"
    if isinstance(v, Triple):
        return "triple"
    if isinstance(v, StructInstance):
        return v.stype.name
    if isinstance(v, (AsyFunction, Builtin, Overloads)) or callable(v):
        return "function"
    # pictures and frames name their Asymptote type (a user function's "picture pic" fits them)
    return getattr(type(v), "asy_type", None) or type(v).__name__
