"""TikZ coordinates: cartesian, polar, named nodes and anchors, calc, perpendicular.

:func:`evaluate_coordinate` turns the text inside ``( ... )`` into a canvas
point (points, y up). Semantics (pgf manual, "Specifying Coordinates"):

- ``(x, y)``: a component with a unit is a canvas length, one without is a
  multiple of the x (or y) unit vector; the current transformation applies;
- ``(a:r)`` polar, ``(a:rx and ry)`` elliptical polar;
- ``(x, y, z)`` uses the z vector (default (-3.85 mm, -3.85 mm));
- ``(A)``, ``(A.north)``, ``(A.30)``: node anchors are absolute canvas points
  (pgf inverts the current transformation when it reads them);
- ``(A |- B)``, ``(A -| B)``: perpendicular coordinates;
- ``$...$``: calc (``2*(A)-(B)``, ``(A)!0.5!(B)``, ``(A)!1cm!(B)``,
  ``(A)!0.5!30:(B)``, projections ``(A)!(P)!(B)``), computed on canvas points;
- ``intersection of A--B and C--D``, ``intersection-2 of p1 and p2``
  (the latter via ``name intersections``), ``canvas cs:``, ``xyz cs:``,
  ``polar cs:``, ``node cs:``; inside a pgfplots axis ``axis cs:``, ``rel axis cs:``,
  ``axis direction cs:`` (a vector of data units) and ``axis description cs:`` (fractions
  of the drawn box).

Relative coordinates (``+``/``++``) use the linear part of the transform only.
"""

from __future__ import annotations

import dataclasses

import math
import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.pgfmath import whole
from geoverify.frontends.tikz.splitting import split_top_level

__all__ = ["CoordResult", "evaluate_coordinate", "split_top_comma"]

_NODE_ANCHORS = ("north east", "north west", "south east", "south west", "base west", "base east",
                 "mid west", "mid east", "north", "south", "east", "west", "center", "base", "mid", "text")


class CoordResult:
    """A coordinate's canvas point and, for a bare node name, the node (for border points)."""

    __slots__ = ("point", "node")

    def __init__(self, point, node: Node | None = None):
        self.point = point
        self.node = node


def split_top_comma(s: str, sep: str = ",") -> list[str]:
    """Parts of ``s`` between top-level separators (see :func:`split_top_level`)."""
    return split_top_level(s, sep)


def _strip_braces(s: str) -> str:
    s = s.strip()
    while len(s) >= 2 and s[0] == "{" and s[-1] == "}":
        depth = 0
        ok = True
        for i, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0 and i != len(s) - 1:
                    ok = False
                    break
        if not ok:
            break
        s = s[1:-1].strip()
    return s


_BRACKETS = "{[()]}"


def _top_index(s: str, token: str, start: int = 0) -> int:
    j = s.find(token, start)
    if j < 0:
        return -1
    if token and token[0] not in _BRACKETS and not any(b in s[start:j] for b in _BRACKETS):
        return j  # no bracket before the first occurrence: it is at the top level
    depth = 0
    i = start
    n = len(token)
    while i < len(s):
        ch = s[i]
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif depth == 0 and s.startswith(token, i):
            return i
        i += 1
    return -1


