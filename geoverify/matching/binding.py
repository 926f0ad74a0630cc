"""Binding IR objects to drawn primitives.

The order is: labels first (a label naming a point puts the point at the
nearest drawn feature, within an ambiguity margin), then each frame's
transform is fitted by a hypothesis search over the objects whose IR geometry is
known (so that one wrong object is an outlier instead of skewing the fit), then
the remaining objects are bound by geometry: through their bound points, by the
frame's prediction, or by their label's position.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from geoverify.ir import IRObject, Task
from geoverify.kernels import directed_hausdorff, point_polyline_distances
from geoverify.matching.features import Features, PointKind, Round, extract_features
from geoverify.matching.frames import Correspondence, FrameFit, fit_transform, transform_points, transform_scale
from geoverify.matching.ir_geometry import KnownGeometry, known_geometry
from geoverify.matching.snapping import connected_node_centre, node_box, snap_index
from geoverify.matching.style import stroke_key, style_matches
from geoverify.matching.text import normalize_text
from geoverify.scene import Scene
from geoverify.scene.markers import MARKER_MAX, point_markers

__all__ = ["BoundObject", "Binding", "bind", "coverage", "covered_points"]

# Preference among point features when a label is near several (smaller wins).
_KIND_WEIGHT = {PointKind.DOT: 0.6, PointKind.VERTEX: 1.0, PointKind.INTERSECTION: 1.15, PointKind.ANCHOR: 0.5}
_KIND_WEIGHT_ARRAY = np.array([_KIND_WEIGHT[k] for k in range(len(_KIND_WEIGHT))])
_ALL_KINDS = (PointKind.DOT, PointKind.VERTEX, PointKind.INTERSECTION, PointKind.ANCHOR)
# Point features above which a KD-tree is used.
_TREE_MIN_POINTS = 5000
# A second candidate within this factor of the best one makes a label binding ambiguous.
_AMBIGUITY_RATIO = 1.35
# Fraction of a segment that must be covered by drawn strokes for it to count as drawn.
_COVERAGE = 0.9


@dataclass(slots=True)
class BoundObject:
    """Where an IR object is in the drawing.

    Attributes
    ----------
    id, type : str
    status : str
        ``"bound"`` (found), ``"unbound"`` (not found), ``"ambiguous"`` (several equally good).
    drawn : bool
        True when visible primitives show the object (a point located only by the
        frame's prediction is located but not drawn).
    via : str
        How it was found: ``"label"``, ``"geometry"``, ``"frame"``, ``"relation"``, ``"text"``.
    primitives : list of int
        Scene indices of the primitives it is bound to.
    point : (2,) float64 or None
        Canvas position of a point; first end of a line.
    points : (N, 2) float64 or None
        Two canvas points of a line/segment/ray, polygon vertices, or drawn markers of a point set.
    center, radius
        Canvas circle of a circle/arc.
    curve : (N, 2) float64 or None
        Drawn polyline of a curve, circle or region boundary.
    closed : bool
    labels : list of int
        Scene indices of the labels naming it.
    residual : float or None
        Canvas distance between the drawn and the IR-predicted geometry.
    note : str
    """

    id: str
    type: str
    status: str = "unbound"
    drawn: bool = False
    via: str = ""
    primitives: list = field(default_factory=list)
    point: np.ndarray | None = None
    points: np.ndarray | None = None
    center: np.ndarray | None = None
    radius: float | None = None
    curve: np.ndarray | None = None
    closed: bool = False
    labels: list = field(default_factory=list)
    residual: float | None = None
    note: str = ""

    @property
    def located(self) -> bool:
        return self.status == "bound"

    def to_dict(self) -> dict:
        out = {"status": self.status, "drawn": bool(self.drawn), "via": self.via, "primitives": list(map(int, self.primitives))}
        if self.point is not None:
            out["point"] = [round(float(v), 4) for v in self.point]
        if self.center is not None:
            out["center"] = [round(float(v), 4) for v in self.center]
            out["radius"] = round(float(self.radius), 4)
        if self.residual is not None:
            out["residual"] = float(self.residual)
        if self.note:
            out["note"] = self.note
        return out


@dataclass(slots=True)
class Binding:
    """The result of matching a task's IR against a scene."""

    scene: Scene
    task: Task
    features: Features
    objects: dict[str, BoundObject]
    frames: dict[str, FrameFit]
    known: dict
    frame_sizes: dict = field(default_factory=dict)

    def __getitem__(self, oid: str) -> BoundObject:
        return self.objects[oid]

    def frame_tolerance(self, oid: str, rel: float) -> float:
        """Canvas distance tolerance for object ``oid``: ``rel`` times its frame's size."""
        return rel * self.frame_size(self.task.objects[oid].frame)

    def frame_size(self, frame: str) -> float:
        """Canvas size of a frame: diagonal of the bounding box of its drawn objects."""
        if frame not in self.frame_sizes:
            self.frame_sizes[frame] = self._frame_size(frame)
        return self.frame_sizes[frame]

    def _frame_size(self, frame: str) -> float:
        pts = []
        for o in self.task.objects_in(frame):
            b = self.objects.get(o.id)
            if b is None or not b.drawn or b.type == "text":
                continue
            for arr in (b.curve, b.points, None if b.point is None else b.point[None]):
                if arr is not None and len(arr):
                    pts.append(np.asarray(arr).reshape(-1, 2))
            if b.center is not None and b.radius is not None:
                pts.append(np.array([b.center - b.radius, b.center + b.radius]))
        if pts:
            allp = np.vstack(pts)
            allp = allp[np.all(np.isfinite(allp), axis=1)]
            if len(allp):
                d = float(np.hypot(*(allp.max(axis=0) - allp.min(axis=0))))
                if d > 1e-9 * self.features.scale:
                    return max(d, 0.05 * self.features.scale)
        return self.features.scale


# ---------------------------------------------------------------- helpers
#: a legend's sample line is shorter than this fraction of the figure's size
LEGEND_SAMPLE_MAX = 0.15


def legend_samples(feats: Features) -> list:
    """Short strokes that may be a legend's sample lines (shorter than :data:`LEGEND_SAMPLE_MAX`
    of the figure): a legend names a plot by one drawn in the plot's style (pgfplots'
    ``\\legend``, matplotlib's legend box)."""
    short = LEGEND_SAMPLE_MAX * feats.scale
    return [c for c in feats.curves if len(c.coords) >= 2 and float(np.hypot(*(c.hi - c.lo))) < short]


def _contains(text: str, part: str) -> bool:
    """Whether ``part`` occurs in ``text`` without a number of either cut short there."""
    start = text.find(part)
    while start >= 0:
        end = start + len(part)
        before_ok = not (part[:1].isdigit() and start > 0 and (text[start - 1].isdigit() or text[start - 1] == "."))
        after_ok = not (part[-1:].isdigit() and end < len(text)
                        and (text[end].isdigit() or (text[end] == "." and text[end + 1:end + 2].isdigit())))
        if before_ok and after_ok:
            return True
        start = text.find(part, start + 1)
    return False


def _labels_for(obj: IRObject, feats: Features) -> list:
    """The labels naming ``obj``: its label texts, or, when none is written alone, a label that
    gives it a value (``$a=\\tfrac12-i\\pi$``, ``A=(1,2)``) or an equation (``$d\\colon y=-1$``,
    ``ℓ: x+y=1``)."""
    wanted = {normalize_text(t) for t in obj.labels}
    wanted.discard("")
    exact = [(i, lab) for i, lab, norm in feats.labels if norm in wanted]
    if exact or not wanted:
        return exact
    return [(i, lab) for i, lab, norm in feats.labels
            if ("=" in norm and norm.split("=", 1)[0] in wanted) or (":" in norm and norm.split(":", 1)[0] in wanted)]


_COMPASS = np.array([[0.0, 0.0], [1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]])
_COMPASS_UNIT = _COMPASS / np.maximum(np.hypot(*_COMPASS.T), 1.0)[:, None]


def compass_distances(points: np.ndarray, box: np.ndarray, margin: float) -> np.ndarray:
    """How far ``points (N, 2)`` are from where a text ``box (4,)`` would put its point, ``(N,)``.

    A label set beside a point (Asymptote's alignments, TikZ's ``above right``)
    has the point ``margin`` outside one of its box's eight compass anchors
    (corners and edge midpoints), or at its centre; the distance is to the
    nearest of those nine places.
    """
    c = np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])
    half = np.array([(box[2] - box[0]) / 2, (box[3] - box[1]) / 2])
    places = c + _COMPASS * half + _COMPASS_UNIT * margin * (np.abs(_COMPASS).sum(axis=1) > 0)[:, None]
    d = points[:, None, :] - places[None, :, :]
    return np.hypot(d[..., 0], d[..., 1]).min(axis=1)


