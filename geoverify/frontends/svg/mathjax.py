"""MathJax SVG output: one formula (``<g data-mml-node="math">``) becomes one label.

MathJax draws each character as a path (or a ``<use>`` of a cached path) that
carries its Unicode code point in ``data-c``, inside groups that place it with
translations and scales; its units are 1/1000 em with y up (the formula sits
under ``scale(1,-1)``). The label's text is the characters in document order,
NFKC-normalised so mathematical italic letters read as plain letters
("𝑥" -> "x"); its box is the union of the glyph outlines' control points (and of
rules such as fraction bars); its anchor is the box centre on the formula's
baseline; its font size is 1000 MathJax units mapped to the canvas.
"""

from __future__ import annotations

import math
import unicodedata

import numpy as np

from geoverify.frontends.svg.pathdata import path_bbox
from geoverify.frontends.svg.units import parse_float
from geoverify.frontends.svg.viewport import parse_transform, translate
from geoverify.scene.primitives import TextLabel

__all__ = ["is_mathjax", "mathjax_label"]

_MAX_NODES = 20_000


def is_mathjax(node) -> bool:
    """Whether ``node`` is the root group of a MathJax formula."""
    return node.tag == "g" and node.attrs.get("data-mml-node") == "math"


def _char(code: str) -> str:
    try:
        return unicodedata.normalize("NFKC", chr(int(code, 16)))
    except (ValueError, OverflowError):
        return "\ufffd"


def _corners(m, box):
    x0, y0, x1, y1 = box
    pts = np.array([[x0, y0], [x1, y0], [x0, y1], [x1, y1]]) @ m[:2, :2].T + m[:2, 2]
    return pts


def mathjax_label(node, m: np.ndarray, ids: dict, **common) -> TextLabel | None:
    """The label of one MathJax formula.

    Parameters
    ----------
    node : Node
        The ``<g data-mml-node="math">`` element.
    m : (3, 3) float64
        Its user -> canvas map (its own ``transform`` included).
    ids : dict of str to Node
        Document ids, for ``<use>`` of cached glyphs.
    **common
        ``style``, ``source``, ``clipped`` of the label.

    Returns
    -------
    TextLabel or None
        None when the formula draws nothing.
    """
    chars: list[str] = []
    points: list[np.ndarray] = []
    stack = [(node, m)]
    seen = 0
    while stack and seen < _MAX_NODES:
        n, mm = stack.pop()
        seen += 1
        for c in reversed(n.children):
            if isinstance(c, str):
                continue
            a = c.attrs
            if a.get("display") == "none" or "display:none" in a.get("style", "").replace(" ", ""):
                continue
            cm = mm
            tf = parse_transform(a.get("transform"))
            if tf is not None:
                cm = cm @ tf
            if c.tag in ("g", "svg", "a"):
                if c.tag == "svg":
                    x, y = parse_float(a.get("x"), 0.0) or 0.0, parse_float(a.get("y"), 0.0) or 0.0
                    cm = cm @ translate(x, y)
                stack.append((c, cm))
            elif c.tag in ("path", "use"):
                d = a.get("d")
                if c.tag == "use":
                    target = ids.get(a.get("href", "")[1:]) if a.get("href", "").startswith("#") else None
                    d = target.attrs.get("d") if target is not None and target.tag == "path" else None
                    x, y = parse_float(a.get("x"), 0.0) or 0.0, parse_float(a.get("y"), 0.0) or 0.0
                    cm = cm @ translate(x, y)
                box = path_bbox(d) if d else None
                if box is not None:
                    points.append(_corners(cm, box))
            elif c.tag == "rect":
                w, h = parse_float(a.get("width"), 0.0) or 0.0, parse_float(a.get("height"), 0.0) or 0.0
                x, y = parse_float(a.get("x"), 0.0) or 0.0, parse_float(a.get("y"), 0.0) or 0.0
                if w > 0 and h > 0:
                    points.append(_corners(cm, (x, y, x + w, y + h)))
    # Characters in document order (the stack above visits children reversed twice).
    for c in _iter_elements(node):
        code = c.attrs.get("data-c")
        if code and c.tag in ("path", "use"):
            chars.append(_char(code))
    if not points:
        return None
    pts = np.vstack(points)
    box = np.array([pts[:, 0].min(), pts[:, 1].min(), pts[:, 0].max(), pts[:, 1].max()])
    baseline = (m[:2, :2] @ np.zeros(2) + m[:2, 2])[1]
    em = 1000.0 * math.sqrt(abs(np.linalg.det(m[:2, :2])))
    return TextLabel(text="".join(chars) or "\ufffd", anchor=np.array([(box[0] + box[2]) / 2.0, baseline]),
                     box=box, font_size=em, **common)


def _iter_elements(node):
    stack = [node]
    count = 0
    while stack and count < _MAX_NODES:
        n = stack.pop()
        count += 1
        yield n
        stack.extend(c for c in reversed(n.children) if not isinstance(c, str))
