"""Deferred picture items: drawn when the picture is fitted.

Asymptote adds true-size drawings (graph axes and their ticks, ``markangle``
arcs, bars at path ends, marker frames) to a picture as *drawers* that run
once the user -> frame transform is known. A :class:`DeferredItem` stands for
one: its ``sizing`` pairs take part in ``size()`` fitting, and ``realize``
returns ordinary :class:`~geoverify.frontends.asy.picture.DrawItem` objects in
user coordinates for the final scaling. Drawers whose sizing is only an
estimate (asy's ``exact=false``, graph axes) make asy scale the drawn frame
once more to meet ``size()``.
"""

from __future__ import annotations

__all__ = ["DeferredItem", "realize_deferred"]


class DeferredItem:
    """A picture item drawn when the picture is fitted.

    ``sizing`` is a list of ``(user, truesize)`` complex pairs for ``size()`` fitting
    (exact, or an estimate for ``exact=False``: asy's drawers added with ``exact=false``);
    ``realize(sx, sy, lb, rt)`` returns ordinary :class:`DrawItem` objects in user
    coordinates once the scaling ``(sx, sy)`` and the frame bounds ``lb``/``rt`` (bp) are
    known.
    """

    kind = "deferred"
    paths = ()
    position = 0j
    pen = fillpen = arrow = name = transform = None
    text = ""
    align = 0j
    size = 0.0

    def __init__(self, realize, location=None, exact=False):
        self._realize = realize
        self.sizing = []
        self.location = location
        self.exact = exact

    def __getattr__(self, name):
        # other DrawItem attributes (added over time) are unset on a deferred item
        if name.startswith("__"):
            raise AttributeError(name)
        return None

    def realize(self, sx, sy, lb, rt):
        return self._realize(sx, sy, lb, rt)

    def transformed(self, t):
        """This item added through transform ``t`` (``add(shift(z)*pic)``): user points
        move with ``t``; true sizes stay."""
        import dataclasses

        def realize(sx, sy, lb, rt):
            return [dataclasses.replace(it, paths=[p.transformed(t) for p in it.paths],
                                        position=t.apply(it.position))
                    for it in self._realize(sx, sy, lb, rt)]

        out = DeferredItem(realize, self.location, self.exact)
        out.sizing = [(t.apply(u), v) for u, v in self.sizing]
        return out


def realize_deferred(pic, sx, sy, dotsize_of, cache=None):
    """``(items, sx, sy)``: the picture's items with every deferred item replaced by what
    it draws, and the final scaling.

    As in asy, a picture with deferred drawers is fitted with its sizing data, drawn,
    and scaled once more so that the drawn frame meets ``size()``
    (:func:`~geoverify.frontends.asy.fitting.inexact_grow`); then drawn again.
    ``cache`` (a :class:`~geoverify.frontends.asy.fitting.FitCache`) keeps the picture's
    sizing pairs and the labels' boxes across these rounds (and from the fitting before).
    """
    from geoverify.frontends.asy.fitting import FitCache, frame_bounds, inexact_grow

    if cache is None:
        cache = FitCache()
    items = _realize(pic, sx, sy, dotsize_of, cache)
    if all(getattr(it, "exact", True) for it in pic.items):
        return items, sx, sy
    gx, gy = inexact_grow(pic, frame_bounds(items, sx, sy, dotsize_of, cache))
    if (gx, gy) != (1.0, 1.0):
        sx, sy = sx * gx, sy * gy
        items = _realize(pic, sx, sy, dotsize_of, cache)
    return items, sx, sy


def _realize(pic, sx, sy, dotsize_of, cache=None):
    from geoverify.frontends.asy.fitting import coords_of

    xs, ys = coords_of(pic, dotsize_of, cache)
    if xs:
        lb = complex(min(u * sx + t for u, t in xs), min(u * sy + t for u, t in ys))
        rt = complex(max(u * sx + t for u, t in xs), max(u * sy + t for u, t in ys))
    else:
        lb = rt = 0j
    out = []
    for it in pic.items:
        if it.kind == "deferred":
            for sub in it.realize(sx, sy, lb, rt):
                sub.location = sub.location or it.location
                out.append(sub)
        else:
            out.append(it)
    return out
