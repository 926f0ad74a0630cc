"""The node shapes ``tqft cobordism`` and ``tqft boundary circle`` of the ``tqft`` package
(``tqft.sty`` v2.1, ``\\usepackage{tqft}``); the keys are read by :mod:`.tqft`.

``\\node[tqft/pair of pants, draw] (a) {};`` builds, in the shape's frame (centre at the origin,
``cobordism height`` H, ``boundary separation`` S, ``circle width`` w, ``circle depth`` d, the
dips' control height ``c = H/2 - 4d``), with ``x0 = -(max(I-1, O-1+offset) + min(0, offset)) S/2``:

- incoming boundary k centred at ``(x0 + (k-1) S, H/2)``, outgoing boundary k at
  ``(x0 + (offset + k-1) S, -H/2)``;
- the background path (drawn and filled as the node is): the upper half of every boundary circle
  (``view from=incoming``: the lower half) joined by curves, the inner ones dipping to ``+-c``,
  the outer ones with controls at ``ch = min(0, max(-H/2, H/2 - 4d ((|dx| - 2w)/S + 1)))``, closed;
- behind it, the whole circles (``boundary style``) and their lower halves (``boundary lower
  style``); in front, the edges (``cobordism style``) and the upper halves (``boundary upper
  style``), drawn only when those styles draw or fill;
- anchors ``centre``, ``north``/``south`` (``H/2`` plus ``outer ysep``), ``west``/``east`` and the
  corners (outermost circles, ``outer xsep``), ``incoming boundary k``, ``outgoing boundary k``,
  ``after incoming boundary k`` and ``after outgoing boundary k``; the border is the centre (the
  shape has no ``\\anchorborder``).

``flow=south|north|east|west`` turns the shape by ``flow transformation <dir>`` (east: ``rotate=90,
xscale=-1``): the anchors, the paths, and the ``tqft boundary circle`` nodes a named node gets
(``<name> incoming k``, ``<name> outgoing k``; anchors ``next``, ``prior``, ``above``, ``below`` one
separation or height away). The shape's background code sets the transformation without a group
(``\\pgfnode`` runs it so), so the paths in front of it and the text turn with it; the text is set
upright here (a note says so).
"""

from __future__ import annotations

import math

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.colors import to_hex
from geoverify.frontends.tikz.emit import emit_path
from geoverify.frontends.tikz.fonts import measure
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.pathbuild import PathBuilder
from geoverify.frontends.tikz.positioning import positioned_point
from geoverify.frontends.tikz.tqft import tqft_values
from geoverify.scene import TextLabel
from geoverify.scene.primitives import Style

__all__ = ["place_tqft_node"]


class _Pen:
    """pgf's path construction (``moveto``, ``curveto``, ``arc`` from the current point) in a
    shape's frame, mapped into a canvas :class:`PathBuilder` by the affine map ``A``."""

    def __init__(self, A):
        self.A = A
        self.path = PathBuilder()
        self.cur = (0.0, 0.0)

    def move(self, x: float, y: float) -> None:
        self.cur = (x, y)
        self.path.move_to(G.apply(self.A, self.cur))

    def curve(self, c1, c2, end) -> None:
        self.path.curve(G.apply(self.A, self.cur), G.apply(self.A, c1), G.apply(self.A, c2), G.apply(self.A, end))
        self.cur = tuple(end)

    def arc(self, a0: float, a1: float, rx: float, ry: float) -> None:
        t0, t1 = math.radians(a0), math.radians(a1)
        c = (self.cur[0] - rx * math.cos(t0), self.cur[1] - ry * math.sin(t0))
        self.path.arc(G.apply(self.A, c), G.apply_linear(self.A, (rx, 0.0)), G.apply_linear(self.A, (0.0, ry)), t0, t1)
        self.cur = (c[0] + rx * math.cos(t1), c[1] + ry * math.sin(t1))

    def ellipse(self, cx: float, cy: float, rx: float, ry: float) -> None:
        self.path.ellipse(G.apply(self.A, (cx, cy)), G.apply_linear(self.A, (rx, 0.0)),
                          G.apply_linear(self.A, (0.0, ry)))

    def close(self) -> None:
        self.path.close()


