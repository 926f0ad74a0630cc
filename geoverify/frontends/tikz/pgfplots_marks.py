"""pgfplots plot marks and the default ``cycle list``.

Mark outlines follow pgf's ``\\pgfdeclareplotmark`` definitions
(``pgflibraryplotmarks.code.tex``) at ``mark size`` (2 pt); the cycle list is
pgfplots' ``color`` list (``pgfplots.code.tex``), used by ``\\addplot`` without
options and by ``\\addplot+``.
"""

from __future__ import annotations

import itertools
import math
import re

__all__ = ["BAR_CYCLE", "CYCLE_COLOR", "CYCLE_LISTS", "MARK_LIST", "explicit_cycle_list", "mark_outlines",
           "multi_cycle_list"]

#: pgfplots' default cycle list ``color``: (line options, mark, mark fill).
CYCLE_COLOR = [
    ("blue", "*", "blue!80!black"),
    ("red", "square*", "red!80!black"),
    ("brown!60!black", "otimes*", "brown!80!black"),
    ("black", "star", None),
    ("blue", "diamond*", "blue!80!black"),
    ("red,densely dashed", "*", "red!80!black"),
    ("brown!60!black,densely dashed", "square*", "brown!80!black"),
    ("black,densely dashed", "otimes*", "gray"),
    ("blue,densely dashed", "star", None),
    ("red,densely dashed", "diamond*", "red!80!black"),
]


#: pgfplots' ``mark list`` (``cycle list name=mark list``): marks only, solid; the line keeps
#: its colour. Its fill, ``mark list fill`` (``.!80!black``, the plot's colour darkened), is
#: taken as the plot's colour (None: the mark is filled with the current colour).
MARK_LIST = [
    ("", "*", None),
    ("", "square*", None),
    ("", "triangle*", None),
    ("", "star", None),
    ("", "diamond*", None),
    ("", "otimes*", None),
    ("", "|", None),
    ("", "pentagon*", None),
    ("text mark=p", "text", None),  # a letter as the mark (pgf's text mark)
    ("text mark=a", "text", None),
]

#: pgfplots' ``black white`` list: the ``color`` list's marks, grey-filled, in black.
BLACK_WHITE = [("", m, "gray" if f else None) for _, m, f in CYCLE_COLOR[:5]] + \
    [("densely dashed", m, "gray" if f else None) for _, m, f in CYCLE_COLOR[5:]]

#: the cycle lists known by name (``cycle list name``); a list not named here is drawn as ``color``.
CYCLE_LISTS = {"color": CYCLE_COLOR, "mark list": MARK_LIST, "black white": BLACK_WHITE,
               "linestyles": [(t, None, None) for t in ("solid", "dashed", "dotted")],
               "linestyles*": [(t, None, None) for t in ("solid", "dashed", "dotted", "dashdotted", "dashdotdotted")],
               "color list": [(t, None, None) for t in ("red", "blue", "black", "yellow", "brown", "teal", "orange",
                                                        "violet", "cyan", "green!70!black", "magenta", "gray")]}


#: pgfplots' ``bar cycle list`` (set by ``ybar``/``xbar`` on the axis).
BAR_CYCLE = [
    ("blue,fill=blue!30!white", None, None),
    ("red,fill=red!30!white", None, None),
    ("brown!60!black,fill=brown!30!white", None, None),
    ("black,fill=gray", None, None),
    ("violet!80!black,fill=violet", None, None),
    ("green,fill=green!80!black", None, None),
]


def _entry(opts: str):
    """A cycle list entry ``(options, mark, mark fill)`` from an item's options (its ``mark``
    taken out; ``mark=none`` gives no mark)."""
    from geoverify.frontends.tikz.options import split_options
    rest, mark = [], None
    for k, v in split_options(opts):
        if k == "mark":
            mark = None if (v or "").strip() == "none" else (v or "").strip()
        else:
            rest.append(k if v is None else f"{k}={{{v}}}")
    return ",".join(rest), mark, None


def _items(spec: str):
    """The items of a list written ``a\\b\\`` or ``{a},{b}`` (braces around an item dropped)."""
    from geoverify.frontends.tikz.options import split_top_level
    parts = spec.split("\\\\") if "\\\\" in spec else split_top_level(spec)
    out = []
    for part in parts:
        t = part.strip()
        while t.startswith("{") and t.endswith("}") and t.count("{") == t.count("}"):
            t = t[1:-1].strip()
        if t:
            out.append(t)
    return out


