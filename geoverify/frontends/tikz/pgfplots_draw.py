"""Drawing pgfplots plots: lines (kept whole, marked clipped where they leave the axis
box, as TeX's output keeps them), smooth and constant plots,
``\\closedcycle`` areas, bars, error bars, plot marks and legend images.

Everything here works in canvas points (the data -> canvas map ``full`` is given) and
adds primitives to ``interp.scene``.
"""

from __future__ import annotations

import copy
import math

import numpy as np

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.emit import DOT_MAX_RADIUS, emit_path, path_style
from geoverify.frontends.tikz.pathbuild import PathBuilder
from geoverify.frontends.tikz.pgfplots_marks import mark_outlines
from geoverify.frontends.tikz.pgfplots_errorbars import draw_error_bars
from geoverify.frontends.tikz.pgfplots_patches import draw_patches
from geoverify.frontends.tikz.pgfplots_plots import Plot
from geoverify.frontends.tikz.plothandlers import bar_options
from geoverify.scene.primitives import Circle, Dot, Polyline

__all__ = ["draw_plot", "draw_bars", "draw_error_bars", "draw_mark", "legend_image", "legend_image_box"]

def _clip_segment(p, q, lo, hi):
    """Liang-Barsky: the part of segment p-q inside the box, or None."""
    t0, t1 = 0.0, 1.0
    d = (q[0] - p[0], q[1] - p[1])
    for k in range(2):
        for pk, qk in ((-d[k], p[k] - lo[k]), (d[k], hi[k] - p[k])):
            if pk == 0:
                if qk < 0:
                    return None
                continue
            r = qk / pk
            if pk < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
    if t0 > t1:
        return None
    return (p[0] + t0 * d[0], p[1] + t0 * d[1]), (p[0] + t1 * d[0], p[1] + t1 * d[1])


def _pieces(canvas, box):
    """Runs of finite points, clipped to the box: list of point lists."""
    runs, cur = [], []
    for p in canvas:
        if p is None:
            if len(cur) > 0:
                runs.append(cur)
            cur = []
        else:
            cur.append(p)
    if cur:
        runs.append(cur)
    if box is None:
        return runs
    lo = (min(box[0][0], box[1][0]) - 1e-6, min(box[0][1], box[1][1]) - 1e-6)
    hi = (max(box[0][0], box[1][0]) + 1e-6, max(box[0][1], box[1][1]) + 1e-6)
    out = []
    for run in runs:
        piece = []
        if len(run) == 1:
            out.append(run)
            continue
        for p, q in zip(run, run[1:]):
            c = _clip_segment(p, q, lo, hi)
            if c is None:
                if len(piece) > 1:
                    out.append(piece)
                piece = []
                continue
            a, b = c
            if piece and math.hypot(piece[-1][0] - a[0], piece[-1][1] - a[1]) < 1e-9:
                piece.append(b)
            else:
                if len(piece) > 1:
                    out.append(piece)
                piece = [a, b]
        if len(piece) > 1:
            out.append(piece)
    return out


def _const_points(run, kind):
    """Step lines: ``left`` (const plot) holds each value until the next x, ``right`` jumps
    first, ``mid`` halfway; ``jleft``/``jright``/``jmid`` (jump marks) leave the vertical
    parts out (NaN breaks)."""
    out = [run[0]]
    for p, q in zip(run, run[1:]):
        if kind in ("mid", "jmid"):
            xm = 0.5 * (p[0] + q[0])
            out += [(xm, p[1]), None, (xm, q[1]), q] if kind == "jmid" else [(xm, p[1]), (xm, q[1]), q]
            continue
        if kind in ("left", "jleft"):
            corner = (q[0], p[1])
        else:
            corner = (p[0], q[1])
        if kind.startswith("j"):
            out += [corner, None, q] if kind == "jleft" else [None, corner, q]
        else:
            out += [corner, q]
    return out