def _point_near(feats: Features, xy: np.ndarray, radius: float, kinds=None, box: np.ndarray | None = None):
    """Best point feature within ``radius`` of ``xy``: (index, distance, ambiguous).

    With a label's text ``box``, a second point about as near as the best one
    does not make the choice ambiguous when the best point is clearly nearer to
    the box itself (a label set beside its point, the other point off its corner).
    """
    if len(feats.points) == 0:
        return None, math.inf, False
    # Only the nearest few features can win (weights are within a factor 2.3 of each other).
    k = min(len(feats.points), 24)
    bound = radius * 2.5 if math.isfinite(radius) else np.inf
    if len(feats.points) > _TREE_MIN_POINTS:
        dist, idx = feats.point_tree.query(xy, k=k, distance_upper_bound=bound)
        dist, idx = np.atleast_1d(dist), np.atleast_1d(idx)
    else:
        # Brute force beats building a tree (and importing scipy.spatial) for small figures.
        diff = feats.points - xy
        all_d = np.sqrt(diff[:, 0] ** 2 + diff[:, 1] ** 2)
        idx = np.argpartition(all_d, k - 1)[:k] if k < len(all_d) else np.arange(len(all_d))
        dist = np.where(all_d[idx] <= bound, all_d[idx], np.inf)
    ok = np.isfinite(dist)
    if not ok.any():
        return None, math.inf, False
    dist, idx = dist[ok], idx[ok]
    kind = feats.point_kind[idx]
    sub_best, sub_d, amb = _choose_point(feats, xy, radius, kinds, dist, idx, kind, box)
    return sub_best, sub_d, amb


def _choose_point(feats: Features, xy, radius, kinds, d, idx, point_kind, box=None):
    score = d * _KIND_WEIGHT_ARRAY[point_kind]
    if kinds is None:
        # Explicit markers first: a label near a dot names the dot, not a corner or a crossing.
        # Unless a drawn point is three times nearer than every marker (a label at a segment's end
        # beside a dot of another point names the end).
        marker = (point_kind == PointKind.DOT) | (point_kind == PointKind.ANCHOR)
        near_marker = marker & (d <= radius)
        if np.any(near_marker):
            other = d[~marker]
            if not len(other) or float(d[near_marker].min()) <= 3.0 * float(other.min()) + 1e-9 * feats.scale:
                score = np.where(marker, score, np.inf)
    elif kinds is not _ALL_KINDS:
        score = np.where(np.isin(point_kind, kinds), score, np.inf)
    order = np.argsort(score)
    best = order[0]
    if not np.isfinite(score[best]) or d[best] > radius:
        return None, math.inf, False
    pts = feats.points
    if kinds is None and point_kind[best] == PointKind.INTERSECTION:
        # A crossing right next to a drawn end or corner (within 2% of the figure: a tangent's touch
        # point beside the radius's end) is not what the label names: the drawn point is.
        drawn = np.flatnonzero(((point_kind == PointKind.VERTEX) | (point_kind == PointKind.DOT))
                               & np.isfinite(score) & (d <= radius)
                               & (np.hypot(*(pts[idx] - pts[idx[best]]).T) <= 0.02 * feats.scale))
        if len(drawn):
            best = int(drawn[np.argmin(d[drawn])])
            order = np.concatenate([[best], order[order != best]])
    ambiguous = False
    for j in order[1:6]:
        if not np.isfinite(score[j]) or d[j] > radius:
            break
        far_apart = np.hypot(*(pts[idx[j]] - pts[idx[best]])) > 0.02 * feats.scale
        if far_apart and score[j] <= _AMBIGUITY_RATIO * max(score[best], 1e-9 * feats.scale):
            if box is not None:
                margin = 0.3 * min(box[2] - box[0], box[3] - box[1])
                bd = compass_distances(pts[idx[[best, j]]], box, margin) * _KIND_WEIGHT_ARRAY[point_kind[[best, j]]]
                if bd[1] > _AMBIGUITY_RATIO * max(bd[0], 1e-9 * feats.scale):
                    continue
            ambiguous = True
            break
    return int(idx[best]), float(d[best]), ambiguous


def _dist_to_round(xy: np.ndarray, rd: Round) -> float:
    if rd.full:
        return abs(float(np.hypot(*(xy - rd.center))) - rd.radius)
    return float(point_polyline_distances(xy[None], rd.points, np.array([0, len(rd.points)]))[0, 0])


def _box_to_circle(box, center: np.ndarray, radius: float) -> float:
    """Distance from a text box ``(x0, y0, x1, y1)`` to a circle's outline (0 when the box straddles it)."""
    cx, cy = float(center[0]), float(center[1])
    near = math.hypot(min(max(cx, box[0]), box[2]) - cx, min(max(cy, box[1]), box[3]) - cy)
    far = max(math.hypot(x - cx, y - cy) for x in (box[0], box[2]) for y in (box[1], box[3]))
    if near <= radius <= far:
        return 0.0
    return min(abs(near - radius), abs(far - radius))


def _dist_to_curve(xy: np.ndarray, coords: np.ndarray) -> float:
    return float(point_polyline_distances(xy[None], coords, np.array([0, len(coords)]))[0, 0])


def _sym_hausdorff(a: np.ndarray, b: np.ndarray) -> float:
    return max(directed_hausdorff(a, b), directed_hausdorff(b, a))


def _curve_residual(pred: np.ndarray, drawn: np.ndarray, extension: np.ndarray | None = None) -> float:
    """Hausdorff distance of a drawn curve from the predicted one (canvas units).

    With ``extension`` (the predicted curve over the wider range a free-extent curve may
    cover), the drawn curve must cover ``pred`` and lie on ``extension``.
    """
    if extension is None:
        return _sym_hausdorff(pred, drawn)
    return max(directed_hausdorff(pred, drawn), directed_hausdorff(drawn, extension))


def coverage(feats: Features, p: np.ndarray, q: np.ndarray, tol: float, samples: int = 21,
             skip_boxes=()) -> tuple[float, list]:
    """Fraction of segment pq lying within ``tol`` of drawn strokes running along it, and the
    primitives covering it.

    A stroke covers a stretch of the segment only where it runs in the segment's direction
    (within 3 degrees, or the turn of ends each ``tol`` off, 2 tol / length, when that is more):
    a curve that hugs a line near where it touches it, or an axis the segment starts on,
    does not draw the segment. Samples inside ``skip_boxes`` (each ``(4,)``: the nodes at
    its ends, where a line between nodes does not run) are not counted.
    """
    s = np.linspace(0.0, 1.0, samples)[:, None]
    d = np.asarray(q, dtype=np.float64) - np.asarray(p, dtype=np.float64)
    length = float(np.hypot(*d))
    along = None
    if length > 0:
        # (a segment whose ends are each off by tol turns by up to 2 tol / length)
        along = (d / length, math.sin(min(max(math.radians(3.0), 2.0 * tol / length), math.pi / 2)))
    pts = p + s * (q - p)
    for box in skip_boxes:
        inside = (pts[:, 0] >= box[0]) & (pts[:, 0] <= box[2]) & (pts[:, 1] >= box[1]) & (pts[:, 1] <= box[3])
        if inside.all():
            break                      # (a segment inside a node: nothing left to look for, keep them all)
        pts = pts[~inside]
    covered, owners = covered_points(feats, pts, tol, along=along)
    return float(covered.mean()), owners


def _shown(feats: Features, owner, pts: np.ndarray, tol: float) -> np.ndarray:
    """Which of ``pts`` a clip leaves visible on the strokes of ``owner`` (scene indices, one
    per point or one for all): those inside its clip box, widened by ``tol``."""
    owner = np.broadcast_to(np.asarray(owner, dtype=np.int64), (len(pts),))
    out = np.ones(len(pts), dtype=bool)
    for o in set(owner.tolist()) & feats.clips.keys():
        box = feats.clips[o]
        sel = owner == o
        x, y = pts[sel, 0], pts[sel, 1]
        out[sel] = (x >= box[0] - tol) & (x <= box[2] + tol) & (y >= box[1] - tol) & (y <= box[3] + tol)
    return out


