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

A TikZ ``label=`` is anchored on its node's border: on a dot node (``circle,
fill, inner sep=1.2pt``) that is a point a little off the dot's centre, which
may be nearer the end of another stroke there (a brace raised 2pt off the same
point). An anchor on a dot's outline or inside it names that dot.
"""

from __future__ import annotations

import numpy as np

from geoverify.kernels import point_polyline_distances
from geoverify.matching.features import Features, PointKind

__all__ = ["SNAP_REL", "ON_DRAWING_REL", "on_drawing", "snap_index", "names_undrawn_point", "drawn_points",
           "node_box", "connected_node_centre", "stops_on_node"]

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
    touched = _touched_dot(feats, xy, eps)
    if touched is not None:
        return touched
    drawn = np.flatnonzero(np.isin(feats.point_kind, _DRAWN_KINDS))
    if not len(drawn):
        return None
    d = np.hypot(*(feats.points[drawn] - xy).T)
    k = int(np.argmin(d))
    if d[k] <= eps or d[k] > SNAP_REL * feats.scale + extra:
        return None
    # Explicit markers first, as for a label's own point (binding's _choose_point): a dot names the
    # label's point unless another drawn point is three times nearer (a tick's end, a grid crossing
    # a little nearer than the marked focus do not); then only dots compete for it.
    dots = feats.point_kind[drawn] == PointKind.DOT
    if dots.any():
        kd = int(np.argmin(np.where(dots, d, np.inf)))
        if d[kd] <= SNAP_REL * feats.scale + extra and d[kd] <= 3.0 * d[k] + eps:
            k = kd
            d = np.where(dots, d, np.inf)
    # Two different drawn points as near (a label centred between them): the label names neither.
    tie = (d <= d[k] * (1 + 1e-3) + eps) & (np.hypot(*(feats.points[drawn] - feats.points[drawn[k]]).T) > eps)
    if tie.any():
        return None
    return int(drawn[k])


#: A node's border stands this many font sizes outside its text (TikZ's inner sep, 0.3333em, and outer
#: sep, half a line width, with room for thicker lines).
NODE_BORDER_EM = 0.4


def node_box(label) -> np.ndarray | None:
    """``(4,)`` box of the node a label's text sits in: its text box widened by :data:`NODE_BORDER_EM`."""
    if label.box is None:
        return None
    m = NODE_BORDER_EM * label.font_size
    b = np.asarray(label.box, dtype=np.float64)
    return np.array([b[0] - m, b[1] - m, b[2] + m, b[3] + m])


def connected_node_centre(feats: Features, label, eps: float | None = None) -> np.ndarray | None:
    """The centre ``(2,)`` of ``label``'s node when straight strokes stop on its border and
    nothing else is drawn there: such a node is the point its text names (``\\node (B)
    {$B$}; \\draw (A) -- (B);``), wherever its anchor is (``right=of A`` anchors it on its
    west side).

    Every drawn point in the node's box (:func:`node_box`) must be the end of a straight
    stroke aimed at its centre (:func:`stops_on_node`). A dot, a corner or a crossing there
    is the point of a label set beside it (``node[above] {$C$}`` at a triangle's corner,
    whose altitude may point at the text). None otherwise, and for formats that do not
    attach labels."""
    box = node_box(label) if feats.attached_labels else None
    if box is None or not len(feats.points):
        return None
    eps = ON_DRAWING_REL * feats.scale if eps is None else eps
    inside = np.flatnonzero((feats.point_kind != PointKind.ANCHOR)
                            & (feats.points[:, 0] >= box[0] - eps) & (feats.points[:, 0] <= box[2] + eps)
                            & (feats.points[:, 1] >= box[1] - eps) & (feats.points[:, 1] <= box[3] + eps))
    if not len(inside) or np.any(feats.point_kind[inside] != PointKind.VERTEX):
        return None
    centre = np.array([0.5 * (box[0] + box[2]), 0.5 * (box[1] + box[3])])
    if all(stops_on_node(feats, int(k), centre, eps) for k in inside.tolist()):
        return centre
    return None


def stops_on_node(feats: Features, k: int, centre: np.ndarray, eps: float) -> bool:
    """Whether the drawn point ``k`` is where a straight stroke aimed at ``centre (2,)`` stops.

    It is the open end of one straight edge (not a corner), and the edge, extended
    past its end, runs through ``centre`` (within 5% of the way there): TikZ draws
    ``(A) -- (B)`` between nodes from border to border along the line of their centres.
    """
    owner = int(feats.point_owner[k])
    if owner < 0 or not len(feats.edges):
        return False
    p = feats.points[k]
    edges = feats.edges[feats.edge_owner == owner]
    tiny = 1e-6 * feats.scale
    at0 = np.hypot(*(edges[:, 0] - p).T) <= tiny
    at1 = np.hypot(*(edges[:, 1] - p).T) <= tiny
    if int(at0.sum() + at1.sum()) != 1:
        return False                                   # a corner, or not an end of this stroke
    e = edges[at0 | at1][0]
    other = e[1] if at0.any() else e[0]
    u, v = p - other, centre - p
    length = float(np.hypot(*u))
    if length <= tiny or float(np.dot(u, v)) <= 0:
        return False                                   # the centre is not beyond the end
    off = abs(float(u[0] * v[1] - u[1] * v[0])) / length
    return off <= 0.05 * float(np.hypot(*v)) + eps


#: An anchor within this many dot radii of a dot's centre (plus ``eps``) is on or in the dot: its outline
#: and the node's outer sep, half a line width, which a small dot's radius covers with room to spare.
DOT_TOUCH_RADII = 1.5


def _touched_dot(feats: Features, xy: np.ndarray, eps: float) -> int | None:
    """Index of the dot whose outline (or inside) the anchor ``xy (2,)`` is on, the nearest such; None if none."""
    if feats.point_radius is None:
        return None
    dots = np.flatnonzero((feats.point_kind == PointKind.DOT) & (feats.point_radius > 0))
    if not len(dots):
        return None
    d = np.hypot(*(feats.points[dots] - xy).T)
    touching = d <= DOT_TOUCH_RADII * feats.point_radius[dots] + eps
    if not touching.any():
        return None
    return int(dots[np.flatnonzero(touching)[np.argmin(d[touching])]])


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
