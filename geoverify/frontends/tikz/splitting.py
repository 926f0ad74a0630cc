"""Splitting TikZ text at a separator that is not nested in braces, brackets or parentheses."""

from __future__ import annotations

__all__ = ["split_top_level"]


def split_top_level(s: str, sep: str = ",") -> list[str]:
    """Parts of ``s`` between top-level ``sep`` characters (``{[(`` nesting does not split;
    a control symbol such as ``\\,`` or ``\\{`` is one token, never a separator or a brace)."""
    out, depth, start = [], 0, 0
    escaped = False
    for i, ch in enumerate(s):
        if escaped:
            escaped = False
            continue
        if ch == "\\":
            escaped = True
        elif ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif ch == sep and depth == 0:
            out.append(s[start:i])
            start = i + 1
    out.append(s[start:])
    return out
