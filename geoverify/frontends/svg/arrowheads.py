"""Arrowheads drawn as separate small shapes at line ends become :class:`Arrow` primitives.

TeX (TikZ arrow tips through dvisvgm), Asymptote and many hand-written SVGs
draw an arrowhead as its own small path next to the end of the line it
belongs to, not as an SVG marker. A small shape H is taken as the arrowhead of
the end E (tangent t, pointing out of the line) of a stroked open line when

- H is small: its diameter is at most :data:`HEAD_MAX` bp and at most 0.35 of
  the line's length, or of the longer straight stroke a short straight line lies
  on (a stub carrying a head on a polygon's side: the side is the line);
- E lies within H's bounding box grown by a quarter of H's diameter;
- H has a tip: its point furthest along t lies at least 0.2 of its diameter
  beyond its centroid, and every point away from the tip lies at least 0.15
  of the diameter behind it (a tick across the end, a dot or a square has none);
- E lies near H's tip or near its back end (within 0.3 of the diameter along t),
  not in its middle (a mark centred on a vertex where lines end);
- H is pointed: a straight-sided head opens at most :data:`SHARP_POLYGON`
  degrees at its tip, a curved one at most :data:`SHARP_CURVED` degrees each
  side (the corner of a right-angle mark opens 90);
- H is mirror-symmetric about the line through E along t within 0.12 of its
  diameter (right-angle marks and angle arcs near a vertex are not).

The arrow's tip is H's point furthest along t; its direction is t. Each head
and each line end is used once; when several line ends qualify for one head,
the most symmetric wins. The head's outline stays in the scene.

A head left over that sits on a stroked line at least four times its size, away
from its ends, pointing along it (the same tests, with E the line's point under
the tip and t its tangent there, either way), is an arrow in the middle of that
line (``position="mid"``): TikZ's ``decorations.markings`` arrows on a contour,
drawn by dvisvgm as small filled shapes. A head drawn twice (filled, then its
outline stroked) counts once.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.scene.primitives import Arc, Arrow, BezierPath, Polyline

__all__ = ["HEAD_MAX", "SHARP_POLYGON", "SHARP_CURVED", "recognise_arrowheads"]

HEAD_MAX = 15.0
# Largest opening at the tip, degrees: full angle of a straight-sided head, and
# half angle of a curved one (TikZ's "to" tip opens about 47 degrees each side).
SHARP_POLYGON = 80.0
SHARP_CURVED = 55.0


def _outline_points(p) -> np.ndarray | None:
    if isinstance(p, Polyline):
        return p.points
    if isinstance(p, BezierPath) and len(p.parts) <= 2:
        return np.vstack([sp.controls.reshape(-1, 2) for sp in p.parts])
    return None


def _ends(p):
    """``(point, outward tangent, position)`` for each end of an open stroked line, and its length."""
    if not p.style.stroked:
        return [], 0.0
    if isinstance(p, Polyline):
        if p.closed_flag or len(p.points) < 2:
            return [], 0.0
        pts = p.points
        length = float(np.hypot(*np.diff(pts, axis=0).T).sum())
        return [(pts[-1], pts[-1] - pts[-2], "end"), (pts[0], pts[0] - pts[1], "start")], length
    if isinstance(p, (BezierPath, Arc)):
        sps = p.subpaths()
        if len(sps) != 1 or sps[0].closed:
            return [], 0.0
        c = sps[0].controls
        length = float(np.hypot(*(c[:, 3] - c[:, 0]).T).sum())
        out = []
        for point, others, pos in ((c[-1, 3], (c[-1, 2], c[-1, 1], c[-1, 0]), "end"),
                                   (c[0, 0], (c[0, 1], c[0, 2], c[0, 3]), "start")):
            for q in others:
                if np.hypot(*(point - q)) > 1e-9 * max(length, 1.0):
                    out.append((point, point - q, pos))
                    break
        return out, length
    return [], 0.0


def _straight_ends(p) -> tuple[np.ndarray, np.ndarray] | None:
    """The two ends of a straight open line (a two-point polyline or one straight segment), or None."""
    if isinstance(p, Polyline) and len(p.points) == 2 and not p.closed_flag:
        return p.points[0], p.points[1]
    if isinstance(p, BezierPath) and len(p.parts) == 1 and not p.parts[0].closed:
        c = p.parts[0].controls
        if len(c) == 1 and bool(p.parts[0].is_straight()[0]):
            return c[0, 0], c[0, 3]
    return None


def _straight_edges(prims) -> tuple[np.ndarray, np.ndarray]:
    """Straight stroked edges ``(E, 2, 2)`` of the scene's lines and their owners ``(E,)``."""
    edges, owners = [], []
    for i, p in enumerate(prims):
        if not p.style.stroked:
            continue
        if isinstance(p, Polyline):
            pts = p.points
            if p.closed_flag and len(pts) > 2:
                pts = np.vstack([pts, pts[:1]])
            if len(pts) >= 2:
                edges.append(np.stack([pts[:-1], pts[1:]], axis=1))
                owners.append(np.full(len(pts) - 1, i))
        elif isinstance(p, BezierPath):
            for sp in p.parts:
                c = sp.controls
                if len(c):
                    c = c[sp.is_straight()]
                    edges.append(c[:, [0, 3]])
                    owners.append(np.full(len(c), i))
    if not edges:
        return np.zeros((0, 2, 2)), np.zeros(0, dtype=np.int64)
    return np.concatenate(edges), np.concatenate(owners)