def _smooth_points(pts, tension=0.5, steps=12):
    """pgf's ``smooth`` curve through pts, flattened: list of points."""
    t = 0.2775 * tension  # as plots.py (pgflibraryplothandlers)
    p = np.asarray(pts, dtype=float).reshape(-1, 2)
    n = len(p)
    if n < 2:
        return [tuple(q) for q in p]
    p1, p2 = p[:-1], p[1:]
    # control points: along the chord of the neighbours, none at the ends
    c1 = p1.copy()
    c1[1:] += t * (p[2:] - p[:-2])
    c2 = p2.copy()
    c2[:-1] -= t * (p[2:] - p[:-2])
    u = (np.arange(1, steps + 1) / steps)[None, :, None]
    s = 1 - u
    curve = (s ** 3 * p1[:, None] + 3 * s * s * u * c1[:, None] + 3 * s * u * u * c2[:, None]
             + u ** 3 * p2[:, None]).reshape(-1, 2)
    return [(float(p[0, 0]), float(p[0, 1]))] + list(map(tuple, curve.tolist()))  # (floats, as float(x))


def draw_bars(interp, plot: Plot, full, base: float) -> None:
    """``ybar``/``xbar``: one rectangle per point from ``base`` (data value of the bar's
    foot) to the point, ``bar width`` wide, moved by ``bar shift`` (canvas pt)."""
    half = plot.bar_width / 2
    for k, (x, y) in enumerate(plot.points):
        if not (math.isfinite(x) and math.isfinite(y)) or _adds_nothing(plot, k):
            continue
        if plot.stack_base is not None:  # stacked bars stand on the plot below
            base = plot.stack_base[k, 1] if plot.bar == "y" else plot.stack_base[k, 0]
        if plot.bar == "y":
            p0, p1 = G.apply(full, (x, base)), G.apply(full, (x, y))
            c = p0[0] + plot.bar_shift
            pts = [(c - half, p0[1]), (c + half, p0[1]), (c + half, p1[1]), (c - half, p1[1])]
        else:
            p0, p1 = G.apply(full, (base, y)), G.apply(full, (x, y))
            c = p0[1] + plot.bar_shift
            pts = [(p0[0], c - half), (p1[0], c - half), (p1[0], c + half), (p0[0], c + half)]
        _emit_bar(interp, plot, pts)
    if plot.mark:  # marks sit on the bars' ends
        for k, (x, y) in enumerate(plot.points):
            if math.isfinite(x) and math.isfinite(y) and not _adds_nothing(plot, k):
                q = G.apply(full, (x, y))
                q = (q[0] + plot.bar_shift, q[1]) if plot.bar == "y" else (q[0], q[1] + plot.bar_shift)
                draw_mark(interp, plot, q)


def _adds_nothing(plot: Plot, k: int) -> bool:
    """Point ``k`` of a stacked bar plot with ``stacked ignores zero`` adds nothing to the
    stack: pgfplots leaves it out when drawing."""
    if not plot.ignore_zero:
        return False
    i = 1 if plot.bar == "y" else 0
    base = plot.stack_base[k, i] if plot.stack_base is not None and k < len(plot.stack_base) else 0.0
    return bool(plot.points[k, i] == base)


def _emit_bar(interp, plot: Plot, corners) -> None:
    """One bar: the closed polygon through ``corners`` (canvas points), drawn and filled as the plot."""
    b = PathBuilder()
    b.polyline(corners, True)
    emit_path(interp.scene, b, plot.st, draw=plot.st["draw"] is not None, fill=plot.st["fill"] is not None,
              source=plot.loc, panel=interp.panel)


def _draw_intervals(interp, plot: Plot, full, base: float) -> None:
    """``/tikz/ybar interval`` (``xbar interval``): a bar over each interval between
    consecutive points, from the zero level ``base`` to the first point's y (x), as wide as
    ``bar interval width`` times the interval, its middle ``bar interval shift`` times the
    interval from its start (pgf's handler, in data units: the axis' map is linear)."""
    pts = [(x, y) for x, y in plot.points if math.isfinite(x) and math.isfinite(y)]
    if plot.only_marks:
        return
    bars = bar_options(plot.st)
    k = 0 if plot.interval == "y" else 1
    for p0, p1 in zip(pts, pts[1:]):
        span = p1[k] - p0[k]
        a = p0[k] + bars.interval_shift * span - 0.5 * bars.interval_width * span
        b = a + bars.interval_width * span
        h = p0[1 - k]
        corners = ((a, base), (b, base), (b, h), (a, h)) if k == 0 else ((base, a), (h, a), (h, b), (base, b))
        _emit_bar(interp, plot, [G.apply(full, c) for c in corners])


