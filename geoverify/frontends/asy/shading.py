"""Asymptote's gradient shadings ``axialshade`` and ``radialshade``.

``axialshade(pic, g, stroke=false, pena, a, extenda, penb, b, extendb)`` and
``radialshade(pic, g, stroke=false, pena, a, ra, extenda, penb, b, rb, extendb)``
fill the region of ``g`` with colours varying from ``pena`` to ``penb``. The
scene has no gradients: the region is recorded as a fill in ``pena``'s colour,
so the outline is exact and the colour is the gradient's start. Shading the
stroke of ``g`` (``stroke=true``) is not interpreted.
"""

from __future__ import annotations

from geoverify.frontends.asy.guides import Guide, Path
from geoverify.frontends.asy.picture import DrawItem, Picture
from geoverify.frontends.asy.values import NoMatch, Pen

__all__ = ["install"]


def install(I) -> None:
    """Bind ``axialshade`` and ``radialshade``."""

    def shade(name):
        def fn(*args, **kw):
            args = list(args)
            pic = args.pop(0) if args and isinstance(args[0], Picture) else kw.get("pic", I.pic)
            g = args.pop(0) if args else kw.get("g")
            paths = [g] if isinstance(g, (Path, Guide)) else g if isinstance(g, list) else None
            if not paths or not all(isinstance(p, (Path, Guide)) for p in paths):
                raise NoMatch()
            stroke = args.pop(0) if args and isinstance(args[0], bool) else bool(kw.get("stroke", False))
            pens = [a for a in args if isinstance(a, Pen)] + [kw[k] for k in ("pena", "penb") if isinstance(kw.get(k), Pen)]
            if not pens:
                raise NoMatch()
            if stroke:
                I.note("UNSUPPORTED", f"{name}(stroke=true): shading a stroke", name)
                return
            cp = I.globals.vars.get("currentpen")
            base = I.defaultpen + cp if isinstance(cp, Pen) else I.defaultpen
            I.budget.step()
            pic.add(DrawItem("fill", [p.solve() for p in paths], None, base + pens[0], location=I.current_loc))

        return fn

    I.builtin("axialshade", shade("axialshade"))
    I.builtin("radialshade", shade("radialshade"))
