"""The table of task families: name -> generator of task packages.

A family module registers its generator with :func:`family`; the generator
takes no arguments and returns the family's bundled instances (its controlled
variants), each a :class:`~geoverify.families.package.TaskPackage`.
"""

from __future__ import annotations

import importlib
from typing import Callable

__all__ = ["FAMILIES", "family", "all_packages", "FAMILY_MODULES"]

FAMILIES: dict[str, Callable] = {}

# Modules that register families, in build order.
FAMILY_MODULES = (
    "geoverify.families.rouche",
    "geoverify.families.euclid",
    "geoverify.families.analytic",
    "geoverify.families.topology",
    "geoverify.families.diagrams",
    "geoverify.families.linear",
    "geoverify.families.complex_maps",
    "geoverify.families.curves",
    "geoverify.families.quotients",
)


def family(name: str):
    """Register a family generator under ``name``."""

    def deco(fn):
        if name in FAMILIES:
            raise KeyError(f"family {name!r} registered twice")
        FAMILIES[name] = fn
        fn.family_name = name
        return fn

    return deco


def all_packages() -> list:
    """Every bundled task package of every family, in a fixed order."""
    for mod in FAMILY_MODULES:
        importlib.import_module(mod)
    out = []
    for name, fn in FAMILIES.items():
        for pkg in fn():
            pkg.family_name = name
            out.append(pkg)
    ids = [p.id for p in out]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise KeyError(f"duplicate task ids: {', '.join(sorted(dup))}")
    return out
