"""Nodes written without text: ``node[node contents=..]`` (tikz.code.tex).

With the ``node contents`` key (also given through a style, ``w/.style 2 args=
{node contents={#1,#2}}``) TikZ reads no ``{text}`` after a node's options,
name and ``at``. The path grammar wants the text, so a path that does not parse
is read again with an empty ``{}`` put after every node that has none; the
node's text is then its ``node contents`` (placement). Paths that parse as
written never come here.
"""

from __future__ import annotations

import re

__all__ = ["with_empty_node_texts"]

_NODE = re.compile(r"(?<![A-Za-z@\\])node(?![A-Za-z@])")
_CLOSE = {"[": "]", "(": ")", "{": "}"}


def _skip_group(text: str, i: int) -> int:
    """Index after the group opening at ``text[i]`` (nested brackets and braces), or -1."""
    stack = [_CLOSE[text[i]]]
    j = i + 1
    while j < len(text) and stack:
        ch = text[j]
        if ch in _CLOSE:
            stack.append(_CLOSE[ch])
        elif ch == stack[-1]:
            stack.pop()
        j += 1
    return j if not stack else -1


def with_empty_node_texts(text: str) -> str | None:
    """``text`` with ``{}`` after each ``node`` that has options, a name or an ``at`` but no
    text; None when there is none."""
    out, last, changed = [], 0, False
    for m in _NODE.finditer(text):
        i = m.end()
        if i < last:
            continue
        while True:
            while i < len(text) and text[i].isspace():
                i += 1
            if i < len(text) and text[i] in "[(":
                j = _skip_group(text, i)
                if j < 0:
                    return None
                i = j
                continue
            if text.startswith("at", i) and not text[i + 2:i + 3].isalpha():
                k = i + 2
                while k < len(text) and text[k].isspace():
                    k += 1
                if k < len(text) and text[k] == "(":
                    j = _skip_group(text, k)
                    if j < 0:
                        return None
                    i = j
                    continue
            break
        if i < len(text) and text[i] == "{":
            continue
        out.append(text[last:i])
        out.append("{}")
        last = i
        changed = True
    if not changed:
        return None
    out.append(text[last:])
    return "".join(out)
