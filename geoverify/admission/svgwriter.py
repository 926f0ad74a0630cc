"""Write a scene back out as an SVG file (for fuzzing's shrunk examples).

The output is a plain SVG 1.1 document in the scene's canvas units, y flipped
to SVG's downward axis by one group transform, so the file opens in any viewer
and reads back through :func:`geoverify.frontends.svg.parse_svg`.
"""

from __future__ import annotations

from html import escape

import numpy as np

from geoverify.scene import Arc, Arrow, BezierPath, Circle, Dot, Ellipse, Polyline, Scene, TextLabel

__all__ = ["scene_to_svg"]


def _style(st, fill_default="none") -> str:
    parts = [f'stroke="{st.stroke}"' if st.stroke else 'stroke="none"',
             f'stroke-width="{st.stroke_width:.4g}"', f'fill="{st.fill or fill_default}"']
    if st.dash:
        parts.append(f'stroke-dasharray="{" ".join(f"{d:.4g}" for d in st.dash)}"')
    if st.opacity < 1:
        parts.append(f'opacity="{st.opacity:.3g}"')
    return " ".join(parts)


def _path_d(subpaths) -> str:
    out = []
    for sp in subpaths:
        c = sp.controls
        out.append(f"M{c[0, 0, 0]:.4f},{c[0, 0, 1]:.4f}")
        for seg in c:
            out.append("C" + " ".join(f"{x:.4f},{y:.4f}" for x, y in seg[1:]))
        if sp.closed:
            out.append("Z")
    return " ".join(out)


def scene_to_svg(scene: Scene, *, margin: float = 20.0, title: str = "") -> str:
    """SVG text of a scene: every primitive, in drawing order.

    Parameters
    ----------
    scene : Scene
    margin : float
        Canvas units added around the bounding box.
    title : str
        Written as the document's ``<title>``.
    """
    x0, y0, x1, y1 = scene.bbox()
    w, h = max(x1 - x0, 1.0) + 2 * margin, max(y1 - y0, 1.0) + 2 * margin
    body = []
    for p in scene.primitives:
        if isinstance(p, Dot):
            r = p.radius if p.radius > 0 else 1.5
            body.append(f'<circle cx="{p.center[0]:.4f}" cy="{p.center[1]:.4f}" r="{r:.4g}" '
                        f'fill="{p.style.fill or p.style.stroke or "#000000"}" stroke="none"/>')
        elif isinstance(p, Circle):
            body.append(f'<circle cx="{p.center[0]:.4f}" cy="{p.center[1]:.4f}" r="{p.radius:.4f}" {_style(p.style)}/>')
        elif isinstance(p, Polyline):
            tag = "polygon" if p.closed_flag else "polyline"
            pts = " ".join(f"{x:.4f},{y:.4f}" for x, y in p.points)
            body.append(f'<{tag} points="{pts}" {_style(p.style)}/>')
        elif isinstance(p, (Ellipse, Arc, BezierPath)):
            body.append(f'<path d="{_path_d(p.subpaths())}" {_style(p.style)}/>')
        elif isinstance(p, Arrow):
            # A small filled triangle at the tip, pointing along the direction.
            d = np.asarray(p.direction, dtype=float)
            n = np.array([-d[1], d[0]])
            size = 6.0
            a = p.tip - size * d + 0.45 * size * n
            b = p.tip - size * d - 0.45 * size * n
            pts = " ".join(f"{x:.4f},{y:.4f}" for x, y in (p.tip, a, b))
            body.append(f'<polygon points="{pts}" fill="{p.style.stroke or "#000000"}" stroke="none"/>')
        elif isinstance(p, TextLabel):
            # Text is written upright: undo the group's y flip locally.
            x, y = float(p.anchor[0]), float(p.anchor[1])
            body.append(f'<text x="{x:.4f}" y="{-y:.4f}" transform="scale(1,-1)" font-size="{p.font_size:.4g}" '
                        f'text-anchor="middle" dominant-baseline="middle">{escape(p.text)}</text>')
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.2f}" height="{h:.2f}" '
            f'viewBox="0 0 {w:.2f} {h:.2f}">')
    flip = f'<g transform="translate({margin - x0:.4f},{margin + y1:.4f}) scale(1,-1)">'
    ttl = f"<title>{escape(title)}</title>" if title else ""
    return "\n".join([head, ttl, flip, *body, "</g>", "</svg>", ""])
