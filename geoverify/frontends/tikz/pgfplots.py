"""pgfplots ``axis`` environments (two-dimensional, linear axes).

The axis follows pgfplots' own rules (``pgfplots.code.tex``,
``pgfplots.scaling.code.tex``, ``pgfplotsticks.code.tex``):

- size: ``width`` x ``height`` (240 pt x 207 pt) minus 45 pt each for labels
  unless ``scale only axis``; ``x=``/``y=`` unit lengths; ``axis equal image``;
- limits: the ``\\addplot`` data, widened by ``enlargelimits`` (``auto``: 10 %
  of the range on each side that was not given, for boxed, hidden or starred axis lines);
- ticks: :mod:`~geoverify.frontends.tikz.pgfplots_ticks` (automatic steps,
  ``xtick={...}``, ``xtick=\\empty``, ``xtick distance``), drawn 0.15 cm long,
  ``very thin`` and gray, inside a box or centred on non-boxed axis lines;
- tick labels, axis labels and the title as TikZ nodes placed where pgfplots
  puts them; ``grid=major``; ``axis lines`` box/left/middle/right/none (and the
  ``*`` variants, without arrows); ``legend`` entries (``\\legend``,
  ``\\addlegendentry``, ``legend entries``, ``legend pos``);
- plots: :mod:`~geoverify.frontends.tikz.pgfplots_plots` (expressions,
  coordinates, tables, cycle list styles and marks) drawn by
  :mod:`~geoverify.frontends.tikz.pgfplots_draw`, clipped to the axis box.

TikZ statements inside the axis use axis coordinates (pgfplots' ``axis cs``);
the data -> canvas map is recorded in ``Panel.axis_transform``.
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.errors import FigureSyntaxError, GeoverifyError, SourceLocation
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.emit import emit_path, path_style
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pathbuild import PathBuilder
from geoverify.frontends.tikz.pgfplots_draw import draw_plot
from geoverify.frontends.tikz.pgfplots_marks import CYCLE_LISTS
from geoverify.frontends.tikz.pgfplots_options import KNOWN_KEYS as _KNOWN
from geoverify.frontends.tikz.pgfplots_options import usable_range
from geoverify.frontends.tikz.pgfplots_options import with_pgfplotsset as _with_pgfplotsset
from geoverify.frontends.tikz.pgfplots_unitratio import apply_unit_ratio, unit_ratio_setting
from geoverify.frontends.tikz.pgfplots_plots import CONST_HANDLERS, collect_plots, without_addplots
from geoverify.frontends.tikz.pgfplots_ticks import (NUMBER_FORMAT_KEYS, auto_tick_step, auto_ticks, format_number,
                                                     log_first_tick, log_ticks, log_ticks_every, split_number_format,
                                                     tick_scale_exponent, ticks_in_range)
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize
from geoverify.scene.primitives import Polyline

__all__ = ["run_axis"]


# Handlers that only define a style (used, it is expanded where it is used); any other
# handler (x filter/.code, /.expression ...) runs code this front-end does not, so it is reported.
_STYLE_HANDLERS = ("/.style", "/.append style", "/.prefix style", "/.style n args", "/.style 2 args")
_RUN_HANDLERS = ("after end axis/.code", "after end axis/.append code", "x filter/.code", "y filter/.code",
                 "extra description/.code", "extra description/.append code")


def _defines_style(key: str) -> bool:
    """Whether pgfplots key ``key`` defines a style, or is a handler this front-end runs."""
    if "/." not in key:
        return False
    return key in _RUN_HANDLERS or any(key.endswith(h) or (h + " ") in key for h in _STYLE_HANDLERS)

_DEFAULT_W, _DEFAULT_H = 240.0, 207.0
_LABEL_ALLOWANCE = 45.0
_TICK_LEN = 0.15 * 72.27 / 2.54  # major tick length 0.15cm
_MINOR_TICK_LEN = 0.1 * 72.27 / 2.54
_TITLE_SHIFT = 6.0
_INNER_SEP = 3.333  # pgfplots' tick labels: inner sep .3333em of the axis font
#: TikZ line width keys: given to the axis they set the width of its scope
#: what ``\\pgfmathprintnumber`` in a tick label template is while the template is expanded
_PRINT_NUMBER = "\\gvPrintNumber"
_LINE_WIDTH_KEYS = ("ultra thin", "very thin", "thin", "semithick", "thick", "very thick", "ultra thick",
                    "line width")


def _num(interp, text, st):
    return interp.number(text, st).value


def _minor_steps(n: int):
    """The ``j`` of pgfplots' minor ticks ``t + j * step / (n + 1)`` for ``minor tick num=n``:
    its loop ``{1,...,n}`` counts down when ``n`` is below 1 (measured: ``n = -3`` draws
    ticks at every half step); none for 0 and -1."""
    if n in (0, -1):
        return range(0)
    return range(1, n + 1) if n > 0 else range(1, n - 1, -1)


#: pgfplots' spaced spellings of the same keys
_ALIASES = {"x label style": "xlabel style", "y label style": "ylabel style",
            "every x label/.append style": "xlabel style", "every y label/.append style": "ylabel style"}


_COMPASS = ("east", "north east", "north", "north west", "west", "south west", "south", "south east")


def near_ticklabel_anchor(interp, anchor: str, angle: float = 0.0) -> str:
    """The compass anchor of pgfplots' ``anchor=near xticklabel`` (``near yticklabel``, ``...
    opposite``) for a node rotated by ``angle`` degrees: the side of the node that faces the
    axis holding the tick labels (``opposite``: that faces away), snapped to the nearest of the
    eight compass directions (``\\pgfplots@borderanchor@for@axis``, ``near ticklabel
    align=center``). Outside a 2D axis with its tick labels on the box: ``center``, reported."""
    m = re.fullmatch(r"near ([xyz])ticklabel( opposite)?", anchor.strip())
    frame = (getattr(interp, "ticklabel_frames", None) or {}).get(m.group(1)) if m else None
    if frame is None:
        interp.note("UNSUPPORTED", f"anchor={anchor} outside a 2D axis with its tick labels on the box "
                    "(the centre is used)", "anchor")
        return "center"
    nx, ny = frame[2]
    return compass_toward((nx, ny) if m.group(2) else (-nx, -ny), angle)


def compass_toward(d, angle: float = 0.0) -> str:
    """The compass anchor (of the eight) of a node rotated by ``angle`` degrees on its side
    that faces the picture direction ``d``."""
    k = round((math.degrees(math.atan2(d[1], d[0])) - angle) / 45.0) % 8
    return _COMPASS[k]


def _rotation(interp, style: str, st) -> float:
    """The sum of the ``rotate=`` keys of a node's ``style`` (degrees; TikZ adds them up)."""
    total = 0.0
    for k, v in split_options(style or ""):
        if k.strip() == "rotate" and v:
            try:
                total += _num(interp, v, st)
            except GeoverifyError:
                pass
    return total


def run_axis(interp, reader: Reader, env: str, tok) -> None:
    """Interpret ``\\begin{axis}[...] ... \\end{axis}`` (the ``\\begin{axis}`` is read)."""
    loc = interp.location(tok[1], env)
    opts_toks = reader.read_optional()
    opts = split_options(detokenize(interp.expand_all(opts_toks))) if opts_toks else []
    body = []
    while True:
        t = reader.get()
        if t is None:
            raise FigureSyntaxError(f"\\begin{{{env}}} is never ended", location=loc)
        if t[0] == "\\end":
            arg = reader.read_arg()
            if detokenize(arg).strip() == env:
                break
            body += [t, ("{", t[1])] + arg + [("}", t[1])]
            continue
        body.append(t)
    from geoverify.frontends.tikz.pgfplots_loops import unroll_plot_loops
    body = unroll_plot_loops(interp, body)  # \foreach { \addplot ...} in the body: one plot per item
    if env == "polaraxis":
        interp.note("APPROXIMATED", f"'{env}' is drawn with linear axes", env, loc)
    kv: dict = {}
    styles: dict = {}
    from geoverify.frontends.tikz.pgfplots3d import KNOWN_KEYS_3D, Axis3D, is_three_d
    from geoverify.frontends.tikz.pgfplots_colorbar import COLORBAR_KEYS
    three = is_three_d(body)
    opts = _with_pgfplotsset(interp, opts)
    opts = [(_ALIASES.get(k, k), v) for k, v in opts]
    # min=v / max=v: pgfplots' styles for the limits of every axis (xmin={v},ymin={v},zmin={v});
    # a z limit given makes the axis three-dimensional (pgfplots.code.tex: \pgfplots@threedimtrue)
    opts = [pair for k, v in opts for pair in ([(a + k, v) for a in "xyz"] if k in ("min", "max") else [(k, v)])]
    three = three or any(k in ("zmin", "zmax") and (v or "").strip() for k, v in opts)
    if not three:
        opts = [(k, v) for k, v in opts if k not in ("zmin", "zmax")]
    for k, v in opts:
        if k.endswith(" style") and k not in ("legend style",):
            styles[k] = (styles.get(k, "") + "," + (v or "")).strip(",")
        kv[k] = v
        if k not in _KNOWN and not k.startswith("every ") and not _defines_style(k) \
                and not (k.startswith("/pgf/number format/") and k[19:] in NUMBER_FORMAT_KEYS) \
                and not (three and k in KNOWN_KEYS_3D) and k not in COLORBAR_KEYS:
            interp.note("UNSUPPORTED", f"pgfplots key '{k}' is not interpreted", k, loc)
    # pgfplots draws the axis into a box that the picture's transformation scales and turns
    # as a whole (\pgfplotsutil@BEGIN@cell@picture): its texts, marks and offsets too
    outer_st = interp.st
    if tuple(interp.st["ctm"][:4]) != (1.0, 0.0, 0.0, 1.0):
        interp.st = dict(interp.st, transform_shape=True)
    axis = (Axis3D if three else Axis)(interp, kv, styles, env, loc, tok[1])
    axis.opts = opts
    interp.defs.begin_group()  # the environment is a TeX group: its \def's end with it
    try:
        first = (len(interp.scene.primitives), len(interp.placed_nodes))
        axis.run(body)
        if "colorbar" in kv or "colorbar horizontal" in kv:
            from geoverify.frontends.tikz.pgfplots_colorbar import draw_colorbar
            draw_colorbar(axis, *first)
    finally:
        interp.defs.end_group()
        interp.st = outer_st


_NODE_RE = re.compile(r"^\\node\[(?P<o>.*)\] at \((?P<x>[-0-9.e]+)pt,(?P<y>[-0-9.e]+)pt\) \{(?P<t>.*)\};$")


