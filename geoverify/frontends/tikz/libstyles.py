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
        "state with output": "circle split,draw,minimum size=2.5em,every state",
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
    "mindmap": {  # tikzlibrarymindmap.code.tex (concept, concept color: mindmap.py)
        "every concept": "",
        "extra concept": "concept color=black!50,level 2 concept,concept,every extra concept",
        "every extra concept": "",
        "concept connection": "line width=1mm,shorten <=2mm,shorten >=2mm,cap=round,draw=black!50",
        "tikz@concept@setting": "edge from parent path={(\\tikzparentnode) to [circle connection bar] (\\tikzchildnode)}",
        "tikz@concept@color@set": "",
        "every circle connection bar": "",
        "mindmap": "fill,draw,very thick,outer sep=0pt,inner sep=1pt,every child/.append style={style=tikz@concept@setting,"
                   "style=tikz@concept@color@set},root concept,level 1/.append style={level 1 concept},"
                   "level 2/.append style={level 2 concept},level 3/.append style={level 3 concept},"
                   "level 4/.append style={level 4 concept},text centered,segment angle=20,style=every mindmap",
        "every mindmap": "",
        "root concept": "minimum size=4cm,text width=3.5cm,font=\\large",
        "level 1 concept": "minimum size=2.25cm,level distance=5cm,text width=2cm,sibling angle=60,font=\\small",
        "level 2 concept": "minimum size=1.75cm,level distance=2.9cm,text width=1.5cm,sibling angle=60,font=\\footnotesize",
        "level 3 concept": "minimum size=1.15cm,text width=1cm,level distance=2.4cm,sibling angle=30,font=\\tiny",
        "level 4 concept": "minimum size=0.9cm,text width=0.7cm,level distance=1.85cm,sibling angle=30,font=\\tiny",
    },
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