def explicit_cycle_list(spec: str):
    """``cycle list={...}``: its items as cycle list entries."""
    return [_entry(t) for t in _items(spec)]


def multi_cycle_list(spec: str, index: str = ""):
    """``cycle multi list={l1\\nextlist l2\\nextlist ...}``: every combination of one item of
    each list, the last list varying fastest (pgfplots' multi-index); a list is a cycle list
    name (``[n of]name``: its first n items) or options separated by commas. ``index="all"``
    (``cycle multiindex list``): the i-th entry takes the i-th item of each list that long,
    i counted modulo the longest list; ``"single"`` (``cycle multiindex* list``): item i
    modulo each list's length. Returns the entries, options joined in list order."""
    lists = []
    for part in spec.split("\\nextlist"):
        t = part.strip()
        if not t:
            continue
        m = re.fullmatch(r"\[\s*(\d+)\s*(?:of)?\s*\]\s*(.*)", t, re.S)
        name, n = (m.group(2).strip(), int(m.group(1))) if m else (t, None)
        if name in CYCLE_LISTS:
            lists.append(CYCLE_LISTS[name][:n] if n else CYCLE_LISTS[name])
        else:
            lists.append([_entry(x) for x in _items(t)])
    lists = [x for x in lists if x]
    if index and lists:
        longest = max(len(x) for x in lists)
        combos = [[x[i] for x in lists if i < len(x)] if index == "all" else [x[i % len(x)] for x in lists]
                  for i in range(longest if index == "all" else math.lcm(*(len(x) for x in lists)))]
    else:
        combos = itertools.product(*lists)
    out = []
    for combo in combos:
        opts = ",".join(e[0] for e in combo if e[0])
        mark = next((e[1] for e in reversed(combo) if e[1]), None)
        fill = next((e[2] for e in reversed(combo) if e[2]), None)
        out.append((opts, mark, fill))
    return out


def _polar(a, r):
    return (r * math.cos(math.radians(a)), r * math.sin(math.radians(a)))


def mark_outlines(mark: str, r: float = 2.0):
    """Outline pieces of a plot mark centred at the origin.

    Returns
    -------
    list of (kind, data)
        ``("circle", radius)`` or ``("poly", [(x, y), ...], closed)``; ``None`` for an
        unknown mark.
    """
    m = mark.strip()
    k = 0.70710678 * r
    if m in ("*", "o"):
        return [("circle", r)]
    if m in ("square", "square*"):
        return [("poly", [(-r, -r), (r, -r), (r, r), (-r, r)], True)]
    if m in ("triangle", "triangle*"):
        return [("poly", [(0.0, r), _polar(-30, r), _polar(-150, r)], True)]
    if m in ("diamond", "diamond*"):
        return [("poly", [(0.0, r), (0.75 * r, 0.0), (0.0, -r), (-0.75 * r, 0.0)], True)]
    if m == "x":
        return [("poly", [(-k, -k), (k, k)], False), ("poly", [(-k, k), (k, -k)], False)]
    if m == "+":
        return [("poly", [(-r, 0.0), (r, 0.0)], False), ("poly", [(0.0, -r), (0.0, r)], False)]
    if m == "|":
        return [("poly", [(0.0, r), (0.0, -r)], False)]
    if m == "-":
        return [("poly", [(r, 0.0), (-r, 0.0)], False)]
    if m == "star":
        return [("poly", [(0.0, 0.0), _polar(a, r)], False) for a in (90, 18, -54, 234, 162)]
    if m == "asterisk":
        return [("poly", [(0.0, -r), (0.0, r)], False), ("poly", [_polar(30, r), _polar(210, r)], False),
                ("poly", [_polar(-30, r), _polar(-210, r)], False)]
    if m in ("pentagon", "pentagon*"):
        return [("poly", [(0.0, r)] + [_polar(a, r) for a in (18, -54, 234, 162)], True)]
    if m in ("otimes", "otimes*"):
        return [("circle", r), ("poly", [(-k, -k), (k, k)], False), ("poly", [(-k, k), (k, -k)], False)]
    if m in ("oplus", "oplus*"):
        return [("circle", r), ("poly", [(-r, 0.0), (r, 0.0)], False), ("poly", [(0.0, r), (0.0, -r)], False)]
    return None
