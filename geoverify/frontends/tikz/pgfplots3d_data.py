"""Data of ``\\addplot3``: expressions in ``x`` and ``y`` and coordinate lists.

``\\addplot3 {f(x,y)}`` samples ``x`` over ``domain`` at ``samples`` points and
``y`` over ``y domain`` (default: the x domain) at ``samples y`` points (default:
``samples``); ``\\addplot3 (fx, fy, fz)`` is parametric in the same two variables
(renamed by ``variable``/``variable y``); ``samples y=0`` or ``1`` (or an
expression without ``y``) gives one line. ``\\addplot3 coordinates {(x,y,z) ...}``
reads points, an empty line ending a scan line. The result is ``(points (N, 3),
shape)`` where ``shape = (rows, cols)`` describes the mesh (one row per scan line,
pgfplots' ``mesh/ordering=x varies``) or is None for scan lines of unequal length.
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.errors import FigureSyntaxError, GeoverifyError
from geoverify.frontends.tikz.pgfmath import whole

__all__ = ["PLOT3_KEYS", "plot_points3d", "table_points3d"]

#: \addplot3 options read here or by the 3D axis (not TikZ keys of the plot's line)
PLOT3_KEYS = {"contour prepared", "contour/labels", "surf", "mesh", "samples y", "y domain", "domain y", "variable", "variable y", "shader",
              "z buffer", "mesh/rows", "mesh/cols", "mesh/ordering", "faceted color", "point meta", "patch type",
              "point meta min", "point meta max", "colormap", "colormap name", "colormap/viridis",
              "colormap/hot", "colormap/cool", "colormap/jet", "colormap/bluered", "colormap/greenyellow",
              "colormap/blackwhite", "colormap/redyellow", "mesh/color input", "mesh/interior colormap",
              "point meta rel"}


def _var(expr: str, name: str, macro: str) -> str:
    """Bind the variable ``name`` (``t`` or ``\\t``) of an expression to ``macro``."""
    name = name.strip()
    if name.startswith("\\"):
        return re.sub(re.escape(name) + r"(?![A-Za-z])", lambda _m: macro, expr)
    return re.sub(r"(?<![A-Za-z\\])" + re.escape(name) + r"(?![A-Za-z])", lambda _m: macro, expr)


def _split3(expr: str):
    # braces group a component whole (pgfplots reads "{cos(deg(x)}" as one, its
    # parenthesis left open); parentheses count only outside braces
    parts, depth, braces, cur = [], 0, 0, ""
    for ch in expr:
        if ch == "{":
            braces += 1
        elif ch == "}":
            braces -= 1
        elif braces == 0 and ch == "(":
            depth += 1
        elif braces == 0 and ch == ")":
            depth -= 1
        if ch == "," and depth == 0 and braces == 0:
            parts.append(cur)
            cur = ""
            continue
        cur += ch
    parts.append(cur)
    if len(parts) != 3:
        raise FigureSyntaxError(f"parametric \\addplot3 ({expr}) needs three components")
    return [p.strip() for p in parts]


def _coordinate_items(inner: str):
    """The texts inside the top-level ``(...)`` of a ``coordinates`` list (parentheses inside
    braces do not count: ``({sin(deg(45)},1,0)``), and None for each empty line (``\\par``)."""
    depth = braces = 0
    start = 0
    i = 0
    n = len(inner)
    while i < n:
        ch = inner[i]
        if ch == "{":
            braces += 1
        elif ch == "}":
            braces -= 1
        elif braces == 0 and ch == "(":
            if depth == 0:
                start = i + 1
            depth += 1
        elif braces == 0 and ch == ")" and depth > 0:
            depth -= 1
            if depth == 0:
                yield inner[start:i]
        elif depth == 0 and inner.startswith("\\par", i) and not inner[i + 4:i + 5].isalpha():
            yield None
        i += 1


def _domain(interp, text, st, default):
    if not text:
        return default
    a, _, b = text.partition(":")
    return interp.number(a, st).value, interp.number(b, st).value


def plot_points3d(interp, text, st, keys, domain, samples, functions=None):
    """``(points (N, 3), shape)`` of one ``\\addplot3`` (``text``: what follows its options).

    Parameters
    ----------
    keys : dict
        The plot's options (``domain``, ``samples``, ``samples y``, ``y domain``,
        ``variable``, ``variable y``, ``mesh/rows``).
    domain : (2,) float
        The x domain in effect (axis or plot).
    samples : int
        Samples in x in effect.
    """
    from geoverify.frontends.tikz.pgfplots_plots import apply_functions
    if text.startswith("coordinates"):
        inner = text[len("coordinates"):].strip()
        inner = inner[1:-1] if inner.startswith("{") else inner
        rows, cur = [], []
        for item in _coordinate_items(inner):
            if item is None:
                if cur:
                    rows.append(cur)
                cur = []
                continue
            parts = [c[1:-1] if c.startswith("{") and c.endswith("}") else c for c in _split3(item)]
            cur.append(tuple(interp.number(p, st).value for p in parts))
        if cur:
            rows.append(cur)
        pts = [p for r in rows for p in r]
        arr = np.array(pts, dtype=float).reshape(-1, 3)
        # mesh/rows, mesh/cols: the scan line length of data without empty lines (a scan
        # line runs along x for mesh/ordering=x varies, along y for y varies)
        y_varies = "y varies" in (keys.get("mesh/ordering") or "")
        for key, along in (("mesh/rows", y_varies), ("mesh/cols", not y_varies)):
            if keys.get(key) and len(rows) == 1 and len(arr):
                k = whole(interp.number(keys[key], st).value)
                if k > 0 and len(arr) % k == 0:
                    scan = k if along else len(arr) // k
                    return arr, (len(arr) // scan, scan)
        if rows and all(len(r) == len(rows[0]) for r in rows):
            return arr, (len(rows), len(rows[0]))
        return arr, None
    if text.startswith("expression"):
        text = text[len("expression"):].strip()
    if not (text.startswith("{") or text.startswith("(")):
        return None
    expr = text[1:-1]
    if text.startswith("("):
        comps = [p.strip() for p in _split3(expr)]
        comps = [c[1:-1] if c.startswith("{") and c.endswith("}") else c for c in comps]
    else:
        comps = ["x", "y", expr]
    vx, vy = keys.get("variable") or "x", keys.get("variable y") or "y"
    comps = [apply_functions(_var(_var(c, vx, "\\x"), vy, "\\y"), functions or {}) for c in comps]
    xs = np.linspace(domain[0], domain[1], max(2, samples))
    ny = keys.get("samples y")
    ny = whole(interp.number(ny, st).value) if ny else samples
    uses_y = any("\\y" in c for c in comps)
    if ny <= 1 or not uses_y:
        ys = np.array([domain[0]]) if ny <= 1 else np.array([0.0])
    else:
        yd = _domain(interp, keys.get("y domain") or keys.get("domain y"), st, domain)
        ys = np.linspace(yd[0], yd[1], ny)
    interp.budget.check_array(len(xs) * len(ys))
    pts = []
    # each component prepared and compiled once (Interpreter.sampler), else read at each sample;
    # "x" and "y" themselves are the sample
    values = [c if c in ("\\x", "\\y") else interp.sampler(c, st) or (lambda c=c: interp.number(c, st).value)
              for c in comps]
    env = interp.env
    try:
        for y in ys.tolist():  # one scan line per y value: x varies
            env["\\y"] = y
            for x in xs.tolist():
                env["\\x"] = x
                row = []
                for v in values:
                    if v == "\\x":
                        row.append(x)
                    elif v == "\\y":
                        row.append(y)
                    else:
                        try:
                            row.append(v())
                        except GeoverifyError as err:
                            if "undefined" in err.message or "unknown" in err.message:
                                raise
                            row.append(float("nan"))
                pts.append(row)
    finally:
        env.pop("\\x", None)
        env.pop("\\y", None)
    return np.array(pts, dtype=float).reshape(-1, 3), (len(ys), len(xs))


def table_points3d(interp, raw, loc, out=None, meta_column=None):
    """``(points (N, 3), shape)`` of ``\\addplot3 table [x=..., y=..., z=..., x index=...]
    {rows}`` with the rows inline (``raw``: the statement's source text); a first row of
    names is the header, an empty line ends a scan line. A table read from a file is
    noted and gives None. With a dict ``out``: ``out["rows"]`` the scan lines' lengths and,
    for a ``meta_column`` (a header name), ``out["meta"]`` its value per point."""
    from geoverify.frontends.tikz.options import split_options
    head = raw.lstrip().lstrip("3+").lstrip()
    if head.startswith("["):  # the plot's options (they may name table/... keys)
        depth = 0
        for j, ch in enumerate(head):
            depth += (ch == "[") - (ch == "]")
            if depth == 0:
                head = head[j + 1:]
                break
    rest = head[head.find("table") + len("table"):].lstrip()
    opts = {}
    if rest.startswith("["):
        depth = 0
        for j, ch in enumerate(rest):
            depth += (ch == "[") - (ch == "]")
            if depth == 0:
                opts = dict(split_options(rest[1:j]))
                rest = rest[j + 1:].lstrip()
                break
    if not rest.startswith("{"):
        interp.note("UNSUPPORTED", "\\addplot3 table reads a file; not interpreted", "\\addplot3 table", loc)
        return None
    depth, body = 0, ""
    for j, ch in enumerate(rest):
        depth += (ch == "{") - (ch == "}")
        if depth == 0:
            body = rest[1:j]
            break
    if (opts.get("row sep") or opts.get("col sep")):
        interp.note("UNSUPPORTED", "\\addplot3 table row sep/col sep are not interpreted", "\\addplot3 table", loc)
        return None
    lines = [ln.split() for ln in re.sub(r"(?m)%.*$", "", body).splitlines()]
    header = None
    first = next((ln for ln in lines if ln), None)
    if first is not None:
        try:
            [float(c) for c in first]
        except ValueError:
            header = first
            lines = lines[lines.index(first) + 1:]

    def column(a, default):
        name = (opts.get(a) or "").strip()
        if name and header and name in header:
            return header.index(name)
        if opts.get(a + " index"):
            return int(opts[a + " index"])
        return default
    idx = [column("x", 0), column("y", 1), column("z", 2)]
    mi = header.index(meta_column) if meta_column and header and meta_column in header else None
    rows, cur, meta = [], [], []
    for ln in lines:
        if not ln:
            if cur:
                rows.append(cur)
            cur = []
            continue
        try:
            cur.append(tuple(float(ln[i]) for i in idx))
        except (ValueError, IndexError):
            cur.append((float("nan"),) * 3)
        if mi is not None:
            try:
                meta.append(float(ln[mi]))
            except (ValueError, IndexError):
                meta.append(float("nan"))
    if cur:
        rows.append(cur)
    if out is not None:
        out["rows"] = [len(r) for r in rows]
        if mi is not None:
            out["meta"] = meta
    arr = np.array([p for r in rows for p in r], dtype=float).reshape(-1, 3)
    if rows and all(len(r) == len(rows[0]) for r in rows):
        return arr, (len(rows), len(rows[0]))
    return arr, None
