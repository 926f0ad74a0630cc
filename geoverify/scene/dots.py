"""Telling dots from small filled circles by the figure's size.

TikZ has no dot primitive: a point is marked with a small filled circle, and
the front-end reads one of radius up to a few points as a
:class:`~geoverify.scene.primitives.Dot`. In a figure only a few points across
(an Asymptote figure with no ``size``, transcribed at its own 8 bp) the same
radius is a disc that is part of the drawing. :func:`demote_large_dots` turns
such dots back into circles once the whole figure is known. (The SVG reader
keeps its dots: there a dot may be an explicit marker, whatever the figure's size.)
"""

from __future__ import annotations

import numpy as np

from geoverify.scene.graph import Scene
from geoverify.scene.primitives import Circle, Dot, TextLabel

__all__ = ["DOT_MAX_REL", "demote_large_dots"]

#: A dot's radius is at most this fraction of the figure's size (diagonal of the
#: box around its geometry and dot centres); a larger one is a filled circle.
DOT_MAX_REL = 0.05


def demote_large_dots(scene: Scene, rel: float = DOT_MAX_REL, keep: set[int] | frozenset = frozenset()) -> int:
    """Replace each dot of ``scene`` larger than ``rel`` of the figure's size by a filled circle.

    Parameters
    ----------
    scene : Scene
    rel : float
    keep : set of int
        ``id()`` of dots that stay dots whatever their size (plot marks).

    Returns
    -------
    int
        How many dots became circles.
    """
    dots = [i for i, p in enumerate(scene.primitives) if isinstance(p, Dot)]
    if not dots:
        return 0
    boxes = []
    for p in scene.primitives:
        if isinstance(p, TextLabel):
            continue
        if isinstance(p, Dot):
            boxes.append((p.center[0], p.center[1], p.center[0], p.center[1]))
            continue
        try:
            boxes.append(p.bbox())
        except NotImplementedError:
            continue
    b = np.asarray(boxes, dtype=np.float64)
    size = float(np.hypot(b[:, 2].max() - b[:, 0].min(), b[:, 3].max() - b[:, 1].min()))
    if size <= 0:
        return 0
    n = 0
    for i in dots:
        d = scene.primitives[i]
        if d.radius > rel * size and id(d) not in keep:
            scene.primitives[i] = Circle(center=d.center, radius=d.radius, style=d.style, source=d.source,
                                         panel=d.panel, name=d.name, clipped=d.clipped)
            n += 1
    return n
