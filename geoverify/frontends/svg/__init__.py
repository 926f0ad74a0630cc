"""The SVG front-end: SVG text -> :class:`~geoverify.scene.Scene` (unit bp, y up).

Pipeline: :mod:`.xmldoc` (safe XML, budgets) -> :mod:`.builder` (tree walk with
:mod:`.style`/:mod:`.css` cascade and :mod:`.viewport` transforms) ->
:mod:`.shapes`, :mod:`.pathdata`, :mod:`.text`, :mod:`.markers` (primitives).
"""

from geoverify.frontends.svg.document import parse_svg
from geoverify.frontends.svg.shapes import DOT_MAX_RADIUS

__all__ = ["parse_svg", "DOT_MAX_RADIUS"]