def evaluate_coordinate(interp, text: str, st: dict, relative: bool = False) -> CoordResult:
    """Canvas point of the coordinate ``text`` (the inside of its parentheses).

    Parameters
    ----------
    interp
        The interpreter: provides ``nodes`` (name -> Node), ``number(text, st)``,
        ``named_paths`` and ``note``.
    st : dict
        Graphic state (``ctm``, ``xvec``, ``yvec``, ``zvec``).
    relative : bool
        Apply only the linear part of the transformation (``+``/``++`` coordinates).
    """
    s = text.strip()
    if s.startswith("["):  # coordinate options: ([xshift=1cm]A)
        close = _matching(s, 0, "[", "]")
        opts = s[1:close]
        s = s[close + 1:].strip()
        # the options' own transformation; it also moves named points (nodes are canvas points)
        local = dict(st)
        local["ctm"] = G.IDENTITY
        interp.apply_options(local, opts)
        extra = local["ctm"]
        base_ctm = st["ctm"]
        local["ctm"] = G.compose(base_ctm, extra)
        st = local
        if relative and (extra[4] or extra[5]) and not _looks_named(s):
            # +([shift=(135:5pt)] 30:2cm): the options' shift is part of the relative vector
            res = evaluate_coordinate(interp, s, st, relative=True)
            dx, dy = G.apply_linear(base_ctm, (extra[4], extra[5]))
            return CoordResult((res.point[0] + dx, res.point[1] + dy))
        if extra != G.IDENTITY and _looks_named(s):
            res = _named(interp, s, st)
            moved = G.apply(extra, res.point)
            if res.node is None:
                return CoordResult(moved)
            # a node without an anchor keeps its border (a line ends on the node itself),
            # but the moved centre is the point the other end aims at
            return CoordResult(moved, dataclasses.replace(res.node, extra={**res.node.extra, "ref": moved}))
    if s.startswith("$") and s.endswith("$"):
        return CoordResult(_calc(interp, s[1:-1], st))
    if len(s) > 1 and s[0] == "{" and s[-1] == "}":
        s = _strip_braces(s)
    if " cs" in s:  # (both patterns need it: most coordinates skip them)
        m = _TICKLABEL_CS.match(s) or _EXPLICIT_CS.match(s)
        if m:
            return _explicit_cs(interp, m.group(1), m.group(2), st, relative)
    if "intersection " in s:  # tikz.code.tex tests for "intersection " (a space): (intersection-1) is a node
        return CoordResult(_intersection(interp, s, st))
    # perpendicular: (A |- B), (A -| B)
    for op in ("|-", "-|") if "|" in s else ():
        k = _top_index(s, op)
        if k > 0:
            a = evaluate_coordinate(interp, _paren_inner(s[:k]), st).point
            b = evaluate_coordinate(interp, _paren_inner(s[k + 2:]), st).point
            if st["ctm"][1] == 0.0 and st["ctm"][2] == 0.0:  # axes stay axes: canvas parts are the same
                return CoordResult((a[0], b[1]) if op == "|-" else (b[0], a[1]))
            # TikZ combines the points as scanned, before the transformation (a rotated or
            # slanted canvas takes its parts along the transformed axes)
            inv = G.invert(st["ctm"])
            a, b = G.apply(inv, a), G.apply(inv, b)
            return CoordResult(G.apply(st["ctm"], (a[0], b[1]) if op == "|-" else (b[0], a[1])))
    parts = split_top_comma(s)
    if len(parts) in (2, 3):
        return CoordResult(_cartesian(interp, parts, st, relative))
    k = _top_index(s, ":")
    if k >= 0:
        return CoordResult(_polar(interp, s[:k], s[k + 1:], st, relative))
    return _named(interp, s, st)


#: pgfplots' ``xticklabel cs:`` (outside the tick labels), then the other explicit coordinate systems
_TICKLABEL_CS = re.compile(r"^([xyz]ticklabel) cs\s*:(.*)$", re.S)
_EXPLICIT_CS = re.compile(
    r"^(canvas|xyz|xyz cylindrical|xyz spherical|tpp|three point perspective|canvas polar|xyz polar|xy polar|polar|"
    r"tangent|node|intersection|perpendicular|barycentric|axis|rel axis|axis direction|"
    r"axis description|[xyz]ticklabel\*) cs\s*:(.*)$", re.S)


def _looks_named(s: str) -> bool:
    """A node or coordinate name (with an optional anchor), not a calculation or numbers."""
    return bool(s) and s[0] not in "$({" and "," not in s and ":" not in s and "|" not in s \
        and not s.startswith("intersection")


def _matching(s: str, i: int, open_: str, close: str) -> int:
    depth = 0
    for j in range(i, len(s)):
        if s[j] == open_:
            depth += 1
        elif s[j] == close:
            depth -= 1
            if depth == 0:
                return j
    raise FigureSyntaxError(f"'{open_}' is never closed in coordinate '({s})'")


