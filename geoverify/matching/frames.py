"""Fitting a frame's allowed transform (IR coordinates -> canvas) from correspondences.

Only the equivalences a frame allows are fitted: translation and a positive
uniform scale always (canvas units are arbitrary), rotation and reflection only
when declared, independent axis scales with ``axis_scaling``. The fit is linear
least squares on point and circle correspondences; robustness against one
wrong object comes from the hypothesis search in :mod:`geoverify.matching.binding`,
which scores each candidate transform by how many objects it explains.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Correspondence", "FrameFit", "fit_transform", "transform_points", "transform_scale"]


@dataclass(slots=True)
class Correspondence:
    """IR point (or circle) paired with a drawn one.

    Parameters
    ----------
    ir : (2,) float64
        IR coordinates of a point or a circle centre.
    canvas : (2,) float64
        Canvas coordinates.
    ir_radius, canvas_radius : float or None
        For circles: both radii (they constrain the scale).
    weight : float
    source : str
        IR object id, for evidence.
    """

    ir: np.ndarray
    canvas: np.ndarray
    ir_radius: float | None = None
    canvas_radius: float | None = None
    weight: float = 1.0
    source: str = ""


@dataclass(slots=True)
class FrameFit:
    """The fitted transform of one frame and how well the frame's objects agree with it.

    Attributes
    ----------
    frame : str
    matrix : (3, 3) float64 or None
        IR -> canvas; None when the IR gives no coordinates to fit.
    scale : float
        Canvas units per IR unit (geometric mean for axis scaling).
    residuals : dict of str to float
        Per IR object, distance in canvas units between drawn and predicted geometry.
    inliers, outliers : list of str
        Objects within / beyond tolerance.
    tolerance : float
        Canvas distance tolerance used.
    reflected : bool
    ambiguous : str
        Why the fit is not unique (it fits two drawn copies of the figure at different
        places equally well); empty when it is.
    """

    frame: str
    matrix: np.ndarray | None = None
    scale: float = 1.0
    residuals: dict = field(default_factory=dict)
    inliers: list = field(default_factory=list)
    outliers: list = field(default_factory=list)
    tolerance: float = 0.0
    reflected: bool = False
    ambiguous: str = ""

    @property
    def determined(self) -> bool:
        return self.matrix is not None

    def to_dict(self) -> dict:
        out = {"frame": self.frame, "determined": self.determined, "inliers": self.inliers,
               "outliers": self.outliers, "tolerance": self.tolerance}
        if self.matrix is not None:
            out["matrix"] = [[round(float(v), 6) for v in row] for row in self.matrix[:2]]
            out["scale"] = self.scale
            out["residuals"] = {k: float(v) for k, v in self.residuals.items()}
            out["reflected"] = self.reflected
            if self.ambiguous:
                out["ambiguous"] = self.ambiguous
        return out


def transform_points(matrix: np.ndarray, pts) -> np.ndarray:
    """Apply a 3x3 affine matrix to ``(N, 2)`` (or ``(2,)``) points."""
    p = np.asarray(pts, dtype=np.float64)
    return (p.reshape(-1, 2) @ matrix[:2, :2].T + matrix[:2, 2]).reshape(p.shape)


def transform_scale(matrix: np.ndarray) -> float:
    return float(math.sqrt(abs(np.linalg.det(matrix[:2, :2]))))


def _solve(corr: list[Correspondence], equivalences, flip: str | None) -> np.ndarray | None:
    """The least-squares transform of ``corr`` within ``equivalences``, after mirroring the IR
    in its y axis (``flip="y"``: y -> -y) or its x axis (``flip="x"``: x -> -x) first."""
    rot = "rotation" in equivalences
    axis = "axis_scaling" in equivalences and not rot
    rows, rhs, w = [], [], []
    for c in corr:
        x, y = c.ir
        if flip == "y":
            y = -y
        elif flip == "x":
            x = -x
        u, v = c.canvas
        if rot:  # unknowns a, b, tx, ty: u = a x - b y + tx ; v = b x + a y + ty
            rows += [[x, -y, 1, 0], [y, x, 0, 1]]
        elif axis:  # unknowns sx, sy, tx, ty
            rows += [[x, 0, 1, 0], [0, y, 0, 1]]
        else:  # unknowns s, tx, ty
            rows += [[x, 1, 0], [y, 0, 1]]
        rhs += [u, v]
        w += [c.weight, c.weight]
        if c.ir_radius and c.canvas_radius and not rot:
            if axis:
                rows += [[c.ir_radius, 0, 0, 0], [0, c.ir_radius, 0, 0]]
                rhs += [c.canvas_radius, c.canvas_radius]
                w += [c.weight, c.weight]
            else:
                rows.append([c.ir_radius, 0, 0])
                rhs.append(c.canvas_radius)
                w.append(c.weight)
    a = np.asarray(rows, dtype=np.float64)
    b = np.asarray(rhs, dtype=np.float64)
    sw = np.sqrt(np.asarray(w))
    if len(a) < a.shape[1]:
        return None
    sol, *_ = np.linalg.lstsq(a * sw[:, None], b * sw, rcond=None)
    if np.linalg.matrix_rank(a) < a.shape[1]:
        return None
    f = -1.0 if flip == "y" else 1.0
    fx = -1.0 if flip == "x" else 1.0
    if rot:
        aa, bb, tx, ty = sol
        m = np.array([[aa * fx, -bb * f, tx], [bb * fx, aa * f, ty], [0, 0, 1.0]])
    elif axis:
        sx, sy, tx, ty = sol
        if sx <= 0 or sy <= 0:
            return None
        m = np.array([[sx * fx, 0, tx], [0, sy * f, ty], [0, 0, 1.0]])
    else:
        s, tx, ty = sol
        if s <= 0:
            return None
        m = np.array([[s * fx, 0, tx], [0, s * f, ty], [0, 0, 1.0]])
    return m


def fit_transform(corr: list[Correspondence], equivalences) -> tuple[np.ndarray | None, bool]:
    """Least-squares transform from correspondences, within the allowed equivalences.

    Returns
    -------
    matrix : (3, 3) float64 or None
        None when the correspondences do not determine the transform.
    reflected : bool
    """
    best, best_err, best_flip = None, math.inf, False
    if "reflection" not in equivalences:
        flips = (None,)
    elif "rotation" in equivalences:  # a mirror in x is the mirror in y turned half a turn
        flips = (None, "y")
    else:  # without rotations, mirrors in either axis (a figure drawn with xscale=-1 or yscale=-1)
        flips = (None, "y", "x")
    for flip in flips:
        m = _solve(corr, equivalences, flip)
        if m is None:
            continue
        err = 0.0
        for c in corr:
            err += c.weight * float(np.sum((transform_points(m, c.ir) - c.canvas) ** 2))
            if c.ir_radius and c.canvas_radius:
                err += c.weight * (transform_scale(m) * c.ir_radius - c.canvas_radius) ** 2
        if err < best_err:
            best, best_err, best_flip = m, err, flip is not None
    return best, best_flip
