"""``\\addplot`` inside a pgfplots axis: data, styles, marks and clipping.

``\\addplot {expr}`` samples ``x`` over ``domain`` (-5:5) at ``samples`` (25)
points; ``\\addplot (fx, fy)`` is parametric; ``\\addplot coordinates {...}``
reads points. ``\\addplot`` without options and ``\\addplot+[...]`` take the
next style of the ``color`` cycle list (:data:`CYCLE_COLOR`: colour and mark);
``\\addplot[...]`` uses only its options (black, no marks). Also read here:
inline tables, ``declare function``, ``+- (ex, ey)`` error extents,
``\\closedcycle``/``--cycle``, legend entries and ``\\addlegendimage``, the axis' cycle
list (``cycle list name``, ``cycle list``, ``cycle multi list``, ``area style``), text
marks, ``restrict <a> to domain``, and the plot handlers' data: ``ycomb``/``xcomb``,
``quiver`` (:mod:`~geoverify.frontends.tikz.pgfplots_quiver`), ``hist``
(:mod:`~geoverify.frontends.tikz.pgfplots_hist`), 2D patch plots
(:mod:`~geoverify.frontends.tikz.pgfplots_patches`) and ``contour prepared`` labels.
Drawing is :mod:`~geoverify.frontends.tikz.pgfplots_draw`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from geoverify.errors import FigureSyntaxError, GeoverifyError, SourceLocation
from geoverify.frontends.tikz.definitions import DEF_COMMANDS
from geoverify.frontends.tikz.filecontents import written_file
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pgfmath import whole
from geoverify.frontends.tikz.pgfplots_options import expand_plot_styles
from geoverify.frontends.tikz.pgfplots3d_data import PLOT3_KEYS, plot_points3d, table_points3d
from geoverify.frontends.tikz.pgfplots_domain import domain_samples
from geoverify.frontends.tikz.pgfplots_marks import (BAR_CYCLE, CYCLE_COLOR, CYCLE_LISTS, explicit_cycle_list,
                                                      multi_cycle_list)
from geoverify.frontends.tikz.pgfplots_filters import FILTER_KEYS, apply_filters
from geoverify.frontends.tikz.pgfplots_hist import histogram
from geoverify.frontends.tikz.pgfplots_patches import PATCH_PLOT_KEYS, parse_patch_table
from geoverify.frontends.tikz.pgfplots_pathnodes import split_plot_tail
from geoverify.frontends.tikz.pgfplots_quiver import Quiver, quiver_ends, transformed_meta
from geoverify.frontends.tikz.plothandlers import TIKZ_HANDLER_KEYS
from geoverify.frontends.tikz.tex import Reader, detokenize

__all__ = ["CONST_HANDLERS", "Plot", "collect_plots", "parse_functions", "apply_functions", "without_addplots"]

#: TikZ transformation keys: the axis maps a plot's coordinates itself, so these are reported when given to a plot.
_PLOT_TRANSFORMS = frozenset({"shift", "xshift", "yshift", "scale", "xscale", "yscale", "rotate", "rotate around",
                              "cm", "xslant", "yslant", "shift only", "reset cm"})
#: those the axis applies to a 2D plot (see ``Axis.plot_shift``)
_PLOT_SHIFTS = frozenset({"shift", "xshift", "yshift"})
#: TikZ's constant plot handlers (pgflibraryplothandlers): step kind drawn by ``pgfplots_draw._const_points``
CONST_HANDLERS = {"const plot": "left", "const plot mark left": "left", "const plot mark right": "right",
                  "const plot mark mid": "mid", "jump mark left": "jleft", "jump mark right": "jright",
                  "jump mark mid": "jmid"}
_PLOT_ONLY = {"point meta", "mark", "only marks", "no marks", "no markers", "mark options", "forget plot", "unbounded coords",
              "restrict x to domain", "restrict y to domain", "restrict z to domain", "restrict x to domain*",
              "restrict y to domain*", "restrict z to domain*", "samples at", "variable", "id", "domain", "samples", "mark size",
              "every mark/.append style", "sharp plot", "smooth", "mark repeat", "mark phase", "area legend",
              "data cs"}


@dataclass
class Plot:
    """One ``\\addplot``.

    Parameters
    ----------
    points : (N, 2) float64
        Data coordinates (NaN for undefined samples).
    st : dict
        TikZ state of the plot line.
    loc : SourceLocation
    mark : str or None
    mark_st : dict or None
        State of the marks (fill colour of filled marks).
    only_marks, smooth, forget : bool
    """

    points: np.ndarray
    st: dict
    loc: SourceLocation
    mark: str | None = None
    mark_st: dict | None = None
    only_marks: bool = False
    smooth: bool = False
    forget: bool = False
    mark_size: float = 2.0
    legend: str | None = field(default=None)
    bar: str | None = None
    const: str | None = None
    closed: bool | str = False
    stack_base: np.ndarray | None = None
    errors: np.ndarray | None = None
    image_only: bool = False
    meta: list | None = None
    meta_symbolic: bool = False
    bar_width: float = 10.0
    bar_shift: float = 0.0
    three_d: bool = False
    shape3d: tuple | None = None
    patch: str | None = None
    shader: str | None = None
    mark_text: tuple = ("p", "")
    comb: str | None = None
    quiver: Quiver | None = None
    interval: str | None = None  # "y"/"x": /tikz/ybar interval, /tikz/xbar interval
    area_legend: bool = False
    patch_type: str | None = None
    contour: tuple | None = None
    patch_cells: list | None = None
    shift: list | None = None  # the plot's TikZ shift/xshift/yshift options, applied by the axis
    coordinate_styles: list | None = None  # coordinate style/.condition: [(condition, style)] of the marks
    update_limits: bool = True  # update limits=false: the points do not widen the axis limits
    ignore_zero: bool = False  # stacked ignores zero: a bar adding nothing to the stack is not drawn
    single_bar_legend: bool = False  # ybar/xbar stacked: pgfplots' single ybar (xbar) legend, one bar
    error_keys: dict | None = None  # error bars/error mark, error mark options (pgfplots_errorbars.py)
    tail: str | None = None  # nodes/coordinates after the data (pgfplots_pathnodes.py)


def parse_functions(text: str) -> dict:
    """``declare function={C=4; square(\\t)=(\\t)^2 + C;}`` -> ``{name: (params, body)}``."""
    out = {}
    for part in (text or "").split(";"):
        m = re.match(r"\s*([A-Za-z][A-Za-z0-9]*)\s*(\(([^()]*)\))?\s*=(.*)$", part, re.S)
        if m:
            params = [q.strip() for q in m.group(3).split(",")] if m.group(2) else []
            out[m.group(1)] = (params, m.group(4).strip())
    return out


def apply_functions(expr: str, funcs: dict, depth: int = 0) -> str:
    """Expand declared functions and constants in a pgfmath expression (textually)."""
    if not funcs or depth > 8:
        return expr
    out = expr
    for name, (params, body) in funcs.items():
        pat = re.compile(r"(?<![A-Za-z\\])" + re.escape(name) + r"(?![A-Za-z0-9])")
        res, pos = [], 0
        for m in pat.finditer(out):
            if m.start() < pos:
                continue
            j = m.end()
            while j < len(out) and out[j] == " ":
                j += 1
            if params and j < len(out) and out[j] == "(":
                depth_p, k = 0, j
                for k in range(j, len(out)):
                    depth_p += out[k] == "("
                    depth_p -= out[k] == ")"
                    if depth_p == 0:
                        break
                args, cur, dd = [], "", 0
                for ch in out[j + 1:k]:
                    if ch == "," and dd == 0:
                        args.append(cur)
                        cur = ""
                        continue
                    dd += ch in "({"
                    dd -= ch in ")}"
                    cur += ch
                args.append(cur)
                b = body
                for prm, arg in zip(params, args):
                    b = re.sub(re.escape(prm) + r"(?![A-Za-z])", lambda _m, a=arg: "(" + a + ")", b)
                res.append(out[pos:m.start()] + "(" + b + ")")
                pos = k + 1
            elif not params:
                res.append(out[pos:m.start()] + "(" + body + ")")
                pos = m.end()
        res.append(out[pos:])
        out = "".join(res)
    return apply_functions(out, funcs, depth + 1) if out != expr else out


def _x_to_var(expr: str) -> str:
    """pgfplots expressions use ``x`` (and ``t``); the pgfmath evaluator binds ``\\x``."""
    return re.sub(r"(?<![A-Za-z\\])x(?![A-Za-z])", r"\\x", expr)


def _bracket(text):
    """``"[a=1] rest"`` -> ``("a=1", "rest")``."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                return text[1:i], text[i + 1:].strip()
    return "", text


