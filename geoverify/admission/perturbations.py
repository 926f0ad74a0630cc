"""Scene edits for fuzzing: allowed transforms and proposition-changing perturbations.

Every function returns a new scene (the input is never modified). Sizes are in
canvas units; callers state them as fractions of the figure size
(:meth:`Scene.scale`, the diagonal of the geometry's bounding box).
"""

from __future__ import annotations

import copy

import numpy as np

from geoverify.scene import Arrow, BezierPath, Dot, Polyline, Scene, Style, Subpath, TextLabel, similarity_matrix

__all__ = ["upright_labels", "restyle", "reorder", "move_point", "map_primitives", "delete_primitives", "relabel", "swap_labels",
           "reverse_arrows", "about"]

_PALETTE = ["#e41a1c", "#377eb8", "#4daf4a", "#984ea3", "#ff7f00", "#a65628", "#000000", "#777777", "#f781bf",
            "#1b9e77", "#d95f02", "#7570b3"]


def about(center, *, angle: float = 0.0, scale: float = 1.0, reflect: bool = False, shift=(0.0, 0.0)) -> np.ndarray:
    """3x3 similarity about ``center`` followed by ``shift``."""
    m = similarity_matrix(scale=scale, angle=angle, reflect=reflect)
    c = np.asarray(center, dtype=float)
    m[:2, 2] = c - m[:2, :2] @ c + np.asarray(shift, dtype=float)
    return m


def upright_labels(before: Scene, after: Scene, scale: float) -> Scene:
    """Label boxes of a rotated scene as a renderer draws them: upright, the original size times ``scale``.

    :meth:`Scene.transformed` boxes the rotated rectangle, which grows a label by up
    to 41%; real figures keep text upright when their coordinates are rotated.
    """
    out = copy.deepcopy(after)
    for p0, p1 in zip(before.primitives, out.primitives):
        if isinstance(p0, TextLabel) and isinstance(p1, TextLabel):
            half = 0.5 * scale * np.array([p0.box[2] - p0.box[0], p0.box[3] - p0.box[1]])
            c = p1.center
            p1.box = np.array([c[0] - half[0], c[1] - half[1], c[0] + half[0], c[1] + half[1]])
    return out


def restyle(scene: Scene, perm, width_factor: float) -> Scene:
    """Distinct colours mapped to distinct palette colours (a permutation), widths scaled."""
    out = copy.deepcopy(scene)
    colours = sorted({c for p in out.primitives for c in (p.style.stroke, p.style.fill) if c})
    mapping = {c: _PALETTE[perm[i % len(perm)]] for i, c in enumerate(colours) if i < len(_PALETTE)}
    for p in out.primitives:
        st = p.style
        p.style = Style(stroke=mapping.get(st.stroke, st.stroke), stroke_width=st.stroke_width * width_factor,
                        dash=st.dash, fill=mapping.get(st.fill, st.fill), opacity=st.opacity)
    return out


def order_keeping_fills(scene: Scene, order) -> list[int]:
    """``order`` (a permutation of the primitives) restricted to what cannot change the picture.

    An opaque fill hides what was drawn before it under it, so each opaque fill
    keeps its place relative to everything else; the primitives between two fills
    take the order ``order`` gives them.
    """
    rank = {o: k for k, o in enumerate(order)}
    key, fills = [], 0
    for i, p in enumerate(scene.primitives):
        opaque = not isinstance(p, (Dot, Arrow, TextLabel)) and p.style.fill is not None and p.style.opacity >= 0.99
        if opaque:
            fills += 1
            key.append((2 * fills - 1, 0))
        else:
            key.append((2 * fills, rank.get(i, i)))
    return sorted(range(len(scene.primitives)), key=key.__getitem__)


def reorder(scene: Scene, order) -> Scene:
    """Primitives in a new drawing order (``order`` a permutation of indices); arrow carriers follow."""
    out = copy.deepcopy(scene)
    old = out.primitives
    new_index = {o: k for k, o in enumerate(order)}
    out.primitives = [old[o] for o in order]
    out.clips = {new_index[i]: box for i, box in scene.clips.items() if i in new_index}
    for p in out.primitives:
        if isinstance(p, Arrow) and p.carrier is not None:
            p.carrier = new_index[p.carrier]
    return out


