"""Write a :class:`~geoverify.families.construction.Construction` as a standalone TikZ document.

Plain TikZ only (``\\draw``, ``\\fill``, ``\\node``, ``plot coordinates``,
``->`` arrows and ``decorations.markings`` for mid-path arrows), with
``x=1cm, y=1cm`` so that page units are centimetres; colours are defined once
with ``\\definecolor``.
"""

from __future__ import annotations

import math

from geoverify.families.construction import COLORS, ArcItem, CircleItem, Construction, Path, Point, Text, compass

__all__ = ["to_tikz"]


def _num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pt(p) -> str:
    return f"({_num(p[0])},{_num(p[1])})"


def _color(name: str) -> str:
    return "gv" + name


def _opts(st, arrows: str = "", fill: bool = False, mids=()) -> str:
    o = []
    if arrows:
        o.append(arrows)
    o.append(f"draw={_color(st.color)}")
    o.append(f"line width={_num(st.width)}pt")
    if st.dash:
        o.append(st.dash)
    if fill and st.fill:
        o.append(f"fill={_color(st.fill)}")
        if st.fill_opacity < 1:
            o.append(f"fill opacity={_num(st.fill_opacity)}")
    if mids:
        marks = ", ".join(f"mark=at position {_num(f)} with {{\\arrow{{>}}}}" for f in mids)
        o.append(f"postaction={{decorate}}, decoration={{markings, {marks}}}")
    return "[" + ", ".join(o) + "]"


def to_tikz(c: Construction) -> str:
    """The construction as a standalone LaTeX document with one tikzpicture."""
    out = ["\\documentclass[tikz, border=4pt]{standalone}",
           "\\usepackage{amssymb}", "\\usetikzlibrary{decorations.markings}"]
    used = sorted({it.style.color for it in c.items if hasattr(it, "style")}
                  | {it.style.fill for it in c.items if hasattr(it, "style") and it.style.fill}
                  | {it.color for it in c.items if isinstance(it, (Point, Text))})
    for name in used:
        out.append(f"\\definecolor{{{_color(name)}}}{{HTML}}{{{COLORS[name][1:].upper()}}}")
    out += ["\\begin{document}", f"% {c.title}", "\\begin{tikzpicture}[x=1cm, y=1cm]"]
    texts, dots = [], []
    for it in c.items:
        pan = c.panels[it.panel]
        if isinstance(it, Path):
            pts = c.page_points(it)
            arrows = "<->" if it.arrow_start and it.arrow_end else "->" if it.arrow_end else "<-" if it.arrow_start else ""
            opts = _opts(it.style, arrows, it.closed, it.mid_arrows)
            cmd = "\\filldraw" if it.closed and it.style.fill else "\\draw"
            if it.smooth:
                ring = list(pts) + ([pts[0]] if it.closed else [])
                body = "plot coordinates {" + " ".join(_pt(p) for p in ring) + "}"
            else:
                body = " -- ".join(_pt(p) for p in pts) + (" -- cycle" if it.closed else "")
            out.append(f"{cmd}{opts} {body};")
        elif isinstance(it, CircleItem):
            cmd = "\\filldraw" if it.style.fill else "\\draw"
            out.append(f"{cmd}{_opts(it.style, fill=True)} {_pt(c.page(it.center, it.panel))} circle ({_num(pan.scale * it.radius)});")
        elif isinstance(it, ArcItem):
            ctr = c.page(it.center, it.panel)
            r = pan.scale * it.radius
            a0 = math.radians(it.start_deg)
            start = (ctr[0] + r * math.cos(a0), ctr[1] + r * math.sin(a0))
            out.append(f"\\draw{_opts(it.style, '->' if it.arrow_end else '')} {_pt(start)} "
                       f"arc ({_num(it.start_deg)}:{_num(it.end_deg)}:{_num(r)});")
        elif isinstance(it, Point):
            if it.dot:
                dots.append(f"\\fill[{_color(it.color)}] {_pt(pan.to_page(it.xy))} circle ({_num(it.dot_radius)}pt);")
        elif isinstance(it, Text):
            size = "font=\\small, " if it.size == "small" else ""
            col = f"text={_color(it.color)}, " if it.color != "black" else ""
            if it.attach is not None:
                texts.append(f"\\node[{size}{col}{compass(it.direction)}] at {_pt(c.text_anchor(it))} {{{it.text}}};")
            else:
                texts.append(f"\\node[{size}{col.rstrip(', ')}] at {_pt(c.text_anchor(it))} {{{it.text}}};".replace("[]", ""))
    out += dots + texts
    out += ["\\end{tikzpicture}", "\\end{document}"]
    return "\n".join(out) + "\n"