def _statement_chunks(body):
    """Split axis body tokens into statements (up to top-level ';')."""
    chunks, cur, depth = [], [], 0
    for t in body:
        cur.append(t)
        if t[0] == "{":
            depth += 1
        elif t[0] == "}":
            depth -= 1
        elif t[0] == ";" and depth == 0:
            chunks.append(cur)
            cur = []
        elif t[0] in ("\\legend", "\\addlegendentry", "\\addlegendimage") and depth == 0 and len(cur) > 1:
            # these take a braced argument and no ';'
            chunks.append(cur[:-1])
            cur = [t]
    if cur:
        chunks.append(cur)
    chunks = [part for ch in chunks for part in _split_before_plot(ch)]
    out = []
    for ch in chunks:  # split "\addlegendentry{..}" off the statement it follows
        first = _first_cs(ch)
        if first is not None and first[0] in ("\\legend", "\\addlegendentry", "\\addlegendimage"):
            i = ch.index(first)
            j, depth = i + 1, 0
            while j < len(ch):
                if ch[j][0] == "{":
                    depth += 1
                elif ch[j][0] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                elif ch[j][0] == "[" and depth == 0:
                    pass
                j += 1
            out.append(ch[:j + 1])
            if ch[j + 1:]:
                out.append(ch[j + 1:])
        else:
            out.append(ch)
    return out


def _split_before_plot(chunk):
    """Split ``\\def\\f{..} \\addplot ..;`` before the ``\\addplot``: definitions end with no ';'."""
    depth = 0
    for i, t in enumerate(chunk):
        if t[0] == "{":
            depth += 1
        elif t[0] == "}":
            depth -= 1
        elif depth == 0 and i and t[0] in ("\\addplot", "\\addplot3", "\\addplot+") \
                and any(u[0] not in (" ", "\\par") for u in chunk[:i]):
            return [chunk[:i], chunk[i:]]
    return [chunk]


def _first_cs(chunk):
    for t in chunk:
        if t[0] not in (" ", "\\par"):
            return t
    return None


def without_addplots(body):
    """The axis body without ``\\addplot`` and legend statements."""
    out = []
    for chunk in _statement_chunks(body):
        first = _first_cs(chunk)
        if first is not None and first[0] in ("\\addplot", "\\addplot3", "\\addlegendentry", "\\legend",
                                              "\\addlegendimage"):
            continue
        out.extend(chunk)
    return out


def _braced_items(text: str):
    text = text.strip()
    if text.startswith("["):
        text = text[text.index("]") + 1:].strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    return text


