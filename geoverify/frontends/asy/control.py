"""Scopes, control flow and runtime errors of the Asymptote interpreter."""

from __future__ import annotations

from geoverify.errors import GeoverifyError

__all__ = ["AsyRuntimeError", "Env", "Skip", "Break", "Continue", "Return"]


class AsyRuntimeError(GeoverifyError):
    """An error the real asy would also report (undefined name, bad types)."""

    code = "ASY_RUNTIME"


class Skip(Exception):
    """Abandon the current statement (unsupported construct, already noted)."""


class Break(Exception):
    pass


class Continue(Exception):
    pass


class Return(Exception):
    def __init__(self, value):
        self.value = value


_Skip, _Break, _Continue, _Return = Skip, Break, Continue, Return


class Env:
    __slots__ = ("vars", "types", "parent")

    def __init__(self, parent=None):
        self.vars = {}
        self.types = {}
        self.parent = parent

    def find(self, name):
        e = self
        while e is not None:
            if name in e.vars:
                return e
            e = e.parent
        return None
