"""Mined relations: what a reference figure shows among its labelled objects.

A :class:`Relation` is one fact of the drawing ("AD is perpendicular to BC"),
written as a check expression of the Gold IR vocabulary so that the predicate
machinery can test it in any other figure. Relations with no operation of their
own are expressed with existing ones:

- betweenness: ``point_on`` the segment between the outer points;
- intersection of named lines: ``all`` of ``point_on`` both lines;
- centre of a circle: ``equal_length`` of two radii to points on it;
- equal angles and angle bisectors: ``angle_value`` of each angle with the size
  measured in the reference (so they are stricter than equality: the vocabulary
  has no ``equal_angle`` operation).

A relation implied by others (collinearity by betweenness, an equal length by a
midpoint, a parallel by two others) is kept but marked: its predicate id starts
with ``implied.`` instead of ``rel.`` and it is soft. The relation type is the
second component of the id, so a mined task.json is self-describing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = [
    "RELATION_TYPES", "OBJECT_TYPES", "Relation", "relation_id", "parse_relation_id", "to_predicate",
    "sanitize_id",
]

#: Relation types, in the order reports list them.
RELATION_TYPES = (
    "segment", "line", "ray", "circle", "incidence", "betweenness", "collinear", "concyclic", "intersection",
    "parallel", "perpendicular", "right_angle_mark", "tangent", "equal_length", "tick_marks", "midpoint",
    "centre", "equal_angle", "angle_bisector", "placement",
)
#: Relation types that say an object is drawn (the figure's objects, for object recall).
OBJECT_TYPES = ("segment", "line", "ray", "circle")

_ID_BAD = re.compile(r"[^A-Za-z0-9_.\-']")


def sanitize_id(text: str) -> str:
    """An IR identifier for ``text`` (``^[A-Za-z_][A-Za-z0-9_.\\-']*$``)."""
    s = _ID_BAD.sub("_", text)
    if not s or not (s[0].isalpha() or s[0] == "_"):
        s = "_" + s
    return s


@dataclass(slots=True)
class Relation:
    """One relation mined from a figure.

    Attributes
    ----------
    type : str
        One of :data:`RELATION_TYPES`.
    key : str
        Canonical name of the relation among its objects (``"AD|BC"``); unique per type.
    check : dict
        Check expression (task.json form).
    text : str
        The relation in words ("AD is perpendicular to BC").
    objects : tuple of str
        IR object ids it involves.
    points : tuple of str
        Labelled points it involves (directly or through its segments and circles).
    implied_by : list of str
        Ids of the relations that imply it; empty for a primary relation.
    residual : float
        What it measured in the reference (canvas units, degrees or ratio).
    """

    type: str
    key: str
    check: dict
    text: str
    objects: tuple = ()
    points: tuple = ()
    implied_by: list = field(default_factory=list)
    residual: float = 0.0

    @property
    def implied(self) -> bool:
        return bool(self.implied_by)

    @property
    def id(self) -> str:
        return relation_id(self.type, self.key, self.implied)


def relation_id(rtype: str, key: str, implied: bool = False) -> str:
    """Predicate id of a relation: ``rel.<type>.<key>`` or ``implied.<type>.<key>``."""
    return sanitize_id(f"{'implied' if implied else 'rel'}.{rtype}.{key.replace('|', '.')}")


def parse_relation_id(pid: str) -> tuple[str, bool] | None:
    """``(type, implied)`` of a mined predicate id, or None for any other id."""
    parts = pid.split(".", 2)
    if len(parts) < 3 or parts[0] not in ("rel", "implied") or parts[1] not in RELATION_TYPES:
        return None
    return parts[1], parts[0] == "implied"


def to_predicate(rel: Relation) -> dict:
    """The task.json predicate of a relation (primary: hard; implied: soft, weight 1)."""
    out = {
        "id": rel.id,
        "kind": "soft" if rel.implied else "hard",
        "question": rel.text + (f" (implied by {', '.join(rel.implied_by)})" if rel.implied else ""),
        "error_code": "FIDELITY_" + rel.type.upper(),
        "check": rel.check,
        "evidence": ["geometry"],
    }
    if rel.implied:
        out["weight"] = 1.0
    return out