def collect_plots(interp, body, domain, samples, st0, axis_plot_style, axis_loc, bar=None, symbols=None,
                  functions=None, samples_at=None, axis_kv=None, interval=None, ysymbols=None, axis_pairs=None):
    """``(plots, legend texts)`` of the ``\\addplot`` statements of an axis body.

    ``bar`` is the axis' bar direction (``"x"``/``"y"`` for ``xbar``/``ybar``: bar
    cycle list, bars); ``interval`` the same for ``xbar interval``/``ybar interval`` (bar
    cycle list, interval bars); ``symbols`` maps ``symbolic x coords`` names to ``0, 1, ...``,
    ``ysymbols`` those of ``symbolic y coords``; ``axis_pairs``: the axis' options in order
    (for its coordinate filters, which may repeat).
    """
    axis_interval = interval
    from geoverify.frontends.tikz.options import split_top_level
    plots: list[Plot] = []
    legend: list = []
    cycle = 0
    axis_list = _axis_cycle_list(axis_kv or {})
    axis_area = any(k in (axis_kv or {}) for k in ("area style", "area legend"))
    for chunk in _statement_chunks(body):
        first = _first_cs(chunk)
        if first is None:
            continue
        if first[0] == "\\legend":
            text = detokenize(chunk[chunk.index(first) + 1:]).strip()
            legend = [t.strip() for t in split_top_level(_braced_items(text))]
            continue
        if first[0] == "\\addlegendentry":
            text = _braced_items(detokenize(chunk[chunk.index(first) + 1:]))
            # pgfplots appends the entry to the legend list: the n-th entry labels the
            # n-th plot, whichever \addplot it follows
            legend.append(text.strip())
            continue
        if first[0] == "\\addlegendimage":
            # a legend entry without data: its image drawn from the given options only
            loc = interp.location(first[1], first[0])
            iopts = _braced_items(detokenize(interp.expand_all(chunk[chunk.index(first) + 1:])))
            ist = dict(st0)
            ist.update(draw="current", fill=None, arrow_start=None, arrow_end=None, dash=None)
            ist["color"] = (0.0, 0.0, 0.0)
            mark = None
            empty = "empty legend" in iopts
            rest = []
            for k, v in split_options(iopts):
                if k == "mark":
                    mark = None if (v or "").strip() == "none" else (v or "").strip()
                elif k in ("empty legend", "only marks", "line legend", "area legend", "legend image code/.code",
                           "ybar legend", "xbar legend", "sharp plot", "smooth"):
                    continue
                else:
                    rest.append(k if v is None else f"{k}={{{v}}}")
            try:
                if rest:
                    interp.apply_options(ist, ",".join(rest))
            except GeoverifyError as err:
                interp.note("APPROXIMATED", f"\\addlegendimage options: {err.message}", "\\addlegendimage", loc)
            mst = dict(ist)
            if mark and mark.endswith("*"):
                mst["fill"] = "current"
            if empty:
                ist["draw"] = None
            plots.append(Plot(np.zeros((0, 2)), ist, loc, mark=mark, mark_st=mst,
                              only_marks="only marks" in iopts, image_only=True))
            continue
        if first[0] in DEF_COMMANDS:  # \def\f{..} before an \addplot {\f}: defined in order
            interp.statements(Reader(chunk, interp.defs, interp.budget, interp.source), None)
            continue
        if first[0] not in ("\\addplot", "\\addplot3"):
            continue
        loc = interp.location(first[1], first[0])
        if first[0] == "\\addplot3":
            interp.note("UNSUPPORTED", "3D plots (\\addplot3) are not interpreted", "\\addplot3", loc)
            continue
        toks = chunk[chunk.index(first) + 1:]
        text = detokenize(interp.expand_all(toks)).strip().rstrip(";").strip()
        three = text.startswith("3")  # \addplot3: the "3" is a token of its own
        if three:
            text = text[1:].strip()
        plus = text.startswith("+")
        if plus:
            text = text[1:].strip()
        opts = None
        if text.startswith("["):
            opts, text = _bracket(text)
        own_opts = opts  # options after the input kind keep the cycle list (TeX: \addplot expression [..] has marks)
        for kw in ("expression", "coordinates", "table"):  # "expression [opts] {..}": options after the kind
            if text.startswith(kw) and text[len(kw):].lstrip().startswith("[") and kw != "table":
                more, rest = _bracket(text[len(kw):].lstrip())
                opts = (opts + "," + more) if opts else more
                text = (kw + " " + rest) if kw != "expression" else rest
        closed = False
        if text.rstrip().endswith("\\closedcycle"):  # closed down to y = 0 (pgfplots' \closedcycle)
            text = text.rstrip()[:-len("\\closedcycle")].rstrip()
            closed = True
        m_cycle = re.search(r"--\s*cycle\s*$", text)
        if m_cycle:  # "... --cycle": back to the first point
            text = text[:m_cycle.start()].rstrip()
            closed = "cycle"
        tail = None
        if not three:  # nodes and coordinates after the data (pgfplots_pathnodes.py)
            text, tail = split_plot_tail(text)
        use_cycle = plus or own_opts is None
        kv, errbar = _split_error_bar_keys(expand_plot_styles(interp, split_options(opts or "")))
        kv, quiver_keys = _split_quiver_keys(kv)
        keys = dict(kv)
        st = dict(st0)
        st.update(draw="current", fill=None, arrow_start=None, arrow_end=None, dash=None)
        st["color"] = (0.0, 0.0, 0.0)
        mark = None
        mark_fill = None
        cycle_list = BAR_CYCLE if bar or axis_interval else axis_list
        entry = cycle_list[cycle % len(cycle_list)]
        pbar = bar
        forget = "forget plot" in keys
        if not forget:
            cycle += 1
        interp.loc = loc
        try:
            mark_text = ["p", ""]  # pgf's text mark and text mark style
            if use_cycle:
                opts0 = entry[0]
                if "text mark" in opts0:
                    opts0 = _take_text_mark(opts0, mark_text)
                interp.apply_options(st, opts0)
                mark, mark_fill = entry[1], entry[2]
            axis_smooth = False
            const = None
            if axis_plot_style:
                for k, v in split_options(axis_plot_style):
                    if k == "mark":
                        mark = None if (v or "").strip() == "none" else (v or "").strip()
                    elif k in ("smooth", "sharp plot"):
                        axis_smooth = k == "smooth"
                        const = None
                    elif k in CONST_HANDLERS and v is None:  # a TikZ handler of the axis' scope
                        const, axis_smooth = CONST_HANDLERS[k], False
                    elif k in ("text mark", "text mark style"):
                        mark_text[k == "text mark style"] = (v or "").strip()
                    elif k not in _PLOT_ONLY:
                        interp.apply_options(st, k if v is None else f"{k}={v}")
            d0, n0 = domain, samples
            plot_opts = []
            functions_p = {k: (prm, _x_to_var(body)) for k, (prm, body) in getattr(interp, "pgf_functions", {}).items()}
            functions_p.update(functions or {})
            comb = quiver = hist = None
            interval = axis_interval
            update_limits, line_legend = True, False
            coordinate_styles: list = []
            at = samples_at
            # a cycle list entry's only marks (TikZ's discard handler): marks alone
            only_marks = use_cycle and any(k == "only marks" for k, _ in split_options(entry[0]))
            smooth = axis_smooth
            mark_size = 2.0
            for k, v in kv:
                if k == "domain" and v:
                    a, _, b = v.partition(":")
                    d0 = (interp.number(a, st).value, interp.number(b, st).value)
                elif k == "samples" and v:
                    n0 = whole(interp.number(v, st).value)
                elif k == "samples at" and v:
                    at = v
                elif k == "mark":
                    mark = None if (v or "").strip() == "none" else (v or "").strip()
                elif k in ("no marks", "no markers"):
                    mark = None
                elif k == "only marks":
                    only_marks = True
                    if mark is None:
                        mark = "*"
                elif k == "scatter":  # pgfplots' scatter/true: a mark (* unless one is set), coloured by
                    # the point meta (the colours are not modelled); true* keeps the marks as they are
                    v = (v or "true").strip()
                    if v == "true" and mark is None:
                        mark = "*"
                    if v != "false":
                        interp.note("APPROXIMATED", "scatter marks are drawn in the plot's colour (their point "
                                    "meta's colours are not modelled)", "scatter", loc)
                elif k == "scatter src":  # point meta=..: the marks' colour values only
                    continue
                elif k in ("contour prepared", "contour prepared format") and not three:
                    continue  # a 2D contour prepared table: read below
                elif k == "smooth":  # (a handler of the plot's own: not the axis' bars)
                    smooth, const, pbar = True, None, None
                elif k == "sharp plot":
                    smooth, const, pbar = False, None, None
                elif k == "update limits":
                    update_limits = (v or "true").strip() != "false"
                elif k == "coordinate style/.condition" and v:  # {condition}{style} of a point's mark
                    m_cs = re.fullmatch(r"\s*\{(.*)\}\s*\{(.*)\}\s*", v, re.S)
                    if m_cs:
                        coordinate_styles.append((m_cs.group(1), m_cs.group(2)))
                    else:
                        interp.note("UNSUPPORTED", f"coordinate style/.condition={v} not understood",
                                    "coordinate style/.condition", loc)
                elif k == "line legend":  # the default legend image: a line (not the area's)
                    line_legend = True
                elif k == "mark size" and v:
                    mark_size = interp.number(v, st).value
                elif k in ("text mark", "text mark style"):
                    mark_text[k == "text mark style"] = (v or "").strip()
                elif k in ("ybar", "xbar") and v is None:
                    pbar = k[0]
                elif k in ("ycomb", "xcomb") and v is None:
                    comb = k[0]
                elif k in ("ybar interval", "xbar interval", "/tikz/ybar interval", "/tikz/xbar interval") \
                        and v is None:  # in a plot's options only the TikZ handler (pgfplots' local bar keys)
                    interval = k.rsplit("/", 1)[-1][0]
                elif k == "quiver":
                    quiver = v or ""
                elif k == "hist":
                    hist = v or ""
                elif k == "mark color":  # the second colour of half-filled marks: colour only
                    continue
                elif k in CONST_HANDLERS and v is None:
                    const, pbar = CONST_HANDLERS[k], None
                elif k == "declare function":
                    functions_p.update(parse_functions(v))
                elif k in _PLOT_ONLY or k in FILTER_KEYS or (three and k in PLOT3_KEYS) or \
                        (not three and k in PATCH_PLOT_KEYS):
                    continue
                else:
                    plot_opts.append((k, v))
            if quiver_keys:  # quiver/.cd, u=.., v=.. (or quiver/u=..): the quiver's own keys
                quiver = ",".join(x for x in (quiver, quiver_keys) if x)
            shifts = None
            if plot_opts and not three and any(k in _PLOT_SHIFTS for k, _ in plot_opts):
                shifts = [(k, v) for k, v in plot_opts if k in _PLOT_SHIFTS]
                plot_opts = [(k, v) for k, v in plot_opts if k not in _PLOT_SHIFTS]
            if plot_opts:
                moved = [k for k, _ in plot_opts if k in _PLOT_TRANSFORMS]
                if moved:
                    # the plot is drawn through the axis' own mapping: a TikZ transformation of it is not applied
                    interp.note("UNSUPPORTED", f"\\addplot option '{moved[0]}' (a transformation of the plot) "
                                "is not interpreted; the plot is drawn unmoved", moved[0], loc)
                interp.apply_options(st, ",".join(k if v is None else f"{k}={{{v}}}" for k, v in plot_opts))
            mst = dict(st)
            mst["dash"] = None
            if mark and mark.endswith("*") or mark == "*":
                if mark_fill and use_cycle and not any(k in keys for k in ("fill", "mark options")):
                    interp.apply_options(mst, "fill=" + mark_fill)
                else:
                    mst["fill"] = "current"
            if keys.get("mark options"):
                interp.apply_options(mst, keys["mark options"])
            interp.budget.check_array(n0)
            extra: dict = {}
            if three:
                moved = next((k for k, _ in list(axis_pairs or ()) + kv if k in FILTER_KEYS), None)
                if moved:
                    interp.note("UNSUPPORTED", f"'{moved}' of a 3D plot is not interpreted (the coordinates are "
                                "drawn unfiltered)", moved, loc)
                table_out: dict = {}
                keys3 = {k: v for k, v in (axis_kv or {}).items() if k in PLOT3_KEYS}
                keys3.update(keys)  # the axis' sampling keys unless the plot has its own
                if text.startswith("table"):  # rows are lines of the source: its raw text
                    toks_pos = [t[1] for t in toks if t[1] is not None and t[1] >= 0]
                    raw = interp.source.text[min(toks_pos):max(toks_pos) + 1] if toks_pos else ""
                    pm = re.fullmatch(r"\s*\\thisrow\{([^{}]*)\}\s*", keys.get("point meta") or "")
                    res = table_points3d(interp, raw, loc, table_out, pm.group(1).strip() if pm else None)
                else:
                    res = plot_points3d(interp, text, st, keys3, d0, n0, functions_p)
                if res is None:
                    what = text.split()[0] if text.split() else "?"
                    interp.note("UNSUPPORTED", f"\\addplot3 {what} is not interpreted (only expressions and "
                                "coordinates)", "\\addplot3 " + what, loc)
                    continue
                keys = keys3
                rkeys = {k: v for k, v in list((axis_kv or {}).items()) + kv if k.startswith("restrict ")}
                if rkeys:  # restricted points are unbounded: the cells touching them are not drawn
                    res = (res[0].copy(), res[1])
                    res[0][_restrict(interp, res[0], rkeys, st)] = np.nan
                patch = next((k for k in ("surf", "mesh") if k in keys), None)
                if quiver is not None:
                    quiver = quiver_ends(interp, quiver, res[0], st, loc)
                plots.append(Plot(res[0], st, loc, mark=mark, mark_st=mst, only_marks=only_marks,
                                  smooth=smooth or bool(st.get("smooth")), forget=forget, mark_size=mark_size,
                                  mark_text=tuple(mark_text), quiver=quiver,
                                  contour=_contour(keys, table_out, res[0]),
                                  three_d=True, shape3d=res[1], patch=patch,
                                  patch_type=(keys.get("patch type") or "").strip() or None,
                                  shader=(keys.get("shader") or "").strip() or None))
                continue
            contour2 = None
            if "contour prepared" in keys:  # x, y and the contour value (the third column)
                pts, contour2 = _contour_table2d(interp, text, toks, keys, loc)
            elif text.startswith("table"):
                # rows are lines of the source: read the raw text of the statement
                toks_pos = [t[1] for t in toks if t[1] is not None and t[1] >= 0]
                raw = interp.source.text[min(toks_pos):max(toks_pos) + 1] if toks_pos else ""
                pts = _table_points(interp, raw, st, loc, symbols, extra, ysymbols)
            else:
                pts = _plot_points(interp, text, st, d0, n0, loc, symbols, functions_p, extra, at, ysymbols)
            if pts is None:
                continue
            meta = None
            if isinstance(pts, tuple):
                pts, meta = pts
            cs = (keys.get("data cs") or "").strip()
            if cs in ("polar", "polarrad") and len(pts):  # (angle, radius) to cartesian (degrees/radians)
                a = np.radians(pts[:, 0]) if cs == "polar" else pts[:, 0]
                pts = np.column_stack([pts[:, 1] * np.cos(a), pts[:, 1] * np.sin(a)])
            elif cs not in ("", "cart"):
                interp.note("UNSUPPORTED", f"data cs={cs} is not interpreted", "data cs", loc)
            rkeys = {k: v for k, v in list((axis_kv or {}).items()) + kv if k.startswith("restrict ")}
            if any(k in FILTER_KEYS for k, _ in list(axis_pairs or ()) + kv):
                pts, away = apply_filters(interp, pts, axis_pairs, kv, st, loc)
                if away.any():  # filtered away: left out, the line goes on past them
                    pts, meta = _keep_rows(pts, meta, extra, ~away)
            unbounded = (keys.get("unbounded coords") or (axis_kv or {}).get("unbounded coords") or "").strip()
            if not any(k.startswith("restrict ") and not k.endswith("*") for k in rkeys) and contour2 is None and \
                    unbounded in ("", "discard") and not any(k in keys for k in ("surf", "mesh", "patch")):
                pts, meta = _discard_unbounded(pts, meta, extra)
            if rkeys:
                pts = pts.copy()
                # a point outside is unbounded: no mark, no limits, a gap in the line (measured)
                pts[_restrict(interp, pts, rkeys, st)] = np.nan
            patch2 = next((k for k in ("surf", "mesh", "patch") if k in keys), None) if not pbar else None
            patch_cells = None
            shape2 = None
            if patch2:
                if extra.get("breaks"):  # the matrix of points, without the empty lines' breaks
                    keep = np.ones(len(pts), dtype=bool)
                    keep[extra["breaks"]] = False
                    pts = pts[keep]
                    meta = [m for m, k in zip(meta, keep) if k] if meta is not None else None
                for key, with_meta in (("patch table with point meta", True), ("patch table", False)):
                    if keys.get(key):
                        patch_cells = parse_patch_table(keys[key], with_meta)
                shape2 = _scan_shape(interp, extra.get("scanlines"), len(pts), keys, st)
            if hist is not None:  # the histogram of the y values, drawn by its handler
                res = histogram(interp, hist, pts[:, 1], st, loc, axis_kv or {})
                if res is None:
                    continue
                pts, meta = res[0], None
                rest = []
                for hk, hv in split_options(res[1]):
                    hk = hk[len("/tikz/"):] if hk.startswith("/tikz/") else hk
                    if hk == "ybar interval" and hv is None:
                        interval = "y"
                    elif hk in ("sharp plot", "smooth") and hv is None:
                        smooth = hk == "smooth"
                    elif hk == "const plot" and hv is None:
                        const = "left"
                    else:
                        rest.append(hk if hv is None else f"{hk}={{{hv}}}")
                if rest:
                    interp.apply_options(st, ",".join(rest))
            _report_tikz_handler(interp, st, st0, bool(pbar) or bool(comb) or bool(const) or bool(interval), loc,
                                 interval=bool(interval))
            explicit = extra.get("errors")
            errors = _error_bars(interp, errbar, pts, explicit, st)
            if quiver is not None:
                quiver = quiver_ends(interp, quiver, pts, st, loc, table=extra.get("table"))
                pm = (keys.get("point meta") or "").strip()
                if "\\pgfplotspointmetatransformed" in quiver.style and pm:  # arrows styled by it
                    quiver.meta = transformed_meta(interp, pm.strip("{}"), pts, st, loc)
            plots.append(Plot(pts, st, loc, mark=mark, mark_st=mst,
                              only_marks=only_marks, smooth=smooth or bool(st.get("smooth")), forget=forget,
                              mark_size=mark_size, mark_text=tuple(mark_text), bar=pbar, meta=meta, const=const,
                              closed=closed, errors=errors, error_keys=errbar or None, comb=comb, quiver=quiver,
                              interval=interval,
                              area_legend=(axis_area or "area legend" in keys) and not line_legend, patch=patch2,
                              update_limits=update_limits, coordinate_styles=coordinate_styles or None,
                              patch_type=(keys.get("patch type") or "").strip() or None, patch_cells=patch_cells,
                              shape3d=shape2,
                              shader=(keys.get("shader") or (axis_kv or {}).get("shader") or "").strip() or None,
                              meta_symbolic="explicit symbolic" in (keys.get("point meta") or ""), shift=shifts,
                              contour=contour2, tail=tail))
        except GeoverifyError as err:
            interp.env.pop("\\x", None)
            interp.note("UNSUPPORTED", f"\\addplot skipped: {err.message}", "\\addplot", loc)
    return plots, legend


