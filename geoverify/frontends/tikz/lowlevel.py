"""pgf's low-level (canvas) transformations: ``\\pgflowlevel``, ``\\pgflowlevelobj`` and the
``pgflowlevelscope`` environment (pgfcoretransformations.code.tex).

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

__all__ = ["LOWLEVEL_COMMANDS", "lowlevel_matrix", "run_lowlevel", "start_lowlevel"]

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
