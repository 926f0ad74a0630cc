"""What mining gives: the mined figure, the mining tolerances, and how labels name points.

Shared by :mod:`geoverify.fidelity.mine` (which fills a :class:`MinedFigure`) and
:mod:`geoverify.fidelity.compare`. Which point an attached label names is the binding's
reading (:mod:`geoverify.matching.snapping`), the same in both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from geoverify.fidelity.relations import Relation, sanitize_id, to_predicate
from geoverify.ir import Tolerances, task_from_dict
from geoverify.matching.snapping import on_drawing

__all__ = ["POINT_LABEL", "MiningTolerances", "MinedFigure", "point_name", "on_drawing"]

#: Normalised label texts that name a point: A, B', C1, D_a.
POINT_LABEL = re.compile(r"^[A-Z](?:'{1,3}|[0-9]{1,2}|[a-z])?$")


def point_name(norm: str) -> str | None:
    """The point name of a normalised label text, or None when it does not name a point."""
    s = norm.replace("^\\prime", "'").replace("^{\\prime}", "'").replace("_", "")
    return s if POINT_LABEL.match(s) else None


@dataclass(frozen=True, slots=True)
class MiningTolerances:
    """How exactly a relation must hold in the reference to be mined.

    Parameters
    ----------
    distance : float
        Incidence, fraction of the figure size.
    angle_deg : float
        Parallel, perpendicular, equal angles.
    length_ratio : float
        Equal lengths, midpoints.
    coincide : float
        Points nearer than this fraction of the figure size are near-coincident.
    check : Tolerances
        The checking tolerances; a relation between the two is a near-coincidence (noted, not mined).
    """

    distance: float = 1e-3
    angle_deg: float = 0.15
    length_ratio: float = 2e-3
    coincide: float = 0.01
    check: Tolerances = Tolerances()

    def precision(self) -> float:
        """How exactly mined relations hold on the drawn coordinates, as one relative precision.

        Declared in the draft (``tolerances.coordinate_precision``) so that admission checks
        the draft's coordinates against its relations as exactly as mining did, no more
        (distances relative to the figure, length ratios, and angles at 100 degrees per unit).
        """
        return max(self.length_ratio, 2.0 * self.distance, self.angle_deg / 100.0)


@dataclass(slots=True)
class MinedFigure:
    """What mining found in one figure.

    Attributes
    ----------
    points : dict of str to (2,) float64
        Labelled points (id -> canvas position).
    objects : list of dict
        Task.json objects (points, drawn and auxiliary segments, lines, rays, circles).
    relations : list of Relation
    notes : list of str
        Near-coincidences, skipped labels, relations the vocabulary cannot express.
    scale : float
        Figure size (canvas units).
    source_format : str
    circles : dict
        Circle id -> ``(centre (2,), radius, scene index of the drawn primitive)``.
    lines : dict
        Segment, line or ray id -> labelled points on it, in order.
    precision : float
        :meth:`MiningTolerances.precision` of the mining (the draft's coordinate precision).
    drawing : (N, 2) float64 or None
        Samples along the drawn strokes (:func:`geoverify.fidelity.placement.drawing_samples`).
    floating : set of str
        Labelled points where nothing is drawn (a label in the middle of a region): they have no
        placement to check, only their label's position.
    """

    points: dict
    objects: list
    relations: list
    notes: list = field(default_factory=list)
    scale: float = 1.0
    source_format: str = ""
    circles: dict = field(default_factory=dict)
    lines: dict = field(default_factory=dict)
    precision: float = 2e-3
    drawing: np.ndarray | None = None
    floating: set = field(default_factory=set)

    def primary(self) -> list[Relation]:
        return [r for r in self.relations if not r.implied]

    def counts(self) -> dict:
        """Relation type -> (primary, implied) counts."""
        out: dict = {}
        for r in self.relations:
            p, i = out.get(r.type, (0, 0))
            out[r.type] = (p + (not r.implied), i + r.implied)
        return out

    def to_task(self, task_id: str = "mined", prompt: str | None = None, source: str = "", dialect: str | None = None) -> dict:
        """A task.json draft (validated by :func:`geoverify.ir.task_from_dict`).

        ``dialect`` (Asymptote) is recorded so that ``geoverify check`` reads figures as mining did.
        """
        rels = list(self.relations)
        notes = list(self.notes)
        # A labelled point that takes part in no relation has nothing to be checked by: left out
        # of the draft (an IR object no predicate uses is an authoring slip), said in the notes.
        used = {x for r in rels for x in (*r.objects, *r.points)}
        for o in self.objects:
            used.update(o.get("through", []))
            if o.get("center"):
                used.add(o["center"])
        if any(o["type"] in ("circle", "arc") and len(o.get("coords") or ()) == 3 for o in self.objects):
            # A circle no labelled point is on is found where the labelled points put it: all are used.
            used.update(o["id"] for o in self.objects if o["type"] == "point")
        objs = [o for o in self.objects if o["type"] != "point" or o["id"] in used or not rels]
        idle = sorted(o["id"] for o in self.objects if o not in objs)
        if idle:
            notes.append(f"labelled point(s) {', '.join(idle)} take part in no relation: left out of the draft.")
        # Coordinates hold the relations to the mining precision; a tick-marked equality, mined
        # when the drawing agrees to the checking tolerance, may hold only to that.
        precision = max([self.precision] + [1.05 * r.residual for r in rels if r.type == "tick_marks"])
        if not objs:
            objs = [{"id": "figure", "type": "text", "text": "", "description": "placeholder: no labelled point found"}]
        preds = [to_predicate(r) for r in rels]
        if not preds:
            # The schema wants one predicate; an empty card would pass anything, so say so.
            preds = [{"id": "mined.nothing", "kind": "soft", "weight": 1.0, "check": {"op": "labels_readable"},
                      "question": "no relation was mined from the reference"}]
        data = {
            "schema_version": "1.0", "id": sanitize_id(task_id), "discipline": "geometry",
            "family": "reference fidelity", "prompt": prompt or "Draw the figure of the reference diagram.",
            "frames": [{"id": "main", "kind": "plane",
                        "equivalences": ["translation", "uniform_scaling", "rotation", "reflection"]}],
            "objects": objs, "predicates": preds,
            "tolerances": {"coordinate_precision": min(precision, 0.05)},
            "notes": "mined by geoverify.fidelity: 'rel.<type>.' predicates are relations the reference shows, "
                     "'implied.<type>.' ones follow from them. " + " ".join(notes),
        }
        if source:
            data["source"] = source
        if dialect:
            data["dialect"] = dialect
        task_from_dict(data)  # a draft that does not validate is a bug here, not the user's problem
        return data
