"""LaTeX counters: ``\\newcounter``, ``\\setcounter``, ``\\addtocounter``, ``\\stepcounter``,
``\\refstepcounter``, and their values ``\\the<name>``, ``\\arabic{name}``, ``\\value{name}``.

Counters are global (as LaTeX's): their values are stored in the definitions
under ``counter:<name>``. The commands act where they are met: as statements, and
while a path's tokens are expanded (``node {\\stepcounter{c}\\thec}`` shows the new
value, as TeX typesets it). A counter never made with ``\\newcounter`` is left
alone (the command stays as written and is reported where it is not read).
"""

from __future__ import annotations

import re

__all__ = ["COUNTER_PREFIXES", "expand_counter"]

_SETTERS = ("\\newcounter", "\\setcounter", "\\addtocounter", "\\stepcounter", "\\refstepcounter")
#: Names :func:`expand_counter` may act on (``\\the`` stands for ``\\the<name>``).
COUNTER_PREFIXES = _SETTERS + ("\\the", "\\arabic", "\\value")


def _number(text: str):
    m = re.fullmatch(r"\s*([-+]?\d+)\s*", text)
    return int(m.group(1)) if m else None


def expand_counter(reader, tok) -> bool:
    """Act on the counter command ``tok`` just read from ``reader``; False leaves it as written."""
    from geoverify.frontends.tikz.tex import expanded_text, tokenize  # (tex.py imports this module)
    t = tok[0]
    defs = reader.defs
    if t not in _SETTERS and t not in ("\\arabic", "\\value"):
        if not t.startswith("\\the") or len(t) <= 4:
            return False
        value = defs.get("counter:" + t[4:])  # \the<name>
        if value is None:
            return False
        reader.push(tokenize(str(value), base=tok[1] or 0))
        return True
    arg = reader.read_arg()
    name = expanded_text(reader, arg).strip()
    value = defs.get("counter:" + name)
    if t == "\\newcounter":
        reader.read_optional()  # [within]: not modelled (a reset by another counter)
        defs.set("counter:" + name, 0, global_=True)
        return True
    if value is None:
        reader.push([("{", tok[1])] + list(arg) + [("}", tok[1])])
        return False
    if t in ("\\arabic", "\\value"):
        reader.push(tokenize(str(value), base=tok[1] or 0))
        return True
    if t in ("\\stepcounter", "\\refstepcounter"):
        defs.set("counter:" + name, value + 1, global_=True)
        return True
    n = _number(expanded_text(reader, reader.read_arg()))
    if n is not None:
        defs.set("counter:" + name, n if t == "\\setcounter" else value + n, global_=True)
    return True
