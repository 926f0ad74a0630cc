"""Asymptote margins: how far a drawn path stops short of its ends (``plain_margins.asy``).

``Margin(b, e)`` trims ``b`` and ``e`` times ``labelmargin(p)`` (0.28 of the pen's font
size plus half its line width) off the path's start and end; ``PenMargin`` and
``DotMargin`` measure in line widths (a dot's diameter for ``DotMargin``'s positive
values), ``TrueMargin`` in bp. ``Margin``, ``PenMargin`` and ``DotMargin`` used as
values are the end margins ``Margin(0,1)``, ``PenMargin(-0.5,0.5)``,
``DotMargin(-0.5,0.5)``.

A margin value is a :class:`MarginSpec`; drawing commands that do not trim their
paths treat it like any other decoration they ignore.
"""

from __future__ import annotations

from geoverify.frontends.asy.guides import Path
from geoverify.frontends.asy.lib_draw import Ignored

__all__ = ["MarginSpec", "margin_lengths", "trim", "trimmed_draw", "install"]

#: the margin values of plain_margins.asy: (kind, begin, end)
_VALUES = {
    "NoMargin": ("True", 0.0, 0.0), "TrueMargin": ("True", 0.0, 0.0),
    "Margin": ("Label", 0.0, 1.0), "EndMargin": ("Label", 0.0, 1.0), "BeginMargin": ("Label", 1.0, 0.0),
    "Margins": ("Label", 1.0, 1.0),
    "PenMargin": ("Pen", -0.5, 0.5), "EndPenMargin": ("Pen", -0.5, 0.5), "BeginPenMargin": ("Pen", 0.5, -0.5),
    "PenMargins": ("Pen", 0.5, 0.5),
    "DotMargin": ("Dot", -0.5, 0.5), "EndDotMargin": ("Dot", -0.5, 0.5), "BeginDotMargin": ("Dot", 0.5, -0.5),
    "DotMargins": ("Dot", 0.5, 0.5),
}


class MarginSpec(Ignored):
    """A margin: its kind (``"Label"``, ``"Pen"``, ``"Dot"``, ``"True"``) and the begin and
    end factors. Calling it (``Margin(0, 0.5)``) gives the margin of that kind with those
    factors (the end defaults to the begin)."""

    __slots__ = ("kind", "begin", "end")

    def __init__(self, name, kind, begin, end):
        super().__init__(name)
        self.kind = kind
        self.begin = begin
        self.end = end

    def __call__(self, begin=0.0, end=None, *a, **k):
        begin = float(begin)
        return MarginSpec(self.name, self.kind, begin, begin if end is None else float(end))


def margin_lengths(m, pen, dotfactor=6.0) -> tuple[float, float]:
    """``(begin, end)`` in bp that margin ``m`` trims off a path drawn with ``pen``
    (a resolved pen: width and font size set)."""
    if not isinstance(m, MarginSpec):
        return 0.0, 0.0
    w = pen.width if pen.width is not None else 0.5
    if m.kind == "Label":
        f = 0.28 * (pen.fontsize if pen.fontsize is not None else 12.0 * 72.0 / 72.27) + 0.5 * w
        return m.begin * f, m.end * f
    if m.kind == "Pen":
        return (m.begin + 0.5) * w, (m.end + 0.5) * w
    if m.kind == "Dot":
        def dot(x):
            return dotfactor * x if x > 0 else x

        return (dot(m.begin) + 0.5) * w, (dot(m.end) + 0.5) * w
    return m.begin, m.end


def install(g) -> None:
    """Bind the margin values in the globals ``g``."""
    for name, (kind, begin, end) in _VALUES.items():
        g[name] = MarginSpec(name, kind, begin, end)


def trim(p, begin: float, end: float):
    """plain_margins.asy's ``trim(g, begin, end)``: ``g`` less ``begin`` and ``end`` of arc
    length at its ends (its point at ``begin`` when nothing is left)."""
    from geoverify.frontends.asy import pathops

    a = pathops.arctime(p, begin)
    b = pathops.arctime(p, pathops.arclength(p) - end)
    return pathops.subpath(p, a, b) if a <= b else Path.point_path(pathops.point(p, a))


def trimmed_draw(paths, pen, arrow, begin: float, end: float, location=None):
    """A drawing of ``paths`` trimmed by ``begin`` and ``end`` bp once the picture is fitted
    (asy's ``_draw(pic, g, p, margin)``: the margin is measured in the frame); it sizes the
    picture as the whole paths do."""
    from geoverify.frontends.asy import pathops
    from geoverify.frontends.asy.deferred import DeferredItem
    from geoverify.frontends.asy.picture import DrawItem
    from geoverify.frontends.asy.values import Transform

    def realize(sx, sy, lb, rt):
        if sx == 0 or sy == 0:
            return []
        to_frame, to_user = Transform(0.0, 0.0, sx, 0.0, 0.0, sy), Transform(0.0, 0.0, 1 / sx, 0.0, 0.0, 1 / sy)
        return [DrawItem("draw", [trim(p.transformed(to_frame), begin, end).transformed(to_user)], pen, None,
                         arrow, location=location) for p in paths]

    item = DeferredItem(realize, location, exact=True)
    w = 0.5 * (pen.width or 0.0)
    for p in paths:
        if p.z:
            x0, y0, x1, y1 = pathops.bbox(p)
            item.sizing += [(complex(x0, y0), complex(-w, -w)), (complex(x1, y1), complex(w, w))]
    return item
