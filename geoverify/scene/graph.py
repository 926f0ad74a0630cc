"""The scene: every primitive a figure draws, its panels and diagnostics.

A :class:`Scene` is what every front-end returns and what matching and the
predicates read. It knows no source language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator

import numpy as np

from geoverify.errors import SourceLocation
from geoverify.scene.primitives import (
    Arrow,
    Dot,
    Primitive,
    PrimitiveKind,
    TextLabel,
)

__all__ = ["Diagnostic", "Panel", "Scene", "FlatControls", "visible_view"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """Something a front-end could not interpret, or interpreted approximately.

    Parameters
    ----------
    code : str
        ``"UNSUPPORTED"`` (construct skipped), ``"APPROXIMATED"`` (drawn, but not
        exactly as the real toolchain would), ``"NOTE"`` (information, e.g. a
        library that was noted), ``"WARNING"``.
    message : str
        Human-readable explanation.
    construct : str
        The name of the construct (``"\\\\tkzDrawCircle"``, ``"three"``).
    location : SourceLocation or None
    """

    code: str
    message: str
    construct: str = ""
    location: SourceLocation | None = None

    @property
    def skipped(self) -> bool:
        return self.code == "UNSUPPORTED"

    def to_dict(self) -> dict:
        out = {"code": self.code, "message": self.message, "construct": self.construct}
        if self.location is not None:
            out["location"] = self.location.to_dict()
        return out

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location is not None else ""
        return f"{where}{self.code.lower()}: {self.message}"


@dataclass(slots=True)
class Panel:
    """A sub-figure with its own coordinate plane.

    Parameters
    ----------
    index : int
    name : str or None
        A name from the source (TikZ picture index, pgfplots axis, SVG group id).
    axis_transform : (3, 3) float64 or None
        Affine map from the panel's data coordinates to canvas coordinates, when the
        source declares one (pgfplots axis, Asymptote ``unitsize``/``size`` fit).
    """

    index: int
    name: str | None = None
    axis_transform: np.ndarray | None = None


@dataclass(slots=True)
class FlatControls:
    """Ragged-array form of every outline in a scene (shapely's layout).

    Attributes
    ----------
    controls : (K, 4, 2) float64
        All cubic segments, subpath after subpath.
    offsets : (S + 1,) int64
        Subpath s owns ``controls[offsets[s]:offsets[s + 1]]``.
    closed : (S,) bool
        Whether subpath s is closed.
    owner : (S,) int64
        Index in ``scene.primitives`` of the primitive subpath s belongs to.
    kind : (S,) int64
        :class:`PrimitiveKind` code of that primitive.
    """

    controls: np.ndarray
    offsets: np.ndarray
    closed: np.ndarray
    owner: np.ndarray
    kind: np.ndarray


@dataclass(slots=True)
class Scene:
    """Everything a figure draws.

    Parameters
    ----------
    primitives : list of Primitive
        In drawing order.
    unit : str
        Canvas unit: ``"bp"`` (SVG, Asymptote) or ``"pt"`` (TikZ).
    source_format : str
        ``"svg"``, ``"tikz"``, ``"asy"`` or ``"rendered-svg"``.
    panels : list of Panel
    diagnostics : list of Diagnostic
    view : (4,) tuple of float or None
        ``(xmin, ymin, xmax, ymax)`` around what shows when clips cut the figure
        (Asymptote's ``clip``, TikZ's ``\\clip``; :func:`visible_view`): the
        figure's size is measured inside it. None when nothing is clipped.
    clips : dict of int to (4,) tuple of float
        Primitive index -> ``(xmin, ymin, xmax, ymax)``, the box of the clip regions
        that cut it (set by :func:`visible_view`). The primitive keeps its whole
        geometry; what lies outside the box is not shown (a superset of what shows
        when a clip region is not a rectangle). Empty when nothing is clipped.
    document_text : str
        Text of the document outside its pictures that no label sets (an article's prose
        around a figure, a caption): its words show on the page, at no known place.
    """

    primitives: list[Primitive] = field(default_factory=list)
    unit: str = "bp"
    source_format: str = "svg"
    panels: list[Panel] = field(default_factory=lambda: [Panel(0)])
    diagnostics: list[Diagnostic] = field(default_factory=list)
    view: tuple[float, float, float, float] | None = None
    clips: dict[int, tuple[float, float, float, float]] = field(default_factory=dict)
    document_text: str = ""

    # -- building -----------------------------------------------------
    def add(self, primitive: Primitive) -> int:
        """Append a primitive; returns its index."""
        self.primitives.append(primitive)
        return len(self.primitives) - 1

    def note(self, code: str, message: str, construct: str = "", location: SourceLocation | None = None) -> None:
        """Record a diagnostic."""
        self.diagnostics.append(Diagnostic(code, message, construct, location))

    # -- reading ------------------------------------------------------
    def __len__(self) -> int:
        return len(self.primitives)

    def __iter__(self) -> Iterator[Primitive]:
        return iter(self.primitives)

    @property
    def partial(self) -> bool:
        """True when some construct was skipped (the scene is incomplete)."""
        return any(d.skipped for d in self.diagnostics)

    def of_type(self, *types: type) -> list[tuple[int, Primitive]]:
        """``(index, primitive)`` pairs of the given types, in drawing order."""
        return [(i, p) for i, p in enumerate(self.primitives) if isinstance(p, types)]

    @property
    def labels(self) -> list[tuple[int, TextLabel]]:
        return self.of_type(TextLabel)

    @property
    def dots(self) -> list[tuple[int, Dot]]:
        return self.of_type(Dot)

    @property
    def arrows(self) -> list[tuple[int, Arrow]]:
        return self.of_type(Arrow)

    def outlines(self) -> list[tuple[int, Primitive]]:
        """Primitives with an outline (paths, circles, ...), visible ones only."""
        return [
            (i, p)
            for i, p in enumerate(self.primitives)
            if not isinstance(p, (Dot, Arrow, TextLabel)) and p.style.visible
        ]

    def is_empty(self) -> bool:
        """True when nothing visible is drawn (the MathVis 'figure non-empty' check)."""
        for p in self.primitives:
            if isinstance(p, TextLabel):
                if p.text.strip():
                    return False
            elif isinstance(p, (Dot, Arrow)) or p.style.visible:
                return False
        return True

    def bbox(self) -> tuple[float, float, float, float]:
        """Bounding box of all visible primitives, ``(xmin, ymin, xmax, ymax)``."""
        boxes = []
        for p in self.primitives:
            try:
                boxes.append(p.bbox())
            except NotImplementedError:
                continue
        if not boxes:
            return (0.0, 0.0, 0.0, 0.0)
        b = np.asarray(boxes, dtype=np.float64)
        return (float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max()))

    def geometry_bbox(self) -> tuple[float, float, float, float] | None:
        """``(xmin, ymin, xmax, ymax)`` of the figure's geometry (text left out), or None when it has none.

        Inside :attr:`view` when a clip cuts the whole figure.
        """
        boxes = []
        for p in self.primitives:
            if isinstance(p, TextLabel):
                continue
            try:
                boxes.append(p.bbox())
            except NotImplementedError:
                continue
        if not boxes:
            return None
        b = np.asarray(boxes, dtype=np.float64)
        box = float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max())
        if self.view is not None:
            v = self.view
            cut = max(box[0], v[0]), max(box[1], v[1]), min(box[2], v[2]), min(box[3], v[3])
            if cut[2] >= cut[0] and cut[3] >= cut[1]:
                return cut
        return box

    def scale(self) -> float:
        """The figure's size: diagonal of the bounding box of its geometry (not text).

        Tolerances are fractions of this number.
        """
        box = self.geometry_bbox()
        if box is None:
            return 1.0
        d = float(np.hypot(box[2] - box[0], box[3] - box[1]))
        return d if d > 0 else 1.0

    def flat_controls(self, indices: Iterable[int] | None = None) -> FlatControls:
        """Ragged arrays of the cubic outlines of the given (default: all outline) primitives."""
        if indices is None:
            indices = [i for i, _ in self.outlines()]
        ctrls, offsets, closed, owner, kind = [], [0], [], [], []
        for i in indices:
            p = self.primitives[i]
            for sp in p.subpaths():
                ctrls.append(sp.controls)
                offsets.append(offsets[-1] + len(sp.controls))
                closed.append(sp.closed)
                owner.append(i)
                kind.append(int(p.kind))
        return FlatControls(
            controls=np.concatenate(ctrls) if ctrls else np.zeros((0, 4, 2)),
            offsets=np.asarray(offsets, dtype=np.int64),
            closed=np.asarray(closed, dtype=bool),
            owner=np.asarray(owner, dtype=np.int64),
            kind=np.asarray(kind, dtype=np.int64),
        )

    def transformed(self, matrix: np.ndarray) -> "Scene":
        """A copy with every primitive mapped by a 3x3 affine matrix (similarity expected)."""
        from geoverify.scene.transform import transform_scene

        return transform_scene(self, matrix)

    def summary(self) -> dict:
        """Counts by primitive type, for reports."""
        counts: dict[str, int] = {}
        for p in self.primitives:
            k = PrimitiveKind(p.kind).name.lower()
            counts[k] = counts.get(k, 0) + 1
        return counts


def visible_view(scene: Scene, clip_boxes: dict) -> None:
    """Set ``scene.view`` to what shows when primitive ``i`` is cut by ``clip_boxes[i]``.

    The view is the box around every primitive's visible part (its box, cut by
    its clip box when it has one; text left out). It is left unset when nothing
    is cut. The boxes are kept as ``scene.clips``.
    """
    if not clip_boxes:
        return
    scene.clips = {int(i): tuple(float(v) for v in c) for i, c in clip_boxes.items() if c is not None}
    boxes = []
    for i, p in enumerate(scene.primitives):
        if isinstance(p, TextLabel):
            continue
        try:
            b = p.bbox()
        except NotImplementedError:
            continue
        c = clip_boxes.get(i)
        if c is not None:
            b = (max(b[0], c[0]), max(b[1], c[1]), min(b[2], c[2]), min(b[3], c[3]))
            if b[2] < b[0] or b[3] < b[1]:
                continue
        boxes.append(b)
    if boxes:
        a = np.asarray(boxes, dtype=np.float64)
        scene.view = (float(a[:, 0].min()), float(a[:, 1].min()), float(a[:, 2].max()), float(a[:, 3].max()))
