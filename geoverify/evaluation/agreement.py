"""Agreement between two scenes of one figure (the native front-end's and the toolchain's).

The scenes are aligned by a similarity (scale and translation, fitted by
trimmed iterative closest points from a bounding-box start), then compared:
which fraction of each scene's stroked geometry lies within the tolerance of
the other's, and whether each native label has a rendered label with the same
text at the same place. Used by the technical gate to flag disagreements and by
the agreement benchmarks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from geoverify.scene import Scene
from geoverify.scene import Arrow, Dot, TextLabel

__all__ = ["SceneAgreement", "compare_scenes", "sample_geometry"]


@dataclass(slots=True)
class SceneAgreement:
    """How well two scenes agree.

    Attributes
    ----------
    agree : bool
        Coverage of the native geometry by the rendered one at least ``min_coverage``
        and every matched label within the tolerance.
    coverage : float
        Fraction of native sample points within ``tolerance`` of the rendered geometry.
    reverse_coverage : float
        The same from rendered to native (rendered scenes may hold more: arrow heads, glyphs).
    labels_matched, labels_total : int
        Native labels found in the rendered scene with the same text (and within tolerance).
    matrix : (3, 3) float64
        Native -> rendered alignment.
    tolerance : float
        Fraction of the figure size used.
    problems : list of str
    """

    agree: bool
    coverage: float
    reverse_coverage: float
    labels_matched: int
    labels_total: int
    matrix: np.ndarray
    tolerance: float
    problems: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"agree": self.agree, "coverage": round(self.coverage, 4),
                "reverse_coverage": round(self.reverse_coverage, 4), "labels_matched": self.labels_matched,
                "labels_total": self.labels_total, "tolerance": self.tolerance, "problems": self.problems}


def sample_geometry(scene: Scene, spacing: float) -> np.ndarray:
    """Points every ``spacing`` canvas units along every visible outline, plus dots, ``(N, 2)``."""
    out = []
    t_cache: dict[int, np.ndarray] = {}
    for p in scene.primitives:
        if isinstance(p, Dot):
            out.append(p.center[None])
            continue
        if isinstance(p, (Arrow, TextLabel)) or not p.style.visible:
            continue
        for sp in p.subpaths():
            for seg in sp.controls:
                length = float(np.sum(np.hypot(*np.diff(seg, axis=0).T)))
                n = int(min(max(2, np.ceil(length / spacing) + 1), 400))
                t = t_cache.get(n)
                if t is None:
                    t = t_cache[n] = np.linspace(0.0, 1.0, n)[:, None]
                p0, p1, p2, p3 = seg
                out.append((1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t**2 * p2 + t**3 * p3)
    return np.vstack(out) if out else np.zeros((0, 2))


def _apply(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return pts @ m[:2, :2].T + m[:2, 2]


def _fit_scale_translation(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Least-squares ``b ~ s a + t``."""
    ca, cb = a.mean(axis=0), b.mean(axis=0)
    da, db = a - ca, b - cb
    s = float(np.sum(da * db) / max(np.sum(da * da), 1e-300))
    t = cb - s * ca
    return np.array([[s, 0, t[0]], [0, s, t[1]], [0, 0, 1.0]])


def compare_scenes(native: Scene, rendered: Scene, tolerance: float = 0.005, min_coverage: float = 0.95) -> SceneAgreement:
    """Align ``native`` onto ``rendered`` and measure their agreement.

    Parameters
    ----------
    tolerance : float
        Distance tolerance as a fraction of the rendered figure's size.
    min_coverage : float
        Fraction of native geometry that must be matched for ``agree``.
    """
    from scipy.spatial import cKDTree

    from geoverify.matching.text import normalize_text

    size_n, size_r = native.scale(), rendered.scale()
    a = sample_geometry(native, size_n / 400)
    b = sample_geometry(rendered, size_r / 400)
    problems = []
    if len(a) == 0 or len(b) == 0:
        problems.append("one scene has no geometry")
        return SceneAgreement(len(a) == len(b) == 0, 0.0, 0.0, 0, 0, np.eye(3), tolerance, problems)
    lo_a, hi_a, lo_b, hi_b = a.min(0), a.max(0), b.min(0), b.max(0)
    s = float(np.hypot(*(hi_b - lo_b)) / max(np.hypot(*(hi_a - lo_a)), 1e-300))
    m = np.array([[s, 0, 0], [0, s, 0], [0, 0, 1.0]])
    m[:2, 2] = (lo_b + hi_b) / 2 - s * (lo_a + hi_a) / 2
    tree_b = cKDTree(b)
    for _ in range(12):
        moved = _apply(m, a)
        d, j = tree_b.query(moved)
        keep = d <= np.quantile(d, 0.8) + 1e-12
        m_new = _fit_scale_translation(a[keep], b[j[keep]])
        if np.allclose(m_new, m, rtol=1e-9, atol=1e-9 * size_r):
            break
        m = m_new
    tol = tolerance * size_r
    moved = _apply(m, a)
    d_ab, _ = tree_b.query(moved)
    d_ba, _ = cKDTree(moved).query(b)
    coverage = float(np.mean(d_ab <= tol))
    reverse = float(np.mean(d_ba <= tol))
    if coverage < min_coverage:
        problems.append(f"{1 - coverage:.1%} of the native geometry is not in the rendered figure")

    rendered_labels: dict[str, list] = {}
    for _, lab in rendered.labels:
        rendered_labels.setdefault(normalize_text(lab.text), []).append(lab)
    matched = total = 0
    if not rendered_labels:
        # Glyphs drawn as outlines (asy's SVG, dvisvgm without fonts): no text to compare.
        problems.append("the rendered figure has no text elements; labels not compared")
        agree = coverage >= min_coverage
        return SceneAgreement(agree, coverage, reverse, 0, 0, m, tolerance, problems)
    for _, lab in native.labels:
        key = normalize_text(lab.text)
        if not key:
            continue
        total += 1
        cands = rendered_labels.get(key, [])
        if not cands:
            problems.append(f"label {lab.text!r} is not in the rendered figure")
            continue
        c = _apply(m, lab.center[None])[0]
        best = min(float(np.hypot(*(r.center - c))) for r in cands)
        # Text boxes are estimated differently by each side: allow a font size.
        if best <= tol + lab.font_size * m[0, 0]:
            matched += 1
        else:
            problems.append(f"label {lab.text!r} is {best:.3g} away from its rendered place")
    agree = coverage >= min_coverage and matched == total
    return SceneAgreement(agree, coverage, reverse, matched, total, m, tolerance, problems)
