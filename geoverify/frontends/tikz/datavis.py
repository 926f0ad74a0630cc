"""``\\datavisualization`` (pgf's ``datavisualization`` library).

The statement ``\\datavisualization [options] data [...] {...} ... ;`` is read
as ``tikzlibrarydatavisualization.code.tex`` reads it: option blocks, ``data``
blocks (formats of :mod:`~geoverify.frontends.tikz.datavis_data`), ``data
point [x=..., y=..., set=...]`` and ``info``/``info'`` blocks of TikZ code (where
``visualization cs: x=..., y=...`` is a point of the visualization). Then, as
pgf does, every axis surveys the range of its attribute, the visualizers draw
their data sets and the axis system draws grid, ticks, axes and labels
(:mod:`~geoverify.frontends.tikz.datavis_axes`).

Modelled: the axis systems ``xy Cartesian``, ``school book axes`` (``unit``)
and ``scientific axes`` (``width``, ``height``, ``outer ticks``, ``inner
ticks``, ``clean``, ``standard labels``, ``upright labels``); axis keys
``attribute``, ``length``, ``scaling``, ``unit length``, ``ticks``, ``grid``,
``padding``, ``include value``, ``min value``, ``max value``, ``label`` and the
``visualize axis/ticks/grid/label`` keys; the visualizers ``visualize as line``,
``smooth line``, ``smooth cycle`` and ``scatter`` (named, ``/.list``), their
``style``, and the style sheets ``vary dashing``, ``vary thickness``, ``vary
thickness and dashing``, ``strong colors``, ``cross marks``; legends of
``label in legend`` (:mod:`~geoverify.frontends.tikz.datavis_legend`). Everything
else (labels and pins in data, logarithmic axes, polar axes, data groups ...) is
reported as unsupported.
"""

from __future__ import annotations

import re

from geoverify.errors import FigureSyntaxError, GeoverifyError
from geoverify.frontends.tikz.datavis_axes import DEFAULT_STYLES, DvAxis, unbrace
from geoverify.frontends.tikz.datavis_decor import show_axis, show_grid, show_label, show_ticks
from geoverify.frontends.tikz.datavis_legend import Legend, draw_legend
from geoverify.frontends.tikz.datavis_systems import scientific, school_book
from geoverify.frontends.tikz.datavis_data import function_points, named_points, table_points, tex_code_points, to_value
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.nodes import Node
from geoverify.frontends.tikz.datavis_axes import split_keys
from geoverify.frontends.tikz.pgfplots_marks import mark_outlines
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize, tokenize_at

__all__ = ["run_datavisualization"]

