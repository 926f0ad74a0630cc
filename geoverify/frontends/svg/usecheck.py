"""Static check of ``<use>`` expansion: cycles, bombs and oversized copies, before drawing."""

from __future__ import annotations

from geoverify.errors import BudgetExceededError, UnsafeInputError

__all__ = ["check_use_expansion", "REFERENCED", "SHAPES"]

SHAPES = frozenset({"path", "line", "polyline", "polygon", "rect", "circle", "ellipse"})
# Never drawn where they stand; used only by reference.
REFERENCED = frozenset({
    "defs", "symbol", "marker", "clipPath", "mask", "pattern", "linearGradient", "radialGradient",
    "filter", "style", "font", "font-face", "glyph", "missing-glyph", "cursor", "view", "stop",
})


def check_use_expansion(root, ids, limits, loc) -> tuple[int, int]:
    """Count ``<use>`` instantiations and drawn shapes without drawing; find cycles.

    A ``<use>`` bomb (ten uses of ten uses of ...) or a few uses of a huge
    group are refused in time proportional to the document's size, instead of
    after drawing ``Limits.max_use_references`` copies or
    ``Limits.max_primitives`` shapes. The counts are upper bounds of what the
    walk draws (hidden subtrees are counted too).

    Parameters
    ----------
    root : Node
    ids : dict of str to Node
    limits : Limits
    loc : callable
        ``loc(node) -> SourceLocation`` for error messages.

    Returns
    -------
    (uses, shapes) : tuple of int

    Raises
    ------
    UnsafeInputError
        A ``<use>`` cycle.
    BudgetExceededError
        Too many instantiations, shapes, or too deep a chain of references.
    """
    memo: dict[int, tuple[int, int]] = {}
    in_progress: set[int] = set()

    def expand(node, depth) -> tuple[int, int]:
        # (use instantiations, shapes) caused by drawing ``node`` once.
        key = id(node)
        if key in memo:
            return memo[key]
        if key in in_progress:
            raise UnsafeInputError(f"<use> cycle through <{node.tag}> at line {node.line}",
                                   location=loc(node))
        if depth > limits.max_depth:
            raise BudgetExceededError(
                f"<use> references nested deeper than {limits.max_depth} levels (Limits.max_depth)",
                location=loc(node))
        in_progress.add(key)
        uses = shapes = 0
        stack = [node]
        while stack:
            n = stack.pop()
            tag = n.tag
            if tag == "use":
                href = n.attrs.get("href", "")
                target = ids.get(href[1:]) if href.startswith("#") else None
                u, k = expand(target, depth + 1) if target is not None else (0, 0)
                uses += 1 + u
                shapes += k
                if uses > limits.max_use_references:
                    raise BudgetExceededError(
                        f"more than {limits.max_use_references} <use> instantiations "
                        "(Limits.max_use_references); a <use> bomb?", location=loc(n))
                if shapes > limits.max_primitives:
                    raise BudgetExceededError(
                        f"the <use> references would draw more than {limits.max_primitives} shapes "
                        "(Limits.max_primitives)", location=loc(n))
                continue
            if tag in SHAPES or tag == "text":
                shapes += 1
            for c in n.children:
                if not isinstance(c, str) and c.tag not in REFERENCED:
                    stack.append(c)
        in_progress.discard(key)
        memo[key] = (uses, shapes)
        return uses, shapes

    return expand(root, 0)
