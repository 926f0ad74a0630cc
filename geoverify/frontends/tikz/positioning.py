"""The ``positioning`` library's ``left=1cm of a`` for nodes built outside
:meth:`~geoverify.frontends.tikz.placement.NodePlacementMixin.place_node`
(statement matrices, rectangle splits): the point their anchor goes to."""

from __future__ import annotations

__all__ = ["positioned_point"]

_SIDE = {"above": "north", "below": "south", "left": "west", "right": "east", "above left": "north west",
         "above right": "north east", "below left": "south west", "below right": "south east"}


def positioned_point(interp, nst: dict, p):
    """Canvas point for the node's anchor: ``p``, or the ``place_of`` target's side
    anchor (its centre ``on grid``) moved by the node distance."""
    place = nst.get("place_of")
    if place is None:
        return p
    key, target, sx, sy = place
    tnode = interp.nodes.get(target.split(".")[0].strip()) if target else None
    if tnode is None or "." in target:
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        base = evaluate_coordinate(interp, target, nst).point
    elif nst.get("on_grid") or nst.get("on_grid_old"):
        base = tnode.center
    else:
        base = tnode.anchor(_SIDE[key])
    return (base[0] + sx, base[1] + sy)