def _near(a, b, eps) -> bool:
    return float(np.hypot(*(np.asarray(a) - np.asarray(b)))) <= eps


def move_point(scene: Scene, p, v, label_indices=(), eps: float | None = None) -> Scene:
    """Move a drawn point: dots, arrow tips, path vertices and control points at ``p``, and its labels, by ``v``."""
    out = copy.deepcopy(scene)
    p, v = np.asarray(p, dtype=float), np.asarray(v, dtype=float)
    eps = 1e-6 * scene.scale() if eps is None else eps
    for i, q in enumerate(out.primitives):
        if isinstance(q, Dot) and _near(q.center, p, eps):
            q.center = q.center + v
        elif isinstance(q, Arrow) and _near(q.tip, p, eps):
            q.tip = q.tip + v
        elif isinstance(q, Polyline):
            hit = np.hypot(*(q.points - p).T) <= eps
            q.points = q.points + hit[:, None] * v
        elif isinstance(q, BezierPath):
            parts = []
            for sp in q.parts:
                c = sp.controls.copy()
                straight = sp.is_straight()
                hit = np.hypot(c[..., 0] - p[0], c[..., 1] - p[1]) <= eps
                c = c + hit[..., None] * v
                for k in np.nonzero(straight)[0]:
                    a, b = c[k, 0], c[k, 3]
                    c[k, 1], c[k, 2] = a + (b - a) / 3, a + 2 * (b - a) / 3
                parts.append(Subpath(c, sp.closed))
            q.parts = parts
        elif isinstance(q, TextLabel) and i in label_indices:
            q.anchor = q.anchor + v
            q.box = q.box + np.array([v[0], v[1], v[0], v[1]])
    return out


def map_primitives(scene: Scene, indices, matrix: np.ndarray) -> Scene:
    """Apply a similarity to the listed primitives only (an object moved, resized or rotated)."""
    out = copy.deepcopy(scene)
    for i in indices:
        one = Scene(primitives=[out.primitives[i]], unit=scene.unit, source_format=scene.source_format)
        out.primitives[i] = one.transformed(matrix).primitives[0]
    return out


def delete_primitives(scene: Scene, indices) -> Scene:
    """Remove primitives (kept in place as invisible copies so indices and arrow carriers stay valid)."""
    out = copy.deepcopy(scene)
    for i in indices:
        q = out.primitives[i]
        if isinstance(q, TextLabel):
            q.text = ""
        else:
            q.style = Style(stroke=None, stroke_width=0.0, fill=None, opacity=0.0)
            if isinstance(q, (Dot, Arrow)):
                # dots and arrows are drawn whatever their style: move them out of the way instead
                out.primitives[i] = TextLabel(text="", anchor=getattr(q, "center", getattr(q, "tip", np.zeros(2))))
    return out


def relabel(scene: Scene, label_indices, text: str) -> Scene:
    """Replace the text of the listed labels."""
    out = copy.deepcopy(scene)
    for i in label_indices:
        out.primitives[i].text = text
    return out


def swap_labels(scene: Scene, a, b) -> Scene:
    """Exchange the texts of two sets of labels (the first label of each names its object)."""
    out = copy.deepcopy(scene)
    ta = out.primitives[a[0]].text
    tb = out.primitives[b[0]].text
    for i in a:
        out.primitives[i].text = tb
    for i in b:
        out.primitives[i].text = ta
    return out


def reverse_arrows(scene: Scene, arrow_indices) -> Scene:
    """Arrow tips moved to the other end of their carrier, pointing the other way (mid arrows flipped in place)."""
    out = copy.deepcopy(scene)
    for i in arrow_indices:
        a = out.primitives[i]
        a.direction = -a.direction
        if a.carrier is not None and a.position in ("end", "start"):
            sps = out.primitives[a.carrier].subpaths()
            if sps:
                s, e = sps[0].start, sps[-1].end
                a.tip = s if _near(a.tip, e, 1e-6 * max(1.0, scene.scale())) else e
                a.position = "start" if a.position == "end" else "end"
    return out
