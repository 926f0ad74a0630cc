"""SVG lengths and number lists.

All lengths are converted to user units (CSS px). The canvas unit of the scene
is the PostScript point: 1 px = 0.75 bp (96 px = 72 bp = 1 in).

Written here rather than with ``svgelements.Length`` because lengths are read
for nearly every attribute and a regex plus a table is several times faster.
"""

from __future__ import annotations

import re

__all__ = ["PX_TO_BP", "UNIT_PX", "parse_length", "parse_number_list", "parse_float"]

PX_TO_BP = 0.75

# Size of one unit in CSS px.
UNIT_PX = {
    "": 1.0, "px": 1.0, "pt": 96.0 / 72.0, "bp": 96.0 / 72.0, "pc": 16.0,
    "in": 96.0, "cm": 96.0 / 2.54, "mm": 96.0 / 25.4, "q": 96.0 / 101.6,
}

_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-zA-Z%]*)\s*$")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def parse_float(value, default: float | None = None) -> float | None:
    """A plain number, or ``default`` when ``value`` is missing or not a number."""
    if value is None:
        return default
    try:
        return float(value)
    except (TypeError, ValueError):
        m = _LENGTH.match(str(value))
        return float(m.group(1)) if m else default


def parse_length(value, *, reference: float = 0.0, font_size: float = 16.0, default: float | None = None) -> float | None:
    """A length in user units (px).

    Parameters
    ----------
    value : str or None
    reference : float
        What 100% means (viewport width, height or normalised diagonal).
    font_size : float
        Current font size in px, for ``em`` (``ex`` is taken as half an em).
    default : float or None
        Returned when ``value`` is missing, ``auto`` or unreadable.
    """
    if value is None:
        return default
    if isinstance(value, (int, float)):
        return float(value)
    m = _LENGTH.match(value)
    if m is None:
        return default
    num = float(m.group(1))
    unit = m.group(2).lower()
    if unit == "%":
        return num * reference / 100.0
    if unit == "em":
        return num * font_size
    if unit == "ex":
        return num * font_size * 0.5
    if unit == "rem":
        return num * 16.0
    scale = UNIT_PX.get(unit)
    return default if scale is None else num * scale


def parse_number_list(value: str | None) -> list[float]:
    """Numbers separated by commas and/or white space (``points``, ``viewBox``, ``x`` lists)."""
    if not value:
        return []
    return [float(t) for t in _NUMBER.findall(value)]
