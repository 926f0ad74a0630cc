"""Evaluation of one TikZ path: the parse tree of ``grammars/tikz.lark`` -> a built path.

:class:`PathWalker` follows the path operations in order, keeping TikZ's
current point, the reference point of ``+`` coordinates, and "node
references" (a bare ``(A)`` naming a node), which are replaced by border points
once the direction to the neighbouring point is known, as TikZ does. Nodes met
on the path are handed to the interpreter's node placer with their position
(end point, or ``pos`` along the last operation).
"""

from __future__ import annotations

import math
import re

from lark import Token, Tree

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.coords import evaluate_coordinate, split_top_comma
from geoverify.frontends.tikz.pathbuild import PathBuilder, segment_controls, segment_point, segment_tangent
from geoverify.frontends.tikz.plots import PlotMixin

__all__ = ["PathWalker"]

_LOOSE = 0.3915  # tikzlibrarytopaths: control distance = 0.3915 * |target - start| * looseness


def _text(tok) -> str:
    return str(tok)


def _inner(paren: str) -> str:
    return paren.strip()[1:-1]


#: Trees of the nodes an operation carries ("-- node {a} coordinate (m) (b)").
_ONPATH = ("node", "path_coordinate")


def _bounded(st: dict, d_out: float, d_in: float) -> tuple[float, float]:
    """The control distances within the bounds of the ``distance`` keys (tikz@to@set@distances)."""
    b = st.get("to_distances")
    if not b:
        return d_out, d_in
    d_out = min(max(d_out, b.get("out_min", 0.0)), b.get("out_max", math.inf))
    d_in = min(max(d_in, b.get("in_min", 0.0)), b.get("in_max", math.inf))
    return d_out, d_in


def _not_finite(paren) -> FigureSyntaxError:
    """TeX's "Dimension too large": a coordinate beyond floats (``(1e308,0)`` in cm)."""
    return FigureSyntaxError(f"coordinate {paren} is not a finite number of points (too large?)")