def _supporting_length(edges, owners, ci, a, b, tol) -> float:
    """Length of the longest straight edge of another primitive that segment ab lies on
    (both ends within ``tol`` of it), 0 when none."""
    if not len(edges):
        return 0.0
    p, q = edges[:, 0], edges[:, 1]
    d = q - p
    L2 = np.maximum(np.einsum("ij,ij->i", d, d), 1e-300)
    ok = owners != ci
    for x in (a, b):
        t = np.clip(np.einsum("ij,ij->i", x - p, d) / L2, 0.0, 1.0)
        ok &= np.hypot(*(p + t[:, None] * d - x).T) <= tol
    return float(np.sqrt(L2[ok]).max()) if ok.any() else 0.0


def _sharp(head, pts, tip_i, t, diam) -> bool:
    """Whether the head is pointed at its tip (a right-angle mark's corner is not)."""
    if isinstance(head, Polyline):
        n = len(pts)
        if head.closed_flag:
            prev, nxt = pts[tip_i - 1], pts[(tip_i + 1) % n]
        elif 0 < tip_i < n - 1:
            prev, nxt = pts[tip_i - 1], pts[tip_i + 1]
        else:
            return False
        u, v = prev - pts[tip_i], nxt - pts[tip_i]
        cos = float(u @ v) / max(math.hypot(*u) * math.hypot(*v), 1e-300)
        return cos >= math.cos(math.radians(SHARP_POLYGON))
    # Curved heads: half opening seen from the tip, over points well behind it.
    rel = pts - pts[tip_i]
    along = -(rel @ t)
    perp = np.abs(rel[:, 0] * t[1] - rel[:, 1] * t[0])
    behind = along >= 0.3 * diam
    return bool(behind.any()) and math.degrees(float(np.arctan2(perp[behind], along[behind]).max())) <= SHARP_CURVED


def _score(head, head_pts, diam, e, t):
    """Symmetry error (fraction of the diameter) and tip, or None when H is no head for (E, t)."""
    proj = (head_pts - e) @ t
    tip_i = int(np.argmax(proj))
    tip_p, back_p = float(proj[tip_i]), float(proj.min())
    centroid = head_pts.mean(axis=0)
    if (head_pts[tip_i] - centroid) @ t < 0.2 * diam:
        return None
    # One point is the tip: every other point well away from it lies well behind it.
    far = np.hypot(*(head_pts - head_pts[tip_i]).T) > 0.1 * diam
    if far.any() and proj[far].max() > tip_p - 0.15 * diam:
        return None
    # The line ends at the head's tip or at its back, not in its middle.
    if min(abs(tip_p), abs(back_p)) > 0.3 * diam:
        return None
    if not _sharp(head, head_pts, tip_i, t, diam):
        return None
    # Mirror across the axis through E along t.
    rel = head_pts - e
    along = rel @ t
    mirrored = e + np.outer(along, t) * 2.0 - rel
    d = np.hypot(mirrored[:, None, 0] - head_pts[None, :, 0], mirrored[:, None, 1] - head_pts[None, :, 1])
    err = float(d.min(axis=1).max()) / diam
    if err > 0.12:
        return None
    return err, head_pts[tip_i]


