"""TeX registers a figure declares and assigns: ``\\newdimen\\d``, ``\\newskip\\s``,
``\\newcount\\c``; ``\\d=1cm``, ``\\d 2pt``, ``\\c=3`` (the ``=`` is optional).

A register is kept as a macro holding its value (``1.0pt`` style for dimensions, an
integer for counts), so that coordinates and expressions read it as they read
``\\setlength``'s lengths; the definitions record which macros are registers so that an
assignment is told from a use.
"""

from __future__ import annotations

import re

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.pgfmath import format_number
from geoverify.frontends.tikz.tex import Macro, Reader, detokenize, tokenize

__all__ = ["REGISTER_DECLARATIONS", "assign_register", "declare_register", "is_register"]

REGISTER_DECLARATIONS = {"\\newdimen": "dimen", "\\newskip": "dimen", "\\newcount": "count"}
_VALUE_TOKEN = re.compile(r"^[-+0-9.a-z]+$")


def declare_register(interp, tok, reader: Reader) -> None:
    """``\\newdimen\\d`` (and ``\\newskip``, ``\\newcount``): a register holding zero."""
    name = reader.read_arg()
    if not name or not name[0][0].startswith("\\"):
        return
    kind = REGISTER_DECLARATIONS[tok[0]]
    interp.defs.set(name[0][0], Macro([], tokenize("0pt" if kind == "dimen" else "0"), None, 0), global_=True)
    interp.defs.set("register:" + name[0][0], kind, global_=True)


def is_register(interp, name: str) -> bool:
    return interp.defs.get("register:" + name) is not None


def assign_register(interp, tok, reader: Reader) -> None:
    """``\\d=<value>`` or ``\\d <value>``: the value is read up to a blank or a command."""
    reader.skip_spaces()
    nxt = reader.peek()
    if nxt is not None and nxt[0] == "=":
        reader.get()
        reader.skip_spaces()
    value = []
    while True:
        nxt = reader.peek()
        if nxt is None:
            break
        if nxt[0].startswith("\\") and len(nxt[0]) > 1:
            if not value and is_register(interp, nxt[0]):  # \d=\e: the other register's value
                value += interp.expand_all([reader.get()])
                continue
            break
        if not _VALUE_TOKEN.match(nxt[0]):
            break
        value.append(reader.get())
    text = detokenize(value).strip()
    kind = interp.defs.get("register:" + tok[0])
    try:
        r = interp.number(text, interp.st)
    except GeoverifyError:
        interp.note("UNSUPPORTED", f"cannot read the value '{text}' given to {tok[0]}", tok[0])
        return
    body = format_number(r.value) + "pt" if kind == "dimen" else str(int(r.value))
    interp.defs.set(tok[0], Macro([], tokenize(body), None, 0))