def _draw_combs(interp, plot: Plot, full, box) -> None:
    """``ycomb``/``xcomb``: one path of segments from the zero level (pgfplots' axis origin:
    0 clamped to the axis limits) straight to each point, clipped by the axis box as a plot line."""
    k = 1 if plot.comb == "y" else 0
    base = 0.0
    if box is not None:
        inv = G.invert(full)
        lo, hi = sorted((G.apply(inv, box[0])[k], G.apply(inv, box[1])[k]))
        base = min(max(0.0, lo), hi)
    b = PathBuilder()
    ends = []
    for x, y in plot.points:
        if not (math.isfinite(x) and math.isfinite(y)):
            continue
        foot = G.apply(full, (x, base) if plot.comb == "y" else (base, y))
        q = G.apply(full, (x, y))
        b.move_to(foot)
        b.line(foot, q)
        ends += [foot, q]
    if not ends or plot.only_marks or plot.st["draw"] is None:
        return
    idx = emit_path(interp.scene, b, plot.st, draw=True, fill=False, source=plot.loc, panel=interp.panel)
    _mark_clipped(interp, idx, ends, box)


def _draw_quiver(interp, plot: Plot, full, box) -> None:
    """``quiver``: one path per point, from it to its arrow's end, in the plot's style with
    ``every arrow``; clipped by the axis box as plot lines."""
    if plot.only_marks or plot.st["draw"] is None:
        return
    st = plot.st
    meta = plot.quiver.meta
    if plot.quiver.style and meta is None:
        st = dict(st)
        try:
            interp.apply_options(st, plot.quiver.style)
        except GeoverifyError as err:
            interp.note("APPROXIMATED", f"quiver every arrow style not applied: {err.message}", "quiver", plot.loc)
            st = plot.st
    for k, (p, q) in enumerate(zip(plot.points, plot.quiver.ends)):
        if not (np.all(np.isfinite(p)) and np.all(np.isfinite(q))):
            continue
        if meta is not None:  # every arrow in terms of \pgfplotspointmetatransformed: each its own
            st = dict(plot.st)
            interp.env["\\pgfplotspointmetatransformed"] = float(meta[k]) if np.isfinite(meta[k]) else 0.0
            try:
                interp.apply_options(st, plot.quiver.style)
            except GeoverifyError as err:
                interp.note("APPROXIMATED", f"quiver every arrow style not applied: {err.message}", "quiver",
                            plot.loc)
                st = plot.st
            finally:
                interp.env.pop("\\pgfplotspointmetatransformed", None)
        a, c = G.apply(full, tuple(p[:2])), G.apply(full, tuple(q[:2]))
        b = PathBuilder()
        b.move_to(a)
        b.line(a, c)
        idx = emit_path(interp.scene, b, st, draw=True, fill=False, source=plot.loc, panel=interp.panel)
        _mark_clipped(interp, idx, [a, c], box)


def _name_plot_path(interp, plot, canvas) -> None:
    """``name path`` on an ``\\addplot``: the whole curve (unclipped, drawn or not), for intersections."""
    b = PathBuilder()
    run: list = []
    for p in canvas + [None]:
        if p is not None:
            run.append(p)
            continue
        if len(run) > 1:
            pts = _smooth_points(run, plot.st.get("tension", 0.5)) if plot.smooth and len(run) > 2 else run
            b.polyline(pts)
        run = []
    if not b.is_empty():
        interp.named_paths[plot.st["name_path"]] = b


