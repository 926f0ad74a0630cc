"""``axis lines=center`` in a 3D pgfplots axis (``axis lines*=center``: without arrows).

Instead of the box, pgfplots draws one line per axis from its lower to its upper
limit through the point where the other two axes are 0 (clamped into their limits),
with an arrow head at the upper end; ticks are centred on the line and drawn along
both other axes' directions, leaving out the tick where the lines cross; tick labels
sit at the ticks with the boxed axis' outer normal (``near ticklabel``, shifted by
half a tick length); the axis label is at the line's upper end with
``anchor=near ticklabel opposite, near ticklabel align=inside`` (``pgfplots.code.tex``,
``axis z line/center``). Limits are not enlarged (``every non boxed axis``).
"""

from __future__ import annotations

from geoverify.frontends.tikz.pgfplots3d_view import TICK_LEN

__all__ = ["center_lines", "crossing", "draw_center_axes", "line_point"]

_AXES = "xyz"


def center_lines(axis):
    """``(centered, starred)``: whether the axis draws centred axis lines."""
    for key in ("axis lines", "axis lines*"):
        v = (axis.kv.get(key) or "").strip()
        if v in ("center", "middle"):
            return True, key.endswith("*")
    return False, False


def crossing(axis):
    """Data value of each axis where the centred lines cross (0 clamped to the limits)."""
    out = {}
    for b in _AXES:
        lo, hi = axis.lim(b)
        out[b] = min(max(0.0, lo), hi)
    return out


def line_point(axis, a, v):
    """Picture point at value ``v`` of ``a`` on the centred line of axis ``a``."""
    q = crossing(axis)
    q[a] = v
    return axis.P3(q["x"], q["y"], q["z"])


def draw_center_axes(axis, ticks, star) -> None:
    """The three axis lines and their ticks."""
    kv = axis.kv
    st = axis.stroke_state((0.0, 0.0, 0.0), 0.4, "axis line style")
    if not star:
        st["arrow_end"] = "stealth"
    tst = axis.stroke_state((0.5, 0.5, 0.5), 0.2, "tick style")
    length = axis.interp.number(kv["major tick length"], axis.st).value if kv.get("major tick length") \
        else TICK_LEN
    axis.interp.note("APPROXIMATED", "tick labels of centred 3D axis lines are placed with the boxed axis' "
                     "normal (off by up to a few pt)", "axis lines", axis.loc)
    cross = crossing(axis)
    for a in _AXES:
        if axis.hidden(a):
            continue
        lo, hi = axis.lim(a)
        axis.line([line_point(axis, a, lo), line_point(axis, a, hi)], st, construct="axis lines")
        align = (kv.get(a + "tick align") or kv.get("tick align") or "center").strip()
        if align != "center":
            axis.interp.note("UNSUPPORTED", f"tick align={align} of centred 3D axis lines is drawn centred",
                             "tick align", axis.loc)
        for v in ticks[a][0]:
            if abs(v - cross[a]) <= 1e-9 * max(1.0, abs(hi - lo)):
                continue
            p = line_point(axis, a, v)
            for b in _AXES:
                if b == a or axis.hidden(b):
                    continue
                d = axis.dir2(b)
                axis.line([(p[0] - length / 2 * d[0], p[1] - length / 2 * d[1]),
                           (p[0] + length / 2 * d[0], p[1] + length / 2 * d[1])], tst, construct="ticks")