def _discard_unbounded(pts: np.ndarray, meta, extra: dict):
    """pgfplots' ``unbounded coords=discard`` (its default): points with an infinite or
    undefined value are left out, the line going on from the one before to the one after
    (``jump``, and ``restrict .. to domain``, which sets it, leave a gap instead). The empty
    lines of ``coordinates`` (``extra["breaks"]``) still interrupt the plot. ``extra``'s
    per-point entries are thinned with the points."""
    keep = np.all(np.isfinite(pts), axis=1)
    keep[extra.get("breaks") or []] = True
    return _keep_rows(pts, meta, extra, keep)


def _keep_rows(pts: np.ndarray, meta, extra: dict, keep: np.ndarray):
    """The points (and their meta and ``extra`` entries) where ``keep`` holds."""
    if keep.all():
        return pts, meta
    breaks = [b for b in extra.get("breaks") or [] if keep[b]]
    index = np.cumsum(keep) - 1
    extra["breaks"] = [int(index[b]) for b in breaks]
    if extra.get("errors") is not None and len(extra["errors"]) == len(pts):
        extra["errors"] = extra["errors"][keep]
    if extra.get("table") is not None:
        header, rows = extra["table"]
        if len(rows) == len(pts):
            extra["table"] = (header, [r for r, k in zip(rows, keep) if k])
    if meta is not None:
        meta = [m for m, k in zip(meta, keep) if k]
    return pts[keep], meta


