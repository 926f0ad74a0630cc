"""The decorations of ``decorations.fractals`` (``pgflibrarydecorations.fractals``):
``Koch curve type 1``, ``Koch curve type 2``, ``Koch snowflake`` and ``Cantor set``.

Each has one state, as wide as what remains of the current input segment
(``\\pgfdecoratedinputsegmentremainingdistance``, ``L`` below): every input segment is
replaced by lines in its frame (origin its start, x axis along it) through points at
fixed fractions of ``L``, copied from pgf (``.33333``, ``.3333``, ``.6666``, ...). No final
state is declared, so nothing is drawn after the last segment. ``decorate`` applied to a
decorated path again (``decorate{decorate{...}}``) gives the next generation: each line
of the first becomes an input segment of the second. ``Cantor set`` moves over its
middle third, so its generations are subpaths.

The state functions have the signature of :mod:`.decostates` plus ``seg``, the distance
left on the current input segment; they carry ``per_input_segment = True`` so that the
automaton (:func:`.decorations.decorate_pieces`) passes it and moves exactly to the next
input segment.
"""

from __future__ import annotations

__all__ = ["STATES"]

#: name -> points of the replacement of a segment of length 1, in its frame
_SHAPES = {
    "Koch curve type 1": [(0.33333, 0.0), (0.33333, 0.33333), (0.66666, 0.33333), (0.66666, 0.0), (1.0, 0.0)],
    "Koch curve type 2": [(0.25, 0.0), (0.25, 0.25), (0.5, 0.25), (0.5, 0.0), (0.5, -0.25), (0.75, -0.25),
                          (0.75, 0.0), (1.0, 0.0)],
    "Koch snowflake": [(0.3333, 0.0), (0.5, 0.2886751347), (0.6666, 0.0), (1.0, 0.0)],
}


def _lines(points):
    def state(name, rem, sl, a, p, done, seg):
        if name != "init":
            raise AssertionError(name)
        return [("L", (x * seg, y * seg)) for x, y in points], seg, "init"

    state.per_input_segment = True
    return state


def _cantor(name, rem, sl, a, p, done, seg):
    if name != "init":
        raise AssertionError(name)
    return [("L", (0.3333 * seg, 0.0)), ("M", (0.6666 * seg, 0.0)), ("L", (seg, 0.0))], seg, "init"


_cantor.per_input_segment = True

#: name -> (initial state, state function, final state draws a line to the end)
STATES = {**{name: ("init", _lines(pts), False) for name, pts in _SHAPES.items()},
          "Cantor set": ("init", _cantor, False)}
