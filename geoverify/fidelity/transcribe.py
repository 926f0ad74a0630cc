"""Scene -> TikZ or SVG code, to measure that fidelity scores do not depend on the language.

The transcription writes what the scene draws, primitive by primitive: paths as
cubic Bezier segments (straight pieces as ``--`` / ``L``), circles, dots and
labels. Labels follow each language's convention: in TikZ a label is a node
attached to its point (``\\node[anchor=north east] at (A) {$A$}``, so the front-end's
anchor is the point, as in Asymptote); in SVG it is text placed where the
reference's label box is, as a person writing SVG would place it.
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.matching import normalize_text
from geoverify.scene import Arrow, Circle, Dot, Polyline, Scene, TextLabel

__all__ = ["to_tikz", "to_svg"]

# LaTeX's size commands (10 pt classes, as Asymptote and standalone TikZ use): a label
# written {\tiny D} shows at 5 pt whatever its pen's font size.
_SIZE_COMMAND = re.compile(r"\\(tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge)(?![A-Za-z])")


def _shown_font_size(text: str, font_size: float) -> float:
    """The size ``text`` shows at: its first LaTeX size command's, else ``font_size`` (bp)."""
    from geoverify.frontends.texfonts import LatexFonts

    m = _SIZE_COMMAND.search(text)
    return LatexFonts(10).size_commands[m.group(1)] if m else font_size


def _f(x: float) -> str:
    return f"{x:.5f}".rstrip("0").rstrip(".") if math.isfinite(x) else "0"


def _rgb(colour: str | None) -> tuple[int, int, int] | None:
    if not colour or not colour.startswith("#") or len(colour) != 7:
        return None
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def _tikz_colour(colour: str | None) -> str:
    rgb = _rgb(colour)
    return "black" if rgb is None else "{rgb,255:red,%d;green,%d;blue,%d}" % rgb


