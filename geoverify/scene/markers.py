"""Point markers: what a reader takes for a marked point.

A filled dot is the usual marker, but complex analysis marks zeros with small rings
and poles with small crosses (``o`` and ``x`` of a pole-zero plot), and many figures
mark points that way too. A marker is

- a :class:`~geoverify.scene.Dot`;
- a ring: a :class:`~geoverify.scene.Circle` of radius at most :data:`MARKER_MAX`;
- a cross: two straight strokes of about the same length, each at most
  ``2 * MARKER_MAX`` long, crossing near both midpoints at 60 to 90 degrees.

Sizes are canvas units (bp), as a dot's radius is: a marker is small on the page,
whatever the figure's scale.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from geoverify.scene.primitives import Circle, Dot, Polyline

__all__ = ["MARKER_MAX", "Marker", "point_markers"]

#: Largest ring radius and cross half-arm, canvas units (bp; TikZ's ``circle (3pt)`` is 3).
MARKER_MAX = 6.0


@dataclass(frozen=True, slots=True)
class Marker:
    """A marked point.

    Attributes
    ----------
    center : (2,) float64
        Canvas position.
    primitives : tuple of int
        Scene indices of the primitives drawing it (one, or the two strokes of a cross).
    shape : str
        ``"dot"``, ``"ring"`` or ``"cross"``.
    """

    center: np.ndarray
    primitives: tuple
    shape: str


def _strokes(scene) -> list[tuple[int, np.ndarray, np.ndarray, float]]:
    """Short straight visible strokes: ``(index, midpoint, unit direction, length)``."""
    out = []
    for i, p in enumerate(scene.primitives):
        if not isinstance(p, Polyline) or p.closed_flag or len(p.points) != 2 or not p.style.stroked:
            continue
        d = p.points[1] - p.points[0]
        n = float(np.hypot(*d))
        if 0 < n <= 2 * MARKER_MAX:
            out.append((i, 0.5 * (p.points[0] + p.points[1]), d / n, n))
    return out


def _crosses(scene) -> list[Marker]:
    strokes = _strokes(scene)
    used: set[int] = set()
    out = []
    for k, (i, mi, ui, li) in enumerate(strokes):
        if i in used:
            continue
        for j, mj, uj, lj in strokes[k + 1:]:
            if j in used:
                continue
            if abs(li - lj) > 0.3 * max(li, lj) or float(np.hypot(*(mi - mj))) > 0.2 * max(li, lj):
                continue
            if abs(float(ui @ uj)) > 0.5:  # closer than 60 degrees: not a cross
                continue
            used.update((i, j))
            out.append(Marker(0.5 * (mi + mj), (i, j), "cross"))
            break
    return out


def point_markers(scene) -> list[Marker]:
    """Every point marker of the scene (dots, small rings, small crosses), in drawing order."""
    out = [Marker(np.asarray(p.center, dtype=np.float64), (i,), "dot") for i, p in scene.dots]
    for i, p in scene.of_type(Circle):
        if p.radius <= MARKER_MAX and p.style.visible:
            out.append(Marker(np.asarray(p.center, dtype=np.float64), (i,), "ring"))
    out += _crosses(scene)
    out.sort(key=lambda m: m.primitives[0])
    return _merge_coincident(out)


def _merge_coincident(markers: list[Marker], tol: float = 0.01) -> list[Marker]:
    """Markers drawn over each other (a point plotted twice, grey then red) mark one point:
    one marker with all their primitives (centres within ``tol`` canvas units)."""
    if len(markers) < 2:
        return markers
    out: list[Marker] = []
    seen: dict[tuple, int] = {}
    for m in markers:
        key = (round(float(m.center[0]) / tol), round(float(m.center[1]) / tol))
        k = seen.get(key)
        if k is None:
            seen[key] = len(out)
            out.append(m)
        else:
            first = out[k]
            out[k] = Marker(first.center, first.primitives + m.primitives, first.shape)
    return out
