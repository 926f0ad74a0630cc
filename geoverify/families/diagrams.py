"""Commutative diagrams (category theory): objects as text nodes, morphisms as labelled arrows.

Family: a commutative square A -> B -> D, A -> C -> D with the equation
g∘f = k∘h. The frame is a ``diagram``: positions carry no meaning, only which
arrow joins which nodes, its direction and its label.
"""

from __future__ import annotations

import numpy as np

from geoverify.families.construction import Construction, Style
from geoverify.families.mutations import Mutation, remove, replace_text, reverse_arrow, swap_labels
from geoverify.families.package import TaskPackage, all_of, compile_error, hard, layout_soft, op, task_ir
from geoverify.families.registry import family

__all__ = []


def _square(task_id, nodes, arrows, equation, ir_equation, alternatives):
    """``nodes``: {id: (tex, (x, y))}; ``arrows``: {id: (tex label, source, target, label side)}."""
    c = Construction("A commutative square")
    c.panel("diagram", (0.0, 0.0), 1.0)
    objects = []
    pos = {}
    for nid, (tex, xy) in nodes.items():
        c.text(nid, f"${tex}$", xy, "diagram")
        pos[nid] = np.asarray(xy, dtype=float)
        objects.append({"id": nid, "type": "text", "frame": "diagram", "text": tex})
    for aid, (tex, src, dst, side) in arrows.items():
        p, q = pos[src], pos[dst]
        u = (q - p) / np.hypot(*(q - p))
        a, b = p + 0.35 * u, q - 0.35 * u
        c.segment(aid, tuple(a), tuple(b), "diagram", Style("black", 0.8), arrow_end=True)
        n = np.array([-u[1], u[0]]) * side
        c.text(f"{aid}.label", f"${tex}$", tuple((a + b) / 2 + 0.3 * n), "diagram")
        objects.append({"id": aid, "type": "arrow", "frame": "diagram", "from": src, "to": dst, "labels": [tex]})
    c.text("equation", f"${equation}$", (3.0, -1.0), "diagram")
    objects.append({"id": "equation", "type": "text", "frame": "diagram", "text": ir_equation, "alternatives": alternatives})
    preds = [
        hard("CD-H1", "MORPHISMS", "Is every morphism drawn as an arrow from its source to its target, with its label?",
             all_of(*[op("arrow_between", arrow=a) for a in arrows]), ["arrows", "labels"]),
        hard("CD-H2", "COMMUTES", "Does the figure state that the square commutes?", op("text_present", text="equation"), ["text", "formula"]),
        layout_soft("CD-S1", 1.0),
    ]
    ir = task_ir(task_id, "category-theory", "commutative diagrams", "A commutative square",
                 "Draw the commutative square with objects " + ", ".join(t for t, _ in nodes.values()) + " and morphisms "
                 + ", ".join(f"{t}: {nodes[s][0]} -> {nodes[d][0]}" for t, s, d, _ in arrows.values())
                 + f", and state {ir_equation}.", [{"id": "diagram", "kind": "diagram"}], objects, preds)
    first, second = list(arrows)[:2]
    muts = [
        Mutation("reversed-arrow", f"the arrow {arrows[second][0]} reversed", lambda c: reverse_arrow(c, second), {"CD-H1": "fail"},
                 operator="reverse_arrow"),
        Mutation("swapped-labels", f"labels {arrows[first][0]} and {arrows[second][0]} swapped",
                 lambda c: swap_labels(c, f"{first}.label", f"{second}.label"), {"CD-H1": "fail"}, operator="swap_labels"),
        Mutation("missing-arrow", f"the arrow {arrows[list(arrows)[3]][0]} is not drawn",
                 lambda c: remove(c, list(arrows)[3], f"{list(arrows)[3]}.label"), {"CD-H1": "fail"}, operator="remove"),
        Mutation("wrong-equation", "the equation composes in the wrong order",
                 lambda c: replace_text(c, "equation", "$f \\circ g = h \\circ k$"), {"CD-H2": "fail"}, operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts)


@family("commutative-square")
def commutative_square():
    nodes = {"A": ("A", (0.0, 4.0)), "B": ("B", (6.0, 4.0)), "C": ("C", (0.0, 0.0)), "D": ("D", (6.0, 0.0))}
    arrows = {"f": ("f", "A", "B", 1), "g": ("g", "B", "D", -1), "h": ("h", "A", "C", 1), "k": ("k", "C", "D", -1)}
    nodes2 = {"X": ("X", (0.0, 3.5)), "Y": ("Y", (6.5, 3.5)), "Z": ("Z", (0.0, 0.0)), "W": ("W", (6.5, 0.0))}
    arrows2 = {"p": ("p", "X", "Y", 1), "q": ("q", "Y", "W", -1), "r": ("r", "X", "Z", 1), "s": ("s", "Z", "W", -1)}
    return [_square("commutative-square", nodes, arrows, "g \\circ f = k \\circ h", "g \\circ f = k \\circ h",
                    ["g∘f=k∘h", "k \\circ h = g \\circ f"]),
            _square("commutative-square-b", nodes2, arrows2, "q \\circ p = s \\circ r", "q \\circ p = s \\circ r",
                    ["s \\circ r = q \\circ p"])]
