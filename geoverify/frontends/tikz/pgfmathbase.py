"""pgfmath's number bases (pgfmathfunctions.base.code.tex) as commands that set a macro.

``\\pgfmathdectobase{\\m}{n}{b}`` (``\\pgfmathdectoBase``: capital letters) writes the
integer ``n`` in base ``b`` (2 to 36, letters after 9), padded with zeros to the length
``\\pgfmathsetbasenumberlength{k}`` set (1 at first); ``\\pgfmathbasetodec{\\m}{digits}{b}``
reads it back; ``\\pgfmathbasetobase`` and ``\\pgfmathbasetoBase`` go between two bases;
``\\pgfmathtodigitlist{\\m}{digits}`` makes the comma list of a number's characters (for
``\\foreach``).
"""

from __future__ import annotations

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.tex import Macro, detokenize, tokenize

__all__ = ["BASE_COMMANDS", "run_base_command"]

BASE_COMMANDS = {"\\pgfmathsetbasenumberlength", "\\pgfmathdectobase", "\\pgfmathdectoBase", "\\pgfmathbasetodec",
                 "\\pgfmathbasetobase", "\\pgfmathbasetoBase", "\\pgfmathtodigitlist"}
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _to_base(n: int, base: int, upper: bool, length: int) -> str:
    out = ""
    while n > 0:  # pgf's loop: nothing for 0, the padding then gives "0"
        out = _DIGITS[n % base] + out
        n //= base
    out = out.rjust(length, "0")
    return out.upper() if upper else out


def _base(text: str) -> int:
    b = int(text.strip())
    if not 2 <= b <= 36:
        raise FigureSyntaxError(f"pgfmath base {b} is outside 2 to 36")
    return b


def run_base_command(interp, tok, reader) -> None:
    """Run one of :data:`BASE_COMMANDS` (``tok``), reading its arguments from ``reader``."""
    name = tok[0]
    defs = interp.defs

    def arg() -> str:
        return detokenize(interp.expand_all(reader.read_arg())).strip()

    if name == "\\pgfmathsetbasenumberlength":
        defs.set("pgfmath:basenumberlength", int(arg()))
        return
    target = reader.read_arg()
    macro = target[0][0] if target else None
    if name == "\\pgfmathtodigitlist":
        value = ",".join(ch for ch in arg() if not ch.isspace())
    else:
        number = arg()
        bases = [_base(arg()) for _ in range(2 if name in ("\\pgfmathbasetobase", "\\pgfmathbasetoBase") else 1)]
        try:
            n = int(number, bases[0]) if name != "\\pgfmathdectobase" and name != "\\pgfmathdectoBase" \
                else int(float(number))
        except ValueError:
            raise FigureSyntaxError(f"{name}: '{number}' is not a number in base {bases[0]}") from None
        if name == "\\pgfmathbasetodec":
            value = str(n)
        else:
            length = defs.get("pgfmath:basenumberlength") or 1
            value = _to_base(n, bases[-1], name.endswith("Base"), length)
    if macro:
        defs.set(macro, Macro([], tokenize(value), None, 0))
