"""Concepts of the ``mindmap`` library and the colour switch of their connection bars.

``concept`` (``tikzlibrarymindmap.code.tex``) is ``circle, fill=<concept color>,
draw=<concept color>``; the colour is read when the node is drawn, so ``concept color``
given before or after ``concept`` colours it. ``to [circle connection bar switch
color=from (a) to (b)]`` between two concepts draws its bar with neither fill nor
stroke, only a shading in it (a path picture): two rectangles filled with ``a`` and
``b`` as high as the larger concept's radius on both sides of the line between the
centres, from the start concept's centre to 1 pt past its border and from 1 pt before
the end concept's border to its centre, in the frame of that line; they are clipped to
the bar (kept whole and marked ``clipped``, as ``\\clip`` does). The to's own path (the
straight line between the borders, which places its nodes) is not drawn.

``to [circle connection bar]`` between two nodes is the bar itself, filled with the
concept colour and not stroked: the decoration ``circle connection bar`` of the line
between the borders, with ``start radius`` and ``end radius`` the nodes' (centre minus
west anchor) and ``amplitude`` 0.175 times the smaller. The decoration (also usable as
``decoration=circle connection bar``) draws, in the frame of the line, at each end the
part of the circle of that radius about the node's centre from ``angle`` to ``-angle``
(20 degrees, as the library sets it, or the decoration's ``angle``, ``segment angle``),
closed towards the other node by two curves to the points (1.5 r, -+amplitude/2), and
between them the rectangle from half the start radius past the start to half the end
radius before the end, ``amplitude`` high. In a ``mindmap`` picture every child's
edge is such a bar (``tikz@concept@setting``); a ``concept color`` given to a child
makes its edge the switch-colour bar from the colour before it.
"""

from __future__ import annotations

import math

from geoverify.frontends.tikz.decostates import arc_ops

__all__ = ["BAR_STATES", "MINDMAP_KEYS", "connection_bar", "mindmap_key", "switch_bar"]

#: Keys handled here (:func:`mindmap_key`).
MINDMAP_KEYS = frozenset({"concept", "concept color", "circle connection bar switch color", "circle connection bar"})

#: the decoration angle the library sets when loaded (``\pgfkeys{/pgf/decoration/angle=20}``)
_ANGLE = 20.0


def mindmap_key(ctx, st: dict, key: str, val: str | None) -> None:
    """Apply one of :data:`MINDMAP_KEYS` to ``st``."""
    from geoverify.frontends.tikz.colors import parse_color
    if key == "concept":
        st["shape"] = "circle"
        st["concept"] = True
        color = st.get("concept_color", (0.0, 0.0, 0.0))
        st["fill"] = st["draw"] = color
    elif key == "concept color":
        rgb = parse_color((val or "").strip(), ctx.color_table)
        if rgb is None:
            ctx.note("UNSUPPORTED", f"unknown concept color '{val}'", key)
            return
        # \tikzoption{concept color}: a child's edge switches from the colour before it
        st["edge_from_parent_path"] = ("(\\tikzparentnode) to[circle connection bar switch color=from "
                                       f"({st.get('concept_color_name') or 'black'}) to ({val.strip()})] "
                                       "(\\tikzchildnode)")
        st["concept_color"] = rgb
        st["concept_color_name"] = val.strip()
        if st.get("concept"):
            st["fill"] = st["draw"] = rgb
    elif key == "circle connection bar":
        st["connection_bar"] = True
    else:
        import re
        m = re.fullmatch(r"\s*from\s*\((.*)\)\s*to\s*\((.*)\)\s*", val or "")
        a = parse_color(m.group(1).strip(), ctx.color_table) if m else None
        b = parse_color(m.group(2).strip(), ctx.color_table) if m else None
        if a is None or b is None:
            ctx.note("UNSUPPORTED", f"cannot read '{key}={val}'", key)
            return
        st["switch_bar"] = (a, b)