class _Shape:
    """The numbers of one ``tqft cobordism`` node (pt, shape frame before the flow)."""

    def __init__(self, n_in, n_out, off, H, S, w, d, oxs, oys, view):
        self.I, self.O, self.off, self.H, self.S, self.w, self.d = n_in, n_out, off, H, S, w, d
        self.oxs, self.oys = oxs, oys
        self.h = H / 2
        self.c = 0.5 * H - 4 * d  # \tqft@control
        self.U = -180.0 if view == "incoming" else 180.0  # \pgf@tqft@upper180
        self.L = -self.U
        span = max(n_in - 1, n_out - 1 + off) + min(0.0, off)
        self.start_in = (-span * S / 2, self.h)
        self.start_out = (-(span - 2 * off) * S / 2, -self.h)

    def ch(self, xb: float, xa: float) -> float:
        h, c, w2, s = self.h, self.c, 2 * self.w, self.S
        return min(0.0, max(-h, h - (h - c) * ((abs(xb - xa) - w2) / s + 1)))

    def anchors(self) -> dict:
        """The shape's named anchors, before the flow transformation."""
        I, O, S, w, oxs, oys = self.I, self.O, self.S, self.w, self.oxs, self.oys
        (ix, iy), (ox, oy) = self.start_in, self.start_out
        xa, xb = ix + (I - 1) * S + w, ox + (O - 1) * S + w
        out = {"north": (0.0, self.h + oys), "south": (0.0, -(self.h + oys)),
               "west": ((ix - w + ox - w) / 2 - oxs, (iy + oy) / 2), "east": ((xa + xb) / 2 + oxs, (iy + oy) / 2),
               "north west": (ix - w - oxs, iy + oys), "south west": (ox - w - oxs, oy - oys),
               "north east": (xa + oxs, iy + oys), "south east": (xb + oxs, oy - oys)}
        for k in range(1, I + 1):
            out[f"incoming boundary {k}"] = (ix + (k - 1) * S, iy + oys)
        for k in range(1, O + 1):
            out[f"outgoing boundary {k}"] = (ox + (k - 1) * S, oy - oys)
        for k in range(1, I):
            out[f"after incoming boundary {k}"] = (ix + (k - 0.5) * S, 0.25 * iy + 0.75 * self.c + oys)
        for k in range(1, O):
            out[f"after outgoing boundary {k}"] = (ox + (k - 0.5) * S, 0.25 * oy - 0.75 * self.c - oys)
        return out

    def background(self, pen: _Pen) -> None:
        """The outline: upper halves of the circles joined by the edges, closed."""
        I, O, S, w, h, c, U = self.I, self.O, self.S, self.w, self.h, self.c, self.U
        xa = self.start_in[0] - w
        xb = xa + 2 * w
        if I > 0:
            pen.move(xa, h)
            pen.arc(U, 0, w, self.d)
            for k in range(2, I + 1):
                xk, xbk = xa + (k - 1) * S, xb + (k - 2) * S
                pen.curve((xbk, c), (xk, c), (xk, h))
                pen.arc(U, 0, w, self.d)
            if O == 0:
                xb2 = xb + (I - 1) * S
                ch = self.ch(xb2, xa)
                pen.curve((xb2, ch), (xa, ch), (xa, h))
        if O > 0:
            xb2 = xb + (I - 1) * S
            xa2 = xa + (O - 1 + self.off) * S + 2 * w
            if I > 0:
                ch = self.ch(xb2, xa2)
                pen.curve((xb2, ch), (xa2, -ch), (xa2, -h))
            else:
                pen.move(xa2, -h)
            xb3 = xa2 - 2 * w
            pen.arc(0, U, w, self.d)
            for k in range(2, O + 1):
                xk, xbk = xa2 - (k - 1) * S, xb3 - (k - 2) * S
                pen.curve((xbk, -c), (xk, -c), (xk, -h))
                pen.arc(0, U, w, self.d)
            xb4 = xb3 - (O - 1) * S
            if I > 0:
                ch = self.ch(xb4, xa)
                pen.curve((xb4, -ch), (xa, ch), (xa, h))
            else:
                ch = self.ch(xb4, xa2)
                pen.curve((xb4, -ch), (xa2, -ch), (xa2, -h))
        pen.close()

    def centres(self) -> tuple[list, list]:
        """Centres of the incoming and outgoing boundary circles (1 ... I, 1 ... O)."""
        (ix, iy), (ox, oy) = self.start_in, self.start_out
        return ([(ix + (k - 1) * self.S, iy) for k in range(1, self.I + 1)],
                [(ox + (k - 1) * self.S, oy) for k in range(1, self.O + 1)])

    def edges(self, pen: _Pen) -> None:
        """The ``cobordism style`` path: the edges without the circles."""
        I, O, S, w, h, c = self.I, self.O, self.S, self.w, self.h, self.c
        xa = self.start_in[0] - w
        xb = xa + 2 * w
        if I > 0:
            for k in range(2, I + 1):
                xk, xbk = xa + (k - 1) * S, xb + (k - 2) * S
                pen.move(xbk, h)
                pen.curve((xbk, c), (xk, c), (xk, h))
            if O == 0:
                xb2 = xb + (I - 1) * S
                ch = self.ch(xb2, xa)
                pen.move(xb2, h)
                pen.curve((xb2, ch), (xa, ch), (xa, h))
        if O > 0:
            xb2 = xb + (I - 1) * S
            xa2 = xa + (O - 1 + self.off) * S + 2 * w
            if I > 0:
                ch = self.ch(xb2, xa2)
                pen.move(xb2, h)
                pen.curve((xb2, ch), (xa2, -ch), (xa2, -h))
            else:
                pen.move(xa2, -h)
            xb3 = xa2 - 2 * w
            pen.move(xb3, -h)
            for k in range(2, O + 1):
                xk, xbk = xa2 - (k - 1) * S, xb3 - (k - 2) * S
                pen.curve((xbk, -c), (xk, -c), (xk, -h))
                pen.move(xk - 2 * w, -h)
            xb4 = xb3 - (O - 1) * S
            if I > 0:
                ch = self.ch(xb4, xa)
                pen.curve((xb4, -ch), (xa, ch), (xa, h))
            else:
                ch = self.ch(xb4, xa2)
                pen.curve((xb4, -ch), (xa2, -ch), (xa2, -h))


