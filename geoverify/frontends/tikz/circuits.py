"""Logic gates of ``circuits.logic.IEC`` (``pgflibraryshapes.gates.logic.IEC.code.tex``).

A gate is a rectangle as wide as its text or its symbol (``&``, ``≥1``, ``=1``, ``1``;
``\\scriptstyle`` math) plus inner sep, at least half its minimum size, and high enough
for its inputs: half its height is at least ``(n + 1)/2 max(2 inverted radius + line
width, input sep)``. The symbol hangs from the top of the inner box. Input ``k`` of
``n`` is on the west side (outer sep included) at ``half height - k 2 half height / (n + 1)``
from the top (further out by the circle of an ``inverted`` input); ``output`` is the
east side, beyond the output circle of a nand, nor, xnor or not gate. A not or buffer
gate has one input (``input``). The library's ``and gate`` ... ``buffer gate`` keys are
``circuit symbol size=width 2.5 height 4`` (the 7 pt ``circuit symbol unit``),
``inner sep=.5ex``, drawn; ``inputs={normal,inverted}`` or ``inputs=ni`` set the inputs.
"""

from __future__ import annotations

__all__ = ["GATE_SHAPES", "GATE_KEYS", "gate_key", "gate_shape", "emit_gate_parts", "symbol_key",
           "circuit_to"]

#: IEC gate shapes -> (symbol, inverted output, at most one input).
GATE_SHAPES = {
    "and gate IEC": ("$\\scriptstyle\\&$", False, False), "nand gate IEC": ("$\\scriptstyle\\&$", True, False),
    "or gate IEC": ("$\\scriptstyle\\geq1$", False, False), "nor gate IEC": ("$\\scriptstyle\\geq1$", True, False),
    "xor gate IEC": ("$\\scriptstyle=1$", False, False), "xnor gate IEC": ("$\\scriptstyle=1$", True, False),
    "not gate IEC": ("$\\scriptstyle1$", True, True), "buffer gate IEC": ("$\\scriptstyle1$", False, True),
    "inductor IEC": None,  # circuits.ee.IEC (:func:`_inductor`)
}

#: Keys of the gates and circuits (:func:`gate_key`).
GATE_KEYS = frozenset({"logic gate inputs", "logic gate inverted radius", "logic gate input sep", "circuit",
                       "circuit handle symbol"})

_INPUT_SEP = 0.125 * 72.27 / 2.54  # pt, pgf's logic gate input sep
_UNIT = 7.0  # pt, circuit symbol unit (medium circuit symbols)


def gate_key(ctx, st: dict, key: str, val: str | None, apply) -> None:
    """Apply one of :data:`GATE_KEYS` to ``st`` (``apply(state, options)`` applies options)."""
    if key == "circuit":
        st["circuit"] = True
    elif key == "circuit handle symbol":
        symbol_key(ctx, st, val or "", apply)
    elif key == "logic gate inputs":
        v = (val or "").strip()
        if "," in v:  # long form: normal, inverted
            inputs = tuple("i" if w.strip() == "inverted" else "n" for w in v.split(","))
        else:  # short form: letters n and i
            inputs = tuple("i" if ch == "i" else "n" for ch in v if not ch.isspace())
        st["gate_inputs"] = inputs
    else:
        r = ctx.number(val, st)
        st["gate_inverted_radius" if key.endswith("radius") else "gate_input_sep"] = float(r.value)


