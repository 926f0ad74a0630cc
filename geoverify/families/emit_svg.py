"""Write a :class:`~geoverify.families.construction.Construction` as a standalone SVG document.

Page units become :data:`~geoverify.families.construction.SVG_PX_PER_UNIT`
pixels with the y axis flipped (SVG's y grows downwards). TeX in texts is
turned into Unicode (``\\le`` -> ``≤``, ``z^3`` -> ``z³``) because SVG has no
TeX; mid-path direction arrows are short paths with an end marker whose tip
lies on the path (``marker-mid`` would mark every vertex of a sampled curve).
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.families.construction import (
    COLORS, SVG_PX_PER_UNIT, ArcItem, CircleItem, Construction, Path, Point, Text, path_length_point,
)

__all__ = ["to_svg", "tex_to_unicode", "FONT_PX"]

FONT_PX = {"normal": 14.0, "small": 12.0}

_SYMBOLS = {
    r"\le": "≤", r"\leq": "≤", r"\ge": "≥", r"\geq": "≥", r"\ne": "≠", r"\neq": "≠", r"\cdot": "·",
    r"\circ": "∘", r"\to": "→", r"\rightarrow": "→", r"\mapsto": "↦", r"\subset": "⊂", r"\subseteq": "⊆",
    r"\in": "∈", r"\theta": "θ", r"\pi": "π", r"\varepsilon": "ε", r"\epsilon": "ε", r"\gamma": "γ",
    r"\Gamma": "Γ", r"\partial": "∂", r"\infty": "∞", r"\times": "×", r"\alpha": "α", r"\beta": "β",
    r"\lambda": "λ", r"\sim": "∼", r"\cong": "≅", r"\perp": "⊥", r"\angle": "∠", r"\cup": "∪",
    r"\cap": "∩", r"\emptyset": "∅", r"\triangle": "△", r"\omega": "ω", r"\Omega": "Ω", r"\delta": "δ",
    r"\kappa": "κ", r"\mu": "μ", r"\phi": "φ", r"\varphi": "φ", r"\sigma": "σ", r"\parallel": "∥",
    r"\pm": "±", r"\approx": "≈", r"\|": "‖",
}
_BLACKBOARD = {"R": "ℝ", "C": "ℂ", "Z": "ℤ", "N": "ℕ", "Q": "ℚ"}
_SUP = str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")


def tex_to_unicode(text: str) -> str:
    """Plain Unicode for a short TeX text (labels and formulas only)."""
    s = text.replace("$", "")
    s = re.sub(r"\\mathbb\{(\w)\}", lambda m: _BLACKBOARD.get(m.group(1), m.group(1)), s)
    s = re.sub(r"\\(?:mathrm|operatorname|text|mathit|mathbf)\{([^{}]*)\}", r"\1", s)
    s = re.sub(r"\\(?:,|;|quad|qquad)", " ", s)
    s = re.sub(r"\\(sin|cos|tan|log|exp|det|ker|dim|id|lim)(?![A-Za-z])", r"\1 ", s)
    s = re.sub(r"\\(?:left|right)(?![A-Za-z])", "", s)
    for cmd in sorted(_SYMBOLS, key=len, reverse=True):
        s = re.sub(re.escape(cmd) + r"(?![A-Za-z])", _SYMBOLS[cmd], s)
    s = re.sub(r"\^\{([0-9+-]+)\}", lambda m: m.group(1).translate(_SUP), s)
    s = re.sub(r"\^([0-9])", lambda m: m.group(1).translate(_SUP), s)
    s = s.replace("{", "").replace("}", "")
    return re.sub(r" {2,}", " ", s).strip()


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


class _Svg:
    def __init__(self, c: Construction):
        self.c = c
        self.x0, self.y0, self.x1, self.y1 = c.bbox()
        self.px = SVG_PX_PER_UNIT

    def xy(self, p) -> tuple[float, float]:
        return (self.px * (p[0] - self.x0), self.px * (self.y1 - p[1]))

    def pts(self, arr) -> str:
        return " ".join("%.3f,%.3f" % self.xy(p) for p in arr)

    def stroke(self, st, fill=False) -> str:
        a = f'stroke="{COLORS[st.color]}" stroke-width="{st.width * 1.25:.2f}"'
        if st.dash == "dashed":
            a += ' stroke-dasharray="6,4"'
        elif st.dash == "dotted":
            a += ' stroke-dasharray="1.5,3"'
        if fill and st.fill:
            a += f' fill="{COLORS[st.fill]}"'
            if st.fill_opacity < 1:
                a += f' fill-opacity="{st.fill_opacity:g}"'
        else:
            a += ' fill="none"'
        return a

    def markers(self, start: bool, end: bool) -> str:
        out = ""
        if end:
            out += ' marker-end="url(#tip)"'
        if start:
            out += ' marker-start="url(#tail)"'
        return out


def _label_center(c: Construction, t: Text, font_px: float) -> np.ndarray:
    """Page centre of an attached label: beside its point, clear of it, in its direction."""
    p = c.text_anchor(t)
    u = np.array([math.cos(math.radians(t.direction)), math.sin(math.radians(t.direction))])
    w = 0.5 * font_px * max(1, len(tex_to_unicode(t.text))) / SVG_PX_PER_UNIT
    h = font_px / SVG_PX_PER_UNIT
    return p + 0.2 * u + np.array([u[0] * w / 2, u[1] * h / 2]) + 0.12 * u


def to_svg(c: Construction) -> str:
    """The construction as an SVG document (text)."""
    s = _Svg(c)
    W, H = s.px * (s.x1 - s.x0), s.px * (s.y1 - s.y0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W:.1f}" height="{H:.1f}" viewBox="0 0 {W:.1f} {H:.1f}">',
           f"  <title>{_esc(c.title)}</title>",
           '  <defs>\n    <marker id="tip" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="black"/></marker>\n'
           '    <marker id="tail" viewBox="0 0 10 10" refX="1" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="black"/></marker>\n  </defs>']
    texts, dots = [], []
    for it in c.items:
        pan = c.panels[it.panel]
        if isinstance(it, Path):
            pts = c.page_points(it)
            tag = "polygon" if it.closed else "polyline"
            out.append(f'  <{tag} id="{_esc(it.key)}" points="{s.pts(pts)}" {s.stroke(it.style, fill=it.closed)}'
                       f'{s.markers(it.arrow_start, it.arrow_end)}/>')
            ring = np.vstack([pts, pts[:1]]) if it.closed else pts
            for k, frac in enumerate(it.mid_arrows):
                tip, tan = path_length_point(ring, frac)
                back = tip - 0.3 * tan
                out.append(f'  <polyline id="{_esc(it.key)}.mid{k}" points="{s.pts([back, tip])}" '
                           f'{s.stroke(it.style)} marker-end="url(#tip)"/>')
        elif isinstance(it, CircleItem):
            cx, cy = s.xy(c.page(it.center, it.panel))
            out.append(f'  <circle id="{_esc(it.key)}" cx="{cx:.3f}" cy="{cy:.3f}" r="{s.px * pan.scale * it.radius:.3f}" '
                       f'{s.stroke(it.style, fill=True)}/>')
        elif isinstance(it, ArcItem):
            ctr = c.page(it.center, it.panel)
            r = pan.scale * it.radius
            a0, a1 = math.radians(it.start_deg), math.radians(it.end_deg)
            p0 = ctr + r * np.array([math.cos(a0), math.sin(a0)])
            p1 = ctr + r * np.array([math.cos(a1), math.sin(a1)])
            large = 1 if abs(it.end_deg - it.start_deg) % 360 > 180 else 0
            sweep = 0 if it.end_deg > it.start_deg else 1  # counter-clockwise on the page is sweep 0 in SVG
            (x0, y0), (x1, y1) = s.xy(p0), s.xy(p1)
            R = s.px * r
            out.append(f'  <path id="{_esc(it.key)}" d="M {x0:.3f} {y0:.3f} A {R:.3f} {R:.3f} 0 {large} {sweep} {x1:.3f} {y1:.3f}" '
                       f'{s.stroke(it.style)}{s.markers(False, it.arrow_end)}/>')
        elif isinstance(it, Point):
            if it.dot:
                x, y = s.xy(pan.to_page(it.xy))
                dots.append(f'  <circle id="{_esc(it.key)}" cx="{x:.3f}" cy="{y:.3f}" r="{it.dot_radius * 1.25:.2f}" '
                            f'fill="{COLORS[it.color]}" stroke="none"/>')
        elif isinstance(it, Text):
            fs = FONT_PX[it.size]
            centre = _label_center(c, it, fs) if it.attach is not None else c.text_anchor(it)
            x, y = s.xy(centre)
            # The baseline sits ~0.35 em below the visual centre of the text.
            texts.append(f'  <text id="{_esc(it.key)}" x="{x:.2f}" y="{y + 0.35 * fs:.2f}" font-size="{fs:g}" '
                         f'text-anchor="middle" fill="{COLORS[it.color]}">{_esc(tex_to_unicode(it.text))}</text>')
    out += dots + texts
    out.append("</svg>")
    return "\n".join(out) + "\n"
