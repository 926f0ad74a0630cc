"""Native Asymptote front-end: Asymptote code -> :class:`~geoverify.scene.Scene`.

Pipeline: :mod:`.parser` (Lark LALR, ``grammars/asy.lark``) -> :mod:`.interpreter`
(tree-walking evaluator with the builtins of :mod:`.lib_core`, :mod:`.lib_draw`
and the modules of :mod:`.modules`) -> :mod:`.picture` (recorded commands) ->
:mod:`.fitting` (``size``/``unitsize``) -> :mod:`.emit` (scene primitives).
"""

from __future__ import annotations

import sys

from geoverify.errors import BudgetExceededError, InputError
from geoverify.frontends.limits import DEFAULT_LIMITS, Budget, Limits
from geoverify.scene import Scene

__all__ = ["parse_asy", "DIALECTS"]

DIALECTS = ("plain", "aops")


def parse_asy(text: str, *, filename: str | None = None, limits: Limits | None = None, dialect: str = "plain",
              strict: bool = False) -> Scene:
    """Interpret Asymptote code and return what it draws.

    Parameters
    ----------
    text : str
        Asymptote source.
    filename : str, optional
        Used in diagnostics and error locations.
    limits : Limits, optional
        Step, depth, array-size and time budgets.
    dialect : {"plain", "aops"}
        ``"aops"`` pre-imports olympiad, cse5 and graph as AoPS's renderer does.
    strict : bool
        Raise :class:`~geoverify.errors.UnsupportedConstructError` instead of
        recording a diagnostic when a construct is not interpreted.

    Returns
    -------
    Scene
        ``unit="bp"``, ``source_format="asy"``; canvas coordinates are
        Asymptote's frame coordinates (y up).
    """
    from geoverify.frontends.asy.emit import emit_picture
    from geoverify.frontends.asy.interpreter import _TEMPLATES, Interpreter
    from geoverify.frontends.asy.parser import parse_source

    if dialect not in DIALECTS:
        raise InputError(f"unknown Asymptote dialect {dialect!r}; expected one of: {', '.join(DIALECTS)}")
    limits = limits or DEFAULT_LIMITS
    Budget(limits).check_size(len(text.encode("utf-8", "surrogatepass")))
    tree = parse_source(text, filename)
    scene = Scene(unit="bp", source_format="asy")
    builds_template = dialect not in _TEMPLATES
    interp = Interpreter(scene, limits=limits, dialect=dialect, strict=strict, filename=filename)
    try:
        old = sys.getrecursionlimit()
        # Deep Asymptote recursion is bounded by Limits.max_depth; Python needs headroom for it.
        sys.setrecursionlimit(max(old, 20 * limits.max_depth + 2000))
        try:
            interp.run(tree)
        except RecursionError:
            raise BudgetExceededError("nesting or recursion too deep (Limits.max_depth)") from None
        finally:
            sys.setrecursionlimit(old)
        from geoverify.frontends.asy import emit

        df = interp.globals.vars.get("dotfactor", 6)
        emit._DOTFACTOR[0] = float(df) if isinstance(df, (int, float)) else 6.0
        interp.activate()
        try:
            emit_picture(interp.pic, scene, interp.budget)
        except (ArithmeticError, ValueError) as e:
            # e.g. a graph whose data overflow the picture's scaling (asy fails at shipout too)
            from geoverify.frontends.asy.control import AsyRuntimeError

            raise AsyRuntimeError(f"the picture cannot be laid out: {type(e).__name__}: {e}") from None
        return scene
    finally:
        _release(interp, builds_template)


def _release(interp, builds_template: bool) -> None:
    """Drop what the interpreter holds once its scene is made.

    Its state is cyclic (dispatch tables of bound methods, functions that hold
    their scope): released here, the figure's objects go by reference counting
    at once instead of waiting for Python's cyclic collector, which walks every
    tree and value of the figure on each collection meanwhile (a fifth of the
    interpret time). The global scope of the interpreter that built the
    dialect's shared builtins is kept: what those builtins made may hold it.
    """
    if not builds_template:
        interp.globals.vars.clear()
    interp.__dict__.clear()
