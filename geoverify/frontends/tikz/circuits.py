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

from geoverify.errors import FigureSyntaxError

__all__ = ["GATE_SHAPES", "GATE_KEYS", "gate_key", "gate_length", "gate_shape", "emit_gate_parts", "symbol_key",
           "circuit_to"]

#: IEC gate shapes -> (symbol, inverted output, at most one input); the symbols are pgf's initial
#: ``<gate> IEC symbol`` (``circuit logic IEC`` sets them in ``\\scriptstyle``)
GATE_SHAPES = {
    "and gate IEC": ("$\\&$", False, False), "nand gate IEC": ("$\\&$", True, False),
    "or gate IEC": ("$\\geq1$", False, False), "nor gate IEC": ("$\\geq1$", True, False),
    "xor gate IEC": ("$=1$", False, False), "xnor gate IEC": ("$=1$", True, False),
    "not gate IEC": ("1", True, True), "buffer gate IEC": ("1", False, True),
}

#: Keys of the gates and circuits (:func:`gate_key`).
GATE_KEYS = frozenset({"logic gate inputs", "logic gate inverted radius", "logic gate input sep", "circuit",
                       "circuit handle symbol", "circuit declare symbol", "circuit symbol unit",
                       "circuit symbol size", "circuit declare unit", "circuit info", "info", "info'",
                       "info sloped", "info' sloped", "generic diode IEC/before background",
                       "generic circle IEC/before background", "logic gate IEC symbol color", "circuit annotation",
                       "current direction arrow", "current direction ee size",
                       *(f"{shape} symbol" for shape in GATE_SHAPES)})

_INPUT_SEP = 0.125 * 72.27 / 2.54  # pt, pgf's logic gate input sep
_UNIT = 7.0  # pt, circuit symbol unit (medium circuit symbols)


def gate_key(ctx, st: dict, key: str, val: str | None, apply) -> None:
    """Apply one of :data:`GATE_KEYS` to ``st`` (``apply(state, options)`` applies options)."""
    if key == "circuit":
        st["circuit"] = True
    elif key == "circuit handle symbol":
        symbol_key(ctx, st, val or "", apply)
    elif key in _LIBRARY_KEYS:
        _library_key(ctx, st, key, val or "", apply)
    elif key == "logic gate inputs":
        v = (val or "").strip()
        if "," in v:  # long form: normal, inverted
            inputs = tuple("i" if w.strip() == "inverted" else "n" for w in v.split(","))
        else:  # short form: letters n and i
            inputs = tuple("i" if ch == "i" else "n" for ch in v if not ch.isspace())
        st["gate_inputs"] = inputs
    else:  # a length in symbol units is measured when the gate is (pgf evaluates it in the shape)
        v = val or ""
        per_unit = "\\tikzcircuitssizeunit" in v
        r = ctx.number(v.replace("\\tikzcircuitssizeunit", "1pt"), st)
        st["gate_inverted_radius" if key.endswith("radius") else "gate_input_sep"] = (float(r.value), per_unit)


def gate_length(nst: dict, name: str, default: float) -> float:
    """The gate length ``name`` (``gate_inverted_radius``, ``gate_input_sep``) of node state
    ``nst`` in pt: ``default`` unless set, a length in symbol units at the node's unit."""
    value, per_unit = nst.get(name) or (default, False)
    return value * nst.get("circuit_unit", _UNIT) if per_unit else value


_LIBRARY_KEYS = GATE_KEYS - {"logic gate inputs", "logic gate inverted radius", "logic gate input sep", "circuit",
                             "circuit handle symbol"}


def _library_key(ctx, st: dict, key: str, val: str, apply) -> None:
    """The circuits library's keys (tikzlibrarycircuits.code.tex): symbol and unit declarations,
    the symbol unit and sizes, info labels; the before background code of the generic IEC shapes."""
    import re

    from geoverify.frontends.tikz.circuit_styles import symbol_styles, unit_styles
    from geoverify.frontends.tikz.options import _brace_groups
    if key in ("circuit declare symbol", "circuit declare unit"):
        if key.endswith("symbol"):
            styles = symbol_styles(val.strip())
        else:
            groups = _brace_groups(val)
            if len(groups) != 2:
                raise FigureSyntaxError(f"circuit declare unit={val}: expected {{<name>}}{{<unit>}}")
            styles = unit_styles(groups[0].strip(), groups[1].strip())
        for name, body in styles.items():
            ctx.define_style(name, body, False)
            ctx.define_style(name + "/.args", "", False)
    elif key == "circuit symbol unit":  # \pgfmathsetlength: a plain number is in points
        st["circuit_unit"] = float(ctx.number(val, st).value)
    elif key == "circuit symbol size":  # width <w> height <h>, in symbol units
        m = re.fullmatch(r"\s*width\s+(.+?)\s+height\s+(.+?)\s*", val)
        if m is None:
            raise FigureSyntaxError(f"circuit symbol size={val}: expected 'width <w> height <h>'")
        u = st.get("circuit_unit", _UNIT)
        w, h = (float(ctx.number(g, st).value) * u for g in m.groups())
        apply(st, f"minimum width={w:.5f}pt,minimum height={h:.5f}pt")
    elif key.endswith("before background"):
        st["ee_before_background"] = val
    elif key.endswith("gate IEC symbol"):  # the text of the gate's symbol
        st["gate_symbols"] = {**(st.get("gate_symbols") or {}), key[:-len(" symbol")]: val}
    elif key == "current direction arrow":  # the direction ee arrow 1.3065 (u/2 + .3 line width) long
        st["ee_arrow"] = 1.3065 * (0.5 * st.get("circuit_unit", _UNIT) + 0.3 * st["line_width"])
    elif key == "current direction ee size":  # (current direction ee graphic's minimum width and height)
        st["min_width"] = st["min_height"] = 0.5 * st.get("circuit_unit", _UNIT) + 0.3 * st["line_width"]
        st["min_width_spec"] = st["min_height_spec"] = None
    elif key == "circuit annotation":  # {<name>}{<options>} (circuits_ee.draw_annotations)
        groups = _brace_groups(val)
        if len(groups) != 2:
            raise FigureSyntaxError(f"circuit annotation={val}: expected {{<name>}}{{<options>}}")
        st["circuit_annotations"] = (st.get("circuit_annotations") or ()) + ((groups[0], groups[1]),)
    elif key == "logic gate IEC symbol color":
        from geoverify.frontends.tikz.colors import parse_color
        st["gate_symbol_color"] = parse_color(val.strip(), ctx.color_table) if val.strip() else None
    elif key == "circuit info":  # {<variant>}{<unit name>}{<unit>}{<value>} (circuit_styles.unit_styles)
        groups = _brace_groups(val)
        if len(groups) != 4:
            raise FigureSyntaxError(f"circuit info={val}: expected four groups")
        _info(ctx, st, *groups)
    else:  # info, info', info sloped, info' sloped: a label of the text itself
        _info(ctx, st, key[4:], "", "", val)


