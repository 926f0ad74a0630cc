"""Placement: where the labelled points and circles sit, relative to one another.

The structural relations (incidence, parallel, equal lengths ...) say nothing
about a point that takes part in none of them, and nothing about the shape of
a figure whose relations survive a distortion (a triangle with a point moved
along one of its sides, two labels swapped in a symmetric figure). Placement
says what a reader sees first: each labelled point sits where the reference
puts it *relative to the other labelled points*, and each circle has the
reference's centre and radius, up to a similarity (translation, rotation,
uniform scaling and reflection: the equivalences of the mined task's frame).

The similarity is fitted on the largest set of points that one similarity
places within the tolerance (a consensus found from every pair of points, then
refitted by least squares), so that one misplaced point does not make its
neighbours fail: the failures name what moved. Placement is only judged when the reference has
at least three labelled points (two points fix any similarity).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["PLACEMENT_REL", "RADIUS_REL", "DRAWING_SHARE", "PlacementRow", "placement_rows", "drawing_samples"]

#: A point may be this fraction of the figure's size away from its predicted position.
PLACEMENT_REL = 0.025
#: A circle's radius may differ by this fraction of the (scaled) reference radius.
RADIUS_REL = 0.02
#: Share of the reference's drawing (by length) the candidate must show where the labelled points put it.
DRAWING_SHARE = 0.98
# Drawing samples are this fraction of the figure apart.
_SAMPLE_REL = 0.004


def drawing_samples(scene, scale: float) -> np.ndarray:
    """Points ``(N, 2)`` along every visible stroke and outline of ``scene`` (dots, arrows and text left out),
    about :data:`_SAMPLE_REL` of ``scale`` apart."""
    from geoverify.scene import Arrow, Dot, TextLabel

    spacing = max(_SAMPLE_REL * scale, 1e-9)
    out = []
    for prim in scene.primitives:
        if isinstance(prim, (Arrow, Dot, TextLabel)) or not prim.style.visible:
            continue
        for sp in prim.subpaths():
            for seg in sp.controls:
                n = int(min(max(np.ceil(np.hypot(*np.diff(seg, axis=0).T).sum() / spacing), 1), 4000))
                t = np.linspace(0.0, 1.0, n + 1)[:, None]
                u = 1.0 - t
                out.append(u ** 3 * seg[0] + 3 * u * u * t * seg[1] + 3 * u * t * t * seg[2] + t ** 3 * seg[3])
    return np.vstack(out) if out else np.zeros((0, 2))


@dataclass(slots=True)
class PlacementRow:
    """One placement relation checked: ``key`` is the point or circle id."""

    key: str
    text: str
    passed: bool | None
    message: str
    share: float = 0.0


def _fit(src: np.ndarray, dst: np.ndarray, reflect: bool = False) -> tuple[complex, complex, bool] | None:
    """Least-squares similarity ``z -> k z + b`` (``k conj(z) + b`` when ``reflect``) mapping ``src (N, 2)`` onto ``dst (N, 2)``."""
    zs = src[:, 0] + 1j * src[:, 1]
    if reflect:
        zs = np.conj(zs)
    zd = dst[:, 0] + 1j * dst[:, 1]
    ms, md = zs.mean(), zd.mean()
    a = zs - ms
    den = float(np.vdot(a, a).real)
    if den <= 1e-24:
        return None
    k = complex(np.vdot(a, zd - md) / den)
    return k, md - k * ms, reflect


def _apply(fit: tuple[complex, complex, bool], xy: np.ndarray) -> np.ndarray:
    z = xy[..., 0] + 1j * xy[..., 1]
    z = fit[0] * (np.conj(z) if fit[2] else z) + fit[1]
    return np.stack([z.real, z.imag], axis=-1)


def _consensus(names: list, ref: dict, cand: dict, tol: float) -> list[tuple[set, bool]]:
    """The largest set of points one similarity places within ``tol`` (ties: the tighter set), and its orientation.

    Both orientations are tried (a mirror image shows the same figure); the larger
    set wins, then the one with the smaller residuals. When the points cannot tell
    the orientations apart (two points, or collinear ones), both are returned,
    the proper one first: the drawing decides.
    """
    found = []
    for reflect in (False, True):
        members, spread = _consensus_oriented(names, ref, cand, tol, reflect)
        found.append(((-len(members), spread), members, reflect))
    (k0, m0, r0), (k1, m1, r1) = found
    if k0[0] == k1[0] and abs(k0[1] - k1[1]) <= 1e-6 * tol * max(len(m0), 1):
        return [(m0, r0), (m1, r1)]
    return [(m0, r0)] if k0 < k1 else [(m1, r1)]


def _consensus_oriented(names: list, ref: dict, cand: dict, tol: float, reflect: bool) -> tuple[set, float]:
    """The largest set of points one similarity of the given orientation places within ``tol``.

    Hypotheses are the similarities through two points (every pair); the best one's
    inliers (within ``tol / 2``) are refitted by least squares and the inliers
    re-taken within ``tol`` until they settle. Returns the set and its total residual.
    """
    zs = np.array([ref[p][0] + 1j * ref[p][1] for p in names])
    if reflect:
        zs = np.conj(zs)
    zd = np.array([cand[p][0] + 1j * cand[p][1] for p in names])
    i, j = np.triu_indices(len(names), 1)
    dz = zs[j] - zs[i]
    ok = np.abs(dz) > 1e-12 * max(float(np.abs(zs).max()), 1.0)
    i, j = i[ok], j[ok]
    if not len(i):
        return set(), 0.0
    k = (zd[j] - zd[i]) / dz[ok]
    b = zd[i] - k * zs[i]
    res = np.abs(k[:, None] * zs[None, :] + b[:, None] - zd[None, :])  # (pairs, points)
    inl = res <= tol / 2
    count = inl.sum(axis=1)
    spread = np.where(inl, res, 0.0).sum(axis=1)
    best = int(np.lexsort((spread, -count))[0])
    members = inl[best]
    r = res[best]
    for _ in range(5):
        fit = _fit(np.array([ref[p] for p, m in zip(names, members) if m]),
                   np.array([cand[p] for p, m in zip(names, members) if m]), reflect)
        if fit is None:
            break
        r = np.abs(fit[0] * zs + fit[1] - zd)
        new = r <= tol
        if new.sum() < 2 or np.array_equal(new, members):
            break
        members = new
    return {p for p, m in zip(names, members) if m}, float(r[members].sum())


def _drawing_row(fit, ref_drawing: np.ndarray, cand_drawing: np.ndarray, tol: float, scale: float) -> PlacementRow:
    text = "the drawing is where the labelled points put it"
    if fit is None:
        return PlacementRow("drawing", text, None, "the drawing cannot be placed: fewer than two labelled points are found")
    if not len(cand_drawing):
        return PlacementRow("drawing", text, False, "nothing is drawn")
    from scipy.spatial import cKDTree

    d, _ = cKDTree(cand_drawing).query(_apply(fit, ref_drawing))
    share = float(np.mean(d <= tol))
    ok = share >= DRAWING_SHARE
    return PlacementRow("drawing", text, ok, f"{share:.1%} of the reference's drawing is drawn where the labelled points put it "
                                              f"(within {PLACEMENT_REL:.1%} of the figure; needed {DRAWING_SHARE:.0%})", share)


def placement_rows(ref_points: dict, ref_circles: dict, cand_points: dict, cand_circles: dict,
                   scale: float, names: dict | None = None, ref_drawing: np.ndarray | None = None,
                   cand_drawing: np.ndarray | None = None) -> list[PlacementRow]:
    """Placement of the reference's labelled points and circles in a candidate.

    Parameters
    ----------
    ref_points : dict of str to (2,) float64
        Labelled point id -> reference position.
    ref_circles : dict of str to tuple
        Circle id -> ``(centre (2,), radius)`` in the reference.
    cand_points : dict of str to (2,) float64
        Point id -> where the candidate has it (points it lacks are absent).
    cand_circles : dict of str to list
        Circle id -> the candidate's drawn circles that may show it, each ``(centre (2,), radius)``
        (the one bound to it first, then every other drawn circle); the best fitting one is judged.
    scale : float
        The candidate's figure size (canvas units); tolerances are fractions of it.
    names : dict, optional
        Id -> the name to print (labels).
    ref_drawing, cand_drawing : (N, 2) and (M, 2) float64, optional
        :func:`drawing_samples` of both figures: with them, one more row says whether the
        candidate draws the reference's strokes where its labelled points put them.

    Returns
    -------
    list of PlacementRow
        One per reference point and circle when the reference has at least three labelled
        points, and the drawing's row (key ``"drawing"``) when it has at least two.
    """
    names = names or {}
    if len(ref_points) < 2:
        return []
    tol = PLACEMENT_REL * scale
    found = [p for p in sorted(ref_points) if p in cand_points]
    options = _consensus(found, ref_points, cand_points, tol) if len(found) >= 2 else [(set(), False)]
    fits = []
    for members, reflect in options:
        if len(members) >= 2:
            f = _fit(np.array([ref_points[q] for q in sorted(members)]),
                     np.array([cand_points[q] for q in sorted(members)]), reflect)
            if f is not None:
                fits.append(f)
    fit = fits[0] if fits else None
    rows = []
    if ref_drawing is not None and cand_drawing is not None and len(ref_drawing):
        drawn = [_drawing_row(f, ref_drawing, cand_drawing, tol, scale) for f in fits] or \
            [_drawing_row(None, ref_drawing, cand_drawing, tol, scale)]
        rows.append(max(drawn, key=lambda r: (r.passed is True, r.share)))
        if len(fits) > 1 and drawn[1] is rows[-1]:
            fit = fits[1]  # the drawing told the orientation the points could not
    if len(ref_points) < 3:
        return rows
    for p in sorted(ref_points):
        nm = names.get(p, p)
        text = f"{nm} is placed as in the reference"
        if p not in cand_points:
            rows.append(PlacementRow(p, text, False, f"{nm} is not found, so it cannot be placed"))
            continue
        if fit is None:
            rows.append(PlacementRow(p, text, None, f"{nm} cannot be placed: fewer than two other labelled points are found"
                                                    " where one similarity puts them"))
            continue
        r = float(np.hypot(*(_apply(fit, ref_points[p]) - cand_points[p])))
        ok = r <= tol
        rows.append(PlacementRow(p, text, ok, f"{nm} is {'' if ok else 'not '}where the other labelled points put it: "
                                             f"off by {r:.3g} ({r / scale:.1%} of the figure; tolerance {PLACEMENT_REL:.1%})"))
    for cid in sorted(ref_circles):
        c0, r0 = ref_circles[cid]
        text = f"{cid} is placed and sized as in the reference"
        got = [g for g in cand_circles.get(cid) or [] if g is not None]
        if not got:
            rows.append(PlacementRow(cid, text, False, f"{cid} is not drawn"))
            continue
        if fit is None:
            rows.append(PlacementRow(cid, text, None, f"{cid} cannot be placed: too few labelled points are found"))
            continue
        want_c = _apply(fit, np.asarray(c0, dtype=float))
        want_r = abs(fit[0]) * r0

        def misfit(g):
            off = float(np.hypot(*(want_c - np.asarray(g[0], dtype=float))))
            dr = abs(g[1] - want_r) / want_r if want_r > 0 else float("inf")
            return max(off / tol, dr / RADIUS_REL), off, dr

        worst, off, dr = min((misfit(g) for g in got), key=lambda m: m[0])
        ok = worst <= 1.0
        rows.append(PlacementRow(cid, text, ok, f"{cid} {'has' if ok else 'does not have'} the reference's centre and radius: "
                                                f"centre off by {off / scale:.1%} of the figure (tolerance {PLACEMENT_REL:.1%}), "
                                                f"radius off by {dr:.1%} (tolerance {RADIUS_REL:.0%})"))
    return rows
