"""Where an attached label names its point when it is placed beside it.

Source formats that attach a label to a point (TikZ nodes, Asymptote ``label``)
give the label's anchor. Most anchors are the point itself; some are placed
beside it by hand (``label("$G$", (11,5), W)`` next to the crossing at (11,4)).
An anchor that is not itself a drawn point names the nearest drawn point (dot,
vertex, crossing) within :data:`SNAP_REL` of the figure, as a reader (and the
binding of an SVG text box, with the same margin) would: a label nudged off
its point, even along a stroke (``label("$H$", H+(0,-0.2), SW)`` below the
crossing of two altitudes), names that point, so a figure reads the same in
every format. An anchor with no drawn point near is the point itself.
"""

from __future__ import annotations

import numpy as np

from geoverify.kernels import point_polyline_distances
from geoverify.matching.features import Features, PointKind

__all__ = ["SNAP_REL", "ON_DRAWING_REL", "on_drawing", "snap_index", "names_undrawn_point", "drawn_points"]

#: A label anchor names the nearest drawn point within this fraction of the figure (the label margin of the
#: binding of SVG text boxes, :attr:`geoverify.ir.Tolerances.label_margin`).
SNAP_REL = 0.08
#: An anchor within this fraction of the figure of a stroke is on the drawing.
ON_DRAWING_REL = 1e-3

_DRAWN_KINDS = (PointKind.DOT, PointKind.VERTEX, PointKind.INTERSECTION)


def on_drawing(feats: Features, xy: np.ndarray, eps: float) -> bool:
    """Whether ``xy (2,)`` lies within ``eps`` (canvas units) of a drawn stroke or curve."""
    if len(feats.edges):
        e0, e1 = feats.edges[:, 0], feats.edges[:, 1]
        d = e1 - e0
        L2 = np.maximum(np.einsum("ij,ij->i", d, d), 1e-300)
        t = np.clip(np.einsum("ij,ij->i", xy - e0, d) / L2, 0, 1)
        if float(np.hypot(*(e0 + t[:, None] * d - xy).T).min()) <= eps:
            return True
    for cv in feats.curves:
        if len(cv.coords) >= 2 and point_polyline_distances(xy[None], cv.coords, np.array([0, len(cv.coords)]))[0, 0] <= eps:
            return True
    return False


def snap_index(feats: Features, xy: np.ndarray, eps: float | None = None, extra: float = 0.0) -> int | None:
    """Index into ``feats.points`` of the drawn point an attached label anchored at ``xy (2,)`` names.

    None when the label names its own anchor: the format does not attach labels,
    the anchor is a drawn point already (within ``eps``; default
    :data:`ON_DRAWING_REL` of the figure), no drawn point (dot, vertex,
    crossing) is within :data:`SNAP_REL` of the figure plus ``extra`` (canvas
    units: half the width of a text centred on its anchor, whose edge stands that
    much nearer its point, as for an SVG text box), or two different drawn points
    are as near (within 0.1%).
    """
    if not feats.attached_labels or not len(feats.points):
        return None
    eps = ON_DRAWING_REL * feats.scale if eps is None else eps
    drawn = np.flatnonzero(np.isin(feats.point_kind, _DRAWN_KINDS))
    if not len(drawn):
        return None
    d = np.hypot(*(feats.points[drawn] - xy).T)
    k = int(np.argmin(d))
    if d[k] <= eps or d[k] > SNAP_REL * feats.scale + extra:
        return None
    # Two different drawn points as near (a label centred between them): the label names neither.
    tie = (d <= d[k] * (1 + 1e-3) + eps) & (np.hypot(*(feats.points[drawn] - feats.points[drawn[k]]).T) > eps)
    if tie.any():
        return None
    return int(drawn[k])


def names_undrawn_point(feats: Features, xy: np.ndarray) -> bool:
    """Whether a label anchored at ``xy (2,)`` names a point the figure does not draw.

    True when the anchor is off every stroke and no drawn point (dot, vertex,
    crossing) is within :data:`SNAP_REL` of the figure: such a label is the only
    mark of its point (``label("$F$", (6.7,6.7), W)`` with nothing drawn there).
    """
    if on_drawing(feats, xy, ON_DRAWING_REL * feats.scale):
        return False
    drawn = drawn_points(feats)
    if not len(drawn):
        return True
    return float(np.hypot(*(drawn - xy).T).min()) > SNAP_REL * feats.scale


def drawn_points(feats: Features) -> np.ndarray:
    """The drawn points (dots, vertices, crossings) of ``feats``, shape (M, 2)."""
    return feats.points[np.isin(feats.point_kind, _DRAWN_KINDS)]