def _report_tikz_handler(interp, st: dict, st0: dict, drawn: bool, loc, interval: bool = False) -> None:
    """A TikZ plot handler or ``bar ...`` key that reached the plot's TikZ options (not
    one of the plot keys read above): the plot is drawn by its own handler, so report it
    (``bar interval ...`` keys are read by interval bars, ``interval``)."""
    handler = st.get("plot_handler")
    if handler and handler not in ("lineto", "curveto", "closedcurve", "polygon", "discard") and not drawn:
        key = next(k for k, v in TIKZ_HANDLER_KEYS.items() if v == handler)
        interp.note("UNSUPPORTED", f"plot handler '{key}' in an axis is not interpreted; the plot is drawn as a "
                    "line", key, loc)
    bars, bars0 = dict(st.get("plot_bars") or {}), dict(st0.get("plot_bars") or {})
    if interval:
        for k in ("bar interval width", "bar interval shift"):
            bars.pop(k, None)
            bars0.pop(k, None)
    if bars != bars0:
        keys = ", ".join(sorted(bars))
        interp.note("UNSUPPORTED", f"'{keys}' of an \\addplot is not interpreted", keys, loc)


def _axis_cycle_list(axis_kv: dict) -> list:
    """The axis' cycle list: the last given of ``cycle list name`` (a known name; others are
    drawn with ``color``, reported by the axis), ``cycle list={...}``, ``cycle multi list`` and
    ``cycle multiindex (*) list``."""
    out = CYCLE_COLOR
    for k, v in axis_kv.items():
        if k == "cycle list name":
            out = CYCLE_LISTS.get((v or "").strip(), CYCLE_COLOR)
        elif k == "cycle list" and v and v.strip():
            out = explicit_cycle_list(v) or CYCLE_COLOR
        elif k == "cycle multi list" and v and v.strip():
            out = multi_cycle_list(v) or CYCLE_COLOR
        elif k in ("cycle multiindex list", "cycle multiindex* list") and v and v.strip():
            out = multi_cycle_list(v, "all" if k == "cycle multiindex list" else "single") or CYCLE_COLOR
        elif k in ("area style", "area cycle list", "bar cycle list") and v is None:
            out = BAR_CYCLE  # area cycle list is the bar cycle list
    return out