def _tikz_anchor(offset: np.ndarray, size: float) -> str:
    """TikZ anchor of a node whose box centre is ``offset`` away from the point it labels."""
    if np.hypot(*offset) < 0.15 * size:
        return "center"
    ang = math.degrees(math.atan2(offset[1], offset[0])) % 360
    # The node sits in direction `ang` from the point, so its opposite side touches the point.
    names = ["west", "south west", "south", "south east", "east", "north east", "north", "north west"]
    return names[int(((ang + 22.5) % 360) // 45)]


def _tikz_path(sp) -> str:
    c = sp.controls
    parts = [f"({_f(c[0, 0, 0])},{_f(c[0, 0, 1])})"]
    straight = sp.is_straight()
    for k in range(len(c)):
        end = f"({_f(c[k, 3, 0])},{_f(c[k, 3, 1])})"
        if sp.closed and k == len(c) - 1 and np.allclose(c[k, 3], c[0, 0]) and straight[k]:
            parts.append("-- cycle")
            break
        if straight[k]:
            parts.append(f"-- {end}")
        else:
            parts.append(f".. controls ({_f(c[k, 1, 0])},{_f(c[k, 1, 1])}) and ({_f(c[k, 2, 0])},{_f(c[k, 2, 1])}) .. {end}")
    else:
        if sp.closed:
            parts.append("-- cycle")
    return " ".join(parts)


def to_tikz(scene: Scene, points: dict | None = None, size: float = 300.0) -> str:
    """A standalone LaTeX document with one tikzpicture drawing ``scene``.

    Coordinates are the scene's, drawn with unit vectors that make the geometry's
    larger side ``size`` bp (a similarity: fidelity does not change), as a person
    would size a figure; dots, fonts and line widths keep their size in bp.

    Parameters
    ----------
    points : dict, optional
        Point name -> canvas position (2,). A label naming one of them becomes a node
        attached to it, as a person transcribing would write it (needed when the scene
        comes from SVG, whose label anchors are text positions, not points).
    size : float
    """
    from geoverify.fidelity.mine import point_name

    points = points or {}
    gx0, gy0, gx1, gy1 = scene.geometry_bbox() or scene.bbox()
    k = size / max(gx1 - gx0, gy1 - gy0, 1e-9)
    lines = [r"\documentclass[tikz]{standalone}", r"\begin{document}",
             f"\\begin{{tikzpicture}}[x={_f(k)}bp,y={_f(k)}bp]"]
    for p in scene.primitives:
        st = p.style
        if isinstance(p, TextLabel):
            at = points.get(point_name(normalize_text(p.text)) or "", p.anchor)
            anchor = _tikz_anchor(p.center - at, p.font_size)
            lines.append(f"\\node[anchor={anchor},inner sep=1bp,font=\\fontsize{{{_f(p.font_size)}bp}}{{{_f(1.2 * p.font_size)}bp}}\\selectfont]"
                         f" at ({_f(at[0])},{_f(at[1])}) {{{p.text}}};")
            continue
        if isinstance(p, Dot):
            lines.append(f"\\fill[{_tikz_colour(st.fill or st.stroke)}] ({_f(p.center[0])},{_f(p.center[1])}) "
                         f"circle[radius={_f(max(p.radius, 0.5))}bp];")
            continue
        if isinstance(p, Arrow) or not st.visible:
            continue
        opts = []
        if st.stroked:
            opts += [f"draw={_tikz_colour(st.stroke)}", f"line width={_f(st.stroke_width)}bp"]
            if st.dash:
                opts.append("dash pattern=" + " ".join(f"{'on' if i % 2 == 0 else 'off'} {_f(d)}bp" for i, d in enumerate(st.dash)))
        if st.filled:
            opts.append(f"fill={_tikz_colour(st.fill)}")
        cmd = f"\\path[{','.join(opts)}]"
        if isinstance(p, Circle):
            lines.append(f"{cmd} ({_f(p.center[0])},{_f(p.center[1])}) circle[radius={_f(p.radius)}];")
            continue
        body = " ".join(_tikz_path(sp) for sp in p.subpaths())
        if body:
            lines.append(f"{cmd} {body};")
    lines += [r"\end{tikzpicture}", r"\end{document}", ""]
    return "\n".join(lines)


def to_svg(scene: Scene, points: dict | None = None, size: float = 300.0, margin: float = 20.0) -> str:
    """An SVG document drawing ``scene`` (y flipped to SVG's downward axis; labels as plain text).

    The geometry is scaled so that its larger side is ``size`` user units (a similarity:
    fidelity does not change); fonts keep their size, and each label is put next to the
    point it names, on the side the reference puts it, as a person writing SVG would; a
    label naming a point the figure does not draw (nothing at or near it) is its point's
    only mark, and is written beside it or on it, whichever keeps it clearer of the drawn
    points (a reader takes a label for the drawn point next to it).

    Parameters
    ----------
    points : dict, optional
        Point name -> canvas position (2,) as the reference reads it (a label nudged off
        a crossing names the crossing). Without it, a label's point is its anchor.
    """
    from geoverify.fidelity.mine import point_name
    from geoverify.matching.features import extract_features
    from geoverify.matching.snapping import drawn_points, names_undrawn_point

    points = points or {}
    feats = extract_features(scene)
    drawn = drawn_points(feats)
    gx0, gy0, gx1, gy1 = scene.geometry_bbox() or scene.bbox()
    k = size / max(gx1 - gx0, gy1 - gy0, 1e-9)
    w, h = k * (gx1 - gx0) + 2 * margin, k * (gy1 - gy0) + 2 * margin

    def X(x):
        return _f(k * (x - gx0) + margin)

    def Y(y):
        return _f(k * (gy1 - y) + margin)

    def R(r):
        return _f(k * r)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(w)}" height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}">']
    for p in scene.primitives:
        st = p.style
        if isinstance(p, TextLabel):
            text = normalize_text(p.text).replace("&", "&amp;").replace("<", "&lt;")
            off = p.center - p.anchor
            n = float(np.hypot(*off))
            fs = _shown_font_size(p.text, p.font_size)
            # Box centre one font size (at most) from the point, on the reference's side of it;
            # a label that is the only mark of its point is written on the point.
            at = points.get(point_name(normalize_text(p.text)) or "", p.anchor)
            shift = off / n * min(0.8 * fs, n * k) if n > 1e-9 else np.zeros(2)
            if names_undrawn_point(feats, at) and len(drawn):
                # the label is its point's only mark: beside it or on it, whichever keeps it
                # clearer of the drawn points (a reader would take it for the nearest one)
                clear = [float(np.hypot(*(drawn - (p.anchor + sh / k)).T).min()) for sh in (shift, np.zeros(2))]
                shift = shift if clear[0] >= clear[1] else np.zeros(2)
            cx = k * (p.anchor[0] - gx0) + margin + shift[0]
            cy = k * (gy1 - p.anchor[1]) + margin - shift[1]
            out.append(f'<text x="{_f(cx)}" y="{_f(cy + 0.35 * fs)}" font-size="{_f(fs)}" text-anchor="middle">{text}</text>')
            continue
        if isinstance(p, Dot):
            out.append(f'<circle cx="{X(p.center[0])}" cy="{Y(p.center[1])}" r="{_f(max(min(k * p.radius, 3.0), 1.5))}" '
                       f'fill="{st.fill or st.stroke or "#000000"}"/>')
            continue
        if isinstance(p, Arrow) or not st.visible:
            continue
        paint = (f'stroke="{st.stroke}" stroke-width="{_f(max(st.stroke_width, 0.5))}"' if st.stroked else 'stroke="none"')
        if st.stroked and st.dash:
            paint += f' stroke-dasharray="{" ".join(_f(d) for d in st.dash)}"'
        paint += f' fill="{st.fill}"' if st.filled else ' fill="none"'
        if isinstance(p, Circle):
            out.append(f'<circle cx="{X(p.center[0])}" cy="{Y(p.center[1])}" r="{R(p.radius)}" {paint}/>')
            continue
        if isinstance(p, Polyline):
            pts = " ".join(f"{X(x)},{Y(y)}" for x, y in p.points)
            tag = "polygon" if p.closed_flag else "polyline"
            out.append(f'<{tag} points="{pts}" {paint}/>')
            continue
        d = []
        for sp in p.subpaths():
            c = sp.controls
            d.append(f"M {X(c[0, 0, 0])} {Y(c[0, 0, 1])}")
            straight = sp.is_straight()
            for j in range(len(c)):
                if straight[j]:
                    d.append(f"L {X(c[j, 3, 0])} {Y(c[j, 3, 1])}")
                else:
                    d.append("C " + " ".join(f"{X(c[j, i, 0])} {Y(c[j, i, 1])}" for i in (1, 2, 3)))
            if sp.closed:
                d.append("Z")
        if d:
            out.append(f'<path d="{" ".join(d)}" {paint}/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
