"""A networkx view of how a scene's primitives relate to each other.

Nodes are primitive indices (with the primitive as the ``primitive`` attribute
and its kind name as ``kind``). Edges carry a ``relation`` attribute:

- ``"label-near"``: a text label and the nearest non-text primitive within the
  label margin (``distance`` attribute, canvas units);
- ``"incident"``: a dot lying on an outline (within the tolerance);
- ``"shares-endpoint"``: two outlines meeting at an end point;
- ``"carries"``: an outline and an arrow tip it carries.

Matching and relation mining read this graph instead of re-deriving
neighbourhoods; it depends only on the scene (no task, no source language).
"""

from __future__ import annotations

import numpy as np

from geoverify.scene.graph import Scene
from geoverify.scene.primitives import Arrow, Dot, PrimitiveKind, TextLabel

__all__ = ["relation_graph"]


def _outline_points(prim, samples: int = 64) -> np.ndarray:
    """Points on a primitive's outline, ``(N, 2)`` (control polygon vertices refined by sampling)."""
    pts = []
    t = np.linspace(0.0, 1.0, max(2, samples // 4))[:, None]
    for sp in prim.subpaths():
        c = sp.controls
        for seg in c:
            p0, p1, p2, p3 = seg
            pts.append((1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t**2 * p2 + t**3 * p3)
    return np.vstack(pts) if pts else np.zeros((0, 2))


def _segment_distance(p: np.ndarray, pts: np.ndarray) -> float:
    if len(pts) == 0:
        return float("inf")
    if len(pts) == 1:
        return float(np.hypot(*(pts[0] - p)))
    a, b = pts[:-1], pts[1:]
    d = b - a
    L2 = np.maximum(np.einsum("ij,ij->i", d, d), 1e-300)
    t = np.clip(np.einsum("ij,ij->i", p - a, d) / L2, 0.0, 1.0)
    return float(np.min(np.hypot(*(a + t[:, None] * d - p).T)))


def relation_graph(scene: Scene, tolerance: float | None = None, label_margin: float | None = None):
    """Build the relation graph of ``scene``.

    Parameters
    ----------
    scene : Scene
    tolerance : float, optional
        Incidence tolerance, canvas units (default 1% of the figure size).
    label_margin : float, optional
        How far a label may be from what it names, canvas units (default 8% of the figure size).

    Returns
    -------
    networkx.Graph
    """
    import networkx as nx  # imported here: it costs 0.1 s, and most runs never build the graph

    size = scene.scale()
    tol = 0.01 * size if tolerance is None else tolerance
    margin = 0.08 * size if label_margin is None else label_margin
    g = nx.Graph()
    outlines: dict[int, np.ndarray] = {}
    for i, p in enumerate(scene.primitives):
        g.add_node(i, primitive=p, kind=PrimitiveKind(p.kind).name.lower())
        if not isinstance(p, (Dot, Arrow, TextLabel)) and p.style.visible:
            outlines[i] = _outline_points(p)
    dots = [(i, p) for i, p in enumerate(scene.primitives) if isinstance(p, Dot)]

    for i, dot in dots:
        for j, pts in outlines.items():
            d = _segment_distance(dot.center, pts)
            if d <= tol:
                g.add_edge(i, j, relation="incident", distance=d)

    ends = {}
    for j, prim in ((j, scene.primitives[j]) for j in outlines):
        sps = prim.subpaths()
        if sps and not prim.closed:
            ends[j] = np.array([sps[0].start, sps[-1].end])
    keys = list(ends)
    for a in range(len(keys)):
        for b in range(a + 1, len(keys)):
            ea, eb = ends[keys[a]], ends[keys[b]]
            d = np.min(np.hypot(*(ea[:, None, :] - eb[None, :, :]).reshape(-1, 2).T))
            if d <= tol:
                g.add_edge(keys[a], keys[b], relation="shares-endpoint", distance=float(d))

    for i, p in enumerate(scene.primitives):
        if isinstance(p, Arrow) and p.carrier is not None and p.carrier in g:
            g.add_edge(i, p.carrier, relation="carries")

    for i, lab in scene.labels:
        best, arg = float("inf"), None
        for j, dot in dots:
            d = float(np.hypot(*(dot.center - lab.anchor)))
            if d < best:
                best, arg = d, j
        if arg is None or best > margin + lab.font_size:
            # No dot near: the label names an outline. (A dot near a label wins over
            # outlines, as a label beside a marked point names the point.)
            best, arg = float("inf"), None
            for j, pts in outlines.items():
                d = _segment_distance(lab.anchor, pts)
                if d < best:
                    best, arg = d, j
        if arg is not None and best <= margin + lab.font_size:
            g.add_edge(i, arg, relation="label-near", distance=best)
    return g
