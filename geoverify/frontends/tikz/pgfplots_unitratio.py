"""pgfplots' ``unit vector ratio`` of a 2D axis (pgfplots.scaling.code.tex).

``unit vector ratio=rx ry`` asks for x and y data units of lengths in the ratio
``rx : ry`` (missing entries are 1). pgfplots keeps the unit of one axis (the
reference) and shortens the other's, so the picture only gets smaller; then, by
``unit rescale keep size``, it widens the shortened axis' limits to give the box
its size back:

- ``true``: always (``axis equal`` sets it);
- ``false``: never, the box shrinks (``unit vector ratio*`` and ``axis equal image``);
- ``unless limits declared`` (the default): unless both limits of that axis are given.

The limits widen at the ends pgfplots computed itself: half at each when both
(or, with ``true``, neither) are computed, all at the computed one otherwise.
"""

from __future__ import annotations

__all__ = ["apply_unit_ratio", "unit_ratio_setting"]

_KEEP = ("true", "false", "unless limits declared")


def _ratio(text: str):
    """``(rx, ry)`` of a ``unit vector ratio`` value (``"1 2"``, ``{1 1 1}``); None when empty
    (which turns rescaling off) or not numbers."""
    t = (text or "").strip()
    while t.startswith("{") and t.endswith("}"):
        t = t[1:-1].strip()
    parts = (t.split() + ["1", "1"])[:2]
    try:
        rx, ry = float(parts[0]), float(parts[1])
    except ValueError:
        return None
    return (rx, ry) if t and rx > 0 and ry > 0 else None


def unit_ratio_setting(opts) -> tuple:
    """``(ratio, keep)`` from an axis' options in their order: ``ratio`` is ``(rx, ry)`` or
    None, ``keep`` one of ``"true"``, ``"false"``, ``"unless limits declared"``.

    Parameters
    ----------
    opts : iterable of (str, str or None)
        The axis' keys and values, later ones overriding earlier ones.
    """
    ratio, keep = None, "unless limits declared"
    for k, v in opts:
        k = k.replace("/pgfplots/", "").strip()
        val = (v or "").strip()
        if k in ("axis equal", "axis equal image"):
            if val in ("", "true"):
                ratio, keep = (1.0, 1.0), "true" if k == "axis equal" else "false"
            elif val == "false":
                ratio = None
        elif k == "unit vector ratio":
            ratio = _ratio(val)
        elif k == "unit vector ratio*":
            ratio, keep = _ratio(val), "false"
        elif k == "unit rescale keep size" and (val or "true") in _KEEP:
            keep = val or "true"
    return ratio, keep


def apply_unit_ratio(sx: float, sy: float, ratio, keep: str, limits: dict, declared: dict) -> tuple:
    """The units and limits after ``unit vector ratio``.

    Parameters
    ----------
    sx, sy : float
        Lengths (pt) of one data unit in x and y that fill the box.
    ratio : (float, float)
        The wanted ``sx : sy``.
    keep : str
        ``unit rescale keep size``: ``"true"``, ``"false"`` or ``"unless limits declared"``.
    limits : dict
        ``{"x": (min, max), "y": (min, max)}``, data values.
    declared : dict
        ``{"x": (min given, max given), ...}``: which limits the options set.

    Returns
    -------
    sx, sy : float
        The new units (pt per data unit).
    limits : dict
        The limits, widened where ``keep`` asks.
    """
    rx, ry = ratio
    limits = dict(limits)
    # the reference keeps its unit, the other axis' shrinks by s <= 1
    if sx * ry > sy * rx:
        a, new = "x", sy * rx / ry
        s = new / sx
        sx = new
    else:
        a, new = "y", sx * ry / rx
        s = new / sy
        sy = new
    if s >= 1.0 or keep == "false":
        return sx, sy, limits
    lo, hi = limits[a]
    d = (1.0 / s - 1.0) * (hi - lo)
    given_lo, given_hi = declared[a]
    if given_lo and given_hi and keep != "true":
        return sx, sy, limits
    if given_lo == given_hi:
        lo, hi = lo - d / 2, hi + d / 2
    elif given_lo:
        hi += d
    else:
        lo -= d
    limits[a] = (lo, hi)
    return sx, sy, limits
