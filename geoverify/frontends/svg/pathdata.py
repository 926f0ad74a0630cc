"""SVG path data (the ``d`` attribute) to exact cubic subpaths in user space.

Every command is supported, absolute and relative, with implicit repeats:
``M L H V Z`` give straight cubics, ``C S`` are kept, ``Q T`` are degree-elevated
exactly (:func:`~geoverify.scene.primitives.quadratic_controls`), ``A`` is
converted from endpoint to centre form (SVG 1.1 appendix F.6.5, with radius
correction F.6.6) and approximated by
:func:`~geoverify.scene.primitives.arc_controls` (error < 3e-4 of the radius); the
arc's centre form is also returned so that callers can keep it analytically.

Parsed here rather than with ``svgelements.Path``: measured 7 us per segment with
svgelements against about 1 us here, and path data dominates a figure's size.
Malformed data follows the SVG rule "render up to the first error"; the error is
reported to the caller.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from geoverify.scene.primitives import arc_controls

__all__ = ["ArcParams", "RawSubpath", "parse_path_data", "cached_path_data", "path_bbox", "arc_endpoint_to_center"]

_COMMAND = re.compile(r"([MmZzLlHhVvCcSsQqTtAa])([^MmZzLlHhVvCcSsQqTtAa]*)")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_JUNK = re.compile(r"[^\d\s,.eE+-]")
# Arc arguments: flags may be written without separators ("a5 5 0 015 5").
_ARC_ARGS = re.compile(
    r"\s*,?\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*,?\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)"
    r"\s*,?\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*,?\s*([01])\s*,?\s*([01])"
    r"\s*,?\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*,?\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)"
)
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


@dataclass(frozen=True, slots=True)
class ArcParams:
    """Centre form of one elliptical arc, in user space (y down).

    ``point(t) = c + R(rotation) (rx cos t, ry sin t)``, ``t`` from ``start`` to
    ``start + sweep``.
    """

    cx: float
    cy: float
    rx: float
    ry: float
    rotation: float
    start: float
    sweep: float


@dataclass(slots=True)
class RawSubpath:
    """One subpath as parsed.

    Attributes
    ----------
    controls : list of list of float
        One ``[x0, y0, x1, y1, x2, y2, x3, y3]`` per cubic segment.
    straight : list of bool
        Whether segment k came from a straight command (``M L H V Z``).
    arcs : list of tuple (int, int, ArcParams)
        ``(first segment, number of segments, arc)`` for every ``A`` command.
    closed : bool
    """

    controls: list = field(default_factory=list)
    straight: list = field(default_factory=list)
    arcs: list = field(default_factory=list)
    closed: bool = False

    def array(self) -> np.ndarray:
        """Control points, ``(K, 4, 2) float64``."""
        return np.asarray(self.controls, dtype=np.float64).reshape(-1, 4, 2)


def _angle(ux, uy, vx, vy) -> float:
    return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)


def arc_endpoint_to_center(x1, y1, rx, ry, phi_deg, large, sweep, x2, y2) -> ArcParams | None:
    """Centre parametrisation of an SVG arc (SVG 1.1 F.6.5 and F.6.6).

    Returns None when the arc is a straight line (a zero radius) or empty
    (identical end points), which SVG draws as a line or nothing.
    """
    if x1 == x2 and y1 == y2:
        return None
    rx, ry = abs(rx), abs(ry)
    if rx == 0.0 or ry == 0.0:
        return None
    phi = math.radians(phi_deg % 360.0)
    cp, sp = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2.0, (y1 - y2) / 2.0
    x1p = cp * dx + sp * dy
    y1p = -sp * dx + cp * dy
    try:
        lam = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        s = math.sqrt(lam) if lam > 1.0 else 1.0
    except ZeroDivisionError:  # a radius whose square underflows (1e-300): the ratios first
        s = max(1.0, math.hypot(x1p / rx, y1p / ry))  # (inf when even they overflow: not finite then)
    if s > 1.0:  # radii too small for the end points: scaled up until they fit (F.6.6)
        rx *= s
        ry *= s
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den > 0 else 0.0
    if bool(large) == bool(sweep):
        coef = -coef
    cxp = coef * rx * y1p / ry
    cyp = -coef * ry * x1p / rx
    cx = cp * cxp - sp * cyp + (x1 + x2) / 2.0
    cy = sp * cxp + cp * cyp + (y1 + y2) / 2.0
    ux, uy = (x1p - cxp) / rx, (y1p - cyp) / ry
    vx, vy = (-x1p - cxp) / rx, (-y1p - cyp) / ry
    theta1 = _angle(1.0, 0.0, ux, uy)
    dtheta = _angle(ux, uy, vx, vy)
    if not sweep and dtheta > 0:
        dtheta -= 2.0 * math.pi
    elif sweep and dtheta < 0:
        dtheta += 2.0 * math.pi
    return ArcParams(cx, cy, rx, ry, phi, theta1, dtheta)


def _numbers(args: str, command: str) -> tuple[list[float], bool]:
    """Numbers of one command's arguments and whether they were all well-formed."""
    if command in "Aa":
        out: list[float] = []
        pos = 0
        while True:
            m = _ARC_ARGS.match(args, pos)
            if m is None:
                break
            out.extend(float(g) for g in m.groups())
            pos = m.end()
        rest = args[pos:].strip(" \t\r\n,")
        return out, not rest
    junk = _JUNK.search(args)
    if junk is not None:
        # Only the numbers before the error count ("render up to the error").
        args = args[:junk.start()]
    return [float(t) for t in _NUMBER.findall(args)], junk is None