def _mark_clipped(interp, indices, pts, box) -> None:
    """The axis clips a line that leaves ``box``: as TikZ's ``\\clip``, the geometry is
    kept whole and marked ``clipped``, with the box as its clip box (the scene's view)."""
    if box is None:
        return
    lo = (min(box[0][0], box[1][0]), min(box[0][1], box[1][1]))
    hi = (max(box[0][0], box[1][0]), max(box[0][1], box[1][1]))
    tol = 1e-6 * max(1.0, hi[0] - lo[0], hi[1] - lo[1])
    if all(lo[0] - tol <= p[0] <= hi[0] + tol and lo[1] - tol <= p[1] <= hi[1] + tol for p in pts):
        return
    for i in indices:
        interp.scene.primitives[i].clipped = True
        interp.clip_boxes[i] = (lo[0], lo[1], hi[0], hi[1])


def _draw_cycles(interp, plot: Plot, runs, box) -> None:
    """``smooth cycle``/``sharp cycle``: each run of points as a closed path (pgf's closed
    curve: cubics whose controls follow the neighbours, ``tension`` as ``smooth``)."""
    st = plot.st
    t = 0.2775 * st.get("tension", 0.5)
    for run in runs:
        if len(run) < 2:
            continue
        b = PathBuilder()
        b.move_to(run[0])
        if st.get("smooth") and len(run) > 2:
            ext = [run[-1]] + list(run) + [run[0], run[1]]
            for i in range(1, len(run) + 1):
                p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
                c1 = (p1[0] + t * (p2[0] - p0[0]), p1[1] + t * (p2[1] - p0[1]))
                c2 = (p2[0] - t * (p3[0] - p1[0]), p2[1] - t * (p3[1] - p1[1]))
                b.curve(p1, c1, c2, p2)
        else:
            for p, q in zip(run, run[1:]):
                b.line(p, q)
        b.close()
        idx = emit_path(interp.scene, b, st, draw=st["draw"] is not None, fill=st.get("fill") is not None,
                        source=plot.loc, panel=interp.panel)
        _mark_clipped(interp, idx, run, box)