def gate_shape(shape: str, nst: dict, text_w: float, text_hd: float, ixs: float, iys: float, outer: float) -> dict:
    """Outline, border and anchors of gate ``shape`` (node frame, pt), as
    :func:`.geoshapes.polygon_shape` gives them, plus ``gate`` (its circles and symbol)."""
    if GATE_SHAPES[shape] is None:
        return _inductor(nst, outer)
    symbol, inverted_out, single = GATE_SHAPES[shape]
    inputs = nst.get("gate_inputs") or ("n", "n")
    if single:
        inputs = inputs[:1]
    n = len(inputs)
    inv = nst.get("gate_inverted_radius", 0.25 * _UNIT)
    sep = nst.get("gate_input_sep", _INPUT_SEP)
    from geoverify.frontends.tikz.fonts import measure
    sbox = measure(symbol, nst["font_size"])[0]
    sw, sh, sd = sbox.width, sbox.height, sbox.depth
    x = max(text_w / 2, sw / 2) + ixs
    y = max(text_hd / 2, (sh + sd) / 2) + iys
    x = max(x, nst["min_width"] / 2)
    y = max(y, nst["min_height"] / 2)
    y = max(y, 0.5 * (n + 1) * max(2 * inv + nst["line_width"], sep))
    hw, hh = x + outer, y + outer
    outer_inv = inv + 0.5 * nst["line_width"]
    anchors = {"center": (0.0, 0.0), "north": (0.0, hh), "south": (0.0, -hh), "east": (hw, 0.0),
               "west": (-hw, 0.0), "north east": (hw, hh), "north west": (-hw, hh), "south east": (hw, -hh),
               "south west": (-hw, -hh),
               "output": (hw + inv + outer_inv if inverted_out else hw, 0.0)}
    circles = []
    step = 2 * hh / (n + 1)
    for k, kind in enumerate(inputs, start=1):
        yk = hh - k * step
        xk = -hw - (inv + outer_inv if kind == "i" else 0.0)
        anchors[f"input {k}"] = (xk, yk)
        if kind == "i":
            circles.append((-hw - inv, yk, inv))
    if single:
        anchors["input"] = anchors["input 1"]
    if inverted_out:
        circles.append((hw + inv, 0.0, inv))
    top = y - iys  # the symbol hangs from the top of the inner box
    return {"path": [(x, y), (-x, y), (-x, -y), (x, -y)],
            "border": [(hw, hh), (-hw, hh), (-hw, -hh), (hw, -hh)], "anchors": anchors,
            "gate": {"circles": circles, "symbol": symbol, "symbol_box": (-sw / 2, top - sh - sd, sw / 2, top)}}


def emit_gate_parts(scene, node, nst: dict, style, common: dict) -> None:
    """The circles of a gate's inverted inputs and output and its symbol (after its outline)."""
    from geoverify.frontends.tikz.colors import to_hex
    from geoverify.scene.primitives import Circle, Style, TextLabel
    gate = node.extra["poly"]["gate"]
    if style is not None:
        for cx, cy, r in gate["circles"]:
            scene.add(Circle(center=node._to_canvas(cx, cy), radius=r * node.scale, style=style, **common))
    x0, y0, x1, y1 = gate["symbol_box"]
    corners = [node._to_canvas(x, y) for x in (x0, x1) for y in (y0, y1)]
    box = (min(c[0] for c in corners), min(c[1] for c in corners), max(c[0] for c in corners),
           max(c[1] for c in corners))
    color = nst.get("text") or nst["color"]
    scene.add(TextLabel(text=gate["symbol"], anchor=node._to_canvas((x0 + x1) / 2, (y0 + y1) / 2), box=box,
                        font_size=nst["font_size"] * node.scale,
                        style=Style(stroke=None, stroke_width=0.0, fill=to_hex(color), opacity=nst["opacity"]),
                        **common))


