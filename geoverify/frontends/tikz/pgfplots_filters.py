"""pgfplots' coordinate filters given as expressions and index ranges
(``pgfplots.code.tex``, "Coordinate filtering").

- ``x filter/.expression={expr}`` (``y``): each coordinate's value becomes ``expr``, in
  which ``x`` and ``y`` are the coordinate's input values and ``\\pgfmathresult`` the value
  so far; ``.append expression`` runs after the filters before it. A result ``nan`` (or
  ``inf``) makes the point unbounded (``unbounded coords`` decides: left out, or a gap).
- ``skip coords between index={a}{b}``: the coordinates of index ``a <= i < b`` (counted
  from 0 in the input) are filtered away (left out; the line goes on past them). The key
  appends to the x filter: several ranges add up, a later ``x filter/.expression`` replaces them.

Axis filters run before a plot's own (``.expression`` in a plot's options replaces the axis'
expression filter of that coordinate).
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.pgfmath import kept_macros, whole
from geoverify.frontends.tikz.pgfplots3d_data import _var

__all__ = ["FILTER_KEYS", "apply_filters"]

#: the keys read here (axis or plot options)
FILTER_KEYS = frozenset({"x filter/.expression", "y filter/.expression", "x filter/.append expression",
                         "y filter/.append expression", "skip coords between index"})


def _filters(pairs) -> tuple[dict, list]:
    """``({"x": [expr, ...], "y": [...]}, [(a, b), ...])`` of option pairs, in order."""
    exprs: dict = {"x": [], "y": []}
    skips = []
    for k, v in pairs:
        if k in ("x filter/.expression", "y filter/.expression"):
            exprs[k[0]] = [v or ""]
            if k[0] == "x":  # (the ranges skipped are x filter code: replaced too)
                skips = []
        elif k in ("x filter/.append expression", "y filter/.append expression"):
            exprs[k[0]].append(v or "")
        elif k == "skip coords between index" and v:
            parts = [p.strip() for p in v.replace("}{", "}\0{").split("\0")]
            if len(parts) == 2:
                skips.append(tuple(p.strip("{} ") for p in parts))
    return exprs, skips


def apply_filters(interp, pts: np.ndarray, axis_pairs, plot_pairs, st: dict, loc) -> tuple[np.ndarray, np.ndarray]:
    """The points ``(N, 2)`` after the filters of the axis' and the plot's options, and a
    bool mask ``(N,)`` of the points filtered away (to be left out). ``NaN`` rows stay
    (separators, unbounded values)."""
    ax, ax_skips = _filters(axis_pairs or ())
    pl, pl_skips = _filters(plot_pairs or ())
    exprs = {a: (pl[a] if any(k == f"{a} filter/.expression" for k, _ in plot_pairs or ()) else ax[a] + pl[a])
             for a in "xy"}
    away = np.zeros(len(pts), dtype=bool)
    for a, b in ax_skips + pl_skips:
        try:
            lo, hi = whole(interp.number(a, st).value), whole(interp.number(b, st).value)
        except (GeoverifyError, ValueError):
            interp.note("UNSUPPORTED", f"skip coords between index={{{a}}}{{{b}}} not understood",
                        "skip coords between index", loc)
            continue
        away[max(lo, 0):max(hi, 0)] = True
    if not (exprs["x"] or exprs["y"]):
        return pts, away
    out = pts.copy()
    with kept_macros(interp.env, ("\\x", "\\y", "\\pgfmathresult")) as env:
        for k, (x, y) in enumerate(pts):
            if not (math.isfinite(x) and math.isfinite(y)):
                continue
            env["\\x"], env["\\y"] = float(x), float(y)
            for i, a in enumerate("xy"):
                value = float(pts[k, i])
                for e in exprs[a]:
                    env["\\pgfmathresult"] = value
                    try:
                        value = _evaluate(interp, _var(_var(e, "x", "\\x"), "y", "\\y"), st)
                    except GeoverifyError as err:
                        interp.note("UNSUPPORTED", f"{a} filter expression not understood: {err.message}",
                                    f"{a} filter/.expression", loc)
                        return pts, away
                out[k, i] = value
    return out, away


#: pgfplots evaluates filter expressions with the FPU, which reads ``nan`` and ``inf``
_FPU_WORDS = re.compile(r"(?<![A-Za-z\\])(nan|NaN|inf)(?![A-Za-z])")


def _evaluate(interp, expr: str, st: dict) -> float:
    """The value of a filter expression; ``nan``/``inf`` are unbounded results."""
    text = _FPU_WORDS.sub(lambda m: "\\gvfpu" + m.group(1).lower(), expr.strip())
    interp.env["\\gvfpunan"], interp.env["\\gvfpuinf"] = math.nan, math.inf
    try:
        return interp.number(text, st).value
    finally:
        interp.env.pop("\\gvfpunan", None)
        interp.env.pop("\\gvfpuinf", None)
