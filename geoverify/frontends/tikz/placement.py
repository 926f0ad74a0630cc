"""Placing nodes: options, size from the text, anchor, position, labels and pins,
and the scene primitives of a node (outline, dot, text); named-path intersections,
pics and plot marks. A mixin of the interpreter.

TikZ places a node in its own frame: shifted to its position, the picture's
rotation and scaling dropped (unless ``transform shape``), then the node's own
transformations; the anchor point of the shape lands on the position.
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.errors import FigureSyntaxError, GeoverifyError, SourceLocation
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.colors import to_hex
from geoverify.frontends.tikz.corners import round_corners
from geoverify.frontends.tikz.emit import path_style
from geoverify.frontends.tikz.fonts import TextBox, baselineskip, em as font_em, line_skip, measure, node_lines
from geoverify.frontends.tikz.fonts import wrap
from geoverify.frontends.tikz.circuits import GATE_SHAPES, gate_shape
from geoverify.frontends.tikz.circuits_ee import EE_SHAPES
from geoverify.frontends.tikz.circuits_us import US_SHAPES
from geoverify.frontends.tikz.display_text import display_box, display_skips, has_display
from geoverify.frontends.tikz.geoshapes import POLYGON_SHAPES, polygon_shape
from geoverify.frontends.tikz.nodes import Node, direction_angle
from geoverify.frontends.tikz.options import DEFAULTS, split_options
from geoverify.frontends.tikz.pathbuild import segment_controls
from geoverify.frontends.tikz.splitting import split_top_level
from geoverify.frontends.tikz.tex import Macro, detokenize, tokenize
from geoverify.scene import Polyline, TextLabel
from geoverify.scene.primitives import BezierPath, Circle, Dot, Ellipse, Style, Subpath

__all__ = ["NodePlacementMixin", "measure_node"]

#: shapes.symbols' circles with a slash (pgflibraryshapes.symbols.code.tex)
_FORBIDDEN_SIGNS = ("forbidden sign", "correct forbidden sign")

#: shapes placed as themselves (no library shape of another name is measured as one of these)
_PLAIN_SHAPES = frozenset(("rectangle", "circle", "ellipse", "coordinate"))

#: the source of a node's primitives by the statement's location (a loop's nodes share one), keyed
#: by the location's fields (a tuple hashes and compares in C; a dataclass by Python methods)
_NODE_SOURCES: dict[tuple, SourceLocation] = {}


#: the last ``(loc, source)`` of :func:`_node_source`: the nodes of one statement come one after
#: another with the same location object, which is found here without hashing it (a Python
#: ``__hash__`` of a dataclass)
_LAST_SOURCE: list = [None, None]


def _node_source(loc: SourceLocation) -> SourceLocation:
    """``loc`` as the source of a node's primitives (construct ``"node"``); locations are
    immutable, so the nodes of one statement share it."""
    last = _LAST_SOURCE
    if loc is last[0]:
        return last[1]
    key = (loc.line, loc.column, loc.file, loc.construct)
    src = _NODE_SOURCES.get(key)
    if src is None:
        if len(_NODE_SOURCES) >= 20000:
            _NODE_SOURCES.clear()
        src = _NODE_SOURCES[key] = SourceLocation(loc.line, loc.column, loc.file, "node")
    last[0], last[1] = loc, src
    return src


#: the style of a node's text by ``(colour, opacity)`` (a frozen Style: the labels share it)
_TEXT_STYLES: dict[tuple, Style] = {}


def _text_style(color, opacity) -> Style:
    """The style of node text in ``color`` (an RGB triple) at ``opacity``, made once per arguments."""
    try:
        if type(opacity) is not float:  # (an int opacity is the same key, yet another Style)
            raise TypeError
        key = (color, opacity)
        style = _TEXT_STYLES.get(key)
    except TypeError:  # (a list or an array: no key)
        return Style(stroke=None, stroke_width=0.0, fill=to_hex(color), opacity=opacity)
    if style is None:
        if len(_TEXT_STYLES) >= 2000:
            _TEXT_STYLES.clear()
        style = _TEXT_STYLES[key] = Style(stroke=None, stroke_width=0.0, fill=to_hex(color), opacity=opacity)
    return style


#: The keys a node does not take from the state around it, and their values at its start
#: (:meth:`NodePlacementMixin.node_state`); all immutable, so one table serves every node.
#: The anchor is not among them: tikz.code.tex sets \tikz@anchor once, so "above" or
#: "anchor=west" given to a scope, path or edge places its nodes (loop above is {above,...,loop}).
_NODE_OWN = {
    **{k: DEFAULTS[k] for k in ("draw", "fill", "pos", "node_name", "at", "place_of")},
    "node_shift": (0.0, 0.0),
    "place_from_at": False,  # set by the path when an "at" follows "above=of a"
    "labels": (), "pins": (),
    "circuit_annotations": (),  # (a node's own: drawn after it)
    "initial_arrow": False, "accepting_arrow": False,  # after node path: the node's own
    "sloped": False,
    "arrow_start": None, "arrow_end": None,  # a node draws no tips
    "markings": None,
    "path_picture": None,  # a path's own (a node takes its own from its options)
    "shadows": None,  # preactions too
    "node_aliases": (),
    "node_sets": (),  # set=<name> of this node's own keys (every node, nodes, its options)
    "name_path": None,
    "ctm": G.IDENTITY,  # the node's own transformations are collected from here (node_ctm)
}


class NodePlacementMixin:
    """Nodes, labels, pins, pics, plot marks and named-path intersections."""

    def _path_polyline(self, name: str):
        from geoverify.frontends.tikz.geometry import sample_cubics
        path = self.named_paths.get(name.strip())
        if path is None:
            raise FigureSyntaxError(f"no path named '{name.strip()}' (give a path 'name path={name.strip()}' first)")
        lines = []
        for sp in path.subpaths:
            if not sp.segs:
                continue
            ctrl = np.concatenate([segment_controls(s) for s in sp.segs])
            straight = all(s[0] == "L" for s in sp.segs)
            pts = np.vstack([ctrl[:, 0], ctrl[-1:, 3]]) if straight else sample_cubics(ctrl, 48)[0]
            lines.append(pts)
        return lines

    def path_intersections(self, a: str, b: str) -> list:
        """Crossings of two named paths in pgf's order: by the segment of the first path,
        then the segment of the second (pgflibraryintersections loops over both), then
        along the first."""
        from geoverify.frontends.tikz.geometry import segments_intersections
        def segment(line, step, arclen):  # the path segment at an arc length along a polyline
            cum = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(line, axis=0).T))])
            return int(min(np.searchsorted(cum, arclen, side="right") - 1, len(line) - 2) // step)

        keyed = []
        lines_b = list(zip(self._path_polyline(b), self._segment_steps(b)))
        for ia, (pa, step_a) in enumerate(zip(self._path_polyline(a), self._segment_steps(a))):
            for ib, (pb, step_b) in enumerate(lines_b):
                for hit in segments_intersections(pa, pb):
                    key = (ia, segment(pa, step_a, hit[2]), ib, segment(pb, step_b, hit[3]), hit[2])
                    keyed.append((key, hit))
        keyed.sort(key=lambda kh: kh[0])
        return [h for _, h in keyed]

    def _segment_steps(self, name: str) -> list:
        """Polyline samples per path segment of each subpath of ``_path_polyline``."""
        path = self.named_paths[name.strip()]
        return [1 if all(s[0] == "L" for s in sp.segs) else 48 for sp in path.subpaths if sp.segs]

    def name_intersections(self, spec: str, st: dict) -> None:
        kv = dict(split_options(spec))
        of = kv.get("of", "")
        if " and " not in of:
            raise FigureSyntaxError(f"name intersections needs of=<path> and <path>, got '{of}'")
        a, b = of.split(" and ", 1)
        pts = self.path_intersections(a, b)
        prefix = kv.get("name", "intersection")
        by = [x.strip() for x in split_top_level(kv.get("by", "")) if x.strip()]
        for k, (x, y, _, _) in enumerate(pts, start=1):
            self.nodes[f"{prefix}-{k}"] = Node(None, "coordinate", (x, y))
            if k <= len(by):
                nm = by[k - 1]
                if nm.startswith("["):
                    nm = nm[nm.index("]") + 1:].strip()
                self.nodes[nm] = Node(nm, "coordinate", (x, y))
        total = kv.get("total")
        if total:
            self.defs.set(total.strip(), Macro([], tokenize(str(len(pts))), None, 0))

    def node_state(self, st: dict, opts: str, every_shape: bool = True) -> dict:
        """State of a node on a path in state ``st`` with options ``opts``; transformations
        in ``opts`` are collected separately (``node_ctm``) as TikZ applies them in the node's frame.
        ``every_shape=False`` leaves out ``every <shape> node`` (a label applies it after its own keys)."""
        nst = dict(st)
        # the keys a node does not take from the path (:data:`_NODE_OWN`), set at once
        nst.update(_NODE_OWN)
        # the state around the node (a copy: the path's later options do not reach back): its labels
        # and pins are nodes made after it, in this state (tikz.code.tex: "append after command")
        nst["path_state"] = dict(st)
        # (text width and align given to a picture, scope or path hold for its nodes: pgf's macros;
        # its labels start from those, not from their node's own)
        nst["path_text"] = {"text_width": st.get("text_width"), "align": st.get("align")}
        # inner sep and outer sep set on the picture, a scope or the path apply to its nodes;
        # labels and pins start from these, not from their node's own
        nst["path_seps"] = (st["inner_xsep"], st["inner_ysep"], st["outer_sep"])
        # \tikz@shape is not reset for a node: "circle" or "shape=..." of a picture, scope or path holds
        nst["shape"] = nst["path_shape"] = st.get("shape") or "rectangle"
        # minimum sizes given to the picture, a scope or the path hold for its nodes (pgf keys); pgf's are 1pt
        if not st.get("min_width") and not st.get("min_width_spec"):
            nst["min_width"], nst["min_width_spec"] = 1.0, None  # (em/ex sizes: _font_minimums)
        if not st.get("min_height") and not st.get("min_height_spec"):
            nst["min_height"], nst["min_height_spec"] = 1.0, None
        nst["path_mins"] = {"min_width": nst["min_width"], "min_height": nst["min_height"],
                            "min_width_spec": nst["min_width_spec"], "min_height_spec": nst["min_height_spec"]}
        # a node draws no tips; a picture in its text keeps the path's (nested.py)
        nst["path_arrows"] = (st["arrow_start"], st["arrow_end"])
        outer_ctm = st["ctm"]
        every = self.defs.get("style:every node")
        if every:
            self.apply_options(nst, every)
        if st.get("nodes_style"):  # nodes={...} of the scope (appended to every node)
            self.apply_options(nst, st["nodes_style"])
        if opts:
            nst["node_quotes"] = True  # "text" among a node's own options is a label (nodequotes.py)
            self.apply_options(nst, opts)
            nst["node_quotes"] = False
        if every_shape:
            self._every_shape_node(nst)
        nst["node_ctm"] = nst["ctm"]
        nst["ctm"] = outer_ctm
        return nst

    def _every_shape_node(self, nst: dict) -> None:
        every_shape = self.defs.get(f"style:every {nst['shape']} node")
        if every_shape:  # tikz.code.tex: "every <shape> node/.try" once the node's options are read
            self.apply_options(nst, every_shape)

    def place_node(self, nst: dict, name, p, text: str, loc, tangent=None, record_label: bool = True):
        """Build a node at canvas point ``p``; add its outline and text to the scene."""
        if name and (nst.get("name_prefix") or nst.get("name_suffix")):  # a scope's name prefix/suffix
            name = nst.get("name_prefix", "") + name + nst.get("name_suffix", "")
        if nst.get("position_later"):  # \\pgfpositionnodelater (pgfnodes.py): kept, drawn when positioned
            from geoverify.frontends.tikz.pgfnodes import keep_node_for_later
            return keep_node_for_later(self, nst, name, p, text, loc)
        if nst.get("node_sets"):  # set=<name>: a member of the node set (named if it has no name)
            name = name or f"tikz set node {len(self.placed_nodes)}"
            for s in nst["node_sets"]:
                self.defs.set("nodeset:" + s, [*(self.defs.get("nodeset:" + s) or []), name], global_=True)
        through = nst.get("circle_through")
        if through is not None:  # circle through=(B): minimum size 2 veclen(B - at) (tikzlibrarythrough)
            nst = dict(nst)
            nst["min_width"] = nst["min_height"] = 2 * G.pgf_veclen(through[0] - p[0], through[1] - p[1])
            nst["min_width_spec"] = nst["min_height_spec"] = None
        if nst.get("min_width_spec") or nst.get("min_height_spec"):
            nst = _font_minimums(nst)
        shape = nst["shape"]
        if shape in _PLAIN_SHAPES:  # (most nodes: none of the tests below holds for these)
            shape_eff = shape
        elif shape == "rectangle split":
            from geoverify.frontends.tikz.rectsplit import place_split_node
            return place_split_node(self, nst, name, p, text, loc)
        elif shape in ("tqft cobordism", "tqft boundary circle"):  # the tqft package (tqft_nodes.py)
            from geoverify.frontends.tikz.tqft_nodes import place_tqft_node
            return place_tqft_node(self, nst, name, p, text, loc)
        elif shape == "circle solidus":
            from geoverify.frontends.tikz.multipart import place_circle_solidus
            return place_circle_solidus(self, nst, name, p, text, loc)
        elif shape == "circle split":
            from geoverify.frontends.tikz.multipart import place_circle_split
            return place_circle_split(self, nst, name, p, text, loc)
        elif shape == "rounded rectangle":
            shape_eff = "rectangle"  # its anchors and borders are the bounding rectangle's
        elif shape in _FORBIDDEN_SIGNS or shape == "magnifying glass":
            shape_eff = "circle"  # a circle node with a slash (a handle) drawn over it (shapes.symbols)
        elif shape in POLYGON_SHAPES or shape in GATE_SHAPES or shape in US_SHAPES:
            shape_eff = "polygon"
        elif shape in EE_SHAPES:  # shapes.gates.ee(.IEC) (circuits_ee.py)
            shape_eff = "circle" if EE_SHAPES[shape] == "circle" else "polygon"
        elif shape not in ("rectangle", "circle", "ellipse", "coordinate", "cross out", "strike out"):
            self.note("APPROXIMATED", f"node shape '{shape}' is measured as a rectangle", shape, loc)
            shape_eff = "rectangle"
        else:
            shape_eff = shape
        if nst.get("fit"):
            p = self._fit(nst, loc)
        if "\\begin{tikzpicture}" in text or "\\tikz" in text or "\\begin{tikzcd}" in text:
            from geoverify.frontends.tikz.nested import is_nested_picture, place_nested
            if is_nested_picture(text):
                return place_nested(self, nst, name, p, text, loc, tangent)
            from geoverify.frontends.tikz.inline_picture import place_inline
            node = place_inline(self, nst, name, p, text, loc, tangent)
            if node is not None:
                return node
            self.note("UNSUPPORTED", "a picture inside node text is not interpreted (only its box is estimated)",
                      "node text", loc)
        text = text.strip()
        if nst.get("node_contents"):  # typeset like node text: its macros (and pgfmath) expanded
            text = detokenize(self.expand_all(tokenize(nst["node_contents"]))).strip()
        if "\\\\" in text and nst["text_width"] is None and (nst.get("align") or "none").strip() == "none":
            # TikZ makes \\ a line break only with align= or text width; in the node's \hbox
            # LaTeX's \\ (\unskip\nobreak\hfil\break) breaks nothing: one line
            from geoverify.frontends.tikz.fonts import node_lines as lines_of
            parts = lines_of(text)
            text = "".join(part.strip() for part in parts) if len(parts) > 1 else text
        if nst["text_width"] is not None and has_display(text):  # the figure's display skips
            nst = dict(nst)
            nst["display_skips"] = display_skips(self)
        box, widths, w, h, dpt, ixs, hw, hh, outer = _node_size(nst, shape_eff, text)
        if box is not None and box.approximate:
            self.note("APPROXIMATED", f"text '{text[:40]}' has commands without font metrics; its box is estimated",
                      "node text", loc)
        node = Node(name, shape_eff, (0.0, 0.0), hw, hh, outer, h, dpt, extra={"inner_xsep": ixs})
        if shape == "rounded rectangle":  # its ends and compass anchors (roundedrect.py)
            iys_rr = nst["inner_ysep"] if nst["inner_ysep"] is not None else 0.3333 * _em(
                nst.get("outer_font_size", 10.0), nst.get("outer_family", False))
            rr = node.extra["rounded_rectangle"] = _rounded_rectangle(nst, w / 2, (h + dpt) / 2, ixs, iys_rr)
            node.extra["shape_anchors"] = rr.anchors(outer)
        if shape_eff == "circle" and shape in EE_SHAPES:  # circle ee's input and output (circuits_ee.py)
            from geoverify.frontends.tikz.circuits_ee import ee_circle_anchors
            node.extra["shape_anchors"] = ee_circle_anchors(hw, outer)
        if shape_eff == "polygon":
            iys = nst["inner_ysep"] if nst["inner_ysep"] is not None else 0.3333 * _em(
                nst.get("outer_font_size", 10.0), nst.get("outer_family", False))
            try:
                if shape in GATE_SHAPES:  # circuits.logic.IEC (circuits.py)
                    poly = gate_shape(shape, nst, w, h + dpt, ixs, iys, outer)
                elif shape in US_SHAPES:  # circuits.logic.US and .CDH (circuits_us.py)
                    from geoverify.frontends.tikz.circuits_us import us_gate_shape
                    poly = us_gate_shape(shape, nst, w, h + dpt, ixs, iys, outer)
                elif shape in EE_SHAPES:  # circuits.ee.IEC (circuits_ee.py)
                    from geoverify.frontends.tikz.circuits_ee import ee_shape
                    poly = ee_shape(shape, nst, w, h + dpt, ixs, iys, outer)
                else:
                    poly = polygon_shape(shape, nst.get("shape_params", {}), w / 2 + ixs, (h + dpt) / 2 + iys,
                                         nst["min_width"], nst["min_height"], outer, nst["line_width"],
                                         (ixs, iys))
            except (ArithmeticError, ValueError):
                # e.g. star points=0 or an apex angle of 0: pgf itself fails on these
                self.note("UNSUPPORTED", f"the parameters of node shape '{shape}' give no shape; it is measured "
                          "as a rectangle", shape, loc)
                poly = None
                node.shape = "rectangle"
            if poly is not None:
                node.extra["poly"] = poly
                node.half_w = max(abs(q[0]) for q in poly["path"])
                node.half_h = max(abs(q[1]) for q in poly["path"])
        if box is not None and (h, dpt) != (box.height, box.depth):
            node.extra["ink"] = (box.height, box.depth)  # text height/depth set: the ink keeps its size
        # frame: shift to the position, (outer linear part if transform shape), node's own transforms
        m = nst.get("node_ctm", G.IDENTITY)
        if nst.get("transform_shape"):
            lin = nst["ctm"]
            m = G.compose((lin[0], lin[1], lin[2], lin[3], 0.0, 0.0), m)
        anchor = nst["anchor"]
        place = nst.get("place_of")
        if place is not None:
            key, target, sx, sy = place
            if nst.get("transform_shape"):
                # with transform shape the positioning distance is in the picture's
                # transformed frame (its scale and rotation, not the node's own ones)
                lin = nst["ctm"]
                sx, sy = lin[0] * sx + lin[2] * sy, lin[1] * sx + lin[3] * sy
            tnode = self.nodes.get(target.split(".")[0].strip()) if target else None
            if nst.get("place_from_at"):  # an "at" after the placement: its point is the base
                p = (p[0] + sx, p[1] + sy)
            elif tnode is None:
                from geoverify.frontends.tikz.coords import evaluate_coordinate
                try:
                    base = evaluate_coordinate(self, target, nst).point
                except GeoverifyError:
                    raise FigureSyntaxError(f"positioning: no node named '{target}'", location=loc) from None
                p = (base[0] + sx, base[1] + sy)
            else:
                if nst.get("on_grid") or nst.get("on_grid_old"):
                    base = tnode.center
                else:
                    ank = {"above": "north", "below": "south", "left": "west", "right": "east",
                           "above left": "north west", "above right": "north east", "below left": "south west",
                           "below right": "south east",
                           "base left": "base west", "base right": "base east", "mid left": "mid west",
                           "mid right": "mid east"}[key]
                    base = tnode.anchor(ank) if "." not in target else self._named_point(target)
                p = (base[0] + sx, base[1] + sy)
            if nst.get("on_grid") or nst.get("on_grid_old"):
                anchor = "center"
        if m is G.IDENTITY:  # (most nodes: what the two lines below give for it)
            ang, scl = 0.0, 1.0
        else:
            ang = math.degrees(math.atan2(m[1], m[0]))
            scl = math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) or 1.0
        shift = nst["node_shift"]
        tx, ty = m[4] + shift[0], m[5] + shift[1]
        if nst.get("sloped") and tangent is not None and (tangent[0] or tangent[1]):
            a2 = math.degrees(math.atan2(tangent[1], tangent[0]))
            # pgf turns the text when the tangent's x is below 0pt (\\pgftransformcurveattime),
            # a test in sp: a vertical tangent a rounding error off does not turn it
            if tangent[0] < -1e-7 * math.hypot(tangent[0], tangent[1]) and not nst.get("allow_upside_down"):
                a2 += 180
            ang += a2
            # the node's own shifts (above=..., xshift) come after the slope's rotation
            c2, s2 = math.cos(math.radians(a2)), math.sin(math.radians(a2))
            tx, ty = c2 * tx - s2 * ty, s2 * tx + c2 * ty
        if nst.get("auto") and tangent is not None and anchor is None and (tangent[0] or tangent[1]):
            swap = bool(nst.get("swap")) != (nst.get("auto") == "right")
            anchor = _auto_anchor(tangent[0], tangent[1], swap)
        # the anchor offset in the node's own frame (centre at the origin, unrotated)
        local_anchor = (0.0, 0.0)
        if anchor and anchor.startswith("near ") and "ticklabel" in anchor:
            from geoverify.frontends.tikz.pgfplots import near_ticklabel_anchor
            anchor = near_ticklabel_anchor(self, anchor, ang)
        if anchor not in (None, "center"):
            try:
                local_anchor = node.anchor(anchor)
            except KeyError:
                self.note("UNSUPPORTED", f"unknown anchor '{anchor}'; the centre is used", "anchor", loc)
        node.angle = ang
        node.scale = scl
        if not nst.get("sloped") and (abs(m[0] * m[0] + m[1] * m[1] - m[2] * m[2] - m[3] * m[3]) > 1e-9 * scl * scl
                                      or abs(m[0] * m[2] + m[1] * m[3]) > 1e-9 * scl * scl):
            node.extra["linear"] = (m[0], m[1], m[2], m[3])  # slanted or stretched: its text is (nodes.py)
        if ang == 0.0 and math.copysign(1.0, ang) > 0.0:  # (cos and sin of +0.0; a -0.0 keeps its sign in sin)
            ca, sa = 1.0, 0.0
        else:
            ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
        off = (scl * (-ca * local_anchor[0] + sa * local_anchor[1]), scl * (-sa * local_anchor[0] - ca * local_anchor[1]))
        node.center = (p[0] + tx + off[0], p[1] + ty + off[1])
        if name:
            self.nodes[name] = node
        for alias in nst.get("node_aliases") or ():  # chains: <chain>-<k>, <chain>-end
            self.nodes[alias] = node
        self.placed_nodes.append(node)
        self._emit_node(node, nst, text, w, widths, p, loc, name)
        if nst.get("name_path") and node.shape != "coordinate":  # a node's name path is its shape's path
            self.named_paths[nst["name_path"]] = _border_path(node, nst)
        if nst.get("path_picture") and node.shape != "coordinate":
            from geoverify.frontends.tikz.pathpicture import run_path_picture
            pts = np.array(node.outline_points()) if node.shape != "circle" else \
                np.array([node._to_canvas(sx * node.half_w, sy * node.half_w) for sx in (-1, 1) for sy in (-1, 1)])
            ca, sa, k = math.cos(math.radians(node.angle)), math.sin(math.radians(node.angle)), node.scale
            frame = (k * ca, k * sa, -k * sa, k * ca, node.center[0], node.center[1])
            run_path_picture(self, nst["path_picture"], (*pts.min(axis=0), *pts.max(axis=0)), loc, frame)
        for lab in nst["labels"]:
            self._label(node, lab, nst, loc, pin=False)
        for pin in nst["pins"]:
            self._label(node, pin, nst, loc, pin=True)
        if nst.get("initial_arrow") or nst.get("accepting_arrow"):
            from geoverify.frontends.tikz.automata import draw_automata_arrows
            draw_automata_arrows(self, node, nst, loc)
        if nst.get("circuit_annotations"):  # circuits.ee's annotations (circuits_ee.py)
            from geoverify.frontends.tikz.circuits_ee import draw_annotations
            draw_annotations(self, node, nst, loc)
        return node

    def _fit(self, nst: dict, loc):
        """``fit=(A) (B) ...``: the node covers the points (nodes count with their four
        compass anchors); sets the minimum size and returns the centre (tikzlibraryfit).
        With ``rotate fit=a`` the box is that of the points turned by -a about the origin."""
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        pts = []
        for m in re.finditer(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)", nst["fit"]):
            res = evaluate_coordinate(self, m.group(1), nst)
            if res.node is not None:
                pts += [res.node.anchor(a) for a in ("north", "south", "east", "west")]
            else:
                pts.append(res.point)
        if not pts:
            raise FigureSyntaxError(f"fit={nst['fit']} names no coordinates", location=loc)
        turn = nst.get("fit_rotate") or 0.0
        if turn:  # rotate fit: the box of the points turned back about the origin, its centre turned again
            pts = [G.apply(G.rotation(-turn), q) for q in pts]
        xs = [q[0] for q in pts]
        ys = [q[1] for q in pts]
        # the covered box becomes the text box (text width, and a text height and depth
        # that centre the text's box vertically); the shape is built around it, so a
        # circle's radius is half the diagonal plus the inner seps
        nst["text_width"] = max(xs) - min(xs)
        nst["fit_height"] = max(ys) - min(ys)
        nst["align"] = "center"  # text badly centered
        nst["anchor"] = "center"
        nst["place_of"] = None
        return G.apply(G.rotation(turn), ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2))

    def _named_point(self, target):
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        return evaluate_coordinate(self, target, self.st).point

    def _emit_node(self, node: Node, nst, text, w, widths, p, loc, name):
        common = {"source": _node_source(loc), "panel": self.panel, "name": name}
        draw = nst["draw"] is not None
        fill = nst["fill"] is not None
        if nst.get("shadows") and node.shape != "coordinate":  # drawn even when the node is not
            from geoverify.frontends.tikz.shadows import emit_shadows
            emit_shadows(self.scene, _border_path(node, nst).subpaths, nst, common)
        if node.shape != "coordinate" and (draw or fill):
            style = path_style(nst, draw, fill)
            if node.shape == "circle":
                r = node.half_w * node.scale
                if fill and not text and r <= 4.0:
                    self.scene.add(Dot(center=node.center, radius=r, style=style, **common))
                else:
                    self.scene.add(Circle(center=node.center, radius=r, style=style, **common))
            elif node.shape == "ellipse":
                self.scene.add(Ellipse(center=node.center, rx=node.half_w * node.scale, ry=node.half_h * node.scale,
                                       rotation=math.radians(node.angle), style=style, **common))
            elif nst["shape"] in ("cross out", "strike out"):
                # pgflibraryshapes.misc: the strokes join the saved corners, outer sep included
                hw, hh = node.half_w + node.outer, node.half_h + node.outer
                c = [node._to_canvas(-hw, -hh), node._to_canvas(hw, -hh), node._to_canvas(hw, hh),
                     node._to_canvas(-hw, hh)]  # sw, se, ne, nw
                self.scene.add(Polyline(points=np.array([c[0], c[2]]), style=style, **common))
                if nst["shape"] == "cross out":
                    self.scene.add(Polyline(points=np.array([c[3], c[1]]), style=style, **common))
            elif node.shape == "polygon" and "parts" in node.extra["poly"]:  # its own background path (circuits_ee)
                parts = [Subpath(np.array([[node._to_canvas(*q) for q in c] for c in ctrl]), closed)
                         for ctrl, closed in node.extra["poly"]["parts"] if ctrl]
                self.scene.add(BezierPath(parts=parts, style=style, **common))
            elif node.shape == "polygon":
                pts = [node._to_canvas(*q) for q in node.extra["poly"]["path"]]
                self.scene.add(Polyline(points=np.array(pts), closed_flag=True, style=style, **common))
                for part in node.extra["poly"].get("open", ()) if draw else ():  # a cylinder's back arc
                    pts = [node._to_canvas(*q) for q in part]
                    self.scene.add(Polyline(points=np.array(pts), style=path_style(nst, True, False), **common))
            elif nst["shape"] == "rounded rectangle":
                self.scene.add(BezierPath(parts=[Subpath(_rounded_rectangle_controls(node), True)], style=style,
                                          **common))
            elif nst.get("rounded_corners"):
                pts = [tuple(q) for q in node.outline_points()]
                segs = round_corners([("L", pts[i], pts[(i + 1) % 4]) for i in range(4)], True,
                                     float(nst["rounded_corners"]) * node.scale)
                self.scene.add(BezierPath(parts=[Subpath(_segments_controls(segs), True)], style=style, **common))
            else:
                self.scene.add(Polyline(points=np.array(node.outline_points()), closed_flag=True, style=style,
                                        **common))
        if nst["shape"] in _FORBIDDEN_SIGNS and draw:
            # the foreground path: the diagonal of the circle's path, up to the right
            # (forbidden sign) or down to the right (correct forbidden sign)
            a = 0.707107 * node.half_w
            ends = [(-a, -a), (a, a)] if nst["shape"] == "forbidden sign" else [(a, -a), (-a, a)]
            ends = [node._to_canvas(*q) for q in ends]
            self.scene.add(Polyline(points=np.array(ends), style=path_style(nst, True, False), **common))
        if nst["shape"] == "magnifying glass" and draw:
            # the foreground path: the handle, from the circle's path out at -45 degrees for 1.5 radii
            c, s = math.cos(math.radians(-45.0)), math.sin(math.radians(-45.0))
            ends = [node._to_canvas(k * node.half_w * c, k * node.half_w * s) for k in (1.0, 2.5)]
            self.scene.add(Polyline(points=np.array(ends), style=path_style(nst, True, False), **common))
        if nst["shape"] in EE_SHAPES:  # the before background path (circuits_ee.py)
            from geoverify.frontends.tikz.circuits_ee import emit_ee_front
            emit_ee_front(self, node, nst, loc)
        if node.shape == "polygon" and "gate" in node.extra["poly"]:  # circuits.logic.IEC (circuits.py)
            from geoverify.frontends.tikz.circuits import emit_gate_parts
            emit_gate_parts(self.scene, node, nst, path_style(nst, draw, fill) if draw or fill else None, common)
        # text that typesets to an empty box ("$$", "{}") leaves no text in TeX's output
        if text and (w > 0 or node.text_height + node.text_depth > 0):
            dx, ink_w = 0.0, w
            tw = nst["text_width"]
            if tw is not None and widths:
                # the lines are set in a box text width wide: the ink is as wide as the
                # longest line and sits by the alignment (TeX's default is flush left)
                ink_w = min(max(widths), tw)
                align = (nst.get("align") or "").strip()
                if align in ("center", "flush center"):
                    dx = 0.0
                elif align in ("right", "flush right"):
                    dx = (tw - ink_w) / 2
                else:
                    dx = -(tw - ink_w) / 2
            box = node.text_box(ink_w, dx)
            color = nst.get("text") or nst["color"]
            frame = None
            if node.angle or "linear" in node.extra:  # a turned label says so: its text's own frame (pt of its
                # size, at its baseline's start)
                ox, oy = node.text_to_canvas(dx - ink_w / 2, -(node.text_height - node.text_depth) / 2)
                c, sn = math.cos(math.radians(node.angle)), math.sin(math.radians(node.angle))
                lin = node.extra.get("linear")
                frame = np.array([[c, -sn, ox], [sn, c, oy]]) if lin is None else \
                    np.array([[lin[0] / node.scale, lin[2] / node.scale, ox], [lin[1] / node.scale, lin[3] / node.scale, oy]])
            self.scene.add(TextLabel(text=text, anchor=p, box=box, font_size=nst["font_size"] * node.scale,
                                     style=_text_style(color, nst["opacity"]), frame=frame, **common))

    def _label(self, node: Node, spec: str, nst, loc, pin: bool):
        spec = spec.strip()
        opts = ""
        if spec.startswith("["):
            depth = 0
            for i, ch in enumerate(spec):
                if ch == "[":
                    depth += 1
                elif ch == "]":
                    depth -= 1
                    if depth == 0:
                        opts = spec[1:i]
                        spec = spec[i + 1:]
                        break
        # "angle:text": the position is before the first top-level colon (text may hold $a:b$);
        # without it, the label (pin) position in force once the label's options are read
        pos_word, text = None, spec
        depth = 0
        for i, ch in enumerate(spec):
            if ch in "{$":
                break
            if ch == ":":
                pos_word, text = spec[:i].strip(), spec[i + 1:]
                break
        text = text.strip()
        if text.startswith("{") and text.endswith("}"):
            text = text[1:-1]
        # a label is a node made after its node, in the state around it (tikz.code.tex: "append after
        # command"): the path's or scope's shape, font, colour, seps, sizes and label distance, never
        # the node's own; nor fitted like a fit node
        base = nst.get("path_state")
        if base is None:  # (a node state made by hand: its own keys stand for the path's)
            seps = nst.get("path_seps", (None, None, None))
            base = {**nst, "shape": nst.get("path_shape"), "inner_xsep": seps[0], "inner_ysep": seps[1],
                    "outer_sep": seps[2], **nst.get("path_mins", {}), **nst.get("path_text", {})}
        lst = self.node_state({**base, "ctm": G.IDENTITY, "fit": None, "fit_height": None, "transform_shape": False,
                               "circle_through": None}, "", every_shape=False)
        lst["ctm"] = G.IDENTITY
        # node[tikz@label@angle=.., anchor=@auto, every label, <own options>, tikz@label@post], then
        # every <shape> node: the anchor opposite the angle comes first, every label/pin and the
        # label's own options (label={[left]...}, anchor=...) override it
        lst["anchor"] = "@auto"
        every = self.defs.get("style:every label" if not pin else "style:every pin")
        if every:
            self.apply_options(lst, every)
        if opts:
            self.apply_options(lst, opts)
        self._every_shape_node(lst)
        if pos_word is None:
            pos_word = (lst.get("pin_position" if pin else "label_position") or "above").strip()
        ang = direction_angle(pos_word)
        if ang is None:
            try:
                ang = self.number(pos_word, nst).value
            except GeoverifyError:
                ang = 90.0
        a_norm = ang % 360.0
        on_text = pos_word == "center"  # tikz@on@text: the label centred on the node's centre
        # tikz@label@post: the label sits at the node's numeric anchor <angle> (a border point, the
        # angle in the node's own frame, so a turned node turns it; with "absolute" the canvas
        # angle); its anchor and distance go along the canvas direction from the node's centre to
        # that point (the angle when they meet or the label is absolute)
        c, s = math.cos(math.radians(a_norm)), math.sin(math.radians(a_norm))
        if on_text:
            at, auto = node.anchor("center"), "center"
        elif lst.get("label_absolute"):
            at, auto = node.border_toward((node.center[0] + c, node.center[1] + s)), _opposite_anchor(a_norm)
        else:
            at = node.border_at_angle(a_norm)
            dx, dy = at[0] - node.center[0], at[1] - node.center[1]
            reach = math.hypot(dx, dy)
            if reach < 1e-9:
                auto = _opposite_anchor(a_norm)
            else:
                auto, (c, s) = _auto_anchor(dy, -dx, False), (dx / reach, dy / reach)
        if lst["anchor"] == "@auto":
            lst["anchor"] = auto
        lst["node_ctm"] = lst["ctm"]
        m = nst["ctm"]  # the main node's picture transformation: a transform shape label turns with it
        lst["ctm"] = (m[0], m[1], m[2], m[3], 0.0, 0.0)
        dist = lst["pin_distance"] if pin else lst["label_distance"]  # may be set in the label's options
        if on_text:  # tikz@label@post, after the label's options: anchor center, no distance
            lst["anchor"], dist = "center", 0.0
        # tikz@label@post adds the shift after the label's own options: scale=, rotate= apply to it
        v = G.apply_linear(lst["node_ctm"], (dist * c, dist * s))
        target = (at[0] + v[0], at[1] + v[1])
        first = len(self.scene.primitives)
        pnode = self.place_node(lst, lst.get("node_name"), target, text, loc)  # label={[name=n]...}
        if text and pin:
            # the pin edge (every pin edge = help lines) joins the two nodes' borders
            start = node.border_toward(pnode.center)
            end = pnode.border_toward(node.center)
            self.scene.add(Polyline(points=np.array([start, end]), style=Style(stroke="#808080", stroke_width=0.2),
                                    source=SourceLocation(loc.line, loc.column, loc.file, "pin"), panel=self.panel))
        # the label's TextLabel is attached to the point on the main node
        if text and len(self.scene.primitives) > first + pin and \
                isinstance(self.scene.primitives[-1 if not pin else -2], TextLabel):
            lab = self.scene.primitives[-1 if not pin else -2]
            lab.anchor = np.asarray(at, dtype=float)
            lab.source = SourceLocation(loc.line, loc.column, loc.file, "pin" if pin else "label")

    def pic(self, opts: str, body: str, st: dict, loc, name=None, at=None) -> None:
        from geoverify.frontends.tikz.pics import draw_pic
        draw_pic(self, opts, body, st, loc, name=name, at=at)


def _font_minimums(nst: dict) -> dict:
    """``nst`` with ``minimum width/height`` given in em or ex measured in the node's font
    (the font around its text, or its ``node font``), as pgf measures them building the shape."""
    from geoverify.frontends.tikz.fonts import ex
    nst = dict(nst)
    size, bold = nst.get("outer_font_size", 10.0), nst.get("bold", False)
    for key in ("min_width", "min_height"):
        spec = nst.get(key + "_spec")
        if spec:
            nst[key] = spec[0] * (ex(size, bold) if spec[1] == "ex" else font_em(size, bold))
    return nst


def _auto_anchor(tx: float, ty: float, swap: bool) -> str:
    """Anchor of an ``auto`` node for path direction (tx, ty) (tikz.code.tex, \\tikz@auto@anchor)."""
    n = math.hypot(tx, ty) or 1.0
    x, y = tx / n, ty / n
    e = 0.05
    if not swap:
        if x > e:
            return "south east" if y > e else "south west" if y < -e else "south"
        if x < -e:
            return "north east" if y > e else "north west" if y < -e else "north"
        return "east" if y > 0 else "west"
    if x > e:
        return "north west" if y > e else "north east" if y < -e else "north"
    if x < -e:
        return "south west" if y > e else "south east" if y < -e else "south"
    return "west" if y > 0 else "east"


def _opposite_anchor(ang: float) -> str:
    """Anchor of a label or pin at angle ``ang`` (tikz.code.tex, \\tikz@compute@direction)."""
    a = int(math.floor(ang)) % 360
    for limit, name in ((4, "west"), (87, "south west"), (94, "south"), (177, "south east"), (184, "east"),
                        (267, "north east"), (274, "north"), (357, "north west")):
        if a < limit:
            return name
    return "west"


def _node_size(nst: dict, shape_eff: str, text: str):
    """Text box and shape size of a node: (box, line widths, w, h, d, inner xsep, half width,
    half height, outer sep), in points, following pgf's shape definitions."""
    font = nst["font_size"]
    tw = nst["text_width"]
    bold = nst.get("bold", False)
    if text and tw is not None and has_display(text):  # display_text.py
        box = display_box(text, tw, font, bold, nst.get("display_skips"))
        widths = [box.width]
    else:
        if text and tw is not None:
            text = " \\\\ ".join(_wrapped(text, tw, font, bold, nst.get("align")))
        box, widths = _measured(text, font, bold) if text else (None, [0.0])
    if box is not None and tw is None and len(widths) > 1:
        # align lines are stacked in a \vbox (tikz@align@end@check): its baseline is the last
        # line's (a text width minipage[t] keeps the first line's)
        skips: list = []  # \\\\[skip]s lie above the last line too
        node_lines(text, skips=skips)
        shift = (len(widths) - 1) * baselineskip(font) + sum(
            line_skip(k, font, bold) for k in skips[:len(widths) - 1])
        box = TextBox(box.width, box.height + shift, box.depth - shift, box.approximate)
    if box is not None:
        w, h, dpt = box.width, box.height, box.depth
    else:
        w = h = dpt = 0.0
    if tw is not None:
        w = tw
    if nst.get("text_height") is not None:
        h = nst["text_height"]
    if nst.get("text_depth") is not None:
        dpt = nst["text_depth"]
    if nst.get("fit_height") is not None:  # fit: height H/2 - d/2 and depth H/2 + d/2 (tikzlibraryfit)
        fh = nst["fit_height"]
        h, dpt = fh / 2 - dpt / 2, fh / 2 + dpt / 2
    ixs, iys = nst["inner_xsep"], nst["inner_ysep"]
    if ixs is None or iys is None:
        # .3333em is evaluated in the surrounding font: size commands in the picture change it,
        # font= keys only set the node text's font
        em = _em(nst.get("outer_font_size", 10.0), nst.get("outer_family", False))
        if ixs is None:
            ixs = 0.3333 * em
        if iys is None:
            iys = 0.3333 * em
    outer = nst["outer_sep"] if nst["outer_sep"] is not None else 0.5 * nst["line_width"]
    if shape_eff == "circle":
        hw = hh = max(G.pgf_veclen(w / 2 + ixs, (h + dpt) / 2 + iys), nst["min_width"] / 2, nst["min_height"] / 2)
    elif shape_eff == "ellipse":
        hw = max(math.sqrt(2) * (w / 2 + ixs), nst["min_width"] / 2)
        hh = max(math.sqrt(2) * ((h + dpt) / 2 + iys), nst["min_height"] / 2)
    elif shape_eff == "coordinate":
        hw = hh = outer = 0.0
    elif nst["shape"] == "rounded rectangle":
        rr = _rounded_rectangle(nst, w / 2, (h + dpt) / 2, ixs, iys)
        hw, hh = max(rr.reach("west"), rr.reach("east")), rr.halfheight
    else:
        hw = max(w / 2 + ixs, nst["min_width"] / 2)
        hh = max((h + dpt) / 2 + iys, nst["min_height"] / 2)
    return box, widths, w, h, dpt, ixs, hw, hh, outer


