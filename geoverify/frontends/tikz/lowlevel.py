"""pgf's low-level (canvas) transformations: ``\\pgflowlevel``, ``\\pgflowlevelobj`` and the
``pgflowlevelscope`` environment, and ``pgfviewboxscope`` (pgfcoretransformations.code.tex).

The transformation code (``\\pgftransformscale{5}``, ``\\pgftransformxshift{-1cm}``, ...)
is run from the identity; the result is added to the canvas transformation
(``\\pgfsys@transformcm``): what is drawn afterwards -- coordinates, line widths, text -- is
mapped by it after the coordinate transformation has placed it. ``\\pgflowlevel`` acts
until the current scope ends, ``\\pgflowlevelobj{T}{code}`` on ``code`` only, the
environment on its body. As for ``transform canvas`` (:mod:`.canvas`), a similarity is
applied exactly to the primitives drawn under it; another transformation is reported.
"""

from __future__ import annotations

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.tex import Reader

__all__ = ["LOWLEVEL_COMMANDS", "lowlevel_matrix", "run_lowlevel", "start_lowlevel", "viewbox_matrix"]

LOWLEVEL_COMMANDS = {"\\pgflowlevel", "\\pgflowlevelobj"}


def lowlevel_matrix(interp, tokens) -> tuple | None:
    """The canvas matrix ``(a, b, c, d, e, f)`` that the transformation code ``tokens`` makes
    from the identity; None (reported) when it is not a similarity."""
    saved = interp.st
    interp.st = dict(saved)
    interp.st["ctm"] = G.IDENTITY
    try:
        interp.statements(Reader(list(tokens), interp.defs, interp.budget, interp.source), None)
        m = interp.st["ctm"]
    finally:
        interp.st = saved
    a, b, c, d, _, _ = m
    if abs(a * a + b * b - c * c - d * d) > 1e-9 or abs(a * c + b * d) > 1e-9 or a * a + b * b < 1e-18:
        interp.note("UNSUPPORTED", "a low-level transformation that is not a similarity is not applied",
                    "\\pgflowlevel")
        return None
    return m


def start_lowlevel(interp, m) -> None:
    """Map what the current scope draws from now on by ``m`` when it ends (``interp.st`` is
    the scope's own state; a mapping this scope set before maps what was drawn so far, and
    then both act: pgf concatenates them)."""
    if m is None:
        return
    st = interp.st
    cur = st.get("_canvas")
    if cur is not None and st.get("_canvas_dict") == id(st):  # set in this very scope before
        from geoverify.frontends.tikz.canvas import end_canvas
        end_canvas(interp)
        m = G.compose(cur[0], m)
    st["_canvas"] = (m, len(interp.scene.primitives))
    st["_canvas_dict"] = id(st)  # (a scope opened later copies the state: a different dict)


def run_lowlevel(interp, tok, reader: Reader) -> None:
    """``\\pgflowlevel{T}`` (until the scope ends) or ``\\pgflowlevelobj{T}{code}``."""
    m = lowlevel_matrix(interp, reader.read_arg())
    if tok[0] == "\\pgflowlevel":
        start_lowlevel(interp, m)
        return
    body = reader.read_arg()
    saved = interp.st
    interp.st = dict(saved)
    try:
        start_lowlevel(interp, m)
        interp.statements(Reader(list(body), interp.defs, interp.budget, interp.source), None)
        if m is not None:
            from geoverify.frontends.tikz.canvas import end_canvas
            end_canvas(interp)
    finally:
        interp.st = saved


def viewbox_matrix(interp, corners: list, mode: str) -> tuple | None:
    """The canvas matrix of ``\\begin{pgfviewboxscope}{p1}{p2}{q1}{q2}{meet|slice}``: the
    source rectangle (corners p1, p2) scaled about its centre onto the target's centre
    (q1, q2), as large as fits inside it (``meet``) or as small as covers it (``slice``)
    (pgfsys.code.tex, ``\\pgf@sys@default@viewbox@impl``); the corners are pgf points in
    the current coordinate system."""
    from geoverify.frontends.tikz.pgfbasic import _Points  # pgf point expressions (\pgfpoint...)
    pts = _Points(interp, interp.st)
    p1, p2, q1, q2 = (G.apply(interp.st["ctm"], pts.point(c)) for c in corners)
    rx0, rx1 = sorted((p1[0], p2[0]))
    ry0, ry1 = sorted((p1[1], p2[1]))
    sx0, sx1 = sorted((q1[0], q2[0]))
    sy0, sy1 = sorted((q1[1], q2[1]))
    sw, sh, rw, rh = sx1 - sx0, sy1 - sy0, rx1 - rx0, ry1 - ry0
    if min(sw, sh, rw, rh) <= 0:
        interp.note("UNSUPPORTED", "a view box with an empty rectangle is not applied", "pgfviewboxscope")
        return None
    if mode.strip() not in ("meet", "slice"):
        interp.note("UNSUPPORTED", f"view box mode '{mode.strip()}' (meet or slice) is not applied", "pgfviewboxscope")
        return None
    narrower = sw / sh < rw / rh
    f = sw / rw if narrower == (mode.strip() == "meet") else sh / rh
    cx, cy = (sx0 + sx1) / 2 - f * (rx0 + rx1) / 2, (sy0 + sy1) / 2 - f * (ry0 + ry1) / 2
    return (f, 0.0, 0.0, f, cx, cy)
