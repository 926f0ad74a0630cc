"""TikZ nodes as boxes: shapes, anchors and border points.

A node is its text box (from :mod:`geoverify.frontends.tikz.fonts`) grown by
``inner sep`` and the minimum sizes; its anchors lie ``outer sep`` further out.
Sizes follow pgf's shape definitions (``pgfmoduleshapes.code.tex``):

- rectangle: half width ``max(w/2 + inner xsep, min width/2)``, half height
  ``max((h + d)/2 + inner ysep, min height/2)``; centre in the middle of the box,
  the baseline ``(h - d)/2`` below the centre;
- circle: radius ``max(veclen(w/2 + inner xsep, (h + d)/2 + inner ysep),
  min width/2, min height/2)``;
- ellipse: the circle's construction with the half axes scaled by sqrt(2);
- coordinate: a point (every anchor is the centre);
- polygon: a ``shapes.geometric`` polygon (``extra["poly"]``, built by
  :mod:`geoverify.frontends.tikz.geoshapes`): named anchors, and borders where a
  ray from the centre leaves the corners pushed out by the outer sep.

All lengths are TeX points; a node may be rotated by its own ``rotate`` key
(``angle`` in degrees); the picture transform moves only its position unless
``transform shape`` is set (then ``angle`` and ``scale`` carry it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = ["Node", "COMPASS", "direction_angle"]

#: Compass anchors as unit directions (rectangle anchors use the box corners).
COMPASS = {
    "north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0),
    "north east": (1, 1), "north west": (-1, 1), "south east": (1, -1), "south west": (-1, -1),
}

_ANGLE_OF = {"east": 0.0, "north east": 45.0, "north": 90.0, "north west": 135.0, "west": 180.0,
             "south west": 225.0, "south": 270.0, "south east": 315.0,
             "right": 0.0, "above right": 45.0, "above": 90.0, "above left": 135.0, "left": 180.0,
             "below left": 225.0, "below": 270.0, "below right": 315.0}


#: Part names of multipart shapes (``one`` ... ``twenty``).
_PARTS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}


def direction_angle(name: str) -> float | None:
    """Angle in degrees of a compass name or placement word (``"above left"`` -> 135)."""
    return _ANGLE_OF.get(name.strip())


@dataclass
class Node:
    """A placed node.

    Parameters
    ----------
    name : str or None
    shape : str
        ``"rectangle"``, ``"circle"``, ``"ellipse"``, ``"coordinate"`` (others are
        treated as rectangles by the caller, with a diagnostic).
    center : (float, float)
        Canvas position of the centre, points.
    half_w, half_h : float
        Half sizes of the shape's path (inner sep included, outer sep not).
    outer : float
        Outer sep.
    text_height, text_depth : float
        Of the text box; the baseline is ``(text_height - text_depth) / 2`` below the centre.
    angle : float
        Rotation of the node, degrees.
    """

    name: str | None
    shape: str
    center: tuple
    half_w: float = 0.0
    half_h: float = 0.0
    outer: float = 0.0
    text_height: float = 0.0
    text_depth: float = 0.0
    angle: float = 0.0
    scale: float = 1.0
    extra: dict = field(default_factory=dict)
    origin_dy: float = 0.0  # tikz-cd's asymmetrical rectangle: centre anchor raised to the math axis

    # -- local frame -----------------------------------------------------
    def _to_canvas(self, x: float, y: float) -> tuple[float, float]:
        s = self.scale
        if self.angle:
            c, sn = math.cos(math.radians(self.angle)), math.sin(math.radians(self.angle))
            x, y = c * x - sn * y, sn * x + c * y
        return (self.center[0] + s * x, self.center[1] + s * y)

    def text_to_canvas(self, x: float, y: float) -> tuple[float, float]:
        """A point of the node's text (its own frame) on the canvas: as :meth:`_to_canvas`, or by the
        whole linear map of a node that ``transform shape`` slants (``extra["linear"]``: its text is
        slanted; its shape is drawn turned and scaled only)."""
        lin = self.extra.get("linear")
        if lin is None:
            return self._to_canvas(x, y)
        return (self.center[0] + lin[0] * x + lin[2] * y, self.center[1] + lin[1] * x + lin[3] * y)

    def _dir_local(self, vx: float, vy: float) -> tuple[float, float]:
        if self.angle:
            c, sn = math.cos(math.radians(-self.angle)), math.sin(math.radians(-self.angle))
            vx, vy = c * vx - sn * vy, sn * vx + c * vy
        return vx, vy

    # -- anchors --------------------------------------------------------
    def _border_local(self, dx: float, dy: float, outer: bool = True) -> tuple[float, float]:
        """Point of the border (plus outer sep) in local direction (dx, dy)."""
        if self.shape == "coordinate" or (dx == 0 and dy == 0) or self.extra.get("border_is_center"):
            return (0.0, 0.0)  # (a shape without \anchorborder: pgf's border is its centre)
        o = self.outer if outer else 0.0
        if self.shape == "polygon":  # shapes.geometric (geoshapes): the ray leaves the corners' polygon
            from geoverify.frontends.tikz.geoshapes import ray_exit
            if outer and "border_at" in self.extra["poly"]:  # a shape's own \anchorborder (symbolshapes)
                return self.extra["poly"]["border_at"](dx, dy)
            return ray_exit(self.extra["poly"]["border" if outer else "path"], dx, dy)
        if self.origin_dy and self.shape == "rectangle":
            oy = self.origin_dy
            hw, hh = self.half_w + o, self.half_h + o
            tx = hw / abs(dx) if dx else math.inf
            ty = ((hh - oy) / dy if dy > 0 else (hh + oy) / -dy) if dy else math.inf
            t = min(tx, ty)
            return (dx * t, oy + dy * t)
        if self.shape == "circle":
            r = self.half_w + o
            n = math.hypot(dx, dy)
            return (r * dx / n, r * dy / n)
        if self.shape == "ellipse":
            a, b = self.half_w + o, self.half_h + o
            t = 1.0 / math.sqrt((dx / a) ** 2 + (dy / b) ** 2) if a > 0 and b > 0 else 0.0
            return (dx * t, dy * t)
        hw, hh = self.half_w + o, self.half_h + o
        tx = hw / abs(dx) if dx else math.inf
        ty = hh / abs(dy) if dy else math.inf
        t = min(tx, ty)
        return (dx * t, dy * t)

    def anchor(self, name: str) -> tuple[float, float]:
        """Canvas point of an anchor: compass names, ``center``, ``base``, ``mid``,
        ``text``, ``base west`` ..., or an angle in degrees (``"30"``)."""
        name = name.strip()
        own = self.extra.get("shape_anchors")  # a shape's own named anchors (tqft_nodes)
        if own is not None and name in own:
            return self._to_canvas(*own[name])
        if self.shape == "coordinate":
            return self.center
        named = self.extra.get("anchors")
        if named is not None and name.split(" ")[0] in _PARTS:
            # a shape's own anchors (rectangle split parts); one it does not define falls
            # back to the shape's anchor of that side, as pgf's multipart shapes do
            if name in named:
                return self._to_canvas(*named[name])
            rest = [w for w in name.split(" ")[1:] if w != "split"]
            name = " ".join(rest) or "center"
        poly = self.extra.get("poly")
        if poly is not None and name in poly["anchors"]:
            return self._to_canvas(*poly["anchors"][name])
        if name in ("center", ""):
            return self._to_canvas(0.0, self.origin_dy) if self.origin_dy else self.center
        hw, hh, o = self.half_w, self.half_h, self.outer
        compass = COMPASS.get(name)  # (the commonest names after the centre; none is a base or mid name)
        if compass is not None:
            dx, dy = compass
            if self.shape == "polygon":
                return self._to_canvas(*self._border_local(dx, dy))
            if self.shape == "rectangle":
                return self._to_canvas(dx * (hw + o), dy * (hh + o))
            if self.shape == "circle":
                r = hw + o
                n = math.hypot(dx, dy)
                return self._to_canvas(r * dx / n, r * dy / n)
            if self.shape == "ellipse":
                a, b = hw + o, hh + o
                n = math.hypot(dx, dy)
                return self._to_canvas(a * dx / n, b * dy / n)
            # other shapes built on the rectangle (cross out, strike out: pgf inherits its anchors)
            return self._to_canvas(dx * (hw + o), dy * (hh + o))
        elif name in ("base", "mid", "base west", "base east", "mid west", "mid east", "text"):
            base_y = -(self.text_height - self.text_depth) / 2.0
            y = base_y if name.startswith("base") or name == "text" else base_y + 0.5 * 4.30554
            x = 0.0
            if poly is not None and name.endswith(("west", "east")):  # along the line through base/mid
                from geoverify.frontends.tikz.geoshapes import ray_exit
                x = ray_exit(poly["border"], -1.0 if name.endswith("west") else 1.0, 0.0, (0.0, y))[0]
                return self._to_canvas(x, y)
            if name.endswith("west"):
                x = -(hw + o) if self.shape == "rectangle" else -(hw + o)
            elif name.endswith("east"):
                x = hw + o
            elif name == "text":
                x = -(hw - self.extra.get("inner_xsep", 0.0))
            return self._to_canvas(x, y)
        try:
            ang = float(name)
        except ValueError:
            raise KeyError(name) from None
        return self.border_at_angle(ang)

    def border_at_angle(self, deg: float) -> tuple[float, float]:
        """Border point (outer sep included) in the direction ``deg`` from the centre,
        the angle measured in the node's own frame (pgf's numeric anchors)."""
        dx, dy = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        x, y = self._border_local(dx, dy)
        return self._to_canvas(x, y)

    @property
    def ref_point(self) -> tuple[float, float]:
        """The point a bare ``(name)`` refers to: the centre anchor (or, for a node named
        with a transformation, ``([xshift=1em]A)``, the moved centre in ``extra["ref"]``)."""
        if "ref" in self.extra:
            return self.extra["ref"]
        return self.anchor("center") if self.origin_dy else self.center

    def border_toward(self, p) -> tuple[float, float]:
        """Border point (outer sep included) on the ray from the centre to canvas point ``p``."""
        if self.shape == "coordinate":
            return self.center
        o = self.anchor("center")
        vx, vy = p[0] - o[0], p[1] - o[1]
        if math.hypot(vx, vy) < 1e-9:
            return o
        lx, ly = self._dir_local(vx, vy)
        x, y = self._border_local(lx, ly)
        return self._to_canvas(x / self.scale * self.scale, y)

    def outline_points(self) -> list[tuple[float, float]]:
        """Corners of a rectangle node's drawn path (outer sep excluded), counter-clockwise."""
        hw, hh = self.half_w, self.half_h
        if self.angle:
            return [self._to_canvas(-hw, -hh), self._to_canvas(hw, -hh), self._to_canvas(hw, hh),
                    self._to_canvas(-hw, hh)]
        # an unturned node (most): :meth:`_to_canvas` written out, the same arithmetic
        s, (cx, cy) = self.scale, self.center
        x0, x1, y0, y1 = cx + s * -hw, cx + s * hw, cy + s * -hh, cy + s * hh
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    def text_box(self, width: float, dx: float = 0.0) -> tuple[float, float, float, float]:
        """Canvas bounding box of the text (``xmin, ymin, xmax, ymax``).

        The box is the measured text on the node's baseline, ``width`` wide and its
        centre ``dx`` right of the node's; ``text height`` and ``text depth`` move that
        baseline (they size the shape), not the ink.
        """
        h, d = self.text_height, self.text_depth
        base = -(h - d) / 2.0
        ink_h, ink_d = self.extra.get("ink", (h, d))
        x0, x1 = dx + -1 * width / 2.0, dx + 1 * width / 2.0
        y0, y1 = base + -ink_d, base + ink_h
        if not self.angle and "linear" not in self.extra:
            # an unturned node (most): :meth:`text_to_canvas` written out, the same arithmetic;
            # its box is spanned by two opposite corners (``scale`` may be 0, width below 0)
            s, (cx, cy) = self.scale, self.center
            xa, xb, ya, yb = cx + s * x0, cx + s * x1, cy + s * y0, cy + s * y1
            return (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
        corners = [self.text_to_canvas(x, y) for x in (x0, x1) for y in (y0, y1)]
        xs = [c[0] for c in corners]
        ys = [c[1] for c in corners]
        return (min(xs), min(ys), max(xs), max(ys))
