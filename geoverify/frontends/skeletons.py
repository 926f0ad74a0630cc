"""Parse trees built from the tree of an earlier text with the same skeleton, instead of parsed.

Many texts a front-end parses differ from an earlier one only in some of their
tokens: ``(0,0) -- (1,2) node[above] {$A$}`` after ``(3,1) -- (B) node[left] {x}``
(the same path with other coordinate, option and brace groups), or ``2*\\x+1``
after ``3*\\x+0.5`` (the same expression with other numbers). Call those tokens
*slots*. A :class:`SkeletonCache` splits a text around its slots, found by a
pattern that is the grammar's own terminal(s), and keys it by its *skeleton*: the
text outside the slots, each slot written as a NUL character (and, when the cache
is typed, the slot's first character). The second text of a skeleton gets the first
one's tree, with its own slot tokens, through a *plan* made from that tree.

Why two texts with one skeleton have trees of the same shape: the lexer meets the
same text outside the slots and, where a slot starts, only the slot's terminal can
match (the caller promises this of its grammar, see each use), with the same
pattern that found the slot. The plan is made only when the first text's tokens
are exactly its slots and pieces of the text outside them, in order; a token that
reaches from outside into a slot (``let ... in`` over a coordinate) makes the
skeleton refused (parsed every time). Every built tree carries the same token
types, texts and positions as a parse (tests compare them over the whole corpus).
"""

from __future__ import annotations

import re
from typing import Callable, NamedTuple

from lark import Token, Tree

from geoverify.frontends.lalr import LazyToken, LineStarts

__all__ = ["SkeletonCache"]


class _FirstSeen(NamedTuple):
    """A skeleton met once: the tree of its text and the text split around its slots."""

    tree: Tree
    parts: list


class SkeletonCache:
    """Trees of texts by their skeleton (see the module docstring).

    Parameters
    ----------
    parse : callable
        ``parse(text) -> Tree``, the parser (it raises on a text that does not parse).
    slots : callable
        ``slots() -> re.Pattern`` with one capturing group that matches a slot; called
        once, on first use (it may build the parser).
    slot_types : tuple of str
        The terminal types a slot token may have.
    typed : bool
        Whether a slot's first character is part of the skeleton (a coordinate and an
        option list are different slots).
    max_size : int
        The table is cleared when it reaches this many skeletons.
    """

    def __init__(self, parse: Callable, slots: Callable[[], re.Pattern], slot_types: tuple, *, typed: bool,
                 max_size: int = 20000):
        self._parse = parse
        self._slots_factory = slots
        self._slots = None
        self.slot_types = frozenset(slot_types)
        self.typed = typed
        self.max_size = max_size
        #: skeleton -> plan, a :class:`_FirstSeen` (met once) or False (refused)
        self.plans: dict = {}

    def tree(self, text: str):
        """The tree of ``text``: built from its skeleton's plan, or parsed."""
        if "\0" in text:                     # the skeleton's mark: such a text has no skeleton
            return self._parse(text)
        slots = self._slots
        if slots is None:
            slots = self._slots = self._slots_factory()
            if slots.groups != 1:
                raise ValueError(f"a slot pattern needs exactly one capturing group: {slots.pattern[:80]}")
        parts = slots.split(text)
        if len(parts) == 1:                  # no slot: nothing to share
            return self._parse(text)
        key = self._skeleton(parts)
        plans = self.plans
        known = plans.get(key)
        if type(known) is _FirstSeen:        # the second text of this skeleton: its plan is worth making
            known = plans[key] = self._plan(known.tree, known.parts)
        if known:
            starts = [0]
            at = 0
            for part in parts:
                at += len(part)
                starts.append(at)
            return _build(known, parts, starts, LineStarts(text))
        tree = self._parse(text)
        if known is None:
            if len(plans) >= self.max_size:
                plans.clear()
            plans[key] = _FirstSeen(tree, parts)
        return tree

    def _skeleton(self, parts: list) -> str:
        """The text outside the slots (``parts`` at even indices), each slot as ``"\\0"``
        (and its first character when typed)."""
        if not self.typed:
            return "\0".join(parts[::2])
        out = [parts[0]]
        for k in range(1, len(parts), 2):
            out.append("\0")
            out.append(parts[k][0])
            out.append(parts[k + 1])
        return "".join(out)

    def _plan(self, tree, parts: list) -> tuple | bool:
        """How to build the tree of any text with the skeleton of ``tree``'s text, as nested tuples.

        ``parts`` is the text split around its slots (outside text at even indices,
        slots at odd ones). A tree is ``(data, (child plans...))``; a token is ``(type,
        part, offset in the part, text)``, the text None for a slot (the new text's).
        ``False`` when the tokens are not the slots and pieces of outside text, in order.
        """
        starts = [0]
        for part in parts:
            starts.append(starts[-1] + len(part))
        text = "".join(parts)
        slot_types = self.slot_types
        state = [0, 0]       # the part the last token lies in, the end of the last token
        covered = set()      # slots that are tokens

        def visit(node):
            if isinstance(node, Tree):
                children = []
                for child in node.children:
                    sub = visit(child)
                    if sub is None:
                        return None
                    children.append(sub)
                return (node.data, tuple(children))
            if not isinstance(node, Token):
                return None
            start, end = node.start_pos, node.start_pos + len(node)
            if start < state[1] or text[start:end] != node:
                return None
            k = state[0]
            while k < len(parts) and starts[k + 1] <= start:
                k += 1
            if k >= len(parts) or end > starts[k + 1]:
                return None                  # across a part's end
            state[0], state[1] = k, end
            if k % 2:                        # in a slot: the whole slot
                if start != starts[k] or end != starts[k + 1] or node.type not in slot_types:
                    return None
                covered.add(k)
                return (node.type, k, 0, None)
            return (node.type, k, start - starts[k], str(node))

        plan = visit(tree)
        if plan is None or len(covered) != len(parts) // 2:
            return False
        return plan


def _build(plan: tuple, parts: list, starts: list, lines: LineStarts):
    """The tree of a text from its skeleton's ``plan``, its ``parts`` (as in
    :meth:`SkeletonCache._plan`) and where each part starts (``starts``).

    Written out for speed: the tokens of a tree are made in its loop and the tree
    without ``Tree.__init__`` (half the time of a call per node)."""
    if len(plan) == 4:               # a lone token (a grammar whose start rule is inlined)
        return _build(("", (plan,)), parts, starts, lines).children[0]
    children = []
    for child in plan[1]:
        if len(child) == 2:
            children.append(_build(child, parts, starts, lines))
            continue
        type_, k, offset, value = child
        if value is None:
            value = parts[k]
        token = _new_str(LazyToken, value)
        token.type = type_
        token.start_pos = starts[k] + offset
        token.value = value
        token._lines = lines
        children.append(token)
    tree = _new_object(Tree)
    tree.data = plan[0]
    tree.children = children
    tree._meta = None
    return tree


_new_str = str.__new__
_new_object = object.__new__