def _along(e0: np.ndarray, e1: np.ndarray, along) -> np.ndarray:
    """Which edges ``(E, 2)`` run in the direction ``along = (unit vector, sine of the angle
    allowed)`` either way (all of them when ``along`` is None)."""
    if along is None:
        return np.ones(len(e0), dtype=bool)
    d = e1 - e0
    n = np.hypot(d[:, 0], d[:, 1])
    u, sin_max = along
    cross = np.abs(d[:, 0] * u[1] - d[:, 1] * u[0])
    return (n > 0) & (cross <= sin_max * np.maximum(n, 1e-300))


def _edge_distances(pts: np.ndarray, e0: np.ndarray, e1: np.ndarray) -> np.ndarray:
    """``(P, E)`` distances from points ``(P, 2)`` to the segments ``e0 -> e1 (E, 2)``."""
    d = e1 - e0
    L2 = np.maximum(np.einsum("ij,ij->i", d, d), 1e-300)
    rel = pts[:, None, :] - e0[None, :, :]
    t = np.clip(np.einsum("sij,ij->si", rel, d) / L2, 0.0, 1.0)
    diff = e0[None] + t[..., None] * d[None] - pts[:, None, :]
    return np.hypot(diff[..., 0], diff[..., 1])


def covered_points(feats: Features, pts: np.ndarray, tol: float, along=None) -> tuple[np.ndarray, list]:
    """Which of ``pts (N, 2)`` lie within ``tol`` of a drawn stroke where it shows, and the
    primitives covering them.

    What a clip hides is not drawn: a stroke covers a point only inside its clip box. With
    ``along = (unit vector (2,), sine of an angle)``, only the pieces of strokes running in
    that direction (either way, within that angle) count.
    """
    pts = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
    covered = np.zeros(len(pts), dtype=bool)
    owners: set[int] = set()
    if len(feats.edges) and len(pts):
        # Only edges whose bounding box comes within tol of the points can cover them.
        e0, e1 = feats.edges[:, 0], feats.edges[:, 1]
        lo, hi = pts.min(axis=0) - tol, pts.max(axis=0) + tol
        near = np.all((np.maximum(e0, e1) >= lo) & (np.minimum(e0, e1) <= hi), axis=1) & _along(e0, e1, along)
        e0, e1, owner = e0[near], e1[near], feats.edge_owner[near]
        if len(e0):
            hit = _edge_distances(pts, e0, e1) <= tol  # (samples, E)
            if feats.clips:
                for k in np.flatnonzero(hit.any(axis=0)):
                    if int(owner[k]) in feats.clips:
                        hit[:, k] &= _shown(feats, owner[k], pts, tol)
            covered = hit.any(axis=1)
            owners.update(owner[hit.any(axis=0)].tolist())
    if not covered.all():
        for cv in feats.curves:
            if len(cv.coords) < 2:
                continue
            rest = np.nonzero(~covered)[0]
            if not len(rest):
                break
            if along is not None:  # the curve's pieces that run along the direction
                c = np.asarray(cv.coords, dtype=np.float64)
                keep = _along(c[:-1], c[1:], along)
                if not keep.any():
                    continue
                dd = _edge_distances(pts[rest], c[:-1][keep], c[1:][keep]).min(axis=1)
            else:
                dd = point_polyline_distances(pts[rest], cv.coords, np.array([0, len(cv.coords)]))[:, 0]
            hit = dd <= tol
            if cv.owner in feats.clips:
                hit &= _shown(feats, cv.owner, pts[rest], tol)
            if hit.any():
                covered[rest[hit]] = True
                owners.add(cv.owner)
    return covered, sorted(owners)


