"""tkz-euclide macros in a picture: dispatch to the modules that interpret them.

``\\tkz...`` commands met among a picture's statements come here
(:func:`run_tkz`). The interpreted ones are listed in :data:`HANDLERS`
(frame and points: :mod:`~geoverify.frontends.tikz.tkz_points`; constructions:
:mod:`~geoverify.frontends.tikz.tkz_constructions`; drawing:
:mod:`~geoverify.frontends.tikz.tkz_draw`; labels:
:mod:`~geoverify.frontends.tikz.tkz_labels`; marks:
:mod:`~geoverify.frontends.tikz.tkz_marks`; grid and axes:
:mod:`~geoverify.frontends.tikz.tkz_axes`). Any other ``\\tkz`` macro is
reported as unsupported and its arguments are skipped; a macro that cannot be
carried out (an unknown point, a construction without solution) is reported
at its line and skipped, as a TikZ statement that fails is.
"""

from __future__ import annotations

from geoverify.errors import FigureSyntaxError, GeoverifyError, UnsupportedConstructError
from geoverify.frontends.tikz import tkz_axes, tkz_constructions, tkz_draw, tkz_labels, tkz_marks, tkz_points
from geoverify.frontends.tikz.tkz_base import install_styles

__all__ = ["HANDLERS", "run_tkz"]

#: Interpreted tkz-euclide macros -> handler ``(interp, reader, tok)``.
HANDLERS: dict = {}
for _module in (tkz_points, tkz_constructions, tkz_draw, tkz_labels, tkz_marks, tkz_axes):
    HANDLERS.update(_module.HANDLERS)


def run_tkz(interp, tok, reader) -> None:
    """Interpret the tkz-euclide macro ``tok`` whose arguments follow in ``reader``."""
    name = tok[0]
    handler = HANDLERS.get(name)
    if handler is None:
        interp.note("UNSUPPORTED", f"tkz-euclide macro {name} is not interpreted", name)
        interp._skip_args(reader)
        return
    install_styles(interp)
    try:
        handler(interp, reader, tok)
    except (FigureSyntaxError, UnsupportedConstructError) as err:
        if interp.strict:
            raise
        loc = interp.location(tok[1], name)
        interp.note("UNSUPPORTED", f"{name}: {err.message}; the macro is skipped", name, loc)
    except GeoverifyError:
        raise  # budgets and other errors of this package go on as they are
    except (ValueError, IndexError, KeyError, TypeError, ArithmeticError) as err:
        # arguments this handler cannot read (``(0,)`` where two angles belong, a degenerate
        # construction): reported like any macro not understood, never a crash
        if interp.strict:
            raise FigureSyntaxError(f"{name}: its arguments are not understood ({type(err).__name__}: {err})",
                                    location=interp.location(tok[1], name)) from None
        loc = interp.location(tok[1], name)
        interp.note("UNSUPPORTED", f"{name}: its arguments are not understood ({type(err).__name__}: {err}); "
                    "the macro is skipped", name, loc)
