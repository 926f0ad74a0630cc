"""Styles of the circuits libraries (``tikzlibrarycircuits*.code.tex``), as ``\\usetikzlibrary`` defines them.

``circuits`` declares nothing but the machinery: ``circuit declare symbol=<name>`` (the
styles of :func:`symbol_styles`), the symbol unit and sizes (``tiny`` 5 pt ... ``huge``
10 pt), ``point up``/``down``/``left``/``right`` (a rotation) and the theming styles
(``circuit symbol open``, ``filled``, ``lines``, ``wires``). ``circuits.ee`` declares the
electrical symbols and the units (``ohm``, ``volt`` ... as info labels:
:func:`unit_styles`); ``circuits.ee.IEC`` gives each its IEC graphic (the shapes of
:mod:`~geoverify.frontends.tikz.circuits_ee`). ``circuits.logic`` declares the gates and
``circuits.logic.IEC`` draws them as the IEC gate shapes of
:mod:`~geoverify.frontends.tikz.circuits`. A library's table includes the tables of the
libraries it loads.
"""

from __future__ import annotations

__all__ = ["CIRCUITS", "CIRCUITS_EE", "CIRCUITS_EE_IEC", "CIRCUITS_LOGIC", "CIRCUITS_LOGIC_IEC", "CIRCUITS_LOGIC_US",
           "CIRCUITS_LOGIC_CDH", "symbol_styles", "unit_styles"]


def symbol_styles(name: str) -> dict:
    """The styles ``circuit declare symbol=<name>`` defines: ``<name>`` (a circuit symbol
    with the options given to it), ``<name>/graphic`` (empty until set), ``set <name>
    graphic`` (sets it) and ``every <name>`` (pgf tries it; empty here)."""
    return {name: f"circuit handle symbol={{inner sep=0.5pt,every circuit symbol,{name}/graphic,every {name},#1}}",
            f"{name}/graphic": "", f"set {name} graphic": f"{name}/graphic/.style={{#1}}", f"every {name}": ""}


def unit_styles(name: str, unit: str) -> dict:
    """The label keys ``circuit declare unit={<name>}{<unit>}`` defines (``<name>``,
    ``<name>'``, ``<name> sloped``, ``<name>' sloped``: an info label ``$\\mathrm{<value><unit>}$``,
    below for the primed ones, turned with the symbol for the sloped ones)."""
    return {f"{name}{v}": f"circuit info={{{v}}}{{{name}}}{{{unit}}}{{#1}}" for v in ("", "'", " sloped", "' sloped")}


CIRCUITS = {
    "every circuit": "",
    "every circuit symbol": "",
    "circuit symbol open": "draw",
    "circuit symbol filled": "draw,fill=black",
    "circuit symbol lines": "draw",
    "circuit symbol wires": "draw",
    **{f"{size} circuit symbols": f"circuit symbol unit={unit}pt"
       for size, unit in (("huge", 10), ("large", 8), ("medium", 7), ("small", 6), ("tiny", 5))},
    "point up": "rotate=90",
    "point down": "rotate=-90",
    "point left": "rotate=180",
    "point right": "",
    "every info": "",
}

_EE_SYMBOLS = ("resistor", "inductor", "capacitor", "contact", "ground", "battery", "diode", "Zener diode",
               "Schottky diode", "tunnel diode", "backward diode", "breakdown diode", "bulb", "current source",
               "voltage source", "make contact", "break contact", "amperemeter", "voltmeter", "ohmmeter",
               "ac source", "dc source")
_EE_UNITS = (("ampere", "A"), ("volt", "V"), ("ohm", "\\Omega"), ("siemens", "S"), ("henry", "H"),
             ("farad", "F"), ("coulomb", "C"), ("voltampere", "VA"), ("watt", "W"), ("hertz", "Hz"))

CIRCUITS_EE = {
    **CIRCUITS,
    "circuit ee": "circuit,every circuit ee",
    "every circuit ee": "",
    **{k: v for name in _EE_SYMBOLS + ("current direction", "current direction'")
       for k, v in symbol_styles(name).items()},
    "current direction/graphic": "current direction ee graphic",
    "current direction'/graphic": "current direction' ee graphic",
    "current direction ee graphic": "shape=direction ee,circuit symbol filled,current direction arrow,"
                                    "current direction ee size,transform shape",
    "current direction' ee graphic": "current direction ee graphic,rotate=180",
    **{k: v for name, unit in _EE_UNITS for k, v in unit_styles(name, unit).items()},
    **{n + p: f"circuit annotation={{{n + p}}}{{#1}}" for n in ("direction info", "light emitting", "light dependent",
                                                               "adjustable", "adjustable'") for p in ("", "'")},
}

_DIODE_BAR = "\\pgfpathmoveto{\\pgfqpoint{0pt}{-1pt}}\\pgfpathlineto{\\pgfqpoint{0pt}{1pt}}\\pgfusepathqstroke"


