"""SVG in the gate: static safety checks and rendering with rsvg-convert.

Used for SVG figures and for the SVG a toolchain wrote (dvisvgm, ``asy -f svg``),
because ``\\special{dvisvgm:raw ...}`` lets a TeX document put any markup there.

The static check refuses, before anything renders:

- a DOCTYPE or entity declaration (billion laughs, XXE): TECH_UNSAFE;
- a reference to anything but a fragment of the same document or a ``data:`` URI in
  ``href``/``xlink:href``/``src`` or CSS ``url(...)``/``@import`` (``file:///``,
  ``http://``): TECH_UNSAFE;
- more than ``max_depth`` nested elements or ``max_elements`` elements:
  TECH_RESOURCE.

- a document whose ``<use>`` references expand to more than ``max_expanded``
  elements (a ``<use>`` bomb: 9 levels of 10 copies are 10^9 elements, which
  rsvg-convert would render until the wall timeout): TECH_RESOURCE.

A ``<use>`` cycle adds nothing to the count (rsvg-convert skips such a reference).
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from geoverify.gate.sandbox import RunOutcome, Scratch, run_sandboxed
from geoverify.gate.settings import GateSettings

__all__ = ["SvgCheck", "check_svg", "expanded_size", "render_svg", "looks_like_svg"]

# an entity declaration, or a DOCTYPE with an internal subset (a public DOCTYPE alone is harmless:
# no external DTD is ever loaded)
_DTD = re.compile(rb"<!\s*ENTITY|<!\s*DOCTYPE[^>\[]*\[", re.IGNORECASE)
_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)", re.IGNORECASE)
_IMPORT = re.compile(r"@import", re.IGNORECASE)
_REF_ATTRS = ("href", "{http://www.w3.org/1999/xlink}href", "src")
_SVG_ROOT = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]")

MAX_DEPTH = 1000
MAX_ELEMENTS = 1_000_000
MAX_EXPANDED = 200_000
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


@dataclass(slots=True)
class SvgCheck:
    """Outcome of :func:`check_svg`: ``code`` is None when the document may render."""

    code: str | None
    message: str = ""
    depth: int = 0
    elements: int = 0


def looks_like_svg(text: str) -> bool:
    """Whether the text claims to be an SVG document (an ``<svg`` start tag near the top)."""
    return _SVG_ROOT.search(text[:5000]) is not None


def _safe_ref(value: str) -> bool:
    v = value.strip()
    return v == "" or v.startswith("#") or v.lower().startswith("data:")


def expanded_size(root: ET.Element, cap: int = MAX_EXPANDED) -> int:
    """Elements the document draws once every ``<use>`` is instantiated (at most ``cap + 1``).

    Iterative post-order walk with memoisation, so deep nesting cannot exhaust the
    Python stack; a reference back into an element still being counted (a cycle)
    counts zero.
    """
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}

    def target(el: ET.Element) -> ET.Element | None:
        if el.tag.rsplit("}", 1)[-1] != "use":
            return None
        for attr in _HREFS:
            ref = el.get(attr)
            if ref and ref.startswith("#"):
                return ids.get(ref[1:])
        return None

    memo: dict[int, int] = {}
    active: set[int] = set()
    stack: list[tuple[ET.Element, bool]] = [(root, False)]
    while stack:
        el, done = stack.pop()
        key = id(el)
        if done:
            total = 1 + sum(memo.get(id(child), 0) for child in el)
            ref = target(el)
            if ref is not None:
                total += memo.get(id(ref), 0)
            memo[key] = min(total, cap + 1)
            active.discard(key)
            continue
        if key in memo or key in active:
            continue
        active.add(key)
        stack.append((el, True))
        ref = target(el)
        if ref is not None and id(ref) not in memo and id(ref) not in active:
            stack.append((ref, False))
        stack.extend((child, False) for child in el)
    return memo.get(id(root), 0)


def check_svg(text: str | bytes, *, max_depth: int = MAX_DEPTH, max_elements: int = MAX_ELEMENTS,
              max_expanded: int = MAX_EXPANDED) -> SvgCheck:
    """Well-formedness and safety of an SVG document, without resolving anything.

    Returns
    -------
    SvgCheck
        ``code`` is None, ``"TECH_UNSAFE"``, ``"TECH_RESOURCE"`` or ``"TECH_COMPILE"``
        (not well-formed XML, or a root that is not ``<svg>``).
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    if _DTD.search(data):
        return SvgCheck("TECH_UNSAFE", "internal DTD subsets and ENTITY declarations are refused (entity "
                                       "expansion, XXE)")
    depth = max_seen = count = 0
    try:
        # iterparse keeps nothing but the open path; expat never sees a DTD here.
        for event, elem in ET.iterparse(io.BytesIO(data), events=("start", "end")):
            if event == "start":
                depth += 1
                count += 1
                max_seen = max(max_seen, depth)
                if depth > max_depth:
                    return SvgCheck("TECH_RESOURCE", f"elements nested deeper than {max_depth} levels", depth, count)
                if count > max_elements:
                    return SvgCheck("TECH_RESOURCE", f"more than {max_elements} elements", depth, count)
                if count == 1 and not elem.tag.rsplit("}", 1)[-1] == "svg":
                    return SvgCheck("TECH_COMPILE", f"root element is <{elem.tag}>, not <svg>", depth, count)
                for attr in _REF_ATTRS:
                    ref = elem.get(attr)
                    if ref is not None and not _safe_ref(ref):
                        return SvgCheck("TECH_UNSAFE", f"external reference {ref[:80]!r} in <{elem.tag.rsplit('}', 1)[-1]}>", depth, count)
                style = elem.get("style")
                if style and _style_unsafe(style):
                    return SvgCheck("TECH_UNSAFE", "external url() in a style attribute", depth, count)
                for key, value in elem.attrib.items():
                    if "url(" in value and _style_unsafe(value):
                        return SvgCheck("TECH_UNSAFE", f"external url() in attribute {key}", depth, count)
            else:
                depth -= 1
                if elem.tag.rsplit("}", 1)[-1] == "style" and elem.text and _style_unsafe(elem.text):
                    return SvgCheck("TECH_UNSAFE", "external url() or @import in <style>", depth, count)
                elem.clear()
    except ET.ParseError as exc:
        line, col = getattr(exc, "position", (None, None))
        return SvgCheck("TECH_COMPILE", f"not well-formed XML at line {line}, column {col}: {exc}", depth, count)
    except RecursionError:  # pragma: no cover - iterparse is iterative; belt and braces
        return SvgCheck("TECH_RESOURCE", "nesting too deep", depth, count)
    if count == 0:
        return SvgCheck("TECH_COMPILE", "no XML element")
    if b"use" in data:
        # Well-formed, DTD-free and depth-bounded by now, so a full parse is safe.
        size = expanded_size(ET.fromstring(data), max_expanded)
        if size > max_expanded:
            return SvgCheck("TECH_RESOURCE", f"<use> references expand to more than {max_expanded} elements",
                            max_seen, count)
    return SvgCheck(None, "", max_seen, count)


def _style_unsafe(css: str) -> bool:
    if _IMPORT.search(css):
        return True
    return any(not _safe_ref(m.group(1)) for m in _URL.finditer(css))


def render_svg(svg_path: str, png_name: str, scratch: Scratch, settings: GateSettings) -> RunOutcome:
    """Rasterise an SVG file in scratch to ``png_name`` with rsvg-convert, sandboxed.

    The long side is fitted to ``settings.raster_px`` so a huge declared size cannot
    make a huge raster.
    """
    px = str(settings.raster_px)
    argv = ["rsvg-convert", "--format=png", "--keep-aspect-ratio", "-w", px, "-h", px,
            "-o", png_name, svg_path]
    return run_sandboxed(argv, scratch, settings=settings, name="rsvg")
