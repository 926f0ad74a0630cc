"""Axis decorations of a ``\\datavisualization``: grid lines, ticks with their text, axis lines
and axis labels, as ``\\tikz@lib@dv@show@grid``, ``..@show@ticks``, ``..@show@axis`` and
``..@show@label`` of ``tikzlibrarydatavisualization.code.tex`` draw them.

Each function adds TikZ statements (picture pt) to ``code`` for one visualization
request (``visualize ticks={...}`` ...) of an axis; the settings are applied in pgf's
order: the ``every ...`` styles, the request's options, the axis' ``ticks``/``grid``
requests with the automatic positions first, then their ``common`` and
``major``/``minor``/``subminor`` parts and, per position, ``options at``.
"""

from __future__ import annotations

from geoverify.frontends.tikz.datavis_axes import DvAxis, Visual, parse_at_item, split_keys, typeset

__all__ = ["show_axis", "show_grid", "show_label", "show_ticks"]


def _visual(dv, kind: str, sub: str, opts: str, axis: DvAxis) -> Visual | None:
    """The settings of one tick or grid visualization of ``axis`` (None: nothing to show)."""
    requests = axis.ticks_at if kind == "ticks" else axis.grid_at
    if not requests:
        return None
    auto = Visual(dv)
    auto.apply(dv.global_keys)
    auto.axis = axis
    auto.apply(",".join(requests))
    settings = ",".join([auto.compute(axis)] + requests)
    v = Visual(dv)
    v.axis = axis
    v.apply(dv.global_keys)
    if kind == "ticks":
        v.apply(dv.styles.get("every ticks"))
        v.apply(dv.styles.get(f"every {sub} ticks"))
    else:
        v.apply(dv.styles.get(f"every {sub} grid"))
        v.apply(dv.styles.get("every grid"))
    v.apply(opts)
    v.apply(settings)
    v.apply(",".join(v.sections["common"]))
    v.apply(",".join(v.sections[sub]))
    return v

def show_ticks(dv, axis: DvAxis, opts: str, sub: str, code: list[str]) -> None:
    v = _visual(dv, "ticks", sub, opts, axis)
    if v is None or not v.at:
        return
    d_axis = dv.axes.get(v.direction or "")
    if d_axis is None:
        dv.note("ticks without a 'direction axis' are not drawn", "visualize ticks")
        return
    dx, dy = d_axis.direction()
    amin, amax = d_axis.anchors()
    count = 0
    for item in _split_list(",".join(v.at)):
        count += 1
        pos, topts, text = parse_at_item(item)
        value = dv.number(pos)
        t = copy_visual(v)
        t.apply(topts)
        for at_pos, at_opts in v.options_at:
            if abs(dv.number(at_pos) - value) <= 1e-9 * max(1.0, abs(value)):
                t.apply(at_opts)
        ox, oy = t.point(axis, value)
        parity = "odd" if count % 2 else "even"
        hi = dv.number(t.high) + (dv.number(t.padding["high " + parity]) if t.text_high else 0.0)
        lo = dv.number(t.low) + (dv.number(t.padding["low " + parity]) if t.text_low else 0.0)
        style = ",".join(t.style)  # (the line reaches the text's padding, as pgf draws it)
        if lo != hi and "draw=none" not in style.replace(" ", ""):
            code.append(f"\\draw[{style}] ({ox + lo * dx!r}pt,{oy + lo * dy!r}pt) -- "
                        f"({ox + hi * dx!r}pt,{oy + hi * dy!r}pt);")
        label = text if text is not None else typeset(value, t)
        nstyle = ",".join(t.node_style)
        for on, at, anchor in ((t.text_low, lo, amin), (t.text_high, hi, amax)):
            if on and label:
                code.append(f"\\node[anchor={anchor},{nstyle}] at ({ox + at * dx!r}pt,{oy + at * dy!r}pt) "
                            f"{{{label}}};")

def show_grid(dv, axis: DvAxis, opts: str, sub: str, code: list[str]) -> None:
    v = _visual(dv, "grid", sub, opts, axis)
    if v is None or not v.at:
        return
    d_axis = dv.axes.get(v.direction or "")
    if d_axis is None:
        dv.note("a grid without a 'direction axis' is not drawn", "visualize grid")
        return
    style = ",".join(v.style)
    for item in _split_list(",".join(v.at)):
        pos, gopts, _ = parse_at_item(item)
        g = copy_visual(v)
        g.apply(gopts)
        value = dv.number(pos)
        g.gotos[d_axis.name] = g.low
        a = g.point(axis, value)
        g.gotos[d_axis.name] = g.high
        b = g.point(axis, value)
        code.append(f"\\draw[{style}] ({a[0]!r}pt,{a[1]!r}pt) -- ({b[0]!r}pt,{b[1]!r}pt);")

def show_axis(dv, axis: DvAxis, opts: str, sub: str, code: list[str]) -> None:
    if axis.lo is None:
        return
    v = Visual(dv, "min", "max")
    v.axis = axis
    v.apply(dv.global_keys)
    v.apply(dv.styles.get("every axis"))
    v.apply(opts)
    ends = []
    for spec in (v.low, v.high):
        v.gotos[axis.name] = spec
        ends.append(v.point())
    style = ",".join(["draw"] + v.style)
    (x0, y0), (x1, y1) = ends
    code.append(f"\\path[{style}] ({x0!r}pt,{y0!r}pt) -- ({x1!r}pt,{y1!r}pt);")

def show_label(dv, axis: DvAxis, opts: str, code: list[str]) -> None:
    if axis.label is None or axis.lo is None:
        return
    v = Visual(dv)
    v.axis = axis
    v.node_style.append("anchor=center")
    v.apply(dv.global_keys)
    v.apply(dv.styles.get("every axis label"))
    v.apply(opts)
    text = axis.label
    if text.startswith("["):
        k = text.find("]")
        v.apply(text[1:k])
        text = text[k + 1:]
    if v.anchor:
        v.node_style.append("anchor=" + v.anchor)
    x, y = v.point()
    code.append(f"\\begin{{scope}}[shift={{({x!r}pt,{y!r}pt)}}]\\node[{','.join(v.node_style)}] {{{text}}};"
                "\\end{scope}")


def copy_visual(v: Visual) -> Visual:
    c = Visual(v.dv, v.low, v.high)
    c.__dict__.update({k: (list(x) if isinstance(x, list) else dict(x) if isinstance(x, dict) else x)
                       for k, x in v.__dict__.items()})
    return c


def _split_list(text: str) -> list[str]:
    out = []
    for k, v in split_keys(text):
        item = k if v is None else f"{k}={v}"
        if item.strip():
            out.append(item.strip())
    return out