_TOKEN = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_OTHER = re.compile(r"[^MmZzLlHhVvCcSsQqTtAa\d\s,.eE+-]")
_LETTERS = frozenset("MmZzLlHhVvCcSsQqTtAa")


def _commands(d: str) -> tuple[list[tuple[str, list[float], bool]], str | None]:
    """Split path data into ``(command, numbers, well_formed)`` triples.

    One regex pass over the whole string when the data has no arcs and no stray
    characters (the common case); arcs need the flag-aware per-command reader.
    """
    if "a" not in d and "A" not in d and _OTHER.search(d) is None:
        out: list = []
        nums: list[float] | None = None
        for tok in _TOKEN.findall(d):
            if tok in _LETTERS:
                nums = []
                out.append((tok, nums, True))
            elif nums is None:
                return out, "path data must begin with a moveto (M or m)"
            else:
                nums.append(float(tok))
        return out, None
    out = []
    pos_end = 0
    for m in _COMMAND.finditer(d):
        if m.start() != pos_end and d[pos_end:m.start()].strip():
            return out, f"unexpected {d[pos_end:m.start()].strip()[:20]!r} in path data"
        pos_end = m.end()
        nums, ok = _numbers(m.group(2), m.group(1))
        out.append((m.group(1), nums, ok))
        if not ok:
            break
    else:
        if d[pos_end:].strip():
            return out, f"unexpected {d[pos_end:].strip()[:20]!r} in path data"
    return out, None


