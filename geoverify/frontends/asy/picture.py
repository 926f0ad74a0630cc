"""Asymptote pictures: what the drawing commands record, in user coordinates.

A picture keeps every drawing command until the end of the run; only then is
the user -> canvas scaling known (``size``/``unitsize`` fitting, see
:mod:`geoverify.frontends.asy.fitting`), exactly as Asymptote defers it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from geoverify.errors import SourceLocation

__all__ = ["ArrowSpec", "LabelSpec", "DrawItem", "Picture"]


class ArrowSpec:
    """An arrowbar value: ``Arrow``, ``Arrows``, ``BeginArrow``, ``MidArrow`` ...

    ``where`` is a tuple of ``"end"``, ``"start"``, ``"mid"``; ``size`` in bp or
    None for Asymptote's default (``arrowfactor * linewidth``); ``at`` the time on the
    path where a single head sits (``Arrow(Fill, 0.4)``: a real position is a time, as
    asy casts it), None for its end.
    """

    __slots__ = ("name", "where", "size", "arc", "at")

    def __init__(self, name, where, size=None, arc=False, at=None):
        self.name = name
        self.where = where
        self.size = size
        self.arc = arc
        self.at = at

    def __call__(self, *args, **kw):
        # Arrow(arrowhead, real size, real angle, filltype, position): reals fill size (then
        # angle) in order; a real after the filltype can only be the (relative) position
        size, at = kw.get("size"), kw.get("position", self.at)
        reals, after_fill = [], False
        for a in args:
            if isinstance(a, (int, float)) and not isinstance(a, bool):
                if after_fill and len(self.where) == 1 and self.where[0] in ("end", "start"):
                    at = float(a)
                else:
                    reals.append(float(a))
            elif getattr(a, "name", None) in ("Fill", "NoFill", "FillDraw", "UnFill"):
                after_fill = True
        if reals:
            size = reals[0]
        return ArrowSpec(self.name, self.where, size, self.arc, at)



def _rotated_label(t, align, transform):
    """A label's alignment and transform under picture transform ``t``: only the rotation
    of ``t`` (plain_Label.asy's ``rotation(t)``) turns them."""
    import cmath
    import math

    from geoverify.frontends.asy.values import Transform

    z = complex(2 * t.xx * t.yy, t.yx * t.yy - t.xx * t.xy)
    if t.xx < 0 or t.yy < 0:
        z = -z
    if z == 0 or abs(cmath.phase(z)) < 1e-12:
        return align, transform
    a = cmath.phase(z)
    r = Transform(0.0, 0.0, math.cos(a), -math.sin(a), math.sin(a), math.cos(a))
    return align * cmath.exp(1j * a), (r if transform is None else r * transform)

class Side:
    """asy's ``side``: an alignment relative to a path's direction (``LeftSide`` is
    ``Relative(W)``, ``RightSide`` ``Relative(E)``); ``k*LeftSide`` scales it."""

    __slots__ = ("align",)

    def __init__(self, align):
        self.align = complex(align)


class LabelSpec:
    """An Asymptote ``Label``: text with optional position, alignment, pen and the
    transform of its box (``scale(0.8)*"$A$"``; ``None`` for the identity)."""

    __slots__ = ("text", "position", "align", "pen", "relpos", "transform")

    def __init__(self, text="", position=None, align=None, pen=None, relpos=None, transform=None):
        self.text = text
        self.position = position
        self.align = align
        self.pen = pen
        self.relpos = relpos
        self.transform = transform


@dataclass(slots=True)
class DrawItem:
    """One recorded drawing command.

    ``kind`` is ``"draw"``, ``"fill"``, ``"filldraw"``, ``"unfill"``, ``"clip"``,
    ``"dot"`` or ``"label"``. Paths and positions are in the picture's user
    coordinates; label alignments and dot sizes are in bp; a label's
    ``transform`` maps its box (bp) or is ``None``; ``filltype`` names a label's
    filltype (``"UnFill"`` erases what is under its box).
    """

    kind: str
    paths: list = field(default_factory=list)
    pen: object = None
    fillpen: object = None
    arrow: object = None
    text: str = ""
    position: complex = 0j
    align: complex = 0j
    location: SourceLocation | None = None
    name: str | None = None
    size: float = 0.0
    transform: object = None
    filltype: str | None = None


class Picture:
    """A picture, its sizing requests and its legend entries (``(label, pen)`` pairs)."""

    __slots__ = ("items", "xsize", "ysize", "keep_aspect", "xunit", "yunit", "legend")
    asy_type = "picture"

    def __init__(self):
        self.items: list[DrawItem] = []
        self.xsize = 0.0
        self.ysize = 0.0
        self.keep_aspect = True
        self.xunit = 0.0
        self.yunit = 0.0
        self.legend: list = []

    def add(self, item: DrawItem) -> None:
        self.items.append(item)

    def merge(self, other: "Picture", t=None) -> None:
        """``add(pic)``: append another picture's items, mapped by transform ``t``, and its legend.

        A picture added into itself again and again doubles each time: past
        ``Limits.max_primitives`` items it is refused (:class:`BudgetExceededError`).
        """
        _check_items(len(self.items) + len(other.items))
        self.legend.extend(list(other.legend))
        for it in list(other.items):  # a copy: a picture may be added into itself
            if t is None or t.is_identity():
                self.items.append(it)
                continue
            if it.kind == "deferred":  # true-size drawings (axes, marks) map themselves
                self.items.append(it.transformed(t))
                continue
            align, transform = it.align, it.transform
            if it.kind == "label":
                # a label turns with the picture but keeps its size (asy's default embed=Rotate)
                align, transform = _rotated_label(t, align, transform)
            self.items.append(DrawItem(it.kind, [p.transformed(t) for p in it.paths], it.pen, it.fillpen,
                                       it.arrow, it.text, t.apply(it.position), align, it.location, it.name,
                                       it.size, transform, it.filltype))

    def copy(self) -> "Picture":
        p = Picture()
        p.items = list(self.items)
        p.legend = list(self.legend)
        p.xsize, p.ysize, p.keep_aspect, p.xunit, p.yunit = self.xsize, self.ysize, self.keep_aspect, self.xunit, self.yunit
        return p


def _check_items(count: int) -> None:
    """Refuse a picture of more items than the running interpreter's ``Limits.max_primitives``."""
    from geoverify.frontends.asy.interpreter import _PROXY
    from geoverify.frontends.limits import DEFAULT_LIMITS

    target = type(_PROXY).target
    limits = target.limits if target is not None and hasattr(target, "limits") else DEFAULT_LIMITS
    if count > limits.max_primitives:
        from geoverify.errors import BudgetExceededError

        raise BudgetExceededError(f"a picture of {count} items exceeds Limits.max_primitives={limits.max_primitives}")
