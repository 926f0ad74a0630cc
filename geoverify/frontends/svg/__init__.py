"""The SVG front-end: SVG text -> :class:`~geoverify.scene.Scene` (unit bp, y up).

Pipeline, one module per step:

- :mod:`.xmldoc` reads the XML safely with expat (no DTD subsets/entities, depth
  and element budgets, line/column of every element);
- :mod:`.usecheck` refuses ``<use>`` cycles and bombs before anything is drawn;
- :mod:`.document` sets up the outermost viewport (px -> bp, y flipped) and
  runs :mod:`.builder`, the tree walk, which uses :mod:`.css` and :mod:`.style`
  (cascade, colours, paint), :mod:`.viewport` (transforms, viewBox),
  :mod:`.clipping` (clip flags);
- primitives come from :mod:`.shapes` (basic shapes, paths via
  :mod:`.pathdata`), :mod:`.text` and :mod:`.glyphs` (text, TeX glyph runs),
  :mod:`.mathjax` (MathJax formulas), :mod:`.markers` (SVG markers);
- :mod:`.arrowheads` finally turns arrowheads drawn as separate shapes into
  arrows.
"""

from geoverify.frontends.svg.arrowheads import HEAD_MAX
from geoverify.frontends.svg.document import parse_svg
from geoverify.frontends.svg.shapes import DOT_MAX_RADIUS

__all__ = ["parse_svg", "DOT_MAX_RADIUS", "HEAD_MAX"]
