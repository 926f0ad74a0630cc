"""Mutation operators: turn a correct construction into a labelled wrong one.

Each operator returns a new :class:`~geoverify.families.construction.Construction`
(the input is left alone) or, for :func:`break_code`, new source text. A family
wraps an operator in a :class:`Mutation` that also says which predicates the
mutant must fail: the operators know geometry, only the family knows its
constraint card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from geoverify.errors import InputError
from geoverify.families.construction import ArcItem, CircleItem, Construction, Path, Point, Text

__all__ = [
    "Mutation", "move_point", "merge_point",
    "move_off_circle", "move_off_line", "scale_radius", "reverse_arrow", "swap_labels",
    "remove", "replace_text", "break_code", "OPERATORS",
]


@dataclass(slots=True)
class Mutation:
    """A named wrong variant of a task's reference.

    Parameters
    ----------
    name : str
        File stem of the variant (``"moved-off-circle"``).
    description : str
        What is wrong, in words (goes into task.json's ``mutation``).
    apply : callable
        ``Construction -> Construction``; or None for a code-level mutation.
    expect : dict of str to str
        Predicate id -> verdict the mutant must get; predicates not listed must pass.
    code : callable or None
        ``(text, fmt) -> text`` applied to the emitted code (compile errors).
    expect_T : bool
        Whether the mutant still passes the technical gate.
    formats : tuple of str
        Formats in which the variant is written.
    """

    name: str
    description: str
    apply: Callable | None
    expect: dict
    code: Callable | None = None
    expect_T: bool = True
    formats: tuple = ("svg", "tikz", "asy")
    operator: str = ""
    extra: dict = field(default_factory=dict)


def _point(c: Construction, key: str) -> Point:
    it = c.get(key)
    if not isinstance(it, Point):
        raise InputError(f"{key!r} is a {type(it).__name__}, not a point")
    return it


def move_point(c: Construction, key: str, direction, frac: float = 0.05) -> Construction:
    """Move point ``key`` by ``frac`` of the figure size (page diagonal) along ``direction`` (math units)."""
    out = c.copy()
    p = _point(out, key)
    d = np.asarray(direction, dtype=np.float64)
    n = float(np.hypot(*d))
    if n == 0:
        raise InputError("move_point needs a nonzero direction")
    step = frac * c.size() / out.panels[p.panel].scale
    p.xy = tuple(float(v) for v in np.asarray(p.xy) + step * d / n)
    return out


def merge_point(c: Construction, key: str, onto: str) -> Construction:
    """Move point ``key`` onto point ``onto``: two points the task keeps apart drawn as one (a copied
    construction line that gives the second contact point the first one's solution); what is drawn
    through ``key`` follows it."""
    out = c.copy()
    _point(out, key).xy = tuple(float(v) for v in _point(out, onto).xy)
    return out


def move_off_circle(c: Construction, key: str, center, frac: float = 0.05, outward: bool = True) -> Construction:
    """Move a point off its circle radially by ``frac`` of the figure size."""
    p = np.asarray(_point(c, key).xy)
    d = p - c.resolve(center)
    return move_point(c, key, d if outward else -d, frac)


def move_off_line(c: Construction, key: str, a, b, frac: float = 0.05) -> Construction:
    """Move a point off the line ``ab`` perpendicularly by ``frac`` of the figure size."""
    u = c.resolve(b) - c.resolve(a)
    return move_point(c, key, (-u[1], u[0]), frac)


def scale_radius(c: Construction, key: str, factor: float) -> Construction:
    """Multiply the radius of a circle or arc by ``factor``."""
    out = c.copy()
    it = out.get(key)
    if not isinstance(it, (CircleItem, ArcItem)):
        raise InputError(f"{key!r} is a {type(it).__name__}, not a circle or arc")
    it.radius *= factor
    return out


def reverse_arrow(c: Construction, key: str) -> Construction:
    """Reverse the direction of a path (its end arrow and mid arrows now point the other way)."""
    out = c.copy()
    it = out.get(key)
    if isinstance(it, Path):
        it.points = list(reversed(it.points))
        if it.closed:
            # keep the same start vertex so the mid arrows stay at the same places
            it.points = it.points[-1:] + it.points[:-1]
        it.mid_arrows = [1.0 - f for f in it.mid_arrows]
    elif isinstance(it, ArcItem):
        it.start_deg, it.end_deg = it.end_deg, it.start_deg
    else:
        raise InputError(f"{key!r} is a {type(it).__name__}; only paths and arcs carry arrows")
    return out


def swap_labels(c: Construction, a: str, b: str) -> Construction:
    """Exchange the texts of two labels."""
    out = c.copy()
    ta, tb = out.get(a), out.get(b)
    if not isinstance(ta, Text) or not isinstance(tb, Text):
        raise InputError("swap_labels needs two texts")
    ta.text, tb.text = tb.text, ta.text
    return out


def remove(c: Construction, *keys: str) -> Construction:
    """Leave items out (a point takes its label along)."""
    out = c.copy()
    drop = set(keys)
    for k in keys:
        it = out.get(k)
        if isinstance(it, Point) and it.label:
            drop.add(it.label)
    out.items = [it for it in out.items if it.key not in drop]
    return out


def replace_text(c: Construction, key: str, text: str) -> Construction:
    """Replace a text or formula by another (a wrong one)."""
    out = c.copy()
    it = out.get(key)
    if not isinstance(it, Text):
        raise InputError(f"{key!r} is a {type(it).__name__}, not a text")
    it.text = text
    return out


def break_code(text: str, fmt: str) -> str:
    """A syntax error in emitted code: the document no longer compiles or parses.

    SVG loses its closing tag and gets an unclosed element; TikZ loses the
    closing brace of a node text and the end of the picture; Asymptote loses a
    closing parenthesis of the first ``draw``.
    """
    if fmt == "svg":
        return text.replace("</svg>", "").replace("<title>", "<title><unclosed ", 1)
    if fmt == "tikz":
        i = text.index("\\end{tikzpicture}")
        return text[:i].rstrip().rstrip(";").rstrip("}") + "\n\\end{document}\n"
    if fmt == "asy":
        lines = text.splitlines()
        for k, line in enumerate(lines):
            if line.startswith(("draw(", "filldraw(")):
                lines[k] = line.replace(");", ";", 1)
                break
        return "\n".join(lines) + "\n"
    raise InputError(f"unknown format {fmt!r}; expected svg, tikz or asy")


OPERATORS = {
    "move_point": move_point, "merge_point": merge_point,
    "move_off_circle": move_off_circle, "move_off_line": move_off_line,
    "scale_radius": scale_radius, "reverse_arrow": reverse_arrow, "swap_labels": swap_labels, "remove": remove,
    "replace_text": replace_text, "break_code": break_code,
}
