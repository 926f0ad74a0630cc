"""tkz-euclide's constructions: points defined from other points.

Every construction computes on canvas points, as the package does with
``\\pgfpointanchor`` (``tkz-obj-eu-points-*.tex``, ``tkz-obj-eu-lines.tex``,
``tkz-tools-eu-intersections.tex``, ``tkz-obj-eu-triangles.tex``,
``tkz-obj-eu-circles.tex``), and names its results ``tkzPointResult`` (or
``tkzFirstPointResult`` / ``tkzSecondPointResult``) for ``\\tkzGetPoint(s)``:

- ``\\tkzDefMidPoint(A,B)``, ``\\tkzDefBarycentricPoint(A=a,B=b)``, ``\\tkzCentroid``,
  ``\\tkzCircumCenter``, ``\\tkzInCenter``, ``\\tkzOrthoCenter``, ``\\tkzDefTriangleCenter``;
- ``\\tkzDefPointBy[translation=from A to B | homothety=center O ratio k |
  reflection=over A--B | symmetry=center O | projection=onto A--B |
  rotation=center O angle a | rotation in rad=... | inversion=center O through A](P)``
  and ``\\tkzDefPointsBy[...](P,Q){P',Q'}`` (names default to ``P'``);
- ``\\tkzDefPointWith[colinear=at C | orthogonal | linear | orthogonal normed |
  linear normed, K=k](A,B)``: ``C + k AB``, ``A + k AB`` turned +90 degrees, ``A + k AB``,
  and the normed ones with ``k`` cm along the unit vector;
- ``\\tkzDefLine[mediator | perpendicular=through C | orthogonal=through C |
  parallel=through C | bisector | bisector out, K=k](A,B[,C])``: the mediator's
  two points are the apexes of the equilateral triangles on AB and BA;
- ``\\tkzInterLL(A,B)(C,D)``; ``\\tkzInterLC[N | R | with nodes, near, common=P](A,B)(O,C)``;
  ``\\tkzInterCC[N | R | with nodes, common=P](O,A)(O',B)``, with the package's
  order of the two results (first the one seeing the centre on its left);
- ``\\tkzDefTriangle[equilateral | two angles=a and b | isosceles right | half |
  pythagore | school | gold | euclid | golden | cheops, swap](A,B)``;
- ``\\tkzDefCircle[R | diameter | circum | in | euler](..)``: centre in
  ``tkzPointResult`` and radius in ``\\tkzLengthResult`` (cm);
  ``\\tkzCalcLength[cm](A,B)``; ``\\tkzDuplicateSegment(A,B)(C,D)``.
"""

from __future__ import annotations

import math
import re

from geoverify.errors import FigureSyntaxError, UnsupportedConstructError
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.tkz_base import (CM, point, read_group, read_optional, read_paren, set_length,
                                               set_point, split_points, tkz_options)

__all__ = ["HANDLERS", "rotate", "inter_ll", "inter_lc", "inter_cc"]

_PHI, _INV_PHI, _SQRT_PHI, _SQRT2_2 = 1.618034, 0.618034, 1.27202, 0.7071065


# -- plane geometry on canvas points ------------------------------------------------
def _add(p, v, k=1.0):
    return (p[0] + k * v[0], p[1] + k * v[1])


def _sub(p, q):
    return (p[0] - q[0], p[1] - q[1])


def _mid(p, q):
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def _dist(p, q):
    return math.hypot(p[0] - q[0], p[1] - q[1])


def _orth(v):
    return (-v[1], v[0])


def _unit(v):
    n = math.hypot(*v)
    if n == 0:
        raise FigureSyntaxError("a tkz construction needs two distinct points")
    return (v[0] / n, v[1] / n)


