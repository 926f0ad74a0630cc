"""The ``positioning`` library's ``left=1cm of a`` for nodes built outside
:meth:`~geoverify.frontends.tikz.placement.NodePlacementMixin.place_node`
(statement matrices, rectangle splits): the point their anchor goes to.

Also :func:`places_node`: whether options place a node relative to another one
(a node's ``at (p)`` is an option in source order: after such a placement it
replaces the target's anchor as the base point, the distance stays).
"""

from __future__ import annotations

import re

__all__ = ["positioned_point", "places_node", "settle_node"]

_SIDE = {"above": "north", "below": "south", "left": "west", "right": "east", "above left": "north west",
         "above right": "north east", "below left": "south west", "below right": "south east"}


def places_node(opts: str) -> bool:
    """Whether the node options ``opts`` contain a placement relative to a node
    (``above=of a``, ``right=1cm of a``, ``below of=a``, ``on chain``)."""
    from geoverify.frontends.tikz.options import _PLACEMENT, split_options
    for k, v in split_options(opts):
        k = k.strip()
        if k == "on chain" or (k.endswith(" of") and k[:-3] in _PLACEMENT):
            return True
        if k in _PLACEMENT and v and re.search(r"(?<![A-Za-z])of\s", v + " "):
            return True
    return False


def positioned_point(interp, nst: dict, p):
    """Canvas point for the node's anchor: ``p``, or the ``place_of`` target's side
    anchor (its centre ``on grid``) moved by the node distance."""
    place = nst.get("place_of")
    if place is None:
        return p
    key, target, sx, sy = place
    if nst.get("transform_shape"):  # the distance is in the picture's transformed frame
        lin = nst["ctm"]
        sx, sy = lin[0] * sx + lin[2] * sy, lin[1] * sx + lin[3] * sy
    tnode = interp.nodes.get(target.split(".")[0].strip()) if target else None
    if tnode is None or "." in target:
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        base = evaluate_coordinate(interp, target, nst).point
    elif nst.get("on_grid") or nst.get("on_grid_old"):
        base = tnode.center
    else:
        base = tnode.anchor(_SIDE[key])
    return (base[0] + sx, base[1] + sy)


def settle_node(interp, node, nst: dict, p, loc, shape_name: str) -> None:
    """Move a node built around the origin so that its anchor lands on the positioned point,
    then register its name and aliases.

    Parameters
    ----------
    node : Node
        Built with its centre at (0, 0); its ``center`` is set here.
    p : (2,) point
        Where the node's ``at`` (or path position) puts it, before ``positioning``.
    shape_name : str
        Said in the report of an anchor the shape does not have (the centre is used then).
    """
    p = positioned_point(interp, nst, p)
    anchor = nst["anchor"] or "center"
    try:
        off = node.anchor(anchor)
    except KeyError:
        interp.note("UNSUPPORTED", f"unknown anchor '{anchor}' of a {shape_name}; the centre is used",
                    "anchor", loc)
        off = (0.0, 0.0)
    shift = nst.get("node_shift") or (0.0, 0.0)
    node.center = (p[0] - off[0] + shift[0], p[1] - off[1] + shift[1])
    if node.name:
        interp.nodes[node.name] = node
    for alias in nst.get("node_aliases") or ():
        interp.nodes[alias] = node
