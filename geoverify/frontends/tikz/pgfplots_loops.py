"""Loops around ``\\addplot`` in an axis body, unrolled before the plots are collected.

In TeX a ``\\foreach \\p in {1,2,3} {\\addplot {x^\\p}; \\addlegendentryexpanded{$x^\\p$}}``
(or ``\\pgfplotsinvokeforeach{1,2,3}{\\addplot {x^#1};}``) inside an axis runs its body once
per item, each ``\\addplot`` adding a plot. The axis reads its plots from the body's
statements, so such a loop is replaced by its bodies, the loop variables (``#1``) written
out as each item's text; ``\\addlegendentryexpanded`` then is ``\\addlegendentry`` of the
expanded text. Loops without ``\\addplot`` stay as they are (the picture runs them).
"""

from __future__ import annotations

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize

__all__ = ["unroll_plot_loops"]

_PLOTS = ("\\addplot", "\\addplot3", "\\addplot+")
_MAX_DEPTH = 8


def _drain(reader: Reader) -> list:
    out = []
    while True:
        t = reader.get()
        if t is None:
            return out
        out.append(t)


def _substitute(tokens: list, names: dict) -> list:
    """``tokens`` with each control sequence of ``names`` (and ``#``, digit pairs) replaced by
    the tokens of its text."""
    out, i = [], 0
    while i < len(tokens):
        t = tokens[i]
        if t[0] == "#" and i + 1 < len(tokens) and ("#" + tokens[i + 1][0]) in names:
            out += [(x, t[1]) for x, _ in tokenize(names["#" + tokens[i + 1][0]])]
            i += 2
            continue
        if t[0] in names:
            out += [(x, t[1]) for x, _ in tokenize(names[t[0]])]
        else:
            out.append(t)
        i += 1
    return out


def _read_loop(interp, name: str, reader: Reader):
    """``(bindings, body)`` of the loop whose command ``name`` was read: a list of ``{name:
    text}`` (``#1`` for ``\\pgfplotsinvokeforeach``) and the body tokens; a body that is not
    braced raises :class:`GeoverifyError` (the loop is then left alone)."""
    if name == "\\pgfplotsinvokeforeach":
        from geoverify.frontends.tikz.loops import expand_list
        items = expand_list(interp, detokenize(reader.read_arg()))
        return [{"#1": str(v).strip()} for v in items], reader.read_arg()
    variables, opts, list_text = interp._foreach_header(reader)
    reader.skip_spaces()
    nxt = reader.get()
    if nxt is None or nxt[0] != "{":
        raise GeoverifyError("a \\foreach body without braces")
    body = reader.read_group_body(nxt[1])
    return list(interp.foreach_iterations(variables, opts, list_text)), body


def unroll_plot_loops(interp, body: list, depth: int = 0) -> list:
    """The axis body ``body`` (tokens) with its loops around ``\\addplot`` unrolled."""
    out, i = [], 0
    while i < len(body):
        t = body[i]
        if t[0] in ("\\foreach", "\\pgfplotsinvokeforeach") and depth < _MAX_DEPTH:
            reader = Reader(body[i + 1:], interp.defs, interp.budget, interp.source)
            try:
                bindings, loop_body = _read_loop(interp, t[0], reader)
            except GeoverifyError:
                bindings = None
            if bindings is not None and any(x[0] in _PLOTS for x in loop_body):
                for names in bindings:
                    out += unroll_plot_loops(interp, _substitute(loop_body, names), depth + 1)
                return out + unroll_plot_loops(interp, _drain(reader), depth)
        if t[0] == "\\addlegendentryexpanded":  # (its text is written out by now)
            t = ("\\addlegendentry", t[1])
        out.append(t)
        i += 1
    return out