def parse_path_data(d: str) -> tuple[list[RawSubpath], str | None]:
    """Parse path data.

    Parameters
    ----------
    d : str

    Returns
    -------
    subpaths : list of RawSubpath
        In user space; subpaths without any segment are dropped.
    error : str or None
        Description of the first error, after which nothing was drawn.
    """
    subpaths: list[RawSubpath] = []
    cur: RawSubpath | None = None
    x = y = 0.0
    sx = sy = 0.0
    last_ctrl = None  # reflected control point for S / T
    last_kind = ""
    error = None
    stripped = d.strip()
    if stripped and stripped[0] not in "Mm":
        return [], "path data must begin with a moveto (M or m)"
    commands, error = _commands(d)

    def begin():
        nonlocal cur
        if cur is None or cur.controls or cur.closed:
            cur = RawSubpath()
            subpaths.append(cur)
        return cur

    def line_to(nx, ny):
        sp = begin() if cur is None else cur
        sp.controls.append([x, y, x + (nx - x) / 3.0, y + (ny - y) / 3.0,
                            x + 2.0 * (nx - x) / 3.0, y + 2.0 * (ny - y) / 3.0, nx, ny])
        sp.straight.append(True)

    for cmd, nums, ok in commands:
        up = cmd.upper()
        rel = cmd != up
        arity = _ARITY[up]
        if up == "Z":
            if cur is not None and cur.controls:
                if x != sx or y != sy:
                    line_to(sx, sy)
                cur.closed = True
            x, y = sx, sy
            last_ctrl, last_kind = None, "Z"
            if nums:
                error = "numbers after Z in path data"
                break
            # A command after Z without M starts a new subpath at the same point.
            cur = None
            continue
        if not math.isfinite(sum(nums)):  # a number too large for a float (1e400): drawn up to here
            error = f"non-finite number in the arguments of command {cmd!r} in path data"
            break
        if not nums or len(nums) % arity:
            error = f"command {cmd!r} expects a multiple of {arity} numbers, got {len(nums)}"
            nums = nums[: len(nums) - len(nums) % arity]
            ok = False
        for i in range(0, len(nums), arity):
            a = nums[i:i + arity]
            if up == "M":
                if i == 0:
                    nx, ny = (x + a[0], y + a[1]) if rel else (a[0], a[1])
                    cur = RawSubpath()
                    subpaths.append(cur)
                    x, y = sx, sy = nx, ny
                    last_ctrl, last_kind = None, "M"
                    continue
                nx, ny = (x + a[0], y + a[1]) if rel else (a[0], a[1])
                if cur is None:
                    begin()
                line_to(nx, ny)
                x, y = nx, ny
                last_ctrl, last_kind = None, "L"
                continue
            if cur is None:
                # Drawing after Z (or after a degenerate start): new subpath at the current point.
                cur = RawSubpath()
                subpaths.append(cur)
                sx, sy = x, y
            if up == "L":
                nx, ny = (x + a[0], y + a[1]) if rel else (a[0], a[1])
                line_to(nx, ny)
                x, y = nx, ny
                last_ctrl, last_kind = None, "L"
            elif up == "H":
                nx = x + a[0] if rel else a[0]
                line_to(nx, y)
                x = nx
                last_ctrl, last_kind = None, "L"
            elif up == "V":
                ny = y + a[0] if rel else a[0]
                line_to(x, ny)
                y = ny
                last_ctrl, last_kind = None, "L"
            elif up == "C" or up == "S":
                if up == "C":
                    x1, y1, x2, y2, ex, ey = a
                    if rel:
                        x1, y1, x2, y2, ex, ey = x + x1, y + y1, x + x2, y + y2, x + ex, y + ey
                else:
                    x2, y2, ex, ey = a
                    if rel:
                        x2, y2, ex, ey = x + x2, y + y2, x + ex, y + ey
                    if last_kind == "C" and last_ctrl is not None:
                        x1, y1 = 2 * x - last_ctrl[0], 2 * y - last_ctrl[1]
                    else:
                        x1, y1 = x, y
                cur.controls.append([x, y, x1, y1, x2, y2, ex, ey])
                cur.straight.append(False)
                last_ctrl, last_kind = (x2, y2), "C"
                x, y = ex, ey
            elif up == "Q" or up == "T":
                if up == "Q":
                    qx, qy, ex, ey = a
                    if rel:
                        qx, qy, ex, ey = x + qx, y + qy, x + ex, y + ey
                else:
                    ex, ey = a
                    if rel:
                        ex, ey = x + ex, y + ey
                    if last_kind == "Q" and last_ctrl is not None:
                        qx, qy = 2 * x - last_ctrl[0], 2 * y - last_ctrl[1]
                    else:
                        qx, qy = x, y
                # Exact degree elevation (same formula as scene.quadratic_controls).
                cur.controls.append([x, y, x + 2.0 / 3.0 * (qx - x), y + 2.0 / 3.0 * (qy - y),
                                     ex + 2.0 / 3.0 * (qx - ex), ey + 2.0 / 3.0 * (qy - ey), ex, ey])
                cur.straight.append(False)
                last_ctrl, last_kind = (qx, qy), "Q"
                x, y = ex, ey
            else:  # A
                rx, ry, phi, large, sweep, ex, ey = a
                if rel:
                    ex, ey = x + ex, y + ey
                arc = arc_endpoint_to_center(x, y, rx, ry, phi, large, sweep, ex, ey)
                if arc is not None and not math.isfinite(arc.cx + arc.cy + arc.rx + arc.ry + arc.start + arc.sweep):
                    error = "an arc of path data whose size overflows a float"
                    ok = False  # (drawn up to here, as after any error)
                    break
                if arc is None:
                    if (ex, ey) != (x, y):
                        line_to(ex, ey)
                else:
                    ctrl = arc_controls((arc.cx, arc.cy), arc.rx, arc.ry, arc.start, arc.sweep, arc.rotation)
                    # Pin the ends to the exact end points so that segments join exactly.
                    ctrl[0, 0] = (x, y)
                    ctrl[-1, 3] = (ex, ey)
                    first = len(cur.controls)
                    cur.controls.extend(ctrl.reshape(-1, 8).tolist())
                    cur.straight.extend([False] * len(ctrl))
                    cur.arcs.append((first, len(ctrl), arc))
                x, y = ex, ey
                last_ctrl, last_kind = None, "A"
        if not ok:
            error = error or f"malformed arguments of command {cmd!r} in path data"
            break
    return [sp for sp in subpaths if sp.controls], error


