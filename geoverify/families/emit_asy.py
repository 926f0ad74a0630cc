"""Write a :class:`~geoverify.families.construction.Construction` as an Asymptote program.

Plain 2D Asymptote: ``unitsize(1cm)`` (page units are centimetres), ``draw``,
``filldraw``, ``dot``, ``label(..., dir(angle))``, ``Arrow``, ``MidArrow`` and
a short arrowed stroke ending on the path for direction arrows elsewhere on it.
"""

from __future__ import annotations

import numpy as np

from geoverify.families.construction import (
    COLORS, ArcItem, CircleItem, Construction, Path, Point, Text, path_length_point,
)

__all__ = ["to_asy"]


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pt(p) -> str:
    return f"({_num(p[0])},{_num(p[1])})"


def _rgb(name: str) -> str:
    h = COLORS[name]
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return f"rgb({r:.3f},{g:.3f},{b:.3f})"


def _pen(st) -> str:
    p = f"{_rgb(st.color)}+linewidth({_num(st.width)}pt)"
    if st.dash:
        p += f"+{st.dash}"
    return p


def _str(text: str) -> str:
    return '"' + text.replace('"', "''") + '"'


def to_asy(c: Construction) -> str:
    """The construction as an Asymptote program (text)."""
    out = [f"// {c.title}", "usepackage(\"amssymb\");", "unitsize(1cm);", "defaultpen(fontsize(10pt));"]
    texts, dots = [], []
    for it in c.items:
        pan = c.panels[it.panel]
        if isinstance(it, Path):
            pts = c.page_points(it)
            g = "--".join(_pt(p) for p in pts) + ("--cycle" if it.closed else "")
            extra = []
            if it.arrow_end and it.arrow_start:
                extra.append("Arrows")
            elif it.arrow_end:
                extra.append("Arrow")
            elif it.arrow_start:
                extra.append("BeginArrow")
            mids = list(it.mid_arrows)
            if not extra and len(mids) == 1 and abs(mids[0] - 0.5) < 1e-9:
                extra.append("MidArrow")
                mids = []
            if it.closed and it.style.fill:
                out.append(f"filldraw({g}, {_rgb(it.style.fill)}, {_pen(it.style)});")
            else:
                out.append(f"draw({g}, {_pen(it.style)}{''.join(', ' + e for e in extra)});")
            ring = np.vstack([pts, pts[:1]]) if it.closed else pts
            for f in mids:
                # Other positions: a short stroke ending on the path, with an arrow tip.
                tip, tan = path_length_point(ring, f)
                out.append(f"draw({_pt(tip - 0.3 * tan)}--{_pt(tip)}, {_pen(it.style)}, Arrow);")
        elif isinstance(it, CircleItem):
            g = f"circle({_pt(c.page(it.center, it.panel))}, {_num(pan.scale * it.radius)})"
            if it.style.fill:
                out.append(f"filldraw({g}, {_rgb(it.style.fill)}, {_pen(it.style)});")
            else:
                out.append(f"draw({g}, {_pen(it.style)});")
        elif isinstance(it, ArcItem):
            g = f"arc({_pt(c.page(it.center, it.panel))}, {_num(pan.scale * it.radius)}, {_num(it.start_deg)}, {_num(it.end_deg)})"
            out.append(f"draw({g}, {_pen(it.style)}{', Arrow' if it.arrow_end else ''});")
        elif isinstance(it, Point):
            if it.dot:
                dots.append(f"dot({_pt(pan.to_page(it.xy))}, {_rgb(it.color)});")
        elif isinstance(it, Text):
            pens = ([] if it.color == "black" else [_rgb(it.color)]) + (["fontsize(8pt)"] if it.size == "small" else [])
            pen = (", " + "+".join(pens)) if pens else ""
            if it.attach is not None:
                texts.append(f"label({_str(it.text)}, {_pt(c.text_anchor(it))}, dir({_num(it.direction)}){pen});")
            else:
                texts.append(f"label({_str(it.text)}, {_pt(c.text_anchor(it))}{pen});")
    out += dots + texts
    return "\n".join(out) + "\n"