def _diode(name: str, code: str) -> dict:
    return {f"{name} IEC graphic": f"diode IEC graphic,/pgf/generic diode IEC/before background={{{code}}}",
            f"var {name} IEC graphic": f"{name} IEC graphic,circuit symbol filled"}


CIRCUITS_EE_IEC = {
    **CIRCUITS_EE,
    "circuit ee IEC": "circuit ee," + ",".join(
        f"set {s} graphic={s} IEC graphic" for s in _EE_SYMBOLS if not s.endswith(("meter", "ac source", "dc source"))),
    "resistor IEC graphic": "circuit symbol open,circuit symbol size=width 4 height 1,shape=rectangle ee,"
                            "transform shape",
    "var resistor IEC graphic": "circuit symbol lines,circuit symbol size=width 4.8 height 0.8,shape=var resistor IEC,"
                                "transform shape,outer sep=0pt,cap=round",
    "inductor IEC graphic": "circuit symbol lines,circuit symbol size=width 4 height .5,transform shape,"
                            "shape=inductor IEC,outer sep=0pt,cap=round",
    "var inductor IEC graphic": "circuit symbol filled,circuit symbol size=width 4 height 1,transform shape,"
                                "shape=rectangle ee",
    "capacitor IEC graphic": "circuit symbol lines,circuit symbol size=width .5 height 2,transform shape,"
                             "shape=capacitor IEC",
    "ground IEC graphic": "circuit symbol lines,circuit symbol size=width .75 height 2,transform shape,"
                          "shape=ground IEC",
    "battery IEC graphic": "circuit symbol lines,circuit symbol size=width .5 height 2.5,transform shape,"
                           "shape=battery IEC",
    "diode IEC graphic": "circuit symbol open,circuit symbol size=width 1.25 height 1.25,transform shape,"
                         f"shape=generic diode IEC,/pgf/generic diode IEC/before background={{{_DIODE_BAR}}}",
    "var diode IEC graphic": "diode IEC graphic,circuit symbol filled",
    **_diode("Zener diode", "\\pgfpathmoveto{\\pgfqpoint{-.5pt}{-1pt}}\\pgfpathlineto{\\pgfqpoint{0pt}{-1pt}}"
                            "\\pgfpathlineto{\\pgfqpoint{0pt}{1pt}}\\pgfusepathqstroke"),
    **_diode("Schottky diode", "\\pgfpathmoveto{\\pgfqpoint{-.4pt}{-.6pt}}\\pgfpathlineto{\\pgfqpoint{-.4pt}{-1pt}}"
                               "\\pgfpathlineto{\\pgfqpoint{0pt}{-1pt}}\\pgfpathlineto{\\pgfqpoint{0pt}{1pt}}"
                               "\\pgfpathlineto{\\pgfqpoint{.4pt}{1pt}}\\pgfpathlineto{\\pgfqpoint{.4pt}{.6pt}}"
                               "\\pgfusepathqstroke"),
    **_diode("tunnel diode", "\\pgfpathmoveto{\\pgfqpoint{-.5pt}{-1pt}}\\pgfpathlineto{\\pgfqpoint{0pt}{-1pt}}"
                             "\\pgfpathlineto{\\pgfqpoint{0pt}{1pt}}\\pgfpathlineto{\\pgfqpoint{-.5pt}{1pt}}"
                             "\\pgfusepathqstroke"),
    **_diode("backward diode", "\\pgfpathmoveto{\\pgfqpoint{-.5pt}{-1pt}}\\pgfpathlineto{\\pgfqpoint{.5pt}{-1pt}}"
                               "\\pgfpathmoveto{\\pgfqpoint{0pt}{-1pt}}\\pgfpathlineto{\\pgfqpoint{0pt}{1pt}}"
                               "\\pgfpathmoveto{\\pgfqpoint{-.5pt}{1pt}}\\pgfpathlineto{\\pgfqpoint{.5pt}{1pt}}"
                               "\\pgfusepathqstroke"),
    "breakdown diode IEC graphic": "circuit symbol open,circuit symbol size=width 2.5 height 1.25,transform shape,"
                                   "shape=breakdown diode IEC",
    "var breakdown diode IEC graphic": "breakdown diode IEC graphic,circuit symbol filled",
    "contact IEC graphic": "circuit symbol filled,circuit symbol size=width .5 height .5,shape=circle ee,"
                           "outer sep=.25\\pgflinewidth",
    "bulb IEC graphic": "circuit symbol lines,circuit symbol size=width 1.5 height 1.5,shape=generic circle IEC,"
                        "/pgf/generic circle IEC/before background={\\pgfpathmoveto{\\pgfpointpolar{-135}{1pt}}"
                        "\\pgfpathlineto{\\pgfpointpolar{45}{1pt}}\\pgfpathmoveto{\\pgfpointpolar{-45}{1pt}}"
                        "\\pgfpathlineto{\\pgfpointpolar{135}{1pt}}\\pgfusepathqstroke},transform shape",
    "current source IEC graphic": "circuit symbol lines,circuit symbol size=width 2 height 2,shape=generic circle IEC,"
                                  f"/pgf/generic circle IEC/before background={{{_DIODE_BAR}}},transform shape",
    "voltage source IEC graphic": "circuit symbol lines,circuit symbol size=width 2 height 2,shape=generic circle IEC,"
                                  "/pgf/generic circle IEC/before background={\\pgfpathmoveto{\\pgfqpoint{-1pt}{0pt}}"
                                  "\\pgfpathlineto{\\pgfqpoint{1pt}{0pt}}\\pgfusepathqstroke},transform shape",
    "make contact IEC graphic": "circuit symbol wires,circuit symbol size=width 2 height 1,transform shape,"
                                "shape=make contact IEC,outer sep=0pt,cap=round",
    "var make contact IEC graphic": "circuit symbol wires,circuit symbol size=width 2.4 height 1,transform shape,"
                                    "shape=var make contact IEC,outer sep=0pt,cap=round",
    "break contact IEC graphic": "circuit symbol wires,circuit symbol size=width 2 height 1,transform shape,"
                                 "shape=break contact IEC,outer sep=0pt,cap=round",
    # (pgf's two quadratic curves, as the cubics they are)
    "ac source graphic": "circuit symbol lines,circuit symbol size=width 2 height 2,shape=generic circle IEC,"
                         "/pgf/generic circle IEC/before background={\\pgfpathmoveto{\\pgfqpoint{0.7pt}{0pt}}"
                         "\\pgfpathcurveto{\\pgfqpoint{0.466667pt}{-0.333333pt}}{\\pgfqpoint{0.233333pt}{-0.333333pt}}"
                         "{\\pgfqpoint{0pt}{0pt}}\\pgfpathcurveto{\\pgfqpoint{-0.233333pt}{0.333333pt}}"
                         "{\\pgfqpoint{-0.466667pt}{0.333333pt}}{\\pgfqpoint{-0.7pt}{0pt}}\\pgfusepathqstroke},"
                         "transform shape",
    "dc source graphic": "circuit symbol lines,circuit symbol size=width 2 height 2,shape=generic circle IEC,"
                         "/pgf/generic circle IEC/before background={\\pgfpathmoveto{\\pgfqpoint{0.7pt}{0.2pt}}"
                         "\\pgfpathlineto{\\pgfqpoint{-0.7pt}{0.2pt}}\\pgfusepathqstroke"
                         "\\pgfpathmoveto{\\pgfqpoint{0.7pt}{-0.2pt}}\\pgfpathlineto{\\pgfqpoint{-0.7pt}{-0.2pt}}"
                         "\\pgfusepathqstroke},transform shape",
    **{f"{m}meter graphic": "circuit symbol open,circuit symbol size=width 2 height 2,transform shape,"
                            f"shape=generic circle IEC,info=center:{u}"
       for m, u in (("ampere", "A"), ("volt", "V"), ("ohm", "$\\Omega$"))},
}
CIRCUITS_EE_IEC["circuit ee IEC"] += "".join(f",set {s} graphic={s} graphic" for s in (
    "amperemeter", "voltmeter", "ohmmeter", "ac source", "dc source"))

