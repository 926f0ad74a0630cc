"""pgfmath commands met while a path's tokens are expanded (node text):
``\\pgfmathparse{expr}`` sets ``\\pgfmathresult``, ``\\pgfmathprintnumber[format]{x}``
typesets the number (pgf's ``std`` format, or ``fixed``/``precision`` keys, as the
pgfplots tick labels print them).

``node {\\pgfmathparse{0.35*2-0.15}\\pgfmathprintnumber[fixed]{\\pgfmathresult}}``
is the node text ``\\ensuremath{0.55}`` (math in text, a group inside ``$...$``). At statement level ``\\pgfmathparse`` is a definition
(definitions.py); this module acts only inside paths. An expression that cannot be
read leaves the command as written (then measured as unknown text).
"""

from __future__ import annotations

__all__ = ["TEXT_MATH_COMMANDS", "expand_text_math"]

#: The commands :func:`expand_text_math` acts on.
TEXT_MATH_COMMANDS = ("\\pgfmathparse", "\\pgfmathprintnumber")


def expand_text_math(reader, tok) -> bool:
    """Act on ``tok`` (one of :data:`TEXT_MATH_COMMANDS`) just read; False leaves it as written."""
    from geoverify.errors import GeoverifyError
    from geoverify.frontends.tikz.pgfmath import evaluate, format_number
    from geoverify.frontends.tikz.tex import Macro, detokenize, expanded_text, tokenize
    t = tok[0]
    if t not in TEXT_MATH_COMMANDS:
        return False
    opt = reader.read_optional() if t == "\\pgfmathprintnumber" else None
    arg = reader.read_arg()
    text = expanded_text(reader, arg)
    try:
        value = evaluate(text).value
    except (GeoverifyError, ValueError, ArithmeticError):
        back = [("[", tok[1])] + list(opt) + [("]", tok[1])] if opt else []
        reader.push(back + [("{", tok[1])] + list(arg) + [("}", tok[1])])
        return False
    if t == "\\pgfmathparse":
        reader.defs.set("\\pgfmathresult", Macro([], tokenize(format_number(value)), None, 0))
        return True
    from geoverify.frontends.tikz.pgfplots_ticks import format_number as print_number
    from geoverify.frontends.tikz.pgfplots_ticks import split_number_format
    # its options are /pgf/number format/ keys
    fmt, _ = split_number_format("/pgf/number format/.cd," + detokenize(opt) if opt else "")
    printed = print_number(value, **fmt)
    if len(printed) >= 2 and printed[0] == printed[-1] == "$":
        # pgf sets the number with \pgfutilensuremath: math in text, and no second $ inside $...$
        printed = "\\ensuremath{" + printed[1:-1] + "}"
    reader.push(tokenize(printed, base=tok[1] or 0))
    return True