def recognise_arrowheads(scene, head_max: float = HEAD_MAX) -> int:
    """Add an :class:`Arrow` for every arrowhead drawn as a separate shape.

    Parameters
    ----------
    scene : Scene
        Modified in place; arrows are appended, so existing indices stay valid.
    head_max : float
        The largest diameter of a head, bp (:data:`HEAD_MAX` in a figure of a fixed size,
        see :func:`~geoverify.frontends.svg.document.display_factor`).

    Returns
    -------
    int
        Number of arrows added.
    """
    prims = scene.primitives
    heads = []
    for i, p in enumerate(prims):
        if not p.style.visible:
            continue
        pts = _outline_points(p)
        if pts is None or len(pts) < 2 or len(pts) > 64:
            continue
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        diam = float(np.hypot(*(hi - lo)))
        if 0 < diam <= head_max:
            heads.append((i, pts, lo, hi, diam))
    if not heads:
        return 0
    # Grid of head boxes so each line end only meets nearby heads.
    cell = head_max
    grid: dict[tuple[int, int], list[int]] = {}
    for k, (_, _, lo, hi, diam) in enumerate(heads):
        g = 0.25 * diam
        for gx in range(math.floor((lo[0] - g) / cell), math.floor((hi[0] + g) / cell) + 1):
            for gy in range(math.floor((lo[1] - g) / cell), math.floor((hi[1] + g) / cell) + 1):
                grid.setdefault((gx, gy), []).append(k)
    candidates = []
    support = None  # straight edges of the scene, built when a short line needs them
    supported: dict = {}  # (line, head size) -> the line's supporting length
    for ci, p in enumerate(prims):
        ends, length = _ends(p)
        for e, t, pos in ends:
            n = math.hypot(t[0], t[1])
            if n == 0:
                continue
            t = t / n
            for k in grid.get((math.floor(e[0] / cell), math.floor(e[1] / cell)), ()):
                hi_idx, pts, lo, hi, diam = heads[k]
                if hi_idx == ci:
                    continue
                g = 0.25 * diam
                if not (lo[0] - g <= e[0] <= hi[0] + g and lo[1] - g <= e[1] <= hi[1] + g):
                    continue
                if diam > 0.35 * length:
                    # A short straight line on a longer stroke (a stub along a polygon's side)
                    # carries a head as that stroke would.
                    ab = _straight_ends(p)
                    if ab is None:
                        continue
                    if support is None:
                        support = _straight_edges(prims)
                    key = (ci, diam)
                    if key not in supported:  # (every edge of the scene is looked at: once per line and size)
                        supported[key] = _supporting_length(*support, ci, *ab, 0.1 * diam)
                    if diam > 0.35 * supported[key]:
                        continue
                hit = _score(prims[hi_idx], pts, diam, e, t)
                if hit is not None:
                    candidates.append((hit[0], k, ci, pos, hit[1], t))
    candidates.sort(key=lambda c: c[0])
    used_heads, used_ends, added = set(), set(), 0
    for err, k, ci, pos, tip, t in candidates:
        if k in used_heads or (ci, pos) in used_ends:
            continue
        used_heads.add(k)
        used_ends.add((ci, pos))
        head = prims[heads[k][0]]
        prims.append(Arrow(tip=tip, direction=t, position=pos, carrier=ci, style=head.style, source=head.source,
                           clipped=head.clipped, name=prims[ci].name))
        added += 1
    return added + _mid_arrows(prims, heads, used_heads)


