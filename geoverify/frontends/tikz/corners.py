"""``rounded corners``: pgf's rounding of the corners of a path.

pgf marks every line and curve segment drawn under ``rounded corners=r`` and,
when the path is used, replaces the corner at the end of a marked segment
(``\\pgfprocessround`` in ``pgfcorepathprocessing.code.tex``):

- the segment ends ``r`` before its corner ``B``, on the line from ``B`` back
  to the point it came from ``A`` (a line's start, a curve's second control
  point): ``S = B + r (A - B) / |A - B|``;
- a cubic from ``S`` to ``E = B + r (C - B) / |C - B|`` follows, with
  controls ``S + 0.5522847 (B - S)`` and ``E + 0.5522847 (B - E)``, where
  ``C`` is where the next segment heads (a line's end, a curve's first
  control point);
- the next segment starts at ``E`` (its control points stay where they were);
- a closed subpath also rounds the corner at its start point, so it starts
  at that corner's ``E``.

``r`` is not limited by the segments' lengths (pgf overshoots short segments
the same way). Arcs and ellipses keep their corners sharp.
"""

from __future__ import annotations

import math

__all__ = ["round_corners", "KAPPA"]

#: pgf's control-point factor for quarter circles (4/3 (sqrt 2 - 1)).
KAPPA = 0.5522847


def _toward(b, a, r):
    dx, dy = a[0] - b[0], a[1] - b[1]
    n = math.hypot(dx, dy)
    if n < 1e-12:
        return None
    return (b[0] + r * dx / n, b[1] + r * dy / n)


def _end(seg):
    return seg[2] if seg[0] == "L" else seg[4]


def _came_from(seg):
    return seg[1] if seg[0] == "L" else seg[3]


def _heads_to(seg):
    return seg[2]  # a line's end, a curve's first control point


def round_corners(segs: list[tuple], closed: bool, r) -> list[tuple]:
    """The segments of one subpath with its corners rounded by radius ``r`` (pt).

    Parameters
    ----------
    segs : list of tuple
        ``("L", p0, p1)`` and ``("C", p0, c1, c2, p1)`` segments (canvas pt); a
        subpath with arcs or ellipses is returned unchanged.
    closed : bool
        The subpath is closed (its last segment ends at its start).
    r : float or sequence of float
        Corner radius, pt; 0 leaves the path sharp. A sequence gives each segment's own: the
        radius of the corner at its end (as the segment was drawn: ``[rounded corners]`` and
        ``[sharp corners]`` in the middle of a path change the corners that follow).

    Returns
    -------
    list of tuple
        Lines and cubics; every rounded corner adds one cubic.
    """
    n = len(segs)
    radii = [float(r)] * n if isinstance(r, (int, float)) else [float(x) for x in r]
    if max(radii, default=0.0) <= 0 or any(s[0] not in ("L", "C") for s in segs):
        return segs
    corners: list[tuple | None] = [None] * n
    for i in range(n if closed else n - 1):
        if radii[i] <= 0:
            continue
        nxt = segs[(i + 1) % n]
        b = _end(segs[i])
        s = _toward(b, _came_from(segs[i]), radii[i])
        e = _toward(b, _heads_to(nxt), radii[i])
        if s is None or e is None:
            continue
        k1 = (s[0] + KAPPA * (b[0] - s[0]), s[1] + KAPPA * (b[1] - s[1]))
        k2 = (e[0] + KAPPA * (b[0] - e[0]), e[1] + KAPPA * (b[1] - e[1]))
        corners[i] = (s, k1, k2, e)
    cur = corners[-1][3] if closed and corners[-1] is not None else segs[0][1]
    out = []
    for seg, corner in zip(segs, corners):
        end = corner[0] if corner is not None else _end(seg)
        out.append(("L", cur, end) if seg[0] == "L" else ("C", cur, seg[2], seg[3], end))
        cur = end
        if corner is not None:
            out.append(("C",) + corner)
            cur = corner[3]
    return out