#: :func:`~.fonts.measure`, :func:`~.fonts.wrap` and :func:`~.fonts.em` by their arguments:
#: typesetting is a pure function of them, and a figure sets the same texts again and again
#: (``$A$``, the nodes of a loop) in the same few fonts
_MEASURED: dict[tuple, tuple] = {}
_WRAPPED: dict[tuple, tuple] = {}
_EMS: dict[tuple, float] = {}


def _measured(text: str, size: float, bold) -> tuple:
    """``(box, line widths)`` of :func:`~.fonts.measure`, typeset once per arguments (the
    boxes are only read; the caller gets its own list)."""
    if type(size) is not float:  # (an int size is the same key, yet may typeset otherwise)
        return measure(text, size, bold)
    key = (text, size, bold)
    hit = _MEASURED.get(key)
    if hit is None:
        if len(_MEASURED) >= 20000:
            _MEASURED.clear()
        box, widths = measure(text, size, bold)
        hit = _MEASURED[key] = (box, tuple(widths))
    return hit[0], list(hit[1])


def _wrapped(text: str, width: float, size: float, bold, align) -> list[str]:
    """The lines of :func:`~.fonts.wrap`, broken once per arguments (the caller gets its own list)."""
    if type(size) is not float:  # (as in _measured)
        return wrap(text, width, size, bold, align)
    key = (text, width, size, bold, align)
    hit = _WRAPPED.get(key)
    if hit is None:
        if len(_WRAPPED) >= 2000:
            _WRAPPED.clear()
        hit = _WRAPPED[key] = tuple(wrap(text, width, size, bold, align))
    return list(hit)