def rotate(p, centre, degrees: float):
    """``p`` turned about ``centre`` counter-clockwise by ``degrees``."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    dx, dy = p[0] - centre[0], p[1] - centre[1]
    return (centre[0] + c * dx - s * dy, centre[1] + s * dx + c * dy)


def inter_ll(a, b, c, d):
    """Intersection of the lines AB and CD."""
    r, s = _sub(b, a), _sub(d, c)
    den = r[0] * s[1] - r[1] * s[0]
    if abs(den) < 1e-12 * max(1.0, math.hypot(*r) * math.hypot(*s)):
        raise FigureSyntaxError("\\tkzInterLL: the lines are parallel")
    t = ((c[0] - a[0]) * s[1] - (c[1] - a[1]) * s[0]) / den
    return _add(a, r, t)


def _project(a, b, p):
    u = _unit(_sub(b, a))
    t = (p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1]
    return _add(a, u, t)


def _ccw_angle(vertex, p, q) -> float:
    """``\\tkzFindAngle(p,vertex,q)``: the counter-clockwise angle from ray vertex-p to ray vertex-q."""
    a1 = math.degrees(math.atan2(p[1] - vertex[1], p[0] - vertex[0])) % 360.0
    a2 = math.degrees(math.atan2(q[1] - vertex[1], q[0] - vertex[0])) % 360.0
    return (a2 - a1) % 360.0


def inter_lc(a, b, o, r):
    """``\\tkzInterLCR``: the two points where line AB meets the circle (O, r), unordered."""
    h = _project(a, b, o)
    d = _dist(o, h)
    if d < 0.05:
        second = _add(o, _unit(_sub(b, a)), r)
        return (2 * o[0] - second[0], 2 * o[1] - second[1]), second
    if d > r:
        raise FigureSyntaxError("\\tkzInterLC: the line does not meet the circle")
    ang = math.degrees(math.acos(d / r))
    x = _add(o, _unit(_sub(h, o)), r)
    return rotate(x, o, ang), rotate(x, o, -ang)


def inter_cc(o1, r1, o2, r2):
    """``\\tkzInterCCR``: the two points common to circles (O1, r1) and (O2, r2), unordered."""
    dd = _dist(o1, o2)
    if dd == 0:
        raise FigureSyntaxError("\\tkzInterCC: the circles are concentric")
    aa = (r1 + r2) / (2 * dd) * (r1 - r2) + dd / 2
    xx = o1[0] + aa / dd * (o2[0] - o1[0])
    yy = o1[1] + aa / dd * (o2[1] - o1[1])
    hh = math.sqrt(abs((r1 + aa) * (r1 - aa)))
    rx = hh / dd * (o1[1] - o2[1])
    ry = hh / dd * (o2[0] - o1[0])
    return (xx + rx, yy + ry), (xx - rx, yy - ry)


def _incenter(a, b, c):
    la, lb, lc = _dist(b, c), _dist(a, c), _dist(a, b)
    s = la + lb + lc
    return ((la * a[0] + lb * b[0] + lc * c[0]) / s, (la * a[1] + lb * b[1] + lc * c[1]) / s)


def _circumcenter(a, b, c):
    m1, m2 = _mid(a, b), _mid(a, c)
    return inter_ll(m1, _add(m1, _orth(_sub(b, a))), m2, _add(m2, _orth(_sub(c, a))))


def _orthocenter(a, b, c):
    return inter_ll(b, _project(a, c, b), c, _project(a, b, c))


def _centroid(a, b, c):
    return ((a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3)


# -- macros ----------------------------------------------------------------------------
def _points(interp, reader, tok, n: int | None = None):
    names = split_points(read_paren(interp, reader, tok[0]))
    if n is not None and len(names) != n:
        raise FigureSyntaxError(f"{tok[0]} needs {n} points, got '{','.join(names)}'", location=interp.loc)
    return names, [point(interp, x) for x in names]


def _num(interp, text: str) -> float:
    return interp.number(text, interp.st).value


def def_mid_point(interp, reader, tok) -> None:
    _, (a, b) = _points(interp, reader, tok, 2)
    set_point(interp, "tkzPointResult", _mid(a, b))


def def_barycentric(interp, reader, tok) -> None:
    items = split_options(read_paren(interp, reader, tok[0]))
    total, x, y = 0.0, 0.0, 0.0
    for name, w in items:
        k = _num(interp, w) if w else 1.0
        p = point(interp, name)
        total += k
        x, y = x + k * p[0], y + k * p[1]
    if total == 0:
        raise FigureSyntaxError(f"{tok[0]}: the weights add up to 0", location=interp.loc)
    set_point(interp, "tkzPointResult", (x / total, y / total))


_CENTRES = {"ortho": _orthocenter, "orthic": _orthocenter, "centroid": _centroid, "median": _centroid,
            "circum": _circumcenter, "in": _incenter}


def triangle_centre(interp, reader, tok) -> None:
    if tok[0] == "\\tkzDefTriangleCenter":
        opts = read_optional(interp, reader)
        kind = (split_options(opts) or [("circum", None)])[-1][0]
    else:
        kind = {"\\tkzCircumCenter": "circum", "\\tkzDefCircumCenter": "circum", "\\tkzInCenter": "in",
                "\\tkzDefInCenter": "in", "\\tkzOrthoCenter": "ortho", "\\tkzDefOrthoCenter": "ortho",
                "\\tkzCentroid": "centroid", "\\tkzBaryCenter": "centroid"}[tok[0]]
    if kind not in _CENTRES:
        _points(interp, reader, tok)
        raise _unsupported(tok[0], kind)
    _, pts = _points(interp, reader, tok, 3)
    set_point(interp, "tkzPointResult", _CENTRES[kind](*pts))


def _unsupported(macro: str, kind: str):
    return UnsupportedConstructError(f"{macro} option '{kind}' is not interpreted")


def _transform(interp, spec: str):
    """The point map of a ``\\tkzDefPointBy`` option."""
    key, val = (split_options(spec) or [("", None)])[0]
    val = val or ""
    if key == "translation" and (m := re.match(r"from\s+(.+?)\s+to\s+(.+)$", val)):
        a, b = point(interp, m.group(1)), point(interp, m.group(2))
        return lambda p: _add(p, _sub(b, a))
    if key == "homothety" and (m := re.match(r"center\s+(.+?)\s+ratio\s+(.+)$", val)):
        o, k = point(interp, m.group(1)), _num(interp, m.group(2))
        return lambda p: _add(o, _sub(p, o), k)
    if key == "reflection" and (m := re.match(r"over\s+(.+?)\s*--\s*(.+)$", val)):
        a, b = point(interp, m.group(1)), point(interp, m.group(2))
        return lambda p: _add(p, _sub(_project(a, b, p), p), 2.0)
    if key == "symmetry" and (m := re.match(r"center\s+(.+)$", val)):
        o = point(interp, m.group(1))
        return lambda p: (2 * o[0] - p[0], 2 * o[1] - p[1])
    if key == "projection" and (m := re.match(r"onto\s+(.+?)\s*--\s*(.+)$", val)):
        a, b = point(interp, m.group(1)), point(interp, m.group(2))
        return lambda p: _project(a, b, p)
    if key in ("rotation", "rotation in rad") and (m := re.match(r"center\s+(.+?)\s+angle\s+(.+)$", val)):
        o, ang = point(interp, m.group(1)), _num(interp, m.group(2))
        if key == "rotation in rad":
            ang = math.degrees(ang)
        return lambda p: rotate(p, o, ang)
    if key == "inversion" and (m := re.match(r"center\s+(.+?)\s+through\s+(.+)$", val)):
        o, a = point(interp, m.group(1)), point(interp, m.group(2))
        r2 = _dist(o, a) ** 2

        def inv(p):
            d2 = _dist(o, p) ** 2
            if d2 == 0:
                raise FigureSyntaxError("\\tkzDefPointBy: inversion of the centre")
            return _add(o, _sub(p, o), r2 / d2)
        return inv
    raise _unsupported("\\tkzDefPointBy", f"{key}={val}" if val else key)


def def_point_by(interp, reader, tok) -> None:
    spec = read_optional(interp, reader)
    f = _transform(interp, spec)
    if tok[0] == "\\tkzDefPointBy":
        _, (p,) = _points(interp, reader, tok, 1)
        set_point(interp, "tkzPointResult", f(p))
        return
    names, pts = _points(interp, reader, tok)
    targets = split_points(read_group(interp, reader))
    for i, (name, p) in enumerate(zip(names, pts)):
        set_point(interp, targets[i] if i < len(targets) else name + "'", f(p))


def def_point_with(interp, reader, tok) -> None:
    own, _rest = tkz_options(read_optional(interp, reader),
                             ("colinear", "orthogonal", "linear", "orthogonal normed", "linear normed",
                              "colinear normed", "K", "normed"))
    _, (a, b) = _points(interp, reader, tok, 2)
    k = _num(interp, own["K"]) if own.get("K") else 1.0
    v = _sub(b, a)
    if "colinear" in own or "colinear normed" in own:
        at = (own.get("colinear") or own.get("colinear normed") or "").strip()
        at = at[3:].strip() if at.startswith("at ") else at
        c = point(interp, at)
        res = _add(c, _unit(v), k * CM) if "colinear normed" in own else _add(c, v, k)
    elif "linear normed" in own:
        res = _add(a, _unit(v), k * CM)
    elif "linear" in own:
        res = _add(a, v, k)
    elif "orthogonal normed" in own:
        res = _add(a, _orth(_unit(v)), k * CM)
    else:
        res = _add(a, _orth(v), k)
    set_point(interp, "tkzPointResult", res)


def _tangent_points(o, a, p):
    """``\\tkzTgtFromP(O,A)(P)``: where the tangents from P touch the circle (O, |OA|), first the
    one for which the angle P-first-O (counter-clockwise) is under 180 degrees."""
    mid = _mid(o, p)
    if _dist(o, p) <= _dist(o, a):
        raise FigureSyntaxError("tangent from a point inside the circle")
    first, second = inter_cc(o, _dist(o, a), mid, _dist(mid, o))
    return (first, second) if _ccw_angle(first, p, o) < 180.0 else (second, first)


def _tangent_at(o, a):
    """``\\tkzTgtAt(O)(A)``: the point 1 cm from A along the tangent at A (A-O turned by -90 degrees)."""
    u = _unit(_sub(o, a))
    return _add(a, (u[1], -u[0]), CM)


def def_line(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    own, _rest = tkz_options(opts, ("mediator", "perpendicular", "orthogonal", "parallel", "bisector",
                                    "bisector out", "K", "normed", "tangent from", "tangent at", "altitude",
                                    "euler", "symmedian"))
    unknown = [k for k, _ in split_options(opts) if not k.startswith("/") and k not in own]
    if unknown:  # an unknown key of the line (not a /tikz/ key) would silently give the mediator
        raise _unsupported(tok[0], unknown[0])
    names, pts = _points(interp, reader, tok)
    k = _num(interp, own["K"]) if own.get("K") else 1.0
    if "normed" in own or "symmedian" in own:
        raise _unsupported(tok[0], "normed" if "normed" in own else "symmedian")
    if own.get("tangent from"):
        first, second = _tangent_points(pts[0], pts[1], point(interp, own["tangent from"]))
        _order(interp, first, second, False)
        return
    if own.get("tangent at"):
        set_point(interp, "tkzPointResult", _tangent_at(pts[0], point(interp, own["tangent at"])))
        return
    if "altitude" in own or "euler" in own:
        if len(pts) != 3:
            raise FigureSyntaxError(f"{tok[0]}[altitude] needs three points", location=interp.loc)
        a, b, c = pts
        if "altitude" in own:  # the foot of the altitude from the second point
            set_point(interp, "tkzPointResult", _project(a, c, b))
        else:  # the orthocentre and the nine-point centre
            _order(interp, _orthocenter(a, b, c), _circumcenter(_mid(a, b), _mid(b, c), _mid(a, c)), False)
        return
    through = own.get("perpendicular") or own.get("orthogonal") or own.get("parallel")
    if through is not None:
        t = through.strip()
        t = point(interp, t[8:].strip() if t.startswith("through ") else t)
        a, b = pts[:2]
        v = _orth(_sub(b, a)) if "parallel" not in own else _sub(b, a)
        set_point(interp, "tkzPointResult", _add(t, v, k))
        return
    if "bisector" in own or "bisector out" in own:
        if len(pts) != 3:
            raise FigureSyntaxError(f"{tok[0]}[bisector] needs three points", location=interp.loc)
        a, b, c = pts
        dup = _add(b, _sub(c, b), _dist(b, a) / _dist(b, c))
        m = _mid(dup, a)
        if "bisector out" in own:
            m = rotate(m, b, 90.0)
        set_point(interp, "tkzPointResult", _add(b, _sub(m, b), k))
        return
    a, b = pts[:2]  # mediator
    m = _mid(a, b)
    set_point(interp, "tkzFirstPointResult", _add(m, _sub(rotate(b, a, 60.0), m), k))
    set_point(interp, "tkzSecondPointResult", _add(m, _sub(rotate(a, b, 60.0), m), k))


def _order(interp, first, second, swap: bool) -> None:
    if swap:
        first, second = second, first
    set_point(interp, "tkzFirstPointResult", first)
    set_point(interp, "tkzSecondPointResult", second)


def _radius_cm(interp, text: str) -> float:
    """``R`` mode radii: ``#5 cm`` in the package (a number of centimetres; a length as it is)."""
    res = interp.number(text, interp.st)
    return res.value if res.units else res.value * CM