# ---------------------------------------------------------------- binding
class _Binder:
    def __init__(self, task: Task, scene: Scene, feats: Features):
        self.task = task
        self.scene = scene
        self.f = feats
        self.tol = task.tolerances
        self.margin = task.tolerances.label_margin * feats.scale
        self.known: dict = {}
        self.out: dict[str, BoundObject] = {}
        self.frames: dict[str, FrameFit] = {}
        # Point objects bound by one label: object id -> (label primitive index, point feature index).
        self.label_choice: dict[str, tuple[int, int]] = {}
        # Point objects whose label text stands at several places: object id -> those places.
        self.label_places: dict[str, list[np.ndarray]] = {}
        #: points that are text nodes lines are drawn to: the node's box (lines stop on its border)
        self.node_boxes: dict[str, np.ndarray] = {}

    def reach(self, lab) -> float:
        """How far from a label's anchor its point may be.

        The label margin plus half the font size; for a text box (SVG) half its
        width when wider, since a wide label's centre stands that much further
        from the point it is set beside.
        """
        half = 0.5 * lab.font_size
        if not self.f.attached_labels and lab.box is not None:
            half = max(half, 0.5 * float(lab.box[2] - lab.box[0]))
        return self.margin + half

    def kg(self, oid: str) -> KnownGeometry | None:
        return known_geometry(self.task, self.task.objects[oid], self.known)

    # -- labels -----------------------------------------------------
    def bind_points_by_label(self):
        for obj in self.task.objects.values():
            b = BoundObject(obj.id, obj.type)
            self.out[obj.id] = b
            labs = _labels_for(obj, self.f)
            b.labels = [i for i, _ in labs]
            if obj.type != "point" or not labs:
                continue
            places = []
            for i, lab in labs:
                idx, dist, amb = _point_near(self.f, lab.anchor, self.reach(lab),
                                             box=None if self.f.attached_labels else lab.box)
                if idx is None and not self.f.attached_labels:
                    idx, dist, amb = self._dot_beside(lab)
                if idx is not None and self.f.point_kind[idx] == PointKind.ANCHOR:
                    # A label placed beside its point by hand names the drawn point there.
                    centre = connected_node_centre(self.f, lab)
                    if centre is not None:
                        # A node that lines are drawn to is the point its text names: its centre.
                        places.append((centre, i, idx, False))
                        self.node_boxes[obj.id] = node_box(lab)
                        continue
                    near = snap_index(self.f, self.f.points[idx], extra=_centred_half_width(lab))
                    if near is not None:
                        idx, amb = near, False
                if idx is None:
                    # A native label attached to an undrawn point still locates it.
                    if self.f.attached_labels:
                        places.append((lab.anchor, i, None, False))
                    continue
                places.append((self.f.points[idx], i, idx, amb))
            if not places:
                if not self.f.attached_labels and self._on_circle_by_label(b, labs):
                    continue
                b.note = "label found but no drawn point near it"
                continue
            first = places[0][0]
            spread = max(float(np.hypot(*(p[0] - first))) for p in places)
            b.point = np.asarray(first, dtype=np.float64)
            b.via = "label"
            owner = places[0][2]
            b.primitives = [places[0][1]] + ([int(self.f.point_owner[owner])] if owner is not None and self.f.point_owner[owner] >= 0 else [])
            b.drawn = owner is not None and self.f.point_kind[owner] != PointKind.ANCHOR
            if owner is not None and self.f.point_kind[owner] == PointKind.ANCHOR:
                b.drawn = True  # named by the source at exactly this point
            if spread <= 0.02 * self.f.scale and owner is not None:
                self.label_choice[obj.id] = (places[0][1], owner)
            if spread > 0.02 * self.f.scale:
                if self.kg(obj.id) is not None:
                    # Same text in several places (e.g. "0" at two origins): the frame decides.
                    self.label_places[obj.id] = [np.asarray(p[0], dtype=np.float64) for p in places]
                    b.point, b.via, b.primitives = None, "", []
                    b.note = f"{len(places)} labels {obj.labels[0]!r} at different places; located by its frame instead"
                    continue
                b.status = "ambiguous"
                b.note = f"{len(places)} labels {obj.labels[0]!r} at different places"
            elif places[0][3]:
                b.status = "ambiguous"
                b.note = "label is about as near to another drawn point"
            else:
                b.status = "bound"

    def _seen_at(self, lab) -> np.ndarray:
        """Where a label naming a circle is seen: its text box's centre when the source attaches it.

        A TikZ node after ``circle`` is attached at the centre however far its options move
        it (``node[above right=2cm]``); the reader sees the text, beside the outline.
        SVG labels keep their anchor (the baseline's middle).
        """
        if self.f.attached_labels and lab.box is not None:
            return np.array([0.5 * (lab.box[0] + lab.box[2]), 0.5 * (lab.box[1] + lab.box[3])])
        return lab.anchor

    def _label_to_round(self, lab, rd: Round) -> float:
        """How far a label naming a circle is from it: from where it is seen, or from its text box
        when that comes nearer (a wide label set beside the outline, ``above right`` of a point
        on it, has its centre far off)."""
        d = _dist_to_round(self._seen_at(lab), rd)
        if rd.full and lab.box is not None and d > 0:
            d = min(d, _box_to_circle(lab.box, rd.center, rd.radius))
        return d

    def _dot_beside(self, lab):
        """A dot a text label (SVG) stands beside, a little beyond its reach: (index, distance, ambiguous).

        A label set under or over its point has its baseline's middle a whole font size
        and the gap away, not half of one; in a small figure that is beyond the reach
        (the margin scales with the figure, the font does not). Only an explicit dot
        counts there, before a circle the label stands by names a point on it.
        """
        return _point_near(self.f, lab.anchor, self.margin + max(lab.font_size, self.reach(lab) - self.margin),
                           kinds=[PointKind.DOT], box=lab.box)

    def _on_circle_by_label(self, b: BoundObject, labs: list) -> bool:
        """Locate a point shown only by its label beside one drawn circle ("P" by the arc, no dot).

        The point is the circle's point nearest the label. Only one circle may be
        within the label's reach (or the nearest must be twice as near as the next).
        """
        i, lab = labs[0]
        xy = lab.anchor
        reach = self.reach(lab)
        rounds = [r for r in self._outline_rounds() if r.full]
        if not rounds:
            return False
        d = np.array([_dist_to_round(xy, r) for r in rounds])
        order = np.argsort(d)
        if d[order[0]] > reach or (len(d) > 1 and d[order[1]] <= reach and d[order[1]] < 2.0 * d[order[0]]):
            return False
        r = rounds[order[0]]
        v = xy - r.center
        n = float(np.hypot(*v))
        if n <= 1e-12 * self.f.scale:
            return False
        b.point = r.center + v / n * r.radius
        b.via, b.status, b.drawn = "label", "bound", True
        b.primitives = [i, r.owner]
        b.note = "located on the circle beside its label (no point is drawn there)"
        return True

    def separate_shared_points(self):
        """One drawn point per label: two labels at different places naming one point are reassigned.

        Reading a text-only format (SVG), a label beside a vertex may be nearer a
        dot beside it that another label names (``C`` north-east of a corner, ``F``
        north-east of a dot just below it). When two labels standing apart land on
        the same drawn point, the labels and the points near them are matched one
        to one at the least total distance (weighted by point kind as for a single
        label). Labels at the same place (``B`` and ``I`` written at one spot)
        name one point and are left alone; so is a conflict no one-to-one
        matching resolves.
        """
        if self.f.attached_labels:
            return  # the source names each label's point
        by_point: dict[int, list[str]] = {}
        for oid, (_, idx) in self.label_choice.items():
            by_point.setdefault(idx, []).append(oid)
        labels = {i: lab for i, lab, _ in self.f.labels}
        for idx, oids in by_point.items():
            if len(oids) < 2:
                continue
            labs = [labels[self.label_choice[o][0]] for o in oids]
            fs = min(lab.font_size for lab in labs)
            at = [lab.anchor for lab in labs]
            apart = max(float(np.hypot(*(a - b))) for a in at for b in at)
            if apart <= 0.5 * fs:
                continue
            taken = {j for o, (_, j) in self.label_choice.items() if o not in oids}
            cand_sets = []
            for lab, xy in zip(labs, at):
                radius = self.reach(lab)
                d = np.hypot(*(self.f.points - xy).T)
                near = [j for j in np.flatnonzero(d <= radius).tolist() if j not in taken]
                cand_sets.append({j: float(d[j] * _KIND_WEIGHT_ARRAY[self.f.point_kind[j]]) for j in near})
            cands = sorted(set().union(*cand_sets))
            if len(cands) < len(oids):
                continue
            from scipy.optimize import linear_sum_assignment  # 0.5 s to import: only on a conflict

            big = 1e6 * self.f.scale
            cost = np.array([[cs.get(j, big) for j in cands] for cs in cand_sets])
            rows, cols = linear_sum_assignment(cost)
            if np.any(cost[rows, cols] >= big):
                continue
            for r, c in zip(rows, cols):
                oid, j = oids[r], cands[c]
                if j == idx:
                    continue
                b = self.out[oid]
                b.point = np.asarray(self.f.points[j], dtype=np.float64)
                owner = int(self.f.point_owner[j])
                b.primitives = [self.label_choice[oid][0]] + ([owner] if owner >= 0 else [])
                b.drawn = True
                b.status = "bound"
                b.note = "the nearer point is named by another label"
                self.label_choice[oid] = (self.label_choice[oid][0], j)

    # -- frames -----------------------------------------------------
    def _naming_labels(self, obj: IRObject) -> list:
        """Labels in the scene that name ``obj`` (a region is named by its boundary's labels too)."""
        labs = _labels_for(obj, self.f)
        if not labs and obj.type == "region":
            labs = _labels_for(self.task.objects[obj.data["boundary"]], self.f)
        return labs

    def _outline_rounds(self) -> list[Round]:
        """Drawn circles and arcs that can be a figure's circle: not point markers.

        Small rings mark points (zeros drawn as o); as long as a larger round is drawn they
        are no candidates for an IR circle, else a full ring beats a 350-degree contour
        left open for its arrowhead and the frame is fitted onto a marker.
        """
        big = [r for r in self.f.rounds if r.radius > MARKER_MAX]
        return big or list(self.f.rounds)

    def _round_candidates(self, obj: IRObject) -> list[Round]:
        outline = self._outline_rounds()
        rounds = [r for r in outline if r.full] or outline
        labs = self._naming_labels(obj)
        if labs:
            # The label says where the object is: only rounds near it qualify (or, for a legend
            # entry, those in its sample's style).
            near = [r for r in rounds if min(self._label_to_round(lab, r) for _, lab in labs) <= self.margin * 1.5]
            return near or self._legend_rounds(labs, rounds)
        return rounds

    def _curve_candidates(self, obj: IRObject) -> list[np.ndarray]:
        cands = [c.coords for c in self.f.curves if len(c.coords) >= 2]
        g = self.kg(obj.id)
        if g is not None and len(g.points) > 3 and np.allclose(g.points[0], g.points[-1]):
            # a closed curve (a polygon) is looked for among the closed drawn curves first, not
            # behind the lines of a grid
            tol = self.tol.distance * self.f.scale
            cands.sort(key=lambda c: not (len(c) > 3 and float(np.hypot(*(c[0] - c[-1]))) <= tol))
        labs = self._naming_labels(obj)
        if labs:
            near = [c for c in self.f.curves if len(c.coords) >= 2
                    and min(_dist_to_curve(lab.anchor, c.coords) for _, lab in labs) <= self.margin * 1.5]
            if near:
                return [c.coords for c in self._legend_targets(near)]
        return cands

    def _object_residual(self, oid: str, m: np.ndarray, tol: float):
        """Residual of the best drawn match of a known object under transform m (canvas units)."""
        g = self.kg(oid)
        s = transform_scale(m)
        if g.kind == "point":
            xy = transform_points(m, g.points[0])
            b = self.out.get(oid)
            if b is not None and b.status == "bound" and b.point is not None:
                # A point its label names is explained only where that label put it: the nearest
                # drawn point would let a symmetric figure's mirror image (corner B predicted on
                # the dot labelled D) score as well as the figure itself.
                idx, _, _ = _point_near(self.f, b.point, math.inf, kinds=_ALL_KINDS)
                return float(np.hypot(*(xy - b.point))), idx
            idx, d, _ = _point_near(self.f, xy, math.inf, kinds=_ALL_KINDS)
            return (d if idx is not None else math.inf), idx
        if g.kind == "circle":
            c = transform_points(m, g.points[0])
            r = s * g.radius
            best, arg = math.inf, None
            for rd in self.f.rounds:
                res = float(np.hypot(*(rd.center - c))) + abs(rd.radius - r)
                if res < best:
                    best, arg = res, rd
            return best, arg
        if g.kind == "curve":
            # Coarse copies are plenty to score a hypothesis; the final residual uses everything.
            pred = transform_points(m, g.points[:: max(1, len(g.points) // 96)])
            ext = None if g.extension is None else transform_points(m, g.extension[:: max(1, len(g.extension) // 96)])
            best, arg = math.inf, None
            lo, hi = pred.min(axis=0), pred.max(axis=0)
            for cv in self.f.curves:
                if len(cv.coords) < 2:
                    continue
                if np.any(cv.lo > hi + tol) or np.any(cv.hi < lo - tol):
                    continue
                res = _curve_residual(pred, cv.coarse, ext)
                if res < best:
                    best, arg = res, cv
            return best, arg
        return math.inf, None

    def fit_frames(self):
        for fid, frame in self.task.frames.items():
            fit = FrameFit(fid)
            self.frames[fid] = fit
            objs = [o for o in self.task.objects_in(fid) if o.type != "text" and self.kg(o.id) is not None]
            objs = [o for o in objs if self.kg(o.id).kind in ("point", "circle", "curve")]
            if not objs or frame.kind == "diagram":
                continue
            eq = frame.equivalences
            hypotheses = []
            # (a) label-bound points with coordinates
            label_corr = []
            for o in objs:
                b = self.out[o.id]
                g = self.kg(o.id)
                if g.kind == "point" and b.status == "bound":
                    label_corr.append(Correspondence(g.points[0], b.point, source=o.id))
            if len(label_corr) >= 2:
                hypotheses.append(label_corr)
            if len(label_corr) >= 3:
                # Minimal subsets too (RANSAC-style), so one mislabelled point cannot skew every hypothesis.
                pairs = [(i, j) for i in range(len(label_corr)) for j in range(i + 1, len(label_corr))]
                hypotheses.extend([label_corr[i], label_corr[j]] for i, j in pairs[:60])
            # (b) each known circle against each candidate drawn circle
            for o in objs:
                g = self.kg(o.id)
                if g.kind == "circle":
                    for rd in self._round_candidates(o)[:12]:
                        circ = Correspondence(g.points[0], rd.center, g.radius, rd.radius, 2.0, o.id)
                        hypotheses.append([circ])
                        if label_corr:
                            hypotheses.append(label_corr + [circ])
            # (c) each known curve against each candidate drawn curve (bounding-box alignment)
            for o in objs:
                g = self.kg(o.id)
                if g.kind == "curve":
                    pred_fit = _circle_of(g.points)
                    for coords in self._curve_candidates(o)[:16]:
                        own = None
                        if pred_fit is not None:
                            drawn_fit = _circle_of(coords)
                            if drawn_fit is not None:
                                own = [Correspondence(pred_fit[0], drawn_fit[0], pred_fit[1], drawn_fit[1], 2.0, o.id)]
                        if own is None:
                            own = _bbox_correspondences(g.points, coords, o.id)
                        # With and without the labelled points: swapped labels must not spoil every hypothesis.
                        hypotheses.append(own)
                        if label_corr:
                            hypotheses.append(label_corr + own)
            if len(label_corr) < 2:
                # Last, labels repeated at several places (two copies of the figure): each pair of
                # places of two labels is a hypothesis; the search below tells one copy from two.
                hypotheses.extend(self._repeated_label_pairs(objs, label_corr)[:60])
            best = None
            seen = set()
            # Without two labelled points to pin it, the frame may fit two drawn copies of the
            # figure (two panels) equally well: past the point where the search would stop, it
            # looks on for a hypothesis elsewhere that explains as much.
            pinned = len(label_corr) >= 2
            stopped_at = None  # predicted box of the best hypothesis once the search would stop
            for corr in hypotheses:
                m, refl = fit_transform(corr, eq)
                if m is None:
                    continue
                box = _predicted_box(self, objs, m) if not pinned else None
                if stopped_at is not None and _boxes_overlap(stopped_at, box):
                    continue  # the same drawn figure again (a symmetry of it)
                tol = self.tol.distance * _predicted_size(self, objs, m)
                # Many hypotheses give the same transform: score each transform once.
                sig = tuple(np.round(m[:2].ravel() / max(tol, 1e-12), 1))
                if sig in seen:
                    continue
                seen.add(sig)
                res = {o.id: self._object_residual(o.id, m, tol)[0] for o in objs}
                inl = [k for k, v in res.items() if v <= tol]
                # Labelled points with coordinates are the figure's explicit references:
                # they outweigh a curve that could be aligned onto itself.
                weight = {o.id: (1.5 if o.type == "point" and self.out[o.id].status == "bound" else 1.0) for o in objs}
                key = (sum(weight[k] for k in inl), -sum(min(v, 10 * tol) for v in res.values()))
                if stopped_at is not None:
                    if len(inl) >= 2 and key[0] >= best[0][0]:
                        fit.ambiguous = (f"the frame fits two drawn figures equally well (around "
                                         f"{_box_text(stopped_at)} and {_box_text(box)})")
                        break
                    continue
                if best is None or key > best[0]:
                    best = (key, m, refl, res, inl, tol)
                if len(inl) == len(objs) or (len(objs) >= 3 and len(inl) == len(objs) - 1 and len(corr) <= 2):
                    # Every object explained, or all but one by a minimal hypothesis (RANSAC's
                    # stopping rule: the odd one out is the outlier); refining does the rest.
                    if pinned:
                        break
                    stopped_at = _predicted_box(self, objs, best[1])
            if best is None:
                continue
            _, m, refl, res, inl, tol = best
            # Refine on the inliers (points and circles), then re-score.
            corr = []
            for oid in inl:
                g = self.kg(oid)
                _, arg = self._object_residual(oid, m, tol)
                if g.kind == "point" and arg is not None:
                    corr.append(Correspondence(g.points[0], self.f.points[arg], source=oid))
                elif g.kind == "circle" and arg is not None:
                    corr.append(Correspondence(g.points[0], arg.center, g.radius, arg.radius, 2.0, oid))
            if len(corr) >= 1:
                m2, refl2 = fit_transform(corr, eq)
                if m2 is not None:
                    tol2 = self.tol.distance * _predicted_size(self, objs, m2)
                    res2 = {o.id: self._object_residual(o.id, m2, tol2)[0] for o in objs}
                    inl2 = [k for k, v in res2.items() if v <= tol2]
                    if len(inl2) >= len(inl):
                        m, refl, res, inl, tol = m2, refl2, res2, inl2, tol2
            fit.matrix, fit.reflected, fit.residuals, fit.tolerance = m, refl, res, tol
            fit.scale = transform_scale(m)
            fit.inliers = sorted(inl)
            fit.outliers = sorted(k for k in res if k not in inl)

    def _repeated_label_pairs(self, objs: list[IRObject], label_corr: list) -> list[list[Correspondence]]:
        """Two-point hypotheses from the places of labels standing at several places (and
        the one labelled point there may be)."""
        placed = [(o.id, [c.canvas for c in label_corr if c.source == o.id] or self.label_places.get(o.id, []))
                  for o in objs if self.kg(o.id).kind == "point"]
        placed = [(oid, xy) for oid, xy in placed if xy]
        out = []
        for i in range(len(placed)):
            for j in range(i + 1, len(placed)):
                (oi, pi), (oj, pj) = placed[i], placed[j]
                gi, gj = self.kg(oi).points[0], self.kg(oj).points[0]
                for a in pi:
                    for b in pj:
                        out.append([Correspondence(gi, a, source=oi), Correspondence(gj, b, source=oj)])
        return out

    def release_shared_labels(self):
        """A label naming points of two frames stays with the point its frame puts there.

        Both origins of a two-panel figure are named ``0``; a single ``0`` beside the
        z-plane's origin bound the w-plane's origin too, and a winding number about it
        was measured in the wrong panel. After the frames are fitted, a point that shares
        its label with a point of another frame and is an outlier of its own frame is
        located by its frame instead.
        """
        by_label: dict[int, list[str]] = {}
        for oid, b in self.out.items():
            if b.status == "bound" and b.via == "label" and b.primitives:
                by_label.setdefault(b.primitives[0], []).append(oid)
        for oids in by_label.values():
            if len({self.task.objects[o].frame for o in oids}) < 2:
                continue
            for oid in oids:
                fit = self.frames.get(self.task.objects[oid].frame)
                if fit is None or not fit.determined or oid not in fit.outliers:
                    continue
                b = self.out[oid]
                b.status, b.via, b.point, b.primitives, b.drawn = "unbound", "", None, [], False
                b.note = "its label names a point of another frame"

    def flag_ambiguous_frames(self):
        """Objects a frame placed, when the frame fits two drawn figures equally well, are ambiguous.

        Two squares side by side with the same corner labels (a torus and a Klein bottle):
        the labels pin nothing and the first square found used to be the answer.
        """
        for fid, fit in self.frames.items():
            if not fit.ambiguous:
                continue
            for obj in self.task.objects_in(fid):
                b = self.out[obj.id]
                if obj.type == "text" or b.status != "bound" or (b.via == "label" and obj.type == "point"):
                    continue
                b.status = "ambiguous"
                b.note = fit.ambiguous

    # -- everything else ---------------------------------------------
    def bind_rest(self):
        order = {"point": 0, "circle": 1, "arc": 1, "line": 2, "segment": 2, "ray": 2, "polygon": 3,
                 "parametric_curve": 4, "image_curve": 4, "point_set": 5, "region": 6, "text": 7, "arrow": 8}
        rounds_done = False
        for obj in sorted(self.task.objects.values(), key=lambda o: order.get(o.type, 9)):
            if not rounds_done and order.get(obj.type, 9) > 1:
                self._one_circle_per_round()
                rounds_done = True
            getattr(self, f"_bind_{obj.type}")(obj, self.out[obj.id])
        if not rounds_done:
            self._one_circle_per_round()

    def _one_circle_per_round(self):
        """Two IR circles of different shape cannot both be one drawn circle: the worse fit is unbound.

        Without this, a figure that omits c1 had c1 bound to the drawn c2, and ``point_on P c1``
        passed on c2.
        """
        by_prim: dict = {}
        for oid, b in self.out.items():
            if b.type in ("circle", "arc") and b.status in ("bound", "ambiguous") and b.primitives:
                by_prim.setdefault(b.primitives[0], []).append(oid)
        for prim, oids in by_prim.items():
            if len(oids) < 2:
                continue
            shapes = {}
            for oid in oids:
                g = self.kg(oid)
                shapes[oid] = None if g is None else (tuple(np.round(g.points[0], 9)), round(float(g.radius), 9))
            if None in shapes.values() or len(set(shapes.values())) == 1:
                continue  # unknown or identical IR circles: nothing tells them apart

            def deviation(oid):
                b, g, fit = self.out[oid], self.kg(oid), self._fit(self.task.objects[oid])
                if fit is None:
                    return b.residual if b.residual is not None else math.inf
                c = transform_points(fit.matrix, g.points[0])
                return float(np.hypot(*(b.center - c))) + abs(b.radius - fit.scale * g.radius)

            keep = min(oids, key=deviation)
            for oid in oids:
                if oid != keep:
                    b = self.out[oid]
                    b.status, b.drawn, b.primitives, b.center, b.radius, b.curve = "unbound", False, [], None, None, None
                    b.note = f"the only drawn circle that could be {oid} is {keep}"

    def _fit(self, obj: IRObject) -> FrameFit | None:
        fit = self.frames.get(obj.frame)
        return fit if fit is not None and fit.determined else None

    def _resolve(self, ref) -> tuple[np.ndarray | None, str]:
        """Canvas position of a point reference (object id or IR coordinates)."""
        if isinstance(ref, str):
            b = self.out[ref]
            if b.point is not None and b.status in ("bound", "ambiguous"):
                return b.point, b.status
            return None, "unbound"
        return None, "unbound"

    def _bind_point(self, obj, b):
        if b.status in ("bound", "ambiguous"):
            return
        fit = self._fit(obj)
        g = self.kg(obj.id)
        if fit is not None and g is not None:
            xy = transform_points(fit.matrix, g.points[0])
            tol = self.tol.distance * self.f.scale
            idx, d, _ = _point_near(self.f, xy, tol, kinds=_ALL_KINDS)
            b.point = xy
            b.status = "bound"
            b.via = "frame"
            b.residual = d if idx is not None else None
            if idx is not None:
                b.drawn = True
                if self.f.point_owner[idx] >= 0:
                    b.primitives = [int(self.f.point_owner[idx])]
            else:
                b.note = "located by the frame's transform; no drawn point there"

    def _bind_circle(self, obj, b):
        cands = self._outline_rounds()
        if obj.type == "circle":
            cands = [r for r in cands if r.full] or cands
        labs = _labels_for(obj, self.f)
        far_label = ""
        if labs:
            near = [r for r in cands if min(self._label_to_round(lab, r) for _, lab in labs) <= self.margin * 1.5]
            far_label = f"label {labs[0][1].text!r} is not near any drawn circle"
            if not near:  # a legend entry: its sample line in the circle's style stands by the label
                near = self._legend_rounds(labs, cands)
            if not near:
                # A label set too far off says nothing about which circle it names: a circle
                # where the frame puts the object is still it (label_bound reports the label).
                near = self._circles_where_predicted(obj, cands)
                if not near and cands:
                    b.note = far_label
                    return
                labs = []
            else:
                far_label = ""
            cands = near
        cands = self._prefer_style(obj, cands)
        if not cands:
            b.note = "no circle is drawn"
            return
        d = obj.data
        scores = np.zeros(len(cands))
        constraints = 0
        center_ref = d.get("center")
        if isinstance(center_ref, str):
            c, st = self._resolve(center_ref)
            if c is not None:
                constraints += 1
                scores += [float(np.hypot(*(r.center - c))) for r in cands]
            elif center_ref in self.task.objects and not self.f.attached_labels:
                # An undrawn centre labelled beside where it is ("O" with no dot): the circle
                # whose centre is within the label's reach.
                reach = [(lab.anchor, self.reach(lab))
                         for _, lab in _labels_for(self.task.objects[center_ref], self.f)]
                dists = [min((float(np.hypot(*(r.center - xy))) for xy, _ in reach), default=math.inf) for r in cands]
                if any(dd <= rr for dd in dists for _, rr in reach):
                    constraints += 1
                    scores += dists
        for ref in d.get("through", []):
            p, st = self._resolve(ref)
            if p is not None:
                constraints += 1
                scores += [_dist_to_round(p, r) for r in cands]
            elif ref in self.task.objects and not self.f.attached_labels:
                # A point on the circle shown by its label only ("P" beside the arc, no dot).
                reach = [(lab.anchor, self.reach(lab))
                         for _, lab in _labels_for(self.task.objects[ref], self.f)]
                dists = [min((_dist_to_round(xy, r) for xy, _ in reach), default=math.inf) for r in cands]
                if any(dd <= rr for dd in dists for _, rr in reach):
                    constraints += 1
                    scores += dists
        fit = self._fit(obj)
        g = self.kg(obj.id)
        if fit is not None and g is not None:
            constraints += 1
            c = transform_points(fit.matrix, g.points[0])
            r0 = fit.scale * g.radius
            scores += [float(np.hypot(*(r.center - c))) + abs(r.radius - r0) for r in cands]
        if labs:
            constraints += 1
            scores += [min(self._label_to_round(lab, r) for _, lab in labs) for r in cands]
        order = np.argsort(scores)
        best = cands[order[0]]
        if constraints == 0 and len(cands) > 1:
            b.status = "ambiguous"
            b.note = f"{len(cands)} circles drawn and nothing in the IR tells which is {obj.id}"
        else:
            b.status = "bound"
            if len(order) > 1 and constraints > 0:
                second = scores[order[1]]
                if second - scores[order[0]] < 1e-3 * self.f.scale and cands[order[1]].owner != best.owner \
                        and abs(cands[order[1]].radius - best.radius) > 1e-3 * self.f.scale:
                    b.status = "ambiguous"
                    b.note = "two drawn circles fit equally well"
        b.drawn = True
        b.via = "geometry"
        b.note = b.note or far_label
        b.center, b.radius = best.center, best.radius
        b.curve, b.closed = best.points, best.full
        b.primitives = [best.owner]
        b.residual = float(scores[order[0]]) if constraints else None
        if obj.type == "circle":
            # A circle is drawn when strokes show most of it (one arc or several; a 350-degree
            # contour left open for its arrowhead is), not where a clip hides them.
            frac = self._round_shown(best)
            if frac < _COVERAGE:
                b.drawn = False
                b.note = f"only {frac:.0%} of it shows"

    _bind_arc = _bind_circle

    def _round_shown(self, rd: Round, samples: int = 72) -> float:
        """Fraction of the full circle of ``rd`` that drawn strokes show (clips cutting them)."""
        th = np.linspace(0.0, 2.0 * math.pi, samples, endpoint=False)
        pts = rd.center + rd.radius * np.column_stack([np.cos(th), np.sin(th)])
        hit, _ = covered_points(self.f, pts, self.tol.distance * self.f.scale)
        return float(hit.mean())

    def _circles_where_predicted(self, obj, cands: list[Round]) -> list[Round]:
        """The drawn circles within the distance tolerance of where the frame's fit puts ``obj``."""
        fit, g = self._fit(obj), self.kg(obj.id)
        if fit is None or g is None or g.kind != "circle":
            return []
        c = transform_points(fit.matrix, g.points[0])
        r0 = fit.scale * g.radius
        tol = self.tol.distance * self.f.scale
        return [r for r in cands if float(np.hypot(*(r.center - c))) + abs(r.radius - r0) <= tol]

    def _line_points(self, obj) -> tuple[np.ndarray | None, str]:
        pts, status = [], "bound"
        fit = self._fit(obj)
        for ref in obj.data["through"]:
            if isinstance(ref, str):
                p, st = self._resolve(ref)
            elif fit is not None:
                p, st = transform_points(fit.matrix, np.asarray(ref, dtype=float)), "bound"
            else:
                p, st = None, "unbound"
            if p is None:
                return None, "unbound"
            if st == "ambiguous":
                status = "ambiguous"
            pts.append(p)
        return np.asarray(pts), status

    def _bind_segment(self, obj, b):
        """Segments, rays and lines: located by their two points, drawn when strokes cover
        the stretch between them (a drawn line or ray shows at least that stretch)."""
        pts, status = self._line_points(obj)
        if pts is None:
            b.note = "the points that define it are not located"
            return
        b.points, b.point, b.status, b.via = pts, pts[0], status, "relation"
        tol = self.tol.distance * self.f.scale
        # (a line between text nodes stops on their borders: the stretch inside an end's node is not looked for)
        boxes = [self.node_boxes[r] for r in obj.data["through"] if isinstance(r, str) and r in self.node_boxes]
        frac, owners = coverage(self.f, pts[0], pts[1], tol, skip_boxes=boxes)
        b.drawn = frac >= _COVERAGE
        b.primitives = owners
        b.residual = 1.0 - frac
        if not b.drawn:
            b.note = f"only {frac:.0%} of it is drawn"

    _bind_ray = _bind_segment
    _bind_line = _bind_segment

    def _bind_polygon(self, obj, b):
        pts = []
        for ref in obj.data["vertices"]:
            p, st = self._resolve(ref) if isinstance(ref, str) else (None, "unbound")
            if p is None:
                b.note = "some vertices are not located"
                return
            pts.append(p)
        pts = np.asarray(pts)
        b.points, b.curve, b.closed, b.status, b.via = pts, np.vstack([pts, pts[:1]]), True, "bound", "relation"
        tol = self.tol.distance * self.f.scale
        fracs, owners = [], set()
        refs = obj.data["vertices"]
        for i in range(len(pts)):
            ends = (refs[i], refs[(i + 1) % len(refs)])   # (sides between text nodes: as for segments)
            boxes = [self.node_boxes[r] for r in ends if r in self.node_boxes]
            fr, ow = coverage(self.f, pts[i], pts[(i + 1) % len(pts)], tol, skip_boxes=boxes)
            fracs.append(fr)
            owners.update(ow)
        b.drawn = min(fracs) >= _COVERAGE
        b.primitives = sorted(owners)

    def _bind_curve(self, obj, b):
        g = self.kg(obj.id)
        fit = self._fit(obj)
        cands = [c for c in self.f.curves if len(c.coords) >= 2]
        labs = _labels_for(obj, self.f)
        if labs:
            near = [c for c in cands if min(_dist_to_curve(lab.anchor, c.coords) for _, lab in labs) <= self.margin * 1.5]
            cands = self._legend_targets(near) or cands
        cands = self._prefer_style(obj, cands)
        if not cands:
            b.note = "no curve is drawn"
            return
        if g is not None and fit is not None:
            pred = transform_points(fit.matrix, g.points)
            ext = None if g.extension is None else transform_points(fit.matrix, g.extension)
            res = [_curve_residual(pred, c.coords, ext) for c in cands]
            k = int(np.argmin(res))
            best, b.residual = cands[k], float(res[k])
        elif len(cands) == 1 or labs:
            best = cands[0]
        else:
            b.status = "ambiguous"
            b.note = "several curves drawn and nothing locates this one"
            best = cands[0]
        if b.status != "ambiguous":
            b.status = "bound"
        b.drawn, b.via = True, "geometry" if g is not None else "label"
        b.curve, b.closed, b.primitives = best.coords, best.closed or _is_closed(best.coords, self.f.scale), [best.owner]

    def _legend_targets(self, near: list) -> list:
        """``near`` (curves a label stands by) with each legend sample among them replaced by the
        plots it stands for.

        A legend names a plot by a short sample stroke drawn in the plot's style (pgfplots'
        ``\\legend``, matplotlib's legend box): a short stroke whose stroke, dash and width are
        those of longer curves stands for them; the label beside it names them.
        """
        if not near:
            return near
        samples = {id(c) for c in legend_samples(self.f)}
        style = self.scene.primitives
        out, seen = [], set()
        for c in near:
            targets = []
            if id(c) in samples:
                key = stroke_key(style[c.owner].style)
                targets = [d for d in self.f.curves if d.owner != c.owner and len(d.coords) >= 2
                           and id(d) not in samples and stroke_key(style[d.owner].style) == key]
            for d in targets or [c]:
                if id(d) not in seen:
                    seen.add(id(d))
                    out.append(d)
        return out

    def _legend_rounds(self, labs: list, rounds: list) -> list:
        """The circles a legend entry names: those drawn in the style of a short sample
        stroke that stands by one of the labels ``labs``."""
        keys = {stroke_key(self.scene.primitives[c.owner].style) for c in legend_samples(self.f)
                if min(_dist_to_curve(lab.anchor, c.coords) for _, lab in labs) <= self.margin * 1.5}
        if not keys:
            return []
        short = LEGEND_SAMPLE_MAX * self.f.scale
        return [r for r in rounds if r.radius >= short / 2 and stroke_key(self.scene.primitives[r.owner].style) in keys]

    def _prefer_style(self, obj: IRObject, cands: list) -> list:
        """Candidates whose style agrees with the object's style hint, when any does."""
        hint = obj.get("style_hint")
        if not hint or len(cands) < 2:
            return cands
        keep = [c for c in cands if style_matches(self.scene.primitives[c.owner].style, hint)]
        return keep or cands

    _bind_parametric_curve = _bind_curve
    _bind_image_curve = _bind_curve

    def _bind_region(self, obj, b):
        src = self.out[obj.data["boundary"]]
        for k in ("status", "drawn", "via", "primitives", "curve", "closed", "center", "radius", "residual", "note"):
            setattr(b, k, getattr(src, k))
        if b.curve is None and src.points is not None and src.type == "polygon":
            b.curve = np.vstack([src.points, src.points[:1]])

    def _bind_point_set(self, obj, b):
        g = self.kg(obj.id)
        fit = self._fit(obj)
        # Dots, small rings and small crosses all mark points (zeros as o, poles as x).
        marks = point_markers(self.scene)
        dots = np.array([m.center for m in marks]).reshape(-1, 2)
        dot_idx = [m.primitives for m in marks]
        if g is None or fit is None:
            b.points = dots
            b.primitives = [i for m in dot_idx for i in m]
            b.status, b.via, b.drawn = "bound", "geometry", len(dots) > 0
            b.note = "positions not checked: the frame's transform is not determined"
            return
        pred = transform_points(fit.matrix, g.points).reshape(-1, 2)
        tol = self.tol.distance * 3 * self.f.scale
        marks = self._marker_kind(obj, marks, pred, fit, tol)
        dots = np.array([m.center for m in marks]).reshape(-1, 2)
        dot_idx = [m.primitives for m in marks]
        found, prims = [], []
        worst = 0.0
        for p in pred:
            if len(dots) == 0:
                worst = math.inf
                continue
            d = np.hypot(*(dots - p).T)
            k = int(np.argmin(d))
            worst = max(worst, float(d[k]))
            if d[k] <= tol:
                found.append(dots[k])
                prims.extend(dot_idx[k])
        b.points = np.asarray(found).reshape(-1, 2)
        b.primitives = prims
        b.residual = worst
        b.status, b.via = "bound", "frame"
        b.drawn = len(found) == len(pred)

    def _marker_kind(self, obj, marks: list, pred: np.ndarray, fit, tol: float) -> list:
        """The markers of ``obj``'s kind when the task marks another point set in its frame.

        Zeros and poles are marked distinguishably (o and x, two colours): markers are
        grouped by shape and colour, and a point set takes the group that explains more of
        its points than of the other set's (a figure swapping a zero's and a pole's
        markers then misses one of each). One kind of marker for all: every marker.
        """
        others = [o for o in self.task.objects.values() if o.id != obj.id and o.type == "point_set"
                  and o.frame == obj.frame and self.kg(o.id) is not None]
        if not others or len(marks) < 2:
            return marks
        groups: dict = {}
        for m in marks:
            st = self.scene.primitives[m.primitives[0]].style
            groups.setdefault((m.shape, st.stroke, st.fill), []).append(m)
        if len(groups) < 2:
            return marks

        def explained(ms, pts):
            c = np.array([m.center for m in ms])
            return sum(1 for p in pts if float(np.min(np.hypot(*(c - p).T))) <= tol)

        other_pts = [transform_points(fit.matrix, self.kg(o.id).points).reshape(-1, 2) for o in others]
        best = max(groups.values(), key=lambda ms: (explained(ms, pred) - max(explained(ms, q) for q in other_pts),
                                                    explained(ms, pred)))
        return best if explained(best, pred) else marks

    def _bind_text(self, obj, b):
        from geoverify.matching.text import formula_equivalent

        d = obj.data
        wanted = [d["text"]] + list(d.get("alternatives", []))
        norms = {normalize_text(t) for t in wanted} - {""}
        # A rounded value may be stated as approximate: "κ ≈ 0.327" shows "κ = 0.327"
        norms |= {w.replace("=", "≈") for w in norms if re.search(r"=-?\d*\.\d+$", w) and w.count("=") == 1}
        # A text object is shown when some label contains it (labels may say more), a number in
        # it whole: "f'(1)=1.5" does not show "f'(1)=1", nor "x=60" "x=6"
        hits = [i for i, lab, norm in self.f.labels if any(_contains(norm, w) for w in norms)]
        if not hits and d.get("keywords"):
            kws = [normalize_text(k).lower() for k in d["keywords"]]
            hits = [i for i, lab, norm in self.f.labels if all(k in norm.lower() for k in kws)]
        if not hits and d.get("formula"):
            for i, lab, norm in self.f.labels:
                if formula_equivalent(lab.text, d["formula"]):
                    hits.append(i)
        document = normalize_text(self.scene.document_text) if self.scene.document_text and not hits else ""
        if hits:
            b.status, b.drawn, b.via, b.primitives, b.labels = "bound", True, "text", hits, hits
            lab = self.scene.primitives[hits[0]]
            b.point = lab.anchor
        elif any(_contains(document, w) for w in norms):
            # in the document's text outside the pictures (an article's sentence under a diagram)
            b.status, b.drawn, b.via = "bound", True, "document text"
            b.note = "in the document's text outside the pictures"
        else:
            b.note = "no label with this text"

    def _bind_arrow(self, obj, b):
        src, dst = self.out[obj.data["from"]], self.out[obj.data["to"]]
        ends, pads = [], []
        for e in (src, dst):
            if e.type == "text" and e.primitives:
                text = self.scene.primitives[e.primitives[0]]
                ends.append(np.asarray(text.box))
                # An arrow starts beyond the node's inner and outer sep (tikz-cd: about half
                # an em), however small the diagram.
                pads.append(self.margin + 0.5 * float(getattr(text, "font_size", 0.0) or 0.0))
            elif e.point is not None:
                p = e.point
                ends.append(np.array([p[0], p[1], p[0], p[1]]))
                pads.append(self.margin)
            else:
                b.note = "its end objects are not located"
                return
        best = None
        for ai, arrow in self.f.arrows:
            if arrow.position != "end" or arrow.carrier is None:
                continue
            carrier = self.scene.primitives[arrow.carrier]
            sps = carrier.subpaths()
            if not sps:
                continue
            start = sps[0].start
            d_start = _box_distance(ends[0], start)
            d_tip = _box_distance(ends[1], arrow.tip)
            if d_start <= pads[0] and d_tip <= pads[1]:
                score = d_start + d_tip
                if best is None or score < best[0]:
                    best = (score, ai, arrow.carrier)
        if best is None:
            b.note = "no arrow from the source to the target"
            return
        b.status, b.drawn, b.via, b.primitives, b.residual = "bound", True, "geometry", [best[2], best[1]], best[0]


def _centred_half_width(lab) -> float:
    """Half the width of a label's text when its anchor is the text's centre (a TikZ ``\\node at``),
    else 0: a wide text centred on its anchor reaches that much nearer the point it names."""
    box = lab.box
    if box is None:
        return 0.0
    w, h = float(box[2] - box[0]), float(box[3] - box[1])
    cx, cy = 0.5 * (box[0] + box[2]), 0.5 * (box[1] + box[3])
    if w <= 0 or abs(lab.anchor[0] - cx) > 0.25 * w or abs(lab.anchor[1] - cy) > 0.25 * max(h, 1e-12):
        return 0.0
    return 0.5 * w


def _box_distance(box: np.ndarray, p: np.ndarray) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return float(math.hypot(dx, dy))


def _is_closed(coords: np.ndarray, scale: float) -> bool:
    return len(coords) > 2 and float(np.hypot(*(coords[0] - coords[-1]))) <= 1e-3 * scale


def _circle_of(pts: np.ndarray):
    """(center, radius) when the points lie on a circle (to 0.5%), else None."""
    from geoverify.kernels import fit_circle

    if len(pts) < 8:
        return None
    cx, cy, r, rms = fit_circle(pts)
    if not np.isfinite(r) or r <= 0 or rms > 5e-3 * r:
        return None
    return np.array([cx, cy]), float(r)


def _bbox_correspondences(pred: np.ndarray, drawn: np.ndarray, oid: str) -> list[Correspondence]:
    """Correspondences that map the predicted curve's bounding box onto the drawn one's."""
    plo, phi = pred.min(axis=0), pred.max(axis=0)
    dlo, dhi = drawn.min(axis=0), drawn.max(axis=0)
    return [Correspondence(plo, dlo, weight=1.0, source=oid), Correspondence(phi, dhi, weight=1.0, source=oid)]


def _ir_extent(binder: _Binder, objs: list[IRObject]) -> tuple[np.ndarray, np.ndarray]:
    """Bounding box (lo, hi) of the known geometry of ``objs`` in IR coordinates."""
    pts = []
    for o in objs:
        g = binder.kg(o.id)
        if g.kind == "circle":
            c = g.points[0]
            pts.append(np.array([c - g.radius, c + g.radius]))
        else:
            pts.append(g.points.reshape(-1, 2))
    allp = np.vstack(pts)
    return allp.min(axis=0), allp.max(axis=0)


def _predicted_box(binder: _Binder, objs: list[IRObject], m: np.ndarray) -> np.ndarray:
    """Canvas box ``(xmin, ymin, xmax, ymax)`` of the frame's known geometry under ``m``."""
    lo, hi = _ir_extent(binder, objs)
    corners = transform_points(m, np.array([[lo[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]], [hi[0], lo[1]]]))
    return np.concatenate([corners.min(axis=0), corners.max(axis=0)])


def _boxes_overlap(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two boxes share more than a sliver: each overlaps the other by over a tenth of its size."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return bool(w > 0.1 * min(a[2] - a[0], b[2] - b[0]) and h > 0.1 * min(a[3] - a[1], b[3] - b[1])) \
        or bool(w >= 0 and h >= 0 and min(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]) <= 0)


def _box_text(box: np.ndarray) -> str:
    return f"({0.5 * (box[0] + box[2]):.3g}, {0.5 * (box[1] + box[3]):.3g})"


def _predicted_size(binder: _Binder, objs: list[IRObject], m: np.ndarray) -> float:
    """Canvas size of the frame's known geometry under ``m`` (bounding-box diagonal)."""
    lo, hi = _ir_extent(binder, objs)
    corners = transform_points(m, np.array([[lo[0], lo[1]], [hi[0], hi[1]], [lo[0], hi[1]], [hi[0], lo[1]]]))
    d = float(np.hypot(*(corners.max(axis=0) - corners.min(axis=0))))
    return d if d > 0 else binder.f.scale


def bind(task: Task, scene: Scene, features: Features | None = None) -> Binding:
    """Bind every IR object of ``task`` to the primitives of ``scene``."""
    feats = features if features is not None else extract_features(scene)
    binder = _Binder(task, scene, feats)
    binder.bind_points_by_label()
    binder.separate_shared_points()
    binder.fit_frames()
    binder.release_shared_labels()
    binder.bind_rest()
    binder.flag_ambiguous_frames()
    return Binding(scene, task, feats, binder.out, binder.frames, binder.known)
