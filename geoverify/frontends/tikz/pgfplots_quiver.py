"""pgfplots' ``quiver`` plot handler (``pgfplotsplothandlers.code.tex``).

``quiver={u=<expr>, v=<expr>, w=<expr>, scale arrows=<s>}`` draws one arrow per
data point, from the point to the point plus ``s * (u, v[, w])`` (axis units);
``u``/``v``/``w`` are expressions in ``x``, ``y`` (and ``z``) of the point,
``u value``/``v value``/``w value`` constants (each 0 unless given); of a plot of
an inline table, ``\\thisrow{name}`` (``\\thisrowno{k}``) is that cell of the point's row. With
``update limits`` (the default) the arrows' ends widen the axis limits too.
Each arrow is its own path in the plot's style, with ``every arrow`` applied
(arrow tips, line width). ``arrow color``/``colored`` only choose colours.
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pgfmath import kept_macros
from geoverify.frontends.tikz.pgfplots3d_data import _var

__all__ = ["Quiver", "quiver_ends", "transformed_meta"]

#: quiver sub-keys that only choose colours or legends (no geometry)
_COLOUR_ONLY = {"colored", "arrow color", "quiver legend", "before arrow", "after arrow",
                "before arrow/.code", "after arrow/.code"}


class Quiver:
    """The arrows of one quiver plot: ``ends`` (N, 2 or 3) in data coordinates (NaN
    where an arrow is undefined), the ``every arrow`` style, ``update limits``."""

    __slots__ = ("ends", "style", "update_limits", "meta")

    def __init__(self, ends, style, update_limits, meta=None):
        self.ends, self.style, self.update_limits = ends, style, update_limits
        self.meta = meta  # (N,) the points' \pgfplotspointmetatransformed (0..1000), or None


def quiver_ends(interp, spec: str, pts: np.ndarray, st: dict, loc, table=None) -> Quiver:
    """The arrow ends of ``quiver={spec}`` for data points ``pts`` (N, 2 or 3); ``table``:
    ``(header names or None, rows of cells)``, one row per point, for ``\\thisrow``."""
    comp = {"u": "0", "v": "0", "w": "0"}
    scale = "1"
    styles = []
    update = True
    for k, v in split_options(spec or ""):
        key = k[len("/pgfplots/quiver/"):] if k.startswith("/pgfplots/quiver/") else k
        if key in ("u", "v", "w", "u value", "v value", "w value") and v is not None:
            comp[key[0]] = v
        elif key == "scale arrows" and v:
            scale = v
        elif key in ("every arrow/.style", "every arrow/.append style") and v:
            if key.endswith("/.style"):
                styles = []
            styles.append(v)
        elif key == "update limits":
            update = (v or "true").strip() != "false"
        elif key in _COLOUR_ONLY:
            continue
        else:
            interp.note("UNSUPPORTED", f"quiver key '{k}' is not interpreted", "quiver/" + key, loc)
    s = interp.number(scale, st).value
    dim = pts.shape[1]

    def bind(e):  # x, y, z of the point
        return _var(_var(_var(e, "x", "\\x"), "y", "\\y"), "z", "\\z")
    exprs = [bind(comp[c]) for c in "uvw"[:dim]]
    per_row = table is not None and any("\\thisrow" in comp[c] for c in "uvw"[:dim])
    ends = np.full(pts.shape, np.nan)
    with kept_macros(interp.env, ("\\x", "\\y", "\\z")) as env:
        for i, p in enumerate(pts):
            if not np.all(np.isfinite(p)):
                continue
            for m, val in zip(("\\x", "\\y", "\\z"), p):
                env[m] = float(val)
            try:
                if per_row:  # the row's cells first (a column may be named x)
                    exprs = [bind(_this_row(comp[c], table, i)) for c in "uvw"[:dim]]
                d = [interp.number(e, st).value for e in exprs]
            except GeoverifyError as err:
                if "undefined" in err.message or "unknown" in err.message:
                    raise
                continue
            ends[i] = p + s * np.asarray(d)
    return Quiver(ends, ",".join(styles), update)


def transformed_meta(interp, expr: str, pts: np.ndarray, st: dict, loc):
    """``\\pgfplotspointmetatransformed`` of each point: its ``point meta`` expression (in
    ``x``, ``y``) mapped linearly from the plot's meta range onto 0..1000 (None when the
    expression cannot be read, noted)."""
    e = _var(_var(expr, "x", "\\x"), "y", "\\y")
    vals = np.full(len(pts), np.nan)
    try:
        with kept_macros(interp.env, ("\\x", "\\y")) as env:
            for i, p in enumerate(pts):
                if np.all(np.isfinite(p[:2])):
                    env["\\x"], env["\\y"] = float(p[0]), float(p[1])
                    vals[i] = interp.number(e, st).value
    except GeoverifyError as err:
        interp.note("UNSUPPORTED", f"point meta={expr} not understood: {err.message}", "point meta", loc)
        return None
    finite = vals[np.isfinite(vals)]
    if not len(finite):
        return None
    lo, hi = float(finite.min()), float(finite.max())
    return (vals - lo) / (hi - lo) * 1000.0 if hi > lo else np.zeros(len(vals))


_THIS_ROW = re.compile(r"\\thisrow(no)?\s*\{([^{}]*)\}")


def _this_row(expr: str, table, i: int) -> str:
    """``expr`` with each ``\\thisrow{name}`` / ``\\thisrowno{k}`` replaced by that cell of
    row ``i`` of ``table`` (left as it is without a table: the evaluator reports it)."""
    header, rows = table

    def cell(m):
        key = m.group(2).strip()
        col = int(key) if m.group(1) else (header.index(key) if header and key in header else None)
        if col is None or i >= len(rows) or col >= len(rows[i]):
            return m.group(0)
        return "(" + rows[i][col] + ")"
    return _THIS_ROW.sub(cell, expr)