class Axis:
    """One ``axis`` environment: limits, size, decorations and plots."""

    def __init__(self, interp, kv, styles, env, loc, pos):
        self.interp, self.kv, self.styles, self.env, self.loc, self.pos = interp, kv, styles, env, loc, pos
        self.st = dict(interp.st)
        self._nst_cache: dict = {}
        self._styles: dict = {}
        self._sources: dict = {}

    # -- options ---------------------------------------------------------
    def flag(self, key, default=False):
        if key not in self.kv:
            return default
        v = self.kv[key]
        return v is None or v.strip() in ("", "true")

    def mode(self, axis):
        """(line mode, starred) of an axis: box, left/bottom, middle, right/top, none."""
        m, star = "box", False
        for key in ("axis lines", "axis lines*", f"axis {axis} line", f"axis {axis} line*"):
            if self.kv.get(key):
                m, star = self.kv[key].strip(), key.endswith("*")
        m = {"bottom": "left", "top": "right", "center": "middle"}.get(m, m)
        if self.flag("hide axis") or self.flag(f"hide {axis} axis"):
            m = "none"
        return m, star

    def hides_axis(self, a):
        """pgfplots' ``hide <a> axis`` (no label either): ``hide axis``, ``hide <a> axis``, or
        ``axis <a> line=none`` / ``axis lines=none`` (not starred), the last of them in the option order."""
        hide = False
        for k, v in getattr(self, "opts", None) or ():
            v = (v or "").strip()
            if k in ("hide axis", f"hide {a} axis"):
                hide = v in ("", "true")
            elif k in ("axis lines", f"axis {a} line") and v == "none":
                hide = True
        return hide

    # -- main --------------------------------------------------------------
    def run(self, body):
        interp, kv, st = self.interp, self.kv, self.st
        domain = (-5.0, 5.0)
        if kv.get("domain"):
            a, _, b = kv["domain"].partition(":")
            domain = (_num(interp, a, st), _num(interp, b, st))
        samples = int(_num(interp, kv["samples"], st)) if kv.get("samples") else 25
        axis_plot = ",".join(v for k, v in kv.items() if k in ("every axis plot/.append style",
                                                               "every axis plot post/.append style") and v)
        # line widths among the axis options hold in the axis' scope: for its plots too
        widths = ",".join(k if v is None else f"{k}={v}" for k, v in self.opts if k in _LINE_WIDTH_KEYS)
        if widths:
            axis_plot = (widths + "," + axis_plot).strip(",")
        if self.flag("no markers") or self.flag("no marks"):
            axis_plot = (axis_plot + ",mark=none").strip(",")
        # TikZ keys of the axis hold in its scope: the plot handler and its tension for every plot
        for k in ("smooth", "sharp plot", "tension", *CONST_HANDLERS):
            if k in kv:
                axis_plot = (axis_plot + "," + (k if kv[k] is None else f"{k}={kv[k]}")).strip(",")
        if kv.get("mark size"):
            axis_plot = (axis_plot + ",mark size=" + kv["mark size"]).strip(",")
        # ybar / xbar: bar cycle list, bars side by side, ticks outside along the bars' base
        direct = next((k[0] for k in ("ybar", "xbar") if k in kv), None)
        for k in ("ybar stacked", "xbar stacked"):  # (these keep the ticks inside: measured)
            if k in kv:
                kv.setdefault(k[0] + "bar", None)
                kv.setdefault("stack plots", k[0])
        self.bar = next((k[0] for k in ("ybar", "xbar") if k in kv), None)
        self.interval = self.interval_style()
        if direct:
            other = "x" if self.bar == "y" else "y"
            kv.setdefault(other + "tick align", "outside")
        self.symbols = {}
        if kv.get("hist/symbolic coords"):  # pgfplots: symbolic coords={hist/data}{..} and {x}{..}
            kv.setdefault("symbolic x coords", kv["hist/symbolic coords"])
        for a in "xy":
            if kv.get(f"symbolic {a} coords"):
                from geoverify.frontends.tikz.options import split_top_level
                self.symbols[a] = {n.strip(): i for i, n in enumerate(split_top_level(kv[f"symbolic {a} coords"]))}
        from geoverify.frontends.tikz.pgfplots_plots import parse_functions
        functions = dict(st.get("functions") or {})  # the picture's and scopes' declare function
        for k, v in self.opts:
            if k == "declare function":
                functions.update(parse_functions(v))
        # on a log x axis pgfplots samples the domain of \addplot {expr} logarithmically
        interp.pgfplots_log_x = (kv.get("xmode") or "").strip() == "log" or self.env in ("semilogxaxis", "loglogaxis")
        # pgfplots' correct sampling (i h + a, not a running sum): on from compat 1.13
        correct = (kv.get("correct sampling") or "true").strip() != "false" if "correct sampling" in kv \
            else self.compat_at_least(1, 13)
        interp.pgfplots_correct_sampling = correct
        try:
            plots, legend = collect_plots(interp, body, domain, samples, st, axis_plot, self.loc, bar=self.bar,
                                          symbols=self.symbols.get("x"), functions=functions,
                                          samples_at=kv.get("samples at"), axis_kv=kv, interval=self.interval,
                                          ysymbols=self.symbols.get("y", self.hist_symbols()), axis_pairs=getattr(self, "opts", None))
        finally:
            interp.pgfplots_log_x = False
        if self.interval:
            self.interval_widths(plots)
        if kv.get("x filter/.code") or kv.get("y filter/.code"):
            self.run_filters(plots)
        # /tikz/xbar, /tikz/ybar: only the bar plot handler (no bar cycle list, no shifts)
        handler = next((k[-4] for k in ("/tikz/ybar", "/tikz/xbar") if k in kv), None)
        if handler and not self.bar:
            for p in plots:
                p.bar = p.bar or handler
            self.stacked_bars = True
        self.stack(plots)
        if any(k in kv for k in ("ybar stacked", "xbar stacked")):  # their style: single ybar (xbar) legend
            for p in plots:
                p.single_bar_legend = True
        bars = [p for p in plots if p.bar]
        if bars:
            width = 10.0
            if kv.get("bar width"):
                r = interp.number(kv["bar width"], st)
                width = r.value
                self.bar_width_units = None if r.units else r.value  # axis units, known after scaling
            sep = _num(interp, kv[self.bar + "bar"], st) if self.bar and kv.get(self.bar + "bar") else 2.0
            self.bar_sep = sep
            self.set_bar_shifts(width, plots)
        if kv.get("cycle list name") and kv["cycle list name"].strip() not in CYCLE_LISTS:
            interp.note("APPROXIMATED", f"cycle list '{kv['cycle list name']}' is drawn with the 'color' list",
                        "cycle list name", self.loc)
        self.reverse = {a: (kv.get(a + " dir") or "").strip() == "reverse" for a in "xy"}
        self.log = {a: (kv.get(a + "mode") or "").strip() == "log" or
                    self.env in ({"x": "semilogxaxis", "y": "semilogyaxis"}[a], "loglogaxis") for a in "xy"}
        for i, a in enumerate("xy"):
            if self.log[a]:
                for p in plots:
                    v = p.points[:, i].copy()
                    with np.errstate(divide="ignore", invalid="ignore"):
                        p.points[:, i] = np.where(v > 0, np.log10(np.where(v > 0, v, 1.0)), np.nan)
                        if p.errors is not None:  # the bars' ends on the log scale, as offsets again
                            lo, hi = v - p.errors[:, 2 * i], v + p.errors[:, 2 * i + 1]
                            p.errors[:, 2 * i] = p.points[:, i] - np.where(lo > 0, np.log10(np.where(lo > 0, lo, 1.0)),
                                                                           np.nan)
                            p.errors[:, 2 * i + 1] = np.where(hi > 0, np.log10(np.where(hi > 0, hi, 1.0)),
                                                              np.nan) - p.points[:, i]
        self.plots = plots
        self.legend_texts = legend
        from geoverify.frontends.tikz.pgfplots_legend import entry_options
        self.legend_options = entry_options(body) if any(t[0] == "\\addlegendentry" for t in body) else []
        if kv.get("legend entries"):
            # a pgf \foreach list (pgfplotslistnew): "0,...,20" is 0, 1, ..., 20
            from geoverify.frontends.tikz.loops import expand_list
            from geoverify.frontends.tikz.options import split_top_level
            try:
                self.legend_texts = [e.strip() for e in expand_list(interp, kv["legend entries"])]
            except GeoverifyError:
                self.legend_texts = [e.strip() for e in split_top_level(kv["legend entries"])]
            from geoverify.frontends.tikz.pgfplots_legend import split_entry_options
            self.legend_texts, given = split_entry_options(self.legend_texts)
            if any(o is not None for o in given):
                self.legend_options = given
        self.limits()
        self.ignore_stacked_zeros()
        self.size()
        self.place()
        self.decorate_and_draw(body)

    def limits(self):
        interp, kv, st = self.interp, self.kv, self.st
        data = [p.points for p in self.plots if len(p.points) and p.update_limits]
        for p in self.plots:  # error bars widen the data range
            if p.errors is not None and len(p.points):
                e = p.errors
                data.append(np.column_stack([p.points[:, 0] - e[:, 0], p.points[:, 1]]))
                data.append(np.column_stack([p.points[:, 0] + e[:, 1], p.points[:, 1]]))
                data.append(np.column_stack([p.points[:, 0], p.points[:, 1] - e[:, 2]]))
                data.append(np.column_stack([p.points[:, 0], p.points[:, 1] + e[:, 3]]))
            if p.quiver is not None and p.quiver.update_limits:  # quiver arrows' ends too
                data.append(p.quiver.ends)
        pts = np.vstack(data) if data else np.zeros((0, 2))
        pts = pts[np.all(np.isfinite(pts), axis=1)]
        user = {a: (self.value(a, kv[a + "min"]) if kv.get(a + "min") else None,
                    self.value(a, kv[a + "max"]) if kv.get(a + "max") else None) for a in "xy"}
        pts = self._clip_limits(pts, user)
        lim = {}
        self.enlarge_dims = {}
        self.data_upper = set()
        self.data_range = {}
        for i, a in enumerate("xy"):
            lo, hi = user[a]
            dlo = float(pts[:, i].min()) if len(pts) else None
            dhi = float(pts[:, i].max()) if len(pts) else None
            auto_lo, auto_hi = lo is None, hi is None
            if lo is None:
                lo = dlo if dlo is not None else (hi - 1.0 if hi is not None else 0.0)
            if hi is None:
                hi = dhi if dhi is not None else lo + 1.0
            lo, hi, changed = usable_range(lo, hi)
            if changed:
                auto_lo = auto_hi = False
            mode, star = self.mode(a)
            enl = kv.get(f"enlarge {a} limits", kv.get("enlargelimits", "auto"))
            enl = "true" if enl is None else enl.strip()
            # "every non boxed <a> axis" (enlarge <a> limits=false) comes with axis lines
            # bottom/left/middle/right/top; not with box, none or the starred forms
            boxed = mode in ("box", "none") or star
            do_lo = do_hi = False
            frac = 0.1
            if enl == "auto":
                if boxed:
                    do_lo, do_hi = auto_lo, auto_hi
            elif enl in ("true", "upper", "lower"):
                do_lo, do_hi = enl in ("true", "lower"), enl in ("true", "upper")
            elif enl != "false":
                # {rel=0.5,upper}, {abs=1}, {value=0.2}, 0.2
                do_lo = do_hi = True
                absolute = None
                for k2, v2 in split_options(enl):
                    try:
                        if k2 in ("upper", "lower") and v2 is None:
                            do_lo, do_hi = k2 == "lower", k2 == "upper"
                        elif k2 in ("rel", "value") and v2:
                            frac = _num(interp, v2, st)
                        elif k2 in ("abs", "abs value") and v2 and interp.number(v2, st).units:
                            # a length: added after the scaling, the box keeping its size
                            self.enlarge_dims[a] = interp.number(v2, st).value
                        elif k2 in ("abs", "abs value") and v2:
                            absolute = _num(interp, v2, st)
                        elif v2 is None and k2 not in ("true",):
                            frac = _num(interp, k2, st)
                    except GeoverifyError:
                        interp.note("APPROXIMATED", f"enlargelimits={enl} read as 0.1", "enlargelimits", self.loc)
                if absolute is not None and self.log[a]:
                    # a value on a log axis is transformed as a direction: its logarithm
                    absolute = math.log10(absolute) if absolute > 0 else 0.0
                if absolute is not None:
                    frac = absolute / (hi - lo)
                if a in self.enlarge_dims:
                    self.enlarge_dims[a] = (self.enlarge_dims[a], do_lo, do_hi)
                    do_lo = do_hi = False
            if auto_hi and not do_hi:
                self.data_upper.add(a + "max")
            rng = hi - lo
            if do_lo:
                lo -= frac * rng
            if do_hi:
                hi += frac * rng
            lim[a] = (lo, hi)
            self.data_range[a] = (dlo, dhi, user[a])
        self.xmin, self.xmax = lim["x"]
        self.ymin, self.ymax = lim["y"]

    def _clip_limits(self, pts, user):
        """``clip limits`` (on by default): where some limits are given, the others come only
        from the points inside the given ones (pgfplots' limit update skips a point outside a
        user limit of an axis whose ``clip <a>limits`` is on; ``ybar`` turns it off for y,
        ``xbar`` for x). All points when none is inside."""
        keep = np.ones(len(pts), dtype=bool)
        for i, a in enumerate("xy"):
            on = self.flag(f"clip {a}limits", self.flag("clip limits", True)) and self.bar != a
            lo, hi = user[a]
            if not on:
                continue
            if lo is not None:
                keep &= pts[:, i] >= lo
            if hi is not None:
                keep &= pts[:, i] <= hi
        return pts[keep] if keep.any() else pts

    def log_factor(self, a):
        """log10 of the axis' ``log basis`` (1 for base 10)."""
        b = self.kv.get(f"log basis {a}")
        try:
            v = float(_num(self.interp, b, self.st)) if b else 10.0
        except GeoverifyError:
            v = 10.0
        return math.log10(v) if v > 1 else 1.0

    def log_label(self, a, v, identify=False):
        """The tick label of log10 value ``v`` on log axis ``a``: the basis to the power of the
        exponent, printed with ``log plot exponent style`` (pgf's number format otherwise).
        With ``identify`` (``log identify minor tick positions``, on for extra ticks) a value
        ``i x 10^j`` (i = 2..9) is printed so: ``$i\\cdot 10^{j}$``. ``log ticks with fixed point``:
        the value itself, ``fixed relative`` to 3 digits (pgfplots' ``log number format basis``)."""
        if self.flag("log ticks with fixed point"):
            return format_number(10.0 ** v, precision=3, relative=True)
        f = self.log_factor(a)
        if identify and f == 1.0:
            j = math.floor(v + 1e-9)
            i = 10.0 ** (v - j)
            if abs(i - round(i)) < 1e-6 * i and 2 <= round(i) <= 9:
                return f"${round(i)}\\cdot 10^{{{j}}}$"
        base = format_number(10 ** f)[1:-1] if f != 1.0 else "10"
        style = ",".join(v or "" for k, v in self.kv.items()
                         if k in ("log plot exponent style/.style", "log plot exponent style/.append style"))
        fmt = split_number_format(style)[0]
        return f"${base}^{{{format_number(v / f, **fmt)[1:-1]}}}$"

    def value(self, a, text):
        """A data value of axis ``a`` in the axis' own coordinate (log10 on log axes)."""
        v = _num(self.interp, text, self.st)
        if self.log[a]:
            return math.log10(v) if v > 0 else float("nan")
        return v

    bar_width_units = None
    #: ``{axis: length or (length, lower, upper)}`` of ``enlarge <a> limits={abs=<length>}``
    enlarge_dims: dict = {}

    def stack(self, plots):
        """``stack plots=y|x`` (and ``ybar/xbar stacked``): each plot's values are added
        (``stack dir=minus``: subtracted) to those of the plots before it, point by point."""
        d = (self.kv.get("stack plots") or "").strip()
        if d not in ("x", "y"):
            return
        i = "xy".index(d)
        sign = -1.0 if (self.kv.get("stack dir") or "").strip() == "minus" else 1.0
        acc = None
        for p in plots:
            if p.forget or not len(p.points):
                continue
            base = p.points.copy()
            if acc is None:  # the first plot stands on the axis (y = 0 clamped to the limits)
                base[:, i] = 0.0
            else:
                n = min(len(acc), len(base))
                base[:n, i] = acc[:n]
                base[n:, i] = 0.0
                p.stack_base = base
            p.points = p.points.copy()
            p.points[:, i] = base[:, i] + sign * p.points[:, i]
            acc = p.points[:, i].copy()
        if self.bar:  # stacked bars sit on each other, not side by side
            self.stacked_bars = True

    stacked_bars = False

    def ignore_stacked_zeros(self):
        """``ybar stacked``/``xbar stacked`` (compat 1.9 on: ``stacked ignores zero``): a point
        that adds nothing to the stack draws no bar, mark or node (its value still counts for
        the limits and ``xtick=data``)."""
        d = (self.kv.get("stack plots") or "").strip()
        if d not in ("x", "y") or not any(k in self.kv for k in ("ybar stacked", "xbar stacked")) or \
                not self.compat_at_least(1, 9):
            return
        for p in self.plots:
            p.ignore_zero = True

    def interval_style(self):
        """pgfplots' ``ybar interval`` (``xbar interval``) among the axis options: ``"y"``
        (``"x"``) or None. Its style sets, unless given, ``xtick=data``, ``xmajorgrids``,
        ``xtick align=outside``, ``x tick label as interval`` and ``clip ylimits=false`` (the
        other axis for ``xbar interval``); ``<a>ticklabel interval boundaries`` labels each
        interval with its two ends (pgfplots.code.tex)."""
        kv = self.kv
        for a in "xy":
            if f"{a}ticklabel interval boundaries" in kv:
                kv.setdefault(f"{a} tick label as interval", "true")
                kv.setdefault(f"{a}ticklabel", "$\\pgfmathprintnumber{\\tick}$ -- $\\pgfmathprintnumber{\\nexttick}$")
        d = next((k[0] for k in ("ybar interval", "xbar interval") if k in kv), None)
        if d is None:
            return None
        o = "x" if d == "y" else "y"
        for k, v in ((f"{o}tick", "data"), (f"{o}majorgrids", "true"), (f"{o}tick align", "outside"),
                     (f"{o} tick label as interval", "true"), (f"clip {d}limits", "false")):
            kv.setdefault(k, v)
        return d

    def interval_widths(self, plots):
        """The axis' ``bar interval width`` (``#1/n`` of ``ybar interval=#1``, default 1) and
        ``bar interval shift`` (``(i + 0.5)/n``) of its n interval plots, unless a plot sets its own."""
        key = ("ybar interval" if self.interval == "y" else "xbar interval")
        frac = _num(self.interp, self.kv[key], self.st) if (self.kv.get(key) or "").strip() else 1.0
        mine = [p for p in plots if p.interval and not p.forget]
        for i, p in enumerate(mine):
            bars = dict(p.st.get("plot_bars") or {})
            bars.setdefault("bar interval width", frac / len(mine))
            bars.setdefault("bar interval shift", (i + 0.5) / len(mine))
            p.st["plot_bars"] = bars

    def set_bar_shifts(self, width, plots=None):
        """pgfplots' ``bar shift auto``: bars of the n bar plots side by side, ``bar sep`` apart."""
        bars = [p for p in (plots if plots is not None else self.plots) if p.bar]
        n = len(bars)
        for i, p in enumerate(bars):
            p.bar_width = width
            p.bar_shift = 0.0 if self.stacked_bars else \
                -0.5 * (n * width + (n - 1) * self.bar_sep) + (0.5 + i) * width + i * self.bar_sep

    def size(self):
        interp, kv, st = self.interp, self.kv, self.st
        W = interp.number(kv["width"], st).value if kv.get("width") else None
        H = interp.number(kv["height"], st).value if kv.get("height") else None
        # one of width/height given: the other keeps the default aspect ratio 240:207
        if W is None:
            W = _DEFAULT_W if H is None else H * _DEFAULT_W / _DEFAULT_H
        if H is None:
            H = W * _DEFAULT_H / _DEFAULT_W
        self.target_size = (W, H)  # pgfplots' \pgfplots@width, \pgfplots@height
        if not self.flag("scale only axis"):
            W, H = W - _LABEL_ALLOWANCE, H - _LABEL_ALLOWANCE
        rx, ry = self.xmax - self.xmin, self.ymax - self.ymin
        for a in "xy":
            v = (kv.get(a) or "").strip()
            if not v:
                continue
            if v.startswith("{") or v.startswith("("):
                interp.note("UNSUPPORTED", f"{a} unit vector {v} (skewed axes) is not interpreted", a, self.loc)
                continue
            if a == "x":
                W = interp.number(v, st).value * rx
            else:
                H = interp.number(v, st).value * ry
        # x/y post scale (and pgfplots' scale=) stretch the box
        for a in "xy":
            f = kv.get(a + " post scale") or kv.get("scale")
            if f:
                if a == "x":
                    W *= _num(interp, f, st)
                else:
                    H *= _num(interp, f, st)
        # enlarge limits={abs=<length>} (enlargelimits respects figure size): the data fill the
        # box less those lengths, the limits then grow by them (pgfplots.code.tex)
        dims = self.enlarge_dims
        W -= (dims["x"][1] + dims["x"][2]) * dims["x"][0] if "x" in dims else 0.0
        H -= (dims["y"][1] + dims["y"][2]) * dims["y"][0] if "y" in dims else 0.0
        sx, sy = W / rx, H / ry
        for a, (d, lower, upper) in dims.items():
            s = sx if a == "x" else sy
            setattr(self, a + "min", getattr(self, a + "min") - lower * d / s)
            setattr(self, a + "max", getattr(self, a + "max") + upper * d / s)
        ratio, keep = unit_ratio_setting(getattr(self, "opts", None) or list(kv.items()))
        if ratio is not None:  # axis equal (image), unit vector ratio (pgfplots_unitratio.py)
            declared = {a: (bool(kv.get(a + "min")), bool(kv.get(a + "max"))) for a in "xy"}
            limits = {"x": (self.xmin, self.xmax), "y": (self.ymin, self.ymax)}
            sx, sy, limits = apply_unit_ratio(sx, sy, ratio, keep, limits, declared)
            (self.xmin, self.xmax), (self.ymin, self.ymax) = limits["x"], limits["y"]
        self.sx, self.sy = sx, sy
        if self.bar_width_units is not None and self.bar:  # a bar width without unit is in axis units
            self.set_bar_shifts(self.bar_width_units * (sx if self.bar == "y" else sy))
        self.W, self.H = sx * (self.xmax - self.xmin), sy * (self.ymax - self.ymin)

    def place(self):
        """Picture position of the box's south-west corner (``at``, ``anchor``)."""
        interp, kv = self.interp, self.kv
        ox, oy = 0.0, 0.0
        if kv.get("at"):
            t = kv["at"].strip()
            try:
                ox, oy = interp._opt_point(t, dict(self.st))
                ox, oy = G.apply(G.invert(self.st["ctm"]), (ox, oy))
            except Exception:  # noqa: BLE001 - a coordinate we cannot read: keep the origin
                interp.note("APPROXIMATED", f"axis at={t} not understood", "at", self.loc)
        anchor = (kv.get("anchor") or "south west").strip()
        fx = {"west": 0.0, "east": 1.0}
        fy = {"south": 0.0, "north": 1.0}
        ax = next((v for k, v in fx.items() if k in anchor), 0.5)
        ay = next((v for k, v in fy.items() if k in anchor), 0.5)
        if anchor in ("origin",):
            ax = (0 - self.xmin) / (self.xmax - self.xmin)
            ay = (0 - self.ymin) / (self.ymax - self.ymin)
        self.ox, self.oy = ox - ax * self.W, oy - ay * self.H

    def P(self, x, y):
        """Picture coordinates (pt, before the picture transform) of a data point."""
        m = self.data_map()
        return (m[0] * x + m[4], m[3] * y + m[5])

    def data_map(self):
        """Data -> picture affine map ``(a, b, c, d, e, f)``; ``x dir=reverse`` flips x."""
        ax = -self.sx if self.reverse["x"] else self.sx
        ay = -self.sy if self.reverse["y"] else self.sy
        ex = self.ox + (self.xmax * self.sx if self.reverse["x"] else -self.xmin * self.sx)
        ey = self.oy + (self.ymax * self.sy if self.reverse["y"] else -self.ymin * self.sy)
        return (ax, 0.0, 0.0, ay, ex, ey)

    # -- drawing -------------------------------------------------------------
    def line(self, pts, st, closed=False, construct="axis"):
        """A straight stroked polyline through picture points ``pts``."""
        m = self.interp.st["ctm"]
        q = G.apply_points(m, pts)
        if st.get("arrow_start") or st.get("arrow_end") or st.get("dash"):
            b = PathBuilder()
            b.polyline(q, closed)
            emit_path(self.interp.scene, b, st, draw=True, fill=False, source=self._src(construct),
                      panel=self.interp.panel)
            return
        # plain lines (ticks, grid, box): the primitive directly, one style object per state
        key = id(st)
        style = self._styles.get(key)
        if style is None or style[0] is not st:
            style = self._styles[key] = (st, path_style(st, True, False))
        self.interp.scene.add(Polyline(points=np.array(q, dtype=np.float64), closed_flag=closed, style=style[1],
                                       source=self._src(construct), panel=self.interp.panel))

    def _src(self, construct):
        src = self._sources.get(construct)
        if src is None:
            src = self._sources[construct] = SourceLocation(self.loc.line, self.loc.column, self.loc.file, construct)
        return src

    def tikz(self, code):
        """Run generated TikZ statements (picture coordinates) at the axis' source position;
        ``\\node[...] at (x pt,y pt) {...};`` lines are placed directly (no path parsing)."""
        first = len(self.interp.scene.primitives)
        rest = []
        for line in code.splitlines():
            m = _NODE_RE.match(line)
            if m is None:
                rest.append(line)
                continue
            opts = m.group("o")
            nst = self._nst_cache.get(opts)
            if nst is None:
                nst = self._nst_cache[opts] = self.interp.node_state(self.interp.st, opts)
            p = G.apply(self.interp.st["ctm"], (float(m.group("x")), float(m.group("y"))))
            self.interp.place_node(dict(nst), nst.get("node_name"), p, m.group("t"), self.loc)  # (name=..)
        if rest:
            toks = [(t, self.pos) for t, _ in tokenize("\n".join(rest))]
            self.interp.statements(Reader(toks, self.interp.defs, self.interp.budget, self.interp.source), None)
        return self.interp.scene.primitives[first:]

    def decorate_and_draw(self, body):
        interp, kv = self.interp, self.kv
        base = self.st["ctm"]
        data_map = self.data_map()
        full = G.compose(base, data_map)
        panel = interp.scene.panels[interp.panel]
        panel.axis_transform = np.array([[full[0], full[2], full[4]], [full[1], full[3], full[5]], [0, 0, 1.0]])
        saved = interp.st
        saved_box = getattr(interp, "axis_box", None)
        saved_frame = getattr(interp, "axis_description", None)
        try:
            interp.st = dict(saved)
            interp.axis_description = self.description_frame()
            interp.ticklabel_frames = self.ticklabel_frames()
            xm = {a: self.mode(a) for a in "xy"}
            ticks = {a: self.ticks_within_limits(a, self.ticks(a)) for a in "xy"}
            background = ",".join(v.strip() for v in (kv.get("axis background/.style"),
                                                      kv.get("axis background/.append style")) if v and v.strip())
            if background:  # the axis box's path with that style, behind everything
                (x0, y0), (x1, y1) = self.P(self.xmin, self.ymin), self.P(self.xmax, self.ymax)
                self.tikz(f"\\path[{background}] ({x0:.5f}pt,{y0:.5f}pt) rectangle ({x1:.5f}pt,{y1:.5f}pt);")
            self.grid(ticks)
            # plots, clipped to the box
            box = (self.P(self.xmin, self.ymin), self.P(self.xmax, self.ymax))
            box_canvas = [G.apply(base, box[0]), G.apply(base, box[1])]
            clip = not (kv.get("clip") or "").strip() == "false"
            foot = {"y": min(max(0.0, self.ymin), self.ymax), "x": min(max(0.0, self.xmin), self.xmax)}
            for p in self.plots:  # |- (0,0) and the like after a plot's data: more of its path
                if p.tail and p.tail[:2] in ("--", "|-", "-|"):
                    from geoverify.frontends.tikz.pgfplots_pathnodes import extend_plot_path
                    extend_plot_path(interp, p, (self.log["x"], self.log["y"]))
            for p in self.plots:
                pfull = full if p.shift is None else self.plot_shift(p, base, data_map)
                kind = "x" if "x" in (p.bar, p.interval) else "y"  # the bars' foot
                draw_plot(interp, p, pfull, box_canvas if clip else None, bar_base=foot[kind])
            for p in self.plots:  # node[pos=..] and coordinate[pos=..] after a plot's data
                if p.tail:
                    from geoverify.frontends.tikz.pgfplots_pathnodes import place_plot_tail
                    place_plot_tail(interp, p, full if p.shift is None else self.plot_shift(p, base, data_map))
            self.nodes_near_coords(full)
            draw_st = interp.st  # \pgfplots@draw@axis in after end axis draws in this state again
            self.axis_lines(xm)
            labels = self.tick_marks_and_labels(ticks, xm)
            interp.ticklabel_extents = self.ticklabel_extents(labels)
            self.axis_labels(xm, labels)
            self.legend()
            self.name_axis("current axis")  # pgfplots names the axis being drawn (and the last one)
            # other statements (\draw, \node, ...) in axis coordinates
            interp.axis_box = (self.xmin, self.xmax, self.ymin, self.ymax)
            interp.axis_picture_origin = G.apply(base, (0.0, 0.0))  # where axis direction cs starts
            interp.st = dict(saved)
            interp.st["ctm"] = G.compose(base, (1.0, 0.0, 0.0, 1.0, data_map[4], data_map[5]))
            interp.st["xvec"], interp.st["yvec"] = (data_map[0], 0.0), (0.0, data_map[3])
            rest = without_addplots(body)
            if (self.log["x"] or self.log["y"]) and self.compat_at_least(1, 11):
                # from compat 1.11 a bare (a,b) is axis cs: log10 of the values on a log axis
                interp.st["axis_log"] = (self.log["x"], self.log["y"])
            elif (self.log["x"] or self.log["y"]) and any(t[0] not in (" ", "\\par") for t in rest):
                interp.note("APPROXIMATED", "TikZ coordinates inside a log axis are mapped linearly (in log10 "
                            "units)", self.env, self.loc)
            interp.statements(Reader(rest, interp.defs, interp.budget, interp.source), None)
            # "after end axis/.code": run at the axis' end, in its coordinates as the body
            extra = "\n".join(v for v in (kv.get("extra description/.code"), kv.get("extra description/.append code"))
                               if v and v.strip())
            if extra:  # run after the descriptions; a bare (a,b) there is axis description cs
                data_st = interp.st
                interp.axis_cs_state = data_st
                (x0, y0), (x1, y1) = self.P(self.xmin, self.ymin), self.P(self.xmax, self.ymax)
                interp.st = dict(data_st, ctm=G.compose(base, (1.0, 0.0, 0.0, 1.0, min(x0, x1), min(y0, y1))),
                                 xvec=(abs(x1 - x0), 0.0), yvec=(0.0, abs(y1 - y0)), axis_log=None)
                interp.statements(Reader([(t, self.pos) for t, _ in tokenize(extra)], interp.defs, interp.budget,
                                         interp.source), None)
                interp.st, interp.axis_cs_state = data_st, None
            after = "\n".join(v for v in (kv.get("after end axis/.code"), kv.get("after end axis/.append code"))
                              if v and v.strip())
            if after:
                # there, axis cs keeps the axis' map but a bare (a,b) is in pgfplots' data-scaled
                # units: x = data xmin + a 10^-E (see data_scale)
                interp.axis_cs_state = dict(interp.st)
                if not (self.log["x"] or self.log["y"]):
                    (ex, x0), (ey, y0) = self.data_scale("x"), self.data_scale("y")
                    origin = self.P(x0, y0)
                    interp.st["ctm"] = G.compose(base, (1.0, 0.0, 0.0, 1.0, origin[0], origin[1]))
                    interp.st["xvec"] = (data_map[0] * 10.0 ** -ex, 0.0)
                    interp.st["yvec"] = (0.0, data_map[3] * 10.0 ** -ey)
                toks = [(t, self.pos) for t, _ in tokenize(after)]
                before = interp.defs.get("pgfplotsset") or ""
                interp.axis_redraw = lambda: self.redraw(xm, ticks, draw_st, before)
                interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
        finally:
            interp.axis_redraw = None
            interp.axis_cs_state = None
            interp.st = saved
            interp.axis_box = saved_box
            interp.axis_picture_origin = None
            interp.axis_description = saved_frame
            interp.ticklabel_frames = None
            interp.ticklabel_extents = None
        if kv.get("name"):
            self.name_axis(kv["name"].strip())

    def redraw(self, modes, ticks, draw_st, before):
        """pgfplots' ``\\pgfplots@draw@axis`` met in ``after end axis`` code: the grid, axis lines,
        tick marks and tick labels drawn again, on top, with the keys of the ``\\pgfplotsset``
        run since the code began (``tick style=opaque``, ``grid=none``; style keys append)."""
        interp = self.interp
        now = interp.defs.get("pgfplotsset") or ""
        added = now[len(before):] if now.startswith(before) else ""
        kv, styles = dict(self.kv), dict(self.styles)
        for k, v in split_options(added):
            k = k.replace("/pgfplots/", "").strip()
            k = _ALIASES.get(k, k)
            if k.endswith(" style") and k != "legend style":
                styles[k] = kv[k] = ((kv.get(k) or "") + "," + (v or "")).strip(",")
            else:
                kv[k] = v
        saved = self.kv, self.styles, interp.st
        self.kv, self.styles, interp.st = kv, styles, draw_st
        try:
            if (kv.get("grid") or "").strip() != "none":
                self.grid(ticks)
            self.axis_lines(modes)
            self.tick_marks_and_labels(ticks, modes)
        finally:
            self.kv, self.styles, interp.st = saved

    def run_filters(self, plots):
        """``x filter/.code`` / ``y filter/.code`` of the axis: the code runs for each coordinate
        (TeX statements: conditionals, ``\\def``) with ``\\coordindex`` and ``\\pgfmathresult``
        holding the coordinate's index and value; ``\\pgfmathresult`` left empty drops the point
        (pgfplots' ``unbounded coords=discard``), another number replaces the value. Code that
        draws or is not understood is reported and the filter left out."""
        from geoverify.frontends.tikz.pgfmath import format_number as pgf_number
        from geoverify.frontends.tikz.tex import Macro
        interp = self.interp
        for i, a in enumerate("xy"):
            code = self.kv.get(f"{a} filter/.code")
            if not code or not code.strip():
                continue
            if (self.kv.get(a + "mode") or "").strip() == "log" or \
                    self.env in ({"x": "semilogxaxis", "y": "semilogyaxis"}[a], "loglogaxis"):
                interp.note("UNSUPPORTED", f"{a} filter/.code on a log axis is not interpreted",
                            f"{a} filter/.code", self.loc)
                continue
            toks = [(t, self.pos) for t, _ in tokenize(code)]
            n_diag, n_prim = len(interp.scene.diagnostics), len(interp.scene.primitives)
            for p in plots:
                keep = np.ones(len(p.points), dtype=bool)
                for k, q in enumerate(p.points):
                    if not np.isfinite(q[i]):
                        continue
                    interp.defs.begin_group()
                    try:
                        interp.defs.set("\\coordindex", Macro([], tokenize(str(k)), None, 0))
                        interp.defs.set("\\pgfmathresult", Macro([], tokenize(pgf_number(float(q[i]))), None, 0))
                        if "#1" in code:  # the filter's argument: the coordinate's value
                            toks = [(t, self.pos) for t, _ in tokenize(code.replace("#1", pgf_number(float(q[i]))))]
                        interp.statements(Reader(list(toks), interp.defs, interp.budget, interp.source), None)
                        m = interp.defs.get("\\pgfmathresult")
                        out = detokenize(m.body).strip() if isinstance(m, Macro) else None
                    except GeoverifyError:
                        out = None
                    finally:
                        interp.defs.end_group()
                    bad = len(interp.scene.diagnostics) > n_diag or len(interp.scene.primitives) > n_prim
                    if out is None or bad:
                        del interp.scene.primitives[n_prim:]
                        interp.note("UNSUPPORTED", f"{a} filter/.code is not interpreted (its code does more "
                                    "than test and set \\pgfmathresult)", f"{a} filter/.code", self.loc)
                        return
                    if not out:
                        keep[k] = False
                    else:
                        try:
                            p.points[k, i] = float(out)
                        except ValueError:
                            keep[k] = False
                if not keep.all():
                    p.points = p.points[keep]
                    for attr in ("meta", "errors"):
                        v = getattr(p, attr, None)
                        if isinstance(v, np.ndarray) and len(v) == len(keep):
                            setattr(p, attr, v[keep])
                        elif isinstance(v, list) and len(v) == len(keep):
                            setattr(p, attr, [e for e, f in zip(v, keep) if f])

    def compat_at_least(self, major, minor):
        """Whether the axis' ``compat`` is at least ``major.minor``: ``newest`` is; without a
        ``compat`` key a full document runs pgfplots' backwards compatibility (pre 1.3) mode,
        a bare picture is taken as compiled with ``compat=newest``."""
        c = (self.kv.get("compat") or "").strip()
        if not c:
            return "\\documentclass" not in self.interp.source.text[:5000]
        if c == "newest":
            return True
        m = re.fullmatch(r"(\d+)\.(\d+)(?:\.\d+)?", c)
        return bool(m) and (int(m.group(1)), int(m.group(2))) >= (major, minor)

    def plot_shift(self, plot, base, data_map):
        """The data -> canvas map of a plot given ``shift``/``xshift``/``yshift``: the axis'
        moved by the shifts in picture units. ``xshift``/``yshift`` and a ``shift`` with units are
        TikZ lengths; a bare ``shift={(a,b)}`` is read as pgfplots reads a point there: before
        ``compat=1.11`` in its data-scaled units (``a 10^-E`` data units, see ``data_scale``), from
        1.11 on in ``axis cs`` (``(a - m)`` data units). Other points (a named ``cs``) and log
        axes are reported and the plot drawn unmoved."""
        interp = self.interp
        dx = dy = 0.0
        new = self.compat_at_least(1, 11)
        for k, v in plot.shift:
            t = (v or "").strip()
            while t.startswith("{") and t.endswith("}"):
                t = t[1:-1].strip()
            m = re.fullmatch(r"\((.*),(.*)\)", t, re.S)
            if k == "shift" and (m is None or "cs:" in t or self.log["x"] or self.log["y"]):
                interp.note("UNSUPPORTED", "\\addplot option 'shift' (only a bare (a,b) or lengths on a linear "
                            "axis) is not interpreted; the plot is drawn unmoved", "shift", plot.loc)
                continue
            if k == "shift" and not re.search(r"(?<![\\a-zA-Z])(pt|cm|mm|in|bp|ex|em|sp|pc)\b", t):
                a, b = (interp.number(m.group(i), self.st).value for i in (1, 2))
                if new:
                    (_, x0), (_, y0) = self.data_scale("x"), self.data_scale("y")
                    dx, dy = dx + (a - x0) * data_map[0], dy + (b - y0) * data_map[3]
                else:
                    (ex, _), (ey, _) = self.data_scale("x"), self.data_scale("y")
                    dx, dy = dx + a * data_map[0] * 10.0 ** -ex, dy + b * data_map[3] * 10.0 ** -ey
                continue
            st = dict(self.st)  # lengths: the TikZ key on an unmoved state
            st["ctm"] = G.IDENTITY
            interp.apply_options(st, f"{k}={{{t}}}")
            dx, dy = dx + st["ctm"][4], dy + st["ctm"][5]
        return G.compose(base, (data_map[0], 0.0, 0.0, data_map[3], data_map[4] + dx, data_map[5] + dy))

    def data_scale(self, a):
        """``(E, m)`` of pgfplots' data scale transformation ``T(v) = 10^E (v - m)`` of axis ``a``
        (``\\pgfplots@set@optimal@datatrafo@for@``): ``E`` is the order of the axis' width (or
        height) in pt less the order of the larger data limit, raised while ``T`` spans less
        than 100 (and its top stays under 1500); ``m`` the lower data limit (with given
        limits, the lower of the two). ``disabledatascaling``: ``(0, 0)``."""
        if "disabledatascaling" in self.kv and (self.kv["disabledatascaling"] or "true").strip() != "false":
            return 0, 0.0
        dlo, dhi, (ulo, uhi) = self.data_range.get(a, (None, None, (None, None)))
        lo = dlo if dlo is not None else (self.xmin if a == "x" else self.ymin)
        hi = dhi if dhi is not None else (self.xmax if a == "x" else self.ymax)
        if ulo is not None or uhi is not None:
            lo = min(lo, ulo) if ulo is not None else lo
            hi = max(hi, uhi) if uhi is not None else hi

        def order(v):
            return math.floor(math.log10(abs(v)) + 1e-12) + 1

        if lo == 0 and hi == 0:
            m = 1
        elif lo == 0 or hi == 0:
            m = order(hi if lo == 0 else lo)
        else:
            m = max(order(lo), order(hi))
        dim = self.target_size[0 if a == "x" else 1]
        e = order(dim) - m
        for _ in range(40):
            tlo, thi = 10.0 ** e * lo, 10.0 ** e * hi
            if abs(thi) < 1500 and 0.0001 <= thi - tlo < 100:
                e += 1
                continue
            break
        return e, lo

    def description_frame(self):
        """pgfplots' ``axis description cs`` on the canvas: the lower left corner of the box as
        drawn and its two sides (``(0,0)`` to ``(1,1)`` spans the box whichever way the axes run)."""
        base = self.st["ctm"]
        (x0, y0), (x1, y1) = self.P(self.xmin, self.ymin), self.P(self.xmax, self.ymax)
        return (G.apply(base, (min(x0, x1), min(y0, y1))), G.apply_linear(base, (abs(x1 - x0), 0.0)),
                G.apply_linear(base, (0.0, abs(y1 - y0))))

    def ticklabel_frames(self):
        """``{axis: (start, along, unit outer normal)}`` on the canvas of the box edges that hold
        the tick labels (``xticklabel* cs``): the lower and the left edge of a box or of
        ``axis lines=left``; other placements and reversed axes are left out (the cs is then
        reported)."""
        kv = self.kv
        if any(kv.get(k) for k in ("ticklabel pos", "xticklabel pos", "yticklabel pos", "tick pos",
                                   "xtick pos", "ytick pos")):
            return {}
        base = self.st["ctm"]
        (x0, y0), (x1, y1) = self.P(self.xmin, self.ymin), self.P(self.xmax, self.ymax)
        lo = G.apply(base, (min(x0, x1), min(y0, y1)))
        out = {}
        for a, along, normal in (("x", (abs(x1 - x0), 0.0), (0.0, -1.0)), ("y", (0.0, abs(y1 - y0)), (-1.0, 0.0))):
            if self.mode(a)[0] in ("box", "left") and not self.reverse[a]:
                out[a] = (lo, G.apply_linear(base, along), G.apply_linear(base, normal))
        return out

    def ticklabel_extents(self, labels):
        """``{axis: pt}``: pgfplots' largest tick dimension of the axes with a tick label frame
        (``xticklabel cs``): how far the farthest edge of a tick label node (its inner sep
        included) lies from the axis line along the outer normal, plus ``<a>ticklabel shift``."""
        frames = getattr(self.interp, "ticklabel_frames", None) or {}
        out = {}
        for a, ((ox, oy), _, (nx, ny)) in frames.items():
            n = math.hypot(nx, ny) or 1.0
            nx, ny = nx / n, ny / n
            ext = 0.0
            for p in labels.get(a) or []:
                x0, y0, x1, y1 = p.box
                x0, y0, x1, y1 = x0 - _INNER_SEP, y0 - _INNER_SEP, x1 + _INNER_SEP, y1 + _INNER_SEP
                cx, cy = (x1 if nx > 0 else x0), (y1 if ny > 0 else y0)
                ext = max(ext, (cx - ox) * nx + (cy - oy) * ny)
            shift = self.kv.get(a + "ticklabel shift")
            out[a] = ext + (_num(self.interp, shift, self.st) if shift else 0.0)
        return out

    def description_at(self, style):
        """``(point, style)``: the ``at`` of a description's style (a label's, the title's) as a
        picture point (pt, before the picture transform) and the style without it, or ``(None,
        style)``. A bare ``(a,b)`` is in ``axis description cs`` as pgfplots reads it there."""
        if not style or "at" not in style:
            return None, style
        opts = split_options(style)
        at = next((v for k, v in opts if k == "at" and v), None)
        if at is None:
            return None, style
        t = at.strip()
        while t.startswith("{") and t.endswith("}"):
            t = t[1:-1].strip()
        if re.fullmatch(r"\(\s*[-+.0-9eE]+\s*,\s*[-+.0-9eE]+\s*\)", t):
            t = "(axis description cs:" + t[1:]
        rest = ",".join(k if v is None else f"{k}={{{v}}}" for k, v in opts if k != "at")
        try:
            q = self.interp._opt_point(t, dict(self.st))
        except GeoverifyError as err:
            self.interp.note("UNSUPPORTED", f"label position at={at}: {err.message}", "at", self.loc)
            return None, rest
        return G.apply(G.invert(self.st["ctm"]), q), rest

    def nodes_near_coords(self, full):
        """``nodes near coords``: the y value above each point (beside each bar for ``xbar``)."""
        if "nodes near coords" not in self.kv:
            return
        spec = self.kv["nodes near coords"]
        custom = None
        if spec is not None and spec.strip():
            # a text of the coordinate's index (\coordindex) is written out; other texts show the y values
            t = spec.strip()
            while t.startswith("{") and t.endswith("}"):
                t = t[1:-1].strip()
            if "\\" not in t.replace("\\coordindex", ""):
                custom = t
            else:
                self.interp.note("APPROXIMATED", "nodes near coords with custom text shows the y values",
                                 "nodes near coords", self.loc)
        # every node near coord/.style replaces, .append style and nodes near coords style append
        style = ""
        for k, v in getattr(self, "opts", None) or ():
            if k in ("every node near coord/.style", "every node near coord/.append style",
                     "nodes near coords style", "every node near coord style"):
                style = v or "" if k == "every node near coord/.style" else ",".join(x for x in (style, v) if x)
        inv = G.invert(self.st["ctm"])
        code = []
        # ybar/xbar stacked (compat 1.9 on): each bar's own value in its middle, none for a zero
        # (pgfplots' nodes near coords ybar stacked configuration, stacked ignores zero)
        stacked = any(k in self.kv for k in ("ybar stacked", "xbar stacked")) and self.compat_at_least(1, 9)
        # the text: \pgfmathprintnumber{point meta} (an expression of the axis' point meta, else the
        # value along the bars), in the axis' /pgf/number format
        meta_expr = (self.kv.get("point meta") or "").strip().strip("{}").strip() or None
        if meta_expr in ("x", "y", "f(x)", "z", "explicit", "explicit symbolic", "none") or \
                (meta_expr or "").startswith(("\\thisrow", "symbolic")):
            meta_expr = None
        number_format, _ = split_number_format(",".join(
            k if v is None else f"{k}={{{v}}}" for k, v in getattr(self, "opts", None) or ()
            if k.startswith("/pgf/number format/")))
        for p in self.plots:
            for k, (x, y) in enumerate(p.points):
                if not (math.isfinite(x) and math.isfinite(y)):
                    continue
                if not (self.xmin - 1e-9 <= x <= self.xmax + 1e-9 and self.ymin - 1e-9 <= y <= self.ymax + 1e-9):
                    continue
                q = G.apply(inv, G.apply(full, (x, y)))
                if stacked:
                    i = 0 if p.bar == "x" else 1
                    # (the first plot's from 0, even where the axis starts above it: measured)
                    foot = p.stack_base[k, i] if p.stack_base is not None and k < len(p.stack_base) else 0.0
                    raw = (x, y)[i] - foot
                    if raw == 0:
                        continue
                    q = G.apply(inv, G.apply(full, (x, (y + foot) / 2) if i else ((x + foot) / 2, y)))
                if p.bar == "x":
                    q = (q[0], q[1] + p.bar_shift)
                    v = x
                else:
                    q = (q[0] + (p.bar_shift if p.bar == "y" else 0.0), q[1])
                    v = y
                anchor = self.near_coord_anchor(v, p.bar == "x")
                if stacked:
                    v, anchor = raw, "anchor=center"
                elif self.log["x" if p.bar == "x" else "y"]:
                    v = 10.0 ** v
                if meta_expr is not None and not stacked and not (self.log["x"] or self.log["y"]):
                    v = self.meta_value(meta_expr, x, y)
                text = format_number(v, **number_format)
                if p.meta_symbolic and p.meta and k < len(p.meta) and p.meta[k] is not None:
                    text = p.meta[k]
                if custom is not None:
                    text = custom.replace("\\coordindex", str(k))
                code.append(f"\\node[inner sep=3.333pt,{anchor}{',' + style if style else ''}] "
                            f"at ({q[0]:.5f}pt,{q[1]:.5f}pt) {{{text}}};")
        if code:
            self.tikz("\n".join(code))

    def meta_value(self, expr: str, x: float, y: float) -> float:
        """The value of a ``point meta`` expression at the point ``(x, y)`` (NaN when it
        cannot be read: the node shows it as pgf would not)."""
        from geoverify.frontends.tikz.pgfplots3d_data import _var
        from geoverify.frontends.tikz.pgfmath import kept_macros
        with kept_macros(self.interp.env, ("\\x", "\\y")) as env:
            env["\\x"], env["\\y"] = x, y
            try:
                return self.interp.number(_var(_var(expr, "x", "\\x"), "y", "\\y"), self.st).value
            except GeoverifyError as err:
                self.interp.note("UNSUPPORTED", f"point meta={expr} not understood: {err.message}", "point meta",
                                 self.loc)
                return math.nan

    def near_coord_anchor(self, v, horizontal):
        """The placement of a node near the coordinate of value ``v`` (``nodes near coords
        align``: ``auto`` is ``horizontal`` for ``xbar`` (point meta=x), else ``vertical``;
        ``horizontal`` puts it right of a value >= 0 and left of a negative one, ``vertical``
        above or below; another value is a placement (``above``, ...) or an anchor)."""
        align = (self.kv.get("nodes near coords align") or "auto").strip().strip("{}").strip()
        if align == "auto":
            align = "horizontal" if horizontal else "vertical"
        if align == "horizontal":
            return "anchor=east" if v < 0 else "anchor=west"
        if align == "vertical":
            return "anchor=north" if v < 0 else "anchor=south"
        if align in ("above", "below", "left", "right", "above left", "above right", "below left", "below right"):
            return align
        return "anchor=" + align

    def name_axis(self, name):
        """``name=...``: the axis' box anchors as a node (``(name.north east)`` ...)."""
        x0, y0 = self.P(self.xmin, self.ymin)
        code = (f"\\path ({x0:.5f}pt,{y0:.5f}pt) coordinate (gv@a) ++({self.W:.5f}pt,{self.H:.5f}pt) "
                f"coordinate (gv@b); \\node[inner sep=0pt, outer sep=0pt, fit=(gv@a)(gv@b)] ({name}) {{}};")
        try:
            self.tikz(code)
        except Exception:  # noqa: BLE001 - naming is best effort
            self.interp.note("APPROXIMATED", f"axis name '{name}' not recorded", "name", self.loc)

    # -- ticks -------------------------------------------------------------------
    def ticks(self, a):
        """(major positions (N,), label texts or None, minor positions (M,))."""
        interp, kv, st = self.interp, self.kv, self.st
        lo, hi = (self.xmin, self.xmax) if a == "x" else (self.ymin, self.ymax)
        length = self.W if a == "x" else self.H
        mode, _ = self.mode(a)
        if mode == "none" or (kv.get("ticks") or "").strip() == "none" or \
                (kv.get(a + "majorticks") or "").strip() == "false":
            return np.zeros(0), None, np.zeros(0), 0
        spec = kv.get(a + "tick")
        step = None
        if spec is None and self.log[a] and (kv.get(a + "tickten") or "").strip():
            # xtickten={k,...} on a log axis: the ticks 10^k (pgfplots replaces its automatic ones)
            spec = ",".join(f"{10.0 ** v!r}" for v in self.value_list(kv[a + "tickten"]))
        if spec is not None:
            spec = spec.strip()
            if spec in ("", "\\empty", "{}"):
                return np.zeros(0), None, np.zeros(0), 0
        if spec == "data":
            i = "xy".index(a)
            first = next((p.points for p in self.plots if len(p.points)), np.zeros((0, 2)))
            vals = sorted({float(v) for v in first[:, i] if math.isfinite(v)})
            major = ticks_in_range(vals, lo, hi)
            labels = None
            names = {v: k for k, v in self.symbols.get(a, {}).items()}
            if names and kv.get(a + "ticklabel") is None:  # (a template shows them itself)
                labels = [names.get(int(round(v)), format_number(v)) for v in major]
            if kv.get(a + "ticklabels") is not None:
                labels = self.listed_labels(a, [vals.index(v) for v in major])
            return major, labels, self.minor_between(a, major, list(major[:-1])), 0
        listed = log_start = None
        if spec is not None:
            vals = self.value_list(spec)
            if self.log[a]:
                vals = [math.log10(v) for v in vals if v > 0]
            major = ticks_in_range(vals, lo, hi)
            listed = vals
        elif kv.get(a + "tick distance"):
            step = abs(_num(interp, kv[a + "tick distance"], st))
            if self.log[a]:  # a factor between ticks on a log axis
                step = math.log10(step) if step > 1 else 1.0
                major = log_ticks_every(lo, hi, step, given=True)
                log_start = log_first_tick(lo, step, given=True)
            else:
                i0, i1 = math.ceil(lo / step - 1e-6), math.floor(hi / step + 1e-6)
                major = np.array([k * step for k in range(i0, i1 + 1)]) if i1 - i0 < 10000 else np.zeros(0)
        else:
            space = float(kv["max space between ticks"]) if kv.get("max space between ticks") else 35.0
            trymin = int(kv["try min ticks"]) if kv.get("try min ticks") else 4
            if self.log[a]:
                f = self.log_factor(a)  # ticks in powers of the log basis
                major, step = log_ticks(lo / f, hi / f, length, space)
                major = major * f
            else:
                # the raw step in pgfplots' fixed point, on its data-scaled units (2D axes)
                dscale = self.data_scale(a) if a in (getattr(self, "data_range", None) or {}) else None
                major = auto_ticks(lo, hi, length, space, trymin, dscale)
                step = auto_tick_step(lo, hi, length, space, trymin, dscale)
        labels = None
        if kv.get(a + "ticklabels") is not None:
            labels = self.listed_labels(a, self.tick_indices(a, major, listed, step))
        if self.log[a]:
            # log axes: labels 10^{e}; minor ticks at 2..9 times each power of ten
            f = self.log_factor(a)
            if labels is None and kv.get(a + "ticklabel") is None:  # a template is read when drawn
                labels = [self.log_label(a, v) for v in major]
            minor = np.zeros(0)
            # pgfplots draws them for a tick list that is uniform (its whole list, limits aside):
            # one decade from each entry to the next
            uniform = listed is not None and len(listed) > 1 and \
                all(abs(d - 1.0) < 1e-6 for d in np.diff(listed))
            if f == 1.0 and (step == 1.0 or uniform):
                # between the entries of pgfplots' tick list, which ends at the last decade
                # below hi + half a step (measured: 2..9 x 10^-1 drawn up to hi = -0.32, not for -0.64)
                top = math.floor(hi + 0.5 + 1e-9)
                # (pgfplots' i = 1..9 after each entry but the last: i = 1 lies on the entry's own
                # major tick; the list's first decade is floor(lo), or with a tick distance the
                # decade nearest to lo, which may lie above it)
                start = math.floor(lo) if log_start is None else log_start
                m = [k + math.log10(f) for k in range(start, top) for f in range(1, 10)]
                if listed is not None:  # a given list: i x 10^t (i = 1..9) after each entry but the last
                    m = [t + math.log10(i) for t in listed[:-1] for i in range(1, 10)]
                minor = ticks_in_range(m, lo, hi)
            return major, labels, minor, 0
        scale = 0
        scaled = (kv.get(f"scaled {a} ticks") or kv.get("scaled ticks") or "true").strip()
        if labels is None and scaled == "true":
            scale = tick_scale_exponent(lo, hi)
        elif labels is None and re.fullmatch(r"base\s*10\s*:\s*[-+]?\d+", scaled):
            # scaled ticks=base 10:e: labels show the values times 10^e, the label 10^{-e}
            scale = -int(scaled.partition(":")[2])
        elif labels is None and re.fullmatch(r"\{?\s*(real|manual)\s*:.*", scaled, re.S):
            scale = self.scaled_ticks_choice(a, scaled)
        n_minor = kv.get(f"minor {a} tick num", kv.get("minor tick num"))
        minor = np.zeros(0)
        if n_minor and len(major) >= 2:
            n = int(_num(interp, n_minor, st))
            # between consecutive ticks of pgfplots' list, which for automatic ticks starts
            # one step before the first visible tick and ends at the last one
            h = step if step else float(np.min(np.diff(major)))
            starts = list(major[:-1]) if spec is not None else [major[0] - h] + list(major)
            if spec is None and a + "max" in self.data_upper:
                # measured: with an upper limit taken from the data as is (not given, not
                # enlarged) TeX draws no minor ticks past the last major tick
                starts = starts[:-1]
            m = []
            for t0 in starts:
                for j in _minor_steps(n):
                    v = t0 + j * h / (n + 1)
                    if lo - 1e-9 * h <= v <= hi + 1e-9 * h:
                        m.append(v)
            minor = np.array(m)
        given = kv.get(f"minor {a}tick", kv.get("minor tick"))
        if given is not None:  # minor xtick={..}: the minor ticks (and minor grid lines) at those values
            vals = [] if given.strip() in ("", "\\empty", "{}") else self.value_list(given)
            minor = ticks_in_range(vals, lo, hi)
        return major, labels, minor, scale

    def ticks_within_limits(self, a, ticks):
        """``ticks`` (of :meth:`ticks`) without the positions outside ``<a>tickmin`` ..
        ``<a>tickmax``: pgfplots shows no tick, label or grid line there."""
        lo = self.value(a, self.kv[a + "tickmin"]) if (self.kv.get(a + "tickmin") or "").strip() else None
        hi = self.value(a, self.kv[a + "tickmax"]) if (self.kv.get(a + "tickmax") or "").strip() else None
        if lo is None and hi is None:
            return ticks
        major, labels, minor, scale = ticks

        def inside(v):
            return (lo is None or v >= lo - 1e-9 * abs(lo)) and (hi is None or v <= hi + 1e-9 * abs(hi))
        keep = [inside(v) for v in major]
        if labels is not None:
            labels = [t for t, k in zip(labels, keep) if k] + list(labels[len(keep):])
        return (np.asarray(major)[keep] if len(major) else major, labels,
                np.array([v for v in minor if inside(v)]), scale)

    def tick_indices(self, a, major, listed, step):
        """The index of each tick of ``major`` in pgfplots' tick list, which counts the ticks it
        does not show: a given list from its first entry, automatic (or ``tick distance``)
        ticks of a linear axis from ``trunc(min / step) * step - step``, those of a log axis
        from the decade ``trunc(min)`` (one less below zero)."""
        if listed is not None:
            out, used = [], set()
            for v in major:
                k = next((i for i, w in enumerate(listed) if i not in used and
                          abs(w - v) <= 1e-9 * max(1.0, abs(v))), None)
                if k is None:
                    return list(range(len(major)))
                used.add(k)
                out.append(k)
            return out
        if not step or not len(major):
            return list(range(len(major)))
        lo = self.xmin if a == "x" else self.ymin
        if self.log[a]:
            f = self.log_factor(a)
            first = (math.trunc(lo / f) - (1 if lo < 0 else 0)) * f
            h = step * f
        else:
            first, h = math.trunc(lo / step) * step - step, step
        return [int(round((v - first) / h)) for v in major]

    def listed_labels(self, a, indices):
        """``<a>ticklabels={...}``: the entry of each tick's index in pgfplots' tick list (an
        index past the list's end gets no label)."""
        from geoverify.frontends.tikz.options import split_top_level
        texts = [t.strip() for t in split_top_level(self.kv[a + "ticklabels"] or "")]
        return [texts[i] if 0 <= i < len(texts) else "" for i in indices]

    def value_list(self, spec):
        """Numbers of a tick list (``{0,0.5,...,2}`` ranges expanded); unreadable items are
        noted and left out."""
        from geoverify.frontends.tikz.loops import expand_list
        try:
            items = expand_list(self.interp, spec)
        except GeoverifyError:
            items = [v for v in spec.split(",") if v.strip()]
        vals = []
        for v in items:
            try:
                vals.append(_num(self.interp, v, self.st))
            except GeoverifyError:
                self.interp.note("APPROXIMATED", f"tick position '{v}' not understood", "xtick", self.loc)
        return vals

    def minor_between(self, a, major, starts):
        """``minor tick num`` ticks after each of ``starts`` (steps of the major spacing)."""
        n_minor = self.kv.get(f"minor {a} tick num", self.kv.get("minor tick num"))
        if not n_minor or len(major) < 2:
            return np.zeros(0)
        n = int(_num(self.interp, n_minor, self.st))
        h = float(np.min(np.diff(major)))
        lo, hi = (self.xmin, self.xmax) if a == "x" else (self.ymin, self.ymax)
        m = [t0 + j * h / (n + 1) for t0 in starts for j in _minor_steps(n)]
        return ticks_in_range(m, lo, hi)

    def extra_ticks(self, a, grid_only=False):
        """``extra x ticks={...}`` positions on the axis (``(N,)``); with ``grid_only`` only
        when ``extra tick style`` asks for grid lines."""
        spec = self.kv.get(f"extra {a} ticks")
        if not spec or not spec.strip():
            return np.zeros(0)
        if grid_only:
            style = ",".join(v for k, v in self.styles.items() if k in ("extra tick style", f"extra {a} tick style") and v)
            g = dict(split_options(style)).get("grid", "")
            if (g or "").strip() not in ("major", "both"):
                return np.zeros(0)
        vals = self.value_list(spec)
        if self.log[a]:
            vals = [math.log10(v) for v in vals if v > 0]
        lo, hi = (self.xmin, self.xmax) if a == "x" else (self.ymin, self.ymax)
        return ticks_in_range(vals, lo, hi)

    def extra_labels(self, a, extra):
        """``extra <a> tick labels={...}``: the text of each extra tick (by its index in the
        ``extra <a> ticks`` list; past the list's end: empty), or None when not given."""
        if self.kv.get(f"extra {a} tick labels") is None:
            return None
        from geoverify.frontends.tikz.options import split_top_level
        texts = [t.strip() for t in split_top_level(self.kv[f"extra {a} tick labels"] or "")]
        vals = self.value_list(self.kv.get(f"extra {a} ticks") or "")
        if self.log[a]:
            vals = [math.log10(v) if v > 0 else float("nan") for v in vals]
        return [texts[i] if i < len(texts) else "" for i in self.tick_indices(a, extra, vals, None)]

    def grid(self, ticks):
        kv = self.kv
        g = (kv.get("grid") or "").strip()
        gst = dict(self.interp.st)
        gst.update(draw="current", fill=None, arrow_start=None, arrow_end=None, dash=None)
        gst["color"] = (0.75, 0.75, 0.75)
        gst["line_width"] = 0.4
        for k in ("major grid style", "grid style"):
            if kv.get(k):
                self.interp.apply_options(gst, kv[k])
        mst = dict(gst)
        if kv.get("minor grid style"):
            self.interp.apply_options(mst, kv["minor grid style"])
        for a in "xy":
            on = g in ("major", "both") or self.flag(a + "majorgrids")
            minor_on = g in ("minor", "both") or self.flag(a + "minorgrids")
            vals = [(v, gst) for v in (list(ticks[a][0]) if on else []) + list(self.extra_ticks(a, grid_only=True))]
            vals += [(v, mst) for v in (ticks[a][2] if minor_on else [])]
            for v, style in vals:
                if a == "x":
                    self.line([self.P(v, self.ymin), self.P(v, self.ymax)], style, construct="grid")
                else:
                    self.line([self.P(self.xmin, v), self.P(self.xmax, v)], style, construct="grid")

    def axis_lines(self, modes):
        st = dict(self.interp.st)
        st.update(draw="current", fill=None, dash=None, arrow_start=None, arrow_end=None)
        st["color"] = (0.0, 0.0, 0.0)
        st["line_width"] = 0.4
        # line widths among the axis options hold in the axis' scope: its lines take them
        widths = ",".join(k if v is None else f"{k}={v}" for k, v in getattr(self, "opts", None) or ()
                          if k in _LINE_WIDTH_KEYS)
        if widths:
            self.interp.apply_options(st, widths)
        if self.kv.get("axis line style"):
            self.interp.apply_options(st, self.kv["axis line style"])
        mx, my = modes["x"][0], modes["y"][0]
        gaps = {a: (self.kv.get(f"axis {a} discontinuity") or "none").strip() for a in "xy"}
        if mx == "box" and my == "box" and not (self.line_shift("x") or self.line_shift("y")) and \
                set(gaps.values()) == {"none"}:
            self.line([self.P(self.xmin, self.ymin), self.P(self.xmax, self.ymin), self.P(self.xmax, self.ymax),
                       self.P(self.xmin, self.ymax)], st, closed=True, construct="axis lines")
            return
        for a in "xy":
            mode, star = modes[a]
            if mode == "none":
                continue
            ast = dict(st)
            if not star and mode != "box":
                ast["arrow_end"] = "stealth"
            # x axis line style, every inner (a middle line) / outer x axis line: in the option order
            side = "inner" if mode == "middle" else "outer"
            keys = (f"{a} axis line style", f"{side} axis line style", f"every {side} {a} axis line/.style",
                    f"every {side} {a} axis line/.append style")
            for k, v in getattr(self, "opts", None) or ():
                if k in keys and (v or "").strip():
                    self.interp.apply_options(ast, v)
            c = self.cross(a)
            lo, hi = self.geometric_sides(a)
            for side in ((lo, hi) if mode == "box" else (c,)):
                off = self.line_offset(a, side)
                if a == "x":
                    pts = [self.P(self.xmin, side), self.P(self.xmax, side)]
                    pts = [(x, y + off) for x, y in pts]
                else:
                    pts = [self.P(side, self.ymin), self.P(side, self.ymax)]
                    pts = [(x + off, y) for x, y in pts]
                if gaps[a] in ("crunch", "parallel"):
                    self.discontinuous_line(pts, ast, gaps[a])
                    continue
                self.line(pts, ast, construct="axis lines")

    def discontinuous_line(self, pts, st, kind):
        """An axis line with ``axis x discontinuity=crunch`` (a zigzag, 12pt segments, amplitude
        4pt) or ``parallel`` (ticks 4pt apart, amplitude 8pt) from 4pt after its start: pgfplots
        decorates the line with pre length 4pt and post length its length less 16pt (8pt)."""
        (x0, y0), (x1, y1) = pts
        length = math.hypot(x1 - x0, y1 - y0)
        deco = "zigzag,segment length=12pt,amplitude=4pt" if kind == "crunch" else \
            "ticks,segment length=4pt,amplitude=8pt"
        post = length - (16.0 if kind == "crunch" else 8.0)
        saved = self.interp.st
        self.interp.st = dict(st)
        try:
            self.tikz(f"\\path[draw,decorate,decoration={{{deco},pre length=4pt,post length={post:.5f}pt}}] "
                      f"({x0:.5f}pt,{y0:.5f}pt) -- ({x1:.5f}pt,{y1:.5f}pt);")
        finally:
            self.interp.st = saved

    def line_shift(self, a):
        """``axis line shift`` / ``axis <a> line shift`` of axis ``a``'s line (pt; a number without
        unit is in units of the other direction), 0 when not given."""
        v = (self.kv.get(f"axis {a} line shift") or self.kv.get("axis line shift") or "").strip()
        if not v:
            return 0.0
        r = self.interp.number(v, self.st)
        if r.units:
            return r.value
        return r.value * (self.sy if a == "x" else self.sx)

    def line_offset(self, a, side):
        """How far (pt, along the other direction) axis ``a``'s line at ``side`` (a data value of
        the other direction) is moved by its ``axis line shift``: outwards, down/left for the
        lower side and a middle line, up/right for the upper side."""
        s = self.line_shift(a)
        if not s:
            return 0.0
        lo, hi = self.geometric_sides(a)
        q = self.P(0.0, side)[1] if a == "x" else self.P(side, 0.0)[0]
        q_lo = self.P(0.0, lo)[1] if a == "x" else self.P(lo, 0.0)[0]
        q_hi = self.P(0.0, hi)[1] if a == "x" else self.P(hi, 0.0)[0]
        upper = abs(q - max(q_lo, q_hi)) < 1e-9 and abs(q_hi - q_lo) > 1e-9
        return s if upper else -s

    def cross(self, a):
        """Data value of the other direction where axis ``a``'s line is drawn."""
        mode, _ = self.mode(a)
        lo, hi = self.geometric_sides(a)
        if mode == "middle":
            return min(max(0.0, min(lo, hi)), max(lo, hi))
        if mode == "right":
            return hi
        return lo

    def geometric_sides(self, a):
        """(bottom/left, top/right) data values of the other direction for axis ``a``'s lines
        (swapped by ``dir=reverse``)."""
        o = "y" if a == "x" else "x"
        lo, hi = (self.ymin, self.ymax) if o == "y" else (self.xmin, self.xmax)
        return (hi, lo) if self.reverse[o] else (lo, hi)

    def hist_symbols(self):
        """The names of ``hist/symbolic coords`` (the histogram's data, read as y) -> 0, 1, ..."""
        if not self.kv.get("hist/symbolic coords"):
            return None
        from geoverify.frontends.tikz.options import split_top_level
        return {n.strip(): i for i, n in enumerate(split_top_level(self.kv["hist/symbolic coords"]))}

    def template_label(self, template, v, nxt, number_format, names=None):
        """The text of a tick label from the template ``xticklabel={...}``:
        ``\\pgfmathprintnumber{\\tick}`` (``\\nexttick``) becomes the tick label number (math
        mode added outside ``$``). A template that computes (``\\pgfmathparse``, ``\\if..``) or
        shows ``\\tick`` raw (pgfplots' internal fixed-point text) is reported and the number
        printed alone. ``names``: the axis' ``symbolic coords`` (value -> name), which ``\\tick``
        shows raw."""
        from geoverify.frontends.tikz.pgfmath import format_number as pgf_number

        def raw_tick(t):  # \tick of a symbolic axis: the name
            if names and t is not None and abs(t - round(t)) < 1e-9 and int(round(t)) in names:
                return names[int(round(t))]
            return None
        if raw_tick(v) is not None:
            nxt_name = raw_tick(nxt)
            text = template.replace("\\nexttick", nxt_name if nxt_name is not None else "")
            return text.replace("\\tick", raw_tick(v))
        from geoverify.frontends.tikz.tex import Macro
        raw = re.sub(r"\\pgfmathprintnumber\s*(?:\[[^\]]*\])?\s*(?:\{\s*\\(?:next)?tick\s*\}|\\(?:next)?tick(?![A-Za-z]))",
                     "", template)
        # (nor is \tick in an expression: \pgfmathparse{exp(\tick)}, done by the expansion below)
        raw = re.sub(r"\\pgfmathparse\s*\{(?:[^{}]|\{[^{}]*\})*\}", "", raw)
        if re.search(r"\\(?:next)?tick(?![A-Za-z])", raw):
            self.interp.note("UNSUPPORTED", "a tick label template showing \\tick unformatted is not interpreted "
                             "(the number is printed)", "ticklabel", self.loc)
            return format_number(v, **number_format)
        defs = self.interp.defs
        defs.begin_group()
        try:
            defs.set("\\tick", Macro([], tokenize(pgf_number(v)), None, 0))
            if nxt is not None:
                defs.set("\\nexttick", Macro([], tokenize(pgf_number(nxt)), None, 0))
            # \pgfmathprintnumber kept as written through the expansion (printed below)
            toks = [(_PRINT_NUMBER, p) if t == "\\pgfmathprintnumber" else (t, p) for t, p in tokenize(template)]
            text = detokenize(self.interp.expand_all(toks)).strip()
        except GeoverifyError as err:
            text = "\\pgfmathparse"
            self.interp.note("UNSUPPORTED", f"tick label template not expanded: {err.message}", "ticklabel", self.loc)
        finally:
            defs.end_group()
        if re.search(r"\\pgfmath|\\if|\\tick|\\nexttick", text):
            self.interp.note("UNSUPPORTED", "a tick label template that computes is not interpreted (the number "
                             "is printed)", "ticklabel", self.loc)
            return format_number(v, **number_format)
        out, pos = [], 0
        for m in re.finditer(r"\\gvPrintNumber\s*(?:\[[^\]]*\])?\s*(\{[^{}]*\}|[-+0-9.eE]+)", text):
            arg = m.group(1).strip("{} ")
            try:
                num = format_number(float(arg), **number_format)
            except ValueError:
                return format_number(v, **number_format)
            in_math = (text[:m.start()].count("$") - text[:m.start()].count("\\$")) % 2 == 1
            out += [text[pos:m.start()], num[1:-1] if in_math else num]
            pos = m.end()
        text = "".join(out) + text[pos:]
        # a template that sets only spaces (yticklabel=\ ): an empty label
        return "" if not re.sub(r"\\(?: |$)|~", "", text.strip()).strip() else text

    def tick_align(self, a, mode, star):
        """``inside``, ``outside`` or ``center`` for the ticks of axis ``a``: the last of ``tick
        align``, ``<a>tick align`` and ``axis lines``/``axis <a> line`` (not starred, not ``box``:
        its ``every non boxed <a> axis`` sets ``<a>tick align=center``) in the option order."""
        align = None
        for k, v in getattr(self, "opts", None) or ():
            if k in ("tick align", a + "tick align"):
                align = (v or "").strip()
            elif k in ("axis lines", f"axis {a} line") and (v or "").strip() not in ("", "box"):
                align = "center"
        if not align:
            align = (self.kv.get(a + "tick align") or self.kv.get("tick align") or
                     ("center" if mode != "box" and not star else "inside")).strip()
        return align

    def tick_marks_and_labels(self, ticks, modes):
        """Draw tick marks and tick labels; returns the tick label primitives per axis."""
        interp, kv = self.interp, self.kv
        tst = dict(interp.st)
        tst.update(draw="current", fill=None, dash=None, arrow_start=None, arrow_end=None)
        tst["color"] = (0.5, 0.5, 0.5)
        tst["line_width"] = 0.2
        if kv.get("tick style"):
            interp.apply_options(tst, kv["tick style"])
        length = _TICK_LEN
        if kv.get("major tick length"):
            length = _num(interp, kv["major tick length"], self.st)
        out = {"x": [], "y": []}
        for a in "xy":
            major, labels, minor, scale = ticks[a]
            mode, star = modes[a]
            if mode == "none":
                continue
            extra = self.extra_ticks(a)
            # every extra x tick: log identify minor tick positions=true (extra tick style may say false)
            # (extra tick styles append: pgfplots' every extra x tick/.append style)
            extra_style = dict(split_options(",".join(
                v for k, v in self.styles.items() if k in ("extra tick style", f"extra {a} tick style") and v)))
            identify_extra = (extra_style.get("log identify minor tick positions") or "true").strip() != "false" \
                if len(extra) else True
            align = self.tick_align(a, mode, star)
            pos = (kv.get(a + "tick pos") or kv.get(a + "tickpos") or kv.get("tick pos") or kv.get("tickpos")
                   or "").strip()
            c = self.cross(a)
            other = "y" if a == "x" else "x"
            omode = modes[other][0]
            keep = self.unobscured(a, major, modes)
            major = major[keep]
            if labels is not None:
                labels = [t for t, k in zip(labels, keep) if k]
            if len(extra):
                extra_labels = self.extra_labels(a, extra)
                if labels is not None or extra_labels is not None:
                    labels = list(labels[:len(major)] if labels is not None else [None] * len(major)) + \
                        (extra_labels or [None] * len(extra))
                major = np.concatenate([major, extra])
            g_lo, g_hi = self.geometric_sides(a)
            sides = [(c, -1 if mode == "right" else +1)]
            if mode == "box" and pos in ("", "both"):
                sides.append((g_hi, -1))
            elif mode == "box" and pos in ("right", "top"):
                sides = [(g_hi, -1)]
            mlen = _num(interp, kv["minor tick length"], self.st) if kv.get("minor tick length") else _MINOR_TICK_LEN
            # extra ticks take their own style's major tick length (0pt: no tick drawn)
            xlen = _num(interp, extra_style["major tick length"], self.st) \
                if (extra_style.get("major tick length") or "").strip() else length
            n_regular = len(major) - len(extra)
            for vals, lens in ((major, [length] * n_regular + [xlen] * len(extra)), (minor, [mlen] * len(minor))):
                for v, ln in zip(vals, lens):
                    if ln == 0:
                        continue
                    for side, inward in sides:
                        if align == "inside":
                            d0, d1 = 0.0, inward * ln
                        elif align == "outside":
                            d0, d1 = 0.0, -inward * ln
                        else:
                            d0, d1 = -ln / 2, ln / 2
                        off = self.line_offset(a, side)
                        if a == "x":
                            x, y = self.P(v, side)
                            pts = [(x, y + off + d0), (x, y + off + d1)]
                        else:
                            x, y = self.P(side, v)
                            pts = [(x + off + d0, y), (x + off + d1, y)]
                        self.line(pts, tst, construct="ticks")
            # labels on the first side (bottom/left), outside the box
            if kv.get(a + "ticklabel pos", kv.get("ticklabel pos", "")) in ("right", "top") or \
                    (mode == "box" and pos in ("right", "top")) or mode == "right":
                side, outward = self.geometric_sides(a)[1], +1
            else:
                side, outward = c, -1
            shift = {"inside": 0.0, "center": length / 2, "outside": length}.get(align, 0.0)
            if align == "inside" and mode == "box":
                shift = 0.0
            # inner sep .3333em of the axis' font (not of the label's own font=...)
            opts = "inner sep=3.333pt," + (("anchor=north" if outward < 0 else "anchor=south") if a == "x" else
                                           ("anchor=east" if outward < 0 else "anchor=west"))
            style = ",".join(s for s in (self.styles.get("tick label style"), self.styles.get("ticklabel style"),
                                         self.styles.get(f"{a} tick label style"),
                                         self.styles.get(f"{a}ticklabel style")) if s)
            # /pgf/number format/ keys among the axis options hold for every tick label
            given = ",".join(k if v is None else f"{k}={{{v}}}" for k, v in getattr(self, "opts", None) or ()
                             if k.startswith("/pgf/number format/"))
            number_format, style = split_number_format(given + "," + style if given else style)
            template = kv.get(a + "ticklabel")
            code = []
            # x tick label as interval: each label between its tick and the next (the last has none)
            as_interval = self.flag(f"{a} tick label as interval")
            for i, v in enumerate(major):
                at = v
                if as_interval and i < n_regular:
                    if i + 1 >= n_regular:
                        continue
                    at = 0.5 * (v + major[i + 1])
                if labels is not None and (i >= len(labels) or labels[i] is not None):
                    if i >= len(labels):
                        break
                    text = labels[i]
                elif template is not None:
                    nxt = major[i + 1] if i + 1 < len(major) else None
                    # on a log axis \tick is the natural logarithm of the tick position
                    f = math.log(10.0) if self.log[a] else self.scaled_value(1.0, scale)
                    text = self.template_label(template, v * f, None if nxt is None else nxt * f, number_format,
                                               {k: n for n, k in self.symbols.get(a, {}).items()})
                elif self.log[a]:  # an extra tick on a log axis
                    text = self.log_label(a, v, identify=identify_extra)
                else:
                    text = format_number(self.scaled_value(v, scale), **number_format)
                if a == "x":
                    x, y = self.P(at, side)
                    y += outward * shift + self.line_offset(a, side)
                else:
                    x, y = self.P(side, at)
                    x += outward * shift + self.line_offset(a, side)
                lst = style
                if i >= n_regular:  # extra tick style={font=.., tick label style={..}}
                    more = ["font={" + extra_style["font"].strip() + "}"] if (extra_style.get("font") or "").strip() \
                        else []
                    more += [(extra_style.get(k) or "").strip() for k in ("tick label style", "ticklabel style",
                                                                        f"{a} tick label style", f"{a}ticklabel style")]
                    lst = ",".join(t for t in [style] + more if t)
                lst = lst.replace("\\ticknum", str(i))  # the tick's number (name=tick no \ticknum)
                if self.flag("typeset ticklabels with strut"):
                    text = "\\strut " + text
                code.append(f"\\node[{opts}{',' + lst if lst else ''}] at ({x:.5f}pt,{y:.5f}pt) {{{text}}};")
            if code:
                out[a] = [p for p in self.tikz("\n".join(code)) if hasattr(p, "text")]
            out[a + "side"] = (side, outward, shift)
            if scale and out[a] and outward < 0:
                self.tick_scale_label(a, scale, out[a])
            elif scale:
                interp.note("APPROXIMATED", f"the {a} tick scale label (10^{scale}) is not drawn",
                            "scaled ticks", self.loc)
        return out

    def scaled_ticks_choice(self, a, spec):
        """The ``scale`` of ``scaled <a> ticks=real:r`` (``("real", r)``: the labels show the
        values divided by r) or ``manual:{label}{code}`` (``("manual", label, expression)``:
        the code ``\\pgfmathparse{..#1..}`` maps each value); a manual code that is not one
        ``\\pgfmathparse`` is reported and the values are shown."""
        spec = spec.strip()
        while spec.startswith("{") and spec.endswith("}"):
            spec = spec[1:-1].strip()
        kind, _, arg = spec.partition(":")
        if kind.strip() == "real":
            return ("real", _num(self.interp, arg, self.st))
        from geoverify.frontends.tikz.tex import Reader as _Reader
        toks = [(t, self.pos) for t, _ in tokenize(arg)]
        r = _Reader(toks, self.interp.defs, self.interp.budget, self.interp.source)
        label, code = detokenize(r.read_arg()).strip(), detokenize(r.read_arg()).strip()
        m = re.fullmatch(r"\\pgfmathparse\s*\{(.*)\}", code, re.S)
        if m is None:
            self.interp.note("UNSUPPORTED", f"scaled {a} ticks=manual code '{code}' (only \\pgfmathparse) is not "
                             "interpreted; the values are shown", "scaled ticks", self.loc)
            return ("manual", label, "#1")
        return ("manual", label, m.group(1).strip())

    def scaled_value(self, v, scale):
        """A tick label's number: ``v`` under ``scaled ticks`` (``scale``: the exponent e of
        ``v / 10^e``, or a choice of :meth:`scaled_ticks_choice`)."""
        if not isinstance(scale, tuple):
            return v / 10.0 ** scale
        if scale[0] == "real":
            return v / scale[1]
        try:
            return self.interp.number(scale[2].replace("#1", f"({float(v)!r})"), self.st).value
        except GeoverifyError as err:
            self.interp.note("UNSUPPORTED", f"scaled ticks=manual code not evaluated: {err.message}", "scaled ticks",
                             self.loc)
            return v

    def tick_scale_text(self, a, scale):
        """The text of the tick scale label: pgfplots' ``<a>tick scale label code`` with the
        scale (``$\\cdot 10^{e}$``; ``real:r``: ``$\\cdot r$``; ``manual``: its label),
        ``tick scale binop`` for the ``\\cdot``."""
        if isinstance(scale, tuple) and scale[0] == "manual":
            return scale[1]
        binop = (self.kv.get("tick scale binop") or "\\cdot").strip()
        arg = format_number(scale[1])[1:-1] if isinstance(scale, tuple) else str(scale)
        code = self.kv.get(f"{a}tick scale label code/.code")
        if code is not None:
            return code.strip().replace("#1", arg)
        return f"${binop} {arg}$" if isinstance(scale, tuple) else f"${binop} 10^{{{arg}}}$"

    def tick_scale_label(self, a, scale, tick_labels):
        """The ``\\cdot 10^{e}`` label of ``scaled ticks`` (pgfplots' ``every x/y tick scale
        label``): x at 0.9 of the axis, 5pt under the tick labels; y above the axis' top end (before
        ``compat=1.3`` 0.3em above its top left corner)."""
        text = self.tick_scale_text(a, scale)
        if a == "x":
            x = self.P(self.xmin, 0)[0] + 0.9 * (self.P(self.xmax, 0)[0] - self.P(self.xmin, 0)[0])
            y = min(p.box[1] for p in tick_labels) - 3.333 - 5.0
            self.tikz(f"\\node[inner sep=0pt,anchor=north] at ({x:.5f}pt,{y:.5f}pt) {{{text}}};")
        else:
            left = min(self.P(self.xmin, 0)[0], self.P(self.xmax, 0)[0])
            top = max(self.P(0, self.ymin)[1], self.P(0, self.ymax)[1])
            x, y = left + 3.0, top + 0.03 * self.H
            mode, star = self.mode("y")
            if (mode == "box" or star) and not self.compat_at_least(1, 3):
                x, y = left, top + 3.0  # before compat 1.3: at (0,1), above right, yshift=0.3em
            self.tikz(f"\\node[inner sep=0pt,anchor=south west] at ({x:.5f}pt,{y:.5f}pt) {{{text}}};")

    def axis_labels(self, modes, labels):
        interp, kv = self.interp, self.kv
        inner = 0.3333 * 10.0
        code = []
        cx = (self.P(self.xmin, 0)[0] + self.P(self.xmax, 0)[0]) / 2
        cy = (self.P(0, self.ymin)[1] + self.P(0, self.ymax)[1]) / 2
        for a in "xy":
            text = kv.get(a + "label")
            if text is None or not text.strip() or self.hides_axis(a):
                continue
            mode = modes[a][0]
            style = ",".join(s for s in (self.styles.get("label style"), self.styles.get(a + "label style")) if s)
            at, style = self.description_at(style)
            st = "," + style if style else ""
            if (mode == "box" or modes[a][1]) and not self.compat_at_least(1, 3):
                # before compat=1.3 (xlabel/ylabel absolute): at (0.5,0) below, 15pt lower; at
                # (0,0.5) 35pt left, rotated, centred (styles given after those)
                if at is None:
                    (ox, oy), _, _ = self.description_frame()
                    at = G.apply(G.invert(self.st["ctm"]), (ox, oy))
                    at = (cx, at[1]) if a == "x" else (at[0], cy)
                pre = "below,yshift=-15pt" if a == "x" else "xshift=-35pt,rotate=90"
                code.append(f"\\node[inner sep=3.333pt,{pre}{st}] at ({at[0]:.5f}pt,{at[1]:.5f}pt) {{{text}}};")
                continue
            if at is not None:  # the style's at= replaces pgfplots' default position
                rot = "" if a == "x" or mode == "middle" else "rotate=90,"
                anchor = {("x", True): "south east", ("y", True): "north west", ("x", False): "north",
                          ("y", False): "south"}[a, mode == "middle"]
                code.append(f"\\node[inner sep=3.333pt,{rot}anchor={anchor}{st}] at ({at[0]:.5f}pt,{at[1]:.5f}pt) "
                            f"{{{text}}};")
                continue
            if mode == "middle":
                if a == "x":
                    end, anchor = self.middle_x_label()
                    x, y = self.P(self.xmax if end else self.xmin, self.cross("x"))
                    code.append(f"\\node[inner sep=3.333pt,anchor={anchor}{st}] at ({x:.5f}pt,{y:.5f}pt) {{{text}}};")
                else:
                    x, y = self.P(self.cross("y"), self.ymax)
                    code.append(f"\\node[inner sep=3.333pt,anchor=north west{st}] at ({x:.5f}pt,{y:.5f}pt) {{{text}}};")
                continue
            side, outward, shift = labels.get(a + "side", (self.cross(a), -1, 0.0))
            # the tick labels' boxes (canvas) in the picture's frame (before its transformation)
            inv = G.invert(self.st["ctm"])
            tl = [np.array([G.apply(inv, (x, y)) for x in p.box[::2] for y in p.box[1::2]])
                  for p in labels.get(a) or []]
            tl = [(*q.min(axis=0), *q.max(axis=0)) for q in tl]
            if a == "x":
                y = self.P(0, side)[1] + outward * shift
                if tl:
                    y = min(b[1] for b in tl) - inner if outward < 0 else max(b[3] for b in tl) + inner
                anchor = compass_toward((0.0, -outward), _rotation(interp, style, self.st))
                code.append(f"\\node[inner sep=3.333pt,anchor={anchor}{st}] at ({cx:.5f}pt,{y:.5f}pt) {{{text}}};")
            else:
                x = self.P(side, 0)[0] + outward * shift
                if tl:
                    x = min(b[0] for b in tl) - inner if outward < 0 else max(b[2] for b in tl) + inner
                # anchor=near ticklabel: the side facing the axis, after every rotation (style's too)
                anchor = compass_toward((-outward, 0.0), 90.0 + _rotation(interp, style, self.st))
                code.append(f"\\node[inner sep=3.333pt,rotate=90,anchor={anchor}{st}] at ({x:.5f}pt,{cy:.5f}pt) {{{text}}};")
        title = kv.get("title")
        if title is not None and title.strip():
            at, style = self.description_at(self.styles.get("title style"))
            shift = _num(interp, kv["every axis title shift"], self.st) if kv.get("every axis title shift") \
                else _TITLE_SHIFT
            x, y = (at[0], at[1] + shift) if at is not None else (cx, self.P(0, self.ymax)[1] + shift)
            code.append(f"\\node[inner sep=3.333pt,anchor=south{',' + style if style else ''}] at ({x:.5f}pt,{y:.5f}pt) {{{title}}};")
        if code:
            self.tikz("\n".join(code))

    def unobscured(self, a, major, modes):
        """Bool mask ``(N,)`` of the ticks of ``major`` that pgfplots shows on a middle axis line
        ``a`` (``hide obscured <a> ticks``, on unless the other line has an ``axis line shift``):
        it hides those where the other axis' lines cross it, at both limits for a boxed other
        axis, at the left/bottom or right/top one, or at the other middle line."""
        keep = np.ones(len(major), dtype=bool)
        other = "y" if a == "x" else "x"
        omode = modes[other][0]
        if modes[a][0] != "middle" or (self.kv.get(f"hide obscured {a} ticks") or "true").strip() == "false" \
                or self.line_shift(other):
            return keep
        lo, hi = self.geometric_sides(other)  # (left/bottom, right/top) values of axis a
        hidden = {"box": [lo, hi], "left": [lo], "right": [hi], "middle": [self.cross(other)]}.get(omode, [])
        rng = abs(hi - lo) or 1.0
        for v in hidden:
            keep &= np.abs(np.asarray(major, dtype=float) - v) > 1e-6 * rng
        return keep

    def middle_x_label(self):
        """``(at the upper end, anchor)`` of the label of a middle x axis line: pgfplots' ``axis x
        line=middle`` puts it at ``ticklabel* cs:1`` (``near ticklabel align=inside``: south
        east), or at ``cs:0`` when the y line is already ``right``; a later ``axis y line=right``
        moves it to ``ticklabel* cs:0``, ``align=outside`` (south west). The keys act in the
        option order."""
        label, x_mid, y_right = (True, "south east"), False, False
        for k, v in getattr(self, "opts", None) or ():
            v = (v or "").strip()
            names = {"axis lines": ("x", "y"), "axis lines*": ("x", "y"), "axis x line": ("x",),
                     "axis x line*": ("x",), "axis y line": ("y",), "axis y line*": ("y",)}.get(k, ())
            for a in names:
                if a == "x":
                    x_mid = v in ("middle", "center")
                    if x_mid and not k.endswith("*"):
                        label = (not y_right, "south east")
                else:
                    y_right = v == "right"
                    if y_right and x_mid and not k.endswith("*"):
                        label = (False, "south west")
        return label

    def legend(self):
        """The legend (:func:`~geoverify.frontends.tikz.pgfplots_legend.draw_legend`)."""
        from geoverify.frontends.tikz.pgfplots_legend import draw_legend
        draw_legend(self)
