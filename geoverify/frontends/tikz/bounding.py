"""``local bounding box=name``: a rectangle node around what a scope draws.

As pgf's picture bounding box, the box covers paths by their points and control
points (line widths are not added) and nodes by their shapes with their outer
sep; text is inside its node. When the scope ends, ``name`` is a rectangle node
of that box (no inner or outer sep) whose anchors later paths can use.

``current bounding box`` is the same rectangle around the picture drawn so far, as pgf
keeps it: a stroked path adds half its line width around it, and after the first path
that is ``use as bounding box`` nothing more counts (:func:`picture_extent`).
"""

from __future__ import annotations

from geoverify.frontends.tikz.nodes import Node
from geoverify.scene import TextLabel
from geoverify.scene.primitives import Arrow

__all__ = ["LocalBox", "current_bounding_box", "drawn_extent", "finish_local_box", "finish_path_boxes",
           "picture_extent", "start_local_box"]

_CORNERS = ("north east", "north west", "south east", "south west", "north", "south", "east", "west")


class LocalBox:
    """Where a ``local bounding box`` began: its name and the scene's and nodes' counts."""

    __slots__ = ("name", "prims", "nodes")

    def __init__(self, name: str, prims: int, nodes: int):
        self.name, self.prims, self.nodes = name, prims, nodes


def drawn_extent(prims, nodes, panel: int | None = None, clip_boxes: dict | None = None,
                 proxies: dict | None = None) -> tuple[float, float, float, float] | None:
    """``(xmin, ymin, xmax, ymax)`` around primitives (text and arrow heads left out; only
    ``panel``'s when given) and placed nodes (their shapes), or None when there is nothing.

    ``clip_boxes`` maps a position in ``prims`` to the box of the clip that cuts that
    primitive: as pgf's, the extent counts only the part inside (a clip bounds the box).
    ``proxies``: ``id`` of a primitive pgf does not count (an old-style arrow tip) ->
    ``(point (2,), half line width)``: the point is counted instead (:func:`~.emit.emit_path`).
    """
    return _extent(prims, [None] * len(prims), nodes, panel, clip_boxes, proxies)


def _extent(prims, boxes: list, nodes, panel=None, clip_boxes=None, proxies=None):
    """:func:`drawn_extent`, with the boxes of some primitives known (``boxes[i]``: that of
    ``prims[i]`` or None, to be computed here)."""
    xs, ys = [], []
    for i, p in enumerate(prims):
        if isinstance(p, (TextLabel, Arrow)) or (panel is not None and p.panel != panel):
            continue
        if proxies and id(p) in proxies:
            q = proxies[id(p)][0]
            xs.append(float(q[0]))
            ys.append(float(q[1]))
            continue
        b = boxes[i]
        if b is None:
            try:
                b = p.bbox()
            except NotImplementedError:
                continue
        c = clip_boxes.get(i) if clip_boxes else None
        if c is not None:
            b = (max(b[0], c[0]), max(b[1], c[1]), min(b[2], c[2]), min(b[3], c[3]))
            if b[2] < b[0] or b[3] < b[1]:
                continue
        xs += [b[0], b[2]]
        ys += [b[1], b[3]]
    for node in nodes:
        pts = [node.center] if node.shape == "coordinate" else [node.anchor(c) for c in _CORNERS]
        xs += [q[0] for q in pts]
        ys += [q[1] for q in pts]
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def _counted_box(p):
    """The box :func:`drawn_extent` counts for the primitive ``p`` alone (None: text, an arrow
    head or a primitive without one)."""
    if isinstance(p, (TextLabel, Arrow)):
        return None
    try:
        return p.bbox()
    except NotImplementedError:
        return None


