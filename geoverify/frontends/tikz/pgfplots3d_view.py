"""pgfplots' 3D view and its ``near ticklabel`` anchors (``pgfplots.scaling.code.tex``,
``pgfplotscoordprocessing.code.tex``)."""

from __future__ import annotations

import math

import numpy as np

from geoverify.errors import FigureSyntaxError

__all__ = ["TICK_LEN", "near_ticklabel_offset", "unit", "view_vectors"]

#: pgfplots' major tick length, 0.15 cm (pt)
TICK_LEN = 0.15 * 72.27 / 2.54


def view_vectors(az: float, el: float):
    """Unit directions ``(3, 2)`` of x, y, z and the 3D view direction ``n`` (3,) for
    ``view={az}{el}`` (degrees), as ``\\pgfplotssetaxesfromazel`` computes them."""
    if not (math.isfinite(az) and math.isfinite(el)):  # TeX: "Dimension too large"
        raise FigureSyntaxError(f"view={{{az}}}{{{el}}} is beyond floats")
    a, e = math.radians(az), math.radians(-el)
    vec = np.array([[math.cos(a), math.sin(a) * math.sin(e)],
                    [math.sin(a), -math.sin(e) * math.cos(a)],
                    [0.0, math.cos(e)]])
    n = np.array([-math.sin(a) * math.cos(e), math.cos(a) * math.cos(e), math.sin(e)])
    return vec, n


def unit(v):
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n) if n > 1e-12 else (0.0, 0.0)


def _snap_anchor(n):
    """pgfplots' ``snap to nearest anchor``: compass components beyond 0.17 (80 degrees)."""
    y = "north" if n[1] > 0.17 else "south" if n[1] < -0.17 else ""
    x = "east" if n[0] > 0.17 else "west" if n[0] < -0.17 else ""
    return (y + " " + x).strip() or "center"


def near_ticklabel_offset(n_in, d, hw, hh, angle=0.0, align="center"):
    """Offset ``(2,)`` from the ``at`` point to the centre of a node placed with pgfplots'
    ``anchor=near ticklabel`` (``\\pgfplots@borderanchor@for@axis``).

    The border anchor the normal points to (compass components beyond 0.17) is slid
    along the axis onto the line through the node's inner point in the normal's
    direction; that point goes to ``at``. The inner point is the centre for
    ``near ticklabel align=center``, the anchor the axis direction points to for
    ``inside`` (the opposite one for ``outside``).

    Parameters
    ----------
    n_in : (2,) float
        Unit normal pointing from the label towards its axis (canvas); the outer
        normal for ``anchor=near ticklabel opposite``.
    d : (2,) float
        Unit direction of the axis (canvas).
    hw, hh : float
        Half width and half height of the node (pt).
    angle : float
        The node's rotation (degrees); the anchors are found in its own frame.
    align : {"center", "inside", "outside"}
    """
    c, s = math.cos(math.radians(-angle)), math.sin(math.radians(-angle))
    nl = (c * n_in[0] - s * n_in[1], s * n_in[0] + c * n_in[1])
    dl = (c * d[0] - s * d[1], s * d[0] + c * d[1])

    def point(name):
        return (hw if "east" in name else -hw if "west" in name else 0.0,
                hh if "north" in name else -hh if "south" in name else 0.0)
    ax, ay = point(_snap_anchor(nl))
    toward = dl if align == "inside" else (-dl[0], -dl[1])
    inner = (0.0, 0.0) if align == "center" else point(_snap_anchor(toward))
    if abs(nl[0] * dl[0] + nl[1] * dl[1]) < 0.8:
        det = nl[0] * (-dl[1]) + dl[0] * nl[1]
        bx, by = ax - inner[0], ay - inner[1]
        r = (bx * (-dl[1]) + dl[0] * by) / det if abs(det) > 1e-12 else 0.0
        off_local = (-(inner[0] + r * nl[0]), -(inner[1] + r * nl[1]))
    else:
        off_local = (-ax, -ay)
    c2, s2 = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return (c2 * off_local[0] - s2 * off_local[1], s2 * off_local[0] + c2 * off_local[1])
