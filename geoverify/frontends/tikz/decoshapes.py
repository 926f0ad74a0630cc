"""The ``shape backgrounds`` decoration (``pgflibrarydecorations.shapes``).

It replaces the path by shapes: the shape's outline (as a node of it with inner sep 50 pt
and no text draws it) scaled so that its bounding box is the current width by height, its
centre on the path, turned along the path unless ``shape sloped=false``. pgf's automaton:
the first shape sits at the start (after ``initialise``); then ``after shape`` moves half
the shape's width on (``between borders``), ``sep`` moves ``shape sep`` on (0.25 cm) and
``before shape`` half the next shape's width, each ending the decoration when less than
its width is left (``after shape`` and ``sep`` test the width they had before). With
``shape scaled`` the width and height go from ``shape start ...`` to ``shape end ...``
(2.5 pt each) in proportion to the distance done: ``c / (c + r)`` (``c`` done, ``r``
left) between centers, ``(c + W/2) / (c + r - (w_end - W)/2)`` between borders.
``shape evenly spread=n`` (``, by borders``) makes the sep what puts ``n`` shapes on the
path (their borders 0.9999 of it apart), one shape in its middle.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz.pathbuild import Subpath

__all__ = ["SHAPE_KEYS", "shape_backgrounds", "shape_key", "shape_outline"]

#: Keys of ``shape backgrounds``: the indices of ``Decoration.shape`` (name, start width,
#: start height, sep, between borders, sloped) and of the end size (width, height) they set.
SHAPE_KEYS = {"shape": ((), ()), "shape size": ((1, 2), (0, 1)), "shape width": ((1,), (0,)),
              "shape height": ((2,), (1,)), "shape start size": ((1, 2), ()), "shape start width": ((1,), ()),
              "shape start height": ((2,), ()), "shape end size": ((), (0, 1)), "shape end width": ((), (0,)),
              "shape end height": ((), (1,)), "shape sep": ((), ()), "shape sloped": ((), ()),
              "shape scaled": ((), ()), "shape evenly spread": ((), ())}

_SP = 1.0 / 65536.0  # TeX's scaled point, in pt


def shape_key(ctx, deco, key: str, val: str | None, dim) -> bool:
    """Apply a ``shape backgrounds`` key of a decoration; False for other keys.
    ``dim(text)`` reads a length (pt)."""
    if key not in SHAPE_KEYS:
        return False
    shape = list(deco.shape)
    params = dict(deco.params)
    text = (val or "").strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1].strip()
    if key == "shape":
        shape[0] = text or "circle"
    elif key == "shape sep":
        parts = [p.strip() for p in text.split(",")]
        shape[3] = dim(parts[0])
        shape[4] = len(parts) > 1 and parts[1] == "between borders"
    elif key in ("shape sloped", "shape scaled"):
        on = text in ("", "true")
        if key == "shape sloped":
            shape[5] = on
        else:
            params["shape scaled"] = on
    elif key == "shape evenly spread":
        parts = [p.strip() for p in text.split(",")]
        params["shape spread"] = (int(float(parts[0] or 0)), len(parts) > 1 and parts[1] == "by borders") \
            if parts[0] else None
    else:
        v = dim(text)
        start, end = SHAPE_KEYS[key]
        for k in start:
            shape[k] = v
        if end:
            e = list(params.get("shape end", (2.5, 2.5)))
            for k in end:
                e[k] = v
            params["shape end"] = tuple(e)
    deco.shape = tuple(shape)
    deco.params = params
    return True


def shape_outline(name: str, params: dict | None = None) -> list | str | None:
    """The outline of shape ``name`` as pgf's decoration measures it (inner sep 50 pt, minimum
    size 1 pt, no text), centre at the origin, scaled to a 1 by 1 bounding box: a list of
    points (a polygon), ``"circle"`` or None for a shape not known."""
    from geoverify.frontends.tikz.geoshapes import POLYGON_SHAPES, polygon_shape
    if name in ("circle", "ellipse"):
        return "circle"
    if name == "rectangle":
        return [(0.5, 0.5), (-0.5, 0.5), (-0.5, -0.5), (0.5, -0.5)]
    if name not in POLYGON_SHAPES:
        return None
    pts = np.array(polygon_shape(name, params or {}, 50.0, 50.0, 1.0, 1.0, 0.0)["path"])
    span = pts.max(axis=0) - pts.min(axis=0)
    return [tuple(q) for q in pts / span]


def _placements(total: float, deco) -> list[tuple[float, float, float]]:
    """``(distance, width, height)`` of each shape along a path ``total`` long (pt)."""
    _, w0, h0, sep, borders, _ = deco.shape
    w_end, h_end = deco.params.get("shape end", (2.5, 2.5))
    scaled = deco.params.get("shape scaled", False)
    spread = deco.params.get("shape spread")
    dw, dh = w_end - w0, h_end - h0
    init = special = 0.0
    if spread is not None:
        n, borders = spread
        if borders and n > 1:
            sep = 0.9999 * (total - (n - 1) * 0.5 * (w0 + (w_end if scaled else w0))) / (n - 1)
            special = dw / (n - 1) if scaled else 0.0
        else:
            borders = False
            sep = total / (n - 1) if n > 1 else total
            init = 0.5 * total if n == 1 else (total + 5.0 if n < 1 else 0.0)
    out = []
    d, width, height = 0.0, w0, h0
    after = 0.0

    def ends(step):  # pgf's width: the final state when nothing, or less than the width, is left
        rem = total - d
        return rem <= 0.0 or rem < step

    if ends(init):
        return out
    d += init
    while len(out) < 10000:
        if out:  # before shape (the first shape comes straight after initialise)
            if ends(-_SP):
                break
            if scaled:
                c, r = d, total - d
                if spread is not None and borders:
                    width += special
                    ratio = (width - w0) / dw if dw else 0.0
                else:
                    ratio = (c + 0.5 * w0) / (c + r - 0.5 * dw) if borders else c / (c + r)
                    width = w0 + ratio * dw
                height = h0 + ratio * dh
            d += (0.5 * width if borders else 0.0) - _SP
        if total - d <= 0.0:  # shape: a width of 0 ends it only at (or past) the end
            break
        out.append((d, width, height))
        if ends(after - _SP):  # after shape, tested with the width it had before
            break
        after = 0.5 * width if borders else 0.0
        d += after - _SP
        if ends(sep):  # sep
            break
        d += sep
    return out


def shape_backgrounds(walk, deco) -> list[Subpath]:
    """The shapes along the path of ``walk`` (a :class:`.decorations._Walker`)."""
    name, sloped = deco.shape[0], deco.shape[5]
    outline = shape_outline(name, deco.shape_params)
    if outline is None:
        return [Subpath(tuple(walk.pts[0]))]  # reported where the decoration is set
    out = []
    for d, w, h in _placements(walk.total, deco):
        origin, t = walk.frame(min(max(d, 0.0), walk.total))
        if not sloped:
            t = np.array([1.0, 0.0])
        n = np.array([-t[1], t[0]])
        if outline == "circle":
            sp = Subpath(tuple(origin))
            sp.segs.append(("E", tuple(origin), tuple(0.5 * w * t), tuple(0.5 * h * n)))
        else:
            corners = [tuple(origin + x * w * t + y * h * n) for x, y in outline]
            sp = Subpath(corners[0])
            for a, b in zip(corners, corners[1:] + corners[:1]):
                sp.segs.append(("L", a, b))
        sp.closed = True
        out.append(sp)
    return out
