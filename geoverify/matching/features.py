"""Geometric features of a scene that IR objects bind to.

From the primitives, this module derives what matching looks for: candidate
point locations (dots, vertices, intersections, attached label anchors),
straight edges, round things (circles and arcs, also when drawn as Bezier
paths or sampled polylines), flattened curves, labels and arrows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from geoverify.kernels import fit_circle, flatten_subpaths, point_polyline_distances, points_in_polygon
from geoverify.matching.text import normalize_text
from geoverify.scene import Arc, Arrow, Circle, Dot, Ellipse, Polyline, Scene, TextLabel

__all__ = ["PointKind", "Round", "Curve", "Features", "extract_features", "ATTACHED_LABEL_FORMATS"]

# Front-ends whose TextLabel.anchor is the exact point the source attaches the label to.
ATTACHED_LABEL_FORMATS = ("tikz", "asy")

# Relative flattening tolerance (fraction of the figure size).
_FLATTEN_REL_TOL = 2e-4
# Vertices kept in a curve's coarse copy.
_COARSE_POINTS = 96
# A polyline vertex is a candidate point only where the line turns by more than this (degrees).
_CORNER_DEG = 8.0
# Straight edges shorter than this fraction of the figure size take no part in intersections.
_LONG_EDGE_REL = 0.02
# Vertices of the polygon that stands for a drawn circle's outline.
_CIRCLE_OUTLINE_SAMPLES = 256
# A sampled curve counts as a circle when its fit residual is below this fraction of the radius.
_ROUND_REL_RMS = 4e-3
# A right-angle mark: legs at most this fraction of the figure, equal to this ratio, at 90 degrees
# to this many degrees (as geoverify.fidelity.marks), its square closing within this fraction of
# the figure of another stroke.
_MARK_MAX_REL = 0.12
_MARK_LEG_RATIO = 0.12
_MARK_ANGLE_DEG = 4.0
_MARK_ON_REL = 2e-3


class PointKind:
    DOT = 0
    VERTEX = 1
    INTERSECTION = 2
    ANCHOR = 3
    NAMES = ("dot", "vertex", "intersection", "label anchor")


@dataclass(slots=True)
class Round:
    """A drawn circle or circular arc.

    Attributes
    ----------
    center : (2,) float64
    radius : float
    owner : int
        Scene index of the primitive.
    full : bool
        True for a full circle (closed, or sweeping at least ~350 degrees).
    rms : float
        Residual of the circle fit (0 for exact circles), canvas units.
    points : (N, 2) float64
        Flattened outline.
    """

    center: np.ndarray
    radius: float
    owner: int
    full: bool
    rms: float
    points: np.ndarray


@dataclass(slots=True)
class Curve:
    """One flattened subpath of an outline. ``coords (N, 2)``."""

    coords: np.ndarray
    closed: bool
    owner: int
    subpath: int
    lo: np.ndarray = None
    hi: np.ndarray = None
    coarse: np.ndarray = None

    def __post_init__(self):
        if len(self.coords):
            self.lo, self.hi = self.coords.min(axis=0), self.coords.max(axis=0)
        else:
            self.lo = self.hi = np.full(2, np.nan)
        # At most ~_COARSE_POINTS vertices, for scoring many hypotheses cheaply.
        step = max(1, len(self.coords) // _COARSE_POINTS)
        self.coarse = self.coords if step == 1 else np.vstack([self.coords[::step], self.coords[-1:]])


@dataclass(slots=True)
class Features:
    """Everything matching needs from one scene.

    Attributes
    ----------
    scale : float
        Figure size (bounding-box diagonal of the geometry).
    points : (Q, 2) float64
        Candidate point locations; ``point_kind (Q,)`` and ``point_owner (Q,)`` say what they are.
    point_radius : (Q,) float64
        The radius of each dot (its marker's size), 0 for the other points.
    edges : (E, 2, 2) float64
        Straight stroked edges; ``edge_owner (E,)``.
    rounds : list of Round
    curves : list of Curve
    labels : list of (int, TextLabel, str)
        Scene index, label, normalised text.
    arrows : list of (int, Arrow)
    clips : dict of int to (4,) tuple
        Scene index -> the box outside which a clip hides that primitive (``Scene.clips``).
    """

    scale: float
    points: np.ndarray
    point_kind: np.ndarray
    point_owner: np.ndarray
    edges: np.ndarray
    edge_owner: np.ndarray
    rounds: list[Round] = field(default_factory=list)
    curves: list[Curve] = field(default_factory=list)
    labels: list = field(default_factory=list)
    arrows: list = field(default_factory=list)
    attached_labels: bool = False
    clips: dict = field(default_factory=dict)
    point_radius: np.ndarray | None = None
    _tree: object = None

    @property
    def point_tree(self):
        """A KD-tree over ``points`` (built on first use)."""
        if self._tree is None:
            from scipy.spatial import cKDTree

            self._tree = cKDTree(self.points if len(self.points) else np.zeros((1, 2)))
        return self._tree


def _edge_intersections(edges: np.ndarray) -> np.ndarray:
    """Proper intersection points of pairs of straight edges, ``(Q, 2)``."""
    n = len(edges)
    if n < 2 or n > 600:
        return np.zeros((0, 2))
    p = edges[:, 0]
    r = edges[:, 1] - edges[:, 0]
    i, j = np.triu_indices(n, 1)
    rxs = r[i, 0] * r[j, 1] - r[i, 1] * r[j, 0]
    qp = p[j] - p[i]
    ok = np.abs(rxs) > 1e-12 * (np.hypot(r[i, 0], r[i, 1]) * np.hypot(r[j, 0], r[j, 1]) + 1e-300)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (qp[:, 0] * r[j, 1] - qp[:, 1] * r[j, 0]) / rxs
        u = (qp[:, 0] * r[i, 1] - qp[:, 1] * r[i, 0]) / rxs
    eps = 1e-9
    ok &= (t >= -eps) & (t <= 1 + eps) & (u >= -eps) & (u <= 1 + eps)
    return p[i[ok]] + t[ok, None] * r[i[ok]]


def _curve_edge_intersections(curves: list, edges: np.ndarray, scene: Scene, scale: float) -> np.ndarray:
    """Where the figure's long straight edges cross its drawn curves (graphs, smooth paths), ``(Q, 2)``.

    A point where a curve meets a line (a graph crossing an axis, a smooth path through a
    chord) is named like any crossing. Circles have their own exact intersections; the
    curve's flattened pieces are intersected with the long edges only, never with each other.
    """
    segs = []
    for cv in curves:
        prim = scene.primitives[cv.owner]
        if isinstance(prim, (Polyline, Circle, Ellipse, Arc)) or len(cv.coords) < 3:
            continue
        segs.append(np.stack([cv.coords[:-1], cv.coords[1:]], axis=1))
    if not segs or not len(edges):
        return np.zeros((0, 2))
    segs = np.vstack(segs)
    if len(segs) * len(edges) > 400_000:
        return np.zeros((0, 2))
    p, r = edges[:, None, 0], (edges[:, 1] - edges[:, 0])[:, None]
    q, s = segs[None, :, 0], (segs[:, 1] - segs[:, 0])[None]
    rxs = r[..., 0] * s[..., 1] - r[..., 1] * s[..., 0]
    qp = q - p
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (qp[..., 0] * s[..., 1] - qp[..., 1] * s[..., 0]) / rxs
        u = (qp[..., 0] * r[..., 1] - qp[..., 1] * r[..., 0]) / rxs
    ok = (np.abs(rxs) > 1e-12) & (t >= -1e-9) & (t <= 1 + 1e-9) & (u >= -1e-9) & (u <= 1 + 1e-9)
    ei, _ = np.nonzero(ok)
    hits = edges[ei, 0] + t[ok][:, None] * (edges[ei, 1] - edges[ei, 0])
    if not len(hits):
        return hits
    # A crossing at a joint of two flattened pieces is found twice.
    _, first = np.unique(np.round(hits / (1e-6 * scale)), axis=0, return_index=True)
    return hits[np.sort(first)]


def _corners(pts: np.ndarray, closed: bool) -> np.ndarray:
    """End points and the vertices where a polyline turns by more than ``_CORNER_DEG``.

    The samples of a smooth curve are not points anyone names; its corners are.
    """
    n = len(pts)
    if n <= 2:
        return pts
    d = np.diff(pts, axis=0)
    keep = np.zeros(n, dtype=bool)
    if not closed:
        keep[0] = keep[-1] = True
    ang = np.arctan2(d[:, 1], d[:, 0])
    turn = np.abs((np.diff(ang) + np.pi) % (2 * np.pi) - np.pi)
    keep[1:-1] |= turn > np.radians(_CORNER_DEG)
    if closed:
        close_d = pts[0] - pts[-1]
        if np.hypot(*close_d) > 0:
            t0 = np.arctan2(close_d[1], close_d[0])
            keep[0] |= abs((ang[0] - t0 + np.pi) % (2 * np.pi) - np.pi) > np.radians(_CORNER_DEG)
            keep[-1] |= abs((t0 - ang[-1] + np.pi) % (2 * np.pi) - np.pi) > np.radians(_CORNER_DEG)
        else:
            keep[0] |= abs((ang[0] - ang[-1] + np.pi) % (2 * np.pi) - np.pi) > np.radians(_CORNER_DEG)
    return pts[keep]


def _on_round(rd: Round, pts: np.ndarray, tol: float) -> np.ndarray:
    """Which of ``pts`` (on the full circle) lie on the drawn part of a partial arc."""
    if rd.full or len(pts) == 0:
        return np.ones(len(pts), dtype=bool)
    from geoverify.kernels import point_polyline_distances

    d = point_polyline_distances(pts, rd.points, np.array([0, len(rd.points)]))[:, 0]
    return d <= tol


def _circle_edge_intersections(rounds: list[Round], edges: np.ndarray) -> list[np.ndarray]:
    out = []
    if not rounds or len(edges) == 0 or len(edges) * len(rounds) > 20000:
        return out
    p0 = edges[:, 0]
    d = edges[:, 1] - edges[:, 0]
    a = np.einsum("ij,ij->i", d, d)
    for rd in rounds:
        f = p0 - rd.center
        b = 2 * np.einsum("ij,ij->i", f, d)
        c = np.einsum("ij,ij->i", f, f) - rd.radius**2
        disc = b * b - 4 * a * c
        good = (disc >= 0) & (a > 0)
        sq = np.sqrt(np.where(good, disc, 0))
        for sgn in (-1, 1):
            with np.errstate(divide="ignore", invalid="ignore"):
                t = (-b + sgn * sq) / (2 * a)
            ok = good & (t >= -1e-9) & (t <= 1 + 1e-9)
            hits = p0[ok] + t[ok, None] * d[ok]
            out.append(hits[_on_round(rd, hits, 1e-3 * rd.radius)])
        # Tangent edges (an incircle's touch points): rounding can make the discriminant a hair
        # negative, so the foot of the perpendicular from the centre stands for the double root.
        # A line drawn tangent by eye (within 1% of the radius) crosses twice, close together:
        # its touch point is what the figure shows, so the foot is a point too.
        with np.errstate(divide="ignore", invalid="ignore"):
            t0 = -b / (2 * a)
        foot = p0 + np.where(a > 0, t0, 0.0)[:, None] * d
        gap = np.abs(np.hypot(*(foot - rd.center).T) - rd.radius)
        touch = (a > 0) & (t0 >= -1e-9) & (t0 <= 1 + 1e-9) & \
            (((gap <= 1e-3 * rd.radius) & (disc < 0)) | ((gap > 1e-3 * rd.radius) & (gap <= 1e-2 * rd.radius)))
        if touch.any():
            out.append(foot[touch][_on_round(rd, foot[touch], 1e-2 * rd.radius)])
    return out


def _circle_circle_intersections(rounds: list[Round]) -> list[np.ndarray]:
    out = []
    for i in range(len(rounds)):
        for j in range(i + 1, len(rounds)):
            c0, r0, c1, r1 = rounds[i].center, rounds[i].radius, rounds[j].center, rounds[j].radius
            d = float(np.hypot(*(c1 - c0)))
            if d <= 1e-12 or d > r0 + r1 or d < abs(r0 - r1):
                continue
            a = (r0 * r0 - r1 * r1 + d * d) / (2 * d)
            h = math.sqrt(max(r0 * r0 - a * a, 0.0))
            m = c0 + a * (c1 - c0) / d
            off = h * np.array([-(c1 - c0)[1], (c1 - c0)[0]]) / d
            hits = np.array([m + off, m - off])
            keep = _on_round(rounds[i], hits, 1e-3 * r0) & _on_round(rounds[j], hits, 1e-3 * r1)
            out.append(hits[keep])
    return out


def _hidden_under_fills(scene: Scene, curves: list, points: np.ndarray, owners: np.ndarray, scale: float) -> np.ndarray:
    """``(Q,)`` True for points of earlier primitives that a later opaque fill covers.

    A vertex or dot painted over by a filled shape drawn after it (white fills that
    erase part of a figure, a solid region on top) is not seen; points on the
    shape's outline, or of the shape itself, stay.
    """
    hidden = np.zeros(len(points), dtype=bool)
    eps = 1e-3 * scale
    by_owner: dict[int, list] = {}
    for cv in curves:
        if cv.closed and len(cv.coords) >= 3:
            by_owner.setdefault(cv.owner, []).append(cv.coords)
    for j, prim in enumerate(scene.primitives):
        st = prim.style
        if isinstance(prim, (Dot, Arrow, TextLabel)) or st.fill is None or st.opacity < 0.99 or prim.clipped:
            continue
        earlier = np.flatnonzero((owners >= 0) & (owners < j) & ~hidden)
        if not len(earlier):
            continue
        if isinstance(prim, Circle):
            th = np.linspace(0.0, 2.0 * math.pi, _CIRCLE_OUTLINE_SAMPLES + 1)
            rings = [prim.center + prim.radius * np.column_stack([np.cos(th), np.sin(th)])]
        else:
            rings = by_owner.get(j, [])
        for ring in rings:
            pts = points[earlier]
            inside = points_in_polygon(pts, ring)
            if not inside.any():
                continue
            d = point_polyline_distances(pts[inside], ring, np.array([0, len(ring)]))[:, 0]
            hidden[earlier[np.flatnonzero(inside)[d > eps]]] = True
    return hidden


def _right_angle_marks(scene: Scene, edges_of_others, curves: list, scale: float) -> set[int]:
    """Scene indices of the right-angle marks: open strokes of two short (at most
    :data:`_MARK_MAX_REL` of the figure), equal, perpendicular legs whose square closes on
    another stroke (the vertex of the angle they mark). Their corners are no points of the
    figure: a label beside the angle names its vertex, not a corner of the mark."""
    out = set()
    edges, owner = np.asarray(edges_of_others[0], dtype=np.float64).reshape(-1, 2, 2), np.asarray(edges_of_others[1])
    for idx, prim in scene.outlines():
        if not prim.style.stroked or prim.style.fill is not None:
            continue
        if isinstance(prim, Polyline):
            if prim.closed_flag:
                continue
            pts = prim.points
        else:
            sps = prim.subpaths()
            if len(sps) != 1 or sps[0].closed or not sps[0].is_straight().all():
                continue
            pts = sps[0].vertices()
        if len(pts) != 3:
            continue
        p0, p1, p2 = np.asarray(pts, dtype=np.float64)
        a, b = p0 - p1, p2 - p1
        la, lb = float(np.hypot(*a)), float(np.hypot(*b))
        if min(la, lb) <= 0 or max(la, lb) > _MARK_MAX_REL * scale or abs(la - lb) > _MARK_LEG_RATIO * max(la, lb):
            continue
        if abs(float(a @ b)) > math.sin(math.radians(_MARK_ANGLE_DEG)) * la * lb:
            continue
        v = p0 + p2 - p1
        eps = _MARK_ON_REL * scale
        others = owner != idx
        on = False
        if others.any():
            e0, e1 = edges[others, 0], edges[others, 1]
            d = e1 - e0
            L2 = np.maximum(np.einsum("ij,ij->i", d, d), 1e-300)
            t = np.clip(np.einsum("ij,ij->i", v - e0, d) / L2, 0.0, 1.0)
            on = float(np.hypot(*(e0 + t[:, None] * d - v).T).min()) <= eps
        if not on:
            for cv in curves:
                if cv.owner != idx and len(cv.coords) >= 2 and point_polyline_distances(
                        v[None], cv.coords, np.array([0, len(cv.coords)]))[0, 0] <= eps:
                    on = True
                    break
        if on:
            out.add(idx)
    return out


def extract_features(scene: Scene) -> Features:
    """Derive the matching features of a scene."""
    scale = scene.scale()
    tol = max(scale * _FLATTEN_REL_TOL, 1e-9)
    points, kinds, owners = [], [], []
    edges, edge_owner = [], []
    rounds: list[Round] = []
    curves: list[Curve] = []

    # Polylines are already flat: take them as they are; flatten only real curves.
    curved = [i for i, p in scene.outlines() if not isinstance(p, Polyline)]
    flat = scene.flat_controls(curved)
    if len(flat.owner):
        coords, offs = flatten_subpaths(flat.controls, flat.offsets, flat.closed, tol)
    else:
        coords, offs = np.zeros((0, 2)), np.zeros(1, dtype=np.int64)
    sub_counter: dict[int, int] = {}
    for s in range(len(flat.owner)):
        owner = int(flat.owner[s])
        k = sub_counter.get(owner, 0)
        sub_counter[owner] = k + 1
        curves.append(Curve(coords[offs[s]:offs[s + 1]], bool(flat.closed[s]), owner, k))
    for idx, prim in scene.outlines():
        if isinstance(prim, Polyline):
            pts = prim.points
            if prim.closed_flag and len(pts) > 2 and not np.array_equal(pts[0], pts[-1]):
                pts = np.vstack([pts, pts[:1]])
            curves.append(Curve(pts, prim.closed_flag, idx, 0))
    curves.sort(key=lambda c: (c.owner, c.subpath))

    for idx, prim in enumerate(scene.primitives):
        if isinstance(prim, Dot):
            points.append(prim.center)
            kinds.append(PointKind.DOT)
            owners.append(idx)
            continue
        if isinstance(prim, (Arrow, TextLabel)) or not prim.style.visible:
            continue
        if isinstance(prim, Circle):
            # The outline must follow the circle: the Bezier start points alone make a
            # square, which puts points near the circle on the wrong side of it.
            th = np.linspace(0.0, 2.0 * math.pi, _CIRCLE_OUTLINE_SAMPLES + 1)
            pts = prim.center + prim.radius * np.column_stack([np.cos(th), np.sin(th)])
            rounds.append(Round(prim.center, prim.radius, idx, True, 0.0, pts))
            continue
        if isinstance(prim, (Ellipse, Arc)) and abs(prim.rx - prim.ry) <= 1e-3 * max(prim.rx, prim.ry):
            r = 0.5 * (prim.rx + prim.ry)
            full = isinstance(prim, Ellipse) or abs(prim.sweep) >= math.radians(350)
            sp = prim.subpaths()[0]
            # Sampled along the circle (the Bezier end points alone cut its corners, like a Circle's).
            if isinstance(prim, Arc):
                a0, sweep = prim.start + prim.rotation, prim.sweep
            else:
                a0, sweep = 0.0, 2.0 * math.pi
            n = max(8, int(math.ceil(_CIRCLE_OUTLINE_SAMPLES * abs(sweep) / (2.0 * math.pi))))
            th = a0 + np.linspace(0.0, sweep, n + 1)
            outline = prim.center + r * np.column_stack([np.cos(th), np.sin(th)])
            rounds.append(Round(prim.center, r, idx, full, 0.0, outline))
            if isinstance(prim, Arc):
                for v in (sp.start, sp.end):
                    points.append(v)
                    kinds.append(PointKind.VERTEX)
                    owners.append(idx)
            continue
        if isinstance(prim, Polyline):
            pts = prim.points
            q = np.vstack([pts, pts[:1]]) if prim.closed_flag and len(pts) > 2 else pts
            seg = np.stack([q[:-1], q[1:]], axis=1)
            seg = seg[np.hypot(*(seg[:, 1] - seg[:, 0]).T) > 1e-12]
            edges.extend(seg)
            edge_owner.extend([idx] * len(seg))
            corners = _corners(pts, prim.closed_flag)
            points.extend(corners)
            kinds.extend([PointKind.VERTEX] * len(corners))
            owners.extend([idx] * len(corners))
            continue
        for sp in prim.subpaths():
            straight = sp.is_straight()
            ctrl = sp.controls
            for k in np.nonzero(straight)[0]:
                if np.hypot(*(ctrl[k, 3] - ctrl[k, 0])) > 1e-12:
                    edges.append(ctrl[k, [0, 3]])
                    edge_owner.append(idx)
            verts = _corners(sp.vertices(), sp.closed)
            points.extend(verts)
            kinds.extend([PointKind.VERTEX] * len(verts))
            owners.extend([idx] * len(verts))

    marks = _right_angle_marks(scene, edges_of_others=(edges, edge_owner), curves=curves, scale=scale)
    if marks and points:
        keep = [k for k, o in enumerate(owners) if o not in marks]
        points = [points[k] for k in keep]
        kinds = [kinds[k] for k in keep]
        owners = [owners[k] for k in keep]

    if points:
        hidden = _hidden_under_fills(scene, curves, np.asarray(points, dtype=np.float64).reshape(-1, 2),
                                     np.asarray(owners, dtype=np.int64), scale)
        if hidden.any():
            keep = np.flatnonzero(~hidden)
            points = [points[i] for i in keep]
            kinds = [kinds[i] for i in keep]
            owners = [owners[i] for i in keep]

    # Round things drawn as Bezier paths or sampled polylines.
    for cv in curves:
        prim = scene.primitives[cv.owner]
        if isinstance(prim, (Circle, Ellipse, Arc)) or len(cv.coords) < 8:
            continue
        if isinstance(prim, Polyline) and len(prim.points) < 12:
            continue
        cx, cy, r, rms = fit_circle(cv.coords)
        if not np.isfinite(r) or r <= 0 or rms > _ROUND_REL_RMS * r or r > 10 * scale:
            continue
        ang = np.unwrap(np.arctan2(cv.coords[:, 1] - cy, cv.coords[:, 0] - cx))
        sweep = abs(ang[-1] - ang[0])
        full = cv.closed or sweep >= math.radians(350)
        rounds.append(Round(np.array([cx, cy]), float(r), cv.owner, full, float(rms), cv.coords))

    edges_arr = np.asarray(edges, dtype=np.float64).reshape(-1, 2, 2)
    # Intersections among the figure's long straight edges only: the short pieces of a
    # sampled curve are not lines anyone constructs points with.
    # Nor are a right-angle mark's legs.
    lengths = np.hypot(*(edges_arr[:, 1] - edges_arr[:, 0]).T) if len(edges_arr) else np.zeros(0)
    if marks and len(edges_arr):
        lengths = np.where(np.isin(np.asarray(edge_owner), list(marks)), 0.0, lengths)
    order = np.argsort(-lengths)[:600]
    long_edges = edges_arr[order[lengths[order] >= _LONG_EDGE_REL * scale]] if len(edges_arr) else edges_arr
    extra = [_edge_intersections(long_edges)]
    extra += _circle_edge_intersections(rounds, long_edges)
    extra += _circle_circle_intersections(rounds)
    extra.append(_curve_edge_intersections(curves, long_edges, scene, scale))
    for block in extra:
        if len(block):
            points.extend(block)
            kinds.extend([PointKind.INTERSECTION] * len(block))
            owners.extend([-1] * len(block))

    attached = scene.source_format in ATTACHED_LABEL_FORMATS
    labels = []
    for idx, lab in scene.labels:
        norm = normalize_text(lab.text)
        if not norm:
            continue
        labels.append((idx, lab, norm))
        if attached:
            points.append(lab.anchor)
            kinds.append(PointKind.ANCHOR)
            owners.append(idx)

    kinds_arr = np.asarray(kinds, dtype=np.int64)
    owners_arr = np.asarray(owners, dtype=np.int64)
    radius = np.zeros(len(kinds_arr))
    for k in np.flatnonzero(kinds_arr == PointKind.DOT).tolist():
        radius[k] = float(scene.primitives[owners_arr[k]].radius)
    return Features(
        scale=scale,
        points=np.asarray(points, dtype=np.float64).reshape(-1, 2),
        point_kind=kinds_arr,
        point_owner=owners_arr,
        point_radius=radius,
        edges=edges_arr,
        edge_owner=np.asarray(edge_owner, dtype=np.int64),
        rounds=rounds,
        curves=curves,
        labels=labels,
        arrows=scene.arrows,
        attached_labels=attached,
        clips=scene.clips,
    )
