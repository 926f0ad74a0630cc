"""Nodes, coordinates and path steps after the data of an ``\\addplot`` (``node[pos=t]``).

``\\addplot {sin(x)} [yshift=8pt] node[pos=0.25] {$\\pi/2$} coordinate[pos=1] (last);``:
the rest of the statement is a TikZ path tail. Its options (``[...]``) hold for the nodes
after them; each ``node`` (``coordinate``) is placed at ``pos`` (1 when not given) along
the plot: pgfplots' ``\\pgfplotspointplotattime`` walks the plot's linear spline (its data
points in order, undefined ones left out; lengths in data units) to the fraction ``pos`` of
its length, between the two points there (marks and bars snap to the nearer of the two,
each piece counting one unit; ``pos segment=k``: along the k-th run of points between empty
lines only); ``sloped`` turns the node along that piece, and the transformations of
the tail's options (``[yshift=8pt]``) move the point. Path steps right after the data
(``|- (0,0) -- cycle``: ``--``, ``|-``, ``-|`` to points in axis coordinates) continue the
plot's line; they take no part in the limits.
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pgfmath import whole

__all__ = ["extend_plot_path", "place_plot_tail", "split_plot_tail"]


def _balanced(text: str, i: int, open_: str, close: str) -> int:
    """Index just past the group opened at ``text[i]`` (``-1`` when it is never closed)."""
    depth = 0
    for k in range(i, len(text)):
        c = text[k]
        if c == "\\":
            continue
        if c == open_ and (k == 0 or text[k - 1] != "\\"):
            depth += 1
        elif c == close and (k == 0 or text[k - 1] != "\\"):
            depth -= 1
            if depth == 0:
                return k + 1
    return -1


def split_plot_tail(text: str) -> tuple[str, str | None]:
    """``(data, tail)`` of an ``\\addplot`` statement's text after its options: the data
    (``{expr}``, ``(x, y)``, ``coordinates {..}``, ``expression {..}``) and what follows
    it when that is a path tail (options, ``node``, ``coordinate``); else ``(text, None)``."""
    s = text.strip()
    m = re.match(r"(coordinates|expression)?\s*", s)
    i = m.end()
    if i >= len(s) or s[i] not in "{(":
        return text, None
    end = _balanced(s, i, s[i], "}" if s[i] == "{" else ")")
    if end < 0:
        return text, None
    tail = s[end:].strip()
    if not tail or not re.match(r"(\[|node\b|coordinate\b|--|\|-|-\|)", tail):
        return text, None
    return s[:end], tail


_PATH_STEP = re.compile(r"\s*(--|\|-|-\|)\s*\(\s*(?:axis cs:)?\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)")


def extend_plot_path(interp, plot, logs) -> None:
    """Append the path steps that follow a plot's data (``\\addplot ... |- (0,0) -- cycle``:
    ``--``, ``|-``, ``-|`` to points in axis coordinates, log10 on the log axes ``logs``
    ``(x, y)``) to ``plot.points``, after the limits are known (they take no part in them);
    the rest of the tail (nodes) is kept in ``plot.tail``."""
    tail, pts = plot.tail, []
    last = next((tuple(q) for q in np.asarray(plot.points)[::-1] if np.all(np.isfinite(q))), None)
    while last is not None:
        m = _PATH_STEP.match(tail)
        if m is None:
            break
        try:
            q = [interp.number(m.group(k + 2), plot.st).value for k in range(2)]
        except GeoverifyError:
            break
        q = tuple(np.log10(v) if logs[k] and v > 0 else v for k, v in enumerate(q))
        if m.group(1) == "|-":
            pts.append((last[0], q[1]))
        elif m.group(1) == "-|":
            pts.append((q[0], last[1]))
        pts.append(q)
        last, tail = q, tail[m.end():]
    if pts:
        plot.points = np.vstack([plot.points, np.array(pts, dtype=float)])
    plot.tail = tail.strip() or None


def _items(tail: str):
    """``("opts", text)``, ``("node", opts, name, text)`` and ``("coordinate", opts, name, "")``
    of a path tail; anything else ends it (``("rest", text)``)."""
    i, n = 0, len(tail)
    while True:
        while i < n and tail[i].isspace():
            i += 1
        if i >= n:
            return
        if tail[i] == "[":
            end = _balanced(tail, i, "[", "]")
            if end < 0:
                yield ("rest", tail[i:])
                return
            yield ("opts", tail[i + 1:end - 1])
            i = end
            continue
        m = re.match(r"(node|coordinate)\b", tail[i:])
        if m is None:
            yield ("rest", tail[i:])
            return
        kind = m.group(1)
        i += m.end()
        opts, name, text = [], None, ""
        while True:
            while i < n and tail[i].isspace():
                i += 1
            if i < n and tail[i] == "[" and not (kind == "coordinate" and name is not None):
                end = _balanced(tail, i, "[", "]")
                opts.append(tail[i + 1:end - 1])
                i = end
            elif i < n and tail[i] == "(":
                end = _balanced(tail, i, "(", ")")
                name = tail[i + 1:end - 1].strip()
                i = end
            elif kind == "node" and i < n and tail[i] == "{":
                end = _balanced(tail, i, "{", "}")
                text = tail[i + 1:end - 1]
                i = end
                break
            else:
                break
            if end < 0:
                yield ("rest", tail)
                return
        yield (kind, ",".join(o for o in opts if o.strip()), name, text)


def _at_fraction(pts: np.ndarray, t: float, snap: bool = False):
    """``(point, k)``: the point at the fraction ``t`` of the length of the polyline ``pts``
    ``(N, 2)`` (data units) and the index of its piece (pgfplots' ``pos``: the first piece
    whose end passes the target length). ``snap`` (marks and bars): every piece is one unit
    long and the point is the nearer end of its piece."""
    if len(pts) == 1:
        return pts[0], 0
    seg = np.diff(pts, axis=0)
    lens = np.ones(len(seg)) if snap else np.hypot(seg[:, 0], seg[:, 1])
    cum = np.concatenate([[0.0], np.cumsum(lens)])
    target = min(max(t, 0.0), 1.0) * cum[-1]
    k = min(max(int(np.searchsorted(cum, target, side="right")) - 1, 0), len(seg) - 1)
    f = min((target - cum[k]) / lens[k], 1.0) if lens[k] > 0 else 0.0
    if snap:
        return pts[k] if f < 0.5 else pts[k + 1], k
    return pts[k] + f * seg[k], k


def place_plot_tail(interp, plot, data_to_canvas) -> None:
    """Place the nodes and coordinates of ``plot.tail`` along the plot, whose data map to
    the canvas by the affine ``data_to_canvas`` (``(a, b, c, d, e, f)``)."""
    raw = np.asarray(plot.points, dtype=float).reshape(-1, 2)
    finite = np.all(np.isfinite(raw), axis=1)
    if not finite.any():
        return
    # the plot's segments (runs between empty lines or undefined points): pos segment=k
    cuts = np.flatnonzero(~finite)
    segments = [part for part in np.split(raw, cuts) if len(part)]
    segments = [part[np.all(np.isfinite(part), axis=1)] for part in segments]
    segments = [part for part in segments if len(part)]
    finite_points = raw[finite]
    segment = None
    snap = bool(plot.only_marks or plot.bar or plot.interval)  # pgfplots' snap to nearest handlers
    st = dict(plot.st)
    st["ctm"] = interp.st["ctm"]
    inverse = G.invert(st["ctm"])
    interp.defs.begin_group()  # styles set by the tail's options end with the statement
    try:
        for item in _items(plot.tail):
            if item[0] == "opts":
                opts = split_options(item[1])
                for k, v in opts:
                    if k == "pos segment":
                        segment = whole(interp.number(v, st).value) if (v or "").strip() else None
                rest = ",".join(k if v is None else f"{k}={{{v}}}" for k, v in opts if k != "pos segment")
                if rest:
                    interp.apply_options(st, rest)
                continue
            if item[0] == "rest":
                interp.note("UNSUPPORTED", f"'{item[1][:40]}' after the data of an \\addplot is not interpreted",
                            "\\addplot", plot.loc)
                return
            kind, opts, name, text = item
            kv = dict(split_options(opts))
            try:
                t = interp.number(kv["pos"], st).value if kv.get("pos") else 1.0
            except GeoverifyError:
                t = 1.0
            rest = ",".join(k if v is None else f"{k}={{{v}}}" for k, v in split_options(opts) if k != "pos")
            if kind == "coordinate":
                rest = "shape=coordinate" + ("," + rest if rest else "")
            elif st.get("sloped"):  # sloped given to the path holds for its nodes
                rest = "sloped" + ("," + rest if rest else "")
            pts = segments[segment] if segment is not None and 0 <= segment < len(segments) else finite_points
            q, k = _at_fraction(pts, t, snap)
            p = G.apply(data_to_canvas, q)
            a, b = (G.apply(data_to_canvas, pts[min(i, len(pts) - 1)]) for i in (k, k + 1))
            tangent = (b[0] - a[0], b[1] - a[1])
            # the tail's transformations ([yshift=8pt]) move the point as TikZ's timer shift does
            p = G.apply(st["ctm"], G.apply(inverse, p))
            nst = interp.node_state(st, rest)
            interp.place_node(nst, name or nst.get("node_name"), p, text, plot.loc, tangent=tangent)
    except GeoverifyError as err:
        interp.note("UNSUPPORTED", f"a node after an \\addplot is skipped: {err.message}", "\\addplot", plot.loc)
    finally:
        interp.defs.end_group()