def _contour_table2d(interp, text, toks, keys, loc):
    """``(points, contour)`` of ``\\addplot[contour prepared] table {x y value ...}`` in a 2D axis
    (pgfplots reads the value from column 2 unless a point meta is given): the lines' points
    with a gap (NaN) between lines, and their labels' data for :func:`_contour` (None without
    labels). ``(None, None)`` (noted) for what is not read."""
    from geoverify.frontends.tikz.pgfplots_contour import contour_lines
    fmt = (keys.get("contour prepared format") or "standard").strip()
    if not text.startswith("table") or fmt != "standard":
        what = f"contour prepared format={fmt}" if fmt != "standard" else "contour prepared without a table"
        interp.note("UNSUPPORTED", f"{what} in a 2D axis is not interpreted", "contour prepared", loc)
        return None, None
    toks_pos = [t[1] for t in toks if t[1] is not None and t[1] >= 0]
    raw = interp.source.text[min(toks_pos):max(toks_pos) + 1] if toks_pos else ""
    pm = re.fullmatch(r"\s*\\thisrow\{([^{}]*)\}\s*", keys.get("point meta") or "")
    table_out: dict = {}
    res = table_points3d(interp, raw, loc, table_out, pm.group(1).strip() if pm else None)
    if res is None:
        return None, None
    values = table_out.get("meta") or [float(p[2]) for p in res[0]]
    gap = (float("nan"), float("nan"))
    pts, vals = [], []
    for line, value in contour_lines(res[0][:, :2], table_out.get("rows") or [len(res[0])], values):
        if pts:
            pts.append(gap)
            vals.append(float("nan"))
        pts += line
        vals += [value] * len(line)
    pts = np.array(pts, dtype=float).reshape(-1, 2)
    return pts, _contour(keys, {"rows": [len(pts)], "meta": vals}, pts)


def _contour(keys, table_out, pts):
    """``(scan line lengths, values)`` of a ``contour prepared`` plot whose labels are drawn
    (values: the table's point meta column, else z), or None."""
    if "contour prepared" not in keys or (keys.get("contour/labels") or "true").strip() == "false":
        return None
    rows = table_out.get("rows") or [len(pts)]
    values = table_out.get("meta") or [float(p[2]) for p in pts]
    return rows, values


def _scan_shape(interp, scanlines, n, keys, st):
    """``(rows, cols)`` of mesh data: its scan lines (ended by empty lines) when they are of one
    length, else ``mesh/rows``/``mesh/cols`` of one list (a scan line varies x unless
    ``mesh/ordering=y varies``), else None."""
    if scanlines and len(scanlines) > 1 and len(set(scanlines)) == 1:
        return len(scanlines), scanlines[0]
    y_varies = "y varies" in (keys.get("mesh/ordering") or "")
    for key, along in (("mesh/rows", y_varies), ("mesh/cols", not y_varies)):
        if keys.get(key) and n:
            k = whole(interp.number(keys[key], st).value)
            if k > 0 and n % k == 0:
                scan = k if along else n // k
                return n // scan, scan
    return None


_RESTRICT = re.compile(r"restrict ([xyz]) to domain(\*?)$")


def _restrict(interp, pts: np.ndarray, keys: dict, st: dict) -> np.ndarray:
    """``restrict <a> to domain=lo:hi`` (in the axis' or the plot's options): a bool mask of the
    points outside (``...*``: the values are clamped to the domain instead; nothing is outside)."""
    outside = np.zeros(len(pts), dtype=bool)
    for k, v in keys.items():
        m = _RESTRICT.match(k)
        if m is None or not v or "xyz".index(m.group(1)) >= pts.shape[1]:
            continue
        lo, _, hi = v.partition(":")
        lo, hi = interp.number(lo, st).value, interp.number(hi, st).value
        i = "xyz".index(m.group(1))
        with np.errstate(invalid="ignore"):
            if m.group(2):
                pts[:, i] = np.clip(pts[:, i], lo, hi)
            else:
                outside |= (pts[:, i] < lo) | (pts[:, i] > hi)
    return outside


def _take_text_mark(opts: str, mark_text: list) -> str:
    """``opts`` without its ``text mark``/``text mark style`` keys, whose values go to
    ``mark_text`` (text, style)."""
    rest = []
    for k, v in split_options(opts):
        if k in ("text mark", "text mark style"):
            mark_text[k == "text mark style"] = (v or "").strip()
        else:
            rest.append(k if v is None else f"{k}={{{v}}}")
    return ",".join(rest)