def inter_line_circle(interp, reader, tok) -> None:
    own, _rest = tkz_options(read_optional(interp, reader), ("N", "node", "R", "with nodes", "near", "common",
                                                             "next to"))
    _, (a, b) = _points(interp, reader, tok, 2)
    circ = split_points(read_paren(interp, reader, tok[0]))
    o = point(interp, circ[0])
    if "R" in own:
        r = _radius_cm(interp, circ[1])
    elif "with nodes" in own:
        r = _dist(point(interp, circ[1]), point(interp, circ[2]))
    else:
        r = _dist(o, point(interp, circ[1]))
    first, second = inter_lc(a, b, o, r)
    if "near" in own:
        swap = not _dist(a, first) < _dist(a, second)
    elif own.get("common"):
        swap = not _dist(point(interp, own["common"]), second) < 1.0
    elif own.get("next to"):
        p = point(interp, own["next to"])
        swap = not _dist(p, first) < _dist(p, second)
    else:
        swap = not _ccw_angle(first, second, o) < 180.0
    _order(interp, first, second, swap)


def inter_circle_circle(interp, reader, tok) -> None:
    own, _rest = tkz_options(read_optional(interp, reader), ("N", "node", "R", "with nodes", "common"))
    c1 = split_points(read_paren(interp, reader, tok[0]))
    c2 = split_points(read_paren(interp, reader, tok[0]))
    o1, o2 = point(interp, c1[0]), point(interp, c2[0])
    if "R" in own:
        r1, r2 = _radius_cm(interp, c1[1]), _radius_cm(interp, c2[1])
    elif "with nodes" in own:
        r1 = _dist(point(interp, c1[1]), point(interp, c1[2]))
        r2 = _dist(point(interp, c2[1]), point(interp, c2[2]))
    else:
        r1, r2 = _dist(o1, point(interp, c1[1])), _dist(o2, point(interp, c2[1]))
    first, second = inter_cc(o1, r1, o2, r2)
    if own.get("common"):
        swap = not _dist(point(interp, own["common"]), second) < 0.05
    else:
        swap = not _ccw_angle(first, o1, o2) < 180.0
    _order(interp, first, second, swap)


