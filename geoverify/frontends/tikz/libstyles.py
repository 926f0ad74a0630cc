"""Styles that TikZ libraries define when they are loaded (``\\usetikzlibrary``).

Only styles made of keys this front-end interprets are listed; they are copied from
the libraries' code (``tikzlibraryautomata.code.tex`` ...; ``\\baselineskip`` is 12 pt,
that of the 10 pt font). A figure that uses a library's key without loading it (a
fragment of a document whose preamble loads it) gets the library's styles at the first
such key, with a note (:func:`library_of_style`).
"""

from __future__ import annotations

from geoverify.frontends.tikz.circuit_styles import (CIRCUITS, CIRCUITS_EE, CIRCUITS_EE_IEC, CIRCUITS_LOGIC, CIRCUITS_LOGIC_CDH,
                                                     CIRCUITS_LOGIC_IEC, CIRCUITS_LOGIC_US)

__all__ = ["LIBRARY_STYLES", "define_library_styles", "library_of_style"]

#: library -> {style name: body}
LIBRARY_STYLES = {
    "automata": {
        "every state": "",
        "state without output": "circle,draw,minimum size=2.5em,every state",
        "state": "state without output",
        "accepting by double": "double,outer sep=.5\\pgflinewidth+.3pt",
        "accepting": "accepting by double",
    },
    "er": {
        "every entity": "",
        "entity": "rectangle,draw,minimum height=24pt,minimum width=48pt,every entity",
        "every relationship": "",
        "relationship": "diamond,draw,minimum size=18pt,inner sep=1pt,every relationship",
        "every attribute": "",
        "attribute": "minimum size=18pt,ellipse,draw,every attribute",
        "key attribute": "font=\\itshape,attribute",
    },
    "trees": {  # tikzlibrarytrees.code.tex's connections
        "edge from parent fork down": "edge from parent path={(\\tikzparentnode\\tikzparentanchor) -- "
                                      "+(0pt,-.5\\tikzleveldistance) -| (\\tikzchildnode\\tikzchildanchor)}",
        "edge from parent fork up": "edge from parent path={(\\tikzparentnode\\tikzparentanchor) -- "
                                    "+(0pt,.5\\tikzleveldistance) -| (\\tikzchildnode\\tikzchildanchor)}",
        "edge from parent fork left": "edge from parent path={(\\tikzparentnode\\tikzparentanchor) -- "
                                      "+(-.5\\tikzleveldistance,0pt) |- (\\tikzchildnode\\tikzchildanchor)}",
        "edge from parent fork right": "edge from parent path={(\\tikzparentnode\\tikzparentanchor) -- "
                                       "+(.5\\tikzleveldistance,0pt) |- (\\tikzchildnode\\tikzchildanchor)}",
    },
    "folding": {"every ear": "", "every cut": "", "every fold": "help lines"},
    "petri": {
        "every place": "",
        "place": "circle,draw,inner sep=0pt,minimum size=5ex,every place",
        "every transition": "",
        "transition": "rectangle,draw,inner sep=0pt,minimum size=4mm,every transition",
        "pre": "<-,shorten <=1pt",
        "post": "->,shorten >=1pt",
        "pre and post": "<->,shorten >=1pt,shorten <=1pt",
        "every token": "",
        "token": "fill=black,draw=none,circle,inner sep=0.5pt,minimum size=1ex,text=white,font=\\tiny,every token",
    },
}

# the circuits libraries (circuit_styles.py): each table holds those of the libraries it loads
LIBRARY_STYLES["circuits"] = CIRCUITS
LIBRARY_STYLES["circuits.ee"] = CIRCUITS_EE
LIBRARY_STYLES["circuits.ee.IEC"] = CIRCUITS_EE_IEC
LIBRARY_STYLES["circuits.logic"] = CIRCUITS_LOGIC
LIBRARY_STYLES["circuits.logic.US"] = CIRCUITS_LOGIC_US
LIBRARY_STYLES["circuits.logic.CDH"] = CIRCUITS_LOGIC_CDH
LIBRARY_STYLES["circuits.logic.IEC"] = CIRCUITS_LOGIC_IEC

_STYLE_LIBRARY = {name: lib for lib, styles in LIBRARY_STYLES.items() for name in styles}


def library_of_style(name: str) -> str | None:
    """The library whose styles include ``name`` (``None`` when none does)."""
    return _STYLE_LIBRARY.get(name)


def define_library_styles(interp, library: str) -> None:
    """Define the styles of ``library`` (as ``\\tikzset`` would)."""
    for name, body in LIBRARY_STYLES.get(library, {}).items():
        interp._define_style(name, body, False)