def _em(size: float, bold) -> float:
    """:func:`~.fonts.em`, read from the font's metrics once per arguments."""
    if type(size) is not float:  # (as in _measured)
        return font_em(size, bold)
    key = (size, bold)
    value = _EMS.get(key)
    if value is None:
        if len(_EMS) >= 2000:
            _EMS.clear()
        value = _EMS[key] = font_em(size, bold)
    return value


def _rounded_rectangle(nst: dict, htw, hth, ixs, iys):
    """The ``rounded rectangle`` of a node (:mod:`~geoverify.frontends.tikz.roundedrect`) with its
    ``rounded rectangle west/east arc`` and ``arc length``."""
    from geoverify.frontends.tikz.roundedrect import rounded_rectangle
    arcs = nst.get("rr_arcs") or {}
    return rounded_rectangle(htw, hth, ixs, iys, nst["min_width"], nst["min_height"], arcs.get("west", "convex"),
                             arcs.get("east", "convex"), arcs.get("arc length", 180.0))


def _border_path(node, nst):
    """The path a node's shape draws (no outer sep), canvas pt, as a path builder."""
    from geoverify.frontends.tikz.pathbuild import PathBuilder
    b = PathBuilder()
    k = node.scale
    if node.shape in ("circle", "ellipse"):
        c, s = math.cos(math.radians(node.angle)), math.sin(math.radians(node.angle))
        a, r = node.half_w * k, (node.half_w if node.shape == "circle" else node.half_h) * k
        b.ellipse(node.center, (a * c, a * s), (-r * s, r * c))
        return b
    if nst["shape"] == "rounded rectangle":
        for seg in _rounded_rectangle_controls(node):
            b.curve(*[tuple(q) for q in seg])
        b.close()
        return b
    pts = ([node._to_canvas(*q) for q in node.extra["poly"]["path"]] if node.shape == "polygon"
           else [tuple(q) for q in node.outline_points()])
    for p0, p1 in zip(pts, pts[1:] + pts[:1]):
        b.line(p0, p1)
    b.close()
    return b


