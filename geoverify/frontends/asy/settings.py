"""Asymptote's ``settings`` record, read-only: the values asy has when the gate runs it.

Figures read ``settings.paperwidth`` and friends to lay themselves out; asy's
defaults (``papertype="letter"``, 612 x 792 bp) are given. Assignments to
``settings.*`` stay refused by the interpreter (they would change how asy runs).
"""

from __future__ import annotations

__all__ = ["Settings", "install"]


class Settings:
    """The ``settings`` value: its fields as asy 2.85 reports them with ``-render=0``."""

    __slots__ = ("fields",)
    asy_type = "settings"

    def __init__(self):
        self.fields = {"paperwidth": 612.0, "paperheight": 792.0, "papertype": "letter", "outformat": "",
                       "tex": "latex", "render": 0.0, "prc": False, "verbose": 0, "ibl": False,
                       "autoimport": "", "batchView": False, "interactiveView": False}


def install(I):
    """Bind ``settings``."""
    I.globals.vars["settings"] = Settings()