class PathWalker(PlotMixin):
    """Walks one path. ``interp`` is the :class:`~geoverify.frontends.tikz.interpreter.Interpreter`."""

    def __init__(self, interp, st: dict, loc):
        self.interp = interp
        self.st = st
        self.loc = loc
        self.path = PathBuilder()
        self._sync_corners()
        self.cur = None          # current point (canvas)
        self.cur_node = None     # node whose centre is the current point, border not yet chosen
        self.ref = None          # reference point of "+" coordinates
        self.last_op: list = []  # segments of the last operation (for pos=)
        self.last_op_kind = None
        self.edges: list = []    # (PathBuilder, state) of "edge" operations
        self.node_specs: list = []
        self.last_node = None    # the parent of following "child" operations
        self.first_node = None   # a tree child's own node
        self.tree_level = 0
        self.default_name = None  # "<parent>-<i>" for a tree child's node
        self.local_boxes: list = []  # local bounding box=name given on the path (bounding.py)
        self._depth = 0

    # -- coordinates -------------------------------------------------------
    def coord(self, tree_or_tok, st=None):
        """Evaluate a ``coord`` subtree -> (point, node or None); updates nothing."""
        st = st or self.st
        if isinstance(tree_or_tok, Tree):
            ch = tree_or_tok.children
            plus = _text(ch[0]) if len(ch) == 2 else ""
            paren = _text(ch[-1])
        else:
            plus, paren = "", _text(tree_or_tok)
        text = self.interp.subst_let(_inner(paren))
        if text == "current subpath start" and not plus:  # pgf's special coordinate: the last move-to
            sps = self.path.subpaths
            start = self.path.current.start if self.path.current is not None else sps[-1].start if sps else None
            return (start if start is not None else self._here()), None, ""
        if "turn" in text:  # a [turn] option rotates to the direction the path arrives in
            st = {**st, "turn_frame": self._turn_frame(st)}
        if plus:
            res = evaluate_coordinate(self.interp, text, st, relative=True)
            base = self.ref if self.ref is not None else (self.cur or (0.0, 0.0))
            if self.ref is None and self.cur is None:
                base = G.apply(st["ctm"], (0.0, 0.0))
            p = (base[0] + res.point[0], base[1] + res.point[1])
            if not math.isfinite(p[0] + p[1]):
                raise _not_finite(paren)
            return p, None, plus
        res = evaluate_coordinate(self.interp, text, st)
        if not math.isfinite(res.point[0] + res.point[1]):
            raise _not_finite(paren)
        return res.point, res.node, ""

    def _turn_frame(self, st):
        """(last point, unit direction) of the ``turn`` key: tikz.code.tex turns toward the
        last point from ``\\tikz@tangent`` (a line's start, a corner, a curve's second control,
        an arc's or plot's second last point; the origin when nothing was drawn yet), both in
        the coordinates in force, as ``\\tikz@lastx`` is."""
        inv = G.invert(st["ctm"])
        last = G.apply(inv, self.cur) if self.cur is not None else (0.0, 0.0)
        sp = self.path.current
        tangent = (0.0, 0.0)
        if sp is not None and sp.segs:
            tangent = G.apply(inv, tuple(segment_controls(sp.segs[-1])[-1][2]))
        a = math.atan2(tangent[1] - last[1], tangent[0] - last[0])  # atan2(0, 0) = 0, as pgfmath
        return last, (-math.cos(a), -math.sin(a))

    def _here(self):
        """The current point; a path without one starts at the origin, as pgf does."""
        if self.cur is None:
            self.cur = G.apply(self.st["ctm"], (0.0, 0.0))
            self.ref = self.cur
        return self.cur

    def _advance(self, p, node, plus):
        self.cur = node.ref_point if node is not None else p
        self.cur_node = node
        if plus != "+":
            self.ref = self.cur

    # -- operations ----------------------------------------------------------
    def _run_text(self, texts, construct: str) -> None:
        """Run path operations given as text (``insert path``, ``append after command``)."""
        from lark.exceptions import UnexpectedInput

        from geoverify.frontends.tikz.grammar import path_parser
        for text in texts:
            text = (text or "").strip()
            if text.startswith("{") and text.endswith("}"):
                text = text[1:-1].strip()
            if not text:
                continue
            if "foreach" in text:  # a loop in the inserted text is expanded as in a path statement's own
                from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize
                interp = self.interp
                text = detokenize(interp.expand_path_tokens(Reader(tokenize(text), interp.defs, interp.budget,
                                                                   interp.source)))
            try:
                tree = path_parser().parse(text)
            except UnexpectedInput:
                self.interp.note("UNSUPPORTED", f"cannot parse the path of {construct} '{text[:30]}'", construct,
                                 self.loc)
                continue
            self.run(tree)

    def run(self, tree: Tree) -> None:
        if self._depth == 0 and self.st.get("insert_path"):  # \draw[insert path=...]: first of all
            self._run_text(self.st.pop("insert_path"), "insert path")
        if self._depth == 0 and self.st.get("use_path"):
            self._use_path(self.st.pop("use_path"))
        self._depth += 1
        try:
            self._run(tree)
        finally:
            self._depth -= 1
        if self.local_boxes and self._depth == 0:
            from geoverify.frontends.tikz.bounding import finish_path_boxes
            finish_path_boxes(self.interp, self.path, self.local_boxes)
            self.local_boxes = []

    def _run(self, tree: Tree) -> None:
        items = [c for c in tree.children if not isinstance(c, Token)]
        k = 0
        while k < len(items):
            item = items[k]
            self.interp.budget.step(1)
            kind = item.data
            k += 1
            if kind == "child":  # the siblings are counted before any is placed
                j = k
                while j < len(items) and items[j].data == "child":
                    j += 1
                from geoverify.frontends.tikz.trees import grow_children
                grow_children(self, items[k - 1:j], self.tree_level + 1)
                k = j
                continue
            handler = getattr(self, "op_" + kind, None)
            if handler is None:
                self.interp.note("UNSUPPORTED", f"path operation '{kind}' is not interpreted", kind, self.loc)
                continue
            handler(item)

    def op_path_scope(self, item):
        """``{ ... }`` inside a path: its operations continue the path, its options end with it."""
        inner = _text(item.children[0])[1:-1].strip()
        if not inner:
            return
        from lark.exceptions import UnexpectedInput

        from geoverify.frontends.tikz.grammar import path_parser, syntax_error
        try:
            tree = path_parser().parse(inner)
        except UnexpectedInput as err:
            if self.interp.strict:
                raise syntax_error(err, inner, "a { } scope of the path", self.loc) from None
            self.interp.note("UNSUPPORTED", "a { } scope of the path cannot be parsed; it is skipped", "{}", self.loc)
            return
        saved = dict(self.st)
        try:
            self.run(tree)
        finally:
            self.st = saved
            self._sync_corners()

    def _use_path(self, name: str) -> None:
        """``use path=\\p``: the path that ``save path=\\p`` saved (its canvas points, as pgf's
        soft path) is added to this one, the current point at its end."""
        saved = getattr(self.interp, "saved_paths", {}).get(name)
        if saved is None:
            self.interp.note("UNSUPPORTED", f"use path={name}: no path was saved as {name}", "use path", self.loc)
            return
        for sp in saved:
            self.path.move_to(sp.start)
            for seg in sp.segs:
                self.path.add(seg)
            if sp.closed:
                self.path.close()
        if saved and saved[-1].segs:
            self.cur = self.ref = tuple(segment_point(saved[-1].segs[-1], 1.0))

    def _sync_corners(self) -> None:
        """The segments added from now on round their corners as the options now say (pgf's
        ``\\pgfsetcornersarced``: ``[rounded corners]`` in a path acts on the corners after it)."""
        self.path.radius = float(self.st.get("rounded_corners") or 0.0)

    def op_animation(self, item):
        """``:attr = {spec}`` on a path: ``[animate={myself:{attr}={spec}}]`` (animations.py)."""
        from geoverify.frontends.tikz.animations import colon_animation
        self.interp.apply_options(self.st, colon_animation(_text(item.children[0])))

    def op_options(self, item):
        self.interp.apply_options(self.st, _text(item.children[0]))
        self._sync_corners()
        if self.st.get("insert_path"):  # insert path={...}: its operations continue the path here
            self._run_text(self.st.pop("insert_path"), "insert path")
        if self.st.get("use_path"):
            self._use_path(self.st.pop("use_path"))
        if self.st.get("turtle_moves"):  # turtle={forward, left, ...} inserts its operations here
            from geoverify.frontends.tikz.turtle import run_turtle
            run_turtle(self)
        if self.st.get("local_bbox"):  # from here on the path's points and nodes make a box
            sps = self.path.subpaths
            self.local_boxes.append((self.st.pop("local_bbox"), len(sps), len(sps[-1].segs) if sps else 0,
                                     len(self.interp.placed_nodes)))
        if self.st.get("name_intersections"):
            for spec in self.st["name_intersections"]:
                self.interp.name_intersections(spec, self.st)
            self.st["name_intersections"] = None

    def op_coord(self, item):
        p, node, plus = self.coord(item)
        self.path.move_to(p)
        self._advance(p, node, plus)

    def _start_point(self, toward):
        """Start of a new segment from the current point (border of a node reference)."""
        self._here()
        if self.cur_node is not None:
            s = self.cur_node.border_toward(toward)
            self.path.move_to(s)
            return s
        if self.path.current is None:
            self.path.move_to(self.cur)
        return self.cur

    def _target(self, item):
        """Evaluate a ``target`` (coord or cycle) -> (point, node, plus, is_cycle)."""
        if isinstance(item, Tree) and item.data == "cycle":
            sp = self.path.current
            # A path with no current point starts at the origin, as pgf does.
            start = sp.start if sp is not None else self._here()
            return start, None, "", True
        p, node, plus = self.coord(item)
        return p, node, plus, False

    def op_line_to(self, item, nodes=()):
        target = item.children[-1]
        p, node, plus, cyc = self._target(target)
        if cyc:
            if self.cur_node is not None:
                # tikz@@close flushes the move waiting at a node (to its centre) and closes
                # there: the cycle draws nothing (a decoration still ends at that point)
                self.path.move_to(self.cur_node.ref_point)
                self.path.current.closed = True
            self.path.close()
            self.last_op = [self.path.subpaths[-1].segs[-1]] if self.path.subpaths and self.path.subpaths[-1].segs else []
            sp = self.path.subpaths[-1] if self.path.subpaths else None
            self.cur = sp.start if sp is not None else self.cur
            self.cur_node = None
            self.ref = self.cur
            self._place_inline(nodes, 0.5)
            return
        # tikz@@lineto: a node target's border point faces the last point (a node's centre);
        # a node start's border point then faces that end point
        from_pt = self.cur_node.ref_point if self.cur_node is not None else self._here()
        end = node.border_toward(from_pt) if node is not None else p
        start = self._start_point(end)
        self.path.line(start, end)
        self.last_op = [self.path.current.segs[-1]]
        self.last_op_kind = "line"
        self._advance(end if node is None else p, node, plus)
        self._place_inline(nodes, 0.5)

    def op_line_to_nodes(self, item):
        nodes = [c for c in item.children if isinstance(c, Tree) and c.data in _ONPATH]
        self.op_line_to(item, nodes)

    def _corner(self, item, hv: bool):
        nodes = [c for c in item.children[:-1] if isinstance(c, Tree) and c.data in _ONPATH]
        p, node, plus, _ = self._target(item.children[-1])
        tgt_c = node.ref_point if node is not None else p
        cur_c = self.cur_node.ref_point if self.cur_node is not None else self._here()
        corner = (cur_c[0], tgt_c[1]) if hv else (tgt_c[0], cur_c[1])
        start = self._start_point(corner)
        end = node.border_toward(corner) if node is not None else p
        self.path.line(start, corner)
        s1 = self.path.current.segs[-1]
        self.path.line(corner, end)
        self.last_op = [s1, self.path.current.segs[-1]]
        self.last_op_kind = "corner"
        self._advance(p, node, plus)
        self._place_inline(nodes, 0.5)

    def op_hv_to(self, item):
        self._corner(item, True)

    def op_vh_to(self, item):
        self._corner(item, False)

    def op_curve_to(self, item):
        # ".. controls a and b .. node {x} (c)": the nodes sit on the curve (midway unless pos)
        nodes = [c for c in item.children if isinstance(c, Tree) and c.data in _ONPATH]
        ch = [c for c in item.children if isinstance(c, Tree) and c.data not in _ONPATH]
        c1_tree = ch[0]
        c2_tree = ch[1] if len(ch) == 3 else ch[0]
        target = ch[-1]
        cur_c = self.cur_node.ref_point if self.cur_node is not None else self._here()
        # control points: "+" is relative to the start (first) and to the end (second)
        c1, _, plus1 = self.coord(c1_tree)
        if plus1:
            rel = evaluate_coordinate(self.interp, self.interp.subst_let(_inner(_text(c1_tree.children[-1]))),
                                      self.st, relative=True).point
            c1 = (cur_c[0] + rel[0], cur_c[1] + rel[1])
        p, node, plus, cyc = self._target(target)
        tgt_c = node.ref_point if node is not None else p
        if len(ch) == 3:
            c2, _, plus2 = self.coord(c2_tree)
            if plus2:
                rel = evaluate_coordinate(self.interp, self.interp.subst_let(_inner(_text(c2_tree.children[-1]))),
                                          self.st, relative=True).point
                c2 = (tgt_c[0] + rel[0], tgt_c[1] + rel[1])
        else:
            c2 = c1
        start = self._start_point(c1)
        end = node.border_toward(c2) if node is not None else p
        self.path.curve(start, c1, c2, end)
        self.last_op = [self.path.current.segs[-1]]
        self.last_op_kind = "curve"
        if cyc:
            self.path.current.closed = True
            self.path.current = None
        self._advance(p, node, plus)
        self._place_inline(nodes, 0.5)

    def op_rectangle(self, item):
        nodes = [c for c in item.children[:-1] if isinstance(c, Tree) and c.data in _ONPATH]
        p, node, plus = self.coord(item.children[-1])
        q = node.ref_point if node is not None else p
        a = self._here()
        inv = G.invert(self.st["ctm"])
        la, lq = G.apply(inv, a), G.apply(inv, q)
        m = self.st["ctm"]
        corners = [G.apply(m, c) for c in (la, (la[0], lq[1]), lq, (lq[0], la[1]))]
        self.path.move_to(corners[0])
        for k in range(4):
            self.path.line(corners[k], corners[(k + 1) % 4])
        # nodes on a rectangle are placed on the diagonal from the first corner to the
        # second (midway = the centre), as TikZ does
        self.last_op = [("L", tuple(a), tuple(q))]
        self.path.close()
        self.last_op_kind = "rectangle"
        self.path.move_to(q)
        self._advance(q, None, plus)
        self._place_inline(nodes, 0.5)

    def _radii(self, st, opts_text, paren_text):
        """Conjugate radius vectors (u, v) of circle/ellipse/arc."""
        if opts_text:
            st = dict(st)
            self.interp.apply_options(st, opts_text)
        rx_t = st["x_radius"] or st["radius"]
        ry_t = st["y_radius"] or st["radius"]
        if paren_text is not None:
            txt = self.interp.subst_let(paren_text)
            if " and " in txt:
                a, b = txt.split(" and ", 1)
                rx_t, ry_t = a, b
            else:
                rx_t = ry_t = txt
        if rx_t is None or ry_t is None:
            raise FigureSyntaxError("circle/ellipse/arc without a radius (give radius=... or (r))")
        return self._radius_vectors(st, rx_t, ry_t), st

    def _radius_vectors(self, st, rx_t, ry_t):
        rx = self.interp.number(rx_t, st)
        ry = self.interp.number(ry_t, st)
        xv, yv = st["xvec"], st["yvec"]
        u = (rx.value, 0.0) if rx.units else (rx.value * xv[0], rx.value * xv[1])
        v = (0.0, ry.value) if ry.units else (ry.value * yv[0], ry.value * yv[1])
        m = st["ctm"]
        return G.apply_linear(m, u), G.apply_linear(m, v)

    def op_circle(self, item):
        opts = None
        paren = None
        for c in item.children:
            t = _text(c)
            if t.startswith("["):
                opts = t
            else:
                paren = _inner(t)
        (u, v), _ = self._radii(self.st, opts, paren)
        center = self.cur if self.cur is not None else G.apply(self.st["ctm"], (0.0, 0.0))
        self.path.ellipse(center, u, v)
        self.last_op = [self.path.subpaths[-1].segs[-1]]
        self.last_op_kind = "circle"
        self.path.move_to(center)

    op_ellipse = op_circle

    def _arc(self, st, u, v, a0, a1):
        t0, t1 = math.radians(a0), math.radians(a1)
        start = self._start_point(self.cur) if self.cur_node is not None else self._here()
        center = (start[0] - u[0] * math.cos(t0) - v[0] * math.sin(t0),
                  start[1] - u[1] * math.cos(t0) - v[1] * math.sin(t0))
        if self.path.current is None:
            self.path.move_to(start)
        self.path.arc(center, u, v, t0, t1)
        seg = self.path.current.segs[-1]
        self.last_op = [seg]
        self.last_op_kind = "arc"
        end = segment_point(seg, 1.0)
        self.cur = end
        self.cur_node = None
        self.ref = end

    def op_arc_opts(self, item):
        st = dict(self.st)
        self.interp.apply_options(st, _text(item.children[0]))
        sa, ea, da = st["start_angle"], st["end_angle"], st["delta_angle"]
        if sa is None and ea is not None and da is not None:
            sa = ea - da
        if ea is None and sa is not None and da is not None:
            ea = sa + da
        if sa is None or ea is None:
            raise FigureSyntaxError("'arc[...]' needs two of start angle, end angle, delta angle")
        (u, v), _ = self._radii(st, None, None)
        self._arc(st, u, v, sa, ea)

    def op_arc_old(self, item):
        parts = self.interp.subst_let(_inner(_text(item.children[0])))
        bits = split_top_comma(parts, ":")
        if len(bits) != 3:
            raise FigureSyntaxError(f"arc ({parts}) must read (start:end:radius)")
        a0 = self.interp.number(bits[0], self.st).value
        a1 = self.interp.number(bits[1], self.st).value
        r = bits[2]
        if " and " in r:
            rx, ry = r.split(" and ", 1)
        else:
            rx = ry = r
        u, v = self._radius_vectors(self.st, rx, ry)
        self._arc(self.st, u, v, a0, a1)

    def op_grid(self, item):
        st = self.st
        opts = [c for c in item.children if isinstance(c, Token) and str(c).startswith("[")]
        if opts:
            st = dict(st)
            self.interp.apply_options(st, _text(opts[0]))
        p, node, plus = self.coord(item.children[-1], st)
        inv = G.invert(st["ctm"])
        a, b = G.apply(inv, self._here()), G.apply(inv, p)
        sx, sy = st["step"]
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = sorted((a[1], b[1]))
        if not all(map(math.isfinite, (x0, x1, y0, y1, sx, sy))):  # TeX: "Dimension too large"
            raise FigureSyntaxError("a grid corner or step beyond floats")
        m = st["ctm"]
        eps = 1e-6
        lines = []
        if sx > 0:
            k = math.ceil(x0 / sx - eps)
            n = 0
            while k * sx <= x1 + eps * sx and n < 10000:
                x = k * sx
                lines.append(((x, y0), (x, y1)))
                k += 1
                n += 1
        if sy > 0:
            k = math.ceil(y0 / sy - eps)
            n = 0
            while k * sy <= y1 + eps * sy and n < 10000:
                y = k * sy
                lines.append(((x0, y), (x1, y)))
                k += 1
                n += 1
        self.interp.budget.step(len(lines))
        for s, e in lines:
            self.path.move_to(G.apply(m, s))
            self.path.line(G.apply(m, s), G.apply(m, e))
        self.last_op = [("L", tuple(self.cur), tuple(p))]
        self.path.move_to(p)
        self._advance(p, None, plus)

    def _to_controls(self, st, start_c, tgt_c, from_node=None, to_node=None):
        """Controls ``(c1, c2)`` of a curved ``to`` (tikzlibrarytopaths), or None for a line."""
        curve = self._to_curve(st, start_c, tgt_c, from_node, to_node)
        return None if curve is None else curve[:2]

    def _to_curve(self, st, start_c, tgt_c, from_node=None, to_node=None):
        """Controls and ends ``(c1, c2, first, second)`` of a curved ``to`` (tikzlibrarytopaths),
        or None for a line.

        With ``out``/``in`` the curve leaves a node at its anchor ``out`` and enters the
        target at its anchor ``in``; with ``bend`` (relative angles) the border points are
        found in the directions rotated by out/in from the line joining the centres, and the
        angles are measured from the line joining those border points, and the curve runs
        from one border point to the other (``first``, ``second``; None where the end is
        not a node, and with absolute angles, where an end is the node's border toward its
        control point). Control distances are 0.3915 x looseness x the distance between
        the two (border) points, within the bounds of ``distance``, ``in/out (min/max)
        distance``. ``controls=<a> and <b>`` (``out control``, ``in control``) give the
        control points themselves (a ``+`` point relative to the start, the second to the
        target); the ends are then the nodes' borders toward them.
        """
        if st.get("to_controls") and not st.get("bend"):
            return self._to_controls(st, start_c, tgt_c, from_node, to_node)
        out_a, in_a = st["out"], st["in"]
        bend = st.get("bend")
        relative = bool(st.get("relative_to"))
        if bend is not None:
            b = st.get("bend_value", st["bend_angle"])
            out_a = b if bend == "left" else -b
            in_a = 180 - out_a
            relative = True
        if out_a is None and in_a is None and not st.get("to_curve"):
            return None
        if out_a is None:
            out_a = 45.0
        if in_a is None:
            in_a = 135.0
        lo, li = st["looseness_out"], st["looseness_in"]
        m = st["ctm"]
        sc = math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) or 1.0

        def rot(v, deg):
            c, s_ = math.cos(math.radians(deg)), math.sin(math.radians(deg))
            return (c * v[0] - s_ * v[1], s_ * v[0] + c * v[1])

        if relative:
            first = start_c
            if from_node is not None:
                v = rot((tgt_c[0] - start_c[0], tgt_c[1] - start_c[1]), out_a)
                first = from_node.border_toward((start_c[0] + v[0], start_c[1] + v[1]))
            second = tgt_c
            if to_node is not None:
                v = rot((start_c[0] - tgt_c[0], start_c[1] - tgt_c[1]), 180 + in_a)
                second = to_node.border_toward((tgt_c[0] + v[0], tgt_c[1] + v[1]))
            dx, dy = second[0] - first[0], second[1] - first[1]
            n = math.hypot(dx, dy) or 1.0
            u = (dx / n, dy / n)
            d = G.pgf_veclen(dx, dy) * _LOOSE
            do_, di_ = _bounded(st, d * lo, d * li)
            vo = rot(u, out_a)
            vi = rot(u, in_a)
            c1 = (first[0] + do_ * vo[0], first[1] + do_ * vo[1])
            c2 = (second[0] + di_ * vi[0], second[1] + di_ * vi[1])
            return (c1, c2, first if from_node is not None else None,
                    second if to_node is not None else None)
        first = from_node.border_at_angle(out_a - from_node.angle) if from_node is not None else start_c
        second = to_node.border_at_angle(in_a - to_node.angle) if to_node is not None else tgt_c
        d = G.pgf_veclen(second[0] - first[0], second[1] - first[1]) * _LOOSE
        md = st.get("min_distance")
        if md:  # "min distance" bounds each control distance from below (after looseness)
            lo, li = max(lo, md / d) if d > 0 else 1.0, max(li, md / d) if d > 0 else 1.0
            if d == 0:
                d = md
        do_, di_ = _bounded(st, d * lo, d * li)
        if not math.isfinite(out_a + in_a):
            raise FigureSyntaxError(f"the out or in angle of a curve ({out_a}, {in_a}) is not a finite number")
        # the shifts ([shift=({out}:d)]) are transformed by the picture's linear map
        vo = G.apply_linear(m, (do_ * math.cos(math.radians(out_a)) / sc, do_ * math.sin(math.radians(out_a)) / sc))
        vi = G.apply_linear(m, (di_ * math.cos(math.radians(in_a)) / sc, di_ * math.sin(math.radians(in_a)) / sc))
        return (first[0] + vo[0], first[1] + vo[1]), (second[0] + vi[0], second[1] + vi[1]), None, None

    def _to_controls(self, st, start_c, tgt_c, from_node, to_node):
        """``controls=<a> and <b>`` of a to: the control points as given (one side may be
        computed as without it)."""
        ctl = st["to_controls"]
        rest = None
        if not (ctl.get("out") and ctl.get("in")):
            rest = self._to_curve({**st, "to_controls": None}, start_c, tgt_c, from_node, to_node)
        c1 = self._control_point(ctl["out"], start_c, st) if ctl.get("out") else rest[0]
        c2 = self._control_point(ctl["in"], tgt_c, st) if ctl.get("in") else rest[1]
        return c1, c2, None, None

    def _control_point(self, text: str, base, st):
        """A control point as written: ``+(..)``/``++(..)`` relative to ``base`` (canvas)."""
        t = text.strip()
        rel = t.startswith("+")
        t = t.lstrip("+").strip()
        t = t[1:-1] if t.startswith("(") and t.endswith(")") else t
        p = evaluate_coordinate(self.interp, t, st).point
        if not rel:
            return p
        o = G.apply(st["ctm"], (0.0, 0.0))
        return (base[0] + p[0] - o[0], base[1] + p[1] - o[1])

    def _to_path(self, st, target_tree, builder: PathBuilder, from_pt, from_node):
        if st.get("loop"):  # a loop goes back to where it starts; its target is ignored
            p, node, plus, cyc = (from_node.ref_point if from_node is not None else from_pt), from_node, "", False
            return self._curve_between(st, builder, from_pt, from_node, p, node, plus, cyc)
        p, node, plus, cyc = self._target(target_tree)
        return self._curve_between(st, builder, from_pt, from_node, p, node, plus, cyc)

    def _curve_between(self, st, builder, from_pt, from_node, p, node, plus, cyc):
        start_c = from_node.ref_point if from_node is not None else from_pt
        tgt_c = node.ref_point if node is not None else p
        ctrl = self._to_curve(st, start_c, tgt_c, from_node, node)
        if ctrl is None:
            s = from_node.border_toward(tgt_c) if from_node is not None else from_pt
            e = node.border_toward(start_c) if node is not None else p
            if builder.current is None or from_node is not None:
                builder.move_to(s)
            builder.line(s, e)
        else:
            c1, c2, first, second = ctrl
            s = first or (from_node.border_toward(c1) if from_node is not None else from_pt)
            e = second or (node.border_toward(c2) if node is not None else p)
            if builder.current is None or from_node is not None:
                builder.move_to(s)
            builder.curve(s, c1, c2, e)
        return p, node, plus, cyc

    def op_to(self, item):
        st = dict(self.st)
        opts = [c for c in item.children if isinstance(c, Token) and str(c).startswith("[")]
        if opts:
            st["on_to"] = st.get("circuit", False)  # a circuit's symbols belong to this to (circuits.py)
            self.interp.apply_options(st, _text(opts[0]))
        nodes = [c for c in item.children if isinstance(c, Tree) and c.data in _ONPATH]
        if st.get("circuit_symbols") and isinstance(item.children[-1], Tree) and item.children[-1].data == "coord":
            from geoverify.frontends.tikz.circuits import circuit_to
            circuit_to(self, st, item.children[-1], nodes)  # a circuit's symbols on the to (circuits.py)
            return
        if st.get("to_path") and self._custom_to(item, st, nodes):
            return
        self._here()
        if self.path.current is None and self.cur_node is None:
            self.path.move_to(self.cur)
        start_node = self.cur_node
        p, node, plus, cyc = self._to_path(st, item.children[-1], self.path, self.cur, self.cur_node)
        if st.get("switch_bar") and start_node is not None and node is not None:  # mindmap.py
            from geoverify.frontends.tikz.mindmap import switch_bar
            switch_bar(self.interp, start_node, node, st["switch_bar"], self.loc)
        self.last_op = [self.path.current.segs[-1]]
        self.last_op_kind = "to"
        if (st.get("switch_bar") or st.get("connection_bar")) and start_node is not None and node is not None:
            # the to is a circle connection bar (mindmap.py): its line is not on the path
            if st.get("connection_bar"):
                from geoverify.frontends.tikz.mindmap import connection_bar
                connection_bar(self.interp, start_node, node, st, self.loc)
            sp = self.path.current
            sp.segs.pop()
            if sp.radii:
                sp.radii.pop()
            self.path.move_to(self.last_op[0][-1])
        if cyc:
            self.path.close()
        self._advance(p, node, plus)
        self._place_inline(nodes, 0.5, st)

    def _custom_to(self, item, st, nodes) -> bool:
        """A ``to`` with the figure's own ``to path``: its text, with ``\\tikztotarget`` (the
        target as written), ``\\tikztostart`` (the last node's name, else the last point) and
        ``\\tikztonodes`` (the to's nodes) put in, continues this path as a scope with the
        to's options (tikz@do@to). False for a target that is not a plain coordinate."""
        target = item.children[-1]
        if not (isinstance(target, Tree) and target.data == "coord" and len(target.children) == 1):
            return False
        from lark.exceptions import UnexpectedInput

        from geoverify.frontends.tikz.grammar import parse_path
        if self.cur_node is not None and self.cur_node.name:
            start = self.cur_node.name
        else:
            here = self._here()
            start = f"{here[0]:.5f}pt,{here[1]:.5f}pt"
        words = []
        for nd in nodes:
            # the to's nodes are labels (tikz@node@is@a@label): on the operation before them,
            # at pos .5 unless they say otherwise
            words.append(("node" if nd.data == "node" else "coordinate") + "[pos=0.5]")
            for part in nd.children:
                if isinstance(part, Tree) and part.data == "at":
                    words.append("at")
                words.extend(str(t) for t in ([part] if isinstance(part, Token) else part.scan_values(
                    lambda v: isinstance(v, Token))))
        subst = {"\\tikztotarget": _inner(_text(target.children[0])), "\\tikztostart": start,
                 "\\tikztonodes": " ".join(words)}
        text = re.sub(r"\\tikzto(?:target|start|nodes)(?![A-Za-z@])", lambda m: subst[m.group(0)], st["to_path"])
        try:
            tree = parse_path(text.strip())
        except UnexpectedInput:
            self.interp.note("UNSUPPORTED", f"to path '{st['to_path'][:40]}' cannot be parsed; a line is drawn",
                             "to path", self.loc)
            return False
        every = self.interp.defs.get("style:every to")
        if every:
            self.interp.apply_options(st, every)
        st["to_path"] = None  # a to inside the to path is a plain one
        saved = self.st
        self.st = st
        try:
            self.run(tree)
        finally:
            self.st = saved
        return True

    def op_edge(self, item):
        st = dict(self.st)
        st["arrow_start"], st["arrow_end"] = self.st["arrow_start"], self.st["arrow_end"]
        st["draw"] = st["draw"] or "current"  # every edge/.style={draw}
        every = self.interp.defs.get("style:every edge")
        if every:
            self.interp.apply_options(st, every)
        opts = [c for c in item.children if isinstance(c, Token) and str(c).startswith("[")]
        if opts:
            self.interp.apply_options(st, _text(opts[0]))
        if st.get("to_path"):
            self.interp.note("UNSUPPORTED", "an edge's own 'to path' is not interpreted; the edge is a line",
                             "to path", self.loc)
        builder = PathBuilder()
        builder.move_to(self._here())
        saved = (self.path, self.last_op)
        self.path = builder
        try:
            self._to_path(st, item.children[-1], builder, self.cur, self.cur_node)
            self.last_op = [builder.current.segs[-1]] if builder.current and builder.current.segs else []
            nodes = [c for c in item.children if isinstance(c, Tree) and c.data in _ONPATH]
            self._place_inline(nodes, 0.5, st)
        finally:
            self.path, self.last_op = saved
        self.edges.append((builder, st))

    def op_parabola(self, item):
        ch = [c for c in item.children if isinstance(c, Tree)]
        opts = [c for c in item.children if isinstance(c, Token) and str(c).startswith("[")]
        st = self.st
        if opts:
            st = dict(st)
            self.interp.apply_options(st, _text(opts[0]))
        start = self._start_point(self._here())
        p, node, plus, cyc = self._target(ch[-1])  # "parabola cycle": to the subpath's start, closed
        # tikz@parabola@semifinal: a relative bend (and none) counts from start + f (end - start),
        # f the bend pos (0; 0.5 with parabola height, which puts the bend that high above it)
        f = st.get("parabola_bend_factor", 0.0)
        saved = (start[0] + f * (p[0] - start[0]), start[1] + f * (p[1] - start[1]))
        bend = (saved[0], saved[1] + st.get("parabola_height", 0.0))
        if len(ch) == 2:
            bend, _, _ = self.coord(ch[0])
            bend_plus = str(ch[0].children[0]) if len(ch[0].children) == 2 else ""
            if bend_plus:
                rel = evaluate_coordinate(self.interp, _inner(_text(ch[0].children[-1])), st, relative=True).point
                bend = (saved[0] + rel[0], saved[1] + rel[1])
        # \pgfpathparabola: two halves through the bend, with pgf's own control points
        self._half_parabola(st, start, bend, rising=False)
        self._half_parabola(st, bend, p, rising=True)
        if cyc:
            self.path.close()
        self._advance(p, node, plus)

    def _half_parabola(self, st, a, b, rising):
        if math.hypot(b[0] - a[0], b[1] - a[1]) < 1e-12:
            return
        # pgfcorepathconstruct's factors ("found by trial and error"), on the delta in the
        # coordinates in force: to the bend (.1125, .225) and (.5, 1), from it (.5, 0) and (.8875, .775)
        lin = (*st["ctm"][:4], 0.0, 0.0)
        dx, dy = G.apply_linear(G.invert(lin), (b[0] - a[0], b[1] - a[1]))
        f1, f2 = (((.5, 0.0), (.8875, .775)) if rising else ((.1125, .225), (.5, 1.0)))
        c1, c2 = (G.apply_linear(lin, (fx * dx, fy * dy)) for fx, fy in (f1, f2))
        self.path.curve(a, (a[0] + c1[0], a[1] + c1[1]), (a[0] + c2[0], a[1] + c2[1]), b)
        self.last_op = [self.path.current.segs[-1]]

    def _sine(self, item, sine: bool):
        p, node, plus = self.coord(item.children[0])
        a = self._start_point(p)
        # pgf's quarter-period sine/cosine curves (pgfcorepathconstruct: \pgfpathsine)
        dx, dy = p[0] - a[0], p[1] - a[1]
        if sine:
            pts = [(0.0, 0.0), (0.31831, 0.5), (0.63662, 1.0), (1.0, 1.0)]
        else:
            pts = [(0.0, 0.0), (0.36338, 0.0), (0.68169, 0.5), (1.0, 1.0)]
        c = [(a[0] + x * dx, a[1] + y * dy) for x, y in pts]
        self.path.curve(c[0], c[1], c[2], c[3])
        self.last_op = [self.path.current.segs[-1]]
        self._advance(p, node, plus)

    def op_sine(self, item):
        self._sine(item, True)

    def op_cosine(self, item):
        self._sine(item, False)

    # -- nodes -------------------------------------------------------------
    def _node_parts(self, item, after_at=None):
        """``(options, name, at, text)`` of a node; the options given after its ``at``
        are also appended to the list ``after_at``."""
        opts, name, at, text = [], None, None, ""
        for c in item.children:
            if isinstance(c, Tree):
                if c.data == "options":
                    opts.append(_text(c.children[0])[1:-1])
                    if at is not None and after_at is not None:
                        after_at.append(opts[-1])
                elif c.data == "name":
                    name = _inner(_text(c.children[0])).strip()
                elif c.data == "at":
                    at = c.children[0]
                elif c.data == "animation":  # [animate={myself:..}]: a snapshot's value (animations.py)
                    from geoverify.frontends.tikz.animations import colon_animation
                    opts.append(colon_animation(_text(c.children[0])))
            else:
                text = _text(c)[1:-1]
        return ",".join(opts), name, at, text

    def _pos_point(self, pos, segs=None, kind=None):
        segs = self.last_op if segs is None else segs
        if not segs:  # (a pos= node first on its path: where a node without one goes, the origin)
            return (self.cur if self.cur is not None else G.apply(self.st["ctm"], (0.0, 0.0))), (1.0, 0.0)
        if len(segs) == 2 and (kind or self.last_op_kind) == "corner":
            # pgf's |- and -| timers: the second half starts at pos 0.5 (its tangent at the corner)
            seg, t = (segs[0], pos * 2) if pos < 0.5 else (segs[1], (pos - 0.5) * 2)
        elif len(segs) > 1:
            k = min(int(pos * len(segs)), len(segs) - 1)
            seg, t = segs[k], pos * len(segs) - k
        else:
            seg, t = segs[0], pos
        return segment_point(seg, t), segment_tangent(seg, min(max(t, 0.0), 1.0))

    def op_node(self, item, default_pos=None, st=None):
        after_at: list = []
        opts, name, at, text = self._node_parts(item, after_at)
        st = st or self.st
        nst = self.interp.node_state(st, opts)
        if at is not None and nst.get("place_of") is not None:
            # "at (p)" is an option in source order: after "above=of a" it moves the
            # base point from a's anchor to p (the distance and the anchor stay)
            from geoverify.frontends.tikz.positioning import places_node
            if not places_node(",".join(after_at)):
                nst["place_from_at"] = True
        if name is None:
            name = nst.get("node_name")
        tangent = None
        if at is not None:
            p, _, _ = self.coord(at, st)
        elif nst.get("at"):
            p = evaluate_coordinate(self.interp, _inner(nst["at"]) if nst["at"].startswith("(") else nst["at"], st).point
        elif nst.get("pos") is not None or default_pos is not None:
            # a node inside an operation takes the path's pos= (midway, near start...) when
            # it has none of its own; one after a coordinate stays there (measured)
            if nst.get("pos") is not None:
                pos = nst["pos"]
            else:
                pos = st["pos"] if st.get("pos") is not None else default_pos
            p, tangent = self._pos_point(pos)
        else:
            p = self.cur if self.cur is not None else G.apply(st["ctm"], (0.0, 0.0))
            seg = self.path.last_segment()
            if seg is not None:
                tangent = segment_tangent(seg, 1.0)
        if nst.get("matrix"):
            from geoverify.frontends.tikz.matrix import place_matrix
            nst["matrix_keys"] = nst.get("matrix_opts") or {}
            delimiters = nst.pop("delimiters", None)
            if delimiters and not name:  # the delimiters find the matrix by a name of its own
                name = f"delimited matrix {len(self.interp.nodes)}"
            place_matrix(self.interp, nst, name, p, text, self.loc)
            if delimiters:
                from geoverify.frontends.tikz.delimiters import place_delimiters
                place_delimiters(self.interp, name, delimiters, None)
            return
        if name is None and self.first_node is None and self.default_name:
            name = self.default_name
        node = self.interp.place_node(nst, name, p, text, self.loc, tangent=tangent)
        if nst.get("delimiters") and node is not None:  # left delimiter=( on a node (delimiters.py)
            from geoverify.frontends.tikz.delimiters import place_delimiters
            key = name or f"delimited node {len(self.interp.nodes)}"
            self.interp.nodes.setdefault(key, node)
            place_delimiters(self.interp, key, nst["delimiters"], None)
        self.last_node = node
        if self.first_node is None:
            self.first_node = node
        if self.cur is None or at is not None and self.path.is_empty():
            # "\node (a) at (0,0) {A} edge (b)": later operations start at this node
            self.cur, self.cur_node, self.ref = node.ref_point, (node if node.shape != "coordinate" else None), node.ref_point
        after = nst.get("append_after_command") or ()
        if len(after) > len(st.get("append_after_command") or ()):  # the node's own: run after it
            self._run_text(after[len(st.get("append_after_command") or ()):], "append after command")
        joins = nst.get("chain_joins") or ()
        if len(joins) > len(st.get("chain_joins") or ()):  # chains' join: an edge from the previous node
            from geoverify.frontends.tikz.chains import join_paths
            self._run_text(join_paths(self.interp, joins[len(st.get("chain_joins") or ()):], nst), "join")

    def _place_inline(self, nodes, default_pos, st=None):
        for n in nodes:
            if n.data == "path_coordinate":
                # a coordinate among an operation's nodes is node[shape=coordinate, opts](name){}
                parts = [Tree("options", [Token("OPTIONS", "[shape=coordinate]")])]
                for c in n.children:
                    t = _text(c)
                    parts.append(Tree("options" if t.startswith("[") else "name", [c]))
                n = Tree("node", parts + [Token("BRACED", "{}")])
            self.op_node(n, default_pos=default_pos, st=st)

    def op_coordinate(self, item):
        opts, name, at = "", None, None
        for c in item.children:
            if isinstance(c, Tree):
                at = c
            elif getattr(c, "type", "") == "AT_JUNK":
                continue  # "coordinate (n) at <dropped>(p)", as tikz.code.tex reads it
            else:
                t = _text(c)
                if t.startswith("["):
                    opts += "," + t[1:-1]
                else:
                    name = _inner(t).strip()
        # coordinate[opts] is node[shape=coordinate, opts]: a shape in opts wins (circle, fill)
        nst = self.interp.node_state(self.st, "shape=coordinate" + opts)
        name = name or nst.get("node_name")
        if at is not None:
            if name is not None and len(at.children) > 1:
                # a named coordinate's "at" reads up to the first "(" and drops it, so
                # "coordinate (n) at ++(1,0)" is the absolute point (1,0)
                at = Tree(at.data, at.children[-1:])
            p, _, _ = self.coord(at)
        elif nst.get("pos") is not None:
            p, _ = self._pos_point(nst["pos"])
        else:
            p = self.cur if self.cur is not None else G.apply(self.st["ctm"], (0.0, 0.0))
        if name is None and self.first_node is None and self.default_name:
            name = self.default_name
        node = self.interp.place_node(nst, name, p, "", self.loc)
        self.last_node = node
        if self.first_node is None:
            self.first_node = node

    def op_pic(self, item):
        opts, name, body, at = [], None, "", self.cur
        for c in item.children:
            if isinstance(c, Tree):  # pic ... at (p) {type}
                at = self.coord(c)[0]
                continue
            t = _text(c)
            if t.startswith("["):
                opts.append(t[1:-1])
            elif t.startswith("("):
                name = _inner(t)
            else:
                body = t[1:-1]
        self.interp.pic(",".join(opts), body, self.st, self.loc, name=name, at=at)

    def op_let(self, item):
        text = _text(item.children[0]).strip()
        body = text[3:-2]  # strip "let" and "in"
        for part in split_top_comma(body):
            part = part.strip()
            if not part:
                continue
            lhs, _, rhs = part.partition("=")
            lhs, rhs = lhs.strip(), rhs.strip()
            if not lhs.startswith("\\") or len(lhs) < 3:
                raise FigureSyntaxError(f"cannot read let assignment '{part}'")
            kind, key = lhs[1], lhs[2:].strip("{} ")
            rhs = self.interp.subst_let(rhs)
            if kind == "p":
                pt = evaluate_coordinate(self.interp, _inner(rhs) if rhs.startswith("(") else rhs, self.st).point
                # TikZ keeps the point before the path's transformation (measured with TeX: in a
                # picture with scale=2, let \p1=(1,0) in (\x1,\y1+1cm) ends at (2cm,2cm)); its
                # uses are transformed as any coordinate
                pt = G.apply(G.invert(self.st["ctm"]), pt)
                self.interp.let_vars[("p", key)] = pt
            elif kind == "n":
                r = self.interp.number(rhs.strip("{}") if rhs.startswith("{") else rhs, self.st)
                self.interp.let_vars[("n", key)] = (r.value, r.units)
            else:
                raise FigureSyntaxError(f"let can assign \\p or \\n registers, not '{lhs}'")

    def op_decorate(self, item):
        """``decorate [options] {sub-path}``: the sub-path's operations, decorated (decorations.py)."""
        from geoverify.frontends.tikz.decorations import DECORATIONS, decorate_since
        from geoverify.frontends.tikz.decotext import TEXT_DECORATIONS, typeset_text_along_path
        from geoverify.frontends.tikz.pathbuild import segment_controls
        st2 = dict(self.st)
        for c in item.children[:-1]:
            self.interp.apply_options(st2, _text(c)[1:-1])
        deco = st2.get("decoration")
        declared = deco is not None and self.interp.defs.get("style:pgf@decoration@" + deco.name) is not None
        if declared:  # a decoration the figure declares (decouser.py)
            from geoverify.frontends.tikz.decouser import run_declared_decoration
            subs = self.path.subpaths
            mark = (len(subs), len(subs[-1].segs) if subs else 0)
            self.op_path_scope(Tree("path_scope", [item.children[-1]]))
            decorate_since(self.path, mark, deco,
                           lambda pieces, dc: run_declared_decoration(self.interp, pieces, dc, st2, self.loc))
            if self.path.current is not None and self.path.current.segs:
                self.cur = self.ref = tuple(segment_controls(self.path.current.segs[-1])[-1][3])
            return
        if st2.get("mark_code") and (deco is None or deco.name not in DECORATIONS):
            self._decorate_marks(item, st2)  # decorations.markings: marks that draw (markings.py)
            return
        if deco is None or deco.name not in DECORATIONS:
            name = deco.name if deco is not None else ""
            self.interp.note("UNSUPPORTED", f"decoration '{name}' of decorate{{...}} is not applied; the sub-path "
                             "is kept undecorated", "decorate", self.loc)
            deco = None
        subs = self.path.subpaths
        mark = (len(subs), len(subs[-1].segs) if subs else 0)
        self.op_path_scope(Tree("path_scope", [item.children[-1]]))
        if deco is not None:
            pieces = decorate_since(self.path, mark, deco)
            if deco.name in TEXT_DECORATIONS:  # text along the sub-path (decotext.py)
                typeset_text_along_path(self.interp, pieces, st2, self.loc)
            elif deco.name == "text effects along path" and pieces:  # a node per character (decoeffects.py)
                from geoverify.frontends.tikz.decoeffects import typeset_text_effects
                typeset_text_effects(self.interp, pieces, st2, self.loc)
            elif deco.name == "show path construction" and pieces:  # code per input segment (decoconstruction.py)
                from geoverify.frontends.tikz.decoconstruction import run_construction_code
                from geoverify.frontends.tikz.pathbuild import Subpath
                subs = []
                for segs in pieces:
                    sp = Subpath(tuple(segment_controls(segs[0])[0][0]))
                    sp.segs = list(segs)
                    subs.append(sp)
                run_construction_code(self.interp, subs, st2, self.loc)
            if self.path.current is not None and self.path.current.segs:
                self.cur = self.ref = tuple(segment_controls(self.path.current.segs[-1])[-1][3])

    def _decorate_marks(self, item, st2):
        """``decorate {sub-path}`` with markings: the marks' code runs along the sub-path, which
        pgf's decoration replaces by nothing, or with ``mark connection node`` by lines to
        and from that node of the marks."""
        import numpy as np

        from geoverify.frontends.tikz.markings import connect_node, run_mark_code
        from geoverify.frontends.tikz.pathbuild import Subpath, segment_controls

        def subpath(segs):
            sp = Subpath(tuple(segment_controls(segs[0])[0][0]))
            sp.segs = list(segs)
            return sp

        subs = self.path.subpaths
        n_sub, n_seg = len(subs), len(subs[-1].segs) if subs else 0
        self.op_path_scope(Tree("path_scope", [item.children[-1]]))
        first = max(n_sub - 1, 0)
        added = [sp.segs[n_seg:] if k == 0 and n_sub else sp.segs for k, sp in enumerate(self.path.subpaths[first:])]
        pieces = [segs for segs in added if segs]
        if not pieces:
            return
        start = tuple(segment_controls(pieces[0][0])[0][0])
        end = tuple(segment_controls(pieces[-1][-1])[-1][3])
        holder = type("_Path", (), {})()
        holder.subpaths = [subpath(p) for p in pieces]
        placed = run_mark_code(self.interp, holder, st2, self.loc)
        deco = st2.get("decoration")
        node = (deco.params.get("mark connection node") or "").strip() if deco is not None else ""
        out = connect_node(self.interp, start, placed, end, node, self.loc) if node else []
        if out is None:
            return  # the node is not known: the sub-path stays as it is
        keep = self.path.subpaths[first].segs[:n_seg] if n_sub else []
        del self.path.subpaths[first:]
        if keep:
            head = subpath(keep)
            self.path.subpaths.append(head)
            if out and np.allclose(out[0].start, segment_controls(keep[-1])[-1][3]):
                head.segs.extend(out.pop(0).segs)
        self.path.subpaths.extend(out)
        self.path.current = self.path.subpaths[-1] if self.path.subpaths else None
        self.cur = self.ref = end

    def op_svg(self, item):
        self.interp.note("UNSUPPORTED", "svg path data is not interpreted", "svg", self.loc)

    def op_cycle(self, item):
        self.path.close()