def _segments_controls(segs: list) -> np.ndarray:
    """Cubic controls ``(K, 4, 2)`` of path segments, as :func:`~.pathbuild.segment_controls`
    gives them; lines and curves are written out here with its arithmetic (it builds numpy
    arrays for each segment: most of the time of a node with rounded corners)."""
    rows = []
    for sg in segs:
        kind = sg[0]
        if kind == "L":  # (primitives.line_controls)
            (x0, y0), (x1, y1) = sg[1], sg[2]
            dx, dy = x1 - x0, y1 - y0
            rows.append(((x0, y0), (x0 + dx / 3.0, y0 + dy / 3.0), (x0 + 2.0 * dx / 3.0, y0 + 2.0 * dy / 3.0),
                         (x1, y1)))
        elif kind == "C":
            rows.append((tuple(sg[1]), tuple(sg[2]), tuple(sg[3]), tuple(sg[4])))
        else:
            return np.concatenate([segment_controls(s) for s in segs])
    return np.array(rows, dtype=np.float64)


def _rounded_rectangle_controls(node) -> np.ndarray:
    """Cubic controls ``(K, 4, 2)`` of a rounded rectangle node's outline, canvas pt."""
    local = node.extra["rounded_rectangle"].controls()
    return np.array([[node._to_canvas(x, y) for x, y in seg] for seg in local])


def measure_node(interp, nst: dict, text: str) -> tuple[float, float, float]:
    """Extents of a node placed at its anchor (``base`` or ``center``): half width,
    height above and depth below the anchor point, outer sep included."""
    shape = nst["shape"] if nst["shape"] in ("rectangle", "circle", "ellipse", "coordinate") else "rectangle"
    _, _, w, h, d, _, hw, hh, outer = _node_size(nst, shape, text.strip())
    centre_above_base = (h - d) / 2
    if nst.get("anchor") == "base":
        return hw + outer, centre_above_base + hh + outer, hh - centre_above_base + outer
    return hw + outer, hh + outer, hh + outer
