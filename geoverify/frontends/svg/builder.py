"""Walk the SVG element tree and draw it into a :class:`~geoverify.scene.Scene`.

The walk carries a :class:`_Context` (user -> canvas map, inherited style,
opacity, clip regions, viewport size) down the tree. ``<use>`` instantiates its
target in place: a cycle (a ``<use>`` that reaches itself or one of its
ancestors) raises :class:`~geoverify.errors.UnsafeInputError`, and more than
``Limits.max_use_references`` instantiations in total raise
:class:`~geoverify.errors.BudgetExceededError`; :mod:`.usecheck` finds both
before anything is drawn, so no exponential blow-up can run.

Elements never loaded or interpreted: ``<image>`` (not even ``file://`` or
``data:``), ``<foreignObject>``, ``<script>``; masks, patterns and filters are
ignored with an ``UNSUPPORTED`` diagnostic where they are referenced.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, replace

import numpy as np

from geoverify.errors import BudgetExceededError, SourceLocation, UnsafeInputError, UnsupportedConstructError
from geoverify.frontends.limits import Budget
from geoverify.frontends.svg.clipping import clip_box, clipped_by, fast_bbox, viewport_region
from geoverify.frontends.svg.css import StyleSheet, parse_stylesheet
from geoverify.frontends.svg.glyphs import glyph_info, glyph_use_ok
from geoverify.frontends.svg.markers import analyse_marker, marker_primitives
from geoverify.frontends.svg.mathjax import is_mathjax, mathjax_label
from geoverify.frontends.svg.shapes import (DOT_MAX_RADIUS, ellipse_primitive, path_primitive, separate_subpaths,
                                          shape_subpaths)
from geoverify.frontends.svg.style import Painter, build_style, cascade, url_target
from geoverify.frontends.svg.text import FontMetrics, Glyph, glyph_labels, order_line, text_chunks, text_label
from geoverify.frontends.svg.units import parse_length
from geoverify.frontends.svg.usecheck import REFERENCED, SHAPES, check_use_expansion
from geoverify.frontends.svg.viewport import (
    IDENTITY,
    linear_scale,
    parse_transform,
    parse_viewbox,
    translate,
    viewbox_matrix,
)
from geoverify.frontends.svg.xmldoc import COMMENT
from geoverify.scene.graph import Scene
from geoverify.scene.primitives import Dot, Polyline, Primitive, Style, TextLabel

__all__ = ["SceneBuilder", "GRAPHICS", "SHAPES"]

GRAPHICS = SHAPES | {"text", "use", "image", "g", "svg", "a", "switch", "foreignObject"}
# Not graphics at all.
_SILENT = frozenset({"title", "desc", "metadata", "animate", "animateMotion", "animateTransform",
                     "animateColor", "set", "mpath", "script", "hkern", "vkern"})
_SKIP = object()  # a hidden glyph: neither drawn nor a label


@dataclass(slots=True)
class _Context:
    m: np.ndarray          # user -> canvas, (3, 3)
    inh: dict              # inherited style properties
    opacity: float         # product of opacity down the tree
    clips: tuple           # canvas clip rectangles (xmin, ymin, xmax, ymax) or None for an unknown region
    vp: tuple              # viewport (width, height) in user units
    name: str | None = None  # <title> of the nearest titled group


def _run(label) -> Glyph:
    """A text label as one run for :func:`~.text.glyph_labels`."""
    return Glyph(label.text, label.box, label.anchor, {"style": label.style, "source": label.source,
                                                       "clipped": label.clipped, "name": label.name},
                 label.font_size)


def _title(node) -> str | None:
    for c in node.children:
        if not isinstance(c, str) and c.tag == "title":
            text = c.text_content().strip()
            if text:
                return text
    return None


class SceneBuilder:
    """Draws one SVG document into a scene.

    Parameters
    ----------
    root : Node
    ids : dict of str to Node
    scene : Scene
    budget : Budget
    filename : str or None
    strict : bool
        Raise :class:`UnsupportedConstructError` instead of recording ``UNSUPPORTED``.
    dvisvgm : bool
        The document says it was made by dvisvgm (glyph outlines are text).
    merge_text_runs : bool
        Join text runs into labels: the positioned chunks of one ``<text>``
        (always on one line, and on following lines), and in dvisvgm documents
        also neighbouring ``<text>`` elements within half an em. When False,
        every chunk is a label of its own.
    """

    def __init__(self, root, ids, scene: Scene, budget: Budget, filename=None, strict=False, dvisvgm=False,
                 merge_text_runs=True):
        self.root = root
        self.ids = ids
        self.scene = scene
        # id(primitive) -> box of the axis-aligned clips that cut it (scene.view)
        self.clip_boxes: dict[int, tuple] = {}
        self.budget = budget
        self.filename = filename
        self.strict = strict
        self.dvisvgm = dvisvgm
        self.merge_text_runs = merge_text_runs
        self.uses = 0
        self.active: set[int] = set()
        self.sheet = self._stylesheet(root)
        self.fonts = FontMetrics.from_tree(root)
        self.paint = Painter(ids, lambda node: self._cascade(node, {})[1], self.unsupported)
        self._markers: dict[int, object] = {}
        self._glyphs: dict[int, object] = {}
        self._clip_regions: dict[tuple, object] = {}
        self._noted: set = set()
        self._styles: dict = {}
        # the largest radius of a dot, bp (parse_svg scales it for a figure without a size of its own)
        self.dot_max = DOT_MAX_RADIUS

    # -- diagnostics ------------------------------------------------------
    def loc(self, node) -> SourceLocation:
        return SourceLocation(node.line, node.column, self.filename, f"<{node.tag}>")

    def unsupported(self, node, message: str, key=None) -> None:
        key = key or (node.line, node.column, message)
        if key in self._noted:
            return
        self._noted.add(key)
        if self.strict:
            raise UnsupportedConstructError(message, location=self.loc(node))
        self.scene.note("UNSUPPORTED", message, f"<{node.tag}>", self.loc(node))

    def note(self, code, node, message, key=None) -> None:
        key = key or (code, node.line, node.column, message)
        if key in self._noted:
            return
        self._noted.add(key)
        self.scene.note(code, message, f"<{node.tag}>", self.loc(node))

    # -- set-up -----------------------------------------------------------
    def precheck_uses(self) -> None:
        """Refuse ``<use>`` cycles, bombs and oversized copies before drawing (see :mod:`.usecheck`)."""
        check_use_expansion(self.root, self.ids, self.budget.limits, self.loc)

    # -- set-up: style sheet ------------------------------------------------
    def _stylesheet(self, root) -> StyleSheet | None:
        rules = []
        stack = [root]
        while stack:
            n = stack.pop()
            for c in n.children:
                if isinstance(c, str):
                    continue
                if c.tag == "style":
                    if c.attrs.get("type", "text/css").lower() in ("text/css", ""):
                        rules += parse_stylesheet(c.text_content(), len(rules))
                else:
                    stack.append(c)
        return StyleSheet(rules) if rules else None

    def root_context(self, m: np.ndarray, vp) -> _Context:
        from geoverify.frontends.svg.style import DEFAULT_INHERITED
        return _Context(m, DEFAULT_INHERITED, 1.0, (), vp)

    def _cascade(self, node, parent_inh: dict):
        """:func:`~.style.cascade` with the selector-matching work charged to the step budget."""
        if not self.sheet:
            return cascade(node, parent_inh, None)
        work = [0]
        out = cascade(node, parent_inh, self.sheet, work)
        if work[0] > 1:
            self.budget.step(work[0] - 1, self.loc(node))
        return out

    # -- walking ----------------------------------------------------------
    def render_children(self, node, ctx: _Context) -> None:
        glyphs: list[Glyph] = []
        texts: list[Glyph] = []  # dvisvgm <text> runs drawn last, to be merged
        prims = self.scene.primitives
        for child in node.children:
            if isinstance(child, str):
                continue
            if child.tag == "use":
                g = self._glyph(child, ctx)
                if g is _SKIP:
                    continue
                if g is not None:
                    glyphs.append(g)
                    continue
            if glyphs:
                self._flush_glyphs(glyphs)
            if texts and child.tag != "text":
                self._merge_texts(texts)
            before = len(prims)
            self.render(child, ctx)
            if self.dvisvgm and self.merge_text_runs and child.tag == "text":
                texts += [_run(lb) for lb in prims[before:]]
        if glyphs:
            self._flush_glyphs(glyphs)
        if texts:
            self._merge_texts(texts)

    def _commented_text(self, node, ctx) -> None:
        """matplotlib's text as glyph outlines (its default ``svg.fonttype``): ``<g id="text_3">``
        holds the string as a comment, then the glyphs. The outlines are one label with that text,
        over their box; they are not drawn geometry."""
        prims = self.scene.primitives
        before = len(prims)
        self.render_children(node, ctx)
        drawn = prims[before:]
        text = html.unescape(node.attrs[COMMENT])  # matplotlib escapes < and & in the comment
        if not drawn or not text:
            return
        boxes = np.array([fast_bbox(p) for p in drawn], dtype=np.float64)
        box = np.array([boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max()])
        fill = next((p.style.fill or p.style.stroke for p in drawn if p.style.fill or p.style.stroke), "#000000")
        del prims[before:]
        height = float(box[3] - box[1])
        self._add(TextLabel(text=text, anchor=np.array([(box[0] + box[2]) / 2.0, box[1]]), box=box,
                            font_size=max(height / 0.75, 1.0), style=Style(stroke=None, stroke_width=0.0, fill=fill),
                            source=drawn[0].source, panel=drawn[0].panel), ctx)

    def _merge_texts(self, texts) -> None:
        """Replace dvisvgm's per-font text runs (the last ``len(texts)`` primitives) by merged labels.

        They are always the scene's tail, so no index held elsewhere moves.
        """
        prims = self.scene.primitives
        del prims[len(prims) - len(texts):]
        prims.extend(glyph_labels(texts))
        texts.clear()

    def _flush_glyphs(self, glyphs) -> None:
        for label in glyph_labels(glyphs):
            self.scene.add(label)
        glyphs.clear()
        self.budget.check_primitives(len(self.scene.primitives))

    def render(self, node, parent: _Context) -> None:
        tag = node.tag
        if tag in REFERENCED or tag in _SILENT:
            return
        if ":" in tag:
            return  # another namespace (sodipodi:namedview ...): not SVG, not drawn by browsers
        self.budget.step(1)
        inh, local = self._cascade(node, parent.inh)
        if local.get("display", "").strip() == "none" or node.attrs.get("display") == "none":
            return
        ctx = parent
        tf = parse_transform(node.attrs.get("transform")) if tag not in ("svg",) else None
        op = local.get("opacity")
        clip = local.get("clip-path")
        if inh is not parent.inh or tf is not None or op is not None or clip is not None:
            ctx = _Context(parent.m if tf is None else parent.m @ tf, inh, parent.opacity, parent.clips, parent.vp, parent.name)
            if op is not None:
                try:
                    ctx.opacity *= min(1.0, max(0.0, float(op.strip().rstrip("%")) / (100.0 if op.strip().endswith("%") else 1.0)))
                except ValueError:
                    pass
            if clip is not None and clip.strip() != "none":
                ctx.clips = parent.clips + (self._clip_region(node, clip, ctx),)
        if tag in ("g", "a", "svg", "switch"):
            title = _title(node)
            if title is not None:
                ctx = replace(ctx, name=title)
        for prop in ("mask", "filter"):
            val = local.get(prop)
            if val and val.strip() != "none":
                ident, _ = url_target(val)
                if prop == "filter" and ident is None:
                    # CSS filter functions (blur, drop-shadow, brightness ...) change the look, not the geometry.
                    self.note("APPROXIMATED", node, f"filter {val.strip()!r} not applied; the geometry is unaffected",
                              key=("filter-function", val.strip()))
                    continue
                target = self.ids.get(ident) if ident else None
                what = "unmasked" if prop == "mask" else "unfiltered"
                self.unsupported(target or node, f"{prop} {val.strip()!r} ignored; the geometry is drawn {what}",
                                 key=(prop, ident or val))
        ident = id(node)
        if ident in self.active:
            raise UnsafeInputError(f"<use> cycle: <{tag}> at line {node.line} contains a reference to itself",
                                   location=self.loc(node))
        self.active.add(ident)
        # The location is only needed for the error; building it for every element costs.
        self.budget.enter(self.loc(node) if self.budget.depth >= self.budget.limits.max_depth else None)
        try:
            if tag == "g" and is_mathjax(node):
                if not self._hidden(ctx):
                    label = mathjax_label(node, ctx.m, self.ids, **self._common(node, ctx, self._style(ctx)))
                    if label is not None:
                        self._add(label, ctx)
            elif tag == "g" and COMMENT in node.attrs and node.attrs.get("id", "").startswith("text_") \
                    and not _has_text(node):
                self._commented_text(node, ctx)
            elif tag in ("g", "a"):
                self.render_children(node, ctx)
            elif tag == "switch":
                for c in node.elements():
                    if c.tag in GRAPHICS:
                        self.render(c, ctx)
                        break
            elif tag in SHAPES:
                self._shape(node, ctx)
            elif tag == "text":
                self._text(node, ctx)
            elif tag == "use":
                self._use(node, ctx)
            elif tag == "svg":
                self._nested_svg(node, ctx)
            elif tag == "image":
                href = node.attrs.get("href", "")
                self.unsupported(node, f"<image> not loaded (images are never fetched, not even "
                                       f"file:// or data: URLs; href {href[:60]!r})")
            elif tag == "foreignObject":
                self.unsupported(node, "<foreignObject> content (HTML) is not interpreted")
            elif tag in ("tspan", "textPath"):
                self.note("WARNING", node, f"<{tag}> outside <text> is not drawn")
            else:
                self._unknown(node)
        finally:
            self.budget.leave()
            self.active.discard(ident)

    def _unknown(self, node) -> None:
        stack = list(node.elements())
        while stack:
            c = stack.pop()
            if c.tag in GRAPHICS:
                self.unsupported(node, f"unknown element <{node.tag}> (with graphics inside) is not drawn")
                return
            stack.extend(c.elements())
        self.note("NOTE", node, f"unknown element <{node.tag}> ignored (browsers do not draw it either)",
                  key=("unknown", node.tag))

    # -- elements ---------------------------------------------------------
    def _common(self, node, ctx, style) -> dict:
        # "clipped" here means "under some clip region"; _add narrows it by geometry.
        # Name: the element's <title> (Penrose writes object names there), its id, else its group's title.
        name = _title(node) or node.attrs.get("id") or ctx.name
        return {"style": style, "source": self.loc(node), "clipped": bool(ctx.clips), "name": name}

    def _style(self, ctx):
        scale = linear_scale(ctx.m)
        inh = ctx.inh
        # Keyed by the values that decide the style: figures repeat a handful of styles.
        key = (inh.get("fill"), inh.get("stroke"), inh.get("stroke-width"), inh.get("stroke-dasharray"),
               inh.get("fill-opacity"), inh.get("stroke-opacity"), inh.get("color"), ctx.opacity, scale, ctx.vp)
        hit = self._styles.get(key)
        if hit is not None:
            return hit
        diag = math.hypot(*ctx.vp) / math.sqrt(2.0)
        style = build_style(inh, ctx.opacity, scale, self.paint, reference=diag)
        self._styles[key] = style
        return style

    def _hidden(self, ctx) -> bool:
        return ctx.inh.get("visibility", "visible") in ("hidden", "collapse")

    def _add(self, prim: Primitive, ctx) -> int | None:
        box = fast_bbox(prim)
        if not all(math.isfinite(v) for v in box):
            self.scene.note("WARNING", "non-finite coordinates; element not drawn", prim.source.construct if prim.source else "", prim.source)
            return None
        if prim.clipped:
            prim.clipped = clipped_by(box, ctx.clips)
            if prim.clipped:
                cut = clip_box(ctx.clips)
                if cut is not None:
                    self.clip_boxes[id(prim)] = cut
        idx = self.scene.add(prim)
        self.budget.check_primitives(idx + 1)
        return idx

    def _shape(self, node, ctx) -> None:
        hidden = self._hidden(ctx)
        markers = self._element_markers(node, ctx) if node.tag in ("path", "line", "polyline", "polygon") else {}
        if hidden and not markers:
            return
        style = self._style(ctx)
        fs = ctx.inh.get("font-size", 16.0)
        common = self._common(node, ctx, style)
        if node.tag in ("circle", "ellipse"):
            if hidden or not style.visible:
                return
            a = node.attrs
            w, h = ctx.vp
            cx = parse_length(a.get("cx"), reference=w, font_size=fs, default=0.0)
            cy = parse_length(a.get("cy"), reference=h, font_size=fs, default=0.0)
            if node.tag == "circle":
                r = parse_length(a.get("r"), reference=math.hypot(w, h) / math.sqrt(2), font_size=fs, default=0.0)
                rx = ry = r
            else:
                rx = parse_length(a.get("rx"), reference=w, font_size=fs, default=None)
                ry = parse_length(a.get("ry"), reference=h, font_size=fs, default=None)
                rx = ry if rx is None else rx
                ry = rx if ry is None else ry
                rx, ry = rx or 0.0, ry or 0.0
            if rx <= 0 or ry <= 0:
                return
            if not all(math.isfinite(v) for v in (cx, cy, rx, ry)):
                self.note("WARNING", node, "non-finite coordinates; element not drawn")
                return
            self._add(ellipse_primitive(ctx.m, cx, cy, rx, ry, dot_max=self.dot_max, **common), ctx)
            return
        raws, error = shape_subpaths(node, ctx.vp, fs)
        if error:
            self.note("WARNING", node, f"{error}; drawn up to the error, as browsers do")
        if not raws:
            return
        if (len(raws) == 1 and style.stroked and ctx.inh.get("stroke-linecap") == "round"
                and len({tuple(seg) for seg in raws[0].controls}) == 1 and len(set(raws[0].controls[0])) <= 2):
            # A zero-length stroke with round caps draws a disc: the hand-written SVG way to draw a dot.
            x, y = raws[0].controls[0][:2]
            center = ctx.m[:2, :2] @ np.array([x, y]) + ctx.m[:2, 2]
            disc = replace(style, fill=style.stroke, stroke=None, stroke_width=0.0, dash=None)
            self._add(Dot(center=center, radius=style.stroke_width / 2.0, **{**common, "style": disc}), ctx)
            return
        if style.fill is not None and all(len(r.controls) == 1 and r.straight[0] for r in raws):
            # Straight segments enclose no area: their fill paints nothing.
            style = replace(style, fill=None)
            common = {**common, "style": style}
        if len(raws) > 1 and not markers and not hidden and style.visible:
            parts = separate_subpaths(raws, ctx.m, dot_max=self.dot_max, **common)
            if parts is not None:
                for part in parts:
                    self._add(part, ctx)
                return
        prim, canvas = path_primitive(raws, ctx.m, dot_max=self.dot_max, **common)
        if hidden or not style.visible:
            if not markers:
                return
        idx = self._add(prim, ctx)
        if markers and idx is not None:
            sw = parse_length(ctx.inh.get("stroke-width", "1"), default=1.0)
            mstyle = replace(style, stroke=None, stroke_width=0.0, fill=style.stroke or style.fill or "#000000")
            extra = marker_primitives(canvas, markers, ctx.m, sw, idx,
                                      {"style": mstyle, "source": common["source"], "clipped": prim.clipped,
                                       "name": prim.name})
            for p in extra:
                self._add(p, ctx)

    def _element_markers(self, node, ctx) -> dict:
        out = {}
        for pos in ("start", "mid", "end"):
            val = ctx.inh.get(f"marker-{pos}")
            if not val or val.strip() == "none":
                continue
            ident, _ = url_target(val)
            target = self.ids.get(ident) if ident else None
            if target is None or target.tag != "marker":
                continue
            shape = self._markers.get(id(target))
            if shape is None:
                shape = analyse_marker(target, self._draw_isolated(target, IDENTITY, (100.0, 100.0)))
                self._markers[id(target)] = shape
            out[pos] = shape
        return out

    def _draw_isolated(self, container, m, vp, inh=None) -> list:
        """Draw a container's children into a throw-away scene (markers, clip paths)."""
        from geoverify.frontends.svg.style import DEFAULT_INHERITED
        saved = self.scene
        self.scene = Scene(unit=saved.unit, source_format=saved.source_format)
        try:
            ctx = _Context(m, inh or {**DEFAULT_INHERITED, "stroke": "black"}, 1.0, (), vp)
            if id(container) in self.active:
                raise UnsafeInputError(f"<{container.tag}> at line {container.line} refers to itself",
                                       location=self.loc(container))
            self.active.add(id(container))
            self.budget.enter(self.loc(container))
            try:
                self.render_children(container, ctx)
            finally:
                self.budget.leave()
                self.active.discard(id(container))
            return list(self.scene.primitives)
        finally:
            self.scene = saved

    def _clip_region(self, node, value, ctx):
        ident, _ = url_target(value)
        target = self.ids.get(ident) if ident else None
        if target is None or target.tag != "clipPath":
            return None
        if target.attrs.get("clipPathUnits") == "objectBoundingBox":
            return None
        m = ctx.m
        tf = parse_transform(target.attrs.get("transform"))
        if tf is not None:
            m = m @ tf
        key = (id(target), m.tobytes())
        if key in self._clip_regions:
            return self._clip_regions[key]
        region = None
        prims = self._draw_isolated(target, m, ctx.vp, {**ctx.inh, "fill": "black", "visibility": "visible"})
        # Only a single axis-aligned rectangle is trusted as a region; anything else
        # marks every clipped primitive as clipped.
        if len(prims) == 1 and isinstance(prims[0], Polyline) and prims[0].closed_flag and len(prims[0].points) == 4:
            p = prims[0].points
            xs, ys = np.unique(np.round(p[:, 0], 9)), np.unique(np.round(p[:, 1], 9))
            if len(xs) == 2 and len(ys) == 2:
                region = (float(xs[0]), float(ys[0]), float(xs[1]), float(ys[1]))
        self._clip_regions[key] = region
        return region

    def _text(self, node, ctx) -> None:
        if self._hidden(ctx):
            return
        chunks = text_chunks(node, ctx.inh, ctx.vp, self.fonts)
        if not chunks:
            return
        if len(chunks) > 1 and self.merge_text_runs and not self.dvisvgm:
            chunks = order_line(chunks)  # a formula's glyphs grouped by font (matplotlib)
        for c in node.elements():
            if c.tag == "textPath":
                self.note("APPROXIMATED", c, "text on a path placed at the text position")
                break
        style = self._style(ctx)
        if not style.visible:
            return
        common = self._common(node, ctx, style)
        whole_lines = len(chunks) > 1  # lines joined into one label are measured by the font's line
        labels = [text_label(c.text, c.x, c.base, c.width, c.font_size, ctx.m, ink=not whole_lines, **common)
                  for c in chunks]
        if len(labels) > 1 and self.merge_text_runs and not self.dvisvgm:
            # One element's chunks are one label (lines apart from each other); in dvisvgm
            # documents render_children joins runs across elements by distance instead.
            labels = glyph_labels([_run(lb) for lb in labels], max_gap=math.inf)
        for label in labels:
            self._add(label, ctx)

    # -- use, symbol, nested svg -----------------------------------------
    def _use_target(self, node):
        href = node.attrs.get("href", "").strip()
        if not href.startswith("#"):
            if href:
                self.unsupported(node, f"<use> of an external resource {href[:60]!r} not loaded")
            return None
        target = self.ids.get(href[1:])
        if target is None:
            self.note("WARNING", node, f"<use> refers to missing id {href!r}")
        return target

    def _count_use(self, node) -> None:
        self.uses += 1
        if self.uses > self.budget.limits.max_use_references:
            raise BudgetExceededError(
                f"more than {self.budget.limits.max_use_references} <use> instantiations "
                "(Limits.max_use_references); a <use> bomb?", location=self.loc(node))

    def _use_matrix(self, node, ctx) -> np.ndarray:
        w, h = ctx.vp
        fs = ctx.inh.get("font-size", 16.0)
        x = parse_length(node.attrs.get("x"), reference=w, font_size=fs, default=0.0)
        y = parse_length(node.attrs.get("y"), reference=h, font_size=fs, default=0.0)
        return ctx.m @ translate(x, y) if (x or y) else ctx.m

    def _use(self, node, ctx) -> None:
        target = self._use_target(node)
        if target is None:
            return
        self._count_use(node)
        if id(target) in self.active:
            raise UnsafeInputError(f"<use> cycle: {node.attrs.get('href')!r} at line {node.line} "
                                   "refers to an element that contains it", location=self.loc(node))
        inner = replace(ctx, m=self._use_matrix(node, ctx))
        if target.tag == "symbol":
            self._symbol(target, node, inner)
        elif target.tag == "svg":
            self._nested_svg(target, inner, use=node)
        else:
            self.render(target, inner)

    def _symbol(self, symbol, use, ctx) -> None:
        inh, local = self._cascade(symbol, ctx.inh)
        if local.get("display", "").strip() == "none":
            return
        w, h = ctx.vp
        fs = ctx.inh.get("font-size", 16.0)
        vw = parse_length(use.attrs.get("width") or symbol.attrs.get("width"), reference=w, font_size=fs, default=None)
        vh = parse_length(use.attrs.get("height") or symbol.attrs.get("height"), reference=h, font_size=fs, default=None)
        vw = w if vw is None else vw
        vh = h if vh is None else vh
        vb = parse_viewbox(symbol.attrs.get("viewBox"))
        m = ctx.m
        vp = (vw, vh)
        if vb is not None:
            m = m @ viewbox_matrix(vb, vw, vh, symbol.attrs.get("preserveAspectRatio"))
            vp = (vb[2], vb[3])
        clips = ctx.clips + viewport_region(ctx.m, 0.0, 0.0, vw, vh, symbol.attrs.get("overflow"))
        inner = _Context(m, inh, ctx.opacity, clips, vp, ctx.name)
        self.active.add(id(symbol))
        self.budget.enter(self.loc(symbol))
        try:
            self.render_children(symbol, inner)
        finally:
            self.budget.leave()
            self.active.discard(id(symbol))

    def _nested_svg(self, node, ctx, use=None) -> None:
        a = node.attrs
        w, h = ctx.vp
        fs = ctx.inh.get("font-size", 16.0)
        x = parse_length(a.get("x"), reference=w, font_size=fs, default=0.0)
        y = parse_length(a.get("y"), reference=h, font_size=fs, default=0.0)
        src = use.attrs if use is not None else a
        vw = parse_length(src.get("width") or a.get("width"), reference=w, font_size=fs, default=w)
        vh = parse_length(src.get("height") or a.get("height"), reference=h, font_size=fs, default=h)
        vb = parse_viewbox(a.get("viewBox"))
        m = ctx.m
        vp = (vw, vh)
        if vb is not None:
            m = m @ viewbox_matrix(vb, vw, vh, a.get("preserveAspectRatio"), x, y)
            vp = (vb[2], vb[3])
        elif x or y:
            m = m @ translate(x, y)
        clips = ctx.clips + viewport_region(ctx.m, x, y, vw, vh, a.get("overflow"))
        inner = replace(ctx, m=m, vp=vp, clips=clips)
        if use is not None:
            inh, local = self._cascade(node, ctx.inh)
            inner.inh = inh
        self.render_children(node, inner)

    # -- glyphs -------------------------------------------------------------
    def _glyph(self, node, ctx):
        """The :class:`Glyph` a ``<use>`` draws, None when it is not a glyph, ``_SKIP`` when hidden."""
        href = node.attrs.get("href", "")
        if not href.startswith("#"):
            return None
        target = self.ids.get(href[1:])
        if target is None:
            return None
        info = self._glyphs.get(id(target))
        if info is None:
            info = glyph_info(target, self.dvisvgm)
            self._glyphs[id(target)] = info
        if info is False:
            return None
        if not glyph_use_ok(node):
            return None
        inh, local = self._cascade(node, ctx.inh)
        if local.get("display", "").strip() == "none" or inh.get("visibility", "visible") in ("hidden", "collapse"):
            return _SKIP
        self._count_use(node)
        self.budget.step(1)
        # Plain float arithmetic: glyph uses are numerous and numpy's per-call cost dominates here.
        m = ctx.m
        tf = parse_transform(node.attrs.get("transform"))
        if tf is not None:
            m = m @ tf
        a, c, e = m[0, 0], m[0, 1], m[0, 2]
        b, d, f = m[1, 0], m[1, 1], m[1, 2]
        w, h = ctx.vp
        fs = ctx.inh.get("font-size", 16.0)
        ux = parse_length(node.attrs.get("x"), reference=w, font_size=fs, default=0.0)
        uy = parse_length(node.attrs.get("y"), reference=h, font_size=fs, default=0.0)
        char, (x0, y0, x1, y1) = info
        xs = [a * (x + ux) + c * (y + uy) + e for x in (x0, x1) for y in (y0, y1)]
        ys = [b * (x + ux) + d * (y + uy) + f for x in (x0, x1) for y in (y0, y1)]
        box = np.array([min(xs), min(ys), max(xs), max(ys)])
        origin = np.array([a * ux + c * uy + e, b * ux + d * uy + f])
        opacity = ctx.opacity
        op = local.get("opacity")
        if op is not None:
            try:
                opacity *= float(op)
            except ValueError:
                pass
        key = ("glyph", inh.get("fill"), inh.get("fill-opacity"), inh.get("color"), opacity)
        style = self._styles.get(key)
        if style is None:
            style = build_style({**inh, "stroke": "none"}, opacity, 1.0, self.paint)
            self._styles[key] = style
        clipped = clipped_by((min(xs), min(ys), max(xs), max(ys)), ctx.clips)
        return Glyph(char, box, origin, {"style": style, "source": self.loc(node), "clipped": clipped})


def _has_text(node, depth: int = 0) -> bool:
    """Whether a ``<text>`` element is below ``node`` (a few levels down)."""
    return depth < 8 and any(c.tag == "text" or _has_text(c, depth + 1) for c in node.elements())
