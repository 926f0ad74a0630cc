"""The SVG style cascade and paint resolution.

Priority, lowest first: presentation attributes, ``<style>`` rules (by
specificity, then order), the ``style`` attribute, then ``!important`` rules and
declarations. Inherited properties flow from the parent's computed values;
``opacity`` multiplies down the tree (group opacity is approximated per
element, which is exact for non-overlapping children).

Colours are parsed with ``svgelements.Color`` (memoised) and normalised to
``"#rrggbb"``; their alpha joins the opacity.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

import svgelements

from geoverify.frontends.svg.css import StyleSheet, parse_declarations
from geoverify.frontends.svg.units import parse_length, parse_number_list
from geoverify.scene.primitives import Style

__all__ = [
    "Painter",
    "INHERITED",
    "PRESENTATION",
    "DEFAULT_INHERITED",
    "cascade",
    "parse_color",
    "url_target",
    "build_style",
]

INHERITED = frozenset({
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity",
    "visibility", "font-size", "font-family", "font-weight", "font-style", "text-anchor",
    "dominant-baseline", "color", "marker-start", "marker-mid", "marker-end", "stroke-linecap",
})
_LOCAL = frozenset({"display", "opacity", "clip-path", "mask", "filter", "stop-color", "stop-opacity"})
PRESENTATION = INHERITED | _LOCAL | {"marker", "font"}
_SHORTHAND_SIZE = re.compile(r"^(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:px|pt|pc|em|ex|rem|mm|cm|in|%)|(?:xx?-)?(?:small|large)|medium|larger|smaller)$")

# Initial values (SVG 1.1): fill black, stroke none; font-size 16 px (browser default).
DEFAULT_INHERITED = {
    "fill": "black", "fill-opacity": "1", "stroke": "none", "stroke-width": "1", "stroke-dasharray": "none",
    "stroke-opacity": "1", "visibility": "visible", "font-size": 16.0, "text-anchor": "start",
    "dominant-baseline": "auto", "color": "black",
}

_FONT_KEYWORDS = {"xx-small": 9.0, "x-small": 10.0, "small": 13.0, "medium": 16.0, "large": 18.0,
                  "x-large": 24.0, "xx-large": 32.0}


def _font_size(value: str, parent: float) -> float:
    v = value.strip().lower()
    if v in _FONT_KEYWORDS:
        return _FONT_KEYWORDS[v]
    if v == "larger":
        return parent * 1.2
    if v == "smaller":
        return parent / 1.2
    size = parse_length(v, reference=parent, font_size=parent, default=None)
    return parent if size is None or size < 0 else size


def cascade(node, parent: dict, sheet: StyleSheet | None, work: list | None = None) -> tuple[dict, dict]:
    """Computed style of ``node``.

    Parameters
    ----------
    node : Node
    parent : dict
        The parent's inherited properties.
    sheet : StyleSheet or None
    work : list of one int, optional
        Incremented by the selector-matching work (charged to the step budget).

    Returns
    -------
    inherited : dict
        Inherited properties after this element (shared with ``parent`` when the
        element sets none, so do not mutate it).
    local : dict
        This element's non-inherited properties (display, opacity, clip-path, ...).
    """
    attrs = node.attrs
    values = {k: v for k, v in attrs.items() if k in PRESENTATION}
    important = {}
    if sheet:
        for name, value, imp in sheet.declarations(node, work):
            (important if imp else values)[name] = value
    style = attrs.get("style")
    if style:
        for name, value, imp in parse_declarations(style):
            (important if imp else values)[name] = value
    if important:
        values.update(important)
    if not values:
        return parent, {}
    if "font" in values:
        # The CSS font shorthand: its size is the first token with a unit (before "/line-height").
        for tok in values.pop("font").split():
            size = tok.split("/")[0]
            if _SHORTHAND_SIZE.match(size):
                values.setdefault("font-size", size)
                break
    if "marker" in values:
        m = values.pop("marker")
        for k in ("marker-start", "marker-mid", "marker-end"):
            values.setdefault(k, m)
    inh = None
    local = {}
    for k, v in values.items():
        if k in INHERITED:
            if v == "inherit":
                continue
            if inh is None:
                inh = dict(parent)
            if k == "font-size":
                inh[k] = _font_size(v, parent.get("font-size", 16.0))
            else:
                inh[k] = v
        elif k in _LOCAL:
            local[k] = v
    return (inh if inh is not None else parent), local


@lru_cache(maxsize=2048)
def parse_color(value: str) -> tuple[str | None, float]:
    """A CSS colour -> ``("#rrggbb", alpha)``; ``(None, 0.0)`` for ``none``/``transparent``."""
    v = value.strip()
    low = v.lower()
    if low in ("none", "transparent", ""):
        return None, 0.0
    try:
        c = svgelements.Color(v)
    except Exception:  # svgelements raises assorted errors on garbage; treat as no paint
        return None, 0.0
    if c.value is None:
        return None, 0.0
    return f"#{c.red:02x}{c.green:02x}{c.blue:02x}", c.alpha / 255.0


def url_target(value: str | None) -> tuple[str | None, str]:
    """``"url(#a) red"`` -> ``("a", "red")``; ``(None, value)`` when there is no url."""
    if not value:
        return None, ""
    v = value.strip()
    if not v.startswith("url("):
        return None, v
    close = v.find(")")
    inner = v[4:close].strip().strip("'\"")
    rest = v[close + 1:].strip()
    return (inner[1:] if inner.startswith("#") else inner or None), rest


def _opacity(value, default=1.0) -> float:
    if value is None:
        return default
    v = str(value).strip()
    try:
        x = float(v[:-1]) / 100.0 if v.endswith("%") else float(v)
    except ValueError:
        return default
    return min(1.0, max(0.0, x))


def build_style(inh: dict, opacity: float, scale: float, paint, *, reference: float = 100.0) -> Style:
    """The scene :class:`Style` of an element.

    Parameters
    ----------
    inh : dict
        Computed inherited properties.
    opacity : float
        Product of ``opacity`` down the tree.
    scale : float
        Canvas units per user unit (square root of the transform's determinant).
    paint : callable
        ``paint(value, color) -> ("#rrggbb" or None, alpha)`` resolving ``url()``
        and ``currentColor``.
    reference : float
        Normalised viewport diagonal in user units, for percentage widths.

    Notes
    -----
    The scene style has one opacity: the element's opacity times the largest
    alpha among its painted channels. A channel whose alpha is 0 is unpainted.
    """
    color = inh.get("color", "black")
    stroke, s_alpha = paint(inh.get("stroke", "none"), color)
    fill, f_alpha = paint(inh.get("fill", "black"), color)
    s_alpha *= _opacity(inh.get("stroke-opacity"))
    f_alpha *= _opacity(inh.get("fill-opacity"))
    width = parse_length(inh.get("stroke-width", "1"), reference=reference,
                         font_size=inh.get("font-size", 16.0), default=1.0) * scale
    if not width > 0 or not math.isfinite(width) or s_alpha <= 0:
        stroke = None
    if f_alpha <= 0:
        fill = None
    dash = None
    da = inh.get("stroke-dasharray", "none")
    if da and da != "none" and stroke is not None:
        vals = parse_number_list(da) if "%" not in da else []
        if len(vals) % 2:
            vals = vals * 2
        if vals and all(v >= 0 for v in vals) and sum(vals) > 0:
            dash = tuple(v * scale for v in vals)
    alpha = max(s_alpha if stroke else 0.0, f_alpha if fill else 0.0)
    return Style(stroke=stroke, stroke_width=width if stroke else 0.0, dash=dash, fill=fill,
                 opacity=opacity * (alpha if (stroke or fill) else 1.0))


# Pattern content that paints nothing itself (clip and mask outlines, metadata).
_NOT_PAINTED = frozenset({"clipPath", "mask", "defs", "title", "desc", "metadata", "style", "script"})
_SHAPES = frozenset({"path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "use"})


def _inline_declarations(style: str) -> dict:
    """``"fill:red; stroke : blue"`` -> ``{"fill": "red", "stroke": "blue"}``."""
    out = {}
    for part in style.split(";"):
        name, sep, value = part.partition(":")
        if sep:
            out[name.strip()] = value.strip()
    return out


class Painter:
    """Resolves paint values (``fill``, ``stroke``) to ``("#rrggbb" or None, alpha)``.

    ``currentColor`` takes the ``color`` property; ``url(#gradient)`` takes the
    gradient's first stop colour (following ``href`` to inherited stops): the
    matching stage only needs to know that a shape is painted and roughly how;
    ``url(#pattern)`` takes the fallback colour, else the colour its content paints
    with (a hatched region is a painted region), and records ``UNSUPPORTED``; a
    missing reference takes the fallback, else no paint.

    Parameters
    ----------
    ids : dict of str to Node
    local_style : callable
        ``local_style(node) -> dict`` of non-inherited properties (for ``stop-color``).
    unsupported : callable
        ``unsupported(node, message, key=...)`` records a diagnostic.
    """

    __slots__ = ("ids", "local_style", "unsupported")

    def __init__(self, ids, local_style, unsupported):
        self.ids = ids
        self.local_style = local_style
        self.unsupported = unsupported

    def __call__(self, value: str | None, color: str):
        if value is None:
            return None, 0.0
        v = value.strip()
        if v in ("currentColor", "currentcolor"):
            v = color if color and color.strip() not in ("currentColor", "currentcolor") else "black"
        if v.startswith("url("):
            ident, fallback = url_target(v)
            target = self.ids.get(ident) if ident else None
            if target is not None and target.tag in ("linearGradient", "radialGradient"):
                stop = self._first_stop(target)
                if stop is not None:
                    return stop
            if target is not None and target.tag == "pattern":
                self.unsupported(target, "pattern fill drawn as one colour (patterns are not interpreted)",
                                 key=("pattern", ident))
                if fallback:
                    return parse_color(fallback)
                return self._pattern_colour(target)
            return parse_color(fallback) if fallback else (None, 0.0)
        return parse_color(v)

    def _pattern_colour(self, pattern, depth=0):
        """The colour a pattern paints with: that of its first shape's fill, else of its first
        stroke (a hatch's lines), else SVG's initial black when it draws anything; ``(None, 0)``
        for an empty pattern. A pattern that inherits its content (``href``) is followed."""
        drawn = False
        strokes = []
        stack = list(pattern.elements())
        while stack:
            node = stack.pop(0)
            if node.tag in _NOT_PAINTED:
                continue
            decl = dict(node.attrs)
            decl.update(_inline_declarations(node.attrs.get("style", "")))
            fill, stroke = decl.get("fill", "").strip(), decl.get("stroke", "").strip()
            if node.tag in _SHAPES:
                drawn = True
            if fill and fill != "none" and not fill.startswith("url("):
                col = parse_color(fill)
                if col[0] is not None and col[1] > 0:
                    return col
            if stroke and stroke != "none" and not stroke.startswith("url("):
                strokes.append(stroke)
            stack[:0] = node.elements()
        for stroke in strokes:
            col = parse_color(stroke)
            if col[0] is not None and col[1] > 0:
                return col
        if not drawn:
            href = pattern.attrs.get("href", "")
            ref = self.ids.get(href[1:]) if href.startswith("#") else None
            if ref is not None and ref is not pattern and ref.tag == "pattern" and depth < 8:
                return self._pattern_colour(ref, depth + 1)
            return None, 0.0
        return parse_color("black")

    def _first_stop(self, grad, depth=0):
        stops = [c for c in grad.elements() if c.tag == "stop"]
        if not stops:
            href = grad.attrs.get("href", "")
            ref = self.ids.get(href[1:]) if href.startswith("#") else None
            if ref is not None and ref is not grad and depth < 8:
                return self._first_stop(ref, depth + 1)
            return None
        local = self.local_style(stops[0])
        col, alpha = parse_color(local.get("stop-color", stops[0].attrs.get("stop-color", "black")))
        alpha *= _opacity(local.get("stop-opacity"))
        return col, alpha
