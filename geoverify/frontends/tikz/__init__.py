"""Native TikZ front-end: TikZ source -> :class:`~geoverify.scene.Scene` (unit ``pt``, y up).

Entry point :func:`parse_tikz`. The pipeline is a small TeX layer
(:mod:`.tex`: tokens, macros, groups), the statement interpreter
(:mod:`.interpreter`), the LALR path grammar ``grammars/tikz.lark``
(:mod:`.paths`) and the pgfmath grammar ``grammars/pgfmath.lark``
(:mod:`.pgfmath`). See ``docs/tikz_capabilities.md`` for what is interpreted.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

from geoverify.errors import FigureFormatError, GeoverifyError
from geoverify.frontends.limits import DEFAULT_LIMITS, Budget, Limits
from geoverify.frontends.tikz.interpreter import Interpreter
from geoverify.frontends.tikz.tex import Source
from geoverify.scene import Scene
from geoverify.scene.graph import visible_view

__all__ = ["parse_tikz"]


def parse_tikz(text: str, *, filename: str | None = None, limits: Limits | None = None,
               strict: bool = False) -> Scene:
    """Interpret TikZ code.

    Parameters
    ----------
    text : str
        A full document (``\\documentclass ... \\begin{document}``), one or more
        ``tikzpicture`` environments or ``\\tikz`` commands, or bare picture
        statements (``\\draw (0,0) -- (1,1);``).
    filename : str, optional
        Recorded in every source location.
    limits : Limits, optional
        Budgets (size, steps, depth, time); breaches raise
        :class:`~geoverify.errors.BudgetExceededError`.
    strict : bool
        Raise :class:`~geoverify.errors.UnsupportedConstructError` on the first
        construct that is not interpreted, instead of noting it.

    Returns
    -------
    Scene
        ``unit="pt"``, ``source_format="tikz"``; each picture is a panel.

    Raises
    ------
    FigureSyntaxError
        Unbalanced braces, unparsable paths (in strict mode), undefined names.
    BudgetExceededError
        Runaway recursion, huge loops, oversized input.
    """
    if not isinstance(text, str):
        raise FigureFormatError(f"TikZ source must be text, got {type(text).__name__}")
    limits = limits or DEFAULT_LIMITS
    budget = Budget(limits)
    budget.check_size(len(text.encode("utf-8", errors="replace")))
    scene = Scene(unit="pt", source_format="tikz")
    interp = Interpreter(Source(text, filename), scene, budget, strict=strict)
    try:
        with _rarer_young_collections():
            try:
                interp.run(text)
                if interp.clip_boxes:
                    visible_view(scene, interp.clip_boxes)
            finally:
                interp.release()
    except RecursionError:
        from geoverify.errors import BudgetExceededError
        raise BudgetExceededError("nesting too deep for the interpreter (runaway recursion?)",
                                  location=interp.loc) from None
    except GeoverifyError as err:
        if err.location is None or (err.location.line is None and interp.loc is not None):
            err.location = interp.loc
        raise
    return scene


@contextmanager
def _rarer_young_collections(threshold: int = 10000):
    """Collect the youngest generation of garbage after ``threshold`` new objects instead of
    Python's 700 while a figure is interpreted (the thresholds are restored after).

    Interpretation makes short-lived tokens, tuples and dicts by the hundred thousand, nearly
    all freed by reference counting; a young collection every 700 of them mostly finds
    nothing to free but promotes what is alive at that moment, which brings on costly older
    collections. Rarer young collections save about 5% of the interpret time of the corpus
    (benchmarks/frontend_speed.py); no result depends on when garbage is collected.
    """
    old = gc.get_threshold()
    if old[0] == 0:  # automatic collection is off: it stays off
        yield
        return
    gc.set_threshold(max(threshold, old[0]), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
