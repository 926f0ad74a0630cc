"""``decorations.markings`` marks whose code draws (``mark=at position p with {\\draw ...;}``).

pgf's markings decoration (``pgflibrarydecorations.markings.code.tex``) runs each mark's
code in a frame whose origin is the mark's point on the path and whose x axis is the
path's direction there, the picture's other transformations reset
(``\\pgftransformreset``); the path's options are in force. A mark at a fraction ``f``
is ``f`` of the path's length from its start, one at a length is that far (a negative
one counts from the end); ``between positions a and b step s`` repeats the code.
``\\pgfkeysvalueof{/pgf/decoration/mark info/distance from start}`` is the mark's
distance, written as pgf writes it (``40.0pt``), and ``.../sequence number`` its number.
``\\arrow`` marks are tips, placed by :mod:`.emit`.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.pathbuild import segment_controls
from geoverify.frontends.tikz.tex import Reader, tokenize_at

__all__ = ["connect_node", "run_code", "run_mark_code"]

_INFO = "\\pgfkeysvalueof{/pgf/decoration/mark info/"


def _pt_text(d: float) -> str:
    """A length as pgf writes it: up to five decimals, at least one (``40.0pt``)."""
    s = f"{d:.5f}".rstrip("0")
    return (s + "0" if s.endswith(".") else s) + "pt"


def run_mark_code(interp, path, st: dict, loc) -> list[tuple[float, np.ndarray, np.ndarray]]:
    """Run the drawing marks ``st["mark_code"]`` (``[(position, code), ...]``) along ``path``;
    returns where they were made: ``(distance, point (2,), unit direction (2,))``."""
    from geoverify.frontends.tikz.emit import _between_marks
    from geoverify.frontends.tikz.geometry import point_at_fraction, sample_cubics

    ctrl = np.concatenate([segment_controls(s) for sp in path.subpaths for s in sp.segs])
    total = float(sample_cubics(ctrl, 128)[1][-1])  # pgf's length of a curve is this close (0.02 pt)
    marks = [m for pos, code in st["mark_code"] for m in _between_marks(pos, code, total)]
    placed = []
    saved_st, saved_let = interp.st, interp.let_vars
    try:
        for k, (pos, code) in enumerate(marks, start=1):
            if isinstance(pos, tuple):  # a length along the path
                dist = pos[1] if pos[1] >= 0 else total + pos[1]
            else:
                dist = (pos if pos >= 0 else 1.0 + pos) * total
            frac = dist / total if total > 0 else 0.0
            if not -1e-9 <= frac <= 1 + 1e-9:
                continue  # pgf reaches no mark beyond the path
            p, d = point_at_fraction(ctrl, min(max(frac, 0.0), 1.0))
            frame = G.compose(G.translation(float(p[0]), float(p[1])),
                              G.rotation(math.degrees(math.atan2(d[1], d[0]))))
            text = code.replace(_INFO + "distance from start}", _pt_text(dist)) \
                .replace(_INFO + "sequence number}", str(k))
            run_code(interp, text, st, frame, loc)
            placed.append((dist, np.asarray(p, dtype=float), np.asarray(d, dtype=float)))
    finally:
        interp.st, interp.let_vars = saved_st, saved_let
    return placed


def connect_node(interp, segs_start, placed, end, name: str, loc):
    """The path pgf's markings leave with ``mark connection node=name``: from the start
    ``segs_start`` a line to the node's border toward the point 1 pt back along the path
    from each mark, a move to its border 1 pt on, and at last a line to the path's ``end``
    (a :class:`.pathbuild.Subpath` list, canvas pt)."""
    from geoverify.frontends.tikz.pathbuild import Subpath
    node = interp.nodes.get(name)
    if node is None:
        interp.note("UNSUPPORTED", f"mark connection node '{name}' is not a node of the marks; the path "
                    "is drawn through", "mark connection node", loc)
        return None
    out = [Subpath(tuple(segs_start))]
    cur = tuple(segs_start)
    for _, p, d in sorted(placed, key=lambda m: m[0]):
        a = tuple(node.border_toward(tuple(p - d)))
        out[-1].segs.append(("L", cur, a))
        cur = tuple(node.border_toward(tuple(p + d)))
        out.append(Subpath(cur))
    out[-1].segs.append(("L", cur, tuple(end)))
    return [sp for sp in out if sp.segs]


def run_code(interp, text: str, st: dict, frame, loc) -> None:
    """Run the TikZ ``text`` (``\\draw ...;``) in a TeX group, in the path's state ``st`` with
    the transformation ``frame`` and without the path's own drawing, tips and decoration
    (the caller restores ``interp.st``)."""
    from geoverify.frontends.tikz.nested import _offset
    mst = dict(st)
    mst.update(ctm=frame, draw=None, fill=None, arrow_start=None, arrow_end=None, decorate=False,
               markings=None, mark_code=None, shadows=None)
    interp.st = mst
    interp.defs.begin_group()
    try:
        start = _offset(interp, loc)
        toks = tokenize_at(text, start)
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.defs.end_group()
