"""The vocabulary of check operations: names and parameters, as data.

The IR layer owns the vocabulary so that a task can be validated (unknown
operation, missing parameter, parameter naming a missing object) without
importing the predicate implementations. :mod:`geoverify.predicates` registers
one implementation per name; a test checks that this table, the schema's enum
and the registry agree.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Param", "OperationSpec", "OPERATIONS"]


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a check operation.

    Parameters
    ----------
    name : str
    kind : str
        ``"object"`` (an IR object id), ``"objects"`` (a list of ids),
        ``"number"``, ``"integer"``, ``"string"`` or ``"choice"``.
    required : bool
    types : tuple of str
        For object parameters, the IR object types accepted (empty: any).
    choices : tuple of str
        For ``"choice"`` parameters.
    """

    name: str
    kind: str
    required: bool = True
    types: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OperationSpec:
    name: str
    params: tuple[Param, ...]
    summary: str


_LINEAR = ("line", "segment", "ray")
_ROUND = ("circle", "arc")
_CURVES = ("circle", "arc", "polygon", "parametric_curve", "image_curve", "line", "segment", "ray", "region")
_CLOSED = ("circle", "polygon", "parametric_curve", "image_curve", "region")

_SPECS = [
    OperationSpec("drawn", (Param("object", "object"),),
                  "The object is drawn (bound to a visible primitive)."),
    OperationSpec("matches_geometry", (Param("object", "object"),),
                  "The drawn object has the IR's coordinates, after the frame's allowed transform."),
    OperationSpec("point_on", (Param("point", "object", types=("point",)), Param("on", "object", types=_CURVES)),
                  "The drawn point lies on the drawn line, segment, circle or curve."),
    OperationSpec("collinear", (Param("points", "objects", types=("point",)),),
                  "The drawn points are collinear."),
    OperationSpec("concyclic", (Param("points", "objects", types=("point",)),),
                  "The drawn points lie on one circle."),
    OperationSpec("parallel", (Param("a", "object", types=_LINEAR), Param("b", "object", types=_LINEAR)),
                  "The two drawn lines are parallel."),
    OperationSpec("perpendicular", (Param("a", "object", types=_LINEAR), Param("b", "object", types=_LINEAR)),
                  "The two drawn lines are perpendicular."),
    OperationSpec("tangent", (Param("a", "object", types=_LINEAR + _ROUND), Param("b", "object", types=_LINEAR + _ROUND)),
                  "A line and a circle, or two circles, are tangent."),
    OperationSpec("equal_length", (Param("a", "object", types=("segment",)), Param("b", "object", types=("segment",))),
                  "Two drawn segments have equal length."),
    OperationSpec("midpoint", (Param("point", "object", types=("point",)), Param("segment", "object", types=("segment",))),
                  "The drawn point is the midpoint of the drawn segment."),
    OperationSpec("angle_value", (Param("vertex", "object", types=("point",)), Param("from", "object", types=("point",)),
                                  Param("to", "object", types=("point",)), Param("degrees", "number")),
                  "The angle from-vertex-to has the given size (unsigned, degrees)."),
    OperationSpec("inside", (Param("point", "object", types=("point", "point_set")), Param("region", "object", types=_CLOSED)),
                  "The drawn point (or every point of a set) is inside the drawn closed curve or region."),
    OperationSpec("outside", (Param("point", "object", types=("point", "point_set")), Param("region", "object", types=_CLOSED)),
                  "The drawn point (or every point of a set) is outside the drawn closed curve or region."),
    OperationSpec("winding_number", (Param("curve", "object", types=_CLOSED), Param("point", "object", types=("point",)),
                                     Param("value", "integer", required=False)),
                  "The drawn closed curve winds about the point the given number of times (nonzero if no value)."),
    OperationSpec("region_inside", (Param("region", "object", types=_CLOSED), Param("container", "object", types=_CLOSED)),
                  "The drawn closed region lies inside the drawn container (its outline touching at most)."),
    OperationSpec("count_inside", (Param("region", "object", types=_CLOSED), Param("count", "integer"),
                                   Param("markers", "object", required=False, types=("point_set",))),
                  "Exactly `count` point markers are drawn inside the region (at the set's points when given)."),
    OperationSpec("markers_all_or_none", (Param("region", "object", types=_CLOSED),
                                          Param("markers", "object", types=("point_set",))),
                  "The point markers drawn inside the region (marking no other object) are none, or exactly the set's points, one each."),
    OperationSpec("traversal_direction", (Param("curve", "object", types=_CURVES),
                                          Param("orientation", "choice", choices=("ccw", "cw", "forward", "backward")),
                                          Param("point", "object", required=False, types=("point",))),
                  "Arrows on the drawn curve show the given direction of traversal."),
    OperationSpec("label_bound", (Param("object", "object"), Param("text", "string", required=False)),
                  "A label naming the object is placed at the object, unambiguously."),
    OperationSpec("text_present", (Param("text", "object", types=("text",)),),
                  "The text or formula appears in the figure (normalised; formulas compared symbolically)."),
    OperationSpec("arrow_between", (Param("arrow", "object", types=("arrow",)),),
                  "An arrow is drawn from the source object to the target object (with its label, if any)."),
    OperationSpec("field_arrows", (Param("field", "string"), Param("at", "object", types=("point",)),
                                   Param("count", "integer", required=False)),
                  "The short arrows of a field plot follow the vector field u + iv, a function of z = x + iy in the frame of `at`."),
    OperationSpec("labels_readable", (Param("objects", "objects", required=False),),
                  "Labels do not overlap each other (soft: 1 none, 0.5 minor, 0 heavy)."),
    OperationSpec("distinct_styles", (Param("objects", "objects"),),
                  "The listed objects are drawn in mutually distinguishable styles."),
]

OPERATIONS: dict[str, OperationSpec] = {s.name: s for s in _SPECS}