def draw_plot(interp, plot: Plot, full, box, bar_base=0.0) -> None:
    """Draw one plot: its line (kept whole, marked clipped where it leaves ``box``,
    canvas corners) and its marks (those inside ``box``)."""
    if plot.bar:
        draw_bars(interp, plot, full, bar_base)
        return
    if plot.patch and not plot.three_d and draw_patches(interp, plot, full, plot.loc):
        return
    if plot.contour is not None and not plot.three_d:  # a 2D contour prepared plot's labels
        from geoverify.frontends.tikz.pgfplots_contour import contour_lines, place_contour_labels
        rows, values = plot.contour
        canvas = [G.apply(full, tuple(q)) for q in plot.points]
        place_contour_labels(interp, interp.st, [(c, v) for c, v in contour_lines(canvas, rows, values)
                                                 if math.isfinite(v)], plot.loc)
    if plot.interval:
        _draw_intervals(interp, plot, full, bar_base)
    if plot.comb:
        _draw_combs(interp, plot, full, box)
    if plot.quiver is not None:
        _draw_quiver(interp, plot, full, box)
    canvas = G.apply_points(full, plot.points, finite=True)
    if not any(p is not None for p in canvas):
        return
    st = plot.st
    if st.get("name_path"):
        _name_plot_path(interp, plot, canvas)
    if plot.closed and not plot.only_marks:
        # \closedcycle: the curve, down to y = 0 (clamped to the axis) and back, closed
        pts = [p for p in canvas if p is not None]
        steps = plot.const if plot.const and not plot.const.startswith("j") else None  # (jumps: no area)
        if steps and len(pts) > 1:
            pts = _const_points(pts, steps)
        elif plot.smooth and len(pts) > 2:
            pts = _smooth_points(pts, st.get("tension", 0.5))
        inv = G.invert(full)
        ylo, yhi = sorted((G.apply(inv, box[0])[1], G.apply(inv, box[1])[1])) if box else (0.0, 0.0)
        y0 = min(max(0.0, ylo), yhi)
        first = [x for x, y in plot.points if math.isfinite(x) and math.isfinite(y)]
        if plot.closed != "cycle" and plot.stack_base is not None:
            # stacked: closed back along the plot below (pgfplots' \closedcycle with stack plots),
            # which its handler draws backwards: the same steps
            base = [G.apply(full, tuple(q)) for q in plot.stack_base if np.all(np.isfinite(q))]
            if steps and len(base) > 1:
                base = _const_points(base, steps)
            pts += base[::-1]
        elif plot.closed != "cycle":
            pts += [G.apply(full, (first[-1], y0)), G.apply(full, (first[0], y0))]
        b = PathBuilder()
        b.polyline(pts, True)
        emit_path(interp.scene, b, st, draw=st["draw"] is not None, fill=st["fill"] is not None,
                  source=plot.loc, panel=interp.panel)
    elif not plot.only_marks and (st["draw"] is not None or st.get("fill") is not None) \
            and not (plot.comb or plot.interval or plot.quiver):  # (draw=none, fill=..: the area only)
        raw = []
        cur = []
        for p in canvas:
            if p is None:
                if cur:
                    raw.append(cur)
                cur = []
            else:
                cur.append(p)
        if cur:
            raw.append(cur)
        if st.get("closed_plot"):  # smooth cycle / sharp cycle: each run closed, filled if asked
            _draw_cycles(interp, plot, raw, box)
            raw = []
        runs = []
        for run in raw:
            if plot.const and len(run) > 1:
                runs.append(_const_points(run, plot.const))
            elif plot.smooth and len(run) > 2:
                runs.append(_smooth_points(run, st.get("tension", 0.5)))
            else:
                runs.append(run)
        flat = [p for run in runs for p in run + [None]]
        for piece in _pieces(flat, None):
            if len(piece) < 2:
                continue
            b = PathBuilder()
            b.polyline(piece)
            # a fill given to the plot fills the open line too (pgf closes it for the fill)
            idx = emit_path(interp.scene, b, st, draw=st["draw"] is not None, fill=st.get("fill") is not None,
                            source=plot.loc, panel=interp.panel)
            _mark_clipped(interp, idx, piece, box)
    if plot.errors is not None:
        draw_error_bars(interp, plot, full)
    if plot.mark:
        lo = hi = None
        if box is not None:
            lo = (min(box[0][0], box[1][0]) - 1e-6, min(box[0][1], box[1][1]) - 1e-6)
            hi = (max(box[0][0], box[1][0]) + 1e-6, max(box[0][1], box[1][1]) + 1e-6)
        for k, p in enumerate(canvas):
            if p is None:
                continue
            if lo is not None and not (lo[0] <= p[0] <= hi[0] and lo[1] <= p[1] <= hi[1]):
                continue
            style = coordinate_style(interp, plot, k) if plot.coordinate_styles else None
            if style:
                _styled_mark(interp, plot, p, style)
            else:
                draw_mark(interp, plot, p)