def _paren_inner(s: str) -> str:
    s = s.strip()
    if s.startswith("(") and s.endswith(")"):
        return s[1:-1]
    return s


def _cartesian(interp, parts, st, relative):
    xv, yv = st["xvec"], st["yvec"]
    x = y = 0.0
    logs = None if relative else st.get("axis_log")  # axis cs of a pgfplots log axis (compat >= 1.11)
    for text, vec, axis in zip(parts, (xv, yv, st["zvec"]), (0, 1, 2)):
        r = interp.number(_strip_braces(text), st)
        if r.units:
            if axis == 0:
                cx, cy = r.value, 0.0
            elif axis == 1:
                cx, cy = 0.0, r.value
            else:
                cx, cy = (r.value * vec[0] / max(math.hypot(*vec), 1e-12),
                          r.value * vec[1] / max(math.hypot(*vec), 1e-12))
        else:
            v = r.value
            if logs and axis < 2 and logs[axis]:
                if not v > 0:
                    raise FigureSyntaxError(f"coordinate {v} on a log axis (its logarithm is undefined)")
                v = math.log10(v)
            cx, cy = v * vec[0], v * vec[1]
        x += cx  # (the components' sum, in their order)
        y += cy
    return G.apply_linear(st["ctm"], (x, y)) if relative else G.apply(st["ctm"], (x, y))


#: Direction names a polar coordinate's angle may be (``(right:3)``; tikz.code.tex, ``\tikz@polar@dir@...``).
_POLAR_DIRECTIONS = {"up": 90.0, "down": -90.0, "left": 180.0, "right": 0.0, "north": 90.0, "south": -90.0,
                     "east": 0.0, "west": 180.0, "north east": 45.0, "north west": 135.0, "south east": -45.0,
                     "south west": -135.0}


def _polar(interp, a_text, r_text, st, relative):
    a_text = _strip_braces(a_text)
    ang = _POLAR_DIRECTIONS.get(a_text)
    if ang is None:
        ang = interp.number(a_text, st).value
    r_text = _strip_braces(r_text)
    if not math.isfinite(ang):
        raise FigureSyntaxError(f"the angle '{a_text}' of a polar coordinate is not a finite number (too large?)")
    c, s = math.cos(math.radians(ang)), math.sin(math.radians(ang))
    k = _top_index(r_text, " and ")
    if k >= 0:
        rx = interp.number(_strip_braces(r_text[:k]), st)
        ry = interp.number(_strip_braces(r_text[k + 5:]), st)
    else:
        rx = ry = interp.number(r_text, st)
    xv, yv = st["xvec"], st["yvec"]
    x = rx.value * c if rx.units else 0.0
    y = ry.value * s if ry.units else 0.0
    vx = (0.0, 0.0) if rx.units else (rx.value * c * xv[0], rx.value * c * xv[1])
    vy = (0.0, 0.0) if ry.units else (ry.value * s * yv[0], ry.value * s * yv[1])
    p = (x + vx[0] + vy[0], y + vx[1] + vy[1])
    return G.apply_linear(st["ctm"], p) if relative else G.apply(st["ctm"], p)


def _named(interp, s: str, st: dict | None = None) -> CoordResult:
    if st is not None and (st.get("name_prefix") or st.get("name_suffix")):
        # tikz's \tikz@pp@name: a scope's name prefix/suffix is tried first, then the plain name
        name, dot, anchor = s.rpartition(".") if "." in s and s not in interp.nodes else (s, "", "")
        full = st.get("name_prefix", "") + name.strip() + st.get("name_suffix", "")
        if full in interp.nodes:
            return _named(interp, full + dot + anchor)
    if s.startswith("current bounding box") and "current bounding box" not in interp.nodes:
        from geoverify.frontends.tikz.bounding import current_bounding_box
        box = current_bounding_box(interp)  # the picture's box as it stands now
        if box is not None:
            interp.nodes = {**interp.nodes, "current bounding box": box}
            try:
                return _named(interp, s)
            finally:
                interp.nodes = {k: v for k, v in interp.nodes.items() if k != "current bounding box"}
    node = interp.nodes.get(s)
    if node is not None:
        if node.shape == "coordinate":
            return CoordResult(node.center)
        return CoordResult(node.ref_point, node)
    k = s.rfind(".")
    if k > 0:
        name, anchor = s[:k].strip(), s[k + 1:].strip()
        node = interp.nodes.get(name)
        if node is not None:
            try:
                return CoordResult(node.anchor(anchor))
            except KeyError:
                interp.note("UNSUPPORTED", f"unknown anchor '{anchor}' of node '{name}'; its centre is used", "anchor")
                return CoordResult(node.center)
    raise FigureSyntaxError(f"no node or coordinate named '{s}' (define it with \\coordinate or \\node first)")