def _numbers(interp, nst: dict, loc):
    """The package's key values of node state ``nst`` as numbers, or None (reported)."""
    vals = tqft_values(nst, "node")
    try:
        def num(key):
            return interp.number(vals[key], nst).value
        return (int(round(num("incoming boundary components"))), int(round(num("outgoing boundary components"))),
                num("offset"), num("cobordism height"), num("boundary separation"), num("circle width"),
                num("circle depth"), num("outer xsep"), num("outer ysep"), vals["flow transformation"])
    except GeoverifyError as err:
        interp.note("UNSUPPORTED", f"a tqft key cannot be read ({err.message}); the node is not drawn", "tqft", loc)
        return None


def _flow(interp, nst: dict, text: str):
    """The linear map of the flow transformation keys ``text`` (an affine tuple)."""
    if not text.strip():
        return G.IDENTITY
    s = dict(nst)
    s["ctm"] = G.IDENTITY
    interp.apply_options(s, text)
    m = s["ctm"]
    return (m[0], m[1], m[2], m[3], 0.0, 0.0)


def _part_style(interp, nst: dict, key: str):
    """State of a part drawn with the package style ``key`` (e.g. ``boundary style``): the node's
    graphic state with drawing and filling off, then the style's keys; None if it draws nothing."""
    body = ((nst.get("tqft") or {}).get("styles") or {}).get(key + " contents")
    if not body:
        return None
    s = dict(nst)
    for mode in ("draw", "fill"):
        if s[mode] not in (None, "current"):
            s[mode + "_color"] = s[mode]
        s[mode] = None
    interp.apply_options(s, body)
    return s if s["draw"] is not None or s["fill"] is not None else None


