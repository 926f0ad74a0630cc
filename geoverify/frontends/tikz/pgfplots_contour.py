"""Labels of pgfplots contour lines (``pgfplotsplothandlers.code.tex``, ``contour/labels``).

A contour line is a run of points with one contour value (a new value or an
empty line starts another). Walking along it on the canvas, the length starts
at 20 % of ``contour/label distance`` (70pt); after each segment that makes it
exceed the distance, a label goes on the segment's middle (sloped along it) and
the length drops by the distance. A line that got no label gets one on its last
segment. A label is ``every contour label``: the value in ``\\scriptsize``,
``inner sep=2pt``, on a white fill, turned upright (``sloped``).
"""

from __future__ import annotations

import math

from geoverify.frontends.tikz.pgfplots_ticks import format_number

__all__ = ["contour_lines", "contour_label_spots", "place_contour_labels"]

LABEL_DISTANCE = 70.0  # contour/label distance


def contour_lines(points, rows, values):
    """``[(points, value)]``: the contour lines of ``points`` (one per point, in order), split
    at the ends of the scan lines (``rows``: their lengths) and where the value changes."""
    lines, k = [], 0
    for n in rows:
        cur, val = [], None
        for i in range(k, min(k + n, len(points))):
            v = values[i] if i < len(values) else math.nan
            if cur and v != val:
                lines.append((cur, val))
                cur = []
            cur.append(tuple(points[i]))
            val = v
        if cur:
            lines.append((cur, val))
        k += n
    return lines


def contour_label_spots(lines, distance: float = LABEL_DISTANCE):
    """``[(point, angle in degrees, value)]`` for contour ``lines``: ``[(canvas points, value)]``."""
    out = []
    for pts, value in lines:
        pts = [p for p in pts if math.isfinite(p[0]) and math.isfinite(p[1])]
        run = 0.2 * distance
        labelled = False
        for a, b in zip(pts, pts[1:]):
            run += math.hypot(b[0] - a[0], b[1] - a[1])
            if run > distance:
                out.append(_spot(a, b, value))
                run -= distance
                labelled = True
        if not labelled and len(pts) >= 2:
            out.append(_spot(pts[-2], pts[-1], value))
    return out


def _spot(a, b, value):
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    if angle > 90.0 or angle < -90.0:  # sloped keeps text upright
        angle += -180.0 if angle > 0 else 180.0
    return mid, angle, value


def place_contour_labels(interp, st: dict, lines, loc, style: str = "") -> None:
    """Place the labels of contour ``lines`` (canvas points) as nodes in state ``st``."""
    opts = "inner sep=2pt,font=\\scriptsize,fill=white,anchor=center" + ("," + style if style else "")
    for p, angle, value in contour_label_spots(lines):
        nst = interp.node_state(st, f"{opts},rotate={angle:.6f}")
        interp.place_node(nst, None, p, format_number(value), loc)
