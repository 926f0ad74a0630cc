"""The axis systems of ``\\datavisualization``: ``school book axes`` and ``scientific axes``.

As ``tikzlibrarydatavisualization.code.tex`` defines them (``new axis system``), each
is ``xy Cartesian`` plus axis options and visualization requests (``visualize axis``,
``visualize ticks``, ``visualize grid``, ``visualize label``) written in the library's
own keys, which :class:`~geoverify.frontends.tikz.datavis.DataVisualization` reads:

- ``school book axes``: both axes through 0 with ``->`` tips, padded by 0.75em,
  ticks every ``unit`` (1 by default; 1 cm per unit), the 0 tick text only on the
  y axis at the origin's lower left, labels at the arrow tips;
- ``scientific axes``: a ``width`` x ``height`` (5 cm x 0.618 * width) box, ``some``
  ticks, grey axes; ``outer ticks`` (default), ``inner ticks`` or ``clean`` (the
  axes moved .5em away from the data), ``standard labels`` (below and, rotated, left
  of the visualization's box) or ``upright labels``.
"""

from __future__ import annotations

from geoverify.frontends.tikz.datavis_axes import unbrace, split_keys

__all__ = ["school_book", "scientific"]

_OUTER = """x axis={{visualize ticks={{common={{y axis={{goto=padded min}},direction axis=y axis,{lo0}}},
major={{tick text at low}}}},visualize ticks={{common={{y axis={{goto=padded max}},direction axis=y axis,{hi0}}}}},
visualize axis={{y axis={{goto=padded min}},padded}},visualize axis={{y axis={{goto=padded max}},padded}},
visualize grid={{common={{direction axis=y axis,padded}}}}}},
y axis={{visualize ticks={{common={{x axis={{goto=padded min}},direction axis=x axis,{lo0}}},
major={{tick text at low}}}},visualize ticks={{common={{x axis={{goto=padded max}},direction axis=x axis,{hi0}}}}},
visualize axis={{x axis={{goto=padded min}},padded}},visualize axis={{x axis={{goto=padded max}},padded}},
visualize grid={{common={{direction axis=x axis,padded}}}}}}"""
_CLEAN = """x axis={visualize ticks={common={y axis={goto=padded min},direction axis=y axis,high=0pt},
major={tick text at low}},visualize axis={y axis={goto=padded min}},
visualize axis={y axis={goto=min},style={black!25,line cap=rect}},
visualize axis={y axis={goto=max},style={black!25,line cap=rect}},
visualize grid={common={direction axis=y axis}},padding=.5em},
y axis={visualize ticks={common={x axis={goto=padded min},direction axis=x axis,high=0pt},
major={tick text at low}},visualize axis={x axis={goto=padded min}},
visualize axis={x axis={goto=min},style={black!25,line cap=rect}},
visualize axis={x axis={goto=max},style={black!25,line cap=rect}},
visualize grid={common={direction axis=x axis}},padding=.5em}"""
_SCIENTIFIC_LABELS = {
    "standard labels": "x axis={visualize label={x axis={goto pos=.5},node style={at={(0,0 |- data visualization "
                       "bounding box.south)},below}}},y axis={visualize label={y axis={goto pos=.5},node style={"
                       "at={(0,0 -| data visualization bounding box.west)},rotate=90,above}}}",
    "upright labels": "x axis={visualize label={x axis={goto pos=.5},node style={at={(0,0 |- data visualization "
                      "bounding box.south)},below}}},y axis={visualize label={y axis={goto pos=.5},node style={"
                      "at={(0,0 -| data visualization bounding box.west)},left}}}",
}


def school_book(dv, opts: str) -> None:
    unit = "1"
    for k, v in split_keys(opts):
        k = k.strip()
        if k == "unit":
            unit = unbrace(v)
        elif k != "standard labels":
            dv.note(f"school book axes option '{k}' is not interpreted", k)
    dv.key("xy Cartesian", None)
    for a, o in (("x", "y"), ("y", "x")):
        zero = ("{style={draw=none},no tick text}" if a == "x" else
                "{high=0,low=0,style={draw=none},node style={anchor=north east}}")
        dv.axis_options(dv.axes[a + " axis"], (
            f"include value=0,scaling=0 at 0 and {{{unit}}} at 1cm,"
            f"visualize axis={{{o} axis={{goto=0}},style=->,padded}},"
            f"visualize ticks={{common={{{o} axis={{goto=0}},direction axis={o} axis}},"
            f"major={{tick text at low,options at=0 as [{zero}]}}}},"
            f"visualize grid={{common={{direction axis={o} axis,padded}}}},"
            f"ticks={{step={{{unit}}}}},padding=0.75em"))
    for a, o in (("x", "y"), ("y", "x")):
        dv.axis_options(dv.axes[a + " axis"], f"visualize label={{{a} axis={{goto=padded max,anchor at max}},"
                                                  f"{o} axis={{goto=0}}}}")


def scientific(dv, opts: str) -> None:
    width, height, ticks, labels = "5cm", None, "outer ticks", "standard labels"
    for k, v in split_keys(opts):
        k = k.strip()
        if k == "width":
            width = unbrace(v)
        elif k == "height":
            height = unbrace(v)
        elif k in ("outer ticks", "inner ticks", "clean"):
            ticks = k
        elif k in _SCIENTIFIC_LABELS:
            labels = k
        else:
            dv.note(f"scientific axes option '{k}' is not interpreted", k)
    height = height or f"0.618*({width})"
    dv.key("xy Cartesian", None)
    dv.styles["every axis"] += ",style={draw=black!50}"
    dv.styles["every ticks"] += ",style={draw=black!50}"
    dv.options(f"x axis={{length={{{width}}},ticks}},y axis={{length={{{height}}},ticks}}")
    if ticks == "clean":
        dv.options(_CLEAN)
    else:
        inner = ticks == "inner ticks"
        dv.options(_OUTER.format(lo0="low=0pt" if inner else "high=0pt", hi0="high=0pt" if inner else "low=0pt"))
    dv.options(_SCIENTIFIC_LABELS[labels])
