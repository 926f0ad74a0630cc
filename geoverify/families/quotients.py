"""Quotient spaces of a square: torus, Klein bottle and real projective plane.

The fundamental square with its corners A, B, C, D; edge arrows (mid-path
direction arrows) and edge labels a, b say which edges are glued and how. The
three spaces differ only in the arrows' directions, so a reversed arrow is a
different space: exactly what the traversal predicates check.
"""

from __future__ import annotations

from geoverify.families.construction import Style
from geoverify.families.mutations import Mutation, replace_text, reverse_arrow, swap_labels
from geoverify.families.package import TaskPackage, all_of, any_of, compile_error, hard, layout_soft, op, task_ir
from geoverify.families.registry import family
from geoverify.families.scaffold import Scaffold

__all__ = ["SPACES", "identification_check", "edge_label_check"]

# name: (task id, top orientation, right orientation, TeX name, IR text, alternatives)
SPACES = {
    "torus": ("quotient-torus", "forward", "forward", "$T^2$", "T^2", ["torus", "S^1\\times S^1"]),
    "Klein bottle": ("quotient-klein-bottle", "forward", "backward", "Klein bottle $K$", "Klein bottle", ["K"]),
    "projective plane": ("quotient-projective-plane", "backward", "backward", "$\\mathbb{R}P^2$", "\\mathbb{R}P^2",
                         ["ℝP^2", "RP^2", "projective plane"]),
}


def _pair(p: str, q: str, parallel: bool) -> dict:
    """Check that the opposite edges p and q carry arrows running the same way (``parallel``) or opposite ways.

    Both edges are read from the corner that begins them (bottom A->B, top D->C, left A->D, right B->C),
    so the pair's two orientations, not either arrow on its own, decide the gluing.
    """
    first, second = ("forward", "backward")
    return any_of(
        all_of(op("traversal_direction", curve=p, orientation=first),
               op("traversal_direction", curve=q, orientation=first if parallel else second)),
        all_of(op("traversal_direction", curve=p, orientation=second),
               op("traversal_direction", curve=q, orientation=second if parallel else first)))


def identification_check(a_parallel: bool, b_parallel: bool) -> dict:
    """The gluing of the square, up to the choices that give the same space.

    Reversing both arrows of a pair, or exchanging which pair carries the twist, gives the same
    quotient (torus: both pairs parallel; Klein bottle: one parallel, one reversed, either one;
    projective plane: both reversed), so every such drawing is accepted.
    """
    a = (_pair("bottom", "top", a_parallel), _pair("left", "right", b_parallel))
    if a_parallel == b_parallel:
        return all_of(*a)
    return any_of(all_of(*a), all_of(_pair("bottom", "top", b_parallel), _pair("left", "right", a_parallel)))


def edge_label_check() -> dict:
    """Opposite edges share a label, the two pairs are a and b in either order."""
    def named(horizontal, vertical):
        return all_of(op("label_bound", object="bottom", text=horizontal), op("label_bound", object="top", text=horizontal),
                      op("label_bound", object="left", text=vertical), op("label_bound", object="right", text=vertical))
    return any_of(named("a", "b"), named("b", "a"))


def _quotient(kind):
    task_id, top, right, tex_name, ir_name, alts = SPACES[kind]
    # The gluing does not depend on how the square is turned or mirrored (the identification check accepts
    # every arrow choice that gives the same space, so a mirror image is one of them): both are allowed.
    s = Scaffold(f"The {kind} as a quotient of the square", equivalences=("translation", "uniform_scaling", "rotation", "reflection"),
                 scale=3.0)
    s.points(A=(0, 0), B=(1, 0), C=(1, 1), D=(0, 1))
    s.label_dir(A=225, B=-45, C=45, D=135)
    a_st, b_st = Style("red", 1.3), Style("blue", 1.3)
    # each edge is drawn in the direction of its identification arrow
    s.c.segment("bottom", "A", "B", "plane", a_st, mid_arrows=[0.55])
    s.c.segment("top", "D" if top == "forward" else "C", "C" if top == "forward" else "D", "plane", a_st, mid_arrows=[0.55])
    s.c.segment("left", "A", "D", "plane", b_st, mid_arrows=[0.55])
    s.c.segment("right", "B" if right == "forward" else "C", "C" if right == "forward" else "B", "plane", b_st, mid_arrows=[0.55])
    for oid, a, b in (("bottom", "A", "B"), ("top", "D", "C"), ("left", "A", "D"), ("right", "B", "C")):
        s.objects.append({"id": oid, "type": "segment", "frame": "plane", "through": [a, b]})
    s.objects.append({"id": "square", "type": "polygon", "frame": "plane", "vertices": ["A", "B", "C", "D"]})
    s.c.text("bottom.label", "$a$", (0.5, -0.13), "plane")
    s.c.text("top.label", "$a$", (0.5, 1.13), "plane")
    s.c.text("left.label", "$b$", (-0.12, 0.5), "plane")
    s.c.text("right.label", "$b$", (1.12, 0.5), "plane")
    # Far enough below the square that no rotation of the figure brings the name onto an edge or corner label.
    s.text("name", tex_name, (0.5, -0.8), ir_text=ir_name, alternatives=alts)
    c = s.finish()
    preds = [
        hard("QS-H1", "SQUARE", "Is the fundamental square drawn?", op("drawn", object="square")),
        hard("QS-H2", "IDENTIFICATION", "Do the edge arrows give the identifications of this space?",
             identification_check(top == "forward", right == "forward"), ["arrows"]),
        hard("QS-H3", "EDGE_LABELS", "Are the glued edges labelled a, a and b, b?", edge_label_check(), ["labels"]),
        hard("QS-H4", "NAME", "Is the quotient space named?", op("text_present", text="name"), ["text"]),
        layout_soft("QS-S1", 1.0),
    ]
    ir = task_ir(task_id, "algebraic-topology", "quotient spaces", f"The {kind} as a quotient of the square",
                 f"Draw the square ABCD with edge arrows and labels a, b that glue its edges into the {kind}, and name the space.",
                 s.frames(), s.objects, preds)
    muts = [
        Mutation("reversed-arrow", "the arrow on the top edge reversed (another quotient space)", lambda c: reverse_arrow(c, "top"),
                 {"QS-H2": "fail"}, operator="reverse_arrow"),
        Mutation("swapped-labels", "edge labels a and b swapped on the bottom and left edges",
                 lambda c: swap_labels(c, "bottom.label", "left.label"), {"QS-H3": "fail"}, operator="swap_labels"),
        Mutation("wrong-name", "the space is misnamed as the sphere", lambda c: replace_text(c, "name", "$S^2$"), {"QS-H4": "fail"},
                 operator="replace_text"),
        compile_error(ir),
    ]
    return TaskPackage(ir, c, muts, params={"space": kind})


@family("quotient-square")
def quotient_square():
    return [_quotient(k) for k in SPACES]