def _emit(interp, pen: _Pen, s: dict, loc, name) -> None:
    if pen.path.is_empty():
        return
    emit_path(interp.scene, pen.path, s, draw=s["draw"] is not None, fill=s["fill"] is not None, source=loc,
              panel=interp.panel, name=name)


def _frame(nst: dict):
    """(angle in degrees, scale, (tx, ty)) of a node's own frame, as ``place_node`` takes it."""
    m = nst.get("node_ctm", G.IDENTITY)
    if nst.get("transform_shape"):
        lin = nst["ctm"]
        m = G.compose((lin[0], lin[1], lin[2], lin[3], 0.0, 0.0), m)
    shift = nst.get("node_shift") or (0.0, 0.0)
    return (math.degrees(math.atan2(m[1], m[0])), math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) or 1.0,
            (m[4] + shift[0], m[5] + shift[1]))


def _node_affine(node: Node):
    """The node's frame as an affine map (shape frame -> canvas)."""
    a, k = math.radians(node.angle), node.scale
    c, s = math.cos(a) * k, math.sin(a) * k
    return (c, s, -s, c, node.center[0], node.center[1])


def _place(interp, node: Node, nst: dict, name, p, loc) -> None:
    """Put ``node`` (its anchors set) so that its anchor lands on ``p``; register its name."""
    ang, scl, (tx, ty) = _frame(nst)
    node.angle, node.scale = ang, scl
    anchor = nst.get("anchor") or "center"
    off = (0.0, 0.0)
    if anchor not in ("center", "centre"):
        node.center = (0.0, 0.0)
        try:
            off = node.anchor(anchor)  # the anchor's offset from the centre, in the node's frame
        except KeyError:
            interp.note("UNSUPPORTED", f"unknown anchor '{anchor}' of a {nst['shape']} node; the centre is used",
                        "anchor", loc)
    p = positioned_point(interp, nst, p)
    node.center = (p[0] + tx - off[0], p[1] + ty - off[1])
    if name:
        interp.nodes[name] = node
    for alias in nst.get("node_aliases") or ():
        interp.nodes[alias] = node
    interp.placed_nodes.append(node)


def _text(interp, node: Node, nst: dict, text: str, p, loc, name, F) -> None:
    """Node text on the ``text`` anchor ``(-wd/2, -ht/2)`` of the shape (upright)."""
    text = text.strip()
    if not text:
        return
    if F[:4] != G.IDENTITY[:4]:
        interp.note("APPROXIMATED", "text of a tqft node is set upright (TeX turns it with the flow)", "tqft", loc)
    box, _ = measure(text, nst["font_size"], nst.get("bold", False))
    node.text_height, node.text_depth = box.height, 0.0
    node.extra["ink"] = (box.height, box.depth)
    color = nst.get("text") or nst["color"]
    interp.scene.add(TextLabel(text=text, anchor=p, box=node.text_box(box.width),
                               font_size=nst["font_size"] * node.scale,
                               style=Style(stroke=None, stroke_width=0.0, fill=to_hex(color), opacity=nst["opacity"]),
                               source=loc, panel=interp.panel, name=name))