_GATES = ("and", "nand", "or", "nor", "xor", "xnor", "not", "buffer")
_IEC_SYMBOLS = (("and", "\\&"), ("nand", "\\&"), ("or", "\\geq1"), ("nor", "\\geq1"), ("xor", "=1"), ("xnor", "=1"),
                ("not", "1"), ("buffer", "1"))

CIRCUITS_LOGIC = {
    **CIRCUITS,
    "circuit logic": "circuit,logic gate inverted radius=.25*\\tikzcircuitssizeunit,every circuit logic",
    "every circuit logic": "",
    "inputs": "logic gate inputs={#1}",
    **{k: v for g in _GATES for k, v in symbol_styles(f"{g} gate").items()},
}

CIRCUITS_LOGIC_US = {
    **CIRCUITS_LOGIC,
    "circuit logic US": "circuit logic," + ",".join(f"set {g} gate graphic={g} gate US graphic" for g in _GATES),
    **{f"{g} gate {k} graphic": f"circuit symbol open,circuit symbol size=width 0 height 2.5,shape={g} gate {k},"
                                "transform shape" for g in _GATES for k in ("US", "CDH")},
}

CIRCUITS_LOGIC_CDH = {
    **CIRCUITS_LOGIC_US,
    "circuit logic CDH": "circuit logic US,set and gate graphic=and gate CDH graphic,"
                         "set nand gate graphic=nand gate CDH graphic",
}

CIRCUITS_LOGIC_IEC = {
    **CIRCUITS_LOGIC,
    "circuit logic IEC": "circuit logic," + ",".join(f"set {g} gate graphic={g} gate IEC graphic" for g in _GATES)
                         + "," + ",".join(f"{g} gate IEC symbol={{$\\scriptstyle{s}$}}" for g, s in _IEC_SYMBOLS),
    **{f"{g} gate IEC graphic": f"circuit symbol open,circuit symbol size=width 2.5 height 4,shape={g} gate IEC,"
                                "inner sep=.5ex" for g in _GATES},
}