def _explicit_cs(interp, kind, body, st, relative):
    from geoverify.frontends.tikz.options import split_options
    kv = dict(split_options(body))
    if kind == "canvas":
        x = interp.number(kv.get("x", "0pt"), st)
        y = interp.number(kv.get("y", "0pt"), st)
        p = (x.value, y.value)
        return CoordResult(G.apply_linear(st["ctm"], p) if relative else G.apply(st["ctm"], p))
    if kind in ("axis", "rel axis", "axis direction"):  # where bare coordinates are not axis cs (after end axis)
        st = getattr(interp, "axis_cs_state", None) or st
    if kind == "axis":  # inside an axis the x/y vectors and the transform are the data map
        parts = split_top_comma(body)
        if "=" not in body and len(parts) in (2, 3):
            return CoordResult(_cartesian(interp, parts, st, relative))
        return CoordResult(_cartesian(interp, [kv.get("x", "0"), kv.get("y", "0")], st, relative))
    if kind == "axis direction":
        # pgfplots' axis direction cs: the vector of the data values (no shift to the axis'
        # origin, no logarithm), added to the picture's origin when used as a point
        if getattr(interp, "axis_box", None) is None:
            raise FigureSyntaxError("'axis direction cs' outside an axis")
        parts = split_top_comma(body) if "=" not in body else [kv.get("x", "0"), kv.get("y", "0")]
        v = _cartesian(interp, parts, st, True)
        if relative:
            return CoordResult(v)
        o = getattr(interp, "axis_picture_origin", None) or (0.0, 0.0)
        return CoordResult((o[0] + v[0], o[1] + v[1]))
    if kind == "rel axis":
        box = getattr(interp, "axis_box", None)
        if box is None:
            raise FigureSyntaxError("'rel axis cs' outside an axis")
        parts = split_top_comma(body) if "=" not in body else [kv.get("x", "0"), kv.get("y", "0")] + (
            [kv["z"]] if "z" in kv else [])
        # box: (xmin, xmax, ymin, ymax[, zmin, zmax]) of the axis (3D axes give z too)
        fr = [interp.number(_strip_braces(p), st).value for p in parts[:len(box) // 2]]
        vals = [repr(box[2 * i] + f * (box[2 * i + 1] - box[2 * i])) for i, f in enumerate(fr)]
        return CoordResult(_cartesian(interp, vals, st, relative))
    if kind == "axis description":
        # pgfplots' axis description cs: fractions of the axis box as drawn, (0,0) its lower
        # left corner (canvas origin and side vectors, set while an axis is drawn)
        frame = getattr(interp, "axis_description", None)
        if frame is None:
            raise FigureSyntaxError("'axis description cs' outside a 2D axis")
        parts = split_top_comma(body) if "=" not in body else [kv.get("x", "0"), kv.get("y", "0")]
        if len(parts) != 2:
            raise FigureSyntaxError(f"cannot read 'axis description cs:{body}'")
        fx, fy = (interp.number(_strip_braces(v), st).value for v in parts)
        (ox, oy), (ux, uy), (vx, vy) = frame
        q = (ox + fx * ux + fy * vx, oy + fx * uy + fy * vy)
        return CoordResult((fx * ux + fy * vx, fx * uy + fy * vy) if relative else q)
    if kind in ("xticklabel*", "yticklabel*", "zticklabel*", "xticklabel", "yticklabel", "zticklabel"):
        # pgfplots' xticklabel* cs:a[,d]: the point at fraction a along the axis line that holds
        # the tick labels, d (pt) along its outer normal (set while a 2D axis is drawn);
        # xticklabel cs:a[,d] adds the largest distance of a tick label's far edge from that line
        frame = (getattr(interp, "ticklabel_frames", None) or {}).get(kind[0])
        if frame is None:
            raise FigureSyntaxError(f"'{kind} cs' outside a 2D axis with its tick labels on the box")
        parts = split_top_comma(body)
        if len(parts) not in (1, 2):
            raise FigureSyntaxError(f"cannot read '{kind} cs:{body}'")
        a = interp.number(_strip_braces(parts[0]), st).value
        d = interp.number(_strip_braces(parts[1]), st).value if len(parts) == 2 else 0.0
        if not kind.endswith("*"):
            d += (getattr(interp, "ticklabel_extents", None) or {}).get(kind[0], 0.0)
        (ox, oy), (ux, uy), (nx, ny) = frame
        v = (a * ux + d * nx, a * uy + d * ny)
        return CoordResult(v if relative else (ox + v[0], oy + v[1]))
    if kind == "xyz":
        return CoordResult(_cartesian(interp, [kv.get("x", "0"), kv.get("y", "0"), kv.get("z", "0")], st, relative))
    if kind in ("xyz cylindrical", "xyz spherical"):  # the 3d library (threed.py)
        from geoverify.frontends.tikz.threed import cylindrical_point, spherical_point
        num = {k: interp.number(_strip_braces(v), st).value for k, v in kv.items() if v is not None}
        angle = num.get("longitude", num.get("angle", 0.0))  # longitude stores in the angle
        if kind == "xyz cylindrical":
            p = cylindrical_point(st, angle, num.get("radius", 0.0), num.get("z", 0.0))
        else:
            p = spherical_point(st, angle, num.get("latitude", 0.0), num.get("radius", 0.0))
        return CoordResult(G.apply_linear(st["ctm"], p) if relative else G.apply(st["ctm"], p))
    if kind in ("tpp", "three point perspective"):  # the perspective library (perspective.py)
        from geoverify.frontends.tikz.perspective import perspective_point
        x, y, z = (interp.number(_strip_braces(kv.get(a) or "0"), st).value for a in "xyz")
        p = perspective_point(st, x, y, z)
        return CoordResult(G.apply_linear(st["ctm"], p) if relative else G.apply(st["ctm"], p))
    if kind in ("xyz polar", "xy polar"):  # \pgfpointpolarxy: the radii count in the x and y vectors
        r = kv.get("radius", "0")
        a = math.radians(interp.number(_strip_braces(kv.get("angle", "0")), st).value)
        rx = interp.number(_strip_braces(kv.get("x radius", r)), st).value * math.cos(a)
        ry = interp.number(_strip_braces(kv.get("y radius", r)), st).value * math.sin(a)
        xv, yv = st["xvec"], st["yvec"]
        p = (rx * xv[0] + ry * yv[0], rx * xv[1] + ry * yv[1])
        return CoordResult(G.apply_linear(st["ctm"], p) if relative else G.apply(st["ctm"], p))
    if kind == "tangent":
        return CoordResult(_tangent(interp, kv, st))
    if kind in ("polar", "canvas polar"):
        r = kv.get("radius", "0")
        return CoordResult(_polar(interp, kv.get("angle", "0"), r, st, relative))
    if kind == "node":
        node = interp.nodes.get(kv.get("name", "").strip())
        if node is None:
            raise FigureSyntaxError(f"no node named '{kv.get('name')}'")
        if "anchor" in kv:
            return CoordResult(node.anchor(kv["anchor"]))
        if "angle" in kv:
            return CoordResult(node.border_at_angle(interp.number(kv["angle"], st).value))
        return CoordResult(node.ref_point, node)
    if kind == "intersection":  # intersection cs: first line={(a)--(b)}, second line={(c)--(d)}
        ends = []
        for key in ("first line", "second line"):
            spec = _strip_braces(kv.get(key) or "")
            if "--" not in spec:
                raise FigureSyntaxError(f"intersection cs needs {key}={{(a)--(b)}}, got '{spec}'")
            ends += [evaluate_coordinate(interp, _paren_inner(x.strip()), st).point for x in spec.split("--", 1)]
        p = G.line_intersection(*ends)
        if p is None:
            raise FigureSyntaxError(f"the lines of 'intersection cs:{body}' are parallel")
        return CoordResult(p)
    if kind == "barycentric":  # weighted mean of named points: "a=1,b=2"
        total, x, y = 0.0, 0.0, 0.0
        for name, w in split_options(body):
            q = _named(interp, name.strip()).point
            wv = interp.number(w or "1", st).value
            total += wv
            x, y = x + wv * q[0], y + wv * q[1]
        if total == 0:
            raise FigureSyntaxError("barycentric cs: the weights add up to zero")
        return CoordResult((x / total, y / total))
    raise FigureSyntaxError(f"coordinate system '{kind} cs' is not interpreted")


def _tangent(interp, kv, st):
    """calc's ``tangent cs:node=c,point={(p)},solution=k``: where the tangent from p touches the
    circle node c (its radius is the east anchor's distance); a coordinate node is its own point."""
    name = (kv.get("node") or "").strip()
    node = interp.nodes.get(name)
    if node is None:
        raise FigureSyntaxError(f"tangent cs: no node named '{name}'")
    if node.shape == "coordinate":
        return node.center
    if node.shape != "circle":
        raise FigureSyntaxError(f"tangent cs: the tangent to a {node.shape} node is not interpreted")
    p = evaluate_coordinate(interp, _paren_inner(_strip_braces(kv.get("point") or "(0,0)")), st).point
    c = node.center
    r = math.hypot(node.anchor("east")[0] - c[0], node.anchor("east")[1] - c[1])
    dx, dy = p[0] - c[0], p[1] - c[1]
    d = math.hypot(dx, dy)
    if d < r:
        raise FigureSyntaxError("tangent cs: the point lies inside the circle")
    a = math.acos(r / d) * (-1 if whole(interp.number(kv.get("solution") or "1", st).value) > 1 else 1)
    base = math.atan2(dy, dx) + a
    return (c[0] + r * math.cos(base), c[1] + r * math.sin(base))


def _intersection(interp, s, st):
    m = re.match(r"^intersection\s*(?:-?\s*(\d+))?\s+of\s+(.+?)\s+and\s+(.+)$", s, re.S)
    if not m:
        raise FigureSyntaxError(f"cannot read intersection coordinate '({s})'")
    idx = int(m.group(1) or 1)
    a, b = m.group(2).strip(), m.group(3).strip()
    if "--" in a and "--" in b:
        a1, a2 = (evaluate_coordinate(interp, _paren_inner(x), st).point for x in a.split("--", 1))
        b1, b2 = (evaluate_coordinate(interp, _paren_inner(x), st).point for x in b.split("--", 1))
        p = G.line_intersection(a1, a2, b1, b2)
        if p is None:
            raise FigureSyntaxError(f"lines in '({s})' are parallel")
        return p
    pts = interp.path_intersections(a, b)
    if len(pts) < idx:
        raise FigureSyntaxError(f"paths '{a}' and '{b}' have {len(pts)} intersections; #{idx} was asked for")
    return pts[idx - 1][:2]


# -- calc ------------------------------------------------------------------

class _Scanner:
    __slots__ = ("s", "i")

    def __init__(self, s):
        self.s = s
        self.i = 0

    def skip(self):
        while self.i < len(self.s) and self.s[self.i] in " \t\n":
            self.i += 1

    def peek(self):
        self.skip()
        return self.s[self.i] if self.i < len(self.s) else ""

    def group(self, open_, close):
        """Balanced ``open_ ... close`` at the cursor; returns the inside."""
        assert self.s[self.i] == open_
        depth = 0
        for j in range(self.i, len(self.s)):
            ch = self.s[j]
            if ch in "({[":
                depth += 1
            elif ch in ")}]":
                depth -= 1
                if depth == 0:
                    inner = self.s[self.i + 1:j]
                    self.i = j + 1
                    return inner
        raise FigureSyntaxError(f"unbalanced '{open_}' in calc expression '${self.s}$'")

    def until(self, chars):
        j = self.i
        depth = 0
        while j < len(self.s):
            ch = self.s[j]
            if ch in "({[":
                depth += 1
            elif ch in ")}]":
                depth -= 1
            elif depth == 0 and ch in chars:
                break
            j += 1
        out = self.s[self.i:j]
        self.i = j
        return out


def _calc(interp, text, st):
    sc = _Scanner(text)
    total = None
    sign = 1.0
    while True:
        ch = sc.peek()
        if ch == "":
            break
        if ch in "+-" and total is not None or (ch in "+-" and total is None):
            sign = -1.0 if ch == "-" else 1.0
            sc.i += 1
            ch = sc.peek()
        p = _calc_term(interp, sc, st)
        total = (sign * p[0], sign * p[1]) if total is None else (total[0] + sign * p[0], total[1] + sign * p[1])
        sign = 1.0
        ch = sc.peek()
        if ch == "":
            break
        if ch not in "+-":
            raise FigureSyntaxError(f"cannot read calc expression '${text}$' at '{text[sc.i:]}'")
    if total is None:
        raise FigureSyntaxError("empty calc expression '$$'")
    return total


def _calc_term(interp, sc, st):
    factor = 1.0
    ch = sc.peek()
    if ch != "(":
        # a factor: "2*(A)", "{cos(30)}*(A)", "cos(0)*sin(90)*(A)" (tikz@cc@parse@factor reads up to "*(")
        k, depth = sc.i, 0
        while k < len(sc.s) and not (depth == 0 and sc.s.startswith("*(", k)):
            depth += (sc.s[k] == "{") - (sc.s[k] == "}")
            k += 1
        if k >= len(sc.s):
            raise FigureSyntaxError(f"cannot read calc term '{sc.s[sc.i:]}'")
        ftxt, sc.i = sc.s[sc.i:k], k + 1
        factor = interp.number(_strip_braces(ftxt), st).value
        sc.skip()
    p = _calc_coord(interp, sc, st)
    # modifiers: !number!(B), !number!angle:(B), !(P)!(B)
    while sc.peek() == "!":
        sc.i += 1
        if sc.peek() == "(":
            proj = evaluate_coordinate(interp, sc.group("(", ")"), st).point
            if sc.peek() != "!":
                raise FigureSyntaxError("projection modifier needs a closing '!'")
            sc.i += 1
            sc.skip()
            b = _calc_coord(interp, sc, st)
            dx, dy = b[0] - p[0], b[1] - p[1]
            dd = dx * dx + dy * dy
            t = ((proj[0] - p[0]) * dx + (proj[1] - p[1]) * dy) / dd if dd > 0 else 0.0
            p = (p[0] + t * dx, p[1] + t * dy)
            continue
        mod = sc.until("!")
        if sc.peek() != "!":
            raise FigureSyntaxError(f"partway modifier '!{mod}' needs a closing '!'")
        sc.i += 1
        angle = 0.0
        sc.skip()
        rest = sc.s[sc.i:]
        m = re.match(r"\s*([-+]?[\d.]+|\{[^{}]*\})\s*:", rest)
        if m and not rest.startswith("("):
            angle = interp.number(_strip_braces(m.group(1)), st).value
            sc.i += m.end()
            sc.skip()
        b = _calc_coord(interp, sc, st)
        r = interp.number(_strip_braces(mod), st)
        dx, dy = b[0] - p[0], b[1] - p[1]
        if angle:
            c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            dx, dy = c * dx - s * dy, s * dx + c * dy
        if r.units:
            n = math.hypot(dx, dy)
            t = r.value / n if n > 0 else 0.0
        else:
            t = r.value
        p = (p[0] + t * dx, p[1] + t * dy)
    return (factor * p[0], factor * p[1])


def _calc_coord(interp, sc, st):
    if sc.peek() != "(":
        raise FigureSyntaxError(f"calc expects a coordinate at '{sc.s[sc.i:]}'")
    inner = sc.group("(", ")")
    res = evaluate_coordinate(interp, inner, st)
    return res.point