def place_tqft_node(interp, nst: dict, name, p, text: str, loc):
    """Build a ``tqft cobordism`` or ``tqft boundary circle`` node at canvas point ``p`` and draw it."""
    nums = _numbers(interp, nst, loc)
    if nums is None:
        return None
    n_in, n_out, off, H, S, w, d, oxs, oys, flow_text = nums
    F = _flow(interp, nst, flow_text)
    view = (nst.get("tqft") or {}).get("view")
    if nst["shape"] == "tqft boundary circle":
        return _boundary_circle_node(interp, nst, name, p, text, loc, (H, S, w, d), F, view)
    shape = _Shape(max(n_in, 0), max(n_out, 0), off, H, S, w, d, oxs, oys, view)
    anchors = {k: G.apply(F, q) for k, q in shape.anchors().items()}
    anchors["centre"] = anchors["center"] = (0.0, 0.0)
    anchors["text"] = (0.0, 0.0)
    xs = [q[0] for q in anchors.values()]
    ys = [q[1] for q in anchors.values()]
    node = Node(name, "rectangle", (0.0, 0.0), max(map(abs, xs)), max(map(abs, ys)), 0.0)
    node.extra["shape_anchors"] = anchors
    node.extra["border_is_center"] = True
    _place(interp, node, nst, name, p, loc)
    A = _node_affine(node)
    AF = G.compose(A, F)
    # behind the background: whole circles, then their lower halves (flow transformed)
    ins, outs = shape.centres()
    s = _part_style(interp, nst, "boundary style")
    if s is not None:
        pen = _Pen(AF)
        for cx, cy in ins + outs[::-1]:
            pen.ellipse(cx, cy, w, d)
        _emit(interp, pen, s, loc, name)

    def halves(style_key, end):  # the boundary circles' lower or upper halves, in that style
        st = _part_style(interp, nst, style_key)
        if st is not None:
            pen = _Pen(AF)
            for cx, cy in ins + outs[::-1]:
                pen.move(cx + w, cy)
                pen.arc(0, end, w, d)
            _emit(interp, pen, st, loc, name)

    halves("boundary lower style", shape.L)
    # the background path: drawn and filled as the node
    draw, fill = nst["draw"] is not None, nst["fill"] is not None
    if draw or fill:
        pen = _Pen(AF)
        shape.background(pen)
        _emit(interp, pen, nst, loc, name)
    # in front: the edges and upper halves (the background's transformation still holds)
    s = _part_style(interp, nst, "cobordism style")
    if s is not None:
        pen = _Pen(AF)
        shape.edges(pen)
        _emit(interp, pen, s, loc, name)
    halves("boundary upper style", shape.U)
    if name:
        for kind, centres in (("incoming", ins), ("outgoing", outs)):
            for k, (cx, cy) in enumerate(centres, 1):
                sub = _circle_node(f"{name} {kind} {k}", (H, S, w, d), F)
                sub.angle, sub.scale = node.angle, node.scale
                sub.center = G.apply(AF, (cx, cy))
                interp.nodes[sub.name] = sub
    _text(interp, node, nst, text, p, loc, name, F)
    return node


def _circle_node(name, sizes, F) -> Node:
    """A ``tqft boundary circle`` node (centre at the origin) in a frame turned by the flow ``F``."""
    H, S, w, d = sizes
    swap = abs(F[0]) < abs(F[1])  # the flow turns the circle's width upright
    node = Node(name, "ellipse", (0.0, 0.0), d if swap else w, w if swap else d, 0.0)
    node.extra["shape_anchors"] = {"centre": (0.0, 0.0), "next": G.apply(F, (S, 0.0)),
                                   "prior": G.apply(F, (-S, 0.0)), "above": G.apply(F, (0.0, H)),
                                   "below": G.apply(F, (0.0, -H))}
    return node


def _boundary_circle_node(interp, nst: dict, name, p, text: str, loc, sizes, F, view):
    """A ``tqft boundary circle`` node: an ellipse turned by the flow, its halves in front."""
    w, d = sizes[2], sizes[3]
    node = _circle_node(name, sizes, F)
    _place(interp, node, nst, name, p, loc)
    AF = G.compose(_node_affine(node), F)
    if nst["draw"] is not None or nst["fill"] is not None:
        pen = _Pen(AF)
        pen.ellipse(0.0, 0.0, w, d)
        _emit(interp, pen, nst, loc, name)
    U = -180.0 if view == "incoming" else 180.0
    for key, end in (("boundary lower style", -U), ("boundary upper style", U)):
        s = _part_style(interp, nst, key)
        if s is not None:
            pen = _Pen(AF)
            pen.move(w, 0.0)
            pen.arc(0, end, w, d)
            _emit(interp, pen, s, loc, name)
    _text(interp, node, nst, text, p, loc, name, F)
    return node
