"""pgfplots ``axis`` environments, basics.

Interpreted: ``xmin/xmax/ymin/ymax``, ``width``/``height`` with
``scale only axis``, ``axis lines`` (box, left, middle/center, none),
``domain``/``samples``, ``\\addplot`` (and ``\\addplot+``) of expressions in
``x`` and of ``coordinates {...}``, and TikZ statements inside the axis, whose
coordinates are axis coordinates (pgfplots' ``axis cs``, the default since
compat 1.11). The data -> canvas map is recorded in ``Panel.axis_transform``
so a frame can be fitted through it.

Approximated (diagnostic ``APPROXIMATED``): without ``scale only axis`` the
axis box is ``width`` x ``height`` minus pgfplots' default allowance for tick
labels (45 pt x 45 pt is assumed); limits not given are the data's extent
(``enlargelimits`` is not applied). Ticks, tick labels, grids, legends and
axis labels are not drawn (noted). ``\\addplot table/file/gnuplot`` and 3D
axes are reported as unsupported.
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.errors import FigureSyntaxError, GeoverifyError, SourceLocation
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.emit import emit_path
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pathbuild import PathBuilder
from geoverify.frontends.tikz.tex import Reader, detokenize

__all__ = ["run_axis"]

_DEFAULT_W, _DEFAULT_H = 240.0, 207.0
_LABEL_ALLOWANCE = 45.0
_AXIS_KEYS = {"xmin", "xmax", "ymin", "ymax", "width", "height", "scale only axis", "axis lines", "axis lines*",
              "domain", "samples", "xlabel", "ylabel", "title", "grid", "xtick", "ytick", "xticklabels",
              "yticklabels", "legend pos", "legend style", "minor tick num", "axis x line", "axis y line",
              "axis x line*", "axis y line*", "ticks", "tick style", "enlargelimits", "enlarge x limits",
              "enlarge y limits", "legend entries", "every axis plot/.append style", "clip", "xticklabel",
              "yticklabel", "major grid style", "minor grid style", "xlabel style", "ylabel style",
              "title style", "axis line style", "xmajorgrids", "ymajorgrids", "cycle list name",
              "tick label style", "label style", "axis on top", "restrict y to domain", "unbounded coords",
              "x tick label style", "y tick label style", "legend cell align", "no markers", "smooth",
              "thick", "samples y", "view", "colormap/viridis", "colorbar", "xmode", "ymode", "axis equal",
              "axis equal image", "unit vector ratio", "at", "anchor", "name", "hide axis", "xtick pos",
              "ytick pos", "tick align", "every axis plot post/.append style", "declare function",
              "trig format plots", "mark size", "xticklabel style", "yticklabel style", "ymajorticks",
              "xmajorticks", "separate axis lines", "axis background/.style", "ylabel near ticks",
              "xlabel near ticks", "every tick label/.append style", "font", "line width", "compat"}


def _num(interp, text, st):
    return interp.number(text, st).value


def _x_to_var(expr: str) -> str:
    """pgfplots expressions use ``x``; the pgfmath evaluator binds ``\\x``."""
    return re.sub(r"(?<![A-Za-z\\])x(?![A-Za-z])", r"\\x", expr)


def run_axis(interp, reader: Reader, env: str, tok) -> None:
    """Interpret ``\\begin{axis}[...] ... \\end{axis}`` (the ``\\begin{axis}`` is read)."""
    loc = interp.location(tok[1], env)
    opts_toks = reader.read_optional()
    opts = split_options(detokenize(interp.expand_all(opts_toks))) if opts_toks else []
    body = []
    depth = 0
    while True:
        t = reader.get()
        if t is None:
            raise FigureSyntaxError(f"\\begin{{{env}}} is never ended", location=loc)
        if t[0] == "\\end":
            arg = reader.read_arg()
            name = detokenize(arg).strip()
            if name == env and depth == 0:
                break
            body.append(t)
            body.append(("{", t[1]))
            body.extend(arg)
            body.append(("}", t[1]))
            continue
        body.append(t)
    if env != "axis":
        interp.note("APPROXIMATED", f"'{env}' is drawn with linear axes", env, loc)
    kv = {}
    for k, v in opts:
        kv[k] = v
        if k not in _AXIS_KEYS and not k.startswith("every ") and "/." not in k:
            interp.note("UNSUPPORTED", f"pgfplots key '{k}' is not interpreted", k, loc)
    st = dict(interp.st)
    domain = (-5.0, 5.0)
    if kv.get("domain"):
        a, _, b = kv["domain"].partition(":")
        domain = (_num(interp, a, st), _num(interp, b, st))
    samples = int(_num(interp, kv["samples"], st)) if kv.get("samples") else 25
    # first pass: the plots' data, in data coordinates
    plots = _collect_plots(interp, body, domain, samples, st)
    data = [p[0] for p in plots if len(p[0])]
    xs = np.concatenate([d[:, 0] for d in data]) if data else np.array([0.0, 1.0])
    ys = np.concatenate([d[:, 1] for d in data]) if data else np.array([0.0, 1.0])
    xs = xs[np.isfinite(xs)]
    ys = ys[np.isfinite(ys)]
    inferred = []

    def lim(key, data, fn, fallback):
        if kv.get(key):
            return _num(interp, kv[key], st)
        inferred.append(key)
        return float(fn(data)) if len(data) else fallback

    xmin = lim("xmin", xs, np.min, 0.0)
    xmax = lim("xmax", xs, np.max, 1.0)
    ymin = lim("ymin", ys, np.min, 0.0)
    ymax = lim("ymax", ys, np.max, 1.0)
    if xmax <= xmin:
        xmax = xmin + 1.0
    if ymax <= ymin:
        ymax = ymin + 1.0
    if inferred:
        interp.note("APPROXIMATED", f"axis limits {', '.join(inferred)} taken from the data without pgfplots' "
                    "enlargelimits", env, loc)
    W = interp.number(kv["width"], st).value if kv.get("width") else _DEFAULT_W
    H = interp.number(kv["height"], st).value if kv.get("height") else _DEFAULT_H
    if "scale only axis" not in kv:
        W, H = W - _LABEL_ALLOWANCE, H - _LABEL_ALLOWANCE
        interp.note("APPROXIMATED", "without 'scale only axis' the axis box size is estimated "
                    f"(width/height minus {_LABEL_ALLOWANCE:g} pt for tick labels)", env, loc)
    if any(k in kv for k in ("xlabel", "ylabel", "title")) or "hide axis" not in kv:
        interp.note("APPROXIMATED", "axis ticks, tick labels and axis labels are not drawn", env, loc)
    sx, sy = W / (xmax - xmin), H / (ymax - ymin)
    base = interp.st["ctm"]
    # data -> picture coordinates (pt), then the picture's transformation
    data_map = (sx, 0.0, 0.0, sy, -xmin * sx, -ymin * sy)
    full = G.compose(base, data_map)
    panel = interp.scene.panels[interp.panel]
    panel.axis_transform = np.array([[full[0], full[2], full[4]], [full[1], full[3], full[5]], [0.0, 0.0, 1.0]])
    saved = interp.st
    saved_box = getattr(interp, "axis_box", None)
    interp.axis_box = (xmin, xmax, ymin, ymax)
    interp.st = dict(saved)
    interp.st["ctm"] = G.compose(base, (1.0, 0.0, 0.0, 1.0, -xmin * sx, -ymin * sy))
    interp.st["xvec"], interp.st["yvec"] = (sx, 0.0), (0.0, sy)
    try:
        _draw_axis_lines(interp, kv, xmin, xmax, ymin, ymax, loc)
        for pts, pst, ploc in plots:
            if len(pts) < 1:
                continue
            b = PathBuilder()
            canvas = [G.apply(full, (x, y)) for x, y in pts if math.isfinite(x) and math.isfinite(y)]
            if not canvas:
                continue
            b.move_to(canvas[0])
            if pst.get("smooth") and len(canvas) > 2:
                from geoverify.frontends.tikz.paths import PathWalker
                w = PathWalker(interp, pst, ploc)
                w.path = b
                w._smooth(canvas, pst["tension"], False)
            else:
                for p, q in zip(canvas, canvas[1:]):
                    b.line(p, q)
            if len(canvas) == 1:
                from geoverify.scene.primitives import Dot
                interp.scene.add(Dot(center=canvas[0], radius=2.0, source=ploc, panel=interp.panel))
                continue
            emit_path(interp.scene, b, pst, draw=pst["draw"] is not None, fill=pst["fill"] is not None,
                      source=ploc, panel=interp.panel)
        # other statements (\draw, \node, ...) in axis coordinates
        interp.statements(Reader(_without_addplots(body), interp.defs, interp.budget, interp.source), None)
    finally:
        interp.st = saved
        interp.axis_box = saved_box


def _draw_axis_lines(interp, kv, xmin, xmax, ymin, ymax, loc):
    mode = (kv.get("axis lines") or kv.get("axis lines*") or "box").strip()
    if "hide axis" in kv or mode == "none":
        return
    st = dict(interp.st)
    st["draw"] = "current"
    st["fill"] = None
    st["line_width"] = 0.4
    st["arrow_start"] = st["arrow_end"] = None
    m = st["ctm"]
    xv, yv = st["xvec"], st["yvec"]

    def P(x, y):
        return G.apply(m, (x * xv[0], y * yv[1]))

    b = PathBuilder()
    source = SourceLocation(loc.line, loc.column, loc.file, "axis lines")
    if mode == "box":
        corners = [P(xmin, ymin), P(xmax, ymin), P(xmax, ymax), P(xmin, ymax)]
        b.move_to(corners[0])
        for k in range(4):
            b.line(corners[k], corners[(k + 1) % 4])
        b.close()
        emit_path(interp.scene, b, st, draw=True, fill=False, source=source, panel=interp.panel)
        return
    st["arrow_end"] = ">"
    if mode in ("left",):
        x0, y0 = xmin, ymin
    else:  # middle, center
        x0 = min(max(0.0, xmin), xmax)
        y0 = min(max(0.0, ymin), ymax)
    for a, c in ((P(xmin, y0), P(xmax, y0)), (P(x0, ymin), P(x0, ymax))):
        b = PathBuilder()
        b.move_to(a)
        b.line(a, c)
        emit_path(interp.scene, b, st, draw=True, fill=False, source=source, panel=interp.panel)


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
    if cur:
        chunks.append(cur)
    return chunks


def _first_cs(chunk):
    for t in chunk:
        if t[0] not in (" ", "\\par"):
            return t
    return None


def _without_addplots(body):
    out = []
    for chunk in _statement_chunks(body):
        first = _first_cs(chunk)
        if first is not None and first[0] in ("\\addplot", "\\addplot3", "\\addlegendentry", "\\legend"):
            continue
        if first is not None and first[0] in ("\\addlegendentry", "\\legend"):
            continue
        out.extend(chunk)
    return out


def _collect_plots(interp, body, domain, samples, st0):
    """``(points (N, 2) data coordinates, state, location)`` of each ``\\addplot``."""
    plots = []
    for chunk in _statement_chunks(body):
        first = _first_cs(chunk)
        if first is None or first[0] not in ("\\addplot", "\\addplot3"):
            continue
        loc = interp.location(first[1], first[0])
        if first[0] == "\\addplot3":
            interp.note("UNSUPPORTED", "3D plots (\\addplot3) are not interpreted", "\\addplot3", loc)
            continue
        toks = chunk[chunk.index(first) + 1:]
        text = detokenize(interp.expand_all(toks)).strip().rstrip(";").strip()
        if text.startswith("+"):
            text = text[1:].strip()
        opts = ""
        if text.startswith("["):
            depth = 0
            for i, ch in enumerate(text):
                if ch == "[":
                    depth += 1
                elif ch == "]":
                    depth -= 1
                    if depth == 0:
                        opts, text = text[1:i], text[i + 1:].strip()
                        break
        st = dict(st0)
        st["draw"] = "current"
        st["color"] = (0.0, 0.0, 1.0) if not any(k in opts for k in ("color", "black", "red", "draw")) else st["color"]
        d0, n0 = domain, samples
        plot_opts = []
        for k, v in split_options(opts):
            if k == "domain" and v:
                a, _, b = v.partition(":")
                d0 = (_num(interp, a, st), _num(interp, b, st))
            elif k == "samples" and v:
                n0 = int(_num(interp, v, st))
            elif k in ("mark", "only marks", "no marks", "no markers", "mark options", "forget plot",
                       "unbounded coords", "restrict y to domain", "samples at", "variable", "id"):
                continue
            else:
                plot_opts.append((k, v))
        interp.loc = loc
        try:
            if plot_opts:
                interp.apply_options(st, plot_opts)
            interp.budget.check_array(n0)
            if text.startswith("coordinates"):
                inner = text[len("coordinates"):].strip()
                inner = inner[1:-1] if inner.startswith("{") else inner
                pts = []
                for m in re.finditer(r"\(([^()]*)\)", inner):
                    parts = m.group(1).split(",")
                    if len(parts) >= 2:
                        pts.append((_num(interp, parts[0], st), _num(interp, parts[1], st)))
                plots.append((np.array(pts, dtype=float).reshape(-1, 2), st, loc))
            elif text.startswith("{") or text.startswith("("):
                expr = text[1:-1] if text.startswith("{") else text
                xs = np.linspace(d0[0], d0[1], max(2, n0))
                pts = []
                if text.startswith("("):
                    parts = [p.strip().strip("{}") for p in _split_pair(expr)]
                    fx, fy = _x_to_var(parts[0]), _x_to_var(parts[1])
                else:
                    fx, fy = "\\x", _x_to_var(expr)
                for x in xs:
                    interp.env["\\x"] = float(x)
                    try:
                        pts.append((interp.number(fx, st).value, interp.number(fy, st).value))
                    except GeoverifyError as err:
                        if "undefined" in err.message or "unknown" in err.message:
                            raise
                        pts.append((float("nan"), float("nan")))
                interp.env.pop("\\x", None)
                plots.append((np.array(pts, dtype=float).reshape(-1, 2), st, loc))
            else:
                what = text.split()[0] if text.split() else "?"
                interp.note("UNSUPPORTED", f"\\addplot {what} is not interpreted (only expressions and "
                            "coordinates)", "\\addplot " + what, loc)
        except GeoverifyError as err:
            interp.env.pop("\\x", None)
            interp.note("UNSUPPORTED", f"\\addplot skipped: {err.message}", "\\addplot", loc)
    return plots


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
