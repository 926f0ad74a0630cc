"""pgfplots axis options: the keys interpreted, ``\\pgfplotsset`` defaults and styles,
pgfplots' size styles (``small``, ``footnotesize``, ``tiny``) and ``every axis post``."""

from __future__ import annotations

from geoverify.frontends.tikz.options import split_options

__all__ = ["KNOWN_KEYS", "SIZE_STYLES", "expand_plot_styles", "usable_range", "with_pgfplotsset"]

#: Axis keys this front-end interprets (others are reported as unsupported).
KNOWN_KEYS = {
    "xmin", "xmax", "ymin", "ymax", "width", "height", "scale only axis", "axis lines", "axis lines*",
    "axis x line", "axis y line", "axis x line*", "axis y line*", "domain", "samples", "xlabel", "ylabel",
    "title", "grid", "xtick", "ytick", "xticklabels", "yticklabels", "legend pos", "legend style",
    "legend entries", "minor tick num", "minor x tick num", "minor y tick num", "ticks", "xmajorticks",
    "ymajorticks", "enlargelimits", "enlarge x limits", "enlarge y limits", "clip", "xmajorgrids",
    "ymajorgrids", "no markers", "no marks", "smooth", "axis equal image", "at", "anchor", "name",
    "hide axis", "hide x axis", "hide y axis", "tick align", "xtick align", "ytick align", "tick pos",
    "xtick pos", "ytick pos", "xtick distance", "ytick distance", "x", "y", "axis on top", "compat",
    "legend cell align", "cycle list name", "cycle list", "cycle multi list", "shader", "clip bounding box", "area style", "area legend", "area cycle list", "bar cycle list", "mark size", "thick", "very thick", "semithick", "thin",
    "unbounded coords", "restrict y to domain", "restrict x to domain", "restrict z to domain", "restrict x to domain*", "restrict y to domain*", "restrict z to domain*", "xlabel style", "ylabel style", "title style",
    "tick label style", "ticklabel style", "label style", "x tick label style", "y tick label style",
    "xticklabel style", "yticklabel style", "tick style", "major tick length", "axis line style",
    "every axis plot/.append style", "every axis plot post/.append style", "every axis plot/.style",
    "trig format plots", "declare function", "scaled ticks", "scaled x ticks", "scaled y ticks",
    "max space between ticks", "try min ticks", "samples y", "font", "line width", "major grid style",
    "grid style", "separate axis lines", "axis background/.style", "xlabel near ticks", "ylabel near ticks",
    "every axis/.append style", "legend image post style", "extra x ticks", "extra y ticks", "xmode", "ymode",
    "ybar", "xbar", "bar width", "symbolic x coords", "symbolic y coords", "nodes near coords",
    "legend columns", "samples at", "log basis x", "log basis y", "stack plots", "stack dir", "ybar stacked", "xbar stacked", "/tikz/xbar", "/tikz/ybar",
    "axis equal", "unit vector ratio", "unit vector ratio*", "unit rescale keep size", "x dir", "y dir", "x post scale", "y post scale", "scale", "tickpos", "xtickpos", "ytickpos", "xminorgrids", "yminorgrids", "minor grid style",
    "minor tick length", "every axis title shift", "normalsize", "small", "footnotesize", "tiny",
    "extra tick style", "extra x tick style", "extra y tick style", "forget plot", "mark", "only marks",
    "sharp plot", "tension", "xtickten", "ytickten", "xticklabel", "yticklabel", "axis line shift",
    "axis x line shift", "axis y line shift", "extra x tick labels", "extra y tick labels",
    "hide obscured x ticks", "hide obscured y ticks",
    "log ticks with fixed point",
    "xtick scale label code/.code", "ytick scale label code/.code", "tick scale binop",
    "minor xtick", "minor ytick", "minor tick",
    "typeset ticklabels with strut",
    "reverse legend", "legend reversed",
    "correct sampling",
    "x axis line style", "y axis line style", "inner axis line style", "outer axis line style",
    "axis x discontinuity", "axis y discontinuity", "xtickmin", "xtickmax", "ytickmin", "ytickmax",
    "set layers",  # layers change only the drawing order
    # TikZ's constant plot handlers in the axis' scope (pgfplots_plots.CONST_HANDLERS)
    "const plot", "const plot mark left", "const plot mark right", "const plot mark mid", "jump mark left",
    "jump mark right", "jump mark mid",
    "ybar interval", "xbar interval", "x tick label as interval", "y tick label as interval",
    "xticklabel interval boundaries", "yticklabel interval boundaries",
    "nodes near coords align",
    # coordinate filters (pgfplots_filters.py)
    "x filter/.expression", "y filter/.expression", "x filter/.append expression", "y filter/.append expression",
    "skip coords between index",
    "cycle multiindex list", "cycle multiindex* list",
    "point meta",  # (the text of nodes near coords; colours are not modelled)
    "hist/symbolic coords",
}