def _info(ctx, st: dict, variant: str, name: str, unit: str, value: str) -> None:
    """An info label (tikz@lib@circ@lab...): ``label={[every info,every <name>,opts]text}``, the
    text ``$\\mathrm{<value><unit>}$`` for a unit; below the symbol for the primed variants,
    turned with it (transform shape) for the sloped ones. ``value`` may start with ``[opts]``."""
    value = value.strip()
    opts = ""
    if value.startswith("["):
        depth = 0
        for i, ch in enumerate(value):
            depth += {"[": 1, "]": -1}.get(ch, 0)
            if depth == 0:
                opts, value = value[1:i], value[i + 1:].strip()
                break
    keys = [k for k in ("every info", f"every {name}" if name else "") if k and ctx.style(k) is not None]
    if "sloped" in variant:
        keys.append("transform shape")
    if opts:
        keys.append(opts)
    text = f"$\\mathrm{{{value}{unit}}}$" if name else value
    if "'" in variant and not _has_position(text):  # label position=below
        text = "below:" + text
    st["labels"] = st["labels"] + (f"[{','.join(keys)}]{{{text}}}" if not _has_position(text) else
                                   f"[{','.join(keys)}]{text}",)


def _has_position(text: str) -> bool:
    """Whether a label's text starts with ``<position>:`` (a colon before any ``{`` or ``$``)."""
    for ch in text:
        if ch in "{$":
            return False
        if ch == ":":
            return True
    return False


def gate_shape(shape: str, nst: dict, text_w: float, text_hd: float, ixs: float, iys: float, outer: float) -> dict:
    """Outline, border and anchors of gate ``shape`` (node frame, pt), as
    :func:`.geoshapes.polygon_shape` gives them, plus ``gate`` (its circles and symbol)."""
    symbol, inverted_out, single = GATE_SHAPES[shape]
    symbol = (nst.get("gate_symbols") or {}).get(shape, symbol)
    inputs = nst.get("gate_inputs") or ("n", "n")
    if single:
        inputs = inputs[:1]
    n = len(inputs)
    inv = gate_length(nst, "gate_inverted_radius", 2.0)  # pgf: 2pt (circuit logic: a quarter unit)
    sep = gate_length(nst, "gate_input_sep", _INPUT_SEP)
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
    color = nst.get("gate_symbol_color") or nst.get("text") or nst["color"]
    scene.add(TextLabel(text=gate["symbol"], anchor=node._to_canvas((x0 + x1) / 2, (y0 + y1) / 2), box=box,
                        font_size=nst["font_size"] * node.scale,
                        style=Style(stroke=None, stroke_width=0.0, fill=to_hex(color), opacity=nst["opacity"]),
                        **common))


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

    def place(opts, centre):
        nst = walker.interp.node_state({**st, "on_to": False, "circuit_symbols": None}, opts)
        nst["ctm"] = G.rotation(angle)  # tikz@lib@circ@compute@direction, the picture's transform reset
        sym = walker.interp.place_node(nst, None, centre, "", walker.loc)
        return (sym.border_toward((centre[0] - ux, centre[1] - uy)),
                sym.border_toward((centre[0] + ux, centre[1] + uy)))

    # the symbols at the ends come first: the markings of the others measure the wire between them
    symbols = sorted(st["circuit_symbols"], key=lambda s: s[0])
    ends = {pos: place(opts, a if pos == 0 else b) for pos, opts in symbols if pos in (0, 1)}
    lo = ends[0][1] if 0 in ends else a
    hi = ends[1][0] if 1 in ends else b
    here = a
    for pos, opts in symbols:
        if pos in (0, 1):
            back, ahead = ends[pos]
        else:
            back, ahead = place(opts, (lo[0] + pos * (hi[0] - lo[0]), lo[1] + pos * (hi[1] - lo[1])))
        if pos > 0:
            walker.path.line(here, back)
        if pos == 1:  # the wire ends at the symbol's border
            here = None
            break
        walker.path.move_to(ahead)
        here = ahead
    if here is not None and here != b:
        walker.path.line(here, b)
    walker.last_op = [("L", tuple(a), tuple(b))]
    walker.last_op_kind = "to"
    walker._advance(p, node, plus)
    walker._place_inline(nodes, 0.5, st)
