"""The scene graph: drawn primitives in canvas coordinates (y up)."""

from geoverify.scene.graph import Diagnostic, FlatControls, Panel, Scene
from geoverify.scene.primitives import (
    Arc,
    Arrow,
    BezierPath,
    Circle,
    Dot,
    Ellipse,
    Polyline,
    Primitive,
    PrimitiveKind,
    Style,
    Subpath,
    TextLabel,
    arc_controls,
    line_controls,
    quadratic_controls,
)
from geoverify.scene.relations import relation_graph
from geoverify.scene.transform import apply_affine, similarity_matrix, transform_scene

__all__ = [
    "Arc", "Arrow", "BezierPath", "Circle", "Diagnostic", "Dot", "Ellipse", "FlatControls",
    "Panel", "Polyline", "Primitive", "PrimitiveKind", "Scene", "Style", "Subpath", "TextLabel",
    "apply_affine", "arc_controls", "line_controls", "quadratic_controls", "relation_graph", "similarity_matrix",
    "transform_scene",
]
