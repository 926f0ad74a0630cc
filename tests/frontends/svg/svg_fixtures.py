"""Shared helpers and sample documents for the SVG front-end tests."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from geoverify.frontends.svg import parse_svg

__all__ = ["CORPUS", "doc", "parse", "to_canvas", "only", "DVISVGM_GLYPHS", "MARKER_ARROW"]

CORPUS = Path(__file__).resolve().parents[3] / ".." / "shared" / "corpus"


def doc(body: str, *, width="100", height="100", viewbox="0 0 100 100", extra="") -> str:
    """An SVG document around ``body`` (default: 100 x 100 px, viewBox 0 0 100 100)."""
    vb = f' viewBox="{viewbox}"' if viewbox else ""
    w = f' width="{width}"' if width else ""
    h = f' height="{height}"' if height else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
            f'{w}{h}{vb}{extra}>{body}</svg>')


def parse(body: str, **kw):
    """Parse ``doc(body, **kw)``."""
    limits = kw.pop("limits", None)
    strict = kw.pop("strict", False)
    return parse_svg(doc(body, **kw), filename="t.svg", limits=limits, strict=strict)


def to_canvas(x, y, height_px=100.0):
    """User point of the default document (px, y down) -> canvas (bp, y up)."""
    return np.array([0.75 * x, 0.75 * (height_px - y)])


def only(scene, cls=None):
    """The single primitive of a scene (of type ``cls`` when given)."""
    prims = [p for p in scene.primitives if cls is None or isinstance(p, cls)]
    assert len(prims) == 1, f"expected one primitive, got {[type(p).__name__ for p in scene.primitives]}"
    return prims[0]


# dvisvgm --no-fonts style: glyph outlines in <defs>, one <use> per character.
DVISVGM_GLYPHS = """
<defs>
<path id='g0-65' d='M0 0L3 -7L6 0Z'/>
<path id='g0-66' d='M0 0V-7H4V0Z'/>
<path id='g1-49' d='M0 0V-5H2V0Z'/>
</defs>
<g id='page1'>
<use x='10' y='50' xlink:href='#g0-65'/>
<use x='16.5' y='50' xlink:href='#g0-66'/>
<use x='21' y='52' xlink:href='#g1-49'/>
<use x='70' y='20' xlink:href='#g0-66'/>
</g>
"""

# A forward-pointing arrowhead: tip at (10, 5), refX/refY at the tip.
MARKER_ARROW = """
<defs>
<marker id="arr" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="{orient}">
<path d="M0,0 L10,5 L0,10 z"/>
</marker>
</defs>
"""