@lru_cache(maxsize=2048)
def cached_path_data(d: str) -> tuple[tuple[RawSubpath, ...], str | None]:
    """:func:`parse_path_data`, memoised by the data string.

    Figures reuse the same outlines (``<use>`` of symbols, TeX glyphs of the same
    fonts), so the cache pays off within and across documents. The returned
    subpaths are shared: do not mutate them.
    """
    subpaths, error = parse_path_data(d)
    # One sum per subpath runs in C; any inf or nan makes it non-finite.
    if subpaths and not math.isfinite(sum(sum(map(sum, sp.controls)) for sp in subpaths)):
        return (), "non-finite number in path data"
    return tuple(subpaths), error


_ABS_COMMAND = re.compile(r"([MLHVCSQTZ])([^MLHVCSQTZ]*)")


@lru_cache(maxsize=4096)
def path_bbox(d: str) -> tuple[float, float, float, float] | None:
    """Bounding box of the control points of path data, ``(xmin, ymin, xmax, ymax)``.

    Absolute data without arcs (how dvisvgm writes glyph outlines) is read
    without building segments: after ``H`` numbers are x, after ``V`` y, after
    any other command they alternate x, y. Other data goes through
    :func:`parse_path_data`. None when nothing is drawn.
    """
    if _OTHER.search(d) is None and not any(c in d for c in "mlhvcsqtaAz"):
        xs: list[float] = []
        ys: list[float] = []
        for cmd, args in _ABS_COMMAND.findall(d):
            nums = [float(v) for v in _NUMBER.findall(args)]
            if cmd == "H":
                xs += nums
            elif cmd == "V":
                ys += nums
            elif cmd != "Z":
                xs += nums[0::2]
                ys += nums[1::2]
        if xs and ys and math.isfinite(sum(xs) + sum(ys)):
            return min(xs), min(ys), max(xs), max(ys)
    subpaths, _ = cached_path_data(d)
    if not subpaths:
        return None
    pts = np.vstack([sp.array().reshape(-1, 2) for sp in subpaths])
    return float(pts[:, 0].min()), float(pts[:, 1].min()), float(pts[:, 0].max()), float(pts[:, 1].max())
