"""Asymptote's ``arrow(pic, L, b, dir, length, align, p, arrow, margin)`` (``plain_arrows.asy``).

An arrow of true size pointing at ``b`` from direction ``dir``: the path
``a--(0,0)`` with ``a = (begin + length + end) * unit(dir)`` bp, drawn at ``b`` and
trimmed by the margin (``EndMargin`` unless given: it stops ``labelmargin(p)``
short of ``b``); the label, aligned along ``dir`` unless it has an alignment,
stands at ``a``, the far end of the untrimmed path. ``length`` defaults to
``arrowlength`` = 0.75 cm.
"""

from __future__ import annotations

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.deferred import DeferredItem
from geoverify.frontends.asy.lib_core import P, is_num
from geoverify.frontends.asy.margins import MarginSpec, margin_lengths
from geoverify.frontends.asy.picture import ArrowSpec, DrawItem, LabelSpec, Picture
from geoverify.frontends.asy.textmetrics import label_box
from geoverify.frontends.asy.values import NoMatch, Pen

__all__ = ["install", "ARROWLENGTH"]

#: plain_arrows.asy's arrowlength, 0.75 cm in bp
ARROWLENGTH = 0.75 * 72.0 / 2.54


def install(I) -> None:
    """Bind ``arrow``."""
    g = I.globals.vars

    def arrow(*args, **kw):
        args = list(args)
        pic = args.pop(0) if args and isinstance(args[0], Picture) else kw.get("pic", I.pic)
        L = args.pop(0) if args and isinstance(args[0], (str, LabelSpec)) else kw.get("L")
        pairs = [P(a) for a in args if isinstance(a, complex)]
        nums = [float(a) for a in args if is_num(a) and not isinstance(a, (bool, complex))]
        if "b" in kw:
            pairs.insert(0, P(kw["b"]))
        if "dir" in kw:
            pairs.insert(1, P(kw["dir"]))
        if len(pairs) < 2 or not pairs[1]:
            raise NoMatch()
        b, d = pairs[0], pairs[1]
        length = float(kw.get("length", nums[0] if nums else ARROWLENGTH))
        align = P(kw["align"]) if isinstance(kw.get("align"), complex) else (pairs[2] if len(pairs) > 2 else None)
        cp = g.get("currentpen")
        pen = I.defaultpen + cp if isinstance(cp, Pen) else I.defaultpen
        for p in [a for a in args if isinstance(a, Pen)] + ([kw["p"]] if isinstance(kw.get("p"), Pen) else []):
            pen = pen + p
        head = next((a for a in args if isinstance(a, ArrowSpec)), kw.get("arrow", g.get("Arrow")))
        margin = next((a for a in args if isinstance(a, MarginSpec)), kw.get("margin", g.get("EndMargin")))
        df = g.get("dotfactor", 6)
        mb, me = margin_lengths(margin, pen, float(df) if is_num(df) else 6.0)
        u = d / abs(d)
        a = (mb + length + me) * u
        # the path a--0 less the margins (a straight line: arc length is distance)
        ends = [a - mb * u, me * u] if mb + me <= abs(a) else [a - mb * u] * 2
        text = L.text if isinstance(L, LabelSpec) else L
        if isinstance(L, LabelSpec) and L.align is not None and align is None:
            align = L.align
        align = d if align is None else align
        transform = L.transform if isinstance(L, LabelSpec) else None
        loc = I.current_loc

        def realize(sx, sy, lb, rt):
            if sx == 0 or sy == 0:
                return []
            user = [b + complex(o.real / sx, o.imag / sy) for o in ends]
            out = [DrawItem("draw", [pathops.polygon_path(user)], pen, None, head, location=loc)]
            if text:
                out.append(DrawItem("label", [], pen, text=text, position=b + complex(a.real / sx, a.imag / sy),
                                    align=align, location=loc, transform=transform))
            return out

        item = DeferredItem(realize, loc, exact=True)
        hw = 0.5 * (pen.width if pen.width is not None else 0.5)
        item.sizing = [(b, o + complex(x, y) * hw) for o in ends for x in (-1, 1) for y in (-1, 1)]
        if text:
            x0, y0, x1, y1 = label_box(text, align, pen, transform)
            item.sizing += [(b, a + complex(x0, y0)), (b, a + complex(x1, y1))]
        I.budget.step()
        pic.add(item)

    I.builtin("arrow", arrow)