def switch_bar(interp, start, end, colors, loc) -> None:
    """The two shading rectangles of a switch-colour bar from node ``start`` to node ``end``."""
    import numpy as np

    from geoverify.frontends.tikz.colors import to_hex
    from geoverify.errors import SourceLocation
    from geoverify.scene.primitives import Polyline, Style
    c0, c1 = start.anchor("center"), end.anchor("center")
    w0, w1 = start.anchor("west"), end.anchor("west")
    rs, re_ = c0[0] - w0[0], c1[0] - w1[0]  # pgf's radii: centre minus west, along x
    dx, dy = c1[0] - c0[0], c1[1] - c0[1]
    n = math.hypot(dx, dy)
    if n <= 0:
        return
    ux, uy = dx / n, dy / n
    s = (c0[0] + rs * ux, c0[1] + rs * uy)
    length = n - rs - re_
    half = 50.0 * 72.27 / 72 * 0.01992528 * max(rs, re_)  # 50 bp scaled by pgf's factor

    def rect(x0, x1):
        return np.array([(s[0] + x * ux - y * uy, s[1] + x * uy + y * ux)
                         for x, y in ((x0, -half), (x1, -half), (x1, half), (x0, half))])

    src = SourceLocation(loc.line, loc.column, loc.file, "circle connection bar")
    for (x0, x1), color in (((-rs, 1.0), colors[0]), ((length - 1.0, length + re_), colors[1])):
        interp.scene.add(Polyline(points=rect(x0, x1), closed_flag=True, clipped=True, panel=interp.panel,
                                  source=src, style=Style(stroke=None, stroke_width=0.0, fill=to_hex(color))))


def _end_ops(r: float, amp: float, angle: float, place) -> list[tuple]:
    """One end of the bar about its circle's centre (x towards the other end), through ``place``."""
    def polar(deg, rr):
        return (rr * math.cos(math.radians(deg)), rr * math.sin(math.radians(deg)))

    def add(p, q):
        return (p[0] + q[0], p[1] + q[1])

    ops = [("M", polar(angle, r))] + arc_ops(0.0, 0.0, r, angle, -angle)
    ops.append(("C", add(polar(-angle, r), polar(90.0 - angle, 0.25 * r)), (1.25 * r, -0.5 * amp), (1.5 * r, -0.5 * amp)))
    ops.append(("L", (1.5 * r, 0.5 * amp)))
    ops.append(("C", (1.25 * r, 0.5 * amp), add(polar(angle, r), polar(angle - 90.0, 0.25 * r)), polar(angle, r)))
    ops.append(("Z",))
    return [(op[0],) + tuple(place(q) for q in op[1:]) for op in ops]


def _bar_states(state, rem, sl, a, deco, done):
    """The states of the ``circle connection bar`` decoration (:mod:`.decorations`' signature)."""
    rs, re_ = deco.radius, deco.params.get("end radius", 2.5)
    angle = deco.params.get("angle", _ANGLE)
    if state == "initial":
        return _end_ops(rs, a, angle, lambda q: (q[0] - rs, q[1])), 0.0, "bar"
    if state == "bar":
        x0, x1 = 0.5 * rs, rem - 0.5 * re_
        return [("M", (x0, -0.5 * a)), ("L", (x1, -0.5 * a)), ("L", (x1, 0.5 * a)), ("L", (x0, 0.5 * a)), ("Z",)], \
            0.0, "end"
    return _end_ops(re_, a, angle, lambda q: (rem + re_ - q[0], q[1])), 0.0, "final"


#: The decoration's automaton (:mod:`.decorations`): its final state draws nothing.
BAR_STATES = {"circle connection bar": ("initial", _bar_states, False)}


def connection_bar(interp, start, end, st: dict, loc) -> None:
    """``to [circle connection bar]`` from node ``start`` to node ``end``: the bar, filled with the concept colour."""
    from geoverify.errors import SourceLocation
    from geoverify.frontends.tikz.decorations import Decoration, decorate_pieces
    from geoverify.frontends.tikz.emit import emit_path
    from geoverify.frontends.tikz.pathbuild import PathBuilder
    c0, c1 = start.anchor("center"), end.anchor("center")
    rs, re_ = c0[0] - start.anchor("west")[0], c1[0] - end.anchor("west")[0]
    s, e = start.border_toward(c1), end.border_toward(c0)
    if math.hypot(e[0] - s[0], e[1] - s[1]) <= 0:
        return
    old = st.get("decoration")
    deco = Decoration("circle connection bar", amplitude=0.175 * min(rs, re_))
    deco.radius = rs
    deco.params["end radius"] = re_
    if old is not None and "angle" in old.params:
        deco.params["angle"] = old.params["angle"]
    path = PathBuilder()
    path.subpaths = decorate_pieces([[("L", tuple(s), tuple(e))]], deco)
    fst = dict(st)
    fst["fill"] = st.get("concept_color") or (0.0, 0.0, 0.0)
    fst["decorate"] = False
    fst["arrow_start"] = fst["arrow_end"] = None
    emit_path(interp.scene, path, fst, draw=False, fill=True, panel=interp.panel,
              source=SourceLocation(loc.line, loc.column, loc.file, "circle connection bar"))
