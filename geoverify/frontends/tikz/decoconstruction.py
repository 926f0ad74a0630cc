"""The ``show path construction`` decoration (``decorations.pathreplacing``).

It draws nothing of its own: for each input segment of the path it runs the TikZ code
of the segment's kind, ``moveto code`` (at the start of each subpath), ``lineto code``,
``curveto code`` (one per cubic: an arc or ellipse is its cubics, as pgf stores it) and
``closepath code`` (the closing line of ``-- cycle``), with
``\\tikzinputsegmentfirst``, ``\\tikzinputsegmentlast``, ``\\tikzinputsegmentsupporta`` and
``\\tikzinputsegmentsupportb`` the segment's points (canvas pt, ``x pt,y pt``; a line's
supports are its points at one and two thirds). The code runs with the picture's
transformation reset, as TeX shows: its coordinates are not transformed again.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.pathbuild import segment_controls

__all__ = ["CODE_KEYS", "STATES", "construction_key", "run_construction_code"]

#: The decoration's keys: the code run for each kind of input segment.
CODE_KEYS = ("moveto code", "lineto code", "curveto code", "closepath code")

_NAMES = ("first", "supporta", "supportb", "last")


def construction_key(deco, key: str, val: str | None) -> bool:
    """Keep the code of a ``... code`` key in ``deco.params``; False for other keys."""
    if key not in CODE_KEYS:
        return False
    text = (val or "").strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    deco.params = {**deco.params, key: text}
    return True


def _segments(subpaths):
    """``(kind, (4, 2) first, support a, support b, last)`` of each input segment, a
    ``moveto`` (its points those of the segment after it) at the start of each subpath."""
    for sp in subpaths:
        if not sp.segs and not sp.closed:
            continue
        items = []
        for k, seg in enumerate(sp.segs):
            closing = sp.closed and k == len(sp.segs) - 1 and seg[0] == "L"
            kind = "closepath" if closing else "lineto" if seg[0] == "L" else "curveto"
            for ctrl in segment_controls(seg):
                items.append((kind, ctrl))
        ends_at_start = sp.segs and np.allclose(segment_controls(sp.segs[-1])[-1][3], sp.start)
        if sp.closed and (not items or items[-1][0] != "closepath") and ends_at_start:
            start = np.asarray(sp.start, dtype=float)
            items.append(("closepath", np.array([start] * 4)))
        if items:
            yield ("moveto", items[0][1])
            yield from items


def _nothing(state, rem, sl, a, p, done):
    return [], rem, "final"


def run_construction_code(interp, subpaths, st: dict, loc) -> None:
    """Run the decoration's code (``st["decoration"].params``) for each input segment of
    ``subpaths`` (:class:`.pathbuild.Subpath`, canvas pt)."""
    from geoverify.frontends.tikz.markings import run_code
    codes = st["decoration"].params
    saved_st, saved_let = interp.st, interp.let_vars
    try:
        for kind, ctrl in list(_segments(subpaths)):
            code = codes.get(kind + " code", "").strip()
            if not code:
                continue
            for name, q in zip(_NAMES, ctrl):
                code = code.replace("\\tikzinputsegment" + name, "%.5fpt,%.5fpt" % (q[0], q[1]))
            run_code(interp, code, st, G.IDENTITY, loc)
    finally:
        interp.st, interp.let_vars = saved_st, saved_let


#: name -> (initial state, state function, final state draws a line to the end)
STATES = {"show path construction": ("segment", _nothing, False)}