_SHEETS = {
    "vary dashing": {1: "solid", 2: "dash pattern=on 5\\pgflinewidth off 2\\pgflinewidth",
                     3: "dash pattern=on 1.5\\pgflinewidth off 1.5\\pgflinewidth",
                     4: "dash pattern=on 5\\pgflinewidth off 1.5\\pgflinewidth on 1.5\\pgflinewidth off "
                        "1.5\\pgflinewidth",
                     5: "dash pattern=on 10\\pgflinewidth off 3\\pgflinewidth",
                     6: "dash pattern=on 10\\pgflinewidth off 2\\pgflinewidth on 2\\pgflinewidth off "
                        "2\\pgflinewidth",
                     7: "dash pattern=on 8\\pgflinewidth off 2\\pgflinewidth on 1.5\\pgflinewidth off "
                        "1.5\\pgflinewidth on 1.5\\pgflinewidth off 1.5\\pgflinewidth on 1.5\\pgflinewidth off "
                        "1.5\\pgflinewidth",
                     0: "solid"},
    "strong colors": {1: "black", 2: "red!80!black", 3: "blue!80!black", 4: "green!60!black",
                      5: "orange!80!black", 6: "black!60", 0: "black"},
    "cross marks": {1: "mark=x,mark size=2pt", 2: "mark=+,mark size=2pt", 3: "mark=Mercedes star,mark size=2pt",
                    4: "mark=Mercedes star flipped,mark size=2pt", 5: "mark=star,mark size=2pt",
                    6: "mark=10-pointed star,mark size=1.8pt", 0: "mark=x,mark size=2pt"},
}
_SHEETS["vary thickness and dashing"] = {
    i: ("thin" if i % 2 else "thick") + ("," + _SHEETS["vary dashing"][(i + 1) // 2] if i > 2 else "")
    for i in range(1, 15)}
_SHEETS["vary thickness and dashing"][0] = "thin"
_COLOR_SHEETS = ("strong colors",)
_VISUALIZERS = {"visualize as line": ("line", "straight"), "visualize as smooth line": ("line", "smooth"),
                "visualize as smooth cycle": ("line", "smooth cycle"), "visualize as scatter": ("scatter", "none")}
_HANDLERS = {"straight line": "straight", "smooth line": "smooth", "smooth cycle": "smooth cycle",
             "no lines": "none", "straight cycle": "straight cycle", "polygon": "straight cycle",
             "gap line": "gaplineto", "gap cycle": "gapcycle"}
_VIS_CS_RE = re.compile(r"\(\s*visualization\s+cs\s*:\s*((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)")

_BBOX = "data visualization bounding box"
_SHOW = {"grid": show_grid, "ticks": show_ticks, "axis": show_axis}
_CORE_MARKS = ("*", "x", "+", "ball")  # the marks pgf defines without the plotmarks library
_LW_RE = re.compile(r"([\d.]+)\s*\\pgflinewidth")


class _Visualizer:
    __slots__ = ("name", "kind", "handler", "styling", "index")

    def __init__(self, name, kind, handler, index):
        self.name, self.kind, self.handler, self.index = name, kind, handler, index
        self.styling: list[str] = []


class DataVisualization:
    """One ``\\datavisualization`` statement: its axes, visualizers, data and info code."""

    def __init__(self, interp, loc, pos):
        self.interp, self.loc, self.pos = interp, loc, pos
        self.axes: dict[str, DvAxis] = {}
        self.styles = dict(DEFAULT_STYLES)
        self.actions: list[tuple[str, str, str]] = []  # (kind, axis name, options)
        self.visualizers: dict[str, _Visualizer] = {}
        self.sheets: list[str] = []
        self.default_set: str | None = None
        self.points: list[dict] = []
        self.infos: list[tuple[bool, str, list]] = []
        self.legend = Legend()
        self.data_defaults: dict[str, str] = {}  # "data/format=function" ...
        self.global_keys = ""  # node styles and tick strategies given to the whole visualization

    def note(self, message: str, construct: str) -> None:
        self.interp.note("UNSUPPORTED", message, construct, self.loc)

    def number(self, text) -> float:
        return self.interp.number(unbrace(str(text)), self.interp.st).value

    # -- reading the statement -------------------------------------------------------
    def read(self, toks: list) -> None:
        given = self.interp.defs.get("dvset")  # \tikzdatavisualizationset{..} before the statement
        if given:
            self.options(given)
        i, n = 0, len(toks)

        def skip(j):
            while j < n and toks[j][0] in (" ", "\\par"):
                j += 1
            return j

        def bracket(j):  # toks[j] is "[": (text inside, index after "]")
            depth, k = 0, j + 1
            while k < n:
                t = toks[k][0]
                if t == "{":
                    depth += 1
                elif t == "}":
                    depth -= 1
                elif t == "]" and depth == 0:
                    return toks[j + 1:k], k + 1
                k += 1
            raise FigureSyntaxError("an option list of \\datavisualization is never closed", location=self.loc)

        def group(j):  # toks[j] is "{": (tokens inside, index after "}")
            depth, k = 0, j
            while k < n:
                t = toks[k][0]
                if t == "{":
                    depth += 1
                elif t == "}":
                    depth -= 1
                    if depth == 0:
                        return toks[j + 1:k], k + 1
                k += 1
            raise FigureSyntaxError("a brace group of \\datavisualization is never closed", location=self.loc)

        def optional(j):
            j = skip(j)
            if j < n and toks[j][0] == "[":
                body, j = bracket(j)
                return self.text(body), skip(j)
            return "", j

        while True:
            i = skip(i)
            if i >= n or toks[i][0] == ";":
                return
            t = toks[i][0]
            if t == "[":
                body, i = bracket(i)
                self.options(self.text(body))
            elif t == "data":
                i = skip(i + 1)
                word = toks[i][0] if i < n else ""
                if word == "point":
                    opts, i = optional(i + 1)
                    point = {k.strip(): to_value(v or "") for k, v in split_keys(opts)}
                    point.setdefault("set", self.default_set)
                    self.points.append(point)
                elif word == "group":
                    i = self._data_group(toks, i + 1, optional, group, skip)
                else:
                    opts, i = optional(i)
                    if i >= n or toks[i][0] != "{":
                        raise FigureSyntaxError("'data' without a '{...}' block is not interpreted")
                    body, i = group(i)
                    try:
                        self.data(opts, body)
                    except GeoverifyError as err:  # this block only: the others are drawn
                        if self.interp.strict:
                            raise
                        self.note(f"\\datavisualization data: {err.message}; the block is skipped", "data")
            elif t == "info":
                before = i + 1 < n and toks[i + 1][0] == "'"
                opts, i = optional(i + 2 if before else i + 1)
                if i >= n or toks[i][0] != "{":
                    raise FigureSyntaxError("'info' without a '{...}' block")
                body, i = group(i)
                self.infos.append((before, opts, body))
            else:
                raise FigureSyntaxError(f"'{t}' in \\datavisualization is not interpreted")

    def _data_group(self, toks, i, optional, group, skip) -> int:
        """``data group [opts] {name} = {...}`` (``+=`` extends) stores data statements in a global
        group without drawing them; ``data group {name}`` reads them here. Returns the next index."""
        n = len(toks)
        opts, i = optional(i)
        if i >= n or toks[i][0] != "{":
            raise FigureSyntaxError("'data group' without a '{name}'")
        name_toks, i = group(i)
        key = "dvgroup:" + detokenize(name_toks).strip()
        i = skip(i)
        if i < n and toks[i][0] in ("=", "+"):
            extend = toks[i][0] == "+"
            i = skip(i + (2 if extend else 1))
            if i >= n or toks[i][0] != "{":
                raise FigureSyntaxError("'data group {name} =' without a '{...}' block")
            body, i = group(i)
            old = self.interp.defs.get(key)
            if extend and old is None:
                raise FigureSyntaxError(f"undefined data group '{key[8:]}'")
            self.interp.defs.set(key, (old if extend else []) + [(opts, body)], global_=True)
            return i
        stored = self.interp.defs.get(key)
        if stored is None:
            raise FigureSyntaxError(f"undefined data group '{key[8:]}'")
        for gopts, body in stored:
            saved = dict(self.data_defaults)
            self.data_defaults.update((k.strip().removeprefix("/pgf/data/"), unbrace(v))
                                      for k, v in split_keys(gopts))
            try:
                self.read(body)
            finally:
                self.data_defaults = saved
        return i

    def text(self, toks) -> str:
        return detokenize(self.interp.expand_all(toks))

    def data(self, opts: str, body: list) -> None:
        kv = dict(self.data_defaults)
        kv.update((k.strip().removeprefix("/pgf/data/"), unbrace(v)) for k, v in split_keys(opts))
        fmt = kv.pop("format", "table")
        dset = kv.pop("set", None) or self.default_set
        const = {}  # "/data point/x=1": the attribute of every point of the block
        for k in list(kv):
            if k.startswith("/data point/"):
                const[k[12:]] = to_value(kv.pop(k))
            elif k not in ("separator", "headline", "samples"):
                self.note(f"data option '{k}' is not interpreted", k)
        if kv.get("separator", "").strip() == "\\space":
            kv["separator"] = " "
        src = self._source_text(body)
        if fmt == "table":
            pts = table_points(src, kv.get("separator", ","), kv.get("headline"))
        elif fmt == "named":
            from geoverify.frontends.tikz.loops import expand_list
            pts = named_points(src, lambda text: expand_list(self.interp, text))
        elif fmt == "TeX code":
            pts = tex_code_points(src)
        elif fmt == "function":
            samples = int(self.number(kv["samples"])) if "samples" in kv else 25
            pts = function_points(src, self.number, samples)
        else:
            raise FigureSyntaxError(f"data format '{fmt}' is not interpreted")
        for p in pts:
            p.setdefault("set", dset)
            for k, v in const.items():
                p.setdefault(k, v)
        self.points += pts

    def _source_text(self, body: list) -> str:
        """The text of a data block with its line breaks (the tokens keep only spaces)."""
        text = self.interp.source.text
        if body:
            a, b = body[0][1], body[-1][1]
            if 0 <= a <= b < len(text):
                raw = text[a:b + len(body[-1][0])]
                if "\\" not in raw and detokenize(tokenize(raw)).split() == detokenize(body).split():
                    return raw
        # tokens from a macro: a blank line is a line break
        return "".join("\n" if t == "\\par" else t for t, _ in body)

    # -- keys --------------------------------------------------------------------------
    def options(self, text: str) -> None:
        for k, v in split_keys(text):
            self.key(k.strip(), v)

    def key(self, k: str, v: str | None) -> None:  # noqa: C901 - one branch per key family
        val = unbrace(v)
        if k in ("xy Cartesian", "uv Cartesian"):
            a, b = k[0], k[1]
            self.axes.setdefault(a + " axis", DvAxis(a + " axis", a, (1.0, 0.0)))
            self.axes.setdefault(b + " axis", DvAxis(b + " axis", b, (0.0, 1.0)))
        elif k in ("xyz Cartesian cabinet", "uvw Cartesian cabinet"):  # tikzlibrarydatavisualization's styles
            self.key(k[:2] + " Cartesian", None)
            c = k[2] + " axis"
            self.axes.setdefault(c, DvAxis(c, k[2], (-0.353553, -0.353553)))  # unit vector (-0.353553pt, ..)
        elif k == "school book axes":
            school_book(self, val)
        elif k == "scientific axes":
            scientific(self, val)
        elif k in self.axes:
            self.axis_options(self.axes[k], val)
        elif k == "all axes":
            for axis in list(self.axes.values()):
                self.axis_options(axis, val)
        elif k in _VISUALIZERS or (k.endswith("/.list") and k[:-6] in _VISUALIZERS):
            names = [x.strip() for x in val.split(",")] if k.endswith("/.list") else [val]
            kind, handler = _VISUALIZERS[k.removesuffix("/.list")]
            for name in names:
                name = name or ("scatter" if kind == "scatter" else "line")
                vis = self.visualizers.get(name)
                if vis is None:
                    vis = self.visualizers[name] = _Visualizer(name, kind, handler, len(self.visualizers) + 1)
                vis.kind, vis.handler = kind, handler
                self.default_set = name
        elif k in self.visualizers:
            self.visualizer_options(self.visualizers[k], val)
            self.default_set = k
        elif k == "legend":
            self.legend.options(self, val)
        elif k.removeprefix("/tikz/data visualization/").startswith("legend entry options/"):
            sub = k.removeprefix("/tikz/data visualization/")[len("legend entry options/"):]
            kind = sub.removeprefix("default label in legend ").removesuffix("/.style")
            if kind in self.legend.defaults and sub.endswith("/.style") and sub.startswith("default label"):
                self.legend.defaults[kind] = val
            else:
                self.note(f"legend entry option '{sub}' is not interpreted", "legend entry options")
        elif k.startswith("data/"):
            self.data_defaults[k[5:]] = val
        elif k == "data point":
            point = {pk.strip(): to_value(pv or "") for pk, pv in split_keys(val)}
            point.setdefault("set", self.default_set)
            self.points.append(point)
        elif k in ("clean ticks", "node style") or k.endswith(" about strategy"):
            self.global_keys += "," + (k if v is None else f"{k}={{{v}}}")
        elif k == "style sheet":
            if val in _SHEETS:
                self.sheets.append(val)
            else:
                self.note(f"style sheet '{val}' is not interpreted", "style sheet")
        elif k.startswith("every ") and "/." in k:
            name, _, handler = k.partition("/.")
            if handler == "style":
                self.styles[name] = val
            elif handler == "append style":
                self.styles[name] = self.styles.get(name, "") + "," + val
            else:
                self.note(f"data visualization key '{k}' is not interpreted", k)
        elif "/." in k and k.rpartition("/.")[2] in ("style", "append style"):  # a style of the figure's own
            name, _, handler = k.rpartition("/.")
            name = name.strip().removeprefix("/tikz/data visualization/")
            self.styles[name] = val if handler == "style" else self.styles.get(name, "") + "," + val
        elif k in self.styles and not k.startswith("every "):  # its keys, #1 the value given
            self.options(self.styles[k].replace("#1", val or ""))
        else:
            self.note(f"data visualization key '{k}' is not interpreted", k.split("/")[0])

    def visualizer_options(self, vis: _Visualizer, text: str) -> None:
        for k, v in split_keys(text):
            k = k.strip()
            if k == "style":
                vis.styling.append(unbrace(v))
            elif k in _HANDLERS:
                vis.handler = _HANDLERS[k]
            elif k == "label in legend":
                self.legend.entry(self, vis.name, unbrace(v))
            elif k == "ignore style sheets":
                vis.index = 0
            else:
                self.note(f"visualizer option '{k}' is not interpreted", k)

    def axis_options(self, axis: DvAxis, text: str) -> None:  # noqa: C901 - one branch per key
        for k, v in split_keys(text):
            k = k.strip()
            val = unbrace(v)
            if k == "attribute":
                axis.attribute = val
            elif k == "scaling":
                axis.scaling = val
            elif k == "length":
                axis.scaling = "min at 0 and max at {" + val + "}"
            elif k == "unit length":
                length, _, units = val.partition(" per ")
                units = units.replace("units", "").strip() or "1"
                axis.scaling = "0 at 0 and {" + units + "} at {" + length + "}"
            elif k == "ticks":
                axis.ticks_at.append(val if v is not None else "some")
            elif k == "tick placement strategy" and val:  # code run when the ticks are placed
                from geoverify.frontends.tikz.tex import detokenize, tokenize
                code = detokenize(self.interp.expand_all(tokenize(val)))
                sets = re.findall(r"\\tikzdatavisualizationset\s*\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}", code)
                if not sets or re.sub(r"\\tikzdatavisualizationset\s*\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}", "",
                                      code).strip():
                    self.note("a tick placement strategy other than \\tikzdatavisualizationset{..} is not run", k)
                for keys in sets:  # the tick keys it sets (major={at=..}, ...)
                    axis.ticks_at.append(keys)
            elif k == "grid":
                axis.grid_at.append(val if v is not None else "at default ticks")
            elif k == "ticks and grid":
                axis.ticks_at.append(val)
                axis.grid_at.append(val)
            elif k == "padding min":
                axis.padding_min = val
            elif k == "padding max":
                axis.padding_max = val
            elif k == "padding":
                axis.padding_min, axis.padding_max = f"-({val})", val
            elif k == "include value":
                axis.include += [self.number(x) for x in val.split(",") if x.strip()]
            elif k in ("min value", "max value"):
                setattr(axis, k.replace(" ", "_"), self.number(val))
            elif k == "label":
                axis.label = val if v is not None else "$\\mathit{" + axis.attribute + "}$"
            elif k in ("visualize axis", "visualize ticks", "visualize grid", "visualize label"):
                self.actions.append((k.split()[1], axis.name, val))
            elif k == "linear steps":
                axis.exponential = False
            elif k == "exponential steps":
                axis.exponential = True
            elif k == "logarithmic":
                axis.log = axis.exponential = True
                axis.scaling_default = "1 at 0 and 10 at 1"
            elif k == "function" and re.fullmatch(r"\s*\\pgfdvmathln\s*\{\s*\\pgfvalue\s*\}\s*\{\s*\\pgfvalue\s*\}\s*",
                                                   val or ""):
                axis.log = True  # the values mapped through ln before the scaling (the ticks keep their steps)
            elif k == "function" and re.fullmatch(r"\s*\\pgfdvmathunaryop\s*\{\s*\\pgfvalue\s*\}\s*\{\s*sqrt\s*\}"
                                                   r"\s*\{\s*\\pgfvalue\s*\}\s*", val or ""):
                axis.sqrt = True
            else:
                self.note(f"axis option '{k}' is not interpreted", k)

    # -- drawing -----------------------------------------------------------------------
    def render(self) -> None:
        if not self.axes:
            self.key("xy Cartesian", None)
        for p in self.points:
            for axis in self.axes.values():
                v = p.get(axis.attribute)
                if isinstance(v, float):
                    axis.survey(v)
        for axis in self.axes.values():
            axis.setup(self.number)
        interp = self.interp
        from geoverify.frontends.tikz.bounding import start_local_box
        box = start_local_box(interp, _BBOX)
        for before, opts, body in self.infos:
            if before:
                self.info(opts, body)
        code = []
        for vis in self.visualizers.values():
            self.visualizer(vis, code)
        self.run(code)
        data_box = self._extent(box)
        for before, opts, body in self.infos:  # (pgf runs them before the axes are drawn)
            if not before:
                self.info(opts, body)
        code = []
        for kind in ("grid", "ticks", "axis"):
            for sub in (("major", "minor", "subminor") if kind != "axis" else ("",)):
                for k, name, opts in self.actions:
                    if k == kind:
                        _SHOW[kind](self, self.axes[name], opts, sub, code)
        self.run(code)
        extent = self._extent(box)
        if extent is not None:  # the node "data visualization bounding box" of the labels' positions
            x0, y0, x1, y1 = extent
            interp.nodes[_BBOX] = Node(_BBOX, "rectangle", ((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2,
                                       (y1 - y0) / 2, 0.0)
        code = []
        for k, name, opts in self.actions:
            if k == "label":
                show_label(self, self.axes[name], opts, code)
        self.run(code)
        if self.legend.entries:
            code = []
            draw_legend(self, self.legend, self._extent(box), data_box, code)
            self.run(code)

    def _extent(self, box):
        """(xmin, ymin, xmax, ymax) of what the visualization drew since ``box`` began, as pgf's
        local bounding box: paths by their points, nodes by their shapes without outer sep."""
        from geoverify.scene import TextLabel
        from geoverify.scene.primitives import Arrow
        interp = self.interp
        xs, ys = [], []
        for p in interp.scene.primitives[box.prims:]:
            if isinstance(p, (TextLabel, Arrow)) or p.panel != interp.panel:
                continue
            if id(p) in interp.bbox_proxies:  # an old-style tip: the path's end as written counts
                q = interp.bbox_proxies[id(p)][0]
                xs.append(float(q[0]))
                ys.append(float(q[1]))
                continue
            try:
                b = p.bbox()
            except NotImplementedError:
                continue
            xs += [b[0], b[2]]
            ys += [b[1], b[3]]
        for node in interp.placed_nodes[box.nodes:]:
            for sx, sy in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                q = node._to_canvas(sx * node.half_w, sy * node.half_h)
                xs.append(q[0])
                ys.append(q[1])
        return (min(xs), min(ys), max(xs), max(ys)) if xs else None

    def run(self, code: list[str]) -> None:
        if code:
            toks = tokenize_at("\n".join(code), self.pos)
            self.interp.statements(Reader(toks, self.interp.defs, self.interp.budget, self.interp.source), None)

    def info(self, opts: str, body: list) -> None:
        text = detokenize(body)
        if "visualization cs" in text:
            # the point of the axes' attributes given: re-tokenized text (positions: the info block's)
            text = _VIS_CS_RE.sub(lambda m: self._vis_point(m.group(1)), text)
            body = tokenize_at(text, body[0][1])
        toks = tokenize_at("\\begin{scope}[" + opts + "]", self.pos) + body + tokenize_at("\\end{scope}", self.pos)
        self.interp.statements(Reader(toks, self.interp.defs, self.interp.budget, self.interp.source), None)

    def _vis_point(self, body: str) -> str:
        kv = {k.strip(): unbrace(v) for k, v in split_keys(body)}
        x = y = 0.0
        for axis in self.axes.values():
            if axis.attribute in kv:
                o = axis.out(self.number(unbrace(kv[axis.attribute].strip("()"))))
                x += o * axis.unit[0]
                y += o * axis.unit[1]
        return f"({x!r}pt,{y!r}pt)"

    def visualizer(self, vis: _Visualizer, code: list[str]) -> None:
        pts = []
        for p in self.points:
            if p.get("set") != vis.name:
                continue
            x = y = 0.0
            for axis in self.axes.values():
                v = p.get(axis.attribute)
                if isinstance(v, float):
                    o = axis.out(v)
                    x += o * axis.unit[0]
                    y += o * axis.unit[1]
            pts.append((x, y))
        if not pts:
            return
        opts, mark, size = self.drawing_style(vis)
        if vis.handler != "none":
            code.append(path_code(opts, vis.handler, pts))
        if mark:
            self.marks(mark, size, opts, pts, code)

    def drawing_style(self, vis: _Visualizer) -> tuple[str, str | None, float]:
        """(TikZ options, mark or None, mark size) of a visualizer: its kind's style, the style
        sheets' entries for its number, its own ``style``."""
        color, sheet = "black", []
        for name in self.sheets:
            style = _SHEETS[name].get(vis.index, _SHEETS[name][0]) if vis.index else None
            if style is None:
                continue
            if name in _COLOR_SHEETS:
                color = style
            else:
                sheet.append(style)
        base = "semithick," if vis.kind == "line" else ""
        if any("\\pgflinewidth" in x for x in sheet):  # dash lengths of the line width set so far
            st = dict(self.interp.st)
            self.interp.apply_options(st, base.rstrip(","))  # (the styling comes after the sheet)
            lw = st["line_width"]
            sheet = [_LW_RE.sub(lambda m: f"{float(m.group(1)) * lw!r}pt", x) for x in sheet]
        opts = ",".join([base + f"color={color}"] + sheet + vis.styling)
        mark, size = ("x" if vis.kind == "scatter" else None), 2.0
        rest = []
        for k, v in split_keys(opts):
            if k.strip() == "mark":
                mark = unbrace(v)
                mark = None if mark == "none" else mark
            elif k.strip() == "mark size":
                size = self.number(unbrace(v))
            elif not k.strip().startswith("every mark"):
                rest.append(k if v is None else f"{k}={{{v}}}")
        return ",".join(rest), mark, size

    def marks(self, mark: str, size: float, opts: str, pts, code: list[str]) -> None:
        """Plot marks at picture points ``pts``: pgf draws them with ``shift only``, so their
        outlines keep their size in any transformation of the picture."""
        if mark not in _CORE_MARKS and "plotmarks" not in self.interp.libraries:
            return  # pgf knows no such mark without the plotmarks library: TeX draws nothing
        pieces = mark_outlines(mark, size)
        if pieces is None:
            self.note(f"plot mark '{mark}' is not interpreted", "mark")
            return
        m = self.interp.st["ctm"]
        inv = G.invert(m)
        scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5 or 1.0
        cmd = "\\filldraw" if mark.endswith("*") else "\\draw"
        for x, y in pts:
            cx, cy = G.apply(m, (x, y))
            parts = []
            for kind, *data in pieces:
                if kind == "circle":
                    parts.append(f"({x!r}pt,{y!r}pt) circle[radius={data[0] / scale!r}pt]")
                else:
                    q, closed = data
                    local = (G.apply(inv, (cx + a, cy + b)) for a, b in q)
                    parts.append(" -- ".join(f"({u!r}pt,{v!r}pt)" for u, v in local) + (" -- cycle" if closed else ""))
            code.append(f"{cmd}[{opts},solid] " + " ".join(parts) + ";")

def path_code(opts: str, handler: str, pts) -> str:
    """The TikZ statement drawing ``pts`` (picture pt) with a visualizer's plot handler."""
    coords = [f"({x!r}pt,{y!r}pt)" for x, y in pts]
    if handler == "straight cycle":
        return f"\\draw[{opts}] " + " -- ".join(coords) + " -- cycle;"
    if handler in ("gaplineto", "gapcycle"):  # a line from each point to the next, a gap around each
        from geoverify.frontends.tikz.plothandlers import handler_path
        ops = handler_path(list(pts), handler)
        return f"\\draw[{opts}] " + " ".join(("-- " if op == "L" else "") + f"({p[0]!r}pt,{p[1]!r}pt)"
                                              for op, p in ops) + ";"
    plot = {"smooth": "smooth", "smooth cycle": "smooth cycle"}.get(handler, "")
    return f"\\draw[{opts}] plot[{plot}] coordinates {{{' '.join(coords)}}};"


def run_datavisualization(interp, tok, reader: Reader) -> None:
    """Interpret ``\\datavisualization ... ;`` (the command token is read)."""
    loc = interp.location(tok[1], "\\datavisualization")
    toks = []
    depth = 0
    while True:
        t = reader.get()
        if t is None:
            break
        if t[0] == "{":
            depth += 1
        elif t[0] == "}":
            depth -= 1
        elif t[0] == ";" and depth == 0:
            break
        toks.append(t)
    dv = DataVisualization(interp, loc, tok[1])
    interp.defs.begin_group()
    saved = interp.st
    interp.st = dict(saved)
    try:
        dv.read(toks)
        dv.render()
    except GeoverifyError as err:
        if interp.strict:
            raise
        interp.note("UNSUPPORTED", f"\\datavisualization: {err.message}; the statement is skipped",
                    "\\datavisualization", loc)
    finally:
        interp.st = saved
        interp.defs.end_group()