def _table_points(interp, raw, st, loc, symbols, extra=None, ysymbols=None):
    """``table [x=..., y=..., meta=..., x index=..., y index=..., row sep=\\\\] {rows}`` with
    the rows given inline (a first row of names is the header); ``extra["errors"]`` receives
    the error columns (``y error``, ``y error plus``, ``y error minus``, their ``index``
    forms, and the same for x) as ``(x minus, x plus, y minus, y plus)``, NaN where none."""

    head = raw.lstrip().lstrip("3+").lstrip()
    if head.startswith("["):  # the plot's options (they may name table/... keys)
        _opts, head = _bracket(head)
    i = head.find("table")
    rest = head[i + len("table"):].lstrip()
    opts = {}
    if rest.startswith("["):
        depth = 0
        for j, ch in enumerate(rest):
            depth += ch == "["
            depth -= ch == "]"
            if depth == 0:
                opts = dict(split_options(rest[1:j]))
                rest = rest[j + 1:].lstrip()
                break
    if not rest.startswith("{"):
        interp.note("UNSUPPORTED", "\\addplot table reads a file; not interpreted", "\\addplot table", loc)
        return None
    depth = 0
    for j, ch in enumerate(rest):
        depth += ch == "{"
        depth -= ch == "}"
        if depth == 0:
            body = rest[1:j]
            break
    else:
        return None
    if "\n" not in body and "\\\\" not in body:  # no line break: a file name (pgfplotstable's rule)
        written = written_file(interp, body)
        if written is None:
            interp.note("UNSUPPORTED", f"\\addplot table reads the file '{body.strip()}'; not interpreted",
                        "\\addplot table", loc)
            return None
        body = written
    body = re.sub(r"(?m)%.*$", "", body)
    rows = body.split("\\\\") if "\\\\" in (opts.get("row sep") or "") else body.splitlines()
    sep = (opts.get("col sep") or "space").strip()
    split = (lambda r: [c.strip() for c in r.split(",")]) if sep == "comma" else \
        (lambda r: [c.strip() for c in r.split("&")]) if sep == "&" else (lambda r: r.split())
    rows = [split(r) for r in rows if r.strip()]
    if not rows:
        return np.zeros((0, 2))
    header = None

    def numeric(c):
        try:
            float(c)
            return True
        except ValueError:
            return False
    if not all(numeric(c) for c in rows[0]):
        header, rows = rows[0], rows[1:]

    def column(key, index_key, default):
        if opts.get(key) and header and opts[key].strip() in header:
            return header.index(opts[key].strip())
        if opts.get(index_key):
            try:
                return int(opts[index_key].strip())
            except ValueError:
                raise FigureSyntaxError(f"table {index_key}={opts[index_key].strip()[:30]!r} is not a column "
                                        "number") from None
        return default
    xi, yi = column("x", "x index", 0), column("y", "y index", 1)
    mi = column("meta", "meta index", None) if (opts.get("meta") or opts.get("meta index")) else None
    err_cols = []
    for a in "xy":
        for side in ("minus", "plus"):
            key = f"{a} error {side}"
            col = column(key, key + " index", None)
            if col is None:  # "y error" sets both sides (pgfplots' table/y error/.style)
                col = column(f"{a} error", f"{a} error index", None)
            err_cols.append(col)
    pts, meta, errs = [], [], []
    for r in rows:
        try:
            x = float(symbols[r[xi]]) if symbols and r[xi] in symbols else float(r[xi])
            y = float(ysymbols[r[yi]]) if ysymbols and r[yi] in ysymbols else float(r[yi])
        except (ValueError, IndexError):
            x = y = float("nan")
        pts.append((x, y))
        meta.append(r[mi] if mi is not None and mi < len(r) else None)
        errs.append([_cell(r, c) for c in err_cols])
    arr = np.array(pts, dtype=float).reshape(-1, 2)
    if extra is not None:  # the cells, for \\thisrow{name} in the plot's keys (quiver)
        extra["table"] = (header, rows)
    if extra is not None and any(c is not None for c in err_cols):
        extra["errors"] = np.array(errs, dtype=float).reshape(-1, 4)
    return (arr, meta) if mi is not None else arr


def _cell(row, col) -> float:
    """The number in column ``col`` of a table row (NaN if there is none)."""
    try:
        return float(row[col]) if col is not None else float("nan")
    except (ValueError, IndexError):
        return float("nan")


#: the keys of ``/pgfplots/quiver`` (pgfplotsplothandlers.code.tex) read after ``quiver/.cd``
_QUIVER_SUBKEYS = {"u", "v", "w", "u value", "v value", "w value", "scale arrows", "update limits", "colored",
                   "arrow color", "every arrow/.style", "every arrow/.append style", "quiver legend",
                   "before arrow/.code", "after arrow/.code"}


def _split_quiver_keys(pairs):
    """Plot options and the ``quiver`` keys given as ``quiver/.cd, u=.., v=..`` (up to a key
    with a full path) or ``quiver/u=..``: ``(plain pairs, "u=..,v=..")``."""
    plain, sub = [], []
    in_quiver = False
    for k, v in pairs:
        if k == "quiver/.cd":
            in_quiver = True
            continue
        if k.startswith("quiver/"):
            k, is_sub = k[len("quiver/"):], True
        else:
            is_sub = in_quiver and k in _QUIVER_SUBKEYS
            if in_quiver and not is_sub:
                in_quiver = False
        if is_sub:
            sub.append(k if v is None else f"{k}={{{v}}}")
        else:
            plain.append((k, v))
    return plain, ",".join(sub)


def _split_error_bar_keys(pairs):
    """Plot options and ``error bars/.cd, y dir=..., y explicit, ...`` keys (after the
    ``.cd`` or spelled ``error bars/y dir=...``)."""
    plain, err = [], {}
    in_err = False
    for k, v in pairs:
        if k.startswith("error bars/"):
            sub = k[len("error bars/"):]
            if sub == ".cd":
                in_err = True
                continue
            err[sub] = v
        elif in_err and (k in ("x dir", "y dir", "x explicit", "y explicit", "x fixed", "y fixed",
                               "x fixed relative", "y fixed relative", "error mark", "error bar style",
                               "error mark options", "x explicit relative", "y explicit relative")):
            err[k] = v
        else:
            if in_err and k.startswith("/"):
                in_err = False
            plain.append((k.split("/")[-1] if k.startswith("/tikz/") else k, v))
    return plain, err


