"""pgfplots' basic-layer interface inside an axis (``pgfplots.code.tex``).

- ``\\pgfplotsextra{code}`` (and ``\\pgfplotsextra code \\endpgfplotsextra``): ``code``
  (basic-layer or TikZ commands) runs in the axis' coordinates, in a group;
- points for the basic layer's point arguments: ``\\pgfplotspointaxisxy{x}{y}`` and
  ``\\pgfplotsqpointaxisxy`` (``axis cs``), ``\\pgfplotspointaxisdirectionxy{x}{y}``
  (``axis direction cs``: the vector, without the axis' shift),
  ``\\pgfplotspointrelaxisxy{fx}{fy}`` (``rel axis cs``),
  ``\\pgfplotspointdescriptionxy{fx}{fy}`` (``axis description cs``);
- ``\\pgfplotstransformcoordinatex{v}`` (``y``) and ``\\pgfplotstransformdirectionx{v}``
  (``y``): ``\\pgfmathresult`` is ``v`` in the units of ``\\pgfqpointxy`` in the axis.

The axis' body runs with the data map as its picture frame (the transformation moves the
origin to data ``(0, 0)``; the x and y vectors are one data unit, log10 units on a log
axis), so pgfplots' "canvas coordinates" of a value are the value itself there:
``\\pgfplotstransformcoordinatex`` gives ``v`` (``log10 v`` on a log axis, as ``axis cs``
reads it), and ``\\pgfqpointxy`` of the results is the ``axis cs`` point, as in TeX.
"""

from __future__ import annotations

import math

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.pgfmath import format_number
from geoverify.frontends.tikz.tex import Macro, Reader, detokenize, tokenize

__all__ = ["PGFPLOTS_COMMANDS", "PGFPLOTS_POINTS", "pgfplots_point", "run_pgfplots_command"]

_TRANSFORMS = {"\\pgfplotstransformcoordinatex": (0, True), "\\pgfplotstransformcoordinatey": (1, True),
               "\\pgfplotstransformdirectionx": (0, False), "\\pgfplotstransformdirectiony": (1, False)}

#: The commands :func:`run_pgfplots_command` reads.
PGFPLOTS_COMMANDS = frozenset({"\\pgfplotsextra"} | set(_TRANSFORMS))

#: The point commands :func:`pgfplots_point` evaluates.
PGFPLOTS_POINTS = frozenset({"\\pgfplotspointaxisxy", "\\pgfplotsqpointaxisxy", "\\pgfplotspointaxisdirectionxy",
                             "\\pgfplotspointrelaxisxy", "\\pgfplotspointdescriptionxy"})


def _in_axis(interp) -> bool:
    return getattr(interp, "axis_box", None) is not None


def _axis_value(st: dict, axis: int, v: float, shift: bool = True) -> float:
    """``v`` in the axis' own unit along ``axis`` (log10 of it on a log axis, as ``axis cs``)."""
    logs = st.get("axis_log")
    if shift and logs and logs[axis]:
        if not v > 0:
            raise FigureSyntaxError(f"coordinate {v} on a log axis (its logarithm is undefined)")
        return math.log10(v)
    return v


def pgfplots_point(pts, name: str, arg) -> tuple[float, float]:
    """The point of pgfplots' point command ``name`` (arguments read by ``arg``) in the
    untransformed coordinates of ``pts.st`` (a :class:`~geoverify.frontends.tikz.pgfbasic`
    point evaluator)."""
    interp, st = pts.interp, pts.st
    if not _in_axis(interp):
        raise FigureSyntaxError(f"pgf point {name} outside an axis")
    a, b = pts.num(arg()), pts.num(arg())
    xv, yv = st["xvec"], st["yvec"]
    if name == "\\pgfplotspointdescriptionxy":
        frame = getattr(interp, "axis_description", None)
        if frame is None:
            raise FigureSyntaxError(f"pgf point {name} outside a 2D axis")
        (ox, oy), (ux, uy), (vx, vy) = frame
        return G.apply(G.invert(st["ctm"]), (ox + a * ux + b * vx, oy + a * uy + b * vy))
    if name == "\\pgfplotspointrelaxisxy":
        box = interp.axis_box
        a, b = box[0] + a * (box[1] - box[0]), box[2] + b * (box[3] - box[2])
    else:
        direction = name == "\\pgfplotspointaxisdirectionxy"
        a, b = _axis_value(st, 0, a, not direction), _axis_value(st, 1, b, not direction)
    return (a * xv[0] + b * yv[0], a * xv[1] + b * yv[1])


def run_pgfplots_command(interp, tok, reader: Reader) -> None:
    """Interpret one of :data:`PGFPLOTS_COMMANDS` (its arguments are read from ``reader``)."""
    name = tok[0]
    if not _in_axis(interp):
        raise FigureSyntaxError(f"{name} outside an axis")
    if name == "\\pgfplotsextra":
        reader.skip_spaces()
        nxt = reader.peek()
        if nxt is not None and nxt[0] == "{":
            code = reader.read_arg()
        else:  # \pgfplotsextra <code> \endpgfplotsextra
            code = []
            while True:
                t = reader.get()
                if t is None:
                    raise FigureSyntaxError("\\pgfplotsextra is never ended by \\endpgfplotsextra")
                if t[0] == "\\endpgfplotsextra":
                    break
                code.append(t)
        pos = tok[1]
        begin = [(t, pos) for t, _ in tokenize("\\begin{pgfscope}")]
        end = [(t, pos) for t, _ in tokenize("\\end{pgfscope}")]
        reader.push(begin + list(code) + end)
        return
    axis, shift = _TRANSFORMS[name]
    text = detokenize(interp.expand_all(reader.read_arg())).strip()
    v = _axis_value(interp.st, axis, interp.number(text, interp.st).value, shift)
    interp.defs.set("\\pgfmathresult", Macro([], tokenize(format_number(v)), None, 0))
