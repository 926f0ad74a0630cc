"""``save()`` and ``restore()``: the graphics state kept on a stack (plain.asy).

``save()`` remembers the default pen and a copy of ``currentpicture``;
``restore()`` brings both back, so a figure can draw variations of one base
picture (``examples/elliptic.asy`` ships two panels drawn on the same axes).
"""

from __future__ import annotations

__all__ = ["install"]


def _stack(I):
    try:
        return I.saved_states
    except AttributeError:
        I.saved_states = []
        return I.saved_states


def install(I):
    """Register ``save`` and ``restore``."""
    b = I.builtin

    def save():
        _stack(I).append((I.defaultpen, I.pic.copy()))

    def restore():
        stack = _stack(I)
        if not stack:
            I.note("WARNING", "restore called with no matching save", "restore")
            return None
        I.defaultpen, pic = stack.pop()
        I.pic = pic
        I.globals.vars["currentpicture"] = pic
        return None

    b("save", save)
    b("restore", restore)
