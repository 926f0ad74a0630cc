"""Splitting TikZ text at a separator that is not nested in braces, brackets or parentheses."""

from __future__ import annotations

__all__ = ["split_top_level"]


def split_top_level(s: str, sep: str = ",") -> list[str]:
    """Parts of ``s`` between top-level ``sep`` characters (``{[(`` nesting does not split)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(s):
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif ch == sep and depth == 0:
            out.append(s[start:i])
            start = i + 1
    out.append(s[start:])
    return out