def _inductor(nst: dict, outer: float) -> dict:
    """``inductor IEC`` (pgflibraryshapes.gates.ee.IEC): half circles of radius ``minimum height``
    side by side on the node's x axis from ``-minimum width/2`` while they fit (0.1 pt to
    spare), then a line to ``minimum width/2``; the centre is on that axis. Its border is the
    rectangle up to ``minimum height`` above and 0.5 pt below the axis (outer sep added);
    ``curves`` are the cubics drawn (an open path)."""
    import math

    from geoverify.scene.primitives import arc_controls, line_controls
    w2, h = nst["min_width"] / 2, nst["min_height"]
    curves = []
    x = -w2
    while h > 0 and x + 2 * h < w2 + 0.1:
        curves.extend(arc_controls((x + h, 0.0), h, h, math.pi, -math.pi))
        x += 2 * h
    if x < w2:
        curves.append(line_controls((x, 0.0), (w2, 0.0)))
    hw, top, low = w2 + outer, h + outer, outer + 0.5
    anchors = {"center": (0.0, 0.0), "north": (0.0, top), "south": (0.0, -outer), "east": (hw, 0.0),
               "west": (-hw, 0.0), "north east": (hw, top), "north west": (-hw, top), "south east": (hw, -outer),
               "south west": (-hw, -outer), "input": (-hw, (top - outer) / 2), "output": (hw, (top - outer) / 2)}
    return {"path": [(w2, h), (-w2, h), (-w2, 0.0), (w2, 0.0)], "border": [(hw, top), (-hw, top), (-hw, -low), (hw, -low)],
            "anchors": anchors, "curves": [c.tolist() for c in curves]}


_POS_WORDS = {"at start": 0.0, "very near start": 0.125, "near start": 0.25, "midway": 0.5, "near end": 0.75,
              "very near end": 0.875, "at end": 1.0}


def symbol_key(ctx, st: dict, val: str, apply) -> None:
    """``circuit handle symbol={opts}``: a symbol of the ``to`` being read (``st["on_to"]``) in
    a circuit, else ``opts`` applied to ``st``. ``apply(state, options)`` applies options."""
    if not (st.get("circuit") and st.get("on_to")):
        apply(st, val)
        return
    from geoverify.frontends.tikz.options import split_options
    pos = 0.5
    for k, v in split_options(val):
        if k in _POS_WORDS and v is None:
            pos = _POS_WORDS[k]
        elif k == "pos" and v:
            pos = float(ctx.number(v, st).value)
    st["circuit_symbols"] = (st.get("circuit_symbols") or ()) + ((pos, val),)


def circuit_to(walker, st: dict, target, nodes) -> None:
    """A ``to`` with circuit symbols (``st["circuit_symbols"]``), continuing ``walker``'s path."""
    import math

    from geoverify.frontends.tikz import geometry as G
    start = walker._here()
    start_node = walker.cur_node
    if walker.path.current is None and start_node is None:
        walker.path.move_to(start)
    p, node, plus = walker.coord(target)
    end_ref = node.ref_point if node is not None else p
    a = start_node.border_toward(end_ref) if start_node is not None else start
    b = node.border_toward(a) if node is not None else p
    if walker.path.current is None or walker.path.current.closed:
        walker.path.move_to(a)
    dx, dy = b[0] - a[0], b[1] - a[1]
    angle = math.degrees(math.atan2(dy, dx))
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    here = a
    for pos, opts in sorted(st["circuit_symbols"], key=lambda s: s[0]):
        centre = (a[0] + pos * dx, a[1] + pos * dy)
        nst = walker.interp.node_state({**st, "on_to": False, "circuit_symbols": None}, opts)
        nst["ctm"] = G.rotation(angle)  # tikz@lib@circ@compute@direction, the picture's transform reset
        sym = walker.interp.place_node(nst, None, centre, "", walker.loc)
        back = sym.border_toward((centre[0] - ux, centre[1] - uy))
        ahead = sym.border_toward((centre[0] + ux, centre[1] + uy))
        if pos > 0:
            walker.path.line(here, back)
        walker.path.move_to(ahead)
        here = ahead
    if here != b:
        walker.path.line(here, b)
    walker.last_op = [("L", tuple(a), tuple(b))]
    walker.last_op_kind = "to"
    walker._advance(p, node, plus)
    walker._place_inline(nodes, 0.5, st)
