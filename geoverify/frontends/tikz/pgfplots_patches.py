"""pgfplots patch plots in a two-dimensional axis: ``surf``, ``mesh`` and ``patch``.

- ``surf`` (and ``mesh`` with ``patch type=rectangle``; without one a 2D ``mesh`` runs
  from point to point as a line): the points are a matrix, one scan
  line per row (rows end at empty lines of ``coordinates``, or are counted by
  ``mesh/rows``/``mesh/cols``); each cell of four neighbours is a quadrilateral;
- ``patch`` (``patch type=triangle``, its default): each three consecutive points
  are a triangle (``patch type=rectangle``: each four a quadrilateral), or ``patch table={i j k\\\\...}`` lists the vertices' indices
  (``patch table with point meta``: a fourth column is the patch's colour value).

A patch whose colour value is not a number is not drawn: with ``shader=flat
corner`` the colour is its first vertex's, otherwise (``flat mean``, ``faceted``,
``interp``) every vertex counts. ``surf`` and ``patch`` fill their patches (the
colour map's colours are not modelled, noted); ``shader=faceted`` (their default)
and ``mesh`` also stroke them.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.emit import path_style
from geoverify.scene.primitives import Polyline

__all__ = ["PATCH_PLOT_KEYS", "draw_patches", "parse_patch_table"]

#: plot keys read for patch plots (not TikZ keys)
PATCH_PLOT_KEYS = {"surf", "mesh", "patch", "patch type", "shader", "mesh/rows", "mesh/cols", "mesh/ordering",
                   "patch table", "patch table with point meta", "table/row sep", "faceted color",
                   "mesh/color input", "patch refines", "mesh/check", "matrix plot", "matrix plot*"}


def parse_patch_table(text: str, with_meta: bool):
    """``[(indices, meta), ...]`` of a ``patch table`` (rows split at ``\\\\`` or lines)."""
    rows = text.split("\\\\") if "\\\\" in text else text.splitlines()
    out = []
    for row in rows:
        cells = row.split("%")[0].split()
        if not cells:
            continue
        try:
            nums = [float(c) for c in cells]
        except ValueError:
            continue
        if with_meta:
            out.append((tuple(int(v) for v in nums[:-1]), nums[-1]))
        else:
            out.append((tuple(int(v) for v in nums), None))
    return out


def _meta_value(m):
    if m is None:
        return 0.0
    try:
        return float(m)
    except (TypeError, ValueError):
        return math.nan


def _cells(plot):
    """The patches: lists of point indices with the colour value that decides whether they show."""
    n = len(plot.points)
    meta = [_meta_value(m) for m in plot.meta] if plot.meta is not None else [0.0] * n
    corner = (plot.shader or "").strip() == "flat corner"
    if plot.patch_cells is not None:
        for idx, value in plot.patch_cells:
            if all(0 <= i < n for i in idx):
                yield list(idx), value if value is not None else (meta[idx[0]] if corner else
                                                                 sum(meta[i] for i in idx))
        return
    if plot.patch == "patch" and (plot.patch_type or "triangle") in ("triangle", "rectangle"):
        m = 3 if (plot.patch_type or "triangle") == "triangle" else 4  # consecutive points per patch
        for k in range(0, n - m + 1, m):
            idx = list(range(k, k + m))
            yield idx, meta[k] if corner else sum(meta[i] for i in idx)
        return
    if plot.shape3d is None:
        return
    rows, cols = plot.shape3d
    for i in range(rows - 1):
        for j in range(cols - 1):
            idx = [i * cols + j, i * cols + j + 1, (i + 1) * cols + j + 1, (i + 1) * cols + j]
            yield idx, meta[idx[0]] if corner else sum(meta[k] for k in idx)


def draw_patches(interp, plot, full, source) -> bool:
    """Draw a 2D patch plot's patches through the data -> canvas map ``full``; False when its
    points give no patches (then it is drawn as a line)."""
    if plot.patch == "mesh" and not plot.patch_type:
        return False  # a 2D mesh without a patch type: segments from point to point, as a line
    if (plot.patch_type or "rectangle") not in ("rectangle", "triangle"):
        interp.note("UNSUPPORTED", f"patch type={plot.patch_type} is not interpreted (drawn as a line)",
                    "patch type", plot.loc)
        return False
    st = dict(plot.st)
    shader = (plot.shader or "faceted").split()[0]
    filled = plot.patch in ("surf", "patch")
    stroked = plot.patch == "mesh" or shader in ("faceted",)
    if filled:
        st["fill"] = "current"
    if not stroked:
        st["draw"] = None
    style = path_style(st, stroked, filled)
    pts = np.asarray(plot.points, dtype=float)
    cells = False
    for idx, value in _cells(plot):
        cells = True
        q = pts[idx]
        if not (np.all(np.isfinite(q)) and math.isfinite(value)):
            continue
        canvas = np.array([G.apply(full, tuple(p)) for p in q], dtype=np.float64)
        interp.scene.add(Polyline(points=canvas, closed_flag=True, style=style, source=source, panel=interp.panel))
    if cells:
        interp.note("APPROXIMATED", f"{plot.patch} patches are drawn in the plot's colour (the colour map's "
                    f"colours and shader={shader} shading are not modelled)", plot.patch, plot.loc)
    return cells