def picture_extent(interp, start: tuple[int, int], bound=None) -> tuple[float, float, float, float] | None:
    """pgf's bounding box of the picture so far: what the current panel drew since ``start``
    (counts of primitives and placed nodes when the picture began), a stroked path with
    half its line width around it (``\\pgfusepath``); ``bound``: ``(box, primitives,
    nodes)`` of the first ``use as bounding box`` path, after which nothing counts."""
    i0, n0 = start
    i1, n1 = (bound[1], bound[2]) if bound is not None else (None, None)
    prims = [p for p in interp.scene.primitives[i0:i1] if p.panel == interp.panel]
    proxies = interp.bbox_proxies
    # each primitive's box once, for both uses below (a tip with a proxy counts by its proxy)
    boxes = [None if id(p) in proxies else _counted_box(p) for p in prims]
    box = _extent(prims, boxes, interp.placed_nodes[n0:n1], proxies=proxies)
    for p, own in zip(prims, boxes):
        proxy = proxies.get(id(p))
        if proxy is not None:  # an old-style tip: its path's written end, widened as its path
            w = 2 * proxy[1]
            one = (proxy[0][0], proxy[0][1], proxy[0][0], proxy[0][1]) if box is not None else None
        else:
            w = getattr(p.style, "stroke_width", 0.0) if getattr(p.style, "stroke", None) else 0.0
            # (the extent of the primitive alone: its box's sides in order)
            one = (min(own[0], own[2]), min(own[1], own[3]), max(own[0], own[2]), max(own[1], own[3])) \
                if own is not None and w > 0 and box is not None else None
        if one is not None:
            box = (min(box[0], one[0] - w / 2), min(box[1], one[1] - w / 2),
                   max(box[2], one[2] + w / 2), max(box[3], one[3] + w / 2))
    if bound is not None:
        b = bound[0]
        box = b if box is None else (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]), max(box[3], b[3]))
    return box


def current_bounding_box(interp) -> Node | None:
    """The ``current bounding box`` node: a rectangle on the picture's box so far (None:
    nothing drawn yet, or a node shape whose corners the box cannot read)."""
    prose = getattr(interp, "prose", None)
    if prose is None:
        return None
    try:
        box = picture_extent(interp, prose.start, prose.bound)
    except KeyError:
        return None
    if box is None:
        return None
    x0, y0, x1, y1 = box
    return Node("current bounding box", "rectangle", ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2,
                (y1 - y0) / 2, 0.0)


def start_local_box(interp, name: str) -> LocalBox:
    return LocalBox(name.strip(), len(interp.scene.primitives), len(interp.placed_nodes))


def finish_local_box(interp, box: LocalBox) -> None:
    """Name the rectangle around what was drawn since ``box`` began (nothing drawn: no node)."""
    clips = {i - box.prims: c for i, c in interp.clip_boxes.items() if i >= box.prims}
    extent = drawn_extent(interp.scene.primitives[box.prims:], interp.placed_nodes[box.nodes:], interp.panel,
                          clips, proxies=interp.bbox_proxies)
    if extent is None:
        return
    x0, y0, x1, y1 = extent
    interp.nodes[box.name] = Node(box.name, "rectangle", ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2,
                                  (y1 - y0) / 2, 0.0)


def finish_path_boxes(interp, path, boxes) -> None:
    """``local bounding box=name`` given on a path (``\\draw[local bounding box=b] ...`` or
    between its operations): a rectangle node around the path's points and control points
    from that place on and the nodes placed on it since (``boxes``: ``(name, subpaths,
    segments of the last one, nodes)`` counted when the key was met)."""
    import numpy as np

    from geoverify.frontends.tikz.pathbuild import segment_controls
    for name, n_sub, n_seg, n_nodes in boxes:
        pts = []
        for k in range(max(n_sub - 1, 0), len(path.subpaths)):
            sp = path.subpaths[k]
            segs = sp.segs[n_seg:] if k == n_sub - 1 else sp.segs
            if k >= n_sub:
                pts.append(np.asarray(sp.start, dtype=float).reshape(1, 2))
            pts += [np.asarray(segment_controls(seg), dtype=float).reshape(-1, 2) for seg in segs]
        box = None
        if pts:
            a = np.vstack(pts)
            box = (a[:, 0].min(), a[:, 1].min(), a[:, 0].max(), a[:, 1].max())
        nodes = drawn_extent([], interp.placed_nodes[n_nodes:])
        if nodes is not None:
            box = nodes if box is None else (min(box[0], nodes[0]), min(box[1], nodes[1]),
                                             max(box[2], nodes[2]), max(box[3], nodes[3]))
        if box is None:
            continue
        x0, y0, x1, y1 = box
        interp.nodes[name.strip()] = Node(name.strip(), "rectangle", ((x0 + x1) / 2, (y0 + y1) / 2),
                                          (x1 - x0) / 2, (y1 - y0) / 2, 0.0)
