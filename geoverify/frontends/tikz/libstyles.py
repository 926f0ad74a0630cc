"""Styles that TikZ libraries define when they are loaded (``\\usetikzlibrary``).

Only styles made of keys this front-end interprets are listed; they are copied from
the libraries' code (``tikzlibraryautomata.code.tex`` ...).
"""

from __future__ import annotations

__all__ = ["LIBRARY_STYLES", "define_library_styles"]

#: library -> {style name: body}
LIBRARY_STYLES = {
    "automata": {
        "every state": "",
        "state without output": "circle,draw,minimum size=2.5em,every state",
        "state": "state without output",
        "accepting by double": "double,outer sep=.5\\pgflinewidth+.3pt",
        "accepting": "accepting by double",
    },
}


def define_library_styles(interp, library: str) -> None:
    """Define the styles of ``library`` (as ``\\tikzset`` would)."""
    for name, body in LIBRARY_STYLES.get(library, {}).items():
        interp._define_style(name, body, False)
