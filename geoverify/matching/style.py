"""Style hints: an IR object may say how it is drawn ("red", "dashed", "#1f77b4 thick").

A hint never makes an object pass or fail; it only prefers, among equally
plausible drawn candidates, those whose style matches.
"""

from __future__ import annotations

import functools

__all__ = ["parse_style_hint", "style_matches", "colours_close", "stroke_key"]

_DASH_WORDS = {"dashed": True, "dotted": True, "dash": True, "solid": False}


@functools.lru_cache(maxsize=256)
def parse_style_hint(hint: str) -> dict:
    """``{"colour": "#rrggbb" | None, "dashed": bool | None}`` from a free-text hint."""
    from matplotlib import colors as mcolors

    out: dict = {"colour": None, "dashed": None}
    for word in hint.replace(",", " ").split():
        w = word.lower()
        if w in _DASH_WORDS:
            out["dashed"] = _DASH_WORDS[w]
        elif w.startswith("#") and len(w) in (4, 7):
            out["colour"] = mcolors.to_hex(w)
        elif w in mcolors.CSS4_COLORS:
            out["colour"] = mcolors.CSS4_COLORS[w].lower()
    return out


def colours_close(a: str, b: str) -> bool:
    """Whether two colours (any matplotlib colour spec, e.g. ``"#rrggbb"``) look alike: RGB distance <= 0.35."""
    from matplotlib import colors as mcolors

    ra, rb = mcolors.to_rgb(a), mcolors.to_rgb(b)
    return sum((x - y) ** 2 for x, y in zip(ra, rb)) ** 0.5 <= 0.35


def style_matches(style, hint: str) -> bool:
    """Whether a primitive's :class:`~geoverify.scene.Style` agrees with the hint."""
    h = parse_style_hint(hint)
    if h["dashed"] is not None and bool(style.dash) != h["dashed"]:
        return False
    if h["colour"] is not None:
        colour = style.stroke or style.fill
        if colour is None or not colours_close(colour, h["colour"]):
            return False
    return True


def stroke_key(style) -> tuple:
    """What tells one plot's strokes from another's: colour, dash pattern and width."""
    return style.stroke, style.dash, style.stroke_width