#: pgfplots' size styles (pgfplots.code.tex)
SIZE_STYLES = {
    "normalsize": "width=240pt,height=207pt,max space between ticks=35",
    "small": "width=6.5cm,height=,tick label style={font=\\footnotesize},label style={font=\\small},"
             "max space between ticks=25",
    "footnotesize": "width=5cm,height=,legend style={font=\\footnotesize},tick label style={font=\\footnotesize},"
                    "label style={font=\\small},title style={font=\\small},every axis title shift=0pt,"
                    "max space between ticks=15,major tick length=0.1cm,minor tick length=0.066cm",
    "tiny": "width=4cm,height=,legend style={font=\\tiny},tick label style={font=\\tiny},label style={font=\\tiny},"
            "title style={font=\\footnotesize},every axis title shift=0pt,max space between ticks=12,"
            "major tick length=0.1cm,minor tick length=0.066cm,every legend image post/.append style={scale=0.8}",
}


def with_pgfplotsset(interp, opts):
    """Axis options preceded by those of ``\\pgfplotsset`` (``every axis`` styles and user
    styles expanded)."""
    user: dict = {}
    pre = []
    set_opts = split_options(interp.defs.get("pgfplotsset") or "")

    def expand(pairs, depth=0):
        out = []
        for k, v in pairs:
            k = k.replace("/pgfplots/", "").strip()
            if k.endswith("/.style") or k.endswith("/.append style"):
                name = k.rsplit("/.", 1)[0]
                if name == "every axis":
                    out += expand(split_options(v or ""), depth + 1) if depth < 8 else []
                elif name.startswith("every ") or name.endswith(" style") or name == "axis background":
                    out.append((k, v))
                else:
                    user[name] = (user.get(name, "") + "," + (v or "")).strip(",") if k.endswith("append style") \
                        else (v or "")
                continue
            if k in user and depth < 8:
                out += expand(split_options(user[k]), depth + 1)
                continue
            if k in SIZE_STYLES and v is None and depth < 8:
                out += expand(split_options(SIZE_STYLES[k]), depth + 1)
                continue
            out.append((k, v))
        return out

    pre = expand(set_opts)
    main = expand(opts)
    # every axis post: applied after the axis' own options
    post = [(k, v) for k, v in pre + main if k in ("every axis post/.style", "every axis post/.append style")]
    tail = []
    for _, v in post:
        tail += expand(split_options(v or ""), 1)
    return pre + main + tail


def usable_range(lo: float, hi: float) -> tuple[float, float, bool]:
    """``(lo, hi, changed)``: pgfplots' range for limits that give none.

    Limits the wrong way round give an empty unit axis (pdflatex labels it 0 ... 1); equal
    limits are widened by one unit each way.
    """
    if hi < lo:
        return 0.0, 1.0, True
    if hi == lo:
        return lo - 1.0, hi + 1.0, True
    return lo, hi, False


def expand_plot_styles(interp, pairs, depth: int = 0) -> list:
    """A plot's options with the TikZ styles they name (``\\tikzstyle``, ``name/.style``)
    replaced by their keys (``#1`` by the value or the style's default), as pgfkeys expands a
    style where it is used: the plot keys inside one (``samples``, ``domain``, ``mark``,
    ``only marks``) are then read like those given directly. Styles with arguments
    (``.style args``) stay as they are.

    Parameters
    ----------
    pairs : list of (str, str or None)
        The plot's keys and values, in order.
    """
    out = []
    for k, v in pairs:
        found = interp.ctx.style(k.strip()) if depth < 8 and "/." not in k else None
        spec = interp.ctx.style(k.strip() + "/.args") if found is not None else None
        if found is None or found[0] is None or (spec and spec[0]):
            out.append((k, v))
            continue
        body = found[0].replace("#1", v if v is not None else (found[1] or ""))
        out += expand_plot_styles(interp, split_options(body), depth + 1)
    return out
