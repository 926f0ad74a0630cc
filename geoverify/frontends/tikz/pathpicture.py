"""``path picture={...}``: drawing inside a path or a node, clipped to it.

The code runs when the path (or the node's shape) is used, in the current scope,
with a rectangle node ``path picture bounding box`` around the path (its points
and control points; for a node its shape without outer sep). What it draws is
clipped to the path: the geometry is kept and marked ``clipped``, as for
``\\clip``. A node's path picture is drawn in the node's frame (origin at its
centre, turned and scaled with the node, the picture's other transformations
dropped as for the node's shape).
"""

from __future__ import annotations

from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.tex import Reader, tokenize_at

__all__ = ["run_path_picture", "run_with_node"]

_NAME = "path picture bounding box"


def run_path_picture(interp, code: str, box, loc, frame=None) -> None:
    """Run ``code`` with the ``path picture bounding box`` node on ``box``
    ``(x0, y0, x1, y1)`` (canvas points). ``frame`` (an affine map) replaces the current
    transformation: a node's shape is drawn in the node's own frame, origin at its centre."""
    x0, y0, x1, y1 = box
    node = Node(_NAME, "rectangle", ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2, (y1 - y0) / 2, 0.0)
    first = len(interp.scene.primitives)
    run_with_node(interp, code, _NAME, node, loc, frame)
    for p in interp.scene.primitives[first:]:
        p.clipped = True


def run_with_node(interp, code: str, name: str, node: Node, loc, frame=None) -> None:
    """Run the TikZ statements ``code`` in a group of the current scope, with ``node``
    known as ``name`` meanwhile; ``frame`` (an affine map), when given, replaces the
    current transformation. Tokens report the place ``loc``."""
    from geoverify.frontends.tikz.nested import _offset
    saved_node = interp.nodes.get(name)
    interp.nodes[name] = node
    saved_st, saved_let = interp.st, interp.let_vars
    interp.st = dict(interp.st)
    if frame is not None:
        interp.st["ctm"] = frame
    interp.defs.begin_group()
    try:
        pos = _offset(interp, loc)
        toks = tokenize_at(code, pos)
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.defs.end_group()
        interp.st, interp.let_vars = saved_st, saved_let
        if saved_node is None:
            interp.nodes.pop(name, None)
        else:
            interp.nodes[name] = saved_node
