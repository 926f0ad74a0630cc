"""Basic shapes to path geometry, and canvas primitives from user-space geometry.

Rules (documented for the matching stage):

- ``<line>``, ``<polyline>``, ``<polygon>``, ``<rect>`` and paths made of one
  subpath of straight commands become a :class:`Polyline` (``closed_flag`` for
  ``Z``/polygon/rect, and when the last vertex repeats the first); a rounded
  ``<rect>`` becomes a :class:`BezierPath`; several subpaths a BezierPath.
- ``<circle>`` becomes a :class:`Circle`, ``<ellipse>`` an :class:`Ellipse` (a
  Circle when the radii are equal). Under a transform that is not a similarity
  the image is still exactly an ellipse; its axes and rotation come from the
  singular value decomposition of the transform, so even skewed circles stay
  analytic (an Ellipse, never an approximating BezierPath).
- A path whose only subpath is one elliptical-arc command (or several arcs of
  the same ellipse) becomes an :class:`Arc`, or a Circle/Ellipse when the arcs
  close the full turn, as long as the transform is a similarity.
- A closed path of four (or eight) cubic quarter arcs that approximates a
  circle within 1e-3 of its radius (how TeX, dvisvgm, Asymptote and Inkscape
  write circles) becomes a :class:`Circle`; four quarter arcs of an ellipse
  (the affine image of that circle, TikZ's ``ellipse``) become an
  :class:`Ellipse`.
- **Dot rule**: a Circle whose fill is painted and whose canvas radius is at
  most :data:`DOT_MAX_RADIUS` (3 bp, about 1 mm) becomes a :class:`Dot` with
  that radius. A figure without a size of its own (a ``viewBox`` alone) is shown
  at whatever size its page gives it; there the limit grows with the figure
  (:func:`~geoverify.frontends.svg.document.display_factor`).
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.svg.pathdata import RawSubpath, cached_path_data, parse_path_data
from geoverify.frontends.svg.units import parse_length, parse_number_list
from geoverify.frontends.svg.viewport import is_similarity, linear_scale
from geoverify.scene.primitives import (
    Arc,
    BezierPath,
    Circle,
    Dot,
    Ellipse,
    Polyline,
    Subpath,
)

__all__ = [
    "DOT_MAX_RADIUS",
    "shape_subpaths",
    "ellipse_primitive",
    "path_primitive",
    "affine_ellipse",
]

DOT_MAX_RADIUS = 3.0

# Distance of a cubic quarter-circle's inner control points from the centre, in radii.
_QUARTER_K = 4.0 / 3.0 * math.tan(math.pi / 8.0)
_QUARTER_INNER = math.hypot(1.0, _QUARTER_K)


def _lengths(node, names, vp, fs):
    w, h = vp
    diag = math.hypot(w, h) / math.sqrt(2.0)
    refs = {"x": w, "x1": w, "x2": w, "cx": w, "rx": w, "width": w,
            "y": h, "y1": h, "y2": h, "cy": h, "ry": h, "height": h, "r": diag}
    a = node.attrs
    return [parse_length(a.get(n), reference=refs.get(n, diag), font_size=fs, default=0.0) for n in names]


def _line_subpath(points, closed) -> RawSubpath:
    sp = RawSubpath(closed=closed)
    pts = list(points)
    if closed and len(pts) > 1 and pts[0] != pts[-1]:
        pts.append(pts[0])
    for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]):
        sp.controls.append([x0, y0, x0 + (x1 - x0) / 3.0, y0 + (y1 - y0) / 3.0,
                            x0 + 2.0 * (x1 - x0) / 3.0, y0 + 2.0 * (y1 - y0) / 3.0, x1, y1])
        sp.straight.append(True)
    return sp


def shape_subpaths(node, vp, fs) -> tuple[list[RawSubpath], str | None]:
    """User-space geometry of a path-like element.

    Parameters
    ----------
    node : Node
        ``path``, ``line``, ``polyline``, ``polygon`` or ``rect``.
    vp : (2,) tuple
        Viewport width and height in user units (for percentages).
    fs : float
        Font size in user units (for ``em``).

    Returns
    -------
    subpaths : list of RawSubpath
    error : str or None
        Path data error after which nothing was drawn.
    """
    tag = node.tag
    if tag == "path":
        subpaths, error = cached_path_data(node.attrs.get("d", ""))
        return list(subpaths), error
    if tag == "line":
        x1, y1, x2, y2 = _lengths(node, ("x1", "y1", "x2", "y2"), vp, fs)
        if not math.isfinite(x1 + y1 + x2 + y2):
            return [], "non-finite coordinates"
        return [_line_subpath([(x1, y1), (x2, y2)], False)], None
    if tag in ("polyline", "polygon"):
        nums = parse_number_list(node.attrs.get("points", ""))
        if not math.isfinite(sum(nums)):
            return [], "non-finite coordinates"
        error = "odd number of coordinates in points" if len(nums) % 2 else None
        pts = list(zip(nums[0:len(nums) - 1:2], nums[1::2]))
        if len(pts) < 2:
            return [], error
        return [_line_subpath(pts, tag == "polygon")], error
    if tag == "rect":
        x, y, w, h = _lengths(node, ("x", "y", "width", "height"), vp, fs)
        if not math.isfinite(x + y + w + h):
            return [], "non-finite coordinates"
        if w <= 0 or h <= 0:
            return [], None
        a = node.attrs
        rx = parse_length(a.get("rx"), reference=vp[0], font_size=fs, default=None)
        ry = parse_length(a.get("ry"), reference=vp[1], font_size=fs, default=None)
        if rx is None or rx < 0:
            rx = ry if ry is not None and ry >= 0 else 0.0
        if ry is None or ry < 0:
            ry = rx
        rx, ry = min(rx, w / 2.0), min(ry, h / 2.0)
        if rx <= 0 or ry <= 0:
            return [_line_subpath([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)], None
        d = (f"M{x + rx},{y}H{x + w - rx}A{rx},{ry} 0 0 1 {x + w},{y + ry}V{y + h - ry}"
             f"A{rx},{ry} 0 0 1 {x + w - rx},{y + h}H{x + rx}A{rx},{ry} 0 0 1 {x},{y + h - ry}"
             f"V{y + ry}A{rx},{ry} 0 0 1 {x + rx},{y}Z")
        sps, _ = parse_path_data(d)
        for sp in sps:
            sp.arcs = []  # a rounded rect is one outline, not an arc (fresh objects: safe to change)
        return sps, None
    return [], None


def affine_ellipse(m: np.ndarray, cx: float, cy: float, rx: float, ry: float):
    """Image of the axis-aligned ellipse ``(cx, cy, rx, ry)`` under the affine map ``m``.

    Returns
    -------
    center : (2,) float64
    a, b : float
        Semi-axes, ``a >= b``.
    rotation : float
        Angle of the ``a`` axis, radians in (-pi/2, pi/2].
    """
    lin = m[:2, :2] @ np.array([[rx, 0.0], [0.0, ry]])
    u, s, _ = np.linalg.svd(lin)
    center = m[:2, :2] @ np.array([cx, cy]) + m[:2, 2]
    ang = math.atan2(u[1, 0], u[0, 0])
    if ang <= -math.pi / 2:
        ang += math.pi
    elif ang > math.pi / 2:
        ang -= math.pi
    return center, float(s[0]), float(s[1]), ang


def ellipse_primitive(m, cx, cy, rx, ry, dot_max: float = DOT_MAX_RADIUS, **common):
    """Circle, Dot or Ellipse for an ellipse given in user space (``rx == ry`` for a circle).

    ``dot_max``: the largest canvas radius of a dot (:data:`DOT_MAX_RADIUS` in a
    figure of a fixed size, see :func:`~.document.display_factor`)."""
    style = common["style"]
    center, a, b, rot = affine_ellipse(m, cx, cy, rx, ry)
    if abs(a - b) <= 1e-9 * max(a, 1e-300):
        r = 0.5 * (a + b)
        if style.fill is not None and r <= dot_max:
            return Dot(center=center, radius=r, **common)
        return Circle(center=center, radius=r, **common)
    return Ellipse(center=center, rx=a, ry=b, rotation=rot, **common)


def _to_canvas(m, arr):
    return arr @ m[:2, :2].T + m[:2, 2]


def _as_circle(ctrl: np.ndarray):
    """Centre and radius when a closed cubic chain is a circle drawn as quarter arcs."""
    k = len(ctrl)
    if k not in (4, 8):
        return None
    ends = ctrl[:, 0]
    center = ends.mean(axis=0)
    d_end = np.hypot(*(ends - center).T)
    r = float(d_end.mean())
    # the numbers a tool writes are rounded (dvisvgm: 0.001 bp): a dot of radius 1.5 is a circle
    # whose ends are off by 1e-3 of its radius
    slack = 3e-3 / r if r > 0 else 0.0
    if r <= 0 or np.abs(d_end - r).max() > (1e-3 + slack) * r:
        return None
    if k == 8:
        return None if np.abs(np.hypot(*(ctrl[:, 1] - center).T) - r * math.hypot(1, 4 / 3 * math.tan(math.pi / 16))).max() > (2e-3 + slack) * r else (center, r)
    inner = np.vstack([ctrl[:, 1], ctrl[:, 2]])
    if np.abs(np.hypot(*(inner - center).T) - r * _QUARTER_INNER).max() > (2e-3 + slack) * r:
        return None
    # Consecutive ends a quarter turn apart.
    v = ends - center
    cosang = (v * np.concatenate([v[1:], v[:1]])).sum(axis=1) / (r * r)
    if np.abs(cosang).max() > 2e-3 + 2 * slack:
        return None
    return center, r


def _single_ellipse_arcs(sp: RawSubpath):
    """The common ellipse and total sweep when a subpath is only arcs of one ellipse, one way round."""
    if not sp.arcs or sum(n for _, n, _ in sp.arcs) != len(sp.controls):
        return None
    first = sp.arcs[0][2]
    tol = 1e-6 * max(first.rx, first.ry)
    circular = abs(first.rx - first.ry) <= tol
    total = 0.0
    for _, _, arc in sp.arcs:
        if (abs(arc.cx - first.cx) > tol or abs(arc.cy - first.cy) > tol
                or abs(arc.rx - first.rx) > tol or abs(arc.ry - first.ry) > tol
                or (arc.sweep > 0) != (first.sweep > 0)
                or (not circular and abs(math.remainder(arc.rotation - first.rotation, math.pi)) > 1e-9)):
            return None
        total += arc.sweep
    return first, total


def path_primitive(raws: list[RawSubpath], m: np.ndarray, dot_max: float = DOT_MAX_RADIUS, **common):
    """The canvas primitive for user-space subpaths under the map ``m``.

    ``dot_max``: the largest canvas radius of a filled circle that is a dot (as in
    :func:`ellipse_primitive`).

    Returns
    -------
    primitive : Primitive
    canvas : list of Subpath
        The canvas outline (for markers and clipping), whatever the primitive type.
    """
    style = common["style"]
    canvas = [Subpath(_to_canvas(m, sp.array()), sp.closed) for sp in raws]
    if len(raws) == 1:
        sp, cs = raws[0], canvas[0]
        if all(sp.straight):
            pts = cs.vertices()
            closed = sp.closed
            if len(pts) > 3 and np.array_equal(pts[0], pts[-1]):
                # Returning to the start vertex closes the outline even without Z.
                pts = pts[:-1]
                closed = True
            return Polyline(points=pts, closed_flag=closed, **common), canvas
        one = _single_ellipse_arcs(sp)
        if one is not None and is_similarity(m):
            arc, total = one
            if abs(total) >= 2 * math.pi - 1e-9:
                center = _to_canvas(m, np.array([arc.cx, arc.cy]))
                s = linear_scale(m)
                if abs(arc.rx - arc.ry) <= 1e-9 * arc.rx:
                    r = arc.rx * s
                    if style.fill is not None and r <= dot_max:
                        return Dot(center=center, radius=r, **common), canvas
                    return Circle(center=center, radius=r, **common), canvas
                center, a, b, rot = _rotated_ellipse(m, arc)
                return Ellipse(center=center, rx=a, ry=b, rotation=rot, **common), canvas
            return _arc(m, arc, total, common), canvas
        if sp.closed and not any(sp.straight[:len(sp.straight) - 1]):
            ctrl = cs.controls
            if sp.straight and sp.straight[-1]:
                # A closing segment of zero length is harmless; a real one is not a circle.
                if np.hypot(*(ctrl[-1, 3] - ctrl[-1, 0])) > 0:
                    ctrl = None
                else:
                    ctrl = ctrl[:-1]
            hit = _as_circle(ctrl) if ctrl is not None else None
            if hit is not None:
                center, r = hit
                if style.fill is not None and r <= dot_max:
                    return Dot(center=center, radius=r, **common), canvas
                return Circle(center=center, radius=r, **common), canvas
            conic = _as_affine_circle(ctrl) if ctrl is not None else None
            if conic is not None:
                center, a, b, rot = conic
                return Ellipse(center=center, rx=a, ry=b, rotation=rot, **common), canvas
    return BezierPath(parts=canvas, **common), canvas


#: The primitives a subpath of its own may become for :func:`separate_subpaths` (not a general path).
_SIMPLE = (Polyline, Circle, Dot, Ellipse, Arc)


def separate_subpaths(raws: list[RawSubpath], m: np.ndarray, dot_max: float = DOT_MAX_RADIUS, **common):
    """One primitive per subpath, when each is a simple one (a polyline, circle, dot, ellipse or arc):
    ``\\draw (a) circle (r) (b) circle (r);`` written as one path (dvisvgm's output of TikZ, a
    hand-written ``d="M..A..Z M..A..Z"``) is two circles, and two crossing strokes in one path
    are two strokes, as a TikZ or Asymptote source gives them. None when a subpath is a general
    curve, or when a filled path's subpaths overlap (a ring, a shape with a hole: one region).
    """
    prims = [path_primitive([sp], m, dot_max=dot_max, **common)[0] for sp in raws]
    if not all(isinstance(p, _SIMPLE) for p in prims):
        return None
    if common["style"].fill is not None:
        boxes = [p.bbox() for p in prims]
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]:
                    return None
    return prims


def _as_affine_circle(ctrl):
    """Centre, semi-axes and rotation when four cubics are an ellipse drawn as quarter arcs.

    An ellipse is an affine image of a circle, and affine maps keep Bezier control
    points: segment i runs from ``c + u_i`` to ``c + v_i`` with inner controls
    ``c + u_i + k v_i`` and ``c + v_i + k u_i``, where (u, v) are conjugate
    semi-diameters turned a quarter each segment and k = 4/3 tan(pi/8).
    """
    if ctrl is None or len(ctrl) != 4:
        return None
    ends = ctrl[:, 0]
    c = ends.mean(axis=0)
    u, v = ends[0] - c, ends[1] - c
    size = max(math.hypot(*u), math.hypot(*v))
    if size <= 0:
        return None
    frames = ((u, v), (v, -u), (-u, -v), (-v, u))
    expected = np.array([[c + ui, c + ui + _QUARTER_K * vi, c + vi + _QUARTER_K * ui, c + vi] for ui, vi in frames])
    if np.abs(expected - ctrl).max() > 1e-3 * size:
        return None
    center, a, b, rot = affine_ellipse(np.array([[u[0], v[0], c[0]], [u[1], v[1], c[1]], [0.0, 0.0, 1.0]]),
                                       0.0, 0.0, 1.0, 1.0)
    return center, a, b, rot


def _rotated_ellipse(m, arc):
    # Rotated ellipse under a similarity: rotate the axes, keep the lengths.
    c, s = math.cos(arc.rotation), math.sin(arc.rotation)
    lin = m[:2, :2] @ np.array([[c * arc.rx, -s * arc.ry], [s * arc.rx, c * arc.ry]])
    center = _to_canvas(m, np.array([arc.cx, arc.cy]))
    u, sv, _ = np.linalg.svd(lin)
    return center, float(sv[0]), float(sv[1]), math.atan2(u[1, 0], u[0, 0])


def _arc(m, arc, total, common):
    a = m[:2, :2]
    scale = linear_scale(m)
    alpha = math.atan2(a[1, 0], a[0, 0])
    center = _to_canvas(m, np.array([arc.cx, arc.cy]))
    if np.linalg.det(a) < 0:
        # A reflection reverses angles: t -> -t and the axis angle becomes alpha - rotation.
        return Arc(center=center, rx=arc.rx * scale, ry=arc.ry * scale, start=-arc.start, sweep=-total,
                   rotation=alpha - arc.rotation, **common)
    return Arc(center=center, rx=arc.rx * scale, ry=arc.ry * scale, start=arc.start, sweep=total,
               rotation=alpha + arc.rotation, **common)