#: Samples per cubic segment of a line that may carry arrows in its middle.
_MID_SAMPLES = 33


def _line_segments(p):
    """The short chords ``(a, b)``, each ``(S, 2)``, that a stroked line is sampled into (chords
    of one subpath only: no chord joins two subpaths), or None."""
    if not p.style.stroked or isinstance(p, Arrow):
        return None
    try:
        sps = p.subpaths()
    except NotImplementedError:
        return None
    u = np.linspace(0.0, 1.0, _MID_SAMPLES)[None, :, None]
    starts, ends = [], []
    for sp in sps:
        c = sp.controls
        if not len(c):
            continue
        p0, p1, p2, p3 = (c[:, k][:, None, :] for k in range(4))
        pts = ((1 - u) ** 3 * p0 + 3 * (1 - u) ** 2 * u * p1 + 3 * (1 - u) * u ** 2 * p2 + u ** 3 * p3).reshape(-1, 2)
        starts.append(pts[:-1])
        ends.append(pts[1:])
    if not starts:
        return None
    return np.concatenate(starts), np.concatenate(ends)


def _nearest_on_line(a: np.ndarray, b: np.ndarray, hpts: np.ndarray):
    """``(distance, point (2,), chord index)`` of the point of the chords ``a -> b`` (each ``(S, 2)``)
    nearest to any of ``hpts (H, 2)``."""
    d = b - a
    L2 = np.maximum(np.einsum("ij,ij->i", d, d), 1e-300)
    best = None
    for h in hpts:
        t = np.clip(np.einsum("ij,ij->i", h - a, d) / L2, 0.0, 1.0)
        proj = a + t[:, None] * d
        dist = np.hypot(*(proj - h).T)
        k = int(np.argmin(dist))
        if best is None or dist[k] < best[0]:
            best = (float(dist[k]), proj[k], k)
    return best


def _mid_arrows(prims, heads, used: set) -> int:
    """Arrows for the heads left over that sit in the middle of a longer stroked line (module docstring)."""
    left = [k for k in range(len(heads)) if k not in used]
    if not left:
        return 0
    lines = []
    for ci, p in enumerate(prims):
        got = _line_segments(p)
        if got is None:
            continue
        a, b = got
        length = float(np.hypot(*(b - a).T).sum())
        lines.append((ci, a, b, np.minimum(a, b).min(axis=0), np.maximum(a, b).max(axis=0), length))
    placed: list[np.ndarray] = []
    added = 0
    for k in left:
        hi_idx, hpts, lo, hi, diam = heads[k]
        if any(len(q) == len(hpts) and np.allclose(q, hpts, atol=1e-6 * diam) for q in placed):
            continue  # the same head drawn again (its stroked outline over its fill)
        c = hpts.mean(axis=0)
        best = None
        for ci, a, b, llo, lhi, length in lines:
            if ci == hi_idx or length < 4.0 * diam:
                continue
            if not (llo[0] - diam <= c[0] <= lhi[0] + diam and llo[1] - diam <= c[1] <= lhi[1] + diam):
                continue
            # where the line meets the head: its point nearest to one of the head's points (the tip
            # on a curved line; the head's back stands off a curve by its sagitta)
            dist, q, seg = _nearest_on_line(a, b, hpts)
            chord = b[seg] - a[seg]                    # (the line's direction there)
            n = float(np.hypot(*chord))
            if dist > 0.1 * diam or n == 0:
                continue
            for sign in (1.0, -1.0):
                t = sign * chord / n
                tip = hpts[int(np.argmax((hpts - q) @ t))]
                e = q + float((tip - q) @ t) * t
                hit = _score(prims[hi_idx], hpts, diam, e, t)
                if hit is not None and (best is None or hit[0] < best[0]):
                    best = (hit[0], ci, hit[1], t)
        if best is None:
            continue
        _, ci, tip, t = best
        head = prims[hi_idx]
        prims.append(Arrow(tip=tip, direction=t, position="mid", carrier=ci, style=head.style, source=head.source,
                           clipped=head.clipped, name=prims[ci].name))
        placed.append(hpts)
        added += 1
    return added
