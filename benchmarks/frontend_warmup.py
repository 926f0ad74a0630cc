"""Start-up work of a native front-end, done before anything is timed.

The front-ends import most of their modules when a figure first needs them (a TikZ
figure without pgfplots never loads pgfplots). In a benchmark that cost lands on
whichever figure comes first, and without cached bytecode (``PYTHONDONTWRITEBYTECODE``)
it is a compile of the module's source; neither is interpret time.
"""

from __future__ import annotations

import importlib
import pkgutil

__all__ = ["import_frontend"]


def import_frontend(kind: str) -> int:
    """Import every module of ``geoverify.frontends.<kind>`` (``"asy"`` or ``"tikz"``); returns how many."""
    package = importlib.import_module(f"geoverify.frontends.{kind}")
    count = 0
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
        count += 1
    return count
