"""Typed objects of a Gold IR: frames, objects, predicates and check expressions."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

__all__ = [
    "DEFAULT_EQUIVALENCES",
    "Frame",
    "IRObject",
    "CheckExpr",
    "Predicate",
    "Tolerances",
    "Artifact",
    "Variant",
    "Task",
]

DEFAULT_EQUIVALENCES = frozenset({"translation", "uniform_scaling"})


@dataclass(frozen=True, slots=True)
class Frame:
    """A coordinate plane (or panel) of the IR with its allowed equivalences.

    Parameters
    ----------
    id : str
    kind : str
        ``"plane"``, ``"panel"`` or ``"diagram"`` (diagram: positions carry no meaning).
    equivalences : frozenset of str
        Subset of ``translation``, ``uniform_scaling``, ``rotation``, ``reflection``,
        ``axis_scaling``: the maps from IR coordinates to the canvas a figure may use.
    """

    id: str
    kind: str = "plane"
    equivalences: frozenset = DEFAULT_EQUIVALENCES
    description: str = ""


@dataclass(slots=True)
class IRObject:
    """An object the figure must show.

    Parameters
    ----------
    id : str
    type : str
        One of the schema's object types (point, line, segment, ray, circle, arc,
        polygon, parametric_curve, image_curve, region, point_set, text, arrow).
    frame : str
        Id of its frame.
    labels : list of str
        Texts that name it in a figure (any one suffices), e.g. ``["$A$", "A"]``.
    data : dict
        The type-specific fields as in task.json (``coords``, ``through``, ``center`` ...).
    path : str
        JSON path of the object in task.json, for error messages.
    """

    id: str
    type: str
    frame: str
    labels: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    path: str = ""

    def get(self, key: str, default=None):
        return self.data.get(key, default)


@dataclass(slots=True)
class CheckExpr:
    """A node of a predicate's check expression.

    ``op`` is ``"all"``, ``"any"``, ``"not"`` (with ``children``) or an operation
    name from :data:`geoverify.ir.operations.OPERATIONS` (with ``args``).
    """

    op: str
    args: dict[str, Any] = field(default_factory=dict)
    children: list["CheckExpr"] = field(default_factory=list)
    path: str = ""

    @property
    def is_combinator(self) -> bool:
        return self.op in ("all", "any", "not")

    def walk(self) -> Iterator["CheckExpr"]:
        yield self
        for c in self.children:
            yield from c.walk()

    def to_dict(self) -> dict:
        if self.op in ("all", "any"):
            return {self.op: [c.to_dict() for c in self.children]}
        if self.op == "not":
            return {"not": self.children[0].to_dict()}
        return {"op": self.op, **self.args}


@dataclass(slots=True)
class Predicate:
    """One atomic constraint of the task's constraint card.

    Parameters
    ----------
    id : str
        E.g. ``"CA-H1"``.
    kind : str
        ``"hard"`` (gates delivery) or ``"soft"`` (scored 0 / 0.5 / 1, weighted).
    weight : float
        Soft weight (normalised within the task); rubric weight of a hard predicate (default 1).
    error_code : str
        Code reported when it fails (``"DOMAIN"``, ``"ZEROCOUNT"`` ...).
    check : CheckExpr
    tolerance : float or None
        Distance tolerance override, fraction of the frame's size.
    """

    id: str
    kind: str
    check: CheckExpr
    weight: float = 1.0
    error_code: str = ""
    question: str = ""
    evidence: list[str] = field(default_factory=list)
    allowed_equivalence: str = ""
    tolerance: float | None = None
    path: str = ""

    def objects(self) -> set[str]:
        """Ids of the IR objects its check names."""
        from geoverify.ir.operations import OPERATIONS

        out: set[str] = set()
        for node in self.check.walk():
            spec = OPERATIONS.get(node.op)
            if spec is None:
                continue
            for p in spec.params:
                v = node.args.get(p.name)
                if v is None:
                    continue
                if p.kind == "object":
                    out.add(v)
                elif p.kind == "objects":
                    out.update(v)
        return out


@dataclass(frozen=True, slots=True)
class Tolerances:
    """Default tolerances of a task, relative to the figure (never raw units).

    Parameters
    ----------
    distance : float
        Incidence tolerance as a fraction of the frame's size (bounding-box diagonal).
    angle_deg : float
        Angle tolerance in degrees (parallel, perpendicular, angle values).
    length_ratio : float
        Relative tolerance for equal lengths and radii.
    label_margin : float
        A label binds to a feature within this fraction of the figure size.
    coordinate_precision : float or None
        Relative precision of the IR's own coordinates: how exactly they satisfy the
        predicates (admission checks the IR against its predicates to this precision;
        default 1e-4). A task mined from a drawing declares its mining precision.
    """

    distance: float = 0.01
    angle_deg: float = 1.5
    length_ratio: float = 0.02
    label_margin: float = 0.08
    coordinate_precision: float | None = None


@dataclass(frozen=True, slots=True)
class Artifact:
    path: Path
    format: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Variant:
    """A figure with the verdicts it must receive (predicates not named must pass)."""

    path: Path
    format: str
    expect: dict[str, str]
    mutation: str = ""
    expect_T: bool = True


@dataclass(slots=True)
class Task:
    """A task package: prompt, Gold IR, constraint card, references and variants."""

    id: str
    discipline: str
    prompt: str
    frames: dict[str, Frame]
    objects: dict[str, IRObject]
    predicates: list[Predicate]
    title: str = ""
    family: str = ""
    dialect: str = "plain"
    references: list[Artifact] = field(default_factory=list)
    variants: list[Variant] = field(default_factory=list)
    tolerances: Tolerances = field(default_factory=Tolerances)
    root: Path | None = None
    raw: dict = field(default_factory=dict)

    @property
    def hard(self) -> list[Predicate]:
        return [p for p in self.predicates if p.kind == "hard"]

    @property
    def soft(self) -> list[Predicate]:
        return [p for p in self.predicates if p.kind == "soft"]

    def objects_in(self, frame: str) -> list[IRObject]:
        return [o for o in self.objects.values() if o.frame == frame]