def _error_bars(interp, err, pts, explicit, st):
    """``(N, 4)`` error offsets ``(x minus, x plus, y minus, y plus)`` in data units, or None:
    the bar of side ``minus`` runs to ``p - offset``, of side ``plus`` to ``p + offset``
    (pgfplots.errorbars: ``fixed`` e, ``fixed relative`` p e, ``explicit`` e,
    ``explicit relative`` p e). NaN: no bar on that side (an explicit error not given)."""
    if not err:
        return None
    out = np.full((len(pts), 4), np.nan)
    for i, a in enumerate("xy"):
        d = (err.get(a + " dir") or "none").strip()
        if d == "none":
            continue
        if err.get(a + " fixed"):
            e = np.full((len(pts), 2), interp.number(err[a + " fixed"], st).value)
        elif err.get(a + " fixed relative"):
            e = np.outer(pts[:, i], [1.0, 1.0]) * interp.number(err[a + " fixed relative"], st).value
        elif (a + " explicit") in err or (a + " explicit relative") in err:
            if explicit is None or len(explicit) != len(pts):
                continue
            e = explicit[:, 2 * i:2 * i + 2]
            if (a + " explicit relative") in err:
                e = e * pts[:, i:i + 1]
        else:
            continue
        if d in ("both", "minus"):
            out[:, 2 * i] = e[:, 0]
        if d in ("both", "plus"):
            out[:, 2 * i + 1] = e[:, 1]
    if not np.any(np.isfinite(out)):
        return None
    return out


def _coord(interp, text, st, symbols):
    t = text.strip()
    if symbols is not None and t in symbols:
        return float(symbols[t])
    if t.lower() in ("inf", "+inf", "-inf", "nan"):  # unbounded coordinates (pgfplots reads them)
        return float(t)
    return interp.number(t, st).value


def _plot_points(interp, text, st, d0, n0, loc, symbols=None, functions=None, extra=None, samples_at=None,
                 ysymbols=None):
    """Points ``(N, 2)`` of a plot (or ``(points, meta)``); ``extra["errors"]`` receives the
    ``+- (ex, ey)``, ``+= (..)``, ``-= (..)`` of ``coordinates`` (see :func:`_coordinate_errors`)."""
    if text.startswith("coordinates"):
        inner = text[len("coordinates"):].strip()
        inner = inner[1:-1] if inner.startswith("{") else inner
        pts, meta, errs = [], [], []
        scan, breaks = [0], []
        for m in re.finditer(r"\(([^()]*)\)((?:\s*(?:\+-|\+=|-=)\s*\([^()]*\))*)(\s*\[([^\]]*)\])?|\\par\b",
                             inner):
            if m.group(1) is None:  # an empty line interrupts the plot
                pts.append((float("nan"), float("nan")))
                meta.append(None)
                errs.append((float("nan"),) * 4)
                if scan[-1]:
                    scan.append(0)
                breaks.append(len(pts) - 1)
                continue
            parts = m.group(1).split(",")
            if len(parts) >= 2:
                scan[-1] += 1
                pts.append((_coord(interp, parts[0], st, symbols), _coord(interp, parts[1], st, ysymbols)))
                meta.append(m.group(4))
                errs.append(_coordinate_errors(interp, m.group(2) or "", st))
        arr = np.array(pts, dtype=float).reshape(-1, 2)
        if extra is not None:
            extra["errors"] = np.array(errs, dtype=float).reshape(-1, 4)
            extra["scanlines"] = [k for k in scan if k]
            extra["breaks"] = breaks
        return (arr, meta) if any(v is not None for v in meta) else arr
    if text.startswith("expression"):
        text = text[len("expression"):].strip()
    if text.startswith("{") or text.startswith("("):
        expr = text[1:-1]  # ({x(t)}, {y(t)}): the pair inside the parentheses
        # where pgfplots' loop puts them (pgfplots_domain.py)
        xs = domain_samples(d0[0], d0[1], n0, getattr(interp, "pgfplots_correct_sampling", True))
        if samples_at:  # samples at={-4,...,4}
            from geoverify.frontends.tikz.loops import expand_list
            try:
                xs = np.array([interp.number(v, st).value for v in expand_list(interp, samples_at)], dtype=float)
            except GeoverifyError:
                interp.note("APPROXIMATED", f"samples at={{{samples_at}}} not understood", "samples at", loc)
            interp.budget.check_array(len(xs))
        if text.startswith("("):
            parts = [p.strip().strip("{}") for p in _split_pair(expr)]
            fx, fy = _x_to_var(parts[0]), _x_to_var(parts[1])
        else:
            fx, fy = "\\x", _x_to_var(expr)
            if getattr(interp, "pgfplots_log_x", False) and not samples_at and min(d0) > 0:
                # a log x axis: the domain sampled logarithmically (pgfplots' samples@logarithmically@x)
                xs = np.logspace(np.log10(d0[0]), np.log10(d0[1]), max(2, n0))
        # (an x in a declared function's body is the plot's variable, as in pgfplots)
        fx, fy = (v if v == "\\x" else _x_to_var(apply_functions(v, functions)) for v in (fx, fy))
        pts = []
        # each expression prepared and compiled once (Interpreter.sampler), else read at each sample
        vx = None if fx == "\\x" else interp.sampler(fx, st) or (lambda: interp.number(fx, st).value)
        vy = interp.sampler(fy, st) or (lambda: interp.number(fy, st).value)
        env = interp.env
        try:
            for x in xs.tolist():
                env["\\x"] = x
                try:
                    pts.append((x if vx is None else vx(), vy()))
                except GeoverifyError as err:
                    if "undefined" in err.message or "unknown" in err.message:
                        raise
                    pts.append((float("nan"), float("nan")))
        finally:
            env.pop("\\x", None)
        return np.array(pts, dtype=float).reshape(-1, 2)
    what = text.split()[0] if text.split() else "?"
    interp.note("UNSUPPORTED", f"\\addplot {what} is not interpreted (only expressions and coordinates)",
                "\\addplot " + what, loc)
    return None


def _coordinate_errors(interp, text: str, st) -> tuple:
    """``(x minus, x plus, y minus, y plus)`` of a coordinate's ``+- (ex, ey)`` (both sides),
    ``+= (ex, ey)`` (plus) and ``-= (ex, ey)`` (minus); NaN where none is given."""
    out = [float("nan")] * 4
    for m in re.finditer(r"(\+-|\+=|-=)\s*\(([^()]*)\)", text):
        e = m.group(2).split(",")
        if len(e) < 2:
            continue
        for i in range(2):
            v = interp.number(e[i], st).value
            if m.group(1) in ("+-", "-="):
                out[2 * i] = v
            if m.group(1) in ("+-", "+="):
                out[2 * i + 1] = v
    return tuple(out)


def _split_pair(expr: str):
    depth = 0
    for i, ch in enumerate(expr):
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        elif ch == "," and depth == 0:
            return expr[:i], expr[i + 1:]
    raise FigureSyntaxError(f"parametric \\addplot ({expr}) needs two components")
