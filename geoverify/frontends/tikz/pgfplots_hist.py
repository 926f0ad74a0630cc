"""pgfplots' ``hist`` plot handler (``pgfplotsplothandlers.code.tex``).

``hist={bins=N, data min=a, data max=b, intervals, cumulative, density}`` reads
one value per data point (its ``y``), counts the values in ``N`` equal bins
from ``data min`` (default: ``xmin`` if given, else the smallest value) to
``data max`` (``xmax``, else the largest) and plots the points ``(start of bin
i, count i)``; with ``intervals`` (the default) the last count again at ``data
max``. A value goes to bin ``floor((v - min) / h + 1e-4)``, clamped to the
bins. The points are drawn by ``handler`` (default ``/tikz/ybar interval``: a
bar over each interval, from the zero level to its count).
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pgfmath import whole

__all__ = ["histogram"]

_TOL = 1e-4  # \pgfplotsplothandlerhistsettol{1e-4}


def _flag(v) -> bool:
    return (v or "true").strip() != "false"


def histogram(interp, spec: str, values, st: dict, loc, axis_kv: dict):
    """``(points, handler)``: the histogram's points ``(M, 2)`` and its handler's options
    (``"ybar interval"`` unless ``handler/.style`` gives others), or None without values."""
    keys = {"bins": "10", "intervals": "true", "cumulative": "false", "density": "false",
            "handler/.style": "ybar interval"}
    lo = axis_kv.get("xmin")
    hi = axis_kv.get("xmax")
    for k, v in split_options(spec or ""):
        key = k[len("/pgfplots/hist/"):] if k.startswith("/pgfplots/hist/") else k
        if key == "data min":
            lo = v
        elif key == "data max":
            hi = v
        elif key in ("intervals", "cumulative", "density"):
            keys[key] = v or "true"
        elif key in ("bins", "handler/.style") and v is not None:
            keys[key] = v
        elif key in ("handler/.append style",) and v:
            keys["handler/.style"] += "," + v
        else:
            interp.note("UNSUPPORTED", f"hist key '{k}' is not interpreted", "hist/" + key, loc)
    vals = np.asarray(values, dtype=float)
    vals = vals[np.isfinite(vals)]
    if not len(vals):
        return None
    n = whole(interp.number(keys["bins"], st).value)
    if n < 1:
        raise GeoverifyError(f"hist bins={keys['bins']} gives no bins")
    interp.budget.check_array(n)
    a = interp.number(lo, st).value if lo and lo.strip() else float(vals.min())
    b = interp.number(hi, st).value if hi and hi.strip() else float(vals.max())
    h = (b - a) / n
    if h == 0 or not math.isfinite(h):
        raise GeoverifyError("hist: the data range is empty")
    idx = np.floor((vals - a) / h + _TOL).astype(int)
    idx = np.clip(idx, 0, n - 1)
    counts = np.bincount(idx, minlength=n).astype(float)
    if _flag(keys["cumulative"]):
        counts = np.cumsum(counts)
        if _flag(keys["density"]):
            counts = counts / len(vals)
    elif _flag(keys["density"]):
        counts = counts / (len(vals) * h)
    xs = a + h * np.arange(n)
    pts = np.column_stack([xs, counts])
    if _flag(keys["intervals"]):
        pts = np.vstack([pts, [b, counts[-1]]])
    return pts, keys["handler/.style"]