def inter_line_line(interp, reader, tok) -> None:
    _, (a, b) = _points(interp, reader, tok, 2)
    _, (c, d) = _points(interp, reader, tok, 2)
    set_point(interp, "tkzPointResult", inter_ll(a, b, c, d))


def def_triangle(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    _, (a, b) = _points(interp, reader, tok, 2)
    kinds = {k: v for k, v in split_options(opts) if not k.startswith("/tikz/")}
    swap = "swap" in kinds
    kinds.pop("swap", None)
    kind = next(iter(kinds), "equilateral")
    sg = -1.0 if swap else 1.0
    if kind == "equilateral":
        res = rotate(b, a, 60.0)
    elif kind == "two angles":
        parts = (kinds[kind] or "").split(" and ")
        if len(parts) != 2:
            raise FigureSyntaxError("two angles=<a> and <b> expected", location=interp.loc)
        alpha, beta = (_num(interp, p) for p in parts)
        res = inter_ll(a, rotate(b, a, alpha), b, rotate(a, b, -beta))
    elif kind == "isosceles right":
        res = _add(a, _sub(rotate(b, a, 45.0), a), _SQRT2_2)
    elif kind in ("half", "two one"):
        res = _add(b, _orth(_sub(a, b)), 0.5 * sg)
    elif kind in ("pythagore", "pythagoras", "right", "egyptian"):
        res = _add(b, _orth(_sub(a, b)), 0.75 * sg)
    elif kind == "school":
        res = inter_ll(a, rotate(b, a, 30.0 * sg), b, _add(b, _orth(_sub(a, b))))
    elif kind == "gold":
        res = _add(b, _orth(_sub(a, b)), _INV_PHI * sg)
    elif kind in ("euclid", "euclide"):
        res = rotate(b, a, -36.0 * sg)
    elif kind in ("golden", "sublime"):
        res = _add(a, _sub(rotate(b, a, 72.0), a), _PHI)
    elif kind == "cheops":
        m = _mid(a, b)
        res = _add(m, _orth(_sub(a, m)), -_SQRT_PHI)
    else:
        raise _unsupported(tok[0], kind)
    set_point(interp, "tkzPointResult", res)


def def_tangent(interp, reader, tok) -> None:
    """``\\tkzDefTangent[at=A](O)``, ``[from=P](O,A)``, ``[from with R=P](O,r)``."""
    opts = read_optional(interp, reader)
    own, _rest = tkz_options(opts, ("at", "from", "from with R"))
    names = split_points(read_paren(interp, reader, tok[0]))
    unknown = [k for k, _ in split_options(opts) if not k.startswith("/") and k not in own]
    if unknown or not own:
        raise _unsupported(tok[0], unknown[0] if unknown else "")
    o = point(interp, names[0])
    if own.get("at"):
        set_point(interp, "tkzPointResult", _tangent_at(o, point(interp, own["at"])))
        return
    if len(names) != 2:
        raise FigureSyntaxError(f"{tok[0]} needs the circle as (O,A) or (O,r)", location=interp.loc)
    if own.get("from with R"):
        p = point(interp, own["from with R"])
        a = _add(o, (_radius_cm(interp, names[1]), 0.0))
    else:
        p = point(interp, own.get("from") or "")
        a = point(interp, names[1])
    first, second = _tangent_points(o, a, p)
    _order(interp, first, second, False)


def def_circle(interp, reader, tok) -> None:
    opts = read_optional(interp, reader)
    kind, value = next(((k, v) for k, v in split_options(opts) if not k.startswith("/tikz/") and k != "K"),
                       ("circum", None))
    names = split_points(read_paren(interp, reader, tok[0]))
    if kind == "orthogonal from" and value and len(names) == 2:
        # tkzDefOrthogonalCircle: the circle about P through the tangents' contact points
        p = point(interp, value)
        o, a = point(interp, names[0]), point(interp, names[1])
        first, second = _tangent_points(o, a, p)
        _order(interp, first, second, False)
        set_length(interp, round(_dist(o, first) / CM, 6), tok[1])  # (the package's own radius)
        return
    if kind == "orthogonal through" and value and " and " in value and len(names) == 2:
        # tkzDefOrthoThroughCircle: P's inverse in the circle of radius 1 cm about O, as the package
        # computes it, and the circle through it, P and Q
        p, q = (point(interp, x.strip()) for x in value.split(" and ", 1))
        o = point(interp, names[0])
        d = _dist(o, p)
        if d == 0:
            raise FigureSyntaxError(f"{tok[0]}[orthogonal through]: a point at the centre", location=interp.loc)
        inverse = _add(o, _unit(_sub(p, o)), CM * CM / d)
        centre = _circumcenter(inverse, p, q)
        set_point(interp, "tkzPointResult", centre)
        _order(interp, centre, p, False)
        set_length(interp, round(_dist(centre, p) / CM, 6), tok[1])
        return
    if kind == "R":
        o = point(interp, names[0])
        r = _num(interp, names[1])
        on = _add(o, (r * CM, 0.0))
        set_point(interp, "tkzSecondPointResult", on)
        set_point(interp, "tkzPointResult", on)
        set_length(interp, round(r, 5), tok[1])
        return
    pts = [point(interp, n) for n in names]
    if kind == "diameter":
        centre, on = _mid(pts[0], pts[1]), pts[1]
    elif kind in ("circum", "in", "euler", "nine"):
        if len(pts) != 3:
            raise FigureSyntaxError(f"{tok[0]}[{kind}] needs three points", location=interp.loc)
        a, b, c = pts
        if kind == "circum":
            centre, on = _circumcenter(a, b, c), a
        elif kind == "in":
            centre = _incenter(a, b, c)
            on = _project(a, c, centre)
        else:
            centre, on = _circumcenter(_mid(a, b), _mid(b, c), _mid(a, c)), _mid(a, b)
    else:
        raise _unsupported(tok[0], kind)
    set_point(interp, "tkzPointResult", centre)
    set_point(interp, "tkzFirstPointResult", centre)
    set_point(interp, "tkzSecondPointResult", on)
    set_length(interp, round(_dist(centre, on) / CM, 6), tok[1])


def calc_length(interp, reader, tok) -> None:
    own, _rest = tkz_options(read_optional(interp, reader), ("cm",))
    _, (a, b) = _points(interp, reader, tok, 2)
    d = _dist(a, b)
    in_cm = own.get("cm", "true") in (None, "true")
    set_length(interp, round(d / CM, 6) if in_cm else round(d, 6), tok[1])


def duplicate_segment(interp, reader, tok) -> None:
    _, (a, b) = _points(interp, reader, tok, 2)
    _, (c, d) = _points(interp, reader, tok, 2)
    set_point(interp, "tkzPointResult", _add(c, _sub(d, c), _dist(a, b) / _dist(c, d)))


HANDLERS = {
    "\\tkzDefMidPoint": def_mid_point,
    "\\tkzDefBarycentricPoint": def_barycentric,
    "\\tkzDefBCPoint": def_barycentric,
    "\\tkzCentroid": triangle_centre,
    "\\tkzBaryCenter": triangle_centre,
    "\\tkzCircumCenter": triangle_centre,
    "\\tkzDefCircumCenter": triangle_centre,
    "\\tkzInCenter": triangle_centre,
    "\\tkzDefInCenter": triangle_centre,
    "\\tkzOrthoCenter": triangle_centre,
    "\\tkzDefOrthoCenter": triangle_centre,
    "\\tkzDefTriangleCenter": triangle_centre,
    "\\tkzDefPointBy": def_point_by,
    "\\tkzDefPointsBy": def_point_by,
    "\\tkzDefPointWith": def_point_with,
    "\\tkzDefLine": def_line,
    "\\tkzInterLL": inter_line_line,
    "\\tkzInterLC": inter_line_circle,
    "\\tkzInterCC": inter_circle_circle,
    "\\tkzDefTriangle": def_triangle,
    "\\tkzDefCircle": def_circle,
    "\\tkzDefTangent": def_tangent,
    "\\tkzCalcLength": calc_length,
    "\\tkzDuplicateSegment": duplicate_segment,
    "\\tkzDuplicateLength": duplicate_segment,
}
