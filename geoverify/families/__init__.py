"""Parametric task families: a format-neutral drawing kit, emitters, mutations and task generators.

The pipeline of a family: parameters -> :class:`Construction` (what the figure
shows) + Gold IR (what it must show) -> references in SVG, TikZ and Asymptote
-> wrong variants from :mod:`geoverify.families.mutations`, each with the
predicates it must fail.
"""

from geoverify.families.construction import (
    COLORS, ArcItem, CircleItem, Construction, Panel, Path, Point, Style, Text, compass,
)
from geoverify.families.emit_asy import to_asy
from geoverify.families.emit_svg import tex_to_unicode, to_svg
from geoverify.families.emit_tikz import to_tikz

__all__ = [
    "COLORS", "ArcItem", "CircleItem", "Construction", "Panel", "Path", "Point", "Style", "Text", "compass",
    "tex_to_unicode", "to_asy", "to_svg", "to_tikz", "EMITTERS",
]

EMITTERS = {"svg": to_svg, "tikz": to_tikz, "asy": to_asy}