def _styled_mark(interp, plot: Plot, p, style: str) -> None:
    """The mark of one coordinate with its own ``coordinate style`` (its transformation, e.g.
    ``scale=3, xshift=4pt``, acts in the mark's scope: the shift is scaled too)."""
    mst = plot.mark_st or plot.st
    est = dict(mst, ctm=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    try:
        interp.apply_options(est, style)
    except GeoverifyError as err:
        interp.note("APPROXIMATED", f"coordinate style not applied: {err.message}", "coordinate style", plot.loc)
        draw_mark(interp, plot, p)
        return
    m = est["ctm"]
    styled = copy.copy(plot)
    styled.__dict__.pop("_mark_cache", None)
    styled.mark_st = dict(est, ctm=mst["ctm"])
    draw_mark(interp, styled, (p[0] + m[4], p[1] + m[5]), lin=tuple(m[:4]) + (0.0, 0.0))


def coordinate_style(interp, plot: Plot, k: int) -> str:
    """The options of ``coordinate style/.condition={cond}{style}`` whose condition (in ``x``,
    ``y`` of point ``k``) holds, joined; empty when none does."""
    from geoverify.frontends.tikz.pgfplots3d_data import _var
    x, y = (float(v) for v in plot.points[k][:2])
    from geoverify.frontends.tikz.pgfmath import kept_macros
    out = []
    with kept_macros(interp.env, ("\\x", "\\y")) as env:
        env["\\x"], env["\\y"] = x, y
        for cond, style in plot.coordinate_styles:
            try:
                if interp.number(_var(_var(cond, "x", "\\x"), "y", "\\y"), plot.st).value:
                    out.append(style)
            except GeoverifyError as err:
                interp.note("UNSUPPORTED", f"coordinate style condition not understood: {err.message}",
                            "coordinate style/.condition", plot.loc)
    return ",".join(out)


def draw_mark(interp, plot: Plot, p, lin=None) -> None:
    """One plot mark centred at canvas point ``p`` (``Dot``/``Circle`` and polylines; the
    outlines and styles are computed once per plot); ``lin``: a linear map of the outlines
    (a coordinate's own style), which are then not kept."""
    if plot.mark == "text":
        _text_mark(interp, plot, p)
        return
    cache = plot.__dict__.setdefault("_mark_cache", {}) if lin is None else {}
    parts = cache.get("parts")
    if parts is None:
        pieces = mark_outlines(plot.mark, plot.mark_size)
        if pieces is None:
            interp.note("APPROXIMATED", f"plot mark '{plot.mark}' is drawn as a dot", "mark", plot.loc)
            pieces = [("circle", plot.mark_size)]
        mst = plot.mark_st or plot.st
        filled = plot.mark.endswith("*")
        if mst.get("transform_shape"):  # an axis in a scaled picture: its marks scale with it
            pieces = _transformed_pieces(interp, plot, pieces, mst["ctm"])
        every = interp.defs.get("style:every mark")
        if every:  # \tikzset{every mark/.append style={scale=2}}: the marks' scope (its transformation too)
            est = dict(mst, ctm=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
            try:
                interp.apply_options(est, every)
                pieces = _transformed_pieces(interp, plot, pieces, est["ctm"])
                mst = dict(est, ctm=mst["ctm"])
            except GeoverifyError as err:
                interp.note("APPROXIMATED", f"every mark style not applied: {err.message}", "every mark", plot.loc)
        if lin is not None:
            pieces = _transformed_pieces(interp, plot, pieces, lin)
        parts = []
        for kind, *data in pieces:
            fill = filled and closed_piece(kind, data)
            if mst.get("dash"):
                mst = dict(mst, dash=None)
            parts.append((kind, data, path_style(mst, True, fill), fill))
        cache["parts"] = parts
    for kind, data, style, fill in parts:
        if kind == "circle":
            r = data[0]
            cls = Dot if fill and r <= DOT_MAX_RADIUS else Circle
            interp.scene.add(cls(center=p, radius=r, style=style, source=plot.loc, panel=interp.panel))
        else:
            pts, closed = data
            q = np.array([(p[0] + x, p[1] + y) for x, y in pts], dtype=np.float64)
            interp.scene.add(Polyline(points=q, closed_flag=bool(closed), style=style, source=plot.loc,
                                      panel=interp.panel))


def _transformed_pieces(interp, plot: Plot, pieces, ctm):
    """Mark outlines under the linear part of ``ctm`` (outlines mapped; a circle's radius
    scaled, which is exact when the map keeps angles; otherwise noted)."""
    a, b, c, d = ctm[:4]
    if (a, b, c, d) == (1.0, 0.0, 0.0, 1.0):
        return pieces
    out = []
    for kind, *data in pieces:
        if kind == "circle":
            if abs(a - d) > 1e-9 or abs(b + c) > 1e-9:
                interp.note("APPROXIMATED", "a round plot mark under a non-uniform scaling keeps its "
                            "circle (of the mean scale)", "mark", plot.loc)
            out.append((kind, data[0] * math.sqrt(abs(a * d - b * c))))
        else:
            pts, closed = data
            out.append((kind, [(a * x + c * y, b * x + d * y) for x, y in pts], closed))
    return out


def _text_mark(interp, plot: Plot, p) -> None:
    """pgf's ``text`` mark: ``\\pgftext[<text mark style>]{<text mark>}``, the text's box
    centred on the point, in the mark's colour."""
    cache = plot.__dict__.setdefault("_mark_cache", {})
    nst = cache.get("text")
    if nst is None:
        text, style = plot.mark_text
        opts = "inner sep=0pt,anchor=center" + ("," + style if style else "")
        nst = cache["text"] = interp.node_state(plot.mark_st or plot.st, opts)
    interp.place_node(dict(nst), None, p, plot.mark_text[0], plot.loc)


def closed_piece(kind, data):
    return kind == "circle" or bool(data[1])


_LEGEND_LINE = 0.6 * 72.27 / 2.54  # legend image line: 0.6cm
_AREA_HALF = 0.1 * 72.27 / 2.54  # area legend: a 0.6cm x 0.2cm rectangle


#: pgfplots' mesh legend (\\pgfplotsplothandlermesh@defaultlegend@img): a 3 x 3 lattice
#: (x, y, z) seen with x=(0.44237cm,-0.07439cm), y=(0.30942cm,0.23932cm), z=(0,1.5cm),
#: scale=0.4, yshift=-0.7cm (in the scaled system)
_MESH_LEGEND_Z = ((0.6, 0.35, 0.21), (0.68, 0.4, 0.25), (0.7, 0.5, 0.43))  # [y][x]
_CM = 72.27 / 2.54


def _mesh_legend_points():
    """The lattice's points ``(3, 3, 2)`` (pt, around the image's origin), ``[y][x]``."""
    out = np.empty((3, 3, 2))
    for j in range(3):
        for i in range(3):
            z = _MESH_LEGEND_Z[j][i]
            out[j, i] = (0.4 * _CM * (0.44237 * i + 0.30942 * j),
                         0.4 * _CM * (-0.07439 * i + 0.23932 * j + 1.5 * z - 0.7))
    return out


def _single_bar(direction: str):
    """The bar ``(x0, y0, x1, y1)`` (pt, around the image's origin) of pgfplots' ``single ybar
    legend`` (``bar width=6pt, yshift=-0.2em``, one bar to 0.8em) or ``single xbar legend``
    (``yshift=0.2ex``: of the legend's 10pt font, 0.86pt)."""
    if direction == "y":
        return (-3.0, -2.0, 3.0, 6.0)
    return (0.0, -3.0 + 0.2 * _EX, 8.0, 3.0 + 0.2 * _EX)


_EX = 4.30554  # cmr10's ex


def legend_image_box(plot: Plot, scale=1.0):
    """Bounding box ``(x0, y0, x1, y1)`` of a plot's legend image around its origin (pt),
    stroke included; ``scale``: the image scaled about its origin (the stroke kept)."""
    if scale != 1.0:
        lw = plot.st["line_width"] / 2
        b = legend_image_box(plot)
        if getattr(plot, "patch", None) in ("surf", "mesh"):
            return tuple(v * scale for v in b)
        return tuple((v + (lw if k < 2 else -lw)) * scale + (-lw if k < 2 else lw) for k, v in enumerate(b))
    lw = plot.st["line_width"] / 2
    if getattr(plot, "patch", None) in ("surf", "mesh"):
        q = _mesh_legend_points().reshape(-1, 2)  # (pgf's box of a path leaves out its stroke)
        return (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max())
    if plot.st["draw"] is None and not plot.mark and not plot.bar:  # empty legend
        return (0.0, 0.0, 0.0, 0.0)
    if plot.bar and plot.single_bar_legend:
        return tuple(v + (lw if k > 1 else -lw) for k, v in enumerate(_single_bar(plot.bar)))
    if plot.bar == "y":  # ybar legend: bars 3pt wide at 0 and 6pt, 8pt and 6pt high, yshift -2pt
        return (-1.5 - lw, -2.0 - lw, 7.5 + lw, 6.0 + lw)
    if plot.bar == "x":
        return (-2.0 - lw, -1.5 - lw, 6.0 + lw, 7.5 + lw)
    if plot.area_legend:  # \draw (0cm,-0.1cm) rectangle (0.6cm,0.1cm)
        return (-lw, -_AREA_HALF - lw, _LEGEND_LINE + lw, _AREA_HALF + lw)
    r = plot.mark_size + lw if plot.mark else 0.0
    if plot.only_marks:
        return (-r, -r, r, r)
    return (-lw, -max(lw, r), _LEGEND_LINE + lw, max(lw, r))


def legend_image(interp, plot: Plot, origin, ctm, scale=1.0) -> None:
    """The legend image of a plot with its origin at ``origin`` (picture pt): a 0.6 cm line
    with the mark in its middle, the mark alone (``only marks``) or two small bars;
    ``scale``: scaled about the origin (marks too, line widths kept)."""
    o = origin
    if scale != 1.0:
        ctm = G.compose(ctm, (scale, 0.0, 0.0, scale, o[0] * (1 - scale), o[1] * (1 - scale)))
        if plot.mark:
            plot = copy.copy(plot)
            plot.mark_size *= scale
            plot.__dict__.pop("_mark_cache", None)
    if getattr(plot, "patch", None) in ("surf", "mesh"):
        # the mesh legend: four patches of the lattice, filled for surf, drawn (faceted)
        st = dict(plot.st)
        if plot.patch == "surf":
            st["fill"] = "current"
        g = _mesh_legend_points()
        for j in range(2):
            for i in range(2):
                q = [G.apply(ctm, (o[0] + g[a, b, 0], o[1] + g[a, b, 1]))
                     for a, b in ((j, i), (j, i + 1), (j + 1, i + 1), (j + 1, i))]
                b = PathBuilder()
                b.polyline(q, True)
                emit_path(interp.scene, b, st, draw=st["draw"] is not None, fill=st.get("fill") is not None,
                          source=plot.loc, panel=interp.panel)
        return
    if plot.bar and plot.single_bar_legend:
        x0, y0, x1, y1 = _single_bar(plot.bar)
        _emit_bar(interp, plot, [G.apply(ctm, (o[0] + x, o[1] + y)) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))])
        return
    if plot.bar:
        for dx, hgt in ((0.0, 8.0), (6.0, 6.0)):
            if plot.bar == "y":
                pts = [(o[0] + dx - 1.5, o[1] - 2.0), (o[0] + dx + 1.5, o[1] - 2.0),
                       (o[0] + dx + 1.5, o[1] - 2.0 + hgt), (o[0] + dx - 1.5, o[1] - 2.0 + hgt)]
            else:
                pts = [(o[0] - 2.0, o[1] + dx - 1.5), (o[0] - 2.0 + hgt, o[1] + dx - 1.5),
                       (o[0] - 2.0 + hgt, o[1] + dx + 1.5), (o[0] - 2.0, o[1] + dx + 1.5)]
            _emit_bar(interp, plot, [G.apply(ctm, u) for u in pts])
        return
    if plot.area_legend:
        q = [G.apply(ctm, (o[0] + dx, o[1] + dy)) for dx, dy in ((0.0, -_AREA_HALF), (_LEGEND_LINE, -_AREA_HALF),
                                                                 (_LEGEND_LINE, _AREA_HALF), (0.0, _AREA_HALF))]
        _emit_bar(interp, plot, q)
        return
    if plot.only_marks:
        if plot.mark:
            draw_mark(interp, plot, G.apply(ctm, o))
        return
    a, c = G.apply(ctm, o), G.apply(ctm, (o[0] + _LEGEND_LINE, o[1]))
    if plot.st["draw"] is not None:
        b = PathBuilder()
        b.move_to(a)
        b.line(a, c)
        emit_path(interp.scene, b, plot.st, draw=True, fill=False, source=plot.loc, panel=interp.panel)
    if plot.mark:
        draw_mark(interp, plot, ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2))
