"""Splitting TikZ text at a separator that is not nested in braces, brackets or parentheses."""

from __future__ import annotations

import re

__all__ = ["split_top_level"]

# The characters that matter to a split, by separator: a control symbol (two characters), a bracket, the separator.
_SPECIAL: dict[str, re.Pattern] = {}
_NESTING = re.compile(r"[\\{}\[\]()]")


def split_top_level(s: str, sep: str = ",") -> list[str]:
    """Parts of ``s`` between top-level ``sep`` characters (``{[(`` nesting does not split;
    a control symbol such as ``\\,`` or ``\\{`` is one token, never a separator or a brace)."""
    if _NESTING.search(s) is None:
        return s.split(sep)     # nothing nests or escapes (most option lists)
    special = _SPECIAL.get(sep)
    if special is None:
        special = _SPECIAL[sep] = re.compile(r"\\.|[{}\[\]()]|" + re.escape(sep), re.S)
    out, depth, start = [], 0, 0
    for m in special.finditer(s):   # only the characters that matter, not every character
        ch = m[0]
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif ch == sep and depth == 0:
            i = m.start()
            out.append(s[start:i])
            start = i + 1
    out.append(s[start:])
    return out
